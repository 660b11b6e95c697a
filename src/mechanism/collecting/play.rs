//! Collecting items from completed features, and the majorities at the end.

use crate::engine::{AwardSource, Completed, Event, Hooks, Phase, State};

/// The mechanism's hooks.
pub struct Play;

/// What each player collected: `[player][entry]` (the rule set's order; empty until
/// something is collected).
#[derive(Debug, Clone, Default)]
pub struct Collections {
    /// Counts by player, then by entry of the section.
    pub counts: Vec<Vec<u64>>,
}

impl Hooks for Play {
    type Memory = Collections;

    /// The player of the turn collects the listed items of every feature it completed.
    #[inline]
    fn after_turn_scored(state: &mut State, player: usize, completed: &[Completed]) {
        let table = &state.game().rules.mechanisms.collecting;
        if table.is_empty() || completed.is_empty() {
            return;
        }
        for (i, c) in table.iter().enumerate() {
            if !state.option_on(c.requires_option) {
                continue;
            }
            let count: u64 = completed
                .iter()
                .filter(|f| f.kind == c.feature)
                .map(|f| f.items.get(c.item).copied().unwrap_or(0))
                .fold(0, u64::saturating_add);
            if count == 0 {
                continue;
            }
            let players = state.players().len();
            let counts = &mut state.memory_mut().collecting.counts;
            if counts.len() < players {
                counts.resize(players, Vec::new());
            }
            let mine = &mut counts[player];
            if mine.len() < table.len() {
                mine.resize(table.len(), 0);
            }
            mine[i] = mine[i].saturating_add(count);
            state.log_event(
                player,
                Event::Collected {
                    entry: i,
                    player,
                    count,
                },
            );
        }
    }

    /// For each item, the players who collected the most (at least one) score its points.
    fn final_scoring(state: &mut State) {
        let table = &state.game().rules.mechanisms.collecting;
        for (i, c) in table.iter().enumerate() {
            if !state.option_on(c.requires_option) {
                continue;
            }
            let of = |p: &Vec<u64>| p.get(i).copied().unwrap_or(0);
            let counts = &state.memory().collecting.counts;
            let best = counts.iter().map(of).max().unwrap_or(0);
            if best == 0 {
                continue;
            }
            let winners: Vec<usize> = (0..counts.len())
                .filter(|&p| of(&counts[p]) == best)
                .collect();
            for p in winners {
                let source = AwardSource::Collected {
                    entry: i,
                    count: best,
                };
                state.award(p, c.most, Phase::Final, source);
            }
        }
    }
}
