//! Where tiles may go: the fit over the frontier read from the fit tables, the placement
//! rules of stacks and feature kinds (a stack's tiles must continue a feature kind; a
//! `no_u_turn` kind may not bend twice the same way in a row), the order of the piles.

use super::*;

/// One tile's fit over the frontier, read from the fit tables ([`State::frontier_fit`]).
#[derive(Debug, Clone, Copy)]
pub struct FrontierFit<'a> {
    table: &'a [u8],
    patterns: &'a [u32],
    cells: &'a [crate::board::FrontierCell],
}

impl FrontierFit<'_> {
    /// Number of frontier cells.
    pub fn cells(&self) -> usize {
        self.cells.len()
    }

    /// The tile turned by `rotation` on the `i`-th frontier cell: `Some(Some(p))` when
    /// that is a legal placement, `Some(None)` when it is not, `None` when the tables
    /// cannot tell (a cell with no pattern) or `i` is past the end.
    #[inline]
    pub fn at(&self, i: usize, rotation: Rotation) -> Option<Option<Placement>> {
        let pattern = *self.patterns.get(i)?;
        let rotations = *self.table.get(pattern as usize)?;
        if rotations >> rotation.quarter_turns() & 1 == 0 {
            return Some(None);
        }
        let c = self.cells.get(i)?;
        Some(Some(Placement {
            x: c.x,
            y: c.y,
            rotation,
        }))
    }
}

/// Why a placement that fits its neighbours still breaks a rule of its stack or of a
/// feature kind (see [`State::placement_rules`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleBreak {
    /// A tile of a stack with `continues` meets no segment of that kind on the board.
    NotContinued {
        /// The tile's stack.
        stack: usize,
        /// The feature kind it must continue.
        feature: FeatureId,
    },
    /// A tile of a stack with `into_holes` goes on a cell with a side facing no tile.
    NotAHole {
        /// The tile's stack.
        stack: usize,
    },
    /// A bend of a `no_u_turn` feature kind turns the same way as the bend it continues.
    UTurn {
        /// The feature kind.
        feature: FeatureId,
        /// The neighbour holding the other bend (placed index).
        neighbour: u32,
        /// Whether both bends turn right (clockwise), seen along the feature.
        right: bool,
    },
}

/// Why a tile may not be drawn now: a stack played before its pile still has tiles that
/// fit (see [`State::pile_waiting`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    /// The stack that must be played first.
    pub stack: usize,
    /// Its copies left that fit somewhere on the board.
    pub playable: u32,
}

/// The distinct sides a segment meets, from its slots in board orientation.
fn segment_sides(slots: impl Iterator<Item = crate::geometry::Slot>) -> Vec<Side> {
    let mut sides: Vec<Side> = slots.map(|s| s.side).collect();
    sides.sort_unstable();
    sides.dedup();
    sides
}

/// How a segment meeting exactly two sides at a right angle turns, seen by someone who
/// crosses side `through` (entering the tile when `entering`, else leaving it): 1 right
/// (clockwise), 3 left; `None` for a straight segment, an end or a fork.
fn bend(sides: &[Side], through: Side, entering: bool) -> Option<u8> {
    let &[a, b] = sides else {
        return None;
    };
    let other = if a == through {
        b
    } else if b == through {
        a
    } else {
        return None;
    };
    let (entry, exit) = if entering {
        (through, other)
    } else {
        (other, through)
    };
    // Heading when entering: away from the entry side; when leaving: towards the exit side.
    let turn = (exit + 4 - opposite(entry)) % 4;
    matches!(turn, 1 | 3).then_some(turn)
}

impl<'g> State<'g> {
    /// Checks the rules a placement must keep beyond fitting its neighbours (call it when
    /// [`Board::fits`] holds): with `continuation`, a tile of a stack that `continues` a
    /// feature kind must meet a segment of that kind across a side; a segment of a
    /// `no_u_turn` kind that bends may not bend the same way as a bend it meets.
    /// `continuation` is off for snapshots, whose tiles are laid in any order; the first
    /// tile on an empty board (the start tile) has nothing to continue.
    pub fn placement_rules(
        &self,
        tile: TileId,
        x: i32,
        y: i32,
        rotation: Rotation,
        continuation: bool,
    ) -> Result<(), RuleBreak> {
        if !self.has_placement_rules(tile) {
            return Ok(());
        }
        let rules = &self.game.rules;
        let def = &self.game.tiles.tiles[tile];
        if let Some(s) = def.stack.filter(|&s| rules.stacks[s].into_holes) {
            let hole = (0..4u8).all(|side| self.board.at_offset(x, y, offset(side)).is_some());
            if !hole {
                return Err(RuleBreak::NotAHole { stack: s });
            }
        }
        let stack = def
            .stack
            .filter(|_| continuation && !self.board.placed.is_empty());
        let continues = stack.and_then(|s| rules.stacks[s].continues.map(|f| (s, f)));
        let mut continued = false;
        for seg in 0..def.segments.len() {
            let kind = def.segments[seg].feature;
            let wanted = continues.is_some_and(|(_, f)| f == kind);
            let no_u_turn = rules.features[kind].no_u_turn;
            if !wanted && !no_u_turn {
                continue;
            }
            let sides = segment_sides(def.board_slots(seg, rotation));
            for slot in def.board_slots(seg, rotation) {
                let Some((n, other)) = self.facing(x, y, slot.side, slot.part) else {
                    continue;
                };
                if other.1 != kind {
                    continue;
                }
                continued |= wanted;
                if !no_u_turn {
                    continue;
                }
                // Travelling from the neighbour into this tile across `slot.side`.
                let q = self.board.placed[n as usize];
                let theirs =
                    segment_sides(self.game.tiles.tiles[q.tile].board_slots(other.0, q.rotation));
                let (Some(mine), Some(before)) = (
                    bend(&sides, slot.side, true),
                    bend(&theirs, opposite(slot.side), false),
                ) else {
                    continue;
                };
                if mine == before {
                    return Err(RuleBreak::UTurn {
                        feature: kind,
                        neighbour: n,
                        right: mine == 1,
                    });
                }
            }
        }
        match continues {
            Some((stack, feature)) if !continued => Err(RuleBreak::NotContinued { stack, feature }),
            _ => Ok(()),
        }
    }

    /// The placed tile across `side` of cell (x, y) and its segment (index, feature kind)
    /// at the slot facing part `part` of that side.
    pub(super) fn facing(
        &self,
        x: i32,
        y: i32,
        side: Side,
        part: u8,
    ) -> Option<(u32, (usize, FeatureId))> {
        let (dx, dy) = offset(side);
        let n = self.board.at(x.checked_add(dx)?, y.checked_add(dy)?)?;
        let q = self.board.placed[n as usize];
        let rot = self.game.tiles.tiles[q.tile].rotated(q.rotation);
        let back = opposite(side);
        let parts = self.game.rules.parts(rot.sides[back as usize]);
        let their_part = (parts as u8).checked_sub(1 + part)?;
        let seg = rot.slot_segment[back as usize][their_part as usize];
        if seg == NO_SEGMENT {
            return None;
        }
        let seg = seg as usize;
        let kind = self.game.tiles.tiles[q.tile].segments[seg].feature;
        Some((n, (seg, kind)))
    }

    /// Whether a tile of `stack` (`None`: the main pile) may be drawn in an ordinary turn
    /// now: every stack with a lower `order` is done (no copy left, or none of the copies
    /// left fits anywhere). Returns the first stack that is not, with how many of its
    /// copies fit. Stacks drawn only for extra turns are never waited for.
    pub fn pile_waiting(&self, stack: Option<usize>) -> Option<Waiting> {
        let rules = &self.game.rules;
        if rules.stacks.is_empty() {
            return None;
        }
        let mine = rules.pile_order(stack)?;
        let mut earlier: Vec<(u64, usize)> = (0..rules.stacks.len())
            .filter_map(|s| rules.pile_order(Some(s)).map(|o| (o, s)))
            .filter(|&(o, _)| o < mine)
            .collect();
        earlier.sort();
        earlier.into_iter().find_map(|(_, s)| {
            let playable = self
                .game
                .tiles
                .tiles
                .iter()
                .enumerate()
                .filter(|(i, t)| t.stack == Some(s) && self.used[*i] < t.count)
                .filter(|(i, _)| !self.legal_placements(*i).is_empty())
                .fold(0u32, |a, (i, t)| a.saturating_add(t.count - self.used[i]));
            (playable > 0).then_some(Waiting { stack: s, playable })
        })
    }

    /// Every legal placement of a tile on the current board, sorted: it fits its
    /// neighbours and keeps the placement rules of its stack and feature kinds
    /// ([`State::placement_rules`]). Which pile may be drawn from is not looked at
    /// ([`State::pile_waiting`]).
    pub fn legal_placements(&self, tile: TileId) -> Vec<Placement> {
        let mut out = Vec::new();
        self.for_each_placement(tile, |p| out.push(p));
        out.sort_unstable();
        out
    }

    /// Calls `f` with every legal placement of a tile (see [`State::legal_placements`]),
    /// in frontier order (the same for the same game, but not sorted). Costs one
    /// comparison of side kinds per frontier cell and rotation; the placement rules are
    /// looked at only for tiles that have some.
    pub fn for_each_placement(&self, tile: TileId, mut f: impl FnMut(Placement)) {
        let def = &self.game.tiles.tiles[tile];
        let has_rules = self.has_placement_rules(tile);
        let limit = crate::limits::MAX_COORDINATE.unsigned_abs();
        let fits = &self.game.tiles.fits;
        for cell in self.board.frontier_cells() {
            // Bit q: the rotation of q quarter turns fits.
            let mut fitting = match fits.rotations(tile, cell.pattern()) {
                Some(m) => m,
                None => Rotation::ALL
                    .into_iter()
                    .filter(|&r| cell.admits(def.rotated(r)))
                    .fold(0, |m, r| m | 1 << r.quarter_turns()),
            };
            if fitting == 0 || cell.x.unsigned_abs() > limit || cell.y.unsigned_abs() > limit {
                continue;
            }
            while fitting != 0 {
                let rotation = Rotation::from_quarter_turns(fitting.trailing_zeros() as u8);
                fitting &= fitting - 1;
                if !has_rules
                    || self
                        .placement_rules(tile, cell.x, cell.y, rotation, true)
                        .is_ok()
                {
                    f(Placement {
                        x: cell.x,
                        y: cell.y,
                        rotation,
                    });
                }
            }
        }
    }

    /// The number of legal placements of `tile` (those [`State::for_each_placement`]
    /// lists), counted from the fit tables without listing them; `None` when the tile set
    /// has no tables, a frontier cell has no pattern, or the tile has placement rules of
    /// its own (a stack that continues a feature, no U-turns), which need a full check.
    pub fn count_placements(&self, tile: TileId) -> Option<usize> {
        let limit = crate::limits::MAX_COORDINATE.unsigned_abs();
        if self.has_placement_rules(tile) || self.board.frontier_reach() > limit {
            return None;
        }
        let table = self.game.tiles.fits.table(tile)?;
        // Without an early exit, so that the loop has no branch to mispredict.
        let (mut n, mut missing) = (0usize, false);
        for &pattern in self.board.frontier_patterns() {
            let m = table.get(pattern as usize).copied();
            missing |= m.is_none();
            n += m.unwrap_or(0).count_ones() as usize;
        }
        (!missing).then_some(n)
    }

    /// `tile` turned by `rotation` on the `i`-th frontier cell (in the order of
    /// [`crate::board::Board::frontier_cells`]), from the fit tables: `Some(Some(p))`
    /// when that is a legal placement, `Some(None)` when it is not, `None` when the tables
    /// cannot tell (as for [`State::count_placements`]; then list the placements). See
    /// [`State::frontier_fit`] to ask many times.
    pub fn placement_fits(
        &self,
        tile: TileId,
        i: usize,
        rotation: Rotation,
    ) -> Option<Option<Placement>> {
        self.frontier_fit(tile)?.at(i, rotation)
    }

    /// The fit tables of `tile` over the current frontier, when they tell its legal
    /// placements (as for [`State::count_placements`]): the random agent draws a frontier
    /// cell and a rotation until they fit, which picks every legal placement with the
    /// same chance (rejection sampling) without counting them.
    pub fn frontier_fit(&self, tile: TileId) -> Option<FrontierFit<'_>> {
        let limit = crate::limits::MAX_COORDINATE.unsigned_abs();
        if self.has_placement_rules(tile) || self.board.frontier_reach() > limit {
            return None;
        }
        Some(FrontierFit {
            table: self.game.tiles.fits.table(tile)?,
            patterns: self.board.frontier_patterns(),
            cells: self.board.frontier_cells(),
        })
    }

    /// What a turn with `tile` at `p` (a legal placement for the player to play) completes,
    /// when that is all it scores: `Some` when the rules score only completed features
    /// ([`crate::rules::PlayTables::completion_only`]), with the features the tile would
    /// complete ([`crate::board::Board::would_complete`]); then a placement that completes
    /// nothing leaves every player's points as they are whatever the action, and a piece
    /// placed on a segment whose feature is not completed scores as no piece. `None` when
    /// that cannot be told without playing the turn. Nothing is copied: an agent weighing
    /// its moves plays only the turns that may score. See
    /// [`State::for_each_completing`] for many placements.
    pub fn placement_completes(
        &self,
        tile: TileId,
        p: Placement,
    ) -> Option<crate::board::Completing> {
        let mut out = None;
        self.for_each_completing(tile, &[p], |_, c| out = c);
        out
    }

    /// [`State::placement_completes`] of each placement of `tile` in `list`, in order, as
    /// `f(placement, completing)`: what the cells have in common is read once per run of
    /// placements on one cell (as [`State::for_each_placement`] lists them).
    pub fn for_each_completing(
        &self,
        tile: TileId,
        list: &[Placement],
        mut f: impl FnMut(Placement, Option<crate::board::Completing>),
    ) {
        let play = self.game.play_tables();
        if !play.completion_only {
            list.iter().for_each(|&p| f(p, None));
            return;
        }
        let (rules, tiles) = (&self.game.rules, &self.game.tiles);
        // The cell of the last placement, with what it faces and whether a tile waiting
        // to be surrounded is surrounded by a tile there.
        let mut cell = None;
        let (mut facing, mut around) = (None, false);
        for &p in list {
            if cell != Some((p.x, p.y)) {
                cell = Some((p.x, p.y));
                facing = self.board.facing(tiles, p.x, p.y);
                // A tile waiting to be surrounded (its 8 cells not all taken) within one
                // cell, with 7 of them taken: this one is the eighth.
                around = self.watched.iter().any(|&(x, y, _)| {
                    (i64::from(x) - i64::from(p.x)).abs() <= 1
                        && (i64::from(y) - i64::from(p.y)).abs() <= 1
                        && self.board.neighbours(x, y) == 7
                });
            }
            let done = facing.as_ref().and_then(|facing| {
                let mut c =
                    crate::board::Board::would_complete(rules, tiles, facing, tile, p.rotation)?;
                c.around = around;
                c.occupied |= around;
                Some(c)
            });
            f(p, done);
        }
    }

    /// The `k`-th legal placement of `tile` in the order of [`State::for_each_placement`]
    /// (0-based), when [`State::count_placements`] counts it; `None` past the end.
    pub fn nth_placement(&self, tile: TileId, mut k: usize) -> Option<Placement> {
        let table = self.game.tiles.fits.table(tile)?;
        let patterns = self.board.frontier_patterns();
        for (i, &pattern) in patterns.iter().enumerate() {
            let mut m = *table.get(pattern as usize)?;
            let here = m.count_ones() as usize;
            if k >= here {
                k -= here;
                continue;
            }
            for _ in 0..k {
                m &= m - 1;
            }
            let c = self.board.frontier_cells().get(i)?;
            return Some(Placement {
                x: c.x,
                y: c.y,
                rotation: Rotation::from_quarter_turns(m.trailing_zeros() as u8),
            });
        }
        None
    }

    /// Whether placing `tile` is subject to rules beyond matching sides (its stack
    /// continues a feature, or it carries a feature that may not turn back).
    pub(super) fn has_placement_rules(&self, tile: TileId) -> bool {
        self.game.play_tables().placement_rules[tile]
    }
}

#[cfg(test)]
mod tests {
    use super::bend;

    #[test]
    fn bends_turn_right_or_left_whichever_way_they_are_crossed() {
        // Sides: 0 N, 1 E, 2 S, 3 W. A segment W-S entered from W (heading east) leaves by
        // S (heading south): a right turn; entered from S (heading north) it leaves by W:
        // a left turn.
        assert_eq!(bend(&[2, 3], 3, true), Some(1));
        assert_eq!(bend(&[2, 3], 2, true), Some(3));
        // Seen leaving through a side: W-S left through S came in from W: right.
        assert_eq!(bend(&[2, 3], 2, false), Some(1));
        // N-E entered from N (heading south) leaves by E: a left turn.
        assert_eq!(bend(&[0, 1], 0, true), Some(3));
        // Straight segments, ends, forks and a side the segment does not meet: no bend.
        assert_eq!(bend(&[1, 3], 3, true), None);
        assert_eq!(bend(&[1], 1, true), None);
        assert_eq!(bend(&[0, 1, 3], 3, true), None);
        assert_eq!(bend(&[0, 1], 2, true), None);
    }
}
