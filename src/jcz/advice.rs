//! Findings of the generic tile-set checks, retold in XML terms for a converted JCZ file.
//!
//! [`crate::validate::compile_tileset`] checks the converted tiles and speaks tessera YAML
//! (segment ids the converter made up, `links:`, `at:` lists). The author of an XML file
//! edits elements and attributes, so [`rewrite`] matches each finding's labels back to the
//! elements the converter read (every segment, slot and tile id keeps its XML location)
//! and rewrites its message, labels and help: the corner rule becomes "add `city="N"` to
//! this `<field>`", an unclaimed slot becomes a half-side missing from every `<field>`, and
//! so on. A finding whose labels do not lead back to a converted element is left as it is.

use std::collections::HashMap;

use super::convert::{Converted, SegmentXml};
use crate::diag::{Check, Finding, SourceFile};
use crate::geometry::{SIDES, parse_slot};
use crate::model::{Loc, Sp, TileDef};
use crate::rules::Rules;

/// Corner names, by corner: corner k lies between side k and side k + 1 (clockwise).
const CORNERS: [&str; 4] = ["north-east", "south-east", "south-west", "north-west"];

/// Rewrites the findings about `file` (a JCZ file converted into `conv` for `rules`) that
/// give YAML advice: `tileset::missing_link`, `tileset::slot_claim`,
/// `tileset::no_slots`, `tileset::side_mismatch`, `tileset::slot_claimed_twice`,
/// `tileset::link_separated`, `tileset::item_unread`, `tileset::duplicate_id` and
/// `tileset::zero_count`.
///
/// A `tileset::no_slots` on a field whose half-sides were folded into another field's
/// slot (`jcz::split_side` already says what is wrong there) is dropped.
pub(crate) fn rewrite(
    file: &SourceFile,
    rules: &Rules,
    conv: &Converted,
    findings: &mut Vec<Finding>,
) {
    let ctx = Ctx { file, rules, conv };
    findings.retain(|f| {
        if f.file.as_ref().is_none_or(|x| x.id != file.id) {
            return true;
        }
        match f.check {
            Check::NoSlots => !label_offset(f, 0)
                .and_then(|o| ctx.segment_at(o))
                .and_then(|(d, x)| ctx.element(d, x))
                .is_some_and(|e| e.folded),
            // On a tile read through a stand-in (a city gate, a hedge: a side the rule set
            // cannot express, already a `jcz::unsupported_side` warning), what lies between
            // two segments is not known: a gate joins its city to the far side.
            Check::LinkSeparated => label_offset(f, 0)
                .and_then(|o| ctx.link_at(o))
                .is_none_or(|(d, _, _)| conv.xml[d].exact),
            _ => true,
        }
    });
    for f in findings.iter_mut() {
        if f.file.as_ref().is_none_or(|x| x.id != file.id) {
            continue;
        }
        match f.check {
            Check::MissingLink => ctx.missing_link(f),
            Check::SlotClaim => ctx.slot_claim(f),
            Check::NoSlots => ctx.no_slots(f),
            Check::SideMismatch => ctx.side_mismatch(f),
            Check::LinkSeparated => ctx.link_separated(f),
            Check::ItemUnread => ctx.item_unread(f),
            Check::SlotClaimedTwice => ctx.claimed_twice(f),
            Check::DuplicateId => {
                f.help = Some(
                    "give every `<tile>` its own id; copies are counted by the `count` of the tile's `<ref>` in a `<tile-set>` (or of the `<tile>`)"
                        .into(),
                );
            }
            Check::StartNoCopy => {
                f.help = Some(
                    "the start tile is one of its copies: give it a `count` of 1 or more (of its `<ref>`, or of the `<tile>`), or choose another start tile (`tessera import jcz --start ID`)"
                        .into(),
                );
            }
            Check::ZeroCount => {
                if let Some(d) = ctx.tile_of_count(f) {
                    f.message = format!(
                        "tile `{}` has a count of 0: it is never drawn",
                        conv.defs[d].id.value
                    );
                }
                f.help = Some(
                    "give the number of copies (the `count` of the tile's `<ref>`, or of the `<tile>`), or take the tile out of the tile set"
                        .into(),
                );
            }
            _ => {}
        }
    }
}

/// The byte offset a location starts at.
fn offset(loc: &Loc) -> Option<usize> {
    loc.bytes.map(|(o, _)| o)
}

/// The byte offset of a finding's label.
fn label_offset(f: &Finding, i: usize) -> Option<usize> {
    f.labels.get(i).map(|(s, _)| s.offset())
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Which segment owns each slot (side, part) of a converted tile, and the number of parts
/// of each side; `None` when a side kind is not one of the rule set's.
type Owners = (HashMap<(u8, u8), usize>, [usize; 4]);

struct Ctx<'a> {
    file: &'a SourceFile,
    rules: &'a Rules,
    conv: &'a Converted,
}

impl Ctx<'_> {
    /// The converted tile and segment whose element starts at `off`.
    fn segment_at(&self, off: usize) -> Option<(usize, usize)> {
        self.conv.defs.iter().enumerate().find_map(|(d, def)| {
            def.segments
                .iter()
                .position(|s| offset(&s.id.loc) == Some(off))
                .map(|x| (d, x))
        })
    }

    /// The converted tile and segment one of whose slots is written at `off`.
    fn slot_at(&self, off: usize) -> Option<(usize, usize)> {
        self.conv.defs.iter().enumerate().find_map(|(d, def)| {
            def.segments
                .iter()
                .position(|s| s.at.iter().any(|a| offset(&a.loc) == Some(off)))
                .map(|x| (d, x))
        })
    }

    /// The converted tile whose id is written at `off`.
    fn tile_at(&self, off: usize) -> Option<usize> {
        self.conv
            .defs
            .iter()
            .position(|d| offset(&d.id.loc) == Some(off))
    }

    /// The converted tile whose count is written at a finding's first label.
    fn tile_of_count(&self, f: &Finding) -> Option<usize> {
        let off = label_offset(f, 0)?;
        self.conv
            .defs
            .iter()
            .position(|d| offset(&d.count.loc) == Some(off))
    }

    fn element(&self, d: usize, x: usize) -> Option<&SegmentXml> {
        self.conv.xml.get(d)?.segments.get(x)
    }

    /// The source text of a finding's label (the XML word it points at).
    fn label_text(&self, f: &Finding, i: usize) -> Option<String> {
        let (span, _) = f.labels.get(i)?;
        self.file
            .text()
            .get(span.offset()..span.offset() + span.len())
            .map(str::to_string)
    }

    fn owners(&self, def: &Sp<TileDef>) -> Option<Owners> {
        let sides = def.sides.as_ref()?;
        let mut parts = [1usize; 4];
        for (i, s) in sides.as_array().into_iter().enumerate() {
            let k = self
                .rules
                .side_kinds
                .iter()
                .position(|k| k.name == s.value)?;
            parts[i] = self.rules.parts(k);
        }
        let mut owner = HashMap::new();
        for (i, seg) in def.segments.iter().enumerate() {
            for at in &seg.at {
                if let Some(slot) = parse_slot(&at.value, |s| parts[s as usize], false) {
                    owner.insert((slot.side, slot.part), i);
                }
            }
        }
        Some((owner, parts))
    }

    /// `tileset::missing_link` on a farm: name each city it touches in its `city`
    /// attribute.
    fn missing_link(&self, f: &mut Finding) {
        let Some((d, x)) = label_offset(f, 0).and_then(|o| self.segment_at(o)) else {
            return;
        };
        let cities: Vec<usize> = (1..f.labels.len())
            .filter_map(|i| label_offset(f, i).and_then(|o| self.segment_at(o)))
            .filter(|&(dd, _)| dd == d)
            .map(|(_, j)| j)
            .collect();
        let (Some(farm), Some(def), false) =
            (self.element(d, x), self.conv.defs.get(d), cities.is_empty())
        else {
            return;
        };
        let Some((owner, parts)) = self.owners(def) else {
            return;
        };
        // Per city: the corners it shares with the farm, and the side (at the first of
        // them) to name.
        let mut named: Vec<String> = Vec::new();
        let mut what: Vec<String> = Vec::new();
        for &j in &cities {
            let mut corners = Vec::new();
            let mut side = None;
            for k in 0..4u8 {
                let next = (k + 1) % 4;
                let last = (parts[k as usize] as u8).saturating_sub(1);
                let a = owner.get(&(k, last)).copied();
                let b = owner.get(&(next, 0)).copied();
                if (a, b) == (Some(x), Some(j)) || (a, b) == (Some(j), Some(x)) {
                    corners.push(CORNERS[k as usize]);
                    side.get_or_insert(if a == Some(j) { k } else { next });
                }
            }
            let side = side.or_else(|| {
                def.segments[j]
                    .at
                    .iter()
                    .find_map(|a| parse_slot(&a.value, |s| parts[s as usize], false))
                    .map(|s| s.side)
            });
            let Some(side) = side else { return };
            let side = SIDES[side as usize].to_string();
            let at = match corners.len() {
                0 => String::new(),
                1 => format!(" at the {} corner", corners[0]),
                _ => format!(
                    " at the {} corners",
                    join_and(&corners.iter().map(|c| c.to_string()).collect::<Vec<_>>())
                ),
            };
            what.push(format!("the city on side {side}{at}"));
            named.push(side);
        }
        let id = &def.id.value;
        let el = &farm.element;
        let them = if cities.len() == 1 { "it" } else { "them" };
        f.message = format!(
            "`<{el}>` of tile `{id}` touches {} but does not name {them} in `city`",
            join_and(&what)
        );
        if let Some((_, label)) = f.labels.first_mut() {
            *label = format!(
                "does not name {}",
                if cities.len() == 1 {
                    "the city"
                } else {
                    "these cities"
                }
            );
        }
        let why = "a field names each city it touches by one side of that city; if a wall separates them at the corner, JCloisterZone XML cannot say so (a tessera tile set can, with `apart`)";
        let help = match &farm.city {
            None => format!("add `city=\"{}\"` to this `<{el}>`: {why}", named.join(" ")),
            Some(a) => {
                // Words naming a side no city holds are dropped (`jcz::no_city` says so).
                let city_side = |w: &str| {
                    SIDES
                        .iter()
                        .position(|c| w == c.to_string())
                        .is_some_and(|s| {
                            def.sides
                                .as_ref()
                                .is_some_and(|k| k.as_array()[s].value == "city")
                        })
                };
                let mut words: Vec<&str> = a
                    .words
                    .iter()
                    .map(|w| w.value.as_str())
                    .filter(|w| city_side(w))
                    .collect();
                let verb = if words.len() == a.words.len() {
                    "extend"
                } else {
                    "change"
                };
                for n in &named {
                    if !words.contains(&n.as_str()) {
                        words.push(n);
                    }
                }
                if let Some(span) = self.file.span(&a.value_loc) {
                    let label = if verb == "extend" {
                        format!("add {} here", named.join(" "))
                    } else {
                        format!("should be {}", words.join(" "))
                    };
                    f.labels.push((span, label));
                }
                format!(
                    "{verb} this `<{el}>`'s `city=\"{}\"` to `city=\"{}\"`: {why}",
                    a.value,
                    words.join(" ")
                )
            }
        };
        f.help = Some(help);
    }

    /// `tileset::slot_claim`: the half-sides no farm lists.
    fn slot_claim(&self, f: &mut Finding) {
        let Some(d) = label_offset(f, 0).and_then(|o| self.tile_at(o)) else {
            return;
        };
        let def = &self.conv.defs[d];
        let Some((owner, parts)) = self.owners(def) else {
            return;
        };
        let Some(sides) = def.sides.as_ref() else {
            return;
        };
        let mut halves = Vec::new();
        for s in 0..4u8 {
            let name = SIDES[s as usize];
            let open = |p: u8| !owner.contains_key(&(s, p));
            match parts[s as usize] {
                3 => {
                    // The middle is the road or river that made the side: claimed.
                    if open(1) {
                        return;
                    }
                    if open(0) {
                        halves.push(format!("{name}L"));
                    }
                    if open(2) {
                        halves.push(format!("{name}R"));
                    }
                }
                1 if open(0) => {
                    // Only a side no city, road or river lists is left open.
                    if sides.as_array()[s as usize].value != "field" {
                        return;
                    }
                    halves.push(format!("{name}L"));
                    halves.push(format!("{name}R"));
                }
                _ if (0..parts[s as usize] as u8).any(open) => return,
                _ => {}
            }
        }
        if halves.is_empty() {
            return;
        }
        let farm = self
            .conv
            .xml
            .get(d)
            .and_then(|t| {
                t.segments
                    .iter()
                    .find(|s| s.element == "farm" || s.element == "field")
            })
            .map_or(self.conv.spelling.field(), |s| s.element.as_str());
        let list: Vec<String> = halves.iter().map(|h| format!("`{h}`")).collect();
        let one = halves.len() == 1;
        f.message = format!(
            "tile `{}` leaves half-side{} {} in no `<{farm}>`",
            def.id.value,
            if one { "" } else { "s" },
            list.join(", ")
        );
        f.help = Some(format!(
            "add {} to the `<{farm}>` that covers {}: every half-side of a side without a city belongs to a field",
            halves.join(" "),
            if one { "it" } else { "them" }
        ));
    }

    /// `tileset::no_slots`: an element that lists no side.
    fn no_slots(&self, f: &mut Finding) {
        let Some((d, x)) = label_offset(f, 0).and_then(|o| self.segment_at(o)) else {
            return;
        };
        let Some(e) = self.element(d, x) else { return };
        let el = &e.element;
        let id = &self.conv.defs[d].id.value;
        if el == "farm" || el == "field" {
            f.message = format!("`<{el}>` of tile `{id}` lists no half-side and names no city");
            if let Some((_, label)) = f.labels.first_mut() {
                *label = "lists nothing".into();
            }
            let inner = self.conv.spelling.inner_field();
            f.help = Some(format!(
                "list the half-sides it covers (`<{el}>NL NR</{el}>`); a field enclosed by cities is `<{el} city=\"N S\">{inner}</{el}>`, naming a side of each city"
            ));
        } else {
            f.message = format!("`<{el}>` of tile `{id}` lists no side");
            f.help = Some(format!(
                "list the sides it covers, separated by spaces (`<{el}>N</{el}>`), or remove the element"
            ));
        }
    }

    /// `tileset::side_mismatch`: a word that claims a side another element holds.
    fn side_mismatch(&self, f: &mut Finding) {
        let Some((d, x)) = label_offset(f, 0).and_then(|o| self.slot_at(o)) else {
            return;
        };
        let Some(e) = self.element(d, x) else { return };
        let el = &e.element;
        let words: Vec<String> = (0..f.labels.len())
            .filter(|&i| {
                label_offset(f, i)
                    .and_then(|o| self.slot_at(o))
                    .is_some_and(|p| p == (d, x))
            })
            .filter_map(|i| self.label_text(f, i))
            .collect();
        if words.is_empty() {
            return;
        }
        let list: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        f.message = format!(
            "`<{el}>` of tile `{}` lists {} on a side another element holds",
            self.conv.defs[d].id.value,
            join_and(&list)
        );
        f.help = Some(format!(
            "a side belongs to the `<city>`, `<road>` or `<river>` that lists it (a city before a road, a road before a river), and a `<{}>` lists only the halves of sides without a city: remove {} from this `<{el}>`, or the side from the element marked",
            self.conv.spelling.field(),
            words.join(" ")
        ));
    }

    /// The link whose target is written at byte `off` (a word of a farm's `city`
    /// attribute): (definition, linking segment, linked segment).
    fn link_at(&self, off: usize) -> Option<(usize, usize, usize)> {
        self.conv.defs.iter().enumerate().find_map(|(d, def)| {
            def.segments.iter().enumerate().find_map(|(x, s)| {
                s.links
                    .values()
                    .flatten()
                    .find(|t| offset(&t.loc) == Some(off))
                    .and_then(|t| def.segments.iter().position(|c| c.id.value == t.value))
                    .map(|y| (d, x, y))
            })
        })
    }

    /// `tileset::link_separated` on a farm: a side in its `city` attribute names a city
    /// that another element keeps away from it.
    fn link_separated(&self, f: &mut Finding) {
        let Some(off) = label_offset(f, 0) else {
            return;
        };
        let Some((d, x, y)) = self.link_at(off) else {
            return;
        };
        let def = &self.conv.defs[d];
        let Some(wall) = crate::validate::separating(self.rules, def, x, y) else {
            return;
        };
        let (Some(farm), Some(city), Some(between), Some(word)) = (
            self.element(d, x),
            self.element(d, y),
            self.element(d, wall),
            self.label_text(f, 0),
        ) else {
            return;
        };
        let sides = |i: usize| -> String {
            def.segments[i]
                .at
                .iter()
                .map(|a| a.value.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let el = &farm.element;
        f.message = format!(
            "`<{el}>` of tile `{}` names the `<{}>` on {} in `city` (`{word}`), but the `<{}>` on {} runs between them: they cannot touch",
            def.id.value,
            city.element,
            sides(y),
            between.element,
            sides(wall)
        );
        if let Some((_, label)) = f.labels.first_mut() {
            *label = format!("the `<{}>` on {} is not reachable", city.element, sides(y));
        }
        f.help = Some(format!(
            "a farm names the cities it touches, and the `<{}>` on {} reaches the edge on both sides of each: remove `{word}` from this `<{el}>`'s `city` attribute",
            between.element,
            sides(wall)
        ));
    }

    /// `tileset::item_unread`: an attribute that became an item on an element the rule
    /// set never reads it on.
    fn item_unread(&self, f: &mut Finding) {
        let Some(off) = label_offset(f, 0) else {
            return;
        };
        let found = self.conv.defs.iter().enumerate().find_map(|(d, def)| {
            def.segments.iter().enumerate().find_map(|(x, s)| {
                s.items
                    .iter()
                    .find(|(_, n)| offset(&n.loc) == Some(off))
                    .map(|(item, _)| (d, x, item.clone()))
            })
        });
        let Some((d, x, item)) = found else { return };
        let (Some(el), Some(attr)) = (self.element(d, x), self.label_text(f, 0)) else {
            return;
        };
        let el = &el.element;
        let Some(i) = self.rules.items.iter().position(|n| *n == item) else {
            return;
        };
        // The elements whose features the rule set reads the item on.
        let mut readers: Vec<String> = self
            .rules
            .features
            .iter()
            .enumerate()
            .filter(|&(k, fk)| {
                !fk.aggregate && self.rules.item_readers[i].get(k).copied().unwrap_or(false)
            })
            .map(|(_, fk)| match fk.name.as_str() {
                "field" => "`<farm>`".to_string(),
                other => format!("`<{other}>`"),
            })
            .collect();
        readers.dedup();
        f.message = format!(
            "`{attr}` on a `<{el}>` of tile `{}` is never read: no rule of {} reads `{item}` there",
            self.conv.defs[d].id.value, self.rules.name
        );
        if let Some((_, label)) = f.labels.first_mut() {
            *label = format!("`{item}` on a `<{el}>`");
        }
        f.help = Some(if readers.is_empty() {
            format!(
                "the rule set reads `{item}` nowhere: remove the `{attr}` attribute from this `<{el}>`"
            )
        } else {
            format!(
                "the rule set reads `{item}` on {} only: remove the `{attr}` attribute from this `<{el}>` (or move it to the element it belongs to)",
                join_and(&readers)
            )
        });
    }

    /// `tileset::slot_claimed_twice`: two words for one place.
    fn claimed_twice(&self, f: &mut Finding) {
        let found: Vec<Option<(String, &SegmentXml, usize)>> = (0..2)
            .map(|i| {
                let (d, x) = label_offset(f, i).and_then(|o| self.slot_at(o))?;
                Some((self.label_text(f, i)?, self.element(d, x)?, d))
            })
            .collect();
        let [Some((w1, e1, d1)), Some((w2, e2, d2))] = found.as_slice() else {
            return;
        };
        if d1 != d2 {
            return;
        }
        f.message = format!(
            "tile `{}`: `{w2}` (in `<{}>`) and `{w1}` (in `<{}>`) claim the same place",
            self.conv.defs[*d1].id.value, e2.element, e1.element
        );
        f.help = Some(format!(
            "a side belongs to one `<city>`, `<road>` or `<river>`, a half-side to one `<{}>`: remove one of them",
            self.conv.spelling.field()
        ));
    }
}
