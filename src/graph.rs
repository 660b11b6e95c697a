//! Features: the segments of placed tiles joined across matched sides, kept incrementally.
//!
//! A [`Forest`] (owned by the [`Board`]) is a union-find over the segments of placed
//! tiles, updated as each tile is placed, with running counters at each feature's root:
//! segments, open edges, items and the pieces counted on it (by id, see
//! [`Forest::pieces`]); its distinct tiles are counted when it is written out (scoring
//! needs them only then). Placing a tile costs the same whatever the size of the features
//! it extends (amortised: near-constant per segment), so completion checks and "is this
//! feature occupied" are answered without walking the feature.
//!
//! Ordinary feature kinds share one layer (their segments join only segments of their own
//! kind); each aggregate kind (a river system: rivers and lakes joined through links) has
//! a layer of its own over its members' segments. A [`Feature`] is a feature written out
//! in full (its segments sorted, its tiles, open edges, items): built on demand, when a
//! feature is scored or explained, at a cost proportional to its size.
//!
//! [`walk`] computes the same thing from scratch by a breadth-first search over the
//! petgraph feature graph; it is the reference the incremental counters are tested
//! against, not used on the hot path.

use std::collections::HashSet;

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use smallvec::SmallVec;

use crate::board::{Board, Edge};
pub use crate::forest::Forest;
use crate::geometry::offset;
use crate::rules::{Completion, FeatureId, ItemId, RelationId, Rules, TileSet};

/// One feature written out: segments joined across tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    /// Feature kind.
    pub kind: FeatureId,
    /// Its segments (graph nodes), smallest first.
    pub nodes: Vec<NodeIndex>,
    /// Distinct placed tiles it lies on, in placement order (a tile counts once even when two
    /// of its segments belong to the feature).
    pub tiles: Vec<u32>,
    /// Open edges: claimed slots facing an empty cell.
    pub open_edges: u32,
    /// Item counts (printed on the tiles, covered or not), indexed by item id (kept
    /// inline for up to 4 item kinds).
    pub items: SmallVec<[u32; 4]>,
}

impl Feature {
    /// The feature's identity: its smallest node.
    pub fn id(&self) -> NodeIndex {
        self.nodes[0]
    }
}

/// The feature of kind `kind` containing the segment `start`, written out: for an
/// ordinary kind the segments joined by match edges; for an aggregate kind (river system)
/// the segments of its member kinds joined by match edges and by links of its relations.
/// `start` must be a segment of `kind` or of one of its members. Cost: the feature's size
/// (it is read from the [`Forest`]).
pub fn component(
    rules: &Rules,
    tiles: &TileSet,
    board: &Board,
    kind: FeatureId,
    start: NodeIndex,
) -> Feature {
    let mut nodes = board.features.nodes(kind, start);
    nodes.sort_unstable();
    let placed = board.features.tiles_of(&nodes);
    let mut items: SmallVec<[u32; 4]> = board.features.items(kind, start).into();
    items.resize(rules.items.len(), 0);
    let _ = tiles;
    Feature {
        kind,
        open_edges: board.features.open_edges(kind, start),
        nodes,
        tiles: placed,
        items,
    }
}

/// The feature containing `start`, of the segment's own kind.
pub fn feature_at(rules: &Rules, tiles: &TileSet, board: &Board, start: NodeIndex) -> Feature {
    component(rules, tiles, board, board.graph[start].feature, start)
}

/// Every feature of one kind on the board, ordered by their smallest node.
pub fn components(rules: &Rules, tiles: &TileSet, board: &Board, kind: FeatureId) -> Vec<Feature> {
    let mut roots: Vec<(NodeIndex, NodeIndex)> = board
        .features
        .all()
        .into_iter()
        .filter(|&(k, _, _)| k == kind)
        .map(|(_, root, first)| (first, root))
        .collect();
    roots.sort_unstable();
    roots
        .into_iter()
        .map(|(_, root)| component(rules, tiles, board, kind, root))
        .collect()
}

/// The reference computation of [`component`]: a breadth-first search over the petgraph
/// feature graph, counting everything from the tiles. Cost: the feature's size and its
/// edges; used to check the incremental [`Forest`], not on the hot path.
pub fn walk(
    rules: &Rules,
    tiles: &TileSet,
    board: &Board,
    kind: FeatureId,
    start: NodeIndex,
) -> Feature {
    let g = &board.graph;
    let fk = &rules.features[kind];
    let mut nodes = vec![start];
    let mut seen: HashSet<NodeIndex> = HashSet::from([start]);
    let mut i = 0;
    while i < nodes.len() {
        let n = nodes[i];
        for e in g.edges(n) {
            let follow = match *e.weight() {
                Edge::Match => true,
                Edge::Link(r) => fk.via.contains(&r),
            };
            let other = if e.source() == n {
                e.target()
            } else {
                e.source()
            };
            if follow && fk.members.contains(&g[other].feature) && seen.insert(other) {
                nodes.push(other);
            }
        }
        i += 1;
    }
    nodes.sort();
    let mut placed: Vec<u32> = Vec::new();
    let mut items: SmallVec<[u32; 4]> = smallvec::smallvec![0; rules.items.len()];
    let mut open_edges = 0;
    for &n in &nodes {
        let s = g[n];
        placed.push(s.placed);
        let p = board.placed[s.placed as usize];
        let def = &tiles.tiles[p.tile];
        for &(item, k) in &def.segments[s.segment as usize].items {
            items[item] = items[item].saturating_add(k);
        }
        for slot in def.board_reach(s.segment as usize, p.rotation) {
            if board.at_offset(p.x, p.y, offset(slot.side)).is_none() {
                open_edges += 1;
            }
        }
    }
    placed.sort();
    placed.dedup();
    Feature {
        kind,
        nodes,
        tiles: placed,
        open_edges,
        items,
    }
}

/// Whether the feature of kind `kind` through `node` is completed under its kind's
/// completion rule, from the running counters: `Closed` when it has no open edge,
/// `Surrounded` when the 8 cells around its first tile are occupied. `AllLinked` needs at
/// least one linked feature, and every one completed (their own rule decides); it looks
/// at the feature's links (cost: its size).
pub fn completed(
    rules: &Rules,
    tiles: &TileSet,
    board: &Board,
    kind: FeatureId,
    node: NodeIndex,
) -> bool {
    let forest = &board.features;
    match rules.features[kind].completion {
        Completion::Closed => forest.open_edges(kind, node) == 0,
        Completion::Surrounded => {
            let first = forest.first(kind, node);
            let p = board.placed[board.graph[first].placed as usize];
            board.neighbours(p.x, p.y) == 8
        }
        Completion::Never => false,
        Completion::AllLinked { relation, feature } => {
            let nested = matches!(
                rules.features[feature].completion,
                Completion::AllLinked { .. }
            );
            let mut any = false;
            for n in forest.nodes(kind, node) {
                for other in linked_of(tiles, board, n, relation, feature) {
                    any = true;
                    if nested || !completed(rules, tiles, board, feature, other) {
                        return false;
                    }
                }
            }
            any
        }
    }
}

/// Whether a written-out feature is completed (see [`completed`]).
pub fn is_completed(rules: &Rules, tiles: &TileSet, board: &Board, f: &Feature) -> bool {
    completed(rules, tiles, board, f.kind, f.id())
}

/// The segments of kind `feature` linked to segment `n` by `relation`: the ends of its
/// link edges in the feature graph, read from its tile's [`crate::rules::Segment::touches`]
/// (links lie on one tile).
fn linked_of<'a>(
    tiles: &'a TileSet,
    board: &'a Board,
    n: NodeIndex,
    relation: RelationId,
    feature: FeatureId,
) -> impl Iterator<Item = NodeIndex> + 'a {
    let s = board.graph[n];
    let p = board.placed[s.placed as usize];
    let segments = &tiles.tiles[p.tile].segments;
    segments[s.segment as usize]
        .touches
        .iter()
        .filter(move |&&(r, t)| r == relation && segments[t].feature == feature)
        .map(move |&(_, t)| board.node(s.placed, t))
}

/// Distinct features of kind `feature` linked to `f` by `relation`: one segment of each
/// (the first met), in the order met along `f`'s segments (kept inline up to 8: a field
/// touches a few cities).
pub fn linked(
    tiles: &TileSet,
    board: &Board,
    f: &Feature,
    relation: RelationId,
    feature: FeatureId,
) -> SmallVec<[NodeIndex; 8]> {
    // Features met, by root (a few: a short list beats a hash set).
    let mut seen: SmallVec<[NodeIndex; 8]> = SmallVec::new();
    let mut out = SmallVec::new();
    for &n in &f.nodes {
        for other in linked_of(tiles, board, n, relation, feature) {
            let root = board.features.find(feature, other);
            if !seen.contains(&root) {
                seen.push(root);
                out.push(other);
            }
        }
    }
    out
}

/// Segments linked (by any relation) to a feature's segments, outside it, in the order
/// met along its segments.
pub fn link_neighbours(board: &Board, f: &Feature) -> Vec<NodeIndex> {
    let g = &board.graph;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for &n in &f.nodes {
        for e in g.edges(n) {
            if let Edge::Link(_) = e.weight() {
                let other = if e.source() == n {
                    e.target()
                } else {
                    e.source()
                };
                if f.nodes.binary_search(&other).is_err() && seen.insert(other) {
                    out.push(other);
                }
            }
        }
    }
    out
}

/// Occupied cells around a feature's (first) tile.
pub fn neighbours(board: &Board, f: &Feature) -> u32 {
    let p = board.placed[f.tiles[0] as usize];
    board.neighbours(p.x, p.y)
}

/// Cells around a feature's (first) tile whose tile carries `item` on the tile as a whole
/// (a vineyard; [`crate::rules::Tile::items`]): each such tile once, whatever its count.
pub fn neighbours_with(board: &Board, tiles: &TileSet, f: &Feature, item: ItemId) -> u32 {
    let p = board.placed[f.tiles[0] as usize];
    board
        .around(p.x, p.y)
        .iter()
        .flatten()
        .filter(|&&t| tiles.tiles[board.placed[t as usize].tile].carries(item))
        .count() as u32
}
