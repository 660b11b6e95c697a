//! Whether the tile just placed lets the turn's piece go elsewhere.

use crate::engine::{Hooks, State};
use crate::rules::PieceKindId;

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// Yes for a piece that counts for majorities when the tile just placed carries one
    /// of the section's items (its option on).
    #[inline]
    fn may_place_away(state: &State, _player: usize, placed: u32, kind: PieceKindId) -> bool {
        let rules = &state.game().rules;
        let table = &rules.mechanisms.placing_away;
        if table.is_empty() || !rules.pieces[kind].majority {
            return false;
        }
        let Some(at) = state.board().placed.get(placed as usize) else {
            return false;
        };
        let def = &state.game().tiles.tiles[at.tile];
        table
            .iter()
            .any(|p| state.option_on(p.requires_option) && def.carries(p.item))
    }
}
