//! Every limit tessera enforces, stated once.
//!
//! The limits on values in files (counts, item amounts, points, coordinates, supply, ...)
//! are far above anything a real game reaches, so that an absurd value (a typo, a fuzzer,
//! a hostile upload) is a finding at its line instead of an allocation of gigabytes or a
//! sum that wraps around. The JSON Schemas in `schema/` state them as `maximum` and
//! `minimum` (so every violation is a `schema::invalid` finding at its key), and the
//! checks of values that do not pass through a schema (JCloisterZone XML, values built by
//! code) use the same constants (`tileset::out_of_range`).
//!
//! Within these limits every sum of user numbers fits its type with room to spare; sums
//! saturate at the limits of their type anyway (see [`crate::score`]), so nothing wraps.
//!
//! The limits on reading (file size, what counts as a file, the YAML parser's budgets) keep
//! a hostile or broken file from making tessera hang, exhaust memory or print without end;
//! passing one is a finding at the place that passes it (`io::too_large`,
//! `io::not_regular`, `yaml::budget`), never a crash. The maximum file size can be changed
//! for a run (`tessera --max-file-size BYTES`, [`set_max_file_size`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Copies of one tile definition (`count`, an include's `counts`, a deduction's
/// `distribution`, a start tile's `copy`; a JCloisterZone `count`). The most copies of one
/// tile in the bundled sets is 9 (the base game's road curve).
pub const MAX_COPIES: u32 = 10_000;

/// Tiles in one tile set file (`total`), and the tiles a scoring condition can ask a
/// feature to span (`when: {tiles: N}`). Published games have fewer than 1,000 tiles.
pub const MAX_TILES: u32 = 1_000_000;

/// Items of one kind on one segment (`items: {pennant: 1}`, a JCloisterZone
/// `pennant="1"`), and items covered on one segment in a snapshot. Real tiles carry 1 to 3.
pub const MAX_ITEMS: u32 = 1_000;

/// Items a scoring condition can ask a feature to hold (`when: {items: {..}}`,
/// `items_at_least`).
pub const MAX_FEATURE_ITEMS: u32 = 1_000_000;

/// Points per unit of a scoring term, either sign (`points: 2`, `points: -1`). Real terms
/// give 1 to 10.
pub const MAX_POINTS: i64 = 1_000_000;

/// An area bonus's multiplier, either sign (`area: {factor: 2}`).
pub const MAX_FACTOR: i64 = 1_000;

/// Radii in cells: an area bonus's `radius`, an effect's `within`. Real rules use 1.
pub const MAX_RADIUS: u32 = 1_000;

/// The most steps a figure that roams the board takes in one move (the dragon: 6): each
/// is a decision of the turn, and a turn records at most 12.
pub const MAX_STEPS: u32 = 8;

/// A board coordinate, either sign (`x`, `y`): cells from the start tile. A game with
/// every tile of the largest tile set in one row stays far inside it, and so do the
/// neighbours of every cell, so a neighbour's coordinate never leaves `i32`.
pub const MAX_COORDINATE: i32 = 100_000;

/// Pieces of one kind per player (`supply: 7`, a tile set's `supply` overrides).
pub const MAX_SUPPLY: u32 = 1_000;

/// How many pieces one piece counts as in a majority (`weight: 2`).
pub const MAX_WEIGHT: u32 = 1_000;

/// A stack's `order`.
pub const MAX_STACK_ORDER: u32 = 1_000;

/// Segments of one tile: a segment index must fit in a byte, with one value kept for "no
/// segment" ([`crate::rules::NO_SEGMENT`]).
pub const MAX_SEGMENTS: usize = 254;

/// The value of one token, in points (a token supply's values, a turn's `draws`, a
/// snapshot's `held` and `tokens`). A power of ten, so that the schema can state it as a
/// pattern on the keys of `tokens.*.values`.
pub const MAX_TOKEN_VALUE: u32 = 1_000;

/// Tokens of one value in a token supply (`values: {2: 30}`).
pub const MAX_TOKENS: u32 = 10_000;

/// Points banked by a player in a snapshot (`scores`), either sign.
pub const MAX_SCORE: i64 = 1_000_000_000;

const _: () = {
    // The keys of a token supply are checked by a pattern for a power of ten (10 or more).
    assert!(MAX_TOKEN_VALUE >= 10 && 10u32.pow(MAX_TOKEN_VALUE.ilog10()) == MAX_TOKEN_VALUE);
    assert!(MAX_COORDINATE < i32::MAX - 1);
};

/// The schema pattern that accepts the decimal numbers 0 to `max` (a power of ten), for
/// map keys that are numbers.
pub(crate) fn up_to_power_of_ten(max: u32) -> String {
    let digits = max.ilog10();
    format!(
        "^(0|[1-9][0-9]{{0,{}}}|1{})$",
        digits - 1,
        "0".repeat(digits as usize)
    )
}

// --- inputs: files, YAML, snippets ---

/// Default maximum size of a file tessera reads, in bytes (8 MiB). The bundled sets are
/// under 100 KiB; a generated 20,000-definition tile set is about 6 MiB and a 20,000-turn
/// position about 1 MiB. It also bounds what any file can cost: the worst files within it
/// (millions of keys, one 8 MiB string) are read in about a second and 100 MB, where
/// 64 MiB of such YAML took 10 s and 770 MB. A larger file is the finding
/// `io::too_large`, without reading it.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 8 * 1024 * 1024;

/// The maximum file size in force (bytes), as set by [`set_max_file_size`].
static MAX_FILE_SIZE: AtomicU64 = AtomicU64::new(DEFAULT_MAX_FILE_SIZE);

/// The maximum size of a file tessera reads in this process, in bytes:
/// [`DEFAULT_MAX_FILE_SIZE`] unless [`set_max_file_size`] changed it.
pub fn max_file_size() -> u64 {
    MAX_FILE_SIZE.load(Ordering::Relaxed)
}

/// Sets the maximum size of a file tessera reads in this process, in bytes (the
/// `--max-file-size` flag). Applies to every file read afterwards, on every thread.
pub fn set_max_file_size(bytes: u64) {
    MAX_FILE_SIZE.store(bytes, Ordering::Relaxed);
}

/// Bytes of one shard's JSON summary that `tessera simulate merge` reads (256 MiB, or
/// [`max_file_size`] when that is larger): each game's record takes about 600 bytes, so a
/// shard of about 450,000 games; reading it takes about 9 times its size in memory. A
/// larger shard is the finding `io::too_large`.
pub const MAX_SHARD_BYTES: u64 = 256 * 1024 * 1024;

/// Bytes of tile artwork embedded in one picture (`tessera render --overlay`), all images
/// together: a 90-tile set of 300-pixel PNGs is about 10 MiB. An image beyond it is the
/// finding `tileset::image_unreadable`, not embedded.
pub const MAX_ARTWORK_BYTES: u64 = 64 * 1024 * 1024;

/// YAML parser budget: the most nodes (mappings, sequences and scalars) one file may have.
/// A tile definition is about 50 nodes and a turn about 12, so 4,000,000 holds 20,000
/// definitions or 20,000 turns many times over (the parser's own default, 250,000, stops
/// near 5,000 definitions). Exceeding it is the finding `yaml::budget`.
pub const YAML_MAX_NODES: usize = 4_000_000;

/// YAML parser budget: the most parser events one file may produce (about four per
/// node). Exceeding it is the finding `yaml::budget`.
pub const YAML_MAX_EVENTS: usize = 16_000_000;

/// YAML parser budget: the deepest nesting of mappings and sequences. The formats nest
/// at most about 10 levels deep (a scoring term's count inside a case inside a feature);
/// 32 leaves room and keeps the recursion of reading nested values well inside a
/// thread's stack (the parser's default, 64, overflows a 2 MiB stack in a debug build).
/// Exceeding it is the finding `yaml::budget`.
pub const YAML_MAX_DEPTH: usize = 32;

/// YAML parser budget: the most aliases (`*name`) one file may use. The formats never
/// need aliases; the parser's default (50,000, with its alias-to-anchor ratio check) is
/// kept, which stops alias bombs. Exceeding it is the finding `yaml::budget`.
pub const YAML_MAX_ALIASES: usize = 50_000;

/// YAML parser budget: the most events aliases may replay in one file, and the most
/// events kept for anchors that aliases may replay. Aliases are never needed by the
/// formats; this bounds what a few lines of nested aliases can expand to (an alias bomb
/// stops here after a few megabytes, not hundreds). Exceeding it is the finding
/// `yaml::budget`.
pub const YAML_MAX_ALIAS_EVENTS: usize = 100_000;

/// XML budget: the most nodes (elements, text runs, comments) one JCloisterZone file may
/// have. The largest real files (JCloisterZone's and FanCloisterZone's, 151 of them) have
/// under 250 elements; each node read costs a few hundred bytes, so the budget keeps a
/// file within the size limit from taking a gigabyte (7.4 MB of `<a/>` took 1.1 GB).
/// Passing it is the finding `jcz::budget`.
pub const XML_MAX_NODES: u32 = 200_000;

/// XML budget: the most words (side names, place names) in the text and attribute
/// values of one file. Real files have a few thousand. Passing it is the finding
/// `jcz::budget`, at the first word past it.
pub const XML_MAX_WORDS: usize = 1_000_000;

/// Source snippets in findings: a line longer than this many bytes is not printed whole;
/// the snippet shows a window around the marked place instead (and context lines this
/// long are left out), so a finding in a minified or binary file prints a few lines, not
/// megabytes, and a far column never breaks the report.
pub const SNIPPET_MAX_LINE: usize = 240;

/// Source snippets in findings: bytes shown on each side of a mark in a line longer than
/// [`SNIPPET_MAX_LINE`].
pub const SNIPPET_WINDOW: usize = 60;

/// Source snippets in findings: the longest mark drawn, in bytes; a longer label is
/// drawn over its first this many bytes (its first line, if it spans several lines of a
/// long file).
pub const SNIPPET_MAX_MARK: usize = 120;

/// The most places one finding keeps (text and JSON): a finding grouped over every use
/// of an element, or every repeat of a word, says how many there are in its message and
/// keeps the first this many (a million marks took half a gigabyte).
pub const MAX_LABELS: usize = 10_000;

/// Source snippets in findings: the most places one finding marks in its snippet; the
/// help says how many more there are (a finding grouped over every use of an element
/// marks them all in `--format json`). Drawing hundreds of thousands of marks on one line
/// took minutes.
pub const SNIPPET_MAX_LABELS: usize = 12;

/// Source snippets in findings: the most lines a multi-line mark is drawn over; a label
/// covering more lines is drawn over its first line.
pub const SNIPPET_MAX_LINES: usize = 20;

/// The longest message or help line of a finding, in bytes; a longer one (a hostile
/// name of megabytes quoted in it) is cut, with a note of how much was cut.
pub const MAX_MESSAGE: usize = 2_000;

/// The widest column text reports pad to, in characters: a longer cell (a name of
/// thousands of characters) overflows its column instead of padding every row to it
/// (Rust's `format!` also refuses widths over 65,535).
pub const MAX_PAD: usize = 80;

/// Default most findings one run prints (text) or records (JSON): past it, the run
/// says how many more there were (counted in its summary and its exit status) instead
/// of printing them, so a file that breaks one rule a million times gives a page, not
/// hundreds of megabytes. A check that finds one violation per YAML value (the schema)
/// also keeps at most this many per file and folds the rest into the last finding it
/// keeps ([`crate::diag::Finding::more`]): 750,000 findings took 850 MB and 11 s, and
/// printed 236 MB. `tessera --max-findings N` changes it for one run.
pub const DEFAULT_MAX_FINDINGS: usize = 1_000;

/// The maximum number of findings in force, as set by [`set_max_findings`].
static MAX_FINDINGS: AtomicUsize = AtomicUsize::new(DEFAULT_MAX_FINDINGS);

/// The most findings a run prints or records and a check keeps per file:
/// [`DEFAULT_MAX_FINDINGS`] unless [`set_max_findings`] changed it. At least 1.
pub fn max_findings() -> usize {
    MAX_FINDINGS.load(Ordering::Relaxed).max(1)
}

/// Sets the most findings a run prints or records (the `--max-findings` flag; 0 counts
/// as 1). Applies to every check run afterwards, on every thread.
pub fn set_max_findings(n: usize) {
    MAX_FINDINGS.store(n, Ordering::Relaxed);
}

/// The longest chain of `extends` (rule sets) or `include` (tile sets) followed, in
/// files: real ones are 2 or 3 deep. A deeper entry is the finding `compose::too_deep`
/// at it (a chain that comes back to a file on it is `compose::cycle` at any depth).
pub const MAX_COMPOSE_DEPTH: usize = 32;

/// The most turns `tessera play` plays in one game (a guard for a rule set whose piles
/// never run out; a real game has under 100 turns, a large composed set a few hundred).
pub const MAX_PLAYED_TURNS: usize = 100_000;

#[cfg(test)]
mod tests {
    #[test]
    fn the_key_pattern_accepts_exactly_zero_to_the_limit() {
        let pattern = super::up_to_power_of_ten(1000);
        let re = matcher(&pattern);
        for ok in ["0", "1", "9", "10", "999", "1000"] {
            assert!(re(ok), "{ok}");
        }
        for bad in ["01", "1001", "2000", "10000", "-1", "", "1e3"] {
            assert!(!re(bad), "{bad}");
        }
    }

    /// The pattern as the JSON Schema validator that checks files applies it.
    fn matcher(pattern: &str) -> impl Fn(&str) -> bool + use<> {
        let schema = serde_json::json!({"type": "string", "pattern": pattern});
        let v = jsonschema::validator_for(&schema).expect("a valid pattern");
        move |s| v.is_valid(&serde_json::json!(s))
    }
}
