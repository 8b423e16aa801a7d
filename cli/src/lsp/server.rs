//! The server's state and main loop: messages from the client, results from the compile thread
//! and a tick for the compile's pause and time limit, answered one at a time. Requests are
//! answered from the latest state at once; a request that fails, even by a bug, is answered with
//! the protocol's error and the server goes on.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossbeam_channel::{select, Receiver, Sender};
use lsp_server::{Message, Notification, Request, RequestId, Response};
use lsp_types::Uri;
use serde_json::Value;

use super::compiler::Compiler;
use super::folders::Folder;
use super::positions::Lines;
use super::settings::Settings;
use super::transport::{Incoming, Outgoing};

/// An answer to a request: its result, or an error code and message.
pub type Answer = Result<Value, (i32, String)>;

/// JSON-RPC's and LSP's error codes.
pub mod codes {
    pub const INVALID_REQUEST: i32 = -32600;
    pub const METHOD_NOT_FOUND: i32 = -32601;
    pub const INVALID_PARAMS: i32 = -32602;
    pub const INTERNAL_ERROR: i32 = -32603;
    pub const SERVER_NOT_INITIALIZED: i32 = -32002;
    pub const REQUEST_FAILED: i32 = -32803;
}

/// Where the conversation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Uninitialized,
    Running,
    ShutDown,
}

/// The server.
pub struct Server {
    out: Sender<Outgoing>,
    phase: Phase,
    /// The workspace folders, then the folder of documents outside them (always last).
    pub folders: Vec<Folder>,
    pub settings: Settings,
    /// The facts the settings name (`None`: no facts, or they could not be read).
    pub facts: Option<super::facts::Facts>,
    compiler: Compiler,
    started: Instant,
    next_request: i32,
    /// The client applies file renames in workspace edits.
    pub client_renames_files: bool,
    /// The client lets the server register file watchers.
    pub client_watches_files: bool,
}

impl Server {
    pub fn new(out: Sender<Outgoing>) -> std::io::Result<Server> {
        Ok(Server {
            out,
            phase: Phase::Uninitialized,
            folders: vec![Folder::outside()],
            settings: Settings::default(),
            facts: None,
            compiler: Compiler::spawn()?,
            started: Instant::now(),
            next_request: 1,
            client_renames_files: false,
            client_watches_files: false,
        })
    }

    /// Milliseconds since the server started: the Analysis's clock.
    pub fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Serve until `exit` or the end of input; `true` when the client shut the server down first.
    pub fn serve(mut self, incoming: Receiver<Incoming>) -> bool {
        let tick = Duration::from_millis(25);
        loop {
            select! {
                recv(incoming) -> message => match message {
                    Ok(Incoming::Message(Message::Notification(n))) if n.method == "exit" => {
                        return self.phase == Phase::ShutDown;
                    }
                    Ok(Incoming::Message(message)) => self.handle(message),
                    Ok(Incoming::Refused(code, text, id)) => self.refuse(code, text, id),
                    Err(_) => return self.phase == Phase::ShutDown,
                },
                recv(self.compiler.done) -> done => {
                    if let Ok(done) = done {
                        let ended = self.compiler.finished();
                        super::diagnostics::compiled(&mut self, done, ended);
                    }
                },
                default(tick) => {},
            }
            self.tick();
        }
    }

    /// Start a compile that is due, cancel one past the time limit.
    fn tick(&mut self) {
        if self.phase != Phase::Running {
            return;
        }
        self.compiler
            .enforce(Duration::from_millis(self.settings.compile_timeout_ms));
        if self.compiler.busy() || !self.settings.compile {
            return;
        }
        let now = self.now();
        let delay = self.settings.compile_delay_ms;
        for index in 0..self.folders.len() {
            if !self.folders[index].analysis.compile_due(now, delay) {
                continue;
            }
            let dirs = self.folders[index].modulepath.clone();
            // The main code as it is now (a document being edited may be it).
            let Some(settings) = super::lifecycle::compile_settings(self, index, &dirs) else {
                continue;
            };
            // The settings as they are now (the main code, the server's options, the clock), with
            // the cancel flag of this compile: a folder opened after the settings came (a loose
            // file's) holds only the defaults.
            let mut input = self.folders[index].analysis.start_compile();
            let cancel = input.settings.options.cancel.take();
            input.settings = settings;
            input.settings.options.cancel = cancel;
            self.compiler.start(index, input);
            return;
        }
    }

    fn refuse(&self, code: i32, text: String, id: Option<Value>) {
        let id = id.and_then(|id| serde_json::from_value::<RequestId>(id).ok());
        match id {
            Some(id) => self.send(Response::new_err(id, code, text).into()),
            None => {
                let _ = self.out.send(Outgoing::ErrorWithoutId(code, text));
            }
        }
    }

    pub fn send(&self, message: Message) {
        let _ = self.out.send(Outgoing::Message(message));
    }

    /// Send a notification.
    pub fn notify(&self, method: &str, params: Value) {
        self.send(Notification::new(method.into(), params).into());
    }

    /// A message in the client's log (`window/logMessage`, 3 = info, 2 = warning).
    pub fn log(&self, kind: u8, message: &str) {
        self.notify(
            "window/logMessage",
            serde_json::json!({ "type": kind, "message": message }),
        );
    }

    /// Send a request to the client (its answer is not waited for).
    pub fn request(&mut self, method: &str, params: Value) {
        let id = RequestId::from(self.next_request);
        self.next_request += 1;
        self.send(Request::new(id, method.into(), params).into());
    }

    fn handle(&mut self, message: Message) {
        match message {
            Message::Request(request) => {
                let id = request.id.clone();
                let answer = catch_unwind(AssertUnwindSafe(|| self.answer(request)))
                    .unwrap_or_else(|_| {
                        Err((
                            codes::INTERNAL_ERROR,
                            "the server failed on this request".into(),
                        ))
                    });
                let response = match answer {
                    Ok(result) => Response::new_ok(id, result),
                    Err((code, text)) => Response::new_err(id, code, text),
                };
                self.send(response.into());
            }
            Message::Notification(notification) => {
                let _ = catch_unwind(AssertUnwindSafe(|| self.on_notification(notification)));
            }
            // Answers to the server's own requests (registrations) need nothing.
            Message::Response(_) => {}
        }
    }

    fn answer(&mut self, request: Request) -> Answer {
        let Request { method, params, .. } = request;
        match (self.phase, method.as_str()) {
            (Phase::Uninitialized, "initialize") => {
                let result = super::lifecycle::initialize(self, params)?;
                self.phase = Phase::Running;
                Ok(result)
            }
            (Phase::Uninitialized, _) => Err((
                codes::SERVER_NOT_INITIALIZED,
                format!("'{method}' before 'initialize'"),
            )),
            (Phase::ShutDown, _) => Err((
                codes::INVALID_REQUEST,
                format!("'{method}' after 'shutdown'"),
            )),
            (Phase::Running, "initialize") => Err((
                codes::INVALID_REQUEST,
                "the server is already initialized".into(),
            )),
            (Phase::Running, "shutdown") => {
                self.phase = Phase::ShutDown;
                Ok(Value::Null)
            }
            (Phase::Running, method) => super::dispatch::request(self, method, params),
        }
    }

    fn on_notification(&mut self, notification: Notification) {
        if self.phase != Phase::Running {
            return;
        }
        super::dispatch::notification(self, &notification.method, notification.params);
    }

    // ---- documents and places ---------------------------------------------------------------

    /// The folder and path in its Analysis of the document `uri` (a file outside every folder
    /// belongs to the last one).
    pub fn locate(&self, uri: &Uri) -> Result<(usize, String), (i32, String)> {
        let disk = super::uri::to_path(uri).ok_or_else(|| {
            (
                codes::INVALID_PARAMS,
                format!("'{}' does not name a file", uri.as_str()),
            )
        })?;
        let outside = self.folders.len() - 1;
        let best = self.folders[..outside]
            .iter()
            .enumerate()
            .filter(|(_, f)| f.contains(&disk))
            .max_by_key(|(_, f)| f.root.as_ref().map_or(0, |r| r.as_os_str().len()));
        let (index, folder) = match best {
            Some(found) => found,
            None => (outside, &self.folders[outside]),
        };
        let path = folder.path_of(&disk).ok_or_else(|| {
            (
                codes::INVALID_PARAMS,
                format!("'{}' is not a file of its folder", uri.as_str()),
            )
        })?;
        Ok((index, path))
    }

    /// The folder, path and text of a known document.
    pub fn document(&self, uri: &Uri) -> Result<(usize, String, &str), (i32, String)> {
        let (folder, path) = self.locate(uri)?;
        let text = self.folders[folder].analysis.text(&path).ok_or_else(|| {
            (
                codes::INVALID_PARAMS,
                format!(
                    "'{}' is not open and not in a workspace folder",
                    uri.as_str()
                ),
            )
        })?;
        Ok((folder, path, text))
    }

    /// The byte offset of a position in a known document.
    pub fn offset(
        &self,
        uri: &Uri,
        position: lsp_types::Position,
    ) -> Result<(usize, String, usize), (i32, String)> {
        let (folder, path, text) = self.document(uri)?;
        let offset = Lines::new(text)
            .offset(position)
            .map_err(|e| (codes::INVALID_PARAMS, e.to_string()))?;
        Ok((folder, path, offset))
    }

    /// The URI of a path in a folder's Analysis.
    pub fn uri_of(&self, folder: usize, path: &str) -> Option<Uri> {
        let disk: PathBuf = self.folders.get(folder)?.disk_of(path)?;
        super::uri::from_path(&disk)
    }
}

/// Read a request's parameters as `T`, or answer that they are not.
pub fn params<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, (i32, String)> {
    serde_json::from_value(value)
        .map_err(|e| (codes::INVALID_PARAMS, format!("bad parameters: {e}")))
}

/// A result as JSON.
pub fn json<T: serde::Serialize>(value: T) -> Answer {
    serde_json::to_value(value).map_err(|e| (codes::INTERNAL_ERROR, e.to_string()))
}
