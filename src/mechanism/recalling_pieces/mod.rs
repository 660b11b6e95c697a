//! Pieces their owner may take back as the turn's action, for the points of their
//! feature: instead of placing a piece (step 2 of a turn), the player takes one of their
//! pieces of such a kind back from the board, and its feature is scored for them alone by
//! the feature kind's end-of-game cases, whatever other pieces stand there.
//!
//! The abbot is one (The Abbot, base game 2nd edition: "instead of placing a meeple, you
//! may return your abbot to your supply; you immediately score the monastery or garden as
//! at the end of the game"; Wikicarpedia, https://wikicarpedia.com/car/The_Abbot;
//! JCloisterZone `AbbotCapability.java`, `ReturnMeepleAction`): `recalling: [{piece: abbot}]`.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
