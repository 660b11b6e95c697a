//! Features: connected components of the feature graph over [`Edge::Match`] edges, with
//! what scoring needs to know about each (distinct tiles, items, open edges, completion).

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use crate::board::{Board, Edge};
use crate::geometry::offset;
use crate::rules::Completion;
use crate::rules::{FeatureId, Rules, TileSet};

/// One feature: segments joined across tiles.
#[derive(Debug, Clone)]
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
    /// Item counts, indexed by item id.
    pub items: Vec<u32>,
}

impl Feature {
    /// The feature's identity: its smallest node.
    pub fn id(&self) -> NodeIndex {
        self.nodes[0]
    }
}

/// Collects the feature containing `start`, of the segment's own kind (breadth-first over
/// match edges).
pub fn feature_at(rules: &Rules, tiles: &TileSet, board: &Board, start: NodeIndex) -> Feature {
    component(rules, tiles, board, board.graph[start].feature, start)
}

/// Collects the feature of kind `kind` containing the segment `start`: for an ordinary
/// kind the segments joined by match edges; for an aggregate kind (river system) the
/// segments of its member kinds joined by match edges and by links of its relations.
/// `start` must be a segment of `kind` or of one of its members.
pub fn component(
    rules: &Rules,
    tiles: &TileSet,
    board: &Board,
    kind: FeatureId,
    start: NodeIndex,
) -> Feature {
    let g = &board.graph;
    let fk = &rules.features[kind];
    let mut nodes = vec![start];
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
            if follow && fk.members.contains(&g[other].feature) && !nodes.contains(&other) {
                nodes.push(other);
            }
        }
        i += 1;
    }
    nodes.sort();
    describe(rules, tiles, board, kind, nodes)
}

/// Every feature of one kind on the board.
pub fn components(rules: &Rules, tiles: &TileSet, board: &Board, kind: FeatureId) -> Vec<Feature> {
    let members = &rules.features[kind].members;
    let mut seen = vec![false; board.graph.node_count()];
    let mut out = Vec::new();
    for n in board.graph.node_indices() {
        if seen[n.index()] || !members.contains(&board.graph[n].feature) {
            continue;
        }
        let f = component(rules, tiles, board, kind, n);
        for m in &f.nodes {
            seen[m.index()] = true;
        }
        out.push(f);
    }
    out
}

fn describe(
    rules: &Rules,
    tiles: &TileSet,
    board: &Board,
    kind: FeatureId,
    nodes: Vec<NodeIndex>,
) -> Feature {
    let g = &board.graph;
    let mut placed: Vec<u32> = Vec::new();
    let mut items = vec![0u32; rules.items.len()];
    let mut open_edges = 0;
    for &n in &nodes {
        let s = g[n];
        if !placed.contains(&s.placed) {
            placed.push(s.placed);
        }
        let p = board.placed[s.placed as usize];
        let def = &tiles.tiles[p.tile];
        for &(item, k) in &def.segments[s.segment as usize].items {
            items[item] = items[item].saturating_add(k);
        }
        for slot in def.board_slots(s.segment as usize, p.turns) {
            if board.at_offset(p.x, p.y, offset(slot.side)).is_none() {
                open_edges += 1;
            }
        }
    }
    placed.sort();
    Feature {
        kind,
        nodes,
        tiles: placed,
        open_edges,
        items,
    }
}

/// Whether a feature is completed under its kind's completion rule. `AllLinked` needs at
/// least one linked feature, and every one completed (their own rule decides).
pub fn is_completed(rules: &Rules, tiles: &TileSet, board: &Board, f: &Feature) -> bool {
    match rules.features[f.kind].completion {
        Completion::Closed => f.open_edges == 0,
        Completion::Surrounded => {
            let p = board.placed[f.tiles[0] as usize];
            board.neighbours(p.x, p.y) == 8
        }
        Completion::Never => false,
        Completion::AllLinked { relation, feature } => {
            let nested = matches!(
                rules.features[feature].completion,
                Completion::AllLinked { .. }
            );
            let mut any = false;
            for other in linked_nodes(board, f, relation, feature) {
                any = true;
                let linked = component(rules, tiles, board, feature, other);
                if nested || !is_completed(rules, tiles, board, &linked) {
                    return false;
                }
            }
            any
        }
    }
}

/// The segments of kind `feature` linked to a feature's segments by `relation`.
fn linked_nodes<'a>(
    board: &'a Board,
    f: &'a Feature,
    relation: usize,
    feature: FeatureId,
) -> impl Iterator<Item = NodeIndex> + 'a {
    let g = &board.graph;
    f.nodes.iter().flat_map(move |&n| {
        g.edges(n).filter_map(move |e| {
            let other = if e.source() == n {
                e.target()
            } else {
                e.source()
            };
            (*e.weight() == Edge::Link(relation) && g[other].feature == feature).then_some(other)
        })
    })
}

/// Segments linked (by any relation) to a feature's segments, outside it.
pub fn link_neighbours(board: &Board, f: &Feature) -> Vec<NodeIndex> {
    let g = &board.graph;
    let mut out = Vec::new();
    for &n in &f.nodes {
        for e in g.edges(n) {
            if let Edge::Link(_) = e.weight() {
                let other = if e.source() == n {
                    e.target()
                } else {
                    e.source()
                };
                if f.nodes.binary_search(&other).is_err() && !out.contains(&other) {
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

/// All features of a board, and which feature each node belongs to.
#[derive(Debug, Clone)]
pub struct Features {
    /// Features, ordered by their smallest node.
    pub list: Vec<Feature>,
    /// For each node, the index of its feature in `list`.
    pub of_node: Vec<u32>,
}

/// Computes every feature of the board of an ordinary (non-aggregate) kind.
pub fn all_features(rules: &Rules, tiles: &TileSet, board: &Board) -> Features {
    let n = board.graph.node_count();
    let mut of_node = vec![u32::MAX; n];
    let mut list = Vec::new();
    for i in 0..n {
        if of_node[i] != u32::MAX {
            continue;
        }
        let f = feature_at(rules, tiles, board, NodeIndex::new(i));
        for node in &f.nodes {
            of_node[node.index()] = list.len() as u32;
        }
        list.push(f);
    }
    Features { list, of_node }
}

/// Distinct features of kind `feature` linked to `f` by `relation`, as indices into
/// `features.list`.
pub fn linked(
    board: &Board,
    features: &Features,
    f: &Feature,
    relation: usize,
    feature: FeatureId,
) -> Vec<u32> {
    let mut out = Vec::new();
    for other in linked_nodes(board, f, relation, feature) {
        let id = features.of_node[other.index()];
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}
