//! Hostile and huge input (issue 9): a regression corpus by attack class, and a property
//! test that mutates a rule set, a tile set and a position together.
//!
//! Every class runs the `tessera` binary in a sandbox of its own (a fresh directory under
//! the system's temporary directory, the class's files from `tests/hostile/<class>/`
//! copied in, large files generated), with a timeout and, where `prlimit` exists, an
//! address-space limit, and asserts:
//! - the exit code is 0, 1 or 2 (never a panic, an abort, a kill or a hang);
//! - the answer is a located message (`file:line:column`) where the class is wrong input;
//! - nothing was written in the sandbox (and nothing outside it: the working directory is
//!   inside the sandbox);
//! - the run stays under 500 MB of resident memory (measured with `/usr/bin/time` where it
//!   exists; printed with the wall time, `cargo test --test hostile -- --nocapture`);
//! - with `TESSERA_HOSTILE_TARGETS=1`, the issue's time targets: every run under 2 s, the
//!   10,000-turn road under 0.5 s (`TESSERA_HOSTILE_TARGETS=1 cargo test --release --test
//!   hostile`; a debug build is far slower and gets generous timeouts instead).
//!
//! The property test ([`mutated_triples_never_panic`]) takes bundled files, mutates
//! numbers, keys and structure of all three files of a game together, and runs validation
//! and scoring through the library (a panic is caught and reported with the case) and a
//! sample of the cases through the binary. `TESSERA_HOSTILE_SEED=<n>` tries other
//! mutations, `TESSERA_HOSTILE_CASES=<n>` runs more of them.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::io::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::common::Rng;
use serde_json::Value;
use tessera::diag::{Finding, SourceFile};
use tessera::{Failure, ScoreOptions};

// ---------------------------------------------------------------------------------------
// A memory cap for this test process: the property test runs the library in-process, and
// a mutated count can ask it for billions of items. Past the cap an allocation fails (the
// process aborts with "memory allocation of N bytes failed", naming the case first)
// instead of taking the machine's memory.

/// Live heap bytes above which allocations of this test process fail.
const HEAP_CAP: usize = 1536 << 20;

struct Capped;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static CASE: AtomicUsize = AtomicUsize::new(usize::MAX);

// SAFETY: delegates to the system allocator; only counts and refuses.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size() > HEAP_CAP {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            over_cap();
            return std::ptr::null_mut();
        }
        // SAFETY: same layout contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Names the property-test case that ran out of memory, without allocating.
fn over_cap() {
    let case = CASE.load(Ordering::Relaxed);
    let mut digits = [0u8; 20];
    let mut n = case;
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(b"\nhostile: the heap cap (1.5 GiB) was reached");
    if case != usize::MAX {
        let _ = err.write_all(b" in property-test case ");
        let _ = err.write_all(&digits[i..]);
    }
    let _ = err.write_all(b"\n");
}

#[global_allocator]
static ALLOC: Capped = Capped;

// ---------------------------------------------------------------------------------------
// Running the binary in a sandbox.

/// Seconds a run of the binary may take (a debug build; the issue's target is 2 s for a
/// release build).
const TIMEOUT_S: u64 = 10;
/// Seconds for the classes that are large by design (a debug build is 10 to 20 times
/// slower than a release build on them).
const SIZE_TIMEOUT_S: u64 = if cfg!(debug_assertions) { 90 } else { 10 };
/// The issue's target for a run, in seconds, asserted when `TESSERA_HOSTILE_TARGETS=1`
/// (meant for `cargo test --release --test hostile`).
const TARGET_S: f64 = 2.0;
/// Address-space limit of a run (where `prlimit` exists).
const ADDRESS_SPACE: u64 = 2 << 30;
/// Resident memory a run may use (the issue's target).
const MAX_RSS_MB: f64 = 500.0;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tessera")
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Whether a program is on the PATH.
fn have(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// A directory of one test's own: `in/` holds its input files and is the working
/// directory of every run; a run writes nothing anywhere.
struct Sandbox {
    root: PathBuf,
    meta: PathBuf,
}

impl Sandbox {
    fn new(class: &str) -> Sandbox {
        let base = std::env::temp_dir().join(format!("tessera-hostile-{}", std::process::id()));
        let root = base.join(class);
        let meta = base.join(format!("{class}.meta"));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("in")).expect("sandbox directory");
        std::fs::create_dir_all(&meta).expect("sandbox meta directory");
        Sandbox { root, meta }
    }

    /// A sandbox holding a copy of `tests/hostile/<class>/`.
    fn with_class(class: &str) -> Sandbox {
        let sb = Sandbox::new(class);
        let from = repo().join("tests/hostile").join(class);
        for e in std::fs::read_dir(&from).expect("class directory") {
            let p = e.expect("entry").path();
            if p.is_file() {
                std::fs::copy(&p, sb.dir().join(p.file_name().expect("name"))).expect("copy");
            }
        }
        sb
    }

    fn dir(&self) -> PathBuf {
        self.root.join("in")
    }

    /// Makes a FIFO named `name` in the sandbox (with `mkfifo`).
    fn fifo(&self, name: &str) {
        let made = Command::new("mkfifo")
            .arg(self.dir().join(name))
            .status()
            .expect("mkfifo runs");
        assert!(made.success(), "mkfifo made the FIFO {name}");
    }

    fn write(&self, name: &str, data: impl AsRef<[u8]>) -> PathBuf {
        let p = self.dir().join(name);
        std::fs::write(&p, data).expect("write sandbox file");
        p
    }

    /// Every entry under the sandbox (symlinks not followed): kind, size and mtime.
    fn snapshot(&self) -> BTreeMap<PathBuf, (String, u64, Option<std::time::SystemTime>)> {
        fn walk(
            dir: &Path,
            out: &mut BTreeMap<PathBuf, (String, u64, Option<std::time::SystemTime>)>,
        ) {
            let Ok(rd) = std::fs::read_dir(dir) else {
                return;
            };
            for e in rd.flatten() {
                let p = e.path();
                let Ok(m) = std::fs::symlink_metadata(&p) else {
                    continue;
                };
                let ft = m.file_type();
                let kind = if ft.is_symlink() {
                    format!("link to {:?}", std::fs::read_link(&p).ok())
                } else if ft.is_dir() {
                    "dir".to_string()
                } else if ft.is_file() {
                    "file".to_string()
                } else {
                    "special".to_string()
                };
                out.insert(p.clone(), (kind, m.len(), m.modified().ok()));
                if ft.is_dir() {
                    walk(&p, out);
                }
            }
        }
        let mut out = BTreeMap::new();
        walk(&self.root, &mut out);
        out
    }

    /// Runs the binary with `args` in `in/`, checked: exit 0, 1 or 2 within the timeout,
    /// under the memory target, nothing written in the sandbox. The measurement is
    /// printed under the class's name.
    fn run(&self, class: &str, args: &[&str]) -> Outcome {
        self.run_checked(class, args, false, TIMEOUT_S, TARGET_S)
    }

    /// Like [`Sandbox::run`] for the classes that are large by design (thousands of
    /// turns, definitions or findings): a debug build gets [`SIZE_TIMEOUT_S`]; `target`
    /// is the issue's time target in seconds.
    fn run_large(&self, class: &str, args: &[&str], target: f64) -> Outcome {
        self.run_checked(class, args, false, SIZE_TIMEOUT_S, target)
    }

    /// Like [`Sandbox::run`]; with `open_stdin` the binary's standard input is a pipe that
    /// stays open and empty for the whole run (a read from it blocks).
    fn run_with(&self, class: &str, args: &[&str], open_stdin: bool) -> Outcome {
        self.run_checked(class, args, open_stdin, TIMEOUT_S, TARGET_S)
    }

    fn run_checked(
        &self,
        class: &str,
        args: &[&str],
        open_stdin: bool,
        secs: u64,
        target: f64,
    ) -> Outcome {
        let before = self.snapshot();
        let o = run_limited(&self.dir(), &self.meta, args, open_stdin, secs);
        let after = self.snapshot();
        eprintln!(
            "hostile {class}: tessera {} -> {} in {:.2} s, max RSS {}",
            args.join(" "),
            o.describe(),
            o.secs,
            o.rss_mb.map_or("?".to_string(), |m| format!("{m:.0} MB")),
        );
        assert!(
            matches!(o.code, Some(0..=2)),
            "{class}: tessera {} ended with {} after {:.1} s (want exit 0, 1 or 2)\n{}",
            args.join(" "),
            o.describe(),
            o.secs,
            o.tail()
        );
        if std::env::var_os("TESSERA_HOSTILE_TARGETS").is_some_and(|v| v == "1") {
            assert!(
                o.secs < target,
                "{class}: tessera {} took {:.2} s (target: under {target} s)",
                args.join(" "),
                o.secs
            );
        }
        if let Some(mb) = o.rss_mb {
            assert!(
                mb < MAX_RSS_MB,
                "{class}: tessera {} used {mb:.0} MB (target: under {MAX_RSS_MB} MB)",
                args.join(" ")
            );
        }
        let changed: Vec<String> = after
            .iter()
            .filter(|(p, v)| before.get(*p) != Some(v))
            .map(|(p, _)| p.display().to_string())
            .chain(
                before
                    .keys()
                    .filter(|p| !after.contains_key(*p))
                    .map(|p| format!("{} (removed)", p.display())),
            )
            .collect();
        assert!(
            changed.is_empty(),
            "{class}: tessera {} wrote files it was not asked to: {changed:?}",
            args.join(" ")
        );
        o
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
        let _ = std::fs::remove_dir_all(&self.meta);
        // The process's directory goes with its last sandbox (removing a directory that
        // is not empty fails).
        if let Some(base) = self.root.parent() {
            let _ = std::fs::remove_dir(base);
        }
    }
}

/// How a run of the binary ended.
struct Outcome {
    /// The timeout the run had, in seconds.
    limit: u64,
    /// Exit code as the shell sees it (128 + signal for a killed process; `timeout` gives
    /// 137 when it kills a run).
    code: Option<i32>,
    timed_out: bool,
    /// Standard output then standard error.
    out: String,
    stdout: String,
    secs: f64,
    rss_mb: Option<f64>,
}

impl Outcome {
    fn describe(&self) -> String {
        match self.code {
            _ if self.timed_out => format!("a timeout ({} s)", self.limit),
            Some(101) => "exit 101 (a panic)".into(),
            Some(134) => "exit 134 (an abort: allocation failure?)".into(),
            Some(137) => "exit 137 (killed)".into(),
            Some(c) => format!("exit {c}"),
            None => "a signal".into(),
        }
    }

    fn tail(&self) -> String {
        let s = &self.out;
        let start = s.len().saturating_sub(3000);
        let start = (start..=s.len())
            .find(|&i| s.is_char_boundary(i))
            .unwrap_or(s.len());
        s[start..].to_string()
    }

    /// Whether the output names `file:LINE:COLUMN` for one of `files` (by file name).
    fn located_in(&self, files: &[&str]) -> bool {
        files.iter().any(|f| located(&self.out, f))
    }
}

/// Whether `text` holds `name:LINE:COLUMN` (digits after each colon).
fn located(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let rest = &text[i + name.len()..];
        let mut parts = rest.splitn(3, ':');
        parts.next() == Some("")
            && parts.next().is_some_and(is_number)
            && parts.next().is_some_and(|c| {
                let digits = c.chars().take_while(char::is_ascii_digit).count();
                digits > 0
            })
    })
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

fn run_limited(dir: &Path, meta: &Path, args: &[&str], open_stdin: bool, limit: u64) -> Outcome {
    let time_file = meta.join("time.txt");
    let _ = std::fs::remove_file(&time_file);
    let mut argv: Vec<String> = Vec::new();
    let timeout = have("timeout");
    if timeout.is_some() {
        argv.extend(["timeout", "-s", "KILL"].map(String::from));
        argv.push(limit.to_string());
    }
    if have("prlimit").is_some() {
        argv.push("prlimit".into());
        argv.push(format!("--as={ADDRESS_SPACE}"));
        argv.push("--".into());
    }
    let time = Path::new("/usr/bin/time");
    if time.is_file() {
        argv.push(time.display().to_string());
        argv.extend(["-f", "%e %M", "-o"].map(String::from));
        argv.push(time_file.display().to_string());
    }
    argv.push(bin().to_string());
    argv.extend(args.iter().map(|a| a.to_string()));
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..])
        .current_dir(dir)
        .env("RUST_BACKTRACE", "0")
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("FORCE_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if open_stdin {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let start = Instant::now();
    let mut child = cmd.spawn().expect("run tessera");
    // Kept open (and empty) until the run ends.
    let stdin = child.stdin.take();
    let output = if timeout.is_some() {
        child.wait_with_output().expect("wait for tessera")
    } else {
        // No `timeout` program: poll, and kill the run at the deadline.
        let deadline = start + Duration::from_secs(limit);
        while child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        child.wait_with_output().expect("wait for tessera")
    };
    drop(stdin);
    let secs = start.elapsed().as_secs_f64();
    let rss_mb = std::fs::read_to_string(&time_file).ok().and_then(|t| {
        t.lines()
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map(|kb| kb / 1024.0)
    });
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let timed_out = secs >= limit as f64 - 0.05;
    Outcome {
        limit,
        code: output.status.code().or_else(|| {
            use std::os::unix::process::ExitStatusExt;
            output.status.signal().map(|s| 128 + s)
        }),
        timed_out,
        out: format!("{stdout}{stderr}"),
        stdout,
        secs,
        rss_mb,
    }
}

/// Asserts a run reported wrong input (exit 2) at `file:line:column` in one of `files`.
fn assert_located(class: &str, o: &Outcome, files: &[&str]) {
    assert!(
        o.code == Some(2) && o.located_in(files),
        "{class}: want exit 2 and a finding located (file:line:column) in {files:?}, got {}\n{}",
        o.describe(),
        o.tail()
    );
}

/// The records of `validate --format json`, each checked to have a file, line and column.
fn json_records(class: &str, o: &Outcome) -> Vec<Value> {
    let v: Value = serde_json::from_str(&o.stdout)
        .unwrap_or_else(|e| panic!("{class}: --format json printed no JSON ({e})\n{}", o.tail()));
    let records = v["findings"]
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("{class}: no `findings` list\n{}", o.tail()));
    for r in &records {
        check_record(class, r);
    }
    records
}

fn check_record(class: &str, r: &Value) {
    for key in ["file", "line", "column"] {
        assert!(
            !r[key].is_null(),
            "{class}: a finding without `{key}`: {}",
            serde_json::to_string(r).unwrap_or_default()
        );
    }
    for rel in r["related"].as_array().into_iter().flatten() {
        check_record(class, rel);
    }
}

/// A small tile set of `n` definitions (three shapes of the base game in turn, count 1
/// each) under the bundled base rule set: valid, as large as asked.
fn tileset_of(n: usize) -> String {
    let shapes = [
        "sides: {N: city, E: field, S: field, W: field}, segments: [{id: city, feature: city, at: [N]}, {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}]",
        "sides: {N: road, E: field, S: road, W: field}, segments: [{id: road, feature: road, at: [N, S]}, {id: f1, feature: field, at: [NR, E, SL]}, {id: f2, feature: field, at: [NL, SR, W]}]",
        "sides: {N: field, E: field, S: field, W: field}, segments: [{id: monastery, feature: monastery}, {id: field, feature: field, at: [N, E, S, W]}]",
    ];
    let mut s = format!(
        "name: Generated, {n} definitions\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: {n}\nstart: {{tile: T0}}\ntiles:\n"
    );
    for i in 0..n {
        s.push_str(&format!("  - {{id: T{i}, count: 1, {}}}\n", shapes[i % 3]));
    }
    s
}

// ---------------------------------------------------------------------------------------
// The classes of the issue.

#[test]
fn far_column() {
    // One line: a finding at a column past 65,535 (the old renderer panicked there).
    let sb = Sandbox::new("far-column");
    let pad = " ".repeat(70_000);
    sb.write(
        "tileset.yaml",
        format!(
            "{{name: far, ruleset: \"bundled:rulesets/carcassonne.yaml\",{pad}total: 5, start: {{tile: C}}, tiles: [{{id: C, count: 1, sides: {{N: city, E: field, S: field, W: field}}, segments: [{{id: city, feature: city, at: [N]}}, {{id: field, feature: field, at: [E, S, W], links: {{touches: [city]}}}}]}}]}}\n"
        ),
    );
    // The same far column after tabs and wide characters, on line 3 of a rule set.
    let wide = "\u{4e00}\t".repeat(40_000);
    sb.write(
        "ruleset.yaml",
        format!("name: far\n# {wide}\nterrains: [city, road, field]{pad}, sides: nope\n"),
    );
    let o = sb.run("far_column", &["validate", "tileset.yaml"]);
    assert_located("far_column", &o, &["tileset.yaml"]);
    let o = sb.run("far_column", &["validate", "ruleset.yaml"]);
    assert_located("far_column", &o, &["ruleset.yaml"]);
    let o = sb.run(
        "far_column",
        &["validate", "--format", "json", "tileset.yaml"],
    );
    let records = json_records("far_column", &o);
    assert!(
        records
            .iter()
            .any(|r| r["column"].as_u64().is_some_and(|c| c > 65_535)),
        "far_column: the count finding is at its real column\n{}",
        o.tail()
    );
}

#[test]
fn pieces_empty() {
    let sb = Sandbox::with_class("pieces-empty");
    let files = ["ruleset.yaml", "tileset.yaml", "position.yaml"];
    let o = sb.run("pieces_empty", &["validate", "ruleset.yaml"]);
    assert_located("pieces_empty", &o, &files);
    let o = sb.run("pieces_empty", &["score", "position.yaml", "--final"]);
    assert_located("pieces_empty", &o, &files);
    // A piece kind with no roles: the rule set may be accepted, the piece may not.
    let files = [
        "ruleset-no-roles.yaml",
        "tileset-no-roles.yaml",
        "position-no-roles.yaml",
    ];
    let o = sb.run("pieces_empty", &["validate", "ruleset-no-roles.yaml"]);
    assert!(o.code == Some(0) || o.located_in(&files), "{}", o.tail());
    for cmd in [
        &["score", "position-no-roles.yaml", "--final"][..],
        &["validate", "position-no-roles.yaml"],
    ] {
        let o = sb.run("pieces_empty", cmd);
        assert_located("pieces_empty", &o, &files);
    }
}

#[test]
fn item_count_u32_max() {
    let sb = Sandbox::with_class("item-count-u32-max");
    let o = sb.run("item_count_u32_max", &["validate", "tileset.yaml"]);
    assert_located("item_count_u32_max", &o, &["tileset.yaml"]);
    let o = sb.run("item_count_u32_max", &["score", "position.yaml", "--final"]);
    assert_located("item_count_u32_max", &o, &["tileset.yaml", "position.yaml"]);
    // Items that become tokens (Gold Rush nuggets).
    for cmd in [
        &["validate", "tokens-position.yaml"][..],
        &["score", "tokens-position.yaml", "--final"],
    ] {
        let o = sb.run("item_count_u32_max", cmd);
        assert_located("item_count_u32_max", &o, &["tokens-position.yaml"]);
    }
}

#[test]
fn pennants_2pow31_on_two_tiles() {
    let sb = Sandbox::with_class("pennants-2pow31");
    let o = sb.run("pennants_2pow31", &["validate", "tileset.yaml"]);
    assert_located("pennants_2pow31", &o, &["tileset.yaml"]);
    let o = sb.run("pennants_2pow31", &["score", "position.yaml", "--final"]);
    assert_located("pennants_2pow31", &o, &["tileset.yaml", "position.yaml"]);
}

/// A tile set naming `ruleset` and a position naming `tileset`; each must be a finding at
/// the path, without reading it.
fn special_file_named(class: &str, sb: &Sandbox, special: &str, open_stdin: bool) {
    let tiles = tileset_of(3);
    sb.write(
        "names-ruleset.yaml",
        tiles.replace(
            "ruleset: bundled:rulesets/carcassonne.yaml",
            &format!("ruleset: {special}"),
        ),
    );
    sb.write(
        "names-tileset.yaml",
        format!("tileset: {special}\nplayers: [A, B]\nturns: []\n"),
    );
    sb.write(
        "names-both.yaml",
        "tileset: names-ruleset.yaml\nplayers: [A, B]\nturns: []\n",
    );
    for (cmd, files) in [
        (
            &["validate", "names-ruleset.yaml"][..],
            &["names-ruleset.yaml"][..],
        ),
        (&["validate", "names-tileset.yaml"], &["names-tileset.yaml"]),
        (
            &["score", "names-tileset.yaml", "--final"],
            &["names-tileset.yaml"],
        ),
        (
            &["score", "names-both.yaml", "--final"],
            &["names-ruleset.yaml", "names-both.yaml"],
        ),
    ] {
        let o = sb.run_with(class, cmd, open_stdin);
        assert_located(class, &o, files);
    }
    // Named on the command line: a tool failure or a finding, naming the path.
    for cmd in [
        &["validate", special][..],
        &["score", special],
        &["validate", "--ruleset", special, "tile.xml"],
    ] {
        sb.write(
            "tile.xml",
            std::fs::read(repo().join("tests/fixtures/jcz/count.xml")).expect("fixture"),
        );
        let o = sb.run_with(class, cmd, open_stdin);
        assert!(
            o.code != Some(0) && o.out.contains(special),
            "{class}: tessera {} must fail naming {special}\n{}",
            cmd.join(" "),
            o.tail()
        );
    }
}

#[test]
fn fifo_as_named_path() {
    let sb = Sandbox::new("fifo");
    sb.fifo("pipe.yaml");
    special_file_named("fifo_as_named_path", &sb, "pipe.yaml", false);
}

#[test]
fn dev_zero_as_named_path() {
    let sb = Sandbox::new("dev-zero");
    special_file_named("dev_zero_as_named_path", &sb, "/dev/zero", false);
}

#[test]
fn dev_urandom_as_named_path() {
    let sb = Sandbox::new("dev-urandom");
    special_file_named("dev_urandom_as_named_path", &sb, "/dev/urandom", false);
}

#[test]
fn dev_stdin_as_named_path() {
    let sb = Sandbox::new("dev-stdin");
    special_file_named("dev_stdin_as_named_path", &sb, "/dev/stdin", true);
}

#[test]
fn directory_as_named_path() {
    let sb = Sandbox::new("directory");
    std::fs::create_dir(sb.dir().join("dir.yaml")).expect("a directory named like a file");
    special_file_named("directory_as_named_path", &sb, "dir.yaml", false);
}

#[test]
fn symlink_loop_directory() {
    let sb = Sandbox::new("symlink-loop");
    let d = sb.dir().join("sets");
    std::fs::create_dir(&d).expect("directory");
    std::fs::write(d.join("tiles.yaml"), tileset_of(3)).expect("write");
    std::os::unix::fs::symlink(".", d.join("self1")).expect("symlink");
    std::os::unix::fs::symlink(".", d.join("self2")).expect("symlink");
    std::os::unix::fs::symlink("..", d.join("up")).expect("symlink");
    let o = sb.run("symlink_loop_directory", &["validate", "sets"]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(
        o.out.contains("checked 1 file:"),
        "symlink_loop_directory: each file is checked once\n{}",
        o.tail()
    );
}

#[test]
fn tile_counts_past_2pow32() {
    let sb = Sandbox::with_class("counts-past-u32");
    let o = sb.run("tile_counts_past_2pow32", &["validate", "tileset.yaml"]);
    assert_located("tile_counts_past_2pow32", &o, &["tileset.yaml"]);
    // Composed: the true sum, or a schema maximum at the counts; never a wrapped sum.
    let o = sb.run("tile_counts_past_2pow32", &["validate", "composed.yaml"]);
    assert!(
        (o.code == Some(0) && o.out.contains("8589934653")) || o.located_in(&["composed.yaml"]),
        "tile_counts_past_2pow32: composed sum\n{}",
        o.tail()
    );
}

/// The players' points of `score --format json`.
fn points(class: &str, o: &Outcome) -> Vec<i64> {
    let v: Value = serde_json::from_str(&o.stdout)
        .unwrap_or_else(|e| panic!("{class}: --format json printed no JSON ({e})\n{}", o.tail()));
    v["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| p["points"].as_i64().expect("points"))
        .collect()
}

#[test]
fn banked_scores_near_i64_limits() {
    let class = "banked_scores_near_i64_limits";
    let sb = Sandbox::with_class("banked-scores");
    // Either a schema maximum at the scores, or totals that saturate: every player's
    // points are non-negative at the top, non-positive at the bottom.
    for (file, sign) in [("max.yaml", 1), ("min.yaml", -1)] {
        let o = sb.run(class, &["score", file, "--final", "--format", "json"]);
        if o.code == Some(2) {
            assert_located(class, &o, &[file, "penalty.yaml"]);
        } else {
            assert_eq!(o.code, Some(0), "{}", o.tail());
            let p = points(class, &o);
            assert!(
                !p.is_empty() && p.iter().all(|x| if sign > 0 { *x >= 0 } else { *x <= 0 }),
                "{class}: {file}: totals wrapped: {p:?}"
            );
        }
        // In the text report too: 922337203685477580x keeps its sign.
        let o = sb.run(class, &["score", file, "--final"]);
        let wrapped = o.out.match_indices("922337203685477580").any(|(i, _)| {
            let negative = o.out[..i].ends_with('-');
            negative != (sign < 0)
        });
        assert!(
            o.code != Some(0) || !wrapped,
            "{class}: {file}: the text report shows a wrapped total\n{}",
            o.tail()
        );
    }
}

#[test]
fn huge_points_and_area_factors() {
    let class = "huge_points_and_area_factors";
    let sb = Sandbox::with_class("huge-factors");
    for (position, rules) in [
        ("points-position.yaml", "points.yaml"),
        ("area-position.yaml", "area.yaml"),
    ] {
        let o = sb.run(class, &["score", position, "--final", "--format", "json"]);
        if o.code == Some(2) {
            assert_located(class, &o, &[position, rules]);
        } else {
            assert_eq!(o.code, Some(0), "{}", o.tail());
            let p = points(class, &o);
            assert_eq!(
                p.first(),
                Some(&i64::MAX),
                "{class}: {position}: a huge product saturates, it never wraps to 0 or below"
            );
        }
        let o = sb.run(class, &["score", position, "--final"]);
        assert!(
            !o.out.contains("= 0)") && !o.out.contains("= -"),
            "{class}: {position}: a product printed as 0 or negative\n{}",
            o.tail()
        );
    }
}

#[test]
fn schema_over_existing_file() {
    let class = "schema_over_existing_file";
    let sb = Sandbox::new("schema-existing");
    let dir = sb.dir().join("schema");
    std::fs::create_dir(&dir).expect("schema directory");
    std::fs::write(dir.join("ruleset.schema.json"), "my own notes\n").expect("write");
    // Not asked to overwrite: the file stays, and nothing else is half-written.
    let o = sb.run(class, &["schema", "--out", "schema"]);
    assert_ne!(o.code, Some(0), "{class}: refused\n{}", o.tail());
    assert!(
        o.out.contains("ruleset.schema.json"),
        "{class}: the refusal names the file\n{}",
        o.tail()
    );
}

#[test]
fn schema_through_symlink() {
    let class = "schema_through_symlink";
    let sb = Sandbox::new("schema-symlink");
    let outside = sb.root.join("outside");
    std::fs::create_dir(&outside).expect("outside directory");
    std::fs::write(outside.join("target.txt"), "not a schema\n").expect("write");
    let dir = sb.dir().join("schema");
    std::fs::create_dir(&dir).expect("schema directory");
    std::os::unix::fs::symlink("../../outside/target.txt", dir.join("tileset.schema.json"))
        .expect("symlink");
    let o = sb.run(class, &["schema", "--out", "schema"]);
    assert_ne!(o.code, Some(0), "{class}: refused\n{}", o.tail());
    assert!(
        o.out.contains("tileset.schema.json"),
        "{class}: the refusal names the link\n{}",
        o.tail()
    );
}

#[test]
fn schema_outside_checkout() {
    let class = "schema_outside_checkout";
    let sb = Sandbox::new("schema-outside");
    let o = sb.run(class, &["schema"]);
    assert_ne!(o.code, Some(0), "{class}: needs --out\n{}", o.tail());
    assert!(o.out.contains("--out"), "{class}: says so\n{}", o.tail());
    // Asked for: standard output and an explicit directory still work.
    let o = sb.run(class, &["schema", "tileset", "--stdout"]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
}

/// Asserts `text` holds no raw control character but newline and tab, and no line that
/// starts with one of `forged`.
fn assert_escaped(class: &str, o: &Outcome, forged: &[&str]) {
    let raw: Vec<char> = o
        .out
        .chars()
        .filter(|c| c.is_control() && *c != '\n' && *c != '\t')
        .collect();
    assert!(
        raw.is_empty(),
        "{class}: raw control characters {raw:?} printed\n{}",
        o.tail().escape_debug()
    );
    for line in o.out.lines() {
        let t = line.trim_start_matches([' ', '│', '·']);
        assert!(
            !forged.iter().any(|f| t.starts_with(f)),
            "{class}: a newline in a name forged the line `{line}`\n{}",
            o.tail()
        );
    }
}

#[test]
fn control_chars_in_names() {
    let class = "control_chars_in_names";
    let sb = Sandbox::with_class("control-chars");
    let o = sb.run(class, &["score", "position.yaml", "--final"]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert_escaped(class, &o, &["Mallory"]);
    // JSON keeps the names exact.
    let o = sb.run(
        class,
        &["score", "position.yaml", "--final", "--format", "json"],
    );
    let v: Value = serde_json::from_str(&o.stdout).expect("JSON report");
    assert_eq!(
        v["players"][1]["name"].as_str(),
        Some("Ben\nMallory      99       0      99")
    );
    assert_eq!(
        v["players"][0]["name"].as_str(),
        Some("Ann\u{1b}[2J\u{1b}[31m")
    );
    let o = sb.run(class, &["validate", "unknown-tile.yaml"]);
    assert_located(class, &o, &["unknown-tile.yaml"]);
    assert_escaped(class, &o, &["error: forged line"]);
    let o = sb.run(class, &["validate", "tileset.yaml"]);
    assert_located(class, &o, &["tileset.yaml"]);
    assert_escaped(class, &o, &["forged", "checked 0 files"]);
    // Raw control bytes in the file itself: the snippet shows them escaped.
    sb.write(
        "raw.yaml",
        b"tileset: bundled:tilesets/base.yaml\nplayers: [A, \"B\x1b[2J\x07\"]\nturns: [{tile: Q\x1b[31m, x: 9, y: 9}]\n",
    );
    let o = sb.run(class, &["validate", "raw.yaml"]);
    assert_located(class, &o, &["raw.yaml"]);
    assert_escaped(class, &o, &[]);
}

#[test]
fn start_tile_count_zero() {
    let class = "start_tile_count_zero";
    let sb = Sandbox::with_class("start-count-zero");
    let o = sb.run(class, &["validate", "--format", "json", "tileset.yaml"]);
    json_records(class, &o);
    let o = sb.run(class, &["score", "position.yaml", "--final"]);
    assert_located(class, &o, &["tileset.yaml", "position.yaml"]);
    let o = sb.run(class, &["validate", "--format", "json", "position.yaml"]);
    assert!(!json_records(class, &o).is_empty(), "{}", o.tail());
}

#[test]
fn unknown_player_under_held() {
    let class = "unknown_player_under_held";
    let sb = Sandbox::with_class("held-unknown-player");
    let o = sb.run(class, &["score", "position.yaml", "--final"]);
    assert_located(class, &o, &["position.yaml"]);
    let o = sb.run(class, &["validate", "--format", "json", "position.yaml"]);
    let records = json_records(class, &o);
    let text = std::fs::read_to_string(sb.dir().join("position.yaml")).expect("read");
    let line = text
        .lines()
        .position(|l| l.trim_start().starts_with("Nobody:"))
        .expect("the held line")
        + 1;
    assert!(
        records
            .iter()
            .any(|r| r["line"].as_u64() == Some(line as u64)),
        "{class}: the finding is at `Nobody:` (line {line})\n{}",
        o.tail()
    );
}

#[test]
fn provenance_in_comment() {
    let class = "provenance_in_comment";
    let sb = Sandbox::with_class("provenance-in-comment");
    let o = sb.run(class, &["validate", "--format", "json", "tileset.yaml"]);
    let records = json_records(class, &o);
    let note = records
        .iter()
        .find(|r| r["code"] == "note::provenance")
        .unwrap_or_else(|| panic!("{class}: a provenance note\n{}", o.tail()));
    assert_eq!(
        note["line"].as_u64(),
        Some(8),
        "{class}: the note is at the `provenance:` key, not in a comment"
    );
    // JSON style (found by the property test): no line reads `provenance:`.
    let o = sb.run(class, &["validate", "--format", "json", "json-style.yaml"]);
    let records = json_records(class, &o);
    assert!(
        records
            .iter()
            .any(|r| r["code"] == "note::provenance" && r["line"].as_u64() == Some(9)),
        "{class}: the note is at the `\"status\"` value\n{}",
        o.tail()
    );
}

/// A position laying `n` straight road tiles north of the start tile, a follower on the
/// first: one road of n + 1 tiles. The tiles are several ids of the same shape, 1,000
/// copies each (a real count, under the schema's maximum).
fn one_road(sb: &Sandbox, n: usize) {
    const PER_ID: usize = 1_000;
    let ids = (n + 1).div_ceil(PER_ID);
    let mut t = format!(
        "name: One straight road\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: {}\nstart: {{tile: R0}}\ntiles:\n",
        n + 1
    );
    for k in 0..ids {
        let count = PER_ID.min(n + 1 - k * PER_ID);
        t.push_str(&format!(
            "  - id: R{k}\n    count: {count}\n    sides: {{N: road, E: field, S: road, W: field}}\n    segments:\n      - {{id: road, feature: road, at: [N, S]}}\n      - {{id: f1, feature: field, at: [NR, E, SL]}}\n      - {{id: f2, feature: field, at: [NL, SR, W]}}\n"
        ));
    }
    sb.write("road-tiles.yaml", t);
    let mut p = String::from("tileset: road-tiles.yaml\nplayers: [A, B]\nturns:\n");
    for i in 1..=n {
        let piece = if i == 1 { ", piece: N" } else { "" };
        let id = i / PER_ID;
        p.push_str(&format!("  - {{tile: R{id}, x: 0, y: -{i}{piece}}}\n"));
    }
    sb.write("road.yaml", p);
}

fn one_road_class(class: &str, n: usize, target: f64) {
    let sb = Sandbox::new(class);
    one_road(&sb, n);
    let o = sb.run_large(
        class,
        &["score", "road.yaml", "--final", "--format", "json"],
        target,
    );
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert_eq!(
        points(class, &o),
        [n as i64 + 1, 0],
        "{class}: the open road scores a point per tile"
    );
}

#[test]
fn one_road_5000_turns() {
    one_road_class("one_road_5000_turns", 5_000, TARGET_S);
}

#[test]
fn one_road_10000_turns() {
    // The issue's target: the whole process in under 0.5 s.
    one_road_class("one_road_10000_turns", 10_000, 0.5);
}

#[test]
fn findings_4000() {
    let class = "findings_4000";
    let sb = Sandbox::new(class);
    let mut s = String::from(
        "name: many findings\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: 4000\nstart: {tile: T0}\ntiles:\n",
    );
    for i in 0..4_000 {
        s.push_str(&format!(
            "  - {{id: T{i}, count: -1, sides: {{N: field, E: field, S: field, W: field}}, segments: [{{id: f, feature: field, at: [N, E, S, W]}}]}}\n"
        ));
    }
    sb.write("tiles.yaml", s);
    let o = sb.run_large(class, &["validate", "tiles.yaml"], TARGET_S);
    assert_located(class, &o, &["tiles.yaml"]);
    assert!(o.out.contains("4000 errors"), "{}", o.tail());
}

fn definitions_class(class: &str, n: usize, target: f64) {
    let sb = Sandbox::new(class);
    sb.write("tiles.yaml", tileset_of(n));
    let o = sb.run_large(class, &["validate", "tiles.yaml"], target);
    assert_eq!(o.code, Some(0), "{class}: a valid set loads\n{}", o.tail());
}

#[test]
fn tileset_5000_definitions() {
    definitions_class("tileset_5000_definitions", 5_000, TARGET_S);
}

#[test]
fn tileset_20000_definitions() {
    // The issue asks that 20,000 definitions load (YAML budgets); its 2 s target is for
    // the class it lists, 5,000 definitions. A release build takes about 2.4 s here on
    // this machine (YAML parsing dominates), so the target asserted is 5 s.
    definitions_class("tileset_20000_definitions", 20_000, 5.0);
}

// ---------------------------------------------------------------------------------------
// The property test.

/// Values a mutated number takes.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    // Not a 64-bit whole number: last, see `number`.
    "99999999999999999999999",
    "1e400",
    "0.5",
];

/// A value for a mutated number: mostly whole numbers a 64-bit integer holds (the file
/// still has its shape), sometimes not.
fn number(rng: &mut Rng) -> &'static str {
    let whole = NUMBERS.len() - 3;
    if rng.below(5) == 0 {
        NUMBERS[rng.below(NUMBERS.len())]
    } else {
        NUMBERS[rng.below(whole)]
    }
}

/// A game of three files from the bundled data: a rule set, a tile set (cut down to the
/// tiles the position uses, to keep a debug build fast) and a position.
struct Triple {
    name: &'static str,
    ruleset: String,
    tileset: String,
    position: String,
}

/// The tiles of a bundled tile set whose ids are in `keep`, with `total` recounted and
/// `ruleset:` pointing at `ruleset.yaml`; the text keeps its YAML style.
fn cut_tileset(text: &str, keep: &[&str]) -> String {
    let (head, body) = text.split_once("\ntiles:\n").expect("a tiles list");
    let mut total = 0u64;
    let mut tiles = String::new();
    for block in body.split("\n  - id: ").skip(1) {
        let id = block
            .lines()
            .next()
            .unwrap_or("")
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches('"');
        if keep.contains(&id) {
            let count = block
                .lines()
                .find_map(|l| l.trim().strip_prefix("count: "))
                .and_then(|c| c.split_whitespace().next()?.parse::<u64>().ok())
                .unwrap_or(1);
            total += count;
            tiles.push_str("\n  - id: ");
            tiles.push_str(block);
        }
    }
    let head: Vec<String> = head
        .lines()
        .map(|l| {
            if l.starts_with("ruleset:") {
                "ruleset: ruleset.yaml".to_string()
            } else if l.starts_with("total:") {
                format!("total: {total}")
            } else {
                l.to_string()
            }
        })
        .collect();
    format!("{}\ntiles:{tiles}\n", head.join("\n"))
}

fn with_tileset(position: &str) -> String {
    position
        .lines()
        .map(|l| {
            if l.starts_with("tileset:") {
                "tileset: tileset.yaml"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo().join(rel)).expect("bundled file")
}

fn triples() -> Vec<Triple> {
    vec![
        Triple {
            name: "base",
            ruleset: read("rulesets/carcassonne.yaml"),
            tileset: cut_tileset(
                &read("tilesets/base.yaml"),
                &["A", "D", "E", "O", "P", "U", "V", "X"],
            ),
            position: with_tileset(&read("examples/base-scoring.yaml")),
        },
        Triple {
            name: "base-snapshot",
            ruleset: read("rulesets/carcassonne.yaml"),
            tileset: cut_tileset(
                &read("tilesets/base.yaml"),
                &["A", "D", "E", "O", "P", "V", "X"],
            ),
            position: with_tileset(&read("tests/positions/snapshot/c1-after-last-turn.yaml")),
        },
        Triple {
            name: "hunters-gatherers",
            ruleset: read("rulesets/hunters-gatherers.yaml"),
            tileset: cut_tileset(
                &read("tilesets/hunters-gatherers.yaml"),
                &["31", "34", "35", "36", "37", "56", "61", "76", "92"],
            ),
            position: with_tileset(&read("tests/positions/hg/ex10-pit-trap.yaml")),
        },
        Triple {
            name: "gold-rush",
            ruleset: read("rulesets/gold-rush.yaml"),
            tileset: cut_tileset(&read("tilesets/gold-rush-reconstructed.yaml"), &["33"]),
            position: with_tileset(&read("examples/gold-rush.yaml")),
        },
    ]
}

/// Byte ranges of the numbers in `text` (outside comments).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut off = 0;
    for line in text.split_inclusive('\n') {
        let code = line.split(" #").next().unwrap_or("");
        if !code.trim_start().starts_with('#') {
            let b = code.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let starts = b[i].is_ascii_digit()
                    || (b[i] == b'-' && i + 1 < b.len() && b[i + 1].is_ascii_digit());
                let after_sep = i == 0 || b" [{,:-".contains(&b[i - 1]);
                if starts && after_sep {
                    let j = (i + 1..b.len())
                        .find(|&j| !b[j].is_ascii_digit())
                        .unwrap_or(b.len());
                    let ends = j == b.len() || b" ]},\r\n".contains(&b[j]);
                    if ends {
                        out.push((off + i, off + j));
                    }
                    i = j;
                } else {
                    i += 1;
                }
            }
        }
        off += line.len();
    }
    out
}

/// Byte ranges of the keys in `text` (`key:` in block or flow style).
fn keys(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b':' && i + 1 < b.len() && (b[i + 1] == b' ' || b[i + 1] == b'\n') {
            let start = (0..i)
                .rev()
                .find(|&j| !(b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'-'))
                .map_or(0, |j| j + 1);
            if start < i && (start == 0 || b" {\n".contains(&b[start - 1])) {
                out.push((start, i));
            }
        }
        i += 1;
    }
    out
}

fn lines_of(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// One textual mutation of a YAML file; returns its description.
fn mutate_text(text: &mut String, rng: &mut Rng, others: &[&str]) -> String {
    // Numbers most often: they keep the file's shape, so the case reaches the engine.
    match rng.below(20) {
        0..=9 => {
            let nums = numbers(text);
            if nums.is_empty() {
                return "no number".into();
            }
            let (a, b) = nums[rng.below(nums.len())];
            let v = number(rng);
            let d = format!("number `{}` -> `{v}`", &text[a..b]);
            text.replace_range(a..b, v);
            d
        }
        10 | 11 => {
            // Rename a key to another key of any of the three files (or a new one).
            let ks = keys(text);
            if ks.is_empty() {
                return "no key".into();
            }
            let (a, b) = ks[rng.below(ks.len())];
            let pool: Vec<String> = others
                .iter()
                .flat_map(|o| keys(o).into_iter().map(|(x, y)| o[x..y].to_string()))
                .collect();
            let new = if pool.is_empty() || rng.below(4) == 0 {
                "zzz".to_string()
            } else {
                pool[rng.below(pool.len())].clone()
            };
            let d = format!("key `{}` -> `{new}`", &text[a..b]);
            text.replace_range(a..b, &new);
            d
        }
        12 | 13 => {
            // Drop or duplicate a line (a key, a list item, a map entry).
            let lines = lines_of(text);
            let k = rng.below(lines.len());
            let dup = rng.below(2) == 0;
            let d = format!(
                "{} line {}: {}",
                if dup { "duplicate" } else { "drop" },
                k + 1,
                lines[k].trim_end()
            );
            let mut v: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            if dup {
                let times = [1, 2, 50][rng.below(3)];
                for _ in 0..times {
                    v.insert(k, lines[k].to_string());
                }
            } else {
                v.remove(k);
            }
            *text = v.concat();
            d
        }
        14 if text.contains("\ntotal: ") => {
            // A tile's count changed with `total` kept consistent, so that the tile set
            // still loads and the count reaches the engine.
            let counts: Vec<usize> = text.match_indices("count: ").map(|(i, _)| i + 7).collect();
            if counts.is_empty() {
                return "no count".into();
            }
            let at = counts[rng.below(counts.len())];
            let end = text[at..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(text.len(), |e| at + e);
            let old: u128 = text[at..end].parse().unwrap_or(0);
            let v = ["0", "4294967295", "2147483648", "65536", "1000000"][rng.below(5)];
            text.replace_range(at..end, v);
            let t = text.find("\ntotal: ").map_or(0, |i| i + 8);
            let t_end = text[t..].find('\n').map_or(text.len(), |e| t + e);
            let total: u128 = text[t..t_end].trim().parse().unwrap_or(0);
            let new_total = (total + v.parse::<u128>().unwrap_or(0)).saturating_sub(old);
            text.replace_range(t..t_end, &new_total.to_string());
            format!("a count {old} -> {v}, total {total} -> {new_total}")
        }
        14 => {
            // Empty a value: the rest of a `key:` line becomes {}, [], ~ or "".
            let ks = keys(text);
            if ks.is_empty() {
                return "no key".into();
            }
            let (_, b) = ks[rng.below(ks.len())];
            let end = text[b..].find('\n').map_or(text.len(), |e| b + e);
            let v = ["{}", "[]", "~", "\"\"", "{}}", "[[]]"][rng.below(6)];
            let d = format!("value after `{}` -> `{v}`", &text[b..end]);
            text.replace_range(b..end, &format!(": {v}"));
            d
        }
        15 => {
            // Swap structure: the value of one key line takes another's.
            let ks = keys(text);
            if ks.len() < 2 {
                return "no keys".into();
            }
            let (_, b1) = ks[rng.below(ks.len())];
            let (_, b2) = ks[rng.below(ks.len())];
            let e2 = text[b2..].find('\n').map_or(text.len(), |e| b2 + e);
            let value = text[b2..e2].to_string();
            let e1 = text[b1..].find('\n').map_or(text.len(), |e| b1 + e);
            let d = format!("value `{}` -> `{value}`", &text[b1..e1]);
            text.replace_range(b1..e1, &value);
            d
        }
        _ => {
            // A structural edit on the parsed tree, written back as JSON (valid YAML).
            mutate_tree(text, rng)
        }
    }
}

/// Parses `text`, edits one node of its tree (numbers to limits, keys dropped or renamed,
/// maps and lists emptied, a node replaced by another subtree, list items repeated) and
/// writes it back as JSON.
fn mutate_tree(text: &mut String, rng: &mut Rng) -> String {
    let file = SourceFile::new(Path::new("tree.yaml"), text.clone());
    let Ok(root) = tessera::load::parse(&file) else {
        return "tree: does not parse".into();
    };
    let mut v = root.value.to_json();
    let mut nodes = Vec::new();
    collect_paths(&v, &mut Vec::new(), &mut nodes);
    if nodes.is_empty() {
        return "tree: empty".into();
    }
    let path = nodes[rng.below(nodes.len())].clone();
    let donor = get(&v, &nodes[rng.below(nodes.len())]).cloned();
    let Some(node) = get_mut(&mut v, &path) else {
        return "tree: no node".into();
    };
    let d = match (rng.below(6), &mut *node) {
        (0, Value::Object(m)) if !m.is_empty() => {
            let k = m
                .keys()
                .nth(rng.below(m.len()))
                .cloned()
                .unwrap_or_default();
            m.remove(&k);
            format!("tree: drop key {k} at {path:?}")
        }
        (1, Value::Object(m)) if !m.is_empty() => {
            let k = m
                .keys()
                .nth(rng.below(m.len()))
                .cloned()
                .unwrap_or_default();
            let x = m.remove(&k).unwrap_or(Value::Null);
            m.insert(format!("{k}_renamed"), x);
            format!("tree: rename key {k} at {path:?}")
        }
        (2, Value::Array(a)) if !a.is_empty() => {
            let i = rng.below(a.len());
            let times = [1, 7, 300][rng.below(3)];
            for _ in 0..times {
                a.insert(i, a[i].clone());
            }
            format!("tree: repeat item {i} {times} times at {path:?}")
        }
        (3, _) => {
            let n = number(rng);
            *node = serde_json::from_str(n).unwrap_or(Value::Null);
            format!("tree: {path:?} -> {n}")
        }
        (4, _) => {
            *node = [
                Value::Object(Default::default()),
                Value::Array(Vec::new()),
                Value::Null,
            ][rng.below(3)]
            .clone();
            format!("tree: {path:?} emptied")
        }
        _ => {
            *node = donor.unwrap_or(Value::Null);
            format!("tree: {path:?} replaced by another subtree")
        }
    };
    *text = serde_json::to_string_pretty(&v).unwrap_or_default();
    d
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn collect_paths(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                at.push(Step::Key(k.clone()));
                collect_paths(x, at, out);
                at.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                at.push(Step::Index(i));
                collect_paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn get<'a>(v: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get(k),
        Step::Index(i) => v.get(*i),
    })
}

fn get_mut<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get_mut(k),
        Step::Index(i) => v.get_mut(*i),
    })
}

/// The unlocated findings among `findings` (and their related notes), as text.
fn unlocated(findings: &[Finding], out: &mut Vec<String>) {
    for f in findings {
        if f.position().is_none() {
            out.push(format!("[{}] {}", f.check.code(), f.message));
        }
        unlocated(&f.related, out);
    }
}

/// Validation and scoring of the three files through the library: the problems found,
/// and whether the position scored.
fn library_case(dir: &Path) -> (Vec<String>, bool) {
    let mut problems = Vec::new();
    let mut scored = false;
    for name in ["ruleset.yaml", "tileset.yaml", "position.yaml"] {
        if let Ok(v) = tessera::validate_file(&dir.join(name), None) {
            unlocated(&v.findings, &mut problems);
        }
    }
    let position = dir.join("position.yaml");
    for final_scoring in [false, true] {
        let opts = ScoreOptions {
            final_scoring,
            turns: None,
        };
        match tessera::score_checked(&position, &opts) {
            Ok((report, notes)) => {
                scored = true;
                unlocated(&notes, &mut problems);
                std::hint::black_box(report.to_text());
                std::hint::black_box(serde_json::to_string(&report).ok());
            }
            Err(Failure::Findings(f)) => unlocated(&f, &mut problems),
            Err(Failure::Tool(_)) => {}
        }
    }
    (problems, scored)
}

/// Cases a debug build on 2 cores runs in well under a minute.
const CASES: usize = 150;
/// One case in this many also goes through the binary.
const BINARY_EVERY: usize = 10;
/// A case taking longer than this in-process is a hang: the test aborts naming it.
const CASE_DEADLINE: Duration = Duration::from_secs(30);

#[test]
fn mutated_triples_never_panic() {
    let seed = std::env::var("TESSERA_HOSTILE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x4057_11e5_eed5_0009_u64);
    let cases = std::env::var("TESSERA_HOSTILE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CASES);
    let mut rng = Rng(seed.max(1));
    let triples = triples();
    let sb = Sandbox::new("property");
    let dir = sb.dir();
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let started = Instant::now();
    // A watchdog: a case that hangs aborts the run, naming the case.
    let case_started = Mutex::new(Instant::now());
    let done = AtomicBool::new(false);
    let (mut library_runs, mut binary_runs, mut with_findings, mut scored) = (0, 0, 0, 0);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                let t = *case_started.lock().unwrap_or_else(|e| e.into_inner());
                if t.elapsed() > CASE_DEADLINE && !done.load(Ordering::Relaxed) {
                    eprintln!(
                        "hostile: property-test case {} (seed {seed}) ran past {} s: a hang",
                        CASE.load(Ordering::Relaxed),
                        CASE_DEADLINE.as_secs()
                    );
                    std::process::abort();
                }
            }
        });
        for case in 0..cases {
            let t = &triples[rng.below(triples.len())];
            let mut files = [t.ruleset.clone(), t.tileset.clone(), t.position.clone()];
            let mut what = Vec::new();
            let mutations = [1, 1, 1, 2, 2, 3][rng.below(6)];
            for _ in 0..mutations {
                let k = rng.below(3);
                let others = files.clone();
                let refs: Vec<&str> = others.iter().map(String::as_str).collect();
                let d = mutate_text(&mut files[k], &mut rng, &refs);
                what.push(format!("{}: {d}", ["ruleset", "tileset", "position"][k]));
            }
            for (name, text) in ["ruleset.yaml", "tileset.yaml", "position.yaml"]
                .iter()
                .zip(&files)
            {
                sb.write(name, text);
            }
            CASE.store(case, Ordering::Relaxed);
            *case_started.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
            let label = format!("case {case} ({}; {})", t.name, what.join("; "));
            match catch_unwind(AssertUnwindSafe(|| library_case(&dir))) {
                Ok((problems, did_score)) => {
                    scored += usize::from(did_score);
                    with_findings += usize::from(!problems.is_empty());
                    for p in problems {
                        push(&failures, format!("{label}: unlocated finding {p}"));
                    }
                }
                Err(e) => {
                    let msg = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    push(&failures, format!("{label}: panic: {msg}"));
                    keep(&dir, case);
                }
            }
            library_runs += 1;
            if case % BINARY_EVERY == 0 {
                binary_runs += 1;
                *case_started.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
                for args in [
                    &[
                        "validate",
                        "--format",
                        "json",
                        "ruleset.yaml",
                        "tileset.yaml",
                        "position.yaml",
                    ][..],
                    &["score", "position.yaml", "--final"],
                ] {
                    let o = run_limited(&dir, &sb.meta, args, false, TIMEOUT_S);
                    if !matches!(o.code, Some(0..=2)) {
                        push(
                            &failures,
                            format!("{label}: tessera {} ended with {}", args[0], o.describe()),
                        );
                        keep(&dir, case);
                    } else if args[0] == "validate" {
                        let report: Value = serde_json::from_str(&o.stdout).unwrap_or(Value::Null);
                        for r in report["findings"].as_array().into_iter().flatten() {
                            if r["line"].is_null() || r["column"].is_null() || r["file"].is_null() {
                                push(
                                    &failures,
                                    format!("{label}: unlocated record {}", r["code"]),
                                );
                            }
                        }
                    } else if o.code == Some(2) && !o.located_in(&[".yaml"]) {
                        push(
                            &failures,
                            format!("{label}: score exit 2 without a location"),
                        );
                    }
                }
            }
        }
        done.store(true, Ordering::Relaxed);
    });
    CASE.store(usize::MAX, Ordering::Relaxed);
    eprintln!(
        "hostile property test: seed {seed}, {library_runs} cases through the library ({scored} scored), {binary_runs} through the binary, {with_findings} with unlocated findings, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(
        failures.is_empty(),
        "{} problems (seed {seed}; failing cases kept under {}):\n{}",
        failures.len(),
        kept_dir().display(),
        failures.join("\n")
    );
}

fn push(failures: &Mutex<Vec<String>>, s: String) {
    failures.lock().unwrap_or_else(|e| e.into_inner()).push(s);
}

/// Where the files of failing cases are kept for reproduction.
fn kept_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-failures")
}

fn keep(dir: &Path, case: usize) {
    let to = kept_dir().join(format!("case-{case}"));
    let _ = std::fs::create_dir_all(&to);
    for name in ["ruleset.yaml", "tileset.yaml", "position.yaml"] {
        let _ = std::fs::copy(dir.join(name), to.join(name));
    }
}

#[test]
fn long_names_in_reports() {
    // Issue 21: names of 70,000 characters in the text reports (a player, a segment id, a
    // feature kind, written as an explicit YAML key since plain keys stop at 1,024). The
    // report layer padded columns to the longest name, and `format!` panics past 65,535.
    let class = "long_names_in_reports";
    let sb = Sandbox::new("long-names");
    let long = |c: &str| c.repeat(70_000);
    let base = std::fs::read_to_string(repo().join("tilesets/base.yaml")).expect("base set");
    let base = base.replace(
        "ruleset: ../rulesets/carcassonne.yaml",
        "ruleset: ruleset.yaml",
    );
    let rules = std::fs::read_to_string(repo().join("rulesets/carcassonne.yaml")).expect("rules");
    let kind = long("k");
    let rules = rules
        .replacen("  monastery:\n", &format!("  ? {kind}\n  :\n"), 1)
        .replacen(
            "  monastery: \"#d8504d\"",
            &format!("  ? {kind}\n  : \"#d8504d\""),
            1,
        )
        .replace("monastery", &kind);
    sb.write("ruleset.yaml", &rules);
    sb.write("tileset.yaml", base.replace("monastery", &kind));
    let o = sb.run(
        class,
        &["simulate", "ruleset.yaml", "tileset.yaml", "--games", "3"],
    );
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(
        o.stdout.contains(&format!("{kind}: completed per game")),
        "{}",
        o.tail()
    );
    // A segment id of 70,000 characters, drawn by `tiles --tile`.
    let seg = long("m");
    let rules_plain =
        std::fs::read_to_string(repo().join("rulesets/carcassonne.yaml")).expect("rules");
    sb.write("plain-rules.yaml", rules_plain);
    let tiles = std::fs::read_to_string(repo().join("tilesets/base.yaml"))
        .expect("base set")
        .replace(
            "ruleset: ../rulesets/carcassonne.yaml",
            "ruleset: plain-rules.yaml",
        )
        .replacen(
            "      - {id: monastery, feature: monastery}",
            &format!("      - {{id: {seg}, feature: monastery}}"),
            1,
        )
        .replacen(
            "      - [monastery, road]",
            &format!("      - [{seg}, road]"),
            1,
        );
    sb.write("long-segment.yaml", tiles);
    let o = sb.run(class, &["tiles", "long-segment.yaml", "--tile", "A"]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(
        o.stdout.contains(&format!("inside the tile: {seg}")),
        "{}",
        o.tail()
    );
    // A player name of 70,000 characters in the score table.
    let name = long("A");
    let position = std::fs::read_to_string(repo().join("examples/base-scoring.yaml"))
        .expect("example")
        .replace("players: [A, B]", &format!("players: [\"{name}\", B]"))
        .replace(
            "tileset: ../tilesets/base.yaml",
            "tileset: bundled:tilesets/base.yaml",
        );
    sb.write("position.yaml", position);
    let o = sb.run(class, &["score", "position.yaml", "--final"]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    // The long name overflows its column; the other rows keep theirs.
    let row = o
        .stdout
        .lines()
        .find(|l| l.starts_with("B "))
        .expect("B's row");
    assert!(row.len() < 200, "{row}");
    assert!(o.stdout.contains(&name), "{}", o.tail());
}

#[test]
fn xml_long_lines_and_repeated_words() {
    // Issue 21: 1,000,000 `<a/>` on one line took 106 s (every use of the element was
    // drawn as a mark of one finding, and columns were counted from the line's start for
    // each), and 1.5 million words in one `<city>` printed nothing in 600 s (a finding per
    // repeated word). Now: one finding each, its first marks drawn, all of them in JSON.
    let class = "xml_long_lines_and_repeated_words";
    let sb = Sandbox::new("xml-long-lines");
    // Within the XML budgets (`limits::XML_MAX_NODES`, `XML_MAX_WORDS`; a million
    // elements is `jcz::budget`, see xml_budgets_on_nodes_and_words).
    let many = "<a/>".repeat(150_000);
    sb.write(
        "long-line.xml",
        format!("<?xml version=\"1.0\"?><defs><tiles>{many}<tile id=\"X/C\" count=\"1\"><city>N</city><field city=\"N\">EL ER SL SR WL WR</field></tile></tiles></defs>\n"),
    );
    let o = sb.run_large(class, &["validate", "long-line.xml"], 2.0);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(
        o.out.contains("(150000 times)") && o.out.contains("9988 more places"),
        "{}",
        o.tail()
    );
    let words = " N".repeat(900_000);
    sb.write(
        "many-words.xml",
        format!("<?xml version=\"1.0\"?>\n<defs><tiles><tile id=\"X/C\" count=\"1\">\n<city>{words}</city>\n<field city=\"N\">EL ER SL SR WL WR</field></tile></tiles></defs>\n"),
    );
    let o = sb.run_large(
        class,
        &["validate", "--format", "json", "many-words.xml"],
        2.0,
    );
    let records = json_records(class, &o);
    let twice: Vec<&Value> = records
        .iter()
        .filter(|r| r["code"] == "jcz::listed_twice")
        .collect();
    assert_eq!(twice.len(), 1, "{}", o.tail());
    assert_eq!(
        twice[0]["message"].as_str(),
        Some("side `N` of tile `X/C` is listed 900000 times")
    );
    assert_eq!(
        twice[0]["labels"].as_array().map(Vec::len),
        Some(tessera::limits::MAX_LABELS)
    );
}

#[test]
fn import_force_over_special_files() {
    // Issue 21: `import jcz --force` replaced a character device or a FIFO with a regular
    // file; the other writers refuse such targets, and so does it now (exit 1, untouched).
    use std::os::unix::fs::FileTypeExt as _;
    let class = "import_force_over_special_files";
    let sb = Sandbox::new("import-special");
    sb.write(
        "basic.xml",
        std::fs::read(repo().join("tests/fixtures/jcz/basic.xml")).expect("fixture"),
    );
    sb.fifo("out.yaml");
    for out in ["out.yaml", "/dev/null"] {
        let o = sb.run(
            class,
            &[
                "import",
                "jcz",
                "basic.xml",
                "--set",
                "basic:2",
                "--force",
                "-o",
                out,
            ],
        );
        assert_eq!(o.code, Some(1), "{out}: {}", o.tail());
        assert!(
            o.out.contains("is not a regular file"),
            "{out}: {}",
            o.tail()
        );
    }
    let fifo = std::fs::symlink_metadata(sb.dir().join("out.yaml")).expect("still there");
    assert!(fifo.file_type().is_fifo());
    let null = std::fs::symlink_metadata("/dev/null").expect("/dev/null");
    assert!(null.file_type().is_char_device());
}

#[test]
fn import_names_with_control_characters() {
    // Issue 21: the input file's name went raw into the YAML comments (a newline injected
    // YAML lines; ESC or DEL gave exit 1 "a bug of the converter"), and tile ids with DEL
    // or C1 controls failed the same way. Now they are escaped, and the set is written.
    let class = "import_names_with_control_characters";
    let sb = Sandbox::new("import-control-names");
    let name = "evil\nname: injected \u{1b}[31m\u{7f}.xml";
    sb.write(
        name,
        "<?xml version=\"1.0\"?>\n<defs>\n  <tiles>\n    <tile id=\"X/R\u{7f}r\u{85}\u{9b}\u{202e}\" count=\"1\">\n      <road>W E</road>\n      <field>NL NR EL WR</field>\n      <field>ER SL SR WL</field>\n    </tile>\n  </tiles>\n</defs>\n",
    );
    // Written outside the sandbox (which must stay untouched).
    let outdir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("import-control-names");
    let _ = std::fs::remove_dir_all(&outdir);
    std::fs::create_dir_all(&outdir).expect("output directory");
    let out = outdir.join("out.yaml");
    let out_arg = out.to_str().expect("UTF-8 path");
    let o = sb.run(class, &["import", "jcz", name, "-o", out_arg]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    let yaml = std::fs::read_to_string(&out).expect("written");
    assert!(
        !yaml
            .chars()
            .any(|c| (c.is_control() && c != '\n') || ('\u{7f}'..='\u{9f}').contains(&c)),
        "{yaml}"
    );
    assert!(
        !yaml.lines().any(|l| l.starts_with("name: injected")),
        "{yaml}"
    );
    // The file name is one comment line, its newline escaped (the fresh user's trial).
    assert!(
        !yaml
            .lines()
            .any(|l| l.starts_with("# Source: name: injected")),
        "{yaml}"
    );
    // The id is kept exactly, escaped in YAML (the bidirectional control too).
    assert!(
        yaml.contains(r#"- id: "X/R\u007Fr\u0085\u009B\u202E""#),
        "{yaml}"
    );
    let o = sb.run(class, &["validate", out_arg]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
}

#[test]
fn explain_out_special_files() {
    // Issue 21: `explain --markdown --out FIFO` hung (it read the FIFO to compare), and
    // `--out /dev/zero` read without end. Now only a regular file is read; a special file
    // is refused (exit 1) and left as it is.
    use std::os::unix::fs::FileTypeExt as _;
    let class = "explain_out_special_files";
    let sb = Sandbox::new("explain-special");
    sb.fifo("checks.md");
    for (out, force) in [
        ("checks.md", false),
        ("checks.md", true),
        ("/dev/zero", false),
        ("/dev/zero", true),
    ] {
        let mut args = vec!["explain", "--markdown", "--out", out];
        if force {
            args.push("--force");
        }
        let o = sb.run(class, &args);
        assert_eq!(o.code, Some(1), "{out} {force}: {}", o.tail());
        // Said as it is, with --force or without (the fresh user's trial).
        assert!(
            o.out.contains("is not a regular file"),
            "{out} {force}: {}",
            o.tail()
        );
    }
    let fifo = std::fs::symlink_metadata(sb.dir().join("checks.md")).expect("still there");
    assert!(fifo.file_type().is_fifo());
}

#[test]
fn render_control_characters() {
    // Issue 21: `render` wrote ESC and C1 controls from names raw into the SVG (not
    // well-formed XML, exit 0). Now they are visible escapes and the picture parses.
    let class = "render_control_characters";
    let sb = Sandbox::with_class("control-chars");
    sb.write(
        "sheet.yaml",
        "name: \"Sheet\\e[2J\\x9b\\r\\uFFFE\"\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: 1\nstart: {tile: \"C\\e[1m\\x85\"}\ntiles:\n  - id: \"C\\e[1m\\x85\"\n    count: 1\n    sides: {N: city, E: field, S: field, W: field}\n    segments:\n      - {id: \"city\\x9b\", feature: city, at: [N]}\n      - {id: \"field\\e[7m\", feature: field, at: [E, S, W], links: {touches: [\"city\\x9b\"]}}\n",
    );
    for args in [
        &["render", "position.yaml", "--final"][..],
        &["render", "sheet.yaml", "--slots"][..],
    ] {
        let o = sb.run(class, args);
        assert_eq!(o.code, Some(0), "{args:?}: {}", o.tail());
        let raw = o.stdout.chars().any(|c| {
            (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
                || ('\u{7f}'..='\u{9f}').contains(&c)
        });
        assert!(!raw, "{args:?}: raw control characters in the SVG");
        let svg = o.stdout.trim_start_matches(|c| c != '<');
        roxmltree::Document::parse(svg)
            .unwrap_or_else(|e| panic!("{args:?}: not well-formed XML: {e}"));
        assert!(
            o.stdout.contains(r"\u{1b}"),
            "{args:?}: the escape is shown"
        );
    }
    // The HTML score page too (maud escapes markup only): names in its title, headings
    // and cells, and the board inside it.
    let page = std::env::temp_dir().join(format!("tessera-{class}-{}.html", std::process::id()));
    let page_arg = page.to_string_lossy().into_owned();
    let o = sb.run(
        class,
        &[
            "score",
            "position.yaml",
            "--final",
            "--html",
            &page_arg,
            "--force",
        ],
    );
    assert_eq!(o.code, Some(0), "{}", o.tail());
    let html = std::fs::read_to_string(&page).expect("the page is written");
    let _ = std::fs::remove_file(&page);
    let raw: Vec<char> = html
        .chars()
        .filter(|&c| tessera::diag::is_unsafe_char(c) && !matches!(c, '\n' | '\t'))
        .collect();
    assert!(raw.is_empty(), "raw characters in the page: {raw:?}");
    assert!(html.contains(r"\u{1b}"), "the escape is shown in the page");
    let board = &html[html.find("<svg").expect("the board")..];
    let board = &board[..board.find("</svg>").expect("closed") + "</svg>".len()];
    roxmltree::Document::parse(board)
        .unwrap_or_else(|e| panic!("the board in the page is not well-formed XML: {e}"));
}

#[test]
fn play_stops_at_its_turn_limit_and_says_so() {
    // Issue 21: `play` stopped silently at 100,000 turns. 110,001 copies of a straight
    // road (11 definitions at the copy limit): the game stops at the limit, the position
    // holds the turns played, and a warning says why.
    let class = "play_stops_at_its_turn_limit_and_says_so";
    let sb = Sandbox::new("play-turn-limit");
    let mut set = String::from(
        "name: endless roads\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: 110001\nstart: {tile: S}\ntiles:\n",
    );
    for (id, n) in std::iter::once(("S".to_string(), 1))
        .chain((0..11).map(|i| (format!("R{i}"), tessera::limits::MAX_COPIES)))
    {
        set.push_str(&format!(
            "  - {{id: {id}, count: {n}, sides: {{N: field, E: road, S: field, W: road}}, segments: [{{id: road, feature: road, at: [W, E]}}, {{id: f1, feature: field, at: [WR, N, EL]}}, {{id: f2, feature: field, at: [ER, S, WL]}}]}}\n"
        ));
    }
    sb.write("endless.yaml", set);
    let o = sb.run_large(
        class,
        &["play", "bundled:rulesets/carcassonne.yaml", "endless.yaml"],
        5.0,
    );
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(
        o.out.contains(&format!(
            "warning: the game stopped after {} turns",
            tessera::limits::MAX_PLAYED_TURNS
        )),
        "{}",
        o.tail()
    );
}

#[test]
fn findings_capped_per_run_and_counted() {
    // Issue 21: 3 MB of YAML gave a million findings, 608 MB of stderr and 1.64 GB. The
    // schema keeps at most `max_findings` per file and folds the rest into the last one;
    // a run prints at most that many, counts all, and says how many it left out.
    let class = "findings_capped_per_run_and_counted";
    let sb = Sandbox::new(class);
    let items = 750_000;
    sb.write(
        "many.yaml",
        format!(
            "ruleset: bundled:rulesets/carcassonne.yaml\ntiles:\n{}",
            "- 1\n".repeat(items)
        ),
    );
    let o = sb.run_large(class, &["validate", "many.yaml"], TARGET_S);
    assert_eq!(o.code, Some(2), "{}", o.tail());
    assert_located(class, &o, &["many.yaml"]);
    let max = tessera::limits::DEFAULT_MAX_FINDINGS;
    // Every violation counted (the items and the missing keys), a thousand printed.
    assert!(
        o.out.contains("checked 1 file: 750001 errors"),
        "{}",
        o.tail()
    );
    assert_eq!(
        o.out.matches("schema::invalid").count(),
        max,
        "{}",
        o.tail()
    );
    assert!(
        o.out.contains(&format!(
            "and {} more violations of the schema",
            750_001 - max
        )),
        "{}",
        o.tail()
    );
    assert!(o.out.len() < 2_000_000, "{} bytes of output", o.out.len());

    // The cap is per run: three files of three errors each, five shown, four counted.
    for name in ["a.yaml", "b.yaml", "c.yaml"] {
        sb.write(
            name,
            "ruleset: bundled:rulesets/carcassonne.yaml\ntiles: [1, 2, 3]\n",
        );
    }
    let args = [
        "--max-findings",
        "5",
        "validate",
        "a.yaml",
        "b.yaml",
        "c.yaml",
    ];
    let o = sb.run(class, &args);
    assert_eq!(o.code, Some(2), "{}", o.tail());
    assert_eq!(o.out.matches("schema::invalid").count(), 5, "{}", o.tail());
    assert!(o.out.contains("c.yaml: tileset 4 errors"), "{}", o.tail());
    assert!(o.out.contains("checked 3 files: 12 errors"), "{}", o.tail());
    assert!(
        o.out.contains("note: 7 more findings not shown: at most 5"),
        "{}",
        o.tail()
    );
    let mut json_args = args.to_vec();
    json_args.insert(3, "--format=json");
    let o = sb.run(class, &json_args);
    let report: Value = serde_json::from_str(&o.stdout).expect("one JSON value");
    assert_eq!(report["findings"].as_array().map(Vec::len), Some(5));
    assert_eq!(report["not_recorded"], 7, "{}", o.stdout);
    let errors: u64 = report["files"]
        .as_array()
        .expect("files")
        .iter()
        .filter_map(|f| f["errors"].as_u64())
        .sum();
    assert_eq!(errors, 12);
}

#[test]
fn meaning_findings_folded_per_file() {
    // From the fresh user's trial of issue 21: 250,000 `- {id: T, count: 1}` gave 500,001
    // meaning findings (a duplicate id and no shape per line), all kept: 819 MB. The
    // tile-set checks keep `max_findings` per file as they go and fold the rest into the
    // last of the same check, counted; the run says how many were not shown.
    let class = "meaning_findings_folded_per_file";
    let sb = Sandbox::new(class);
    let lines = 100_000;
    sb.write(
        "dups.yaml",
        format!(
            "name: dups\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: 1\nstart: {{tile: T}}\ntiles:\n{}",
            "  - {id: T, count: 1}\n".repeat(lines)
        ),
    );
    let o = sb.run_large(class, &["validate", "dups.yaml"], TARGET_S);
    assert_located(class, &o, &["dups.yaml"]);
    // Every line has no shape, every line but the first repeats the id, and the total
    // is wrong once.
    let all = 2 * lines;
    assert!(
        o.out.contains(&format!("checked 1 file: {all} errors")),
        "{}",
        o.tail()
    );
    let max = tessera::limits::DEFAULT_MAX_FINDINGS;
    assert!(
        o.out
            .contains(&format!("note: {} more findings not shown", all - max)),
        "{}",
        o.tail()
    );
    assert!(
        o.out.contains("more like it in this file, not listed"),
        "{}",
        o.tail()
    );
}

#[test]
fn play_tells_a_broken_file_at_its_own_place() {
    // From the fresh user's trial of issue 21: `play` and `simulate` told a broken tile
    // set given on the command line as `io::not_yaml` at a made-up `played.yaml`, hiding
    // the file's own finding.
    let class = "play_tells_a_broken_file_at_its_own_place";
    let sb = Sandbox::new(class);
    sb.write("empty.yaml", "");
    let ruleset = format!("{}/rulesets/carcassonne.yaml", env!("CARGO_MANIFEST_DIR"));
    for command in ["play", "simulate"] {
        let o = sb.run(class, &[command, &ruleset, "empty.yaml"]);
        assert_located(class, &o, &["empty.yaml"]);
        assert!(!o.out.contains("played.yaml"), "{command}: {}", o.tail());
        assert!(!o.out.contains("io::not_yaml"), "{command}: {}", o.tail());
    }
}

#[test]
fn named_files_that_are_not_ours_are_refused_unshown() {
    // Issue 21: `include: /etc/passwd` or `/proc/self/environ` echoed the file or the
    // environment into the findings. A file named in another file is read only when its
    // name is YAML's, and shown only when it parsed as a rule set, tile set or position.
    let class = "named_files_that_are_not_ours_are_refused_unshown";
    let sb = Sandbox::new(class);
    let secret = "TESSERA_SECRET_41af";
    sb.write("secret.txt", format!("{secret}=hunter2\n"));
    sb.write("notes.yaml", format!("{secret}: hunter2\nother: 1\n"));
    sb.write("broken.yaml", format!("{secret}:x:0\nkey: [\n"));
    sb.write("text.yaml", format!("{secret} is plain text\n"));
    let referrers = [
        (
            "include.yaml",
            "name: x\ninclude: [secret.txt, /etc/passwd, /proc/self/environ, notes.yaml, broken.yaml, text.yaml]\n",
            6,
        ),
        (
            "ruleset.yaml",
            "name: x\nruleset: notes.yaml\ntiles: []\n",
            1,
        ),
        (
            "shapes.yaml",
            "name: x\nruleset: bundled:rulesets/carcassonne.yaml\nshapes_from: secret.txt\ntiles: []\n",
            1,
        ),
        (
            "extends.yaml",
            "name: x\nextends: [/etc/passwd, broken.yaml]\nfeatures: {}\n",
            2,
        ),
        (
            "position.yaml",
            "tileset: text.yaml\nplayers: [A, B]\nturns: []\n",
            1,
        ),
    ];
    for (name, text, refused) in referrers {
        sb.write(name, text);
        let o = sb.run(class, &["validate", name]);
        assert_eq!(o.code, Some(2), "{name}: {}", o.tail());
        assert_located(class, &o, &[name]);
        assert_eq!(
            o.out.matches("io::not_yaml").count(),
            refused,
            "{name}: {}",
            o.tail()
        );
        for leak in [secret, "root:", "PATH=", "hunter2"] {
            assert!(!o.out.contains(leak), "{name} shows {leak}: {}", o.tail());
        }
    }
    // The same files checked on their own are shown: the user named them.
    let o = sb.run(class, &["validate", "broken.yaml"]);
    assert_eq!(o.code, Some(2));
    assert!(o.out.contains(secret), "{}", o.tail());
}

#[test]
fn composition_chains_deeper_than_the_limit() {
    // Issue 21: a chain of 33+ includes (or extends) with no loop was called a loop, by a
    // limit neither limits.rs nor the README stated. Now `compose::too_deep` at the entry
    // past `MAX_COMPOSE_DEPTH`; a chain at the limit loads.
    let class = "composition_chains_deeper_than_the_limit";
    let sb = Sandbox::new(class);
    let depth = tessera::limits::MAX_COMPOSE_DEPTH;
    let base = "ruleset: bundled:rulesets/carcassonne.yaml\ntiles: []\n";
    for (key, files) in [("include", depth + 5), ("extends", depth + 5)] {
        for i in 1..files {
            let next = format!("{key}{}.yaml", i + 1);
            let body = match key {
                "include" => format!("name: {key}{i}\ninclude: [{next}]\n"),
                _ => format!("name: {key}{i}\nextends: [{next}]\nfeatures: {{}}\n"),
            };
            sb.write(&format!("{key}{i}.yaml"), body);
        }
        let last = match key {
            "include" => format!("name: last\n{base}"),
            _ => {
                "name: last\nextends: bundled:rulesets/carcassonne.yaml\nfeatures: {}\n".to_string()
            }
        };
        sb.write(&format!("{key}{files}.yaml"), last);
        let top = format!("{key}1.yaml");
        let o = sb.run(class, &["validate", &top]);
        assert!(o.out.contains("compose::too_deep"), "{key}: {}", o.tail());
        assert!(!o.out.contains("compose::cycle"), "{key}: {}", o.tail());
        let at = format!("{key}{}.yaml:", depth + 1);
        assert!(
            located(&o.out, &format!("{key}{}.yaml", depth + 1)),
            "{key}: the finding is at {at}: {}",
            o.tail()
        );
        // Within the limit: the chain from file 6 is 32 files deep.
        let o = sb.run(class, &["validate", &format!("{key}6.yaml")]);
        assert!(!o.out.contains("compose::too_deep"), "{key}: {}", o.tail());
    }
}

#[test]
fn repeated_refs_count_alike_in_validate_and_import() {
    // Issue 21: `validate` counted only the first of repeated `<ref>`s of a tile while
    // `import jcz` added them up. Both add them up now: two refs of 6,000 are 12,000
    // copies, over the limit for both; two of 3 import as 6.
    let class = "repeated_refs_count_alike_in_validate_and_import";
    let sb = Sandbox::new(class);
    let xml = |n: u32| {
        format!(
            "<pack>\n<tiles>\n<tile id=\"T/A\"><road>W E</road><farm>WR NL NR ER</farm><farm>WL SL SR EL</farm></tile>\n</tiles>\n<sets>\n<tile-set id=\"t\"><ref count=\"{n}\" tile=\"T/A\"/><ref count=\"{n}\" tile=\"T/A\"/></tile-set>\n</sets>\n</pack>\n"
        )
    };
    sb.write("many.xml", xml(6_000));
    let out = std::env::temp_dir().join(format!("tessera-{class}-{}.yaml", std::process::id()));
    let out_arg = out.to_string_lossy().into_owned();
    for args in [
        vec!["validate", "many.xml"],
        vec!["import", "jcz", "many.xml", "-o", &out_arg],
    ] {
        let o = sb.run(class, &args);
        assert_eq!(o.code, Some(2), "{args:?}: {}", o.tail());
        assert!(o.out.contains("has 12000 copies"), "{args:?}: {}", o.tail());
        assert_located(class, &o, &["many.xml"]);
    }
    assert!(!out.exists(), "nothing written");
    sb.write("few.xml", xml(3));
    let o = sb.run(class, &["validate", "few.xml"]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    let o = sb.run(class, &["import", "jcz", "few.xml", "-o", &out_arg]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(o.out.contains("6 tiles, 1 definition"), "{}", o.tail());
    let _ = std::fs::remove_file(&out);
}

#[test]
fn play_when_no_tile_ever_fits() {
    // Issue 21: `play` on a set where no tile ever fits said "no main pile" (exit 1)
    // while `simulate` played such games (of no turns). Now `play` writes the game (no
    // turn, the tiles set aside), warns, and the written position scores.
    let class = "play_when_no_tile_ever_fits";
    let sb = Sandbox::new(class);
    sb.write(
        "nofit.yaml",
        "name: nothing fits\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: 4\nstart: {tile: S}\ntiles:\n  - {id: S, count: 1, sides: {N: city, E: city, S: city, W: city}, segments: [{id: c, feature: city, at: [N, E, S, W]}]}\n  - {id: R, count: 3, sides: {N: road, E: road, S: road, W: road}, segments: [{id: r1, feature: road, at: [N]}, {id: r2, feature: road, at: [E]}, {id: r3, feature: road, at: [S]}, {id: r4, feature: road, at: [W]}, {id: f1, feature: field, at: [NR, EL]}, {id: f2, feature: field, at: [ER, SL]}, {id: f3, feature: field, at: [SR, WL]}, {id: f4, feature: field, at: [WR, NL]}]}\n",
    );
    let o = sb.run(
        class,
        &["play", "bundled:rulesets/carcassonne.yaml", "nofit.yaml"],
    );
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(o.out.contains("0 turns, 3 tiles set aside"), "{}", o.tail());
    assert!(
        o.out.contains("warning: no tile could be placed"),
        "{}",
        o.tail()
    );
    assert!(o.stdout.contains("turns: []"), "{}", o.stdout);
    // The position it printed is a game tessera scores.
    sb.write("game.yaml", &o.stdout);
    let o = sb.run(class, &["score", "game.yaml", "--final"]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(o.out.contains("0 turns replayed"), "{}", o.tail());
    // `simulate` agrees: games of no turns.
    let o = sb.run(
        class,
        &[
            "simulate",
            "bundled:rulesets/carcassonne.yaml",
            "nofit.yaml",
            "--games",
            "2",
        ],
    );
    assert_eq!(o.code, Some(0), "{}", o.tail());
    assert!(
        o.out.contains("tiles set aside per game            3.00"),
        "{}",
        o.tail()
    );
}

#[test]
fn import_whose_yaml_passes_the_file_size_limit() {
    // Issue 21: a valid XML whose YAML would pass the maximum file size exited 1 as "a
    // bug of the converter", printing the absolute path of a temporary file. The written
    // text is checked in memory now (tessera's own text has no size limit), written, and
    // a warning says how to read it back. The limit is lowered here to keep the test small.
    let class = "import_whose_yaml_passes_the_file_size_limit";
    let sb = Sandbox::new(class);
    let tiles: String = (0..10)
        .map(|i| format!("<tile id=\"T/A{i}\"><road>W E</road><farm>WR NL NR ER</farm><farm>WL SL SR EL</farm></tile>\n"))
        .collect();
    let xml = format!("<pack>\n<tiles>\n{tiles}</tiles>\n</pack>\n");
    assert!(xml.len() < 1_500);
    sb.write("small.xml", &xml);
    let out = std::env::temp_dir().join(format!("tessera-{class}-{}.yaml", std::process::id()));
    let out_arg = out.to_string_lossy().into_owned();
    let o = sb.run(
        class,
        &[
            "--max-file-size",
            "1500",
            "import",
            "jcz",
            "small.xml",
            "-o",
            &out_arg,
        ],
    );
    assert_eq!(o.code, Some(0), "{}", o.tail());
    let size = std::fs::metadata(&out).expect("written").len();
    assert!(size > 1_500, "{size}");
    assert!(
        o.out.contains(&format!(
            "is {size} bytes, over the maximum file size tessera reads (1500 bytes)"
        )),
        "{}",
        o.tail()
    );
    assert!(!o.out.contains(".tmp"), "no temporary path: {}", o.tail());
    let o = sb.run(class, &["--max-file-size", "1500", "validate", &out_arg]);
    assert!(o.out.contains("io::too_large"), "{}", o.tail());
    let o = sb.run(class, &["validate", &out_arg]);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    let _ = std::fs::remove_file(&out);
}

#[test]
fn xml_budgets_on_nodes_and_words() {
    // Issue 21: 7.4 MB of XML took 1.1 GB (every element and word kept, a few hundred
    // bytes each). Real files have under 250 elements; past `XML_MAX_NODES` nodes or
    // `XML_MAX_WORDS` words the file is `jcz::budget`, read no further.
    let class = "xml_budgets_on_nodes_and_words";
    let sb = Sandbox::new(class);
    let nodes = tessera::limits::XML_MAX_NODES as usize;
    sb.write(
        "nodes.xml",
        format!("<defs>{}</defs>\n", "<a/>".repeat(nodes + 1)),
    );
    let words = tessera::limits::XML_MAX_WORDS;
    sb.write(
        "words.xml",
        format!(
            "<defs>\n<tile id=\"X/C\">\n<city>{}</city>\n</tile>\n</defs>\n",
            "N ".repeat(words + 1)
        ),
    );
    // Within the budgets: the same shapes, smaller, are read (and judged on their own).
    sb.write(
        "fewer.xml",
        format!("<defs>{}</defs>\n", "<a/>".repeat(nodes / 2)),
    );
    for (name, at) in [
        ("nodes.xml", "nodes.xml:1:1"),
        ("words.xml", "words.xml:3:"),
    ] {
        let o = sb.run_large(class, &["validate", name], TARGET_S);
        assert_eq!(o.code, Some(2), "{name}: {}", o.tail());
        assert!(o.out.contains("jcz::budget"), "{name}: {}", o.tail());
        assert!(o.out.contains(at), "{name}: located at {at}: {}", o.tail());
        assert_located(class, &o, &[name]);
    }
    // The word past the budget is marked: the tile id is word 1, so it is the city's
    // word number `words` (0-based `words - 1`), at column 7 + 2 * (words - 1) of line 3.
    let o = sb.run_large(class, &["validate", "words.xml"], TARGET_S);
    assert!(
        o.out.contains(&format!("words.xml:3:{}", 5 + 2 * words)),
        "{}",
        o.tail()
    );
    let o = sb.run_large(class, &["validate", "fewer.xml"], TARGET_S);
    assert!(!o.out.contains("jcz::budget"), "{}", o.tail());
}

#[test]
fn long_junctions() {
    // A junction naming the same two segments 300,000 times, and one naming a missing
    // segment 300,000 times: each segment is met once, the missing name reported once,
    // in time. The XML forms too: a `<neighbouring>` of 300,000 places, and 100,000
    // distinct `wagon-move` labels on each of two elements.
    let class = "long_junctions";
    let sb = Sandbox::new("long-junctions");
    let rules = std::fs::read_to_string(repo().join("rulesets/carcassonne.yaml")).expect("rules");
    sb.write("rules.yaml", rules);
    let base = std::fs::read_to_string(repo().join("tilesets/base.yaml"))
        .expect("base set")
        .replace(
            "ruleset: ../rulesets/carcassonne.yaml",
            "ruleset: rules.yaml",
        );
    let many = |name: &str| vec![name; 300_000].join(", ");
    let repeated = base.replacen(
        "      - [monastery, road]",
        &format!("      - [{}, monastery]", many("road")),
        1,
    );
    sb.write("repeated.yaml", repeated);
    let o = sb.run_large(class, &["validate", "repeated.yaml"], 10.0);
    assert_eq!(o.code, Some(0), "{}", o.tail());
    let missing = base.replacen(
        "      - [monastery, road]",
        &format!("      - [monastery, {}]", many("road9")),
        1,
    );
    sb.write("missing.yaml", missing);
    let o = sb.run_large(
        class,
        &["validate", "--format", "json", "missing.yaml"],
        10.0,
    );
    assert_eq!(o.code, Some(2), "{}", o.tail());
    let records = json_records(class, &o);
    let unknown = records
        .iter()
        .filter(|r| r["code"] == "tileset::unknown_segment")
        .count();
    assert_eq!(unknown, 1, "{}", o.tail());
    let places = vec!["CLOISTER S"; 150_000].join(" ");
    let labels: Vec<String> = (0..100_000).map(|i| format!("l{i}")).collect();
    let labels = labels.join(" ");
    sb.write(
        "tiles.xml",
        format!(
            r#"<pack><tiles>
  <tile id="X/LR"><cloister/><road>S</road><farm>NL NR EL ER SL SR WL WR</farm>
    <wagon-move><neighbouring>{places}</neighbouring></wagon-move></tile>
  <tile id="X/LR2"><monastery wagon-move="{labels}"/><road wagon-move="{labels}">S</road><field>NL NR EL ER SL SR WL WR</field></tile>
</tiles></pack>"#
        ),
    );
    let o = sb.run_large(class, &["validate", "tiles.xml"], 10.0);
    assert_eq!(o.code, Some(0), "{}", o.tail());
}
