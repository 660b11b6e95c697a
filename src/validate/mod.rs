//! Meaning checks (stage 3 of loading) and compilation into [`crate::rules`] tables.
//!
//! Each check reports every problem it finds, at its line, with a help line; compilation
//! succeeds only when no error was found. Checks, by file kind:
//! - rule set: every name used is declared (terrains in side profiles and features, items,
//!   relations, options, piece roles, stacks), profiles have 1 or 3 parts, relations join
//!   kinds that tiles hold and a corner rule joins kinds that lie along sides, every scoring
//!   term can count something on its feature kind, a stack continues a feature kind that
//!   lies along sides;
//! - tile set: declared `total` equals the sum of counts, unique ids, side kinds exist,
//!   every slot claimed by exactly one segment whose feature matches the slot's terrain,
//!   every segment of a kind with a terrain claims a slot or links to others, links point
//!   at segments of the same tile and join the kinds their relation declares, no third
//!   segment keeps two linked segments apart, segments that meet at a corner under a
//!   corner relation are linked unless `apart` says otherwise, `copies` lists one entry
//!   per copy, decorations and items are declared, the start tile exists; a warning for
//!   `count: 0` and for an item on a kind no rule reads it on, a note when the contents
//!   are not verified. One slip is one finding: a side kind the segments contradict is
//!   reported at the side, a slot left unclaimed by a misspelt or misplaced claim is named
//!   in that claim's finding, and a segment whose kind is in doubt is not judged again
//!   through its links;
//! - position: checked by replaying it, a layer above this one ([`crate::replay`]: tiles
//!   exist and fit, pieces are legal, a snapshot holds the start tile at the origin); the
//!   entry point that checks any file is [`crate::validate_file`].

pub mod artwork;
mod checks;
mod compose;
mod deduce;
pub(crate) mod ruleset;
mod tileset;

pub use deduce::{Solution, solve};
pub use ruleset::compile_ruleset;
pub(crate) use tileset::separating;
pub use tileset::{compile_tile, compile_tileset};

pub use crate::rules::Game;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::diag::{Check, Failure, Finding, LinkEdit, SourceFile};
use crate::geometry::{SIDES, parse_slot, slot_names};
use crate::load;
use crate::model::{self, Loc, ProvenanceStatus, RuleSetFile, Sp, TileDef, TileSetFile};
use crate::rules::{
    Area, Case, Completion, Count, FeatureKind, Mechanisms, PieceKind, Role, RuleOption, Rules,
    Segment, SideKind, Stack, Term, Tile, TileSet, TokenPool,
};
use crate::schema::FileKind;

/// Looks a name up in a list of names, or makes a finding at the name's location.
fn lookup(
    names: &[String],
    name: &Sp<String>,
    what: &str,
    check: Check,
    file: &SourceFile,
) -> Result<usize, Finding> {
    names.iter().position(|n| *n == name.value).ok_or_else(|| {
        let f = Finding::unknown(check, what, &name.value)
            .in_file(file)
            .at(&name.loc, format!("not a declared {what}"));
        if names.is_empty() {
            f.help(format!("no {what} is declared"))
        } else {
            f.known("declared", names.iter().map(String::as_str))
        }
    })
}

/// Merges findings that report the same unknown name in the same file into one finding
/// with a label per use (the first few), so that a name missing from the rule set is one
/// finding, not one per tile that uses it.
pub(crate) fn merge_repeated(findings: Vec<Finding>) -> Vec<Finding> {
    const SHOWN: usize = 5;
    let mut out: Vec<Finding> = Vec::new();
    let mut uses: HashMap<(u32, String), (usize, usize)> = HashMap::new();
    for f in findings {
        let mergeable =
            matches!(f.check, Check::TileSetUnknownName) && f.message.starts_with("unknown ");
        let key = (f.file.as_ref().map_or(0, |x| x.id), f.message.clone());
        match uses.get_mut(&key).filter(|_| mergeable) {
            Some((i, n)) => {
                *n += 1;
                if *n <= SHOWN {
                    let extra = f.labels.into_iter().next();
                    out[*i].labels.extend(extra);
                }
            }
            None => {
                if mergeable {
                    uses.insert(key, (out.len(), 1));
                }
                out.push(f);
            }
        }
    }
    for (i, n) in uses.values() {
        if *n > 1 {
            let f = &mut out[*i];
            f.message = format!("{} (used {n} times)", f.message);
        }
    }
    out
}

/// Names as a list for a message: `` `a`, `b`, `c` ``.
pub(crate) fn quoted_list<S: AsRef<str>>(names: &[S]) -> String {
    names
        .iter()
        .map(|n| format!("`{}`", n.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Collects results and findings.
#[derive(Default)]
pub(crate) struct Sink(Vec<Finding>);

impl Sink {
    /// The value, or `None` with the finding kept.
    pub(crate) fn take<T>(&mut self, r: Result<T, Finding>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(f) => {
                self.0.push(f);
                None
            }
        }
    }
    /// Keeps a finding.
    pub(crate) fn push(&mut self, f: Finding) {
        self.0.push(f);
    }
}

/// Turns a failed load of a referenced file into a finding at the reference.
fn reference_failure(
    from: &SourceFile,
    written: &Sp<String>,
    what: &str,
    err: Result<Vec<Finding>, load::ReadError>,
) -> Vec<Finding> {
    match err {
        Ok(findings) => findings,
        Err(io) => vec![
            Finding::new(io.check(), format!("cannot read the {what}: {io}"))
                .in_file(from)
                .at(&written.loc, format!("{what} path"))
                .help(io.help()),
        ],
    }
}

/// Loads a rule set (following `extends`) and compiles it.
///
/// Errors: `Failure::Tool` if it cannot be read, otherwise the findings.
pub fn load_ruleset(path: &Path) -> Result<(SourceFile, Rules), Failure> {
    let (file, rs) =
        compose::load_ruleset_merged(path, &mut Vec::new(), false).map_err(to_failure)?;
    let rules = compile_ruleset(&file, &rs)?;
    Ok((file, rules))
}

/// Compiles a rule set already read (an editor's unsaved text), with the rule sets it
/// `extends` read from disk.
///
/// Errors: findings in it or in the files it extends; a tool failure when one cannot
/// be read.
pub fn load_ruleset_source(file: SourceFile) -> Result<Rules, Failure> {
    let rs = load::deserialize::<crate::model::RuleSetFile>(&file).map_err(Failure::one)?;
    let (file, merged) = compose::merge_extends(file, rs, &mut Vec::new()).map_err(to_failure)?;
    compile_ruleset(&file, &merged).map_err(Failure::Findings)
}

fn to_failure(e: Result<Vec<Finding>, load::ReadError>) -> Failure {
    match e {
        Ok(f) => Failure::Findings(f),
        Err(m) => m.into_failure(),
    }
}

/// Loads a tile set with everything it includes, its rule set (or `ruleset_override`: the
/// file that names it and the path as written) and any `shapes_from` set, and compiles
/// them. Returns the game and the notes.
///
/// Errors: `Failure::Tool` if the tile set itself cannot be read; findings otherwise
/// (problems in referenced files are reported in those files).
pub fn load_tileset(
    path: &Path,
    ruleset_override: Option<(&SourceFile, &[Sp<String>])>,
) -> Result<(Game, Vec<Finding>), Failure> {
    let (file, ts) = load::load::<TileSetFile>(path, FileKind::Tileset).map_err(to_failure)?;
    load_tileset_parsed(file, ts, ruleset_override)
}

/// Like [`load_tileset`] for a tile set already read and parsed (a position's list of tile
/// sets is composed into one in memory and loaded this way). A `ruleset_override` of
/// several paths plays them together, as a rule set that `extends` them all.
pub fn load_tileset_parsed(
    file: SourceFile,
    ts: TileSetFile,
    ruleset_override: Option<(&SourceFile, &[Sp<String>])>,
) -> Result<(Game, Vec<Finding>), Failure> {
    load_tileset_with_artwork(file, ts, ruleset_override).map(|(game, notes, _)| (game, notes))
}

/// [`load_tileset_parsed`], also returning the images its tiles name (`image:`, in
/// every part; nothing read yet: [`artwork::read`] reads them).
pub fn load_tileset_with_artwork(
    file: SourceFile,
    ts: TileSetFile,
    ruleset_override: Option<(&SourceFile, &[Sp<String>])>,
) -> Result<(Game, Vec<Finding>, Vec<artwork::ImageRef>), Failure> {
    let mut findings = Vec::new();
    let parts = compose::load_parts((file.clone(), ts), &mut findings);
    let images = artwork::refs(&parts);
    compose::check_include_ids(&parts, &mut findings);
    let (rs_file, rs) = match ruleset_override {
        Some((from, list)) if list.len() > 1 => {
            compose::compose_listed(from, list).map_err(to_failure)?
        }
        _ => load_chosen_ruleset(
            &file,
            &parts,
            ruleset_override.and_then(|(f, l)| Some((f, l.first()?))),
            &mut findings,
        )?,
    };
    load_tileset_with(file, parts, rs_file, rs, findings).map(|(g, n)| (g, n, images))
}

/// The rule set of a tile set's parts: the one given from outside, else the one they
/// name.
fn load_chosen_ruleset(
    file: &SourceFile,
    parts: &[compose::Part],
    ruleset_override: Option<(&SourceFile, &Sp<String>)>,
    findings: &mut Vec<Finding>,
) -> Result<(SourceFile, crate::model::RuleSetFile), Failure> {
    // A rule set given from outside (a position's or the command line's) is played
    // whatever the parts name: their rule sets need not agree then.
    let named = match ruleset_override {
        Some(_) => None,
        None => compose::choose_ruleset(parts, findings),
    };
    let (rs_from, rs_written, chain) = match (ruleset_override, named) {
        (Some((f, w)), _) => (f, w, &[][..]),
        (None, Some(x)) => x,
        // An include that could not be read may have been the one naming it: its finding
        // says what to fix.
        (None, None) if !findings.is_empty() => {
            return Err(Failure::Findings(std::mem::take(findings)));
        }
        (None, None) => {
            findings.push(
                Finding::new(
                    Check::TileSetNoRuleset,
                    "no rule set: neither this tile set nor an included one names `ruleset`",
                )
                .in_file(file)
                .at_span(file.top_key_span("name"), "this set")
                .help("add `ruleset: <path of the rule set>` (relative to this file)"),
            );
            return Err(Failure::Findings(std::mem::take(findings)));
        }
    };
    let rs_path = load::resolve(&rs_from.path, &rs_written.value);
    let loaded = compose::load_ruleset_merged(&rs_path, &mut Vec::new(), true).map_err(|e| {
        reference_failure(rs_from, rs_written, "rule set", e)
            .into_iter()
            .map(|f| compose::with_chain(f, chain))
            .collect::<Vec<_>>()
    })?;
    Ok(loaded)
}

/// [`load_tileset_parsed`]'s work once its rule set is loaded.
fn load_tileset_with(
    file: SourceFile,
    parts: Vec<compose::Part>,
    rs_file: SourceFile,
    rs: crate::model::RuleSetFile,
    mut findings: Vec<Finding>,
) -> Result<(Game, Vec<Finding>), Failure> {
    let rules = compile_ruleset(&rs_file, &rs)?;
    let mut shapes = Vec::new();
    let mut shapes_failed = false;
    for part in &parts {
        shapes.push(match &part.ts.shapes_from {
            Some(sf) => match load_shapes(&part.file, sf, &rules, &deduce::wanted_shapes(&part.ts))
            {
                Ok(set) => Some(set),
                Err(f) => {
                    findings.extend(f.into_iter().map(|f| compose::with_chain(f, &part.chain)));
                    shapes_failed = true;
                    None
                }
            },
            None => None,
        });
    }
    // Without the `shapes_from` set, every `shape:` would also be reported as unresolved.
    if shapes_failed {
        return Err(Failure::Findings(findings));
    }
    let (tiles, mut notes) = match tileset::compile_parts(&parts, &shapes, &rules) {
        Ok(x) if findings.is_empty() => x,
        Ok(_) => return Err(Failure::Findings(findings)),
        Err(more) => {
            findings.extend(more);
            return Err(Failure::Findings(findings));
        }
    };
    // Deduced shapes: checked against their evidence once the tiles compile.
    for (part, sh) in parts.iter().zip(&shapes) {
        for f in deduce::check(part, sh.as_ref(), &rules) {
            let f = compose::with_chain(f, &part.chain);
            if f.level == crate::diag::Level::Error {
                findings.push(f);
            } else {
                notes.push(f);
            }
        }
    }
    if !findings.is_empty() {
        findings.extend(notes);
        return Err(Failure::Findings(findings));
    }
    Ok((Game::new(rules, tiles, rs_file, file), notes))
}

/// Loads the sets named by a tile set's `shapes_from` and compiles the tiles that `wanted`
/// names (the part's `shape:` entries and the shapes of its `provenance.deduction`) into
/// one look-up set. A tile that is not wanted may fail under this rule set (an
/// Inns and Cathedrals tile with an inn, lent to a base-game set) without a finding.
///
/// Errors: a set that cannot be read or reuses shapes itself (`tileset::chained_shapes`),
/// a wanted tile that does not compile here, or a wanted id defined by two of the sets
/// (`tileset::ambiguous_shape`).
fn load_shapes(
    file: &SourceFile,
    paths: &model::Paths,
    rules: &Rules,
    wanted: &[Sp<String>],
) -> Result<TileSet, Vec<Finding>> {
    let mut findings = Vec::new();
    let mut merged = TileSet::empty();
    let mut names = Vec::new();
    // Which `shapes_from` entry each id came from, and the ids each later entry shares
    // with an earlier one (reported once per pair of entries).
    let mut origin: HashMap<String, usize> = HashMap::new();
    let mut shared: BTreeMap<(usize, usize), Vec<String>> = BTreeMap::new();
    let mut seen_files: HashMap<PathBuf, usize> = HashMap::new();
    let wanted_ids: HashSet<&str> = wanted.iter().map(|w| w.value.as_str()).collect();
    let entries = paths.as_slice();
    for (i, sf) in entries.iter().enumerate() {
        let p = load::resolve(&file.path, &sf.value);
        if let Some(&first) = seen_files.get(&load::identity(&p)) {
            findings.push(
                Finding::new(
                    Check::AmbiguousShape,
                    format!("`shapes_from` lists `{}` twice", sf.value),
                )
                .in_file(file)
                .at(&sf.loc, "listed again")
                .at(&entries[first].loc, "first listed here")
                .help("list each tile set once"),
            );
            continue;
        }
        seen_files.insert(load::identity(&p), i);
        let (sfile, sts) = match load::load_named::<TileSetFile>(&p, FileKind::Tileset) {
            Ok(x) => x,
            Err(e) => {
                findings.extend(reference_failure(
                    file,
                    sf,
                    "tile set named by `shapes_from`",
                    e,
                ));
                continue;
            }
        };
        if let Some(theirs) = &sts.shapes_from {
            let listed: Vec<&str> = theirs.as_slice().iter().map(|p| p.value.as_str()).collect();
            findings.push(
                Finding::new(
                    Check::ChainedShapes,
                    format!("`{}` itself reuses shapes (`shapes_from`)", sf.value),
                )
                .in_file(file)
                .at(&sf.loc, "chained reuse")
                .help(format!(
                    "name the sets that define the tiles instead: the ones `{}` lists ({}), relative to it",
                    sf.value,
                    listed.join(", ")
                )),
            );
            continue;
        }
        names.push(sts.name.clone());
        let parts = compose::load_parts((sfile, sts), &mut Vec::new());
        let (set, failed) = tileset::compile_lenient(&parts, rules, &wanted_ids);
        // The reused set is fine on its own; it is compiled here under this file's rule
        // set, so say which line brought it in.
        findings.extend(failed.into_iter().map(|f| {
            let mut note = Finding::new(
                f.check,
                format!(
                    "reused through `shapes_from` in {}:{}",
                    file.path.display(),
                    sf.loc.line
                ),
            )
            .in_file(file)
            .at(&sf.loc, "shapes reused from here");
            note.level = crate::diag::Level::Note;
            f.with_related(note)
        }));
        for tile in set.tiles {
            match origin.get(&tile.id) {
                Some(&first) => {
                    if wanted_ids.contains(tile.id.as_str()) {
                        shared.entry((first, i)).or_default().push(tile.id);
                    }
                }
                None => {
                    origin.insert(tile.id.clone(), i);
                    merged.by_id.insert(tile.id.clone(), merged.tiles.len());
                    merged.tiles.push(tile);
                }
            }
        }
    }
    for ((first, second), ids) in shared {
        let used = wanted
            .iter()
            .find(|w| w.value == ids[0])
            .expect("a shared id is wanted");
        let more = match ids.len() {
            1 => " is a tile".to_string(),
            n => format!(" and {} more are tiles", n - 1),
        };
        findings.push(
            Finding::new(
                Check::AmbiguousShape,
                format!(
                    "`shape: {}`{more} of two `shapes_from` sets ({} and {})",
                    ids[0], entries[first].value, entries[second].value
                ),
            )
            .in_file(file)
            .at(&used.loc, "which one?")
            .at(&entries[first].loc, "defined here")
            .at(&entries[second].loc, "and here")
            .help(format!(
                "list only one of the sets that define {} in `shapes_from`",
                ids.join(", ")
            )),
        );
    }
    if !findings.is_empty() {
        return Err(merge_repeated(findings));
    }
    merged.name = names.join(" + ");
    Ok(merged)
}

/// The summary printed for a composed tile set: tiles per source set and the total.
fn summary_note(file: &SourceFile, set: &TileSet) -> Finding {
    let parts: Vec<String> = set
        .sources
        .iter()
        .map(|(name, path, n)| format!("{n} from {name} ({path})"))
        .collect();
    Finding::new(
        Check::Composition,
        format!(
            "composed tile set: {} tiles in all",
            set.tiles.iter().map(|t| u64::from(t.count)).sum::<u64>()
        ),
    )
    .in_file(file)
    .at_span(file.top_key_span("include"), "includes")
    .help(parts.join("; "))
}

/// Orders findings by file and position, errors before notes at the same place.
pub fn sort_findings(findings: &mut [Finding]) {
    findings.sort_by_key(|f| {
        (
            f.file.as_ref().map(|x| x.path.clone()),
            f.labels.first().map(|(s, _)| s.offset()),
        )
    });
}

/// What `tessera validate` found in one file.
#[derive(Debug)]
pub struct Validation {
    /// The file.
    pub path: PathBuf,
    /// Its kind, if it could be told.
    pub kind: Option<FileKind>,
    /// Errors, warnings and notes, at their checks' default severities.
    pub findings: Vec<Finding>,
    /// For a file converted from another program's format (JCloisterZone XML): how much of
    /// each of its tiles could be checked. `None` for tessera's own files, which are
    /// checked whole.
    pub coverage: Option<Coverage>,
}

/// How much of a converted file (JCloisterZone XML) was checked, tile by tile: the rule
/// set the file is checked against may have no words for some of what the file says
/// (towers, city gates, The Count's city block, ...), and that part is not checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Every tile of the file that was looked at, in document order.
    pub tiles: Vec<TileCoverage>,
}

impl Coverage {
    /// The number of tiles checked to this degree.
    pub fn count(&self, checked: Checked) -> usize {
        self.tiles.iter().filter(|t| t.checked == checked).count()
    }
}

/// How much of one tile was checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileCoverage {
    /// The tile's id.
    pub id: String,
    /// 1-based line of the tile's definition in its file.
    pub line: u32,
    /// Fully, partly or not.
    pub checked: Checked,
    /// What was not checked, each once, in document order, as the file writes it
    /// (`<tower>`, `city-gate on <city>`, `pennants on <city>`); empty when fully checked.
    pub not_checked: Vec<String>,
}

/// How much of a tile was checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Checked {
    /// Everything the tile says was checked.
    Fully,
    /// The tile was checked, but some of what it says could not be (listed in
    /// [`TileCoverage::not_checked`]).
    Partly,
    /// The tile could not be checked at all.
    Not,
}

impl Checked {
    /// `fully`, `partly` or `not`: the name JSON output uses.
    pub fn name(self) -> &'static str {
        match self {
            Checked::Fully => "fully",
            Checked::Partly => "partly",
            Checked::Not => "not",
        }
    }
}

/// How a position's meaning is checked, given the file and its tree (parsed, schema
/// checked): by replaying it, which this layer cannot do (the engine sits above it), so
/// the caller passes it in (`replay::validate_source` does). Returns the notes
/// to report, or the findings; a [`Failure::Tool`] is a file it names that cannot be read.
pub type PositionCheck<'a> =
    &'a dyn Fn(&SourceFile, &Sp<load::Node>) -> Result<Vec<Finding>, Failure>;

/// Validates a file already read (its path still resolves the files it names): syntax,
/// schema, then meaning, the kind told from the file's keys. A rule set or tile set is
/// checked here; a position by `position` (see [`PositionCheck`]). The public entry point
/// for any file is [`crate::validate_file`] (a layer above, which can replay positions).
///
/// Errors: `Err(message)` only when a file it names cannot be read as a tool failure.
pub(crate) fn validate_source_with(
    file: SourceFile,
    position: PositionCheck,
) -> Result<Validation, String> {
    let path = file.path.clone();
    let mut v = Validation {
        path,
        kind: None,
        findings: Vec::new(),
        coverage: None,
    };
    let root = match load::parse(&file) {
        Ok(r) => r,
        Err(f) => {
            v.findings.push(f);
            return Ok(v);
        }
    };
    let Some(kind) = load::sniff(&root) else {
        v.findings.push(
            Finding::new(Check::UnknownKind, "cannot tell what kind of file this is")
                .in_file(&file)
                .at(&root.loc, "top level")
                .help("a rule set has `terrains`, a tile set has `tiles` or `include`, a position has `players`"),
        );
        return Ok(v);
    };
    v.kind = Some(kind);
    let schema_findings = load::check_schema(&file, kind, &root);
    if !schema_findings.is_empty() {
        v.findings = schema_findings;
        return Ok(v);
    }
    let result = match kind {
        FileKind::Ruleset => match load::deserialize_parsed::<RuleSetFile>(&file, &root) {
            Err(f) => Err(vec![f]),
            Ok(rs) => match compose::merge_extends(file.clone(), rs, &mut Vec::new()) {
                Ok((f, merged)) => compile_ruleset(&f, &merged).map(|_| Vec::new()),
                Err(Ok(f)) => Err(f),
                Err(Err(m)) => return Err(m.to_string()),
            },
        },
        FileKind::Tileset => match load::deserialize_parsed::<TileSetFile>(&file, &root) {
            Err(f) => Err(vec![f]),
            Ok(ts) => match load_tileset_with_artwork(file.clone(), ts, None) {
                Ok((game, mut notes, images)) => {
                    notes.extend(artwork::read(&images).1);
                    if game.tiles.sources.len() > 1 {
                        notes.push(summary_note(&file, &game.tiles));
                    }
                    Ok(notes)
                }
                Err(Failure::Findings(f)) => Err(f),
                Err(Failure::Tool(m)) => return Err(m),
            },
        },
        FileKind::Position => match position(&file, &root) {
            Ok(notes) => Ok(notes),
            Err(Failure::Findings(f)) => Err(f),
            Err(Failure::Tool(m)) => return Err(m),
        },
    };
    match result {
        Ok(notes) => v.findings = notes,
        Err(f) => v.findings = f,
    }
    sort_findings(&mut v.findings);
    Ok(v)
}
