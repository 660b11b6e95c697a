//! Which followers the tile just placed may send home.

use crate::engine::{Hooks, State};

/// The mechanism's hooks.
pub struct Play;

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
            let carries = table.iter().any(|e| {
                state.option_on(e.requires_option)
                    && seg.items.iter().any(|&(i, n)| i == e.item && n > 0)
            });
            if !carries {
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
        game.tiles.tiles[at.tile].segments.iter().any(|seg| {
            table.iter().any(|e| {
                state.option_on(e.requires_option)
                    && seg.items.iter().any(|&(i, n)| i == e.item && n > 0)
            })
        })
    }
}
