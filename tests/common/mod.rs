//! Shared helpers of the integration tests: a GTP client over a child
//! process, and finding GNU Go.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A GTP engine run as a child process.
pub struct GtpProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl GtpProcess {
    pub fn start(program: &str, args: &[&str]) -> GtpProcess {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        GtpProcess {
            child,
            stdin,
            stdout,
        }
    }

    /// The tianyuan binary under test.
    pub fn tianyuan(args: &[&str]) -> GtpProcess {
        GtpProcess::start(env!("CARGO_BIN_EXE_tianyuan"), args)
    }

    /// Send raw bytes (one or more lines).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Read one response: its lines up to the empty line, joined by `\n`,
    /// first line included with its `=`/`?` prefix.
    pub fn read_response(&mut self) -> String {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "engine closed its output; got so far: {lines:?}");
            let line = line.trim_end_matches('\n').trim_end_matches('\r');
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                return lines.join("\n");
            }
            lines.push(line.to_string());
        }
    }

    /// Send one command; `Ok(text)` for `= text`, `Err(text)` for `? text`.
    pub fn cmd(&mut self, command: &str) -> Result<String, String> {
        self.send_raw(format!("{command}\n").as_bytes());
        let r = self.read_response();
        let (status, rest) = r.split_at(1);
        let text = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let text = text.strip_prefix(' ').unwrap_or(text).to_string();
        match status {
            "=" => Ok(text),
            "?" => Err(text),
            _ => panic!("not a GTP response: {r:?}"),
        }
    }

    /// Send a command that must succeed.
    pub fn ok(&mut self, command: &str) -> String {
        self.cmd(command)
            .unwrap_or_else(|e| panic!("{command:?} failed: {e}"))
    }

    /// Close the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin.take();
    }

    /// Close stdin and wait for the process to end.
    pub fn finish(mut self) -> std::process::ExitStatus {
        self.stdin.take();
        self.child.wait().unwrap()
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where GNU Go is installed, if it is. Under CI (`CI=true`) a missing GNU
/// Go is a failure; elsewhere the caller skips and says so.
pub fn gnugo() -> Option<PathBuf> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "GNU Go is required under CI: apt-get install -y gnugo"
        );
        eprintln!(
            "SKIPPED: GNU Go (gnugo) is not installed; install it with apt-get install -y gnugo"
        );
    }
    found
}
