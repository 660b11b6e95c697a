//! Ties for a feature's majority broken by where the tied players' pieces stand: among the
//! players tied for the most strength on a feature being scored, those with a
//! majority-counting piece on a tile that carries an item on the tile as a whole win
//! alone (by presence), or those with the most such pieces (by pieces); when none of the
//! tied players has one, or several are still level, the tie stands and all of them score.
//!
//! Hills and Sheep's hills are one (rulebook, "Hills": "if there is a tie for the majority
//! […], the player who has a follower on a hill wins"; Wikicarpedia,
//! https://wikicarpedia.com/car/Hills_%26_Sheep): `tie_breaks: [{on_tiles_with: hill, by:
//! presence, pieces_option: hill_follower_count}]`. JCloisterZone counts presence by
//! default and the number of followers on hills under its rule `hill-tiebreaker:
//! number-of-followers` (`Scoreable.getPowers`, github.com/farin/JCloisterZone).

pub mod check;
pub mod model;
pub mod play;
pub mod table;
