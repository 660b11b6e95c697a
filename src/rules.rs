//! A rule set and tile set compiled to tables: names resolved to indices, tiles
//! pre-rotated, so that placing a tile and building the feature graph are table look-ups.
//! Built by [`crate::validate`] from the YAML model once the meaning checks pass.

use std::collections::HashMap;

use crate::diag::SourceFile;
use crate::geometry::{Rotation, Slot};
use crate::model::ProvenanceStatus;

/// A loaded game: the compiled rule set and tile set, and the files they came from (kept
/// as data, for findings about them; nothing here reads a file). Built by
/// [`crate::validate::load_tileset`].
#[derive(Debug, Clone)]
pub struct Game {
    /// The compiled rule set.
    pub rules: Rules,
    /// The compiled tile set.
    pub tiles: TileSet,
    /// The rule set's file.
    pub ruleset_file: SourceFile,
    /// The tile set's file.
    pub tileset_file: SourceFile,
    /// Look-up tables for play, derived from `rules` and `tiles` on first use
    /// ([`Game::play_tables`]).
    play: std::sync::OnceLock<PlayTables>,
}

impl Game {
    /// A game from its compiled rule set and tile set and the files they came from.
    pub fn new(
        rules: Rules,
        tiles: TileSet,
        ruleset_file: SourceFile,
        tileset_file: SourceFile,
    ) -> Self {
        Game {
            rules,
            tiles,
            ruleset_file,
            tileset_file,
            play: std::sync::OnceLock::new(),
        }
    }

    /// The look-up tables the engine plays with, built on first use (cost: the rule
    /// set's feature kinds squared and the tile set's segments, once per game).
    pub fn play_tables(&self) -> &PlayTables {
        self.play
            .get_or_init(|| PlayTables::build(&self.rules, &self.tiles))
    }
}

/// Look-up tables derived from a rule set and a tile set for the engine's hot paths:
/// which feature kinds a segment's completion is checked for, which segments complete by
/// being surrounded, which tiles have placement rules. Ids only.
#[derive(Debug, Clone, Default)]
pub struct PlayTables {
    /// By a segment's own feature kind: the kinds whose completion a new segment of it can
    /// bring about (itself and the aggregates it is a member of, minus those that never
    /// complete), `[0]` completed by their own geometry, `[1]` by the completion of linked
    /// features ([`Completion::AllLinked`]).
    pub completes: Vec<[Vec<FeatureId>; 2]>,
    /// Whether some feature kind completes when surrounded ([`Completion::Surrounded`]).
    pub any_surrounded: bool,
    /// Whether some feature kind completes through its links ([`Completion::AllLinked`]).
    pub any_linked: bool,
    /// By tile id: its segments whose own kind completes when surrounded.
    pub surrounded: Vec<Vec<u8>>,
    /// By tile id: whether placing it is subject to rules beyond matching sides (its stack
    /// continues a feature kind, or it has a segment of a kind that may not turn back).
    pub placement_rules: Vec<bool>,
    /// Whether points change during a turn only when its tile completes a feature of an
    /// ordinary kind, closed or surrounded: the core rules alone (no mechanism in use, no
    /// token supply), no kind completed through its links, no aggregate that completes.
    /// Then a placement that completes nothing scores nothing whatever the action
    /// (see [`crate::engine::State::placement_completes`]).
    pub completion_only: bool,
}

impl PlayTables {
    /// Builds the tables (see the fields).
    pub fn build(rules: &Rules, tiles: &TileSet) -> Self {
        let completes = (0..rules.features.len())
            .map(|own| {
                let mut by_pass = [Vec::new(), Vec::new()];
                for (k, fk) in rules.features.iter().enumerate() {
                    if fk.completion == Completion::Never
                        || !(k == own || fk.members.contains(&own))
                    {
                        continue;
                    }
                    let linked = matches!(fk.completion, Completion::AllLinked { .. });
                    by_pass[usize::from(linked)].push(k);
                }
                by_pass
            })
            .collect();
        let surrounded_kind = |k: FeatureId| rules.features[k].completion == Completion::Surrounded;
        let completion_only = rules.mechanisms.in_use.is_empty()
            && rules.token_pools.is_empty()
            && rules.features.iter().all(|f| match f.completion {
                Completion::AllLinked { .. } => false,
                Completion::Never => true,
                Completion::Closed | Completion::Surrounded => !f.aggregate,
            });
        PlayTables {
            completion_only,
            completes,
            any_surrounded: rules
                .features
                .iter()
                .any(|f| f.completion == Completion::Surrounded),
            any_linked: rules
                .features
                .iter()
                .any(|f| matches!(f.completion, Completion::AllLinked { .. })),
            surrounded: tiles
                .tiles
                .iter()
                .map(|t| {
                    (0..t.segments.len())
                        .filter(|&s| surrounded_kind(t.segments[s].feature))
                        .map(|s| s as u8)
                        .collect()
                })
                .collect(),
            placement_rules: tiles
                .tiles
                .iter()
                .map(|t| {
                    t.stack.is_some_and(|s| {
                        rules.stacks[s].continues.is_some() || rules.stacks[s].into_holes
                    }) || t
                        .segments
                        .iter()
                        .any(|s| rules.features[s.feature].no_u_turn)
                })
                .collect(),
        }
    }
}

/// When a feature counts as completed (compiled [`crate::model::Completion`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completion {
    /// No open edge.
    Closed,
    /// All 8 surrounding cells hold tiles.
    Surrounded,
    /// Never.
    Never,
    /// Every linked feature of a kind is completed.
    AllLinked {
        /// Relation.
        relation: RelationId,
        /// Feature kind of the linked features.
        feature: FeatureId,
    },
}

/// Index of a terrain in [`Rules::terrains`].
pub type TerrainId = usize;
/// Index of a side kind in [`Rules::side_kinds`].
pub type SideKindId = usize;
/// Index of a feature kind in [`Rules::features`].
pub type FeatureId = usize;
/// Index of an item in [`Rules::items`].
pub type ItemId = usize;
/// Index of a relation in [`Rules::relations`].
pub type RelationId = usize;
/// Index of a piece kind in [`Rules::pieces`].
pub type PieceKindId = usize;
/// Index of an option in [`Rules::options`].
pub type OptionId = usize;
/// Index of a tile definition in [`TileSet::tiles`].
pub type TileId = usize;

/// A compiled rule set.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Game name.
    pub name: String,
    /// Terrain names.
    pub terrains: Vec<String>,
    /// Side kinds with their profiles.
    pub side_kinds: Vec<SideKind>,
    /// Item names.
    pub items: Vec<String>,
    /// Item names in the plural, by item.
    pub item_plurals: Vec<String>,
    /// How pictures mark each item, by item id (`None`: a diamond).
    pub item_symbols: Vec<Option<crate::model::ItemSymbol>>,
    /// Relation names.
    pub relations: Vec<String>,
    /// The feature kinds each relation joins, by relation: `[from, to]` (the linking
    /// segment's kind, the linked segments' kind).
    pub relation_kinds: Vec<[FeatureId; 2]>,
    /// Whether a corner contact between its two kinds implies the relation, by relation
    /// (see [`crate::model::RelationDef::corners`]).
    pub relation_corners: Vec<bool>,
    /// Decoration names.
    pub decorations: Vec<String>,
    /// Picture colour (`#rrggbb`) of each feature kind's segments given by the rule set
    /// (its own, else its terrain's), by feature id; `None`: the default.
    pub colours: Vec<Option<String>>,
    /// Extra draw piles (besides the main one).
    pub stacks: Vec<Stack>,
    /// Feature kinds.
    pub features: Vec<FeatureKind>,
    /// Piece kinds; the first is the default for a piece placement without a kind.
    pub pieces: Vec<PieceKind>,
    /// Options.
    pub options: Vec<RuleOption>,
    /// The mechanisms' compiled sections, one field per mechanism.
    pub mechanisms: Mechanisms,
    /// Token supplies.
    pub token_pools: Vec<TokenPool>,
    /// Where the rules read each item, by item and feature kind: whether some rule reads
    /// that item on a segment of that kind (built by [`Rules::items_read`] once the rest
    /// is compiled; a segment carrying an item its kind is not read for is the warning
    /// `tileset::item_unread`).
    pub item_readers: Vec<Vec<bool>>,
    /// Whether some rule reads each item on a tile as a whole ([`Tile::items`]), by item
    /// (built by [`Rules::tile_items_read`]; a tile carrying an item no rule reads there
    /// is the warning `tileset::item_unread`).
    pub tile_item_readers: Vec<bool>,
    /// Every value a turn may announce as drawn (`draws`): the token pools' values and
    /// those of the mechanisms' bags ([`MechanismTable::draw_values`]), sorted, once each.
    pub draw_values: Vec<u32>,
}

/// A compiled draw pile besides the main one (see [`crate::model::StackDef`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stack {
    /// Name, e.g. `river`.
    pub name: String,
    /// Played in ordinary turns before the main pile, lowest first; `None`: drawn only for
    /// extra turns.
    pub order: Option<u32>,
    /// Feature kind each of its tiles must continue.
    pub continues: Option<FeatureId>,
    /// The players hold its tiles (a count per player) and play them instead of drawing.
    pub held: bool,
    /// Its tiles go only into holes (four sides facing tiles).
    pub into_holes: bool,
}

/// A compiled token supply (see [`crate::model::TokenPoolDef`]).
#[derive(Debug, Clone)]
pub struct TokenPool {
    /// Name.
    pub name: String,
    /// (value, count) pairs.
    pub values: Vec<(u32, u32)>,
    /// Item that makes a tile put a token down.
    pub item: ItemId,
    /// Feature kind the tokens lie on.
    pub feature: FeatureId,
    /// Piece kind whose owner may take the top token.
    pub taken_by: Option<PieceKindId>,
}

/// What every mechanism's compiled section says about itself to the rest of the tables.
pub trait MechanismTable {
    /// Marks each (item, feature kind) the mechanism reads an item on (see
    /// [`Rules::items_read`]; `rules`: the rest of the tables). Default: none.
    fn items_read(&self, _rules: &Rules, _mark: &mut dyn FnMut(ItemId, FeatureId)) {}

    /// Marks each item the mechanism reads on a tile as a whole ([`Tile::items`]; see
    /// [`Rules::tile_items_read`]). Default: none.
    fn tile_items_read(&self, _mark: &mut dyn FnMut(ItemId)) {}

    /// Marks each value the mechanism's bags hold (see [`Rules::draw_values`]). Default:
    /// none.
    fn draw_values(&self, _mark: &mut dyn FnMut(u32)) {}

    /// Whether the mechanism keeps something for pieces of `kind` during a game that a
    /// position's snapshot cannot give (a flock's tokens). Default: no.
    fn keeps_state_of(&self, _kind: PieceKindId) -> bool {
        false
    }

    /// Appends to `tiles` the tiles the mechanism derives from the set's own (the first
    /// `own` of `tiles`; a tile with a bridge across it), recording each in `derived` by
    /// (tile, a key of the mechanism's). A derived tile keeps its tile's id and segments
    /// (same indices) and adds its own after them ([`Tile::derived_from`]). Default: none.
    fn derive_tiles(
        &self,
        _rules: &Rules,
        _own: usize,
        _tiles: &mut Vec<Tile>,
        _derived: &mut HashMap<(TileId, u8), TileId>,
    ) {
    }
}

/// Writes [`Mechanisms`], one field per mechanism as the registry lists them
/// ([`crate::mechanism::registry!`]).
macro_rules! mechanisms {
    ($($(#[$doc:meta])* $m:ident => $key:ident,)*) => {
        /// The mechanisms' compiled sections, by mechanism (`rules.mechanisms.extra_turns`).
        #[derive(Debug, Clone, Default)]
        pub struct Mechanisms {
            $(
                $(#[$doc])*
                pub $m: crate::mechanism::$m::table::Table,
            )*
            /// The rule set's keys of the mechanisms it uses (a section written and not
            /// empty), in registry order: `["bonus_turns"]`. Empty: the core rules only.
            pub in_use: Vec<&'static str>,
        }

        impl Mechanisms {
            /// Every mechanism's [`MechanismTable::items_read`], in registry order.
            fn items_read(&self, rules: &Rules, mark: &mut dyn FnMut(ItemId, FeatureId)) {
                $(MechanismTable::items_read(&self.$m, rules, mark);)*
            }

            /// Every mechanism's [`MechanismTable::tile_items_read`], in registry order.
            fn tile_items_read(&self, mark: &mut dyn FnMut(ItemId)) {
                $(MechanismTable::tile_items_read(&self.$m, mark);)*
            }

            /// Every mechanism's [`MechanismTable::draw_values`], in registry order.
            fn draw_values(&self, mark: &mut dyn FnMut(u32)) {
                $(MechanismTable::draw_values(&self.$m, mark);)*
            }

            /// Whether some mechanism keeps state for pieces of `kind`
            /// ([`MechanismTable::keeps_state_of`]).
            pub fn keeps_state_of(&self, kind: PieceKindId) -> bool {
                false $(|| MechanismTable::keeps_state_of(&self.$m, kind))*
            }

            /// Every mechanism's [`MechanismTable::derive_tiles`], in registry order, over
            /// the set's own tiles.
            pub fn derive_tiles(
                &self,
                rules: &Rules,
                tiles: &mut Vec<Tile>,
                derived: &mut HashMap<(TileId, u8), TileId>,
            ) {
                let own = tiles.len();
                $(MechanismTable::derive_tiles(&self.$m, rules, own, tiles, derived);)*
            }
        }
    };
}
crate::mechanism::registry!(mechanisms);

impl Rules {
    /// Number of parts of a side kind's profile (1 or 3).
    pub fn parts(&self, side_kind: SideKindId) -> usize {
        self.side_kinds[side_kind].parts.len()
    }

    /// An option's index by name.
    pub fn option(&self, name: &str) -> Option<OptionId> {
        self.options.iter().position(|o| o.name == name)
    }

    /// When a pile is played in ordinary turns: a stack's `order`; the main pile
    /// (`stack` `None`) after every ordered stack; `None` for a stack drawn only for extra
    /// turns.
    pub fn pile_order(&self, stack: Option<usize>) -> Option<u64> {
        match stack {
            None => Some(u64::from(u32::MAX) + 1),
            Some(s) => self.stacks[s].order.map(u64::from),
        }
    }

    /// A piece kind's index by name.
    pub fn piece(&self, name: &str) -> Option<PieceKindId> {
        self.pieces.iter().position(|p| p.name == name)
    }

    /// Whether side kind `kind` is a wall (no parts: it fits against every side).
    pub fn is_wall(&self, kind: SideKindId) -> bool {
        self.side_kinds
            .get(kind)
            .is_some_and(|s| s.parts.is_empty())
    }

    /// The options' default values, by option index.
    pub fn default_options(&self) -> Vec<bool> {
        self.options.iter().map(|o| o.default).collect()
    }

    /// Where the rules read each item, computed from the other tables (see
    /// [`Rules::item_readers`], which holds it): `[item][kind]` is true when some rule reads that
    /// item on a segment of feature kind `kind` (a kind of an aggregate reads its members'
    /// segments). Every reader of the tables counts:
    /// - a feature kind's scoring cases (`completed`, `final`): `when: {items, items_at_least}`,
    ///   `area: {around}`, terms counting `{item}` or `cancelled_by` read the items of the
    ///   feature's own segments; a `{linked: {feature, item, holding}}` term reads its
    ///   items on the linked kind's segments;
    /// - a mechanism's table, as its [`MechanismTable::items_read`] says;
    /// - a token supply reads `per_item` on its `feature`.
    pub fn items_read(&self) -> Vec<Vec<bool>> {
        let kinds = self.features.len();
        let mut reads = vec![vec![false; kinds]; self.items.len()];
        let mut mark = |item: ItemId, kind: FeatureId| {
            let Some(f) = self.features.get(kind) else {
                return;
            };
            if let Some(row) = reads.get_mut(item) {
                for &m in &f.members {
                    if let Some(r) = row.get_mut(m) {
                        *r = true;
                    }
                }
            }
        };
        for (k, f) in self.features.iter().enumerate() {
            cases_read(&f.completed, k, &mut mark);
            cases_read(&f.final_, k, &mut mark);
        }
        self.mechanisms.items_read(self, &mut mark);
        for p in &self.token_pools {
            mark(p.item, p.feature);
        }
        reads
    }

    /// Which items some rule reads on a tile as a whole (see [`Rules::tile_item_readers`],
    /// which holds it): a scoring term `{neighbours_with: X}` of any kind, and what the
    /// mechanisms say ([`MechanismTable::tile_items_read`]).
    pub fn tile_items_read(&self) -> Vec<bool> {
        let mut reads = vec![false; self.items.len()];
        let mut mark = |item: ItemId| {
            if let Some(r) = reads.get_mut(item) {
                *r = true;
            }
        };
        for f in &self.features {
            for c in f.completed.iter().chain(&f.final_) {
                for t in &c.terms {
                    if let Count::NeighboursWith(i) = t.count {
                        mark(i);
                    }
                }
            }
        }
        self.mechanisms.tile_items_read(&mut mark);
        reads
    }

    /// The values a turn may announce as drawn (see [`Rules::draw_values`]).
    pub fn draw_values(&self) -> Vec<u32> {
        let mut values: Vec<u32> = self
            .token_pools
            .iter()
            .flat_map(|p| p.values.iter().map(|&(v, _)| v))
            .collect();
        self.mechanisms.draw_values(&mut |v| values.push(v));
        values.sort_unstable();
        values.dedup();
        values
    }
}

/// Marks the items a list of scoring cases reads on feature kind `kind`: conditions on
/// items, an area's marker, terms counting an item or cancelled by one (on `kind`), and a
/// linked term's items (on the linked kind). See [`Rules::items_read`].
pub fn cases_read(list: &[Case], kind: FeatureId, mark: &mut dyn FnMut(ItemId, FeatureId)) {
    for c in list {
        for &(i, _) in c.items.iter().chain(&c.items_at_least) {
            mark(i, kind);
        }
        if let Some(a) = c.area {
            mark(a.around, kind);
        }
        for t in &c.terms {
            match t.count {
                Count::Item(i) => mark(i, kind),
                Count::Linked {
                    feature,
                    item,
                    holding,
                    ..
                } => {
                    for i in item.into_iter().chain(holding) {
                        mark(i, feature);
                    }
                }
                _ => {}
            }
            if let Some(i) = t.cancelled_by {
                mark(i, kind);
            }
        }
    }
}

/// A side kind: its name and the terrains along it, clockwise.
#[derive(Debug, Clone)]
pub struct SideKind {
    /// Name, e.g. `road`.
    pub name: String,
    /// Terrain of each part, e.g. `[field, road, field]`.
    pub parts: Vec<TerrainId>,
}

/// A compiled feature kind.
#[derive(Debug, Clone)]
pub struct FeatureKind {
    /// Name, e.g. `city`.
    pub name: String,
    /// Name in the plural, e.g. `cities`.
    pub plural: String,
    /// Terrain its segments occupy; `None` for a feature inside a tile.
    pub terrain: Option<TerrainId>,
    /// When it is completed.
    pub completion: Completion,
    /// Feature kinds whose segments make it up: itself, or an aggregate's members.
    pub members: Vec<FeatureId>,
    /// Relations whose links join its members (aggregates only).
    pub via: Vec<RelationId>,
    /// Whether it is an aggregate (tiles have no segments of this kind).
    pub aggregate: bool,
    /// Cases when completed during play.
    pub completed: Vec<Case>,
    /// Cases at the end of the game.
    pub final_: Vec<Case>,
    /// Two consecutive bends may not turn the same way (no immediate U-turn).
    pub no_u_turn: bool,
    /// How pictures draw it (`None`: wedges, and discs inside the tile).
    pub draw: Option<crate::model::DrawStyle>,
}

/// A scoring case: the first case whose condition holds gives the feature's points.
#[derive(Debug, Clone)]
pub struct Case {
    /// Options that must all be on.
    pub options: Vec<OptionId>,
    /// Exact number of distinct tiles required.
    pub tiles: Option<u32>,
    /// Exact item counts required.
    pub items: Vec<(ItemId, u32)>,
    /// Minimum item counts required.
    pub items_at_least: Vec<(ItemId, u32)>,
    /// Terms added up.
    pub terms: Vec<Term>,
    /// Multiplier near a marker item.
    pub area: Option<Area>,
}

/// A compiled area bonus: items on tiles within `radius` of a tile holding `around` (in
/// the same feature) count `factor` times.
#[derive(Debug, Clone, Copy)]
pub struct Area {
    /// Marker item.
    pub around: ItemId,
    /// Radius in cells (Chebyshev distance).
    pub radius: u32,
    /// Multiplier.
    pub factor: i64,
}

/// A compiled term: `points` per unit of `count`.
#[derive(Debug, Clone)]
pub struct Term {
    /// What is counted.
    pub count: Count,
    /// Points per unit.
    pub points: i64,
    /// Item that cancels one unit each.
    pub cancelled_by: Option<ItemId>,
}

/// What a compiled term counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// 1.
    One,
    /// Distinct tiles.
    Tiles,
    /// Occupied cells among the 8 around the feature's tile.
    Neighbours,
    /// Cells among the 8 around the feature's tile whose tile carries this item on the
    /// tile as a whole (a vineyard, [`Tile::items`]).
    NeighboursWith(ItemId),
    /// Items of a kind.
    Item(ItemId),
    /// Distinct linked features of a kind.
    Linked {
        /// Relation.
        relation: RelationId,
        /// Feature kind of the linked features.
        feature: FeatureId,
        /// Only completed ones.
        completed: bool,
        /// Count this item on them instead.
        item: Option<ItemId>,
        /// Only those holding at least one of this item.
        holding: Option<ItemId>,
    },
    /// Distinct features of a kind within an aggregate.
    Features(FeatureId),
}

/// A compiled piece kind.
#[derive(Debug, Clone)]
pub struct PieceKind {
    /// Name, e.g. `follower`.
    pub name: String,
    /// Pieces per player.
    pub supply: u32,
    /// Roles by feature kind.
    pub roles: Vec<Role>,
    /// Piece kinds that block placing this one in a feature.
    pub blocked_by: Vec<PieceKindId>,
    /// Whether it counts for majorities.
    pub majority: bool,
    /// How many pieces it counts as in a majority (1 for an ordinary piece).
    pub weight: u32,
    /// May go on any tile.
    pub anywhere: bool,
    /// Placing it again moves it.
    pub movable: bool,
    /// Blocking looked for on the segment only.
    pub blocked_on_segment: bool,
}

/// A role of a piece kind on a feature kind.
#[derive(Debug, Clone)]
pub struct Role {
    /// Role name, e.g. `knight`.
    pub name: String,
    /// Feature kind.
    pub feature: FeatureId,
    /// Option that must be on.
    pub requires_option: Option<OptionId>,
    /// Feature kind the piece counts on (majority, blocking, scoring).
    pub scored_on: FeatureId,
    /// The feature must not be completed.
    pub requires_incomplete: bool,
}

/// A compiled option.
#[derive(Debug, Clone)]
pub struct RuleOption {
    /// Name.
    pub name: String,
    /// Default value.
    pub default: bool,
    /// Description.
    pub description: String,
}

/// A compiled tile set (including a position's inline tiles when compiled for a position).
#[derive(Debug, Clone)]
pub struct TileSet {
    /// Name.
    pub name: String,
    /// Tile definitions.
    pub tiles: Vec<Tile>,
    /// Index by id.
    pub by_id: HashMap<String, TileId>,
    /// The start tile.
    pub start: TileId,
    /// Where the start tile is named (`start: {tile: ..}`), for findings about placing it.
    pub start_loc: crate::model::Loc,
    /// Declared total.
    pub total: u32,
    /// Supply per player by piece kind (rule set's, with the tile set's overrides).
    pub supply: Vec<u32>,
    /// How the contents were established (the least certain of the composed sets).
    pub provenance: ProvenanceStatus,
    /// The sets composed into this one, top file first: (name, path, tiles it contributes).
    pub sources: Vec<(String, String, u64)>,
    /// Which rotations of each tile fit each frontier need pattern ([`FitTable`]).
    pub fits: FitTable,
    /// Tiles mechanisms derived from the set's own ([`MechanismTable::derive_tiles`]), by
    /// (tile, the mechanism's key for the variant): the derived tile's id. They follow
    /// the set's own tiles in `tiles`, are never drawn and are not in `by_id`.
    pub derived: HashMap<(TileId, u8), TileId>,
}

/// The rotations of each tile that fit a frontier cell, looked up by the cell's need
/// pattern instead of compared side by side: legal placements cost one load per cell.
///
/// A need pattern packs what a cell requires on each board side (N, E, S, W) as a number
/// in base `side kinds + 1`: digit 0 is "any" (no tile across), digit `k + 1` is side kind
/// `k`. Tiles with the same four sides share one table of `base^4` rotation masks (bit
/// `q` set: the tile turned `q` quarter turns fits, [`Rotation::quarter_turns`]). Built
/// only for rule sets with at most 7 side kinds and tile sets whose tables take at most
/// 1 MiB; otherwise [`FitTable::base`] is 0 and callers compare sides
/// ([`crate::board::FrontierCell::admits`]).
#[derive(Debug, Clone, Default)]
pub struct FitTable {
    base: u32,
    /// Offset of each tile's table in `masks` (by tile id).
    of_tile: Vec<u32>,
    masks: Vec<u8>,
}

impl FitTable {
    /// Builds the tables for `tiles` under a rule set of `side_kinds` side kinds.
    pub fn build(tiles: &[Tile], side_kinds: usize, wall: impl Fn(SideKindId) -> bool) -> Self {
        const MAX_KINDS: usize = 7;
        const MAX_BYTES: usize = 1 << 20;
        if side_kinds == 0 || side_kinds > MAX_KINDS {
            return FitTable::default();
        }
        let base = side_kinds as u32 + 1;
        let patterns = base.pow(4) as usize;
        let mut shapes: Vec<[SideKindId; 4]> = Vec::new();
        let mut of_tile = Vec::with_capacity(tiles.len());
        for t in tiles {
            if t.sides.iter().any(|&k| k >= side_kinds) {
                return FitTable::default();
            }
            let i = match shapes.iter().position(|s| *s == t.sides) {
                Some(i) => i,
                None => {
                    shapes.push(t.sides);
                    shapes.len() - 1
                }
            };
            if shapes.len().saturating_mul(patterns) > MAX_BYTES {
                return FitTable::default();
            }
            of_tile.push((i * patterns) as u32);
        }
        let mut masks = vec![0u8; shapes.len() * patterns];
        for (i, sides) in shapes.iter().enumerate() {
            let rotations: Vec<[usize; 4]> = Rotation::ALL
                .iter()
                .map(|rotation| {
                    let mut r = [0; 4];
                    for own in 0..4u8 {
                        r[rotation.apply(own) as usize] = sides[own as usize];
                    }
                    r
                })
                .collect();
            for pattern in 0..patterns {
                let mut need = [0usize; 4];
                let mut rest = pattern;
                for n in &mut need {
                    *n = rest % base as usize;
                    rest /= base as usize;
                }
                let mut m = 0u8;
                // Bit q: the rotation of q quarter turns.
                for (q, r) in rotations.iter().enumerate() {
                    if (0..4).all(|s| need[s] == 0 || need[s] == r[s] + 1 || wall(r[s])) {
                        m |= 1 << q;
                    }
                }
                masks[i * patterns + pattern] = m;
            }
        }
        FitTable {
            base,
            of_tile,
            masks,
        }
    }

    /// The base of need patterns: side kinds + 1, or 0 when there are no tables.
    pub fn base(&self) -> u32 {
        self.base
    }

    /// The table of `tile`: the rotation mask of each need pattern (see
    /// [`FitTable::rotations`]), or `None` without tables.
    #[inline]
    pub fn table(&self, tile: TileId) -> Option<&[u8]> {
        let off = *self.of_tile.get(tile)? as usize;
        self.masks.get(off..off + self.base.pow(4) as usize)
    }

    /// The rotations of `tile` that fit need `pattern`, as a mask (bit `q`: the rotation
    /// of `q` quarter turns), or `None` without a table for it.
    #[inline]
    pub fn rotations(&self, tile: TileId, pattern: u32) -> Option<u8> {
        if pattern == u32::MAX {
            return None;
        }
        let off = *self.of_tile.get(tile)?;
        self.masks.get(off as usize + pattern as usize).copied()
    }
}

impl TileSet {
    /// A set with no tiles.
    pub fn empty() -> Self {
        TileSet {
            name: String::new(),
            tiles: Vec::new(),
            by_id: HashMap::new(),
            start: 0,
            start_loc: crate::model::Loc::UNKNOWN,
            total: 0,
            supply: Vec::new(),
            provenance: ProvenanceStatus::Verified,
            sources: Vec::new(),
            fits: FitTable::default(),
            derived: HashMap::new(),
        }
    }

    /// The set's own tiles (and a position's), in order, with their ids: every tile but
    /// those mechanisms derived from them ([`TileSet::derived`]).
    pub fn own_tiles(&self) -> impl Iterator<Item = (TileId, &Tile)> + Clone {
        self.tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.derived_from.is_none())
    }

    /// A tile's index by id.
    pub fn get(&self, id: &str) -> Option<TileId> {
        self.by_id.get(id).copied()
    }
}

/// A compiled tile definition.
#[derive(Debug, Clone)]
pub struct Tile {
    /// Id.
    pub id: String,
    /// Copies in the set.
    pub count: u32,
    /// Extra draw pile (index into [`Rules::stacks`]); `None`: the main pile.
    pub stack: Option<usize>,
    /// Side kinds in printed orientation, N E S W.
    pub sides: [SideKindId; 4],
    /// Segments.
    pub segments: Vec<Segment>,
    /// Decorations per copy (empty when not given).
    pub copies: Vec<Vec<String>>,
    /// Items on the tile as a whole (a hill, a vineyard): (item, count), none for most
    /// tiles.
    pub items: Vec<(ItemId, u32)>,
    /// Look-up tables for the four rotations (0, 90, 180, 270 degrees), indexed by
    /// [`Rotation::quarter_turns`] (see [`Tile::rotated`]).
    pub rotations: [Rotated; 4],
    /// For a tile a mechanism derived from another ([`MechanismTable::derive_tiles`]: a
    /// tile with a bridge across it), the tile it was derived from; it has the same id,
    /// no copies and keeps that tile's segments at the same indices, adding its own after
    /// them. `None` for the tile set's own tiles.
    pub derived_from: Option<TileId>,
}

/// A segment of a compiled tile.
#[derive(Debug, Clone)]
pub struct Segment {
    /// Id within the tile.
    pub id: String,
    /// Feature kind.
    pub feature: FeatureId,
    /// Slots claimed, in printed orientation.
    pub slots: Vec<Slot>,
    /// Slots claimed by another segment that this one shares, in printed orientation
    /// (two cities meeting one side; a field side divided by a wall drawn on the tile):
    /// it meets what lies across them too.
    pub shares: Vec<Slot>,
    /// Items carried.
    pub items: Vec<(ItemId, u32)>,
    /// Links to other segments of the tile: (relation, segment index).
    pub links: Vec<(RelationId, usize)>,
    /// Links both ways: its own and those of the tile's other segments to it, (relation,
    /// segment index), as the feature graph's link edges at this segment are; read
    /// instead of walking the graph's edges (which are mostly match edges).
    pub touches: Vec<(RelationId, usize)>,
    /// The other segments of the tile it meets at a junction (the tile's `junctions`, read
    /// both ways), by segment index: a road's city where the road runs into it.
    pub adjoins: Vec<usize>,
}

/// A side kind id in 16 bits, as packed in [`Rotated::side_bits`]: ids from `u16::MAX`
/// on all read `u16::MAX` (and are then compared exactly).
pub fn side_bits_of(id: u32) -> u16 {
    u16::try_from(id).unwrap_or(u16::MAX)
}

/// No segment in a slot table entry.
pub const NO_SEGMENT: u8 = u8::MAX;

// A segment index below the segment limit never reads as "no segment".
const _: () = assert!(crate::limits::MAX_SEGMENTS < NO_SEGMENT as usize);

/// A tile turned by a rotation: what lies on each board side.
#[derive(Debug, Clone, Copy)]
pub struct Rotated {
    /// Side kind on board side N, E, S, W.
    pub sides: [SideKindId; 4],
    /// The same side kinds as `u32`, compared with a frontier cell's needs
    /// ([`crate::board::FrontierCell::admits`]).
    pub side_ids: [u32; 4],
    /// The side kinds packed 16 bits a side (N lowest; see [`side_bits_of`]).
    pub side_bits: u64,
    /// Whether a side kind does not fit in 16 bits (then `side_bits` is not exact).
    pub wide: bool,
    /// Segment index in each part of each board side (`NO_SEGMENT` past the profile).
    pub slot_segment: [[u8; 3]; 4],
    /// The segment that shares each slot with its claimer ([`Segment::shares`];
    /// `NO_SEGMENT`: none, as on most tiles).
    pub slot_shared: [[u8; 3]; 4],
    /// Whether any slot is shared (most tiles: no, and `slot_shared` is not looked at).
    pub shared: bool,
    /// The board sides that are walls (a side kind of no parts: it fits against every
    /// side), as bit `side` (set by [`Tile::mark_walls`]).
    pub walls: u8,
    /// `walls` as 16-bit lanes of [`Rotated::side_bits`], all ones on a wall side: the
    /// lanes a frontier's comparison leaves out.
    pub wall_bits: u64,
}

impl Rotated {
    /// Whether board side `side` is a wall.
    #[inline]
    pub fn is_wall(&self, side: usize) -> bool {
        self.walls & (1 << side) != 0
    }
}

/// Whether a list of (item, count) holds at least one `item`.
fn holds(items: &[(ItemId, u32)], item: ItemId) -> bool {
    items.iter().any(|&(i, n)| i == item && n > 0)
}

impl Segment {
    /// Whether the segment carries at least one `item`.
    #[inline]
    pub fn carries(&self, item: ItemId) -> bool {
        holds(&self.items, item)
    }
}

impl Tile {
    /// Whether the tile as a whole carries at least one `item` (a hill, a bazaar).
    #[inline]
    pub fn carries(&self, item: ItemId) -> bool {
        holds(&self.items, item)
    }

    /// Builds a tile and its rotation tables. `slots` must already be checked: every slot
    /// claimed exactly once.
    pub fn new(
        id: String,
        count: u32,
        sides: [SideKindId; 4],
        segments: Vec<Segment>,
        copies: Vec<Vec<String>>,
    ) -> Self {
        let rot = |rotation: Rotation| {
            let mut r = Rotated {
                sides: [0; 4],
                side_ids: [0; 4],
                side_bits: 0,
                wide: false,
                slot_segment: [[NO_SEGMENT; 3]; 4],
                slot_shared: [[NO_SEGMENT; 3]; 4],
                shared: segments.iter().any(|s| !s.shares.is_empty()),
                walls: 0,
                wall_bits: 0,
            };
            for own in 0..4u8 {
                r.sides[rotation.apply(own) as usize] = sides[own as usize];
                r.side_ids[rotation.apply(own) as usize] =
                    u32::try_from(sides[own as usize]).unwrap_or(u32::MAX - 1);
            }
            for side in 0..4 {
                let id = r.side_ids[side];
                r.side_bits |= u64::from(side_bits_of(id)) << (16 * side);
                r.wide |= side_bits_of(id) == u16::MAX;
            }
            for (i, s) in segments.iter().enumerate() {
                for slot in &s.slots {
                    r.slot_segment[rotation.apply(slot.side) as usize][slot.part as usize] =
                        i as u8;
                }
                for slot in &s.shares {
                    r.slot_shared[rotation.apply(slot.side) as usize][slot.part as usize] = i as u8;
                }
            }
            r
        };
        let rotations = Rotation::ALL.map(rot);
        Tile {
            id,
            count,
            stack: None,
            sides,
            segments,
            copies,
            items: Vec::new(),
            rotations,
            derived_from: None,
        }
    }

    /// Marks the tile's sides whose kind is a wall (`wall(kind)`) in its rotation tables.
    pub fn mark_walls(&mut self, wall: impl Fn(SideKindId) -> bool) {
        for (q, r) in self.rotations.iter_mut().enumerate() {
            let rotation = Rotation::ALL[q];
            r.walls = 0;
            r.wall_bits = 0;
            for own in 0..4u8 {
                if wall(self.sides[own as usize]) {
                    let side = rotation.apply(own);
                    r.walls |= 1 << side;
                    r.wall_bits |= 0xFFFF << (16 * u32::from(side));
                }
            }
        }
    }

    /// The tile's look-up tables turned by `rotation`.
    #[inline]
    pub fn rotated(&self, rotation: Rotation) -> &Rotated {
        &self.rotations[rotation.quarter_turns() as usize]
    }

    /// The slots of a segment in board orientation after `rotation`.
    pub fn board_slots(
        &self,
        segment: usize,
        rotation: Rotation,
    ) -> impl Iterator<Item = Slot> + '_ {
        self.segments[segment].slots.iter().map(move |s| Slot {
            side: rotation.apply(s.side),
            part: s.part,
        })
    }

    /// The slots a segment reaches in board orientation after `rotation`: those it
    /// claims and those it shares ([`Segment::shares`]).
    pub fn board_reach(
        &self,
        segment: usize,
        rotation: Rotation,
    ) -> impl Iterator<Item = Slot> + '_ {
        let s = &self.segments[segment];
        s.slots.iter().chain(&s.shares).map(move |s| Slot {
            side: rotation.apply(s.side),
            part: s.part,
        })
    }
}

/// The tokens each player has of a supply listed by number of players from 1 (the last
/// entry for more players; a tower's floors, castles), with `players` players; 0 for an
/// empty list.
pub fn supply_for(supply: &[u32], players: usize) -> u32 {
    let i = players.clamp(1, supply.len().max(1)) - 1;
    supply.get(i).copied().unwrap_or(0)
}
