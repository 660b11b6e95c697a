//! Every numeric limit tessera enforces, stated once.
//!
//! The limits on values in files (counts, item amounts, points, coordinates, supply, ...)
//! are far above anything a real game reaches, so that an absurd value (a typo, a fuzzer,
//! a hostile upload) is a finding at its line instead of an allocation of gigabytes or a
//! sum that wraps around. The JSON Schemas in `schema/` state them as `maximum` and
//! `minimum` (so every violation is a `schema::invalid` finding at its key), and the
//! checks of values that do not pass through a schema (JCloisterZone XML, values built by
//! code) use the same constants (`tileset::out_of_range`).
//!
//! Within these limits every sum of user numbers fits its type with room to spare; sums
//! saturate at the limits of their type anyway (see [`crate::score`]), so nothing wraps.

/// Copies of one tile definition (`count`, an include's `counts`, a deduction's
/// `distribution`, a start tile's `copy`; a JCloisterZone `count`). The most copies of one
/// tile in the bundled sets is 9 (the base game's road curve).
pub const MAX_COPIES: u32 = 10_000;

/// Tiles in one tile set file (`total`), and the tiles a scoring condition can ask a
/// feature to span (`when: {tiles: N}`). Published games have fewer than 1,000 tiles.
pub const MAX_TILES: u32 = 1_000_000;

/// Items of one kind on one segment (`items: {pennant: 1}`, a JCloisterZone
/// `pennant="1"`), and items covered on one segment in a snapshot. Real tiles carry 1 to 3.
pub const MAX_ITEMS: u32 = 1_000;

/// Items a scoring condition can ask a feature to hold (`when: {items: {..}}`,
/// `items_at_least`).
pub const MAX_FEATURE_ITEMS: u32 = 1_000_000;

/// Points per unit of a scoring term, either sign (`points: 2`, `points: -1`). Real terms
/// give 1 to 10.
pub const MAX_POINTS: i64 = 1_000_000;

/// An area bonus's multiplier, either sign (`area: {factor: 2}`).
pub const MAX_FACTOR: i64 = 1_000;

/// Radii in cells: an area bonus's `radius`, an effect's `within`. Real rules use 1.
pub const MAX_RADIUS: u32 = 1_000;

/// A board coordinate, either sign (`x`, `y`): cells from the start tile. A game with
/// every tile of the largest tile set in one row stays far inside it, and so do the
/// neighbours of every cell, so a neighbour's coordinate never leaves `i32`.
pub const MAX_COORDINATE: i32 = 100_000;

/// Pieces of one kind per player (`supply: 7`, a tile set's `supply` overrides).
pub const MAX_SUPPLY: u32 = 1_000;

/// How many pieces one piece counts as in a majority (`weight: 2`).
pub const MAX_WEIGHT: u32 = 1_000;

/// A stack's `order`.
pub const MAX_STACK_ORDER: u32 = 1_000;

/// Segments of one tile: a segment index must fit in a byte, with one value kept for "no
/// segment" ([`crate::rules::NO_SEGMENT`]).
pub const MAX_SEGMENTS: usize = 254;

/// The value of one token, in points (a token supply's values, a turn's `draws`, a
/// snapshot's `held` and `tokens`). A power of ten, so that the schema can state it as a
/// pattern on the keys of `tokens.*.values`.
pub const MAX_TOKEN_VALUE: u32 = 1_000;

/// Tokens of one value in a token supply (`values: {2: 30}`).
pub const MAX_TOKENS: u32 = 10_000;

/// Points banked by a player in a snapshot (`scores`), either sign.
pub const MAX_SCORE: i64 = 1_000_000_000;

const _: () = {
    assert!(MAX_SEGMENTS < crate::rules::NO_SEGMENT as usize);
    // The keys of a token supply are checked by a pattern for a power of ten (10 or more).
    assert!(MAX_TOKEN_VALUE >= 10 && 10u32.pow(MAX_TOKEN_VALUE.ilog10()) == MAX_TOKEN_VALUE);
    assert!(MAX_COORDINATE < i32::MAX - 1);
};

/// The schema pattern that accepts the decimal numbers 0 to `max` (a power of ten), for
/// map keys that are numbers.
pub(crate) fn up_to_power_of_ten(max: u32) -> String {
    let digits = max.ilog10();
    format!(
        "^(0|[1-9][0-9]{{0,{}}}|1{})$",
        digits - 1,
        "0".repeat(digits as usize)
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_key_pattern_accepts_exactly_zero_to_the_limit() {
        let pattern = super::up_to_power_of_ten(1000);
        let re = matcher(&pattern);
        for ok in ["0", "1", "9", "10", "999", "1000"] {
            assert!(re(ok), "{ok}");
        }
        for bad in ["01", "1001", "2000", "10000", "-1", "", "1e3"] {
            assert!(!re(bad), "{bad}");
        }
    }

    /// The pattern as the JSON Schema validator that checks files applies it.
    fn matcher(pattern: &str) -> impl Fn(&str) -> bool + use<> {
        let schema = serde_json::json!({"type": "string", "pattern": pattern});
        let v = jsonschema::validator_for(&schema).expect("a valid pattern");
        move |s| v.is_valid(&serde_json::json!(s))
    }
}
