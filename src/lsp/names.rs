//! What a document names and where: its game (the rule set and tiles its names come
//! from), and every key and scalar of its YAML with its place, so that completion, hover,
//! definitions and symbols need no second parse.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diag::SourceFile;
use crate::load::{self, Node};
use crate::model::Sp;
use crate::rules::{Game, Rules};
use crate::schema::FileKind;

/// What a document's last check that loaded found: its game or rule set.
#[derive(Default)]
pub struct Names {
    /// The document's kind.
    pub kind: Option<FileKind>,
    /// Its game: a tile set's (with what it includes), a position's, JCloisterZone XML's
    /// under the default rule set.
    pub game: Option<Arc<Game>>,
    /// A rule set document's compiled rules (for a game, its rules are the game's).
    pub rules: Option<Arc<Rules>>,
}

impl Names {
    /// Loads what `file` names: its game, else (a tile set or position with findings)
    /// the rule set it names, so that the rule set's names still complete; `None` when
    /// not even that loads (the text is half written).
    pub fn load(file: &SourceFile) -> Option<Names> {
        Names::load_game(file).or_else(|| Names::load_ruleset_named(file))
    }

    /// The rule set a document names (its `ruleset:`, or one of the files it reaches),
    /// compiled, as [`Names::rules`].
    fn load_ruleset_named(file: &SourceFile) -> Option<Names> {
        let root = load::parse(file).ok()?;
        let kind = load::sniff(&root)?;
        if kind == FileKind::Ruleset {
            return None;
        }
        for (path, _, found) in reachable(&file.path, file.text()) {
            let named = found
                .iter()
                .find(|s| !s.is_key && s.path.first().is_some_and(|k| k == "ruleset"))
                .map(|s| load::resolve(&path, &s.value));
            if let Some(rs) = named {
                let (_, rules) = crate::validate::load_ruleset(&rs).ok()?;
                return Some(Names {
                    kind: Some(kind),
                    game: None,
                    rules: Some(Arc::new(rules)),
                });
            }
        }
        None
    }

    /// The document's game, when it loads.
    fn load_game(file: &SourceFile) -> Option<Names> {
        if crate::jcz::looks_like_xml(file) {
            let (game, _) = crate::jcz::load_game(file).ok()?;
            return Some(Names {
                kind: Some(FileKind::Tileset),
                game: Some(Arc::new(game)),
                rules: None,
            });
        }
        let root = load::parse(file).ok()?;
        let kind = load::sniff(&root)?;
        let mut names = Names {
            kind: Some(kind),
            ..Names::default()
        };
        match kind {
            FileKind::Ruleset => {
                names.rules = Some(Arc::new(
                    crate::validate::load_ruleset_source(file.clone()).ok()?,
                ));
            }
            FileKind::Tileset => {
                let ts = load::deserialize_parsed::<crate::model::TileSetFile>(file, &root).ok()?;
                let (game, _) =
                    crate::validate::load_tileset_parsed(file.clone(), ts, None).ok()?;
                names.game = Some(Arc::new(game));
            }
            FileKind::Position => {
                let scalars = scalars(&root);
                let of = |key: &str| -> Vec<PathBuf> {
                    scalars
                        .iter()
                        .filter(|s| !s.is_key && s.path.first().map(String::as_str) == Some(key))
                        .map(|s| load::resolve(&file.path, &s.value))
                        .collect()
                };
                let tilesets = of("tileset");
                let ruleset = of("ruleset").into_iter().next();
                let players: Vec<String> = scalars
                    .iter()
                    .filter(|s| !s.is_key && s.path == ["players", "-"])
                    .map(|s| s.value.clone())
                    .collect();
                let players = match players.is_empty() {
                    true => vec!["P1".to_string(), "P2".to_string()],
                    false => players,
                };
                let lp =
                    crate::command::play::load_game_files(ruleset.as_deref(), &tilesets, &players)
                        .ok()?;
                names.game = Some(Arc::new(lp.game));
            }
        }
        Some(names)
    }

    /// The rules names come from: the game's, or the rule set document's own.
    pub fn rules(&self) -> Option<&Rules> {
        self.game
            .as_deref()
            .map(|g| &g.rules)
            .or(self.rules.as_deref())
    }
}

/// A key or scalar of a YAML document with its place: the keys above it (`-` for a list
/// item), its text, its byte span, and whether it is a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scalar {
    /// The keys of the mappings above it, outermost first; `-` for each list item.
    pub path: Vec<String>,
    /// Its text.
    pub value: String,
    /// Its byte offset and length in the document.
    pub bytes: (usize, usize),
    /// Whether it is a mapping key (else a value).
    pub is_key: bool,
}

impl Scalar {
    /// The key it is the value of (or, for a key, the key itself); `-` skipped.
    pub fn key(&self) -> Option<&str> {
        if self.is_key {
            return Some(self.value.as_str());
        }
        self.path
            .iter()
            .rev()
            .find(|k| *k != "-")
            .map(String::as_str)
    }
}

/// Every key and scalar of a parsed document, in document order.
pub fn scalars(root: &Sp<Node>) -> Vec<Scalar> {
    let mut out = Vec::new();
    walk(root, &mut Vec::new(), &mut out);
    out
}

fn walk(node: &Sp<Node>, path: &mut Vec<String>, out: &mut Vec<Scalar>) {
    let text = match &node.value {
        Node::Str(s) => Some(s.clone()),
        Node::Int(i) => Some(i.to_string()),
        Node::Bool(b) => Some(b.to_string()),
        Node::Float(f) => Some(f.to_string()),
        Node::Null => None,
        Node::Seq(items) => {
            path.push("-".to_string());
            for item in items {
                walk(item, path, out);
            }
            path.pop();
            None
        }
        Node::Map(entries) => {
            for (k, v) in entries {
                if let Some(bytes) = k.loc.bytes {
                    out.push(Scalar {
                        path: path.clone(),
                        value: k.value.clone(),
                        bytes,
                        is_key: true,
                    });
                }
                path.push(k.value.clone());
                walk(v, path, out);
                path.pop();
            }
            None
        }
    };
    if let (Some(value), Some(bytes)) = (text, node.loc.bytes) {
        out.push(Scalar {
            path: path.clone(),
            value,
            bytes,
            is_key: false,
        });
    }
}

/// The keys whose values name other files.
pub const FILE_KEYS: [&str; 5] = ["include", "extends", "ruleset", "tileset", "shapes_from"];

/// The files a document names (`include`, `extends`, `ruleset`, `tileset`,
/// `shapes_from`), resolved against its path, with the scalar that names each.
pub fn files_named<'a>(path: &Path, scalars: &'a [Scalar]) -> Vec<(PathBuf, &'a Scalar)> {
    scalars
        .iter()
        .filter(|s| !s.is_key)
        .filter(|s| {
            s.path
                .first()
                .is_some_and(|k| FILE_KEYS.contains(&k.as_str()))
                && s.path.iter().skip(1).all(|k| k == "-" || k == "path")
        })
        .map(|s| (load::resolve(path, &s.value), s))
        .collect()
}

/// A document and the files reachable from it through the keys of [`FILE_KEYS`] (at most
/// 64 files, 12 steps deep), each read and parsed: (path, file, scalars). Files that
/// cannot be read or parsed are left out.
pub fn reachable(path: &Path, text: &str) -> Vec<(PathBuf, SourceFile, Vec<Scalar>)> {
    let mut out: Vec<(PathBuf, SourceFile, Vec<Scalar>)> = Vec::new();
    let first = SourceFile::new(path, text.to_string());
    let mut queue = vec![(path.to_path_buf(), Some(first), 0)];
    let mut seen = std::collections::HashSet::new();
    while let Some((p, file, depth)) = queue.pop() {
        if out.len() >= 64 || !seen.insert(load::identity(&p)) {
            continue;
        }
        let file = match file {
            Some(f) => f,
            None => match load::read(&p) {
                Ok(f) => f,
                Err(_) => continue,
            },
        };
        let Ok(root) = load::parse(&file) else {
            continue;
        };
        let found = scalars(&root);
        if depth < 12 {
            for (next, _) in files_named(&p, &found).into_iter().rev() {
                queue.push((next, None, depth + 1));
            }
        }
        out.push((p, file, found));
    }
    out
}
