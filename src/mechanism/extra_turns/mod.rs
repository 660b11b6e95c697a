//! Extra turns earned by completing a feature that holds an item: the player who placed
//! the tile plays again at once, with a tile from a stack of its own (Hunters and
//! Gatherers: completing a forest with a menhir earns a turn with a menhir tile, rulebook
//! "Bonus tiles"; an option reads it as the Board Game Arena implementation does, where a
//! piece must also stand in the forest).
//!
//! The turn order with extra turns (whose turn it is, which stack the tile comes from) is
//! the engine's; this mechanism says when one is earned.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
