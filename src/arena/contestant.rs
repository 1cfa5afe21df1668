//! A [`Contestant`]: one engine of a match (or the referee) as a command
//! line and, while it is healthy, a running [`GtpClient`]. An engine that
//! died, timed out or broke the protocol is killed and started again the
//! next time it is needed, so one failure costs one game, not the match.

use crate::gtp::client::{split_command_line, GtpClient, GtpFailure};
use std::io;
use std::path::PathBuf;
use std::time::Duration;

/// Time allowed for the first answer of a freshly started engine (it may
/// load large files before it reads its input).
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(120);
/// Time allowed for any answer other than `genmove`.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);
/// Time allowed for the referee's `final_score`.
pub const REFEREE_TIMEOUT: Duration = Duration::from_secs(120);

pub struct Contestant {
    label: String,
    cmdline: String,
    words: Vec<String>,
    stderr: Option<PathBuf>,
    client: Option<GtpClient>,
    /// The client has not answered anything yet.
    fresh: bool,
    /// Why the engine could not be started the last time it was tried.
    spawn_error: Option<String>,
    /// Processes started so far (more than one: the engine was restarted).
    starts: u32,
}

impl Contestant {
    /// An engine named `label` run by `cmdline`, its standard error
    /// appended to `stderr` when given. Nothing is started yet.
    pub fn new(label: &str, cmdline: &str, stderr: Option<PathBuf>) -> Result<Contestant, String> {
        let words = split_command_line(cmdline)?;
        Ok(Contestant {
            label: label.to_string(),
            cmdline: cmdline.trim().to_string(),
            words,
            stderr,
            client: None,
            fresh: false,
            spawn_error: None,
            starts: 0,
        })
    }

    pub fn label(&self) -> &str {
        &self.label
    }

    pub fn cmdline(&self) -> &str {
        &self.cmdline
    }

    /// How many processes of the engine were started so far.
    pub fn starts(&self) -> u32 {
        self.starts
    }

    /// The resident memory of the running engine process, in KiB (Linux:
    /// `VmRSS` of `/proc/PID/status`); `None` when it does not run or the
    /// system does not say.
    pub fn resident_kib(&self) -> Option<u64> {
        let pid = self.client.as_ref()?.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// The file name of the program the command line runs, e.g. `gnugo`
    /// for `/usr/games/gnugo --mode gtp`.
    pub fn program(&self) -> String {
        let program = &self.words[0];
        std::path::Path::new(program)
            .file_name()
            .map_or_else(|| program.clone(), |n| n.to_string_lossy().into_owned())
    }

    /// Start the engine unless it runs. A program named `tianyuan` that is
    /// not on the `PATH` is this very executable.
    pub fn start(&mut self) -> io::Result<()> {
        if self.client.is_some() {
            return Ok(());
        }
        let log = self.stderr.as_deref();
        let args = &self.words[1..];
        let spawned = match GtpClient::spawn_program(&self.words[0], args, log) {
            Err(e) if e.kind() == io::ErrorKind::NotFound && self.words[0] == "tianyuan" => {
                GtpClient::spawn_program(std::env::current_exe()?, args, log)
            }
            other => other,
        };
        match spawned {
            Ok(client) => {
                log::debug!(
                    "{}: started {} (pid {})",
                    self.label,
                    self.cmdline,
                    client.id()
                );
                self.client = Some(client);
                self.starts += 1;
                self.fresh = true;
                self.spawn_error = None;
                Ok(())
            }
            Err(e) => {
                self.spawn_error = Some(format!("cannot start {:?}: {e}", self.cmdline));
                Err(e)
            }
        }
    }

    /// Send a command, waiting at most `timeout` (longer for the first
    /// answer of a new process). A timeout, death or protocol error kills
    /// the engine; the next command starts it again.
    pub fn send(&mut self, cmd: &str, timeout: Option<Duration>) -> Result<String, GtpFailure> {
        if self.start().is_err() {
            return Err(GtpFailure::Died);
        }
        let timeout = match timeout {
            Some(t) if self.fresh => Some(t.max(STARTUP_TIMEOUT)),
            t => t,
        };
        let client = self.client.as_mut().expect("started");
        let answer = client.send(cmd, timeout);
        log::trace!("{} < {cmd}: {answer:?}", self.label);
        match &answer {
            Ok(_) | Err(GtpFailure::Error(_)) => self.fresh = false,
            Err(_) => self.client = None,
        }
        answer
    }

    /// Send a command other than `genmove`.
    pub fn admin(&mut self, cmd: &str) -> Result<String, GtpFailure> {
        self.send(cmd, Some(COMMAND_TIMEOUT))
    }

    /// What went wrong, for a game report.
    pub fn failure_text(&self, f: &GtpFailure) -> String {
        match (f, &self.spawn_error) {
            (GtpFailure::Died, Some(why)) => why.clone(),
            _ => f.to_string(),
        }
    }

    /// Say `quit` and stop the engine.
    pub fn stop(&mut self) {
        if let Some(client) = self.client.take() {
            client.quit(Duration::from_secs(2));
        }
    }
}

impl Drop for Contestant {
    fn drop(&mut self) {
        self.stop();
    }
}
