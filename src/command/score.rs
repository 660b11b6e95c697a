//! `tessera score`: a position replayed and scored, [`score_path`] (with the findings that
//! did not stop it, [`score_checked`]; with the HTML page, [`score_with_page`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::common::{FINDINGS, failure_as, judge_success_as, out, write_generated};
use super::{Format, PolicyArgs};
use crate::diag::{Failure, Finding};
use crate::report::ScoreReport;
use crate::{engine, picture, replay};

/// Score a position: replay its turns (or read its snapshot) and print points per player
/// with a breakdown per feature.
///
/// Without --final, only the points scored during play (completed features) are counted;
/// --final adds end-of-game scoring (incomplete features, fields). Every turn is checked
/// against the rules; an illegal turn is reported at its line.
///
/// Warnings about the files it uses are printed; --allow and --deny work as for
/// `validate`.
///
/// Exit status: 0 scored, 2 findings in the position or the files it names (or denied
/// warnings), 1 the position cannot be read or a flag is wrong.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera score examples/base-scoring.yaml\n  tessera score examples/base-scoring.yaml --final\n  tessera score examples/base-scoring.yaml --final --format json\n  tessera score examples/base-scoring.yaml --turns 4"
)]
pub struct ScoreArgs {
    /// The position file (a turn log or a snapshot).
    position: PathBuf,
    /// Add end-of-game scoring.
    #[arg(long = "final")]
    final_scoring: bool,
    /// Replay only the first N turns.
    #[arg(long, value_name = "N")]
    turns: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also write the report as one self-contained HTML page (the board's picture,
    /// the points, the pieces and the features scored; hover a feature to see it).
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
    /// Replace the --html file if it exists and tessera did not write it (a report it
    /// wrote before is replaced without it).
    #[arg(long, requires = "html")]
    force: bool,
    #[command(flatten)]
    policy: PolicyArgs,
}

/// How to score a position.
#[derive(Debug, Clone, Default)]
pub struct ScoreOptions {
    /// Add end-of-game scoring (incomplete features, fields).
    pub final_scoring: bool,
    /// Replay only the first this many turns of a turn log.
    pub turns: Option<usize>,
}

/// Scores a position file: replays it with the rules checked, then (optionally) adds
/// end-of-game scoring.
///
/// Errors: [`Failure::Tool`] if the file cannot be read; [`Failure::Findings`] for
/// anything wrong in it or the files it names (illegal turns included).
pub fn score_path(path: &Path, opts: &ScoreOptions) -> Result<ScoreReport, Failure> {
    score_checked(path, opts).map(|(report, _)| report)
}

/// Like [`score_path`], also giving the findings that did not stop scoring: warnings and
/// notes about the files the position uses (its tile set and rule set), for the caller to
/// judge with a [`crate::diag::Policy`].
///
/// Errors: as [`score_path`].
pub fn score_checked(
    path: &Path,
    opts: &ScoreOptions,
) -> Result<(ScoreReport, Vec<Finding>), Failure> {
    with_position(path, opts, |lp, state| {
        (report_of(lp, state, opts), lp.notes.clone())
    })
}

/// The pieces' addresses as the position writes them, with their tiles' cells, in order:
/// each turn's piece (on the tile placed, or the cell it names) and a snapshot's pieces.
fn written_addresses(lp: &replay::LoadedPosition) -> Vec<((i32, i32), String)> {
    let mut out = Vec::new();
    for t in lp.position.turns.iter().flatten() {
        if let Some(p) = &t.value.piece {
            let cell = p.value.cell().unwrap_or((t.value.x.value, t.value.y.value));
            out.push((cell, p.value.at().to_string()));
        }
    }
    for t in lp.position.board.iter().flatten() {
        for p in &t.value.pieces {
            out.push(((t.value.x.value, t.value.y.value), p.value.at.value.clone()));
        }
    }
    out
}

/// Whether end-of-game scoring is added: asked for (`--final`), or the position is of a
/// game that is over (`ended: true`, a saved game imported at its end) and all its turns
/// are replayed.
pub(super) fn with_final_scoring(lp: &replay::LoadedPosition, opts: &ScoreOptions) -> bool {
    let available = lp.position.turns.as_ref().map_or(0, Vec::len);
    opts.final_scoring || (lp.position.ended && opts.turns.is_none_or(|n| n >= available))
}

/// The score report of a replayed position.
fn report_of(
    lp: &replay::LoadedPosition,
    state: &engine::State,
    opts: &ScoreOptions,
) -> ScoreReport {
    let final_scoring = with_final_scoring(lp, opts);
    let mut report = ScoreReport::from_state(state, lp.position.name.clone(), final_scoring)
        .with_written_addresses(state, &written_addresses(lp));
    report.snapshot = lp.position.board.is_some();
    report
}

/// Like [`score_checked`], also writing the report as one self-contained HTML page with
/// the board's picture ([`crate::report::score_html`]): (report, page, findings).
///
/// Errors: as [`score_path`].
pub fn score_with_page(
    path: &Path,
    opts: &ScoreOptions,
) -> Result<(ScoreReport, String, Vec<Finding>), Failure> {
    with_position(path, opts, |lp, state| {
        let report = report_of(lp, state, opts);
        let board = picture::board(state, picture::BoardOptions::default());
        let colours = picture::Palette::new(&state.game().rules, state.players()).players;
        let page = crate::report::score_html(&report, &board, &colours);
        (report, page, lp.notes.clone())
    })
}

/// Loads a position, replays it (the first `opts.turns` turns) with the rules checked,
/// adds end-of-game scoring with `opts.final_scoring`, and hands the state to `f`.
///
/// Errors: as [`score_path`].
pub(super) fn with_position<R>(
    path: &Path,
    opts: &ScoreOptions,
    f: impl FnOnce(&replay::LoadedPosition, &engine::State) -> R,
) -> Result<R, Failure> {
    let lp = replay::load_position(path)?;
    let available = lp.position.turns.as_ref().map_or(0, Vec::len);
    if let Some(n) = opts.turns.filter(|&n| n > available) {
        return Err(Failure::Tool(format!(
            "cannot replay {n} turns: {} has {available}",
            path.display()
        )));
    }
    let mut state = replay::replay(&lp, opts.turns)?;
    if with_final_scoring(&lp, opts) {
        state.final_scoring();
    }
    Ok(f(&lp, &state))
}

/// Runs `tessera score`.
pub fn run(args: ScoreArgs) -> ExitCode {
    let policy = match args.policy.policy() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (position, format) = (&args.position, args.format);
    let opts = ScoreOptions {
        final_scoring: args.final_scoring,
        turns: args.turns,
    };
    let html = args.html.as_deref().map(|h| (h, args.force));
    let scored = match html {
        None => score_checked(position, &opts).map(|(r, f)| (r, None, f)),
        Some(_) => score_with_page(position, &opts).map(|(r, p, f)| (r, Some(p), f)),
    };
    let json = format == Format::Json;
    match scored {
        Ok((report, page, findings)) => {
            if judge_success_as(&policy, findings, json) {
                return ExitCode::from(FINDINGS);
            }
            if let (Some((target, force)), Some(page)) = (html, page) {
                // Never over a file that exists, unless --force or it is a page written here.
                let ours = |_: &Path, text: &str| crate::report::is_score_page(text);
                if let Err(code) = write_generated(target, page, &ours, force) {
                    return code;
                }
            }
            match format {
                Format::Text => out!("{}", report.to_text()),
                Format::Json => out!(
                    "{}\n",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                ),
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure_as(e, &policy, json),
    }
}
