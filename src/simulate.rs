//! Simulation for variant designers: many seeded games of one game played by agents
//! ([`crate::engine::play`]), in parallel across games, summed up per seat (scores and
//! wins), per game (length, tiles set aside, pieces left) and per feature kind (how often
//! completed, what it scores during play and at the end).
//!
//! Game `i` of a run is played with the seed [`game_seed`]`(seed, i)`, and the results are
//! summed in game order, so the same seed gives the same numbers whatever the number of
//! threads. A run can be cut into shards ([`ShardSpec`], `simulate --shard K/N`), each
//! playing a contiguous range of the games and keeping every game's record ([`Shard`]);
//! [`merge`] puts shards together into exactly the summary one run gives. The summaries
//! are plain data; [`crate::report`] prints them.

use serde::{Deserialize, Serialize};

use crate::engine::State;
use crate::engine::play::{Agent, play_game_with};
use crate::limits;
use crate::replay::LoadedPosition;

/// The seed of game `index` of a run seeded with `seed` (SplitMix64 of their mix), so
/// that neighbouring games get unrelated draws.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one game leaves for the summary: a shard keeps these to be merged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Final points per seat.
    pub points: Vec<i64>,
    /// Turns played.
    pub turns: u64,
    /// Tiles set aside.
    pub set_aside: u64,
    /// Pieces left in supply, all players together.
    pub pieces_left: u64,
    /// Per feature kind reported ([`Summary::features`], same order): features completed.
    pub completed: Vec<u32>,
    /// Per feature kind reported: points scored during play.
    pub play_points: Vec<i64>,
    /// Per feature kind reported: points scored at the end.
    pub final_points: Vec<i64>,
    /// Points given outside feature scoring (titles, goods), all players together.
    pub awarded: i64,
    /// With seats rotated: per seat, the index of its agent in the run's list (empty
    /// otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<usize>,
}

/// Which slice of a run a shard plays: shard `index` (1 to `count`) of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardSpec {
    /// This shard, from 1.
    pub index: u64,
    /// Shards in all.
    pub count: u64,
}

impl ShardSpec {
    /// The games this shard plays of a run of `games`: a contiguous range, the shards
    /// together covering every game once, in order.
    pub fn games(self, games: u64) -> std::ops::Range<u64> {
        let at =
            |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count.max(1))) as u64;
        at(self.index - 1)..at(self.index)
    }
}

/// A shard's part of a run (`simulate --shard K/N --format json`): where it lies and
/// every game's record, for [`merge`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, from 1.
    pub index: u64,
    /// Shards in all.
    pub count: u64,
    /// Games of the whole run.
    pub games_total: u64,
    /// The run's index of this shard's first game.
    pub first_game: u64,
    /// The games' records, in game order.
    pub records: Vec<GameRecord>,
}

/// The spread of a quantity over the games: mean, standard deviation and quantiles
/// (nearest rank).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// Mean.
    pub mean: f64,
    /// Standard deviation (population).
    pub sd: f64,
    /// Smallest.
    pub min: i64,
    /// 10th percentile.
    pub p10: i64,
    /// First quartile.
    pub q1: i64,
    /// Median.
    pub median: i64,
    /// Third quartile.
    pub q3: i64,
    /// 90th percentile.
    pub p90: i64,
    /// Largest.
    pub max: i64,
}

impl Spread {
    fn of(values: &[i64]) -> Spread {
        let mut v = values.to_vec();
        v.sort_unstable();
        let n = v.len().max(1) as f64;
        let mean = total(v.iter().map(|&x| x as f64)) / n;
        let var = total(v.iter().map(|&x| (x as f64 - mean).powi(2))) / n;
        let q = |p: f64| -> i64 {
            if v.is_empty() {
                return 0;
            }
            let rank = ((p * v.len() as f64).ceil() as usize).clamp(1, v.len());
            v[rank - 1]
        };
        Spread {
            mean,
            sd: var.sqrt(),
            min: v.first().copied().unwrap_or(0),
            p10: q(0.10),
            q1: q(0.25),
            median: q(0.50),
            q3: q(0.75),
            p90: q(0.90),
            max: v.last().copied().unwrap_or(0),
        }
    }
}

/// One seat's results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// Seat name (`P1` plays first).
    pub seat: String,
    /// Its agent.
    pub agent: String,
    /// Final scores (points, end-of-game scoring and tokens of known value included).
    pub score: Spread,
    /// Games won; a tie for the highest score shares the win (2 tied players: 0.5 each).
    pub wins: f64,
    /// `wins / games`.
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson score interval), `[low, high]`.
    pub win_rate_ci95: [f64; 2],
}

/// One agent's results over every seat it played, with seats rotated
/// (`simulate --rotate-seats`): a tournament of the agents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentSummary {
    /// The agent (`greedy`, `mcts`), as listed: the first agent listed is agent 1.
    pub agent: String,
    /// Its place in the list, from 1.
    pub index: usize,
    /// Its final scores, over all its games.
    pub score: Spread,
    /// Games won (a tie shares the win).
    pub wins: f64,
    /// `wins / games`.
    pub win_rate: f64,
    /// 95% interval of the win rate (Wilson score interval), `[low, high]`.
    pub win_rate_ci95: [f64; 2],
}

/// One feature kind's results, per game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeatureSummary {
    /// Feature kind, as the rule set names it.
    pub kind: String,
    /// Whether features of this kind can be completed (fields cannot).
    pub completable: bool,
    /// Features of this kind completed during play, per game (scored or not).
    pub completed_per_game: f64,
    /// Points scored on them during play (completed features and effects), per game, all
    /// players together.
    pub points_in_play_per_game: f64,
    /// Points scored on them by end-of-game scoring, per game, all players together.
    pub points_at_end_per_game: f64,
}

/// The summary of one game's simulation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// What was played: the tile sets, as given.
    pub variant: String,
    /// The rule set it was played with: its path as given on the command line or as the
    /// tile set names it (relative to the current directory), or a `bundled:` path.
    pub ruleset: String,
    /// The rule set's name.
    pub game: String,
    /// Games played.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Per seat, in turn order.
    pub seats: Vec<SeatSummary>,
    /// Turns per game.
    pub turns: Spread,
    /// Tiles set aside (drawn, fitting nowhere), per game.
    pub set_aside_per_game: f64,
    /// Pieces still in supply at the end of a game, per player.
    pub pieces_left_per_player: f64,
    /// Points given outside feature scoring (a title's, the most goods), all players
    /// together, per game.
    pub points_besides_features_per_game: f64,
    /// Per feature kind, in rule-set order.
    pub features: Vec<FeatureSummary>,
    /// With seats rotated: per agent listed, its results over every seat it played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<AgentSummary>,
    /// For a shard's run: which games it played and their records; `None` for a whole
    /// run (and after [`merge`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Every game's record, in game order (not written: a shard writes its own in
    /// `shard`), for the paired comparison of two variants ([`paired`]).
    #[serde(skip)]
    pub records: Vec<GameRecord>,
}

/// What a summary says besides the games: what was played and how, the seats and the
/// feature kinds reported.
#[derive(Debug, Clone, PartialEq)]
struct Meta {
    variant: String,
    ruleset: String,
    game: String,
    seed: u64,
    /// Seat names and their agents.
    seats: Vec<(String, String)>,
    /// Feature kinds reported, and whether each can be completed.
    features: Vec<(String, bool)>,
    /// With seats rotated: the agents listed, in order (empty otherwise).
    rotated: Vec<String>,
}

impl Meta {
    /// What differs between two runs, first thing first, as `seed 7 and 9` (this one's,
    /// then `other`'s); `None` when they are the same.
    fn differs(&self, other: &Meta) -> Option<String> {
        let pair = |what: &str, a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| {
            format!("{what} {a:?} and {b:?}")
        };
        if self.variant != other.variant {
            Some(pair("tile sets", &self.variant, &other.variant))
        } else if self.ruleset != other.ruleset {
            Some(pair("rule sets", &self.ruleset, &other.ruleset))
        } else if self.game != other.game {
            Some(pair("games", &self.game, &other.game))
        } else if self.seed != other.seed {
            Some(pair("seed", &self.seed, &other.seed))
        } else if self.seats != other.seats {
            Some(pair("seats and agents", &self.seats, &other.seats))
        } else if self.rotated != other.rotated {
            Some(pair("rotated agents", &self.rotated, &other.rotated))
        } else if self.features != other.features {
            Some(pair("feature kinds", &self.features, &other.features))
        } else {
            None
        }
    }
}

/// Plays `games` games of a loaded game (a position with no turns: its game, players and
/// options) with the seats' agents, on the current rayon thread pool, calling `tick` after
/// each game, and sums them up. `variant` names what was played, `ruleset` the rule set's
/// file (as shown to the user).
///
/// Errors: a message when the start tile cannot be laid.
pub fn run(
    lp: &LoadedPosition,
    (variant, ruleset): (&str, &str),
    agents: &[Agent],
    games: u64,
    seed: u64,
    tick: &(dyn Fn() + Sync),
) -> Result<Summary, String> {
    run_shard(
        lp,
        (variant, ruleset),
        agents,
        games,
        seed,
        None,
        false,
        tick,
    )
}

/// [`run`], or with `shard` only that shard's games, keeping their records (its summary
/// sums its own games; [`merge`] sums the run's). With `rotate`, game `i` seats the
/// agents turned by `i` places (seat `p` plays the agent listed `(p + i) mod players`),
/// so that each plays every seat as often, and the summary adds each agent's results
/// ([`Summary::agents`]).
///
/// Errors: a message when the start tile cannot be laid.
#[allow(clippy::too_many_arguments)]
pub fn run_shard(
    lp: &LoadedPosition,
    (variant, ruleset): (&str, &str),
    agents: &[Agent],
    games: u64,
    seed: u64,
    shard: Option<ShardSpec>,
    rotate: bool,
    tick: &(dyn Fn() + Sync),
) -> Result<Summary, String> {
    use rayon::prelude::*;
    let players: Vec<String> = lp
        .position
        .players
        .iter()
        .map(|p| p.value.clone())
        .collect();
    let rules = &lp.game.rules;
    let mut meta = meta(lp, (variant, ruleset), agents, seed);
    let n = players.len().max(1);
    // Every seat's agent, the list repeated to the number of seats.
    let listed: Vec<Agent> = (0..n)
        .map(|p| {
            agents
                .get(p % agents.len().max(1))
                .copied()
                .unwrap_or(Agent::Random)
        })
        .collect();
    if rotate {
        meta.rotated = listed.iter().map(|a| a.name()).collect();
        for seat in &mut meta.seats {
            seat.1 = "rotated".to_string();
        }
    }
    let reported: Vec<usize> = reported_kinds(rules);
    let range = shard.map_or(0..games, |s| s.games(games));
    let first_game = range.start;
    let results: Vec<Result<GameRecord, String>> = range
        .into_par_iter()
        // Each worker plays its games on one state, reset between them (the same games
        // as on new states, without making one each time).
        .map_init(
            || None::<State>,
            |spare, i| {
                let state = match spare.take() {
                    Some(mut s) => {
                        s.reset();
                        s
                    }
                    None => State::new(&lp.game, players.clone(), lp.options.clone()),
                };
                let (mut turns, mut set_aside) = (0usize, 0usize);
                let count = |t: crate::engine::play::PlayedTurn| {
                    turns += 1;
                    set_aside += t.set_aside.len();
                };
                let seed_i = game_seed(seed, i);
                let turned = (i % n as u64) as usize;
                let order: Vec<usize> = (0..n).map(|p| (p + turned) % n).collect();
                let seated: Vec<Agent> = order.iter().map(|&k| listed[k]).collect();
                let playing: &[Agent] = if rotate { &seated } else { agents };
                let g = play_game_with(state, playing, seed_i, limits::MAX_PLAYED_TURNS, count)
                    .map_err(|e| format!("game {i} (seed {seed_i}) cannot be played: {e:?}"))?;
                tick();
                let s = &g.state;
                let tokens = s.token_points();
                let mut play_points = vec![0i64; rules.features.len()];
                let mut final_points = vec![0i64; rules.features.len()];
                for e in s.events() {
                    let kind = e.kind;
                    let pts = e.points.saturating_mul(e.scorers.len() as i64);
                    let slot = if e.phase == crate::engine::Phase::Final {
                        &mut final_points[kind]
                    } else {
                        &mut play_points[kind]
                    };
                    *slot = slot.saturating_add(pts);
                }
                let awarded = s
                    .log()
                    .iter()
                    .filter_map(|l| match l.event {
                        crate::engine::Event::Awarded { points, .. } => Some(points),
                        _ => None,
                    })
                    .fold(0i64, i64::saturating_add);
                let result = GameRecord {
                    awarded,
                    points: (0..players.len())
                        .map(|p| {
                            s.points()[p]
                                .saturating_add(s.final_points()[p])
                                .saturating_add(tokens[p].0)
                        })
                        .collect(),
                    turns: turns as u64,
                    set_aside: (set_aside + g.set_aside_at_end.len()) as u64,
                    pieces_left: s.supply().iter().flatten().map(|&n| u64::from(n)).sum(),
                    completed: reported.iter().map(|&k| g.completed[k]).collect(),
                    play_points: reported.iter().map(|&k| play_points[k]).collect(),
                    final_points: reported.iter().map(|&k| final_points[k]).collect(),
                    agents: if rotate { order } else { Vec::new() },
                };
                *spare = Some(g.state);
                Ok(result)
            },
        )
        .collect();
    let results: Vec<GameRecord> = results.into_iter().collect::<Result<_, _>>()?;
    let mut summary = summarize(&meta, &results);
    if let Some(spec) = shard {
        summary.shard = Some(Shard {
            index: spec.index,
            count: spec.count,
            games_total: games,
            first_game,
            records: results,
        });
    }
    Ok(summary)
}

/// The feature kinds a summary reports: a kind that never completes and has no scoring
/// case (a tower) has nothing to tell.
fn reported_kinds(rules: &crate::rules::Rules) -> Vec<usize> {
    rules
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.completion != crate::rules::Completion::Never
                || !f.completed.is_empty()
                || !f.final_.is_empty()
        })
        .map(|(k, _)| k)
        .collect()
}

fn meta(
    lp: &LoadedPosition,
    (variant, ruleset): (&str, &str),
    agents: &[Agent],
    seed: u64,
) -> Meta {
    let rules = &lp.game.rules;
    Meta {
        variant: variant.to_string(),
        ruleset: ruleset.to_string(),
        game: rules.name.clone(),
        seed,
        seats: lp
            .position
            .players
            .iter()
            .enumerate()
            .map(|(p, name)| {
                let agent = agents
                    .get(p % agents.len().max(1))
                    .copied()
                    .unwrap_or(Agent::Random)
                    .name();
                (name.value.clone(), agent)
            })
            .collect(),
        features: reported_kinds(rules)
            .into_iter()
            .map(|k| {
                let f = &rules.features[k];
                (
                    f.name.clone(),
                    f.completion != crate::rules::Completion::Never,
                )
            })
            .collect(),
        rotated: Vec::new(),
    }
}

/// Sums up games in game order.
fn summarize(meta: &Meta, results: &[GameRecord]) -> Summary {
    let n = results.len().max(1) as f64;
    let players = meta.seats.len();
    let mut wins = vec![0f64; players];
    for r in results {
        let best = r.points.iter().copied().max().unwrap_or(0);
        let tied = r.points.iter().filter(|&&p| p == best).count().max(1) as f64;
        for (p, &pts) in r.points.iter().enumerate() {
            if pts == best {
                wins[p] += 1.0 / tied;
            }
        }
    }
    let seats = (0..players)
        .map(|p| {
            let scores: Vec<i64> = results.iter().map(|r| r.points[p]).collect();
            let rate = wins[p] / n;
            SeatSummary {
                seat: meta.seats[p].0.clone(),
                agent: meta.seats[p].1.clone(),
                score: Spread::of(&scores),
                wins: wins[p],
                win_rate: rate,
                win_rate_ci95: wilson(rate, results.len() as f64),
            }
        })
        .collect();
    let turns: Vec<i64> = results.iter().map(|r| r.turns as i64).collect();
    let features = meta
        .features
        .iter()
        .enumerate()
        .map(|(k, (kind, completable))| FeatureSummary {
            kind: kind.clone(),
            completable: *completable,
            completed_per_game: total(results.iter().map(|r| f64::from(r.completed[k]))) / n,
            points_in_play_per_game: total(results.iter().map(|r| r.play_points[k] as f64)) / n,
            points_at_end_per_game: total(results.iter().map(|r| r.final_points[k] as f64)) / n,
        })
        .collect();
    Summary {
        variant: meta.variant.clone(),
        ruleset: meta.ruleset.clone(),
        game: meta.game.clone(),
        games: results.len() as u64,
        seed: meta.seed,
        seats,
        turns: Spread::of(&turns),
        set_aside_per_game: total(results.iter().map(|r| r.set_aside as f64)) / n,
        pieces_left_per_player: total(results.iter().map(|r| r.pieces_left as f64))
            / (n * players.max(1) as f64),
        points_besides_features_per_game: total(results.iter().map(|r| r.awarded as f64)) / n,
        features,
        agents: agent_summaries(meta, results),
        shard: None,
        records: results.to_vec(),
    }
}

/// Each listed agent's results over the seats it played, with seats rotated.
fn agent_summaries(meta: &Meta, results: &[GameRecord]) -> Vec<AgentSummary> {
    meta.rotated
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let mut scores = Vec::new();
            let mut wins = 0.0;
            for r in results {
                let Some(p) = r.agents.iter().position(|&a| a == k) else {
                    continue;
                };
                let score = r.points[p];
                scores.push(score);
                let best = r.points.iter().copied().max().unwrap_or(0);
                if score == best {
                    wins += 1.0 / r.points.iter().filter(|&&x| x == best).count().max(1) as f64;
                }
            }
            let games = scores.len() as f64;
            let rate = if games > 0.0 { wins / games } else { 0.0 };
            AgentSummary {
                agent: name.clone(),
                index: k + 1,
                score: Spread::of(&scores),
                wins,
                win_rate: rate,
                win_rate_ci95: wilson(rate, games),
            }
        })
        .collect()
}

/// Puts the shards of one run together (`tessera simulate merge`): the summary one run of
/// all the games would give, the same numbers byte for byte. Every shard must be of the
/// same run (what was played, rule set, seed, seats and agents, feature kinds, games in
/// all, shards in all), and together they must hold each game once.
///
/// Errors: a message naming what does not fit (a summary that is no shard, shards of
/// different runs, a shard missing or given twice, records that do not match their
/// range).
pub fn merge(shards: &[Summary]) -> Result<Summary, String> {
    let Some(first) = shards.first() else {
        return Err("no shard given".to_string());
    };
    let of = |s: &Summary| -> Result<Shard, String> {
        s.shard.clone().ok_or_else(|| {
            format!(
                "a summary of {} is no shard: run it with --shard K/N --format json",
                s.variant
            )
        })
    };
    let head = of(first)?;
    let run_meta = |s: &Summary| Meta {
        variant: s.variant.clone(),
        ruleset: s.ruleset.clone(),
        game: s.game.clone(),
        seed: s.seed,
        seats: s
            .seats
            .iter()
            .map(|x| (x.seat.clone(), x.agent.clone()))
            .collect(),
        features: s
            .features
            .iter()
            .map(|f| (f.kind.clone(), f.completable))
            .collect(),
        rotated: s.agents.iter().map(|a| a.agent.clone()).collect(),
    };
    let meta = run_meta(first);
    let mut parts: Vec<Shard> = Vec::new();
    for s in shards {
        let sh = of(s)?;
        let differs = meta.differs(&run_meta(s)).or_else(|| {
            if sh.count != head.count {
                Some(format!("shards {} and {}", head.count, sh.count))
            } else if sh.games_total != head.games_total {
                Some(format!("games {} and {}", head.games_total, sh.games_total))
            } else {
                None
            }
        });
        if let Some(what) = differs {
            return Err(format!(
                "shard {}/{} is not of the same run as shard {}/{}: {what} (what was played, rule set, seed, seats, agents, games and shards must all be the same)",
                sh.index, sh.count, head.index, head.count
            ));
        }
        let want = ShardSpec {
            index: sh.index,
            count: sh.count,
        };
        if sh.index == 0 || sh.index > sh.count {
            return Err(format!("shard {}/{} does not exist", sh.index, sh.count));
        }
        let range = want.games(sh.games_total);
        if sh.first_game != range.start || sh.records.len() as u64 != range.end - range.start {
            return Err(format!(
                "shard {}/{} should hold games {} to {} of {}, and holds {} from {}",
                sh.index,
                sh.count,
                range.start,
                range.end,
                sh.games_total,
                sh.records.len(),
                sh.first_game
            ));
        }
        if parts.iter().any(|p| p.index == sh.index) {
            return Err(format!("shard {}/{} is given twice", sh.index, sh.count));
        }
        parts.push(sh);
    }
    let missing: Vec<String> = (1..=head.count)
        .filter(|k| !parts.iter().any(|p| p.index == *k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        let (which, verb) = match missing.len() {
            1 => ("shard", "is"),
            _ => ("shards", "are"),
        };
        return Err(format!(
            "{which} {} of {} {verb} missing",
            missing.join(", "),
            head.count
        ));
    }
    parts.sort_by_key(|p| p.index);
    let records: Vec<GameRecord> = parts.into_iter().flat_map(|p| p.records).collect();
    Ok(summarize(&meta, &records))
}

/// The sum of `values` counted from +0.0: an empty sum is 0 (`Iterator::sum` of `f64`
/// gives -0.0, printed `-0.0` for a shard with no games).
fn total(values: impl Iterator<Item = f64>) -> f64 {
    let mut t = 0.0;
    for v in values {
        t += v;
    }
    t
}

/// The 95% Wilson score interval of a rate `p` observed over `n` trials.
fn wilson(p: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * ((p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt()) / (1.0 + z2 / n);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        // 50 of 100: [0.404, 0.596]; 0 of 10: [0, 0.278] (Wilson 1927; Newcombe 1998 table).
        let [lo, hi] = wilson(0.5, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let [lo, hi] = wilson(0.0, 10.0);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let s = Spread::of(&[5, 1, 4, 2, 3]);
        assert_eq!((s.min, s.q1, s.median, s.q3, s.max), (1, 2, 3, 4, 5));
        assert_eq!(s.mean, 3.0);
        assert!((s.sd - 2f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn game_seeds_differ_and_are_stable() {
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
        assert_eq!(game_seed(7, 3), game_seed(7, 3));
    }
}

/// A difference measured game by game: its mean over the games, its standard deviation
/// (sample), and the 95% interval of the mean (normal approximation, mean ± 1.96 sd/√n;
/// exactly `[0, 0]` when every game is the same; none over fewer than 2 games, whose
/// spread cannot be told).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Diff {
    /// Mean difference per game (second variant minus first).
    pub mean: f64,
    /// Standard deviation of the per-game differences.
    pub sd: f64,
    /// 95% interval of the mean, `[low, high]`; `null` over fewer than 2 games.
    pub ci95: Option<[f64; 2]>,
}

impl Diff {
    fn of(d: &[f64]) -> Diff {
        let n = d.len() as f64;
        if d.is_empty() {
            return Diff {
                mean: 0.0,
                sd: 0.0,
                ci95: None,
            };
        }
        let mean = d.iter().sum::<f64>() / n;
        let var = if d.len() > 1 {
            d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let half = 1.959_963_984_540_054 * var.sqrt() / n.sqrt();
        Diff {
            mean,
            sd: var.sqrt(),
            ci95: (d.len() > 1).then_some([mean - half, mean + half]),
        }
    }

    /// Whether the interval leaves out 0: the variants differ at the 95% level (never
    /// without an interval).
    pub fn significant(&self) -> bool {
        self.ci95.is_some_and(|[low, high]| low > 0.0 || high < 0.0)
    }
}

/// One seat's paired difference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairedSeat {
    /// Seat name.
    pub seat: String,
    /// Its final score.
    pub score: Diff,
    /// Its wins (1 a win, a share of a tie, 0 a loss).
    pub wins: Diff,
}

/// One feature kind's paired difference (kinds matched by name; a kind one variant lacks
/// counts 0 there).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairedFeature {
    /// Feature kind.
    pub kind: String,
    /// Features completed during play.
    pub completed: Diff,
    /// Points scored on them, during play and at the end, all players together.
    pub points: Diff,
}

/// Two variants compared game by game (`simulate --compare`): game `i` of each is played
/// from the same seed, so the same seats and agents draw from the same random stream
/// where the piles allow, and the differences are taken per game. Identical games give
/// exactly 0.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Paired {
    /// Games compared (the games of both).
    pub games: u64,
    /// Per seat, in turn order.
    pub seats: Vec<PairedSeat>,
    /// All players' points together.
    pub total_points: Diff,
    /// Turns per game.
    pub turns: Diff,
    /// Per feature kind, the first variant's kinds then the second's others.
    pub features: Vec<PairedFeature>,
}

/// The paired comparison of two variants' games (second minus first), game by game;
/// `None` when they do not hold the same number of games and seats.
pub fn paired(a: &Summary, b: &Summary) -> Option<Paired> {
    let (ra, rb) = (&a.records, &b.records);
    if ra.len() != rb.len() || ra.is_empty() || a.seats.len() != b.seats.len() {
        return None;
    }
    let diffs = |f: &dyn Fn(&GameRecord, &Summary) -> f64| {
        Diff::of(
            &ra.iter()
                .zip(rb)
                .map(|(x, y)| f(y, b) - f(x, a))
                .collect::<Vec<_>>(),
        )
    };
    let win = |r: &GameRecord, p: usize| {
        let best = r.points.iter().copied().max().unwrap_or(0);
        let tied = r.points.iter().filter(|&&x| x == best).count().max(1) as f64;
        if r.points.get(p) == Some(&best) {
            1.0 / tied
        } else {
            0.0
        }
    };
    let seats = (0..a.seats.len())
        .map(|p| PairedSeat {
            seat: a.seats[p].seat.clone(),
            score: diffs(&|r, _| r.points.get(p).copied().unwrap_or(0) as f64),
            wins: diffs(&|r, _| win(r, p)),
        })
        .collect();
    let mut kinds: Vec<String> = Vec::new();
    for f in a.features.iter().chain(&b.features) {
        if !kinds.contains(&f.kind) {
            kinds.push(f.kind.clone());
        }
    }
    let features = kinds
        .into_iter()
        .map(|kind| {
            let at = |s: &Summary| s.features.iter().position(|f| f.kind == kind);
            let completed =
                |r: &GameRecord, s: &Summary| at(s).map_or(0.0, |k| f64::from(r.completed[k]));
            let points = |r: &GameRecord, s: &Summary| {
                at(s).map_or(0.0, |k| (r.play_points[k] + r.final_points[k]) as f64)
            };
            PairedFeature {
                completed: diffs(&completed),
                points: diffs(&points),
                kind,
            }
        })
        .collect();
    Some(Paired {
        games: ra.len() as u64,
        seats,
        total_points: diffs(&|r, _| r.points.iter().sum::<i64>() as f64),
        turns: diffs(&|r, _| r.turns as f64),
        features,
    })
}
