//! Benchmarks of validation at the sizes real use reaches: the base game composed with
//! Inns and Cathedrals and The River (`tilesets/base-ic-river.yaml`, 102 tiles, a rule set
//! that extends two others), a fan expansion composed with the base game
//! (`examples/my-expansion.yaml`: 13 + 72 tiles), and a generated tile set of 5,000
//! definitions (the base set's 24 shapes repeated under new ids); and the print-and-play
//! demo, whose deduced shapes are measured by the solver on every validation.
//!
//! Run with `cargo bench --bench validate`. Targets (issue 7): a composed set validated in
//! under 20 ms and a 5,000-definition set in under 1 s, as whole processes.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use tessera::validate_file;

/// Writes a tile set of `n` definitions made from the base set's shapes (each with count 1
/// and no per-copy decorations) and returns its path.
fn generated_set(n: usize) -> PathBuf {
    let base = std::fs::read_to_string("tilesets/base.yaml").expect("bundled base set");
    let (_, body) = base.split_once("\ntiles:\n").expect("base set has tiles");
    let shapes: Vec<String> = body
        .split("\n  - id: ")
        .map(|b| b.trim_start_matches("  - id: "))
        .filter(|b| !b.trim().is_empty())
        .map(|b| {
            // Keep sides and segments; drop the id line, count and copies.
            let after_id = b.split_once('\n').map_or("", |(_, rest)| rest);
            let shape = after_id.split("\n    copies:").next().unwrap_or("");
            shape
                .lines()
                .filter(|l| !l.trim_start().starts_with("count:"))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    let ruleset = std::fs::canonicalize("rulesets/carcassonne.yaml").expect("bundled rule set");
    let mut text = format!(
        "name: Generated, {n} definitions\nruleset: {}\ntotal: {n}\nstart: {{tile: G3}}\ntiles:\n",
        ruleset.display()
    );
    for i in 0..n {
        text.push_str(&format!("  - id: G{i}\n{}\n", shapes[i % shapes.len()]));
    }
    let path = std::env::temp_dir().join(format!("tessera-bench-{n}-{}.yaml", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path
}

fn validate_sets(c: &mut Criterion) {
    let combined = Path::new("tilesets/base-ic-river.yaml");
    let v = validate_file(combined, None).expect("readable");
    assert!(
        v.findings
            .iter()
            .all(|f| f.level != tessera::diag::Level::Error)
    );
    // The print-and-play demo: shapes lent by two sets, and its deduction measured (the
    // solver counts 124,416,000 assignments and every tile's alternatives).
    let demo = Path::new("tilesets/pnp-demo.yaml");
    assert!(
        validate_file(demo, None)
            .expect("readable")
            .findings
            .iter()
            .any(|f| f.check == tessera::diag::Check::DeductionNote)
    );
    c.bench_function(
        "validate the print-and-play demo (deduction measured)",
        |b| b.iter(|| black_box(validate_file(demo, None).expect("readable").findings.len())),
    );
    c.bench_function(
        "validate base + Inns and Cathedrals + River (composed)",
        |b| {
            b.iter(|| {
                black_box(
                    validate_file(combined, None)
                        .expect("readable")
                        .findings
                        .len(),
                )
            })
        },
    );

    let composed = Path::new("examples/my-expansion.yaml");
    let v = validate_file(composed, None).expect("readable");
    assert!(
        v.findings
            .iter()
            .all(|f| f.level != tessera::diag::Level::Error)
    );
    c.bench_function(
        "validate a fan expansion composed with the base game",
        |b| {
            b.iter(|| {
                black_box(
                    validate_file(composed, None)
                        .expect("readable")
                        .findings
                        .len(),
                )
            })
        },
    );

    let big = generated_set(5_000);
    let v = validate_file(&big, None).expect("readable");
    assert!(v.findings.is_empty(), "{:?}", v.findings.first());
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    group.bench_function("validate a generated 5,000-definition tile set", |b| {
        b.iter(|| black_box(validate_file(&big, None).expect("readable").findings.len()))
    });
    group.finish();
    std::fs::remove_file(&big).ok();
}

criterion_group!(benches, validate_sets);
criterion_main!(benches);
