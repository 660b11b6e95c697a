//! The words of spanning's events, for reports.

use crate::geometry::Axis;
use crate::rules::Rules;

/// "lays a bridge across the tile at (1, 1), west to east" (`place`: the tile's place in
/// words).
pub fn spanned(rules: &Rules, entry: u8, place: &str, axis: Axis) -> String {
    let name = rules
        .mechanisms
        .spanning
        .get(usize::from(entry))
        .map_or("token", |e| e.name.as_str());
    let line = match axis {
        Axis::NorthSouth => "north to south",
        Axis::WestEast => "west to east",
    };
    format!("lays a {name} across the tile at {place}, {line}")
}
