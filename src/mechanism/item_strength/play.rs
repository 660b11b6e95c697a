//! A counted piece's strength when its feature's majority is decided.

use crate::engine::{Hooks, State};
use crate::graph::Feature;
use crate::score::Piece;

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// Each piece of a counted kind on the feature counts the number of its item on the
    /// feature instead of its weight.
    #[inline]
    fn strength(state: &State, f: &Feature, on: &[Piece], strengths: &mut [u32]) {
        let rules = &state.game().rules;
        let table = &rules.mechanisms.item_strength;
        if table.is_empty() {
            return;
        }
        let mut items = None;
        for p in on {
            let Some(s) = table.iter().find(|s| s.piece == p.kind) else {
                continue;
            };
            let counted = items.get_or_insert_with(|| state.ctx().feature_items(f));
            let n = u32::try_from(counted.get(s.item).copied().unwrap_or(0)).unwrap_or(u32::MAX);
            if let Some(x) = strengths.get_mut(p.player) {
                *x = x.saturating_sub(rules.pieces[p.kind].weight).saturating_add(n);
            }
        }
    }
}
