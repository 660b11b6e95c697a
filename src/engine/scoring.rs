//! Scoring features: a completed feature when the tile completes it (closed features
//! through the tile's segments, surrounded features on it or around it, then features
//! completed by the completion of those linked to them), every feature at the end of the
//! game, and the record of each feature scored.

use super::*;

/// A feature completed by a tile, as extra-turn rules need it.
#[derive(Debug, Clone)]
pub struct Completed {
    /// Feature kind.
    pub kind: usize,
    /// Uncovered item counts, by item id (kept inline for up to 8 item kinds).
    pub items: SmallVec<[u64; 8]>,
    /// Whether pieces were counted on it.
    pub pieces: bool,
    /// Its size: the distinct tiles it lies on.
    pub tiles: u32,
    /// One of its segments (the one its completion was found from).
    pub node: NodeIndex,
}

impl<'g> State<'g> {
    /// The record of a scored feature (its tiles moved out of `f`, written out for it).
    pub(crate) fn scored_record(
        &self,
        f: Feature,
        phase: Phase,
        completed: bool,
        scorers: Vec<usize>,
        v: Valuation,
    ) -> Scored {
        Scored {
            phase,
            turn: self.turn,
            kind: f.kind,
            node: f.id(),
            completed,
            items: self.ctx().feature_items(&f).into_vec(),
            tiles: f.tiles,
            pieces: Vec::new(),
            strength: Vec::new(),
            scorers,
            points: v.points,
            terms: v.terms,
            capped: v.capped,
            tokens: Vec::new(),
            raised: Vec::new(),
            tie_lost: Vec::new(),
            effect: None,
        }
    }

    /// The points feature `kind` through segment `node` is worth completed (by its
    /// `completed` cases, whoever holds it; 0 when no case applies), and its tiles
    /// (placed indices).
    pub(crate) fn completed_value(&self, kind: FeatureId, node: NodeIndex) -> (i64, Vec<u32>) {
        let rules = &self.game.rules;
        let f = graph::component(rules, &self.game.tiles, &self.board, kind, node);
        let points = score::value(&self.ctx(), &f, &rules.features[kind].completed, None)
            .map_or(0, |v| v.points);
        (points, f.tiles)
    }

    /// Scores one feature for its majority; during play its pieces return to supply.
    #[inline]
    pub(super) fn score_feature(&mut self, f: Feature, completed: bool, phase: Phase) {
        self.score_majority(f, completed, phase, None);
    }

    /// Scores feature `f` now, during play, for the majority of the pieces on it, by
    /// `cases` (a mechanism's, not the feature kind's: a barn placed into a field scores
    /// its farmers), as [`State::score_feature`] does otherwise (ties broken, scores
    /// raised, the feature recorded as scored, not completed), and leaves the pieces where
    /// they are: the mechanism returns those it returns. Returns the players who scored.
    pub(crate) fn score_feature_by(
        &mut self,
        f: Feature,
        cases: &[crate::rules::Case],
    ) -> Vec<usize> {
        self.score_majority(f, false, Phase::Play, Some(cases))
    }

    /// Scores feature `f` by `cases` for each of `scorers` once, banked with the points
    /// of `phase` (a mechanism's scoring outside majorities: every barn's owner at the
    /// end), recorded as scored. Nothing when no case applies.
    pub(crate) fn score_feature_for(
        &mut self,
        f: Feature,
        cases: &[crate::rules::Case],
        scorers: Vec<usize>,
        phase: Phase,
    ) {
        let Some(v) = score::value(&self.ctx(), &f, cases, None) else {
            return;
        };
        for &s in &scorers {
            let banked = if phase == Phase::Final {
                &mut self.final_points[s]
            } else {
                &mut self.points[s]
            };
            *banked = banked.saturating_add(v.points);
        }
        let e = self.scored_record(f, phase, false, scorers, v);
        self.events.push(e);
    }

    /// [`State::score_feature`], or by a mechanism's `cases` (then during play, tokens
    /// are not handed out and the pieces stay). Returns the scorers.
    #[inline]
    fn score_majority(
        &mut self,
        f: Feature,
        completed: bool,
        phase: Phase,
        by: Option<&[crate::rules::Case]>,
    ) -> Vec<usize> {
        let (kind_id, id) = (f.kind, f.id());
        let on = self.pieces_inline(kind_id, id);
        let ordinary = by.is_none();
        if !on.is_empty() {
            super::hooks::feature_scored(self, &f, &on, phase);
        }
        if on.is_empty() {
            if ordinary && phase == Phase::Play && completed {
                // No majority: a completed feature's tokens leave the game.
                self.distribute_tokens(&f, &[]);
            }
            return Vec::new();
        }
        let rules = &self.game.rules;
        let players = self.players.len();
        let mut strengths = score::strengths(rules, &on, players);
        super::hooks::strength(self, &f, &on, &mut strengths);
        let mut scorers = score::majority_of(&strengths);
        // Only a tie can be broken: nothing is copied for a feature with one scorer.
        let tie_lost: Vec<usize> = if scorers.len() > 1 {
            let tied = scorers.clone();
            super::hooks::break_tie(self, &on, &mut scorers);
            tied.into_iter().filter(|p| !scorers.contains(p)).collect()
        } else {
            Vec::new()
        };
        let tokens = if ordinary && phase == Phase::Play {
            self.distribute_tokens(&f, &scorers)
        } else {
            Vec::new()
        };
        let kind = &rules.features[kind_id];
        let cases = match by {
            Some(cases) => cases,
            None if completed => &kind.completed,
            None => &kind.final_,
        };
        let valuation = if scorers.is_empty() {
            None
        } else {
            score::value(&self.ctx(), &f, cases, None)
        };
        let mut scored = Vec::new();
        if let Some(v) = valuation {
            let mut pieces = vec![0u32; players];
            for p in &on {
                if rules.pieces[p.kind].majority {
                    pieces[p.player] += 1;
                }
            }
            // Strengths are listed only when they differ from the numbers of pieces.
            let strength = if strengths.iter().zip(&pieces).any(|(s, n)| s != n) {
                strengths.into_vec()
            } else {
                Vec::new()
            };
            let raised = super::hooks::raise(self, &f, &on, &v, &scorers);
            for &s in &scorers {
                let won = v.points.saturating_add(raised[s]);
                if phase == Phase::Final {
                    self.final_points[s] = self.final_points[s].saturating_add(won);
                } else {
                    self.points[s] = self.points[s].saturating_add(won);
                }
            }
            let raised = if raised.iter().any(|&x| x != 0) {
                raised.into_vec()
            } else {
                Vec::new()
            };
            // The scorers are told only to a mechanism (nothing is copied otherwise).
            if !ordinary {
                scored = scorers.clone();
            }
            let mut e = self.scored_record(f, phase, completed, scorers, v);
            e.raised = raised;
            e.pieces = pieces;
            e.tokens = tokens;
            e.strength = strength;
            e.tie_lost = tie_lost;
            self.events.push(e);
        } else if scorers.is_empty() && on.iter().any(|p| rules.pieces[p.kind].majority) {
            // Pieces that count for the majority, all with no strength (a mayor in a city
            // without pennants): nobody has the majority, and their players are recorded
            // as scoring nothing, as JCloisterZone records them.
            let mut zero: Vec<usize> = on
                .iter()
                .filter(|p| rules.pieces[p.kind].majority)
                .map(|p| p.player)
                .collect();
            zero.sort_unstable();
            zero.dedup();
            let mut pieces = vec![0u32; players];
            for p in on.iter().filter(|p| rules.pieces[p.kind].majority) {
                pieces[p.player] += 1;
            }
            let none = score::Valuation {
                points: 0,
                terms: Vec::new(),
                capped: false,
            };
            let mut e = self.scored_record(f, phase, completed, zero, none);
            e.pieces = pieces;
            e.strength = strengths.into_vec();
            self.events.push(e);
        }
        if ordinary && phase == Phase::Play {
            for id in self.board.features.take_pieces(kind_id, id) {
                if let Some(p) = self.pieces.remove(id) {
                    self.supply[p.player][p.kind] += 1;
                }
            }
        }
        scored
    }

    /// Scores every feature completed by the tile just placed (with index `placed`):
    /// closed features through its segments, surrounded features on it or around it.
    /// Returns the features completed (scored or not), for extra-turn rules.
    pub(crate) fn score_completed(&mut self, placed: u32) -> Vec<Completed> {
        let rules = &self.game.rules;
        let play = self.game.play_tables();
        let p = self.board.placed[placed as usize];
        let mut starts: SmallVec<[NodeIndex; 16]> = SmallVec::new();
        for s in 0..self.game.tiles.tiles[p.tile].segments.len() {
            starts.push(p.node(s));
        }
        // A wall closes what meets it on the tiles across: their segments there too.
        let rot = self.game.tiles.tiles[p.tile].rotated(p.rotation);
        if rot.walls != 0 {
            for side in 0..4u8 {
                if !rot.is_wall(side as usize) {
                    continue;
                }
                let Some(n) = self
                    .board
                    .at_offset(p.x, p.y, crate::geometry::offset(side))
                else {
                    continue;
                };
                let q = self.board.placed[n as usize];
                let theirs = self.game.tiles.tiles[q.tile].rotated(q.rotation);
                let back = crate::geometry::opposite(side) as usize;
                for &seg in theirs.slot_segment[back]
                    .iter()
                    .chain(&theirs.slot_shared[back])
                {
                    if seg != crate::rules::NO_SEGMENT {
                        starts.push(q.node(seg as usize));
                    }
                }
            }
        }
        if play.any_surrounded {
            // The watched tiles around this one, in the order of `AROUND`; those now
            // surrounded (this one too, laid in a hole) are no longer watched: no tile
            // can come next to them.
            let mut around: SmallVec<[(usize, u32); 8]> = SmallVec::new();
            let mut i = 0;
            while let Some(&(x, y, n)) = self.watched.get(i) {
                let (dx, dy) = (i64::from(x) - i64::from(p.x), i64::from(y) - i64::from(p.y));
                if dx.abs() > 1 || dy.abs() > 1 {
                    i += 1;
                    continue;
                }
                if let Some(k) = AROUND
                    .iter()
                    .position(|&d| (i64::from(d.0), i64::from(d.1)) == (dx, dy))
                {
                    around.push((k, n));
                }
                if self.board.neighbours(x, y) == 8 {
                    self.watched.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            around.sort_unstable();
            for (_, n) in around {
                let q = self.board.placed[n as usize];
                for &s in &play.surrounded[q.tile] {
                    starts.push(q.node(s as usize));
                }
            }
        }
        // Features looked at, by (kind, root): every segment of one has the same root.
        let mut done: SmallVec<[(usize, NodeIndex); 16]> = SmallVec::new();
        let mut completed = Vec::new();
        // First the features completed by their own geometry, then those completed by the
        // completion of features linked to them (a city whose railroads are all complete),
        // looked for next to everything completed in the first pass.
        let mut linked_starts: SmallVec<[NodeIndex; 16]> = SmallVec::new();
        for pass in 0..2 {
            if pass == 1 {
                if !play.any_linked {
                    break;
                }
                let found = std::mem::take(&mut linked_starts);
                starts.extend(found);
            }
            for &start in &starts {
                let own = self.board.graph[start].feature;
                for &kind in &play.completes[own][pass] {
                    // In the first pass completion is read from the feature's counters,
                    // cheaper than telling whether it was looked at: most are not
                    // completed. (Scoring one feature completes no other.)
                    if pass == 0
                        && !graph::completed(rules, &self.game.tiles, &self.board, kind, start)
                    {
                        continue;
                    }
                    let root = self.board.features.find(kind, start);
                    if done.contains(&(kind, root)) {
                        continue;
                    }
                    done.push((kind, root));
                    if pass == 1
                        && !graph::completed(rules, &self.game.tiles, &self.board, kind, start)
                    {
                        continue;
                    }
                    let f = graph::component(rules, &self.game.tiles, &self.board, kind, start);
                    if pass == 0 && play.any_linked {
                        linked_starts.extend(graph::link_neighbours(&self.board, &f));
                    }
                    // Held back from scoring by a mechanism (converted into a castle).
                    if super::hooks::withheld(self, kind, start) {
                        continue;
                    }
                    completed.push(Completed {
                        kind,
                        items: self.ctx().feature_items(&f),
                        pieces: self.board.features.occupied(kind, start),
                        tiles: f.tiles.len() as u32,
                        node: start,
                    });
                    self.score_feature(f, true, Phase::Play);
                }
            }
        }
        completed
    }

    /// End-of-game scoring: every feature still holding pieces scores its `final` cases
    /// (or its `completed` cases if it is completed, as in a snapshot). Pieces stay.
    pub fn final_scoring(&mut self) {
        self.score_all(false);
        hooks::final_scoring(self);
        // Tokens still on the board leave the game.
        for t in &mut self.tokens {
            t.on.clear();
        }
    }

    /// Scores completed features that still hold pieces (a snapshot taken before scoring).
    /// Returns what happened besides scoring (tokens that left the game).
    pub fn score_pending(&mut self) -> Vec<Event> {
        self.left_game.clear();
        self.score_all(true);
        let events = std::mem::take(&mut self.left_game);
        for e in &events {
            self.log.push(Logged {
                turn: self.turn,
                player: self.last_player,
                event: e.clone(),
            });
        }
        events
    }

    /// Scores every feature of the board once, in board order (by the feature's first
    /// segment, ordinary features first). Only features holding pieces are written out
    /// (and a completed one whose tokens leave the game); the others cost a look at their
    /// counters.
    pub(super) fn score_all(&mut self, only_completed: bool) {
        let rules = &self.game.rules;
        let tokens_on = |kind: FeatureId| rules.token_pools.iter().any(|p| p.feature == kind);
        // Scoring a feature changes no other feature's pieces (a piece counts on one), so
        // the features are those the pieces on the board count on (and, for a snapshot,
        // those where tokens lie), found before sorting.
        let forest = &self.board.features;
        let entry = |kind: FeatureId, node: NodeIndex| {
            let root = forest.find(kind, node);
            let first = forest.first(kind, root);
            (first, rules.features[kind].aggregate, kind, root)
        };
        let mut list: Vec<(NodeIndex, bool, FeatureId, NodeIndex)> = self
            .pieces
            .iter()
            .map(|p| entry(p.scored_on, p.node))
            .collect();
        if only_completed && !rules.token_pools.is_empty() {
            list.extend(
                forest
                    .roots()
                    .filter(|&(kind, _, _)| tokens_on(kind))
                    .map(|(kind, root, _)| entry(kind, root)),
            );
        }
        list.sort_unstable();
        list.dedup();
        for (_, _, kind, root) in list {
            let completed = graph::completed(rules, &self.game.tiles, &self.board, kind, root);
            let phase = match (only_completed, completed) {
                (true, true) => Phase::Play,
                (false, _) => Phase::Final,
                (true, false) => continue,
            };
            let tokens = phase == Phase::Play && completed && tokens_on(kind);
            if !self.board.features.occupied(kind, root) && !tokens {
                continue;
            }
            // Held back by a mechanism (a castle): it scores by that mechanism's rule.
            if super::hooks::withheld(self, kind, root) {
                continue;
            }
            let f = graph::component(rules, &self.game.tiles, &self.board, kind, root);
            self.score_feature(f, completed, phase);
        }
    }
}
