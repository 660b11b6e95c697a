//! Pieces that settle the feature they stand in: when one is placed into a feature that
//! holds other pieces, those are scored at once by the section's `when_placed` cases (for
//! their majority, raised as usual) and return; when the feature it stands in is joined
//! later to one that holds other pieces, those are scored by `when_joined` and return.
//! Pieces that count for the majority are kept out of such a feature by the core blocking
//! rule (`blocks:`). At the end of the game, every player with such a piece in a feature
//! scores the `final` cases once. A settling piece may be placed only at a corner of the
//! tile just placed where four tiles meet, each with a segment of its feature alone at
//! that corner (`at_corner`), and only into a feature that holds none of its kind unless
//! an option lets them share.
//!
//! Abbey and Mayor's barn is one (rulebook, "The barn"; Wikicarpedia,
//! https://wikicarpedia.com/car/Abbey_and_the_Mayor; JCloisterZone `BarnCapability.java`,
//! `Field.getPointsWhenBarnIsConnected`, `getBarnPoints`): placed on a field corner, it
//! scores the field's farmers 3 per completed city at once (as at the end of the game),
//! farmers joined to it later 1 per completed city, and its owner 4 per completed city at
//! the end; JCloisterZone's rule `barn-placement: occupied` lets a barn join a field with
//! a barn.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
