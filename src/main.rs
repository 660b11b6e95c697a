//! The `tessera` command: a thin layer over the library (argument parsing and printing).
//!
//! Exit codes: 0 clean, 2 findings in the input (the data is wrong), 1 tool or usage
//! failure (an argument that cannot be read, a bad flag).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::{Args, CommandFactory as _, Parser, Subcommand, ValueEnum};
use tessera::diag::escape_text;
use tessera::diag::{Check, Failure, Finding, Level, Policy, unknown_code_message};
use tessera::render::{
    CoverageRecord, FileRecord, FindingRecord, ValidateReport, checks_list, checks_markdown,
    coverage_text, explain_text, findings_text,
};
use tessera::schema::{FileKind, schema_text};
use tessera::{ScoreOptions, placements_report, score_checked};

/// mimalloc: simulations allocate and free many small vectors per turn, and it serves
/// them faster than the system allocator (measured in the closing note of issue 10).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Carcassonne-family tile games as data: validate rule sets, tile sets and positions, and
/// score boards.
#[derive(Debug, Parser)]
#[command(name = "tessera", version)]
#[command(
    after_help = "Examples:\n  tessera validate tilesets/base.yaml\n  tessera score examples/base-scoring.yaml --final\n  tessera explain tileset::count_mismatch\n  tessera schema\n\nExit status: 0 success, 2 findings in the input files, 1 the tool could not run\n(unreadable path, bad arguments)."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Largest file read, in bytes (default 8 MiB); a larger file is the finding
    /// io::too_large, with nothing read.
    #[arg(long, global = true, value_name = "BYTES")]
    max_file_size: Option<u64>,
    /// Most findings printed (or recorded in JSON) in one run, default 1000; the rest
    /// are counted in the summary and the exit status, and a note says how many.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_findings: Option<u64>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check rule sets, tile sets and positions; report every problem with its line.
    ///
    /// Checks run in stages: YAML syntax, then the JSON Schema, then meaning (declared
    /// total vs counts, sides consistent with segments, every slot claimed once, links,
    /// and for positions every turn replayed under the rules). The file kind is told from
    /// its keys. JCloisterZone / FanCloisterZone tile-definition XML (root `<pack>` or
    /// `<defs>`) is checked against a rule set, every finding at its XML line. A directory
    /// is searched for *.yaml and *.xml files.
    ///
    /// Every finding has a code (`tileset::count_mismatch`) and a severity: errors,
    /// warnings and notes. `tessera explain CODE` says what a code means; --allow and
    /// --deny change what is reported.
    ///
    /// Exit status: 0 clean (warnings and notes allowed), 2 errors (or denied warnings),
    /// 1 a path cannot be read or a flag is wrong.
    #[command(
        after_help = "Examples:\n  tessera validate tilesets/base.yaml\n  tessera validate rulesets tilesets examples\n  tessera validate my-tiles.yaml --format json\n  tessera validate my-expansion.xml --ruleset rulesets/carcassonne.yaml\n  tessera validate my-tiles.yaml --deny warnings\n  tessera validate tilesets --allow note::provenance"
    )]
    Validate {
        /// Files or directories to check.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// How to print findings.
        #[arg(long, value_enum, default_value_t = FindingFormat::Human)]
        format: FindingFormat,
        /// Rule set to check JCZ XML files against (default:
        /// `bundled:rulesets/base-ic-river.yaml`, the base game with Inns and Cathedrals and
        /// The River, built into tessera).
        #[arg(long, value_name = "FILE")]
        ruleset: Option<PathBuf>,
        #[command(flatten)]
        policy: PolicyArgs,
    },
    /// Convert another program's tile definitions to a tessera tile set.
    #[command(subcommand)]
    Import(Import),
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
    #[command(
        after_help = "Examples:\n  tessera score examples/base-scoring.yaml\n  tessera score examples/base-scoring.yaml --final\n  tessera score examples/base-scoring.yaml --final --format json\n  tessera score examples/base-scoring.yaml --turns 4"
    )]
    Score {
        /// The position file (a turn log or a snapshot).
        position: PathBuf,
        /// Add end-of-game scoring.
        #[arg(long = "final")]
        final_scoring: bool,
        /// Replay only the first N turns.
        #[arg(long, value_name = "N")]
        turns: Option<usize>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ScoreFormat::Text)]
        format: ScoreFormat,
        /// Also write the report as one self-contained HTML page (the board's picture,
        /// the points, the pieces and the features scored; hover a feature to see it).
        #[arg(long, value_name = "FILE.html")]
        html: Option<PathBuf>,
        /// Replace the --html file if it exists.
        #[arg(long, requires = "html")]
        force: bool,
        #[command(flatten)]
        policy: PolicyArgs,
    },
    /// Draw a tile set or a position as an SVG picture.
    ///
    /// A tile set (composed sets too) is drawn as a sheet of its definitions, each tile as
    /// printed (north up): its segments coloured by feature kind with their ids, items as
    /// labelled markers, and under it its id, count, sides and decorations; --slots writes
    /// the slot names on each side, to check a definition against the printed tile.
    ///
    /// A position is drawn as its board, replayed as `tessera score` does (--turns,
    /// --final): the tiles with coordinates along the top and the left, every piece in its
    /// player's colour on its segment labelled with its role, each feature scored outlined
    /// in the scorer's colour with its points, and the players' points; --highlight marks a
    /// cell.
    ///
    /// Colours come from the rule set's order of terrains and feature kinds. OUT is never
    /// replaced unless it is a picture tessera drew, or with --force.
    ///
    /// Exit status: 0 drawn, 2 findings in the file or the files it names (a rule set has
    /// no picture), 1 it cannot be read or written, or a flag is wrong.
    #[command(
        after_help = "Examples:\n  tessera render tilesets/base.yaml --slots -o sheet.svg\n  tessera render examples/base-scoring.yaml --final -o board.svg\n  tessera render examples/base-scoring.yaml --turns 3 --highlight 1,0 -o board.svg"
    )]
    Render {
        /// The tile set or position to draw.
        path: PathBuf,
        /// Write the picture here instead of standard output.
        #[arg(short, long, value_name = "OUT.svg")]
        out: Option<PathBuf>,
        /// Tile sets: write the slot names on each side.
        #[arg(long)]
        slots: bool,
        /// Positions: add end-of-game scoring.
        #[arg(long = "final")]
        final_scoring: bool,
        /// Positions: replay only the first N turns.
        #[arg(long, value_name = "N")]
        turns: Option<usize>,
        /// Positions: mark the cell at column X, row Y.
        #[arg(long, value_name = "X,Y", value_parser = parse_cell, allow_hyphen_values = true)]
        highlight: Option<(i32, i32)>,
        /// Replace OUT if it exists.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        policy: PolicyArgs,
    },
    /// List a tile set's definitions, or draw one as text with its slot names.
    ///
    /// Without --tile: one line per definition (composed sets too) with its id, count,
    /// sides and segments (each with the slots it claims and the items it carries). With
    /// --tile: that tile drawn as
    /// a box, every slot's name on its side with the segment claiming it (N on top), as
    /// printed or turned --rotation degrees clockwise (the slot names are those a position
    /// writes for the tile lying turned so), then its segments with their feature kinds,
    /// slots, items and links, and the decorations of its copies.
    ///
    /// Exit status: 0 listed, 2 findings in the tile set or its rule set, 1 it cannot be
    /// read, no such tile, or a flag is wrong.
    #[command(
        after_help = "Examples:\n  tessera tiles tilesets/base.yaml\n  tessera tiles tilesets/base.yaml --tile D\n  tessera tiles tilesets/base.yaml --tile D --rotation 90\n  tessera tiles tilesets/base.yaml --format json"
    )]
    Tiles {
        /// The tile set.
        tileset: PathBuf,
        /// Draw this tile (its id).
        #[arg(long, value_name = "ID")]
        tile: Option<String>,
        /// Turn it this many degrees clockwise: 0, 90, 180 or 270.
        #[arg(
            long,
            value_name = "DEGREES",
            default_value_t = 0,
            requires = "tile",
            allow_negative_numbers = true
        )]
        rotation: u32,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ScoreFormat::Text)]
        format: ScoreFormat,
        #[command(flatten)]
        policy: PolicyArgs,
    },
    /// Write a starter rule set, tile set or position that validates, to edit.
    ///
    /// The file starts with a schema modeline (editors with a YAML language server then
    /// complete and check keys): the checkout's `schema/` when it is written inside one,
    /// else `schema/` beside it (`tessera schema --out schema` writes them). --from builds
    /// on a file: a rule set to extend, a rule set or tile set for a tile set (a tile set's
    /// tiles are included), a tile set for a position. `.yaml` is added to a NAME without
    /// an extension. An existing file is never replaced, unless --force.
    ///
    /// Exit status: 0 written, 2 --from is not of a kind to build on, 1 NAME exists or
    /// cannot be written, --from cannot be read, or a flag is wrong.
    #[command(
        after_help = "Examples:\n  tessera new ruleset my-game\n  tessera new ruleset my-expansion --from rulesets/carcassonne.yaml\n  tessera new tileset expansion-tiles --from tilesets/base.yaml\n  tessera new position my-game-position --from tilesets/base.yaml"
    )]
    New {
        /// What to write.
        #[arg(value_enum)]
        kind: NewKindArg,
        /// The file to write (`.yaml` added when it has no extension).
        name: PathBuf,
        /// A file to build on.
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
        /// Replace NAME if it exists.
        #[arg(long)]
        force: bool,
    },
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
    #[command(
        after_help = "Examples:\n  tessera play rulesets/carcassonne.yaml tilesets/base.yaml --players 2 --seed 7\n  tessera play rulesets/carcassonne.yaml tilesets/base.yaml --seed 7 --agent greedy --agent random -o game.yaml\n  tessera score game.yaml --final"
    )]
    Play {
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
        /// Agent of a seat, one per seat in turn order (repeated when fewer are given).
        #[arg(long = "agent", value_enum)]
        agents: Vec<AgentArg>,
        /// Write the position file here instead of standard output.
        #[arg(short, long, value_name = "OUT.yaml")]
        out: Option<PathBuf>,
        /// Replace OUT if it exists.
        #[arg(long)]
        force: bool,
    },
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
    #[command(
        after_help = "Examples:\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 100 --seed 1\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 10 --agent greedy --agent random\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --compare tilesets/pnp-demo.yaml --games 100\n  tessera simulate rulesets/carcassonne.yaml tilesets/base.yaml --games 50 --format json"
    )]
    Simulate {
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
        #[arg(long, value_enum, default_value_t = ScoreFormat::Text)]
        format: ScoreFormat,
    },
    /// List every legal placement (x, y, rotation) of a tile on a position's board.
    ///
    /// Exit status: 0 listed, 2 findings in the position (or denied warnings), 1 unreadable
    /// position, unknown tile id or a wrong flag.
    #[command(after_help = "Example:\n  tessera placements examples/base-scoring.yaml V")]
    Placements {
        /// The position file.
        position: PathBuf,
        /// Tile id.
        tile: String,
        /// Also list, after each placement, where the player to play could put a piece
        /// (piece kind, role, feature and slot).
        #[arg(long)]
        pieces: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ScoreFormat::Text)]
        format: ScoreFormat,
        #[command(flatten)]
        policy: PolicyArgs,
    },
    /// Explain a finding code: what it checks, why it matters, bad and fixed input.
    ///
    /// Without a code, list every code with its default severity and title. --markdown
    /// prints the whole reference (docs/checks.md).
    ///
    /// Exit status: 0 explained, 1 unknown code or the file cannot be written, 2 with
    /// --check when the file is stale.
    #[command(
        after_help = "Examples:\n  tessera explain                       # every code\n  tessera explain tileset::slot_claim\n  tessera explain --markdown --out docs/checks.md --force\n  tessera explain --markdown --out docs/checks.md --check"
    )]
    Explain {
        /// The code, e.g. tileset::count_mismatch.
        code: Option<String>,
        /// Print the whole reference as Markdown.
        #[arg(long, conflicts_with = "code")]
        markdown: bool,
        /// With --markdown: write to this file instead of standard output.
        #[arg(long, value_name = "FILE", requires = "markdown")]
        out: Option<PathBuf>,
        /// With --out: replace the file if it exists and differs.
        #[arg(long, requires = "out")]
        force: bool,
        /// With --out: do not write; exit 2 if the file differs from the generated reference.
        #[arg(long, requires = "out", conflicts_with = "force")]
        check: bool,
        /// Output format: `json` prints each code's record (code, severity, title, why,
        /// bad and fixed input), for editors and scripts.
        #[arg(long, value_enum, default_value_t = ScoreFormat::Text, conflicts_with = "markdown")]
        format: ScoreFormat,
    },
    /// Write the JSON Schemas (draft-07) of the YAML formats to schema/.
    ///
    /// Editors using yaml-language-server read them through the first line of each file,
    /// e.g. `# yaml-language-server: $schema=../schema/tileset.schema.json`.
    ///
    /// Without --out the schemas go to schema/ of the tessera checkout the working
    /// directory is in; elsewhere --out is needed. Every file is checked before any is
    /// written, and each is written whole (a temporary file renamed over it). A file
    /// tessera did not generate (not a JSON Schema of that kind), a symbolic link or
    /// anything but a regular file is not replaced: --force replaces a foreign file or
    /// the link itself (never its target).
    ///
    /// Exit status: 0 written (or up to date), 1 not written (nothing is), 2 with --check
    /// when a file is stale.
    #[command(
        after_help = "Examples:\n  tessera schema                 # write schema/*.schema.json\n  tessera schema tileset --stdout\n  tessera schema --check         # exit 2 if schema/ is stale"
    )]
    Schema {
        /// Only this kind (default: all three).
        kind: Option<FileKind>,
        /// Directory to write to (default: schema/ of the tessera checkout the working
        /// directory is in).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Print to standard output instead of writing files.
        #[arg(long, conflicts_with = "check")]
        stdout: bool,
        /// Do not write; exit 2 if the files in the directory differ from the generated ones.
        #[arg(long)]
        check: bool,
        /// Replace files tessera did not generate, and symbolic links (the link itself).
        #[arg(long, conflicts_with_all = ["check", "stdout"])]
        force: bool,
    },
    /// Print a shell completion script for tessera (its commands, options and values).
    ///
    /// Load it in the running shell, or save it where the shell looks for completions.
    ///
    /// Exit status: 0 printed, 1 an unknown shell.
    #[command(
        after_help = "Examples:\n  tessera completions bash                 # print the script for bash\n  source <(tessera completions bash)       # load it in the running bash\n  tessera completions zsh > ~/.zfunc/_tessera"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

#[derive(Debug, Subcommand)]
enum Import {
    /// Convert JCloisterZone / FanCloisterZone tile-definition XML to a tessera tile set.
    ///
    /// Each tile keeps its JCZ orientation; counts come from the chosen `<tile-set>`
    /// (repeat --set to add sets up), or from `count` attributes when the file has no sets.
    /// A file with several sets needs --set. The start tile is the tile of group
    /// `river-spring`, else the first tile, unless --start names one. What the rule set
    /// cannot express is a warning: an element or attribute is left out of its tile (a
    /// comment on the tile says so), a tile whose sides or whole it cannot express is left
    /// out of the set (named on standard error and in the file's header); --strict
    /// refuses instead. Errors in the source stop the import, unless --fix can apply their
    /// mechanical fix to the imported tile (a field's missing or impossible city contact).
    /// The output is written whole or not at all, validated first, and never replaces an
    /// existing file without --force.
    ///
    /// Exit status: 0 written, 2 findings in the source (with --strict, also what would be
    /// left out), 1 bad arguments or the output cannot be written (or exists).
    #[command(
        after_help = "Examples:\n  tessera import jcz basic.xml --set basic:2 --start BA/RCr -o base-jcz.yaml\n  tessera import jcz river.xml --set river/1:2 -o river.yaml --ruleset rulesets/river.yaml\n  tessera import jcz abbey_and_mayor.xml --set abbey-and-mayor:1 --fix -o am.yaml"
    )]
    Jcz {
        /// The XML file.
        file: PathBuf,
        /// Tile set id (`<tile-set id>`) to take; repeat to add sets up.
        #[arg(long = "set", value_name = "ID")]
        sets: Vec<String>,
        /// Output tile set (YAML).
        #[arg(short, long, value_name = "OUT.yaml")]
        out: PathBuf,
        /// Replace OUT if it exists.
        #[arg(long)]
        force: bool,
        /// Rule set to convert for; the output names it (default:
        /// `bundled:rulesets/base-ic-river.yaml`, the base game with Inns and Cathedrals and
        /// The River, built into tessera).
        #[arg(long, value_name = "FILE")]
        ruleset: Option<PathBuf>,
        /// Start tile id.
        #[arg(long, value_name = "TILE")]
        start: Option<String>,
        /// Where the data comes from (repository, commit, licence notice), written to the
        /// provenance and the header comment (default: the file's name).
        #[arg(long, value_name = "TEXT")]
        source: Option<String>,
        /// Refuse (exit 2, nothing written) instead of leaving out what the rule set
        /// cannot express: elements, attributes, whole tiles, tiles defined elsewhere.
        #[arg(long)]
        strict: bool,
        /// Apply the mechanical fix of each error that has one (a field's `city` contact
        /// the tile's geometry requires or forbids) to the imported tile, instead of
        /// stopping; each fix is a `# fixed:` comment on the tile and a warning. The XML is
        /// not changed: for upstream files with a known defect.
        #[arg(long)]
        fix: bool,
    },
}

/// Which findings are reported, and at what severity.
#[derive(Debug, Args)]
struct PolicyArgs {
    /// Drop the findings with this code (repeatable). Only warnings and notes can be allowed.
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Make the findings with this code errors (repeatable); `--deny warnings` makes every
    /// warning an error.
    #[arg(long, value_name = "CODE")]
    deny: Vec<String>,
}

impl PolicyArgs {
    fn policy(&self) -> Result<Policy, String> {
        Policy::new(&self.allow, &self.deny)
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FindingFormat {
    /// Diagnostics with source snippets.
    Human,
    /// One JSON array of findings on standard output.
    Json,
}

/// How a seat chooses its moves (`tessera play --agent`).
#[derive(Debug, Clone, Copy, ValueEnum)]
enum AgentArg {
    /// A legal placement, then a legal piece action, uniformly at random.
    Random,
    /// The move with the best immediate score change (own gain minus the best other's).
    Greedy,
}

impl AgentArg {
    fn agent(self) -> tessera::engine::play::Agent {
        match self {
            AgentArg::Random => tessera::engine::play::Agent::Random,
            AgentArg::Greedy => tessera::engine::play::Agent::Greedy,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ScoreFormat {
    /// A table and a breakdown per feature.
    Text,
    /// JSON: for `score`, `players` (name, points, during_play, final_scoring, tokens,
    /// unknown_tokens), `features` and `log`; for `simulate`, `variants` (per column:
    /// seats, turns, set_aside_per_game, pieces_left_per_player, features).
    Json,
}

/// Prints a line to stderr, ignoring a closed pipe. Control characters (from paths and
/// names in the message) are escaped; line breaks of the message stay.
macro_rules! err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($t)*);
        let _ = writeln!(std::io::stderr(), "{}", terminal_safe(&text));
    }};
}

/// A message with every control character escaped but its line breaks.
fn terminal_safe(text: &str) -> String {
    text.split('\n')
        .map(|l| escape_text(l).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Prints to stdout, ignoring a closed pipe.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($t)*) {
            stdout_failed(e);
        }
    }};
}

/// The first error writing to standard output, other than a closed pipe (a reader such
/// as `head` that stopped reading is no failure).
static STDOUT_ERROR: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

fn stdout_failed(e: std::io::Error) {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return;
    }
    if let Ok(mut first) = STDOUT_ERROR.lock() {
        first.get_or_insert_with(|| e.to_string());
    }
}

/// Whether standard output has failed so far (flushed first): what follows it (a summary
/// on standard error) would claim output that was lost.
fn stdout_broken() -> bool {
    use std::io::Write as _;
    if let Err(e) = std::io::stdout().flush() {
        stdout_failed(e);
    }
    STDOUT_ERROR.lock().is_ok_and(|e| e.is_some())
}

/// The command's exit status, made a tool failure when standard output could not be
/// written (a full disk): what the command printed is incomplete.
fn checked_stdout(code: ExitCode) -> ExitCode {
    use std::io::Write as _;
    let not_shown = FINDINGS_NOT_SHOWN.load(Ordering::Relaxed);
    if not_shown > 0 {
        err!(
            "note: {} not shown: at most {} are shown in a run (`--max-findings N` shows more)",
            plural(not_shown, "more finding"),
            tessera::limits::max_findings()
        );
    }
    if let Err(e) = std::io::stdout().flush() {
        stdout_failed(e);
    }
    match STDOUT_ERROR.lock().ok().and_then(|mut e| e.take()) {
        Some(e) => {
            err!("error: cannot write to standard output: {e}");
            ExitCode::from(FAILURE)
        }
        None => code,
    }
}

const FINDINGS: u8 = 2;
const FAILURE: u8 = 1;

/// Whether the command line asks for JSON (`--format json` or `--format=json`), read from
/// the arguments themselves: an argument that cannot be parsed is still answered in JSON.
fn json_asked() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.windows(2)
        .any(|w| w[0] == "--format" && w[1] == "json")
        || args.iter().any(|a| a == "--format=json")
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            if !e.use_stderr() {
                return ExitCode::SUCCESS;
            }
            if json_asked() {
                // The error's lines up to the usage line ("...not provided:" is followed
                // by the arguments it means), joined.
                let text = e.to_string();
                let message = text
                    .lines()
                    .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more"))
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ");
                let message = message.strip_prefix("error: ").unwrap_or(&message);
                print_json(
                    &serde_json::json!({"error": "usage", "exit_code": FAILURE, "message": message}),
                );
            }
            return ExitCode::from(FAILURE);
        }
    };
    if let Some(bytes) = cli.max_file_size {
        tessera::limits::set_max_file_size(bytes);
    }
    if let Some(n) = cli.max_findings {
        tessera::limits::set_max_findings(usize::try_from(n).unwrap_or(usize::MAX));
    }
    let policy = match &cli.command {
        Command::Validate { policy, .. }
        | Command::Score { policy, .. }
        | Command::Placements { policy, .. }
        | Command::Render { policy, .. }
        | Command::Tiles { policy, .. } => policy.policy(),
        _ => Ok(Policy::default()),
    };
    let policy = match policy {
        Ok(p) => p,
        Err(m) => return failure_as(Failure::Tool(m), &Policy::default(), json_asked()),
    };
    let code = match cli.command {
        Command::Validate {
            paths,
            format,
            ruleset,
            ..
        } => validate(&paths, format, ruleset.as_deref(), &policy),
        Command::Import(Import::Jcz {
            file,
            sets,
            out,
            force,
            ruleset,
            start,
            source,
            strict,
            fix,
        }) => import_jcz(
            &file,
            &out,
            force,
            &tessera::jcz::ImportOptions {
                sets,
                ruleset,
                start,
                source,
                strict,
                fix,
            },
        ),
        Command::Score {
            position,
            final_scoring,
            turns,
            format,
            html,
            force,
            ..
        } => score(
            &position,
            &ScoreOptions {
                final_scoring,
                turns,
            },
            format,
            html.as_deref().map(|h| (h, force)),
            &policy,
        ),
        Command::Placements {
            position,
            tile,
            pieces,
            format,
            ..
        } => placements(&position, &tile, pieces, format, &policy),
        Command::New {
            kind,
            name,
            from,
            force,
        } => {
            let kind = match kind {
                NewKindArg::Ruleset => tessera::NewKind::Ruleset,
                NewKindArg::Tileset => tessera::NewKind::Tileset,
                NewKindArg::Position => tessera::NewKind::Position,
            };
            match tessera::new_file(kind, &name, from.as_deref(), force) {
                Ok(path) => {
                    err!("wrote {}", shown(&path));
                    let dir = std::fs::canonicalize(&path)
                        .ok()
                        .and_then(|p| p.parent().map(Path::to_path_buf));
                    if dir.is_some_and(|d| tessera::output::checkout_root(&d).is_none()) {
                        err!(
                            "note: its first line names schema/ beside it for editors: `tessera schema --out schema` writes the schemas there"
                        );
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => failure(e, &policy),
            }
        }
        Command::Tiles {
            tileset,
            tile,
            rotation,
            format,
            ..
        } => tiles(&tileset, tile.as_deref(), rotation, format, &policy),
        Command::Render {
            path,
            out,
            slots,
            final_scoring,
            turns,
            highlight,
            force,
            ..
        } => render(
            &path,
            &tessera::RenderOptions {
                score: ScoreOptions {
                    final_scoring,
                    turns,
                },
                slots,
                highlight,
            },
            out.as_deref(),
            force,
            &policy,
        ),
        Command::Simulate {
            ruleset,
            tilesets,
            compare,
            compare_ruleset,
            games,
            players,
            seed,
            agents,
            jobs,
            format,
        } => simulate(
            &tessera::SimulateOptions {
                ruleset: Some(ruleset),
                tilesets,
                compare: (!compare.is_empty()).then_some(compare),
                compare_ruleset,
                players: usize::from(players),
                games,
                seed,
                agents: agents.into_iter().map(AgentArg::agent).collect(),
                jobs: jobs.map(usize::from),
            },
            format,
        ),
        Command::Play {
            ruleset,
            tilesets,
            players,
            seed,
            agents,
            out,
            force,
        } => play(
            &tessera::PlayOptions {
                ruleset: Some(ruleset),
                tilesets,
                players: usize::from(players),
                seed,
                agents: agents.into_iter().map(AgentArg::agent).collect(),
                out: out.clone(),
            },
            out.as_deref(),
            force,
        ),
        Command::Explain {
            code,
            markdown: false,
            format: ScoreFormat::Json,
            ..
        } => explain_json(code.as_deref()),
        Command::Explain {
            code,
            markdown,
            out,
            force,
            check,
            ..
        } => explain(code.as_deref(), markdown, out.as_deref(), force, check),
        Command::Schema {
            kind,
            out,
            stdout,
            check,
            force,
        } => schema(kind, out.as_deref(), stdout, check, force),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "tessera", &mut script);
            out!("{}", String::from_utf8_lossy(&script));
            ExitCode::SUCCESS
        }
    };
    checked_stdout(code)
}

/// Findings printed or recorded so far in this run, and those left out past
/// [`tessera::limits::max_findings`] (weighted, see [`Finding::weight`]).
static FINDINGS_SHOWN: AtomicUsize = AtomicUsize::new(0);
static FINDINGS_NOT_SHOWN: AtomicUsize = AtomicUsize::new(0);

/// The findings of `findings` still within the run's cap on findings shown
/// (`--max-findings`); the others are counted as not shown (said once at the end of the
/// run, see [`checked_stdout`]).
fn within_cap(findings: &[Finding]) -> &[Finding] {
    let max = tessera::limits::max_findings();
    let shown = FINDINGS_SHOWN.load(Ordering::Relaxed);
    let room = max.saturating_sub(shown).min(findings.len());
    FINDINGS_SHOWN.fetch_add(room, Ordering::Relaxed);
    // Those shown that stand for others (folded into them, `Finding::more`) leave those
    // others unshown too.
    let folded: usize = findings[..room].iter().map(|f| f.more as usize).sum();
    let left: usize = findings[room..].iter().map(Finding::weight).sum::<usize>() + folded;
    FINDINGS_NOT_SHOWN.fetch_add(left, Ordering::Relaxed);
    &findings[..room]
}

/// Prints findings to stderr as miette reports (colour and Unicode as the terminal
/// allows), with one handler for the whole run; at most
/// [`tessera::limits::max_findings`] in a run.
fn print_findings(findings: &[Finding]) {
    use std::io::Write as _;
    let findings = within_cap(findings);
    if findings.is_empty() {
        return;
    }
    static HANDLER: std::sync::OnceLock<miette::MietteHandler> = std::sync::OnceLock::new();
    let handler = HANDLER.get_or_init(|| {
        miette::MietteHandlerOpts::new()
            .terminal_links(false)
            .width(100)
            .build()
    });
    let _ = std::io::stderr().write_all(findings_text(findings, handler).as_bytes());
}

/// A path as text output shows it (control characters escaped).
fn shown(p: &Path) -> String {
    escape_text(&p.display().to_string()).into_owned()
}

/// Applies `--allow` / `--deny` to the findings of a run: the one place where findings are
/// judged before they are printed or counted.
fn judge(policy: &Policy, findings: Vec<Finding>) -> Vec<Finding> {
    policy.apply(findings)
}

/// How many findings of `level` there are, each counted with those it stands for
/// ([`Finding::weight`]).
fn count(findings: &[Finding], level: Level) -> usize {
    findings
        .iter()
        .filter(|f| f.level == level)
        .map(Finding::weight)
        .sum()
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A failed run: its findings judged and printed (exit 2), or a tool failure (exit 1).
/// Like [`failure`], also printing the failure as one JSON record on standard output when
/// the command was asked for JSON: `{"error": "findings", "exit_code": 2, "findings":
/// [...]}` (the records of `validate --format json`) or `{"error": "tool", "exit_code": 1,
/// "message": "..."}`, so that a script always reads a JSON value.
fn failure_as(e: Failure, policy: &Policy, json: bool) -> ExitCode {
    if json {
        match &e {
            Failure::Findings(f) => print_findings_record(&judge(policy, f.clone())),
            Failure::Tool(m) => print_json(
                &serde_json::json!({"error": "tool", "exit_code": FAILURE, "message": m}),
            ),
        }
    }
    failure(e, policy)
}

/// Prints a JSON value on standard output, pretty.
fn print_json(value: &serde_json::Value) {
    out!(
        "{}\n",
        serde_json::to_string_pretty(value).unwrap_or_default()
    );
}

/// Prints the failure record of findings that stopped a command asked for JSON (see
/// [`failure_as`]).
fn print_findings_record(findings: &[Finding]) {
    let records: Vec<FindingRecord> = within_cap(findings)
        .iter()
        .map(FindingRecord::from)
        .collect();
    print_json(
        &serde_json::json!({"error": "findings", "exit_code": FINDINGS, "findings": records}),
    );
}

fn failure(e: Failure, policy: &Policy) -> ExitCode {
    match e {
        Failure::Findings(f) => {
            print_findings(&judge(policy, f));
            ExitCode::from(FINDINGS)
        }
        Failure::Tool(m) => {
            // A name of megabytes (from a file or the command line) is cut, line by line
            // (a message may list things on lines of its own); control characters in
            // names are escaped where the names go in, and by `err!`.
            let m: Vec<String> = m
                .split('\n')
                .map(|l| tessera::diag::clip_text(l.to_string()))
                .collect();
            err!("error: {}", m.join("\n"));
            ExitCode::from(FAILURE)
        }
    }
}

fn validate(
    paths: &[PathBuf],
    format: FindingFormat,
    ruleset: Option<&Path>,
    policy: &Policy,
) -> ExitCode {
    let mut input = tessera::InputFiles::default();
    for p in paths {
        match input.add(p) {
            // Told once, below, when no path gave a file.
            Ok(0) if paths.len() > 1 => err!("note: no .yaml or .xml files in {}", shown(p)),
            Ok(0) => {}
            Ok(_) => {}
            Err(m) => {
                let json = matches!(format, FindingFormat::Json);
                return failure_as(Failure::Tool(m), policy, json);
            }
        }
    }
    let files = input.files;
    if files.is_empty() {
        // One message (the notes say the same per path), as JSON when JSON is asked for.
        let m = format!(
            "no .yaml or .xml files found in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        let json = matches!(format, FindingFormat::Json);
        return failure_as(Failure::Tool(m), policy, json);
    }
    for n in &input.notes {
        err!("note: {n}");
    }
    let mut all = Vec::new();
    let mut file_records: Vec<FileRecord> = Vec::new();
    let mut tool_failed = false;
    let mut tool_messages = Vec::new();
    let mut checked = 0;
    let (mut errors, mut warnings, mut notes) = (0, 0, 0);
    // A finding in a file that several checked files use (the provenance note of a set
    // included by others) is reported once per run.
    let mut reported = std::collections::HashSet::new();
    for f in &files {
        match tessera::validate_file(f, ruleset) {
            Ok(v) => {
                checked += 1;
                let mut findings = judge(policy, v.findings);
                findings.retain(|x| {
                    reported.insert((
                        x.check,
                        x.file.as_ref().map(|s| s.path.clone()),
                        x.labels.first().map(|(s, _)| s.offset()),
                        x.message.clone(),
                    ))
                });
                let (e, w) = (
                    count(&findings, Level::Error),
                    count(&findings, Level::Warning),
                );
                errors += e;
                warnings += w;
                notes += count(&findings, Level::Note);
                if matches!(format, FindingFormat::Human) {
                    print_findings(&findings);
                    let kind = v.kind.map_or("file", |k| k.name());
                    let mut verdict = if e == 0 {
                        "ok".to_string()
                    } else {
                        plural(e, "error")
                    };
                    if w > 0 {
                        verdict.push_str(&format!(", {}", plural(w, "warning")));
                    }
                    err!("{}: {kind} {verdict}", shown(f));
                    if let Some(c) = &v.coverage {
                        err!("{}: {}", shown(f), coverage_text(c));
                    }
                }
                file_records.push(FileRecord {
                    file: f.display().to_string(),
                    kind: v.kind.map(|k| k.name()),
                    errors: e,
                    warnings: w,
                    notes: count(&findings, Level::Note),
                    coverage: v.coverage.as_ref().map(CoverageRecord::from),
                });
                all.extend(findings);
            }
            Err(m) => {
                err!("error: {m}");
                tool_failed = true;
                tool_messages.push(m);
            }
        }
    }
    match format {
        // The tool could not check a file: one failure record (with the findings of the
        // files it did check), as every command's JSON failure.
        FindingFormat::Json if tool_failed => {
            let records: Vec<FindingRecord> =
                within_cap(&all).iter().map(FindingRecord::from).collect();
            print_json(&serde_json::json!({
                "error": "tool",
                "exit_code": FAILURE,
                "message": tool_messages.join("\n"),
                "findings": records,
                "files": file_records,
            }));
        }
        FindingFormat::Json => {
            let findings = within_cap(&all).iter().map(FindingRecord::from).collect();
            let report = ValidateReport {
                findings,
                files: file_records,
                not_recorded: FINDINGS_NOT_SHOWN.load(Ordering::Relaxed),
            };
            out!(
                "{}\n",
                serde_json::to_string_pretty(&report).unwrap_or_default()
            );
        }
        FindingFormat::Human if checked > 0 => {
            // Warnings are counted only when there are some, so that runs without any
            // print as before.
            let warnings = match warnings {
                0 => String::new(),
                1 => ", 1 warning".to_string(),
                n => format!(", {n} warnings"),
            };
            err!(
                "checked {checked} file{}: {errors} error{}{warnings}, {notes} note{}",
                if checked == 1 { "" } else { "s" },
                if errors == 1 { "" } else { "s" },
                if notes == 1 { "" } else { "s" }
            );
        }
        FindingFormat::Human => {}
    }
    if tool_failed {
        ExitCode::from(FAILURE)
    } else if errors > 0 {
        ExitCode::from(FINDINGS)
    } else {
        ExitCode::SUCCESS
    }
}

fn import_jcz(
    file: &Path,
    out: &Path,
    force: bool,
    opts: &tessera::jcz::ImportOptions,
) -> ExitCode {
    // Refuse early, before any work, when the output cannot be written or exists.
    if std::fs::metadata(out).is_ok_and(|m| !m.is_file()) {
        err!(
            "error: {} is not a regular file (a directory, a device or a FIFO): it is never replaced, --force or not",
            shown(out)
        );
        return ExitCode::from(FAILURE);
    }
    if !force && out.exists() {
        err!("error: {} exists; pass --force to replace it", shown(out));
        return ExitCode::from(FAILURE);
    }
    let imported = match tessera::jcz::import(file, out, opts) {
        Ok(i) => i,
        Err(Failure::Findings(f)) => {
            print_findings(&f);
            err!(
                "{}: {}; nothing written",
                shown(file),
                plural(count(&f, Level::Error), "error")
            );
            return ExitCode::from(FINDINGS);
        }
        Err(e) => return failure(e, &Policy::default()),
    };
    print_findings(&imported.warnings);
    if let Err(m) = tessera::jcz::write_new(out, &imported.yaml, force) {
        err!("error: {m}");
        return ExitCode::from(FAILURE);
    }
    let left = if imported.left_out.is_empty() {
        String::new()
    } else {
        format!(
            "; left out (the rule set cannot express them): {}",
            escape_text(&imported.left_out_why.join(", "))
        )
    };
    err!(
        "wrote {}: {}, {}{left}",
        shown(out),
        plural(imported.total as usize, "tile"),
        plural(imported.definitions, "definition")
    );
    let (size, limit) = (imported.yaml.len() as u64, tessera::limits::max_file_size());
    if size > limit {
        err!(
            "warning: {} is {size} bytes, over the maximum file size tessera reads ({limit} bytes): read it with `tessera --max-file-size {size} ...`, or import fewer tiles at a time (`--set`)",
            shown(out)
        );
    }
    ExitCode::SUCCESS
}

/// Judges the findings of a run that succeeded (warnings and notes about the files it
/// used): prints those that are warnings or errors after `--allow` / `--deny`, and says
/// whether any is an error (the run then fails with exit status 2 instead of printing its
/// result).
fn judge_success(policy: &Policy, findings: Vec<Finding>) -> bool {
    judge_success_as(policy, findings, false)
}

/// Like [`judge_success`]; when the findings stop the command and it was asked for JSON,
/// also prints them as one JSON record on standard output (see [`failure_as`]).
fn judge_success_as(policy: &Policy, findings: Vec<Finding>, json: bool) -> bool {
    let shown: Vec<Finding> = judge(policy, findings)
        .into_iter()
        .filter(|f| f.level >= Level::Warning)
        .collect();
    print_findings(&shown);
    let stopped = count(&shown, Level::Error) > 0;
    if stopped && json {
        print_findings_record(&shown);
    }
    stopped
}

fn score(
    position: &Path,
    opts: &ScoreOptions,
    format: ScoreFormat,
    html: Option<(&Path, bool)>,
    policy: &Policy,
) -> ExitCode {
    let scored = match html {
        None => score_checked(position, opts).map(|(r, f)| (r, None, f)),
        Some(_) => tessera::score_with_page(position, opts).map(|(r, p, f)| (r, Some(p), f)),
    };
    let json = format == ScoreFormat::Json;
    match scored {
        Ok((report, page, findings)) => {
            if judge_success_as(policy, findings, json) {
                return ExitCode::from(FINDINGS);
            }
            if let (Some((target, force)), Some(page)) = (html, page) {
                // Never over a file that exists, unless --force or it is a page written here.
                let ours = |_: &Path, text: &str| tessera::render::is_score_page(text);
                if let Err(code) = write_generated(target, page, &ours, force) {
                    return code;
                }
            }
            match format {
                ScoreFormat::Text => out!("{}", report.to_text()),
                ScoreFormat::Json => out!(
                    "{}\n",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                ),
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure_as(e, policy, json),
    }
}

fn tiles(
    tileset: &Path,
    tile: Option<&str>,
    rotation: u32,
    format: ScoreFormat,
    policy: &Policy,
) -> ExitCode {
    let json = format == ScoreFormat::Json;
    let report = match tessera::tiles_report(tileset, tile, rotation) {
        Ok(r) => r,
        Err(e) => return failure_as(e, policy, json),
    };
    if judge_success_as(policy, report.findings.clone(), json) {
        return ExitCode::from(FINDINGS);
    }
    match format {
        ScoreFormat::Json => out!(
            "{}\n",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        ),
        ScoreFormat::Text if tile.is_some() => {
            for t in &report.tiles {
                out!("{}", t.drawing());
            }
        }
        ScoreFormat::Text => {
            out!(
                "{} ({}): {} definitions, {} tiles\n",
                escape_text(&report.tileset),
                escape_text(&report.game),
                report.tiles.len(),
                report.total
            );
            // Ids as wide as the widest (imported ids such as `IC/Cccc.c`), 6 at least;
            // side kinds likewise (`grassland`), 8 at least.
            let width = |of: &dyn Fn(&tessera::render::TileRecord) -> usize, least: usize| {
                report.tiles.iter().map(of).max().unwrap_or(0).max(least)
            };
            let id_width = width(&|t| t.id.chars().count(), 6);
            let side_width = width(
                &|t| t.sides.iter().map(|s| s.chars().count()).max().unwrap_or(0),
                8,
            );
            for t in &report.tiles {
                out!("  {}\n", t.line(id_width, side_width));
            }
        }
    }
    if stdout_broken() {
        return ExitCode::from(FAILURE);
    }
    ExitCode::SUCCESS
}

/// The kinds of file `tessera new` writes.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum NewKindArg {
    /// A rule set.
    Ruleset,
    /// A tile set.
    Tileset,
    /// A position.
    Position,
}

/// Writes one file tessera generates (a played game, a picture, a page) and says so on
/// standard error; `ours` tells a file it generated before, which may be replaced without
/// `force`. Errors: the exit code of a refusal or failure, already reported.
fn write_generated(
    path: &Path,
    text: String,
    ours: &dyn Fn(&Path, &str) -> bool,
    force: bool,
) -> Result<(), ExitCode> {
    // Into a directory that exists (as `play` and `new` do): a typo in the path does not
    // make directories.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            err!(
                "error: cannot write {}: the directory {} does not exist",
                shown(path),
                shown(dir)
            );
            return Err(ExitCode::from(FAILURE));
        }
    }
    let target = tessera::output::Target {
        path: path.to_path_buf(),
        text,
    };
    if let Err(reasons) = tessera::output::write_all(&[target], ours, force) {
        for r in reasons {
            err!("error: {r}");
        }
        return Err(ExitCode::from(FAILURE));
    }
    err!("wrote {}", shown(path));
    Ok(())
}

/// A cell written `X,Y` (`--highlight 1,-2`).
fn parse_cell(text: &str) -> Result<(i32, i32), String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not a cell: write it X,Y, as in 1,-2"))?;
    let number = |t: &str| match t.trim() {
        "" => Err(format!("`{text}` is not a cell: write it X,Y, as in 1,-2")),
        t => t
            .parse::<i32>()
            .map_err(|e| format!("`{t}` is not a coordinate: {e}")),
    };
    Ok((number(x)?, number(y)?))
}

fn render(
    path: &Path,
    opts: &tessera::RenderOptions,
    out: Option<&Path>,
    force: bool,
    policy: &Policy,
) -> ExitCode {
    let (svg, findings) = match tessera::render_path(path, opts) {
        Ok(r) => r,
        Err(e) => return failure(e, policy),
    };
    if judge_success(policy, findings) {
        return ExitCode::from(FINDINGS);
    }
    match out {
        None => {
            out!("{svg}");
            if stdout_broken() {
                return ExitCode::from(FAILURE);
            }
        }
        Some(target) => {
            // Never over a file that exists, unless --force or it is a picture drawn here.
            let ours = |_: &Path, text: &str| tessera::picture::is_drawn(text);
            if let Err(code) = write_generated(target, svg, &ours, force) {
                return code;
            }
        }
    }
    ExitCode::SUCCESS
}

fn simulate(opts: &tessera::SimulateOptions, format: ScoreFormat) -> ExitCode {
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
    let result = tessera::simulate(opts, &|| bar.inc(1));
    bar.finish_and_clear();
    match result {
        Ok(summaries) => {
            match format {
                ScoreFormat::Text => out!("{}", tessera::render::simulation_text(&summaries)),
                ScoreFormat::Json => out!(
                    "{}\n",
                    serde_json::to_string_pretty(&serde_json::json!({ "variants": summaries }))
                        .unwrap_or_default()
                ),
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure_as(e, &Policy::default(), format == ScoreFormat::Json),
    }
}

fn play(opts: &tessera::PlayOptions, out: Option<&Path>, force: bool) -> ExitCode {
    let played = match tessera::play(opts) {
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
            let ours = |_: &Path, text: &str| text.starts_with(tessera::PLAYED_HEADER);
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

fn placements(
    position: &Path,
    tile: &str,
    pieces: bool,
    format: ScoreFormat,
    policy: &Policy,
) -> ExitCode {
    let json = format == ScoreFormat::Json;
    match placements_report(position, tile, pieces) {
        Ok(r) => {
            if judge_success_as(policy, r.findings.clone(), json) {
                return ExitCode::from(FINDINGS);
            }
            if r.copies_left == 0 {
                err!(
                    "note: every copy of tile {tile} is already on the board; listed: where one more would fit"
                );
            }
            if format == ScoreFormat::Json {
                out!(
                    "{}\n",
                    serde_json::to_string_pretty(&r.to_json()).unwrap_or_default()
                );
                return ExitCode::SUCCESS;
            }
            if r.placements.is_empty() {
                out!("tile {} fits nowhere on this board\n", escape_text(tile));
            }
            if pieces {
                out!("pieces for {}\n", escape_text(&r.player));
            }
            for (i, p) in r.placements.iter().enumerate() {
                out!("x {:>3}  y {:>3}  rotation {:>3}\n", p.x, p.y, p.rotation);
                if !pieces {
                    continue;
                }
                let options: Vec<String> = r
                    .pieces
                    .get(i)
                    .into_iter()
                    .flatten()
                    .map(|o| {
                        format!(
                            "{} as {} on the {} at {}",
                            escape_text(&o.kind),
                            escape_text(&o.role),
                            escape_text(&o.feature),
                            escape_text(&o.at)
                        )
                    })
                    .collect();
                if options.is_empty() {
                    out!("    no piece can go on it\n");
                } else {
                    out!("    {}\n", options.join("; "));
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure_as(e, policy, json),
    }
}

/// `explain --format json`: the record of one code, or of every code, as JSON.
fn explain_json(code: Option<&str>) -> ExitCode {
    let record = |c: Check| {
        let info = c.info();
        serde_json::json!({
            "code": info.code,
            "severity": info.severity.name(),
            "title": info.title,
            "why": info.why,
            "bad": info.bad,
            "fixed": info.fixed,
        })
    };
    let value = match code {
        None => serde_json::Value::Array(Check::all().iter().map(|&c| record(c)).collect()),
        Some(code) => match Check::from_code(code) {
            Some(c) => record(c),
            None => {
                return failure_as(
                    Failure::Tool(unknown_code_message(code, "", false)),
                    &Policy::default(),
                    true,
                );
            }
        },
    };
    out!(
        "{}\n",
        serde_json::to_string_pretty(&value).unwrap_or_default()
    );
    ExitCode::SUCCESS
}

fn explain(
    code: Option<&str>,
    markdown: bool,
    out: Option<&Path>,
    force: bool,
    check: bool,
) -> ExitCode {
    if !markdown {
        match code {
            None => out!("{}", checks_list()),
            Some(code) => match Check::from_code(code) {
                Some(c) => out!("{}", explain_text(c)),
                None => {
                    err!("error: {}", unknown_code_message(code, "", false));
                    return ExitCode::from(FAILURE);
                }
            },
        }
        return ExitCode::SUCCESS;
    }
    let text = checks_markdown();
    let Some(path) = out else {
        out!("{text}");
        return ExitCode::SUCCESS;
    };
    // Only a regular file is read: a FIFO or a device is never opened.
    let current = tessera::output::read_existing(path);
    if current.as_deref() == Some(text.as_str()) {
        if !check {
            err!("{} is up to date", shown(path));
        }
        return ExitCode::SUCCESS;
    }
    if check {
        err!(
            "stale: {} (run `tessera explain --markdown --out {} --force` to regenerate)",
            shown(path),
            shown(path)
        );
        return ExitCode::from(FINDINGS);
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        err!(
            "error: {} is not a regular file (a directory, a device or a FIFO): it is never replaced, --force or not",
            shown(path)
        );
        return ExitCode::from(FAILURE);
    }
    if path.exists() && !force {
        err!(
            "error: {} exists and differs from the generated reference; pass --force to replace it",
            shown(path)
        );
        return ExitCode::from(FAILURE);
    }
    let target = tessera::output::Target {
        path: path.to_path_buf(),
        text,
    };
    // Written whole (a temporary file renamed over it), never through a symbolic link.
    if let Err(reasons) = tessera::output::write_all(&[target], &|_, _| true, force) {
        for r in reasons {
            err!("error: {r}");
        }
        return ExitCode::from(FAILURE);
    }
    err!("wrote {}", shown(path));
    ExitCode::SUCCESS
}

/// Whether `text` is a schema tessera generated for the kind whose file `path` is (any
/// generation: a JSON Schema draft-07 document with that kind's title).
fn generated_schema(path: &Path, text: &str) -> bool {
    let Some(kind) = FileKind::ALL
        .into_iter()
        .find(|k| path.file_name().is_some_and(|n| *n == *k.schema_file()))
    else {
        return false;
    };
    let Ok(found) = serde_json::from_str::<serde_json::Value>(text) else {
        return false;
    };
    let wanted = tessera::schema::schema(kind);
    found.get("$schema").is_some()
        && found.get("$schema") == wanted.get("$schema")
        && found.get("title") == wanted.get("title")
}

fn schema(
    kind: Option<FileKind>,
    out: Option<&Path>,
    stdout: bool,
    check: bool,
    force: bool,
) -> ExitCode {
    let kinds: Vec<FileKind> = kind.map_or(FileKind::ALL.to_vec(), |k| vec![k]);
    if stdout {
        for k in kinds {
            out!("{}", schema_text(k));
        }
        return ExitCode::SUCCESS;
    }
    let dir = match out {
        Some(d) => d.to_path_buf(),
        None => {
            let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
            match tessera::output::checkout_root(&cwd) {
                Some(root) => {
                    let rel = root.strip_prefix(&cwd).map(Path::to_path_buf);
                    rel.unwrap_or(root).join("schema")
                }
                None => {
                    err!(
                        "error: {} is not inside a tessera checkout (no Cargo.toml of the package `tessera` here or above); pass --out DIR to say where the schemas go, or --stdout",
                        shown(&cwd)
                    );
                    return ExitCode::from(FAILURE);
                }
            }
        }
    };
    let targets: Vec<tessera::output::Target> = kinds
        .iter()
        .map(|k| tessera::output::Target {
            path: dir.join(k.schema_file()),
            text: schema_text(*k),
        })
        .collect();
    if check {
        let stale: Vec<&Path> = targets
            .iter()
            .filter(|t| {
                tessera::load::read(&t.path)
                    .ok()
                    .is_none_or(|f| f.text() != t.text)
            })
            .map(|t| t.path.as_path())
            .collect();
        for p in &stale {
            err!("stale: {} (run `tessera schema` to regenerate)", shown(p));
        }
        return if stale.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(FINDINGS)
        };
    }
    match tessera::output::write_all(&targets, &generated_schema, force) {
        Ok(outcomes) => {
            for o in outcomes {
                match o {
                    tessera::output::Outcome::Unchanged(p) => {
                        err!("{} is up to date", shown(&p))
                    }
                    tessera::output::Outcome::Created(p)
                    | tessera::output::Outcome::Replaced(p) => {
                        err!("wrote {}", shown(&p))
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Err(reasons) => {
            for r in reasons {
                err!("error: {r}");
            }
            err!("nothing written");
            ExitCode::from(FAILURE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }
}
