//! The GTP front end: reads commands from an input (stdin) on its own
//! thread, runs them on the [`Engine`] through the one command table, and
//! writes exactly one response per command, `\n\n`-terminated and flushed.

pub mod analyze;
pub mod args;
pub mod client;
pub mod commands;
pub mod parse;

use crate::engine::Engine;
use crate::mcts::{Reporter, SearchResult};
use crate::player::GenMode;
use args::Args;
use commands::Run;
use parse::{Line, MAX_LINE};
use std::io::{Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;

/// One unit of input from the reader thread.
enum Input {
    Line(Vec<u8>),
    TooLong,
    Eof,
    /// GoGui's `# interrupt` (the shared flag is already set).
    Interrupt,
}

/// Read `input` line by line on a thread of its own; lines longer than
/// [`MAX_LINE`] are reported as such and skipped, never buffered whole.
/// GoGui's interrupt line sets `interrupt` as soon as it is read.
fn spawn_reader<R: Read + Send + 'static>(
    mut input: R,
    interrupt: Arc<AtomicBool>,
) -> mpsc::Receiver<Input> {
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
                    } else if is_interrupt(&line) {
                        interrupt.store(true, Ordering::Relaxed);
                        line.clear();
                        Input::Interrupt
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

/// Whether `line` is GoGui's interrupt comment.
fn is_interrupt(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    text.strip_prefix('#')
        .is_some_and(|rest| rest.trim() == "interrupt")
}

fn respond<W: Write>(out: &mut W, id: Option<u64>, result: Result<String, String>) -> bool {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let text = match result {
        Ok(text) => format!("={id} {text}"),
        Err(msg) => format!("?{id} {msg}"),
    };
    write_flush(out, &text, "\n\n")
}

/// Serve GTP on `input` and `output` until `quit` or the end of input.
///
/// Analysis and pondering search in the background while the loop waits
/// for the next input; whatever arrives stops them and is then handled.
pub fn run<R: Read + Send + 'static, W: Write + Send>(
    engine: &mut Engine,
    input: R,
    mut output: W,
) {
    let rx = spawn_reader(input, engine.interrupt_flag());
    let mut pending: Option<Input> = None;
    loop {
        let msg = match pending.take() {
            Some(m) => m,
            None => rx.recv().unwrap_or(Input::Eof),
        };
        let req = match msg {
            Input::Eof => break,
            // Nothing is running any more: the interrupt is spent.
            Input::Interrupt => {
                engine.clear_interrupt();
                continue;
            }
            Input::TooLong => {
                let err = Err("syntax error: line too long".to_string());
                if !respond(&mut output, None, err) {
                    break;
                }
                continue;
            }
            Input::Line(bytes) => match parse::parse_line(&bytes) {
                Line::Nothing => continue,
                Line::Error { id, message } => {
                    if !respond(&mut output, id, Err(message)) {
                        break;
                    }
                    continue;
                }
                Line::Command(req) => req,
            },
        };
        log::debug!("gtp < {} {}", req.name, req.args.join(" "));
        let args = Args::new(&req.args);
        let id = req.id;
        let ok = match commands::find(&req.name).map(|c| c.run) {
            None => respond(&mut output, id, Err("unknown command".into())),
            Some(Run::Reply(handler)) => {
                let result = guarded(&req.name, || handler(engine, &args));
                let ok = respond(&mut output, id, result);
                if req.name == "quit" {
                    break;
                }
                ok
            }
            Some(Run::Analyze(flavour)) => {
                match analyze::parse(flavour, &args, engine.game().to_move()) {
                    Err(e) => respond(&mut output, id, Err(e)),
                    Ok(request) => {
                        let ok = begin_stream(&mut output, id);
                        pending = in_background(engine, &rx, &mut output, |e, stop, out| {
                            let size = e.game().size();
                            let mut report = |r: &SearchResult| {
                                let line = analyze::info_line(r, &request, size);
                                if !write_flush(out, &line, "\n") {
                                    // The controller is gone: stop, and
                                    // stop waiting for its next command.
                                    stop.store(true, Ordering::Relaxed);
                                }
                            };
                            e.analyze(
                                request.color,
                                stop,
                                request.ownership,
                                Some(Reporter {
                                    interval: request.interval,
                                    report: &mut report,
                                }),
                            );
                        });
                        ok && end_stream(&mut output, "")
                    }
                }
            }
            Some(Run::GenmoveAnalyze(flavour)) => {
                match analyze::parse(flavour, &args, engine.game().to_move()) {
                    Err(e) => respond(&mut output, id, Err(e)),
                    Ok(request) => {
                        let ok = begin_stream(&mut output, id);
                        let size = engine.game().size();
                        let out = &mut output;
                        let mv = guarded(&req.name, || {
                            let mut report = |r: &SearchResult| {
                                write_flush(out, &analyze::info_line(r, &request, size), "\n");
                            };
                            let reporter = Reporter {
                                interval: request.interval,
                                report: &mut report,
                            };
                            let answer = engine.genmove_reporting(
                                request.color,
                                GenMode::Play,
                                Some(reporter),
                            );
                            Ok(format!("play {}\n", answer.to_gtp(size)))
                        });
                        let last = mv.unwrap_or_default();
                        ok && end_stream(&mut output, &last)
                    }
                }
            }
        };
        if !ok {
            break;
        }
        // Think on the opponent's time until the next input.
        if pending.is_none() && engine.take_ponder() {
            pending = in_background(engine, &rx, &mut output, |e, stop, _| e.ponder(stop));
        }
    }
}

/// Run `f`, turning a panic (a bug) into an error answer.
fn guarded(name: &str, f: impl FnOnce() -> Result<String, String>) -> Result<String, String> {
    panic::catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| {
        log::error!("command {name} panicked");
        Err("internal error".into())
    })
}

/// Write `text` then `end`, and flush: every write to the controller.
fn write_flush<W: Write>(out: &mut W, text: &str, end: &str) -> bool {
    out.write_all(text.as_bytes())
        .and_then(|()| out.write_all(end.as_bytes()))
        .and_then(|()| out.flush())
        .is_ok()
}

/// The first line of a streamed success: `=id` alone.
fn begin_stream<W: Write>(out: &mut W, id: Option<u64>) -> bool {
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    write_flush(out, &format!("={id}"), "\n")
}

/// End a streamed response with `last` (whole lines) and the empty line.
fn end_stream<W: Write>(out: &mut W, last: &str) -> bool {
    write_flush(out, last, "\n")
}

/// Run `work` on the engine in the background until the next input
/// arrives, then stop it (its `stop` flag) and return that input.
fn in_background<W, F>(
    engine: &mut Engine,
    rx: &mpsc::Receiver<Input>,
    out: &mut W,
    work: F,
) -> Option<Input>
where
    W: Write + Send,
    F: FnOnce(&mut Engine, &AtomicBool, &mut W) + Send,
{
    let stop = AtomicBool::new(false);
    thread::scope(|s| {
        let stop = &stop;
        let worker = s.spawn(move || {
            panic::catch_unwind(AssertUnwindSafe(|| work(engine, stop, out))).is_ok()
        });
        // Wait for the next input; a worker that stopped by itself (its
        // output closed) ends the session as the end of input would.
        let next = loop {
            match rx.recv_timeout(std::time::Duration::from_millis(100)) {
                Ok(input) => break input,
                Err(mpsc::RecvTimeoutError::Disconnected) => break Input::Eof,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if stop.load(Ordering::Relaxed) && worker.is_finished() {
                        break Input::Eof;
                    }
                }
            }
        };
        stop.store(true, Ordering::Relaxed);
        if !worker.join().unwrap_or(false) {
            log::error!("background search panicked");
        }
        Some(next)
    })
}
