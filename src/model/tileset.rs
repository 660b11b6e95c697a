//! The tile-set format (`tilesets/*.yaml`): tile definitions with counts, the start tile,
//! the declared total and where the data comes from.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Sp;

/// A tile set: the tiles of one game or edition, with counts.
///
/// Example: `tilesets/base.yaml` (72 tiles), `tilesets/pnp-demo.yaml` (48 tiles that reuse
/// the base set's shapes through `shapes_from`).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileSetFile {
    /// Display name, e.g. `Carcassonne base game (2nd edition)`.
    pub name: String,
    /// Path of the rule set this tile set is played with, relative to this file. May be
    /// omitted when an included set names one (the first that does is used). A path
    /// starting with `bundled:` names a rule set built into tessera.
    #[serde(default)]
    pub ruleset: Option<Sp<String>>,
    /// Tile sets whose tiles are part of this one (a fan expansion played with the base
    /// game: `include: [../tilesets/base.yaml]`), each a path relative to this file or
    /// `{tileset: path, counts: {D: 3}, exclude: [X]}`. Tile ids must be unique across the
    /// whole composition. This file's `shape:` entries can reuse included tiles.
    #[serde(default)]
    pub include: Vec<IncludeDef>,
    /// Tile sets whose tile definitions can be reused with `shape:` instead of being
    /// copied: one path or a list, each relative to this file (`shapes_from: [base.yaml,
    /// inns-cathedrals.yaml]`). Only the tiles named by `shape:` are taken from them, so a
    /// set whose other tiles need another rule set can still lend its shapes. A `shape:` id
    /// must be a tile of exactly one of them.
    #[serde(default)]
    pub shapes_from: Option<super::Paths>,
    /// The number of tiles this file defines (its own `tiles`, start tile included; not
    /// the included sets'). The validator checks it against the sum of the counts. May be
    /// omitted only by a file that defines no tiles of its own.
    #[serde(default)]
    #[schemars(with = "Option<super::bounds::Tiles>")]
    pub total: Option<Sp<u32>>,
    /// The start tile, placed at x 0, y 0 with rotation 0 before the first turn. May be
    /// omitted when an included set gives one (the first that does is used).
    #[serde(default)]
    pub start: Option<StartTile>,
    /// Overrides of the rule set's supply per player, by piece kind (`{follower: 5}`).
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::Supply>")]
    pub supply: BTreeMap<String, Sp<u32>>,
    /// Where the data comes from and how sure it is.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// The tile definitions.
    #[serde(default)]
    pub tiles: Vec<Sp<TileDef>>,
}

/// One included tile set: a path, or a path with count overrides and exclusions.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum IncludeDef {
    /// Every tile of the set, with its own counts: `../tilesets/base.yaml`.
    Path(Sp<String>),
    /// The set with changes.
    With(IncludeWith),
}

impl<'de> Deserialize<'de> for IncludeDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Sp::<super::StrOr<IncludeWith>>::deserialize(d)?;
        Ok(match raw.value {
            super::StrOr::Str(p) => IncludeDef::Path(Sp::at(p, raw.loc)),
            super::StrOr::Other(w) => IncludeDef::With(w),
        })
    }
}

/// An included tile set with count overrides and exclusions.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IncludeWith {
    /// Path of the tile set, relative to this file.
    pub tileset: Sp<String>,
    /// New counts for some of its tiles, by id: `{D: 3}`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::Copies>")]
    pub counts: BTreeMap<String, Sp<u32>>,
    /// Ids of its tiles to leave out: `[X]`.
    #[serde(default)]
    pub exclude: Vec<Sp<String>>,
}

impl IncludeDef {
    /// The path as written.
    pub fn tileset(&self) -> &Sp<String> {
        match self {
            IncludeDef::Path(p) => p,
            IncludeDef::With(w) => &w.tileset,
        }
    }
    /// Where the entry is written.
    pub fn loc(&self) -> super::Loc {
        match self {
            IncludeDef::Path(p) => p.loc,
            IncludeDef::With(w) => w.tileset.loc,
        }
    }
    /// Count overrides (empty for a plain path).
    pub fn counts(&self) -> &BTreeMap<String, Sp<u32>> {
        static EMPTY: BTreeMap<String, Sp<u32>> = BTreeMap::new();
        match self {
            IncludeDef::Path(_) => &EMPTY,
            IncludeDef::With(w) => &w.counts,
        }
    }
    /// Exclusions (empty for a plain path).
    pub fn exclude(&self) -> &[Sp<String>] {
        match self {
            IncludeDef::Path(_) => &[],
            IncludeDef::With(w) => &w.exclude,
        }
    }
}

/// Which tile starts the game.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartTile {
    /// Id of the start tile's definition; one of its copies is the start tile.
    #[serde(deserialize_with = "super::tile_id")]
    #[schemars(with = "super::TileIdSchema")]
    pub tile: Sp<String>,
    /// Which copy (1-based) is the start tile, when the copies differ (decorations).
    #[serde(default)]
    #[schemars(with = "Option<super::bounds::SomeCopies>")]
    pub copy: Option<u32>,
}

/// How far the data can be trusted, and from where it comes.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// How the contents were established. `tessera validate` prints a note for anything
    /// other than `verified`.
    pub status: Sp<ProvenanceStatus>,
    /// Sources used.
    #[serde(default)]
    pub sources: Vec<String>,
    /// What a user should know (e.g. how a mapping was deduced and the alternatives).
    #[serde(default)]
    pub notes: Option<String>,
    /// For a set whose tiles reuse shapes (`shape:`) chosen by deduction: the shape
    /// distribution the set is known to have and the constraints on which tile has which
    /// shape. `tessera validate` checks every tile against them, measures how many
    /// assignments of shapes to tiles they allow, and checks each tile's `deduced`.
    #[serde(default)]
    pub deduction: Option<Deduction>,
}

/// The evidence a deduced set's shapes are checked against (`provenance.deduction`).
///
/// The constraints are hard: an assignment of shapes to tiles is consistent when every
/// tile has a shape of the `distribution` with its own count, each shape is used by one
/// tile, the start tile has `start_shape`, and every decoration on a copy finds the
/// features it `needs` on the shape. Example: `tilesets/pnp-demo.yaml`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deduction {
    /// Where the distribution comes from (a product, a transcription, a commit).
    pub source: Sp<String>,
    /// The shapes the set is known to have: shape id (a tile of a `shapes_from` set) to the
    /// number of tiles (copies) with that shape, at least 1.
    #[schemars(schema_with = "super::bounds::distribution")]
    pub distribution: BTreeMap<String, Sp<u32>>,
    /// The shape of the start tile, when it is known on its own (in every edition of the
    /// base game the start tile is shape D).
    #[serde(default)]
    pub start_shape: Option<Sp<String>>,
    /// Decoration name to the feature kinds its tile must have, all of them
    /// (`{Highwaymen: [road]}`: highwaymen are only drawn beside a road).
    #[serde(default)]
    pub needs: BTreeMap<String, Vec<Sp<String>>>,
}

/// How sure a deduced tile's `shape` is (`deduced:` on a tile).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deduced {
    /// `certain` only when the constraints of `provenance.deduction` leave no other shape
    /// for this tile (the validator checks this); otherwise a judgement of the evidence.
    pub confidence: Sp<Confidence>,
    /// The evidence for the chosen shape, in a sentence.
    #[serde(default)]
    pub why: Option<String>,
    /// The other shapes this tile could have in some assignment that meets every
    /// constraint (empty when `certain`). The validator checks the list against the
    /// constraints and names the difference.
    #[serde(default)]
    pub alternatives: Sp<Vec<Sp<String>>>,
}

/// Confidence in a deduced shape.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    /// Forced by the constraints: every consistent assignment gives this shape.
    Certain,
    /// Direct evidence (illustrations identical to the shape's own copies) and no evidence
    /// against.
    High,
    /// Some support (letter order, illustrations among the shape's copies).
    Medium,
    /// Little or conflicting support; one choice among several equally possible.
    Low,
}

/// How the contents of a tile set were established.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProvenanceStatus {
    /// Checked against the physical tiles or several independent sources.
    Verified,
    /// Deduced from indirect evidence; plausible but not checked against the tiles.
    Deduced,
    /// Authored to fit known constraints; not checked against the physical tiles.
    Reconstructed,
    /// Converted mechanically from another program's data (`tessera import jcz`): as
    /// accurate as that source, which may have defects of its own; not checked against the
    /// physical tiles here.
    Imported,
}

/// One tile definition (a tile type) and how many copies the set holds.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileDef {
    /// Id used by positions (`tile: D`). Unique within the set.
    #[serde(deserialize_with = "super::tile_id")]
    #[schemars(with = "super::TileIdSchema")]
    pub id: Sp<String>,
    /// Short human description (`city cap + straight road`).
    #[serde(default)]
    pub name: Option<String>,
    /// Number of copies in the set (default 1).
    #[serde(default = "one")]
    #[schemars(with = "super::bounds::Copies")]
    pub count: Sp<u32>,
    /// Reuse the sides and segments of this tile of a `shapes_from` set (or of an included
    /// set) instead of writing them here.
    #[serde(default, deserialize_with = "super::opt_tile_id")]
    #[schemars(with = "Option<super::TileIdSchema>")]
    pub shape: Option<Sp<String>>,
    /// For a set with `provenance.deduction`: how sure the choice of `shape` is, why, and
    /// the other shapes that remain possible.
    #[serde(default)]
    pub deduced: Option<Deduced>,
    /// The draw pile this tile belongs to, a name from the rule set's `stacks`; omitted:
    /// the main pile.
    #[serde(default)]
    pub stack: Option<Sp<String>>,
    /// Side kinds in the tile's printed orientation (rotation 0).
    #[serde(default)]
    pub sides: Option<Sp<Sides>>,
    /// The segments: one feature's part on this tile each. Every slot of every side is
    /// claimed by exactly one segment.
    #[serde(default)]
    pub segments: Vec<Sp<SegmentDef>>,
    /// Per-copy details (decorations), one entry per copy when given.
    #[serde(default)]
    pub copies: Sp<Vec<CopyDef>>,
    /// Items shown on the tile as a whole rather than in one segment, by item name (a
    /// hill, a vineyard: `{vineyard: 1}`); names declared in the rule set's `items`. Rules
    /// read them on the tile: a scoring term counting the tiles around a feature that carry
    /// one (`{neighbours_with: vineyard}`), a tie broken by pieces on such tiles
    /// (`tie_breaks`), an effect of placing the tile (`effects`).
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::Items>")]
    pub items: BTreeMap<String, Sp<u32>>,
    /// Places on the tile where features meet, each the ids of the segments that end or
    /// cross there: a road running into a city `[road, city]` or out of a monastery
    /// `[monastery, road]`, a crossroads' three roads `[road1, road2, road3]`. Segments
    /// merely side by side (a road passing a city cap) are no junction. Nothing scores
    /// them; a piece that moves along adjoining features reads them (`moving_on` with
    /// `adjoining_option`: the first edition's wagon of Abbey and the Mayor, JCloisterZone's
    /// `<wagon-move>` tile data). A tile with `shape:` takes the lent tile's.
    #[serde(default)]
    #[schemars(with = "Vec<super::JunctionSchema>")]
    pub junctions: Vec<Sp<Vec<Sp<String>>>>,
    /// The printed tile's artwork, north up: a path relative to this file, to a PNG, JPEG
    /// or SVG image (`artwork/FX1.svg`; JCloisterZone and FanCloisterZone expansions keep
    /// a picture per tile beside their XML). Play never reads it; `tessera render
    /// --overlay` draws the definition over it, so that a side, slot or item written
    /// wrongly shows against the picture, and `tessera validate` checks that it can be read.
    #[serde(default)]
    pub image: Option<Sp<String>>,
}

fn one() -> Sp<u32> {
    Sp::unspanned(1)
}

/// The four side kinds of a tile, north, east, south, west, in printed orientation.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    /// North side kind (a key of the rule set's `sides`).
    #[serde(rename = "N")]
    pub n: Sp<String>,
    /// East side kind.
    #[serde(rename = "E")]
    pub e: Sp<String>,
    /// South side kind.
    #[serde(rename = "S")]
    pub s: Sp<String>,
    /// West side kind.
    #[serde(rename = "W")]
    pub w: Sp<String>,
}

impl Sides {
    /// The four sides in the order N, E, S, W.
    pub fn as_array(&self) -> [&Sp<String>; 4] {
        [&self.n, &self.e, &self.s, &self.w]
    }
}

/// A segment: one feature's part on one tile.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SegmentDef {
    /// Id unique within the tile (`city`, `road`, `field1`); links and positions use it.
    pub id: Sp<String>,
    /// Feature kind (a key of the rule set's `features`).
    pub feature: Sp<String>,
    /// Slots the segment claims: a whole one-part side (`N`), or a part of a three-part side
    /// (`NL`, `N`, `NR`). Empty for a segment inside the tile (monastery).
    #[serde(default)]
    pub at: Vec<Sp<String>>,
    /// Items on this segment, e.g. `{pennant: 1}`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, super::bounds::Items>")]
    pub items: BTreeMap<String, Sp<u32>>,
    /// Links to other segments of this tile, by relation: `{touches: [city]}`. The
    /// relation's `between` says which kinds it joins: the segment that carries the link is
    /// of its first kind, the segments named of its second.
    #[serde(default)]
    pub links: BTreeMap<String, Vec<Sp<String>>>,
    /// Segments of this tile that this one meets at a tile corner but is not in a relation
    /// with, by relation: `{touches: [city]}` on a field that a wall drawn at the corner
    /// separates from the city. Only for relations with `corners: true`, which otherwise
    /// require the link; naming a segment that does not meet this one at a corner, or
    /// that it also links to, is a finding.
    #[serde(default)]
    pub apart: BTreeMap<String, Vec<Sp<String>>>,
    /// Slots that another segment of the tile claims (`at`) and this one shares: nothing
    /// divides them on that side, so this segment meets what lies across the slot too,
    /// and the two join once a tile is placed there. Hills and Sheep's tile whose two
    /// cities both reach the north side (`shares: [N]` on the second city); a field side
    /// divided by a wall drawn on the tile (`shares: [S]` on the second field). A slot is
    /// shared by at most one segment, of its terrain.
    #[serde(default)]
    pub shares: Vec<Sp<String>>,
}

/// Details of one copy of a tile.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CopyDef {
    /// Decorations shown on this copy (C2 illustrations such as `Garden`, `Farmhouse`);
    /// names declared in the rule set's `decorations`.
    #[serde(default)]
    pub decorations: Vec<Sp<String>>,
}
