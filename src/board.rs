//! The board: placed tiles on a grid, the petgraph feature graph of their segments and the
//! union-find of features over it ([`Forest`]), updated one tile at a time.
//!
//! Nodes are the segments of placed tiles (a tile's segments get consecutive node
//! indices); edges join segments whose slots face each other across matched sides
//! ([`Edge::Match`]) and segments linked on one tile ([`Edge::Link`]). Placing a tile adds
//! its nodes and edges, joins the features they connect and updates their counters, and
//! updates the frontier (the empty cells next to the board): the cost is independent of
//! the board size and of the size of the features it extends.

use std::collections::HashMap;

use petgraph::graph::{NodeIndex, UnGraph};

pub use crate::forest::Edge;
use crate::forest::Forest;
use crate::geometry::{AROUND, Rotation, Side, offset, opposite};
use crate::rules::{FeatureId, NO_SEGMENT, Rules, TileId, TileSet};
use smallvec::SmallVec;

/// A tile lying on the board.
#[derive(Debug, Clone, Copy)]
pub struct Placed {
    /// Tile definition.
    pub tile: TileId,
    /// Column (x grows east).
    pub x: i32,
    /// Row (y grows south).
    pub y: i32,
    /// Its rotation (quarter turns clockwise).
    pub rotation: Rotation,
    /// Node index of the tile's first segment.
    pub first_node: u32,
    /// How many of its segments have consecutive nodes from `first_node` (all of them,
    /// unless the tile was laid anew as a derived tile, [`Board::reshape`]).
    pub own_nodes: u8,
    /// Node index of its segment `own_nodes`, the first one added by [`Board::reshape`]
    /// (the others follow it); `u32::MAX` when none was.
    pub added_node: u32,
}

impl Placed {
    /// The node of its segment `segment` (see [`Board::node`]).
    #[inline]
    pub fn node(&self, segment: usize) -> NodeIndex {
        let own = usize::from(self.own_nodes);
        if segment < own {
            NodeIndex::new(self.first_node as usize + segment)
        } else {
            NodeIndex::new(self.added_node as usize + (segment - own))
        }
    }
}

/// A graph node: one segment of one placed tile.
#[derive(Debug, Clone, Copy)]
pub struct SegmentNode {
    /// Index of the placed tile in [`Board::placed`].
    pub placed: u32,
    /// Segment index within the tile definition.
    pub segment: u8,
    /// Feature kind of the segment.
    pub feature: FeatureId,
}

/// Why a tile cannot go where it was placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceError {
    /// The cell already holds a tile.
    Occupied,
    /// No orthogonal neighbour (and the board is not empty).
    NotAdjacent,
    /// The cell is beyond [`crate::limits::MAX_COORDINATE`] from the start tile (a file
    /// cannot say so: its schema stops such coordinates).
    OffBoard,
    /// A side does not fit its neighbour's: (board side, this tile's side kind, the
    /// neighbour's side kind, the neighbour's placed index).
    Mismatch {
        /// Board side of the new tile.
        side: Side,
        /// Side kind of the new tile there.
        mine: usize,
        /// Side kind of the neighbour facing it.
        theirs: usize,
        /// The neighbour.
        neighbour: u32,
    },
}

/// A cell holding nothing in [`Cells`].
const EMPTY: u32 = u32::MAX;
/// The bit marking a frontier cell's entry in [`Cells`] (the rest is its index in
/// [`Board::frontier_cells`]); a cell without it holds a placed tile's index.
const FRONTIER: u32 = 1 << 31;
/// The most cells the dense window of [`Cells`] covers (16 MiB of `u32`); cells beyond
/// it, on a board spread that far (a snapshot's tiles may lie anywhere within
/// [`crate::limits::MAX_COORDINATE`]), are kept in a hash map.
const MAX_DENSE: i64 = 1 << 22;

/// At most this many features face an empty cell (4 sides of at most 3 slots).
const FACING: usize = 12;

/// The features of the tiles around an empty cell that a tile placed there meets
/// ([`Board::facing`]): what [`Board::would_complete`] reads for each tile and rotation.
#[derive(Debug, Clone, Copy)]
pub struct Facing {
    /// By board side N, E, S, W and the neighbour's slot facing the cell (in its own
    /// order): the index of its feature in `roots` (`u8::MAX`: no segment there).
    slots: [[u8; 3]; 4],
    /// By board side: whether a tile lies across it.
    across: [bool; 4],
    /// The distinct features facing the cell (their roots), `len` of them.
    roots: [NodeIndex; FACING],
    /// Their feature kinds.
    kinds: [FeatureId; FACING],
    /// Their open edges once a tile lies on the cell.
    open: [i64; FACING],
    /// Whether a piece is counted on each.
    occupied: [bool; FACING],
    len: u8,
    /// Whether all 8 cells around the cell hold tiles.
    surrounded: bool,
}

/// What placing a tile would complete ([`Board::would_complete`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Completing {
    /// The tile's segments whose feature it completes, one bit per segment index (bit
    /// `i`: segment `i`): a piece placed there shares in the feature's scoring.
    pub segments: u32,
    /// Whether it surrounds a tile around it whose feature completes when surrounded.
    pub around: bool,
    /// Whether a piece is counted on a feature it completes before the turn's action
    /// (always so when `around`): when not, the turn scores nothing unless its piece goes
    /// on one of `segments`.
    pub occupied: bool,
}

impl Completing {
    /// Whether it completes nothing.
    pub fn is_empty(self) -> bool {
        self.segments == 0 && !self.around
    }

    /// Whether it completes the feature of the tile's segment `segment`.
    pub fn has(self, segment: usize) -> bool {
        segment < 32 && self.segments & (1 << segment) != 0
    }
}

/// What each cell holds: a placed tile's index, a frontier entry, or nothing. A dense
/// window (a row-major grid around the board, grown by doubling) answers in one index;
/// cells outside a window that would grow past [`MAX_DENSE`] cells go to a hash map.
#[derive(Debug, Default)]
struct Cells {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    dense: Vec<u32>,
    sparse: HashMap<(i32, i32), u32>,
}

crate::forest::clone_by_fields!(Cells {
    x0,
    y0,
    w,
    h,
    dense,
    sparse
});

impl Cells {
    #[inline]
    fn index(&self, x: i32, y: i32) -> Option<usize> {
        // Offsets from the window's corner as unsigned numbers: a cell left of or above
        // the window wraps to a large offset and fails the same test as one beyond it.
        let dx = (i64::from(x) - i64::from(self.x0)) as u64;
        let dy = (i64::from(y) - i64::from(self.y0)) as u64;
        (dx < self.w as u64 && dy < self.h as u64)
            .then(|| dy as usize * self.w as usize + dx as usize)
    }

    #[inline]
    fn get(&self, x: i32, y: i32) -> u32 {
        match self.index(x, y) {
            Some(i) => self.dense.get(i).copied().unwrap_or(EMPTY),
            None if self.sparse.is_empty() => EMPTY,
            None => self.get_sparse(x, y),
        }
    }

    /// The index of cell (x - 1, y - 1) in the dense window and the window's width, when
    /// the 3 by 3 cells centred on (x, y) all lie in it (then they are read straight
    /// from it).
    #[inline]
    fn block(&self, x: i32, y: i32) -> Option<(usize, usize)> {
        // Cells left of or above the window wrap to large offsets and fail like those
        // beyond it.
        let dx = (i64::from(x) - i64::from(self.x0) - 1) as u64;
        let dy = (i64::from(y) - i64::from(self.y0) - 1) as u64;
        let w = self.w as usize;
        let inside = self.w >= 3
            && self.h >= 3
            && dx < self.w as u64 - 2
            && dy < self.h as u64 - 2
            && self.dense.len() >= w * self.h as usize;
        inside.then(|| (dy as usize * w + dx as usize, w))
    }

    /// The cells at offsets `around` from (x, y), read one by one (beyond the range of
    /// `i32`: nothing). Rare: a cell at the window's edge.
    #[cold]
    #[inline(never)]
    fn each<const N: usize>(&self, x: i32, y: i32, around: [(i32, i32); N]) -> [u32; N] {
        around.map(|(ox, oy)| match (x.checked_add(ox), y.checked_add(oy)) {
            (Some(cx), Some(cy)) => self.get(cx, cy),
            _ => EMPTY,
        })
    }

    /// The 8 cells around (x, y), in the order of [`AROUND`].
    #[inline]
    fn around(&self, x: i32, y: i32) -> [u32; 8] {
        let Some((top, w)) = self.block(x, y) else {
            return self.each(x, y, AROUND);
        };
        let (mid, bottom) = (top + w, top + 2 * w);
        let d = &self.dense;
        [
            d[top],
            d[top + 1],
            d[top + 2],
            d[mid + 2],
            d[bottom + 2],
            d[bottom + 1],
            d[bottom],
            d[mid],
        ]
    }

    /// The 4 cells across the sides of (x, y), N, E, S, W.
    #[inline]
    fn sides(&self, x: i32, y: i32) -> [u32; 4] {
        let Some((top, w)) = self.block(x, y) else {
            return self.each(x, y, [0u8, 1, 2, 3].map(offset));
        };
        let mid = top + w;
        let d = &self.dense;
        [d[top + 1], d[mid + 2], d[mid + 1 + w], d[mid]]
    }

    /// A cell outside the dense window (rare: boards spread very far).
    #[cold]
    #[inline(never)]
    fn get_sparse(&self, x: i32, y: i32) -> u32 {
        self.sparse.get(&(x, y)).copied().unwrap_or(EMPTY)
    }

    #[inline]
    fn set(&mut self, x: i32, y: i32, v: u32) {
        if let Some(i) = self.index(x, y) {
            self.dense[i] = v;
        } else {
            self.set_outside(x, y, v);
        }
    }

    /// Sets a cell outside the dense window: grows the window, or uses the hash map.
    #[cold]
    #[inline(never)]
    fn set_outside(&mut self, x: i32, y: i32, v: u32) {
        self.grow(x, y);
        match self.index(x, y) {
            Some(i) => self.dense[i] = v,
            None if v == EMPTY => {
                self.sparse.remove(&(x, y));
            }
            None => {
                self.sparse.insert((x, y), v);
            }
        }
    }

    /// Grows the window to hold (x, y) with room around it, unless it would pass
    /// [`MAX_DENSE`] cells.
    fn grow(&mut self, x: i32, y: i32) {
        let (x, y) = (i64::from(x), i64::from(y));
        let (mut x0, mut y0) = (i64::from(self.x0), i64::from(self.y0));
        let (mut x1, mut y1) = (x0 + i64::from(self.w), y0 + i64::from(self.h));
        if self.dense.is_empty() {
            // Room for a board of about 70 tiles (they spread about 15 cells each way)
            // before growing.
            (x0, y0, x1, y1) = (x - 16, y - 16, x + 17, y + 17);
        } else {
            let (w, h) = (x1 - x0, y1 - y0);
            if x < x0 {
                x0 = x0.min(x) - w;
            }
            if x >= x1 {
                x1 = x1.max(x + 1) + w;
            }
            if y < y0 {
                y0 = y0.min(y) - h;
            }
            if y >= y1 {
                y1 = y1.max(y + 1) + h;
            }
        }
        let (w, h) = (x1 - x0, y1 - y0);
        if w * h > MAX_DENSE {
            return;
        }
        let mut dense = vec![EMPTY; (w * h) as usize];
        let old_w = self.w as usize;
        if old_w > 0 {
            // Each old row lands whole in the new window.
            let cx = (i64::from(self.x0) - x0) as usize;
            for (row, cells) in self.dense.chunks_exact(old_w).enumerate() {
                let cy = (i64::from(self.y0) + row as i64 - y0) as usize;
                let at = cy * w as usize + cx;
                dense[at..at + old_w].copy_from_slice(cells);
            }
        }
        (self.x0, self.y0, self.w, self.h) = (x0 as i32, y0 as i32, w as i32, h as i32);
        self.dense = dense;
        let moved: Vec<(i32, i32)> = self
            .sparse
            .keys()
            .copied()
            .filter(|&(x, y)| self.index(x, y).is_some())
            .collect();
        for (x, y) in moved {
            if let Some(v) = self.sparse.remove(&(x, y)) {
                let i = self.index(x, y).unwrap_or_default();
                self.dense[i] = v;
            }
        }
    }
}

/// Any side kind: the side of a frontier cell with no tile across it.
pub const ANY_SIDE: u32 = u32::MAX;

/// An empty cell next to the board, with the side kinds a tile placed there must show on
/// each side (those of the tiles across; [`ANY_SIDE`] where there is none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrontierCell {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Side kind required on board side N, E, S, W.
    pub need: [u32; 4],
    /// `need` packed as [`crate::rules::Rotated::side_bits`] is (16 bits a side).
    need_bits: u64,
    /// The bits of `need_bits` that must match (the sides with a tile across).
    mask: u64,
    /// `need` as a [`crate::rules::FitTable`] pattern (`u32::MAX`: none).
    pattern: u32,
}

impl FrontierCell {
    fn new(x: i32, y: i32) -> Self {
        FrontierCell {
            x,
            y,
            need: [ANY_SIDE; 4],
            need_bits: 0,
            mask: 0,
            pattern: 0,
        }
    }

    /// Records that board side `side` must show side kind `kind`; `base` is the tile
    /// set's [`crate::rules::FitTable::base`].
    fn require(&mut self, side: Side, kind: u32, base: u32) {
        let shift = 16 * u32::from(side);
        let was = std::mem::replace(&mut self.need[side as usize], kind);
        self.need_bits = (self.need_bits & !(0xFFFF << shift))
            | (u64::from(crate::rules::side_bits_of(kind)) << shift);
        self.mask |= 0xFFFF << shift;
        // The pattern is the need of side s as digit s in base `base` (0: any side kind).
        // A side is required once (when the tile across it is placed): its digit goes
        // from 0 to the side kind's.
        self.pattern = if base == 0 || kind >= base - 1 {
            u32::MAX
        } else if was == ANY_SIDE && self.pattern != u32::MAX {
            self.pattern + (kind + 1) * base.pow(u32::from(side))
        } else {
            self.need
                .iter()
                .rev()
                .try_fold(0, |p, &k| match k {
                    ANY_SIDE => Some(p * base),
                    k if k < base - 1 => Some(p * base + k + 1),
                    _ => None,
                })
                .unwrap_or(u32::MAX)
        };
    }

    /// The cell's need pattern for [`crate::rules::FitTable::rotations`] (`u32::MAX`:
    /// none, compare with [`FrontierCell::admits`]).
    #[inline]
    pub fn pattern(&self) -> u32 {
        self.pattern
    }

    /// Whether a tile turned as `rot` fits here: one comparison of packed side kinds (and
    /// an exact one for side kinds past 16 bits).
    #[inline]
    pub fn admits(&self, rot: &crate::rules::Rotated) -> bool {
        (rot.side_bits ^ self.need_bits) & self.mask & !rot.wall_bits == 0
            && (!rot.wide
                || (0..4).all(|s| {
                    self.need[s] == ANY_SIDE || self.need[s] == rot.side_ids[s] || rot.is_wall(s)
                }))
    }
}

/// Tiles on a grid, their feature graph and their features.
#[derive(Debug, Default)]
pub struct Board {
    cells: Cells,
    /// Empty cells next to a placed tile with what they need, in no particular order.
    frontier: Vec<FrontierCell>,
    /// The need pattern of each frontier cell (same order), scanned alone when counting
    /// placements.
    patterns: Vec<u32>,
    /// The largest |x| or |y| of any frontier cell.
    reach: u32,
    /// Placed tiles in placement order.
    pub placed: Vec<Placed>,
    /// The feature graph.
    pub graph: UnGraph<SegmentNode, Edge>,
    /// The features: union-find over the graph's nodes with running counters.
    pub features: Forest,
}

crate::forest::clone_by_fields!(Board {
    cells,
    frontier,
    patterns,
    reach,
    placed,
    graph,
    features
});

impl Board {
    /// An empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty board with room for `tiles` tiles of `nodes` segments in all (a hint:
    /// it grows past them).
    pub fn with_capacity(tiles: usize, nodes: usize) -> Self {
        let mut b = Board::new();
        b.placed.reserve(tiles);
        b.frontier.reserve(2 * tiles.min(1 << 12) + 4);
        b.patterns.reserve(2 * tiles.min(1 << 12) + 4);
        b.graph = UnGraph::with_capacity(nodes, 2 * nodes);
        b.features.reserve(nodes);
        b
    }

    /// Back to an empty board, keeping the memory (for the next game of a simulation).
    pub fn clear(&mut self) {
        self.cells.dense.fill(EMPTY);
        self.cells.sparse.clear();
        self.frontier.clear();
        self.patterns.clear();
        self.reach = 0;
        self.placed.clear();
        self.graph.clear();
        self.features.clear();
    }

    /// The placed tile at a cell.
    pub fn at(&self, x: i32, y: i32) -> Option<u32> {
        let v = self.cells.get(x, y);
        (v & FRONTIER == 0).then_some(v)
    }

    /// The placed tile at a cell's neighbour `(dx, dy)` away; `None` also when that cell
    /// is beyond the range of `i32` (coordinates never wrap around).
    pub fn at_offset(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> Option<u32> {
        self.at(x.checked_add(dx)?, y.checked_add(dy)?)
    }

    /// Number of occupied cells among the 8 around a cell.
    pub fn neighbours(&self, x: i32, y: i32) -> u32 {
        self.cells
            .around(x, y)
            .iter()
            .filter(|&&v| v & FRONTIER == 0)
            .count() as u32
    }

    /// The placed tiles on the 8 cells around a cell, in the order of [`AROUND`] (`None`:
    /// no tile there).
    pub fn around(&self, x: i32, y: i32) -> [Option<u32>; 8] {
        self.cells
            .around(x, y)
            .map(|v| (v & FRONTIER == 0).then_some(v))
    }

    /// Checks that a tile fits at a cell: the cell is free, it touches a tile (unless the
    /// board is empty), and every side facing a tile is of the same side kind.
    pub fn fits(
        &self,
        tiles: &TileSet,
        tile: TileId,
        x: i32,
        y: i32,
        rotation: Rotation,
    ) -> Result<(), PlaceError> {
        let limit = crate::limits::MAX_COORDINATE.unsigned_abs();
        if x.unsigned_abs() > limit || y.unsigned_abs() > limit {
            return Err(PlaceError::OffBoard);
        }
        let v = self.cells.get(x, y);
        let rot = tiles.tiles[tile].rotated(rotation);
        if v != EMPTY && v & FRONTIER != 0 {
            // A frontier cell knows what its neighbours need: one comparison when the
            // tile fits (the sides are looked at one by one only to say which does not).
            if self.frontier[(v & !FRONTIER) as usize].admits(rot) {
                return Ok(());
            }
        } else if v != EMPTY {
            return Err(PlaceError::Occupied);
        }
        let touches = self.sides_fit(tiles, rot, x, y, None)?;
        if !touches && !self.placed.is_empty() {
            return Err(PlaceError::NotAdjacent);
        }
        Ok(())
    }

    /// Compares each side of a tile turned as `rot` at (x, y) with the neighbour across
    /// it, if any (`over`: the neighbour across that board side shows this side kind
    /// instead of its own); returns whether it has a neighbour.
    ///
    /// Errors: [`PlaceError::Mismatch`] at the first side that does not fit.
    fn sides_fit(
        &self,
        tiles: &TileSet,
        rot: &crate::rules::Rotated,
        x: i32,
        y: i32,
        over: Option<(Side, usize)>,
    ) -> Result<bool, PlaceError> {
        let mut touches = false;
        for side in 0..4u8 {
            if let Some(n) = self.at_offset(x, y, offset(side)) {
                touches = true;
                let p = self.placed[n as usize];
                let their_rot = tiles.tiles[p.tile].rotated(p.rotation);
                let theirs = match over {
                    Some((s, kind)) if s == side => kind,
                    _ => their_rot.sides[opposite(side) as usize],
                };
                let mine = rot.sides[side as usize];
                let wall = rot.is_wall(side as usize) || their_rot.is_wall(opposite(side) as usize);
                if mine != theirs && !wall {
                    return Err(PlaceError::Mismatch {
                        side,
                        mine,
                        theirs,
                        neighbour: n,
                    });
                }
            }
        }
        Ok(touches)
    }

    /// Places a tile without checking that it fits (see [`Board::fits`]); adds its
    /// segments and edges to the graph, joins the features they connect (counting the open
    /// edges it opens and closes) and updates the frontier. Returns its placed index.
    pub fn place(
        &mut self,
        rules: &Rules,
        tiles: &TileSet,
        tile: TileId,
        x: i32,
        y: i32,
        rotation: Rotation,
    ) -> u32 {
        let idx = self.placed.len() as u32;
        let def = &tiles.tiles[tile];
        let first = self.graph.node_count() as u32;
        let rot = def.rotated(rotation);
        // The neighbour across each side, and the open edges of each new segment: its
        // slots on sides with no tile across.
        let across = self
            .cells
            .sides(x, y)
            .map(|v| (v & FRONTIER == 0).then_some(v));
        let (mut inline, mut spilled) = ([0u32; 16], Vec::new());
        let open: &mut [u32] = match def.segments.len() {
            n if n <= inline.len() => &mut inline[..n],
            n => {
                spilled.resize(n, 0);
                &mut spilled
            }
        };
        for side in 0..4u8 {
            if across[side as usize].is_none() {
                for &seg in &rot.slot_segment[side as usize] {
                    if let Some(o) = open.get_mut(seg as usize) {
                        *o += 1;
                    }
                }
                if rot.shared {
                    for &seg in &rot.slot_shared[side as usize] {
                        if let Some(o) = open.get_mut(seg as usize) {
                            *o += 1;
                        }
                    }
                }
            }
        }
        self.add_segments(rules, def, idx, first, open);
        self.join_across(rules, tiles, rot, first, &across);
        self.update_frontier(tiles, rot, x, y, idx);
        self.placed.push(Placed {
            tile,
            x,
            y,
            rotation,
            first_node: first,
            own_nodes: def.segments.len() as u8,
            added_node: u32::MAX,
        });
        idx
    }

    /// The features of the tiles across the sides of empty cell (`x`, `y`) that a tile
    /// placed there meets, for [`Board::would_complete`] (the same for every tile and
    /// rotation there). `None` when a neighbour has a wall or a shared slot (the counters
    /// cannot tell what a tile closes there).
    pub fn facing(&self, tiles: &TileSet, x: i32, y: i32) -> Option<Facing> {
        let mut f = Facing {
            slots: [[u8::MAX; 3]; 4],
            across: [false; 4],
            roots: [NodeIndex::end(); FACING],
            kinds: [0; FACING],
            open: [0; FACING],
            occupied: [false; FACING],
            len: 0,
            surrounded: self.neighbours(x, y) == 8,
        };
        for (side, v) in self.cells.sides(x, y).into_iter().enumerate() {
            if v & FRONTIER != 0 {
                continue;
            }
            f.across[side] = true;
            let p = self.placed[v as usize];
            let theirs = tiles.tiles[p.tile].rotated(p.rotation);
            if theirs.shared || theirs.walls != 0 {
                return None;
            }
            let back = opposite(side as u8) as usize;
            // Each of their slots facing this cell closes an open edge of its feature.
            for (k, &seg) in theirs.slot_segment[back].iter().enumerate() {
                if seg == NO_SEGMENT {
                    continue;
                }
                let node = p.node(seg as usize);
                let kind = tiles.tiles[p.tile].segments[seg as usize].feature;
                let (root, open, occupied) = self.features.find_counted(kind, node);
                let len = f.len as usize;
                let at = match f.roots[..len].iter().position(|&r| r == root) {
                    Some(i) => i,
                    None => {
                        f.roots[len] = root;
                        f.kinds[len] = kind;
                        f.open[len] = i64::from(open);
                        f.occupied[len] = occupied;
                        f.len += 1;
                        len
                    }
                };
                f.open[at] -= 1;
                f.slots[side][k] = at as u8;
            }
        }
        Some(f)
    }

    /// What placing `tile` turned by `rotation` on the empty cell of `facing` (a
    /// placement that fits) would complete, told from the features' counters without
    /// changing the board: the features of ordinary kinds completed when closed (no open
    /// edge left, [`crate::rules::Completion::Closed`]) that its segments join, and its own
    /// surrounded segments ([`crate::rules::Completion::Surrounded`]).
    /// [`Completing::around`] is left to the caller, which knows the tiles still waiting
    /// to be surrounded ([`crate::engine::State::placement_completes`]). With those, the
    /// features [`crate::engine::State::finish_turn`] scores when the rules complete
    /// nothing else ([`crate::rules::PlayTables::completion_only`]). `None` when the
    /// counters cannot tell: a wall or a shared slot on the tile, more than 16 segments.
    pub fn would_complete(
        rules: &Rules,
        tiles: &TileSet,
        facing: &Facing,
        tile: TileId,
        rotation: Rotation,
    ) -> Option<Completing> {
        use crate::rules::Completion;
        const MAX: usize = 16 + FACING;
        let def = &tiles.tiles[tile];
        let rot = def.rotated(rotation);
        let n = def.segments.len();
        if rot.shared || rot.walls != 0 || n > 16 {
            return None;
        }
        // A small union-find over the tile's segments (0..n) and the features facing it
        // (n..), each with its open edges after placing.
        let mut parent = [0u8; MAX];
        let mut open = [0i64; MAX];
        for (i, p) in parent.iter_mut().enumerate().take(n + facing.len as usize) {
            *p = i as u8;
        }
        open[n..n + facing.len as usize].copy_from_slice(&facing.open[..facing.len as usize]);
        fn find(parent: &mut [u8; MAX], mut i: u8) -> u8 {
            while parent[i as usize] != i {
                let up = parent[parent[i as usize] as usize];
                parent[i as usize] = up;
                i = up;
            }
            i
        }
        for side in 0..4usize {
            if !facing.across[side] {
                for &seg in &rot.slot_segment[side] {
                    if let Some(o) = open[..n].get_mut(seg as usize) {
                        *o += 1;
                    }
                }
                continue;
            }
            let parts = rules.parts(rot.sides[side]);
            for k in 0..parts {
                let (mine, at) = (rot.slot_segment[side][k], facing.slots[side][parts - 1 - k]);
                if mine == NO_SEGMENT
                    || at == u8::MAX
                    || def.segments[mine as usize].feature != facing.kinds[at as usize]
                {
                    continue;
                }
                let (a, b) = (find(&mut parent, mine), find(&mut parent, n as u8 + at));
                parent[a as usize] = b;
            }
        }
        for (i, s) in def.segments.iter().enumerate() {
            for &(rel, t) in &s.links {
                if def.segments[t].feature == s.feature
                    && rules.features[s.feature].via.contains(&rel)
                {
                    let (a, b) = (find(&mut parent, i as u8), find(&mut parent, t as u8));
                    parent[a as usize] = b;
                }
            }
        }
        let mut sum = [0i64; MAX];
        let mut occupied = [false; MAX];
        for (i, &o) in open.iter().enumerate().take(n + facing.len as usize) {
            let r = find(&mut parent, i as u8) as usize;
            sum[r] += o;
            occupied[r] |= i >= n && facing.occupied[i - n];
        }
        let mut done = Completing::default();
        for (i, s) in def.segments.iter().enumerate() {
            let root = find(&mut parent, i as u8) as usize;
            let completes = match rules.features[s.feature].completion {
                Completion::Closed => sum[root] == 0,
                Completion::Surrounded => facing.surrounded,
                _ => false,
            };
            if completes {
                done.segments |= 1 << i;
                done.occupied |= occupied[root];
            }
        }
        Some(done)
    }

    /// Whether a tile fits at a cell as [`Board::fits`] says, the neighbour across board
    /// side `side` showing side kind `kind` there instead of its own (the end of a bridge
    /// about to be put across it).
    ///
    /// Errors: [`PlaceError`].
    #[allow(clippy::too_many_arguments)]
    pub fn fits_beside(
        &self,
        tiles: &TileSet,
        tile: TileId,
        x: i32,
        y: i32,
        rotation: Rotation,
        side: Side,
        kind: usize,
    ) -> Result<(), PlaceError> {
        let rot = tiles.tiles[tile].rotated(rotation);
        self.sides_fit(tiles, rot, x, y, Some((side, kind)))?;
        match self.cells.get(x, y) {
            v if v != EMPTY && v & FRONTIER == 0 => Err(PlaceError::Occupied),
            EMPTY => Err(PlaceError::NotAdjacent),
            _ => Ok(()),
        }
    }

    /// Lays placed tile `placed` anew as `shape`, a tile derived from its own
    /// ([`crate::rules::Tile::derived_from`]: the same segments at the same indices, more
    /// after them, other side kinds on some sides): the added segments become nodes of
    /// the graph and features of their own, the open edges of the kept ones are counted
    /// again, and the frontier cells across the changed sides need the new side kinds.
    ///
    /// Errors: the board side of a changed side that faces a tile (only a side facing an
    /// empty cell may change), and nothing is changed.
    pub fn reshape(
        &mut self,
        rules: &Rules,
        tiles: &TileSet,
        placed: u32,
        shape: TileId,
    ) -> Result<(), Side> {
        let p = self.placed[placed as usize];
        let (old, new) = (
            tiles.tiles[p.tile].rotated(p.rotation),
            tiles.tiles[shape].rotated(p.rotation),
        );
        let ring = self.cells.sides(p.x, p.y);
        let faces = |side: usize| ring[side] != EMPTY && ring[side] & FRONTIER == 0;
        if let Some(side) = (0..4).find(|&s| old.sides[s] != new.sides[s] && faces(s)) {
            return Err(side as u8);
        }
        let def = &tiles.tiles[shape];
        let kept = usize::from(p.own_nodes).min(def.segments.len());
        // Open edges of every segment of the new shape, and of the old one.
        let mut open_new = vec![0u32; def.segments.len()];
        let mut open_old = vec![0u32; def.segments.len()];
        for side in (0..4).filter(|&s| !faces(s)) {
            for (rot, open) in [(new, &mut open_new), (old, &mut open_old)] {
                for &seg in rot.slot_segment[side].iter().chain(if rot.shared {
                    &rot.slot_shared[side][..]
                } else {
                    &[]
                }) {
                    if let Some(o) = open.get_mut(seg as usize) {
                        *o += 1;
                    }
                }
            }
        }
        for i in 0..kept {
            let delta = open_new[i] as i64 - open_old[i] as i64;
            if delta != 0 {
                self.features.add_open(
                    NodeIndex::new(p.first_node as usize + i),
                    delta.clamp(i32::MIN.into(), i32::MAX.into()) as i32,
                );
            }
        }
        let added = self.graph.node_count() as u32;
        for (i, s) in def.segments.iter().enumerate().skip(kept) {
            self.graph.add_node(SegmentNode {
                placed,
                segment: i as u8,
                feature: s.feature,
            });
        }
        self.features
            .add_segments(rules, def, kept, placed, added, &open_new);
        let slot = &mut self.placed[placed as usize];
        slot.tile = shape;
        if def.segments.len() > kept {
            slot.added_node = added;
        }
        for (i, s) in def.segments.iter().enumerate().skip(kept) {
            for &(rel, target) in &s.links {
                let (a, b) = (self.node(placed, i), self.node(placed, target));
                self.graph.add_edge(a, b, Edge::Link(rel));
                self.features.join(rules, a, b, Edge::Link(rel));
            }
        }
        for side in 0..4u8 {
            let v = ring[side as usize];
            if old.sides[side as usize] != new.sides[side as usize]
                && v & FRONTIER != 0
                && v != EMPTY
            {
                let i = (v & !FRONTIER) as usize;
                let kind = new.sides[side as usize] as u32;
                self.frontier[i].require(opposite(side), kind, tiles.fits.base());
                self.patterns[i] = self.frontier[i].pattern;
            }
        }
        Ok(())
    }

    /// The tile's segments as graph nodes and forest features (`open`: their open edges),
    /// joined along the tile's own links.
    #[inline(never)]
    fn add_segments(
        &mut self,
        rules: &Rules,
        def: &crate::rules::Tile,
        idx: u32,
        first: u32,
        open: &[u32],
    ) {
        for (i, s) in def.segments.iter().enumerate() {
            self.graph.add_node(SegmentNode {
                placed: idx,
                segment: i as u8,
                feature: s.feature,
            });
        }
        self.features.add_tile(rules, def, idx, first, open);
        for (i, s) in def.segments.iter().enumerate() {
            for &(rel, target) in &s.links {
                let (a, b) = (
                    NodeIndex::new((first as usize) + i),
                    NodeIndex::new(first as usize + target),
                );
                self.graph.add_edge(a, b, Edge::Link(rel));
                self.features.join(rules, a, b, Edge::Link(rel));
            }
        }
    }

    /// Joins the new tile's segments (from node `first`, turned as `rot`) with those of
    /// the tiles `across` each side, and closes the open edges they faced.
    #[inline(never)]
    fn join_across(
        &mut self,
        rules: &Rules,
        tiles: &TileSet,
        rot: &crate::rules::Rotated,
        first: u32,
        across: &[Option<u32>; 4],
    ) {
        for side in 0..4u8 {
            let Some(n) = across[side as usize] else {
                continue;
            };
            let p = self.placed[n as usize];
            let their_rot = tiles.tiles[p.tile].rotated(p.rotation);
            // The neighbour's slots facing this cell were open; they are closed now.
            let back = opposite(side) as usize;
            for &seg in &their_rot.slot_segment[back] {
                if seg != NO_SEGMENT {
                    self.features.add_open(p.node(seg as usize), -1);
                }
            }
            if their_rot.shared {
                for &seg in &their_rot.slot_shared[back] {
                    if seg != NO_SEGMENT {
                        self.features.add_open(p.node(seg as usize), -1);
                    }
                }
            }
            let parts = rules.parts(rot.sides[side as usize]);
            // Segment pairs matched across this side (a pair meets at most once per side
            // in the graph; it cannot meet across another side, which faces another tile).
            let mut matched = [(NO_SEGMENT, NO_SEGMENT); 3];
            for k in 0..parts {
                let mine = rot.slot_segment[side as usize][k];
                let theirs = their_rot.slot_segment[opposite(side) as usize][parts - 1 - k];
                if mine == NO_SEGMENT || theirs == NO_SEGMENT {
                    continue;
                }
                let a = NodeIndex::new(first as usize + mine as usize);
                let b = p.node(theirs as usize);
                if matched[..k].contains(&(mine, theirs)) {
                    continue;
                }
                matched[k] = (mine, theirs);
                self.graph.add_edge(a, b, Edge::Match);
                self.features.join(rules, a, b, Edge::Match);
            }
            // A slot shared by a second segment (rare): that segment meets what lies
            // across too.
            if rot.shared || their_rot.shared {
                self.join_shared(rules, rot, first, their_rot, n, side, parts);
            }
        }
    }

    /// Joins, across `side` of the new tile (from node `first`, turned as `rot`) and the
    /// facing side of the neighbour (placed index `their`), the segments that share a slot
    /// ([`crate::rules::Segment::shares`]) with what lies across it: every pair of the
    /// segments reaching the two facing slots that [`Board::join_across`] did not join.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn join_shared(
        &mut self,
        rules: &Rules,
        rot: &crate::rules::Rotated,
        first: u32,
        their_rot: &crate::rules::Rotated,
        their: u32,
        side: u8,
        parts: usize,
    ) {
        let back = opposite(side) as usize;
        // The pairs joined already (by the claimers), and those joined here.
        let mut done: SmallVec<[(u8, u8); 8]> = (0..parts)
            .map(|k| {
                (
                    rot.slot_segment[side as usize][k],
                    their_rot.slot_segment[back][parts - 1 - k],
                )
            })
            .collect();
        for k in 0..parts {
            let t = parts - 1 - k;
            for mine in [
                rot.slot_segment[side as usize][k],
                rot.slot_shared[side as usize][k],
            ] {
                for theirs in [
                    their_rot.slot_segment[back][t],
                    their_rot.slot_shared[back][t],
                ] {
                    if mine == NO_SEGMENT || theirs == NO_SEGMENT || done.contains(&(mine, theirs))
                    {
                        continue;
                    }
                    done.push((mine, theirs));
                    let a = NodeIndex::new(first as usize + mine as usize);
                    let b = self.node(their, theirs as usize);
                    self.graph.add_edge(a, b, Edge::Match);
                    self.features.join(rules, a, b, Edge::Match);
                }
            }
        }
    }

    /// The frontier after a tile (placed index `idx`, turned as `rot`) went on (x, y): the
    /// cell leaves it, its empty neighbours join it or need more.
    #[inline(never)]
    fn update_frontier(
        &mut self,
        tiles: &TileSet,
        rot: &crate::rules::Rotated,
        x: i32,
        y: i32,
        idx: u32,
    ) {
        let here = self.cells.get(x, y);
        if here != EMPTY && here & FRONTIER != 0 {
            let i = (here & !FRONTIER) as usize;
            self.frontier.swap_remove(i);
            self.patterns.swap_remove(i);
            if let Some(moved) = self.frontier.get(i) {
                self.cells.set(moved.x, moved.y, i as u32 | FRONTIER);
            }
        }
        self.cells.set(x, y, idx);
        let ring = self.cells.sides(x, y);
        for side in 0..4u8 {
            let kind = rot.sides[side as usize] as u32;
            // A wall fits against every side: the cell across it needs nothing there.
            let wall = rot.is_wall(side as usize);
            let v = ring[side as usize];
            if v == EMPTY {
                let (dx, dy) = offset(side);
                // A cell beyond the range of `i32` is no cell (coordinates never wrap
                // around).
                let (Some(cx), Some(cy)) = (x.checked_add(dx), y.checked_add(dy)) else {
                    continue;
                };
                let mut cell = FrontierCell::new(cx, cy);
                if !wall {
                    cell.require(opposite(side), kind, tiles.fits.base());
                }
                self.cells
                    .set(cx, cy, self.frontier.len() as u32 | FRONTIER);
                self.patterns.push(cell.pattern);
                self.reach = self.reach.max(cx.unsigned_abs()).max(cy.unsigned_abs());
                self.frontier.push(cell);
            } else if v & FRONTIER != 0 && !wall {
                let i = (v & !FRONTIER) as usize;
                self.frontier[i].require(opposite(side), kind, tiles.fits.base());
                self.patterns[i] = self.frontier[i].pattern;
            }
        }
    }

    /// The node of a placed tile's segment.
    #[inline]
    pub fn node(&self, placed: u32, segment: usize) -> NodeIndex {
        self.placed[placed as usize].node(segment)
    }

    /// Placed tiles not connected to the first one through shared sides (a snapshot must
    /// form one board), in placement order.
    pub fn disconnected(&self) -> Vec<u32> {
        let mut seen = vec![false; self.placed.len()];
        let mut stack = Vec::new();
        if !self.placed.is_empty() {
            seen[0] = true;
            stack.push(0u32);
        }
        while let Some(i) = stack.pop() {
            let p = self.placed[i as usize];
            for side in 0..4u8 {
                if let Some(n) = self.at_offset(p.x, p.y, offset(side)) {
                    if !seen[n as usize] {
                        seen[n as usize] = true;
                        stack.push(n);
                    }
                }
            }
        }
        (0..self.placed.len() as u32)
            .filter(|&i| !seen[i as usize])
            .collect()
    }

    /// Cells where a new tile would touch the board: empty cells next to a placed tile,
    /// sorted by (y, x). Kept as tiles are placed: the cost is the frontier's length.
    pub fn frontier(&self) -> Vec<(i32, i32)> {
        let mut cells: Vec<(i32, i32)> = self.frontier.iter().map(|c| (c.y, c.x)).collect();
        cells.sort_unstable();
        cells.into_iter().map(|(y, x)| (x, y)).collect()
    }

    /// The frontier cells with the side kinds each needs, in no particular order (but
    /// always the same for the same sequence of placements). Kept as tiles are placed.
    pub fn frontier_cells(&self) -> &[FrontierCell] {
        &self.frontier
    }

    /// The largest |x| or |y| of any cell that has been on the frontier: when it is
    /// within [`crate::limits::MAX_COORDINATE`], no frontier cell is off the board.
    pub fn frontier_reach(&self) -> u32 {
        self.reach
    }

    /// The need pattern of each frontier cell, in the order of [`Board::frontier_cells`]
    /// (see [`FrontierCell::pattern`]).
    pub fn frontier_patterns(&self) -> &[u32] {
        &self.patterns
    }
}
