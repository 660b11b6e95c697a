//! The union-find over the segments of placed tiles that keeps every feature's running
//! counters as tiles are placed (segments, open edges, the smallest segment, a row of item
//! counts, the pieces counted on it): one layer for the ordinary feature kinds and one per
//! aggregate kind. Owned by the [`crate::board::Board`], which joins segments across
//! matched sides ([`Edge::Match`]) and along links ([`Edge::Link`]); read by
//! [`crate::graph`], which writes features out. Below both, so that the board and the
//! features it holds do not import each other.

use petgraph::graph::NodeIndex;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::rules::{FeatureId, RelationId, Rules, Tile};

/// A graph edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// Facing slots of two neighbouring tiles: the segments belong to the same feature.
    Match,
    /// A link on one tile, with its relation (field touches city).
    Link(RelationId),
}

/// A short list of ids kept inline (most features hold a few items, pieces and shared
/// tiles), so that adding a segment allocates nothing.
type Ids = SmallVec<[u32; 4]>;

/// No row of item counts ([`Root::items`]).
const NO_ROW: u32 = u32::MAX;

/// Running counters of one feature, kept at its root in the union-find (a few words, so
/// that adding a segment writes little; item counts and piece ids, which few features
/// have, are kept beside the roots).
#[derive(Debug, Clone, Copy, Default)]
struct Root {
    /// Segments in the feature.
    segments: u32,
    /// Claimed slots facing an empty cell.
    open: u32,
    /// Smallest node.
    first: u32,
    /// Its row of item counts in [`Layer::items`] ([`NO_ROW`]: it holds no item).
    items: u32,
    /// Number of pieces counted on it (their ids: [`Layer::pieces`]).
    pieces: u32,
}

/// Implements `Clone` for a struct field by field, with a `clone_from` that copies each
/// field into the memory the target already has (a state copied into the same scratch
/// state turn after turn allocates nothing): the forest's, the board's and the engine's
/// state (`crate::forest::clone_by_fields!`). Both name every field through an exhaustive
/// pattern, so a field added to the struct and not here fails to compile.
macro_rules! clone_by_fields {
    ($ty:ident $(<$lt:lifetime>)? { $($field:ident),* $(,)? }) => {
        impl$(<$lt>)? Clone for $ty$(<$lt>)? {
            fn clone(&self) -> Self {
                let $ty { $($field),* } = self;
                $ty { $($field: Clone::clone($field)),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field),* } = self;
                $($field.clone_from(&source.$field);)*
            }
        }
    };
}
pub(crate) use clone_by_fields;

/// One union-find over the segments: the ordinary kinds' (layer 0) or one aggregate's.
#[derive(Debug, Default)]
struct Layer {
    /// The aggregate kind; `None` for the ordinary layer.
    aggregate: Option<FeatureId>,
    /// Parent of each node (a root is its own parent).
    parent: Vec<u32>,
    /// Next node of the same feature: each feature's nodes form a cycle, so joining two
    /// features is one swap and listing one costs its size.
    next: Vec<u32>,
    /// Counters, valid at roots.
    roots: Vec<Root>,
    /// Item counts by item id, one row of [`Forest::items`] counts per feature that
    /// holds items (a row is added up into the larger feature's when two join).
    items: Vec<u32>,
    /// Ids of the pieces counted on each feature holding some, by root (see
    /// [`Forest::add_piece`]).
    pieces: FxHashMap<u32, Ids>,
}

clone_by_fields!(Layer {
    aggregate,
    parent,
    next,
    roots,
    items,
    pieces
});

impl Layer {
    fn with_capacity(aggregate: Option<FeatureId>, nodes: usize) -> Self {
        Layer {
            aggregate,
            parent: Vec::with_capacity(nodes),
            next: Vec::with_capacity(nodes),
            roots: Vec::with_capacity(nodes),
            items: Vec::new(),
            pieces: FxHashMap::default(),
        }
    }

    fn find(&self, mut n: u32) -> u32 {
        // Union by size keeps every path O(log n) long without compression, so that
        // look-ups need no `&mut`.
        while self.parent[n as usize] != n {
            n = self.parent[n as usize];
        }
        n
    }
}

/// The union-find over placed segments with running counters per feature (see the module
/// documentation). Built by [`crate::board::Board::place`]; read through the methods below, each taking
/// a feature kind and any segment node of the feature.
#[derive(Debug, Default)]
pub struct Forest {
    /// Layer of each feature kind (0 for the ordinary kinds).
    layer_of: Vec<usize>,
    /// Aggregate layers holding each feature kind's segments.
    aggregates_of: Vec<Vec<usize>>,
    /// Layers: the ordinary kinds' first, then one per aggregate kind.
    layers: Vec<Layer>,
    /// Feature kind of each node.
    kind: Vec<FeatureId>,
    /// Placed tile of each node.
    placed: Vec<u32>,
    /// Number of item kinds.
    items: usize,
    /// Segments to make room for in each layer when it is made ([`Forest::reserve`]).
    reserve_nodes: usize,
}

clone_by_fields!(Forest {
    layer_of,
    aggregates_of,
    layers,
    kind,
    placed,
    items,
    reserve_nodes
});

impl Forest {
    fn init(&mut self, rules: &Rules) {
        if !self.layers.is_empty() {
            return;
        }
        self.items = rules.items.len();
        self.layers
            .push(Layer::with_capacity(None, self.reserve_nodes));
        self.layer_of = vec![0; rules.features.len()];
        self.aggregates_of = vec![Vec::new(); rules.features.len()];
        for (k, f) in rules.features.iter().enumerate() {
            if !f.aggregate {
                continue;
            }
            let layer = self.layers.len();
            self.layers
                .push(Layer::with_capacity(Some(k), self.reserve_nodes));
            self.layer_of[k] = layer;
            for &m in &f.members {
                if let Some(v) = self.aggregates_of.get_mut(m) {
                    if !v.contains(&layer) {
                        v.push(layer);
                    }
                }
            }
        }
    }

    /// Back to no segment, keeping the memory (and the layers, made for the same rules).
    pub(crate) fn clear(&mut self) {
        for layer in &mut self.layers {
            layer.parent.clear();
            layer.next.clear();
            layer.roots.clear();
            layer.items.clear();
            layer.pieces.clear();
        }
        self.kind.clear();
        self.placed.clear();
    }

    /// Makes room for `nodes` segments (a hint).
    pub(crate) fn reserve(&mut self, nodes: usize) {
        self.kind.reserve(nodes);
        self.placed.reserve(nodes);
        self.reserve_nodes = nodes;
    }

    /// Whether a node belongs to a layer.
    fn in_layer(&self, layer: usize, n: u32) -> bool {
        layer == 0
            || self
                .aggregates_of
                .get(self.kind[n as usize])
                .is_some_and(|v| v.contains(&layer))
    }

    /// Adds the segments of a tile just placed (nodes `first..`), each a feature of its own
    /// in every layer it belongs to, with `open[i]` open edges for its segment `i` (0 past
    /// the end of `open`).
    pub(crate) fn add_tile(
        &mut self,
        rules: &Rules,
        def: &Tile,
        placed: u32,
        first: u32,
        open: &[u32],
    ) {
        self.add_segments(rules, def, 0, placed, first, open);
    }

    /// Adds the segments of `def` from index `from` on (nodes `first..`, the segment
    /// `from` first) of placed tile `placed`, as [`Forest::add_tile`] does; `open` is
    /// indexed by segment.
    #[inline(always)]
    pub(crate) fn add_segments(
        &mut self,
        rules: &Rules,
        def: &Tile,
        from: usize,
        placed: u32,
        first: u32,
        open: &[u32],
    ) {
        self.init(rules);
        let n_items = self.items;
        for (i, s) in def.segments.iter().enumerate().skip(from) {
            let node = first + (i - from) as u32;
            self.kind.push(s.feature);
            self.placed.push(placed);
            let open = open.get(i).copied().unwrap_or(0);
            // Every layer holds every node (a node outside an aggregate's members stays a
            // feature of its own there, with no open edge, never joined nor listed).
            for l in 0..self.layers.len() {
                let open = if l == 0 || self.in_layer(l, node) {
                    open
                } else {
                    0
                };
                let layer = &mut self.layers[l];
                let mut row = NO_ROW;
                if !s.items.is_empty() && n_items > 0 {
                    let at = layer.items.len();
                    row = (at / n_items) as u32;
                    layer.items.resize(at + n_items, 0);
                    for &(item, k) in &s.items {
                        if let Some(c) = layer.items[at..].get_mut(item) {
                            *c = c.saturating_add(k);
                        }
                    }
                }
                layer.parent.push(node);
                layer.next.push(node);
                layer.roots.push(Root {
                    segments: 1,
                    open,
                    first: node,
                    items: row,
                    pieces: 0,
                });
            }
        }
    }

    /// Adds `delta` open edges to the features of a node (every layer it belongs to).
    #[inline(always)]
    pub(crate) fn add_open(&mut self, node: NodeIndex, delta: i32) {
        let n = node.index() as u32;
        for l in 0..self.layers.len() {
            if !self.in_layer(l, n) {
                continue;
            }
            let layer = &mut self.layers[l];
            let r = layer.find(n) as usize;
            let open = &mut layer.roots[r].open;
            *open = open.saturating_add_signed(delta);
        }
    }

    /// Joins the features of two nodes along a graph edge, in every layer whose rule joins
    /// them: a match edge joins two segments of one ordinary kind, and two members of an
    /// aggregate; a link joins them when its relation is one the feature kind follows.
    pub(crate) fn join(&mut self, rules: &Rules, a: NodeIndex, b: NodeIndex, edge: Edge) {
        let (a, b) = (a.index() as u32, b.index() as u32);
        let (ka, kb) = (self.kind[a as usize], self.kind[b as usize]);
        let follows = |kind: FeatureId| match edge {
            Edge::Match => true,
            Edge::Link(r) => rules.features[kind].via.contains(&r),
        };
        if ka == kb && follows(ka) {
            self.union(0, a, b);
        }
        for l in 1..self.layers.len() {
            let Some(agg) = self.layers[l].aggregate else {
                continue;
            };
            if self.in_layer(l, a) && self.in_layer(l, b) && follows(agg) {
                self.union(l, a, b);
            }
        }
    }

    fn union(&mut self, l: usize, a: u32, b: u32) {
        let layer = &mut self.layers[l];
        let (ra, rb) = (layer.find(a), layer.find(b));
        if ra == rb {
            return;
        }
        // The larger feature's root stays the root.
        let (big, small) = if layer.roots[ra as usize].segments >= layer.roots[rb as usize].segments
        {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let s = layer.roots[small as usize];
        let g = &mut layer.roots[big as usize];
        g.segments = g.segments.saturating_add(s.segments);
        g.open = g.open.saturating_add(s.open);
        g.first = g.first.min(s.first);
        if s.items != NO_ROW {
            if g.items == NO_ROW {
                g.items = s.items;
            } else {
                let n = self.items;
                let (gi, si) = (g.items as usize * n, s.items as usize * n);
                for k in 0..n {
                    layer.items[gi + k] = layer.items[gi + k].saturating_add(layer.items[si + k]);
                }
            }
        }
        // Small into large: each id moves O(log n) times over a game.
        if s.pieces > 0 {
            g.pieces = g.pieces.saturating_add(s.pieces);
            let moved = layer.pieces.remove(&small).unwrap_or_default();
            let kept = layer.pieces.entry(big).or_default();
            if kept.len() < moved.len() {
                let had = std::mem::replace(kept, moved);
                kept.extend(had);
            } else {
                kept.extend(moved);
            }
        }
        layer.parent[small as usize] = big;
        layer.next.swap(small as usize, big as usize);
    }

    /// The layer of a feature kind.
    fn layer(&self, kind: FeatureId) -> Option<&Layer> {
        self.layers.get(*self.layer_of.get(kind)?)
    }

    fn root(&self, kind: FeatureId, node: NodeIndex) -> Option<&Root> {
        let (layer, r) = self.root_in(kind, node)?;
        layer.roots.get(r as usize)
    }

    /// The layer of a feature kind and the root of the feature through `node` there.
    fn root_in(&self, kind: FeatureId, node: NodeIndex) -> Option<(&Layer, u32)> {
        let layer = self.layer(kind)?;
        let n = u32::try_from(node.index()).ok()?;
        if n as usize >= layer.parent.len() {
            return None;
        }
        Some((layer, layer.find(n)))
    }

    /// The identity of the feature of kind `kind` through `node` (its root node): two
    /// nodes are in one feature when their roots are equal. Valid until the next tile is
    /// placed.
    pub fn find(&self, kind: FeatureId, node: NodeIndex) -> NodeIndex {
        match (self.layer(kind), u32::try_from(node.index())) {
            (Some(layer), Ok(n)) if (n as usize) < layer.parent.len() => {
                NodeIndex::new(layer.find(n) as usize)
            }
            _ => node,
        }
    }

    /// The identity of the feature of kind `kind` through `node` ([`Forest::find`]) with
    /// its open edges ([`Forest::open_edges`]) and whether a piece is counted on it
    /// ([`Forest::occupied`]), found in one walk.
    pub fn find_counted(&self, kind: FeatureId, node: NodeIndex) -> (NodeIndex, u32, bool) {
        match self.root_in(kind, node) {
            Some((layer, r)) => {
                let root = &layer.roots[r as usize];
                (NodeIndex::new(r as usize), root.open, root.pieces > 0)
            }
            None => (node, 0, false),
        }
    }

    /// Open edges of the feature of kind `kind` through `node`.
    pub fn open_edges(&self, kind: FeatureId, node: NodeIndex) -> u32 {
        self.root(kind, node).map_or(0, |r| r.open)
    }

    /// Distinct tiles of the feature (cost: its size; scoring reads them from
    /// [`crate::graph::component`]).
    pub fn tiles(&self, kind: FeatureId, node: NodeIndex) -> u32 {
        let mut nodes = self.nodes(kind, node);
        nodes.sort_unstable();
        self.tiles_of(&nodes).len() as u32
    }

    /// The distinct placed tiles of sorted segment nodes, in placement order (a tile's
    /// nodes are consecutive, so sorted nodes give sorted tiles).
    pub fn tiles_of(&self, sorted: &[NodeIndex]) -> Vec<u32> {
        let mut placed: Vec<u32> = sorted
            .iter()
            .filter_map(|n| self.placed.get(n.index()).copied())
            .collect();
        // A tile's nodes follow each other, and follow those of the tiles placed before
        // it, except the segments a tile laid anew gained (a bridge beside the tile
        // placed: `Board::reshape`), which come later.
        if !placed.is_sorted() {
            placed.sort_unstable();
        }
        placed.dedup();
        placed
    }

    /// Segments of the feature.
    pub fn segments(&self, kind: FeatureId, node: NodeIndex) -> u32 {
        self.root(kind, node).map_or(0, |r| r.segments)
    }

    /// The feature's smallest node (its [`crate::graph::Feature::id`]).
    pub fn first(&self, kind: FeatureId, node: NodeIndex) -> NodeIndex {
        self.root(kind, node)
            .map_or(node, |r| NodeIndex::new(r.first as usize))
    }

    /// Item counts of the feature (printed on its tiles, covered or not), by item id;
    /// empty when it holds none.
    pub fn items(&self, kind: FeatureId, node: NodeIndex) -> &[u32] {
        let Some((layer, r)) = self.root_in(kind, node) else {
            return &[];
        };
        match layer.roots[r as usize].items {
            NO_ROW => &[],
            row => {
                let at = row as usize * self.items;
                &layer.items[at..at + self.items]
            }
        }
    }

    /// Ids of the pieces counted on the feature (pieces whose role scores on `kind`,
    /// standing on one of its segments), in no particular order.
    pub fn pieces(&self, kind: FeatureId, node: NodeIndex) -> &[u32] {
        match self.root_in(kind, node) {
            Some((layer, r)) if layer.roots[r as usize].pieces > 0 => {
                layer.pieces.get(&r).map_or(&[], |v| v.as_slice())
            }
            _ => &[],
        }
    }

    /// Whether any piece is counted on the feature (see [`Forest::pieces`]).
    pub fn occupied(&self, kind: FeatureId, node: NodeIndex) -> bool {
        self.root(kind, node).is_some_and(|r| r.pieces > 0)
    }

    /// The feature's segments, in no particular order (cost: its size).
    pub fn nodes(&self, kind: FeatureId, node: NodeIndex) -> Vec<NodeIndex> {
        let Some(layer) = self.layer(kind) else {
            return vec![node];
        };
        let Ok(n) = u32::try_from(node.index()) else {
            return vec![node];
        };
        if n as usize >= layer.parent.len() {
            return vec![node];
        }
        let start = layer.find(n);
        let mut out = Vec::with_capacity(layer.roots[start as usize].segments as usize);
        out.push(NodeIndex::new(start as usize));
        let mut at = layer.next[start as usize];
        while at != start {
            out.push(NodeIndex::new(at as usize));
            at = layer.next[at as usize];
        }
        out
    }

    /// Every feature of every kind: (kind, root node, smallest node). Features of an
    /// ordinary kind come from its segments; an aggregate's from its members'.
    pub fn all(&self) -> Vec<(FeatureId, NodeIndex, NodeIndex)> {
        self.roots().collect()
    }

    /// The features of [`Forest::all`], without collecting them.
    pub fn roots(&self) -> impl Iterator<Item = (FeatureId, NodeIndex, NodeIndex)> + '_ {
        self.layers.iter().enumerate().flat_map(move |(l, layer)| {
            layer
                .parent
                .iter()
                .enumerate()
                .filter(move |&(n, &p)| p as usize == n && self.in_layer(l, n as u32))
                .map(move |(n, _)| {
                    let kind = layer.aggregate.unwrap_or(self.kind[n]);
                    let first = NodeIndex::new(layer.roots[n].first as usize);
                    (kind, NodeIndex::new(n), first)
                })
        })
    }

    /// Records piece `id` as counted on the feature of kind `kind` through `node`.
    pub(crate) fn add_piece(&mut self, kind: FeatureId, node: NodeIndex, id: u32) {
        if let Some((layer, r)) = self.root_mut(kind, node) {
            layer.roots[r as usize].pieces += 1;
            layer.pieces.entry(r).or_default().push(id);
        }
    }

    /// The layer of a feature kind and the root of the feature through `node` there
    /// (`None` for a kind or node the forest does not hold).
    fn root_mut(&mut self, kind: FeatureId, node: NodeIndex) -> Option<(&mut Layer, u32)> {
        let layer = self.layers.get_mut(*self.layer_of.get(kind)?)?;
        let n = node.index();
        if n >= layer.parent.len() {
            return None;
        }
        let r = layer.find(n as u32);
        Some((layer, r))
    }

    /// Forgets piece `id` on the feature of kind `kind` through `node`.
    pub(crate) fn remove_piece(&mut self, kind: FeatureId, node: NodeIndex, id: u32) {
        let Some((layer, r)) = self.root_mut(kind, node) else {
            return;
        };
        let Some(pieces) = layer.pieces.get_mut(&r) else {
            return;
        };
        if let Some(i) = pieces.iter().position(|&p| p == id) {
            pieces.swap_remove(i);
            layer.roots[r as usize].pieces -= 1;
        }
        if pieces.is_empty() {
            layer.pieces.remove(&r);
        }
    }

    /// Takes every piece id off the feature (it was scored and its pieces return).
    pub(crate) fn take_pieces(&mut self, kind: FeatureId, node: NodeIndex) -> Ids {
        let Some((layer, r)) = self.root_mut(kind, node) else {
            return Ids::new();
        };
        layer.roots[r as usize].pieces = 0;
        layer.pieces.remove(&r).unwrap_or_default()
    }
}
