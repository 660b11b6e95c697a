//! Which pieces may escape at the end of a turn, and their going.

use crate::engine::{Asked, Choice, Event, Hooks, State, TurnError};
use crate::graph;

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// Offers `player` the pieces that may escape ([`escapable`]), and takes back the one
    /// chosen, if any.
    ///
    /// Errors: [`TurnError::ChoiceNotOffered`].
    #[inline]
    fn after_scoring(state: &mut State, player: usize, asked: &mut Asked) -> Result<(), TurnError> {
        if state.game().rules.mechanisms.escaping.is_empty() {
            return Ok(());
        }
        escape(state, player, asked)
    }
}

/// [`Hooks::after_scoring`]'s work.
#[inline(never)]
fn escape(state: &mut State, player: usize, asked: &mut Asked) -> Result<(), TurnError> {
    let mut offered = vec![Choice::Stay];
    offered.extend(
        escapable(state, player)
            .into_iter()
            .map(|(placed, segment)| Choice::TakeBack { placed, segment }),
    );
    if offered.len() == 1 {
        return Ok(());
    }
    if let Choice::TakeBack { placed, segment } = asked.choice_or(&offered, Choice::Stay)? {
        let node = state.board().node(placed, segment as usize);
        let id = state
            .pieces()
            .on_node(node)
            .find(|(_, p)| p.player == player)
            .map(|(id, _)| id);
        if let Some((p, followed)) = id.and_then(|id| state.send_home(id)) {
            state.log_event(
                player,
                Event::TakenBack {
                    kind: p.kind,
                    on: placed,
                    segment: segment as usize,
                },
            );
            state.log_followed_home(&followed);
        }
    }
    Ok(())
}

/// The pieces of `player`'s that may escape now, where they stand (placed tile, segment
/// index), in that order: each counts for majorities and stands in a feature holding the
/// item of an entry whose option is on, with a segment of one of the entry's `near` kinds
/// on one of the feature's tiles (those carrying the item, under the entry's
/// `item_tile_option`) or on a cell around one.
pub fn escapable(state: &State, player: usize) -> Vec<(u32, u8)> {
    let game = state.game();
    let table = &game.rules.mechanisms.escaping;
    let board = state.board();
    let mut out: Vec<(u32, u8)> = Vec::new();
    for p in state.pieces().iter() {
        if p.player != player || !game.rules.pieces[p.kind].majority {
            continue;
        }
        // The feature's running item counts say whether it holds an entry's item; only
        // then is it written out.
        let items = board.features.items(p.scored_on, p.node);
        let holds = |e: &super::table::Escaping| {
            state.option_on(e.requires_option) && items.get(e.item).is_some_and(|&n| n > 0)
        };
        if !table.iter().any(holds) {
            continue;
        }
        let f = graph::component(&game.rules, &game.tiles, board, p.scored_on, p.node);
        let open = table.iter().any(|e| {
            if !holds(e) {
                return false;
            }
            let only_carrying = e.item_tile_option.is_some() && state.option_on(e.item_tile_option);
            f.tiles.iter().any(|&t| {
                let at = board.placed[t as usize];
                let def = &game.tiles.tiles[at.tile];
                if only_carrying
                    && !def
                        .segments
                        .iter()
                        .any(|s| s.carries(e.item))
                {
                    return false;
                }
                (-1..=1).any(|dx| {
                    (-1..=1).any(|dy| {
                        board.at(at.x + dx, at.y + dy).is_some_and(|q| {
                            let near = &game.tiles.tiles[board.placed[q as usize].tile];
                            near.segments.iter().any(|s| e.near.contains(&s.feature))
                        })
                    })
                })
            })
        });
        if open {
            let n = board.graph[p.node];
            out.push((n.placed, n.segment));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
