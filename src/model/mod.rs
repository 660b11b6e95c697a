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

pub use span::Sp;

/// A tile id as written in YAML: a string (`D`) or a whole number (`56`, as in the
/// Hunters and Gatherers source data); numbers are kept as their decimal text.
#[derive(schemars::JsonSchema)]
#[allow(dead_code)]
#[schemars(transparent)]
pub(crate) struct TileIdSchema(#[schemars(extend("type" = ["string", "integer"]))] String);

/// Deserializes a tile id written as a string or a whole number.
pub(crate) fn tile_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Sp<String>, D::Error> {
    use serde::Deserialize;
    let v = Sp::<IdText>::deserialize(d)?;
    Ok(Sp {
        value: v.value.0,
        loc: v.loc,
    })
}

/// Like [`tile_id`], for an optional key.
pub(crate) fn opt_tile_id<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Sp<String>>, D::Error> {
    tile_id(d).map(Some)
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

    /// A value with the location in the YAML file it was read from.
    ///
    /// In the JSON Schema the wrapper is invisible: `Sp<String>` is described as a string.
    /// `loc` is [`serde_saphyr::Location::UNKNOWN`] for values that were not read from a
    /// file (defaults, values made by code).
    #[derive(Debug, Clone, PartialEq)]
    pub struct Sp<T> {
        /// The value.
        pub value: T,
        /// Where the value is written (line, column and byte span).
        pub loc: serde_saphyr::Location,
    }

    impl<T> Sp<T> {
        /// A value with no source location.
        pub fn unspanned(value: T) -> Self {
            Sp {
                value,
                loc: serde_saphyr::Location::UNKNOWN,
            }
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

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for Sp<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let s = serde_saphyr::Spanned::<T>::deserialize(d)?;
            Ok(Sp {
                value: s.value,
                loc: s.referenced,
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
