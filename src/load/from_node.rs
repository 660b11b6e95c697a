//! Deserializing a model type from the node tree the file was parsed into (stage 3 without
//! parsing the text again): a file is parsed once, checked against its schema as a tree,
//! and the tree becomes the model value.
//!
//! Every value keeps its location: a [`Sp`] asks for the newtype [`crate::model::SP_NEWTYPE`],
//! and the tree answers with its node's [`crate::model::Loc`] (see [`Sp`]'s `Deserialize`).
//! Where the tree cannot tell what the text deserializer would have produced (a plain
//! scalar read as text that the tree holds as a number, a key whose source text differs from
//! the key, ...), this deserializer fails; the caller then deserializes the text, so the
//! result and every error message stay exactly those of the text.

use std::fmt;

use serde::de::value::SeqDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};

use super::Node;
use crate::model::{Loc, SP_NEWTYPE, Sp};

/// Why a tree could not be read as the model type (the text deserializer says it better).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

/// Reads a model value from a node tree of `text` (the file the tree was parsed from).
pub(crate) fn from_node<T: de::DeserializeOwned>(text: &str, root: &Sp<Node>) -> Result<T, Error> {
    T::deserialize(NodeDe { node: root, text })
}

/// The location as the four numbers [`Sp`] reads back: line, column, file id, and the byte
/// span as offset + 1 and length (0, 0 when unknown).
fn loc_numbers(loc: &Loc) -> [u64; 5] {
    let (offset, len) = loc.bytes.map_or((0, 0), |(o, l)| (o as u64 + 1, l as u64));
    [
        u64::from(loc.line),
        u64::from(loc.column),
        u64::from(loc.src),
        offset,
        len,
    ]
}

/// A value node.
#[derive(Clone, Copy)]
struct NodeDe<'a> {
    node: &'a Sp<Node>,
    text: &'a str,
}

/// A mapping key: text, and the location of the key.
#[derive(Clone, Copy)]
struct KeyDe<'a> {
    key: &'a Sp<String>,
    text: &'a str,
}

impl KeyDe<'_> {
    /// The key, when its source text is exactly the key (a plain string scalar). A key
    /// written as a number, a boolean, a null or in quotes is left to the text deserializer,
    /// which reads it by the target type.
    fn plain(&self) -> Result<&str, Error> {
        let raw = self
            .key
            .loc
            .bytes
            .and_then(|(o, l)| self.text.get(o..o.checked_add(l)?));
        match raw {
            Some(raw) if raw == self.key.value => Ok(&self.key.value),
            _ => Err(Error("key not plain".into())),
        }
    }

    /// The key as a whole number, when it is written in plain decimal digits (`5`, `-3`,
    /// no sign `+`, no leading zero): what the text deserializer reads for a numeric key.
    fn number(&self) -> Result<i128, Error> {
        let s = self.plain()?;
        let digits = s.strip_prefix('-').unwrap_or(s);
        let plain = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'));
        match plain {
            true => s.parse().map_err(|_| Error("key out of range".into())),
            false => Err(Error("key not a plain number".into())),
        }
    }

    fn signed<'de, V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let n = i64::try_from(self.number()?).map_err(|_| Error("key out of range".into()))?;
        v.visit_i64(n)
    }

    fn unsigned<'de, V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let n = u64::try_from(self.number()?).map_err(|_| Error("key out of range".into()))?;
        v.visit_u64(n)
    }
}

impl<'de> de::Deserializer<'de> for KeyDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_str(self.plain()?)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        if name == SP_NEWTYPE {
            v.visit_map(SpAccess {
                loc: self.key.loc,
                value: Some(self),
                loc_given: false,
            })
        } else {
            v.visit_newtype_struct(self)
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_some(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_enum(self.plain()?.into_deserializer())
    }

    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.signed(v)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.signed(v)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.signed(v)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.signed(v)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.unsigned(v)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.unsigned(v)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.unsigned(v)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.unsigned(v)
    }

    serde::forward_to_deserialize_any! {
        bool i128 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

impl<'de> de::Deserializer<'de> for NodeDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match &self.node.value {
            Node::Null => v.visit_unit(),
            Node::Bool(b) => v.visit_bool(*b),
            Node::Int(i) => v.visit_i64(*i),
            Node::Float(f) => v.visit_f64(*f),
            Node::Str(s) => v.visit_str(s),
            Node::Seq(items) => {
                let mut seq = Items {
                    items: items.iter(),
                    text: self.text,
                };
                let value = v.visit_seq(&mut seq)?;
                match seq.items.next() {
                    None => Ok(value),
                    Some(_) => Err(Error("sequence too long".into())),
                }
            }
            Node::Map(entries) => {
                let mut map = Entries {
                    entries: entries.iter(),
                    value: None,
                    text: self.text,
                };
                let value = v.visit_map(&mut map)?;
                match map.entries.next() {
                    None => Ok(value),
                    Some(_) => Err(Error("mapping too long".into())),
                }
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.node.value {
            Node::Null => v.visit_none(),
            _ => v.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        if name == SP_NEWTYPE {
            v.visit_map(SpAccess {
                loc: self.node.loc,
                value: Some(self),
                loc_given: false,
            })
        } else {
            v.visit_newtype_struct(self)
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        match &self.node.value {
            Node::Str(s) => v.visit_enum(s.as_str().into_deserializer()),
            Node::Map(entries) if entries.len() == 1 => v.visit_enum(Variant {
                key: KeyDe {
                    key: &entries[0].0,
                    text: self.text,
                },
                value: NodeDe {
                    node: &entries[0].1,
                    text: self.text,
                },
            }),
            _ => Err(Error("not an enum".into())),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

/// The elements of a sequence node.
struct Items<'a> {
    items: std::slice::Iter<'a, Sp<Node>>,
    text: &'a str,
}

impl<'de> SeqAccess<'de> for &mut Items<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some(node) => seed
                .deserialize(NodeDe {
                    node,
                    text: self.text,
                })
                .map(Some),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// The entries of a mapping node.
struct Entries<'a> {
    entries: std::slice::Iter<'a, (Sp<String>, Sp<Node>)>,
    value: Option<&'a Sp<Node>>,
    text: &'a str,
}

impl<'de> MapAccess<'de> for &mut Entries<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.entries.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(KeyDe {
                    key,
                    text: self.text,
                })
                .map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(node) => seed.deserialize(NodeDe {
                node,
                text: self.text,
            }),
            None => Err(Error("value without a key".into())),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// What a [`Sp`] reads from a node: its location, then its value (see [`Sp`]'s
/// `Deserialize`).
struct SpAccess<D> {
    loc: Loc,
    value: Option<D>,
    loc_given: bool,
}

impl<'de, D: de::Deserializer<'de, Error = Error>> MapAccess<'de> for SpAccess<D> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let key = match (self.loc_given, &self.value) {
            (false, _) => "loc",
            (true, Some(_)) => "value",
            (true, None) => return Ok(None),
        };
        seed.deserialize(de::value::StrDeserializer::<Error>::new(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        if !self.loc_given {
            self.loc_given = true;
            return seed.deserialize(SeqDeserializer::<_, Error>::new(
                loc_numbers(&self.loc).into_iter(),
            ));
        }
        match self.value.take() {
            Some(d) => seed.deserialize(d),
            None => Err(Error("value given twice".into())),
        }
    }
}

/// An externally tagged enum written as a one-entry mapping: `{variant: value}`.
struct Variant<'a> {
    key: KeyDe<'a>,
    value: NodeDe<'a>,
}

impl<'de, 'a> de::EnumAccess<'de> for Variant<'a> {
    type Error = Error;
    type Variant = NodeDe<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, NodeDe<'a>), Error> {
        Ok((seed.deserialize(self.key)?, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for NodeDe<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.node.value {
            Node::Null => Ok(()),
            _ => Err(Error("a unit variant with a value".into())),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(self, v)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(self, v)
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use crate::diag::SourceFile;
    use crate::load::{deserialize, parse, sniff};
    use crate::model::{PositionFile, RuleSetFile, TileSetFile};
    use crate::schema::FileKind;

    fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                yaml_files(&p, out);
            } else if p.extension().is_some_and(|e| e == "yaml") {
                out.push(p);
            }
        }
    }

    /// Whether the tree and the text give the same value (locations included, as the
    /// debug text shows them); `None` when the tree leaves the file to the text.
    fn same<T: serde::de::DeserializeOwned + std::fmt::Debug>(
        file: &SourceFile,
        root: &crate::model::Sp<super::Node>,
    ) -> Option<bool> {
        let from_text = deserialize::<T>(file);
        let from_tree = file.reading(|| super::from_node::<T>(file.text(), root));
        match (from_tree, from_text) {
            (Ok(a), Ok(b)) => Some(format!("{a:?}") == format!("{b:?}")),
            // The tree accepted what the text refuses: never.
            (Ok(_), Err(_)) => Some(false),
            (Err(_), _) => None,
        }
    }

    #[test]
    fn every_file_in_the_repository_reads_the_same_from_its_tree_as_from_its_text() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        for d in ["rulesets", "tilesets", "examples", "tests"] {
            yaml_files(&root.join(d), &mut files);
        }
        let (mut fast, mut total) = (0, 0);
        for path in &files {
            let Ok(text) = std::fs::read_to_string(path) else {
                continue;
            };
            let file = SourceFile::new(path, text);
            let Ok(tree) = parse(&file) else {
                continue;
            };
            let Some(kind) = sniff(&tree) else {
                continue;
            };
            let result = match kind {
                FileKind::Ruleset => same::<RuleSetFile>(&file, &tree),
                FileKind::Tileset => same::<TileSetFile>(&file, &tree),
                FileKind::Position => same::<PositionFile>(&file, &tree),
            };
            total += 1;
            match result {
                Some(true) => fast += 1,
                Some(false) => panic!("{}: the tree and the text disagree", path.display()),
                None => {
                    // Only broken files are left to the text.
                    let bundled = !path.starts_with(root.join("tests"))
                        || path.starts_with(root.join("tests/positions"));
                    assert!(
                        !bundled,
                        "{}: the tree should read a valid file",
                        path.display()
                    );
                }
            }
        }
        // All but the broken ones (today 226 of 227).
        assert!(
            fast + 5 > total,
            "{fast} of {total} files read from their tree"
        );
    }
}
