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

/// Where `player` may place a piece of `kind` now, the turn's action taken: where
/// [`State::piece_places`] says (the tile just placed, `placed`, or through a magic portal
/// a feature not completed elsewhere), when the player has one in supply.
pub fn places(state: &State, player: usize, placed: u32, kind: usize) -> Vec<Choice> {
    if state.supply()[player][kind] == 0 {
        return Vec::new();
    }
    state
        .piece_places(player, placed, kind)
        .into_iter()
        .map(|(on, segment)| Choice::Place {
            placed: on,
            segment: segment as u8,
        })
        .collect()
}
