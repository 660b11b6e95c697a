//! Pieces that earn their owner an extra turn when the owner's tile extends the feature
//! they stand on: after the turn in which a player places a tile that extends a feature
//! holding one of their pieces of such a kind (placed in an earlier turn), they play
//! another turn, its tile drawn as usual; an extra turn never earns another. Such a piece
//! may need one of its owner's pieces on the feature already when it is placed.
//!
//! Traders and Builders' builder (Wikicarpedia, "Traders and Builders",
//! https://wikicarpedia.com/car/Traders_and_Builders; JCloisterZone's
//! `BuilderCapability`, github.com/farin/JCloisterZone): `extending_pieces: {builder:
//! {needs: [follower]}}`, with a piece kind `builder` that has roles on unfinished roads
//! and cities and does not count for the majority. The double turn comes even when the
//! builder left with its feature completed by the first tile: it stood there when the tile
//! was placed.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
