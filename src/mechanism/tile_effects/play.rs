//! Applying the effects of the items on the tile just placed.

use petgraph::graph::NodeIndex;

use crate::engine::{Event, Hooks, Phase, State};
use crate::graph;
use crate::rules::{Count, PieceKindId};
use crate::score::{self, Within};

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// The effects of the items on the tile just placed (index `placed`), for `player`, in
    /// segment order and then the rule set's order: immediate scoring (logboat, hunting
    /// trap) with covering. Returns the piece kind an effect lets the player take back
    /// (shaman), if any.
    #[inline(always)]
    fn after_tile_placed(state: &mut State, player: usize, placed: u32) -> Option<PieceKindId> {
        if state.game().rules.mechanisms.tile_effects.is_empty() {
            return None;
        }
        self::placed(state, player, placed)
    }
}

/// The hook's work, apart from its test that the rule set has any entry (inlined into
/// every turn).
#[inline(never)]
fn placed(state: &mut State, player: usize, placed: u32) -> Option<PieceKindId> {
    let game = state.game();
    let rules = &game.rules;
    let effects = &rules.mechanisms.tile_effects;
    if effects.is_empty() {
        return None;
    }
    let p = state.board().placed[placed as usize];
    let mut may_return = None;
    // Items on the tile as a whole: tiles hidden, a piece that may be returned.
    for effect in effects {
        let on_tile = game.tiles.tiles[p.tile].carries(effect.item);
        if !on_tile || !state.option_on(effect.requires_option) {
            continue;
        }
        hide(state, effect, player);
        may_return = may_return.or(effect.return_piece);
    }
    for seg in 0..game.tiles.tiles[p.tile].segments.len() {
        let node = state.board().node(placed, seg);
        for effect in effects {
            if state.ctx().items_on(node, effect.item) == 0
                || !state.option_on(effect.requires_option)
            {
                continue;
            }
            hide(state, effect, player);
            may_return = may_return.or(effect.return_piece);
            let Some(kind) = effect.feature else {
                continue;
            };
            if effect.score.is_empty()
                || !rules.features[kind]
                    .members
                    .contains(&state.board().graph[node].feature)
            {
                continue;
            }
            let f = graph::component(rules, &game.tiles, state.board(), kind, node);
            let within = effect.within.map(|radius| Within {
                centre: (p.x, p.y),
                radius,
            });
            let ctx = state.ctx();
            let scope: Vec<NodeIndex> = ctx.scoped(&f, within).collect();
            let Some((v, case)) = score::value_with_case(&ctx, &f, &effect.score, within)
            else {
                continue;
            };
            // What gets covered: every counted item in the scope, and of the items that
            // cancel others only as many as did cancel (a tiger that ate no deer stays).
            let terms = &effect.score[case].terms;
            let mut cover: Vec<(usize, u32)> = Vec::new();
            for (t, tv) in terms.iter().zip(&v.terms) {
                if let Count::Item(i) = t.count {
                    cover.push((i, u32::MAX));
                }
                if let Some(c) = t.cancelled_by {
                    cover.push((c, tv.cancelled as u32));
                }
            }
            state.bank_points(player, v.points);
            let mut e = state.scored_record(f, Phase::Effect, false, vec![player], v);
            e.effect = Some(effect.item);
            if effect.cover {
                for (item, mut left) in cover {
                    for &n in &scope {
                        let k = state.ctx().items_on(n, item).min(left);
                        if k > 0 {
                            left -= k;
                            state.cover_items(n, item, k);
                        }
                    }
                }
            }
            state.record_scored(e);
        }
    }
    may_return
}

/// The tiles an effect hides (`hide_tiles`: under a hill), logged for `player`.
fn hide(state: &mut State, effect: &crate::mechanism::tile_effects::table::Effect, player: usize) {
    if effect.hide_tiles > 0 {
        let count = state.hide_tiles(effect.hide_tiles);
        if count > 0 {
            let item = effect.item;
            state.log_event(player, Event::TilesHidden { item, count });
        }
    }
}
