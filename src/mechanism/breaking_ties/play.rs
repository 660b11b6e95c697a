//! Breaking a tie for a feature's majority.

use crate::engine::{Hooks, State};
use crate::score::Piece;

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// Narrows the tied `scorers` to those with the most of their majority-counting pieces
    /// of `on` on tiles carrying the tie-break's item (counted once per player when by
    /// presence); unchanged when none of them has one.
    #[inline]
    fn break_tie(state: &State, on: &[Piece], scorers: &mut Vec<usize>) {
        let game = state.game();
        for tb in &game.rules.mechanisms.breaking_ties {
            if scorers.len() < 2 || !state.option_on(tb.requires_option) {
                continue;
            }
            let by_pieces = tb.by_pieces || tb.pieces_option.is_some_and(|o| state.options()[o]);
            let mut keys = vec![0u32; state.players().len()];
            for p in on {
                if !game.rules.pieces[p.kind].majority || !scorers.contains(&p.player) {
                    continue;
                }
                let placed = state.board().graph[p.node].placed as usize;
                let tile = &game.tiles.tiles[state.board().placed[placed].tile];
                if tile.carries(tb.item) {
                    let k = &mut keys[p.player];
                    *k = if by_pieces { k.saturating_add(1) } else { 1 };
                }
            }
            let best = scorers.iter().map(|&s| keys[s]).max().unwrap_or(0);
            if best > 0 {
                scorers.retain(|&s| keys[s] == best);
            }
        }
    }
}
