//! The words of conversions, for reports.

use crate::rules::Rules;

/// The entry's name, "converted feature" for an unknown entry.
pub fn name(rules: &Rules, entry: usize) -> &str {
    rules
        .mechanisms
        .converting
        .get(entry)
        .map_or("converted feature", |e| e.name.as_str())
}

/// "converts the city at (0, -1) S into a castle" (`place`: the segment's place in words).
pub fn converted(rules: &Rules, entry: usize, feature: usize, place: &str) -> String {
    format!(
        "converts the {} at {place} into a {}",
        rules.features[feature].name,
        name(rules, entry)
    )
}

/// "scores 3 for their castle at (0, 0) (0, -1)" (`cells`: its tiles' cells in words; the
/// points of the feature completed near it, or 0 at the end).
pub fn award(rules: &Rules, entry: usize, cells: &str, points: i64, at_end: bool) -> String {
    let name = name(rules, entry);
    if at_end {
        format!("scores {points} for their {name} at {cells}, not paid by the end of the game")
    } else {
        format!(
            "scores {points} for their {name} at {cells}, the points of a feature completed near it"
        )
    }
}
