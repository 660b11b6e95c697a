//! Converting: when the tile just placed completes a small feature of a kind (exactly as
//! many segments as the entry says, each touching one side of its tile) that holds one
//! piece counting for majorities, that piece's owner may convert it instead of scoring it
//! (one token of theirs): the piece stays on it, and the first feature completed later
//! with a tile among the converted feature's tiles and the tiles beside them across their
//! long sides (6 tiles) pays its owner the points that feature is worth (the most
//! valuable, when several complete at once; a converted feature scored so pays the ones
//! near it in turn); then the piece returns. One not paid by the end scores nothing. A
//! field that touches a converted feature counts it for more (`linked_bonus`).
//!
//! Bridges, Castles and Bazaars' castles (Hans im Glück 2010, 2nd edition 2017;
//! Wikicarpedia, https://wikicarpedia.com/car/Bridges,_Castles_and_Bazaars; JCloisterZone
//! `CastleCapability.java`, `CastlePhase.java`, `feature/Castle.java`): `converting:
//! {castle: {feature: city, segments: 2, supply: [3, 3, 3, 3, 2], linked_bonus: {relation:
//! touches, points: 1}}}` (a farmer counts a castle 4: 3 as a completed city, 1 more).
//!
//! A conversion is a decision of the turn, asked before its scoring, of each player in turn
//! order from the player of the turn who may convert one
//! ([`crate::engine::Choice::Convert`], written `{convert: {x, y, at}}`; default: none,
//! [`crate::engine::Choice::Stay`]).

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
