//! The report layer under hostile names: the input is a rule set, a tile set and a position
//! joined by `tessera_fuzz::SEPARATOR` lines, written to a scratch directory as for the
//! `score` target, and every report tessera writes from them is made: the score report as
//! text and JSON (`score_checked`, during play), the HTML page (`score_with_page`, with
//! end-of-game scoring), the SVG pictures of the board (a cell highlighted) and of the tile
//! set (slot names written) (`render_path`), the tiles report as the list, the drawings
//! and JSON (`tiles_report`, as printed and turned) and the placements report with pieces
//! (`placements_report`). Besides the crate's checks on findings: every SVG, and the board
//! in the page, is well-formed XML; the page holds no raw control character but newline and
//! tab; the text reports no character a terminal must not meet raw but newlines; every JSON
//! report reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera::report::ScoreReport;
use tessera::{RenderOptions, ScoreOptions};
use tessera_fuzz::{check_failure, check_findings, check_json, check_svg, check_text};

fn score_report(report: &ScoreReport) {
    check_text(&report.to_text(), "the score report");
    check_json(report, "the score report");
}

/// A picture drawn by `render_path`.
fn picture(drawn: Result<(String, Vec<tessera::Finding>), tessera::Failure>, what: &str) {
    match drawn {
        Ok((svg, notes)) => {
            check_findings(&notes);
            check_svg(&svg, what);
        }
        Err(f) => check_failure(&f),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some(dir) = tessera_fuzz::write_three(data) else {
        return;
    };
    let tileset = dir.join("tileset.yaml");
    let position = dir.join("position.yaml");
    let during = ScoreOptions {
        final_scoring: false,
        turns: None,
    };
    let end = ScoreOptions {
        final_scoring: true,
        turns: None,
    };

    // `tessera score` (text and JSON), then `tessera score --final --html`.
    match tessera::score_checked(&position, &during) {
        Ok((report, notes)) => {
            check_findings(&notes);
            score_report(&report);
        }
        Err(f) => check_failure(&f),
    }
    match tessera::score_with_page(&position, &end) {
        Ok((report, page, notes)) => {
            check_findings(&notes);
            score_report(&report);
            tessera_fuzz::check_page(&page);
        }
        Err(f) => check_failure(&f),
    }

    // `tessera render POSITION --final --highlight 0,0` and `tessera render TILESET --slots`.
    let board = RenderOptions {
        score: end.clone(),
        slots: false,
        highlight: Some((0, 0)),
    };
    picture(tessera::render_path(&position, &board), "the board picture");
    let sheet = RenderOptions {
        slots: true,
        ..RenderOptions::default()
    };
    picture(tessera::render_path(&tileset, &sheet), "the tile sheet");

    // `tessera tiles TILESET` (the list, as the binary lines it up, and JSON), the drawing
    // of every tile as printed, and of the first turned 90 degrees (`--tile ID --rotation 90`).
    let mut first = None;
    match tessera::tiles_report(&tileset, None, 0) {
        Ok(r) => {
            check_findings(&r.findings);
            check_json(&r, "the tiles report");
            let id_width = r
                .tiles
                .iter()
                .map(|t| t.id.chars().count())
                .max()
                .unwrap_or(0)
                .max(6);
            let side_width = r
                .tiles
                .iter()
                .flat_map(|t| t.sides.iter().map(|s| s.chars().count()))
                .max()
                .unwrap_or(0)
                .max(8);
            for t in &r.tiles {
                check_text(&t.line(id_width, side_width), "a line of the tiles report");
                check_text(&t.drawing(), "a tile's drawing");
            }
            first = r.tiles.first().map(|t| t.id.clone());
        }
        Err(f) => check_failure(&f),
    }
    if let Some(id) = &first {
        match tessera::tiles_report(&tileset, Some(id), 90) {
            Ok(r) => {
                check_findings(&r.findings);
                for t in &r.tiles {
                    check_text(&t.drawing(), "a turned tile's drawing");
                }
            }
            Err(f) => check_failure(&f),
        }
    }

    // `tessera placements POSITION TILE --pieces` (JSON), for the set's first tile.
    if let Some(id) = &first {
        match tessera::placements_report(&position, id, true) {
            Ok(r) => {
                check_findings(&r.findings);
                check_json(&r.to_json(), "the placements report");
            }
            Err(f) => check_failure(&f),
        }
    }
});
