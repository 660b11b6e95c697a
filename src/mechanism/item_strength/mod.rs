//! Pieces whose strength in a majority is counted from their feature: when a feature is
//! scored, a piece of such a kind counts, for its owner's strength, the number of an item
//! on the whole feature instead of its `weight`; with none of the item it counts nothing,
//! and a feature whose only pieces count nothing has no majority (its pieces still return).
//!
//! Abbey and Mayor's mayor is one (rulebook, "The mayor": "the mayor counts as many
//! followers as there are coats of arms in the city; a mayor in a city without coat of
//! arms counts as zero"; Wikicarpedia, https://wikicarpedia.com/car/Abbey_and_the_Mayor;
//! JCloisterZone `figure/Mayor.java`, `getPower`): `item_strength: {mayor: {item:
//! pennant}}`, with a piece kind `mayor` that has a role on cities only.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
