//! Shared helpers of the integration tests: a GTP engine run as a child
//! process (over the crate's own GTP client), and finding GNU Go.
#![allow(dead_code)]

use std::path::PathBuf;
use tianyuan::gtp::client::{GtpClient, GtpFailure};

/// A GTP engine run as a child process; every failure panics.
pub struct GtpProcess {
    client: GtpClient,
}

impl GtpProcess {
    pub fn start(program: &str, args: &[&str]) -> GtpProcess {
        let client = GtpClient::spawn_program(program, args, None)
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        GtpProcess { client }
    }

    /// The tianyuan binary under test.
    pub fn tianyuan(args: &[&str]) -> GtpProcess {
        GtpProcess::start(env!("CARGO_BIN_EXE_tianyuan"), args)
    }

    /// The client itself, for tests that need timeouts.
    pub fn client(&mut self) -> &mut GtpClient {
        &mut self.client
    }

    /// Send raw bytes (one or more lines).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.client
            .write_raw(bytes)
            .unwrap_or_else(|e| panic!("cannot write to the engine: {e}"));
    }

    /// Read one response: its lines up to the empty line, joined by `\n`,
    /// first line included with its `=`/`?` prefix.
    pub fn read_response(&mut self) -> String {
        self.client
            .read_raw(None)
            .unwrap_or_else(|e| panic!("no response: {e}"))
    }

    /// Read one line (empty ones too), waiting at most `seconds`.
    pub fn read_line(&mut self, seconds: f64) -> String {
        self.client
            .read_line(std::time::Duration::from_secs_f64(seconds))
            .unwrap_or_else(|e| panic!("no line within {seconds} s: {e}"))
    }

    /// Send one command; `Ok(text)` for `= text`, `Err(text)` for `? text`.
    pub fn cmd(&mut self, command: &str) -> Result<String, String> {
        match self.client.send(command, None) {
            Ok(text) => Ok(text),
            Err(GtpFailure::Error(text)) => Err(text),
            Err(other) => panic!("{command:?}: {other}"),
        }
    }

    /// Send a command that must succeed.
    pub fn ok(&mut self, command: &str) -> String {
        self.cmd(command)
            .unwrap_or_else(|e| panic!("{command:?} failed: {e}"))
    }

    /// Close the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.client.close_input();
    }

    /// Close stdin and wait for the process to end.
    pub fn finish(self) -> std::process::ExitStatus {
        self.client.wait().unwrap()
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
