//! What every command shares: printing to standard output and standard error (a closed
//! pipe ignored, a failed write made the run's failure), findings judged by the
//! `--allow` / `--deny` policy and printed (at most [`crate::limits::max_findings`] in a
//! run), failures as text or as one JSON record, and the exit codes.

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::diag::{Failure, Finding, Level, Policy, escape_text};
use crate::report::{FindingRecord, findings_text};

/// Exit status of a run that found problems in its input (the data is wrong).
pub(crate) const FINDINGS: u8 = 2;
/// Exit status of a run the tool could not carry out (an unreadable path, a bad flag).
pub(crate) const FAILURE: u8 = 1;

/// Prints a line to stderr, ignoring a closed pipe. Control characters (from paths and
/// names in the message) are escaped; line breaks of the message stay.
macro_rules! err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($t)*);
        let _ = writeln!(
            std::io::stderr(),
            "{}",
            $crate::command::common::terminal_safe(&text)
        );
    }};
}
pub(crate) use err;

/// Prints to stdout, ignoring a closed pipe.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($t)*) {
            $crate::command::common::stdout_failed(e);
        }
    }};
}
pub(crate) use out;

/// A message with every control character escaped but its line breaks.
pub(crate) fn terminal_safe(text: &str) -> String {
    text.split('\n')
        .map(|l| escape_text(l).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first error writing to standard output, other than a closed pipe (a reader such
/// as `head` that stopped reading is no failure).
static STDOUT_ERROR: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

pub(crate) fn stdout_failed(e: std::io::Error) {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return;
    }
    if let Ok(mut first) = STDOUT_ERROR.lock() {
        first.get_or_insert_with(|| e.to_string());
    }
}

/// Whether standard output has failed so far (flushed first): what follows it (a summary
/// on standard error) would claim output that was lost.
pub(crate) fn stdout_broken() -> bool {
    use std::io::Write as _;
    if let Err(e) = std::io::stdout().flush() {
        stdout_failed(e);
    }
    STDOUT_ERROR.lock().is_ok_and(|e| e.is_some())
}

/// The command's exit status, made a tool failure when standard output could not be
/// written (a full disk): what the command printed is incomplete. Also says how many
/// findings were not shown past the run's cap.
pub fn checked_stdout(code: ExitCode) -> ExitCode {
    use std::io::Write as _;
    let not_shown = FINDINGS_NOT_SHOWN.load(Ordering::Relaxed);
    if not_shown > 0 {
        err!(
            "note: {} not shown: at most {} shown in a run (`--max-findings N` shows more)",
            plural(not_shown, "more finding"),
            match crate::limits::max_findings() {
                1 => "1 is".to_string(),
                n => format!("{n} are"),
            }
        );
    }
    if let Err(e) = std::io::stdout().flush() {
        stdout_failed(e);
    }
    match STDOUT_ERROR.lock().ok().and_then(|mut e| e.take()) {
        Some(e) => {
            err!("error: cannot write to standard output: {e}");
            ExitCode::from(FAILURE)
        }
        None => code,
    }
}

/// Whether the command line asks for JSON (`--format json` or `--format=json`), read from
/// the arguments themselves: an argument that cannot be parsed is still answered in JSON.
pub(crate) fn json_asked() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.windows(2)
        .any(|w| w[0] == "--format" && w[1] == "json")
        || args.iter().any(|a| a == "--format=json")
}

/// A command line clap could not parse (or a request for help or the version): the
/// message printed, and when JSON was asked for, a usage record on standard output;
/// exit 0 for help and the version, else 1.
pub fn usage_error(e: &clap::Error) -> ExitCode {
    let _ = e.print();
    if !e.use_stderr() {
        return ExitCode::SUCCESS;
    }
    if json_asked() {
        // The error's lines up to the usage line ("...not provided:" is followed
        // by the arguments it means), joined.
        let text = e.to_string();
        let message = text
            .lines()
            .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more"))
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let message = message.strip_prefix("error: ").unwrap_or(&message);
        print_json(
            &serde_json::json!({"error": "usage", "exit_code": FAILURE, "message": message}),
        );
    }
    ExitCode::from(FAILURE)
}

/// Findings printed or recorded so far in this run, and those left out past
/// [`crate::limits::max_findings`] (weighted, see [`Finding::weight`]).
static FINDINGS_SHOWN: AtomicUsize = AtomicUsize::new(0);
static FINDINGS_NOT_SHOWN: AtomicUsize = AtomicUsize::new(0);

/// Findings left out so far in this run past the cap on findings shown.
pub(crate) fn findings_not_shown() -> usize {
    FINDINGS_NOT_SHOWN.load(Ordering::Relaxed)
}

/// The findings of `findings` still within the run's cap on findings shown
/// (`--max-findings`); the others are counted as not shown (said once at the end of the
/// run, see [`checked_stdout`]).
pub(crate) fn within_cap(findings: &[Finding]) -> &[Finding] {
    let max = crate::limits::max_findings();
    let shown = FINDINGS_SHOWN.load(Ordering::Relaxed);
    let room = max.saturating_sub(shown).min(findings.len());
    FINDINGS_SHOWN.fetch_add(room, Ordering::Relaxed);
    // Those shown that stand for others (folded into them, `Finding::more`) leave those
    // others unshown too.
    let folded: usize = findings[..room].iter().map(|f| f.more as usize).sum();
    let left: usize = findings[room..].iter().map(Finding::weight).sum::<usize>() + folded;
    FINDINGS_NOT_SHOWN.fetch_add(left, Ordering::Relaxed);
    &findings[..room]
}

/// Prints findings to stderr as miette reports (colour and Unicode as the terminal
/// allows), with one handler for the whole run; at most
/// [`crate::limits::max_findings`] in a run.
pub(crate) fn print_findings(findings: &[Finding]) {
    use std::io::Write as _;
    let findings = within_cap(findings);
    if findings.is_empty() {
        return;
    }
    static HANDLER: std::sync::OnceLock<miette::MietteHandler> = std::sync::OnceLock::new();
    let handler = HANDLER.get_or_init(|| {
        miette::MietteHandlerOpts::new()
            .terminal_links(false)
            .width(100)
            .build()
    });
    let _ = std::io::stderr().write_all(findings_text(findings, handler).as_bytes());
}

/// A path as text output shows it (control characters escaped).
pub(crate) fn shown(p: &Path) -> String {
    escape_text(&p.display().to_string()).into_owned()
}

/// Applies `--allow` / `--deny` to the findings of a run: the one place where findings are
/// judged before they are printed or counted.
pub(crate) fn judge(policy: &Policy, findings: Vec<Finding>) -> Vec<Finding> {
    policy.apply(findings)
}

/// How many findings of `level` there are, each counted with those it stands for
/// ([`Finding::weight`]).
pub(crate) fn count(findings: &[Finding], level: Level) -> usize {
    findings
        .iter()
        .filter(|f| f.level == level)
        .map(Finding::weight)
        .sum()
}

pub(crate) fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A failed run: its findings judged and printed (exit 2), or a tool failure (exit 1).
/// Like [`failure`], also printing the failure as one JSON record on standard output when
/// the command was asked for JSON: `{"error": "findings", "exit_code": 2, "findings":
/// [...]}` (the records of `validate --format json`) or `{"error": "tool", "exit_code": 1,
/// "message": "..."}`, so that a script always reads a JSON value.
pub(crate) fn failure_as(e: Failure, policy: &Policy, json: bool) -> ExitCode {
    if json {
        match &e {
            Failure::Findings(f) => print_findings_record(&judge(policy, f.clone())),
            Failure::Tool(m) => print_json(
                &serde_json::json!({"error": "tool", "exit_code": FAILURE, "message": m}),
            ),
        }
    }
    failure(e, policy)
}

/// Prints a JSON value on standard output, pretty.
pub(crate) fn print_json(value: &serde_json::Value) {
    out!(
        "{}\n",
        serde_json::to_string_pretty(value).unwrap_or_default()
    );
}

/// Prints the failure record of findings that stopped a command asked for JSON (see
/// [`failure_as`]).
fn print_findings_record(findings: &[Finding]) {
    let records: Vec<FindingRecord> = within_cap(findings)
        .iter()
        .map(FindingRecord::from)
        .collect();
    print_json(
        &serde_json::json!({"error": "findings", "exit_code": FINDINGS, "findings": records}),
    );
}

/// A failed run: its findings judged and printed (exit 2), or a tool failure (exit 1).
pub(crate) fn failure(e: Failure, policy: &Policy) -> ExitCode {
    match e {
        Failure::Findings(f) => {
            print_findings(&judge(policy, f));
            ExitCode::from(FINDINGS)
        }
        Failure::Tool(m) => {
            // A name of megabytes (from a file or the command line) is cut, line by line
            // (a message may list things on lines of its own); control characters in
            // names are escaped where the names go in, and by `err!`.
            let m: Vec<String> = m
                .split('\n')
                .map(|l| crate::diag::clip_text(l.to_string()))
                .collect();
            err!("error: {}", m.join("\n"));
            ExitCode::from(FAILURE)
        }
    }
}

/// Judges the findings of a run that succeeded (warnings and notes about the files it
/// used): prints those that are warnings or errors after `--allow` / `--deny`, and says
/// whether any is an error (the run then fails with exit status 2 instead of printing its
/// result).
pub(crate) fn judge_success(policy: &Policy, findings: Vec<Finding>) -> bool {
    judge_success_as(policy, findings, false)
}

/// Like [`judge_success`]; when the findings stop the command and it was asked for JSON,
/// also prints them as one JSON record on standard output (see [`failure_as`]).
pub(crate) fn judge_success_as(policy: &Policy, findings: Vec<Finding>, json: bool) -> bool {
    let shown: Vec<Finding> = judge(policy, findings)
        .into_iter()
        .filter(|f| f.level >= Level::Warning)
        .collect();
    print_findings(&shown);
    let stopped = count(&shown, Level::Error) > 0;
    if stopped && json {
        print_findings_record(&shown);
    }
    stopped
}

/// Writes one file tessera generates (a played game, a picture, a page) and says so on
/// standard error; `ours` tells a file it generated before, which may be replaced without
/// `force`. Errors: the exit code of a refusal or failure, already reported.
pub(crate) fn write_generated(
    path: &Path,
    text: String,
    ours: &dyn Fn(&Path, &str) -> bool,
    force: bool,
) -> Result<(), ExitCode> {
    // Into a directory that exists (as `play` and `new` do): a typo in the path does not
    // make directories.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            err!(
                "error: cannot write {}: the directory {} does not exist",
                shown(path),
                shown(dir)
            );
            return Err(ExitCode::from(FAILURE));
        }
    }
    let target = crate::output::Target {
        path: path.to_path_buf(),
        text,
    };
    if let Err(reasons) = crate::output::write_all(&[target], ours, force) {
        for r in reasons {
            err!("error: {r}");
        }
        return Err(ExitCode::from(FAILURE));
    }
    err!("wrote {}", shown(path));
    Ok(())
}

/// A path named on the command line (relative to `here`) as a file written in `dir`
/// names it: relative to `dir`; a `bundled:` path as it is.
pub(crate) fn written_from(here: &Path, dir: &Path, p: &Path) -> String {
    let text = p.to_string_lossy();
    if text.starts_with(crate::load::BUNDLED_PREFIX) {
        return text.into_owned();
    }
    let abs = std::fs::canonicalize(here.join(p)).unwrap_or_else(|_| here.join(p));
    crate::load::relative(dir, &abs)
}

/// A tile set to list or draw (`tessera tiles`, `tessera render`): a YAML tile set, or
/// JCloisterZone XML as the default rule set reads it ([`crate::jcz::load_game`]); the
/// game and the findings that did not stop it.
///
/// Errors: as [`crate::validate::load_tileset`], and the XML's errors.
pub(super) fn shown_tileset(path: &Path) -> Result<(crate::rules::Game, Vec<Finding>), Failure> {
    let file = crate::load::read(path).map_err(crate::load::ReadError::into_failure)?;
    if crate::jcz::looks_like_xml(&file) {
        crate::jcz::load_game(&file)
    } else {
        crate::validate::load_tileset(path, None)
    }
}
