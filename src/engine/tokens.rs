//! Token supplies: tokens laid on a tile's segments when it is placed (per item), taken
//! by a piece that mines them or handed out to the majority when their feature completes,
//! and their points at the end.

use super::*;

/// A face-down token lying on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// Placement order: the highest lies on top.
    pub seq: u32,
    /// Its value, if known.
    pub value: Option<u32>,
}

/// The state of one token supply.
#[derive(Debug, Clone, Default)]
pub struct TokenState {
    /// Tokens lying on segments.
    pub on: BTreeMap<NodeIndex, Vec<Token>>,
    /// Tokens each player holds: values, `None` when unknown.
    pub held: Vec<Vec<Option<u32>>>,
    /// Next placement number.
    pub next_seq: u32,
}

/// Why a player cannot take a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MineError {
    /// The rules have no token a piece can take.
    NoTokens,
    /// The player's piece that takes tokens (of this kind) is not on the board.
    NoPiece(PieceKindId),
    /// The feature under it holds no token.
    Empty,
}

impl<'g> State<'g> {
    /// Puts the tokens the tile just placed brings: one face-down token per item of a
    /// pool's kind, on the segment holding it (Gold Rush: one mining token per nugget).
    pub(crate) fn put_tokens(&mut self, placed: u32) {
        let rules = &self.game.rules;
        if rules.token_pools.is_empty() {
            return;
        }
        let p = self.board.placed[placed as usize];
        for (i, pool) in rules.token_pools.iter().enumerate() {
            for seg in 0..self.game.tiles.tiles[p.tile].segments.len() {
                let node = self.board.node(placed, seg);
                if !rules.features[pool.feature]
                    .members
                    .contains(&self.board.graph[node].feature)
                {
                    continue;
                }
                // One token per item; a file has at most `MAX_ITEMS` on a segment, and a
                // tile set built in code with more does not get more tokens than that.
                let n = self
                    .ctx()
                    .items_on(node, pool.item)
                    .min(crate::limits::MAX_ITEMS);
                for _ in 0..n {
                    let t = &mut self.tokens[i];
                    t.on.entry(node).or_default().push(Token {
                        seq: t.next_seq,
                        value: None,
                    });
                    t.next_seq += 1;
                }
            }
        }
    }

    /// Removes the top token of a feature (highest placement number) for a pool.
    pub(super) fn pop_token(&mut self, pool: usize, f: &Feature) -> Option<Token> {
        let t = &mut self.tokens[pool];
        let (&node, _) =
            t.on.iter()
                .filter(|(n, v)| f.nodes.binary_search(n).is_ok() && !v.is_empty())
                .max_by_key(|(_, v)| v.iter().map(|k| k.seq).max())?;
        let pile = t.on.get_mut(&node)?;
        let top = pile
            .iter()
            .enumerate()
            .max_by_key(|(_, k)| k.seq)
            .map(|(i, _)| i)?;
        Some(pile.remove(top))
    }

    /// Gives a token to a player; its value is the token's, or the next announced draw.
    pub(super) fn give_token(&mut self, pool: usize, player: usize, token: Token) {
        let value = token.value.or_else(|| self.draws.pop_front());
        self.tokens[pool].held[player].push(value);
        self.taken.push((pool, player));
    }

    /// The token pool a piece can take from and the piece kind that takes it.
    pub(super) fn mining(&self) -> Option<(usize, PieceKindId)> {
        self.game
            .rules
            .token_pools
            .iter()
            .enumerate()
            .find_map(|(i, p)| p.taken_by.map(|k| (i, k)))
    }

    /// The feature under the player's token-taking piece, with the pool, if any.
    pub(super) fn mining_feature(&self, player: usize) -> Result<(usize, Feature), MineError> {
        let rules = &self.game.rules;
        let Some((pool, kind)) = self.mining() else {
            return Err(MineError::NoTokens);
        };
        let Some(piece) = self
            .pieces
            .iter()
            .find(|p| p.player == player && p.kind == kind)
            .copied()
        else {
            return Err(MineError::NoPiece(kind));
        };
        let f = graph::component(
            rules,
            &self.game.tiles,
            &self.board,
            rules.token_pools[pool].feature,
            piece.node,
        );
        Ok((pool, f))
    }

    /// Whether the player could take a token now (see [`State::mine`]).
    pub fn can_mine(&self, player: usize) -> bool {
        self.mining().is_some_and(|(pool, kind)| {
            self.pieces.count(player, kind) > 0 && !self.tokens[pool].on.is_empty()
        }) && self.mining_feature(player).is_ok_and(|(pool, f)| {
            self.tokens[pool]
                .on
                .iter()
                .any(|(n, v)| !v.is_empty() && f.nodes.binary_search(n).is_ok())
        })
    }

    /// The player takes the top token of the feature where their token-taking piece stands
    /// (Gold Rush: mine the mountain where their tent is). Returns the token pool.
    pub fn mine(&mut self, player: usize) -> Result<usize, MineError> {
        let (pool, f) = self.mining_feature(player)?;
        let token = self.pop_token(pool, &f).ok_or(MineError::Empty)?;
        self.give_token(pool, player, token);
        Ok(pool)
    }

    /// A completed feature's tokens go to its majority, tied players taking turns clockwise
    /// from the active player (the player of the current turn); with no majority they leave
    /// the game. Returns the tokens each player took.
    pub(super) fn distribute_tokens(&mut self, f: &Feature, scorers: &[usize]) -> Vec<u32> {
        let mut taken = Vec::new();
        let n = self.players.len().max(1);
        let active = self.last_player;
        let mut order = scorers.to_vec();
        order.sort_by_key(|&s| (s + n - active) % n);
        for pool in 0..self.game.rules.token_pools.len() {
            if self.game.rules.token_pools[pool].feature != f.kind {
                continue;
            }
            let mut i = 0u32;
            while let Some(token) = self.pop_token(pool, f) {
                if let Some(&p) = order.get(i as usize % order.len().max(1)) {
                    self.give_token(pool, p, token);
                    if taken.is_empty() {
                        taken = vec![0; n];
                    }
                    taken[p] += 1;
                }
                i += 1;
            }
            if order.is_empty() && i > 0 {
                self.left_game.push(Event::TokensLeft {
                    pool,
                    kind: f.kind,
                    count: i,
                });
            }
        }
        taken
    }

    /// Token points each player holds (known values) and how many held tokens have an
    /// unknown value, by player.
    pub fn token_points(&self) -> Vec<(i64, u32)> {
        (0..self.players.len())
            .map(|p| {
                let held = self.tokens.iter().flat_map(|t| t.held[p].iter());
                let known = held
                    .clone()
                    .flatten()
                    .fold(0i64, |a, &v| a.saturating_add(i64::from(v)));
                let unknown = held.filter(|v| v.is_none()).count() as u32;
                (known, unknown)
            })
            .collect()
    }
}
