//! The words of flocks' events, for reports.

use crate::rules::Rules;

/// "draws a token of 3 for the flock of their shepherd (4 on the field now)".
pub fn drew(rules: &Rules, flock: usize, value: u32, total: u64) -> String {
    let f = &rules.mechanisms.flocks[flock];
    format!(
        "draws a token of {value} for the flock of their {} ({total} on the {} now)",
        rules.pieces[f.piece].name, rules.features[f.feature].name
    )
}

/// "draws the ending token (0): the flock on the field is lost and 2 shepherds return".
pub fn ended(rules: &Rules, flock: usize, value: u32, pieces: u32) -> String {
    let f = &rules.mechanisms.flocks[flock];
    let kind = &rules.pieces[f.piece].name;
    format!(
        "draws the ending token ({value}): the flock on the {} is lost and {pieces} {kind}{} return{}",
        rules.features[f.feature].name,
        if pieces == 1 { "" } else { "s" },
        if pieces == 1 { "s" } else { "" }
    )
}

/// "receives 9 points for the flock on the field of their shepherd (4 tokens)".
pub fn award(rules: &Rules, flock: usize, points: i64, tokens: u32) -> String {
    let f = &rules.mechanisms.flocks[flock];
    format!(
        "receives {points} point{} for the flock on the {} of their {} ({tokens} token{})",
        if points == 1 { "" } else { "s" },
        rules.features[f.feature].name,
        rules.pieces[f.piece].name,
        if tokens == 1 { "" } else { "s" }
    )
}
