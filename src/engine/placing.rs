//! Pieces on the board: where a piece may go (a role for its kind on the feature, no
//! blocking piece in the feature or on the segment, supply left), placing, lifting and
//! returning pieces, and the pieces counted on a feature.

use super::*;

/// Why a piece cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// No segment at that address.
    UnknownAddress,
    /// The piece kind has no role on that feature (or the role's option is off).
    NoRole {
        /// Feature kind.
        feature: FeatureId,
    },
    /// A blocking piece is already in the feature.
    Occupied {
        /// Feature kind.
        feature: FeatureId,
        /// Owner of a blocking piece (index in turn order).
        by: usize,
        /// Kind of the blocking piece.
        piece: PieceKindId,
        /// Whether only the segment was looked at.
        segment: bool,
    },
    /// The player has none left.
    NoSupply,
    /// A snapshot puts two pieces of one kind on one segment.
    SegmentTaken,
    /// The role needs a feature that is not completed yet.
    Completed {
        /// Feature kind.
        feature: FeatureId,
    },
    /// The piece may only go on the tile just placed.
    NotAnywhere,
    /// The piece needs one of its owner's pieces on the feature already (a mechanism's
    /// rule: [`crate::mechanism::raising_pieces`], [`crate::mechanism::extending_pieces`]).
    NeedsOwnPiece {
        /// Feature kind.
        feature: FeatureId,
        /// The piece kinds of which one is needed.
        needs: Vec<PieceKindId>,
    },
    /// A figure that roams the board (the dragon) stands on the tile (a mechanism's rule:
    /// [`crate::mechanism::roaming_figures`]).
    FigureOnTile {
        /// The figure (its entry in the rule set's `roaming`).
        figure: u8,
    },
    /// The feature has no token built on it yet: a piece goes on top of a raised one
    /// only (a tower's foundation; a mechanism's rule: [`crate::mechanism::building`]).
    NotRaised {
        /// Feature kind.
        feature: FeatureId,
    },
    /// The piece goes only at a corner of the tile just placed where four tiles'
    /// segments of its feature meet (a mechanism's rule:
    /// [`crate::mechanism::settling_pieces`]).
    NotAtCorner {
        /// Feature kind.
        feature: FeatureId,
    },
}

impl<'g> State<'g> {
    /// The pieces counted on a feature: standing on its segments, with a role scored on
    /// its kind; in the order they were placed.
    pub fn pieces_on(&self, f: &Feature) -> Vec<Piece> {
        self.pieces_at(f.kind, f.id())
    }

    /// The pieces counted on the feature of kind `kind` through `node`, in the order they
    /// were placed (cost: their number, read from the feature's index).
    pub fn pieces_at(&self, kind: FeatureId, node: NodeIndex) -> Vec<Piece> {
        self.pieces_inline(kind, node).into_vec()
    }

    /// [`State::pieces_at`], kept inline for the usual few.
    pub(super) fn pieces_inline(&self, kind: FeatureId, node: NodeIndex) -> SmallVec<[Piece; 4]> {
        let mut ids: SmallVec<[u32; 8]> = self.board.features.pieces(kind, node).into();
        ids.sort_unstable();
        ids.into_iter()
            .filter_map(|id| self.pieces.get(id).copied())
            .collect()
    }

    /// Puts a piece on the board and on the feature it counts on.
    pub(super) fn add_piece(&mut self, piece: Piece) {
        let id = self.pieces.insert(piece);
        self.board
            .features
            .add_piece(piece.scored_on, piece.node, id);
    }

    /// Takes a piece off the board and off its feature.
    pub(super) fn lift_piece(&mut self, id: u32) -> Option<Piece> {
        let p = self.pieces.remove(id)?;
        self.board.features.remove_piece(p.scored_on, p.node, id);
        Some(p)
    }

    /// The role a piece kind has on a feature kind under the options in effect.
    pub fn role(&self, kind: PieceKindId, feature: usize) -> Option<&Role> {
        self.game.rules.pieces[kind]
            .roles
            .iter()
            .find(|r| r.feature == feature && self.option_on(r.requires_option))
    }

    /// For a piece kind whose placing needs one of its owner's pieces of `needs` on the
    /// feature already (a pig beside a farmer, a builder beside a knight): `Ok` when
    /// `needs` is empty or such a piece is there (counted on the feature kind the
    /// piece's role scores on).
    ///
    /// Errors: [`PieceError::NeedsOwnPiece`].
    pub fn needs_own_piece(&self, piece: &Piece, needs: &[PieceKindId]) -> Result<(), PieceError> {
        if needs.is_empty() {
            return Ok(());
        }
        let has = self
            .pieces_at(piece.scored_on, piece.node)
            .iter()
            .any(|p| p.player == piece.player && needs.contains(&p.kind));
        if has {
            Ok(())
        } else {
            Err(PieceError::NeedsOwnPiece {
                feature: piece.scored_on,
                needs: needs.to_vec(),
            })
        }
    }

    /// Checks whether `player` may put a piece of `kind` on a segment of a placed tile:
    /// the kind has a role on the segment's feature, no blocking piece is counted on the
    /// feature the role scores on (the river system, for a hut), and the player has one
    /// in supply. `check_blocking` is off for snapshots, where joined features may hold
    /// several pieces.
    pub fn can_place_piece(
        &self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
        check_blocking: bool,
    ) -> Result<Piece, PieceError> {
        let rules = &self.game.rules;
        let node = self.board.node(placed, segment);
        let feature = self.board.graph[node].feature;
        let Some(role) = self.role(kind, feature) else {
            return Err(PieceError::NoRole { feature });
        };
        let pk = &rules.pieces[kind];
        if !check_blocking && self.pieces.on_node(node).any(|(_, p)| p.kind == kind) {
            return Err(PieceError::SegmentTaken);
        }
        if role.requires_incomplete
            && graph::completed(rules, &self.game.tiles, &self.board, role.feature, node)
        {
            return Err(PieceError::Completed {
                feature: role.feature,
            });
        }
        if check_blocking {
            let blocker = if pk.blocked_on_segment {
                self.pieces
                    .on_node(node)
                    .map(|(_, p)| *p)
                    .find(|p| pk.blocked_by.contains(&p.kind))
            } else {
                // The first placed of the blocking pieces on the feature.
                self.board
                    .features
                    .pieces(role.scored_on, node)
                    .iter()
                    .filter_map(|&id| self.pieces.get(id).map(|p| (id, *p)))
                    .filter(|(_, p)| pk.blocked_by.contains(&p.kind))
                    .min_by_key(|(id, _)| *id)
                    .map(|(_, p)| p)
            };
            if let Some(p) = blocker {
                return Err(PieceError::Occupied {
                    feature: role.scored_on,
                    by: p.player,
                    piece: p.kind,
                    segment: pk.blocked_on_segment,
                });
            }
        }
        let on_board = self.pieces.count(player, kind) > 0;
        if self.supply[player][kind] == 0 && !(pk.movable && on_board) {
            return Err(PieceError::NoSupply);
        }
        let piece = Piece {
            player,
            kind,
            node,
            scored_on: role.scored_on,
        };
        if check_blocking {
            super::hooks::may_place_piece(self, &piece)?;
        }
        Ok(piece)
    }

    /// Places a piece (see [`State::can_place_piece`]).
    pub(super) fn place_piece(
        &mut self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
        check_blocking: bool,
    ) -> Result<(), PieceError> {
        let piece = self.can_place_piece(player, kind, placed, segment, check_blocking)?;
        if self.supply[player][kind] == 0 {
            // A movable piece (tent) is picked up and placed again.
            let moved = self
                .pieces
                .with_ids()
                .find(|(_, p)| p.player == player && p.kind == kind)
                .map(|(id, _)| id);
            if let Some(id) = moved {
                self.lift_piece(id);
                self.supply[player][kind] += 1;
            }
        }
        self.supply[player][kind] -= 1;
        self.add_piece(piece);
        Ok(())
    }

    /// Returns a player's piece of `kind` on a segment to supply, without scoring (shaman).
    /// Returns whether such a piece was there.
    pub(super) fn return_piece(
        &mut self,
        player: usize,
        kind: PieceKindId,
        placed: u32,
        segment: usize,
    ) -> bool {
        let node = self.board.node(placed, segment);
        let found = self
            .pieces
            .on_node(node)
            .find(|(_, p)| p.player == player && p.kind == kind)
            .map(|(id, _)| id);
        match found.and_then(|id| self.lift_piece(id)) {
            Some(p) => {
                self.supply[p.player][p.kind] += 1;
                true
            }
            None => false,
        }
    }
}
