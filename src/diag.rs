//! Diagnostics: every problem tessera finds in user files is a [`Finding`] with a stable
//! code from the catalogue [`Check`], the file and byte span it concerns, and a help line.
//!
//! Findings implement [`miette::Diagnostic`], so the binary prints them with source
//! snippets; the library only collects them. Exit codes: a run with error findings exits 2,
//! a tool failure (unreadable argument, I/O) exits 1 (see `main.rs`).

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock, Mutex, Weak};

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceSpan};

use crate::model::Loc;

/// A source file read by tessera, shared (cheaply cloned) by every finding that points
/// into it.
#[derive(Debug, Clone)]
pub struct SourceFile(Arc<SourceData>);

/// What a [`SourceFile`] holds.
#[derive(Debug)]
pub struct SourceData {
    /// Process-wide identity of this file (never 0), recorded in the [`Loc`] of every value
    /// read from it.
    pub id: u32,
    /// Path as given or resolved (relative to the working directory when possible).
    pub path: PathBuf,
    /// The file's text, as miette source code.
    pub named: NamedSource<String>,
    /// Byte offset of the first byte that is not UTF-8, when the file is not text (the
    /// text then holds a lossy copy).
    pub invalid_utf8: Option<usize>,
}

static NEXT_ID: AtomicU32 = AtomicU32::new(1);

/// Files by id, held weakly: a file lives as long as some value or finding holds it.
static REGISTRY: LazyLock<Mutex<HashMap<u32, Weak<SourceData>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

thread_local! {
    static READING: Cell<u32> = const { Cell::new(0) };
}

/// The id of the file being read on this thread (see [`SourceFile::reading`]), or 0.
pub fn reading() -> u32 {
    READING.with(Cell::get)
}

impl std::ops::Deref for SourceFile {
    type Target = SourceData;
    fn deref(&self) -> &SourceData {
        &self.0
    }
}

impl SourceFile {
    /// Wraps a file's text. `path` is shown as the file name in diagnostics.
    pub fn new(path: &Path, text: String) -> Self {
        Self::with(path, text, None)
    }

    fn with(path: &Path, text: String, invalid_utf8: Option<usize>) -> Self {
        let name = path.display().to_string();
        let language = match path.extension().and_then(|e| e.to_str()) {
            Some("xml") => "xml",
            _ => "yaml",
        };
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed).max(1);
        let file = SourceFile(Arc::new(SourceData {
            id,
            path: path.to_path_buf(),
            named: NamedSource::new(name, text).with_language(language),
            invalid_utf8,
        }));
        if let Ok(mut reg) = REGISTRY.lock() {
            reg.retain(|_, w| w.strong_count() > 0);
            reg.insert(id, Arc::downgrade(&file.0));
        }
        file
    }

    /// The file with this id, while some value still holds it.
    pub fn by_id(id: u32) -> Option<SourceFile> {
        let reg = REGISTRY.lock().ok()?;
        reg.get(&id).and_then(Weak::upgrade).map(SourceFile)
    }

    /// Runs `f` with this file recorded as the one being read: every [`Loc`] made meanwhile
    /// on this thread (by deserializing a [`crate::model::Sp`]) names it.
    pub fn reading<T>(&self, f: impl FnOnce() -> T) -> T {
        let before = READING.with(|r| r.replace(self.id));
        let out = f();
        READING.with(|r| r.set(before));
        out
    }

    /// Wraps a file's bytes; bytes that are not UTF-8 are replaced and remembered.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Self {
        match String::from_utf8(bytes) {
            Ok(text) => SourceFile::new(path, text),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let at = text.len().min(at);
                SourceFile::with(path, text, Some(at))
            }
        }
    }

    /// The file's text.
    pub fn text(&self) -> &str {
        self.named.inner()
    }

    /// Byte span of a YAML location in this file, or `None` for an unknown location.
    ///
    /// serde-saphyr gives byte spans for scalars and points for collections; when only a
    /// line and column are known the span is computed from them.
    pub fn span(&self, loc: &Loc) -> Option<SourceSpan> {
        if loc.is_unknown() {
            return None;
        }
        let text = self.text();
        if let Some((off, len)) = loc.bytes {
            let off = off.min(text.len());
            let len = len.min(text.len() - off);
            return Some(SourceSpan::new(off.into(), len));
        }
        let off = offset_of(text, loc.line as usize, loc.column as usize);
        Some(SourceSpan::new(off.into(), 0))
    }
}

impl SourceFile {
    /// Span of a top-level key (`players:` at the start of a line), or of the file's start
    /// when the key is absent: findings about the document's shape point there.
    pub fn top_key_span(&self, key: &str) -> SourceSpan {
        let text = self.text();
        let needle = format!("{key}:");
        let mut off = 0;
        for line in text.split_inclusive('\n') {
            if line.starts_with(&needle) {
                return SourceSpan::new(off.into(), key.len());
            }
            off += line.len();
        }
        SourceSpan::new(0.into(), 0)
    }
}

/// Byte offset of a 1-based line and 1-based column (in characters).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let col: usize = l
                .char_indices()
                .nth(column.saturating_sub(1))
                .map(|(b, _)| b)
                .unwrap_or(l.len());
            return off + col;
        }
        off += l.len();
    }
    text.len()
}

macro_rules! checks {
    ($(
        $(#[doc = $title:literal])+
        $variant:ident => $code:literal, $level:ident {
            why: $why:literal,
            bad: $bad:literal,
            fixed: $fixed:literal $(,)?
        }
    )*) => {
        /// The catalogue of checks: one code per rule. Each has a stable code, namespaced by
        /// area (`yaml::`, `schema::`, `ruleset::`, `tileset::`, `position::`, `jcz::`,
        /// `note::`), a title, a default severity, why it matters and an example of bad and
        /// fixed input ([`Check::info`]); `tessera explain CODE` and `docs/checks.md` are
        /// made from it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Check {
            $( $(#[doc = $title])+ $variant, )*
        }
        impl Check {
            /// Every check, in catalogue order.
            pub const ALL: &'static [Check] = &[$(Check::$variant),*];
            /// What the catalogue says about this check.
            pub fn info(self) -> &'static CheckInfo {
                match self {
                    $(Check::$variant => &CheckInfo {
                        code: $code,
                        title: concat!($($title),+),
                        severity: Level::$level,
                        why: $why,
                        bad: $bad,
                        fixed: $fixed,
                    },)*
                }
            }
        }
    };
}

/// One entry of the check catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckInfo {
    /// The stable code printed with a finding, e.g. `tileset::count_mismatch`.
    pub code: &'static str,
    /// What the check finds, in one line.
    pub title: &'static str,
    /// The severity of its findings unless `--allow` / `--deny` change it.
    pub severity: Level,
    /// Why the problem matters (what goes wrong if it is not fixed).
    pub why: &'static str,
    /// A short example of input that has the problem.
    pub bad: &'static str,
    /// The same example, fixed.
    pub fixed: &'static str,
}

impl Check {
    /// The stable code printed with the finding, e.g. `tileset::count_mismatch`.
    pub fn code(self) -> &'static str {
        self.info().code
    }

    /// The check with this code, if any.
    pub fn from_code(code: &str) -> Option<Check> {
        Check::ALL.iter().copied().find(|c| c.code() == code)
    }
}

checks! {
    /// A file could not be read.
    Io => "io::read", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// The file is not well-formed YAML.
    YamlSyntax => "yaml::syntax", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// The file does not have the shape its JSON Schema requires.
    Schema => "schema::invalid", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A name is defined twice.
    Duplicate => "ruleset::duplicate", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A rule set refers to a terrain, feature, item, relation, piece or option it does not declare.
    RuleSetUnknownName => "ruleset::unknown_name", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A side profile is not 1 or 3 parts long.
    SideProfile => "ruleset::side_profile", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A tile set refers to a name its rule set does not declare.
    TileSetUnknownName => "tileset::unknown_name", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// Two tiles in a set share an id, or two segments of a tile share an id.
    DuplicateId => "tileset::duplicate_id", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// The declared total differs from the sum of the counts.
    CountMismatch => "tileset::count_mismatch", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A tile has neither `shape` nor `sides` and `segments`, or both.
    TileShape => "tileset::tile_shape", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A slot name does not exist on that side.
    UnknownSlot => "tileset::unknown_slot", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A slot is claimed by no segment, or by two.
    SlotClaim => "tileset::slot_claim", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A segment's feature does not match the terrain of a slot it claims.
    SideMismatch => "tileset::side_mismatch", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A link names a segment the tile does not have.
    UnknownSegment => "tileset::unknown_segment", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// `copies` does not list one entry per copy.
    CopiesMismatch => "tileset::copies_mismatch", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// The start tile is not a tile of the set.
    StartTile => "tileset::start_tile", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A position names a tile that is in neither the tile set nor its own `tiles`.
    UnknownTile => "position::unknown_tile", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A position uses more copies of a tile than the set holds.
    TileExhausted => "position::tile_exhausted", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A rotation other than 0, 90, 180 or 270.
    Rotation => "position::rotation", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A tile is placed on a cell that already holds one.
    CellOccupied => "position::cell_occupied", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A tile is placed touching no tile.
    NotAdjacent => "position::not_adjacent", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A tile's side does not fit its neighbour's.
    EdgeMismatch => "position::edge_mismatch", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A piece address names no segment of the tile.
    UnknownAddress => "position::unknown_address", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A piece goes on a feature that already holds a piece that blocks it.
    FeatureOccupied => "position::feature_occupied", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A piece kind cannot be placed on that feature (no role, or its option is off).
    NoRole => "position::no_role", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A player has no piece of that kind left in supply.
    NoSupply => "position::no_supply", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A player name or piece kind that the position or rule set does not declare.
    PositionUnknownName => "position::unknown_name", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A token cannot be taken (no piece to mine with, no token left, piece and mining
    /// on one turn, more draws than tokens).
    Mine => "position::mine", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A turn comes after the end of the game.
    GameOver => "position::game_over", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A turn breaks the extra-turn rules (wrong player, wrong stack).
    ExtraTurn => "position::extra_turn", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A piece return that no effect allows, or that names no piece of the player.
    ReturnPiece => "position::return_piece", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A player is listed twice.
    PositionDuplicate => "position::duplicate", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    /// A position gives both or neither of `turns` and `board`.
    PositionForm => "position::form", Error {
        why: "",
        bad: "",
        fixed: "",
    }
    // --- composition ---
    /// A rule set extends itself, or a tile set includes itself, directly or through others.
    ComposeCycle => "compose::cycle", Error {
        why: "Following the chain would never end; tessera stops at the entry that closes the loop.",
        bad: "# a.yaml\nextends: b.yaml\n# b.yaml\nextends: a.yaml",
        fixed: "# a.yaml\nextends: b.yaml\n# b.yaml: no extends",
    }
    /// An include's `counts` or `exclude` names a tile the included set does not have.
    IncludeUnknownTile => "tileset::include_unknown_tile", Error {
        why: "A count override or exclusion for a tile that is not there changes nothing, so the composed set is not the one you meant (a typo, or a tile renamed in the included set).",
        bad: "include:\n  - {tileset: base.yaml, exclude: [Z]}",
        fixed: "include:\n  - {tileset: base.yaml, exclude: [X]}",
    }
    /// A tile set is included twice in one composition.
    IncludedTwice => "tileset::included_twice", Error {
        why: "Every tile of a set included twice would be defined twice; to play with more copies, change the counts.",
        bad: "include: [base.yaml, base.yaml]",
        fixed: "include:\n  - {tileset: base.yaml, counts: {D: 8}}",
    }
    /// A rule set (after `extends`) lacks terrains, side kinds, feature kinds or piece kinds.
    RuleSetIncomplete => "ruleset::incomplete", Error {
        why: "Without terrains, side kinds, feature kinds and piece kinds no tile can be defined or scored; a file that adds to a game must say which game with `extends`.",
        bad: "name: My expansion\nitems: {inn: {}}",
        fixed: "name: My expansion\nextends: carcassonne.yaml\nitems: {inn: {}}",
    }
    /// A tile set names no rule set, and neither does any set it includes.
    TileSetNoRuleset => "tileset::no_ruleset", Error {
        why: "Tiles mean nothing without the rule set that declares their side kinds and feature kinds.",
        bad: "name: My tiles\ntotal: 1\nstart: {tile: A}\ntiles: [...]",
        fixed: "name: My tiles\nruleset: ../rulesets/carcassonne.yaml\ntotal: 1\nstart: {tile: A}\ntiles: [...]",
    }
    /// A tile set gives no start tile, and neither does any set it includes.
    NoStartTile => "tileset::no_start", Error {
        why: "Every game begins with one tile on the board; a set (or a composition) needs to say which.",
        bad: "name: My tiles\nruleset: ../rulesets/carcassonne.yaml\ntotal: 1\ntiles: [...]",
        fixed: "name: My tiles\nruleset: ../rulesets/carcassonne.yaml\ntotal: 1\nstart: {tile: A}\ntiles: [...]",
    }
    /// A tile set defines tiles of its own but gives no `total`.
    NoTotal => "tileset::no_total", Error {
        why: "The declared total is checked against the counts; it is the cheapest guard against a count typed wrong when transcribing a box.",
        bad: "tiles:\n  - {id: A, count: 2, ...}",
        fixed: "total: 2\ntiles:\n  - {id: A, count: 2, ...}",
    }
    /// What a composed tile set is made of: tiles per source set, and the total.
    Composition => "note::composition", Note {
        why: "A composed set's tiles come from several files; the summary shows what each contributed, so a missing or doubled include is seen at once.",
        bad: "include: [base.yaml, base.yaml]   # every base tile twice",
        fixed: "include: [base.yaml]",
    }
    // --- checks real data needs (issue 7, item 3) ---
    /// Two segments meet at a tile corner where the rule set's corner rule implies a link, but the tile does not list it.
    MissingLink => "tileset::missing_link", Error {
        why: "A relation with `corners: true` (base game: a field touches the city it meets at a corner) is what scoring reads: a field that does not list a city it touches scores no farmer points for it. This is the commonest defect of real tile data.",
        bad: "segments:\n  - {id: city, feature: city, at: [N]}\n  - {id: field, feature: field, at: [E, S, W]}",
        fixed: "segments:\n  - {id: city, feature: city, at: [N]}\n  - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}",
    }
    /// A link joins segments of other feature kinds than its relation's `between`, or is written the other way round.
    LinkKinds => "tileset::link_kinds", Error {
        why: "A relation joins two declared kinds (`touches: {between: [field, city]}`); scoring looks for linked features of those kinds only, so a field linked to a road, or a link written on the city instead of the field, is a data mistake that changes nothing or the wrong thing.",
        bad: "- {id: field, feature: field, at: [NL, WR], links: {touches: [road]}}",
        fixed: "- {id: field, feature: field, at: [NL, WR], links: {touches: [city]}}",
    }
    /// An `apart` entry names a segment the segment does not meet at a corner under a corner relation.
    ApartUnused => "tileset::apart_unused", Error {
        why: "`apart` exists only to say that two segments meeting at a tile corner are separated there (a wall); naming a segment that is not met at a corner, or a relation without `corners: true`, means nothing and usually hides a wrong segment id.",
        bad: "- {id: field, feature: field, at: [S], apart: {touches: [city]}}   # the city is at N",
        fixed: "- {id: field, feature: field, at: [S]}",
    }
    /// A segment says it is apart from a segment it also links to.
    ApartLinked => "tileset::apart_linked", Error {
        why: "`links` says the two segments are in the relation and `apart` says they are not; scoring follows the link, so one of the two is wrong.",
        bad: "- {id: field, feature: field, at: [E, S, W], links: {touches: [city]}, apart: {touches: [city]}}",
        fixed: "- {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}",
    }
    /// A tile has `count: 0`.
    ZeroCount => "tileset::zero_count", Warning {
        why: "A tile with no copies can never be drawn or placed; it is usually a typo or a tile left over from another edition (use `exclude` when including a set, or delete the tile).",
        bad: "- {id: D, count: 0, sides: {N: city, E: road, S: field, W: road}, segments: [...]}",
        fixed: "- {id: D, count: 4, sides: {N: city, E: road, S: field, W: road}, segments: [...]}",
    }
    /// A segment of a kind that lies along sides (has a terrain) claims no slot and links to nothing.
    NoSlots => "tileset::no_slots", Error {
        why: "A segment of a kind with a terrain (city, road, field) exists only through the slots it claims: with `at: []` or no `at`, and no links, it touches no side and joins nothing, so it is a segment that was not finished. A segment that links to others is allowed without slots: a field enclosed between city caps (JCloisterZone's INNER_FARM) reaches no edge but touches its cities, and pieces address it by its id.",
        bad: "- {id: road, feature: road, at: []}",
        fixed: "- {id: road, feature: road, at: [E, W]}",
    }
    /// A relation's `between` names an aggregate feature kind.
    RelationKinds => "ruleset::relation_kinds", Error {
        why: "Links join segments of one tile, and no tile has segments of an aggregate kind (it is made of other kinds), so a relation with an aggregate in `between` can never be used.",
        bad: "relations:\n  flows_into: {between: [river, river_system]}",
        fixed: "relations:\n  flows_into: {between: [river, lake]}",
    }
    /// A relation has `corners: true` but one of its kinds does not lie along sides.
    CornerTerrain => "ruleset::corner_terrain", Error {
        why: "The corner rule applies to segments that claim slots at a tile corner; a kind without a `terrain` (monastery, lake) never claims a slot, so the rule could never apply.",
        bad: "relations:\n  flows_into: {between: [river, lake], corners: true}   # lake has no terrain",
        fixed: "relations:\n  flows_into: {between: [river, lake]}",
    }
    /// A scoring term counts something its feature kind can never have.
    TermKind => "ruleset::term_kind", Error {
        why: "Such a term silently counts 0 (or something arbitrary): `{features: road}` on a monastery, `neighbours` on a city (whose tiles have different neighbours), `linked` through a relation that does not join this kind to that one.",
        bad: "monastery:\n  scoring:\n    completed: [{terms: [{count: {features: road}, points: 1}]}]",
        fixed: "monastery:\n  scoring:\n    completed: [{terms: [{count: one, points: 1}, {count: neighbours, points: 1}]}]",
    }
    /// A snapshot's board does not hold the start tile at x 0, y 0 with its rotation.
    SnapshotStart => "position::start_tile", Error {
        why: "Every game starts from the start tile at (0, 0), rotation 0 (or the position's `start`); a snapshot without it, or with it moved, is another board: its features, and so its scores, are wrong without any other sign.",
        bad: "board:\n  - {tile: E, x: 0, y: -1, rotation: 180}",
        fixed: "board:\n  - {tile: D, x: 0, y: 0}\n  - {tile: E, x: 0, y: -1, rotation: 180}",
    }
    /// A tile set's contents are not verified (deduced or reconstructed data).
    Provenance => "note::provenance", Note {
        why: "",
        bad: "",
        fixed: "",
    }
    // --- jcz (JCloisterZone / FanCloisterZone tile-definition XML) ---
    /// The file is not well-formed XML.
    JczSyntax => "jcz::syntax", Error {
        why: "An XML file that does not parse cannot be read at all; JCloisterZone refuses it too.",
        bad: "<tile id=\"X/C\">\n  <city>N</city>\n",
        fixed: "<tile id=\"X/C\">\n  <city>N</city>\n</tile>",
    }
    /// The XML does not have the shape of tile definitions (root element, a tile or tile set without id, a ref without tile, a count that is not a whole number, no tile at all).
    JczStructure => "jcz::structure", Error {
        why: "Tile definitions live in `<pack>` (JCloisterZone) or `<defs>` (FanCloisterZone), each `<tile>` with an id and each count a whole number; anything else cannot be turned into tiles.",
        bad: "<pack><tile><city>N</city></tile></pack>",
        fixed: "<pack><tile id=\"X/C\"><city>N</city></tile></pack>",
    }
    /// An element or attribute the rule set cannot express; it is ignored.
    JczUnsupported => "jcz::unsupported", Warning {
        why: "JCloisterZone files carry the pieces of many expansions (towers, dragons, bazaars, ...); what the chosen rule set has no words for is left out, so scores may differ from a game with that expansion.",
        bad: "<tile id=\"TO/R\"><tower/><road>N S</road>...</tile>   # with the base rule set",
        fixed: "tessera validate tower.xml --ruleset my-tower-rules.yaml",
    }
    /// A word in an element's text that is not what the element lists: sides (N E S W) for a city, road or river or in a farm's `city`, half-sides (NL NR EL ER SL SR WL WR) for a farm, nothing for a cloister.
    JczUnknownSide => "jcz::unknown_side", Error {
        why: "Cities, roads and rivers claim whole sides and farms claim half-sides; a misspelt or wrong-sized side claims nothing, so the tile has a hole or a wrong edge.",
        bad: "<farm city=\"N\">S W</farm>",
        fixed: "<farm city=\"N\">SL SR WL WR</farm>",
    }
    /// A half-side listed twice in a tile's farms.
    JczListedTwice => "jcz::listed_twice", Error {
        why: "A half-side belongs to exactly one farm; listed twice (JCZ once crashed on a half-side listed three times) the farms overlap.",
        bad: "<farm>NL NR EL</farm>\n<farm>EL ER SL SR WL WR</farm>",
        fixed: "<farm>NL NR EL</farm>\n<farm>ER SL SR WL WR</farm>",
    }
    /// A field side whose two halves belong to two different farms with no road between them.
    JczSplitSide => "jcz::split_side", Error {
        why: "Without a road, a side's two halves meet the same field of the neighbouring tile, so the two farms join anyway; tessera's field sides are one slot and cannot hold two farms.",
        bad: "<city>N</city>\n<farm city=\"N\">WL WR SR</farm>\n<farm city=\"N\">EL ER SL</farm>",
        fixed: "<city>N</city>\n<farm city=\"N\">WL WR SL SR EL ER</farm>",
    }
    /// One half of a field side belongs to a farm, the other half to nothing.
    JczUnclaimedHalf => "jcz::unclaimed_half", Error {
        why: "Every half-side that no city, road or river takes is part of some farm; a half left out is a gap in the tile.",
        bad: "<farm>NL NR EL</farm>\n<farm>SL SR WL WR</farm>",
        fixed: "<farm>NL NR EL ER</farm>\n<farm>SL SR WL WR</farm>",
    }
    /// A farm's `city` attribute names a side that holds no city.
    JczNoCity => "jcz::no_city", Error {
        why: "`city=\"N\"` says the farm touches the city on side N; with no city there the contact is lost (or the wrong side is named), and farmers score wrongly.",
        bad: "<city>N</city>\n<farm city=\"W\">EL ER SL SR WL WR</farm>",
        fixed: "<city>N</city>\n<farm city=\"N\">EL ER SL SR WL WR</farm>",
    }
    /// A tile id whose mnemonic says pennant (`+`), inn or cathedral where no element has one.
    JczIdContent => "jcz::id_content", Warning {
        why: "JCloisterZone ids describe their tile (`+` a pennant, `.i` an inn, `.c` a cathedral); an id that promises what the elements lack usually means a forgotten attribute (JCZ fixed such tiles after wrong scores).",
        bad: "<tile id=\"X/Cc+\"><city>N W</city>...</tile>",
        fixed: "<tile id=\"X/Cc+\"><city pennant=\"yes\">N W</city>...</tile>",
    }
    /// A tile set lists a tile this file does not define.
    JczExternalRef => "jcz::external_ref", Warning {
        why: "JCloisterZone resolves such tiles from its other files (the winter set reuses the base tiles); on its own the file lacks them, so they are left out of counts and imports.",
        bad: "<tile-set id=\"winter\"><ref count=\"4\" tile=\"BA/L\"/></tile-set>   # BA/L defined in basic.xml",
        fixed: "import or validate basic.xml as well, or define the tile in this file",
    }
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Worth knowing (e.g. data that is deduced, not verified); never changes the exit code.
    Note,
    /// Probably a mistake, but the data can be used as it is; exits 0 unless
    /// `--deny warnings` (or `--deny CODE`) makes it an error.
    Warning,
    /// The file is wrong; tessera exits 2.
    Error,
}

/// One problem (or note) found in a user file.
#[derive(Debug, Clone)]
pub struct Finding {
    /// Which check found it.
    pub check: Check,
    /// Error or note.
    pub level: Level,
    /// One sentence saying what is wrong.
    pub message: String,
    /// The file the labels point into.
    pub file: Option<SourceFile>,
    /// Labelled spans; the first is the primary one.
    pub labels: Vec<(SourceSpan, String)>,
    /// How to fix it.
    pub help: Option<String>,
    /// Secondary diagnostics in other files: the other definition of a clashing id, or
    /// the chain of includes that led to this file ("included from my-expansion.yaml:3").
    pub related: Vec<Finding>,
}

impl Finding {
    /// A new finding with no location yet, at its check's default severity.
    pub fn new(check: Check, message: impl Into<String>) -> Self {
        Finding {
            check,
            level: check.info().severity,
            message: message.into(),
            file: None,
            labels: Vec::new(),
            help: None,
            related: Vec::new(),
        }
    }

    /// Sets the file.
    pub fn in_file(mut self, file: &SourceFile) -> Self {
        self.file = Some(file.clone());
        self
    }

    /// Adds a label at a location (ignored if the location is unknown).
    ///
    /// A location that names its file ([`Loc::src`]) is labelled in that file: if the
    /// finding has no label yet, the finding moves to that file (it is reported in the file
    /// that must change); otherwise the label becomes a related note in the other file.
    pub fn at(mut self, loc: &Loc, label: impl Into<String>) -> Self {
        let other = (loc.src != 0 && self.file.as_ref().is_none_or(|f| f.id != loc.src))
            .then(|| SourceFile::by_id(loc.src))
            .flatten();
        if let Some(other) = other {
            if self.labels.is_empty() {
                self.file = Some(other);
            } else {
                let label = label.into();
                let note = Finding {
                    level: Level::Note,
                    labels: Vec::new(),
                    help: None,
                    related: Vec::new(),
                    message: label.clone(),
                    ..self.clone()
                }
                .in_file(&other)
                .at(loc, label);
                self.related.push(note);
                return self;
            }
        }
        if let Some(span) = self.file.as_ref().and_then(|f| f.span(loc)) {
            self.labels.push((span, label.into()));
        }
        self
    }

    /// Adds a related note (another file's part of the story).
    pub fn with_related(mut self, note: Finding) -> Self {
        self.related.push(note);
        self
    }

    /// Adds a label at a byte span.
    pub fn at_span(mut self, span: SourceSpan, label: impl Into<String>) -> Self {
        self.labels.push((span, label.into()));
        self
    }

    /// An error for a name that is not known: "unknown {what} `{name}`". Add the known
    /// names with [`Finding::known`].
    pub fn unknown(check: Check, what: &str, name: &str) -> Self {
        Finding::new(check, format!("unknown {what} `{name}`"))
    }

    /// Sets the help line to a list of the known names: `{heading}: a, b, c`.
    pub fn known<'a>(self, heading: &str, names: impl IntoIterator<Item = &'a str>) -> Self {
        let names: Vec<&str> = names.into_iter().collect();
        self.help(format!("{heading}: {}", names.join(", ")))
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// `file:line:column` of the primary label, for one-line output.
    pub fn position(&self) -> Option<(String, usize, usize)> {
        let file = self.file.as_ref()?;
        let (span, _) = self.labels.first()?;
        let text = file.text();
        let off = span.offset().min(text.len());
        let before = &text[..off];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Some((file.path.display().to_string(), line, col))
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Finding {}

impl Diagnostic for Finding {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.check.code()))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.level {
            Level::Error => miette::Severity::Error,
            Level::Warning => miette::Severity::Warning,
            Level::Note => miette::Severity::Advice,
        })
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.file
            .as_ref()
            .map(|f| &f.named as &dyn miette::SourceCode)
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|f| f as &dyn Diagnostic)))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().enumerate().map(
            |(i, (s, l))| {
                if i == 0 {
                    LabeledSpan::new_primary_with_span(Some(l.clone()), *s)
                } else {
                    LabeledSpan::new_with_span(Some(l.clone()), *s)
                }
            },
        )))
    }
}

/// Why a library call failed: findings in the user's files, or a failure of the tool itself.
#[derive(Debug)]
pub enum Failure {
    /// The input is wrong; the findings say where (exit code 2).
    Findings(Vec<Finding>),
    /// The tool could not do its work (exit code 1).
    Tool(String),
}

impl Failure {
    /// One finding as a failure.
    pub fn one(f: Finding) -> Self {
        Failure::Findings(vec![f])
    }
}

impl From<Finding> for Failure {
    fn from(f: Finding) -> Self {
        Failure::one(f)
    }
}

impl From<Vec<Finding>> for Failure {
    fn from(f: Vec<Finding>) -> Self {
        Failure::Findings(f)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Findings(v) => {
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    match x.position() {
                        Some((p, l, c)) => write!(f, "{p}:{l}:{c}: [{}] {x}", x.check.code())?,
                        None => write!(f, "[{}] {x}", x.check.code())?,
                    }
                }
                Ok(())
            }
            Failure::Tool(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Failure {}
