//! JCloisterZone (JCZ) and FanCloisterZone tile-definition XML: reading, checking against a
//! rule set, and converting to a tessera tile set.
//!
//! JCZ is the program most Carcassonne players and fan-expansion authors use; its tile
//! definitions are XML files (github.com/farin/JCloisterZone,
//! `src/main/resources/tile-definitions/`). This module is a reader/converter beside
//! [`crate::load`]: [`xml`] reads a file into a located tree, [`convert`] turns each
//! `<tile>` into a [`crate::model::TileDef`] whose values carry the XML locations, and the
//! existing tile-set compiler ([`crate::validate::compile_tileset`]) then checks them, so
//! every finding points at the XML line and column of the element, attribute or word at
//! fault. Findings only XML can have use the `jcz::` codes.
//!
//! Entry points: [`import`] with [`write_new`] (`tessera import jcz FILE.xml -o OUT.yaml`);
//! a file is checked through [`crate::validate_file`] (what `tessera validate FILE.xml`
//! runs), which hands XML to this module's `validate_source`; [`load_game`] compiles a
//! file's tiles for drawing (`tessera render FILE.xml`). [`save`] reads JCloisterZone's
//! saved games (`.jcz`) as positions.

mod advice;
mod checks;
pub mod convert;
mod emit;
pub mod location;
pub mod save;
pub mod xml;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::load::relative;

use crate::diag::{Check, Failure, Finding, Level, SourceFile};
use crate::load;
use crate::model::{Sp, StartTile, TileSetFile};
use crate::rules::Rules;
use crate::schema::FileKind;
use crate::validate::{Coverage, Validation, compile_tileset, load_ruleset, sort_findings};

pub use xml::looks_like_xml;

/// The rule set JCZ files are checked against when no `--ruleset` is given, and the one an
/// import names: the base game with the expansions tessera knows, Inns and Cathedrals and
/// The River (`bundled:rulesets/base-ic-river.yaml`, built into tessera, so that XML can be
/// checked anywhere). Fan expansions are played with the base game, so this is what their
/// tiles meet. This is the one place that decides it.
pub fn default_ruleset() -> PathBuf {
    PathBuf::from(format!(
        "{}rulesets/base-ic-river.yaml",
        load::BUNDLED_PREFIX
    ))
}

/// The group of a river's spring in JCZ files; a tile of that group is the start tile.
pub(crate) const SPRING: &str = "river-spring";

/// Loads a rule set; findings in it are returned as findings, an unreadable file as a
/// message.
fn rules(path: &Path) -> Result<Result<(SourceFile, Rules), Vec<Finding>>, String> {
    match load_ruleset(path) {
        Ok(r) => Ok(Ok(r)),
        Err(Failure::Findings(f)) => Ok(Err(f)),
        Err(Failure::Tool(m)) => Err(format!("cannot read the rule set: {m}")),
    }
}

/// `jcz::external_ref` warnings: tile sets listing tiles the file does not define (JCZ
/// resolves them from its other files, e.g. `winter.xml` lists the base tiles).
/// Only the sets named in `only` are looked at, when given.
fn external_refs(file: &SourceFile, doc: &xml::Doc, only: Option<&[String]>) -> Vec<Finding> {
    let ids: Vec<&str> = doc
        .tiles
        .iter()
        .filter_map(|t| t.attr("id").map(|a| a.value.as_str()))
        .collect();
    let mut out = Vec::new();
    for set in &doc.sets {
        if only.is_some_and(|o| !o.contains(&set.id.value)) {
            continue;
        }
        let missing: Vec<&Sp<String>> = set
            .refs
            .iter()
            .chain(&set.removes)
            .map(|r| &r.tile)
            .filter(|t| !ids.contains(&t.value.as_str()))
            .collect();
        let Some(first) = missing.first() else {
            continue;
        };
        let mut f = Finding::new(
            Check::JczExternalRef,
            format!(
                "tile set `{}` names {} tile{} this file does not define (first: `{}`); they are left out",
                set.id.value,
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                first.value
            ),
        )
        .in_file(file)
        .at(&first.loc, "not defined in this file");
        for m in missing.iter().skip(1) {
            f = f.at(&m.loc, "nor this");
        }
        out.push(f.help(
            "JCloisterZone finds such tiles in its other files; import or validate that file too, or define the tile here",
        ));
    }
    out
}

/// Counts for checking a file as a whole: a tile's count in the first tile set that lists
/// it (the sum of its `<ref>`s there, as `import jcz` adds them up), else its `count`
/// attribute, else 1.
fn all_counts(
    file: &SourceFile,
    doc: &xml::Doc,
    findings: &mut Vec<Finding>,
) -> HashMap<String, Sp<u32>> {
    let mut counts: HashMap<String, Sp<u32>> = HashMap::new();
    for set in &doc.sets {
        let mut here: HashMap<&str, Sp<u32>> = HashMap::new();
        for r in &set.refs {
            here.entry(r.tile.value.as_str())
                .and_modify(|c| c.value = c.value.saturating_add(r.count.value))
                .or_insert(r.count.clone());
        }
        for (tile, count) in here {
            counts.entry(tile.to_string()).or_insert(count);
        }
    }
    for t in &doc.tiles {
        let Some(id) = t.attr("id") else { continue };
        let attr = t
            .attr("count")
            .and_then(|c| match xml::count_value(file, c) {
                Ok(n) => Some(n),
                Err(f) => {
                    findings.push(f);
                    None
                }
            });
        counts
            .entry(id.value.clone())
            .or_insert_with(|| attr.unwrap_or(Sp::at(1, id.value_loc)));
    }
    counts
}

/// The start tile among the definitions `candidates` (indices into `c.defs`): a tile of
/// group `river-spring` (the river's spring starts a game with the river), else the first
/// tile. Returns its index in `c.defs` and why.
fn start_tile(c: &convert::Converted, candidates: &[usize]) -> Option<(usize, String)> {
    if let Some(&i) = candidates
        .iter()
        .find(|&&i| c.groups.get(i).and_then(|g| g.as_deref()) == Some(SPRING))
    {
        return Some((
            i,
            format!("the tile of group `{SPRING}` (a game with the river starts with its spring)"),
        ));
    }
    // The first tile with copies: a tile the chosen sets give no copy cannot start.
    let with_copies = candidates.iter().find(|&&i| c.defs[i].count.value > 0);
    with_copies.or(candidates.first()).map(|&i| {
        let which = if candidates.first() == Some(&i) {
            "the first tile"
        } else {
            "the first tile with copies"
        };
        (
            i,
            format!("{which} (the file marks none: no tile of group `river-spring`); choose another with --start"),
        )
    })
}

/// A tessera tile set holding the converted tiles (the XML locations kept).
fn tileset(name: String, ruleset: &Path, c: &convert::Converted, start: usize) -> TileSetFile {
    let checkable = || c.defs.iter().zip(&c.xml).filter(|(_, x)| !x.doubtful);
    TileSetFile {
        name,
        ruleset: Some(Sp::unspanned(ruleset.display().to_string())),
        include: Vec::new(),
        shapes_from: None,
        // Added up without wrapping: a count beyond `limits::MAX_COPIES` is reported on its
        // own (`tileset::out_of_range`).
        total: Some(Sp::unspanned(
            checkable()
                .map(|(d, _)| d)
                .fold(0u32, |a, d| a.saturating_add(d.count.value)),
        )),
        start: Some(StartTile {
            tile: Sp::unspanned(
                c.defs
                    .get(start)
                    .map(|d| d.id.value.clone())
                    .unwrap_or_default(),
            ),
            copy: None,
        }),
        supply: Default::default(),
        provenance: None,
        tiles: checkable().map(|(d, _)| d.clone()).collect(),
    }
}

/// The converted tiles the tile-set checks can judge (indices in `conv.defs`): not those
/// with a word no element could read ([`convert::TileXml::doubtful`]), whose shape is not
/// known.
fn checkable(conv: &convert::Converted) -> Vec<usize> {
    (0..conv.defs.len())
        .filter(|&i| !conv.xml[i].doubtful)
        .collect()
}

/// The tile-set checks of [`compile_tileset`] on the converted tiles, their findings told
/// in XML terms ([`advice::rewrite`]).
fn checked(
    file: &SourceFile,
    ts: &TileSetFile,
    rules: &Rules,
    conv: &convert::Converted,
) -> Vec<Finding> {
    let mut findings = match compile_tileset(file, ts, rules, None) {
        Ok((_, notes)) => notes,
        Err(f) => f,
    };
    advice::rewrite(file, rules, conv, &mut findings);
    findings
}

/// Checks a JCZ file already read against a rule set (default: [`default_ruleset`]): XML
/// syntax and shape, the `jcz::` checks, then every tile-set check of
/// [`compile_tileset`], all located in the XML. Counts are each tile's count in the first
/// tile set that lists it. Called through [`crate::validate_file`], the one entry point
/// for any file.
///
/// Errors: a message when the rule set cannot be read.
pub(crate) fn validate_source(
    file: SourceFile,
    ruleset: Option<&Path>,
) -> Result<Validation, String> {
    let mut v = Validation {
        path: file.path.clone(),
        kind: Some(FileKind::Tileset),
        findings: Vec::new(),
        coverage: None,
    };
    let (doc, mut findings) = match xml::read(&file) {
        Ok(d) => d,
        Err(f) => {
            v.findings.push(f);
            return Ok(v);
        }
    };
    let rs_path = ruleset.map_or_else(default_ruleset, Path::to_path_buf);
    let (_, rules) = match rules(&rs_path)? {
        Ok(r) => r,
        Err(f) => {
            v.findings = f;
            return Ok(v);
        }
    };
    let counts = all_counts(&file, &doc, &mut findings);
    findings.extend(external_refs(&file, &doc, None));
    let mut conv = convert::convert(&file, &doc, &rules, &counts);
    findings.append(&mut conv.findings);
    let all = checkable(&conv);
    if let Some((start, _)) = start_tile(&conv, &all) {
        let ts = tileset(file_name(&file.path), &rs_path, &conv, start);
        findings.extend(checked(&file, &ts, &rules, &conv));
    }
    sort_findings(&mut findings);
    v.findings = findings;
    v.coverage = Some(Coverage {
        tiles: std::mem::take(&mut conv.coverage),
    });
    Ok(v)
}

/// A JCZ file's tiles as a game, for drawing: every tile the default rule set
/// ([`default_ruleset`]) can express, counted as in the first tile set that lists it,
/// with the findings that did not stop it (warnings, notes).
///
/// Errors: [`Failure::Findings`] for the file's errors (located in the XML, as
/// `tessera validate` gives them); [`Failure::Tool`] when the rule set cannot be read.
pub fn load_game(file: &SourceFile) -> Result<(crate::rules::Game, Vec<Finding>), Failure> {
    let (doc, mut findings) = xml::read(file).map_err(Failure::one)?;
    let rs_path = default_ruleset();
    let (rs_file, rules) = rules(&rs_path)
        .map_err(Failure::Tool)?
        .map_err(Failure::Findings)?;
    let counts = all_counts(file, &doc, &mut findings);
    findings.extend(external_refs(file, &doc, None));
    let mut conv = convert::convert(file, &doc, &rules, &counts);
    findings.append(&mut conv.findings);
    let all = checkable(&conv);
    let Some((start, _)) = start_tile(&conv, &all) else {
        findings.push(
            Finding::new(
                Check::JczStructure,
                "no tile to draw: the file defines none tessera can express",
            )
            .in_file(file)
            .at_span(
                miette::SourceSpan::new(0.into(), usize::from(!file.text().is_empty())),
                "this file",
            )
            .help("`tessera validate` says why each tile is left out"),
        );
        return Err(Failure::Findings(findings));
    };
    let ts = tileset(file_name(&file.path), &rs_path, &conv, start);
    let compiled = compile_tileset(file, &ts, &rules, None);
    let (tiles, notes) = match compiled {
        Ok(t) => t,
        Err(mut f) => {
            advice::rewrite(file, &rules, &conv, &mut f);
            findings.extend(f);
            sort_findings(&mut findings);
            return Err(Failure::Findings(findings));
        }
    };
    findings.extend(notes);
    if findings.iter().any(|f| f.level == Level::Error) {
        sort_findings(&mut findings);
        return Err(Failure::Findings(findings));
    }
    let game = crate::rules::Game::new(rules, tiles, rs_file, file.clone());
    Ok((game, findings))
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// What `tessera import jcz` is asked to do.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Tile sets (`<tile-set id>`) to take; several are added up (then `<remove>`s
    /// apply). Empty: the file's only set, or every tile's `count` when it has no sets; a
    /// file with several sets needs a choice.
    pub sets: Vec<String>,
    /// Rule set to convert for and to name in the output (default: [`default_ruleset`]).
    pub ruleset: Option<PathBuf>,
    /// Start tile id (default: the tile of group `river-spring`, else the first tile).
    pub start: Option<String>,
    /// Where the data comes from, for the provenance block and the header comment (e.g.
    /// the repository, commit and licence notice); default: the file's name.
    pub source: Option<String>,
    /// Refuse to write a tile set that lacks something of the source: what the rule set
    /// cannot express (`jcz::unsupported`, `jcz::unsupported_side`,
    /// `jcz::unsupported_tile`) and tiles the file does not define
    /// (`jcz::external_ref`) become errors.
    pub strict: bool,
    /// Apply the mechanical fix of each error that has one ([`Finding::fix`]: a link the
    /// corner rule asks for, a link no geometry allows) to the imported tile, instead of
    /// stopping; each fix is named in a `# fixed:` comment on the tile and told as a
    /// warning. The XML is not changed. For data the author cannot change (an upstream
    /// file with a known defect).
    pub fix: bool,
}

/// The checks whose findings `--strict` makes errors: each says that the written tile
/// set lacks something of the source.
pub const STRICT: [Check; 4] = [
    Check::JczUnsupported,
    Check::JczUnsupportedSide,
    Check::JczUnsupportedTile,
    Check::JczExternalRef,
];

/// A converted tile set, ready to be written.
#[derive(Debug)]
pub struct Imported {
    /// The YAML text.
    pub yaml: String,
    /// Warnings (and notes) about the source, e.g. elements the rule set cannot express.
    pub warnings: Vec<Finding>,
    /// Tiles in the set (the sum of the counts).
    pub total: u32,
    /// Tile definitions written.
    pub definitions: usize,
    /// Tiles of the chosen sets left out (the rule set cannot express them), in document
    /// order.
    pub left_out: Vec<String>,
    /// The same tiles with why each is left out, as the file's header and the summary
    /// name them: `the-city-gates/ccfg (city-gate on <city>)`.
    pub left_out_why: Vec<String>,
    /// How much of each tile of the chosen sets was checked (as `validate` tells it).
    pub coverage: Coverage,
}

/// Copies per tile id, each at the XML that gives it.
type Counts = HashMap<String, Sp<u32>>;

/// The counts of the chosen tile sets, added up, minus their `<remove>`s.
fn chosen_counts(
    path: &Path,
    file: &SourceFile,
    doc: &xml::Doc,
    sets: &[String],
    findings: &mut Vec<Finding>,
) -> Result<(Counts, Vec<String>), Failure> {
    let ids: Vec<&str> = doc.sets.iter().map(|s| s.id.value.as_str()).collect();
    let listing = || {
        if ids.is_empty() {
            "it has no `<tile-set>`".to_string()
        } else {
            format!("its tile sets: {}", ids.join(", "))
        }
    };
    let chosen: Vec<&xml::TileSetDef> = if sets.is_empty() {
        match doc.sets.len() {
            0 => {
                return Ok((all_counts(file, doc, findings), Vec::new()));
            }
            1 => vec![&doc.sets[0]],
            n => {
                return Err(Failure::Tool(format!(
                    "{} has {n} tile sets; choose with --set ID (repeat --set to add sets up): {}",
                    path.display(),
                    ids.join(", ")
                )));
            }
        }
    } else {
        let mut v = Vec::new();
        for s in sets {
            match doc.sets.iter().find(|x| x.id.value == *s) {
                Some(x) => v.push(x),
                None => {
                    return Err(Failure::Tool(format!(
                        "unknown tile set `{s}` in {}; {}",
                        path.display(),
                        listing()
                    )));
                }
            }
        }
        v
    };
    let mut counts: HashMap<String, Sp<u32>> = HashMap::new();
    for set in &chosen {
        for r in &set.refs {
            counts
                .entry(r.tile.value.clone())
                .and_modify(|c| c.value = c.value.saturating_add(r.count.value))
                .or_insert(r.count.clone());
        }
    }
    for set in &chosen {
        for r in &set.removes {
            counts.remove(&r.tile.value);
        }
    }
    Ok((counts, chosen.iter().map(|s| s.id.value.clone()).collect()))
}

/// Converts a JCZ file to a tessera tile set (the text of the YAML file to write at
/// `out`; paths in it are relative to `out`). Every tile of the chosen sets whose shape
/// the rule set can express is written (what it cannot express of a tile is left out and
/// named in a comment on the tile); the others are left out and named in
/// [`Imported::left_out`] and the file's header.
///
/// Errors: [`Failure::Tool`] when a file cannot be read, a set is unknown or must be
/// chosen, the start tile is not a tile of the result, or no tile can be written;
/// [`Failure::Findings`] when the source has errors (located in the XML; nothing should be
/// written then), or, with [`ImportOptions::strict`], anything would be left out.
pub fn import(path: &Path, out: &Path, opts: &ImportOptions) -> Result<Imported, Failure> {
    let file = load::read(path).map_err(load::ReadError::into_failure)?;
    let (doc, mut findings) = xml::read(&file).map_err(Failure::one)?;
    let rs_path = opts.ruleset.clone().unwrap_or_else(default_ruleset);
    let (_, rules) = rules(&rs_path)
        .map_err(Failure::Tool)?
        .map_err(Failure::Findings)?;
    let (counts, sets) = chosen_counts(path, &file, &doc, &opts.sets, &mut findings)?;
    findings.extend(external_refs(&file, &doc, Some(&sets)));
    let mut conv = convert::convert(&file, &doc, &rules, &counts);
    findings.append(&mut conv.findings);
    // The tiles written: those whose shape the rule set can express.
    let written: Vec<usize> = (0..conv.defs.len())
        .filter(|&i| conv.xml[i].exact)
        .collect();
    let start = match &opts.start {
        Some(id) => match written.iter().find(|&&i| conv.defs[i].id.value == *id) {
            Some(&i) => Some((i, "chosen with --start".to_string())),
            None => {
                let why = if conv.left_out.contains(id) {
                    " (it is left out: the rule set cannot express it)"
                } else {
                    ""
                };
                return Err(Failure::Tool(format!(
                    "--start {}: not a tile of the converted set{why}; its tiles: {}",
                    crate::diag::escape_text(id),
                    written
                        .iter()
                        .map(|&i| crate::diag::escape_text(&conv.defs[i].id.value))
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        },
        None => start_tile(&conv, &written),
    };
    // The checks run on every tile that can be checked, written or not (with no tile to
    // write, any checked tile stands as the start tile of the set checked).
    let all = checkable(&conv);
    let chosen = start.clone().filter(|(i, _)| all.contains(i));
    if let Some((i, _)) = chosen.or_else(|| start_tile(&conv, &all)) {
        let ts = tileset(file_name(path), &rs_path, &conv, i);
        findings.extend(checked(&file, &ts, &rules, &conv));
    }
    if opts.fix {
        apply_fixes(&mut conv, &mut findings);
    } else {
        for f in findings
            .iter_mut()
            .filter(|f| f.level == Level::Error && !f.fixes().is_empty())
        {
            let help = f.help.take().unwrap_or_default();
            f.help = Some(format!(
                "{help} (`tessera import jcz --fix` makes this change in the imported tile, not in the XML)"
            ));
        }
    }
    if opts.strict {
        for f in findings.iter_mut().filter(|f| STRICT.contains(&f.check)) {
            f.level = Level::Error;
        }
    }
    sort_findings(&mut findings);
    if findings.iter().any(|f| f.level == Level::Error) {
        return Err(Failure::Findings(findings));
    }
    // Each tile left out, with what the rule set cannot express of it.
    let left_out: Vec<String> = conv
        .left_out
        .iter()
        .zip(&conv.left_out_why)
        .map(|(id, why)| {
            let why = why.join(", ");
            if why.is_empty() {
                id.clone()
            } else {
                format!("{id} ({why})")
            }
        })
        .collect();
    let Some((start, start_reason)) = start else {
        let left = if left_out.is_empty() {
            String::new()
        } else {
            format!(" (left out: {})", left_out.join(", "))
        };
        return Err(Failure::Tool(format!(
            "no tile of {} can be expressed with rule set `{}`{left}; `tessera validate` says why",
            path.display(),
            rules.name
        )));
    };
    let out_dir = out_dir(out)?;
    // A bundled rule set is named as such; a file by its path relative to the output.
    let rs_abs = if rs_path.to_string_lossy().starts_with(load::BUNDLED_PREFIX) {
        None
    } else {
        Some(
            std::fs::canonicalize(&rs_path)
                .map_err(|e| Failure::Tool(format!("{}: {e}", rs_path.display())))?,
        )
    };
    let ruleset_rel = rs_abs
        .as_ref()
        .map_or_else(|| rs_path.display().to_string(), |p| relative(&out_dir, p));
    let schema_rel = schema_above(&out_dir).map(|p| relative(&out_dir, &p));
    let source_name = file_name(path);
    // Written as comment lines, one per line of the source: a file name is one line
    // (its control characters escaped), a `--source` text may be several.
    let source = opts
        .source
        .clone()
        .unwrap_or_else(|| crate::diag::escape_text(&source_name).into_owned());
    let pick = |i: &usize| conv.defs[*i].clone();
    let defs: Vec<_> = written.iter().map(pick).collect();
    let lines: Vec<u32> = written.iter().map(|&i| conv.lines[i]).collect();
    let xml: Vec<convert::TileXml> = written.iter().map(|&i| conv.xml[i].clone()).collect();
    let yaml = emit::tileset_yaml(
        &emit::Header {
            schema: schema_rel.as_deref(),
            source_name: &source_name,
            sets: &sets,
            source: &source,
            ruleset: &ruleset_rel,
            start: &conv.defs[start].id.value,
            start_reason: &start_reason,
            left_out: &left_out,
        },
        &defs,
        &lines,
        &xml,
    );
    Ok(Imported {
        yaml,
        warnings: findings,
        total: defs
            .iter()
            .fold(0u32, |a, d| a.saturating_add(d.count.value)),
        definitions: defs.len(),
        left_out: conv.left_out,
        left_out_why: left_out.clone(),
        coverage: Coverage {
            tiles: conv.coverage,
        },
    })
}

/// `--fix`: applies the link edits of every error that has a mechanical fix to the
/// converted tiles (see [`ImportOptions::fix`]), names each on its tile (`# fixed:`), and
/// turns the error into a warning saying it was fixed. An edit that no longer applies (the
/// link is already there, or gone) changes nothing.
fn apply_fixes(conv: &mut convert::Converted, findings: &mut [Finding]) {
    for f in findings
        .iter_mut()
        .filter(|f| f.level == Level::Error && !f.fixes().is_empty())
    {
        for edit in f.fixes() {
            let Some(i) = conv.defs.iter().position(|d| d.id.value == edit.tile) else {
                continue;
            };
            let Some(seg) = conv.defs[i]
                .value
                .segments
                .iter_mut()
                .map(|s| &mut s.value)
                .find(|s| s.id.value == edit.segment)
            else {
                continue;
            };
            let targets = seg.links.entry(edit.relation.clone()).or_default();
            if edit.add {
                if !targets.iter().any(|t| t.value == edit.target) {
                    targets.push(Sp::unspanned(edit.target.clone()));
                }
            } else {
                targets.retain(|t| t.value != edit.target);
                if targets.is_empty() {
                    seg.links.remove(&edit.relation);
                }
            }
            let what = format!(
                "{} the `{}` link from `{}` to `{}` ({})",
                if edit.add { "added" } else { "removed" },
                edit.relation,
                edit.segment,
                edit.target,
                f.check.code()
            );
            conv.xml[i].fixed.push(what);
        }
        f.level = Level::Warning;
        f.help = Some(format!(
            "fixed with --fix in the imported tile (a `# fixed:` comment says what changed); the XML still has it: {}",
            f.help.take().unwrap_or_default()
        ));
    }
}

/// The schema an imported tile set's modeline names: the `schema/tileset.schema.json`
/// nearest to `dir` (absolute), in it or in one of its ancestors (a tessera checkout, or
/// a project where `tessera schema` was run). `None` when there is none.
fn schema_above(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .map(|d| d.join("schema").join("tileset.schema.json"))
        .find(|p| p.is_file())
}

/// The directory an output file goes to, made absolute.
fn out_dir(out: &Path) -> Result<PathBuf, Failure> {
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::canonicalize(dir).map_err(|e| {
        Failure::Tool(format!(
            "cannot write {}: {}: {e}",
            out.display(),
            dir.display()
        ))
    })
}

/// Writes `text` to `out` whole or not at all, after checking it: the text is validated
/// as the file it will be (`validate::validate_source_with`, in memory: the
/// paths it names resolve from `out`'s directory, and no size limit applies to what
/// tessera wrote itself), then written by [`crate::output::write_all`], the writer of
/// every generated file: an existing `out` only with `force`, a symbolic link only with
/// `force` (the link itself), what is not a regular file (a device, a FIFO, a directory)
/// never; into a directory that exists.
///
/// Errors: a message when `out` exists (without `force`), is not a regular file, its
/// directory does not exist, it cannot be written, or the text does not validate (a bug
/// of the converter; nothing is written).
pub fn write_new(out: &Path, text: &str, force: bool) -> Result<(), String> {
    out_dir(out).map_err(|e| e.to_string())?;
    // A converted set is a tile set: it never needs the position checks (replay, a layer
    // above this one).
    let not_a_tileset = |_: &SourceFile, _: &Sp<load::Node>| -> Result<Vec<Finding>, Failure> {
        Err(Failure::Tool(
            "the converted file reads as a position, not a tile set".into(),
        ))
    };
    let file = SourceFile::new(out, text.to_string());
    let check = crate::validate::validate_source_with(file, &not_a_tileset)?;
    let errors: Vec<String> = check
        .findings
        .iter()
        .filter(|f| f.level == Level::Error)
        .map(|f| format!("[{}] {f}", f.check.code()))
        .collect();
    if !errors.is_empty() {
        return Err(format!(
            "the converted tile set does not validate, so nothing was written (a bug of the converter): {}",
            errors.join("; ")
        ));
    }
    let target = crate::output::Target {
        path: out.to_path_buf(),
        text: text.to_string(),
    };
    // Never over a file that exists without `force`, even an earlier import.
    let ours = |_: &Path, _: &str| false;
    crate::output::write_all(&[target], &ours, force)
        .map(drop)
        .map_err(|reasons| reasons.join("\n"))
}
