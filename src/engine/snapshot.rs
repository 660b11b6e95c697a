//! A snapshot's set-up: what a position that gives the board as it lies (README,
//! "Position": `board`, `covered`, `tokens`, `held`, `active`, `scores`) says besides its
//! tiles and pieces. Only position replay ([`crate::replay`]) sets a state up this way;
//! every other change goes through the turn sequence.

use super::*;

impl State<'_> {
    /// Lays a tile of a snapshot where it lies: copies left and the fit to its
    /// neighbours are checked, not that it touches the board (a snapshot lists its tiles
    /// in any order), nor the placement rules. Returns its index in placement order.
    ///
    /// Errors: [`LayError`].
    pub(crate) fn snapshot_tile(
        &mut self,
        tile: TileId,
        x: i32,
        y: i32,
        rotation: Rotation,
    ) -> Result<u32, LayError> {
        self.lay(tile, x, y, rotation, false)
    }

    /// Puts a piece of a snapshot on segment `segment` of placed tile `placed`: its role
    /// and the player's supply are checked, not blocking (a snapshot may hold a tied
    /// feature).
    ///
    /// Errors: [`PieceError`].
    pub(crate) fn snapshot_piece(
        &mut self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
    ) -> Result<(), PieceError> {
        self.place_piece(player, kind, placed, segment, false)
    }

    /// Lays face-down tokens of pool `pool` on segment node `node`, in order (the last on
    /// top); `None` for a value not known.
    pub(crate) fn snapshot_tokens(&mut self, pool: usize, node: NodeIndex, values: &[Option<u32>]) {
        let t = &mut self.tokens[pool];
        for &value in values {
            t.on.entry(node).or_default().push(Token {
                seq: t.next_seq,
                value,
            });
            t.next_seq += 1;
        }
    }

    /// Covers `n` more of item `item` on segment node `node` (the count saturates).
    pub(crate) fn snapshot_cover(&mut self, node: NodeIndex, item: usize, n: u32) {
        let items = self.game.rules.items.len();
        let c = &mut self.covered.entry(node).or_insert_with(|| vec![0; items])[item];
        *c = c.saturating_add(n);
    }

    /// Gives `player` tokens of the first pool (values, `None` when unknown); nothing
    /// when the rules have no tokens.
    pub(crate) fn snapshot_held(&mut self, player: usize, values: &[Option<u32>]) {
        if let Some(t) = self.tokens.first_mut() {
            t.held[player].extend(values.iter().copied());
        }
    }

    /// Makes `player` the player of the last turn (the next turn is the next player's).
    pub(crate) fn snapshot_active(&mut self, player: usize) {
        self.last_player = player;
    }

    /// Banks `points` more for `player` (the sum saturates).
    pub(crate) fn snapshot_bank(&mut self, player: usize, points: i64) {
        self.points[player] = self.points[player].saturating_add(points);
    }
}
