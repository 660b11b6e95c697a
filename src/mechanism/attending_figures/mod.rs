//! Neutral figures that players move next to their own pieces: instead of placing a piece
//! (step 2 of a turn), a player moves the figure next to one of their pieces that count
//! for majorities (a follower) anywhere on the board, other than the one it attends. While
//! it attends a piece of theirs, its player scores `turn_points` at the start of each of
//! their ordinary turns; when the feature of the piece it attends is scored (during play
//! or at the end, whoever has its majority, even for nothing), that piece's owner scores
//! `scored_points`. When the piece leaves the board the figure stays, attending nobody.
//!
//! Princess and Dragon's fairy is one (rulebook, "The fairy"; Wikicarpedia,
//! https://wikicarpedia.com/car/The_Princess_and_the_Dragon; JCloisterZone
//! `FairyCapability.java`, `FairyPhase.java`, its rule `fairy-placement: next-follower`):
//! `attending: {fairy: {turn_points: 1, scored_points: 3, shields: true}}`: it keeps the
//! dragon off its tile ([`crate::engine::Hooks::shielded`]). Under the entry's
//! `on_tile_option` (the first editions' rule, JCloisterZone's `fairy-placement:
//! on-tile`) it stands on the tile of one of the player's pieces rather than beside one:
//! `turn_points` for each of the player's pieces on that tile, `scored_points` to the owner
//! of a scored feature's first piece there.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
