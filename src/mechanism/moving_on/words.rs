//! The words of moving pieces' events, for reports.

use crate::rules::Rules;

/// "moves their wagon on to the road at (1, 0) N".
pub fn moved(rules: &Rules, kind: usize, feature: usize, x: i32, y: i32, at: &str) -> String {
    format!(
        "moves their {} on to the {} at ({x}, {y}) {at}",
        rules.pieces[kind].name, rules.features[feature].name
    )
}
