//! `tessera play`: one whole game played by agents and written as a position file,
//! [`play`]; the game it plays loaded as a position with no turn, [`load_game_files`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use super::AgentArg;
use super::common::{FAILURE, err, failure, out, stdout_broken, write_generated, written_from};
use crate::diag::{self, Failure, Policy};
use crate::{engine, limits, load, model, replay, schema, validate};

/// Play one whole game with automatic players and write it as a position file.
///
/// Tiles are drawn at random from the seed (the piles in the rule set's order; a tile
/// that fits nowhere is set aside), each seat's agent chooses its moves (`random`: a
/// legal placement, then a legal piece action, uniformly at random; `greedy`: the move
/// with the best immediate score change), extra turns and tokens follow the rules, and
/// the game ends with the main pile. The position file lists every turn (with the
/// token values drawn and the tiles set aside); `tessera score --final` replays it to
/// the same points. Paths in it are relative to where it is written.
///
/// Exit status: 0 played, 2 findings in the rule set or tile sets, 1 a file cannot be
/// read or written, or a flag is wrong.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera play rulesets/carcassonne.yaml tilesets/base.yaml --players 2 --seed 7\n  tessera play rulesets/carcassonne.yaml tilesets/base.yaml --seed 7 --agent greedy --agent random -o game.yaml\n  tessera score game.yaml --final"
)]
pub struct PlayArgs {
    /// The rule set.
    ruleset: PathBuf,
    /// Tile sets played together (start tile from the first).
    #[arg(required = true)]
    tilesets: Vec<PathBuf>,
    /// Number of players.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    players: u16,
    /// Seed of the draws and the agents' choices. A number from 0 to 18446744073709551615.
    // A negative number is read as a value, so that it is refused as one (not
    // taken for an option).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    seed: u64,
    #[arg(long = "agent", value_parser = super::parse_agent, help = super::AGENT_HELP, value_name = "AGENT")]
    agents: Vec<AgentArg>,
    /// Write the position file here instead of standard output.
    #[arg(short, long, value_name = "OUT.yaml")]
    out: Option<PathBuf>,
    /// Replace OUT if it exists.
    #[arg(long)]
    force: bool,
}

/// What `tessera play` plays: the game (rule set, tile sets played together), the seats,
/// the seed and the agents.
#[derive(Debug, Clone)]
pub struct PlayOptions {
    /// Rule set; default the first tile set's.
    pub ruleset: Option<PathBuf>,
    /// Tile sets played together (rule set and start tile from the first).
    pub tilesets: Vec<PathBuf>,
    /// Number of players (seats), 1 or more.
    pub players: usize,
    /// Seed of the draws and the agents' choices: the same seed gives the same game.
    pub seed: u64,
    /// One agent per seat, repeated when fewer are given (default random).
    pub agents: Vec<engine::play::Agent>,
    /// Where the position file will be written (paths in it are relative to its
    /// directory); `None`: relative to the current directory.
    pub out: Option<PathBuf>,
}

/// A game played by [`play`]: the position file's text and the points per seat.
#[derive(Debug, Clone)]
pub struct Played {
    /// The position file (YAML) with the whole turn log; `tessera score --final` on it
    /// gives `points`.
    pub position: String,
    /// Player names, in turn order.
    pub players: Vec<String>,
    /// Total points per player after end-of-game scoring (tokens of known value included).
    pub points: Vec<i64>,
    /// Turns played.
    pub turns: usize,
    /// Tiles drawn that fit nowhere and were set aside.
    pub set_aside: usize,
    /// Whether the game stopped at [`limits::MAX_PLAYED_TURNS`] with tiles left (a rule
    /// set whose piles never run out): the position holds the turns played.
    pub stopped_at_limit: bool,
}

/// The first words of a position file written by [`play`]: `tessera play -o` replaces a
/// file that starts with them (a game it played before) without `--force`.
pub const PLAYED_HEADER: &str = "# Played by tessera play:";

/// Plays one whole game (see [`engine::play`]) and writes it as a position file.
///
/// Errors: findings in the rule set or tile sets (or a start tile that cannot be laid),
/// a tool failure when a file cannot be read.
pub fn play(opts: &PlayOptions) -> Result<Played, Failure> {
    let players = seat_names(opts.players);
    let agents: Vec<String> = opts.agents.iter().map(|a| a.name()).collect();
    let comment = format!(
        "{PLAYED_HEADER} seed {}, agents {}.\n",
        opts.seed,
        if agents.is_empty() {
            "random".to_string()
        } else {
            agents.join(", ")
        },
    );
    let name = format!("A game played by tessera (seed {})", opts.seed);
    let (header, lp) = load_game(
        opts.ruleset.as_deref(),
        &opts.tilesets,
        &players,
        opts.out.as_deref(),
        &comment,
        &name,
    )?;
    let state = engine::State::new(&lp.game, players.clone(), lp.options.clone());
    let agents = if opts.agents.is_empty() {
        vec![engine::play::Agent::Random]
    } else {
        opts.agents.clone()
    };
    let game = engine::play::play_game(state, &agents, opts.seed, limits::MAX_PLAYED_TURNS)
        .map_err(|e| Failure::Tool(format!("the game cannot be played: {e:?}")))?;
    // No turn and no tile set aside: there was nothing to draw. (Tiles drawn and set
    // aside because none fits is a game, of no turns, as `simulate` counts it.)
    if game.turns.is_empty() && game.set_aside_at_end.is_empty() && game.state.game_over() {
        return Err(Failure::Tool(format!(
            "nothing to play: the tile set{} {} no main pile (tiles outside every stack); an expansion is played together with a base set, e.g. `tessera play RULESET tilesets/base.yaml EXPANSION.yaml`",
            if opts.tilesets.len() == 1 { "" } else { "s" },
            if opts.tilesets.len() == 1 {
                "has"
            } else {
                "have"
            }
        )));
    }
    let position =
        crate::report::played_position(&crate::report::PlayedHeader { text: header }, &game);
    let tokens = game.state.token_points();
    let points = (0..players.len())
        .map(|p| {
            game.state.points()[p]
                .saturating_add(game.state.final_points()[p])
                .saturating_add(tokens[p].0)
        })
        .collect();
    Ok(Played {
        position,
        players,
        points,
        turns: game.turns.len(),
        set_aside: game.turns.iter().map(|t| t.set_aside.len()).sum::<usize>()
            + game.set_aside_at_end.len(),
        stopped_at_limit: game.turns.len() >= limits::MAX_PLAYED_TURNS,
    })
}

/// Loads a game to play: the rule set (default: the first tile set's) and the tile sets
/// played together, with `players` seats, as a position with no turn. What `play` and
/// `simulate` start from; benchmarks and other drivers of [`engine::play`] use it too.
///
/// Errors: findings in the files.
pub fn load_game_files(
    ruleset: Option<&Path>,
    tilesets: &[PathBuf],
    players: &[String],
) -> Result<replay::LoadedPosition, Failure> {
    load_game(ruleset, tilesets, players, None, "", "loaded").map(|(_, lp)| lp)
}

/// Seat names of a played or simulated game: `P1`, `P2`, ...
pub fn seat_names(players: usize) -> Vec<String> {
    (1..=players.max(1)).map(|i| format!("P{i}")).collect()
}

/// Loads the game that `play` and `simulate` play: the rule set and tile sets written as
/// the header of a position file with no turns (paths relative to the directory of `out`,
/// else the current directory), loaded like any position, so that composition and every
/// check are the same. Returns the header's text and the loaded position.
///
/// Errors: findings in the files; a tool failure when the current directory is unknown.
pub(super) fn load_game(
    ruleset: Option<&Path>,
    tilesets: &[PathBuf],
    players: &[String],
    out: Option<&Path>,
    comment: &str,
    name: &str,
) -> Result<(String, replay::LoadedPosition), Failure> {
    let here =
        std::env::current_dir().map_err(|e| Failure::Tool(format!("current directory: {e}")))?;
    // A file named on the command line that is not there is the tool's failure to run
    // (exit 1), as for `validate`; what a file holds is checked when it is loaded.
    let named = ruleset
        .map(|r| ("rule set", r))
        .into_iter()
        .chain(tilesets.iter().map(|t| ("tile set", t.as_path())));
    for (what, path) in named {
        if path.to_string_lossy().starts_with(load::BUNDLED_PREFIX) {
            continue;
        }
        if let Err(e) = std::fs::metadata(path) {
            return Err(Failure::Tool(format!(
                "cannot read the {what} {}: {e}",
                path.display()
            )));
        }
    }
    if let Some(parent) = out.and_then(Path::parent) {
        if !parent.as_os_str().is_empty() && !parent.is_dir() {
            return Err(Failure::Tool(format!(
                "cannot write {}: the directory {} does not exist",
                out.map(Path::display)
                    .map(|d| d.to_string())
                    .unwrap_or_default(),
                parent.display()
            )));
        }
    }
    let dir = match out.and_then(Path::parent) {
        Some(p) if !p.as_os_str().is_empty() => here.join(p),
        _ => here.clone(),
    };
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    let written = |p: &Path| written_from(&here, &dir, p);
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let mut header = format!("{comment}name: {}\n", q(name));
    let sets: Vec<String> = tilesets.iter().map(|p| q(&written(p))).collect();
    header.push_str(&format!("tileset: [{}]\n", sets.join(", ")));
    if let Some(r) = ruleset {
        header.push_str(&format!("ruleset: {}\n", q(&written(r))));
    }
    header.push_str(&format!(
        "players: [{}]\n",
        players.iter().map(|p| q(p)).collect::<Vec<_>>().join(", ")
    ));
    let file = diag::SourceFile::new(&dir.join("played.yaml"), format!("{header}turns: []\n"));
    match replay::load_position_file(&file) {
        Ok(lp) => Ok((header, lp)),
        // The position is tessera's own (never written when it fails): a finding is told
        // from the file named on the command line, as `validate` tells it, at its own
        // place and under the name given.
        Err(Failure::Findings(findings)) => {
            if let Some(r) = ruleset {
                validate::load_ruleset(r)?;
            }
            let mut findings = findings;
            for t in tilesets
                .iter()
                .filter(|t| !t.to_string_lossy().starts_with(load::BUNDLED_PREFIX))
            {
                if let Some(r) = ruleset {
                    // Its own `ruleset:` is not the one played: read, not compiled.
                    let (file, set) =
                        load::load::<model::TileSetFile>(t, schema::FileKind::Tileset).map_err(
                            |e| match e {
                                Ok(f) => Failure::Findings(f),
                                Err(m) => m.into_failure(),
                            },
                        )?;
                    // First: it explains the findings about names that follow.
                    if let Some(note) = other_ruleset(&file, &set, r) {
                        findings.insert(0, note);
                    }
                } else {
                    validate::load_tileset(t, None)?;
                }
            }
            Err(Failure::Findings(findings))
        }
        Err(e) => Err(e),
    }
}

/// The note for a tile set whose own `ruleset:` is another file than `played`, the rule
/// set named on the command line (`note::other_ruleset`): when the game does not load,
/// the slip may be the rule set chosen rather than the tile set.
fn other_ruleset(
    file: &diag::SourceFile,
    set: &model::TileSetFile,
    played: &Path,
) -> Option<diag::Finding> {
    let own = set.ruleset.as_ref()?;
    let dir = file.path.parent().unwrap_or(Path::new("."));
    let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    let own_path = dir.join(&own.value);
    let played_bundled = played.to_string_lossy().starts_with(load::BUNDLED_PREFIX);
    if own.value.starts_with(load::BUNDLED_PREFIX) || played_bundled {
        if own.value == played.to_string_lossy() {
            return None;
        }
    } else if same(&own_path, played) {
        return None;
    }
    Some(
        diag::Finding::new(
            diag::Check::OtherRuleset,
            format!(
                "this tile set names the rule set `{}`, and is played here under {}",
                own.value,
                played.display()
            ),
        )
        .in_file(file)
        .at(&own.loc, "the rule set it was made for")
        .help(format!(
            "if the findings are names that {} does not declare, pass the rule set the tile set was made for",
            played.display()
        )),
    )
}

/// Runs `tessera play`.
pub fn run(args: PlayArgs) -> ExitCode {
    let opts = PlayOptions {
        ruleset: Some(args.ruleset),
        tilesets: args.tilesets,
        players: usize::from(args.players),
        seed: args.seed,
        agents: args.agents.into_iter().map(AgentArg::agent).collect(),
        out: args.out.clone(),
    };
    let (out, force) = (args.out.as_deref(), args.force);
    let played = match play(&opts) {
        Ok(p) => p,
        Err(e) => return failure(e, &Policy::default()),
    };
    let summary: Vec<String> = played
        .players
        .iter()
        .zip(&played.points)
        .map(|(n, p)| format!("{n} {p}"))
        .collect();
    match out {
        None => {
            out!("{}", played.position);
            if stdout_broken() {
                return ExitCode::from(FAILURE);
            }
        }
        Some(path) => {
            // Never over a file that exists, unless --force or it is a game played before.
            let ours = |_: &Path, text: &str| text.starts_with(PLAYED_HEADER);
            if let Err(code) = write_generated(path, played.position.clone(), &ours, force) {
                return code;
            }
        }
    }
    err!(
        "{} turns, {} tile{} set aside; points after end-of-game scoring: {}",
        played.turns,
        played.set_aside,
        if played.set_aside == 1 { "" } else { "s" },
        summary.join(", ")
    );
    if played.turns == 0 && played.set_aside > 0 {
        err!(
            "warning: no tile could be placed: every tile drawn fits nowhere beside the start tile, so all {} were set aside",
            played.set_aside
        );
    }
    if played.stopped_at_limit {
        err!(
            "warning: the game stopped after {} turns (the most `tessera play` plays, limits::MAX_PLAYED_TURNS) with tiles left: do the rule set's piles ever run out?",
            played.turns
        );
    }
    ExitCode::SUCCESS
}
