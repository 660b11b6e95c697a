//! Hostile and huge input at the edges of tessera (issue 9, "inputs"): what is read, how
//! much, and what reaches the terminal. Each test reproduces an attack seen on the release
//! binary before the fix:
//!
//! - a FIFO, `/dev/stdin`, `/dev/zero`, `/dev/urandom`, a socket or a directory where a file
//!   is expected, on the command line or named in a file, blocked forever or was read
//!   without end: now the finding `io::not_regular` at the place that names it, with
//!   nothing read;
//! - a file of any size was read whole: now `io::too_large` past `--max-file-size`;
//! - YAML too deep or with too many aliases: `yaml::budget`, while 20,000 definitions or
//!   20,000 turns load;
//! - a directory with self-referencing symlinks was walked forever: now each file once;
//! - a finding past column 65,535 panicked in the report: now a clipped snippet;
//! - names with ESC or newlines reached the terminal raw and forged score rows: now
//!   escaped in text, exact in JSON;
//! - 4,000 findings took seconds to print (every snippet scanned its file from the start):
//!   now linear.
//!
//! The binary is run as a subprocess with a deadline, so a regression that blocks fails the
//! test instead of hanging the suite.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tessera::diag::{Check, SourceFile};
use tessera::load;
use tessera::model::{PositionFile, TileSetFile};
use tessera::schema::FileKind;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("inputs")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The crate root, absolute (for paths written into scratch files).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs tessera with `args` in `dir`, stdin closed, and fails if it takes longer than
/// `limit` (a blocked read) instead of waiting for ever.
fn run_within(dir: &Path, args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waitable").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "`tessera {}` still running after {limit:?}; stderr so far:\n{}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn run(dir: &Path, args: &[&str]) -> Output {
    run_within(dir, args, Duration::from_secs(60))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(ok.success(), "mkfifo {}", path.display());
}

/// A one-tile tile set naming `ruleset`.
fn tileset_naming(ruleset: &str) -> String {
    format!(
        "name: One tile\nruleset: {ruleset}\ntotal: 1\nstart: {{tile: E}}\ntiles:\n  - id: E\n    sides: {{N: city, E: field, S: field, W: field}}\n    segments:\n      - {{id: city, feature: city, at: [N]}}\n      - {{id: field, feature: field, at: [E, S, W], links: {{touches: [city]}}}}\n"
    )
}

/// Files that name `target` in every place a file can be named: a tile set's `ruleset`,
/// `include` and `shapes_from`, a rule set's `extends`, a position's `tileset`; each with
/// the line:column where the name is written.
fn namers(dir: &Path, target: &str) -> Vec<(PathBuf, &'static str)> {
    let carcassonne = root().join("rulesets/carcassonne.yaml");
    let base = root().join("tilesets/base.yaml");
    let files = [
        ("ruleset.yaml", tileset_naming(target), "2:10"),
        (
            "include.yaml",
            format!(
                "name: Included\nruleset: {}\ninclude: [{target}]\n",
                carcassonne.display()
            ),
            "3:11",
        ),
        (
            "shapes.yaml",
            format!(
                "name: Reused\nruleset: {}\nshapes_from: {target}\ntotal: 1\nstart: {{tile: E}}\ntiles:\n  - {{id: E, shape: E}}\n",
                carcassonne.display()
            ),
            "3:14",
        ),
        (
            "extends.yaml",
            format!("name: Extended\nextends: {target}\nterrains: [city]\n"),
            "2:10",
        ),
        (
            "position.yaml",
            format!("name: A game\ntileset: {target}\nplayers: [A, B]\n"),
            "2:10",
        ),
    ];
    let _ = base;
    files
        .into_iter()
        .map(|(name, text, at)| {
            let p = dir.join(name);
            std::fs::write(&p, text).expect("written");
            (p, at)
        })
        .collect()
}

/// Asserts that validating `file` reports `code` at `at` (line:column) and finishes.
fn assert_reported_at(dir: &Path, file: &Path, code: &str, at: &str) {
    let name = file.file_name().and_then(|n| n.to_str()).expect("a name");
    let out = run_within(dir, &["validate", name], Duration::from_secs(20));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{name}: {err}");
    assert!(err.contains(code), "{name}: no {code} in\n{err}");
    assert!(
        err.contains(&format!("[{name}:{at}]")),
        "{name}: not located at {at}:\n{err}"
    );
}

#[test]
fn a_fifo_is_never_read_wherever_it_is_named() {
    let dir = scratch("fifo");
    mkfifo(&dir.join("pipe.yaml"));
    for (file, at) in namers(&dir, "pipe.yaml") {
        assert_reported_at(&dir, &file, "io::not_regular", at);
    }
    // On the command line, for every command that reads a file (the rule set JCZ XML is
    // checked against included).
    let xml = std::fs::canonicalize("tests/fixtures/jcz/basic.xml").expect("fixture");
    let xml = xml.to_str().expect("a UTF-8 path");
    for args in [
        &["validate", "pipe.yaml"][..],
        &["score", "pipe.yaml"],
        &["placements", "pipe.yaml", "E"],
        &["validate", "--ruleset", "pipe.yaml", xml],
        &[
            "import",
            "jcz",
            "--ruleset",
            "pipe.yaml",
            "-o",
            "out.yaml",
            xml,
        ],
    ] {
        let out = run_within(&dir, args, Duration::from_secs(20));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("io::not_regular") && err.contains("a FIFO"),
            "{args:?}: {err}"
        );
    }
    assert!(!dir.join("out.yaml").exists(), "nothing imported");
    // In a directory walk: reported, not waited on.
    let out = run_within(&dir, &["validate", "."], Duration::from_secs(30));
    assert!(
        stderr(&out).contains("pipe.yaml: 1 error"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn devices_and_directories_are_never_read() {
    let dir = scratch("devices");
    for target in ["/dev/zero", "/dev/urandom", "/dev/stdin", "."] {
        for (file, at) in namers(&dir, target) {
            assert_reported_at(&dir, &file, "io::not_regular", at);
        }
    }
    for target in ["/dev/zero", "/dev/urandom"] {
        let out = run_within(&dir, &["validate", target], Duration::from_secs(20));
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("a character device"));
    }
}

#[test]
fn a_symbolic_link_loop_is_a_finding_not_a_tool_failure() {
    use std::os::unix::fs::symlink;
    let dir = scratch("link-loop");
    symlink("b.yaml", dir.join("a.yaml")).expect("link");
    symlink("a.yaml", dir.join("b.yaml")).expect("link");
    for args in [&["validate", "a.yaml"][..], &["validate", "."]] {
        let out = run_within(&dir, args, Duration::from_secs(20));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("io::not_regular") && err.contains("a symbolic link loop"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_socket_is_never_read() {
    use std::os::unix::net::UnixListener;
    let dir = scratch("socket");
    let _listener = UnixListener::bind(dir.join("sock.yaml")).expect("socket");
    let out = run_within(&dir, &["validate", "sock.yaml"], Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("not a regular file (a socket)"));
}

#[test]
fn the_library_refuses_what_is_not_a_regular_file_without_reading() {
    let dir = scratch("library");
    mkfifo(&dir.join("pipe.yaml"));
    for (path, what) in [
        (dir.join("pipe.yaml"), "a FIFO"),
        (PathBuf::from("/dev/zero"), "a character device"),
        (dir.clone(), "a directory"),
    ] {
        let e = load::read(&path).expect_err("not read");
        assert_eq!(e.kind, load::ReadErrorKind::NotRegular(what));
        assert_eq!(e.check(), Check::NotRegularFile);
        let v = tessera::validate_file(&path, None).expect("a finding, not a failure");
        let f = &v.findings[0];
        assert_eq!(f.check, Check::NotRegularFile);
        let (file, line, col) = f.position().expect("located");
        assert_eq!((file, line, col), (path.display().to_string(), 1, 1));
    }
}

#[test]
fn a_file_over_the_size_limit_is_a_finding_with_nothing_read() {
    let dir = scratch("too-large");
    // A sparse file of 9 MiB: over the default limit, costs no disk and no reading.
    let huge = std::fs::File::create(dir.join("huge.yaml")).expect("created");
    huge.set_len(9 * 1024 * 1024).expect("sized");
    std::fs::write(
        dir.join("position.yaml"),
        "name: A game\ntileset: huge.yaml\nplayers: [A, B]\n",
    )
    .expect("written");
    let start = Instant::now();
    let out = run(&dir, &["validate", "position.yaml", "huge.yaml"]);
    assert!(start.elapsed() < Duration::from_secs(10));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("io::too_large"), "{err}");
    assert!(
        err.contains("[position.yaml:2:10]") && err.contains("[huge.yaml:1:1]"),
        "{err}"
    );
    assert!(err.contains("the file is 9437184 bytes, over the limit of 8388608 bytes"));

    // The flag lowers (or raises) the limit for one run.
    let base = root().join("tilesets/base.yaml");
    let size = std::fs::metadata(&base).expect("bundled").len();
    let below = (size - 1).to_string();
    let at = size.to_string();
    let base = base.display().to_string();
    let out = run(&dir, &["--max-file-size", &below, "validate", &base]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("io::too_large"));
    assert!(stderr(&out).contains("--max-file-size"));
    let out = run(&dir, &["validate", &base, "--max-file-size", &at]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn yaml_past_the_parser_budget_is_a_located_finding() {
    // Too deep: 40 nested sequences (the limit is 32), read on a test thread's small
    // stack without overflowing it.
    let deep = format!("name: x\nterrains: {}{}\n", "[".repeat(40), "]".repeat(40));
    let file = SourceFile::new(Path::new("deep.yaml"), deep);
    let f = load::parse(&file).expect_err("too deep");
    assert_eq!(f.check, Check::YamlBudget);
    assert!(f.message.contains("nested too deeply"), "{}", f.message);
    assert_eq!(f.position().map(|p| p.1), Some(2));

    // An alias bomb: each level nine aliases of the one before.
    let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for i in 1..10 {
        let p = i - 1;
        bomb.push_str(&format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    // And one whose last level is not an anchor (it is replayed, not recorded).
    let mut wide = bomb.lines().take(6).collect::<Vec<_>>().join("\n");
    wide.push_str(&format!("\nb: [{}]\n", vec!["*a5"; 14].join(", ")));
    for (name, text) in [("bomb.yaml", bomb), ("wide.yaml", wide)] {
        let file = SourceFile::new(Path::new(name), text);
        let start = Instant::now();
        let f = load::parse(&file).expect_err("an alias bomb");
        assert!(start.elapsed() < Duration::from_secs(5), "{name}");
        assert_eq!(f.check, Check::YamlBudget, "{name}: {}", f.message);
        assert!(
            f.message.contains("aliases expand to too much"),
            "{}",
            f.message
        );
        assert!(f.position().is_some());
    }
}

#[test]
fn twenty_thousand_definitions_and_twenty_thousand_turns_load() {
    let mut defs = format!(
        "name: Many\nruleset: {}\ntotal: 20000\nstart: {{tile: T0}}\ntiles:\n",
        root().join("rulesets/carcassonne.yaml").display()
    );
    for i in 0..20_000 {
        defs.push_str(&format!(
            "  - id: T{i}\n    sides: {{N: city, E: road, S: field, W: road}}\n    segments:\n      - {{id: c, feature: city, at: [N]}}\n      - {{id: r, feature: road, at: [E, W]}}\n      - {{id: f1, feature: field, at: [EL, WR], links: {{touches: [c]}}}}\n      - {{id: f2, feature: field, at: [ER, S, WL]}}\n"
        ));
    }
    let file = SourceFile::new(Path::new("many.yaml"), defs);
    let ts: TileSetFile =
        load::load_source(&file, FileKind::Tileset).unwrap_or_else(|f| panic!("{f:?}"));
    assert_eq!(ts.tiles.len(), 20_000);

    let mut turns = String::from("name: Long\ntileset: base.yaml\nplayers: [A, B]\nturns:\n");
    for i in 1..=20_000 {
        turns.push_str(&format!(
            "  - {{tile: U, x: {i}, y: 0, rotation: 90, piece: N}}\n"
        ));
    }
    let file = SourceFile::new(Path::new("long.yaml"), turns);
    let p: PositionFile =
        load::load_source(&file, FileKind::Position).unwrap_or_else(|f| panic!("{f:?}"));
    assert_eq!(p.turns.map(|t| t.len()), Some(20_000));
}

#[test]
fn a_directory_walk_visits_each_file_once_whatever_the_symlinks() {
    use std::os::unix::fs::symlink;
    let dir = scratch("walk");
    let sets = dir.join("sets");
    std::fs::create_dir_all(sets.join("deeper")).expect("dirs");
    let ts = tileset_naming(
        &root()
            .join("rulesets/carcassonne.yaml")
            .display()
            .to_string(),
    );
    std::fs::write(sets.join("a.yaml"), &ts).expect("written");
    std::fs::write(sets.join("deeper/b.yaml"), &ts).expect("written");
    // Two self-referencing links, a link to an ancestor, a link to a file already seen
    // and a link to the root of the disk.
    symlink(".", sets.join("self1")).expect("link");
    symlink(".", sets.join("deeper/self2")).expect("link");
    symlink("..", sets.join("deeper/up")).expect("link");
    symlink("a.yaml", sets.join("again.yaml")).expect("link");
    symlink("/", sets.join("disk")).expect("link");
    let out = run_within(
        &dir,
        &["validate", "sets", "sets/a.yaml"],
        Duration::from_secs(30),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("checked 2 files"), "{err}");
    assert!(
        err.contains("sets/disk: a symbolic link to a directory, not followed"),
        "{err}"
    );
    let walked = {
        let mut w = tessera::InputFiles::default();
        w.add(&sets).expect("walked");
        w.files
    };
    assert_eq!(
        walked,
        vec![sets.join("a.yaml"), sets.join("deeper/b.yaml")]
    );
}

/// The text report of findings, as the binary draws them without colour.
fn report(findings: &[tessera::Finding]) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    tessera::report::findings_text(findings, &handler)
}

#[test]
fn a_finding_past_column_65535_is_drawn_clipped() {
    // A 70,000-character line with the error at its end (mapping values after a plain
    // scalar): the report used to panic ("Formatting argument out of range").
    let text = format!("name: {} : [\n", "x".repeat(70_000));
    let file = SourceFile::new(Path::new("long.yaml"), text);
    let v = tessera::validate_file(file, None).expect("validated");
    assert_eq!(v.findings.len(), 1);
    let shown = report(&v.findings);
    assert!(shown.contains("[long.yaml:1:70008]"), "{shown}");
    assert!(
        shown.len() < 2_000,
        "the snippet is clipped: {} bytes",
        shown.len()
    );
    // A label across the long line and another one far from it on the same line.
    let text = format!(
        "name: One\nruleset: r.yaml\ntotal: 1\nstart: {{tile: E}}\ntiles:\n  - {{id: E, {}bogus: 1, {}other: 2}}\n",
        " ".repeat(70_000),
        " ".repeat(70_000)
    );
    let file = SourceFile::new(Path::new("wide.yaml"), text);
    let v = tessera::validate_file(file, None).expect("validated");
    let shown = report(&v.findings);
    assert!(shown.contains("unknown key `bogus`"), "{shown}");
    assert!(shown.len() < 4_000, "{} bytes", shown.len());
    // And through the binary: exit 2, not a panic (101).
    let dir = scratch("long-line");
    std::fs::write(
        dir.join("long.yaml"),
        format!("name: {} : [\n", "x".repeat(70_000)),
    )
    .expect("written");
    let out = run(&dir, &["validate", "long.yaml"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn control_characters_are_escaped_in_text_and_exact_in_json() {
    let dir = scratch("escapes");
    let base = root().join("tilesets/base.yaml");
    // A player whose name would forge a row of the score table and clear the screen, and
    // a tile id with a bidi override.
    std::fs::write(
        dir.join("position.yaml"),
        format!(
            "name: \"Game\\e]0;title\\a\"\ntileset: {}\nplayers: [\"A\", \"B\\nC      99      99\\e[2J\"]\nturns:\n  - {{tile: V, x: 1, y: 0, rotation: 90, piece: N}}\n",
            base.display()
        ),
    )
    .expect("written");
    let out = run(&dir, &["score", "position.yaml"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(text.contains("B\\nC      99      99\\u{1b}[2J"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("C ")).count(),
        0,
        "a forged row: {text}"
    );
    let out = run(&dir, &["score", "position.yaml", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["players"][1]["name"], "B\nC      99      99\u{1b}[2J");

    // A finding that echoes a name: escaped in the report, exact in JSON.
    std::fs::write(
        dir.join("bad.yaml"),
        format!(
            "tileset: {}\nplayers: [A, B]\nturns:\n  - {{tile: \"V\\e[31m\\u202e\", x: 1, y: 0, rotation: 90}}\n",
            base.display()
        ),
    )
    .expect("written");
    let out = run(&dir, &["validate", "bad.yaml"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        !err.contains('\u{1b}') && !err.contains('\u{202e}'),
        "{err:?}"
    );
    assert!(err.contains("V\\u{1b}[31m\\u{202e}"), "{err}");
    let out = run(&dir, &["validate", "bad.yaml", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(
        json["findings"][0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("V\u{1b}[31m\u{202e}")),
        "{json}"
    );

    // Raw bytes of a file shown in a snippet: ESC, CR and C1 controls never reach the
    // terminal as they are, in a text file or in a binary one.
    std::fs::write(
        dir.join("raw.yaml"),
        b"name: x\x1b[2J\rEVIL\xc2\x9b2J\nbogus: [\n",
    )
    .expect("written");
    std::fs::write(
        dir.join("binary.yaml"),
        b"\x7fELF\x02\x01\x1b[2J\x00\x00\xff\xfe\n",
    )
    .expect("written");
    for name in ["raw.yaml", "binary.yaml"] {
        let out = run(&dir, &["validate", name]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(
            !err.contains(['\u{1b}', '\r', '\u{9b}', '\0', '\u{7f}']),
            "{name}: {err:?}"
        );
    }
}

#[test]
fn findings_render_in_linear_time() {
    // Every finding used to read its snippet by scanning its file from the start: n
    // findings in an n-line file cost n^2. Rendering 4n findings must cost about 4 times
    // n's (quadratic would be 16); the best of three runs is taken against noise.
    fn findings(n: usize) -> Vec<tessera::Finding> {
        // Thousands of findings are wanted here: above the cap on findings kept per file
        // (process-wide; no other in-process test needs the cap to be low).
        tessera::limits::set_max_findings(usize::MAX);
        let mut text =
            format!("name: Many\nruleset: r.yaml\ntotal: {n}\nstart: {{tile: T0}}\ntiles:\n");
        for i in 0..n {
            text.push_str(&format!("  - {{id: T{i}, bogus: 1}}\n"));
        }
        let file = SourceFile::new(Path::new("many.yaml"), text);
        let v = tessera::validate_file(file, None).expect("validated");
        assert!(v.findings.len() >= n);
        v.findings
    }
    let time = |f: &[tessera::Finding]| {
        (0..3)
            .map(|_| {
                let start = Instant::now();
                let text = report(f);
                assert!(!text.is_empty());
                start.elapsed()
            })
            .min()
            .unwrap_or_default()
    };
    let (small, large) = (findings(500), findings(2_000));
    let ratio = time(&large).as_secs_f64() / time(&small).as_secs_f64().max(1e-6);
    assert!(ratio < 9.0, "4x the findings took {ratio:.1}x the time");
}

#[test]
fn a_malformed_decision_says_what_is_wrong_inside_it() {
    // `choices` entries are a word or one of three maps: a map of one of those forms is
    // checked as that form (a missing `at`, a coordinate out of range, an unknown key),
    // not reported as "not one of the words".
    let dir = scratch("decision-forms");
    let root = root();
    for (choice, expected) in [
        (
            "{take_back: {x: 0, y: -1}}",
            "missing key `at` (at `turns[0].choices[0].take_back`)",
        ),
        (
            "{step: {x: 2147483647, y: 0}}",
            "2147483647 is out of range: at most",
        ),
        (
            "{step: {x: 0, y: 0, at: N}}",
            "unknown key `at` (at `turns[0].choices[0].step`)",
        ),
        (
            "bogus",
            "`bogus` is not one of `grow`, `score`, `return`, `stay`",
        ),
        ("{stpe: {x: 0, y: 0}}", "`{step: ...}`"),
    ] {
        let text = format!(
            "tileset: {}\nruleset: {}\nplayers: [A, B]\nturns:\n  - {{tile: BA/Rr, x: 1, y: 0, choices: [{choice}]}}\n",
            root.join("tilesets/base-jcz.yaml").display(),
            root.join("rulesets/siege.yaml").display()
        );
        std::fs::write(dir.join("p.yaml"), text).expect("written");
        let out = run(&dir, &["score", "p.yaml"]);
        assert_eq!(out.status.code(), Some(2), "{choice}");
        let err = stderr(&out);
        assert!(err.contains("schema::invalid"), "{choice}: {err}");
        assert!(err.contains(expected), "{choice}: {err}");
    }
}

#[test]
fn a_malformed_bridge_says_what_is_allowed() {
    // `span` is optional and one of two forms (`needed`, `{x, y, axis}`): a wrong axis
    // names the axes, a wrong word names `needed`, a map missing a key names it.
    let dir = scratch("span-forms");
    let root = root();
    for (span, expected) in [
        (
            "{x: 1, y: 0, axis: XY}",
            "`XY` is not one of `NS`, `WE` (at `turns[0].span.axis`)",
        ),
        ("yes", "`yes` is not one of `needed` (at `turns[0].span`)"),
        ("{x: 1, y: 0}", "`{axis: ...}`"),
    ] {
        let text = format!(
            "tileset: {}\nruleset: {}\nplayers: [A, B]\nturns:\n  - {{tile: BA/L, x: 1, y: 0, span: {span}}}\n",
            root.join("tilesets/base-jcz.yaml").display(),
            root.join("rulesets/bridge.yaml").display()
        );
        std::fs::write(dir.join("p.yaml"), text).expect("written");
        let out = run(&dir, &["score", "p.yaml"]);
        assert_eq!(out.status.code(), Some(2), "{span}");
        let err = stderr(&out);
        assert!(err.contains("schema::invalid"), "{span}: {err}");
        assert!(err.contains(expected), "{span}: {err}");
    }
}
