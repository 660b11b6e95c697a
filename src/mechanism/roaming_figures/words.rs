//! The words of roaming figures' events, for reports.

use crate::rules::Rules;

/// The figure's name, "figure" for an unknown index.
fn name(rules: &Rules, figure: u8) -> &str {
    rules
        .mechanisms
        .roaming_figures
        .get(usize::from(figure))
        .map_or("figure", |r| r.name.as_str())
}

/// "the dragon comes onto the tile at (0, 1)" or "moves the dragon to the tile at (1, 1)"
/// (`place`: the tile's cell in words).
pub fn roamed(rules: &Rules, figure: u8, place: &str, arrived: bool) -> String {
    let name = name(rules, figure);
    if arrived {
        format!("brings the {name} onto the tile at {place}")
    } else {
        format!("moves the {name} to the tile at {place}")
    }
}

/// "the dragon takes B's follower on the city at (1, 1) N" (`whose`: "B's").
pub fn taken(rules: &Rules, figure: u8, whose: &str, kind: usize, feature: usize, place: &str) -> String {
    format!(
        "the {} takes {whose} {} on the {} at {place}",
        name(rules, figure),
        rules.pieces[kind].name,
        rules.features[feature].name
    )
}
