//! Benchmarks of the hostile inputs of issue 21, each as the `tessera` binary meets it:
//! - JCloisterZone XML with 50,000 unknown elements `<a/>` on one line, validated (the
//!   locator's column counting was quadratic on a long line: 200,000 took 93 s);
//! - a tile set of 750,000 schema violations (`- 1` under `tiles`, 3 MB), validated and
//!   its findings drawn as the binary draws them (every finding was kept and printed:
//!   11 s, 850 MB and 236 MB of output; now the schema check keeps at most
//!   `limits::DEFAULT_MAX_FINDINGS` per file and folds the rest into the last);
//! - the board picture of a 100,000-turn position (one road of 100,000 tiles), as
//!   `tessera render` draws it (the `svg` crate's tree of it took 1.4 GB).
//!
//! Run with `cargo bench --bench hostile`. Memory is not measured here: the closing note
//! of issue 21 gives the whole process's peak (`/usr/bin/time`) beside these times.

#[path = "common/positions.rs"]
mod positions;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tessera::diag::SourceFile;
use tessera::report::findings_text;
use tessera::{RenderOptions, ScoreOptions, render_path};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-hostile")
}

fn hostile(c: &mut Criterion) {
    let mut g = c.benchmark_group("hostile");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(20));

    let n = 50_000;
    let xml = format!("<pack>{}</pack>\n", "<a/>".repeat(n));
    g.bench_function(format!("validate XML with {n} <a/> on one line"), |b| {
        b.iter(|| {
            let file = SourceFile::new(Path::new("tilesets/long-line.xml"), xml.clone());
            black_box(tessera::validate_file(file, None).expect("validated"))
        })
    });

    let items = 750_000;
    let yaml = format!(
        "ruleset: bundled:rulesets/carcassonne.yaml\ntiles:\n{}",
        "- 1\n".repeat(items)
    );
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    g.bench_function(
        format!("validate and report a tile set of {items} schema violations"),
        |b| {
            b.iter(|| {
                let file = SourceFile::new(Path::new("tilesets/many.yaml"), yaml.clone());
                let v = tessera::validate_file(file, None).expect("validated");
                black_box(findings_text(&v.findings, &handler).len())
            })
        },
    );

    let turns = 100_000;
    let path = positions::write_long_road(&dir(), turns);
    let opts = RenderOptions {
        score: ScoreOptions {
            final_scoring: true,
            turns: None,
        },
        slots: false,
        highlight: None,
        overlay: false,
        plain: false,
    };
    g.bench_function(
        format!("render the board of a {turns}-turn position"),
        |b| b.iter(|| black_box(render_path(&path, &opts).expect("drawn").0.len())),
    );
    g.finish();
}

criterion_group!(benches, hostile);
criterion_main!(benches);
