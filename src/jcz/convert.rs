//! Converting JCZ `<tile>` elements into tessera tile definitions ([`TileDef`]) whose
//! values point back into the XML, plus the findings only the XML can show (`jcz::*`) and
//! what of each tile could be checked ([`TileCoverage`]).
//!
//! Every generation of the format is read (2021's JCloisterZone and today's JCloisterZone
//! and FanCloisterZone files; words as in [`super::location`]). Mapping (JCZ → tessera;
//! names on the right are looked up in the rule set):
//! - `<city>` → feature `city`, `<road>` → `road`, `<river>` → `river`, `<field>` (2021:
//!   `<farm>`) → `field`, `<monastery>` (2021: `<cloister>`) → `monastery`.
//! - A side is `city` if a city claims it, else `road` if a road does, else `river` if a
//!   river does (only when the rule set has a `river` side kind), else `field`.
//! - A city, road or river word claims sides (`N`; `NS`, `N.S`, `_S` several): each
//!   side's slot `N` (the middle slot of a three-part side). A field's half-side (`NL`)
//!   is slot `NL` on a three-part side (road, river); on a one-part side (field) both
//!   halves are the one slot `N`.
//! - A field at an inner location (`I`, `II`; 2021: `INNER_FARM`, `INNER_FARM_B`) reaches
//!   no edge: a segment with no slot. A monastery's text (`I`) says where it is inside the
//!   tile and is read as nothing more.
//! - `city="N W"` on a field → links `{touches: [...]}` to each city named by a location
//!   equal to or contained in that city's (`N` and `_S` both name the city `N W E`, as the
//!   engine resolves them), when the rule set has the relation `touches`.
//! - An attribute whose name (today's spelling, see [`current_attr`]) is an item of the
//!   rule set (`pennants="2"` → 2 of item `pennant`; `inn="true"`, `cathedral="true"`;
//!   2021's `pennant="yes"`) → that many items on the segment. Booleans read `true`, `yes`
//!   and `1` as one.
//! - `wagon-move="a b"` on feature elements (the features that share a label meet), and
//!   2021's `<wagon-move><neighbouring>CLOISTER S</neighbouring></wagon-move>` (each
//!   place names the feature that holds it) → the tile's `junctions`: where features meet
//!   on the tile. The first edition's wagon moves along them (JCloisterZone's rule
//!   `wagon-move: C1`, `moving_on`'s `adjoining_option`).
//! - `resource="wine"` on a city → one item `wine` (Traders and Builders' goods), when the
//!   rule set declares the item.
//! - `<garden/>` → a `garden` segment inside the tile when the rule set has the feature
//!   kind (`rulesets/abbot.yaml`), else decoration `Garden` on every copy, when the rule set
//!   declares it; `<tower/>` → a `tower` segment inside the tile when the rule set has the
//!   feature kind (`rulesets/tower.yaml`).
//! - an empty element `<X/>` in a `<tile>` whose name is an item of the rule set (`<hill/>`,
//!   `<vineyard/>`) → one X on the tile as a whole (a tile item, `items:` of the
//!   definition).
//! - `group="river"` on a tile → `stack: river`, when the rule set declares that stack.
//!
//! What the rule set cannot express is never blamed on the data; it is a warning of its
//! own class, and the rest of the tile is still checked:
//! - an element or attribute (towers, trade goods, `pennants` without a pennant item, an
//!   inner city `<city>I</city>`, ...): `jcz::unsupported`; the tile is imported without
//!   it, and says so (`# not expressed:`);
//! - a side (a city gate `city-gate="S"`, a hedge `bush="S"`, a side shared by two cities
//!   `multi-edge="N"`, a river side when the rule set has no rivers, a field side split
//!   between two fields on a tile whose id says that walls divide its fields, see
//!   [`DIVIDED`]): `jcz::unsupported_side`. For checking, such a side is read as a field side divided in
//!   two by a stand-in for the thing on it (the rule set's road), as beside a road's end:
//!   the two fields beside a gate are different fields. The tile is checked, but left out
//!   of an import (its sides cannot be written);
//! - a whole tile (the twelve tiles of The Count's City of Carcassonne, ids `CO/…`, laid
//!   together as one 4×3 block whose inner sides hold nothing): `jcz::unsupported_tile`;
//!   not checked, left out of an import.

use std::collections::{BTreeMap, HashMap, HashSet};

use indexmap::IndexMap;

use super::location::{self, Place};
use super::xml::{Attr, Doc, Elem};
use crate::diag::{Check, Finding, SourceFile};
use crate::geometry::SIDES;
use crate::model::{CopyDef, Loc, SegmentDef, Sides, Sp, TileDef};
use crate::rules::Rules;
use crate::validate::{Checked, TileCoverage};

/// The relation a field's `city` attribute becomes.
pub const TOUCHES: &str = "touches";
/// The decoration `<garden/>` becomes.
pub const GARDEN: &str = "Garden";
/// The id prefix of the tiles of The Count's City of Carcassonne. JCloisterZone's engine
/// tells them by this prefix too (`TileBuilder.initFeature`: their fields adjoin the
/// City of Carcassonne; `CountCapability`: `CO/6`, `CO/7` take no follower).
pub const COUNT_PREFIX: &str = "CO/";
/// The side kind and feature kind that stand in, for checking, for a side the rule set
/// cannot express (see the module documentation).
const STAND_IN: &str = "road";

/// What is not checked of a tile with a word no element could read, in the coverage.
const UNREADABLE: &str = "its shape (a name or side word not read)";
/// The mark JCloisterZone's tile ids give tiles whose fields are divided by walls drawn on
/// the tile (`IC/C!`, `AM/C!+`, `HS/C!.v`, ...): most of those walls end at corners,
/// which tessera expresses, but a wall that ends in the middle of a side divides a field
/// side, which it cannot. On such a tile a field side split between two fields is
/// `jcz::unsupported_side`; on any other tile it is the error `jcz::split_side`.
pub const DIVIDED: char = '!';

/// How a JCZ element claims the tile's edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Claim {
    /// Whole sides (`N`): city, road, river.
    Sides,
    /// Half-sides (`NL`): field.
    Halves,
    /// Nothing: inside the tile (monastery).
    Inside,
}

/// The tessera feature kind (and side kind, for edge features) of a JCZ element.
fn feature_of(element: &str) -> Option<(&'static str, Claim)> {
    Some(match element {
        "city" => ("city", Claim::Sides),
        "road" => ("road", Claim::Sides),
        "river" => ("river", Claim::Sides),
        "farm" | "field" => ("field", Claim::Halves),
        "cloister" | "monastery" => ("monastery", Claim::Inside),
        _ => return None,
    })
}

/// Attribute names of earlier generations, by element (as written then or now), and
/// their name today (JCloisterZone client commits: 0b06408 2021-05-23, aa1b9a1
/// 2021-06-01, ab60386 2021-06-02).
const RENAMED: &[(&[&str], &str, &str)] = &[
    // `pennant="yes"` / `pennant="2"` → `pennants="1"` / `pennants="2"`.
    (&["city"], "pennant", "pennants"),
    // `<farm pig="yes">` → `<field pig-herd="true">`.
    (&["farm", "field"], "pig", "pig-herd"),
    // `<cloister monastery="yes">` → `<monastery special="true">` (German Monasteries).
    (&["cloister", "monastery"], "monastery", "special"),
    // `<city extra-points="3">` → `<city darmstadtium="true">` (a yes/no since).
    (&["city"], "extra-points", "darmstadtium"),
];

/// Today's name of attribute `attr` on element `element` (itself unless renamed since
/// 2021: `pennant` → `pennants` on a city, `pig` → `pig-herd` on a field, `monastery` →
/// `special` on a monastery, `extra-points` → `darmstadtium` on a city).
pub fn current_attr<'a>(element: &str, attr: &'a str) -> &'a str {
    RENAMED
        .iter()
        .find(|(els, old, _)| *old == attr && els.contains(&element))
        .map_or(attr, |(_, _, new)| new)
}

/// The tessera item an attribute (today's name) means, where the names differ: JCZ
/// counts a city's coats of arms in `pennants`, tessera's rule sets name the item
/// `pennant`.
fn item_name(attr: &str) -> &str {
    match attr {
        "pennants" => "pennant",
        a => a,
    }
}

/// Side kinds in order of precedence when several features claim a side.
const SIDE_PRECEDENCE: [&str; 3] = ["city", "road", "river"];
/// The side kind of a side no city, road or river claims.
const FIELD: &str = "field";

/// The spelling of a file's generation, for advice that quotes XML.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Spelling {
    /// 2021 and before: `<farm>`, `pennant="yes"`, `INNER_FARM`, booleans `yes`.
    Old,
    /// Since mid-2021: `<field>`, `pennants="1"`, `I`, booleans `true`.
    #[default]
    Current,
}

impl Spelling {
    /// The generation a file is written in: told by how it writes pennants, else by its
    /// field elements, else by its root element (`<pack>` is 2021's).
    pub fn of(doc: &Doc) -> Spelling {
        let elems = || doc.tiles.iter().flat_map(|t| t.children.iter());
        let attr = |name: &str| elems().any(|e| e.attr(name).is_some());
        let elem = |name: &str| elems().any(|e| e.name == name);
        if attr("pennants") {
            Spelling::Current
        } else if attr("pennant") {
            Spelling::Old
        } else if elem("field") {
            Spelling::Current
        } else if elem("farm") || doc.root == "pack" {
            Spelling::Old
        } else {
            Spelling::Current
        }
    }

    /// The field element's name.
    pub fn field(self) -> &'static str {
        match self {
            Spelling::Old => "farm",
            Spelling::Current => "field",
        }
    }

    /// The first inner location of a field.
    pub fn inner_field(self) -> &'static str {
        match self {
            Spelling::Old => "INNER_FARM",
            Spelling::Current => "I",
        }
    }
}

/// The result of converting a file's tiles.
#[derive(Debug, Default)]
pub struct Converted {
    /// One definition per checked tile, in document order. A tile some of whose sides
    /// were read through a stand-in ([`TileXml::exact`] false) is here for the checks, but
    /// is not the tile's shape.
    pub defs: Vec<Sp<TileDef>>,
    /// The JCZ `group` of each definition (same order), e.g. `river-spring`.
    pub groups: Vec<Option<String>>,
    /// XML line of each definition's `<tile>` (same order).
    pub lines: Vec<u32>,
    /// What each definition came from in XML terms (same order), for advice written in
    /// XML and for the comments of an imported file.
    pub xml: Vec<TileXml>,
    /// How much of each tile converted (checked or not) was checked, in document order.
    pub coverage: Vec<TileCoverage>,
    /// Ids of tiles an import leaves out (in document order): not checked, or checked
    /// with a stand-in for a side the rule set cannot express.
    pub left_out: Vec<String>,
    /// Why each tile of [`Converted::left_out`] is left out (same order): what of it the
    /// rule set cannot express that costs the whole tile (`city-gate on <city>`), not the
    /// attributes merely dropped from it; empty when the tile could not be read.
    pub left_out_why: Vec<Vec<String>>,
    /// `jcz::*` findings.
    pub findings: Vec<Finding>,
    /// The file's generation, for advice.
    pub spelling: Spelling,
}

/// A converted tile in XML terms.
#[derive(Debug, Clone, Default)]
pub struct TileXml {
    /// One entry per segment of the definition (same order).
    pub segments: Vec<SegmentXml>,
    /// What the rule set cannot express on this tile, as written in the XML (`<tower>`,
    /// `pig="yes" on <farm>`), each once, in document order.
    pub not_expressed: Vec<String>,
    /// Changes `import jcz --fix` made to the tile (`removed the \`touches\` link from
    /// \`field2\` to \`city1\` (tileset::link_separated)`), in the order made.
    pub fixed: Vec<String>,
    /// Whether a word of the tile could not be read (`jcz::unknown_side`): its shape is
    /// not known, so the tile-set checks leave it out (one mistake, one finding).
    pub doubtful: bool,
    /// Whether the definition is the tile's shape; false when a side was read through a
    /// stand-in (see the module documentation): the tile is checked but not imported.
    pub exact: bool,
}

/// The element a segment was converted from.
#[derive(Debug, Clone)]
pub struct SegmentXml {
    /// Its tag name (`farm`, `field`, `city`, ...); for a stand-in, the element whose side
    /// it stands in for.
    pub element: String,
    /// Its `city` attribute (a field's city contacts), if any.
    pub city: Option<Attr>,
    /// A field whose half-sides were folded into another field's slot of a split side
    /// (`jcz::split_side` says so): that it has no slot left is no news.
    pub folded: bool,
    /// A stand-in for a side the rule set cannot express, not an element of the file.
    pub stand_in: bool,
}

/// What the rule set cannot express, grouped into one finding per check and subject.
#[derive(Default)]
struct Unsupported(IndexMap<(Check, String), (String, Vec<Loc>)>);

impl Unsupported {
    fn add(&mut self, check: Check, what: String, reason: impl Into<String>, loc: Loc) {
        self.0
            .entry((check, what))
            .or_insert_with(|| (reason.into(), Vec::new()))
            .1
            .push(loc);
    }

    /// One finding per subject, marking every place it was met.
    fn findings(self, file: &SourceFile, rules: &Rules) -> Vec<Finding> {
        self.0
            .into_iter()
            .map(|((check, what), (reason, locs))| {
                let times = match locs.len() {
                    1 => String::new(),
                    n => format!(" ({n} times)"),
                };
                let mut f = Finding::new(
                    check,
                    format!(
                        "{what} cannot be expressed with rule set `{}`{times}: {reason}",
                        rules.name
                    ),
                )
                .in_file(file);
                for (i, l) in locs.iter().enumerate() {
                    f = f.at(l, if i == 0 { "not expressed" } else { "also here" });
                }
                f.help(match check {
                    Check::JczUnsupportedSide => "the rest of the tile is checked; `tessera import jcz` leaves such tiles out and names them (check against a rule set that has such sides with `--ruleset FILE`)",
                    Check::JczUnsupportedTile => "`tessera import jcz` leaves such tiles out and names them (check against a rule set that has them with `--ruleset FILE`)",
                    _ => "check the file against a rule set that has it (`--ruleset FILE`), or accept that it is left out",
                })
            })
            .collect()
    }
}

/// A segment being built from one element (or a stand-in for a side).
struct Draft<'a> {
    elem: &'a Elem,
    feature: &'static str,
    claim: Claim,
    /// Whole sides claimed (side index, where the word that claims it is).
    sides: Vec<(usize, Loc)>,
    /// Half-sides listed (side, half).
    halves: Vec<(usize, usize)>,
    /// The inner location it names, with the word.
    inner: Option<(u8, &'a Sp<String>)>,
    /// Slots written for the segment.
    at: Vec<Sp<String>>,
    /// Slots another segment claims that this one shares (`multi-edge`, a divided field
    /// side).
    shares: Vec<Sp<String>>,
    items: BTreeMap<String, Sp<u32>>,
    links: Vec<Sp<String>>,
    /// Read for the checks only: a stand-in for a side the rule set cannot express, or an
    /// element read as the stand-in's kind (a river without rivers).
    stand_in: bool,
    /// Not a segment at all: an element the rule set cannot express as one (an inner
    /// city), kept so that fields can name it.
    dropped: bool,
    /// Its half-sides were folded into another field's slot (see [`SegmentXml::folded`]).
    folded: bool,
    /// A word of it named a place another element (or this one) had listed already
    /// (`jcz::listed_twice`): if that leaves it no place, it is not a segment either (the
    /// one finding says it all).
    twice: bool,
}

impl<'a> Draft<'a> {
    fn new(elem: &'a Elem, feature: &'static str, claim: Claim) -> Self {
        Draft {
            elem,
            feature,
            claim,
            sides: Vec::new(),
            halves: Vec::new(),
            inner: None,
            at: Vec::new(),
            shares: Vec::new(),
            items: BTreeMap::new(),
            links: Vec::new(),
            stand_in: false,
            dropped: false,
            folded: false,
            twice: false,
        }
    }
}

/// A half-side claimed: the claiming draft and the word.
type HalfClaim<'a> = (usize, &'a Sp<String>);

/// The count an attribute value gives: `yes`/`true` 1, `no`/`false` 0, a whole number
/// itself; `None` for other values (names, sides).
fn amount(v: &str) -> Option<u32> {
    match v.trim() {
        "yes" | "true" => Some(1),
        "no" | "false" => Some(0),
        n => n.parse().ok(),
    }
}

/// Converts the tiles named in `counts` (tile id → count, at the XML that gives it).
/// Tiles not in `counts` are skipped.
pub fn convert(
    file: &SourceFile,
    doc: &Doc,
    rules: &Rules,
    counts: &HashMap<String, Sp<u32>>,
) -> Converted {
    let mut out = Converted {
        spelling: Spelling::of(doc),
        ..Converted::default()
    };
    let mut unsupported = Unsupported::default();
    // FanCloisterZone's `<expansion>` block is the add-on's title, icon and links for its
    // menus: it says nothing about tiles, so there is nothing to express or to lose.
    for other in doc.other.iter().filter(|o| o.name != "expansion") {
        let subject = format!("`<{}>`", other.name);
        let wrap = |m: &str| format!("<{m}>");
        if let Some((f, _)) = unknown_name(file, &other.name, other.loc, &subject, wrap) {
            out.findings.push(f);
            continue;
        }
        unsupported.add(
            Check::JczUnsupported,
            format!("`<{}>`", other.name),
            "not part of a tile definition; ignored",
            other.loc,
        );
    }
    for t in &doc.tiles {
        let Some(id) = t.attr("id") else { continue };
        let Some(count) = counts.get(&id.value) else {
            continue;
        };
        let mut conv = TileConv {
            file,
            rules,
            tile: t,
            id,
            spelling: out.spelling,
            unsupported: &mut unsupported,
            findings: &mut out.findings,
            lost: Vec::new(),
            not_checked: Vec::new(),
            costs_tile: Vec::new(),
            exact: true,
            unreadable: Vec::new(),
            doubtful: false,
            repeats: HashMap::new(),
        };
        let told = conv.findings.len();
        let (def, group) = conv.run(count.clone());
        conv.tell_unreadable();
        if conv.doubtful {
            // What follows from the tile's shape is not judged: it is not known.
            let cascades = [
                Check::JczNoCity,
                Check::JczSplitSide,
                Check::JczUnclaimedHalf,
            ];
            let mut i = 0;
            conv.findings.retain(|f| {
                i += 1;
                i <= told || !cascades.contains(&f.check)
            });
            if !conv.not_checked.iter().any(|n| n == UNREADABLE) {
                conv.not_checked.push(UNREADABLE.to_string());
            }
        }
        let checked = match (&def, conv.not_checked.is_empty()) {
            (None, _) => Checked::Not,
            (Some(_), true) => Checked::Fully,
            (Some(_), false) => Checked::Partly,
        };
        let exact = conv.exact;
        out.coverage.push(TileCoverage {
            id: id.value.clone(),
            line: t.loc.line,
            checked,
            not_checked: std::mem::take(&mut conv.not_checked),
        });
        match def {
            Some((d, xml)) => {
                out.defs.push(d);
                out.groups.push(group);
                out.lines.push(t.loc.line);
                out.xml.push(xml);
                if !exact {
                    out.left_out.push(id.value.clone());
                    out.left_out_why.push(std::mem::take(&mut conv.costs_tile));
                }
            }
            None => {
                out.left_out.push(id.value.clone());
                out.left_out_why.push(std::mem::take(&mut conv.costs_tile));
            }
        }
    }
    out.findings.extend(unsupported.findings(file, rules));
    out
}

struct TileConv<'a, 'b> {
    file: &'a SourceFile,
    rules: &'a Rules,
    tile: &'a Elem,
    id: &'a Attr,
    spelling: Spelling,
    unsupported: &'b mut Unsupported,
    findings: &'b mut Vec<Finding>,
    /// What this tile loses, as written in the XML (see [`TileXml::not_expressed`]).
    lost: Vec<String>,
    /// What of this tile is not checked (see [`TileCoverage::not_checked`]).
    not_checked: Vec<String>,
    /// What of it leaves the whole tile out of an import (see [`Converted::left_out_why`]).
    costs_tile: Vec<String>,
    /// Whether the definition is the tile's shape (see [`TileXml::exact`]).
    exact: bool,
    /// Words of this tile no element could read (`<city>Q</city>`), in document order,
    /// with their element and what it takes: told as one finding per element and list
    /// ([`TileConv::tell_unreadable`]).
    unreadable: Vec<(&'a Sp<String>, &'a Elem, Expected<'a>)>,
    /// Whether a word of the tile could not be read: its shape is then unknown, and what
    /// follows from it (a split side, a city contact with no city, every tile-set check)
    /// is not judged: one mistake, one finding.
    doubtful: bool,
    /// `jcz::listed_twice` findings of this tile by their first message and first
    /// listing: its index in `findings` and how many times the place is listed
    /// ([`TileConv::listed_again`]).
    repeats: HashMap<(String, Option<usize>), (usize, usize)>,
}

/// Something a rule set cannot express, in the words of its finding, of the coverage
/// and of an imported file's comment.
struct Loss {
    /// The finding's class: `jcz::unsupported`, `_side` or `_tile`.
    check: Check,
    /// Its subject in the finding's message (`` `<tower>` ``, one finding per subject).
    what: String,
    /// Its subject in the coverage (`<tower>`, `pig on <farm>`).
    short: String,
    /// As written, for the tile's comment (`pig="yes" on <farm>`).
    written: String,
    /// What happens to it.
    reason: String,
}

impl<'a> TileConv<'a, '_> {
    fn finding(&mut self, f: Finding) {
        self.findings.push(f);
    }

    /// Something of this tile the rule set cannot express: one use of its subject (one
    /// finding per subject in the file), and an entry in the tile's lists.
    fn lose(&mut self, l: Loss, loc: Loc) {
        if !self.lost.contains(&l.written) {
            self.lost.push(l.written);
        }
        if !self.not_checked.contains(&l.short) {
            self.not_checked.push(l.short.clone());
        }
        if l.check != Check::JczUnsupported {
            self.exact = false;
            if !self.costs_tile.contains(&l.short) {
                self.costs_tile.push(l.short.clone());
            }
        }
        self.unsupported.add(l.check, l.what, l.reason, loc);
    }

    /// A name JCloisterZone does not read, close to one it does (`jcz::unknown_name`):
    /// told as such, with the name meant, and left out of the tile. `subject` names it in
    /// the message, `shown` in the coverage (`<monestary>`, `penants on <city>`), `wrap`
    /// shows a name in the advice. A slip of an element that lists sides, or of a field's
    /// `city`, leaves the tile's shape unknown: the tile is not judged further, nor
    /// imported. False when the name is not such a slip.
    fn misspelt(
        &mut self,
        name: &str,
        loc: Loc,
        (subject, shown): (String, String),
        wrap: fn(&str) -> String,
    ) -> bool {
        let Some((f, meant)) = unknown_name(self.file, name, loc, &subject, wrap) else {
            return false;
        };
        if !self.lost.contains(&shown) {
            self.lost.push(shown.clone());
        }
        if !self.not_checked.contains(&shown) {
            self.not_checked.push(shown.clone());
        }
        const SHAPE: [&str; 6] = ["city", "road", "field", "farm", "river", "monastery"];
        if meant.iter().any(|m| SHAPE.contains(m)) {
            self.doubtful = true;
            self.exact = false;
            if !self.costs_tile.contains(&shown) {
                self.costs_tile.push(shown);
            }
        }
        self.finding(f);
        true
    }

    /// An element the rule set cannot express.
    fn lose_element(&mut self, e: &Elem, reason: impl Into<String>) {
        let names = (format!("`<{}>`", e.name), format!("<{}>", e.name));
        if self.misspelt(&e.name, e.loc, names, |m| format!("<{m}>")) {
            return;
        }
        self.lose(
            Loss {
                check: Check::JczUnsupported,
                what: format!("`<{}>`", e.name),
                short: format!("<{}>", e.name),
                written: format!("<{}>", e.name),
                reason: reason.into(),
            },
            e.loc,
        );
    }

    /// An attribute the rule set cannot express.
    fn lose_attr(&mut self, e: &Elem, a: &Attr, reason: impl Into<String>) {
        let names = (
            format!("attribute `{}` on `<{}>`", a.name, e.name),
            format!("{} on <{}>", a.name, e.name),
        );
        if self.misspelt(&a.name, a.loc, names, str::to_string) {
            return;
        }
        self.lose(
            Loss {
                check: Check::JczUnsupported,
                what: format!("attribute `{}` on `<{}>`", a.name, e.name),
                short: format!("{} on <{}>", a.name, e.name),
                written: format!("{}=\"{}\" on <{}>", a.name, a.value, e.name),
                reason: reason.into(),
            },
            a.loc,
        );
    }

    fn has_side_kind(&self, name: &str) -> bool {
        self.rules.side_kinds.iter().any(|s| s.name == name)
    }

    fn has_feature(&self, name: &str) -> bool {
        self.rules.features.iter().any(|f| f.name == name)
    }

    /// Whether a side the rule set cannot express can be checked through a stand-in: the
    /// rule set has the three-part side kind and the feature [`STAND_IN`].
    fn stand_in_possible(&self) -> bool {
        self.has_feature(STAND_IN) && self.parts(STAND_IN) == 3 && self.has_side_kind(STAND_IN)
    }

    /// Number of slots of a side kind (1 when the rule set does not know it).
    fn parts(&self, side_kind: &str) -> usize {
        self.rules
            .side_kinds
            .iter()
            .find(|s| s.name == side_kind)
            .map_or(1, |s| s.parts.len())
    }

    /// `jcz::unknown_side` for a word `e` does not take: a second inner location is told
    /// at once; words that are not places of the kind `e` lists are gathered and told per
    /// element ([`TileConv::tell_unreadable`]).
    fn unknown(&mut self, w: &'a Sp<String>, e: &'a Elem, expected: Expected<'a>) {
        self.doubtful = true;
        match expected {
            Expected::OneInner => {
                let f = unknown_side(self.file, &[w], e, expected, self.spelling);
                self.finding(f);
            }
            _ => self.unreadable.push((w, e, expected)),
        }
    }

    /// `jcz::listed_twice`: the first repeat of a place is a finding; each further repeat
    /// of the same place is one more mark on it (`listed 3 times`), not a finding of its
    /// own (a place repeated 300,000 times is one slip).
    fn listed_again(&mut self, f: Finding) {
        // The finding marks the repeat, then the first listing: the place and its first
        // listing are the key.
        let key = (f.message.clone(), f.labels.get(1).map(|(s, _)| s.offset()));
        if let Some((i, times)) = self.repeats.get_mut(&key) {
            *times += 1;
            if let (Some(found), Some(again)) = (self.findings.get_mut(*i), f.labels.first()) {
                if found.labels.len() < crate::limits::MAX_LABELS {
                    found.labels.push((again.0, "listed again".to_string()));
                }
                // The key's message is the first one: "... is listed twice".
                let base = key.0.trim_end_matches("twice");
                found.message = format!("{base}{times} times");
            }
            return;
        }
        self.repeats.insert(key, (self.findings.len(), 2));
        self.finding(f);
    }

    /// Tells the words gathered by [`TileConv::unknown`]: one `jcz::unknown_side` per
    /// element and list (its text, or one attribute), marking every word.
    fn tell_unreadable(&mut self) {
        let mut words = std::mem::take(&mut self.unreadable);
        while let Some(&(_, e, expected)) = words.first() {
            let same = |x: &(&Sp<String>, &Elem, Expected)| {
                std::ptr::eq(x.1, e) && x.2.list() == expected.list()
            };
            let group: Vec<&Sp<String>> = words.iter().filter(|x| same(x)).map(|x| x.0).collect();
            let f = unknown_side(self.file, &group, e, expected, self.spelling);
            self.finding(f);
            words.retain(|x| !same(x));
        }
    }

    /// Converts the tile, with its XML view; `None` when it cannot be checked. Also
    /// returns its `group`.
    fn run(&mut self, count: Sp<u32>) -> (Option<(Sp<TileDef>, TileXml)>, Option<String>) {
        let tile = self.tile;
        if self.id.value.starts_with(COUNT_PREFIX) {
            self.lose(
                Loss {
                    check: Check::JczUnsupportedTile,
                    what: format!("The Count's City of Carcassonne (tiles `{COUNT_PREFIX}…`)"),
                    short: "the City of Carcassonne (The Count)".into(),
                    written: "the City of Carcassonne (The Count)".into(),
                    reason: "its twelve tiles are laid together as one 4×3 block at the start, whose inner sides hold nothing; not checked".into(),
                },
                self.id.value_loc,
            );
            return (None, None);
        }
        let mut checkable = true;
        let mut group = None;
        let mut stack = None;
        for a in &tile.attrs {
            match a.name.as_str() {
                "id" | "count" => {}
                // JCZ's limit on copies when several editions of a set are combined; the
                // chosen distribution's counts already say how many copies there are.
                "max" => {}
                "group" => {
                    group = Some(a.value.clone());
                    // The spring's group says "this is the start tile", which the tile
                    // set says with `start:` (see `SPRING`), not with a stack.
                    if self.rules.stacks.iter().any(|s| s.name == a.value) {
                        stack = Some(Sp::at(a.value.clone(), a.value_loc));
                    } else if a.value != super::SPRING {
                        self.lose(
                            Loss {
                                check: Check::JczUnsupported,
                                what: format!("`group=\"{}\"`", a.value),
                                short: format!("group=\"{}\" on <tile>", a.value),
                                written: format!("group=\"{}\"", a.value),
                                reason: format!("the rule set has no stack `{}`; ignored", a.value),
                            },
                            a.loc,
                        );
                    }
                }
                _ => self.lose_attr(tile, a, "ignored"),
            }
        }
        let stand_in = self.stand_in_possible();
        let mut drafts: Vec<Draft> = Vec::new();
        let mut garden: Option<Loc> = None;
        let mut tile_items: BTreeMap<String, Sp<u32>> = BTreeMap::new();
        let mut wagon_moves: Vec<&Elem> = Vec::new();
        for e in &tile.children {
            match (e.name.as_str(), feature_of(&e.name)) {
                // A mark on the whole tile that the rule set has as an item (a hill, a
                // vineyard).
                (name, None)
                    if e.words.is_empty()
                        && e.children.is_empty()
                        && self.rules.items.iter().any(|i| i == name) =>
                {
                    let n = tile_items
                        .entry(name.to_string())
                        .or_insert(Sp::at(0, e.loc));
                    n.value = n.value.saturating_add(1);
                }
                // Where features meet on the tile (2021's spelling of the junctions),
                // read once every segment is known.
                ("wagon-move", _) => wagon_moves.push(e),
                // A garden: a segment inside the tile where the rule set has gardens (the
                // abbot's), else a picture on every copy; a tower's foundation: a segment
                // inside the tile where the rule set has towers.
                ("garden", _) if self.has_feature("garden") => {
                    drafts.push(Draft::new(e, "garden", Claim::Inside));
                }
                ("tower", _) if self.has_feature("tower") => {
                    drafts.push(Draft::new(e, "tower", Claim::Inside));
                }
                ("garden", _) => {
                    if self.rules.decorations.iter().any(|d| d == GARDEN) {
                        garden = Some(e.loc);
                    } else {
                        self.lose_element(
                            e,
                            format!("the rule set has no decoration `{GARDEN}`; ignored"),
                        );
                    }
                }
                (_, Some((feature, Claim::Sides)))
                    if !(self.has_feature(feature) && self.has_side_kind(feature)) =>
                {
                    let reason = if stand_in {
                        format!(
                            "the rule set has no `{feature}` side kind and feature; its sides are checked as divided field sides, and tiles with it are not imported"
                        )
                    } else {
                        checkable = false;
                        format!(
                            "the rule set has no `{feature}` side kind and feature; tiles with it are not checked"
                        )
                    };
                    self.lose(
                        Loss {
                            check: Check::JczUnsupportedSide,
                            what: format!("`<{}>`", e.name),
                            short: format!("<{}>", e.name),
                            written: format!("<{}>", e.name),
                            reason,
                        },
                        e.loc,
                    );
                    if stand_in {
                        let mut d = Draft::new(e, STAND_IN, Claim::Sides);
                        d.stand_in = true;
                        drafts.push(d);
                    }
                }
                (_, Some((feature, claim))) => {
                    if !self.has_feature(feature) {
                        self.lose_element(
                            e,
                            format!("the rule set has no feature kind `{feature}`; ignored"),
                        );
                        continue;
                    }
                    drafts.push(Draft::new(e, feature, claim));
                }
                _ => self.lose_element(e, "ignored"),
            }
        }
        self.id_content();
        if !checkable {
            return (None, group);
        }
        // The words of each element: sides, half-sides, inner locations.
        let mut side_claims: [Vec<usize>; 4] = Default::default();
        let mut halves: [[Option<HalfClaim>; 2]; 4] = [[None; 2]; 4];
        let mut inner_fields: Vec<(u8, &Sp<String>)> = Vec::new();
        for (i, d) in drafts.iter_mut().enumerate() {
            let elem = d.elem;
            let claim = d.claim;
            for w in &elem.words {
                let place = location::parse(&w.value);
                match (claim, place) {
                    (Claim::Sides, Some(Place::Edge { sides, halves: 0 })) if sides != 0 => {
                        for s in location::sides(sides) {
                            if let Some((_, first)) = d.sides.iter().find(|(x, _)| *x == s) {
                                let f = listed_twice(
                                    self.file,
                                    &format!("side `{}`", SIDES[s]),
                                    &elem.name,
                                    &self.id.value,
                                    &w.loc,
                                    first,
                                );
                                self.listed_again(f);
                                d.twice = true;
                            } else {
                                d.sides.push((s, w.loc));
                                side_claims[s].push(i);
                            }
                        }
                    }
                    (Claim::Halves, Some(Place::Edge { sides: 0, halves: hs })) if hs != 0 => {
                        for (s, h) in location::halves(hs) {
                            match halves[s][h] {
                                Some((_, first)) => {
                                    let f = listed_twice(
                                        self.file,
                                        &format!(
                                            "half-side `{}{}`",
                                            SIDES[s],
                                            if h == 0 { 'L' } else { 'R' }
                                        ),
                                        &elem.name,
                                        &self.id.value,
                                        &w.loc,
                                        &first.loc,
                                    );
                                    self.listed_again(f);
                                    d.twice = true;
                                }
                                None => {
                                    halves[s][h] = Some((i, w));
                                    d.halves.push((s, h));
                                }
                            }
                        }
                    }
                    (Claim::Sides | Claim::Halves, Some(Place::Inner(n))) => {
                        if d.inner.is_some() {
                            self.unknown(w, elem, Expected::OneInner);
                            continue;
                        }
                        if claim == Claim::Halves {
                            if let Some((_, first)) = inner_fields.iter().find(|(m, _)| *m == n)
                            {
                                let f = listed_twice(
                                    self.file,
                                    &format!("inner location `{}`", location::inner_name(n)),
                                    &elem.name,
                                    &self.id.value,
                                    &w.loc,
                                    &first.loc,
                                );
                                self.listed_again(f);
                                d.twice = true;
                                continue;
                            }
                            inner_fields.push((n, w));
                        }
                        d.inner = Some((n, w));
                    }
                    // A monastery lies at its kind's first inner place whatever its text
                    // says; `I` just says so.
                    (Claim::Inside, Some(Place::Inner(_))) => {}
                    (Claim::Inside, _) => self.finding(
                        Finding::new(
                            Check::JczUnknownSide,
                            format!(
                                "`<{}>` lies inside the tile but lists `{}`",
                                elem.name, w.value
                            ),
                        )
                        .in_file(self.file)
                        .at(&w.loc, "not expected here")
                        .help(format!(
                            "write `<{0}/>` with no text (or `<{0}>I</{0}>`, its place inside the tile)",
                            elem.name
                        )),
                    ),
                    (Claim::Sides, _) => self.unknown(w, elem, Expected::Sides),
                    (Claim::Halves, _) => self.unknown(w, elem, Expected::Halves),
                }
            }
            // Every place it listed was listed before: no segment of its own.
            if d.twice && d.sides.is_empty() && d.halves.is_empty() && d.inner.is_none() {
                d.dropped = true;
            }
            // An inner location with edges too: the element lists one or the other.
            let has_edges = !d.sides.is_empty() || !d.halves.is_empty();
            if let (Some((_, w)), true) = (d.inner, has_edges) {
                let expected = if claim == Claim::Halves {
                    Expected::Halves
                } else {
                    Expected::Sides
                };
                self.unknown(w, elem, expected);
                d.inner = None;
            }
        }
        // A city, road or river inside the tile (`<city>I</city>`): tessera's segments of
        // those kinds lie along sides.
        for d in drafts.iter_mut() {
            if d.claim == Claim::Sides && !d.stand_in && d.sides.is_empty() {
                if let Some((n, _)) = d.inner {
                    d.dropped = true;
                    let name = location::inner_name(n);
                    let el = &d.elem.name;
                    let reason = format!(
                        "a {} that touches no side is not a segment tessera can express; ignored, with the fields' `city=\"{name}\"` naming it",
                        d.feature
                    );
                    self.lose(
                        Loss {
                            check: Check::JczUnsupported,
                            what: format!("`<{el}>` inside the tile (`<{el}>{name}</{el}>`)"),
                            short: format!("<{el}>{name}</{el}>"),
                            written: format!("<{el}>{name}</{el}>"),
                            reason,
                        },
                        d.elem.loc,
                    );
                }
            }
        }
        // A side two cities share (`multi-edge="N"` on the second): it shares the slot the
        // first claims.
        let mut multi: Vec<(usize, usize, Loc)> = Vec::new();
        for (k, d) in drafts.iter().enumerate() {
            if d.stand_in || d.feature != "city" {
                continue;
            }
            let Some(a) = d.elem.attr("multi-edge") else {
                continue;
            };
            for w in &a.words {
                match location::parse(&w.value) {
                    Some(Place::Edge { sides, halves: 0 }) if sides != 0 => {
                        for s in location::sides(sides) {
                            let other_city = side_claims[s]
                                .iter()
                                .any(|&o| o != k && drafts[o].feature == "city");
                            if other_city {
                                multi.push((k, s, w.loc));
                            } else {
                                self.finding(
                                    Finding::new(
                                        Check::JczMultiEdge,
                                        format!(
                                            "`multi-edge=\"{}\"` on tile `{}`: no other city holds side {}",
                                            a.value,
                                            self.id.value,
                                            side_name(s)
                                        ),
                                    )
                                    .in_file(self.file)
                                    .at(&w.loc, "no city to share")
                                    .help("`multi-edge` names a side another `<city>` of the tile holds, which this city reaches too"),
                                );
                            }
                        }
                    }
                    _ => self.unknown(w, d.elem, Expected::SidesIn(&a.name)),
                }
            }
        }
        for (k, s, loc) in multi {
            drafts[k].shares.push(Sp::at(SIDES[s].to_string(), loc));
        }
        // Sides the rule set cannot express: city gates, hedges.
        let mut extra: Vec<Draft> = Vec::new();
        for d in &drafts {
            if d.stand_in {
                continue;
            }
            let elem = d.elem;
            for a in &elem.attrs {
                let what = match (d.feature, a.name.as_str()) {
                    ("city", "city-gate") => "a city gate",
                    ("road", "bush") => "a hedge",
                    _ => continue,
                };
                for w in &a.words {
                    let sides = match location::parse(&w.value) {
                        Some(Place::Edge { sides, halves: 0 }) if sides != 0 => sides,
                        _ => {
                            self.unknown(w, elem, Expected::SidesIn(&a.name));
                            continue;
                        }
                    };
                    self.lose(
                        Loss {
                            check: Check::JczUnsupportedSide,
                            what: format!("{what} (`{}` on `<{}>`)", a.name, elem.name),
                            short: format!("{} on <{}>", a.name, elem.name),
                            written: format!("{}=\"{}\" on <{}>", a.name, a.value, elem.name),
                            reason: "each such side is checked as a field side divided in two, as beside a road's end; tiles with it are not imported".into(),
                        },
                        w.loc,
                    );
                    if !stand_in {
                        continue;
                    }
                    for s in location::sides(sides) {
                        let taken = !side_claims[s].is_empty()
                            || extra.iter().any(|x| x.sides.iter().any(|(y, _)| *y == s));
                        if !taken {
                            let mut x = Draft::new(elem, STAND_IN, Claim::Sides);
                            x.stand_in = true;
                            x.sides.push((s, w.loc));
                            extra.push(x);
                        }
                    }
                }
            }
        }
        for x in extra {
            for (s, _) in &x.sides {
                side_claims[*s].push(drafts.len());
            }
            drafts.push(x);
        }
        // Field sides split between two fields with nothing between them: the second field
        // shares the side when the id says that walls divide the tile's fields (`!`, see
        // `DIVIDED`); else an error, and the side is checked through a stand-in, so that
        // nothing else follows from it.
        let divided = self
            .id
            .value
            .rsplit('/')
            .next()
            .is_some_and(|m| m.contains(DIVIDED));
        let mut divided_sides = [false; 4];
        for s in 0..4 {
            if !side_claims[s].is_empty() {
                continue;
            }
            let [Some((i, w)), Some((j, v))] = halves[s] else {
                continue;
            };
            if i == j {
                continue;
            }
            let field = self.spelling.field();
            if divided {
                divided_sides[s] = true;
                continue;
            } else {
                self.finding(
                Finding::new(
                    Check::JczSplitSide,
                    format!(
                        "side {} of tile `{}` is split between two fields with no road between them",
                        SIDES[s], self.id.value
                    ),
                )
                .in_file(self.file)
                .at(&w.loc, "one field")
                .at(&v.loc, "another field")
                .help(format!(
                    "tessera cannot split a field side: a road (`<road>{}</road>`) must divide it, or both halves belong to one `<{field}>` (if a wall drawn on the tile divides them, mark the id with `{DIVIDED}`, as JCloisterZone does)",
                    SIDES[s]
                )),
            );
            }
            if stand_in {
                // Located at the tile, where no other segment or slot is: the stand-in is
                // no element of the file.
                let mut x = Draft::new(drafts[i].elem, STAND_IN, Claim::Sides);
                x.stand_in = true;
                x.sides.push((s, tile.loc));
                side_claims[s].push(drafts.len());
                drafts.push(x);
                self.exact = false;
            }
        }
        // Side kinds, each located at the word that claims it (a field side: the tile).
        let mut side_kinds: Vec<Sp<String>> = Vec::new();
        for (s, claims) in side_claims.iter().enumerate() {
            let claimer = SIDE_PRECEDENCE
                .iter()
                .find_map(|k| claims.iter().copied().find(|&i| drafts[i].feature == *k));
            side_kinds.push(match claimer {
                Some(i) => {
                    let loc = drafts[i]
                        .sides
                        .iter()
                        .find(|(x, _)| *x == s)
                        .map_or(tile.loc, |(_, l)| *l);
                    Sp::at(drafts[i].feature.to_string(), loc)
                }
                None => Sp::at(FIELD.to_string(), tile.loc),
            });
        }
        // Slots of whole-side claims.
        for d in drafts.iter_mut() {
            for (s, l) in &d.sides {
                d.at.push(Sp::at(SIDES[*s].to_string(), *l));
            }
        }
        // Slots of half-side claims.
        for s in 0..4 {
            let kind = side_kinds[s].value.clone();
            let three = self.parts(&kind) == 3;
            let [l, r] = halves[s];
            if three {
                for (h, claim) in [l, r].into_iter().enumerate() {
                    if let Some((i, w)) = claim {
                        let name = format!("{}{}", SIDES[s], if h == 0 { 'L' } else { 'R' });
                        drafts[i].at.push(Sp::at(name, w.loc));
                    }
                }
                continue;
            }
            let whole = SIDES[s].to_string();
            match (l, r) {
                (Some((i, w)), Some((j, v))) if i != j && divided_sides[s] => {
                    drafts[i].at.push(Sp::at(whole.clone(), w.loc));
                    drafts[j].shares.push(Sp::at(whole, v.loc));
                }
                (Some((i, w)), Some((j, v))) if i != j => {
                    drafts[i].at.push(Sp::at(whole.clone(), w.loc));
                    if side_claims[s].is_empty() {
                        // A split side no stand-in could check (`jcz::split_side` said so).
                        drafts[j].folded = true;
                    } else {
                        drafts[j].at.push(Sp::at(whole, v.loc));
                    }
                }
                (Some((i, w)), Some(_)) => drafts[i].at.push(Sp::at(whole, w.loc)),
                (Some((i, w)), None) | (None, Some((i, w))) => {
                    if side_claims[s].is_empty() {
                        let missing =
                            format!("{}{}", SIDES[s], if l.is_none() { 'L' } else { 'R' });
                        let field = self.spelling.field();
                        self.finding(
                            Finding::new(
                                Check::JczUnclaimedHalf,
                                format!(
                                    "half-side `{missing}` of tile `{}` belongs to no field, while `{}` does",
                                    self.id.value, w.value
                                ),
                            )
                            .in_file(self.file)
                            .at(&w.loc, "the other half")
                            .help(format!(
                                "add `{missing}` to the `<{field}>` that covers it (a field side has no gap)"
                            )),
                        );
                    }
                    drafts[i].at.push(Sp::at(whole, w.loc));
                }
                (None, None) => {}
            }
        }
        // Segment ids: the feature kind, numbered when the tile has several.
        let mut per_kind: HashMap<&str, usize> = HashMap::new();
        for d in drafts.iter().filter(|d| !d.dropped) {
            *per_kind.entry(d.feature).or_default() += 1;
        }
        let mut seen: HashMap<&str, usize> = HashMap::new();
        let ids: Vec<String> = drafts
            .iter()
            .map(|d| {
                if d.dropped {
                    return String::new();
                }
                let n = seen.entry(d.feature).or_default();
                *n += 1;
                if per_kind[d.feature] > 1 {
                    format!("{}{n}", d.feature)
                } else {
                    d.feature.to_string()
                }
            })
            .collect();
        // Links and items.
        for i in 0..drafts.len() {
            if drafts[i].stand_in || drafts[i].dropped {
                continue;
            }
            let elem = drafts[i].elem;
            for a in &elem.attrs {
                let name = current_attr(&elem.name, &a.name);
                match (drafts[i].feature, name) {
                    // Junctions (read below), and what the loop above read.
                    (_, "wagon-move") | ("city", "city-gate" | "multi-edge") | ("road", "bush") => {
                        continue;
                    }
                    ("field", "city") => {}
                    _ => {
                        self.attribute_item(&mut drafts[i], a, name);
                        continue;
                    }
                }
                if !self.rules.relations.iter().any(|r| r == TOUCHES) {
                    self.lose_attr(
                        elem,
                        a,
                        format!("the rule set has no relation `{TOUCHES}` for a field's city contacts; ignored"),
                    );
                    continue;
                }
                let mut links: Vec<Sp<String>> = Vec::new();
                for w in &a.words {
                    let target = match location::parse(&w.value) {
                        Some(Place::Edge { sides, halves: 0 }) if sides != 0 => drafts
                            .iter()
                            .position(|d| {
                                d.feature == "city"
                                    && !d.stand_in
                                    && location::sides(sides)
                                        .all(|s| d.sides.iter().any(|(x, _)| *x == s))
                            })
                            .ok_or_else(|| {
                                let named: Vec<&str> =
                                    location::sides(sides).map(side_name).collect();
                                if named.len() == 1 {
                                    format!("names side {}, which holds no city", named[0])
                                } else {
                                    format!(
                                        "names sides {}, which no one city holds",
                                        named.join(" ")
                                    )
                                }
                            }),
                        Some(Place::Inner(n)) => drafts
                            .iter()
                            .position(|d| {
                                d.feature == "city" && d.inner.is_some_and(|(m, _)| m == n)
                            })
                            .ok_or_else(|| {
                                format!(
                                    "names the inner city `{}`, which the tile does not have",
                                    location::inner_name(n)
                                )
                            }),
                        _ => {
                            self.unknown(w, elem, Expected::SidesIn("city"));
                            continue;
                        }
                    };
                    match target {
                        // An inner city is not expressed: naming it is part of what is
                        // lost with it.
                        Ok(j) if drafts[j].dropped => {}
                        Ok(j) => {
                            if !links.iter().any(|l| l.value == ids[j]) {
                                links.push(Sp::at(ids[j].clone(), w.loc));
                            }
                        }
                        Err(why) => self.finding(
                            Finding::new(
                                Check::JczNoCity,
                                format!(
                                    "`city=\"{}\"` on a `<{}>` of tile `{}` {why}",
                                    a.value, elem.name, self.id.value
                                ),
                            )
                            .in_file(self.file)
                            .at(&w.loc, "no city here")
                            .help(format!(
                                "name each city this `<{}>` touches by one of that city's sides",
                                elem.name
                            )),
                        ),
                    }
                }
                drafts[i].links = links;
            }
        }
        let junctions = self.junctions(&drafts, &ids, &wagon_moves);
        let kept: Vec<(Draft, &String)> = drafts
            .into_iter()
            .zip(&ids)
            .filter(|(d, _)| !d.dropped)
            .collect();
        let xml = TileXml {
            segments: kept
                .iter()
                .map(|(d, _)| SegmentXml {
                    element: d.elem.name.clone(),
                    city: d
                        .elem
                        .attr("city")
                        .filter(|_| d.claim == Claim::Halves)
                        .cloned(),
                    folded: d.folded,
                    stand_in: d.stand_in,
                })
                .collect(),
            not_expressed: std::mem::take(&mut self.lost),
            fixed: Vec::new(),
            doubtful: self.doubtful,
            exact: self.exact,
        };
        let segments = kept
            .into_iter()
            .map(|(d, id)| {
                let mut links = BTreeMap::new();
                if !d.links.is_empty() {
                    links.insert(TOUCHES.to_string(), d.links);
                }
                // A stand-in is located at the word that made it.
                let loc = d.sides.first().map_or(d.elem.loc, |(_, l)| *l);
                let loc = if d.stand_in { loc } else { d.elem.loc };
                Sp::at(
                    SegmentDef {
                        id: Sp::at(id.clone(), loc),
                        feature: Sp::at(d.feature.to_string(), loc),
                        at: d.at,
                        items: d.items,
                        links,
                        // JCZ has no way to say that a field and a city meeting at a
                        // corner are kept apart: a field without `city=` is simply
                        // silent, and the corner rule reports it.
                        apart: BTreeMap::new(),
                        shares: d.shares,
                    },
                    loc,
                )
            })
            .collect();
        let [n, e, s, w]: [Sp<String>; 4] = match side_kinds.try_into() {
            Ok(a) => a,
            Err(_) => return (None, group),
        };
        let copies = match garden {
            Some(loc) => Sp::at(
                // One entry per copy; a count beyond the limit is reported, not allocated.
                (0..count.value.min(crate::limits::MAX_COPIES))
                    .map(|_| CopyDef {
                        decorations: vec![Sp::at(GARDEN.to_string(), loc)],
                    })
                    .collect(),
                loc,
            ),
            None => Sp::default(),
        };
        let def = TileDef {
            id: Sp::at(self.id.value.clone(), self.id.value_loc),
            name: None,
            count,
            shape: None,
            deduced: None,
            stack,
            sides: Some(Sp::at(Sides { n, e, s, w }, tile.loc)),
            segments,
            copies,
            items: tile_items,
            junctions,
            image: None,
        };
        (Some((Sp::at(def, tile.loc), xml)), group)
    }

    /// The tile's junctions, by segment id (`ids`, by draft): 2021's `<wagon-move>`
    /// groups of places (`<neighbouring>CLOISTER S</neighbouring>`, each place the feature
    /// that holds it: a side's road or city, an inner location's monastery), and today's
    /// `wagon-move="a b"` labels on feature elements (the features that share a label form
    /// one junction). A place no feature holds is `jcz::junction_place`; a feature that is
    /// not expressed drops out, and a junction left with fewer than two segments is none.
    fn junctions(
        &mut self,
        drafts: &[Draft],
        ids: &[String],
        wagon_moves: &[&Elem],
    ) -> Vec<Sp<Vec<Sp<String>>>> {
        // The draft each place names, looked up once per tile rather than per word: by
        // mask of whole sides, the first element along all of them; the first element
        // inside the tile; by inner location, the first element there.
        let by_sides: Vec<Option<usize>> = (0u8..16)
            .map(|mask| {
                drafts.iter().position(|d| {
                    mask != 0
                        && d.claim == Claim::Sides
                        && location::sides(mask).all(|s| d.sides.iter().any(|(x, _)| *x == s))
                })
            })
            .collect();
        let inside = drafts
            .iter()
            .position(|d| d.claim == Claim::Inside && !d.dropped);
        let holder = |place: Option<Place>| match place {
            Some(Place::Edge { sides, halves: 0 }) => {
                by_sides.get(usize::from(sides)).copied().flatten()
            }
            Some(Place::Inner(n)) => inside.or_else(|| {
                drafts
                    .iter()
                    .position(|d| d.inner.is_some_and(|(m, _)| m == n))
            }),
            _ => None,
        };
        let mut out: Vec<Sp<Vec<Sp<String>>>> = Vec::new();
        let mut push = |members: Vec<Sp<String>>, loc: Loc| {
            if members.len() >= 2 {
                out.push(Sp::at(members, loc));
            }
        };
        // What a `<wagon-move>` holds besides its groups, and what a group holds besides
        // its text, is no junction tessera reads: said, so the tile is not called fully
        // checked with a junction lost.
        for e in wagon_moves {
            for a in &e.attrs {
                self.lose_attr(e, a, "ignored");
            }
        }
        for group in wagon_moves.iter().flat_map(|e| &e.children) {
            if group.name != "neighbouring" {
                self.lose_element(group, "not a `<neighbouring>` group of places; ignored");
                continue;
            }
            for a in &group.attrs {
                self.lose_attr(group, a, "ignored");
            }
            for inner in &group.children {
                self.lose_element(inner, "a `<neighbouring>` lists places as text; ignored");
            }
            let mut members: Vec<Sp<String>> = Vec::new();
            let mut seen: HashSet<usize> = HashSet::new();
            for w in &group.words {
                match holder(location::parse(&w.value)) {
                    // Not expressed (an inner city): it drops out of the junction.
                    Some(j) if drafts[j].dropped => {}
                    Some(j) => {
                        if seen.insert(j) {
                            members.push(Sp::at(ids[j].clone(), w.loc));
                        }
                    }
                    None => self.finding(
                        Finding::new(
                            Check::JczJunctionPlace,
                            format!(
                                "`{}` in a `<neighbouring>` of tile `{}` is no place a road, city or monastery of the tile holds",
                                w.value, self.id.value
                            ),
                        )
                        .in_file(self.file)
                        .at(&w.loc, "nothing here")
                        .help("name each feature that meets the others by one of its sides (`N`), or a monastery by `CLOISTER` (`I`)"),
                    ),
                }
            }
            push(members, group.loc);
        }
        // Today's labels: the features that share one form a junction.
        let mut label_at: HashMap<&str, usize> = HashMap::new();
        let mut labels: Vec<(Loc, Vec<Sp<String>>, HashSet<usize>)> = Vec::new();
        for (j, (d, id)) in drafts.iter().zip(ids).enumerate() {
            let Some(a) = d.elem.attr("wagon-move").filter(|_| !d.dropped) else {
                continue;
            };
            // A field meets nothing a piece moves along (JCloisterZone reads no field's).
            if d.claim == Claim::Halves {
                self.lose_attr(d.elem, a, "a field is in no junction; ignored");
                continue;
            }
            for w in &a.words {
                let i = *label_at.entry(&w.value).or_insert_with(|| {
                    labels.push((w.loc, Vec::new(), HashSet::new()));
                    labels.len() - 1
                });
                if labels[i].2.insert(j) {
                    labels[i].1.push(Sp::at(id.clone(), w.loc));
                }
            }
        }
        for (loc, members, _) in labels {
            push(members, loc);
        }
        out
    }

    /// An attribute of a feature element (`name`: its name today): an item of the rule
    /// set, or not expressible.
    fn attribute_item(&mut self, d: &mut Draft, a: &Attr, name: &str) {
        // `<city resource="wine">`: a trade good, one of the item the value names.
        if name == "resource" && self.rules.items.contains(&a.value) {
            d.items.insert(a.value.clone(), Sp::at(1, a.loc));
            return;
        }
        let n = match amount(&a.value) {
            // `castle-base="false"`, `pennants="0"`: says that something is absent.
            Some(0) => return,
            // A yes/no since (`extra-points="3"` became `darmstadtium="true"`).
            Some(_) if name != a.name && name == "darmstadtium" => 1,
            Some(n) => n,
            None => {
                let known = [item_name(name), name, a.name.as_str()]
                    .into_iter()
                    .any(|i| self.rules.items.iter().any(|x| x == i));
                if known {
                    // An item the rule set has, with a value that is no amount: the
                    // author's slip, not something tessera cannot express.
                    let f = Finding::new(
                        Check::JczStructure,
                        format!(
                            "`{}=\"{}\"` on `<{}>` is neither a whole number nor true/false",
                            a.name, a.value, d.elem.name
                        ),
                    )
                    .in_file(self.file)
                    .at(&a.value_loc, "not an amount")
                    .help(format!(
                        "write how many (`{}=\"1\"`), or `true` / `false`",
                        a.name
                    ));
                    self.finding(f);
                } else {
                    self.lose_attr(d.elem, a, "ignored");
                }
                return;
            }
        };
        let item = [item_name(name), name, a.name.as_str()]
            .into_iter()
            .find(|i| self.rules.items.iter().any(|x| x == i));
        match item {
            Some(item) => {
                d.items.insert(item.to_string(), Sp::at(n, a.loc));
            }
            None => self.lose_attr(
                d.elem,
                a,
                format!("the rule set has no item `{}`; ignored", item_name(name)),
            ),
        }
    }

    /// `jcz::id_content`: the id's mnemonic promises a pennant (`+`), an inn (`i` in a
    /// suffix) or a cathedral (suffix `c`) that no element of the tile carries.
    fn id_content(&mut self) {
        let id = &self.id.value;
        let mnemonic = id.rsplit('/').next().unwrap_or(id);
        let suffixes: Vec<&str> = mnemonic.split('.').skip(1).collect();
        let has = |attr: &str| {
            self.tile.children.iter().any(|e| {
                e.attrs.iter().any(|a| {
                    // A value that is no amount is its own finding, not a missing item.
                    // A slip of the name (`penants`) is its own finding, too.
                    let named = current_attr(&e.name, &a.name) == attr
                        || near_name(&a.name).is_some_and(|m| m.contains(&attr));
                    named && amount(&a.value).is_none_or(|n| n > 0)
                })
            })
        };
        // Traders & Builders writes `.c` for cloth: a tile naming a trade good is not a
        // cathedral tile.
        let trade_good = self
            .tile
            .children
            .iter()
            .any(|e| e.attr("resource").is_some());
        // (item, its attribute today, the attribute set as today's files write it, on
        // which element, the sign in the id). The advice is today's spelling whatever the
        // file's generation: JCloisterZone no longer reads 2021's `pennant="yes"`.
        let mut promised: Vec<(&str, &str, &str, &str, &str)> = Vec::new();
        if mnemonic.contains('+') {
            promised.push(("pennant", "pennants", "pennants=\"1\"", "city", "`+`"));
        }
        if suffixes.iter().any(|s| s.contains('i')) {
            promised.push(("inn", "inn", "inn=\"true\"", "road", "`i` in a suffix"));
        }
        if !trade_good && suffixes.iter().any(|s| *s == "c" || *s == "cG") {
            promised.push((
                "cathedral",
                "cathedral",
                "cathedral=\"true\"",
                "city",
                "the suffix `.c`",
            ));
        }
        let old = self.spelling == Spelling::Old;
        for (item, attr, example, elem, sign) in promised {
            if has(attr) {
                continue;
            }
            let note = if old && item == "pennant" {
                " (today's spelling; 2021's `pennant=\"yes\"` is no longer read by JCloisterZone)"
            } else {
                ""
            };
            self.findings.push(
                Finding::new(
                    Check::JczIdContent,
                    format!(
                        "tile id `{id}` says {item} ({sign}) but no element of the tile has `{attr}`"
                    ),
                )
                .in_file(self.file)
                .at(&self.id.value_loc, format!("id promises a {item}"))
                .help(format!(
                    "add `{example}` to the `<{elem}>` that has it{note}, or rename the tile (ids are names; the elements are the data)"
                )),
            );
        }
    }
}

/// The letter of side `s`.
fn side_name(s: usize) -> &'static str {
    ["N", "E", "S", "W"].get(s).copied().unwrap_or("?")
}

/// `jcz::listed_twice`: `what` (a side, a half-side, an inner location) listed again.
fn listed_twice(
    file: &SourceFile,
    what: &str,
    element: &str,
    id: &str,
    again: &Loc,
    first: &Loc,
) -> Finding {
    Finding::new(
        Check::JczListedTwice,
        format!("{what} of tile `{id}` is listed twice"),
    )
    .in_file(file)
    .at(again, "listed again")
    .at(first, "first listed here")
    .help(format!(
        "every place belongs to one element: remove one of them (here in `<{element}>`)"
    ))
}

/// What a word was expected to be.
#[derive(Clone, Copy)]
enum Expected<'a> {
    /// Sides, in a city's, road's or river's text.
    Sides,
    /// Half-sides, in a field's text.
    Halves,
    /// One inner location only.
    OneInner,
    /// Sides, in the attribute named.
    SidesIn(&'a str),
}

impl Expected<'_> {
    /// Which list of the element the word is in: its text (`None`) or the attribute
    /// named.
    fn list(&self) -> Option<&str> {
        match self {
            Expected::SidesIn(attr) => Some(attr),
            _ => None,
        }
    }
}

/// What an unreadable word most likely meant, in the words its list takes: a whole side
/// in a field's text is its two halves (`N` → `NL NR`), a half-side where sides are
/// listed is its side (`NL` → `N`), and a word in the wrong case or one letter off is the
/// one place it is that close to (`nl` → `NL`, `EX` → `E`). `None` when nothing is that
/// close.
fn meant(word: &str, expected: Expected) -> Option<String> {
    let halves = matches!(expected, Expected::Halves);
    let names = |p: Place| -> Option<String> {
        let Place::Edge { sides, halves: hs } = p else {
            return None;
        };
        let mut out: Vec<String> = Vec::new();
        for (s, side) in SIDES.iter().enumerate() {
            let whole = sides & (1 << s) != 0;
            let half = |h: usize| hs & (1 << (2 * s + h)) != 0;
            if halves {
                if whole || half(0) {
                    out.push(format!("{side}L"));
                }
                if whole || half(1) {
                    out.push(format!("{side}R"));
                }
            } else if whole || half(0) || half(1) {
                out.push(side.to_string());
            }
        }
        (!out.is_empty()).then(|| out.join(" "))
    };
    if let Some(p) = location::parse(word).or_else(|| location::parse(&word.to_uppercase())) {
        return names(p);
    }
    let candidates: Vec<String> = if halves {
        SIDES
            .iter()
            .flat_map(|s| [format!("{s}L"), format!("{s}R")])
            .collect()
    } else {
        SIDES.iter().map(|s| s.to_string()).collect()
    };
    let upper = word.to_uppercase();
    let close: Vec<&String> = candidates
        .iter()
        .filter(|c| crate::diag::edit_distance(&upper, c) == 1)
        .collect();
    match close.as_slice() {
        [one] => Some((*one).clone()),
        _ => None,
    }
}

/// Element and attribute names that JCloisterZone and FanCloisterZone tile definitions
/// use (read from their expansion files, 2021 and today, and from fan expansions), for
/// telling a slip (`<monestary>`) from a name of their own ([`near_name`]).
const JCZ_NAMES: &[&str] = &[
    // Elements.
    "acrobats",
    "bazaar",
    "circus",
    "city",
    "cloister",
    "corn-circle",
    "crater",
    "defs",
    "dragon",
    "expansion",
    "farm",
    "ferry",
    "festival",
    "field",
    "flying-machine",
    "garden",
    "goldmine",
    "hill",
    "icon",
    "implies",
    "link",
    "mage",
    "marketplace",
    "monastery",
    "pack",
    "portal",
    "quarter",
    "razboynik",
    "ref",
    "remove",
    "requires",
    "river",
    "road",
    "sets",
    "tile",
    "tile-set",
    "tiles",
    "title",
    "tower",
    "tunnel",
    "vineyard",
    "vodyanoy",
    "volcano",
    "wagon-move",
    "watchtower",
    "well",
    "yaga-hut",
    // Attributes.
    "action",
    "besieged",
    "bonus",
    "bush",
    "castle-base",
    "cathedral",
    "church",
    "city-gate",
    "class",
    "count",
    "darmstadtium",
    "direction",
    "down",
    "element",
    "extra-points",
    "family",
    "flowers",
    "group",
    "id",
    "inn",
    "labyrinth",
    "max",
    "multi-edge",
    "pennant",
    "pennants",
    "pig",
    "pig-herd",
    "points",
    "princess",
    "resource",
    "shed",
    "shrine",
    "special",
    "topic",
    "tunnels",
    "type",
    "url",
    "wells",
    "wind-rose",
];

/// The names of [`JCZ_NAMES`] that `name`, not one of them, is most likely a slip of:
/// those at the least edit distance, if that is at most 1 (2 for names of five letters or
/// more) or only a matter of case. Empty (`None`) when nothing is that close.
fn near_name(name: &str) -> Option<Vec<&'static str>> {
    if JCZ_NAMES.contains(&name) {
        return None;
    }
    // Remembered per name: a file may repeat one unknown name hundreds of thousands of
    // times (the edit distances to every known name took a second for 50,000 `<a/>`).
    // At most 10,000 names are kept: a file of more distinct ones starts over.
    type Memo = std::collections::HashMap<String, Option<Vec<&'static str>>>;
    thread_local! {
        static MEMO: std::cell::RefCell<Memo> = std::cell::RefCell::default();
    }
    if let Some(known) = MEMO.with(|m| m.borrow().get(name).cloned()) {
        return known;
    }
    let found = nearest_names(name);
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= 10_000 {
            m.clear();
        }
        m.insert(name.to_string(), found.clone());
    });
    found
}

/// [`near_name`], computed.
fn nearest_names(name: &str) -> Option<Vec<&'static str>> {
    let lower = name.to_lowercase();
    let limit = if name.chars().count() >= 5 { 2 } else { 1 };
    let scored: Vec<(usize, &'static str)> = JCZ_NAMES
        .iter()
        .map(|n| (crate::diag::edit_distance(&lower, n), *n))
        .filter(|(d, _)| *d <= limit)
        .collect();
    let best = scored.iter().map(|(d, _)| *d).min()?;
    Some(
        scored
            .into_iter()
            .filter(|(d, _)| *d == best)
            .map(|(_, n)| n)
            .collect(),
    )
}

/// `jcz::unknown_name` for `name` at `loc` when it is a slip of a name JCloisterZone
/// reads ([`near_name`]), with the names meant. `subject` names it in the message
/// (`` `<monestary>` ``), `wrap` shows a name meant (`<monastery>`).
fn unknown_name(
    file: &SourceFile,
    name: &str,
    loc: Loc,
    subject: &str,
    wrap: fn(&str) -> String,
) -> Option<(Finding, Vec<&'static str>)> {
    let meant = near_name(name)?;
    let shown: Vec<String> = meant.iter().map(|m| format!("`{}`", wrap(m))).collect();
    let f = Finding::new(
        Check::JczUnknownName,
        format!(
            "{subject} is not a name JCloisterZone reads: did you mean {}?",
            shown.join(" or ")
        ),
    )
    .in_file(file)
    .at(&loc, "not read")
    .help(format!(
        "write {} (JCloisterZone skips names it does not know, so its games lack what this says too)",
        shown.join(" or ")
    ));
    Some((f, meant))
}

/// `a`, `a` and `b`, `a`, `b` and `c`: words in backticks.
fn listed(words: &[&Sp<String>]) -> String {
    let w: Vec<String> = words.iter().map(|w| format!("`{}`", w.value)).collect();
    match w.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `jcz::unknown_side`: words of one list of an element (its text, or one attribute)
/// that are not what it lists, each marked, with what each most likely meant.
fn unknown_side(
    file: &SourceFile,
    words: &[&Sp<String>],
    e: &Elem,
    expected: Expected,
    spelling: Spelling,
) -> Finding {
    let inner = match spelling {
        Spelling::Old => "INNER_FARM",
        Spelling::Current => "one inner location, I or II",
    };
    let (message, help) = match expected {
        Expected::OneInner => (
            format!(
                "{} in `<{}>` names a second inner location: an element lies at one place inside the tile",
                listed(words),
                e.name
            ),
            "keep one inner location".to_string(),
        ),
        Expected::Sides | Expected::Halves | Expected::SidesIn(_) => {
            let (place, list) = match expected {
                Expected::Halves => (
                    format!("`<{}>`", e.name),
                    format!("half-sides NL NR EL ER SL SR WL WR (or {inner})"),
                ),
                Expected::SidesIn(attr) => (
                    format!("`{attr}` on `<{}>`", e.name),
                    if attr == "city" {
                        "sides N E S W (or I, an inner city)".to_string()
                    } else {
                        "sides N E S W".to_string()
                    },
                ),
                _ => (
                    format!("`<{}>`", e.name),
                    "sides N E S W (or one inner location, I)".to_string(),
                ),
            };
            let (is, one) = if words.len() == 1 {
                ("is", "one of the")
            } else {
                ("are", "among the")
            };
            let message = format!("{} in {place} {is} not {one} {list}", listed(words));
            // What each word most likely meant, and the whole list rewritten with it.
            let guesses: Vec<Option<String>> =
                words.iter().map(|w| meant(&w.value, expected)).collect();
            let all: Vec<&Sp<String>> = match expected.list() {
                Some(attr) => e
                    .attr(attr)
                    .map(|a| a.words.iter().collect())
                    .unwrap_or_default(),
                None => e.words.iter().collect(),
            };
            let help = if guesses.iter().all(Option::is_some) && !words.is_empty() {
                let fixed: Vec<String> = all
                    .iter()
                    .map(|w| {
                        words
                            .iter()
                            .position(|x| std::ptr::eq(*x, *w))
                            .and_then(|i| guesses[i].clone())
                            .unwrap_or_else(|| w.value.clone())
                    })
                    .collect();
                let pairs: Vec<String> = words
                    .iter()
                    .zip(&guesses)
                    .map(|(w, g)| {
                        format!("`{}` for `{}`", g.as_deref().unwrap_or_default(), w.value)
                    })
                    .collect();
                let written = match expected.list() {
                    Some(attr) => format!("{attr}=\"{}\"", fixed.join(" ")),
                    None => format!("<{0}>{1}</{0}>", e.name, fixed.join(" ")),
                };
                format!(
                    "did you mean `{written}`? ({}; {place} lists {list}, separated by spaces)",
                    pairs.join(", ")
                )
            } else {
                format!("{place} lists {list}, separated by spaces")
            };
            (message, help)
        }
    };
    let mut f = Finding::new(Check::JczUnknownSide, message).in_file(file);
    for w in words {
        f = f.at(&w.loc, "not a side");
    }
    f.help(help)
}
