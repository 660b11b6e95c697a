//! The words of building's events, for reports.

use crate::rules::Rules;

/// The token's name, "token" for an unknown entry.
fn name(rules: &Rules, entry: u8) -> &str {
    rules
        .mechanisms
        .building
        .get(usize::from(entry))
        .map_or("token", |e| e.name.as_str())
}

/// "puts a floor on the tower at (0, 1) (height 2)" (`place`: the segment's place in
/// words).
pub fn built(rules: &Rules, entry: u8, feature: usize, place: &str, height: u32) -> String {
    format!(
        "puts a {} on the {} at {place} (height {height})",
        name(rules, entry),
        rules.features[feature].name
    )
}

/// "captures B's follower on the road at (1, 0) S" (`whose`: "B's", or "their own").
pub fn captured(rules: &Rules, whose: &str, kind: usize, feature: usize, place: &str) -> String {
    format!(
        "captures {whose} {} on the {} at {place}",
        rules.pieces[kind].name, rules.features[feature].name
    )
}

/// "and B exchange prisoners: A gets their follower back, B their phantom".
pub fn exchanged(rules: &Rules, player: &str, with: &str, got: usize, gave: usize) -> String {
    format!(
        "{player} and {with} exchange prisoners: {player} gets their {} back, {with} their {}",
        rules.pieces[got].name, rules.pieces[gave].name
    )
}

/// "pays B a ransom of 3 points for their follower".
pub fn ransom(rules: &Rules, holder: &str, kind: usize, points: u32) -> String {
    format!(
        "pays {holder} a ransom of {points} point{} for their {}",
        if points == 1 { "" } else { "s" },
        rules.pieces[kind].name
    )
}
