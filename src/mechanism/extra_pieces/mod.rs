//! Pieces placed in addition to the turn's action: after step 2 (a piece placed, a
//! figure moved, or nothing), a player who has a piece of a kind the section names may
//! also place it, by the usual rules (on the tile just placed, on a feature no blocking
//! piece holds, the one just placed included; elsewhere where the rules let a piece go,
//! through a magic portal), unless that piece was the action itself or the action sent a
//! piece home (the princess).
//!
//! The Phantom (Hans im Glück's mini-expansion, 2013; Wikicarpedia,
//! https://wikicarpedia.com/car/The_Phantom; JCloisterZone `PhantomPhase.java`):
//! `extra_pieces: [{piece: phantom}]`. The placement is a decision of the turn asked right
//! after the action ([`crate::engine::Hooks::after_action`]): [`crate::engine::Choice::Stay`],
//! the default, or [`crate::engine::Choice::Place`], written `{place: {x, y, at}}` in a
//! position's `choices`.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
