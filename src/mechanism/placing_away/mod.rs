//! Tiles that let the turn's piece go elsewhere: when the tile a player places carries
//! one of the section's items, the player may put a piece that counts for majorities (a
//! follower) on any segment of any tile where it could be placed, on a feature not
//! completed (on the tile just placed, completed features too, as always).
//!
//! The Princess and the Dragon's magic portal (rulebook, "The magic portal";
//! Wikicarpedia, https://wikicarpedia.com/car/The_Princess_and_the_Dragon; JCloisterZone
//! `PortalCapability.java`): `placing_away: [{item: portal}]`, with tiles carrying the
//! tile item `portal`. Other pieces (a barn, a builder, a pig) still go on the tile just
//! placed.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
