//! The server's end of the wire: LSP's `Content-Length` framing read with bounds and written back,
//! on two threads joined to the main loop by channels. lsp-server's own reader allocates whatever
//! length a header claims and stops at the first message that is not JSON; this one refuses a
//! message over [`MAX_MESSAGE_BYTES`] (reading past it in small pieces), answers what is not JSON
//! or not JSON-RPC with the protocol's errors (`-32700`, `-32600`, id `null`), and goes on.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender};
use lsp_server::Message;

/// The largest message read (a document of the environment's 64 MiB, escaped, fits).
pub const MAX_MESSAGE_BYTES: usize = 160 * 1024 * 1024;
/// The longest header line read.
const MAX_HEADER_LINE: usize = 8 * 1024;

/// What the writer sends: a message, or an error answer with no id (to what could not be read).
pub enum Outgoing {
    Message(Message),
    /// A JSON-RPC error with `"id": null`: its code and message.
    ErrorWithoutId(i32, String),
}

/// One thing read from the wire.
#[derive(Debug)]
pub enum Incoming {
    Message(Message),
    /// Not readable as a message: answered with this error (code, message, the id when known).
    Refused(i32, String, Option<serde_json::Value>),
}

/// JSON-RPC's codes for what could not be read.
pub const PARSE_ERROR: i32 = -32700;
pub const INVALID_REQUEST: i32 = -32600;

/// Read one frame: `Ok(None)` at the end of input.
pub fn read_frame(input: &mut dyn BufRead) -> io::Result<Option<Incoming>> {
    read_frame_within(input, MAX_MESSAGE_BYTES)
}

/// Read one frame of at most `max` bytes.
fn read_frame_within(input: &mut dyn BufRead, max: usize) -> io::Result<Option<Incoming>> {
    let mut length: Option<usize> = None;
    let mut bad_header: Option<String> = None;
    let mut saw_header = false;
    loop {
        let mut line = Vec::new();
        let read = input
            .take(MAX_HEADER_LINE as u64)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(None);
        }
        if !line.ends_with(b"\n") {
            // A header line longer than any real one: skip the rest of it.
            skip_line(input)?;
            bad_header = Some("a header line is too long".into());
            saw_header = true;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if !saw_header {
                continue; // stray blank lines between messages
            }
            break;
        }
        saw_header = true;
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => bad_header = Some(format!("bad Content-Length: {}", value.trim())),
                }
            }
            Some(_) => {}
            None => bad_header = Some(format!("malformed header line: {text:.80}")),
        }
    }
    let Some(length) = length else {
        let why = bad_header.unwrap_or_else(|| "a message without Content-Length".into());
        return Ok(Some(Incoming::Refused(PARSE_ERROR, why, None)));
    };
    if length > max {
        io::copy(&mut input.take(length as u64), &mut io::sink())?;
        return Ok(Some(Incoming::Refused(
            INVALID_REQUEST,
            format!("a message of {length} bytes is over the limit of {max} bytes"),
            None,
        )));
    }
    let mut body = Vec::new();
    input.take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(None);
    }
    Ok(Some(parse_body(&body)))
}

/// A frame's body as a message, or the error that answers it.
fn parse_body(body: &[u8]) -> Incoming {
    let value: serde_json::Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(error) => return Incoming::Refused(PARSE_ERROR, format!("not JSON: {error}"), None),
    };
    let id = value.get("id").cloned();
    // Neither a method nor a result or error: lsp-server would take it for an empty response.
    let shaped = ["method", "result", "error"]
        .iter()
        .any(|key| value.get(key).is_some());
    if !shaped {
        let id = id.filter(|id| id.is_i64() || id.is_string());
        return Incoming::Refused(
            INVALID_REQUEST,
            "not a JSON-RPC request, response or notification: no method, result or error".into(),
            id,
        );
    }
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Incoming::Message(message),
        Err(error) => {
            // An id that is neither a number nor a string cannot be echoed.
            let id = id.filter(|id| id.is_i64() || id.is_string());
            Incoming::Refused(
                INVALID_REQUEST,
                format!("not a JSON-RPC request, response or notification: {error}"),
                id,
            )
        }
    }
}

fn skip_line(input: &mut dyn BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        if let Some(at) = buffer.iter().position(|b| *b == b'\n') {
            input.consume(at + 1);
            return Ok(());
        }
        let n = buffer.len();
        input.consume(n);
    }
}

/// Write one outgoing thing, framed.
pub fn write_frame(output: &mut dyn Write, outgoing: &Outgoing) -> io::Result<()> {
    let text = match outgoing {
        Outgoing::Message(message) => serde_json::to_string(message)?,
        Outgoing::ErrorWithoutId(code, message) => serde_json::json!({
            "jsonrpc": "2.0",
            "id": null,
            "error": { "code": code, "message": message },
        })
        .to_string(),
    };
    write!(output, "Content-Length: {}\r\n\r\n", text.len())?;
    output.write_all(text.as_bytes())?;
    output.flush()
}

/// The reader and writer threads over `input` and `output`: what is read comes out of the first
/// channel (ending at the end of input or after `exit`); what is sent to the second is written.
pub fn spawn(
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> (
    Receiver<Incoming>,
    Sender<Outgoing>,
    Vec<thread::JoinHandle<()>>,
) {
    let (read_tx, read_rx) = crossbeam_channel::bounded::<Incoming>(16);
    let (write_tx, write_rx) = crossbeam_channel::unbounded::<Outgoing>();
    let reader = thread::Builder::new()
        .name("lsp-reader".into())
        .spawn(move || {
            let mut input = input;
            while let Ok(Some(incoming)) = read_frame(&mut input) {
                let exit = matches!(&incoming, Incoming::Message(Message::Notification(n)) if n.method == "exit");
                if read_tx.send(incoming).is_err() || exit {
                    break;
                }
            }
        });
    let writer = thread::Builder::new()
        .name("lsp-writer".into())
        .spawn(move || {
            let mut output = output;
            for outgoing in write_rx {
                if write_frame(&mut output, &outgoing).is_err() {
                    break;
                }
            }
        });
    let threads = [reader, writer]
        .into_iter()
        .filter_map(Result::ok)
        .collect();
    (read_rx, write_tx, threads)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(wire: &[u8]) -> Vec<Incoming> {
        let mut input = io::BufReader::new(wire);
        let mut out = Vec::new();
        while let Ok(Some(frame)) = read_frame_within(&mut input, 1000) {
            out.push(frame);
        }
        out
    }

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn messages_and_refusals_in_order() {
        let wire = [
            framed(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#),
            framed("{not json"),
            framed(r#"{"jsonrpc":"2.0","id":7,"params":3}"#),
            "Content-Type: x\r\n\r\n".to_string(),
            framed(r#"{"jsonrpc":"2.0","method":"exit"}"#),
        ]
        .concat();
        let found = frames(wire.as_bytes());
        assert_eq!(found.len(), 5);
        assert!(
            matches!(&found[0], Incoming::Message(Message::Request(r)) if r.method == "initialize")
        );
        assert!(matches!(&found[1], Incoming::Refused(PARSE_ERROR, _, None)));
        assert!(
            matches!(&found[2], Incoming::Refused(INVALID_REQUEST, _, Some(id)) if id == &serde_json::json!(7))
        );
        assert!(
            matches!(&found[3], Incoming::Refused(PARSE_ERROR, m, None) if m.contains("Content-Length"))
        );
        assert!(matches!(
            &found[4],
            Incoming::Message(Message::Notification(_))
        ));
    }

    #[test]
    fn an_oversized_message_is_skipped_without_being_held() {
        let huge = 5000;
        let mut wire = format!("Content-Length: {huge}\r\n\r\n").into_bytes();
        wire.resize(wire.len() + huge, b' ');
        wire.extend(framed(r#"{"jsonrpc":"2.0","method":"exit"}"#).as_bytes());
        let found = frames(&wire);
        assert!(
            matches!(&found[0], Incoming::Refused(INVALID_REQUEST, m, None) if m.contains("over the limit"))
        );
        assert!(matches!(&found[1], Incoming::Message(_)));
    }

    #[test]
    fn a_header_line_without_end_and_a_truncated_body() {
        let mut wire = vec![b'x'; MAX_HEADER_LINE * 3];
        wire.extend(b"\r\n\r\n");
        wire.extend(b"Content-Length: 100\r\n\r\n{}");
        let found = frames(&wire);
        assert_eq!(found.len(), 1);
        assert!(
            matches!(&found[0], Incoming::Refused(PARSE_ERROR, m, None) if m.contains("too long"))
        );
    }
}
