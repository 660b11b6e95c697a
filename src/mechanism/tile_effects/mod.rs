//! Effects of placing a tile that carries an item, before a piece is placed: the placing
//! player scores a feature near it at once (no majority needed), optionally covering the
//! items counted so they count no more, or may take one of their pieces back.
//!
//! Hunters and Gatherers' menhir tiles (rulebook, "Special tiles"): the logboat scores the
//! lakes of its river system, the hunting trap the animals of its grassland (and covers
//! them), the shaman lets its player take back a hunter or gatherer.
//!
//! An item on the tile as a whole (a tile's `items:`) triggers too. Hills and Sheep's
//! hill (rulebook, "Hills": a tile from the pile is put face down under the hill tile and
//! is out of the game; Wikicarpedia, https://wikicarpedia.com/car/Hills_%26_Sheep):
//! `{when_placed: hill, hide_tiles: 1}`. JCloisterZone hides none when the pile is empty
//! (`TilePhase`, `increaseHiddenUnderHills`).

pub mod check;
pub mod model;
pub mod play;
pub mod table;
