//! Runs one substituted RUN line and renders its failure.
//!
//! The command runs as `bash -o pipefail -c CMD` (a pipeline fails when any stage fails, so
//! `sharc-opt %s | FileCheck %s` catches a crashing sharc-opt), in the test's temp dir, with stdin from
//! /dev/null, in its own process group. When it outlives the timeout the whole group is killed, so a hung
//! tool in the middle of a pipeline cannot keep the test (or `cargo test`) waiting.

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::script::RunLine;

/// Seconds a RUN line may take unless `$SHARC_LIT_TIMEOUT` says otherwise.
const DEFAULT_TIMEOUT_SECS: u64 = 300;

/// How much of each output stream a failure report shows (head and tail around an elision).
const HEAD_BYTES: usize = 8_000;
const TAIL_BYTES: usize = 2_000;

pub fn timeout() -> Duration {
    let secs = std::env::var("SHARC_LIT_TIMEOUT")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(DEFAULT_TIMEOUT_SECS);
    Duration::from_secs(secs)
}

/// What running a command produced.
pub struct Outcome {
    /// `None` when the command could not be started.
    pub status: Option<ExitStatus>,
    pub spawn_error: Option<String>,
    pub timed_out: Option<Duration>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Outcome {
    pub fn succeeded(&self) -> bool {
        self.timed_out.is_none() && self.status.is_some_and(|s| s.success())
    }
}

enum Event {
    Exited(std::io::Result<ExitStatus>),
    Stdout(Vec<u8>),
    Stderr(Vec<u8>),
}

fn drain(mut stream: impl Read + Send + 'static, tx: mpsc::Sender<Event>, wrap: fn(Vec<u8>) -> Event) {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        // A read error ends the capture; whatever was read is still reported.
        let _ = stream.read_to_end(&mut buf);
        let _ = tx.send(wrap(buf));
    });
}

/// Kills the process group `pgid` (the group leader is the `bash` we spawned).
fn kill_group(pgid: u32) {
    let _ = Command::new("bash")
        .args(["-c", "kill -KILL -- -\"$1\" 2>/dev/null", "kill-group", &pgid.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Runs `command` with `bash -o pipefail -c` in `cwd`, with `env` added to the environment.
pub fn run(command: &str, cwd: &Path, env: &[(&str, &Path)], timeout: Duration) -> Outcome {
    let mut outcome =
        Outcome { status: None, spawn_error: None, timed_out: None, stdout: Vec::new(), stderr: Vec::new() };
    let child = Command::new("bash")
        .args(["-o", "pipefail", "-c", command])
        .current_dir(cwd)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            outcome.spawn_error = Some(format!("cannot start bash: {e}"));
            return outcome;
        }
    };
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    if let Some(out) = child.stdout.take() {
        drain(out, tx.clone(), Event::Stdout);
    }
    if let Some(err) = child.stderr.take() {
        drain(err, tx.clone(), Event::Stderr);
    }
    let exit_tx = tx.clone();
    std::thread::spawn(move || {
        let _ = exit_tx.send(Event::Exited(child.wait()));
    });
    drop(tx);

    // Wait for the exit status and both streams. A background process left behind by the command can
    // hold a stream open after bash exits, so the deadline covers the streams too.
    let deadline = Instant::now() + timeout;
    let mut pending = 3;
    let mut killed = false;
    while pending > 0 {
        let wait = if killed {
            // After the kill, give the pipes a moment to close; never wait forever.
            Duration::from_secs(5)
        } else {
            deadline.saturating_duration_since(Instant::now())
        };
        match rx.recv_timeout(wait) {
            Ok(Event::Exited(status)) => {
                match status {
                    Ok(status) => outcome.status = Some(status),
                    Err(e) => outcome.spawn_error = Some(format!("cannot wait for bash: {e}")),
                }
                pending -= 1;
            }
            Ok(Event::Stdout(buf)) => {
                outcome.stdout = buf;
                pending -= 1;
            }
            Ok(Event::Stderr(buf)) => {
                outcome.stderr = buf;
                pending -= 1;
            }
            Err(mpsc::RecvTimeoutError::Timeout) if !killed => {
                kill_group(pid);
                killed = true;
                outcome.timed_out = Some(timeout);
            }
            Err(_) => break,
        }
    }
    outcome
}

/// `bytes` as text, keeping the head and the tail of long output.
fn truncated(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= HEAD_BYTES + TAIL_BYTES {
        return text.into_owned();
    }
    let mut head_end = HEAD_BYTES;
    while !text.is_char_boundary(head_end) {
        head_end -= 1;
    }
    let mut tail_start = text.len() - TAIL_BYTES;
    while !text.is_char_boundary(tail_start) {
        tail_start += 1;
    }
    format!("{}\n[... {} bytes omitted ...]\n{}", &text[..head_end], tail_start - head_end, &text[tail_start..])
}

fn describe_status(outcome: &Outcome) -> String {
    if let Some(limit) = outcome.timed_out {
        if let Some(status) = outcome.status {
            return format!(
                "timed out: the shell exited ({status}), but a process it left running kept stdout or \
                 stderr open past {} s; its process group was killed",
                limit.as_secs()
            );
        }
        return format!(
            "timed out: the RUN line hung past {} s and its process group was killed \
             (the limit is $SHARC_LIT_TIMEOUT seconds, default {DEFAULT_TIMEOUT_SECS})",
            limit.as_secs()
        );
    }
    if let Some(e) = &outcome.spawn_error {
        return e.clone();
    }
    match outcome.status {
        Some(s) => match (s.code(), s.signal()) {
            (Some(code), _) => format!("exit code {code}"),
            (None, Some(signal)) => format!("killed by signal {signal}"),
            (None, None) => format!("{s}"),
        },
        None => "no exit status".into(),
    }
}

/// The failure report of one RUN line.
pub fn report(outcome: &Outcome, file: &Path, run: &RunLine, command: &str, temp_dir: &Path, rel: &str) -> String {
    let mut msg = format!(
        "{}:{}: RUN line failed: {}\n  as written:  {}\n  substituted: {}\n  temp dir:    {}\n  rerun:       \
         cargo test -p sharc-tools --test lit -- --exact 'lit::{rel}'\n",
        file.display(),
        run.line,
        describe_status(outcome),
        run.text,
        command,
        temp_dir.display(),
    );
    for (name, bytes) in [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)] {
        if bytes.is_empty() {
            msg.push_str(&format!("--- {name}: (empty)\n"));
        } else {
            let text = truncated(bytes);
            msg.push_str(&format!("--- {name} ({} bytes):\n{}", bytes.len(), text));
            if !text.ends_with('\n') {
                msg.push('\n');
            }
        }
    }
    msg
}
