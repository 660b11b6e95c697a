//! Conversions offered, made, paid when a feature completes near them, and at the end.

use petgraph::graph::NodeIndex;

use crate::engine::{Action, Asked, AwardSource, Choice, Completed, Event, Hooks, Phase, State, TurnError};
use crate::graph::Feature;
use crate::rules::FeatureId;
use crate::score::{Piece, Valuation};

/// The mechanism's hooks.
pub struct Play;

/// A converted feature (a castle).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The entry of the section.
    pub entry: u8,
    /// One of its segments.
    pub node: NodeIndex,
    /// Its owner (the owner of the piece on it).
    pub owner: usize,
    /// The cells of its tiles.
    pub cells: Vec<(i32, i32)>,
    /// Whether it has paid its owner (the piece returned).
    pub paid: bool,
}

/// What the mechanism remembers during a game.
#[derive(Debug, Clone, Default)]
pub struct Conversions {
    /// The converted features, in the order converted.
    pub list: Vec<Converted>,
    /// Tokens used, by entry, then by player.
    pub used: crate::engine::Spent,
}

/// Whether the section has an entry.
fn active(state: &State) -> bool {
    !state.game().rules.mechanisms.converting.is_empty()
}

/// Whether the feature `kind` through `node` is a converted one; its index in the list.
fn converted_at(state: &State, kind: FeatureId, node: NodeIndex) -> Option<usize> {
    let table = &state.game().rules.mechanisms.converting;
    let forest = &state.board().features;
    let root = forest.find(kind, node);
    state
        .memory()
        .converting
        .list
        .iter()
        .position(|c| table[usize::from(c.entry)].feature == kind && forest.find(kind, c.node) == root)
}

impl Hooks for Play {
    type Memory = Conversions;

    /// A converted feature is not scored as the feature it was.
    #[inline]
    fn withheld(state: &State, kind: FeatureId, node: NodeIndex) -> bool {
        active(state) && converted_at(state, kind, node).is_some()
    }

    /// Before the turn's scoring: the conversions offered, decided.
    #[inline]
    fn after_action(
        state: &mut State,
        player: usize,
        placed: u32,
        _action: Action,
        asked: &mut Asked,
    ) -> Result<(), TurnError> {
        if !active(state) {
            return Ok(());
        }
        convert(state, player, placed, asked)
    }

    /// After the turn's scoring: the converted features a completed feature pays.
    #[inline]
    fn after_turn_scored(state: &mut State, _player: usize, completed: &[Completed]) {
        if active(state) && !state.memory().converting.list.is_empty() {
            pay(state, completed);
        }
    }

    /// At the end: a converted feature not paid scores nothing.
    #[inline]
    fn final_scoring(state: &mut State) {
        if !active(state) {
            return;
        }
        let unpaid: Vec<(usize, usize, u8)> = state
            .memory()
            .converting
            .list
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.paid)
            .map(|(i, c)| (i, c.owner, c.entry))
            .collect();
        for (index, owner, entry) in unpaid {
            state.award(
                owner,
                0,
                Phase::Final,
                AwardSource::Converted {
                    entry: usize::from(entry),
                    index,
                },
            );
        }
    }

    /// A linked feature's bonus per converted feature it is linked to (a farmer's castle).
    #[inline]
    fn raise(state: &State, f: &Feature, _on: &[Piece], _v: &Valuation, raised: &mut [i64]) {
        if !active(state) || state.memory().converting.list.is_empty() {
            return;
        }
        let game = state.game();
        let table = &game.rules.mechanisms.converting;
        let forest = &state.board().features;
        for (e, entry) in table.iter().enumerate() {
            let Some((relation, points)) = entry.linked_bonus else {
                continue;
            };
            let linked = crate::graph::linked(&game.tiles, state.board(), f, relation, entry.feature);
            let n = linked
                .iter()
                .filter(|&&l| {
                    let root = forest.find(entry.feature, l);
                    state.memory().converting.list.iter().any(|c| {
                        usize::from(c.entry) == e && forest.find(entry.feature, c.node) == root
                    })
                })
                .count();
            if n > 0 {
                for r in raised.iter_mut() {
                    *r = r.saturating_add(points.saturating_mul(n as i64));
                }
            }
        }
    }
}

/// The features of the tile just placed (`placed`) that `player` may convert now:
/// completed, of an entry's kind, of exactly its segments each touching one side of its
/// tile, holding one piece that counts for majorities, theirs; with a token left. Each as
/// (entry, a segment of the tile in it).
pub fn convertible(state: &State, player: usize, placed: u32) -> Vec<(usize, usize)> {
    let game = state.game();
    let rules = &game.rules;
    let board = state.board();
    let p = board.placed[placed as usize];
    let def = &game.tiles.tiles[p.tile];
    let mut out = Vec::new();
    let mut seen: Vec<NodeIndex> = Vec::new();
    for (e, entry) in rules.mechanisms.converting.iter().enumerate() {
        if !state.option_on(entry.requires_option) || tokens_left(state, e, player) == 0 {
            continue;
        }
        for (segment, s) in def.segments.iter().enumerate() {
            if s.feature != entry.feature {
                continue;
            }
            let node = board.node(placed, segment);
            let root = board.features.find(entry.feature, node);
            if seen.contains(&root) || converted_at(state, entry.feature, node).is_some() {
                continue;
            }
            seen.push(root);
            if !crate::graph::completed(rules, &game.tiles, board, entry.feature, node) {
                continue;
            }
            let f = crate::graph::component(rules, &game.tiles, board, entry.feature, node);
            if f.nodes.len() != entry.segments as usize {
                continue;
            }
            // Each segment touches one side of its tile (a half-circle city).
            let one_side = f.nodes.iter().all(|&n| {
                let seg = board.graph[n];
                let t = &game.tiles.tiles[board.placed[seg.placed as usize].tile];
                let slots = &t.segments[usize::from(seg.segment)].slots;
                slots.iter().all(|sl| sl.side == slots[0].side) && !slots.is_empty()
            });
            let on: Vec<Piece> = state
                .pieces_at(entry.feature, node)
                .into_iter()
                .filter(|q| rules.pieces[q.kind].majority)
                .collect();
            if one_side && on.len() == 1 && on[0].player == player {
                out.push((e, segment));
            }
        }
    }
    out
}

/// Tokens of entry `entry` that `player` has left.
pub fn tokens_left(state: &State, entry: usize, player: usize) -> u32 {
    let table = &state.game().rules.mechanisms.converting;
    let Some(e) = table.get(entry) else { return 0 };
    let total = e.supply_for(state.players().len());
    state.memory().converting.used.left(entry, player, total)
}

/// [`Hooks::after_action`]'s work: each player in turn order from `player` converts one
/// feature of the tile just placed, or none.
#[inline(never)]
fn convert(state: &mut State, player: usize, placed: u32, asked: &mut Asked) -> Result<(), TurnError> {
    let players = state.players().len().max(1);
    for k in 0..players {
        let who = (player + k) % players;
        let options = convertible(state, who, placed);
        if options.is_empty() {
            continue;
        }
        let mut offered = vec![Choice::Stay];
        offered.extend(options.iter().map(|&(_, segment)| Choice::Convert {
            placed,
            segment: segment as u8,
        }));
        if let Choice::Convert { segment, .. } = asked.choice_or(&offered, Choice::Stay)? {
            let segment = usize::from(segment);
            let Some(&(entry, _)) = options.iter().find(|o| o.1 == segment) else {
                continue;
            };
            make(state, who, entry, placed, segment);
        }
    }
    Ok(())
}

/// Converts the feature of `segment` of placed tile `placed` for `owner` (entry `entry`).
fn make(state: &mut State, owner: usize, entry: usize, placed: u32, segment: usize) {
    let game = state.game();
    let kind = game.rules.mechanisms.converting[entry].feature;
    let node = state.board().node(placed, segment);
    let f = crate::graph::component(&game.rules, &game.tiles, state.board(), kind, node);
    let cells: Vec<(i32, i32)> = f
        .tiles
        .iter()
        .map(|&t| {
            let p = state.board().placed[t as usize];
            (p.x, p.y)
        })
        .collect();
    let players = state.players().len();
    let memory = &mut state.memory_mut().converting;
    memory.used.spend(entry, owner, players);
    memory.list.push(Converted {
        entry: entry as u8,
        node,
        owner,
        cells,
        paid: false,
    });
    state.log_event(
        owner,
        Event::Converted {
            entry: entry as u8,
            on: placed,
            segment,
        },
    );
}

/// The cells near a converted feature: its tiles and the tiles beside each across the
/// sides along which they lie (6 for two tiles).
pub fn vicinity(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut out: Vec<(i32, i32)> = cells.to_vec();
    let vertical = cells.windows(2).all(|w| w[0].0 == w[1].0);
    for &(x, y) in cells {
        let beside = if vertical {
            [(x - 1, y), (x + 1, y)]
        } else {
            [(x, y - 1), (x, y + 1)]
        };
        for c in beside {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// [`Hooks::after_turn_scored`]'s work: each unpaid converted feature not lying on the tile
/// just placed is paid the points of the most valuable feature completed this turn with a
/// tile near it; those paid pay the ones near them in turn.
#[inline(never)]
fn pay(state: &mut State, completed: &[Completed]) {
    let last = state.board().placed.len().saturating_sub(1);
    let here = {
        let p = state.board().placed[last];
        (p.x, p.y)
    };
    // The features completed: (points, cells), the most valuable first.
    let mut sources: Vec<(i64, Vec<(i32, i32)>)> = completed
        .iter()
        .map(|c| {
            let (points, tiles) = state.completed_value(c.kind, c.node);
            let cells = tiles
                .iter()
                .map(|&t| {
                    let p = state.board().placed[t as usize];
                    (p.x, p.y)
                })
                .collect();
            (points, cells)
        })
        .collect();
    while !sources.is_empty() {
        sources.sort_by_key(|s| std::cmp::Reverse(s.0));
        let mut paid_now: Vec<(i64, Vec<(i32, i32)>)> = Vec::new();
        let list = state.memory().converting.list.clone();
        for (i, c) in list.iter().enumerate() {
            if c.paid || c.cells.contains(&here) {
                continue;
            }
            let near = vicinity(&c.cells);
            let Some((points, _)) = sources
                .iter()
                .find(|(_, cells)| cells.iter().any(|x| near.contains(x)))
            else {
                continue;
            };
            let points = *points;
            state.memory_mut().converting.list[i].paid = true;
            state.award(
                c.owner,
                points,
                Phase::Play,
                AwardSource::Converted {
                    entry: usize::from(c.entry),
                    index: i,
                },
            );
            // Its piece returns.
            let kind = state.game().rules.mechanisms.converting[usize::from(c.entry)].feature;
            let ids: Vec<u32> = state
                .board()
                .features
                .pieces(kind, c.node)
                .to_vec();
            for id in ids {
                state.return_piece_id(id);
            }
            paid_now.push((points, c.cells.clone()));
        }
        sources = paid_now;
    }
}
