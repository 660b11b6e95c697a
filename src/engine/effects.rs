//! Effects of items on the tile just placed: immediate scoring of features near it (with
//! covering of the items scored), and a piece the player may take back.

use super::*;

impl<'g> State<'g> {
    /// Applies the effects of the items on the tile just placed (rules' `effects`), for
    /// `player`: immediate scoring (logboat, hunting trap) with covering. Returns the piece
    /// kind an effect lets the player return (shaman), if any.
    pub(crate) fn apply_effects(&mut self, player: usize, placed: u32) -> Option<PieceKindId> {
        let rules = &self.game.rules;
        if rules.effects.is_empty() {
            return None;
        }
        let p = self.board.placed[placed as usize];
        let mut may_return = None;
        for seg in 0..self.game.tiles.tiles[p.tile].segments.len() {
            let node = self.board.node(placed, seg);
            for effect in &rules.effects {
                if self.ctx().items_on(node, effect.item) == 0 {
                    continue;
                }
                may_return = may_return.or(effect.return_piece);
                let Some(kind) = effect.feature else {
                    continue;
                };
                if effect.score.is_empty()
                    || !rules.features[kind]
                        .members
                        .contains(&self.board.graph[node].feature)
                {
                    continue;
                }
                let f = graph::component(rules, &self.game.tiles, &self.board, kind, node);
                let within = effect.within.map(|radius| Within {
                    centre: (p.x, p.y),
                    radius,
                });
                let ctx = self.ctx();
                let scope: Vec<NodeIndex> = ctx.scoped(&f, within).collect();
                let Some((v, case)) = score::value_with_case(&ctx, &f, &effect.score, within)
                else {
                    continue;
                };
                // What gets covered: every counted item in the scope, and of the items that
                // cancel others only as many as did cancel (a tiger that ate no deer stays).
                let terms = &effect.score[case].terms;
                let mut cover: Vec<(usize, u32)> = Vec::new();
                for (t, tv) in terms.iter().zip(&v.terms) {
                    if let crate::rules::Count::Item(i) = t.count {
                        cover.push((i, u32::MAX));
                    }
                    if let Some(c) = t.cancelled_by {
                        cover.push((c, tv.cancelled as u32));
                    }
                }
                self.points[player] = self.points[player].saturating_add(v.points);
                let mut e = self.event(f, Phase::Effect, false, vec![player], v);
                e.effect = Some(effect.item);
                if effect.cover {
                    for (item, mut left) in cover {
                        for &n in &scope {
                            let k = self.ctx().items_on(n, item).min(left);
                            if k > 0 {
                                left -= k;
                                let c = &mut self
                                    .covered
                                    .entry(n)
                                    .or_insert_with(|| vec![0; rules.items.len()])[item];
                                *c = c.saturating_add(k);
                            }
                        }
                    }
                }
                self.events.push(e);
            }
        }
        may_return
    }
}
