//! The HTML score report (`tessera score --html`) in a real browser: headless Chromium
//! (Debian's `chromium`; `.ci/run` installs it when missing and requires it, or name
//! another with the environment variable `CHROMIUM`; where none is found the test says
//! `NOT RUN` and checks nothing, see [`crate::external`]) opens the page with no console message, runs its
//! script (the feature named by the address's `#feature-N` is outlined, the others
//! dimmed), shows the board and every player's row, and takes a screenshot to look at
//! (`browser/report.png` in Cargo's `CARGO_TARGET_TMPDIR`).

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Runs headless Chromium on a page with `extra` arguments, with a fresh profile and no
/// background networking (the machine's network is closed); (stdout, stderr).
fn run_chromium(chromium: &Path, dir: &Path, url: &str, extra: &[&str]) -> (String, String) {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let profile = dir.join(format!("profile-{}", RUNS.fetch_add(1, Ordering::Relaxed)));
    let _ = std::fs::remove_dir_all(&profile);
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Chromium starts");
    // Read both pipes while it runs (a full pipe would stall it).
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut out, &mut s).map(|_| s)
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut err, &mut s).map(|_| s)
    });
    let started = Instant::now();
    loop {
        if child.try_wait().expect("waits").is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("Chromium did not finish in 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let stdout = reader.join().expect("read").unwrap_or_default();
    let stderr = err_reader.join().expect("read").unwrap_or_default();
    (stdout, stderr)
}

/// The console messages (and uncaught errors, which Chromium logs the same way) a run
/// printed.
fn console_lines(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.contains(":CONSOLE")).collect()
}

fn url(page: &Path, fragment: &str) -> String {
    format!(
        "file://{}{fragment}",
        std::fs::canonicalize(page)
            .expect("the page exists")
            .display()
    )
}

#[test]
fn the_html_score_report_opens_in_chromium_without_console_errors() {
    let Some(chromium) = crate::external::find(
        &crate::external::CHROMIUM,
        "browser::the_html_score_report_opens_in_chromium_without_console_errors",
    ) else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("made");
    let page = dir.join("report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["score", "examples/base-scoring.yaml", "--final", "--html"])
        .arg(&page)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).expect("written");
    assert!(tessera::report::is_score_page(&html));
    assert!(
        !html.contains(" src=") && !html.contains("<link") && !html.contains("url("),
        "the page loads nothing from elsewhere"
    );

    // The checks below see console messages: a page that logs one is caught.
    let noisy = dir.join("noisy.html");
    std::fs::write(
        &noisy,
        html.replace("<script>", "<script>console.error('boom');"),
    )
    .expect("written");
    let (_, stderr) = run_chromium(&chromium, &dir, &url(&noisy, ""), &["--dump-dom"]);
    assert!(
        console_lines(&stderr).iter().any(|l| l.contains("boom")),
        "a console error is not seen in Chromium's log:\n{stderr}"
    );

    // The page itself: no console message; the script ran (feature 3, the field scored
    // at the end, is outlined and the others dimmed); the board and every player's row.
    let (dom, stderr) = run_chromium(&chromium, &dir, &url(&page, "#feature-3"), &["--dump-dom"]);
    assert_eq!(
        console_lines(&stderr),
        Vec::<&str>::new(),
        "console messages"
    );
    assert!(
        dom.contains("id=\"board\" class=\"focus\""),
        "the board is not focused:\n{dom}"
    );
    assert!(
        dom.contains("<g class=\"feature hot\" data-event=\"3\""),
        "feature 3 is not outlined:\n{dom}"
    );
    assert!(dom.contains("<svg"), "no board picture");
    for player in ["A", "B"] {
        assert!(
            dom.contains(&format!("<tr class=\"player\" data-player=\"{player}\"")),
            "no row for {player}"
        );
    }
    assert_eq!(dom.matches("<tr class=\"scored").count(), 6, "feature rows");

    // A screenshot to look at: a picture, not a blank page.
    let shot = dir.join("report.png");
    let arg = format!("--screenshot={}", shot.display());
    let (_, stderr) = run_chromium(
        &chromium,
        &dir,
        &url(&page, "#feature-3"),
        &[&arg, "--window-size=1200,900"],
    );
    assert_eq!(
        console_lines(&stderr),
        Vec::<&str>::new(),
        "console messages"
    );
    let png = resvg::tiny_skia::Pixmap::load_png(&shot).expect("the screenshot is a PNG");
    assert_eq!((png.width(), png.height()), (1200, 900));
    let coloured = png
        .pixels()
        .iter()
        .filter(|p| p.red() != p.green() || p.green() != p.blue())
        .count();
    assert!(
        coloured > 10_000,
        "only {coloured} coloured pixels: the board is not shown"
    );
}
