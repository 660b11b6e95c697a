//! Benchmark of the findings report: 5,000 findings in one 5,000-line tile set (each tile
//! with an unknown key) drawn as the `tessera` binary draws them (miette's graphical
//! report, no colour, 100 columns), and their JSON records.
//!
//! Run with `cargo bench --bench findings`. Target (issue 9): linear in the number of
//! findings. Before the fix every snippet was read by scanning its file from the start
//! (and every JSON record's line was counted the same way): 4,000 findings took 5.5 s
//! to print.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use tessera::diag::SourceFile;
use tessera::report::{FindingRecord, findings_text};
use tessera::validate_file;

/// The findings of a tile set of `n` one-line definitions, each with an unknown key.
fn findings(n: usize) -> Vec<tessera::Finding> {
    let mut text = format!(
        "name: Many\nruleset: ../rulesets/carcassonne.yaml\ntotal: {n}\nstart: {{tile: T0}}\ntiles:\n"
    );
    for i in 0..n {
        text.push_str(&format!(
            "  - {{id: T{i}, sides: {{N: city, E: field, S: field, W: field}}, bogus: 1, segments: [{{id: c, feature: city, at: [N]}}, {{id: f, feature: field, at: [E, S, W], links: {{touches: [c]}}}}]}}\n"
        ));
    }
    let file = SourceFile::new(Path::new("tilesets/many.yaml"), text);
    let v = validate_file(file, None).expect("validated");
    assert_eq!(v.findings.len(), n);
    v.findings
}

fn render(c: &mut Criterion) {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    let mut g = c.benchmark_group("findings");
    g.sample_size(10);
    for n in [1_000, 5_000] {
        let f = findings(n);
        g.bench_function(format!("report of {n} findings"), |b| {
            b.iter(|| black_box(findings_text(black_box(&f), &handler)))
        });
        g.bench_function(format!("JSON records of {n} findings"), |b| {
            b.iter(|| {
                let records: Vec<FindingRecord> = f.iter().map(FindingRecord::from).collect();
                black_box(serde_json::to_string(&records).expect("JSON"))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
