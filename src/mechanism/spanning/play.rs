//! Laying tokens across tiles: where one may go, the tile it makes, the supply.

use super::table::key;
use crate::engine::{Event, Hooks, Placement, Span, SpanError, State, TurnError};
use crate::geometry::{offset, opposite};
use crate::rules::TileId;

/// The mechanism's hooks.
pub struct Play;

/// What the mechanism remembers during a game.
#[derive(Debug, Clone, Default)]
pub struct Laid {
    /// Tokens used, by entry, then by player.
    pub used: crate::engine::Spent,
}

/// Tokens of entry `entry` that `player` has left.
pub fn tokens_left(state: &State, entry: usize, player: usize) -> u32 {
    let table = &state.game().rules.mechanisms.spanning;
    let Some(e) = table.get(entry) else { return 0 };
    let total = e.supply_for(state.players().len());
    state.memory().spanning.used.left(entry, player, total)
}

/// What laying a token does: its entry, the tile beside the one placed laid anew (its
/// placed index and new shape), and the shape the tile placed is laid as.
struct Plan {
    entry: usize,
    beside: Option<(u32, TileId)>,
    shape: TileId,
}

/// Where `span` goes as `player`'s `tile` goes down at `at`, and what it makes; the fit
/// of the tile placed is not looked at (the turn's lay, or [`Play::spans`], does).
///
/// Errors: [`SpanError`].
fn plan(
    state: &State,
    player: usize,
    tile: TileId,
    at: Placement,
    span: Span,
) -> Result<Plan, SpanError> {
    let table = &state.game().rules.mechanisms.spanning;
    let mut active = (0..table.len())
        .filter(|&e| state.option_on(table[e].requires_option))
        .peekable();
    if active.peek().is_none() {
        return Err(SpanError::NoSpans);
    }
    let entry = active
        .find(|&e| tokens_left(state, e, player) > 0)
        .ok_or(SpanError::NoneLeft)?;
    let tiles = &state.game().tiles;
    if (span.x, span.y) == (at.x, at.y) {
        let printed = span.axis.turned(at.rotation);
        let shape = *tiles
            .derived
            .get(&(tile, key(entry, printed)))
            .ok_or(SpanError::NotAcross)?;
        return Ok(Plan {
            entry,
            beside: None,
            shape,
        });
    }
    let (dx, dy) = (
        i64::from(span.x) - i64::from(at.x),
        i64::from(span.y) - i64::from(at.y),
    );
    let next_to = (0..4u8).any(|s| {
        let (ox, oy) = offset(s);
        (i64::from(ox), i64::from(oy)) == (dx, dy)
    });
    if !next_to || !table[entry].beside {
        return Err(SpanError::OutOfReach);
    }
    let board = state.board();
    let on = board.at(span.x, span.y).ok_or(SpanError::NoTile)?;
    let p = board.placed[on as usize];
    if tiles.tiles[p.tile].derived_from.is_some() {
        return Err(SpanError::Twice);
    }
    let printed = span.axis.turned(p.rotation);
    let shape = *tiles
        .derived
        .get(&(p.tile, key(entry, printed)))
        .ok_or(SpanError::NotAcross)?;
    for end in span.axis.sides() {
        let (ox, oy) = offset(end);
        let cell = (span.x.saturating_add(ox), span.y.saturating_add(oy));
        if cell != (at.x, at.y) && board.at(cell.0, cell.1).is_some() {
            return Err(SpanError::EndFaces { side: end });
        }
    }
    Ok(Plan {
        entry,
        beside: Some((on, shape)),
        shape: tile,
    })
}

impl Hooks for Play {
    type Memory = Laid;

    fn span(
        state: &mut State,
        player: usize,
        tile: TileId,
        at: Placement,
        span: Span,
    ) -> Option<Result<TileId, TurnError>> {
        if state.game().rules.mechanisms.spanning.is_empty() {
            return None;
        }
        let plan = match plan(state, player, tile, at, span) {
            Ok(p) => p,
            Err(e) => return Some(Err(TurnError::Span(e))),
        };
        let on = match plan.beside {
            Some((on, shape)) => {
                if let Err(side) = state.reshape_tile(on, shape) {
                    return Some(Err(TurnError::Span(SpanError::EndFaces { side })));
                }
                on
            }
            // The tile placed gets the next index.
            None => state.board().placed.len() as u32,
        };
        let players = state.players().len();
        state
            .memory_mut()
            .spanning
            .used
            .spend(plan.entry, player, players);
        state.log_event(
            player,
            Event::Spanned {
                entry: plan.entry as u8,
                on,
                axis: span.axis,
            },
        );
        Some(Ok(plan.shape))
    }

    /// On the tile placed and the four beside it, each axis: those that go there and with
    /// which the tile fits.
    fn spans(state: &State, player: usize, tile: TileId, at: Placement, out: &mut Vec<Span>) {
        let table = &state.game().rules.mechanisms.spanning;
        if table.is_empty() {
            return;
        }
        let tiles = &state.game().tiles;
        let board = state.board();
        let cells = std::iter::once((0, 0)).chain((0..4u8).map(offset));
        for (dx, dy) in cells {
            let (Some(x), Some(y)) = (at.x.checked_add(dx), at.y.checked_add(dy)) else {
                continue;
            };
            for axis in crate::geometry::Axis::ALL {
                let span = Span { x, y, axis };
                let Ok(plan) = plan(state, player, tile, at, span) else {
                    continue;
                };
                let fits = match plan.beside {
                    None => board.fits(tiles, plan.shape, at.x, at.y, at.rotation),
                    Some(_) => {
                        // An end facing the tile placed shows it the new side kind.
                        let toward = axis.sides().into_iter().find(|&end| {
                            let (ox, oy) = offset(end);
                            (x.checked_add(ox), y.checked_add(oy)) == (Some(at.x), Some(at.y))
                        });
                        match toward {
                            Some(end) => board.fits_beside(
                                tiles,
                                tile,
                                at.x,
                                at.y,
                                at.rotation,
                                opposite(end),
                                table[plan.entry].side,
                            ),
                            None => board.fits(tiles, tile, at.x, at.y, at.rotation),
                        }
                    }
                };
                if fits.is_ok() {
                    out.push(span);
                }
            }
        }
    }

    fn may_span(state: &State, player: usize) -> bool {
        let table = &state.game().rules.mechanisms.spanning;
        (0..table.len()).any(|e| {
            state.option_on(table[e].requires_option) && tokens_left(state, e, player) > 0
        })
    }
}
