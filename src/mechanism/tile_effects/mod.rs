//! Effects of placing a tile that carries an item, before a piece is placed: the placing
//! player scores a feature near it at once (no majority needed), optionally covering the
//! items counted so they count no more, or may take one of their pieces back.
//!
//! Hunters and Gatherers' menhir tiles (rulebook, "Special tiles"): the logboat scores the
//! lakes of its river system, the hunting trap the animals of its grassland (and covers
//! them), the shaman lets its player take back a hunter or gatherer.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
