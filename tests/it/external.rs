//! Programs outside Cargo that some tests need: Chromium for the HTML report, Neovim
//! for the language server.
//!
//! `cargo test` passes on a machine with only Rust installed: a test whose program is
//! absent says so on the terminal (a `NOT RUN` line naming the test, the program and how
//! to run it) and returns without checking anything. Where the environment variable
//! `TESSERA_EXTERNAL_TESTS=require` is set (`.ci/run` sets it, after installing the
//! programs), an absent program fails the test instead: CI never skips one.

use std::io::Write as _;
use std::path::PathBuf;

/// The environment variable that makes absent programs a failure, and its value.
pub const REQUIRE: (&str, &str) = ("TESSERA_EXTERNAL_TESTS", "require");

/// A program some tests run.
pub struct Program {
    /// What it is, for messages ("Chromium").
    pub what: &'static str,
    /// The environment variable naming its binary, checked first (`CHROMIUM`).
    pub env: &'static str,
    /// Binary names looked up on `PATH`, in order.
    pub names: &'static [&'static str],
    /// How to get it (a sentence).
    pub install: &'static str,
}

/// Headless Chromium (or Chrome), for the HTML report's test.
pub const CHROMIUM: Program = Program {
    what: "Chromium",
    env: "CHROMIUM",
    names: &[
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ],
    install: "install Debian's `chromium` (or any Chromium or Chrome) or set CHROMIUM=/path/to/chrome",
};

/// Neovim (0.7 or later: its built-in LSP client), for the language server's test.
pub const NEOVIM: Program = Program {
    what: "Neovim",
    env: "NVIM",
    names: &["nvim"],
    install: "install Debian's `neovim` or set NVIM=/path/to/nvim",
};

/// The binary of `program` for the test `test`: the environment variable's (which must
/// name a file), else the first name found on `PATH`. When there is none: with
/// `TESSERA_EXTERNAL_TESTS=require`, a panic (the test fails); otherwise a `NOT RUN` line
/// on the terminal (not captured by the test harness, so it shows in `cargo test`'s output),
/// repeated after the harness's summary (which counts the test as passed), and `None`.
/// Any other value of `TESSERA_EXTERNAL_TESTS` is a failure: a misspelt switch must not
/// skip silently.
pub fn find(program: &Program, test: &str) -> Option<PathBuf> {
    let required = match std::env::var(REQUIRE.0) {
        Ok(v) if v == REQUIRE.1 => true,
        Ok(v) if v.is_empty() => false,
        Err(std::env::VarError::NotPresent) => false,
        Ok(v) => panic!(
            "{}={v:?}: the only value is `{}` (or leave it unset)",
            REQUIRE.0, REQUIRE.1
        ),
        Err(e) => panic!("{}: {e}", REQUIRE.0),
    };
    if let Some(p) = std::env::var_os(program.env) {
        let p = PathBuf::from(p);
        assert!(
            p.is_file(),
            "{}={} names no file: point it at the {} binary",
            program.env,
            p.display(),
            program.what
        );
        return Some(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in program.names {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    let message = not_run(program, test);
    if required {
        panic!(
            "{message} ({}={} is set: it must run here)",
            REQUIRE.0, REQUIRE.1
        );
    }
    // Straight to the terminal: the harness captures `eprintln!`, not this handle.
    let _ = writeln!(std::io::stderr(), "\n{message}\n");
    after_summary(message);
    None
}

/// The `NOT RUN` lines, printed again when the test binary exits (after the harness's
/// summary line, which counts those tests as passed).
static NOT_RUN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

fn after_summary(message: String) {
    let mut lines = NOT_RUN.lock().unwrap_or_else(|e| e.into_inner());
    #[cfg(unix)]
    if lines.is_empty() {
        extern "C" fn print_not_run() {
            let lines = NOT_RUN.lock().unwrap_or_else(|e| e.into_inner());
            let mut err = std::io::stderr();
            let _ = writeln!(
                err,
                "\nNOT RUN: {} test(s) counted as passed above did not run (a program outside Cargo is absent):",
                lines.len()
            );
            for l in lines.iter() {
                let _ = writeln!(err, "  {l}");
            }
        }
        // SAFETY: registers a plain `extern "C"` function with no arguments, as atexit(3)
        // requires; it only locks a static and writes to standard error.
        unsafe {
            libc::atexit(print_not_run);
        }
    }
    lines.push(message);
}

/// The line a test whose program is absent prints: `NOT RUN <test>: needs <program>...`,
/// with how to get it and the command that runs the test's module.
pub fn not_run(program: &Program, test: &str) -> String {
    format!(
        "NOT RUN {test}: needs {what}, and none was found ({names} on PATH, or {env}): \
         {install}; then run `cargo test --test it {module}`",
        what = program.what,
        names = program.names.join(", "),
        env = program.env,
        install = program.install,
        module = test.split("::").next().unwrap_or(test),
    )
}

#[test]
fn the_readme_shows_the_not_run_line_as_printed() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let line = not_run(
        &CHROMIUM,
        "browser::the_html_score_report_opens_in_chromium_without_console_errors",
    );
    assert!(readme.contains(&line), "README.md should show:\n{line}");
}
