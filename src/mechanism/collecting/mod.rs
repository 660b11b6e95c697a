//! Collecting items: when a feature is completed, the player whose tile completed it
//! collects the items of the listed kinds it holds (whoever has pieces in it, or none);
//! at the end of the game, for each kind, the players who collected the most (at least
//! one; ties all) score its points.
//!
//! Traders and Builders' trade goods (Wikicarpedia, "Traders and Builders",
//! https://wikicarpedia.com/car/Traders_and_Builders; JCloisterZone's
//! `TradeGoodsCapability`, github.com/farin/JCloisterZone): `collecting: {wine: {feature:
//! city, most: 10}, grain: ..., cloth: ...}`, the goods drawn in cities being items of the
//! rule set.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
