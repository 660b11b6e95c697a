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
