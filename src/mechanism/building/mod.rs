//! Building: players put tokens of theirs on features of a kind anywhere on the board as
//! the turn's action, each token raising the feature one level; a follower may stand on
//! top of a raised feature as the turn's action, anywhere on the board, which closes it
//! to tokens while it stands there; a player who raises a feature may capture one
//! follower standing on its tile or within as many tiles as its height straight north,
//! east, south or west (a follower of their own goes back to supply, another player's is
//! held); two players who each hold a follower of the other's exchange them at once; and
//! during their turn a player may pay a ransom to the holder of one of their followers to
//! get it back, once a turn.
//!
//! The Tower (Hans im Glück 2006, 2nd edition 2016; Wikicarpedia,
//! https://wikicarpedia.com/car/The_Tower/en; JCloisterZone `TowerCapability.java`,
//! `TowerCapturePhase.java`, `PayRansom.java`): `building: {floor: {feature: tower,
//! supply: [10, 10, 9, 7, 6, 5, 4, 3], ransom: 3}}`, with a follower's role on the tower
//! feature (`rulesets/tower.yaml`).
//!
//! A token is the turn's action [`crate::engine::Action::Build`], written `build: {x, y,
//! at}` in a position's turn; the capture is the decision right after it
//! ([`crate::engine::Choice::Capture`], `{capture: {x, y, at}}`; default: none,
//! [`crate::engine::Choice::Stay`]); a ransom is [`play::pay_ransom`], written `ransom:
//! {piece, from}` in a turn.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
