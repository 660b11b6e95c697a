//! The pieces on the board, by id: in the order they were placed, indexed by the segment
//! they stand on and counted by owner and kind. The features they count on index them by
//! id too ([`crate::graph::Forest::pieces`]).

use std::fmt;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use petgraph::graph::NodeIndex;

use crate::score::Piece;

/// The pieces on the board. A piece's id is its placement number: ids are never reused,
/// so iterating gives the pieces in the order they were placed.
#[derive(Default)]
pub struct Pieces {
    /// Every piece placed, `None` once it left the board.
    slots: Vec<Option<Piece>>,
    /// Pieces on the board.
    live: usize,
    /// Ids of the pieces on each segment, in placement order.
    by_node: FxHashMap<NodeIndex, SmallVec<[u32; 2]>>,
    /// Pieces on the board by player, then piece kind (grown as pieces come).
    count: Vec<Vec<u32>>,
}

crate::forest::clone_by_fields!(Pieces {
    slots,
    live,
    by_node,
    count
});

impl Pieces {
    /// The pieces on the board, in the order they were placed.
    pub fn iter(&self) -> impl Iterator<Item = &Piece> + '_ {
        self.slots.iter().flatten()
    }

    /// The pieces on the board with their ids, in the order they were placed.
    pub fn with_ids(&self) -> impl Iterator<Item = (u32, &Piece)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.as_ref().map(|p| (i as u32, p)))
    }

    /// Number of pieces on the board.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether the board holds no piece.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// The piece with an id, if it is on the board.
    pub fn get(&self, id: u32) -> Option<&Piece> {
        self.slots.get(id as usize).and_then(Option::as_ref)
    }

    /// The pieces standing on a segment, with their ids, in the order they were placed.
    pub fn on_node(&self, node: NodeIndex) -> impl Iterator<Item = (u32, &Piece)> + '_ {
        self.by_node
            .get(&node)
            .into_iter()
            .flatten()
            .filter_map(|&id| self.get(id).map(|p| (id, p)))
    }

    /// How many pieces of a kind a player has on the board.
    pub fn count(&self, player: usize, kind: usize) -> u32 {
        self.count
            .get(player)
            .and_then(|k| k.get(kind))
            .copied()
            .unwrap_or(0)
    }

    /// Takes every piece off, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
        self.live = 0;
        self.by_node.clear();
        for kinds in &mut self.count {
            kinds.fill(0);
        }
    }

    /// Puts a piece on the board; returns its id.
    pub(crate) fn insert(&mut self, piece: Piece) -> u32 {
        let id = self.slots.len() as u32;
        self.slots.push(Some(piece));
        self.live += 1;
        self.by_node.entry(piece.node).or_default().push(id);
        if self.count.len() <= piece.player {
            self.count.resize(piece.player + 1, Vec::new());
        }
        let kinds = &mut self.count[piece.player];
        if kinds.len() <= piece.kind {
            kinds.resize(piece.kind + 1, 0);
        }
        kinds[piece.kind] += 1;
        id
    }

    /// Takes a piece off the board.
    pub(crate) fn remove(&mut self, id: u32) -> Option<Piece> {
        let piece = self.slots.get_mut(id as usize)?.take()?;
        self.live -= 1;
        if let Some(v) = self.by_node.get_mut(&piece.node) {
            v.retain(|i| *i != id);
            if v.is_empty() {
                self.by_node.remove(&piece.node);
            }
        }
        if let Some(c) = self
            .count
            .get_mut(piece.player)
            .and_then(|k| k.get_mut(piece.kind))
        {
            *c = c.saturating_sub(1);
        }
        Some(piece)
    }
}

impl fmt::Debug for Pieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Tokens a mechanism's players have used, by entry of its section, then by player (a
/// tower's floors, castles), against a supply that depends on the number of players
/// ([`crate::rules::supply_for`]).
#[derive(Debug, Clone, Default)]
pub struct Spent(Vec<Vec<u32>>);

impl Spent {
    /// How many of `total` tokens of entry `entry` `player` has left.
    pub fn left(&self, entry: usize, player: usize, total: u32) -> u32 {
        let used = self
            .0
            .get(entry)
            .and_then(|u| u.get(player))
            .copied()
            .unwrap_or(0);
        total.saturating_sub(used)
    }

    /// Counts one token of entry `entry` used by `player` (of `players`).
    pub fn spend(&mut self, entry: usize, player: usize, players: usize) {
        if self.0.len() <= entry {
            self.0.resize(entry + 1, Vec::new());
        }
        let used = &mut self.0[entry];
        if used.len() < players.max(player + 1) {
            used.resize(players.max(player + 1), 0);
        }
        used[player] = used[player].saturating_add(1);
    }
}
