//! Pieces that move on when their feature is scored during play: instead of returning to
//! supply, the owner may move the piece to a feature nearby, on its tile or on a tile at
//! most `within` cells away in both directions (1: the 8 around), where the piece could
//! be placed (a role there, nothing blocking it) and which is not completed. Several such
//! pieces scored in one turn move in turn order from the player of the turn, each
//! player's in the order they were placed; each is one decision of the turn (`return` or
//! a move), and a piece with no decision written returns.
//!
//! Abbey and Mayor's wagon is one, as its second edition has it (rulebook, "The wagon";
//! Wikicarpedia, https://wikicarpedia.com/car/Abbey_and_the_Mayor; JCloisterZone
//! `WagonPhase.java`, its rule `wagon-move: C2`): `moving_on: {wagon: {within: 1}}`, with
//! a piece kind `wagon` that has roles on roads, cities and monasteries. The first
//! edition's wagon moves only along features its tile connects (JCloisterZone's
//! `wagon-move: C1` and `<wagon-move>` tile data), which tessera does not play yet.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
