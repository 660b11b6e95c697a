//! Sides, slots and rotations.
//!
//! A tile has four sides, N E S W (index 0..4, clockwise). A side kind's profile has one
//! part (one slot, named by the side: `N`) or three parts (slots `NL`, `N`, `NR`: left,
//! middle, right as seen from the tile centre looking out). Slot k of a side faces slot
//! `parts - 1 - k` of the neighbour's opposite side. Rotating a tile 90 degrees clockwise
//! maps N to E, E to S, S to W, W to N and keeps L and R.
//! Coordinates: x grows east, y grows south.

use std::fmt;

/// Side letters in index order.
pub const SIDES: [char; 4] = ['N', 'E', 'S', 'W'];

/// One side of a tile or a board cell: 0 = N, 1 = E, 2 = S, 3 = W.
pub type Side = u8;

/// The side facing `side` on the neighbouring cell.
pub fn opposite(side: Side) -> Side {
    (side + 2) % 4
}

/// Cell offset (dx, dy) of the neighbour across a side (y grows south).
pub fn offset(side: Side) -> (i32, i32) {
    match side {
        0 => (0, -1),
        1 => (1, 0),
        2 => (0, 1),
        _ => (-1, 0),
    }
}

/// The 8 cells around a cell, as offsets.
pub const AROUND: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// A tile's rotation: how far it is turned clockwise from its printed orientation, in
/// quarter turns (90 degrees each), always 0..=3. Files and reports write it in degrees
/// (0, 90, 180 or 270): its [`Display`](fmt::Display) and its serialized form are the
/// degrees. Ordered as the degrees are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rotation(u8);

impl Rotation {
    /// As printed: 0 degrees.
    pub const NONE: Rotation = Rotation(0);

    /// The four rotations in order: 0, 90, 180 and 270 degrees clockwise.
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// The rotation of `degrees` clockwise; `None` unless 0, 90, 180 or 270.
    #[inline]
    pub const fn from_degrees(degrees: u32) -> Option<Rotation> {
        match degrees {
            0 => Some(Rotation(0)),
            90 => Some(Rotation(1)),
            180 => Some(Rotation(2)),
            270 => Some(Rotation(3)),
            _ => None,
        }
    }

    /// `n` quarter turns clockwise, reduced modulo 4 (5 quarter turns are 1).
    #[inline]
    pub const fn from_quarter_turns(n: u8) -> Rotation {
        Rotation(n & 3)
    }

    /// Quarter turns clockwise, 0..=3: the index of the rotation in per-rotation tables
    /// ([`crate::rules::Tile::rotations`], bit of a fit mask).
    #[inline]
    pub const fn quarter_turns(self) -> u8 {
        self.0
    }

    /// Degrees clockwise: 0, 90, 180 or 270.
    #[inline]
    pub const fn degrees(self) -> u32 {
        self.0 as u32 * 90
    }

    /// The board side at which a tile's own side `side` appears after this rotation.
    #[inline]
    pub const fn apply(self, side: Side) -> Side {
        (side + self.0) % 4
    }
}

/// The degrees (`90`); width and alignment flags apply to the number.
impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.degrees(), f)
    }
}

/// The degrees, as an unsigned number (`90`), as position files write a rotation.
impl serde::Serialize for Rotation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.degrees())
    }
}

/// A straight line across a tile from the middle of one side to the middle of the
/// opposite one (a bridge): north–south or west–east.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// From the north side to the south side.
    NorthSouth,
    /// From the west side to the east side.
    WestEast,
}

impl Axis {
    /// Both axes.
    pub const ALL: [Axis; 2] = [Axis::NorthSouth, Axis::WestEast];

    /// The two sides it joins (N and S, or W and E).
    pub const fn sides(self) -> [Side; 2] {
        match self {
            Axis::NorthSouth => [0, 2],
            Axis::WestEast => [3, 1],
        }
    }

    /// Its name in files and reports: `NS` or `WE`.
    pub const fn name(self) -> &'static str {
        match self {
            Axis::NorthSouth => "NS",
            Axis::WestEast => "WE",
        }
    }

    /// The axis named `NS` (or `SN`) or `WE` (or `EW`).
    pub fn parse(name: &str) -> Option<Axis> {
        match name {
            "NS" | "SN" => Some(Axis::NorthSouth),
            "WE" | "EW" => Some(Axis::WestEast),
            _ => None,
        }
    }

    /// 0 for north–south, 1 for west–east.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The axis on the board of a tile turned by `rotation` whose printed axis is `self`
    /// (and back: a quarter turn swaps the two, a half turn keeps them).
    pub const fn turned(self, rotation: Rotation) -> Axis {
        match (self, rotation.quarter_turns() % 2) {
            (a, 0) => a,
            (Axis::NorthSouth, _) => Axis::WestEast,
            (Axis::WestEast, _) => Axis::NorthSouth,
        }
    }
}

/// A slot: one part of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The side, 0..4.
    pub side: Side,
    /// The part of the side's profile, 0-based from the left.
    pub part: u8,
}

/// Which part of a side a slot name's suffix means, for a profile of `parts` parts.
///
/// With `lenient`, a half-side name on a one-part side (`NL` on a field side) means the
/// whole side; piece addresses are lenient, tile definitions are not.
pub fn parse_slot(name: &str, parts: impl Fn(Side) -> usize, lenient: bool) -> Option<Slot> {
    let mut chars = name.chars();
    let first = chars.next()?;
    let side = SIDES.iter().position(|&c| c == first)? as Side;
    let suffix: String = chars.collect();
    let n = parts(side);
    let part = match (suffix.as_str(), n) {
        ("", 1) => 0,
        ("", 3) => 1,
        ("L", 3) => 0,
        ("R", 3) => 2,
        ("L" | "R", 1) if lenient => 0,
        _ => return None,
    };
    Some(Slot { side, part })
}

/// Just the side of a slot name (`NL` → N), if it starts with a side letter.
pub fn side_of_name(name: &str) -> Option<Side> {
    SIDES
        .iter()
        .position(|&c| name.starts_with(c))
        .map(|s| s as Side)
}

/// The name of a slot on a side with `parts` parts: `N`, `NL`, `NR`.
pub fn slot_name(slot: Slot, parts: usize) -> String {
    let side = SIDES[slot.side as usize];
    match (parts, slot.part) {
        (3, 0) => format!("{side}L"),
        (3, 2) => format!("{side}R"),
        _ => side.to_string(),
    }
}

/// Slot names valid on a side with `parts` parts (for help texts).
pub fn slot_names(side: Side, parts: usize) -> Vec<String> {
    (0..parts as u8)
        .map(|part| slot_name(Slot { side, part }, parts))
        .collect()
}

/// A corner of a tile or cell, 0..4 clockwise from the north-west: corner `c` is where
/// side `c` begins, walking clockwise (NW begins N, NE begins E, SE begins S, SW begins W).
pub type Corner = u8;

/// Corner names in index order.
pub const CORNERS: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// The corner a name means (`NW`), if it is one.
pub fn parse_corner(name: &str) -> Option<Corner> {
    CORNERS.iter().position(|&c| c == name).map(|c| c as Corner)
}

/// The two slots that meet at `corner`: the first part of the side it begins and the last
/// part of the side before (`parts`: each side's number of parts). `None` when either
/// side has no parts (a wall).
pub fn corner_slots(corner: Corner, parts: impl Fn(Side) -> usize) -> Option<[Slot; 2]> {
    let before = (corner + 3) % 4;
    let last = parts(before).checked_sub(1)?;
    (parts(corner) > 0).then_some([
        Slot {
            side: corner,
            part: 0,
        },
        Slot {
            side: before,
            part: last as u8,
        },
    ])
}

/// The other three cells that meet at corner `corner` of cell `(x, y)`, each with its own
/// corner there: `(x, y, corner)`.
pub fn corner_neighbours(x: i32, y: i32, corner: Corner) -> [(i32, i32, Corner); 3] {
    // The point's coordinates: the cell (vx, vy) has it as its north-west corner.
    let (vx, vy) = match corner {
        0 => (x, y),
        1 => (x + 1, y),
        2 => (x + 1, y + 1),
        _ => (x, y + 1),
    };
    let around = [
        (vx, vy, 0),
        (vx - 1, vy, 1),
        (vx - 1, vy - 1, 2),
        (vx, vy - 1, 3),
    ];
    let mut out = [(0, 0, 0); 3];
    let mut k = 0;
    for c in around {
        if c.2 != corner {
            out[k] = c;
            k += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_meet_their_neighbours() {
        // The north-west corner of (0, 0) is the south-east of (-1, -1), the south-west of
        // (0, -1) and the north-east of (-1, 0).
        let mut n = corner_neighbours(0, 0, 0).to_vec();
        n.sort();
        assert_eq!(n, [(-1, -1, 2), (-1, 0, 1), (0, -1, 3)]);
        let mut n = corner_neighbours(0, 0, 2).to_vec();
        n.sort();
        assert_eq!(n, [(0, 1, 1), (1, 0, 3), (1, 1, 0)]);
        // A road side (3 parts) and a field side (1) meeting at the north-west corner: NL
        // and W.
        let parts = |s: Side| if s == 0 { 3 } else { 1 };
        let slots = corner_slots(0, parts).expect("no wall");
        assert_eq!(slot_name(slots[0], 3), "NL");
        assert_eq!(slot_name(slots[1], 1), "W");
        assert_eq!(corner_slots(1, |s| if s == 0 { 0 } else { 1 }), None);
        assert_eq!(parse_corner("SE"), Some(2));
        assert_eq!(parse_corner("S"), None);
    }

    #[test]
    fn slots_parse_by_profile_length() {
        let three = |_| 3;
        let one = |_| 1;
        assert_eq!(
            parse_slot("NL", three, false),
            Some(Slot { side: 0, part: 0 })
        );
        assert_eq!(
            parse_slot("E", three, false),
            Some(Slot { side: 1, part: 1 })
        );
        assert_eq!(
            parse_slot("WR", three, false),
            Some(Slot { side: 3, part: 2 })
        );
        assert_eq!(parse_slot("S", one, false), Some(Slot { side: 2, part: 0 }));
        assert_eq!(parse_slot("SL", one, false), None);
        assert_eq!(parse_slot("SL", one, true), Some(Slot { side: 2, part: 0 }));
        assert_eq!(parse_slot("X", one, true), None);
    }

    #[test]
    fn rotation_moves_north_to_east() {
        let r = Rotation::from_quarter_turns;
        assert_eq!(r(1).apply(0), 1);
        assert_eq!(r(1).apply(3), 0);
        assert_eq!(r(2).apply(1), 3);
        assert_eq!(Rotation::NONE.apply(2), 2);
        assert_eq!(opposite(0), 2);
        assert_eq!(offset(0), (0, -1));
    }

    #[test]
    fn rotations_are_quarter_turns_written_in_degrees() {
        for (k, r) in Rotation::ALL.into_iter().enumerate() {
            assert_eq!(r.quarter_turns() as usize, k);
            assert_eq!(r.degrees(), k as u32 * 90);
            assert_eq!(Rotation::from_degrees(r.degrees()), Some(r));
            assert_eq!(Rotation::from_quarter_turns(k as u8 + 4), r);
        }
        assert_eq!(Rotation::from_degrees(45), None);
        assert_eq!(Rotation::from_degrees(360), None);
        assert_eq!(Rotation::default(), Rotation::NONE);
        assert!(Rotation::ALL.windows(2).all(|w| w[0] < w[1]));
        let r = Rotation::from_quarter_turns(1);
        assert_eq!(format!("{r}|{r:>3}|{}", Rotation::NONE), "90| 90|0");
        assert_eq!(
            serde_json::to_string(&Rotation::ALL).unwrap(),
            "[0,90,180,270]"
        );
    }
}
