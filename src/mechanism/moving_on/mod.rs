//! Pieces that move on when their feature is scored during play: instead of returning to
//! supply, the owner may move the piece to a feature nearby, on its tile or on a tile at
//! most `within` cells away in both directions (1: the 8 around), where the piece could
//! be placed (a role there, nothing blocking it) and which is not completed. Several such
//! pieces scored in one turn move in turn order from the player of the turn, each
//! player's in the order they were placed; each is one decision of the turn (`return` or
//! a move), and a piece with no decision written returns.
//!
//! With the kind's `adjoining_option` on, a piece moves instead to a feature its own
//! adjoins, at any distance: one that meets it at a junction of a tile (the tiles'
//! `junctions`), or one inside a walled tile whose wall closes it.
//!
//! Abbey and Mayor's wagon is one, as its second edition has it (rulebook, "The wagon";
//! Wikicarpedia, https://wikicarpedia.com/car/Abbey_and_the_Mayor; JCloisterZone
//! `WagonPhase.java`, its rule `wagon-move: C2`): `moving_on: {wagon: {within: 1}}`, with
//! a piece kind `wagon` that has roles on roads, cities and monasteries. Its first
//! edition moves along the features its feature adjoins: the option (JCloisterZone's rule
//! `wagon-move: C1`, its `<wagon-move>` tile data, and a road closed by the abbey
//! adjoining the abbey's monastery, `PlaceTile.closeEdge`).

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
