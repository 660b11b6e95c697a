//! Deduced shapes (issue 8) on the real deduced set, `tilesets/pnp-demo.yaml`: the
//! validator measures what the evidence leaves open, the chosen shapes meet every
//! constraint, and a broken choice, a stale alternative list or a wrong `certain` is
//! reported at its line.

use std::path::Path;

use tessera::diag::{Check, Finding, Level, SourceFile};
use tessera::validate::load_tileset;
use tessera::validate_file;

const DEMO: &str = "tilesets/pnp-demo.yaml";

/// Validates `text` as if it were a file in `tilesets/` (its relative paths resolve there).
fn validate_text(text: &str) -> Vec<Finding> {
    validate_file(
        SourceFile::new(
            Path::new("tilesets/pnp-demo-changed.yaml"),
            text.to_string(),
        ),
        None,
    )
    .expect("validates")
    .findings
}

fn demo_text() -> String {
    std::fs::read_to_string(DEMO).expect("bundled")
}

/// The 1-based line of the first line of `text` containing `needle` after the line
/// containing `after`.
fn line_after(text: &str, after: &str, needle: &str) -> usize {
    let start = text
        .lines()
        .position(|l| l.contains(after))
        .expect("anchor");
    start
        + 1
        + text
            .lines()
            .skip(start)
            .position(|l| l.contains(needle))
            .expect("needle")
}

/// `text` with the first occurrence of `old` after the line containing `after` replaced.
fn replace_after(text: &str, after: &str, old: &str, new: &str) -> String {
    let at = text.find(after).expect("anchor");
    let rel = text[at..].find(old).expect("old text");
    format!(
        "{}{new}{}",
        &text[..at + rel],
        &text[at + rel + old.len()..]
    )
}

/// The only finding of `check` (fails when there is none or more than one).
fn one(findings: &[Finding], check: Check) -> &Finding {
    let found = of(findings, check);
    assert_eq!(found.len(), 1, "one {}: {findings:?}", check.code());
    found[0]
}

fn of(findings: &[Finding], check: Check) -> Vec<&Finding> {
    findings.iter().filter(|f| f.check == check).collect()
}

#[test]
fn the_demo_deduction_is_measured_and_its_choice_meets_every_constraint() {
    let (game, notes) = load_tileset(Path::new(DEMO), None).expect("the demo set loads");
    assert_eq!(game.tiles.total, 48);
    let note = notes
        .iter()
        .find(|n| n.check == Check::DeductionNote)
        .expect("the deduction note");
    // The measurement (also printed by `tessera validate tilesets/pnp-demo.yaml`): counts
    // (7 tiles of one copy, 9 of two, 2 of three, 3 of four, 1 of five), Highwaymen on a
    // road, WaterTower in a city and the start shape leave 2400 x 25920 x 2 x 1 x 1
    // assignments; they agree on D, N, T and U.
    println!("{}\n{}", note.message, note.help.as_deref().unwrap_or(""));
    assert!(
        note.message.contains(
            "124,416,000 assignments of its 22 shapes to the 22 tile definitions (48 tiles)"
        ),
        "{}",
        note.message
    );
    assert!(
        note.message
            .contains("4 definitions have the same shape in all of them")
    );
    let help = note.help.as_deref().expect("help");
    assert!(help.contains("Forced by them: D, N, T, U."), "{help}");
    assert!(
        help.contains("the start tile has shape D; Highwaymen needs road; WaterTower needs city"),
        "{help}"
    );
    // The file validates with no conflict, mismatch or stale alternative: the chosen
    // assignment is one of the consistent ones, and every tile's alternatives are exact.
    let all = validate_text(&demo_text());
    let unexpected: Vec<_> = all
        .iter()
        .filter(|f| f.level != Level::Note)
        .map(|f| f.to_string())
        .collect();
    assert!(unexpected.is_empty(), "{unexpected:?}");
}

#[test]
fn a_shape_that_breaks_a_constraint_is_a_conflict_at_its_line() {
    // F shows Highwaymen, which needs a road; shape G (a city band) has none. G is also
    // used by H, so the distribution no longer adds up either.
    let text = replace_after(&demo_text(), "- id: F", "shape: IC/CFR", "shape: G");
    let found = validate_text(&text);
    let conflicts = one(&found, Check::DeductionConflict);
    assert!(
        conflicts
            .message
            .contains("shows Highwaymen, which needs a road"),
        "{}",
        conflicts.message
    );
    assert_eq!(
        conflicts.position().expect("located").1,
        line_after(&text, "- id: F", "shape: G")
    );
    let mismatch: Vec<&str> = of(&found, Check::DistributionMismatch)
        .iter()
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(mismatch.len(), 2, "{mismatch:?}");
    assert!(mismatch.iter().any(|m| m.starts_with("shape `G`")));
    assert!(mismatch.iter().any(|m| m.starts_with("shape `IC/CFR`")));
}

#[test]
fn a_start_tile_of_another_shape_is_a_conflict() {
    let text = replace_after(
        &demo_text(),
        "deduction:",
        "start_shape: D",
        "start_shape: U",
    );
    let found = validate_text(&text);
    let conflicts = one(&found, Check::DeductionConflict);
    assert!(
        conflicts
            .message
            .contains("`D` is the start tile, whose shape is `U`")
    );
}

#[test]
fn stale_alternatives_and_a_wrong_certain_are_warnings_at_their_lines() {
    // K's list loses O; N says `high` although nothing else is possible; E says `certain`.
    let mut text = replace_after(&demo_text(), "- id: K", "[K, O, S]", "[K, S]");
    text = replace_after(&text, "- id: N", "confidence: certain", "confidence: high");
    text = replace_after(
        &text,
        "- id: E",
        "confidence: medium",
        "confidence: certain",
    );
    let found = validate_text(&text);
    assert!(found.iter().all(|f| f.level != Level::Error), "{found:?}");
    let stale = of(&found, Check::DeducedMismatch);
    let at = |f: &&Finding| f.position().expect("located").1;
    let mut got: Vec<(usize, &str)> = stale.iter().map(|f| (at(f), f.message.as_str())).collect();
    got.sort();
    let mut want = vec![
        (
            line_after(&text, "- id: K", "alternatives:"),
            "the alternatives of tile `K` are not what the constraints leave: the constraints also allow O",
        ),
        (
            line_after(&text, "- id: N", "confidence:"),
            "the constraints leave tile `N` no shape but `N`",
        ),
        (
            line_after(&text, "- id: E", "confidence:"),
            "tile `E` says `certain`, but the constraints also allow F, H, I, J, K, O, S",
        ),
    ];
    want.sort();
    assert_eq!(got, want);
    assert!(stale.iter().all(|f| f.level == Level::Warning));
}

#[test]
fn a_tile_without_deduced_is_asked_for_its_confidence() {
    let text = demo_text().replace(
        "    deduced:\n      confidence: medium\n      why: \"the 3-copy types are base L and W; no illustration, like both; letter order\"\n      alternatives: [W]\n",
        "",
    );
    let found = validate_text(&text);
    let stale = one(&found, Check::DeducedMismatch);
    assert_eq!(stale.message, "tile `J` does not say how sure its shape is");
    assert!(
        stale
            .help
            .as_deref()
            .is_some_and(|h| h.contains("alternatives: [W]")),
        "{:?}",
        stale.help
    );
}

#[test]
fn evidence_naming_unknown_decorations_features_or_shapes_is_reported() {
    let mut text = replace_after(
        &demo_text(),
        "needs:",
        "Highwaymen: [road]",
        "Robbers: [road]",
    );
    text = replace_after(&text, "needs:", "WaterTower: [city]", "WaterTower: [town]");
    text = replace_after(&text, "distribution:", "IC/LRFR: 1", "IC/LRFX: 1");
    let found = validate_text(&text);
    let messages: Vec<String> = found
        .iter()
        .filter(|f| f.level == Level::Error)
        .map(|f| format!("{} {}", f.check.code(), f.message))
        .collect();
    for want in [
        "tileset::unknown_name unknown decoration `Robbers`",
        "tileset::unknown_name unknown feature kind `town`",
        "tileset::unknown_shape the distribution's shape `IC/LRFX` is not a tile of",
    ] {
        assert!(
            messages.iter().any(|m| m.starts_with(want)),
            "{want}: {messages:?}"
        );
    }
    assert!(found.iter().all(|f| f.position().is_some()), "{found:?}");
}

#[test]
fn a_shape_id_defined_by_two_lent_sets_is_ambiguous() {
    // base-inns-cathedrals.yaml includes the base set, so both define `D`.
    let text = demo_text().replace(
        "shapes_from: [base.yaml, inns-cathedrals.yaml]",
        "shapes_from: [base.yaml, base-inns-cathedrals.yaml]",
    );
    let found = validate_text(&text);
    let ambiguous = of(&found, Check::AmbiguousShape);
    assert_eq!(
        ambiguous.len(),
        1,
        "one finding for the pair of sets: {found:?}"
    );
    assert!(
        ambiguous[0]
            .message
            .starts_with("`shape: A` and 19 more are tiles of two `shapes_from` sets"),
        "{}",
        ambiguous[0].message
    );
    // Lending only the named tiles: the I&C set's inn and cathedral tiles, which the base
    // rule set cannot compile, are not reported.
    assert!(
        of(&found, Check::TileSetUnknownName).is_empty(),
        "{found:?}"
    );
}

#[test]
fn a_set_listed_twice_in_shapes_from_is_one_finding() {
    let text = demo_text().replace(
        "shapes_from: [base.yaml, inns-cathedrals.yaml]",
        "shapes_from: [base.yaml, inns-cathedrals.yaml, ./base.yaml]",
    );
    let found = validate_text(&text);
    let errors: Vec<&Finding> = found.iter().filter(|f| f.level == Level::Error).collect();
    assert_eq!(errors.len(), 1, "{found:?}");
    assert_eq!(errors[0].check, Check::AmbiguousShape);
    assert_eq!(errors[0].message, "`shapes_from` lists `./base.yaml` twice");
}

#[test]
fn an_empty_shapes_from_list_is_a_schema_finding_at_its_line() {
    let text = demo_text().replace(
        "shapes_from: [base.yaml, inns-cathedrals.yaml]",
        "shapes_from: []",
    );
    let found = validate_text(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].check.code(), "schema::invalid");
    assert_eq!(
        found[0].position().expect("located").1,
        line_after(&text, "name:", "shapes_from")
    );
}

#[test]
fn a_start_shape_outside_the_distribution_is_reported_at_start_shape() {
    for (shape, code) in [
        ("DD", "tileset::unknown_shape"),
        ("X", "tileset::distribution_mismatch"),
    ] {
        let text = replace_after(
            &demo_text(),
            "deduction:",
            "start_shape: D",
            &format!("start_shape: {shape}"),
        );
        let found = validate_text(&text);
        let errors: Vec<&Finding> = found.iter().filter(|f| f.level == Level::Error).collect();
        assert_eq!(errors.len(), 1, "{shape}: {found:?}");
        assert_eq!(errors[0].check.code(), code);
        assert_eq!(
            errors[0].position().expect("located").1,
            line_after(&text, "deduction:", "start_shape")
        );
    }
}

#[test]
fn alternatives_that_name_the_chosen_shape_unknown_ids_or_repeats_say_so() {
    let text = replace_after(
        &demo_text(),
        "- id: A",
        "[P, T, IC/CFR, IC/LRFR]",
        "[A, P, P, T, ZZ, IC/CFR, IC/LRFR]",
    );
    let found = validate_text(&text);
    let stale = one(&found, Check::DeducedMismatch);
    assert_eq!(
        stale.message,
        "the alternatives of tile `A` are not what the constraints leave: `P` is listed twice; \
         `A` is the chosen shape itself; ZZ not in the distribution"
    );
}

#[test]
fn missing_alternatives_are_reported_at_the_confidence() {
    let text = replace_after(
        &demo_text(),
        "- id: A",
        "      alternatives: [P, T, IC/CFR, IC/LRFR]\n",
        "",
    );
    let found = validate_text(&text);
    let stale = one(&found, Check::DeducedMismatch);
    assert_eq!(
        stale.message,
        "tile `A` gives no `alternatives`, but the constraints allow IC/CFR, IC/LRFR, P, T"
    );
    assert_eq!(
        stale.position().expect("located").1,
        line_after(&text, "- id: A", "confidence:")
    );
}

#[test]
fn deduced_claims_without_evidence_or_evidence_under_another_status_are_warnings() {
    // No `deduction`: the 22 `deduced:` blocks are unchecked (one warning).
    let text = demo_text();
    let start = text.find("  deduction:").expect("deduction");
    let end = text.find("\ntiles:").expect("tiles");
    let without = format!("{}{}", &text[..start], &text[end + 1..]);
    let found = validate_text(&without);
    let unchecked = one(&found, Check::DeducedUnchecked);
    assert!(
        unchecked
            .message
            .starts_with("22 definitions say `deduced:`")
    );
    assert!(of(&found, Check::DeductionNote).is_empty());
    // `status: verified` with the evidence of a deduction.
    let verified = text.replace("  status: deduced", "  status: verified");
    let found = validate_text(&verified);
    assert_eq!(of(&found, Check::DeductionStatus).len(), 1, "{found:?}");
}
