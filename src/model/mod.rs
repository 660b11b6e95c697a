//! The three YAML formats as serde + schemars types: [`RuleSetFile`], [`TileSetFile`] and
//! [`PositionFile`].
//!
//! These types are the *authored* form of a game: names are strings, references are not yet
//! resolved, and every value a later check may point at carries its source location
//! ([`Sp`]). [`crate::validate`] resolves names and compiles these types into the tables of
//! [`crate::rules`]. Doc comments on these types become the descriptions of the JSON Schemas
//! in `schema/` (see [`crate::schema`]), which editors show on hover.

mod position;
mod ruleset;
mod tileset;

pub use position::*;
pub use ruleset::*;
pub use tileset::*;

pub use span::{Loc, SP_NEWTYPE, Sp, reading, set_reading};

/// The indefinite article for a name read from a rule set: `an` before a vowel (`an
/// abbot`), else `a` (`a follower`).
pub fn article(name: &str) -> &'static str {
    match name.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// An English noun in the plural when `n` is not 1 (`tile` → `tiles`, `city` → `cities`):
/// the plural of a feature kind or item whose `plural:` is not given, and of a piece kind
/// in messages.
pub fn plural(word: &str, n: i64) -> String {
    if n == 1 {
        return word.to_string();
    }
    match word.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{word}s"),
    }
}

#[cfg(test)]
mod plural_tests {
    use super::plural;

    #[test]
    fn plurals() {
        assert_eq!(plural("tile", 1), "tile");
        assert_eq!(plural("tile", 4), "tiles");
        assert_eq!(plural("completed city", 2), "completed cities");
        assert_eq!(plural("surrounding tile", 0), "surrounding tiles");
    }
}

/// A tile id as written in YAML: a string (`D`) or a whole number (`56`, as in the
/// Hunters and Gatherers source data); numbers are kept as their decimal text.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)]
#[schemars(transparent)]
pub(crate) struct TileIdSchema(#[schemars(extend("type" = ["string", "integer"]))] String);

/// A junction as written in YAML: the ids of two segments or more of one tile.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)]
#[schemars(transparent)]
pub(crate) struct JunctionSchema(#[schemars(length(min = 2))] Vec<String>);

/// Schema-only types: the numbers of the three formats with the limits of
/// [`crate::limits`] as `minimum` and `maximum`, so that an absurd value is a schema
/// finding at its key. Fields keep their Rust types (`u32`, `i64`) and name one of these
/// with `#[schemars(with = ...)]`.
#[allow(dead_code)]
pub(crate) mod bounds {
    use crate::limits::*;
    use schemars::JsonSchema;

    /// A number of copies of one tile (far above any real set).
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Copies(#[schemars(range(min = 0, max = MAX_COPIES))] u32);

    /// A number of copies of one tile, at least 1.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct SomeCopies(#[schemars(range(min = 1, max = MAX_COPIES))] u32);

    /// A number of tiles in a tile set or a feature.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Tiles(#[schemars(range(min = 0, max = MAX_TILES))] u32);

    /// A number of items of one kind on one segment.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Items(#[schemars(range(min = 0, max = MAX_ITEMS))] u32);

    /// A number of items of one kind in a feature.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct FeatureItems(#[schemars(range(min = 0, max = MAX_FEATURE_ITEMS))] u32);

    /// Points per unit counted; negative points take points away.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Points(#[schemars(range(min = -MAX_POINTS, max = MAX_POINTS))] i64);

    /// A multiplier.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Factor(#[schemars(range(min = -MAX_FACTOR, max = MAX_FACTOR))] i64);

    /// A distance in cells (Chebyshev: 1 is the 3x3 block around a tile).
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Radius(#[schemars(range(min = 0, max = MAX_RADIUS))] u32);

    /// A number of steps of a figure's move.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Steps(#[schemars(range(min = 1, max = MAX_STEPS))] u32);

    /// A number of pieces of one kind per player.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Supply(#[schemars(range(min = 0, max = MAX_SUPPLY))] u32);

    /// How many pieces one piece counts as in a majority, at least 1.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Weight(#[schemars(range(min = 1, max = MAX_WEIGHT))] u32);

    /// The order of a stack (lowest first).
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct StackOrder(#[schemars(range(min = 0, max = MAX_STACK_ORDER))] u32);

    /// The value of a token, in points.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct TokenValue(#[schemars(range(min = 0, max = MAX_TOKEN_VALUE))] u32);

    /// A random number that made a draw, from 0 up to (not including) 1.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Fraction(#[schemars(range(min = 0.0, max = 1.0))] f64);

    /// Points banked by a player.
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Score(#[schemars(range(min = -MAX_SCORE, max = MAX_SCORE))] i64);

    /// A picture colour, `#rrggbb` (hexadecimal red, green, blue).
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Colour(#[schemars(pattern(r"^#[0-9a-fA-F]{6}$"))] String);

    /// A board coordinate (tiles from the start tile).
    #[derive(JsonSchema)]
    #[schemars(transparent)]
    pub(crate) struct Coordinate(
        #[schemars(range(min = -MAX_COORDINATE, max = MAX_COORDINATE))] i32,
    );

    /// A token supply: token value (points, a whole number) to how many tokens have it.
    pub(crate) fn token_values(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "propertyNames": {"pattern": up_to_power_of_ten(MAX_TOKEN_VALUE)},
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MAX_TOKENS}
        })
    }

    /// A deduction's distribution: shape id to a number of tiles, at least 1.
    pub(crate) fn distribution(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_COPIES},
            "minProperties": 1
        })
    }
}

/// Deserializes a tile id written as a string or a whole number.
pub(crate) fn tile_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Sp<String>, D::Error> {
    use serde::Deserialize;
    let v = Sp::<IdText>::deserialize(d)?;
    Ok(Sp {
        value: v.value.0,
        loc: v.loc,
    })
}

/// Like [`tile_id`], for a list of tile ids.
pub(crate) fn tile_ids<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<Sp<String>>, D::Error> {
    use serde::Deserialize;
    let v = Vec::<Sp<IdText>>::deserialize(d)?;
    Ok(v.into_iter()
        .map(|v| Sp {
            value: v.value.0,
            loc: v.loc,
        })
        .collect())
}

/// Like [`tile_id`], for an optional key.
pub(crate) fn opt_tile_id<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Sp<String>>, D::Error> {
    tile_id(d).map(Some)
}

/// A string, or a `T` written as a list or a map: the shapes of `extends`, `tileset:` and
/// `include` entries. A visitor rather than an untagged enum, because an untagged enum
/// buffers the value and its parts would lose their locations.
pub(crate) enum StrOr<T> {
    /// A plain string.
    Str(String),
    /// The list or map form.
    Other(T),
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for StrOr<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: serde::Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = StrOr<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string, a list or a map")
            }
            fn visit_str<E>(self, s: &str) -> Result<StrOr<T>, E> {
                Ok(StrOr::Str(s.to_owned()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, a: A) -> Result<StrOr<T>, A::Error> {
                T::deserialize(SeqAccessDeserializer::new(a)).map(StrOr::Other)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, a: A) -> Result<StrOr<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(a)).map(StrOr::Other)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// The text of a string or integer scalar.
struct IdText(String);

impl<'de> serde::Deserialize<'de> for IdText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = IdText;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a tile id (a string or a whole number)")
            }
            fn visit_str<E>(self, s: &str) -> Result<IdText, E> {
                Ok(IdText(s.to_owned()))
            }
            fn visit_i64<E>(self, i: i64) -> Result<IdText, E> {
                Ok(IdText(i.to_string()))
            }
            fn visit_u64<E>(self, u: u64) -> Result<IdText, E> {
                Ok(IdText(u.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

mod span {
    use schemars::JsonSchema;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    thread_local! {
        static READING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }

    /// The id of the file being read on this thread (see
    /// [`crate::diag::SourceFile::reading`]), or 0: recorded in every [`Loc`] made from a
    /// YAML location meanwhile.
    pub fn reading() -> u32 {
        READING.with(std::cell::Cell::get)
    }

    /// Records the file being read on this thread; returns the one recorded before.
    pub fn set_reading(id: u32) -> u32 {
        READING.with(|r| r.replace(id))
    }

    /// Where a value is written in its source file: 1-based line and column (in
    /// characters), and the byte span when known. Line 0 means "not read from a file".
    ///
    /// YAML values get theirs from serde-saphyr; values read from XML (JCloisterZone tile
    /// definitions) get the position of their element or attribute.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub struct Loc {
        /// 1-based line; 0 when unknown.
        pub line: u32,
        /// 1-based column, in characters.
        pub column: u32,
        /// Byte offset and length in the file, when known.
        pub bytes: Option<(usize, usize)>,
        /// The file the value was read from ([`crate::diag::SourceData::id`]); 0 when not
        /// recorded (the finding's own file is meant). Values of composed rule sets and
        /// tile sets keep the file they were written in, so findings land there.
        pub src: u32,
    }

    impl Loc {
        /// No location (values made by code, defaults).
        pub const UNKNOWN: Loc = Loc {
            line: 0,
            column: 0,
            bytes: None,
            src: 0,
        };

        /// A location from a line, a column and a byte span.
        pub fn new(line: u32, column: u32, offset: usize, len: usize) -> Self {
            Loc {
                line,
                column,
                bytes: Some((offset, len)),
                src: 0,
            }
        }

        /// Whether the location is unknown.
        pub fn is_unknown(&self) -> bool {
            self.line == 0
        }
    }

    impl From<serde_saphyr::Location> for Loc {
        fn from(l: serde_saphyr::Location) -> Self {
            let s = l.span();
            Loc {
                line: u32::try_from(l.line()).unwrap_or(u32::MAX),
                column: u32::try_from(l.column()).unwrap_or(u32::MAX),
                bytes: match (s.byte_offset(), s.byte_len()) {
                    (Some(o), Some(n)) => Some((o as usize, n as usize)),
                    _ => None,
                },
                src: reading(),
            }
        }
    }

    /// A value with the location in the file it was read from.
    ///
    /// In the JSON Schema the wrapper is invisible: `Sp<String>` is described as a string.
    /// `loc` is [`Loc::UNKNOWN`] for values that were not read from a file (defaults,
    /// values made by code).
    #[derive(Debug, Clone, PartialEq)]
    pub struct Sp<T> {
        /// The value.
        pub value: T,
        /// Where the value is written.
        pub loc: Loc,
    }

    impl<T> Sp<T> {
        /// A value with no source location.
        pub fn unspanned(value: T) -> Self {
            Sp {
                value,
                loc: Loc::UNKNOWN,
            }
        }

        /// A value at a location.
        pub fn at(value: T, loc: Loc) -> Self {
            Sp { value, loc }
        }
    }

    impl<T> std::ops::Deref for Sp<T> {
        type Target = T;
        fn deref(&self) -> &T {
            &self.value
        }
    }

    impl<T: Default> Default for Sp<T> {
        fn default() -> Self {
            Sp::unspanned(T::default())
        }
    }

    /// The newtype name a [`Sp`] asks a deserializer for. The YAML parser passes it through
    /// (and gives the location through `serde_saphyr::Spanned`); the node tree of a parsed
    /// file (`crate::load`) answers with a map of its location and its value instead, so that
    /// a file is parsed once.
    pub const SP_NEWTYPE: &str = "__tessera_sp";

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for Sp<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_newtype_struct(SP_NEWTYPE, SpVisitor(std::marker::PhantomData))
        }
    }

    struct SpVisitor<T>(std::marker::PhantomData<T>);

    impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for SpVisitor<T> {
        type Value = Sp<T>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a value")
        }

        /// From the YAML parser: the location of the value as it reports it.
        fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Sp<T>, D::Error> {
            let s = serde_saphyr::Spanned::<T>::deserialize(d)?;
            Ok(Sp {
                value: s.value,
                loc: s.referenced.into(),
            })
        }

        /// From a parsed node: `loc` (line, column, file id, byte offset + 1 and length, 0
        /// when unknown), then `value`.
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Sp<T>, A::Error> {
            use serde::de::Error;
            if map.next_key::<String>()?.as_deref() != Some("loc") {
                return Err(A::Error::missing_field("loc"));
            }
            let [line, column, src, offset, len] = map.next_value::<[u64; 5]>()?;
            if map.next_key::<String>()?.as_deref() != Some("value") {
                return Err(A::Error::missing_field("value"));
            }
            let value = map.next_value::<T>()?;
            let num = |n: u64| u32::try_from(n).map_err(A::Error::custom);
            let size = |n: u64| usize::try_from(n).map_err(A::Error::custom);
            Ok(Sp {
                value,
                loc: Loc {
                    line: num(line)?,
                    column: num(column)?,
                    bytes: match offset {
                        0 => None,
                        o => Some((size(o - 1)?, size(len)?)),
                    },
                    src: num(src)?,
                },
            })
        }
    }

    impl<T: Serialize> Serialize for Sp<T> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.value.serialize(s)
        }
    }

    impl<T: JsonSchema> JsonSchema for Sp<T> {
        fn inline_schema() -> bool {
            T::inline_schema()
        }
        fn schema_name() -> std::borrow::Cow<'static, str> {
            T::schema_name()
        }
        fn schema_id() -> std::borrow::Cow<'static, str> {
            T::schema_id()
        }
        fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
            T::json_schema(generator)
        }
    }
}
