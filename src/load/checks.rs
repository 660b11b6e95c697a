//! The catalogue entries of the checks that reading a file finds (`io::`, `yaml::`,
//! `schema::`): [`crate::load`] emits them; `replay` and the entry points emit
//! `schema::invalid` and `schema::wrong_kind` too.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A file that another file names (rule set, tile set, `shapes_from`) cannot be read.
    Io => "io::read", Error {
        why: "A tile set is checked against the rule set it names and a position is replayed \
              with the tile set it names; when that file cannot be read nothing else can be \
              checked. Paths are relative to the file that names them.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcasonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// An XML file was given where a YAML file is read.
    XmlNotYaml => "yaml::xml", Error {
        why: "The commands that play, score, list or draw a game read tessera's YAML files. \
              JCloisterZone tile definitions (XML) are checked as they are by `tessera \
              validate`, and converted into a YAML tile set by `tessera import jcz`; read as \
              YAML, an XML file would be one long string that the schema refuses with the \
              whole file quoted.",
        bad: "\
<?xml version=\"1.0\"?>
<pack>
  <tile id=\"BA/C\">
    <city1 name=\"N E S W\" pennant=\"1\"/>
  </tile>
</pack>
(given to `tessera tiles`, `play` or `simulate`)
",
        fixed: "\
tessera import jcz tiles.xml -o tiles.yaml
tessera tiles tiles.yaml
",
    }
    /// The file is not well-formed YAML.
    YamlSyntax => "yaml::syntax", Error {
        why: "Nothing can be read from a file the YAML parser rejects. The usual causes are a \
              tab used for indentation, an unclosed bracket or quote, and a key given twice \
              in one map.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90, piece: N}
  - {tile: U, x: -1, y: 0, rotation: 90
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90, piece: N}
  - {tile: U, x: -1, y: 0, rotation: 90}
",
    }
    /// The file is not UTF-8 text.
    NotUtf8 => "yaml::not_utf8", Error {
        why: "YAML files are UTF-8 text. A file saved in another encoding (Latin-1, UTF-16) \
              or a binary file cannot be parsed; the finding points at the first byte that \
              is not UTF-8.",
        bad: "\
# saved as Latin-1: `é` is the single byte 0xE9, which is not UTF-8
name: Extension café
",
        fixed: "\
# saved as UTF-8: `é` is the two bytes 0xC3 0xA9
name: Extension café
",
    }
    /// A key or value does not have the shape the format's JSON Schema requires.
    Schema => "schema::invalid", Error {
        why: "Every key and value of a rule set, tile set or position has a type and a set of \
              allowed keys (schema/*.schema.json, `tessera schema`). A misspelt key or a value \
              of the wrong type would otherwise be ignored or misread; every violation is \
              reported at its key.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: two
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 2
start: {tile: E}
tiles:
  - id: E
    count: 2
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A file named as one kind (`ruleset:`, `tileset:`, `shapes_from:`) is of another kind.
    WrongKind => "schema::wrong_kind", Error {
        why: "A position's `tileset:` must name a tile set and a tile set's `ruleset:` a rule \
              set; naming the other kind of file is a slip, reported once instead of as dozens \
              of schema errors about keys the other kind does not have.",
        bad: "\
tileset: ../rulesets/carcassonne.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A path names a directory, FIFO, device or socket where a file is expected.
    NotRegularFile => "io::not_regular", Error {
        why: "tessera reads only regular files. A FIFO or `/dev/stdin` would block the run \
              forever, a device such as `/dev/zero` never ends, and a directory is not a \
              file; such a path, on the command line or written in a file (`ruleset`, \
              `tileset`, `include`, `shapes_from`, `extends`), is reported without reading \
              from it.",
        bad: "\
name: My expansion
ruleset: ../rulesets
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A file named in another file is not a YAML rule set, tile set or position.
    NotOurs => "io::not_yaml", Error {
        why: "A rule set, tile set or position is YAML; what a file names (`ruleset`, \
              `tileset`, `include`, `shapes_from`, `extends`) is read only when its name ends \
              in `.yaml` or `.yml`, and refused when its top level is not a rule set's \
              (`features`), a tile set's (`tiles`, `include`) or a position's (`players`). \
              Nothing of a refused file is shown: a tile set uploaded for checking cannot make \
              the log print `/etc/passwd` or the environment.",
        bad: "\
name: My expansion
ruleset: /etc/passwd
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
    /// A file is larger than the maximum file size (8 MiB unless `--max-file-size` says otherwise).
    FileTooLarge => "io::too_large", Error {
        why: "A file larger than any real rule set, tile set or position (the bundled ones \
              are under 100 KiB) is not read at all, so that a huge or endless file cannot \
              exhaust memory. The limit is 8 MiB; `tessera --max-file-size BYTES` changes it \
              for one run.",
        bad: "\
include:
  - {tileset: generated.yaml}   # 200 MiB: a generator gone wrong
",
        fixed: "\
include:
  - {tileset: generated.yaml}   # 40 KiB once the generator is fixed
",
    }
    /// The YAML passes the parser's budget: too deeply nested, too many values, or too many aliases.
    YamlBudget => "yaml::budget", Error {
        why: "The YAML parser stops at budgets so that a small file cannot make it run out \
              of memory or time (an alias bomb expands a few lines into billions of \
              values): nesting 32 levels deep, 4,000,000 values, 50,000 aliases. Real files \
              stay far below: 20,000 tile definitions or 20,000 turns load.",
        bad: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
",
        fixed: "\
name: My expansion
ruleset: ../rulesets/carcassonne.yaml
total: 1
start: {tile: E}
tiles:
  - id: E
    sides: {N: city, E: field, S: field, W: field}
    segments:
      - {id: city, feature: city, at: [N]}
      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}
",
    }
}
