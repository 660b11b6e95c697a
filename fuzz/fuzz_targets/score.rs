//! Scoring with one input driving all three files: the input is a rule set, a tile set and
//! a position joined by `tessera_fuzz::SEPARATOR` lines, written to `ruleset.yaml`,
//! `tileset.yaml` and `position.yaml` in a scratch directory (the seeds' tile set says
//! `ruleset: ruleset.yaml` and their position `tileset: tileset.yaml`), so that a broken
//! rule set reaches the engine. The rule set and the tile set are validated, the position
//! is scored with end-of-game scoring and the placements of the first tile are listed;
//! every report and finding is rendered as the binary does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera::{Failure, ScoreOptions};

fuzz_target!(|data: &[u8]| {
    let dir = tessera_fuzz::scratch();
    let parts = tessera_fuzz::split3(data);
    let names = ["ruleset.yaml", "tileset.yaml", "position.yaml"];
    for (name, part) in names.iter().zip(parts) {
        if std::fs::write(dir.join(name), part).is_err() {
            return;
        }
    }
    // The rule set and the tile set as `tessera validate` sees them (the position is
    // validated by scoring it: the same loading and replay).
    for name in &names[..2] {
        tessera_fuzz::check_validation(tessera::validate_file(&dir.join(name), None));
    }
    let position = dir.join("position.yaml");
    let opts = ScoreOptions {
        final_scoring: true,
        turns: None,
    };
    match tessera::score_checked(&position, &opts) {
        Ok((report, notes)) => {
            tessera_fuzz::check_findings(&notes);
            std::hint::black_box(report.to_text());
            std::hint::black_box(serde_json::to_string(&report).ok());
        }
        Err(Failure::Findings(f)) => tessera_fuzz::check_findings(&f),
        Err(Failure::Tool(_)) => {}
    }
    // The placements of the set's first tile (an argument in the binary, not file content).
    if let Ok(lp) = tessera::replay::load_position(&position) {
        if let Some(tile) = lp.game.tiles.tiles.first().map(|t| t.id.clone()) {
            match tessera::placements_report(&position, &tile, true) {
                Ok(r) => tessera_fuzz::check_findings(&r.findings),
                Err(Failure::Findings(f)) => tessera_fuzz::check_findings(&f),
                Err(Failure::Tool(_)) => {}
            }
        }
    }
});
