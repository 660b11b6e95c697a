//! Benchmarks of the language server (`tessera lsp`) at a keystroke: what the server does
//! once the text has settled (validate the unsaved text, turn the findings into
//! diagnostics, load what the document names), for the base game composed with Inns and
//! Cathedrals (`tilesets/base-inns-cathedrals.yaml`: 41 definitions, 90 tiles, a rule set
//! that extends another) and for the expansion's own set (`tilesets/inns-cathedrals.yaml`,
//! 17 definitions) with a defect typed; and a completion at a segment's `feature:`.
//!
//! Run with `cargo bench --bench lsp`. Target (issue 27): diagnostics for a keystroke in
//! the composed set in under 50 ms.

use std::collections::HashSet;
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use tessera::lsp;

fn keystroke(c: &mut Criterion) {
    let mut g = c.benchmark_group("lsp");
    for (name, file, edit) in [
        (
            "diagnostics for a keystroke in the composed I&C set (90 tiles)",
            "tilesets/base-inns-cathedrals.yaml",
            None,
        ),
        (
            "diagnostics for a keystroke in the I&C set with a defect typed",
            "tilesets/inns-cathedrals.yaml",
            Some(("feature: city", "feature: citty")),
        ),
    ] {
        let path = std::fs::canonicalize(file).expect("bundled set");
        let mut text = std::fs::read_to_string(&path).expect("reads");
        if let Some((from, to)) = edit {
            text = text.replacen(from, to, 1);
        }
        let uri = lsp::uri_of(&path).expect("a file URI");
        let open = HashSet::from([uri.clone()]);
        let (by_file, names) = lsp::diagnose(&path, &text, &uri, &open);
        let names = names.expect("the names of the game, or at least of its rule set");
        assert!(
            names.game.is_some() == edit.is_none(),
            "{name}: the game loads only when clean"
        );
        assert_eq!(
            by_file[&uri]
                .iter()
                .any(|d| d.severity == Some(lsp_types::DiagnosticSeverity::ERROR)),
            edit.is_some(),
            "{name}"
        );
        g.bench_function(name, |b| {
            b.iter(|| black_box(lsp::diagnose(&path, &text, &uri, &open).0.len()))
        });
    }
    g.finish();
}

fn completion(c: &mut Criterion) {
    let path = std::fs::canonicalize(Path::new("examples/my-expansion.yaml")).expect("example");
    let text = std::fs::read_to_string(&path).expect("reads");
    let doc = lsp::Doc::for_bench(&path, &text);
    let needle = "{id: road, feature: ";
    let at = text.find(needle).expect("a road segment") + needle.len();
    let line = text[..at].matches('\n').count() as u32;
    let col = text[..at]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.encode_utf16().count()) as u32;
    let position = lsp_types::Position::new(line, col);
    c.bench_function(
        "lsp: completion of a feature kind in the example expansion",
        |b| b.iter(|| black_box(lsp::complete(&doc, position))),
    );
}

criterion_group!(benches, keystroke, completion);
criterion_main!(benches);
