//! Drawing for flocks, the owner's decisions, and scoring them.

use smallvec::SmallVec;

use crate::engine::{Action, Asked, AwardSource, Choice, Event, Hooks, Phase, State, TurnError};

/// The mechanism's hooks.
pub struct Play;

/// What the mechanism remembers: the tokens of each flock, by the id of the piece that
/// keeps it (its placement number), with the flock's entry in the section.
#[derive(Debug, Clone, Default)]
pub struct Flocks {
    /// (piece id, flock entry, token values drawn), in the order the pieces were placed.
    pub kept: Vec<(u32, usize, SmallVec<[u32; 8]>)>,
}

impl Hooks for Play {
    type Memory = Flocks;

    /// The draw for a flock piece just placed, then the flocks on features with no open
    /// edge, then one decision per feature of the player's flocks that the tile extends
    /// (grow: draw; score), each followed by the flocks on closed features.
    #[inline(always)]
    fn after_action(
        state: &mut State,
        player: usize,
        placed: u32,
        action: Action,
        asked: &mut Asked,
    ) -> Result<(), TurnError> {
        if state.game().rules.mechanisms.flocks.is_empty() {
            return Ok(());
        }
        act(state, player, placed, action, asked)
    }

    /// Flocks whose piece left the board otherwise (its feature scored) are forgotten:
    /// their tokens go back to the bag.
    #[inline]
    fn after_turn_scored(state: &mut State, _player: usize, _completed: &[crate::engine::Completed]) {
        if !state.game().rules.mechanisms.flocks.is_empty() {
            forget_lost(state);
        }
    }
}

/// The hook's work, apart from its test that the rule set has any flock (inlined into
/// every turn).
#[inline(never)]
fn act(
    state: &mut State,
    player: usize,
    placed: u32,
    action: Action,
    asked: &mut Asked,
) -> Result<(), TurnError> {
    let game = state.game();
    let table = &game.rules.mechanisms.flocks;
    forget_lost(state);
    let mut draws = 0usize;
    // The piece just placed draws at once.
    let mut just = None;
    if let Action::Piece { kind, .. } = action {
        if let Some(fi) = table.iter().position(|f| f.piece == kind) {
            let id = state
                .pieces()
                .with_ids()
                .filter(|(_, p)| p.player == player && p.kind == kind)
                .map(|(id, _)| id)
                .max();
            if let Some(id) = id {
                state.memory_mut().flocks.kept.push((id, fi, SmallVec::new()));
                just = Some(id);
                grow(state, fi, id, player, &mut draws, asked)?;
            }
        }
    }
    // The player's other flocks on features the tile extends: one decision each.
    let tile = game.tiles.tiles[state.board().placed[placed as usize].tile].segments.len();
    let mut asked_for: Vec<(u32, usize, petgraph::graph::NodeIndex)> = Vec::new();
    for &(id, fi, _) in &state.memory().flocks.kept {
        if Some(id) == just {
            continue;
        }
        let Some(p) = state.pieces().get(id).filter(|p| p.player == player) else {
            continue;
        };
        let kind = table[fi].feature;
        let root = state.board().features.find(kind, p.node);
        let extended = (0..tile).any(|s| {
            let node = state.board().node(placed, s);
            game.rules.features[kind]
                .members
                .contains(&state.board().graph[node].feature)
                && state.board().features.find(kind, node) == root
        });
        if extended && !asked_for.iter().any(|&(_, k, r)| k == kind && r == root) {
            asked_for.push((id, kind, root));
        }
    }
    score_closed(state, &asked_for);
    for &(id, _, _) in &asked_for {
        let choice = asked.choice(&[Choice::Grow, Choice::Score])?;
        let Some(fi) = flock_of(state, id) else {
            continue;
        };
        match choice {
            Choice::Grow => grow(state, fi, id, player, &mut draws, asked)?,
            _ => score(state, fi, id),
        }
        score_closed(state, &[]);
    }
    Ok(())
}

/// The flock entry a piece keeps, if it keeps one.
fn flock_of(state: &State, id: u32) -> Option<usize> {
    state
        .memory()
        .flocks
        .kept
        .iter()
        .find(|(i, _, _)| *i == id)
        .map(|&(_, fi, _)| fi)
}

/// Forgets the flocks whose piece is no longer on the board.
fn forget_lost(state: &mut State) {
    let on: Vec<bool> = state
        .memory()
        .flocks
        .kept
        .iter()
        .map(|(id, _, _)| state.pieces().get(*id).is_some())
        .collect();
    let mut k = 0;
    state.memory_mut().flocks.kept.retain(|_| {
        k += 1;
        on[k - 1]
    });
}

/// The bag of flock entry `fi` now: its tokens minus those in its flocks on the board.
fn bag_now(state: &State, fi: usize) -> Vec<(u32, u32)> {
    let mut bag = state.game().rules.mechanisms.flocks[fi].bag.clone();
    for (_, f, tokens) in &state.memory().flocks.kept {
        if *f != fi {
            continue;
        }
        for &t in tokens {
            if let Some(slot) = bag.iter_mut().find(|(v, n)| *v == t && *n > 0) {
                slot.1 -= 1;
            }
        }
    }
    bag
}

/// The ids of the pieces keeping flocks of entry `fi` on the feature of piece `id`.
fn sharing(state: &State, fi: usize, id: u32) -> Vec<u32> {
    let kind = state.game().rules.mechanisms.flocks[fi].feature;
    let Some(p) = state.pieces().get(id) else {
        return Vec::new();
    };
    let root = state.board().features.find(kind, p.node);
    state
        .memory()
        .flocks
        .kept
        .iter()
        .filter(|(_, f, _)| *f == fi)
        .filter_map(|(i, _, _)| {
            let q = state.pieces().get(*i)?;
            (state.board().features.find(kind, q.node) == root).then_some(*i)
        })
        .collect()
}

/// Draws a token for the flock of piece `id`: added to it, or, of the ending value, the
/// flock on its feature is lost and its pieces return.
fn grow(
    state: &mut State,
    fi: usize,
    id: u32,
    player: usize,
    draws: &mut usize,
    asked: &mut Asked,
) -> Result<(), TurnError> {
    let bag = bag_now(state, fi);
    let value = state.take_draw(&bag, *draws, asked)?;
    *draws += 1;
    let ends = state.game().rules.mechanisms.flocks[fi].ends_on == Some(value);
    if ends {
        let pieces = sharing(state, fi, id);
        release(state, &pieces);
        state.log_event(
            player,
            Event::FlockLost {
                flock: fi,
                value,
                pieces: pieces.len() as u32,
            },
        );
        return Ok(());
    }
    if let Some((_, _, tokens)) = state
        .memory_mut()
        .flocks
        .kept
        .iter_mut()
        .find(|(i, _, _)| *i == id)
    {
        tokens.push(value);
    }
    let total = flock_total(state, fi, id).0;
    state.log_event(
        player,
        Event::FlockGrew {
            flock: fi,
            value,
            total,
        },
    );
    Ok(())
}

/// The total of the flocks on the feature of piece `id`, and their tokens.
fn flock_total(state: &State, fi: usize, id: u32) -> (u64, u32) {
    let pieces = sharing(state, fi, id);
    let mut total = 0u64;
    let mut tokens = 0u32;
    for (i, _, t) in &state.memory().flocks.kept {
        if pieces.contains(i) {
            total += t.iter().map(|&v| u64::from(v)).sum::<u64>();
            tokens += t.len() as u32;
        }
    }
    (total, tokens)
}

/// Scores the flocks on the feature of piece `id`: each owner of a piece keeping one
/// there receives the total once; the pieces return, the tokens go back to the bag.
fn score(state: &mut State, fi: usize, id: u32) {
    let pieces = sharing(state, fi, id);
    let (total, tokens) = flock_total(state, fi, id);
    let mut owners: Vec<usize> = pieces
        .iter()
        .filter_map(|&i| state.pieces().get(i).map(|p| p.player))
        .collect();
    owners.sort_unstable();
    owners.dedup();
    release(state, &pieces);
    let points = i64::try_from(total).unwrap_or(i64::MAX);
    for p in owners {
        state.award(
            p,
            points,
            Phase::Play,
            AwardSource::Flock { flock: fi, tokens },
        );
    }
}

/// Scores every flock on a feature with no open edge left, except those on the features
/// in `waiting` (a decision about them is still to come).
fn score_closed(state: &mut State, waiting: &[(u32, usize, petgraph::graph::NodeIndex)]) {
    loop {
        let table = &state.game().rules.mechanisms.flocks;
        let closed = state.memory().flocks.kept.iter().find_map(|&(id, fi, _)| {
            let p = state.pieces().get(id)?;
            let kind = table[fi].feature;
            let root = state.board().features.find(kind, p.node);
            let open = state.board().features.open_edges(kind, p.node);
            (open == 0 && !waiting.iter().any(|&(_, k, r)| k == kind && r == root))
                .then_some((id, fi))
        });
        match closed {
            Some((id, fi)) => score(state, fi, id),
            None => return,
        }
    }
}

/// Returns the pieces with ids `pieces` to supply and forgets their flocks (the tokens go
/// back to the bag).
fn release(state: &mut State, pieces: &[u32]) {
    for &i in pieces {
        state.return_piece_id(i);
    }
    state
        .memory_mut()
        .flocks
        .kept
        .retain(|(i, _, _)| !pieces.contains(i));
}
