//! Loading YAML files in stages: read, parse (syntax), check against the JSON Schema
//! (structure, every violation at its line), then deserialize into [`crate::model`] types
//! whose values keep their source locations. Meaning checks come after, in
//! [`crate::validate`].

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::{self, Deserialize, DeserializeOwned, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use crate::diag::{Check, Failure, Finding, SourceFile};
use crate::limits;
use crate::model::Sp;
use crate::schema::{FileKind, validator};

mod checks;
mod from_node;

/// Parser options used for every file: YAML 1.2 booleans only, so that side names such as
/// `N` or `y` stay strings (YAML 1.1 would read `N` as false), and the node, event, depth
/// and alias budgets of [`crate::limits`] (nodes and events raised far above the parser's
/// defaults so that 20,000 definitions or 20,000 turns load; depth and aliases at the
/// parser's defaults, which stop alias bombs).
fn options() -> serde_saphyr::Options {
    let mut o = serde_saphyr::options! {
        strict_booleans: true,
        budget: serde_saphyr::budget! {
            max_nodes: limits::YAML_MAX_NODES,
            max_events: limits::YAML_MAX_EVENTS,
            max_depth: limits::YAML_MAX_DEPTH,
            max_aliases: limits::YAML_MAX_ALIASES,
            max_recorded_anchor_events: limits::YAML_MAX_ALIAS_EVENTS,
        },
    };
    o.alias_limits.max_total_replayed_events = limits::YAML_MAX_ALIAS_EVENTS;
    o
}

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The path as given.
    pub path: PathBuf,
    /// What went wrong.
    pub kind: ReadErrorKind,
}

/// What kept a file from being read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadErrorKind {
    /// The operating system refused (no such file, permission denied, ...), or a
    /// `bundled:` path names no bundled file: the error's text.
    Io(String),
    /// The path names something other than a regular file (a directory, a FIFO, a device,
    /// a socket): what it is. Nothing was read from it.
    NotRegular(&'static str),
    /// The file is larger than the maximum file size ([`limits::max_file_size`]): its size
    /// when known (a file that grew while read only says it passed the limit), and the limit.
    TooLarge {
        /// The file's size in bytes, when the file system tells it.
        size: Option<u64>,
        /// The limit in force, in bytes.
        limit: u64,
    },
    /// A file named in another file (`ruleset`, `tileset`, `include`, `shapes_from`,
    /// `extends`) that cannot be a rule set, tile set or position: its name does not end
    /// in `.yaml` or `.yml` (`None`: nothing was read from it), or it is not YAML, or YAML
    /// whose top level is not theirs (what it is: "not valid YAML at line 2, column 7: ...",
    /// "text", "a list", ...). Its contents are never shown, so a file pointed at by an
    /// uploaded file (`/etc/passwd`, `/proc/self/environ`) does not leak into the log.
    NotOurs(Option<String>),
}

impl ReadError {
    fn io(path: &Path, e: impl fmt::Display) -> Self {
        ReadError {
            path: path.to_path_buf(),
            kind: ReadErrorKind::Io(e.to_string()),
        }
    }

    /// The check a finding about this error has: `io::read`, `io::not_regular` or
    /// `io::too_large`.
    pub fn check(&self) -> Check {
        match self.kind {
            ReadErrorKind::Io(_) => Check::Io,
            ReadErrorKind::NotRegular(_) => Check::NotRegularFile,
            ReadErrorKind::TooLarge { .. } => Check::FileTooLarge,
            ReadErrorKind::NotOurs(_) => Check::NotOurs,
        }
    }

    /// Whether the error is about the input (a limit passed, not a regular file) rather
    /// than a failure to reach it: such an error is a finding even for a file named on the
    /// command line.
    pub fn is_finding(&self) -> bool {
        !matches!(self.kind, ReadErrorKind::Io(_))
    }

    /// What is wrong, without the path.
    pub fn reason(&self) -> String {
        match &self.kind {
            ReadErrorKind::Io(m) => m.clone(),
            ReadErrorKind::NotRegular(what) => {
                format!("not a regular file ({what}); nothing was read from it")
            }
            ReadErrorKind::TooLarge {
                size: Some(size),
                limit,
            } => format!(
                "the file is {size} bytes, over the limit of {limit} bytes; nothing was read from it"
            ),
            ReadErrorKind::TooLarge { size: None, limit } => {
                format!("the file passed the limit of {limit} bytes while it was read")
            }
            ReadErrorKind::NotOurs(None) => "its name does not end in `.yaml` or `.yml`, so it is not a rule set, tile set or position; nothing was read from it".into(),
            ReadErrorKind::NotOurs(Some(what)) => format!(
                "it is not a rule set, tile set or position ({what}); its contents are not shown"
            ),
        }
    }

    /// How to fix it.
    pub fn help(&self) -> String {
        match &self.kind {
            ReadErrorKind::Io(_) => "paths are relative to the file that names them".into(),
            ReadErrorKind::NotRegular(_) => {
                "name a regular file: tessera does not read directories, FIFOs, devices or sockets"
                    .into()
            }
            ReadErrorKind::TooLarge { limit, .. } => format!(
                "a real rule set, tile set or position is far smaller; if this one really is this large, raise the limit with `tessera --max-file-size BYTES` (now {limit})"
            ),
            ReadErrorKind::NotOurs(_) => format!(
                "name a YAML file (`.yaml`, `.yml`) whose top level is a rule set (with `features`), a tile set (`tiles` or `include`) or a position (`players`); to see the file's own findings, check it on its own (`tessera validate {}`)",
                self.path.display()
            ),
        }
    }

    /// The error as a finding located in the file itself (line 1, column 1), for a file
    /// named on the command line; a file named inside another file is reported at the
    /// reference instead.
    pub fn finding(&self) -> Finding {
        let file = SourceFile::new(&self.path, String::new());
        Finding::new(
            self.check(),
            format!("cannot read {}: {}", self.path.display(), self.reason()),
        )
        .in_file(&file)
        .at_span(miette::SourceSpan::new(0.into(), 0), "this file")
        .help(self.help())
    }

    /// The error as the failure of a run on a file named on the command line: a finding
    /// ([`ReadError::finding`]) when the input is at fault, a tool failure otherwise.
    pub fn into_failure(self) -> Failure {
        if self.is_finding() {
            Failure::one(self.finding())
        } else {
            Failure::Tool(self.to_string())
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason())
    }
}

impl std::error::Error for ReadError {}

impl From<ReadError> for String {
    fn from(e: ReadError) -> String {
        e.to_string()
    }
}

/// What a file that is not a regular file is, in words.
fn what_it_is(t: &std::fs::FileType) -> &'static str {
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// Opens a file for reading without blocking on a FIFO whose other end is not open (a
/// FIFO that appears between the check and the open is then found by the check of the
/// opened file, not waited on).
fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK);
    }
    o.open(path)
}

/// Reads a file into a [`SourceFile`]. A path starting with `bundled:` names a file built
/// into tessera ([`BUNDLED`]).
///
/// Only regular files are read, and at most [`limits::max_file_size`] bytes: the path's
/// metadata is checked before opening (a directory, FIFO, device or socket is
/// [`ReadErrorKind::NotRegular`], a larger file [`ReadErrorKind::TooLarge`], with no
/// read); the file is opened without blocking and checked again once open, and read
/// through a limit, so a file that changes meanwhile cannot block or exhaust memory.
///
/// Errors: a [`ReadError`] saying why, with the path.
pub fn read(path: &Path) -> Result<SourceFile, ReadError> {
    if let Some(name) = path.to_str().and_then(|p| p.strip_prefix(BUNDLED_PREFIX)) {
        return match BUNDLED.iter().find(|(n, _)| *n == name) {
            Some((_, text)) => Ok(SourceFile::new(path, (*text).to_string())),
            None => Err(ReadError::io(
                path,
                format!(
                    "not a bundled file; bundled: {}",
                    BUNDLED
                        .iter()
                        .map(|(n, _)| format!("{BUNDLED_PREFIX}{n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        };
    }
    read_bytes(path).map(|bytes| SourceFile::from_bytes(path, bytes))
}

/// Reads a file's bytes through the same limits as [`read`] (a regular file, at most
/// [`limits::max_file_size`] bytes, never blocking on a FIFO): the files tessera does not
/// parse as text, such as a tile's artwork. `bundled:` paths name no bytes here.
///
/// Errors: a [`ReadError`] saying why, with the path.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, ReadError> {
    read_bytes_within(path, limits::max_file_size())
}

/// [`read_bytes`] with a limit of its own (`limit` bytes) instead of
/// [`limits::max_file_size`]: files tessera wrote itself and reads back whole (a
/// simulation's shards, [`limits::MAX_SHARD_BYTES`]).
///
/// Errors: as [`read_bytes`].
pub fn read_bytes_within(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    use std::io::Read as _;
    let not_regular = |t: &std::fs::FileType| ReadError {
        path: path.to_path_buf(),
        kind: ReadErrorKind::NotRegular(what_it_is(t)),
    };
    let too_large = |size: Option<u64>| ReadError {
        path: path.to_path_buf(),
        kind: ReadErrorKind::TooLarge { size, limit },
    };
    let meta = std::fs::metadata(path).map_err(|e| {
        // A symbolic link that leads back to itself names no file at all: the input is at
        // fault, as for a FIFO, so it is the same finding.
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return ReadError {
                path: path.to_path_buf(),
                kind: ReadErrorKind::NotRegular("a symbolic link loop"),
            };
        }
        ReadError::io(path, e)
    })?;
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    if meta.len() > limit {
        return Err(too_large(Some(meta.len())));
    }
    let file = open_nonblocking(path).map_err(|e| ReadError::io(path, e))?;
    let meta = file.metadata().map_err(|e| ReadError::io(path, e))?;
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    if meta.len() > limit {
        return Err(too_large(Some(meta.len())));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::io(path, e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(None));
    }
    Ok(bytes)
}

/// The prefix of a path that names a bundled file: `bundled:rulesets/carcassonne.yaml`.
pub const BUNDLED_PREFIX: &str = "bundled:";

/// The rule sets and tile sets built into tessera, by path within the repository, so that
/// files outside it can build on them (`extends: bundled:rulesets/carcassonne.yaml`,
/// `include: [bundled:tilesets/base.yaml]`) and JCloisterZone XML can be checked anywhere.
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "rulesets/carcassonne.yaml",
        include_str!("../rulesets/carcassonne.yaml"),
    ),
    (
        "rulesets/hunters-gatherers.yaml",
        include_str!("../rulesets/hunters-gatherers.yaml"),
    ),
    (
        "rulesets/gold-rush.yaml",
        include_str!("../rulesets/gold-rush.yaml"),
    ),
    (
        "rulesets/inns-cathedrals.yaml",
        include_str!("../rulesets/inns-cathedrals.yaml"),
    ),
    (
        "rulesets/river.yaml",
        include_str!("../rulesets/river.yaml"),
    ),
    ("rulesets/pig.yaml", include_str!("../rulesets/pig.yaml")),
    (
        "rulesets/abbot.yaml",
        include_str!("../rulesets/abbot.yaml"),
    ),
    (
        "rulesets/king-robber.yaml",
        include_str!("../rulesets/king-robber.yaml"),
    ),
    (
        "rulesets/hills-sheep.yaml",
        include_str!("../rulesets/hills-sheep.yaml"),
    ),
    (
        "rulesets/abbey.yaml",
        include_str!("../rulesets/abbey.yaml"),
    ),
    (
        "rulesets/mayor.yaml",
        include_str!("../rulesets/mayor.yaml"),
    ),
    ("rulesets/barn.yaml", include_str!("../rulesets/barn.yaml")),
    (
        "rulesets/wagon.yaml",
        include_str!("../rulesets/wagon.yaml"),
    ),
    (
        "rulesets/fairy.yaml",
        include_str!("../rulesets/fairy.yaml"),
    ),
    (
        "rulesets/portal.yaml",
        include_str!("../rulesets/portal.yaml"),
    ),
    (
        "rulesets/princess.yaml",
        include_str!("../rulesets/princess.yaml"),
    ),
    (
        "rulesets/siege.yaml",
        include_str!("../rulesets/siege.yaml"),
    ),
    (
        "rulesets/tower.yaml",
        include_str!("../rulesets/tower.yaml"),
    ),
    (
        "rulesets/castle.yaml",
        include_str!("../rulesets/castle.yaml"),
    ),
    (
        "rulesets/bridge.yaml",
        include_str!("../rulesets/bridge.yaml"),
    ),
    ("rulesets/inns.yaml", include_str!("../rulesets/inns.yaml")),
    (
        "rulesets/bridges-castles-bazaars.yaml",
        include_str!("../rulesets/bridges-castles-bazaars.yaml"),
    ),
    (
        "rulesets/tower-2.yaml",
        include_str!("../rulesets/tower-2.yaml"),
    ),
    (
        "rulesets/dragon.yaml",
        include_str!("../rulesets/dragon.yaml"),
    ),
    (
        "rulesets/phantom.yaml",
        include_str!("../rulesets/phantom.yaml"),
    ),
    (
        "rulesets/princess-dragon.yaml",
        include_str!("../rulesets/princess-dragon.yaml"),
    ),
    (
        "rulesets/princess-dragon-2.yaml",
        include_str!("../rulesets/princess-dragon-2.yaml"),
    ),
    (
        "rulesets/abbey-mayor.yaml",
        include_str!("../rulesets/abbey-mayor.yaml"),
    ),
    (
        "rulesets/big-box.yaml",
        include_str!("../rulesets/big-box.yaml"),
    ),
    (
        "rulesets/trade-goods.yaml",
        include_str!("../rulesets/trade-goods.yaml"),
    ),
    (
        "rulesets/builder.yaml",
        include_str!("../rulesets/builder.yaml"),
    ),
    (
        "rulesets/traders-builders.yaml",
        include_str!("../rulesets/traders-builders.yaml"),
    ),
    (
        "rulesets/base-ic-river.yaml",
        include_str!("../rulesets/base-ic-river.yaml"),
    ),
    ("tilesets/base.yaml", include_str!("../tilesets/base.yaml")),
    (
        "tilesets/base-jcz.yaml",
        include_str!("../tilesets/base-jcz.yaml"),
    ),
    (
        "tilesets/pnp-demo.yaml",
        include_str!("../tilesets/pnp-demo.yaml"),
    ),
    (
        "tilesets/hunters-gatherers.yaml",
        include_str!("../tilesets/hunters-gatherers.yaml"),
    ),
    (
        "tilesets/gold-rush-reconstructed.yaml",
        include_str!("../tilesets/gold-rush-reconstructed.yaml"),
    ),
    (
        "tilesets/inns-cathedrals.yaml",
        include_str!("../tilesets/inns-cathedrals.yaml"),
    ),
    (
        "tilesets/inns-cathedrals-1.yaml",
        include_str!("../tilesets/inns-cathedrals-1.yaml"),
    ),
    (
        "tilesets/river.yaml",
        include_str!("../tilesets/river.yaml"),
    ),
    (
        "tilesets/river-1.yaml",
        include_str!("../tilesets/river-1.yaml"),
    ),
    (
        "tilesets/base-jcz-2.yaml",
        include_str!("../tilesets/base-jcz-2.yaml"),
    ),
    (
        "tilesets/king-robber-1.yaml",
        include_str!("../tilesets/king-robber-1.yaml"),
    ),
    (
        "tilesets/hills-sheep-1.yaml",
        include_str!("../tilesets/hills-sheep-1.yaml"),
    ),
    (
        "tilesets/big-box.yaml",
        include_str!("../tilesets/big-box.yaml"),
    ),
    (
        "tilesets/hills-sheep-2.yaml",
        include_str!("../tilesets/hills-sheep-2.yaml"),
    ),
    (
        "tilesets/abbey.yaml",
        include_str!("../tilesets/abbey.yaml"),
    ),
    (
        "tilesets/abbey-mayor-1.yaml",
        include_str!("../tilesets/abbey-mayor-1.yaml"),
    ),
    (
        "tilesets/princess-dragon-1.yaml",
        include_str!("../tilesets/princess-dragon-1.yaml"),
    ),
    (
        "tilesets/princess-dragon-2.yaml",
        include_str!("../tilesets/princess-dragon-2.yaml"),
    ),
    (
        "tilesets/tower-1.yaml",
        include_str!("../tilesets/tower-1.yaml"),
    ),
    (
        "tilesets/tower-2.yaml",
        include_str!("../tilesets/tower-2.yaml"),
    ),
    (
        "tilesets/bridges-castles-bazaars-1.yaml",
        include_str!("../tilesets/bridges-castles-bazaars-1.yaml"),
    ),
    (
        "tilesets/bridges-castles-bazaars-2.yaml",
        include_str!("../tilesets/bridges-castles-bazaars-2.yaml"),
    ),
    (
        "tilesets/siege-cathars.yaml",
        include_str!("../tilesets/siege-cathars.yaml"),
    ),
    (
        "tilesets/siege-besiegers.yaml",
        include_str!("../tilesets/siege-besiegers.yaml"),
    ),
    (
        "tilesets/abbey-mayor-2.yaml",
        include_str!("../tilesets/abbey-mayor-2.yaml"),
    ),
    (
        "tilesets/traders-builders-1.yaml",
        include_str!("../tilesets/traders-builders-1.yaml"),
    ),
    (
        "tilesets/base-inns-cathedrals.yaml",
        include_str!("../tilesets/base-inns-cathedrals.yaml"),
    ),
    (
        "tilesets/base-river.yaml",
        include_str!("../tilesets/base-river.yaml"),
    ),
    (
        "tilesets/base-ic-river.yaml",
        include_str!("../tilesets/base-ic-river.yaml"),
    ),
];

/// A YAML node with its location, used for schema checking.
#[derive(Debug, Clone)]
pub enum Node {
    /// `~`, `null` or empty.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// A sequence.
    Seq(Vec<Sp<Node>>),
    /// A mapping, in file order.
    Map(Vec<(Sp<String>, Sp<Node>)>),
}

impl Node {
    /// The node as a JSON value (what the schema validator sees).
    pub fn to_json(&self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Int(i) => Value::from(*i),
            Node::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Node::Str(s) => Value::String(s.clone()),
            Node::Seq(v) => Value::Array(v.iter().map(|n| n.to_json()).collect()),
            Node::Map(m) => Value::Object(
                m.iter()
                    .map(|(k, v)| (k.value.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Node;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_unit<E>(self) -> Result<Node, E> {
                Ok(Node::Null)
            }
            fn visit_none<E>(self) -> Result<Node, E> {
                Ok(Node::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
                Node::deserialize(d)
            }
            fn visit_bool<E>(self, b: bool) -> Result<Node, E> {
                Ok(Node::Bool(b))
            }
            fn visit_i64<E>(self, i: i64) -> Result<Node, E> {
                Ok(Node::Int(i))
            }
            fn visit_u64<E: de::Error>(self, u: u64) -> Result<Node, E> {
                Ok(i64::try_from(u).map_or(Node::Float(u as f64), Node::Int))
            }
            fn visit_f64<E>(self, f: f64) -> Result<Node, E> {
                Ok(Node::Float(f))
            }
            fn visit_str<E>(self, s: &str) -> Result<Node, E> {
                Ok(Node::Str(s.to_owned()))
            }
            fn visit_string<E>(self, s: String) -> Result<Node, E> {
                Ok(Node::Str(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Node, A::Error> {
                let mut v = Vec::new();
                while let Some(n) = a.next_element::<Sp<Node>>()? {
                    v.push(n);
                }
                Ok(Node::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Node, A::Error> {
                let mut m = Vec::new();
                while let Some(k) = a.next_key::<Sp<Key>>()? {
                    let v = a.next_value::<Sp<Node>>()?;
                    m.push((
                        Sp {
                            value: k.value.0,
                            loc: k.loc,
                        },
                        v,
                    ));
                }
                Ok(Node::Map(m))
            }
        }
        d.deserialize_any(V)
    }
}

/// A mapping key of any scalar type, as text.
struct Key(String);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Node::deserialize(d)? {
            Node::Str(s) => Ok(Key(s)),
            Node::Int(i) => Ok(Key(i.to_string())),
            Node::Float(f) => Ok(Key(f.to_string())),
            Node::Bool(b) => Ok(Key(b.to_string())),
            Node::Null => Ok(Key("null".into())),
            _ => Err(de::Error::custom("mapping keys must be scalars")),
        }
    }
}

/// The message of a serde-saphyr error without its snippet and location prefix/suffix.
fn yaml_message(e: &serde_saphyr::Error) -> String {
    let msg = e.without_snippet().to_string();
    let msg = msg.strip_prefix("error: ").unwrap_or(&msg).to_string();
    let msg = msg
        .split_once(": ")
        .filter(|(head, _)| head.starts_with("line "))
        .map_or(msg.clone(), |(_, rest)| rest.to_string());
    let msg = match msg.find(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    };
    msg.replace(", set DuplicateKeyPolicy in Options if acceptable", "")
        .replace("set DuplicateKeyPolicy in Options if acceptable", "")
}

/// The budget a YAML error breached, in words with the limit, if it is a budget error
/// (the parser's budget, or its limits on replaying aliases).
fn budget_breach(e: &serde_saphyr::Error) -> Option<String> {
    use serde_saphyr::Error as E;
    let mut e = e;
    loop {
        match e {
            E::Budget { breach, .. } => return Some(budget_message(breach)),
            E::AliasReplayLimitExceeded { .. }
            | E::AliasExpansionLimitExceeded { .. }
            | E::AliasReplayStackDepthExceeded { .. }
            | E::AliasReplayCounterOverflow { .. } => {
                return Some(format!(
                    "the YAML's aliases expand to too much ({} events is the limit)",
                    limits::YAML_MAX_ALIAS_EVENTS
                ));
            }
            E::WithSnippet { error, .. } | E::AliasError { error, .. } => e = error,
            _ => return None,
        }
    }
}

/// A breached budget in words, with the limit.
fn budget_message(breach: &serde_saphyr::budget::BudgetBreach) -> String {
    use serde_saphyr::budget::BudgetBreach as B;
    match breach {
        B::RecordedAnchorEvents { .. } | B::RecordedAnchorBytes { .. } => format!(
            "the YAML's aliases expand to too much ({} events is the limit)",
            limits::YAML_MAX_ALIAS_EVENTS
        ),
        B::Depth { depth } => format!(
            "the YAML is nested too deeply ({depth} levels; the limit is {})",
            limits::YAML_MAX_DEPTH
        ),
        B::Nodes { nodes } => format!(
            "the YAML has too many values ({nodes}; the limit is {})",
            limits::YAML_MAX_NODES
        ),
        B::Events { events } => format!(
            "the YAML is too large to read safely ({events} parser events; the limit is {})",
            limits::YAML_MAX_EVENTS
        ),
        B::Aliases { aliases } => format!(
            "the YAML uses too many aliases ({aliases}; the limit is {})",
            limits::YAML_MAX_ALIASES
        ),
        other => {
            format!("the YAML is too large or has too many aliases to read safely ({other:?})")
        }
    }
}

/// The span a YAML error points at. For a tab, the tab itself (the scanner reports the
/// end of the previous token).
fn yaml_span(file: &SourceFile, e: &serde_saphyr::Error, msg: &str) -> Option<miette::SourceSpan> {
    let span = file.span(&e.location()?.into())?;
    if msg.contains("tab") {
        if let Some(i) = file.text()[span.offset()..].find('\t') {
            return Some(miette::SourceSpan::new((span.offset() + i).into(), 1));
        }
    }
    Some(span)
}

/// A finding for a YAML syntax error, or for a file past the parser's budgets
/// (`yaml::budget`).
fn yaml_finding(file: &SourceFile, e: &serde_saphyr::Error) -> Finding {
    let msg = yaml_message(e);
    if let Some(message) = budget_breach(e) {
        let f = Finding::new(Check::YamlBudget, message)
            .in_file(file)
            .help("real rule sets, tile sets and positions are far smaller and flatter, and never need aliases (`*name`); split the file or remove the repetition");
        return match yaml_span(file, e, &msg) {
            Some(span) => f.at_span(span, "the limit is passed here"),
            None => f.at_span(miette::SourceSpan::new(0.into(), 0), "in this file"),
        };
    }
    let f = Finding::new(Check::YamlSyntax, format!("not valid YAML: {msg}"))
        .in_file(file)
        .help("fix the YAML syntax at the marked place (indentation with spaces, brackets, quotes, duplicate keys)");
    match yaml_span(file, e, &msg) {
        Some(span) => f.at_span(span, "here"),
        None => f,
    }
}

/// Parses a file into a located [`Node`] tree (stage 1: syntax).
pub fn parse(file: &SourceFile) -> Result<Sp<Node>, Finding> {
    if let Some(at) = file.invalid_utf8 {
        return Err(
            Finding::new(Check::NotUtf8, "not a text file: the bytes are not UTF-8")
                .in_file(file)
                .at_span(
                    miette::SourceSpan::new(at.into(), 1),
                    "first byte that is not UTF-8",
                )
                .help("save the file as UTF-8 text; YAML files are text"),
        );
    }
    file.reading(|| serde_saphyr::from_str_with_options::<Sp<Node>>(file.text(), options()))
        .map_err(|e| yaml_finding(file, &e))
}

/// Checks a node tree against a kind's JSON Schema (stage 2: structure). Every violation is
/// reported, each at the YAML node the schema points at.
pub fn check_schema(file: &SourceFile, kind: FileKind, root: &Sp<Node>) -> Vec<Finding> {
    let Some(validator) = validator(kind) else {
        return Vec::new();
    };
    let instance = root.to_json();
    let mut out: Vec<Finding> = Vec::new();
    let keep = crate::limits::max_findings();
    for e in validator
        .iter_errors(&instance)
        .flat_map(|err| explain(&err))
    {
        // Past the cap the rest are only counted, into the last finding kept.
        if out.len() >= keep {
            if let Some(last) = out.last_mut() {
                last.more = last.more.saturating_add(1);
            }
            continue;
        }
        let (mut loc, mut label) = (locate(root, &e.pointer), "here".to_string());
        let mut message = e.message;
        let mut help = e.help.unwrap_or_else(|| {
            format!(
                "see schema/{} for the allowed keys and values (`tessera schema {}`)",
                kind.schema_file(),
                kind.name()
            )
        });
        if let Some((key, schema_path)) = e.unknown_key {
            if let Some(l) = locate_key(root, &e.pointer, &key) {
                loc = l;
            }
            message = format!("unknown key `{key}`");
            label = "not a key of this map".into();
            let allowed = allowed_keys(kind, &schema_path);
            if !allowed.is_empty() {
                help = format!("allowed keys here: {}", allowed.join(", "));
            }
        }
        let extends =
            matches!(&root.value, Node::Map(m) if m.iter().any(|(k, _)| k.value == "extends"));
        if kind == FileKind::Ruleset && extends && message.starts_with("missing key") {
            help = format!(
                "{help}; an entry given in a rule set that `extends` another replaces the extended entry whole, so write all of it"
            );
        }
        let at = if e.pointer.is_empty() {
            "at the top level".to_string()
        } else {
            format!("at `{}`", pointer_to_path(&e.pointer))
        };
        out.push(
            Finding::new(Check::Schema, format!("{message} ({at})"))
                .in_file(file)
                .at(&loc, label)
                .help(help),
        );
    }
    if let Some(last) = out.last_mut().filter(|f| f.more > 0) {
        last.message = format!(
            "{} (and {} more violations of the schema in this file, not listed: at most {} kept per file, `--max-findings`)",
            last.message,
            last.more,
            crate::diag::findings_are(keep)
        );
    }
    out
}

/// A schema violation put in the user's terms.
struct Explained {
    /// JSON pointer of the offending value.
    pointer: String,
    /// What is wrong.
    message: String,
    /// For an unknown key: the key and the schema path of the rule.
    unknown_key: Option<(String, String)>,
    /// A help line better than the generic one, when there is one.
    help: Option<String>,
}

fn quoted(v: &Value) -> String {
    match v {
        Value::String(s) => format!("`{s}`"),
        other => other.to_string(),
    }
}

/// Explains a schema error. For `oneOf`/`anyOf` (enums, optional values, tagged counts)
/// the alternatives are looked into: a string that is none of the allowed names says
/// which names are allowed; a value of the right type reports every problem inside
/// the alternative it matches (e.g. a missing key, each number out of range).
fn explain(err: &jsonschema::ValidationError) -> Vec<Explained> {
    use jsonschema::error::ValidationErrorKind as K;
    let pointer = err.instance_path().as_str().to_string();
    let plain = |message: String| {
        vec![Explained {
            pointer: pointer.clone(),
            message,
            unknown_key: None,
            help: None,
        }]
    };
    match err.kind() {
        K::Enum { options } => {
            let allowed: Vec<String> = options
                .as_array()
                .map(|l| l.iter().map(quoted).collect())
                .unwrap_or_default();
            plain(format!(
                "{} is not one of {}",
                quoted(err.instance()),
                allowed.join(", ")
            ))
        }
        K::Required { property } => plain(format!("missing key {}", quoted(property))),
        K::AdditionalProperties { unexpected } => vec![Explained {
            pointer: pointer.clone(),
            message: err.to_string(),
            unknown_key: unexpected
                .first()
                .map(|k| (k.clone(), err.schema_path().as_str().to_string())),
            help: None,
        }],
        // A number beyond the limits of `crate::limits`.
        K::Maximum { limit } | K::Minimum { limit } => {
            let (bound, why) = if matches!(err.kind(), K::Maximum { .. }) {
                ("at most", ", far more than any real game needs")
            } else {
                ("at least", "")
            };
            vec![Explained {
                pointer: pointer.clone(),
                message: format!("{} is out of range: {bound} {limit}", err.instance()),
                unknown_key: None,
                help: Some(format!(
                    "tessera accepts {bound} {limit} here{why}: check the value"
                )),
            }]
        }
        K::OneOfNotValid { context } | K::AnyOf { context } => {
            let is_choice = |e: &jsonschema::ValidationError| {
                matches!(
                    e.kind(),
                    K::Enum { .. } | K::Constant { .. } | K::Type { .. }
                )
            };
            // A branch whose keys the value has (no error about its own keys or type): the
            // value is of that branch's shape (`{take_back: {...}}` among the forms of a
            // decision), so the errors inside it are the real ones.
            let own = err.instance_path().as_str();
            let shape = |e: &jsonschema::ValidationError| {
                e.instance_path().as_str() == own
                    && (is_choice(e)
                        || matches!(
                            e.kind(),
                            K::Required { .. }
                                | K::AdditionalProperties { .. }
                                | K::OneOfNotValid { .. }
                                | K::AnyOf { .. }
                        ))
            };
            // An optional value (`anyOf: [X, null]`) whose X is itself a choice of forms
            // (`span: needed` or `{x, y, axis}`): X's own explanation.
            let is_nested = |b: &[jsonschema::ValidationError]| {
                matches!(b, [e] if e.instance_path().as_str() == own
                    && matches!(e.kind(), K::OneOfNotValid { .. } | K::AnyOf { .. }))
            };
            if let Some(inner) = context.iter().find(|b| is_nested(b)) {
                let rest_is_null = context
                    .iter()
                    .all(|b| is_nested(b) || b.iter().all(|e| matches!(e.kind(), K::Type { .. })));
                if rest_is_null {
                    return explain(&inner[0]);
                }
            }
            if let Some(branch) = context
                .iter()
                .find(|b| !b.is_empty() && !b.iter().any(shape))
            {
                return branch.iter().flat_map(explain).collect();
            }
            // Else a branch whose errors are not about the value's type or name: the value
            // is of that branch's shape, so its errors are the real ones (every one of them:
            // two numbers out of range in one optional map are two findings).
            if let Some(branch) = context
                .iter()
                .find(|b| !b.is_empty() && !b.iter().all(|e| is_choice(e) || shape(e)))
            {
                return branch.iter().flat_map(explain).collect();
            }
            // Else the value is none of the forms: name them all (those of a nested choice
            // of names too).
            let nested: Vec<&jsonschema::ValidationError> = context
                .iter()
                .flatten()
                .flat_map(|e| match e.kind() {
                    K::OneOfNotValid { context } | K::AnyOf { context }
                        if e.instance_path().as_str() == own =>
                    {
                        context.iter().flatten().collect::<Vec<_>>()
                    }
                    _ => vec![e],
                })
                .collect();
            let mut names = Vec::new();
            let mut maps = false;
            for e in nested {
                match e.kind() {
                    K::Enum { options } => {
                        names.extend(options.as_array().into_iter().flatten().map(quoted))
                    }
                    K::Constant { expected_value } => names.push(quoted(expected_value)),
                    K::Type { kind } => maps |= format!("{kind:?}").contains("Object"),
                    // A map form keyed by one word (`{step: ...}`), for a map that has
                    // none of its keys.
                    K::Required { property } if e.instance_path().as_str() == own => {
                        if let Some(key) = property.as_str() {
                            names.push(format!("`{{{key}: ...}}`"));
                        }
                    }
                    _ => {}
                }
            }
            names.dedup();
            if names.is_empty() {
                return plain(err.to_string());
            }
            let or_map = if maps {
                " (or one of the map forms)"
            } else {
                ""
            };
            plain(format!(
                "{} is not one of {}{or_map}",
                quoted(err.instance()),
                names.join(", ")
            ))
        }
        _ => plain(err.to_string()),
    }
}

/// Keys allowed where an additional-property error occurred, read from the schema the error
/// came from.
fn allowed_keys(kind: FileKind, schema_path: &str) -> Vec<String> {
    let parent = schema_path
        .strip_suffix("/additionalProperties")
        .unwrap_or(schema_path);
    let schema = crate::schema::schema(kind);
    schema
        .pointer(&format!("{parent}/properties"))
        .and_then(Value::as_object)
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default()
}

/// `/turns/0/tile` as `turns[0].tile`.
fn pointer_to_path(pointer: &str) -> String {
    let mut s = String::new();
    for seg in pointer.split('/').skip(1) {
        let seg = seg.replace("~1", "/").replace("~0", "~");
        if seg.parse::<usize>().is_ok() {
            s.push_str(&format!("[{seg}]"));
        } else {
            if !s.is_empty() {
                s.push('.');
            }
            s.push_str(&seg);
        }
    }
    s
}

/// The location of the node at a JSON pointer (the deepest node reached).
fn locate(root: &Sp<Node>, pointer: &str) -> crate::model::Loc {
    let mut node = root;
    for seg in pointer.split('/').skip(1) {
        let seg = seg.replace("~1", "/").replace("~0", "~");
        let next = match &node.value {
            Node::Seq(v) => seg.parse::<usize>().ok().and_then(|i| v.get(i)),
            Node::Map(m) => m.iter().find(|(k, _)| k.value == seg).map(|(_, v)| v),
            _ => None,
        };
        match next {
            Some(n) => node = n,
            None => break,
        }
    }
    node.loc
}

/// The location of a key in the map at a JSON pointer.
fn locate_key(root: &Sp<Node>, pointer: &str, key: &str) -> Option<crate::model::Loc> {
    let mut node = root;
    for seg in pointer.split('/').skip(1) {
        let seg = seg.replace("~1", "/").replace("~0", "~");
        node = match &node.value {
            Node::Seq(v) => v.get(seg.parse::<usize>().ok()?)?,
            Node::Map(m) => &m.iter().find(|(k, _)| k.value == seg)?.1,
            _ => return None,
        };
    }
    match &node.value {
        Node::Map(m) => m.iter().find(|(k, _)| k.value == key).map(|(k, _)| k.loc),
        _ => None,
    }
}

/// Deserializes a file into a model type (stage 3). Runs after the schema check, so an
/// error here is rare (e.g. a number too large).
pub fn deserialize<T: DeserializeOwned>(file: &SourceFile) -> Result<T, Finding> {
    file.reading(|| serde_saphyr::from_str_with_options::<T>(file.text(), options()))
        .map_err(|e| {
            let msg = yaml_message(&e);
            let f = Finding::new(Check::Schema, format!("invalid value: {msg}"))
                .in_file(file)
                .help("the value is of the wrong type or out of range (integers are 32-bit)");
            match yaml_span(file, &e, &msg) {
                Some(span) => f.at_span(span, "here"),
                None => f,
            }
        })
}

/// Deserializes a file from the node tree it was parsed into (stage 3 without a second
/// parse: see `from_node`). Should the tree not give exactly what the text gives, the text
/// is deserialized instead ([`deserialize`]), so the value and any error are the text's.
pub fn deserialize_parsed<T: DeserializeOwned>(
    file: &SourceFile,
    root: &Sp<Node>,
) -> Result<T, Finding> {
    match from_node::from_node(file.text(), root) {
        Ok(v) => Ok(v),
        Err(_) => deserialize(file),
    }
}

/// Reads, parses, schema-checks and deserializes a file of a known kind.
///
/// Errors: `Err(Ok(findings))` for problems in the file (syntax or structure, every
/// schema violation listed), `Err(Err(message))` when the file cannot be read.
pub fn load<T: DeserializeOwned>(
    path: &Path,
    kind: FileKind,
) -> Result<(SourceFile, T), Result<Vec<Finding>, ReadError>> {
    let file = read(path).map_err(Err)?;
    let parsed = load_source::<T>(&file, kind).map_err(Ok)?;
    Ok((file, parsed))
}

/// Reads, parses, schema-checks and deserializes a file that another file names
/// (`ruleset`, `tileset`, `include`, `shapes_from`, `extends`): like [`load`], but only a
/// file whose name ends in `.yaml` or `.yml` is read, and a YAML file whose top level is
/// not a rule set's, tile set's or position's ([`sniff`]) is refused. Both are the error
/// [`ReadErrorKind::NotOurs`], reported at the reference without showing anything of
/// the file: what an uploaded file points at is not echoed into the log.
///
/// Errors: as [`load`].
pub fn load_named<T: DeserializeOwned>(
    path: &Path,
    kind: FileKind,
) -> Result<(SourceFile, T), Result<Vec<Finding>, ReadError>> {
    let not_ours = |what| ReadError {
        path: path.to_path_buf(),
        kind: ReadErrorKind::NotOurs(what),
    };
    let yaml_name = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    if !yaml_name {
        // What is missing or not a regular file is told as such by `read` (which reads
        // nothing from it); a regular file is refused by its name, unread.
        let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file());
        return Err(Err(match regular {
            false => read(path).err().unwrap_or_else(|| not_ours(None)),
            true => not_ours(None),
        }));
    }
    let file = read(path).map_err(Err)?;
    // Only a file that parsed as YAML is ever shown in a snippet.
    let root = parse(&file).map_err(|f| {
        let at = f
            .position()
            .map(|(_, line, column)| format!(" at line {line}, column {column}"))
            .unwrap_or_default();
        let why = f
            .message
            .strip_prefix("not valid YAML: ")
            .unwrap_or(&f.message);
        Err(not_ours(Some(format!("not valid YAML{at}: {why}"))))
    })?;
    if sniff(&root).is_none() {
        let what = match &root.value {
            Node::Map(_) => "a map without any of their keys",
            Node::Seq(_) => "a list",
            Node::Str(_) => "text",
            Node::Int(_) | Node::Float(_) => "a number",
            Node::Bool(_) => "a boolean",
            Node::Null => "empty",
        };
        return Err(Err(not_ours(Some(format!("its top level is {what}")))));
    }
    let parsed = load_parsed::<T>(&file, kind, root).map_err(Ok)?;
    Ok((file, parsed))
}

/// Parses, schema-checks and deserializes an already read file.
pub fn load_source<T: DeserializeOwned>(
    file: &SourceFile,
    kind: FileKind,
) -> Result<T, Vec<Finding>> {
    if let Some(f) = xml_given(file, kind) {
        return Err(vec![f]);
    }
    let root = parse(file).map_err(|f| vec![f])?;
    load_parsed(file, kind, root)
}

/// Where a file's text starts with markup: the byte offset of its first character when
/// that is `<` (after a byte-order mark and white space), as XML starts.
pub fn markup_at(file: &SourceFile) -> Option<usize> {
    let text = file.text();
    let rest = text.trim_start_matches('\u{feff}').trim_start();
    rest.starts_with('<').then(|| text.len() - rest.len())
}

/// The finding for an XML file where a YAML file of `kind` is read (`yaml::xml`): its first
/// character, after a byte-order mark and white space, is `<`. Read as YAML it would be one
/// long string, refused by the schema with the whole file quoted; `tessera validate` reads
/// JCloisterZone tile definitions itself, and `tessera import jcz` converts them.
pub(crate) fn xml_given(file: &SourceFile, kind: FileKind) -> Option<Finding> {
    let at = markup_at(file).filter(|_| file.invalid_utf8.is_none())?;
    let help = match kind {
        FileKind::Tileset => "convert JCloisterZone tile definitions first with `tessera \
                              import jcz FILE.xml -o tiles.yaml` and pass tiles.yaml; `tessera \
                              validate FILE.xml` checks the XML as it is"
            .to_string(),
        _ => format!("pass a YAML {} file here", kind.name()),
    };
    Some(
        Finding::new(
            Check::XmlNotYaml,
            format!("this file is XML, not a YAML {}", kind.name()),
        )
        .in_file(file)
        .at_span(miette::SourceSpan::new(at.into(), 1), "XML starts here")
        .help(help),
    )
}

/// Schema-checks and deserializes a parsed file (stages 2 and 3 of [`load_source`]).
fn load_parsed<T: DeserializeOwned>(
    file: &SourceFile,
    kind: FileKind,
    root: Sp<Node>,
) -> Result<T, Vec<Finding>> {
    if let Some(found) = sniff(&root).filter(|k| *k != kind) {
        return Err(vec![
            Finding::new(
                Check::WrongKind,
                format!("this file is a {}, not a {}", found.name(), kind.name()),
            )
            .in_file(file)
            .at(&root.loc, format!("a {} starts here", found.name()))
            .help(format!("pass a {} file here", kind.name())),
        ]);
    }
    let findings = check_schema(file, kind, &root);
    if !findings.is_empty() {
        return Err(findings);
    }
    deserialize_parsed(file, &root).map_err(|f| vec![f])
}

/// Top-level keys only a rule set has: any of them makes a file a rule set.
pub const RULESET_KEYS: &[&str] = &[
    "terrains",
    "features",
    "extends",
    "sides",
    "pieces",
    "items",
    "relations",
];

/// Top-level keys that make a file a tile set (when it is not a rule set or a position).
pub const TILESET_KEYS: &[&str] = &["total", "shapes_from", "tiles", "include"];

/// Guesses a file's kind from its top-level keys: one of [`RULESET_KEYS`] → rule set,
/// `players` → position, one of [`TILESET_KEYS`] → tile set.
pub fn sniff(root: &Sp<Node>) -> Option<FileKind> {
    let Node::Map(m) = &root.value else {
        return None;
    };
    let has = |k: &str| m.iter().any(|(key, _)| key.value == k);
    if RULESET_KEYS.iter().any(|k| has(k)) {
        Some(FileKind::Ruleset)
    } else if has("players") {
        Some(FileKind::Position)
    } else if TILESET_KEYS.iter().any(|k| has(k)) {
        Some(FileKind::Tileset)
    } else {
        None
    }
}

/// The identity of a file for loop detection: its canonical path when it exists.
pub fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Resolves a path written in the file `from` (relative to `from`'s directory). A written
/// `bundled:` path stands as it is; a relative path written in a bundled file stays among
/// the bundled files.
pub fn resolve(from: &Path, written: &str) -> PathBuf {
    if written.starts_with(BUNDLED_PREFIX) {
        return PathBuf::from(written);
    }
    if let Some(inner) = from.to_str().and_then(|f| f.strip_prefix(BUNDLED_PREFIX)) {
        let mut parts: Vec<&str> = inner.split('/').collect();
        parts.pop();
        for step in written.split('/') {
            match step {
                "" | "." => {}
                ".." => {
                    parts.pop();
                }
                s => parts.push(s),
            }
        }
        return PathBuf::from(format!("{BUNDLED_PREFIX}{}", parts.join("/")));
    }
    from.parent().unwrap_or(Path::new(".")).join(written)
}

/// `to` relative to the directory `from` (both absolute), with `/` separators: how a
/// file tessera writes names another file (an imported tile set its rule set, a played
/// game its tile sets).
pub fn relative(from: &Path, to: &Path) -> String {
    use std::path::Component;
    let f: Vec<Component> = from.components().collect();
    let t: Vec<Component> = to.components().collect();
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); f.len() - common];
    parts.extend(
        t[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}
