//! The words of neutral figures' events, for reports.

use crate::rules::Rules;

/// "moves the fairy next to their piece on the road at (1, 0) E" (`place`: the segment's
/// cell and address in words), or "moves the fairy onto the tile of their piece on the
/// road at (1, 0) E" for a figure that stands on a tile (`on_tile`).
pub fn attended(rules: &Rules, figure: u8, feature: usize, place: &str, on_tile: bool) -> String {
    let name = rules
        .mechanisms
        .attending_figures
        .get(usize::from(figure))
        .map_or("figure", |a| a.name.as_str());
    let to = if on_tile { "onto the tile of" } else { "next to" };
    format!(
        "moves the {name} {to} their piece on the {} at {place}",
        rules.features[feature].name
    )
}

/// "scores 1 (the fairy at the start of the turn)" or "scores 3 (the fairy: its
/// follower's feature scored)", "... at the end of the game" for a feature scored then
/// (`at_end`); "on the tile of their pieces" for a figure that stands on a tile
/// (`on_tile`).
pub fn award(
    rules: &Rules,
    figure: usize,
    points: i64,
    scored: bool,
    at_end: bool,
    on_tile: bool,
) -> String {
    let name = rules
        .mechanisms
        .attending_figures
        .get(figure)
        .map_or("figure", |a| a.name.as_str());
    if on_tile && !scored {
        return format!("scores {points} (the {name} on the tile of their pieces at the start of the turn)");
    }
    if scored && at_end {
        format!(
            "scores {points} at the end of the game (the {name}: the feature of the piece it attends scored)"
        )
    } else if scored {
        format!("scores {points} (the {name}: the feature of the piece it attends scored)")
    } else {
        format!("scores {points} (the {name} beside their piece at the start of the turn)")
    }
}
