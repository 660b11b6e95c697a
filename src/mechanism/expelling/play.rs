//! Which followers the tile just placed may send home.

use crate::engine::{Hooks, State};

/// The mechanism's hooks.
pub struct Play;

/// Whether a segment carries one of the section's items, its option on.
fn carries(state: &State, seg: &crate::rules::Segment) -> bool {
    state.game().rules.mechanisms.expelling.iter().any(|e| {
        state.option_on(e.requires_option) && seg.carries(e.item)
    })
}

impl Hooks for Play {
    type Memory = ();

    /// Every piece that counts for majorities standing in a feature joined by a segment
    /// of the tile just placed that carries one of the section's items, where it stands.
    #[inline]
    fn expellable(state: &State, _player: usize, placed: u32, out: &mut Vec<(u32, usize)>) {
        let game = state.game();
        let table = &game.rules.mechanisms.expelling;
        if table.is_empty() {
            return;
        }
        let Some(at) = state.board().placed.get(placed as usize) else {
            return;
        };
        let def = &game.tiles.tiles[at.tile];
        for (s, seg) in def.segments.iter().enumerate() {
            if !carries(state, seg) {
                continue;
            }
            let node = state.board().node(placed, s);
            let kind = state.board().graph[node].feature;
            for &id in state.board().features.pieces(kind, node) {
                let Some(p) = state.pieces().get(id) else {
                    continue;
                };
                if game.rules.pieces[p.kind].majority {
                    let n = state.board().graph[p.node];
                    out.push((n.placed, n.segment as usize));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Whether the tile just placed obliges `player` to send a piece home: one it offers
    /// under an entry whose `must_option` is on.
    #[inline]
    fn must_expel(state: &State, player: usize, placed: u32) -> bool {
        let table = &state.game().rules.mechanisms.expelling;
        if !table.iter().any(|e| e.must_option.is_some_and(|o| state.options()[o])) {
            return false;
        }
        let mut out = Vec::new();
        Self::expellable(state, player, placed, &mut out);
        !out.is_empty()
    }

    /// Whether the tile just placed has a segment carrying one of the section's items.
    #[inline]
    fn may_expel_any(state: &State, _player: usize, placed: u32) -> bool {
        let game = state.game();
        let table = &game.rules.mechanisms.expelling;
        if table.is_empty() {
            return false;
        }
        let Some(at) = state.board().placed.get(placed as usize) else {
            return false;
        };
        game.tiles.tiles[at.tile]
            .segments
            .iter()
            .any(|seg| carries(state, seg))
    }
}
