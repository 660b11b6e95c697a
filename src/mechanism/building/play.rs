//! Foundations, heights, pieces on top, captures, prisoners and ransoms.

use petgraph::graph::NodeIndex;

use crate::engine::{
    Action, Asked, Begun, Choice, Event, Hooks, PieceError, RansomError, State, TurnError,
};
use crate::rules::PieceKindId;
use crate::score::Piece;

/// The mechanism's hooks.
pub struct Play;

/// A piece captured and held by another player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prisoner {
    /// Who holds it.
    pub holder: usize,
    /// Its owner.
    pub owner: usize,
    /// Its kind.
    pub kind: PieceKindId,
}

/// What the mechanism remembers during a game.
#[derive(Debug, Clone, Default)]
pub struct Foundations {
    /// The segments of the features tokens may go on, as their tiles were placed: (the
    /// segment's node, the entry of the section), with the feature's height in tokens.
    pub foundations: Vec<(NodeIndex, u8, u32)>,
    /// Tokens used, by entry, then by player.
    pub used: crate::engine::Spent,
    /// Pieces held, in the order captured.
    pub prisoners: Vec<Prisoner>,
    /// The number of the ordinary turn in which the last ransom was paid.
    pub ransom_turn: Option<usize>,
    /// The number of the current ordinary turn (an extra turn is part of the one that
    /// earned it).
    pub ordinary_turn: usize,
}

/// Whether the section has an entry in play.
fn active(state: &State) -> bool {
    !state.game().rules.mechanisms.building.is_empty()
}

/// Tokens of entry `entry` that `player` has left.
pub fn tokens_left(state: &State, entry: usize, player: usize) -> u32 {
    let table = &state.game().rules.mechanisms.building;
    let Some(e) = table.get(entry) else { return 0 };
    let total = e.supply_for(state.players().len());
    state.memory().building.used.left(entry, player, total)
}

/// The height of the feature whose segment is `node` (0 for a bare foundation or a
/// segment of another kind).
pub fn height(state: &State, node: NodeIndex) -> u32 {
    state
        .memory()
        .building
        .foundations
        .iter()
        .find(|f| f.0 == node)
        .map_or(0, |f| f.2)
}

impl Hooks for Play {
    type Memory = Foundations;

    /// The tile's segments of a building feature kind become foundations.
    #[inline]
    fn after_tile_placed(state: &mut State, _player: usize, placed: u32) -> Option<PieceKindId> {
        if active(state) {
            found(state, placed);
        }
        None
    }

    #[inline]
    fn turn_started(state: &mut State, _player: usize) {
        if active(state) {
            state.memory_mut().building.ordinary_turn = state.turn();
        }
    }

    /// A piece goes on a building feature only once it is raised.
    #[inline]
    fn may_place_piece(state: &State, piece: &Piece) -> Result<(), PieceError> {
        if !active(state) {
            return Ok(());
        }
        let feature = state.board().graph[piece.node].feature;
        let building = state
            .game()
            .rules
            .mechanisms
            .building
            .iter()
            .any(|e| e.feature == feature && state.option_on(e.requires_option));
        if building && height(state, piece.node) == 0 {
            return Err(PieceError::NotRaised { feature });
        }
        Ok(())
    }

    /// The top of every feature of a building kind, anywhere on the board (a bare one is
    /// refused by [`Hooks::may_place_piece`]: `position::not_raised`).
    #[inline]
    fn places_elsewhere(
        state: &State,
        _player: usize,
        placed: u32,
        _kind: PieceKindId,
        out: &mut Vec<(u32, usize)>,
    ) {
        if !active(state) {
            return;
        }
        let table = &state.game().rules.mechanisms.building;
        for &(node, entry, _) in &state.memory().building.foundations {
            let n = state.board().graph[node];
            if n.placed != placed && state.option_on(table[usize::from(entry)].requires_option) {
                out.push((n.placed, usize::from(n.segment)));
            }
        }
    }

    #[inline]
    fn buildable(state: &State, player: usize, out: &mut Vec<(u32, usize)>) {
        if active(state) {
            open_foundations(state, player, out);
        }
    }

    #[inline]
    fn may_build_any(state: &State, player: usize) -> bool {
        active(state) && {
            let mut out = Vec::new();
            open_foundations(state, player, &mut out);
            !out.is_empty()
        }
    }

    #[inline]
    fn built(state: &mut State, player: usize, on: u32, segment: usize) {
        raise(state, player, on, segment);
    }

    #[inline]
    fn ransoms(state: &State, begun: Option<&Begun>, out: &mut Vec<(usize, PieceKindId)>) {
        if active(state) {
            out.extend(ransoms(state, begun));
        }
    }

    #[inline]
    fn pay_ransom(
        state: &mut State,
        begun: &Begun,
        holder: usize,
        kind: PieceKindId,
    ) -> Option<Result<(), TurnError>> {
        active(state).then(|| pay_ransom(state, Some(begun), holder, kind))
    }

    /// After a token: the capture it offers, decided.
    #[inline]
    fn after_action(
        state: &mut State,
        player: usize,
        _placed: u32,
        action: Action,
        asked: &mut Asked,
    ) -> Result<(), TurnError> {
        let Action::Build { on, segment } = action else {
            return Ok(());
        };
        let node = state.board().node(on, segment);
        let entry = state.memory().building.foundations.iter().find(|f| f.0 == node).map(|f| f.1);
        let table = &state.game().rules.mechanisms.building;
        if !entry.is_some_and(|e| table[usize::from(e)].capture) {
            return Ok(());
        }
        let offered = captures(state, node);
        if offered.len() <= 1 {
            return Ok(());
        }
        if let Choice::Capture { placed, segment } = asked.choice_or(&offered, Choice::Stay)? {
            capture(state, player, placed, usize::from(segment));
        }
        Ok(())
    }
}

/// [`Hooks::after_tile_placed`]'s work.
#[inline(never)]
fn found(state: &mut State, placed: u32) {
    let game = state.game();
    let tile = state.board().placed[placed as usize].tile;
    let table = &game.rules.mechanisms.building;
    for (segment, s) in game.tiles.tiles[tile].segments.iter().enumerate() {
        if let Some(entry) = table.iter().position(|e| e.feature == s.feature) {
            let node = state.board().node(placed, segment);
            state
                .memory_mut()
                .building
                .foundations
                .push((node, entry as u8, 0));
        }
    }
}

/// The foundations `player` may put a token on, added to `out` as (placed tile,
/// segment): of an entry in play of which they have a token left, with no piece on top.
pub fn open_foundations(state: &State, player: usize, out: &mut Vec<(u32, usize)>) {
    let table = &state.game().rules.mechanisms.building;
    for &(node, entry, _) in &state.memory().building.foundations {
        let e = &table[usize::from(entry)];
        if !state.option_on(e.requires_option) || tokens_left(state, usize::from(entry), player) == 0
        {
            continue;
        }
        if state.pieces().on_node(node).next().is_none() {
            let n = state.board().graph[node];
            out.push((n.placed, usize::from(n.segment)));
        }
    }
}

/// [`Hooks::built`]'s work: the feature rises one token.
#[inline(never)]
fn raise(state: &mut State, player: usize, on: u32, segment: usize) {
    let node = state.board().node(on, segment);
    let players = state.players().len();
    let memory = &mut state.memory_mut().building;
    let Some(f) = memory.foundations.iter_mut().find(|f| f.0 == node) else {
        return;
    };
    f.2 += 1;
    let (entry, h) = (f.1, f.2);
    memory.used.spend(usize::from(entry), player, players);
    state.log_event(
        player,
        Event::Built {
            entry,
            on,
            segment,
            height: h,
        },
    );
}

/// The captures a feature raised on segment `node` offers: none ([`Choice::Stay`], first),
/// then each segment where a piece that counts for majorities stands on its tile or
/// within as many tiles as its height, straight north, east, south or west, in the order
/// the pieces were placed.
pub fn captures(state: &State, node: NodeIndex) -> Vec<Choice> {
    let h = i64::from(height(state, node));
    let board = state.board();
    let at = board.placed[board.graph[node].placed as usize];
    let rules = &state.game().rules;
    let mut out = vec![Choice::Stay];
    let mut ids: Vec<(u32, &Piece)> = state.pieces().with_ids().collect();
    ids.sort_unstable_by_key(|(id, _)| *id);
    for (_, p) in ids {
        // Not a follower in a converted feature (a castle's knight: JCloisterZone).
        if !rules.pieces[p.kind].majority || state.withheld(p.scored_on, p.node) {
            continue;
        }
        let n = board.graph[p.node];
        let c = board.placed[n.placed as usize];
        let (dx, dy) = (i64::from(c.x - at.x).abs(), i64::from(c.y - at.y).abs());
        if (dx == 0 || dy == 0) && dx + dy <= h {
            let choice = Choice::Capture {
                placed: n.placed,
                segment: n.segment,
            };
            if !out.contains(&choice) {
                out.push(choice);
            }
        }
    }
    out
}

/// Captures the piece that counts for majorities on `segment` of placed tile `on` for
/// `player`: theirs goes back to supply; another player's is held, or exchanged at once
/// for the first captured of `player`'s pieces that player holds.
fn capture(state: &mut State, player: usize, on: u32, segment: usize) {
    let node = state.board().node(on, segment);
    let rules = &state.game().rules;
    let id = state
        .pieces()
        .on_node(node)
        .find(|(_, p)| rules.pieces[p.kind].majority)
        .map(|(id, _)| id);
    let Some((p, followed)) = id.and_then(|id| state.capture_piece(id)) else {
        return;
    };
    state.log_event(
        player,
        Event::Captured {
            kind: p.kind,
            owner: p.player,
            on,
            segment,
        },
    );
    state.log_followed_home(&followed);
    if p.player == player {
        state.return_to_supply(player, p.kind);
        return;
    }
    let prisoners = &mut state.memory_mut().building.prisoners;
    match prisoners
        .iter()
        .position(|q| q.holder == p.player && q.owner == player)
    {
        Some(i) => {
            let q = prisoners.remove(i);
            state.return_to_supply(player, q.kind);
            state.return_to_supply(p.player, p.kind);
            state.log_event(
                player,
                Event::Exchanged {
                    with: p.player,
                    got: q.kind,
                    gave: p.kind,
                },
            );
        }
        None => prisoners.push(Prisoner {
            holder: player,
            owner: p.player,
            kind: p.kind,
        }),
    }
}

/// The ransoms `player` may pay now (`begun`: their turn begun, its tile placed, or
/// `None` before their tile): each (holder, kind) of their pieces held, once each.
pub fn ransoms(state: &State, begun: Option<&Begun>) -> Vec<(usize, PieceKindId)> {
    let player = begun.map_or_else(|| state.to_play(), Begun::player);
    let mut out = Vec::new();
    if ransom_refused(state, begun, player).is_some() {
        return out;
    }
    for q in &state.memory().building.prisoners {
        if q.owner == player && !out.contains(&(q.holder, q.kind)) {
            out.push((q.holder, q.kind));
        }
    }
    out
}

/// Why `player` may pay no ransom now, whatever the prisoner.
fn ransom_refused(state: &State, begun: Option<&Begun>, player: usize) -> Option<RansomError> {
    let table = &state.game().rules.mechanisms.building;
    let Some(ransom) = table
        .iter()
        .filter(|e| state.option_on(e.requires_option))
        .find_map(|e| e.ransom)
    else {
        return Some(RansomError::NoRansom);
    };
    let memory = &state.memory().building;
    let turn = match begun {
        Some(_) => memory.ordinary_turn,
        None => state.turn() + 1,
    };
    if memory.ransom_turn == Some(turn) {
        return Some(RansomError::PaidAlready);
    }
    if state.points()[player] < i64::from(ransom) {
        return Some(RansomError::Points { ransom });
    }
    None
}

/// `player` (the player of the turn `begun`, or with `None` the player to play, before
/// their tile) pays the ransom of the rule set's `building` to `holder` to get a piece of
/// theirs of `kind` back to supply; logged as [`Event::RansomPaid`].
///
/// Errors: [`TurnError::Ransom`]: the rule set has no ransom, one was paid this turn, the
/// player has fewer points, `holder` holds no such piece of theirs.
pub fn pay_ransom(
    state: &mut State,
    begun: Option<&Begun>,
    holder: usize,
    kind: PieceKindId,
) -> Result<(), TurnError> {
    let player = begun.map_or_else(|| state.to_play(), Begun::player);
    if let Some(e) = ransom_refused(state, begun, player) {
        return Err(TurnError::Ransom(e));
    }
    let ransom = state
        .game()
        .rules
        .mechanisms
        .building
        .iter()
        .filter(|e| state.option_on(e.requires_option))
        .find_map(|e| e.ransom)
        .unwrap_or(0);
    let turn = match begun {
        Some(_) => state.memory().building.ordinary_turn,
        None => state.turn() + 1,
    };
    let memory = &mut state.memory_mut().building;
    let Some(i) = memory
        .prisoners
        .iter()
        .position(|q| q.holder == holder && q.owner == player && q.kind == kind)
    else {
        return Err(TurnError::Ransom(RansomError::NoPrisoner));
    };
    memory.prisoners.remove(i);
    memory.ransom_turn = Some(turn);
    state.return_to_supply(player, kind);
    state.bank_points(player, -i64::from(ransom));
    state.bank_points(holder, i64::from(ransom));
    state.log_event(
        player,
        Event::RansomPaid {
            kind,
            holder,
            points: ransom,
        },
    );
    Ok(())
}
