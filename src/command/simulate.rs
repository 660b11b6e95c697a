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
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
#[command(
    after_help = "Examples:\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 100 --seed 1\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 40 --shard 2/4 --format json\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 10 --agent greedy --agent random\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --compare tilesets/pnp-demo.yaml --games 100\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 50 --format json"
)]
pub struct SimulateArgs {
    #[command(subcommand)]
    merge: Option<MergeCommand>,
    /// The rule set.
    #[arg(required = true)]
    ruleset: Option<PathBuf>,
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
    /// Games per variant (1 to 10,000,000; with --shard, of the whole run).
    #[arg(long, default_value_t = 1000, value_parser = parse_games, allow_hyphen_values = true)]
    games: u64,
    /// Number of players.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    players: u16,
    /// Seed of the run. A number from 0 to 18446744073709551615.
    // A negative number is read as a value, so that it is refused as one (not
    // taken for an option).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    seed: u64,
    #[arg(long = "agent", value_parser = super::parse_agent, help = super::AGENT_HELP, value_name = "AGENT")]
    agents: Vec<AgentArg>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    jobs: Option<u16>,
    /// Play only shard K of N (K from 1 to N): a contiguous slice of the --games games,
    /// the same games one run plays there. With --format json its summary keeps every
    /// game's record, and `tessera simulate merge` puts the shards together into exactly
    /// the numbers one run gives.
    #[arg(long, value_name = "K/N", value_parser = parse_shard, allow_hyphen_values = true)]
    shard: Option<crate::simulate::ShardSpec>,
    /// A tournament of the agents: game i seats them turned by i places, so that each
    /// plays every seat equally often, and each agent's score and win rate (with its 95%
    /// interval) over all its seats is reported.
    #[arg(long)]
    rotate_seats: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// `tessera simulate merge`.
#[derive(Debug, clap::Subcommand)]
enum MergeCommand {
    /// Put the JSON summaries of a run's shards together (`simulate --shard K/N --format
    /// json`): the summary one run of all the games gives, byte for byte.
    ///
    /// For example, `tessera simulate merge shard-1.json shard-2.json shard-3.json
    /// shard-4.json > run.json`, after four runs with `--shard 1/4` to `--shard 4/4` (on
    /// one machine or several: see the README for a Slurm job array).
    ///
    /// Each shard is read up to 256 MiB (about 450,000 games), or up to --max-file-size
    /// when that is larger.
    ///
    /// Exit status: 0 merged; 1 a file that cannot be read or is not a shard's JSON
    /// summary, or files that are not the shards of one run (a shard missing or given
    /// twice, another run's), the message saying which; 2 a file the input limits refuse
    /// (not a regular file, too large: `io::*`).
    Merge {
        /// The shards' JSON summaries, in any order.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
}

/// A number of games: a whole number from 1 to 10,000,000.
fn parse_games(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=10_000_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{text}` is not a number of games: a whole number from 1 to 10,000,000"
        )),
    }
}

/// A shard written `K/N` (`--shard 2/4`), K from 1 to N.
fn parse_shard(text: &str) -> Result<crate::simulate::ShardSpec, String> {
    let text = text.trim();
    let (k, n) = text
        .split_once('/')
        .ok_or_else(|| format!("`{text}` is not a shard: write it K/N, as in 2/4"))?;
    let num = |t: &str| {
        t.parse::<u64>().map_err(|_| {
            format!("`{text}` is not a shard: K and N are whole numbers, K from 1 to N, as in 2/4")
        })
    };
    let (index, count) = (num(k)?, num(n)?);
    if count == 0 || count > 1_000_000 || index == 0 || index > count {
        return Err(format!(
            "`{text}`: K must be from 1 to N, and N from 1 to 1,000,000"
        ));
    }
    Ok(crate::simulate::ShardSpec { index, count })
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
    /// Play only this shard of the games, keeping their records for
    /// [`crate::simulate::merge`].
    pub shard: Option<crate::simulate::ShardSpec>,
    /// Seat the agents turned by one place each game and report each agent's results.
    pub rotate_seats: bool,
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
                crate::simulate::run_shard(
                    &lp,
                    (&name, &ruleset),
                    &agents,
                    opts.games,
                    opts.seed,
                    opts.shard,
                    opts.rotate_seats,
                    tick,
                )
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

/// Puts shards' JSON summaries together: each file is `simulate --shard K/N --format
/// json` output (`{"variants": [...]}`); the variants are merged column by column.
///
/// Errors: a tool failure for a file that cannot be read or is not such JSON; findings
/// (exit 2) are not used: shards that do not fit are a tool failure naming why.
pub fn merge_files(files: &[PathBuf]) -> Result<Vec<crate::simulate::Summary>, Failure> {
    #[derive(serde::Deserialize)]
    struct Output {
        variants: Vec<crate::simulate::Summary>,
    }
    let mut columns: Vec<Vec<crate::simulate::Summary>> = Vec::new();
    for f in files {
        let limit = crate::limits::max_file_size().max(crate::limits::MAX_SHARD_BYTES);
        let bytes = load::read_bytes_within(f, limit).map_err(load::ReadError::into_failure)?;
        let out: Output = serde_json::from_slice(&bytes).map_err(|e| {
            Failure::Tool(format!(
                "{}: not the JSON of `tessera simulate --shard K/N --format json`: {e}",
                f.display()
            ))
        })?;
        if !columns.is_empty() && columns.len() != out.variants.len() {
            return Err(Failure::Tool(format!(
                "{}: {} variants, where the first file has {}",
                f.display(),
                out.variants.len(),
                columns.len()
            )));
        }
        columns.resize(out.variants.len(), Vec::new());
        for (c, v) in columns.iter_mut().zip(out.variants) {
            c.push(v);
        }
    }
    columns
        .iter()
        .map(|c| crate::simulate::merge(c).map_err(Failure::Tool))
        .collect()
}

/// What `tessera simulate --format json` prints: `{"variants": [...]}`, and with two
/// variants their paired comparison (`"paired"`, [`crate::simulate::paired`]).
pub fn json_output(summaries: &[crate::simulate::Summary]) -> String {
    let paired = match summaries {
        [a, b] => crate::simulate::paired(a, b),
        _ => None,
    };
    let value = match paired {
        Some(p) => serde_json::json!({ "variants": summaries, "paired": p }),
        None => serde_json::json!({ "variants": summaries }),
    };
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

/// Prints summaries as text or JSON.
fn print(summaries: &[crate::simulate::Summary], format: Format) {
    match format {
        Format::Text => {
            out!("{}", crate::report::simulation_text(summaries));
            if let [a, b] = summaries {
                if let Some(p) = crate::simulate::paired(a, b) {
                    out!("{}", crate::report::paired_text(&p));
                }
            }
        }
        Format::Json => out!("{}\n", json_output(summaries)),
    }
}

/// Runs `tessera simulate`.
pub fn run(args: SimulateArgs) -> ExitCode {
    if let Some(MergeCommand::Merge { files, format }) = args.merge {
        return match merge_files(&files) {
            Ok(summaries) => {
                print(&summaries, format);
                ExitCode::SUCCESS
            }
            Err(e) => failure_as(e, &Policy::default(), format == Format::Json),
        };
    }
    let opts = SimulateOptions {
        ruleset: args.ruleset,
        tilesets: args.tilesets,
        compare: (!args.compare.is_empty()).then_some(args.compare),
        compare_ruleset: args.compare_ruleset,
        players: usize::from(args.players),
        games: args.games,
        seed: args.seed,
        agents: args.agents.into_iter().map(AgentArg::agent).collect(),
        jobs: args.jobs.map(usize::from),
        shard: args.shard,
        rotate_seats: args.rotate_seats,
    };
    let format = args.format;
    let played = opts.shard.map_or(opts.games, |s| {
        s.games(opts.games).end - s.games(opts.games).start
    });
    let total = played * if opts.compare.is_some() { 2 } else { 1 };
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
            print(&summaries, format);
            ExitCode::SUCCESS
        }
        Err(e) => failure_as(e, &Policy::default(), format == Format::Json),
    }
}
