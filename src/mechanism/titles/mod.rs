//! Titles: a title goes to the player who completes a feature of its kind larger (in
//! tiles) than every one of that kind completed in earlier turns (an equal one does not
//! take it), whether or not they have a piece in it; its holder receives points at the end
//! of the game (per completed feature of the kind on the board, or fixed), or during play
//! each time features of the kind are completed.
//!
//! King and Robber's King (the largest completed city) and Robber Baron (the longest
//! completed road): `titles: {king: {feature: city, end_of_game: [{per_completed: 1}]},
//! robber: {feature: road, ...}}`, 1 point per completed city (road) on the board to the
//! holder at the end (Wikicarpedia, "Count, King and Robber",
//! https://wikicarpedia.com/car/Count,_King_and_Robber/en); JCloisterZone's variants
//! (`king-and-robber-scoring`: 10/20, 15/40, continuously; `KingCapability` and
//! `RobberCapability`, github.com/farin/JCloisterZone) are cases chosen by options.

pub mod check;
pub mod model;
pub mod play;
pub mod table;
pub mod words;
