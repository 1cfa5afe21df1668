//! The GTP front end: reads commands from an input (stdin) on its own
//! thread, runs them on the [`Engine`] through the one command table, and
//! writes exactly one response per command, `\n\n`-terminated and flushed.

pub mod args;
pub mod client;
pub mod commands;
pub mod parse;

use crate::engine::Engine;
use args::Args;
use parse::{Line, MAX_LINE};
use std::io::{Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::thread;

/// One unit of input from the reader thread.
enum Input {
    Line(Vec<u8>),
    TooLong,
    Eof,
}

/// Read `input` line by line on a thread of its own; lines longer than
/// [`MAX_LINE`] are reported as such and skipped, never buffered whole.
fn spawn_reader<R: Read + Send + 'static>(mut input: R) -> mpsc::Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        let mut line = Vec::new();
        let mut too_long = false;
        loop {
            let n = match input.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            for &b in &buf[..n] {
                if b == b'\n' {
                    let msg = if too_long {
                        Input::TooLong
                    } else {
                        Input::Line(std::mem::take(&mut line))
                    };
                    line.clear();
                    too_long = false;
                    if tx.send(msg).is_err() {
                        return;
                    }
                } else if line.len() < MAX_LINE {
                    line.push(b);
                } else {
                    too_long = true;
                }
            }
        }
        if too_long {
            let _ = tx.send(Input::TooLong);
        } else if !line.is_empty() {
            let _ = tx.send(Input::Line(line));
        }
        let _ = tx.send(Input::Eof);
    });
    rx
}

fn respond<W: Write>(out: &mut W, id: Option<u64>, result: Result<String, String>) -> bool {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let text = match result {
        Ok(text) => format!("={id} {text}\n\n"),
        Err(msg) => format!("?{id} {msg}\n\n"),
    };
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_ok()
}

/// Run one request on the engine.
pub fn dispatch(engine: &mut Engine, name: &str, words: &[String]) -> Result<String, String> {
    let Some(cmd) = commands::find(name) else {
        return Err("unknown command".into());
    };
    let args = Args::new(words);
    // A bug must not take the engine down with it: answer and go on.
    panic::catch_unwind(AssertUnwindSafe(|| (cmd.run)(engine, &args))).unwrap_or_else(|_| {
        log::error!("command {name} panicked");
        Err("internal error".into())
    })
}

/// Serve GTP on `input` and `output` until `quit` or the end of input.
pub fn run<R: Read + Send + 'static, W: Write>(engine: &mut Engine, input: R, mut output: W) {
    let rx = spawn_reader(input);
    while let Ok(msg) = rx.recv() {
        let (id, result, quit) = match msg {
            Input::Eof => break,
            Input::TooLong => (None, Err("syntax error: line too long".to_string()), false),
            Input::Line(bytes) => match parse::parse_line(&bytes) {
                Line::Nothing => continue,
                Line::Error { id, message } => (id, Err(message), false),
                Line::Command(req) => {
                    log::debug!("gtp < {} {}", req.name, req.args.join(" "));
                    let result = dispatch(engine, &req.name, &req.args);
                    (req.id, result, req.name == "quit")
                }
            },
        };
        if !respond(&mut output, id, result) || quit {
            break;
        }
    }
}
