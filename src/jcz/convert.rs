//! Converting JCZ `<tile>` elements into tessera tile definitions ([`TileDef`]) whose
//! values point back into the XML, plus the findings only the XML can show (`jcz::*`).
//!
//! Mapping (JCZ → tessera; names on the right are looked up in the rule set):
//! - `<city>` → feature `city`, `<road>` → `road`, `<river>` → `river`, `<farm>` or
//!   `<field>` → `field`, `<cloister>` or `<monastery>` → `monastery`.
//! - A side is `city` if a city claims it, else `road` if a road does, else `river` if a
//!   river does (only when the rule set has a `river` side kind), else `field`.
//! - A city, road or river word (`N`) claims that side's slot `N` (the middle slot of a
//!   three-part side). A farm's half-side (`NL`) is slot `NL` on a three-part side (road,
//!   river); on a one-part side (field) both halves are the one slot `N`.
//! - `INNER_FARM` / `INNER_FARM_B`: a field that reaches no edge (a segment with no slot).
//! - `city="N W"` on a farm → links `{touches: [<city segment claiming N>, ...]}` (when
//!   the rule set has the relation `touches`).
//! - An attribute whose name is an item of the rule set (`pennant="yes"`, `inn="yes"`,
//!   `cathedral="yes"`, `pennant="2"`) → that many items on the segment.
//! - `<garden/>` → decoration `Garden` on every copy, when the rule set declares it.
//! - `group="river"` on a tile → `stack: river`, when the rule set declares that stack.
//! - Everything else is reported as not expressible (`jcz::unsupported`, a warning),
//!   listed on its tile ([`TileXml::not_expressed`]) and ignored; a tile whose sides need
//!   a side kind the rule set lacks (a river without a `river` side kind) is left out of
//!   the structural checks.

use std::collections::{BTreeMap, HashMap};

use indexmap::IndexMap;

use super::xml::{Attr, Doc, Elem};
use crate::diag::{Check, Finding, SourceFile};
use crate::geometry::SIDES;
use crate::model::{CopyDef, Loc, SegmentDef, Sides, Sp, TileDef};
use crate::rules::Rules;

/// The relation a farm's `city` attribute becomes.
pub const TOUCHES: &str = "touches";
/// The decoration `<garden/>` becomes.
pub const GARDEN: &str = "Garden";

/// How a JCZ element claims the tile's edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Claim {
    /// Whole sides (`N`): city, road, river.
    Sides,
    /// Half-sides (`NL`): farm.
    Halves,
    /// Nothing: inside the tile (cloister).
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

/// Side kinds in order of precedence when several features claim a side.
const SIDE_PRECEDENCE: [&str; 3] = ["city", "road", "river"];
/// The side kind of a side no city, road or river claims.
const FIELD: &str = "field";

/// The result of converting a file's tiles.
#[derive(Debug, Default)]
pub struct Converted {
    /// One definition per converted tile, in document order.
    pub defs: Vec<Sp<TileDef>>,
    /// The JCZ `group` of each definition (same order), e.g. `river-spring`.
    pub groups: Vec<Option<String>>,
    /// XML line of each definition's `<tile>` (same order).
    pub lines: Vec<u32>,
    /// What each definition came from in XML terms (same order), for advice written in
    /// XML and for the comments of an imported file.
    pub xml: Vec<TileXml>,
    /// Ids of tiles left out because the rule set cannot express their sides.
    pub left_out: Vec<String>,
    /// `jcz::*` findings.
    pub findings: Vec<Finding>,
}

/// A converted tile in XML terms.
#[derive(Debug, Clone, Default)]
pub struct TileXml {
    /// One entry per segment of the definition (same order).
    pub segments: Vec<SegmentXml>,
    /// What the rule set cannot express on this tile, as written in the XML (`<tower>`,
    /// `pig="yes"` on `<farm>`), each once, in document order.
    pub not_expressed: Vec<String>,
}

/// The element a segment was converted from.
#[derive(Debug, Clone)]
pub struct SegmentXml {
    /// Its tag name (`farm`, `field`, `city`, ...).
    pub element: String,
    /// Its `city` attribute (a farm's city contacts), if any.
    pub city: Option<Attr>,
}

/// Things the rule set cannot express, one entry per element or attribute name.
#[derive(Default)]
struct Unsupported(IndexMap<String, (String, Vec<Loc>)>);

impl Unsupported {
    fn add(&mut self, what: String, reason: impl Into<String>, loc: Loc) {
        self.0
            .entry(what)
            .or_insert_with(|| (reason.into(), Vec::new()))
            .1
            .push(loc);
    }

    fn findings(self, file: &SourceFile, rules: &Rules) -> Vec<Finding> {
        const SHOWN: usize = 3;
        self.0
            .into_iter()
            .map(|(what, (reason, locs))| {
                let times = match locs.len() {
                    1 => String::new(),
                    n => format!(" ({n} times)"),
                };
                let mut f = Finding::new(
                    Check::JczUnsupported,
                    format!(
                        "{what} cannot be expressed with rule set `{}`{times}: {reason}",
                        rules.name
                    ),
                )
                .in_file(file);
                for (i, l) in locs.iter().take(SHOWN).enumerate() {
                    f = f.at(l, if i == 0 { "not expressed" } else { "also here" });
                }
                let more = if locs.len() > SHOWN {
                    format!(" ({} more places not marked)", locs.len() - SHOWN)
                } else {
                    String::new()
                };
                f.help(format!(
                    "check the file against a rule set that has it (`--ruleset FILE`), or accept that it is left out{more}"
                ))
            })
            .collect()
    }
}

/// A segment being built from one element.
struct Draft<'a> {
    elem: &'a Elem,
    feature: &'static str,
    claim: Claim,
    /// Whole sides claimed (side index, word).
    sides: Vec<(usize, &'a Sp<String>)>,
    /// Slots written for the segment.
    at: Vec<Sp<String>>,
    items: BTreeMap<String, Sp<u32>>,
    links: Vec<Sp<String>>,
}

/// A half-side claimed: the claiming draft and the word.
type HalfClaim<'a> = (usize, &'a Sp<String>);

/// A side name (`N`) as an index.
fn side_index(w: &str) -> Option<usize> {
    let mut c = w.chars();
    let first = c.next()?;
    let s = SIDES.iter().position(|&x| x == first)?;
    c.next().is_none().then_some(s)
}

/// A half-side name (`NL`) as (side, 0 for L / 1 for R).
fn half_index(w: &str) -> Option<(usize, usize)> {
    let mut c = w.chars();
    let first = c.next()?;
    let s = SIDES.iter().position(|&x| x == first)?;
    let h = match c.next()? {
        'L' => 0,
        'R' => 1,
        _ => return None,
    };
    c.next().is_none().then_some((s, h))
}

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
    let mut out = Converted::default();
    let mut unsupported = Unsupported::default();
    for other in &doc.other {
        unsupported.add(
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
            unsupported: &mut unsupported,
            findings: &mut out.findings,
            lost: Vec::new(),
        };
        let (def, group) = conv.run(count.clone());
        match def {
            Some((d, xml)) => {
                out.defs.push(d);
                out.groups.push(group);
                out.lines.push(t.loc.line);
                out.xml.push(xml);
            }
            None => out.left_out.push(id.value.clone()),
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
    unsupported: &'b mut Unsupported,
    findings: &'b mut Vec<Finding>,
    /// What this tile loses, as written in the XML (see [`TileXml::not_expressed`]).
    lost: Vec<String>,
}

impl<'a> TileConv<'a, '_> {
    fn finding(&mut self, f: Finding) {
        self.findings.push(f);
    }

    /// Something of this tile the rule set cannot express: a `jcz::unsupported` use of
    /// `what` (one finding per `what` in the file), and `xml` in the tile's list.
    fn lose(&mut self, what: String, xml: String, reason: impl Into<String>, loc: Loc) {
        if !self.lost.contains(&xml) {
            self.lost.push(xml);
        }
        self.unsupported.add(what, reason, loc);
    }

    fn has_side_kind(&self, name: &str) -> bool {
        self.rules.side_kinds.iter().any(|s| s.name == name)
    }

    fn has_feature(&self, name: &str) -> bool {
        self.rules.features.iter().any(|f| f.name == name)
    }

    /// Number of slots of a side kind (1 when the rule set does not know it).
    fn parts(&self, side_kind: &str) -> usize {
        self.rules
            .side_kinds
            .iter()
            .find(|s| s.name == side_kind)
            .map_or(1, |s| s.parts.len())
    }

    /// Converts the tile, with its XML view; `None` when its sides cannot be expressed.
    /// Also returns its `group`.
    fn run(&mut self, count: Sp<u32>) -> (Option<(Sp<TileDef>, TileXml)>, Option<String>) {
        let tile = self.tile;
        let mut expressible = true;
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
                            format!("`group=\"{}\"`", a.value),
                            format!("group=\"{}\"", a.value),
                            format!("the rule set has no stack `{}`; ignored", a.value),
                            a.loc,
                        );
                    }
                }
                _ => self.lose(
                    format!("attribute `{}` on `<tile>`", a.name),
                    format!("{}=\"{}\" on <tile>", a.name, a.value),
                    "ignored",
                    a.loc,
                ),
            }
        }
        let mut drafts: Vec<Draft> = Vec::new();
        let mut garden: Option<Loc> = None;
        for e in &tile.children {
            match (e.name.as_str(), feature_of(&e.name)) {
                // Movement data for one expansion's figure (the wagon): it says which
                // features a wagon may move between, nothing about geometry.
                ("wagon-move", _) => {}
                ("garden", _) => {
                    if self.rules.decorations.iter().any(|d| d == GARDEN) {
                        garden = Some(e.loc);
                    } else {
                        self.lose(
                            "`<garden>`".into(),
                            "<garden>".into(),
                            format!("the rule set has no decoration `{GARDEN}`; ignored"),
                            e.loc,
                        );
                    }
                }
                (_, Some((feature, claim))) => {
                    let side_ok = claim != Claim::Sides || self.has_side_kind(feature);
                    if !self.has_feature(feature) || !side_ok {
                        if claim == Claim::Sides {
                            expressible = false;
                            self.lose(
                                format!("`<{}>`", e.name),
                                format!("<{}>", e.name),
                                format!("the rule set has no `{feature}` side kind and feature; tiles with it are not checked"),
                                e.loc,
                            );
                        } else {
                            self.lose(
                                format!("`<{}>`", e.name),
                                format!("<{}>", e.name),
                                format!("the rule set has no feature kind `{feature}`; ignored"),
                                e.loc,
                            );
                        }
                        continue;
                    }
                    drafts.push(Draft {
                        elem: e,
                        feature,
                        claim,
                        sides: Vec::new(),
                        at: Vec::new(),
                        items: BTreeMap::new(),
                        links: Vec::new(),
                    });
                }
                _ => self.lose(
                    format!("`<{}>`", e.name),
                    format!("<{}>", e.name),
                    "ignored",
                    e.loc,
                ),
            }
        }
        self.id_content();
        if !expressible {
            return (None, group);
        }
        // Whole sides and half-sides claimed.
        let mut side_claims: [Vec<usize>; 4] = Default::default();
        let mut halves: [[Option<HalfClaim>; 2]; 4] = [[None; 2]; 4];
        for (i, d) in drafts.iter_mut().enumerate() {
            for w in &d.elem.words {
                match d.claim {
                    Claim::Sides => match side_index(w) {
                        Some(s) => {
                            side_claims[s].push(i);
                            d.sides.push((s, w));
                        }
                        None => self
                            .findings
                            .push(unknown_side(self.file, w, d.elem, false)),
                    },
                    Claim::Halves => {
                        if w.value == "INNER_FARM" || w.value == "INNER_FARM_B" {
                            continue;
                        }
                        match half_index(w) {
                            Some((s, h)) => match halves[s][h] {
                                Some((_, first)) => self.findings.push(
                                    Finding::new(
                                        Check::JczListedTwice,
                                        format!(
                                            "half-side `{}` of tile `{}` is listed twice",
                                            w.value, self.id.value
                                        ),
                                    )
                                    .in_file(self.file)
                                    .at(&w.loc, "listed again")
                                    .at(&first.loc, "first listed here")
                                    .help(
                                        "every half-side belongs to one farm: remove one of them",
                                    ),
                                ),
                                None => halves[s][h] = Some((i, w)),
                            },
                            None => self.findings.push(unknown_side(self.file, w, d.elem, true)),
                        }
                    }
                    Claim::Inside => self.findings.push(
                        Finding::new(
                            Check::JczUnknownSide,
                            format!(
                                "`<{}>` lies inside the tile but lists `{}`",
                                d.elem.name, w.value
                            ),
                        )
                        .in_file(self.file)
                        .at(&w.loc, "not expected here")
                        .help(format!("write `<{}/>` with no text", d.elem.name)),
                    ),
                }
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
                        .map_or(tile.loc, |(_, w)| w.loc);
                    Sp::at(drafts[i].feature.to_string(), loc)
                }
                None => Sp::at(FIELD.to_string(), tile.loc),
            });
        }
        // Slots of whole-side claims.
        for d in drafts.iter_mut() {
            for (s, w) in &d.sides {
                d.at.push(Sp::at(SIDES[*s].to_string(), w.loc));
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
                (Some((i, w)), Some((j, v))) if i != j => {
                    if side_claims[s].is_empty() {
                        self.finding(
                            Finding::new(
                                Check::JczSplitSide,
                                format!(
                                    "side {} of tile `{}` is split between two farms with no road between them",
                                    SIDES[s], self.id.value
                                ),
                            )
                            .in_file(self.file)
                            .at(&w.loc, "one farm")
                            .at(&v.loc, "another farm")
                            .help(format!(
                                "tessera cannot split a field side: a road (`<road>{}</road>`) must divide it, or both halves belong to one farm",
                                SIDES[s]
                            )),
                        );
                    }
                    drafts[i].at.push(Sp::at(whole.clone(), w.loc));
                    if !side_claims[s].is_empty() {
                        drafts[j].at.push(Sp::at(whole, v.loc));
                    }
                }
                (Some((i, w)), Some(_)) => drafts[i].at.push(Sp::at(whole, w.loc)),
                (Some((i, w)), None) | (None, Some((i, w))) => {
                    if side_claims[s].is_empty() {
                        let missing =
                            format!("{}{}", SIDES[s], if l.is_none() { 'L' } else { 'R' });
                        self.finding(
                            Finding::new(
                                Check::JczUnclaimedHalf,
                                format!(
                                    "half-side `{missing}` of tile `{}` belongs to no farm, while `{}` does",
                                    self.id.value, w.value
                                ),
                            )
                            .in_file(self.file)
                            .at(&w.loc, "the other half")
                            .help(format!(
                                "add `{missing}` to the farm that covers it (a field side has no gap)"
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
        for d in &drafts {
            *per_kind.entry(d.feature).or_default() += 1;
        }
        let mut seen: HashMap<&str, usize> = HashMap::new();
        let ids: Vec<String> = drafts
            .iter()
            .map(|d| {
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
            let elem = drafts[i].elem;
            for a in &elem.attrs {
                if drafts[i].claim == Claim::Halves
                    && a.name == "city"
                    && !self.rules.relations.iter().any(|r| r == TOUCHES)
                {
                    self.lose(
                        format!("attribute `city` on `<{}>`", elem.name),
                        format!("city=\"{}\" on <{}>", a.value, elem.name),
                        format!("the rule set has no relation `{TOUCHES}` for a field's city contacts; ignored"),
                        a.loc,
                    );
                    continue;
                }
                if drafts[i].claim == Claim::Halves && a.name == "city" {
                    let mut links: Vec<Sp<String>> = Vec::new();
                    for w in &a.words {
                        let Some(s) = side_index(w) else {
                            self.finding(unknown_side(self.file, w, elem, false));
                            continue;
                        };
                        let city = side_claims[s]
                            .iter()
                            .copied()
                            .find(|&j| drafts[j].feature == "city");
                        match city {
                            Some(j) => {
                                if !links.iter().any(|l| l.value == ids[j]) {
                                    links.push(Sp::at(ids[j].clone(), w.loc));
                                }
                            }
                            None => self.finding(
                                Finding::new(
                                    Check::JczNoCity,
                                    format!(
                                        "`city=\"{}\"` on a farm of tile `{}` names side {}, which holds no city",
                                        a.value, self.id.value, w.value
                                    ),
                                )
                                .in_file(self.file)
                                .at(&w.loc, "no city on this side")
                                .help("name each city this farm touches by a side that city claims"),
                            ),
                        }
                    }
                    drafts[i].links = links;
                    continue;
                }
                self.attribute_item(&mut drafts[i], a);
            }
        }
        let xml = TileXml {
            segments: drafts
                .iter()
                .map(|d| SegmentXml {
                    element: d.elem.name.clone(),
                    city: d
                        .elem
                        .attr("city")
                        .filter(|_| d.claim == Claim::Halves)
                        .cloned(),
                })
                .collect(),
            not_expressed: std::mem::take(&mut self.lost),
        };
        let segments = drafts
            .into_iter()
            .zip(&ids)
            .map(|(d, id)| {
                let mut links = BTreeMap::new();
                if !d.links.is_empty() {
                    links.insert(TOUCHES.to_string(), d.links);
                }
                Sp::at(
                    SegmentDef {
                        id: Sp::at(id.clone(), d.elem.loc),
                        feature: Sp::at(d.feature.to_string(), d.elem.loc),
                        at: d.at,
                        items: d.items,
                        links,
                        // JCZ has no way to say that a field and a city meeting at a
                        // corner are kept apart: a field without `city=` is simply
                        // silent, and the corner rule reports it.
                        apart: BTreeMap::new(),
                    },
                    d.elem.loc,
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
        };
        (Some((Sp::at(def, tile.loc), xml)), group)
    }

    /// An attribute of a feature element: an item of the rule set, or not expressible.
    fn attribute_item(&mut self, d: &mut Draft, a: &Attr) {
        let what = format!("attribute `{}` on `<{}>`", a.name, d.elem.name);
        match amount(&a.value) {
            // `castle-base="false"`, `pennant="no"`: says that something is absent.
            Some(0) => {}
            Some(n) if self.rules.items.contains(&a.name) => {
                d.items.insert(a.name.clone(), Sp::at(n, a.loc));
            }
            Some(_) => self.lose(
                what,
                format!("{}=\"{}\" on <{}>", a.name, a.value, d.elem.name),
                format!("the rule set has no item `{}`; ignored", a.name),
                a.loc,
            ),
            None => self.lose(
                what,
                format!("{}=\"{}\" on <{}>", a.name, a.value, d.elem.name),
                "ignored",
                a.loc,
            ),
        }
    }

    /// `jcz::id_content`: the id's mnemonic promises a pennant (`+`), an inn (`i` in a
    /// suffix) or a cathedral (suffix `c`) that no element of the tile carries.
    fn id_content(&mut self) {
        let id = &self.id.value;
        let mnemonic = id.rsplit('/').next().unwrap_or(id);
        let suffixes: Vec<&str> = mnemonic.split('.').skip(1).collect();
        let has = |name: &str| {
            self.tile.children.iter().any(|e| {
                e.attr(name)
                    .is_some_and(|a| amount(&a.value).unwrap_or(0) > 0)
            })
        };
        // Traders & Builders writes `.c` for cloth: a tile naming a trade good is not a
        // cathedral tile.
        let trade_good = self
            .tile
            .children
            .iter()
            .any(|e| e.attr("resource").is_some());
        let mut promised = Vec::new();
        if mnemonic.contains('+') {
            promised.push(("pennant", "`+`"));
        }
        if suffixes.iter().any(|s| s.contains('i')) {
            promised.push(("inn", "`i` in a suffix"));
        }
        if !trade_good && suffixes.iter().any(|s| *s == "c" || *s == "cG") {
            promised.push(("cathedral", "the suffix `.c`"));
        }
        for (item, sign) in promised {
            if !has(item) {
                self.findings.push(
                    Finding::new(
                        Check::JczIdContent,
                        format!(
                            "tile id `{id}` says {item} ({sign}) but no element of the tile has `{item}=\"yes\"`"
                        ),
                    )
                    .in_file(self.file)
                    .at(&self.id.value_loc, format!("id promises a {item}"))
                    .help(format!(
                        "add `{item}=\"yes\"` to the element that has it, or rename the tile (ids are names; the elements are the data)"
                    )),
                );
            }
        }
    }
}

/// `jcz::unknown_side`: a word that is not a side (`halves` false) or half-side.
fn unknown_side(file: &SourceFile, w: &Sp<String>, e: &Elem, halves: bool) -> Finding {
    let expected = if halves {
        "half-sides NL NR EL ER SL SR WL WR (or INNER_FARM)"
    } else {
        "sides N E S W"
    };
    Finding::new(
        Check::JczUnknownSide,
        format!(
            "`{}` in `<{}>` is not one of the {expected}",
            w.value, e.name
        ),
    )
    .in_file(file)
    .at(&w.loc, "not a side")
    .help(format!(
        "`<{}>` lists {expected}, separated by spaces",
        e.name
    ))
}
