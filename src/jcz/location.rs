//! JCZ location words: the words of a feature element's text (`<city>N W</city>`) and of
//! its location attributes (`city="N"`, `city-gate="S W"`), read the way JCloisterZone's
//! engine reads them (`board/Location.java`, `Location.valueOf`).
//!
//! A word is one location name or several joined by `.` (their union):
//! - sides `N E S W`, and the engine's named unions of sides: `NW NE SW SE` (two adjacent
//!   sides), `NS WE` (two opposite sides), `NWSE` (all four), `_N _E _S _W` (every side
//!   but that one: `_S` is N E W);
//! - half-sides `NL NR EL ER SL SR WL WR` (L and R seen from the tile's centre looking
//!   out, tessera's convention too), the edges of fields;
//! - inner locations `I II III IV`: a place that touches no edge, numbered per feature
//!   kind (a field at `I` and a monastery at `I` are different places; engine commit
//!   117c655d, 2021-06-08), and the names earlier generations used for them: `INNER_FARM`
//!   and `INNER_FARM_B` (2021 reference), `INNER_FIELD` and `INNER_FIELD_B` (2021-06-01
//!   to 06-08), `INNER_CITY`, `INNER_ROAD` (2021-05-18 to 06-08), `CLOISTER` and
//!   `MONASTERY`.
//!
//! So `NS` and `N.S` both mean sides N and S, as in the engine since 2021-06-27 (road and
//! city text words are split into sides).

/// A location word, read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Places on the tile's edge: whole sides (bit `s` for side `s`, N E S W = 0..4) and
    /// half-sides (bit `2 s + h` for half `h`, 0 = L, 1 = R, of side `s`).
    Edge {
        /// Whole sides, a 4-bit mask.
        sides: u8,
        /// Half-sides, an 8-bit mask.
        halves: u8,
    },
    /// An inner location: 1 for `I` (and the old names of the first inner place), 2 for
    /// `II`, up to 4.
    Inner(u8),
}

/// Side bits, in the order of [`crate::geometry::SIDES`] (N E S W).
const N: u8 = 1;
const E: u8 = 2;
const S: u8 = 4;
const W: u8 = 8;

/// One location name (no `.`).
fn atom(name: &str) -> Option<Place> {
    let sides = |sides| Some(Place::Edge { sides, halves: 0 });
    let half = |bit: u8| {
        Some(Place::Edge {
            sides: 0,
            halves: 1 << bit,
        })
    };
    match name {
        "N" => sides(N),
        "E" => sides(E),
        "S" => sides(S),
        "W" => sides(W),
        "NW" => sides(N | W),
        "NE" => sides(N | E),
        "SW" => sides(S | W),
        "SE" => sides(S | E),
        "NS" => sides(N | S),
        "WE" => sides(W | E),
        "NWSE" => sides(N | E | S | W),
        "_N" => sides(E | S | W),
        "_E" => sides(N | S | W),
        "_S" => sides(N | E | W),
        "_W" => sides(N | E | S),
        "NL" => half(0),
        "NR" => half(1),
        "EL" => half(2),
        "ER" => half(3),
        "SL" => half(4),
        "SR" => half(5),
        "WL" => half(6),
        "WR" => half(7),
        "I" | "INNER_FARM" | "INNER_FIELD" | "INNER_CITY" | "INNER_ROAD" | "CLOISTER"
        | "MONASTERY" => Some(Place::Inner(1)),
        "II" | "INNER_FARM_B" | "INNER_FIELD_B" => Some(Place::Inner(2)),
        "III" => Some(Place::Inner(3)),
        "IV" => Some(Place::Inner(4)),
        _ => None,
    }
}

/// Reads a location word; `None` when it is not one (an unknown name, an empty part, or
/// an inner location joined with anything: the engine cannot unite those either).
pub fn parse(word: &str) -> Option<Place> {
    let mut parts = word.split('.');
    let first = atom(parts.next()?)?;
    parts.try_fold(first, |acc, p| match (acc, atom(p)?) {
        (
            Place::Edge { sides, halves },
            Place::Edge {
                sides: s2,
                halves: h2,
            },
        ) => Some(Place::Edge {
            sides: sides | s2,
            halves: halves | h2,
        }),
        _ => None,
    })
}

/// The sides of a side mask, as indices (N E S W = 0..4), in that order.
pub fn sides(mask: u8) -> impl Iterator<Item = usize> {
    (0..4).filter(move |s| mask & (1 << s) != 0)
}

/// The half-sides of a half mask, as (side, 0 for L / 1 for R), in the order NL NR EL ...
pub fn halves(mask: u8) -> impl Iterator<Item = (usize, usize)> {
    (0..8)
        .filter(move |b| mask & (1 << b) != 0)
        .map(|b| (b / 2, b % 2))
}

/// The name of inner location `n` as written today (`I`, `II`, ...).
pub fn inner_name(n: u8) -> &'static str {
    match n {
        1 => "I",
        2 => "II",
        3 => "III",
        _ => "IV",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_as_the_engine_reads_them() {
        assert_eq!(
            parse("N"),
            Some(Place::Edge {
                sides: N,
                halves: 0
            })
        );
        assert_eq!(parse("NS"), parse("N.S"));
        assert_eq!(
            parse("_S"),
            Some(Place::Edge {
                sides: N | E | W,
                halves: 0
            })
        );
        assert_eq!(
            parse("NL.NR"),
            Some(Place::Edge {
                sides: 0,
                halves: 0b11
            })
        );
        assert_eq!(parse("I"), Some(Place::Inner(1)));
        assert_eq!(parse("INNER_FARM_B"), Some(Place::Inner(2)));
        for bad in ["", ".", "N.", "NWE", "I.N", "N.I", "X", "n", "NLR"] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
        assert_eq!(sides(N | S).collect::<Vec<_>>(), [0, 2]);
        assert_eq!(halves(0b0010_0001).collect::<Vec<_>>(), [(0, 0), (2, 1)]);
    }
}
