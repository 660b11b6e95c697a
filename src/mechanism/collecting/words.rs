//! The words of collecting's events, for reports.

use crate::rules::Rules;

/// "collects 2 wine (from the completed city)".
pub fn collected(rules: &Rules, entry: usize, count: u64) -> String {
    let c = &rules.mechanisms.collecting[entry];
    format!(
        "collects {count} × {} (from the completed {})",
        rules.items[c.item],
        rules.features[c.feature].name
    )
}

/// "receives 10 points at the end of the game for the most wine (3)".
pub fn award(rules: &Rules, entry: usize, points: i64, count: u64) -> String {
    let c = &rules.mechanisms.collecting[entry];
    format!(
        "receives {points} point{} at the end of the game for the most {} ({count})",
        if points == 1 { "" } else { "s" },
        rules.items[c.item]
    )
}
