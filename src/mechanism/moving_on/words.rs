//! The words of moving pieces' events, for reports.

use crate::rules::Rules;

/// "moves their wagon on to the road at (1, 0) N" (`place`: the segment's cell and
/// address in words).
pub fn moved(rules: &Rules, kind: usize, feature: usize, place: &str) -> String {
    format!(
        "moves their {} on to the {} at {place}",
        rules.pieces[kind].name, rules.features[feature].name
    )
}
