//! Tiles that send a follower home: when the tile a player places has a segment carrying
//! one of the section's items, and the feature that segment is part of (the tile joined
//! to the board) holds pieces that count for majorities, the player may, instead of
//! placing a piece, send one of those pieces back to its owner's supply (any player's,
//! their own too). Then they place no piece that turn.
//!
//! The Princess and the Dragon's princess (rulebook, "The princess"; Wikicarpedia,
//! https://wikicarpedia.com/car/The_Princess_and_the_Dragon; JCloisterZone
//! `PrincessCapability.java`, its rule `princess-action: may`): `expelling: [{item:
//! princess}]`, with city segments carrying the item `princess`. The publishers' variant
//! where the princess must act (`princess-action: must`) is not played yet.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
