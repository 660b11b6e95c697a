//! Auctioning: a tile carrying an item of the rule set's (a bazaar) starts an auction of
//! tiles after the turn that places it. As many tiles as players are revealed from the
//! pile; from the player after the turn's, each player without a tile in turn chooses
//! one and bids (0 or more), each other player without a tile in turn raises once or
//! passes, and the chooser buys the tile (paying the highest bid to its bidder, or their
//! own bid to no one when no one raised) or sells it to the highest bidder (who pays the
//! chooser and takes it); the next player without a tile after the chooser chooses next
//! (or the seller again, `seller_chooses_again`); the last player takes the last tile for
//! nothing. Then each
//! player plays the tile they took in their next turn (normal play resumes after them).
//! No auction while tiles taken at one are still to be played, nor when fewer tiles than
//! players are left in the pile. Without bids (an option), each player just chooses.
//!
//! Bridges, Castles and Bazaars (Hans im Glück 2010, 2nd edition 2017; Wikicarpedia,
//! https://wikicarpedia.com/car/Bridges,_Castles_and_Bazaars ; JCloisterZone
//! `BazaarPhase.java`, `BazaarCapability.java`): `auctioning: {bazaar: {item: bazaar,
//! bids_option: bazaar_bids}}` (`rulesets/bridges-castles-bazaars.yaml`).
//!
//! An auction is [`crate::engine::State::hold_auction`], written `auction: {tiles,
//! rounds}` on the turn that placed the tile ([`crate::engine::Auction`]).

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
