//! The words of titles' events, for reports.

use crate::rules::Rules;

/// "takes the title `king` (a city of 5 tiles, the largest completed so far)": the
/// feature kind's name as the rule set gives it.
pub fn taken(rules: &Rules, title: usize, tiles: u32) -> String {
    let t = &rules.mechanisms.titles[title];
    format!(
        "takes the title `{}` (a {} of {tiles} tile{}, the largest completed so far)",
        t.name,
        rules.features[t.feature].name,
        if tiles == 1 { "" } else { "s" }
    )
}

/// "receives 5 points at the end of the game for the title `king` (5 × city completed on
/// the board)"; during play "... for the title `king` (1 × city completed this turn)";
/// fixed points (`units` 0) "(for holding it)".
pub fn award(rules: &Rules, title: usize, points: i64, units: i64, all: bool, end: bool) -> String {
    let t = &rules.mechanisms.titles[title];
    let feature = &rules.features[t.feature].name;
    let why = match (all, end, units) {
        (true, _, _) => "its holder holds every title".to_string(),
        (false, _, 0) => "for holding it".to_string(),
        (false, true, _) => format!("{units} × {feature} completed on the board"),
        (false, false, _) => format!("{units} × {feature} completed this turn"),
    };
    format!(
        "receives {points} point{}{} for the title `{}` ({why})",
        if points == 1 { "" } else { "s" },
        if end { " at the end of the game" } else { "" },
        t.name
    )
}
