//! Pieces that escape a feature: at the end of their turn, after its scoring, a player
//! may take one of their pieces that count for majorities back to supply, scoring
//! nothing, from a feature holding one of the section's items, when a segment of one of
//! the section's feature kinds lies on a tile of that feature or on one of the 8 cells
//! around such a tile. One piece a turn, whatever the features.
//!
//! Siege (The Cathars, 2004; Siege, RGG 2008; The Besiegers, 2013): a follower escapes a
//! besieged city next to a monastery (Wikicarpedia,
//! https://wikicarpedia.com/index.php/Translations:Besiegers_Cathars_Siege_(1st_edition)/17/en;
//! JCloisterZone `EscapePhase.java`): `escaping: [{item: besieged, near: [monastery]}]`.
//! With the entry's `item_tile_option` on, only the tiles of the feature that carry the
//! item count (Hans im Glück's rule: the monastery must touch a siege tile; JCloisterZone's
//! rule `espace-variant: siege-tile`); off, any tile of the feature (RGG's, JCloisterZone's
//! default).
//!
//! The decision is asked after the turn's scoring ([`crate::engine::Hooks::after_scoring`]):
//! [`crate::engine::Choice::Stay`], what happens when none is written, or
//! [`crate::engine::Choice::TakeBack`] of one of the pieces offered; a position writes the
//! latter `{take_back: {x, y, at}}` under the turn's `choices`.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
