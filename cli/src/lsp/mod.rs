//! `puppet-eval lsp`: the Language Server Protocol (3.17) over standard input and output, or over
//! TCP with `--tcp PORT`: diagnostics (syntax, the compile's for the node and facts the settings
//! name, lint), hover with the values the compile recorded, completion, signature help,
//! definition, references, symbols, rename, formatting, code actions, folding ranges and
//! semantic tokens, from one Analysis per workspace folder.

mod capabilities;
mod compiler;
mod diagnostics;
mod dispatch;
mod documents;
mod facts;
mod fixes;
mod folders;
mod lifecycle;
mod lint_run;
mod navigation;
mod positions;
mod puppet_ext;
mod queries;
mod rename;
mod server;
mod settings;
mod transport;
mod uri;
mod view;

use std::io::{BufReader, Write};
use std::process::ExitCode;

pub const USAGE: &str = "\
usage: puppet-eval lsp [--stdio | --tcp PORT]
       the language server: LSP 3.17 over standard input and output (the default), or one
       connection on 127.0.0.1:PORT (Puppet's VS Code extension connects so); settings come as
       initializationOptions or workspace/didChangeConfiguration (node, facts, modulepath,
       strict, lint, compile, compileDelay, compileTimeout, manifest, maxSteps)";

/// Runs the server with the arguments after the word `lsp`.
pub fn run(args: &[String]) -> ExitCode {
    let shut_down = match args {
        [] => serve(BufReader::new(std::io::stdin()), std::io::stdout()),
        [flag] if flag == "--stdio" => serve(BufReader::new(std::io::stdin()), std::io::stdout()),
        [flag, port] if flag == "--tcp" => {
            let Ok(port) = port.parse::<u16>() else {
                eprintln!("puppet-eval lsp: --tcp takes a port number, not '{port}'");
                return ExitCode::from(2);
            };
            match tcp(port) {
                Ok(shut_down) => shut_down,
                Err(e) => {
                    eprintln!("puppet-eval lsp: cannot serve on 127.0.0.1:{port}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        [flag] if flag == "--help" || flag == "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    // As the protocol says: 0 after `shutdown` then `exit`, 1 when `exit` came without it.
    if shut_down {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn serve(
    input: impl std::io::BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> bool {
    let (incoming, outgoing, threads) = transport::spawn(input, output);
    let server = match server::Server::new(outgoing) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("puppet-eval lsp: cannot start the compile thread: {e}");
            return false;
        }
    };
    let shut_down = server.serve(incoming);
    // The writer ends once every sender is gone (the server is); the reader may still wait on
    // its input, which ends with the process.
    for thread in threads.into_iter().skip(1) {
        let _ = thread.join();
    }
    shut_down
}

fn tcp(port: u16) -> std::io::Result<bool> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", port))?;
    eprintln!("puppet-eval lsp: waiting for a client on 127.0.0.1:{port}");
    let (stream, _) = listener.accept()?;
    let reader = BufReader::new(stream.try_clone()?);
    Ok(serve(reader, stream))
}
