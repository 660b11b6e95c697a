//! Spanning: players lay tokens of theirs straight across a tile as their tile goes
//! down, from the middle of one side to the middle of the opposite one, both on sides of
//! a kind the rule set names; each adds a segment of a feature kind to the tile, joining
//! what lies across its ends, the sides it ends on becoming of another kind, and the
//! segment that held those sides staying one beneath it. A token goes on the tile just
//! placed or, where the rule set allows, on a tile beside it whose ends face empty cells
//! (or the tile just placed, which must then show the new side kind there); one a turn,
//! one a tile; a placement may need one (a road side of the tile against a field side of
//! its neighbour, made a road side by the token).
//!
//! Bridges, Castles and Bazaars (Hans im Glück 2010, 2nd edition 2017; Wikicarpedia,
//! https://wikicarpedia.com/car/Bridges,_Castles_and_Bazaars ; JCloisterZone
//! `BridgeCapability.java`, `PlacementsMixin.java`): `spanning: {bridge: {feature: road,
//! over: field, side: road, supply: [3, 3, 3, 3, 2]}}` (`rulesets/bridge.yaml`).
//!
//! The rule set's tiles with the token across are derived once, when a tile set is
//! compiled ([`crate::rules::MechanismTable::derive_tiles`]): the tile just placed is
//! laid as its derived tile, a tile beside it is laid anew as one
//! ([`crate::board::Board::reshape`]). A token is written `span: {x, y, axis}` in a
//! position's turn ([`crate::engine::Span`], [`crate::engine::State::begin_turn_spanning`]).

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
