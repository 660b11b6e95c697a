//! Where a piece placed in addition to the turn's action may go, and its placing.

use crate::engine::{Action, Asked, Choice, Hooks, State, TurnError};

/// The mechanism's hooks.
pub struct Play;

impl Hooks for Play {
    type Memory = ();

    /// After the action: for each entry, the placement offered ([`places`]), decided.
    ///
    /// Errors: [`TurnError::ChoiceNotOffered`], [`TurnError::Piece`].
    #[inline]
    fn after_action(
        state: &mut State,
        player: usize,
        placed: u32,
        action: Action,
        asked: &mut Asked,
    ) -> Result<(), TurnError> {
        if state.game().rules.mechanisms.extra_pieces.is_empty() {
            return Ok(());
        }
        place_extra(state, player, placed, action, asked)
    }
}

/// [`Hooks::after_action`]'s work.
#[inline(never)]
fn place_extra(
    state: &mut State,
    player: usize,
    placed: u32,
    action: Action,
    asked: &mut Asked,
) -> Result<(), TurnError> {
    // A piece sent home leaves the player no other move (the princess).
    if matches!(action, Action::Expel { .. }) {
        return Ok(());
    }
    let table = state.game().rules.mechanisms.extra_pieces.clone();
    for e in &table {
        if !state.option_on(e.requires_option)
            || matches!(action, Action::Piece { kind, .. } if kind == e.piece)
        {
            continue;
        }
        let targets = places(state, player, placed, e.piece);
        if targets.is_empty() {
            continue;
        }
        let mut offered = Vec::with_capacity(targets.len() + 1);
        offered.push(Choice::Stay);
        offered.extend(targets);
        if let Choice::Place { placed: on, segment } = asked.choice_or(&offered, Choice::Stay)? {
            state
                .place_extra_piece(player, e.piece, on, usize::from(segment))
                .map_err(TurnError::Piece)?;
        }
    }
    Ok(())
}

/// Where `player` may place a piece of `kind` now, the turn's action taken: each segment
/// of the tile just placed (`placed`) the piece may go on, and, where the rules let the
/// piece go elsewhere (a magic portal), each segment of a feature not completed on the
/// other tiles; in placement order, segment by segment.
pub fn places(state: &State, player: usize, placed: u32, kind: usize) -> Vec<Choice> {
    if state.supply()[player][kind] == 0 {
        return Vec::new();
    }
    let away = state.may_place_away(player, placed, kind);
    let tiles = if away {
        0..state.board().placed.len() as u32
    } else {
        placed..placed + 1
    };
    let game = state.game();
    let mut out = Vec::new();
    for on in tiles {
        let def = &game.tiles.tiles[state.board().placed[on as usize].tile];
        for segment in 0..def.segments.len() {
            let ok = match state.can_place_piece(player, kind, on, segment, true) {
                Ok(piece) if on != placed => !crate::graph::completed(
                    &game.rules,
                    &game.tiles,
                    state.board(),
                    piece.scored_on,
                    piece.node,
                ),
                Ok(_) => true,
                Err(_) => false,
            };
            if ok {
                out.push(Choice::Place {
                    placed: on,
                    segment: segment as u8,
                });
            }
        }
    }
    out
}
