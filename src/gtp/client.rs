//! The controller's side of GTP: a [`GtpClient`] runs an engine as a child
//! process, writes commands to its standard input and reads the responses
//! from its standard output on a thread of its own, so that every request
//! can wait with a timeout. A response that arrives after its request timed
//! out is remembered as stale and skipped when the next one is read.
//!
//! Used by the match runner (`tianyuan match`) and the integration tests.

use std::ffi::OsStr;
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Why a request got no successful answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpFailure {
    /// The engine answered `? message`.
    Error(String),
    /// No complete answer within the time allowed.
    Timeout,
    /// The engine closed its output or its input (it exited or crashed).
    Died,
    /// The engine wrote something that is not a GTP response.
    Protocol(String),
}

impl fmt::Display for GtpFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpFailure::Error(msg) => write!(f, "error answer: {msg}"),
            GtpFailure::Timeout => f.write_str("no answer in time"),
            GtpFailure::Died => f.write_str("the engine died"),
            GtpFailure::Protocol(text) => write!(f, "not a GTP response: {text:?}"),
        }
    }
}

impl std::error::Error for GtpFailure {}

/// Split a command line into words: whitespace separates words, double
/// quotes group (`"a b"` is one word, `""` an empty one) and, inside quotes,
/// a backslash escapes a quote or a backslash. No other shell syntax.
pub fn split_command_line(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' => quoted = false,
                '\\' => match chars.next() {
                    Some(n @ ('"' | '\\')) => word.push(n),
                    Some(n) => {
                        word.push('\\');
                        word.push(n);
                    }
                    None => word.push('\\'),
                },
                _ => word.push(c),
            }
        } else if c == '"' {
            quoted = true;
            in_word = true;
        } else if c.is_whitespace() {
            if in_word {
                words.push(std::mem::take(&mut word));
                in_word = false;
            }
        } else {
            word.push(c);
            in_word = true;
        }
    }
    if quoted {
        return Err(format!("unterminated quote in {line:?}"));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("empty command line".into());
    }
    Ok(words)
}

/// A GTP engine running as a child process. Dropping it kills the process.
pub struct GtpClient {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Lines of the engine's output, without their line end; closed at EOF.
    lines: Receiver<String>,
    /// Responses still to come for requests that timed out.
    stale: usize,
    /// Set once the engine's output ended or its input broke.
    dead: bool,
}

impl GtpClient {
    /// Start the engine of a command line such as `gnugo --mode gtp`
    /// (split by [`split_command_line`]), its standard error discarded.
    pub fn spawn(cmdline: &str) -> io::Result<GtpClient> {
        GtpClient::spawn_logged(cmdline, None)
    }

    /// Like [`GtpClient::spawn`], the standard error appended to `stderr`
    /// when given.
    pub fn spawn_logged(cmdline: &str, stderr: Option<&Path>) -> io::Result<GtpClient> {
        let words = split_command_line(cmdline)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        GtpClient::spawn_program(&words[0], &words[1..], stderr)
    }

    /// Start `program` with `args` (no splitting).
    pub fn spawn_program<S: AsRef<OsStr>>(
        program: impl AsRef<OsStr>,
        args: &[S],
        stderr: Option<&Path>,
    ) -> io::Result<GtpClient> {
        let err = match stderr {
            Some(path) => Stdio::from(File::options().create(true).append(true).open(path)?),
            None => Stdio::null(),
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(err)
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        Ok(GtpClient {
            child,
            stdin,
            lines: spawn_line_reader(stdout),
            stale: 0,
            dead: false,
        })
    }

    /// The process id of the engine.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Whether the engine is known to have died.
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Write raw bytes to the engine (one or more lines, or part of one).
    pub fn write_raw(&mut self, bytes: &[u8]) -> Result<(), GtpFailure> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(GtpFailure::Died);
        };
        if stdin.write_all(bytes).and_then(|()| stdin.flush()).is_err() {
            self.dead = true;
            return Err(GtpFailure::Died);
        }
        Ok(())
    }

    /// Read one response as the engine wrote it: its lines up to the empty
    /// line that ends it, joined by `\n`, the first with its `=`/`?` and id.
    /// Empty lines before it are skipped. Stale responses are not skipped.
    pub fn read_raw(&mut self, timeout: Option<Duration>) -> Result<String, GtpFailure> {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut lines: Vec<String> = Vec::new();
        loop {
            let line = match deadline {
                None => self.lines.recv().map_err(|_| GtpFailure::Died),
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    self.lines.recv_timeout(left).map_err(|e| match e {
                        RecvTimeoutError::Timeout => GtpFailure::Timeout,
                        RecvTimeoutError::Disconnected => GtpFailure::Died,
                    })
                }
            };
            let line = match line {
                Ok(line) => line,
                Err(failure) => {
                    if failure == GtpFailure::Died {
                        self.dead = true;
                    }
                    return Err(failure);
                }
            };
            if line.is_empty() {
                if !lines.is_empty() {
                    return Ok(lines.join("\n"));
                }
            } else {
                lines.push(line);
            }
        }
    }

    /// Read one line as the engine wrote it (empty lines too), waiting at
    /// most `timeout`: for streamed responses such as analysis.
    pub fn read_line(&mut self, timeout: Duration) -> Result<String, GtpFailure> {
        self.lines.recv_timeout(timeout).map_err(|e| match e {
            RecvTimeoutError::Timeout => GtpFailure::Timeout,
            RecvTimeoutError::Disconnected => {
                self.dead = true;
                GtpFailure::Died
            }
        })
    }

    /// Send one command and wait for its answer, at most `timeout`:
    /// `Ok(text)` for `=[id] text`, [`GtpFailure::Error`] for `?[id] text`.
    /// Multi-line answers have their lines joined by `\n`.
    pub fn send(&mut self, command: &str, timeout: Option<Duration>) -> Result<String, GtpFailure> {
        if self.dead {
            return Err(GtpFailure::Died);
        }
        let start = Instant::now();
        self.write_raw(format!("{command}\n").as_bytes())?;
        let left = || timeout.map(|t| t.saturating_sub(start.elapsed()));
        while self.stale > 0 {
            match self.read_raw(left()) {
                Ok(_) => self.stale -= 1,
                Err(GtpFailure::Timeout) => {
                    self.stale += 1;
                    return Err(GtpFailure::Timeout);
                }
                Err(failure) => return Err(failure),
            }
        }
        match self.read_raw(left()) {
            Ok(response) => parse_response(&response),
            Err(GtpFailure::Timeout) => {
                self.stale += 1;
                Err(GtpFailure::Timeout)
            }
            Err(failure) => Err(failure),
        }
    }

    /// Close the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin.take();
    }

    /// Close the engine's input and wait for it to exit.
    pub fn wait(mut self) -> io::Result<ExitStatus> {
        self.stdin.take();
        self.child.wait()
    }

    /// Send `quit`, then give the engine up to `grace` to exit before it is
    /// killed.
    pub fn quit(mut self, grace: Duration) {
        let _ = self.send("quit", Some(grace));
        self.stdin.take();
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(None) => thread::sleep(Duration::from_millis(10)),
                _ => return,
            }
        }
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        self.stdin.take();
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Split a raw response into its status and text.
pub fn parse_response(response: &str) -> Result<String, GtpFailure> {
    let mut chars = response.chars();
    let status = chars.next();
    let rest = chars.as_str();
    let text = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let text = text.strip_prefix(' ').unwrap_or(text).to_string();
    match status {
        Some('=') => Ok(text),
        Some('?') => Err(GtpFailure::Error(text)),
        _ => Err(GtpFailure::Protocol(response.to_string())),
    }
}

/// Read `output` on a thread of its own and send each line (lossily
/// decoded, without `\n` or `\r\n`) over a channel, closed at end of file.
fn spawn_line_reader<R: Read + Send + 'static>(mut output: R) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        let mut line: Vec<u8> = Vec::new();
        let finish = |line: &mut Vec<u8>| {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            let text = String::from_utf8_lossy(line).into_owned();
            line.clear();
            text
        };
        loop {
            let n = match output.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            for &b in &buf[..n] {
                if b == b'\n' {
                    if tx.send(finish(&mut line)).is_err() {
                        return;
                    }
                } else {
                    line.push(b);
                }
            }
        }
        if !line.is_empty() {
            let _ = tx.send(finish(&mut line));
        }
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_on_whitespace_and_quotes() {
        assert_eq!(
            split_command_line("  gnugo --mode gtp\t--level 10 ").unwrap(),
            ["gnugo", "--mode", "gtp", "--level", "10"]
        );
        assert_eq!(
            split_command_line(r#"sh -c "echo 'hi there'; exit 1" x"y z"w "#).unwrap(),
            ["sh", "-c", "echo 'hi there'; exit 1", "xy zw"]
        );
        assert_eq!(
            split_command_line(r#"a "" "say \"hi\" \\ \n""#).unwrap(),
            ["a", "", r#"say "hi" \ \n"#]
        );
        assert!(split_command_line("a \"b").is_err());
        assert!(split_command_line("   ").is_err());
    }

    #[test]
    fn responses_parse_with_and_without_ids() {
        assert_eq!(parse_response("= D4"), Ok("D4".into()));
        assert_eq!(parse_response("=12 D4"), Ok("D4".into()));
        assert_eq!(parse_response("="), Ok("".into()));
        assert_eq!(parse_response("= a\nb"), Ok("a\nb".into()));
        assert_eq!(
            parse_response("?3 illegal move"),
            Err(GtpFailure::Error("illegal move".into()))
        );
        assert!(matches!(
            parse_response("hello"),
            Err(GtpFailure::Protocol(_))
        ));
    }

    #[test]
    fn a_shell_engine_answers_times_out_and_dies() {
        // A tiny "engine": answers one command, sleeps, answers, exits.
        let script = r#"read a; printf '= one\n\n'; read b; sleep 1; printf '=7 two\nthree\n\n'; read c; exit 0"#;
        let Ok(mut e) = GtpClient::spawn_program("sh", &["-c", script], None) else {
            eprintln!("SKIPPED: no sh");
            return;
        };
        assert_eq!(e.send("name", None), Ok("one".into()));
        assert_eq!(
            e.send("genmove b", Some(Duration::from_millis(100))),
            Err(GtpFailure::Timeout)
        );
        // The late answer is skipped; then the engine exits without one.
        let r = e.send("version", Some(Duration::from_secs(5)));
        assert_eq!(r, Err(GtpFailure::Died));
        assert!(e.is_dead());
        assert_eq!(e.send("name", None), Err(GtpFailure::Died));
    }
}
