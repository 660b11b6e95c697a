//! When a turn earns an extra turn.

use crate::engine::{Completed, Hooks, State};

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// The stack of the extra turn the features a tile completed earn, if any: the first
    /// rule whose kind was completed holding its item (and a piece, under its option),
    /// while its stack has tiles left.
    #[inline]
    fn earned_extra_turn(state: &State, completed: &[Completed]) -> Option<Option<usize>> {
        let rules = &state.game().rules;
        rules.mechanisms.extra_turns.iter().find_map(|b| {
            let earned = completed.iter().any(|c| {
                c.kind == b.feature
                    && c.items[b.item] > 0
                    && (b.requires_piece_option.is_none_or(|o| !state.options()[o]) || c.pieces)
            });
            let left = state
                .game()
                .tiles
                .tiles
                .iter()
                .enumerate()
                .filter(|(_, t)| t.stack == Some(b.stack))
                .any(|(i, t)| state.used()[i] < t.count);
            (earned && left).then_some(Some(b.stack))
        })
    }
}
