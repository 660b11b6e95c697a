//! `tessera new`: a starter rule set, tile set or position that validates, [`new_file`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::common::{err, failure, shown, written_from};
use crate::diag::{self, Failure, Finding, Policy};
use crate::{load, output, replay, schema, validate};

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
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tessera new ruleset my-game\n  tessera new ruleset my-expansion --from rulesets/carcassonne.yaml\n  tessera new tileset expansion-tiles --from tilesets/base.yaml\n  tessera new position my-game-position --from tilesets/base.yaml"
)]
pub struct NewArgs {
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

/// The kinds of starter file `tessera new` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NewKind {
    /// A rule set: a small complete game, or one extending `--from`.
    Ruleset,
    /// A tile set: two tiles for the base game's rules, or for `--from`'s (a rule set, or a
    /// tile set whose tiles it includes).
    Tileset,
    /// A position: two players and no turn yet, on the base game or on `--from` (a tile
    /// set).
    Position,
}

/// The comment a starter file written by `tessera new` begins with, after its schema
/// modeline.
pub const NEW_MARK: &str = "# Written by tessera new: a starting point, edit it freely.";

/// A starter rule set: the base game's terrains and sides, cities, roads, monasteries and
/// fields scored as in the rulebook, one follower kind.
const NEW_RULESET: &str = "\
name: My game
source: \"Where the rules come from (rulebook, edition, section)\"
terrains: [city, road, field]
# The terrains met walking clockwise along a side: a road side is field|road|field, its
# slots NL, N, NR on the north side.
sides:
  city: [city]
  road: [field, road, field]
  field: [field]
items:
  pennant: {description: \"A coat of arms in a city: +2 in a completed city.\"}
relations:
  touches:
    description: \"A field borders a city on the same tile (farmers score the cities).\"
    between: [field, city]
    corners: true
features:
  city:
    terrain: city
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 2}, {count: {item: pennant}, points: 2}]}]
      final: [{terms: [{count: tiles, points: 1}, {count: {item: pennant}, points: 1}]}]
  road:
    terrain: road
    completion: closed
    scoring:
      completed: [{terms: [{count: tiles, points: 1}]}]
      final: [{terms: [{count: tiles, points: 1}]}]
  monastery:
    completion: surrounded
    scoring:
      completed: [{terms: [{count: one, points: 1}, {count: neighbours, points: 1}]}]
      final: [{terms: [{count: one, points: 1}, {count: neighbours, points: 1}]}]
  field:
    terrain: field
    completion: never
    scoring:
      final:
        - terms: [{count: {linked: {relation: touches, feature: city, completed: true}}, points: 3}]
pieces:
  follower:
    supply: 7
    roles:
      - {role: knight, feature: city}
      - {role: highwayman, feature: road}
      - {role: monk, feature: monastery}
      - {role: farmer, feature: field}
colours:
  city: \"#c47a3d\"
  road: \"#f3efe3\"
  field: \"#86b94f\"
  monastery: \"#d8504d\"
";

/// Two tiles for rules with the base game's side kinds: the start tile (a city and a
/// road) and a monastery.
const NEW_TILES: &str = "\
total: 2
start: {tile: my-start}
tiles:
  # The start tile: a city north, a road west to east (slots WL/W/WR and EL/E/ER).
  - id: my-start
    count: 1
    sides: {N: city, E: road, S: field, W: road}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: road, feature: road, at: [E, W]}
      - {id: field1, feature: field, at: [EL, WR], links: {touches: [city]}}
      - {id: field2, feature: field, at: [ER, S, WL]}
  # A monastery in a field.
  - id: my-monastery
    count: 1
    sides: {N: field, E: field, S: field, W: field}
    segments:
      - {id: monastery, feature: monastery}
      - {id: field, feature: field, at: [N, E, S, W]}
";

/// Writes a starter file for `tessera new` at `out` (`.yaml` added when it has no
/// extension) and checks it: a schema modeline (the checkout's `schema/` when `out` lies
/// in one, else `schema/` beside it, which `tessera schema --out` fills), then a small
/// file of the kind that validates clean. `from` is what to build on (see [`NewKind`]);
/// paths written in the file are relative to it. Never replaces an existing file unless
/// `force`. Returns the path written.
///
/// Errors: a tool failure when `out` exists (without `force`), cannot be written, or
/// `from` cannot be read; findings when `from` is not of a kind to build on or what was
/// written does not validate (a bug).
pub fn new_file(
    kind: NewKind,
    out: &Path,
    from: Option<&Path>,
    force: bool,
) -> Result<PathBuf, Failure> {
    let out = if out.extension().is_none() {
        out.with_extension("yaml")
    } else {
        out.to_path_buf()
    };
    let here =
        std::env::current_dir().map_err(|e| Failure::Tool(format!("current directory: {e}")))?;
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => here.join(p),
        _ => here.clone(),
    };
    if !dir.is_dir() {
        return Err(Failure::Tool(format!(
            "cannot write {}: the directory {} does not exist",
            out.display(),
            dir.display()
        )));
    }
    let dir = std::fs::canonicalize(&dir).unwrap_or(dir);
    let written = |p: &Path| written_from(&here, &dir, p);
    // What `from` is, told from its keys.
    let from_kind = match from {
        None => None,
        Some(p) => {
            let file = load::read(p).map_err(load::ReadError::into_failure)?;
            let root = load::parse(&file).map_err(|f| Failure::Findings(vec![f]))?;
            Some((written(p), load::sniff(&root), file, root))
        }
    };
    let wrong = |wanted: &str| -> Failure {
        match &from_kind {
            Some((_, found, file, root)) => Failure::Findings(vec![
                Finding::new(
                    diag::Check::WrongKind,
                    match found {
                        Some(k) => format!("this file is a {}, not a {wanted}", k.name()),
                        None => format!("this file is not a {wanted}"),
                    },
                )
                .in_file(file)
                .at(&root.loc, "top level")
                .help(format!("`tessera new` builds on a {wanted} here")),
            ]),
            None => Failure::Tool(format!("--from must name a {wanted}")),
        }
    };
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let (schema, body) = match kind {
        NewKind::Ruleset => {
            let body = match &from_kind {
                None => NEW_RULESET.to_string(),
                Some((path, Some(schema::FileKind::Ruleset), ..)) => format!(
                    "name: My expansion\nextends: {}\n# A section named here replaces the extended rule set's entry of that name\n# (a feature kind, a piece kind, ...); terrains are added; effects are appended.\nfeatures: {{}}\n",
                    q(path)
                ),
                Some(_) => return Err(wrong("rule set")),
            };
            ("ruleset", body)
        }
        NewKind::Tileset => {
            let header = match &from_kind {
                None => "ruleset: bundled:rulesets/carcassonne.yaml\n".to_string(),
                Some((path, Some(schema::FileKind::Ruleset), ..)) => {
                    format!("ruleset: {}\n", q(path))
                }
                Some((path, Some(schema::FileKind::Tileset), ..)) => {
                    // The included set's tiles and start tile, and two tiles of one's own
                    // (`total` counts those of this file).
                    let _ = validate::load_tileset(from.unwrap_or(Path::new("")), None)?;
                    let own = NEW_TILES.replace("start: {tile: my-start}\n", "");
                    let body =
                        format!("name: My tiles\ninclude: [{{tileset: {}}}]\n{own}", q(path));
                    return finish_new(&out, "tileset", &dir, &body, force);
                }
                Some(_) => return Err(wrong("rule set or tile set")),
            };
            ("tileset", format!("name: My tiles\n{header}{NEW_TILES}"))
        }
        NewKind::Position => {
            let tileset = match &from_kind {
                None => "bundled:tilesets/base.yaml".to_string(),
                Some((path, Some(schema::FileKind::Tileset), ..)) => path.clone(),
                Some(_) => return Err(wrong("tile set")),
            };
            let (game, _) =
                validate::load_tileset(&load::resolve(&dir.join("x.yaml"), &tileset), None)?;
            let start = &game.tiles.tiles[game.tiles.start];
            let body = format!(
                "name: My position\ntileset: {}\nplayers: [A, B]\n# One entry per turn, in order: the tile, its cell (x grows east, y south), its\n# rotation (degrees clockwise) and where a piece goes (a slot name, see\n# `tessera tiles TILESET --tile ID --rotation R`). The start tile ({}) lies at (0, 0).\nturns: []\n",
                q(&tileset),
                start.id
            );
            ("position", body)
        }
    };
    finish_new(&out, schema, &dir, &body, force)
}

/// Writes a starter file (modeline, mark, body) and validates it.
fn finish_new(
    out: &Path,
    schema: &str,
    dir: &Path,
    body: &str,
    force: bool,
) -> Result<PathBuf, Failure> {
    let schema_dir = output::checkout_root(dir)
        .map(|root| load::relative(dir, &root.join("schema")))
        .unwrap_or_else(|| "schema".to_string());
    let text = format!(
        "# yaml-language-server: $schema={schema_dir}/{schema}.schema.json\n{NEW_MARK}\n{body}"
    );
    if out.exists() && !force {
        return Err(Failure::Tool(format!(
            "{} exists; pass --force to replace it",
            out.display()
        )));
    }
    // Checked before it is written, as the file it will be (the paths it names resolve
    // from its directory), in memory.
    let check = replay::validate_source(diag::SourceFile::new(out, text.clone()));
    let errors: Vec<Finding> = check
        .map_err(Failure::Tool)?
        .findings
        .into_iter()
        .filter(|f| f.level == diag::Level::Error)
        .collect();
    if !errors.is_empty() {
        return Err(Failure::Findings(errors));
    }
    let target = output::Target {
        path: out.to_path_buf(),
        text,
    };
    let ours = |_: &Path, _: &str| false;
    output::write_all(&[target], &ours, force).map_err(|r| Failure::Tool(r.join("\n")))?;
    Ok(out.to_path_buf())
}

/// Runs `tessera new`.
pub fn run(args: NewArgs) -> ExitCode {
    let kind = match args.kind {
        NewKindArg::Ruleset => NewKind::Ruleset,
        NewKindArg::Tileset => NewKind::Tileset,
        NewKindArg::Position => NewKind::Position,
    };
    match new_file(kind, &args.name, args.from.as_deref(), args.force) {
        Ok(path) => {
            err!("wrote {}", shown(&path));
            let dir = std::fs::canonicalize(&path)
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf));
            if dir.is_some_and(|d| output::checkout_root(&d).is_none()) {
                err!(
                    "note: its first line names schema/ beside it for editors: `tessera schema --out schema` writes the schemas there"
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure(e, &Policy::default()),
    }
}
