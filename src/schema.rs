//! JSON Schemas (draft-07) of the three YAML formats, generated from the [`crate::model`]
//! types by schemars. `tessera schema` writes them to `schema/`; editors using
//! yaml-language-server read them through the modeline at the top of every bundled file.

use std::sync::OnceLock;

use schemars::generate::SchemaSettings;
use serde_json::Value;

use crate::model::{PositionFile, RuleSetFile, TileSetFile};

/// The three kinds of file tessera reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FileKind {
    /// A rule set (`rulesets/*.yaml`).
    Ruleset,
    /// A tile set (`tilesets/*.yaml`).
    Tileset,
    /// A position: a turn log or a snapshot (`examples/*.yaml`).
    Position,
}

impl FileKind {
    /// All kinds.
    pub const ALL: [FileKind; 3] = [FileKind::Ruleset, FileKind::Tileset, FileKind::Position];

    /// Name used in file names and messages: `ruleset`, `tileset`, `position`.
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Ruleset => "ruleset",
            FileKind::Tileset => "tileset",
            FileKind::Position => "position",
        }
    }

    /// File name of the kind's schema in `schema/`, e.g. `ruleset.schema.json`.
    pub fn schema_file(self) -> String {
        format!("{}.schema.json", self.name())
    }
}

/// The JSON Schema of a kind of file, as a JSON value.
pub fn schema(kind: FileKind) -> Value {
    let generator = SchemaSettings::draft07().into_generator();
    let schema = match kind {
        FileKind::Ruleset => generator.into_root_schema_for::<RuleSetFile>(),
        FileKind::Tileset => generator.into_root_schema_for::<TileSetFile>(),
        FileKind::Position => generator.into_root_schema_for::<PositionFile>(),
    };
    schema.to_value()
}

/// The schema as committed in `schema/`: pretty JSON with a final newline.
pub fn schema_text(kind: FileKind) -> String {
    let mut s = serde_json::to_string_pretty(&schema(kind)).unwrap_or_default();
    s.push('\n');
    s
}

/// A compiled validator for a kind, built once per process.
pub(crate) fn validator(kind: FileKind) -> Option<&'static jsonschema::Validator> {
    static CELLS: [OnceLock<Option<jsonschema::Validator>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let i = kind as usize;
    CELLS[i]
        .get_or_init(|| jsonschema::validator_for(&schema(kind)).ok())
        .as_ref()
}
