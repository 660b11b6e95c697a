//! `tessera simulate`: many seeded games played by agents and summed up, [`simulate`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::common::{failure_as, out};
use super::play::{load_game, seat_names};
use super::{AgentArg, Format};
use crate::diag::{self, Failure, Policy};
use crate::{engine, load, replay};

/// Play many seeded games and sum them up: per seat the scores and win rate, per game
/// its length, per feature kind how often it is completed and what it scores.
///
/// Game i is played with a seed derived from --seed and i, and results are summed in
/// game order: the same seed gives the same numbers whatever --jobs is. --compare
/// plays another tile set (or several, played together) with the same seats and seeds,
/// in a second column, under its own rule set: --compare-ruleset if given, else the
/// rule set the compared tile sets name (their `ruleset:`, or an included set's), else
/// RULESET. Each column names its rule set. A progress bar shows on a terminal.
///
/// Exit status: 0 simulated, 2 findings in the rule set or tile sets, 1 a file cannot
/// be read or a flag is wrong.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 100 --seed 1\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 10 --agent greedy --agent random\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --compare tilesets/pnp-demo.yaml --games 100\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 50 --format json"
)]
pub struct SimulateArgs {
    /// The rule set.
    ruleset: PathBuf,
    /// Tile sets played together (start tile from the first).
    #[arg(required = true)]
    tilesets: Vec<PathBuf>,
    /// Another tile set to compare (repeat to play several together), under the rule
    /// set it names (else RULESET).
    #[arg(long, value_name = "TILESET")]
    compare: Vec<PathBuf>,
    /// The rule set of the compared tile sets, instead of the one they name (needs
    /// --compare).
    #[arg(long, value_name = "RULESET", requires = "compare")]
    compare_ruleset: Option<PathBuf>,
    /// Games per variant.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Number of players.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    players: u16,
    /// Seed of the run. A number from 0 to 18446744073709551615.
    // A negative number is read as a value, so that it is refused as one (not
    // taken for an option).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    seed: u64,
    /// Agent of a seat, one per seat in turn order (repeated when fewer are given).
    #[arg(long = "agent", value_enum)]
    agents: Vec<AgentArg>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    jobs: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// What `tessera simulate` plays: a game (and optionally a second variant of it to
/// compare), how many games, the seats and their agents, the seed and the threads.
#[derive(Debug, Clone)]
pub struct SimulateOptions {
    /// Rule set; default the first tile set's.
    pub ruleset: Option<PathBuf>,
    /// Tile sets played together.
    pub tilesets: Vec<PathBuf>,
    /// Another tile set list to compare, played with the same seats and seeds under its
    /// own rule set (see [`SimulateOptions::compare_ruleset`]).
    pub compare: Option<Vec<PathBuf>>,
    /// The rule set of the compared tile sets. Default: the one they name (their own
    /// `ruleset:`, or an included set's), else [`SimulateOptions::ruleset`] (else the
    /// first tile set's).
    pub compare_ruleset: Option<PathBuf>,
    /// Number of players.
    pub players: usize,
    /// Games per variant.
    pub games: u64,
    /// Seed of the run (game `i` uses [`crate::simulate::game_seed`]`(seed, i)`).
    pub seed: u64,
    /// One agent per seat, repeated when fewer are given (default random).
    pub agents: Vec<engine::play::Agent>,
    /// Worker threads (default: one per core). The numbers do not depend on it.
    pub jobs: Option<usize>,
}

/// Simulates the game (and the variant to compare, if any), calling `tick` after each game
/// played (from any thread: drive a progress bar with it). Each summary names the rule set
/// its games were played with: the compared tile sets are played under their own rule set
/// ([`SimulateOptions::compare_ruleset`]), never silently under the first column's.
///
/// Errors: findings in the files; a tool failure when the thread pool cannot start or a
/// start tile cannot be laid.
pub fn simulate(
    opts: &SimulateOptions,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<crate::simulate::Summary>, Failure> {
    let players = seat_names(opts.players);
    let agents = if opts.agents.is_empty() {
        vec![engine::play::Agent::Random]
    } else {
        opts.agents.clone()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Failure::Tool(format!("cannot start worker threads: {e}")))?;
    let mut variants = vec![
        load_game(
            opts.ruleset.as_deref(),
            &opts.tilesets,
            &players,
            None,
            "",
            "simulated",
        )
        .map(|(_, lp)| (&opts.tilesets, lp))?,
    ];
    if let Some(sets) = &opts.compare {
        let lp = match &opts.compare_ruleset {
            Some(r) => load_game(Some(r), sets, &players, None, "", "compared")?.1,
            None => load_compared(opts.ruleset.as_deref(), sets, &players)?,
        };
        variants.push((sets, lp));
    }
    let here = std::env::current_dir().unwrap_or_default();
    let mut out = Vec::new();
    for (sets, lp) in variants {
        let name = sets
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" + ");
        // The rule set's file, one spelling whichever way it was named (from the current
        // directory).
        let ruleset = shown_path(&here, &lp.game.ruleset_file.path);
        let summary = pool
            .install(|| {
                crate::simulate::run(&lp, (&name, &ruleset), &agents, opts.games, opts.seed, tick)
            })
            .map_err(Failure::Tool)?;
        out.push(summary);
    }
    Ok(out)
}

/// The compared tile sets loaded under the rule set they name; when none of them names
/// one, under `fallback` (the first column's rule set as given, if any).
fn load_compared(
    fallback: Option<&Path>,
    sets: &[PathBuf],
    players: &[String],
) -> Result<replay::LoadedPosition, Failure> {
    match load_game(None, sets, players, None, "", "compared") {
        Ok((_, lp)) => Ok(lp),
        Err(Failure::Findings(f))
            if fallback.is_some()
                && !f.is_empty()
                && f.iter().all(|f| f.check == diag::Check::TileSetNoRuleset) =>
        {
            load_game(fallback, sets, players, None, "", "compared").map(|(_, lp)| lp)
        }
        Err(e) => Err(e),
    }
}

/// A file's path as shown to the user: relative to `here` when it lies below it, else
/// absolute; a `bundled:` path as it is.
fn shown_path(here: &Path, path: &Path) -> String {
    if path.to_string_lossy().starts_with(load::BUNDLED_PREFIX) {
        return path.display().to_string();
    }
    let here = std::fs::canonicalize(here).unwrap_or_else(|_| here.to_path_buf());
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    match path.strip_prefix(&here) {
        Ok(below) => below.display().to_string(),
        Err(_) => path.display().to_string(),
    }
}

/// Runs `tessera simulate`.
pub fn run(args: SimulateArgs) -> ExitCode {
    let opts = SimulateOptions {
        ruleset: Some(args.ruleset),
        tilesets: args.tilesets,
        compare: (!args.compare.is_empty()).then_some(args.compare),
        compare_ruleset: args.compare_ruleset,
        players: usize::from(args.players),
        games: args.games,
        seed: args.seed,
        agents: args.agents.into_iter().map(AgentArg::agent).collect(),
        jobs: args.jobs.map(usize::from),
    };
    let format = args.format;
    let total = opts.games * if opts.compare.is_some() { 2 } else { 1 };
    // Hidden when standard error is not a terminal; shown only for runs worth watching.
    let bar = if total >= 200 {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let result = simulate(&opts, &|| bar.inc(1));
    bar.finish_and_clear();
    match result {
        Ok(summaries) => {
            match format {
                Format::Text => out!("{}", crate::report::simulation_text(&summaries)),
                Format::Json => out!(
                    "{}\n",
                    serde_json::to_string_pretty(&serde_json::json!({ "variants": summaries }))
                        .unwrap_or_default()
                ),
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure_as(e, &Policy::default(), format == Format::Json),
    }
}
