//! Where each figure stands, where it may step, and what it takes.

use crate::engine::{Action, Asked, Choice, Event, Hooks, PieceError, State, TurnError};
use crate::rules::TileId;
use crate::score::Piece;

/// The mechanism's hooks.
pub struct Play;

/// What the mechanism remembers during a game: by figure, the placed tile it stands on,
/// once it has come onto the board.
#[derive(Debug, Clone, Default)]
pub struct Roamed {
    /// By figure (the rule set's order): the placed tile, or `None` before it arrives.
    pub at: Vec<Option<u32>>,
}

/// Whether placed tile `placed` carries the tile item `item`.
fn carries(state: &State, placed: u32, item: crate::rules::ItemId) -> bool {
    let game = state.game();
    let tile = state.board().placed[placed as usize].tile;
    game.tiles.tiles[tile].carries(item)
}

/// The placed tile figure `figure` stands on, if it is on the board.
fn position(state: &State, figure: usize) -> Option<u32> {
    state.memory().roaming_figures.at.get(figure).copied().flatten()
}

impl Hooks for Play {
    type Memory = Roamed;

    /// A tile carrying a figure's `arrives_on` brings the figure onto it.
    #[inline]
    fn after_tile_placed(
        state: &mut State,
        player: usize,
        placed: u32,
    ) -> Option<crate::rules::PieceKindId> {
        if !state.game().rules.mechanisms.roaming_figures.is_empty() {
            arrive(state, player, placed);
        }
        None
    }

    /// No piece on the tile where a figure stands.
    #[inline]
    fn may_place_piece(state: &State, piece: &Piece) -> Result<(), PieceError> {
        let table = &state.game().rules.mechanisms.roaming_figures;
        if table.is_empty() {
            return Ok(());
        }
        let on = state.board().graph[piece.node].placed;
        match (0..table.len()).find(|&f| position(state, f) == Some(on)) {
            Some(f) => Err(PieceError::FigureOnTile { figure: f as u8 }),
            None => Ok(()),
        }
    }

    /// A tile that moves a figure is not drawn before the figure is on the board.
    #[inline]
    fn may_draw(state: &State, tile: TileId) -> bool {
        let table = &state.game().rules.mechanisms.roaming_figures;
        if table.is_empty() {
            return true;
        }
        let def = &state.game().tiles.tiles[tile];
        table.iter().enumerate().all(|(f, r)| {
            !state.option_on(r.requires_option)
                || position(state, f).is_some()
                || !def.carries(r.moved_by)
        })
    }

    /// Before the turn's scoring: the moves of the figures that move then.
    #[inline]
    fn after_action(
        state: &mut State,
        player: usize,
        placed: u32,
        _action: Action,
        asked: &mut Asked,
    ) -> Result<(), TurnError> {
        if state.game().rules.mechanisms.roaming_figures.is_empty() {
            return Ok(());
        }
        roam(state, player, placed, false, asked)
    }

    /// After the turn's scoring: the moves of the figures that move then.
    #[inline]
    fn after_scoring(state: &mut State, player: usize, asked: &mut Asked) -> Result<(), TurnError> {
        if state.game().rules.mechanisms.roaming_figures.is_empty() {
            return Ok(());
        }
        let placed = state.board().placed.len().saturating_sub(1) as u32;
        roam(state, player, placed, true, asked)
    }
}

/// [`Hooks::after_tile_placed`]'s work: each figure whose `arrives_on` the tile carries
/// comes onto it.
#[inline(never)]
fn arrive(state: &mut State, player: usize, placed: u32) {
    let table = &state.game().rules.mechanisms.roaming_figures;
    for (f, r) in table.iter().enumerate() {
        if !state.option_on(r.requires_option) || !carries(state, placed, r.arrives_on) {
            continue;
        }
        let at = &mut state.memory_mut().roaming_figures.at;
        if at.len() <= f {
            at.resize(f + 1, None);
        }
        at[f] = Some(placed);
        state.log_event(
            player,
            Event::Roamed {
                figure: f as u8,
                on: placed,
                arrived: true,
            },
        );
    }
}

/// The moves of the figures that move at this point of the turn (`after_scoring`: after
/// the scoring), when the tile just placed (`placed`) carries their `moved_by` and they
/// stand on the board.
#[inline(never)]
fn roam(
    state: &mut State,
    player: usize,
    placed: u32,
    after_scoring: bool,
    asked: &mut Asked,
) -> Result<(), TurnError> {
    let game = state.game();
    let table = &game.rules.mechanisms.roaming_figures;
    for (f, r) in table.iter().enumerate() {
        let late = r.after_scoring_option.is_some() && state.option_on(r.after_scoring_option);
        if late != after_scoring
            || !state.option_on(r.requires_option)
            || !carries(state, placed, r.moved_by)
        {
            continue;
        }
        let Some(mut here) = position(state, f) else {
            continue;
        };
        let mut visited = vec![here];
        let players = state.players().len().max(1);
        for step in 0..r.steps as usize {
            // Each step is the next player's, from the player of the turn.
            let chooser = (player + step) % players;
            let offered = steps(state, here, &visited);
            if offered.is_empty() {
                break;
            }
            let Choice::Step { placed: to } = asked.choice(&offered)? else {
                continue;
            };
            state.memory_mut().roaming_figures.at[f] = Some(to);
            visited.push(to);
            here = to;
            state.log_event(
                chooser,
                Event::Roamed {
                    figure: f as u8,
                    on: to,
                    arrived: false,
                },
            );
            take_pieces(state, chooser, f, to);
        }
    }
    Ok(())
}

/// The steps a figure on placed tile `here` may take: onto each tile orthogonally next to
/// it not in `visited` and not closed to it ([`State::shielded`]), north, east, south,
/// west.
pub fn steps(state: &State, here: u32, visited: &[u32]) -> Vec<Choice> {
    let board = state.board();
    let at = board.placed[here as usize];
    [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .into_iter()
        .filter_map(|(dx, dy)| board.at(at.x + dx, at.y + dy))
        .filter(|p| !visited.contains(p) && !state.shielded(*p))
        .map(|placed| Choice::Step { placed })
        .collect()
}

/// Every piece on placed tile `on` but the kinds figure `f` spares goes back to its
/// owner's supply (logged for `player`, who stepped the figure there).
fn take_pieces(state: &mut State, player: usize, f: usize, on: u32) {
    let spares = &state.game().rules.mechanisms.roaming_figures[f].spares;
    let taken: Vec<(u32, Piece)> = state
        .pieces()
        .with_ids()
        .filter(|(_, p)| {
            state.board().graph[p.node].placed == on
                && !spares.contains(&p.kind)
                // Not a piece of a converted feature (a castle's knight).
                && !state.withheld(p.scored_on, p.node)
        })
        .map(|(id, p)| (id, *p))
        .collect();
    for (id, p) in taken {
        if let Some((_, followed)) = state.send_home(id) {
            let segment = usize::from(state.board().graph[p.node].segment);
            state.log_event(
                player,
                Event::TakenByFigure {
                    figure: f as u8,
                    kind: p.kind,
                    owner: p.player,
                    on,
                    segment,
                },
            );
            state.log_followed_home(&followed);
        }
    }
}
