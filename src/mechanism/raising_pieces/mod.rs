//! Pieces that raise their owner's score on the feature they stand on: when the feature
//! is scored and the owner is among its scorers, the owner receives, for every unit each
//! of the feature's scoring terms counted, some points more than the others. Such a piece
//! may need one of its owner's pieces on the feature already when it is placed.
//!
//! Traders and Builders' pig is one (rulebook, "The pig": a farmer's owner with the pig in
//! the field scores 4 points per completed city instead of 3, and the pig goes only into
//! a field where its owner has a farmer): `raising_pieces: {pig: {feature: field,
//! per_unit: 1, needs: [follower]}}`, with a piece kind `pig` that has a role on fields
//! and does not count for the majority (`majority: false`).

pub mod check;
pub mod model;
pub mod play;
pub mod table;
