//! Playing whole games: tiles drawn at random from what is left, each turn chosen by an
//! [`Agent`] among the legal moves and played through the one turn sequence
//! ([`State::apply`]). Pure: no files, no text; [`crate::report`] writes a
//! [`PlayedGame`] as a position file that replays to the same points.
//!
//! Drawing (docs/rules/carcassonne.md#1-turn): in an ordinary turn the tile comes from the
//! first pile that may be drawn now (stacks with an `order` first, then the main pile; see
//! [`State::may_draw`]), uniformly among its copies left, which is the same as drawing
//! from a shuffled pile. A tile that fits nowhere is set aside ([`State::set_aside`]) and
//! another is drawn. In an extra turn the tile comes from the extra turn's stack. Token
//! values (mining tokens) are drawn from the supply left when tokens are taken. The game
//! ends when the main pile is used up ([`State::game_over`]), or when no pile that may be
//! drawn has tiles left; then end-of-game scoring.

use rand::{Rng as _, SeedableRng as _};
use rand_pcg::Pcg64Mcg;

use super::turn::Move;
use super::*;

/// Lays tiles in the given order with the simplest policy, through the one turn
/// sequence ([`State::begin_turn`], [`State::finish_turn`]): each tile goes to its first
/// legal placement (sorted by x, y, rotation); a tile that fits nowhere, or that may not
/// be drawn now ([`State::may_draw`]: a pile played before it, an extra turn's stack), is
/// kept back and tried again after the next tile is laid. With `pieces`, the player puts
/// a piece of the rule set's first kind on the first segment of the tile that takes one
/// ([`State::actions`]' order). Players take turns as the state says ([`State::to_play`]).
/// The start tile must be laid before ([`State::place_start`]). Returns the moves played
/// and the tiles never laid (the game may end first: [`State::game_over`]).
pub fn lay_out(state: &mut State, order: &[TileId], pieces: bool) -> (Vec<Move>, Vec<TileId>) {
    let mut pending: Vec<TileId> = order.to_vec();
    let mut moves = Vec::new();
    loop {
        let before = pending.len();
        let mut i = 0;
        while i < pending.len() && !state.game_over() {
            let tile = pending[i];
            let first = if state.may_draw(tile) {
                state.legal_placements(tile).first().copied()
            } else {
                None
            };
            let Some(p) = first else {
                i += 1;
                continue;
            };
            pending.remove(i);
            let player = state.to_play();
            let Ok(begun) = state.begin_turn(player, tile, (p.x, p.y, p.rotation), &[]) else {
                continue;
            };
            let action = if pieces {
                state
                    .actions(&begun)
                    .into_iter()
                    .find(|a| {
                        matches!(
                            a,
                            Action::Piece {
                                kind: 0,
                                on: None,
                                ..
                            }
                        )
                    })
                    .unwrap_or(Action::Pass)
            } else {
                Action::Pass
            };
            if state.finish_turn(begun, action).is_err() {
                continue;
            }
            moves.push(Move::at(player, tile, p, action));
        }
        if pending.len() == before || pending.is_empty() || state.game_over() {
            break;
        }
    }
    (moves, pending)
}

/// How a seat chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agent {
    /// A legal placement uniformly at random, then an action uniformly at random among
    /// those legal there (placing nothing included).
    Random,
    /// The move with the best immediate change of its own score minus the best change of
    /// another player's (features completed this turn, effects); ties broken at random,
    /// each tied move alike. Under rules that score only completed features
    /// ([`crate::rules::PlayTables::completion_only`]) only the placements that complete
    /// something are played on copies, and each placement that scores nothing counts
    /// once among the tied moves (its action then drawn as the random agent's is).
    Greedy,
    /// Monte Carlo search with this many playouts for each move it makes (shared among
    /// that turn's legal moves): each legal move is tried on
    /// a copy, then the game is played out to its end by random players from a fresh
    /// seed (the hidden draws sampled anew each time), and the move chosen by UCB1 is
    /// the one that wins most often (a tie shares the win); the most tried move is
    /// played. Seeded by the game's seed: reproducible.
    Mcts(u32),
}

impl Agent {
    /// The agent as the command line writes it and reports name it: `random`, `greedy`,
    /// `mcts:N` (with its playouts, so that runs with different searches differ).
    pub fn name(self) -> String {
        match self {
            Agent::Random => "random".to_string(),
            Agent::Greedy => "greedy".to_string(),
            Agent::Mcts(n) => format!("mcts:{n}"),
        }
    }
}

/// One turn as it was played: the move, the token values drawn in it, and the tiles
/// drawn before it that fit nowhere and were set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedTurn {
    /// The move.
    pub mv: Move,
    /// The decisions the turn asked after its action, in order (none in most games;
    /// boxed, so that a turn stays small to hand over).
    pub choices: Box<[Choice]>,
    /// Token values taken this turn, in the order taken.
    pub draws: Vec<u32>,
    /// Tiles set aside before this turn's tile.
    pub set_aside: Vec<TileId>,
    /// For a piece placed this turn: the placed tile it went on (its index) — the writer
    /// needs it to name the cell of a piece that may go anywhere.
    pub piece_on: Option<u32>,
    /// For a piece placed at a corner (a barn): that corner of its tile, which the writer
    /// names (`NW`).
    pub piece_corner: Option<crate::geometry::Corner>,
    /// The auction the turn's tile started, held after it (boxed: rare).
    pub auction: Option<Box<Auction>>,
}

/// A whole game played by [`play_game`].
#[derive(Debug, Clone)]
pub struct PlayedGame<'g> {
    /// The final state, after end-of-game scoring.
    pub state: State<'g>,
    /// The turns, in order.
    pub turns: Vec<PlayedTurn>,
    /// Tiles set aside after the last turn (drawn, fitting nowhere, with no turn after).
    pub set_aside_at_end: Vec<TileId>,
    /// Points during play (before end-of-game scoring), by player.
    pub play_points: Vec<i64>,
    /// Features completed during play, by feature kind (scored or not).
    pub completed: Vec<u32>,
}

/// Why a game could not be played to its end: an engine bug, never a player's choice
/// (agents choose among legal moves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The start tile cannot be laid.
    Start(LayError),
    /// The engine refused a move it offered as legal, in this turn (1-based).
    Illegal {
        /// Turn number.
        turn: usize,
        /// The move.
        mv: Box<Move>,
        /// Why it was refused.
        error: Box<TurnError>,
    },
    /// A tile with a legal placement offered no move, in this turn (1-based).
    NoMove {
        /// Turn number.
        turn: usize,
        /// The tile.
        tile: TileId,
    },
}

/// The copies left of each tile of the one pile, kept by [`play_game`] when the rules have
/// no stacks: read from one short row, not from the tile definitions.
struct Pile {
    /// Copies left, by tile id.
    left: Vec<u32>,
    /// Their sum.
    total: u64,
}

impl Pile {
    /// The copies of every tile not yet placed or set aside.
    fn of(state: &State) -> Self {
        let tiles = &state.game.tiles.tiles;
        let left: Vec<u32> = (0..tiles.len())
            .map(|i| tiles[i].count.saturating_sub(state.used[i]))
            .collect();
        let total = left.iter().map(|&n| u64::from(n)).sum();
        Pile { left, total }
    }

    /// One copy of `tile` used up (placed or set aside).
    fn take(&mut self, tile: TileId) {
        if let Some(n) = self.left.get_mut(tile).filter(|n| **n > 0) {
            *n -= 1;
            self.total -= 1;
        }
    }
}

/// Draws the tile for the next turn, or `None` when no pile that may be drawn has tiles.
/// `pile`: the copies left, when the rules have one pile.
fn draw(state: &State, pile: Option<&Pile>, rng: &mut Pcg64Mcg) -> Option<TileId> {
    let rules = &state.game.rules;
    let tiles = &state.game.tiles.tiles;
    let left = |i: usize| u64::from(tiles[i].count.saturating_sub(state.used[i]));
    if let Some(pile) = pile {
        // One pile, always drawable (the same draw as below, in one pass less).
        if pile.total == 0 {
            return None;
        }
        let mut k = rng.random_range(0..pile.total);
        for (tile, &n) in pile.left.iter().enumerate() {
            let n = u64::from(n);
            if k < n {
                // A tile a mechanism holds back (a dragon before the dragon is out): drawn
                // again among the others. (The pile itself may always be drawn.)
                if !hooks::may_draw(state, tile) {
                    return draw_among(state, 0..tiles.len(), rng);
                }
                return Some(tile);
            }
            k -= n;
        }
        return None;
    }
    let piles: Vec<Option<usize>> = match state.extra_turn_stack() {
        Some(s) => vec![Some(s)],
        None if rules.stacks.is_empty() => vec![None],
        None => {
            let mut piles: Vec<(u64, Option<usize>)> = (0..rules.stacks.len())
                .filter_map(|s| rules.pile_order(Some(s)).map(|o| (o, Some(s))))
                .collect();
            piles.extend(rules.pile_order(None).map(|o| (o, None)));
            piles.sort();
            piles.into_iter().map(|(_, p)| p).collect()
        }
    };
    for pile in piles {
        let in_pile = || (0..tiles.len()).filter(move |&i| tiles[i].stack == pile);
        let total: u64 = in_pile().map(left).sum();
        // Its first tile that may be drawn says whether the pile may be drawn now.
        let Some(first) = in_pile().find(|&i| left(i) > 0 && state.may_draw(i)) else {
            continue;
        };
        if total == 0 || !state.may_draw(first) {
            continue;
        }
        let mut k = rng.random_range(0..total);
        for tile in in_pile() {
            let n = left(tile);
            if k < n {
                if !state.may_draw(tile) {
                    return draw_among(state, in_pile(), rng);
                }
                return Some(tile);
            }
            k -= n;
        }
    }
    None
}

/// Draws among the copies left of `tiles` that may be drawn now ([`State::may_draw`]), or
/// `None` when none may: the draw when a mechanism holds some tiles back.
fn draw_among(
    state: &State,
    tiles: impl Iterator<Item = TileId> + Clone,
    rng: &mut Pcg64Mcg,
) -> Option<TileId> {
    let defs = &state.game.tiles.tiles;
    let left = |i: usize| {
        if state.may_draw(i) {
            u64::from(defs[i].count.saturating_sub(state.used[i]))
        } else {
            0
        }
    };
    let total: u64 = tiles.clone().map(left).sum();
    if total == 0 {
        return None;
    }
    let mut k = rng.random_range(0..total);
    for tile in tiles {
        let n = left(tile);
        if k < n {
            return Some(tile);
        }
        k -= n;
    }
    None
}

/// The agents' answers to what a turn asks after its action (see [`Decider`]): each
/// decision drawn at random among those offered (grow or score, even odds) and each token drawn from the bag's
/// contents, both kept for the position written.
struct RandomDecider<'r> {
    rng: &'r mut Pcg64Mcg,
    choices: Choices,
    draws: Vec<u32>,
}

impl<'r> RandomDecider<'r> {
    fn new(rng: &'r mut Pcg64Mcg) -> Self {
        RandomDecider {
            rng,
            choices: Choices::NONE,
            draws: Vec::new(),
        }
    }
}

impl Decider for RandomDecider<'_> {
    fn choice(&mut self, _index: usize, offered: &[Choice]) -> Option<Choice> {
        // Even odds between two (a flock's grow or score: one draw of a coin, as the
        // games written before moves were offered had it), else any of them.
        let c = match offered {
            [] => return None,
            [a, b] => {
                if self.rng.random_bool(0.5) {
                    *a
                } else {
                    *b
                }
            }
            _ => offered[self.rng.random_range(0..offered.len())],
        };
        // A turn asks at most one decision per flock of its player: past the most a
        // move can record, none is given (and the turn is refused).
        self.choices.push(c).then_some(c)
    }

    fn draw(&mut self, bag: &[(u32, u32)]) -> Option<u32> {
        let total: u64 = bag.iter().map(|&(_, n)| u64::from(n)).sum();
        if total == 0 {
            return None;
        }
        let mut k = self.rng.random_range(0..total);
        for &(v, n) in bag {
            if k < u64::from(n) {
                self.draws.push(v);
                return Some(v);
            }
            k -= u64::from(n);
        }
        None
    }
}

/// An auction as random players hold it: as many tiles as players revealed from the
/// copies left in the main pile; in each round a tile chosen at random, an opening bid of
/// 0 to 2, each other player raising by 1 or 2 one time in 3, and a sale to a higher
/// bidder at even odds.
fn random_auction(state: &State, due: AuctionDue, rng: &mut Pcg64Mcg) -> Auction {
    let defs = &state.game.tiles.tiles;
    let n = state.players.len();
    let mut left: Vec<u64> = (0..defs.len())
        .map(|i| {
            let d = &defs[i];
            if d.stack.is_none() && d.derived_from.is_none() {
                u64::from(d.count.saturating_sub(state.used[i]))
            } else {
                0
            }
        })
        .collect();
    let mut tiles = Vec::with_capacity(n);
    for _ in 0..n {
        let total: u64 = left.iter().sum();
        if total == 0 {
            break;
        }
        let mut k = rng.random_range(0..total);
        for (i, c) in left.iter_mut().enumerate() {
            if k < *c {
                *c -= 1;
                tiles.push(i);
                break;
            }
            k -= *c;
        }
    }
    let mut has = vec![false; n];
    let mut open: Vec<usize> = (0..tiles.len()).collect();
    let mut rounds = Vec::new();
    let mut previous = None;
    for _ in 1..n {
        let Some(chooser) = due.chooser(n, previous, &has) else {
            break;
        };
        previous = Some(chooser);
        if open.is_empty() {
            break;
        }
        let tile = tiles[open.swap_remove(rng.random_range(0..open.len()))];
        let (to, bids, sell) = if due.bids {
            let opening = rng.random_range(0..3u32);
            let mut bids = vec![Some(opening)];
            let mut high = (chooser, opening);
            for other in AuctionDue::bidders(n, chooser, &has) {
                if rng.random_ratio(1, 3) {
                    let v = high.1 + rng.random_range(1..3u32);
                    bids.push(Some(v));
                    high = (other, v);
                } else {
                    bids.push(None);
                }
            }
            let sell = high.0 != chooser && rng.random_bool(0.5);
            (if sell { high.0 } else { chooser }, bids, sell)
        } else {
            (chooser, Vec::new(), false)
        };
        has[to] = true;
        rounds.push(AuctionRound { tile, bids, sell });
    }
    Auction { tiles, rounds }
}

/// A tile of a held stack (an abbey) the player to play places instead of drawing, if one
/// fits: in the last round always, otherwise in one turn in 8 (the agents' choice; no
/// draw of the game's randomness without held stacks).
fn held_tile(state: &State, rng: &mut Pcg64Mcg) -> Option<TileId> {
    if state.held().is_empty() {
        return None;
    }
    let player = state.to_play();
    let mine = state.held().get(player)?;
    if mine.iter().all(|&n| n == 0) || (!state.in_last_round() && !rng.random_ratio(1, 8)) {
        return None;
    }
    (0..mine.len()).find(|&t| mine[t] > 0 && !state.legal_placements(t).is_empty())
}

/// The token values left in each pool's supply: the pool's values minus those held.
fn token_bag(state: &State) -> Vec<Vec<u32>> {
    state
        .game
        .rules
        .token_pools
        .iter()
        .enumerate()
        .map(|(i, pool)| {
            let mut bag: Vec<u32> = pool
                .values
                .iter()
                .flat_map(|&(v, n)| {
                    std::iter::repeat_n(v, n.min(crate::limits::MAX_ITEMS) as usize)
                })
                .collect();
            for held in state.tokens[i].held.iter().flatten().flatten() {
                if let Some(k) = bag.iter().position(|v| v == held) {
                    bag.swap_remove(k);
                }
            }
            bag.sort_unstable();
            bag
        })
        .collect()
}

/// The legal placements of the tile drawn: listed, only counted (then the random agent
/// takes the k-th with [`State::nth_placement`]), or one of them already drawn at random.
#[derive(Clone, Copy)]
enum Legal<'a> {
    Listed(&'a [Placement]),
    Counted(usize),
    Drawn(Placement),
    /// No placement without a token laid across a tile (a bridge); this one with it.
    Spanned(Placement, Span),
}

impl Legal<'_> {
    fn is_empty(self) -> bool {
        match self {
            Legal::Listed(l) => l.is_empty(),
            Legal::Counted(n) => n == 0,
            Legal::Drawn(_) | Legal::Spanned(..) => false,
        }
    }
}

/// How many (cell, rotation) pairs the random agent draws before it counts the legal
/// placements instead (a tile that fits in few places, or nowhere).
const DRAWS: usize = 24;

/// A legal placement of `tile` drawn uniformly by rejection sampling: a frontier cell and
/// a rotation drawn until they fit ([`State::frontier_fit`]). `Some(None)`: [`DRAWS`]
/// draws missed; `None`: the fit tables cannot tell. Each legal placement has the same
/// chance, as with counting them and taking one.
fn draw_placement(state: &State, tile: TileId, rng: &mut Pcg64Mcg) -> Option<Option<Placement>> {
    let fit = state.frontier_fit(tile)?;
    if fit.cells() == 0 {
        return Some(None);
    }
    for _ in 0..DRAWS {
        let k = below(rng, fit.cells() * 4);
        if let Some(p) = fit.at(k / 4, Rotation::from_quarter_turns((k % 4) as u8))? {
            return Some(Some(p));
        }
    }
    Some(None)
}

/// A legal action of the turn begun drawn uniformly by rejection sampling: candidates
/// drawn until one is legal ([`State::candidate_action`]); `None` after [`DRAWS`] misses,
/// or when the rules have actions beyond the tile just placed. Each legal action has the
/// same chance, as with listing them and taking one.
fn draw_action(state: &State, begun: &Begun, rng: &mut Pcg64Mcg) -> Option<Action> {
    let n = state.action_candidates(begun)?;
    (0..DRAWS).find_map(|_| state.candidate_action(begun, below(rng, n)))
}

/// A number in `0..n` (`n` > 0) uniformly at random: drawn in 32 bits when `n` fits
/// there (cheaper: the draws of the random agent), in 64 otherwise.
fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    match u32::try_from(n) {
        Ok(n) => rng.random_range(0..n) as usize,
        Err(_) => rng.random_range(0..n),
    }
}

/// The move an agent chooses for `tile` (which has a legal placement), with the
/// placements already found (`legal`, in frontier order). The random agent plays its turn on
/// `state` itself: it places the tile, then picks among the actions legal after that, so
/// nothing is copied; the turn begun is returned with the move. The greedy agent tries
/// moves on copies kept in `scratch` and returns only the move, or, when it draws a
/// placement that scores nothing, plays that turn as the random agent does. The search
/// agent returns only the move.
fn choose<'g>(
    state: &mut State<'g>,
    tile: TileId,
    legal: Legal,
    agent: Agent,
    rng: &mut Pcg64Mcg,
    scratch: &mut Scratch<'g>,
) -> Result<(Move, Option<Begun>), TurnError> {
    let player = state.to_play();
    match agent {
        Agent::Random => {
            let (p, needed) = match legal {
                Legal::Listed(list) => (list[rng.random_range(0..list.len())], None),
                Legal::Counted(n) => (
                    state
                        .nth_placement(tile, rng.random_range(0..n))
                        .ok_or(TurnError::GameOver)?,
                    None,
                ),
                Legal::Drawn(p) => (p, None),
                Legal::Spanned(p, span) => (p, Some(span)),
            };
            random_turn_at(state, tile, p, needed, rng)
        }
        Agent::Greedy => {
            if let Legal::Listed(list) = legal
                && state.game.play_tables().completion_only
            {
                return greedy_weighing_scoring_turns(state, tile, list, rng, scratch);
            }
            let mut moves = state.legal_moves(tile);
            // Each ransom the player may pay this turn, tried with every move (the rules
            // let it be paid whatever the tile's place).
            let ransoms = state.ransoms(None);
            if !ransoms.is_empty() {
                let plain = moves.len();
                for r in ransoms {
                    for i in 0..plain {
                        let mut mv = moves[i];
                        mv.ransom = Some(r);
                        moves.push(mv);
                    }
                }
            }
            let mut best = Best::default();
            for mv in moves {
                if let Some(gain) = trial_gain(state, &mut scratch.second, &mv, rng) {
                    best.weigh(mv, gain);
                }
            }
            match best.moves.len() {
                0 => Err(TurnError::GameOver),
                n => Ok((best.moves[rng.random_range(0..n)], None)),
            }
        }
        Agent::Mcts(playouts) => {
            let mut moves = state.legal_moves(tile);
            if moves.is_empty() {
                return Err(TurnError::GameOver);
            }
            // Tried in a random order, so that too few playouts favour no move.
            for i in (1..moves.len()).rev() {
                moves.swap(i, rng.random_range(0..=i));
            }
            if moves.len() == 1 || playouts == 0 {
                return Ok((moves[0], None));
            }
            let mut tried = vec![0u32; moves.len()];
            let mut won = vec![0f64; moves.len()];
            let mut legal = vec![true; moves.len()];
            for t in 0..playouts {
                let ucb = |i: usize| {
                    if !legal[i] {
                        return f64::NEG_INFINITY;
                    }
                    if tried[i] == 0 {
                        return f64::INFINITY;
                    }
                    let n = f64::from(tried[i]);
                    won[i] / n + UCB_EXPLORATION * (f64::from(t.max(1)).ln() / n).sqrt()
                };
                let Some(i) = (0..moves.len()).max_by(|&a, &b| ucb(a).total_cmp(&ucb(b))) else {
                    break;
                };
                if !legal[i] {
                    break;
                }
                let mut next = state.trial_copy();
                if next
                    .apply_deciding(&moves[i], &[], &mut RandomDecider::new(rng))
                    .is_err()
                {
                    legal[i] = false;
                    continue;
                }
                let seed = rng.random::<u64>();
                let Ok(end) = play_on(
                    next,
                    &[Agent::Random],
                    seed,
                    crate::limits::MAX_PLAYED_TURNS,
                    |_| {},
                ) else {
                    legal[i] = false;
                    continue;
                };
                tried[i] += 1;
                won[i] += win_share(&end.state, player);
            }
            let best = (0..moves.len())
                .filter(|&i| legal[i])
                .max_by(|&a, &b| {
                    tried[a]
                        .cmp(&tried[b])
                        .then(won[a].total_cmp(&won[b]))
                        .then(b.cmp(&a))
                })
                .ok_or(TurnError::GameOver)?;
            Ok((moves[best], None))
        }
    }
}

/// States an agent tries moves on, kept from turn to turn so that each trial copies into
/// memory already there ([`State::trial_copy_into`]): two, for a turn begun on one and
/// moves played on the other.
#[derive(Default)]
struct Scratch<'g> {
    first: Option<State<'g>>,
    second: Option<State<'g>>,
}

/// The random agent's turn with `tile` at `p` (legal; with the token across a tile it
/// needs there, if any): on `state` itself, the tile placed, then a token across a tile
/// one turn in 4 if the rules allow one, a ransom at even odds, and an action among those
/// legal, each uniformly at random. Returns the move and the turn begun.
fn random_turn_at(
    state: &mut State,
    tile: TileId,
    p: Placement,
    needed: Option<Span>,
    rng: &mut Pcg64Mcg,
) -> Result<(Move, Option<Begun>), TurnError> {
    let player = state.to_play();
    // A token across a tile (a bridge) the placement allows: one turn in 4, then any of
    // them (no draw of the game's randomness without such tokens).
    let span = needed.or_else(|| {
        if !state.may_span(player) || !rng.random_ratio(1, 4) {
            return None;
        }
        let spans = state.spans(tile, p);
        (!spans.is_empty()).then(|| spans[rng.random_range(0..spans.len())])
    });
    let begun = state.begin_turn_spanning(player, tile, (p.x, p.y, p.rotation), span, &[])?;
    // A ransom it may pay (a captured follower bought back): even odds, then any.
    let ransoms = state.ransoms(Some(&begun));
    let ransom = (!ransoms.is_empty() && rng.random_bool(0.5))
        .then(|| ransoms[rng.random_range(0..ransoms.len())]);
    if let Some((holder, kind)) = ransom {
        state.pay_ransom(&begun, holder, kind)?;
    }
    let action = match draw_action(state, &begun, rng) {
        Some(a) => a,
        None => {
            let actions = state.actions(&begun);
            actions[rng.random_range(0..actions.len())]
        }
    };
    let mut mv = Move::at(player, tile, p, action);
    mv.ransom = ransom;
    mv.span = span;
    Ok((mv, Some(begun)))
}

/// The greedy agent under rules that score only completed features
/// ([`crate::rules::PlayTables::completion_only`]), with the legal placements `list`. What
/// each placement completes is told without copying ([`State::for_each_completing`]): one
/// that completes nothing changes no points whatever the action (a gain of 0, nothing
/// played); one that completes a feature is played on a copy ([`State::trial_copy_into`])
/// without a piece, and again with each piece placed on a segment whose feature it
/// completes (a piece elsewhere scores as no piece). The best gain wins; among the moves
/// that tie at it, each placement that completes nothing counts once, and when one is
/// drawn its action is drawn as the random agent draws one.
fn greedy_weighing_scoring_turns<'g>(
    state: &mut State<'g>,
    tile: TileId,
    list: &[Placement],
    rng: &mut Pcg64Mcg,
    scratch: &mut Scratch<'g>,
) -> Result<(Move, Option<Begun>), TurnError> {
    let player = state.to_play();
    let mut quiet: Vec<Placement> = Vec::new();
    let mut best = Best::default();
    let mut told = Vec::with_capacity(list.len());
    state.for_each_completing(tile, list, |p, c| told.push((p, c)));
    for (p, completing) in told {
        if completing.is_some_and(|c| c.is_empty()) {
            quiet.push(p);
            continue;
        }
        // Nothing on the features it completes: no piece, or a piece elsewhere, scores
        // nothing (counted with the placements that complete nothing); a piece on one
        // of them is tried, for each kind with a role there and one in supply (an
        // illegal one is refused by the engine).
        if let Some(c) = completing
            && !c.occupied
        {
            quiet.push(p);
            let segments = &state.game.tiles.tiles[tile].segments;
            for (segment, s) in segments.iter().enumerate() {
                if !c.has(segment) {
                    continue;
                }
                for kind in 0..state.game.rules.pieces.len() {
                    if state.supply[player][kind] == 0 || state.role(kind, s.feature).is_none() {
                        continue;
                    }
                    let action = Action::Piece {
                        kind,
                        on: None,
                        segment,
                    };
                    let mv = Move::at(player, tile, p, action);
                    if let Some(gain) = trial_gain(state, &mut scratch.second, &mv, rng) {
                        best.weigh(mv, gain);
                    }
                }
            }
            continue;
        }
        // A piece on a segment whose feature is not completed scores as no piece.
        let scores_as_none = |action: Action| match (completing, action) {
            (Some(_), Action::Pass) => true,
            (
                Some(c),
                Action::Piece {
                    on: None, segment, ..
                },
            ) => !c.has(segment),
            _ => false,
        };
        let next = state.trial_copy_into(&mut scratch.first);
        let Ok(begun) = next.begin_turn(player, tile, (p.x, p.y, p.rotation), &[]) else {
            continue;
        };
        let actions = next.actions(&begun);
        let plain = actions.iter().position(|&a| scores_as_none(a));
        let plain_gain = match plain {
            Some(i) => next
                .finish_turn_deciding(begun, actions[i], &mut RandomDecider::new(rng))
                .ok()
                .map(|_| gain_of(state, next, player)),
            None => None,
        };
        for &action in &actions {
            let mv = Move::at(player, tile, p, action);
            if scores_as_none(action) {
                if let Some(gain) = plain_gain {
                    best.weigh(mv, gain);
                }
                continue;
            }
            if let Some(gain) = trial_gain(state, &mut scratch.second, &mv, rng) {
                best.weigh(mv, gain);
            }
        }
    }
    // The moves of the best gain, each placement that completes nothing counted as one.
    let (from_quiet, from_best) = match best.gain.cmp(&0) {
        _ if quiet.is_empty() => (0, best.moves.len()),
        std::cmp::Ordering::Greater => (0, best.moves.len()),
        std::cmp::Ordering::Equal => (quiet.len(), best.moves.len()),
        std::cmp::Ordering::Less => (quiet.len(), 0),
    };
    match from_quiet + from_best {
        0 => Err(TurnError::GameOver),
        n => match rng.random_range(0..n) {
            k if k < from_quiet => random_turn_at(state, tile, quiet[k], None, rng),
            k => Ok((best.moves[k - from_quiet], None)),
        },
    }
}

/// The moves of the best gain weighed so far (the greedy agent's).
struct Best {
    /// The best gain (`i64::MIN` before any move).
    gain: i64,
    /// The moves that reach it, in the order weighed.
    moves: Vec<Move>,
}

impl Default for Best {
    fn default() -> Self {
        Best {
            gain: i64::MIN,
            moves: Vec::new(),
        }
    }
}

impl Best {
    /// Counts `mv`, which gains `gain`.
    fn weigh(&mut self, mv: Move, gain: i64) {
        if gain > self.gain {
            self.gain = gain;
            self.moves.clear();
        }
        if gain == self.gain {
            self.moves.push(mv);
        }
    }
}

/// What `mv` gains its player ([`gain_of`]), played on a copy of `state` kept in
/// `scratch`, the decisions its turn asks answered at random; `None` when the engine
/// refuses it.
fn trial_gain<'g>(
    state: &mut State<'g>,
    scratch: &mut Option<State<'g>>,
    mv: &Move,
    rng: &mut Pcg64Mcg,
) -> Option<i64> {
    let next = state.trial_copy_into(scratch);
    next.apply_deciding(mv, &[], &mut RandomDecider::new(rng))
        .ok()?;
    Some(gain_of(state, next, mv.player))
}

/// What a move brought `player`, from `before` to `after`: their points gained minus the
/// most any other player gained.
fn gain_of(before: &State, after: &State, player: usize) -> i64 {
    let delta = |p: usize| after.points[p].saturating_sub(before.points[p]);
    let others = (0..before.players.len())
        .filter(|&p| p != player)
        .map(delta)
        .max()
        .unwrap_or(0);
    delta(player).saturating_sub(others)
}

/// The exploration constant of the search's UCB1 (a move's mean reward plus this times
/// `sqrt(ln(playouts so far) / its playouts)`, rewards being win shares from 0 to 1).
/// Tuned on two-player base games against the greedy agent, 100 games a value with the
/// search in the second seat: 0.35 won 97.5%, 0.2 93.5%, 0.5 87.5%, 0.7 83.5%, and the
/// textbook sqrt(2) 84% (400 games at 0.35 over both seats and four seeds: 95.1%). A
/// smaller constant spends the playouts on the few moves that look best rather than
/// spreading them over a turn's hundred or so.
const UCB_EXPLORATION: f64 = 0.35;

/// A player's share of the win at the end of a game: 1 for the highest final score
/// (points, end-of-game scoring and tokens of known value), a tie's share, 0 otherwise.
pub fn win_share(state: &State, player: usize) -> f64 {
    let tokens = state.token_points();
    let score = |p: usize| {
        state.points()[p]
            .saturating_add(state.final_points()[p])
            .saturating_add(tokens.get(p).map_or(0, |t| t.0))
    };
    let n = state.players.len();
    let best = (0..n).map(score).max().unwrap_or(0);
    if score(player) < best {
        return 0.0;
    }
    1.0 / (0..n).filter(|&p| score(p) == best).count().max(1) as f64
}

/// Plays one whole game from `state` (a new game: the start tile is placed here) with one
/// agent per seat (`agents[player % agents.len()]`), seeded: the same seed gives the same
/// game. Ends with end-of-game scoring. At most `max_turns` turns (a guard for rule sets
/// whose piles never run out).
///
/// Errors: [`PlayError`]: the start tile cannot be laid, or the engine refused a move it
/// offered (a bug).
pub fn play_game<'g>(
    state: State<'g>,
    agents: &[Agent],
    seed: u64,
    max_turns: usize,
) -> Result<PlayedGame<'g>, PlayError> {
    // Room for a turn per tile of the set (a hint).
    let mut turns = Vec::with_capacity((state.game.tiles.total as usize).min(1 << 12));
    let mut game = play_game_with(state, agents, seed, max_turns, |t| turns.push(t))?;
    game.turns = turns;
    Ok(game)
}

/// Plays one whole game as [`play_game`] does (the same game for the same seed), handing
/// each turn to `on_turn` as it is played instead of keeping them: the game returned has
/// no `turns`. For callers that need only a summary of the turns (simulation).
///
/// Errors: as [`play_game`].
pub fn play_game_with<'g>(
    mut state: State<'g>,
    agents: &[Agent],
    seed: u64,
    max_turns: usize,
    on_turn: impl FnMut(PlayedTurn),
) -> Result<PlayedGame<'g>, PlayError> {
    let start = state.game.tiles.start;
    state
        .place_start(start, Rotation::NONE)
        .map_err(PlayError::Start)?;
    play_on(state, agents, seed, max_turns, on_turn)
}

/// Plays a game on from `state` (the start tile placed, some turns played) to its end
/// as [`play_game_with`] does: the tiles left are drawn from the seed, each seat's agent
/// moves, and end-of-game scoring closes it. A search's playouts (`Agent::Mcts`) use it.
///
/// Errors: as [`play_game`].
pub fn play_on<'g>(
    mut state: State<'g>,
    agents: &[Agent],
    seed: u64,
    max_turns: usize,
    mut on_turn: impl FnMut(PlayedTurn),
) -> Result<PlayedGame<'g>, PlayError> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut played = 0usize;
    let mut aside = Vec::new();
    let mut bag = token_bag(&state);
    let mut completed = vec![0u32; state.game.rules.features.len()];
    // The legal placements of the tile drawn, in frontier order (kept across turns).
    let mut legal = Vec::new();
    // States to try moves on, kept from turn to turn.
    let mut scratch = Scratch::default();
    // Copies left to draw, with one pile: each draw uses one up, placed or set aside.
    let mut pile = state.game.rules.stacks.is_empty().then(|| Pile::of(&state));
    while !state.game_over() && played < max_turns {
        // A tile taken at an auction is its player's next (it left the pile then).
        let taken = state.tile_for(state.to_play());
        let tile = match taken.or_else(|| held_tile(&state, &mut rng)) {
            Some(t) => t,
            // The last round: a player whose held tile fits nowhere passes.
            None if state.in_last_round() => {
                state.pass_held();
                continue;
            }
            None => {
                let Some(tile) = draw(&state, pile.as_ref(), &mut rng) else {
                    break;
                };
                if let Some(pile) = &mut pile {
                    pile.take(tile);
                }
                tile
            }
        };
        let player = state.to_play();
        let agent = agents
            .get(player % agents.len().max(1))
            .copied()
            .unwrap_or(Agent::Random);
        legal.clear();
        // The random agent draws its placement, or failing that counts them; the greedy
        // one lists them.
        let (drawn, counted) = match agent {
            Agent::Random => match draw_placement(&state, tile, &mut rng) {
                Some(Some(p)) => (Some(p), None),
                Some(None) => (None, state.count_placements(tile)),
                None => (None, None),
            },
            Agent::Greedy | Agent::Mcts(_) => (None, None),
        };
        let found = match (drawn, counted) {
            (Some(p), _) => Legal::Drawn(p),
            (None, Some(n)) => Legal::Counted(n),
            (None, None) => {
                state.for_each_placement(tile, |p| legal.push(p));
                Legal::Listed(&legal)
            }
        };
        // A tile that fits only with a token across a tile (a bridge) goes down with one.
        let spanned = if found.is_empty() {
            let spanned = state.spanned_placements(tile);
            (!spanned.is_empty()).then(|| spanned[rng.random_range(0..spanned.len())])
        } else {
            None
        };
        let found = match spanned {
            Some((p, span)) => Legal::Spanned(p, span),
            None => found,
        };
        if found.is_empty() {
            if state.set_aside(tile).is_err() {
                break;
            }
            aside.push(tile);
            continue;
        }
        let turn = played + 1;
        // A game with tokens plays the turn on a copy first, to learn which tokens it
        // takes and draw their values before the real turn.
        let trial = (!state.game.rules.token_pools.is_empty()).then(|| state.clone());
        let (mv, begun) = match trial {
            Some(mut t) => {
                let (mv, begun) = choose(&mut t, tile, found, agent, &mut rng, &mut scratch)
                    .map_err(|_| PlayError::NoMove { turn, tile })?;
                let taken = match begun {
                    Some(b) => t.finish_turn(b, mv.action),
                    None => t.apply(&mv, &[]),
                };
                let mut draws = Vec::new();
                for e in taken.iter().flatten() {
                    if let Event::TokenTaken { pool, .. } = *e {
                        let left = &mut bag[pool];
                        if !left.is_empty() {
                            draws.push(left.swap_remove(rng.random_range(0..left.len())));
                        }
                    }
                }
                let events = state
                    .apply(&mv, &draws)
                    .map_err(|error| PlayError::Illegal {
                        turn,
                        mv: Box::new(mv),
                        error: Box::new(error),
                    })?;
                (mv, Ok((events, draws)))
            }
            None => {
                let (mv, begun) = choose(&mut state, tile, found, agent, &mut rng, &mut scratch)
                    .map_err(|_| PlayError::NoMove { turn, tile })?;
                (mv, Err(begun))
            }
        };
        let mut choices: Box<[Choice]> = Box::default();
        let (events, draws) = match begun {
            Ok(done) => done,
            Err(begun) => {
                // What the turn asks after its action (a flock's decision, a draw from its
                // bag) is answered as it comes, and kept for the position.
                let mut decider = RandomDecider::new(&mut rng);
                let events = match begun {
                    Some(b) => state.finish_turn_deciding(b, mv.action, &mut decider),
                    None => state.apply_deciding(&mv, &[], &mut decider),
                };
                let (asked, draws) = (decider.choices, decider.draws);
                let events = events.map_err(|error| PlayError::Illegal {
                    turn,
                    mv: Box::new(mv),
                    error: Box::new(error),
                })?;
                choices = asked.iter().collect();
                (events, draws)
            }
        };
        for e in &events {
            if let Event::Completed { kind } = *e {
                completed[kind] = completed[kind].saturating_add(1);
            }
        }
        let placed_piece = events.iter().find_map(|e| match *e {
            Event::PiecePlaced { kind, on, segment } => Some((kind, on, segment)),
            _ => None,
        });
        let piece_on = placed_piece.map(|(_, on, _)| on);
        let piece_corner =
            placed_piece.and_then(|(kind, on, segment)| state.placed_corner(kind, on, segment));
        played += 1;
        // An auction the tile started: tiles revealed from the pile, random rounds.
        let auction = match state.auction_due() {
            Some(due) => {
                let a = random_auction(&state, due, &mut rng);
                if let Some(pile) = &mut pile {
                    for &t in &a.tiles {
                        pile.take(t);
                    }
                }
                state
                    .hold_auction(&a)
                    .map_err(|_| PlayError::NoMove { turn, tile })?;
                Some(Box::new(a))
            }
            None => None,
        };
        on_turn(PlayedTurn {
            mv,
            choices,
            draws,
            set_aside: std::mem::take(&mut aside),
            piece_on,
            piece_corner,
            auction,
        });
    }
    let play_points = state.points.clone();
    state.final_scoring();
    Ok(PlayedGame {
        state,
        turns: Vec::new(),
        set_aside_at_end: aside,
        play_points,
        completed,
    })
}
