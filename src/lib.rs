//! tessera: Carcassonne-family tile games as data.
pub mod model;
