//! Figures that roam the board: a neutral figure that comes onto the board with a tile
//! carrying one item, then moves, whenever a tile carrying another item is placed, a
//! number of steps from tile to tile, each step onto a tile orthogonally next to it that
//! it has not stood on during this move and that no other figure closes
//! ([`crate::engine::Hooks::shielded`]), each step chosen by a player in turn from the
//! player of the turn. It takes every piece on each tile it enters back to its owner's
//! supply (but the kinds it spares), and no piece may be placed on the tile where it
//! stands. Tiles carrying the item that moves it are held back from the draw until the
//! figure is on the board.
//!
//! The Princess and the Dragon's dragon (Hans im Glück 2005, 2nd edition 2016; rulebook
//! "The volcano", "The dragon"; Wikicarpedia,
//! https://wikicarpedia.com/car/The_Princess_and_the_Dragon; JCloisterZone
//! `DragonCapability.java`, `DragonMovePhase.java`): `roaming: {dragon: {arrives_on:
//! volcano, moved_by: dragon, steps: 6, spares: [barn]}}`, and the fairy's tile closed to
//! it (`attending`'s `shields`). It moves after the pieces are placed and before the
//! turn's scoring (Hans im Glück, Z-Man), or after the scoring while the entry's
//! `after_scoring_option` is on (Rio Grande Games; JCloisterZone's rule `dragon-move:
//! after-scoring`).
//!
//! Each step is a decision of the turn ([`crate::engine::Choice::Step`]), written in a
//! position's `choices` as `{step: {x: 1, y: 0}}`; a step must be written while one is
//! offered.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
