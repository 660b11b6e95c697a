//! Meaning checks (stage 3 of loading) and compilation into [`crate::rules`] tables.
//!
//! Each check reports every problem it finds, at its line, with a help line; compilation
//! succeeds only when no error was found. Checks, by file kind:
//! - rule set: every name used is declared (terrains in side profiles and features, items,
//!   relations, options, piece roles), profiles have 1 or 3 parts;
//! - tile set: declared `total` equals the sum of counts, unique ids, side kinds exist,
//!   every slot claimed by exactly one segment whose feature matches the slot's terrain,
//!   links point at segments of the same tile, `copies` lists one entry per copy,
//!   decorations and items are declared, the start tile exists; a note when the contents are
//!   not verified;
//! - position: see [`crate::engine::replay`] (tiles exist and fit, pieces are legal).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::diag::{Check, Failure, Finding, SourceFile};
use crate::geometry::{SIDES, parse_slot, slot_names};
use crate::load;
use crate::model::{self, ProvenanceStatus, RuleSetFile, Sp, TileDef, TileSetFile};
use crate::rules::{
    Area, BonusTurn, Case, Count, Effect, FeatureKind, PieceKind, Role, RuleOption, Rules, Segment,
    SideKind, Term, Tile, TileSet,
};
use crate::schema::FileKind;

/// A loaded game: the compiled rule set and tile set, and the files they came from.
#[derive(Debug, Clone)]
pub struct Game {
    /// The compiled rule set.
    pub rules: Rules,
    /// The compiled tile set.
    pub tiles: TileSet,
    /// The rule set's file.
    pub ruleset_file: SourceFile,
    /// The tile set's file.
    pub tileset_file: SourceFile,
}

/// Looks a name up in a list of names, or makes a finding at the name's location.
fn lookup(
    names: &[String],
    name: &Sp<String>,
    what: &str,
    check: Check,
    file: &SourceFile,
) -> Result<usize, Finding> {
    names.iter().position(|n| *n == name.value).ok_or_else(|| {
        Finding::error(check, format!("unknown {what} `{}`", name.value))
            .in_file(file)
            .at(&name.loc, format!("not a declared {what}"))
            .help(if names.is_empty() {
                format!("no {what} is declared")
            } else {
                format!("declared: {}", names.join(", "))
            })
    })
}

/// Collects results and findings.
#[derive(Default)]
struct Sink(Vec<Finding>);

impl Sink {
    fn take<T>(&mut self, r: Result<T, Finding>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(f) => {
                self.0.push(f);
                None
            }
        }
    }
    fn push(&mut self, f: Finding) {
        self.0.push(f);
    }
}

/// The names a rule set declares, for resolving references with findings.
struct Names<'a> {
    file: &'a SourceFile,
    terrains: Vec<String>,
    items: Vec<String>,
    relations: Vec<String>,
    features: Vec<String>,
    pieces: Vec<String>,
    options: Vec<String>,
    stacks: Vec<String>,
}

impl Names<'_> {
    fn find(&self, names: &[String], name: &Sp<String>, what: &str) -> Result<usize, Finding> {
        lookup(names, name, what, Check::RuleSetUnknownName, self.file)
    }
    fn item(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.items, n, "item")
    }
    fn feature(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.features, n, "feature kind")
    }
    fn relation(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.relations, n, "relation")
    }
    fn option(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.options, n, "option")
    }
    /// Item counts keyed by item name, with the count's location for errors.
    fn item_counts(&self, map: &BTreeMap<String, Sp<u32>>, sink: &mut Sink) -> Vec<(usize, u32)> {
        map.iter()
            .filter_map(|(item, n)| {
                let name = Sp {
                    value: item.clone(),
                    loc: n.loc,
                };
                sink.take(self.item(&name)).map(|i| (i, n.value))
            })
            .collect()
    }
    fn term(&self, t: &model::Term, sink: &mut Sink) -> Option<Term> {
        let count = match &t.count {
            model::Count::One => Count::One,
            model::Count::Tiles => Count::Tiles,
            model::Count::Neighbours => Count::Neighbours,
            model::Count::Item(i) => Count::Item(sink.take(self.item(i))?),
            model::Count::Features(f) => Count::Features(sink.take(self.feature(f))?),
            model::Count::Linked(l) => {
                let relation = sink.take(self.relation(&l.relation));
                let feature = sink.take(self.feature(&l.feature));
                let item = match &l.item {
                    Some(i) => Some(sink.take(self.item(i))?),
                    None => None,
                };
                Count::Linked {
                    relation: relation?,
                    feature: feature?,
                    completed: l.completed,
                    item,
                }
            }
        };
        let cancelled_by = match &t.cancelled_by {
            Some(i) => Some(sink.take(self.item(i))?),
            None => None,
        };
        Some(Term {
            count,
            points: t.points,
            cancelled_by,
        })
    }
    fn cases(&self, list: &[model::ScoreCase], sink: &mut Sink) -> Vec<Case> {
        list.iter()
            .map(|c| {
                let when = c.when.clone().unwrap_or_default();
                Case {
                    option: when.option.as_ref().and_then(|o| sink.take(self.option(o))),
                    tiles: when.tiles,
                    items: self.item_counts(&when.items, sink),
                    items_at_least: self.item_counts(&when.items_at_least, sink),
                    terms: c.terms.iter().filter_map(|t| self.term(t, sink)).collect(),
                    area: c.area.as_ref().and_then(|a| {
                        Some(Area {
                            around: sink.take(self.item(&a.around))?,
                            radius: a.radius,
                            factor: a.factor,
                        })
                    }),
                }
            })
            .collect()
    }
}

/// Compiles a rule set, reporting every unknown name.
///
/// Errors: every finding (codes `ruleset::*`).
pub fn compile_ruleset(file: &SourceFile, rs: &RuleSetFile) -> Result<Rules, Vec<Finding>> {
    let mut sink = Sink::default();
    let names = Names {
        file,
        terrains: rs.terrains.iter().map(|t| t.value.clone()).collect(),
        items: rs.items.keys().cloned().collect(),
        relations: rs.relations.keys().cloned().collect(),
        features: rs.features.keys().cloned().collect(),
        pieces: rs.pieces.keys().cloned().collect(),
        options: rs.options.keys().cloned().collect(),
        stacks: rs.stacks.keys().cloned().collect(),
    };
    let mut seen = HashSet::new();
    for t in &rs.terrains {
        if !seen.insert(&t.value) {
            sink.push(
                Finding::error(
                    Check::Duplicate,
                    format!("terrain `{}` is listed twice", t.value),
                )
                .in_file(file)
                .at(&t.loc, "second mention")
                .help("list each terrain once"),
            );
        }
    }
    let mut side_kinds = Vec::new();
    for (name, profile) in &rs.sides {
        if profile.len() != 1 && profile.len() != 3 {
            sink.push(
                Finding::error(
                    Check::SideProfile,
                    format!("side kind `{name}` has {} parts", profile.len()),
                )
                .in_file(file)
                .at(&profile.loc, "profile")
                .help("a side is one terrain (`[city]`) or terrain|path|terrain (`[field, road, field]`)"),
            );
        }
        let parts = profile
            .iter()
            .filter_map(|t| sink.take(names.find(&names.terrains, t, "terrain")))
            .collect();
        side_kinds.push(SideKind {
            name: name.clone(),
            parts,
        });
    }
    let options: Vec<RuleOption> = rs
        .options
        .iter()
        .map(|(n, o)| RuleOption {
            name: n.clone(),
            default: o.default,
            description: o.description.clone(),
        })
        .collect();
    let mut features = Vec::new();
    for (i, (name, f)) in rs.features.iter().enumerate() {
        let terrain = f
            .terrain
            .as_ref()
            .and_then(|t| sink.take(names.find(&names.terrains, t, "terrain")));
        let (members, via) = match &f.aggregate {
            Some(a) => (
                a.features
                    .iter()
                    .filter_map(|m| sink.take(names.feature(m)))
                    .collect(),
                a.via
                    .iter()
                    .filter_map(|r| sink.take(names.relation(r)))
                    .collect(),
            ),
            None => (vec![i], Vec::new()),
        };
        features.push(FeatureKind {
            name: name.clone(),
            terrain,
            completion: f.completion,
            members,
            via,
            aggregate: f.aggregate.is_some(),
            completed: names.cases(&f.scoring.completed, &mut sink),
            final_: names.cases(&f.scoring.final_, &mut sink),
        });
    }
    let mut pieces = Vec::new();
    for (i, (name, p)) in rs.pieces.iter().enumerate() {
        let roles = p
            .roles
            .iter()
            .filter_map(|r| {
                let feature = sink.take(names.feature(&r.feature));
                let requires_option = match &r.requires_option {
                    Some(o) => Some(sink.take(names.option(o))?),
                    None => None,
                };
                let scored_on = match &r.scored_on {
                    Some(s) => Some(sink.take(names.feature(s))?),
                    None => None,
                };
                let (feature, scored_on) = (feature?, scored_on.or(feature)?);
                if features[feature].aggregate
                    || !features[scored_on].members.contains(&feature)
                {
                    sink.push(
                        Finding::error(
                            Check::RuleSetUnknownName,
                            format!(
                                "role `{}` is placed on `{}` but scored on `{}`",
                                r.role, features[feature].name, features[scored_on].name
                            ),
                        )
                        .in_file(file)
                        .at(&r.feature.loc, "placed here")
                        .help("a role is placed on a segment's feature kind (not an aggregate) and scored on it or on an aggregate made of it"),
                    );
                    return None;
                }
                Some(Role {
                    name: r.role.clone(),
                    feature,
                    requires_option,
                    scored_on,
                })
            })
            .collect();
        let blocked_by = match &p.blocked_by {
            Some(list) => list
                .iter()
                .filter_map(|b| sink.take(names.find(&names.pieces, b, "piece kind")))
                .collect(),
            None => vec![i],
        };
        pieces.push(PieceKind {
            name: name.clone(),
            supply: p.supply,
            roles,
            blocked_by,
            majority: p.majority,
        });
    }
    let effects = rs
        .effects
        .iter()
        .filter_map(|e| {
            let item = sink.take(names.item(&e.when_placed));
            let feature = match &e.feature {
                Some(f) => Some(sink.take(names.feature(f))?),
                None => None,
            };
            let score = e
                .score
                .iter()
                .filter_map(|t| names.term(t, &mut sink))
                .collect();
            let return_piece = match &e.return_piece {
                Some(k) => Some(sink.take(names.find(&names.pieces, k, "piece kind"))?),
                None => None,
            };
            Some(Effect {
                item: item?,
                feature,
                within: e.within,
                score,
                cover: e.cover,
                return_piece,
            })
        })
        .collect();
    let bonus_turns = rs
        .bonus_turns
        .iter()
        .filter_map(|b| {
            let feature = sink.take(names.feature(&b.completed));
            let item = sink.take(names.item(&b.with_item));
            let stack = sink.take(names.find(&names.stacks, &b.stack, "stack"));
            let requires_piece_option = match &b.requires_piece_option {
                Some(o) => Some(sink.take(names.option(o))?),
                None => None,
            };
            Some(BonusTurn {
                feature: feature?,
                item: item?,
                stack: stack?,
                requires_piece_option,
            })
        })
        .collect();
    if !sink.0.is_empty() {
        return Err(sink.0);
    }
    Ok(Rules {
        name: rs.name.clone(),
        terrains: names.terrains,
        side_kinds,
        items: names.items,
        relations: names.relations,
        decorations: rs.decorations.keys().cloned().collect(),
        stacks: names.stacks,
        features,
        pieces,
        options,
        effects,
        bonus_turns,
    })
}

/// Compiles one tile definition. `shapes` resolves `shape:` references (the `shapes_from`
/// set); `None` when the set has no `shapes_from`.
///
/// Errors: every finding about the tile (codes `tileset::*`).
pub fn compile_tile(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    shapes: Option<&TileSet>,
) -> Result<Tile, Vec<Finding>> {
    let mut sink = Sink::default();
    let id = def.id.value.clone();
    let count = def.count.value;
    let mut copies = Vec::new();
    if !def.copies.is_empty() && def.copies.len() != count as usize {
        sink.push(
            Finding::error(
                Check::CopiesMismatch,
                format!(
                    "tile `{id}` lists {} copies but its count is {count}",
                    def.copies.len()
                ),
            )
            .in_file(file)
            .at(&def.copies.loc, format!("{} entries", def.copies.len()))
            .at(&def.count.loc, "count")
            .help("give one `copies` entry per copy (`{}` for a copy without decorations), or fix `count`"),
        );
    }
    for c in def.copies.iter() {
        let mut names = Vec::new();
        for d in &c.decorations {
            if sink
                .take(lookup(
                    &rules.decorations,
                    d,
                    "decoration",
                    Check::TileSetUnknownName,
                    file,
                ))
                .is_some()
            {
                names.push(d.value.clone());
            }
        }
        copies.push(names);
    }
    let stack = def.stack.as_ref().and_then(|st| {
        sink.take(lookup(
            &rules.stacks,
            st,
            "stack",
            Check::TileSetUnknownName,
            file,
        ))
    });
    compile_shape(file, def, rules, shapes, copies, sink).map(|mut t| {
        t.stack = stack;
        t
    })
}

/// The shape part of [`compile_tile`]: sides and segments, written or reused.
fn compile_shape(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    shapes: Option<&TileSet>,
    copies: Vec<Vec<String>>,
    mut sink: Sink,
) -> Result<Tile, Vec<Finding>> {
    let id = def.id.value.clone();
    let count = def.count.value;
    // Reused shape.
    if let Some(shape) = &def.shape {
        if def.sides.is_some() || !def.segments.is_empty() {
            sink.push(
                Finding::error(
                    Check::TileShape,
                    format!("tile `{id}` has both `shape` and its own sides or segments"),
                )
                .in_file(file)
                .at(&shape.loc, "shape reused from another set")
                .help(
                    "either reuse a shape with `shape:` or write `sides` and `segments`, not both",
                ),
            );
            return Err(sink.0);
        }
        let Some(set) = shapes else {
            sink.push(
                Finding::error(
                    Check::TileShape,
                    format!("tile `{id}` uses `shape` but the set has no `shapes_from`"),
                )
                .in_file(file)
                .at(&shape.loc, "no set to take it from")
                .help("add `shapes_from: <tile set path>` at the top of the tile set"),
            );
            return Err(sink.0);
        };
        let Some(t) = set.get(&shape.value) else {
            let ids: Vec<&str> = set.tiles.iter().map(|t| t.id.as_str()).collect();
            sink.push(
                Finding::error(
                    Check::TileSetUnknownName,
                    format!("`shape: {}` is not a tile of {}", shape.value, set.name),
                )
                .in_file(file)
                .at(&shape.loc, "unknown tile")
                .help(format!("tiles there: {}", ids.join(", "))),
            );
            return Err(sink.0);
        };
        if !sink.0.is_empty() {
            return Err(sink.0);
        }
        let base = &set.tiles[t];
        return Ok(Tile::new(
            id,
            count,
            base.sides,
            base.segments.clone(),
            copies,
        ));
    }
    let Some(sides_def) = &def.sides else {
        sink.push(
            Finding::error(Check::TileShape, format!("tile `{id}` has no `sides`"))
                .in_file(file)
                .at(&def.id.loc, "this tile")
                .help("write `sides: {N: .., E: .., S: .., W: ..}` and `segments`, or reuse a shape with `shape:`"),
        );
        return Err(sink.0);
    };
    let side_names: Vec<String> = rules.side_kinds.iter().map(|s| s.name.clone()).collect();
    let mut sides = [0usize; 4];
    for (i, s) in sides_def.as_array().into_iter().enumerate() {
        match lookup(&side_names, s, "side kind", Check::TileSetUnknownName, file) {
            Ok(k) => sides[i] = k,
            Err(f) => sink.push(f),
        }
    }
    if !sink.0.is_empty() {
        return Err(sink.0);
    }
    let feature_names: Vec<String> = rules.features.iter().map(|f| f.name.clone()).collect();
    let seg_ids: Vec<&str> = def.segments.iter().map(|s| s.id.value.as_str()).collect();
    let mut claimed: HashMap<(u8, u8), &Sp<String>> = HashMap::new();
    let mut segments = Vec::new();
    let mut ids_seen: HashMap<&str, &Sp<String>> = HashMap::new();
    for seg in &def.segments {
        if let Some(first) = ids_seen.insert(seg.id.value.as_str(), &seg.id) {
            sink.push(
                Finding::error(
                    Check::DuplicateId,
                    format!("tile `{id}` has two segments with id `{}`", seg.id.value),
                )
                .in_file(file)
                .at(&seg.id.loc, "second segment")
                .at(&first.loc, "first segment")
                .help("give every segment of a tile its own id"),
            );
        }
        let Some(feature) = sink.take(lookup(
            &feature_names,
            &seg.feature,
            "feature kind",
            Check::TileSetUnknownName,
            file,
        )) else {
            continue;
        };
        let fk = &rules.features[feature];
        if fk.aggregate {
            sink.push(
                Finding::error(
                    Check::TileSetUnknownName,
                    format!(
                        "segment `{}` is of the aggregate kind `{}`",
                        seg.id.value, fk.name
                    ),
                )
                .in_file(file)
                .at(&seg.feature.loc, "aggregate kind")
                .help(format!(
                    "a segment is of a kind that tiles hold; `{}` is made of other kinds",
                    fk.name
                )),
            );
            continue;
        }
        let mut slots = Vec::new();
        let mut inside_claims: Vec<&Sp<String>> = Vec::new();
        let mut wrong_terrain = Vec::new();
        for at in &seg.at {
            let parts = |s: u8| rules.parts(sides[s as usize]);
            let Some(slot) = parse_slot(&at.value, parts, false) else {
                let help = match crate::geometry::side_of_name(&at.value) {
                    Some(side) => format!(
                        "side {} is `{}`: its slots are {}",
                        SIDES[side as usize],
                        rules.side_kinds[sides[side as usize]].name,
                        slot_names(side, parts(side)).join(", ")
                    ),
                    None => {
                        "slots are N, E, S, W, and NL/NR, EL/ER, SL/SR, WL/WR on three-part sides"
                            .into()
                    }
                };
                sink.push(
                    Finding::error(
                        Check::UnknownSlot,
                        format!("`{}` is not a slot of tile `{id}`", at.value),
                    )
                    .in_file(file)
                    .at(&at.loc, "no such slot")
                    .help(help),
                );
                continue;
            };
            let side_kind = &rules.side_kinds[sides[slot.side as usize]];
            let slot_terrain = side_kind.parts[slot.part as usize];
            match fk.terrain {
                None => inside_claims.push(at),
                Some(t) if t != slot_terrain => wrong_terrain.push((at, slot, slot_terrain)),
                Some(_) => {}
            }
            if let Some(first) = claimed.insert((slot.side, slot.part), at) {
                sink.push(
                    Finding::error(
                        Check::SlotClaim,
                        format!("slot `{}` of tile `{id}` is claimed twice", at.value),
                    )
                    .in_file(file)
                    .at(&at.loc, "second claim")
                    .at(&first.loc, "first claim")
                    .help("every slot belongs to exactly one segment: remove one claim"),
                );
            }
            slots.push(slot);
        }
        if let Some(first) = inside_claims.first() {
            let names: Vec<String> = inside_claims
                .iter()
                .map(|a| format!("`{}`", a.value))
                .collect();
            let mut f = Finding::error(
                Check::SideMismatch,
                format!(
                    "segment `{}` is a {} (inside the tile) but claims {}",
                    seg.id.value,
                    fk.name,
                    names.join(", ")
                ),
            )
            .in_file(file)
            .at(&first.loc, "slot claimed");
            for a in &inside_claims[1..] {
                f = f.at(&a.loc, "slot claimed");
            }
            sink.push(f.help(format!("a {} lies inside the tile: remove `at`", fk.name)));
        }
        if let Some((first, slot, terrain)) = wrong_terrain.first() {
            let side_kind = &rules.side_kinds[sides[slot.side as usize]];
            let names: Vec<String> = wrong_terrain
                .iter()
                .map(|(a, _, _)| format!("`{}`", a.value))
                .collect();
            let mut f = Finding::error(
                Check::SideMismatch,
                format!(
                    "segment `{}` ({}) claims {} where the side is {}",
                    seg.id.value,
                    fk.name,
                    names.join(", "),
                    rules.terrains[*terrain]
                ),
            )
            .in_file(file)
            .at(&first.loc, format!("{} here", rules.terrains[*terrain]));
            for (a, _, t) in &wrong_terrain[1..] {
                f = f.at(&a.loc, format!("{} here", rules.terrains[*t]));
            }
            f = f.at(
                &sides_def.as_array()[slot.side as usize].loc,
                format!("side is `{}`", side_kind.name),
            );
            let want = rules
                .terrains
                .get(fk.terrain.unwrap_or(0))
                .cloned()
                .unwrap_or_default();
            sink.push(f.help(format!(
                "a {} segment claims {want} slots only: fix `feature`, the slot names, or the side kinds",
                fk.name
            )));
        }
        let mut items = Vec::new();
        for (item, n) in &seg.items {
            let sp = Sp {
                value: item.clone(),
                loc: n.loc,
            };
            if let Some(i) = sink.take(lookup(
                &rules.items,
                &sp,
                "item",
                Check::TileSetUnknownName,
                file,
            )) {
                items.push((i, n.value));
            }
        }
        let mut links = Vec::new();
        for (rel, targets) in &seg.links {
            let rel_id = rules.relations.iter().position(|r| r == rel);
            for t in targets {
                let Some(r) = rel_id else {
                    sink.push(
                        Finding::error(
                            Check::TileSetUnknownName,
                            format!("unknown relation `{rel}`"),
                        )
                        .in_file(file)
                        .at(&t.loc, "link with an undeclared relation")
                        .help(format!(
                            "declared relations: {}",
                            rules.relations.join(", ")
                        )),
                    );
                    continue;
                };
                match seg_ids.iter().position(|s| *s == t.value) {
                    Some(target) => links.push((r, target)),
                    None => sink.push(
                        Finding::error(
                            Check::UnknownSegment,
                            format!("tile `{id}` has no segment `{}`", t.value),
                        )
                        .in_file(file)
                        .at(&t.loc, "link target")
                        .help(format!("segments of this tile: {}", seg_ids.join(", "))),
                    ),
                }
            }
        }
        segments.push(Segment {
            id: seg.id.value.clone(),
            feature,
            slots,
            items,
            links,
        });
    }
    // Every slot claimed.
    let mut missing = Vec::new();
    for side in 0..4u8 {
        let parts = rules.parts(sides[side as usize]);
        for part in 0..parts as u8 {
            if !claimed.contains_key(&(side, part)) {
                missing.push(crate::geometry::slot_name(
                    crate::geometry::Slot { side, part },
                    parts,
                ));
            }
        }
    }
    if !missing.is_empty() {
        sink.push(
            Finding::error(
                Check::SlotClaim,
                format!(
                    "tile `{id}` leaves slot{} {} unclaimed",
                    if missing.len() > 1 { "s" } else { "" },
                    missing
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .in_file(file)
            .at(&def.id.loc, "this tile")
            .help("add the slots to the `at` list of the segment that covers them"),
        );
    }
    if segments.len() >= crate::rules::NO_SEGMENT as usize {
        sink.push(
            Finding::error(
                Check::TileShape,
                format!("tile `{id}` has too many segments"),
            )
            .in_file(file)
            .at(&def.id.loc, "this tile")
            .help("a tile has at most 254 segments"),
        );
    }
    if !sink.0.is_empty() {
        return Err(sink.0);
    }
    Ok(Tile::new(id, count, sides, segments, copies))
}

/// Compiles a tile set against its rule set. Returns the set and the notes (unverified
/// provenance), or every error found.
pub fn compile_tileset(
    file: &SourceFile,
    ts: &TileSetFile,
    rules: &Rules,
    shapes: Option<&TileSet>,
) -> Result<(TileSet, Vec<Finding>), Vec<Finding>> {
    let mut sink = Sink::default();
    let mut tiles = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    let mut first_def: HashMap<String, &Sp<TileDef>> = HashMap::new();
    for def in &ts.tiles {
        let duplicate = first_def.get(&def.id.value).map(|first| first.id.loc);
        if let Some(first) = duplicate {
            sink.push(
                Finding::error(
                    Check::DuplicateId,
                    format!("two tiles have id `{}`", def.id.value),
                )
                .in_file(file)
                .at(&def.id.loc, "second definition")
                .at(&first, "first definition")
                .help("give every tile definition its own id; use `count` for copies"),
            );
        } else {
            first_def.insert(def.id.value.clone(), def);
        }
        // A duplicate is still checked, so that its own problems show now.
        match compile_tile(file, def, rules, shapes) {
            Ok(t) if duplicate.is_none() => {
                by_id.insert(t.id.clone(), tiles.len());
                tiles.push(t);
            }
            Ok(_) => {}
            Err(f) => sink.0.extend(f),
        }
    }
    let sum: u32 = ts.tiles.iter().map(|t| t.count.value).sum();
    if sum != ts.total.value {
        sink.push(
            Finding::error(
                Check::CountMismatch,
                format!("the tile counts add up to {sum}, but `total` says {}", ts.total.value),
            )
            .in_file(file)
            .at(&ts.total.loc, format!("declared total {}", ts.total.value))
            .help(format!(
                "the counts are {} {} in all: correct them, or set `total: {sum}` if the box really holds {sum}",
                sum.abs_diff(ts.total.value),
                if sum > ts.total.value { "too many" } else { "too few" }
            )),
        );
    }
    let start = match first_def.get(&ts.start.tile.value) {
        Some(_) => by_id.get(&ts.start.tile.value).copied(),
        None => {
            sink.push(
                Finding::error(
                    Check::StartTile,
                    format!("start tile `{}` is not in the set", ts.start.tile.value),
                )
                .in_file(file)
                .at(&ts.start.tile.loc, "unknown tile")
                .help("name the id of one of the set's tiles"),
            );
            None
        }
    };
    if let (Some(copy), Some(def)) = (ts.start.copy, first_def.get(&ts.start.tile.value)) {
        if copy == 0 || copy > def.count.value {
            sink.push(
                Finding::error(
                    Check::StartTile,
                    format!(
                        "start copy {copy} does not exist: tile `{}` has {} copies",
                        def.id.value, def.count.value
                    ),
                )
                .in_file(file)
                .at(&ts.start.tile.loc, "start tile")
                .help("copies are numbered from 1"),
            );
        }
    }
    let mut supply: Vec<u32> = rules.pieces.iter().map(|p| p.supply).collect();
    for (kind, n) in &ts.supply {
        let sp = Sp {
            value: kind.clone(),
            loc: n.loc,
        };
        let names: Vec<String> = rules.pieces.iter().map(|p| p.name.clone()).collect();
        if let Some(i) = sink.take(lookup(
            &names,
            &sp,
            "piece kind",
            Check::TileSetUnknownName,
            file,
        )) {
            supply[i] = n.value;
        }
    }
    if !sink.0.is_empty() {
        return Err(sink.0);
    }
    let status = ts
        .provenance
        .as_ref()
        .map_or(ProvenanceStatus::Verified, |p| p.status);
    let mut notes = Vec::new();
    if status != ProvenanceStatus::Verified {
        let word = match status {
            ProvenanceStatus::Deduced => "deduced",
            _ => "reconstructed",
        };
        let mut n = Finding::note(
            Check::Provenance,
            format!(
                "the contents of `{}` are {word}, not checked against the physical tiles",
                ts.name
            ),
        )
        .in_file(file);
        if let Some(loc) = provenance_loc(file) {
            n = n.at_span(loc, word.to_string());
        }
        if let Some(text) = ts.provenance.as_ref().and_then(|p| p.notes.as_deref()) {
            let text = text.trim();
            let first = text.find(". ").map_or(text, |i| &text[..=i]);
            let more = if first.len() < text.len() {
                " (more in the file's `provenance.notes`)"
            } else {
                ""
            };
            n = n.help(format!("{first}{more}"));
        }
        notes.push(n);
    }
    Ok((
        TileSet {
            name: ts.name.clone(),
            tiles,
            by_id,
            start: start.unwrap_or(0),
            total: ts.total.value,
            supply,
            provenance: status,
        },
        notes,
    ))
}

/// Span of the `status:` value under `provenance:` (for the note's label).
fn provenance_loc(file: &SourceFile) -> Option<miette::SourceSpan> {
    let text = file.text();
    let p = text.find("provenance:")?;
    let s = p + text[p..].find("status:")? + "status:".len();
    let rest = &text[s..];
    let start = s + (rest.len() - rest.trim_start().len());
    let len = text[start..].find(['\n', ',', '}']).unwrap_or(0);
    Some(miette::SourceSpan::new(start.into(), len))
}

/// Turns a failed load of a referenced file into a finding at the reference.
fn reference_failure(
    from: &SourceFile,
    written: &Sp<String>,
    what: &str,
    err: Result<Vec<Finding>, String>,
) -> Vec<Finding> {
    match err {
        Ok(findings) => findings,
        Err(io) => vec![
            Finding::error(Check::Io, format!("cannot read the {what}: {io}"))
                .in_file(from)
                .at(&written.loc, format!("{what} path"))
                .help("paths are relative to the file that names them"),
        ],
    }
}

/// Loads and compiles a rule set file.
///
/// Errors: `Failure::Tool` if it cannot be read, otherwise the findings.
pub fn load_ruleset(path: &Path) -> Result<(SourceFile, Rules), Failure> {
    let (file, rs) = load::load::<RuleSetFile>(path, FileKind::Ruleset).map_err(to_failure)?;
    let rules = compile_ruleset(&file, &rs)?;
    Ok((file, rules))
}

fn to_failure(e: Result<Vec<Finding>, String>) -> Failure {
    match e {
        Ok(f) => Failure::Findings(f),
        Err(m) => Failure::Tool(m),
    }
}

/// Loads a tile set, its rule set (or `ruleset_override`) and its `shapes_from` set, and
/// compiles them. Returns the game and the notes.
///
/// Errors: `Failure::Tool` if the tile set itself cannot be read; findings otherwise
/// (problems in referenced files are reported in those files).
pub fn load_tileset(
    path: &Path,
    ruleset_override: Option<(&SourceFile, &Sp<String>)>,
) -> Result<(Game, Vec<Finding>), Failure> {
    let (file, ts) = load::load::<TileSetFile>(path, FileKind::Tileset).map_err(to_failure)?;
    load_tileset_parsed(file, ts, ruleset_override)
}

fn load_tileset_parsed(
    file: SourceFile,
    ts: TileSetFile,
    ruleset_override: Option<(&SourceFile, &Sp<String>)>,
) -> Result<(Game, Vec<Finding>), Failure> {
    let (rs_from, rs_written) = ruleset_override.unwrap_or((&file, &ts.ruleset));
    let rs_path = load::resolve(&rs_from.path, &rs_written.value);
    let (rs_file, rs) = load::load::<RuleSetFile>(&rs_path, FileKind::Ruleset)
        .map_err(|e| reference_failure(rs_from, rs_written, "rule set", e))?;
    let rules = compile_ruleset(&rs_file, &rs)?;
    let shapes = match &ts.shapes_from {
        Some(sf) => {
            let p = load::resolve(&file.path, &sf.value);
            let (sfile, sts) = load::load::<TileSetFile>(&p, FileKind::Tileset)
                .map_err(|e| reference_failure(&file, sf, "tile set named by `shapes_from`", e))?;
            if sts.shapes_from.is_some() {
                return Err(Failure::one(
                    Finding::error(
                        Check::TileShape,
                        "`shapes_from` names a set that itself uses `shapes_from`",
                    )
                    .in_file(&file)
                    .at(&sf.loc, "chained reuse")
                    .help("reuse shapes from a set that defines its tiles"),
                ));
            }
            let (set, _) = compile_tileset(&sfile, &sts, &rules, None)?;
            Some(set)
        }
        None => None,
    };
    let (tiles, notes) = compile_tileset(&file, &ts, &rules, shapes.as_ref())?;
    Ok((
        Game {
            rules,
            tiles,
            ruleset_file: rs_file,
            tileset_file: file,
        },
        notes,
    ))
}

/// Orders findings by file and position, errors before notes at the same place.
pub fn sort_findings(findings: &mut [Finding]) {
    findings.sort_by_key(|f| {
        (
            f.file.as_ref().map(|x| x.path.clone()),
            f.labels.first().map(|(s, _)| s.offset()),
        )
    });
}

/// What `tessera validate` found in one file.
#[derive(Debug)]
pub struct Validation {
    /// The file.
    pub path: PathBuf,
    /// Its kind, if it could be told.
    pub kind: Option<FileKind>,
    /// Errors and notes.
    pub findings: Vec<Finding>,
}

/// Validates one file of any kind: syntax, schema, then meaning (for a position, also
/// replaying its turns). The kind is told from the file's keys.
///
/// Errors: `Err(message)` only when the file cannot be read.
pub fn validate_path(path: &Path) -> Result<Validation, String> {
    let file = load::read(path)?;
    let mut v = Validation {
        path: path.to_path_buf(),
        kind: None,
        findings: Vec::new(),
    };
    let root = match load::parse(&file) {
        Ok(r) => r,
        Err(f) => {
            v.findings.push(f);
            return Ok(v);
        }
    };
    let Some(kind) = load::sniff(&root) else {
        v.findings.push(
            Finding::error(Check::Schema, "cannot tell what kind of file this is")
                .in_file(&file)
                .at(&root.loc, "top level")
                .help("a rule set has `terrains`, a tile set has `tiles` and `total`, a position has `players`"),
        );
        return Ok(v);
    };
    v.kind = Some(kind);
    let schema_findings = load::check_schema(&file, kind, &root);
    if !schema_findings.is_empty() {
        v.findings = schema_findings;
        return Ok(v);
    }
    let result = match kind {
        FileKind::Ruleset => load::deserialize::<RuleSetFile>(&file)
            .map_err(|f| vec![f])
            .and_then(|rs| compile_ruleset(&file, &rs).map(|_| Vec::new())),
        FileKind::Tileset => match load::deserialize::<TileSetFile>(&file) {
            Err(f) => Err(vec![f]),
            Ok(ts) => match load_tileset_parsed(file.clone(), ts, None) {
                Ok((_, notes)) => Ok(notes),
                Err(Failure::Findings(f)) => Err(f),
                Err(Failure::Tool(m)) => return Err(m),
            },
        },
        FileKind::Position => match crate::engine::load_position_file(&file) {
            Ok(p) => match crate::engine::replay(&p, None) {
                Ok(_) => Ok(p.notes),
                Err(f) => Err(f),
            },
            Err(Failure::Findings(f)) => Err(f),
            Err(Failure::Tool(m)) => return Err(m),
        },
    };
    match result {
        Ok(notes) => v.findings = notes,
        Err(f) => v.findings = f,
    }
    sort_findings(&mut v.findings);
    Ok(v)
}
