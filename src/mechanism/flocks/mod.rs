//! Pieces that keep a flock: a piece placed on a feature draws a token from a bag at once,
//! and whenever its owner places a tile that extends that feature, the owner decides
//! ([`crate::engine::Choice`]) to let the flock grow (draw another token) or to score it
//! (each owner of such a piece on the feature scores the tokens' total once; the pieces
//! return, the tokens go back to the bag). A token of the ending value (the wolf) ends the
//! flock: it and the flock's tokens go back, the pieces return, nobody scores. A flock
//! whose feature has no open edge left is scored at once. Pieces keeping flocks on one
//! feature share them. Nothing is scored at the end of the game.
//!
//! Hills and Sheep's shepherd is one (Wikicarpedia, "Hills & Sheep",
//! https://wikicarpedia.com/car/Hills_%26_Sheep; the draft of its 2nd edition rules,
//! https://wikicarpedia.com/index.php?title=User:Petul/Testovac%C3%AD_str%C3%A1nka&oldid=134952):
//! `flocks: {shepherd: {feature: field, bag: [...], ends_on: 0}}`. The closed field scored
//! at once, the shared flock and the order of the draws follow JCloisterZone
//! (`ShepherdPhase`, github.com/farin/JCloisterZone): the draw for a piece just placed,
//! then the flocks on closed fields not awaiting a decision, then each decision (the
//! player's pieces in the order placed, one per feature) followed by the closed fields.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
