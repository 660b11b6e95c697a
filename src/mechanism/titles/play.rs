//! Passing titles when features complete, and their holders' points.

use super::table::{Title, TitleCase};
use crate::engine::{AwardSource, Completed, Event, Hooks, Phase, State};
use crate::graph;

/// The mechanism's hooks.
pub struct Play;

/// Who holds each title, by title (the rule set's order; empty until a feature of a
/// title's kind is completed).
#[derive(Debug, Clone, Default)]
pub struct Holders {
    /// Each title's holding.
    pub titles: Vec<Holding>,
}

/// A title's holder and the size to beat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Holding {
    /// The player who holds it; `None` until a feature of its kind is completed.
    pub holder: Option<usize>,
    /// The largest feature of its kind completed so far, in tiles.
    pub record: u32,
}

/// Whether a title is in play (its option, if any, is on).
fn in_play(state: &State, title: &Title) -> bool {
    state.option_on(title.requires_option)
}

/// The first case whose option is on.
fn first_case<'a>(state: &State, cases: &'a [TitleCase]) -> Option<&'a TitleCase> {
    cases
        .iter()
        .find(|c| state.option_on(c.option))
}

/// Whether `player` holds every title in play.
fn holds_all(state: &State, player: usize) -> bool {
    let titles = &state.game().rules.mechanisms.titles;
    let held = &state.memory().titles.titles;
    titles
        .iter()
        .enumerate()
        .filter(|(_, t)| in_play(state, t))
        .all(|(i, _)| held.get(i).and_then(|h| h.holder) == Some(player))
}

/// A case's points for `units` features counted; `all`: its holder holds every title and
/// the case gives points for that.
fn points(case: &TitleCase, units: i64, all: bool) -> i64 {
    match case.all_titles {
        Some(p) if all => p,
        _ => case
            .per_completed
            .saturating_mul(units)
            .saturating_add(case.points),
    }
}

impl Hooks for Play {
    type Memory = Holders;

    /// For each title of a kind the turn completed: its holder's points during play (if a
    /// case applies), then the title passes to the player of the turn when the largest
    /// feature completed beats every earlier one.
    #[inline]
    fn after_turn_scored(state: &mut State, player: usize, completed: &[Completed]) {
        let titles = &state.game().rules.mechanisms.titles;
        if titles.is_empty() || completed.is_empty() {
            return;
        }
        if state.memory().titles.titles.len() < titles.len() {
            state
                .memory_mut()
                .titles
                .titles
                .resize(titles.len(), Holding::default());
        }
        for (t, title) in titles.iter().enumerate() {
            if !in_play(state, title) {
                continue;
            }
            let (n, largest) = completed
                .iter()
                .filter(|c| c.kind == title.feature)
                .fold((0i64, 0u32), |(n, m), c| (n + 1, m.max(c.tiles)));
            if n == 0 {
                continue;
            }
            let held = state.memory().titles.titles[t];
            if let (Some(h), Some(case)) = (held.holder, first_case(state, &title.during_play)) {
                let all = case.all_titles.is_some() && holds_all(state, h);
                let p = points(case, n, all);
                if p != 0 {
                    // Fixed points count nothing.
                    let units = if case.per_completed == 0 { 0 } else { n };
                    let source = AwardSource::Title {
                        title: t,
                        units,
                        all,
                    };
                    state.award(h, p, Phase::Play, source);
                }
            }
            if largest > held.record {
                state.memory_mut().titles.titles[t] = Holding {
                    holder: Some(player),
                    record: largest,
                };
                let tiles = largest;
                state.log_event(
                    player,
                    Event::TitleTaken {
                        title: t,
                        player,
                        tiles,
                    },
                );
            }
        }
    }

    /// Each title's holder receives its end-of-game case: per completed feature of its
    /// kind on the board, points besides, or the points for every title.
    fn final_scoring(state: &mut State) {
        let game = state.game();
        let titles = &game.rules.mechanisms.titles;
        for (t, title) in titles.iter().enumerate() {
            let Some(h) = state.memory().titles.titles.get(t).and_then(|h| h.holder) else {
                continue;
            };
            if !in_play(state, title) {
                continue;
            }
            let Some(case) = first_case(state, &title.end_of_game) else {
                continue;
            };
            let board = state.board();
            let units = board
                .features
                .roots()
                .filter(|&(kind, root, _)| {
                    kind == title.feature
                        && graph::completed(&game.rules, &game.tiles, board, kind, root)
                })
                .count() as i64;
            let all = case.all_titles.is_some() && holds_all(state, h);
            let p = points(case, units, all);
            if p != 0 {
                let source = AwardSource::Title {
                    title: t,
                    units: if case.per_completed == 0 { 0 } else { units },
                    all,
                };
                state.award(h, p, Phase::Final, source);
            }
        }
    }
}
