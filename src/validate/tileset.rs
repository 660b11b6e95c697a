//! Tile-set meaning checks and compilation: ids, side kinds, slots claimed exactly once by
//! segments of the right terrain, links, copies, counts against the declared total, the
//! start tile, and the provenance note.

use super::*;
use crate::limits::*;

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
    if count > MAX_COPIES {
        sink.push(out_of_range(
            file,
            &def.count.loc,
            format!("tile `{id}` has {count} copies"),
            "copies of one tile",
            MAX_COPIES,
        ));
    } else if !def.copies.is_empty() && def.copies.len() != count as usize {
        sink.push(
            Finding::new(
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
    let stack_names: Vec<String> = rules.stacks.iter().map(|s| s.name.clone()).collect();
    let stack = def.stack.as_ref().and_then(|st| {
        sink.take(lookup(
            &stack_names,
            st,
            "stack",
            Check::TileSetUnknownName,
            file,
        ))
    });
    compile_shape(file, def, rules, shapes, copies, sink).map(|mut t| {
        // A reused shape keeps its stack (a menhir tile stays one) unless overridden.
        t.stack = stack.or(t.stack);
        t
    })
}

/// A `tileset::out_of_range` finding: `what` (the message's start) is beyond `limit`
/// (the most `accepted` there can be).
fn out_of_range(file: &SourceFile, loc: &Loc, what: String, accepted: &str, limit: u32) -> Finding {
    Finding::new(
        Check::OutOfRange,
        format!("{what}: tessera accepts at most {limit}"),
    )
    .in_file(file)
    .at(loc, format!("more than {limit}"))
    .help(format!(
        "{limit} {accepted} is far more than any real game has: check the value"
    ))
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
                Finding::new(
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
                Finding::new(
                    Check::UnknownShape,
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
                Finding::new(
                    Check::UnknownShape,
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
        let mut tile = Tile::new(id, count, base.sides, base.segments.clone(), copies);
        tile.stack = base.stack;
        return Ok(tile);
    }
    let Some(sides_def) = &def.sides else {
        sink.push(
            Finding::new(Check::TileShape, format!("tile `{id}` has no `sides`"))
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
    // Sides with a slot name that is not a slot of the side.
    let mut misnamed: Vec<u8> = Vec::new();
    for seg in &def.segments {
        if let Some(first) = ids_seen.insert(seg.id.value.as_str(), &seg.id) {
            sink.push(
                Finding::new(
                    Check::DuplicateSegment,
                    format!("tile `{id}` has two segments with id `{}`", seg.id.value),
                )
                .in_file(file)
                .at(&seg.id.loc, "second segment")
                .at(&first.loc, "first segment")
                .help("give every segment of a tile its own id"),
            );
        }
        let feature = sink.take(lookup(
            &feature_names,
            &seg.feature,
            "feature kind",
            Check::TileSetUnknownName,
            file,
        ));
        if let Some(fk) = feature.map(|f| &rules.features[f]).filter(|k| k.aggregate) {
            sink.push(
                Finding::new(
                    Check::AggregateSegment,
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
        }
        // A segment of an unknown or aggregate kind still claims its slots, so that they
        // are not reported unclaimed as well.
        let kind = feature.filter(|&f| !rules.features[f].aggregate);
        if let Some(fk) = kind.map(|f| &rules.features[f]) {
            // A segment that links to others is a real feature reaching no edge (a field
            // enclosed between city caps: JCloisterZone's INNER_FARM); pieces address it by
            // id.
            if fk.terrain.is_some() && seg.at.is_empty() && seg.links.is_empty() {
                sink.push(
                    Finding::new(
                        Check::NoSlots,
                        format!(
                            "segment `{}` is a {} but claims no slot",
                            seg.id.value, fk.name
                        ),
                    )
                    .in_file(file)
                    .at(&seg.id.loc, "no slots")
                    .help(format!(
                        "a {} lies along sides: list the slots it covers, e.g. `at: [N]` or `at: [NL, WR]`",
                        fk.name
                    )),
                );
            }
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
                    Finding::new(
                        Check::UnknownSlot,
                        format!("`{}` is not a slot of tile `{id}`", at.value),
                    )
                    .in_file(file)
                    .at(&at.loc, "no such slot")
                    .help(help),
                );
                // The side's slots are not reported unclaimed as well.
                misnamed.extend(crate::geometry::side_of_name(&at.value));
                continue;
            };
            let side_kind = &rules.side_kinds[sides[slot.side as usize]];
            let slot_terrain = side_kind.parts[slot.part as usize];
            match kind.map(|f| rules.features[f].terrain) {
                None => {}
                Some(None) => inside_claims.push(at),
                Some(Some(t)) if t != slot_terrain => wrong_terrain.push((at, slot, slot_terrain)),
                Some(Some(_)) => {}
            }
            if let Some(first) = claimed.insert((slot.side, slot.part), at) {
                sink.push(
                    Finding::new(
                        Check::SlotClaimedTwice,
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
        let Some(feature) = kind else {
            continue;
        };
        let fk = &rules.features[feature];
        if let Some(first) = inside_claims.first() {
            let names: Vec<String> = inside_claims
                .iter()
                .map(|a| format!("`{}`", a.value))
                .collect();
            let mut f = Finding::new(
                Check::InnerClaimsSlot,
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
            let mut f = Finding::new(
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
            if n.value > MAX_ITEMS {
                sink.push(out_of_range(
                    file,
                    &n.loc,
                    format!("segment `{}` carries {} {item}", seg.id.value, n.value),
                    "items of one kind on a segment",
                    MAX_ITEMS,
                ));
            }
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
                        Finding::new(
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
                        Finding::new(
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
            touches: Vec::new(),
        });
    }
    // Links both ways (see `Segment::touches`).
    for i in 0..segments.len() {
        for k in 0..segments[i].links.len() {
            let (rel, target) = segments[i].links[k];
            segments[i].touches.push((rel, target));
            segments[target].touches.push((rel, i));
        }
    }
    // Every slot claimed.
    let mut missing = Vec::new();
    for side in (0..4u8).filter(|s| !misnamed.contains(s)) {
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
            Finding::new(
                Check::SlotClaim,
                format!(
                    "tile `{id}` leaves slot{} {} unclaimed",
                    if missing.len() > 1 { "s" } else { "" },
                    quoted_list(&missing)
                ),
            )
            .in_file(file)
            .at(&def.id.loc, "this tile")
            .help("add the slots to the `at` list of the segment that covers them"),
        );
    }
    // The corner rule needs every slot claimed once by a segment of the right kind, and
    // links that name segments of the tile (a link to a misspelt segment is most likely
    // the link the corner rule would ask for).
    let geometry_ok = !sink.0.iter().any(|f| {
        matches!(
            f.check,
            Check::UnknownSlot
                | Check::SlotClaim
                | Check::SideMismatch
                | Check::TileSetUnknownName
                | Check::DuplicateId
                | Check::UnknownSegment
        )
    });
    check_relations(file, def, rules, &sides, geometry_ok, &mut sink);
    if segments.len() > MAX_SEGMENTS {
        sink.push(
            Finding::new(
                Check::TooManySegments,
                format!("tile `{id}` has too many segments"),
            )
            .in_file(file)
            .at(&def.id.loc, "this tile")
            .help(format!("a tile has at most {MAX_SEGMENTS} segments")),
        );
    }
    if !sink.0.is_empty() {
        return Err(sink.0);
    }
    Ok(Tile::new(id, count, sides, segments, copies))
}

/// One link or `apart` entry of a tile: relation, from segment, to segment (indices in the
/// tile's `segments`), and where the target is written.
struct Pair<'a> {
    relation: usize,
    from: usize,
    to: usize,
    loc: &'a crate::model::Loc,
}

/// Corner names, by corner: corner k lies between side k and side k + 1 (clockwise).
const CORNERS: [&str; 4] = ["north-east", "south-east", "south-west", "north-west"];

/// Relation checks of one tile: links join the kinds their relation declares
/// (`tileset::link_kinds`); segments that meet at a corner under a corner relation are
/// linked (`tileset::missing_link`) unless `apart` says otherwise; `apart` entries are
/// used (`tileset::apart_unused`) and do not contradict a link (`tileset::apart_linked`).
/// The corner checks run only when `geometry_ok` (every slot claimed once, right kinds,
/// link targets known) and every `apart` entry names a known relation and segment.
fn check_relations(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    sides: &[usize; 4],
    mut geometry_ok: bool,
    sink: &mut Sink,
) {
    let segs = &def.segments;
    let ids: Vec<&str> = segs.iter().map(|s| s.id.value.as_str()).collect();
    let kinds: Vec<Option<usize>> = segs
        .iter()
        .map(|s| {
            rules
                .features
                .iter()
                .position(|f| f.name == s.feature.value && !f.aggregate)
        })
        .collect();
    let relation = |name: &str| rules.relations.iter().position(|r| r == name);
    let segment = |name: &str| ids.iter().position(|i| *i == name);
    let mut links = Vec::new();
    let mut apart = Vec::new();
    for (from, seg) in segs.iter().enumerate() {
        for (rel, targets) in &seg.links {
            for t in targets {
                if let (Some(relation), Some(to)) = (relation(rel), segment(&t.value)) {
                    links.push(Pair {
                        relation,
                        from,
                        to,
                        loc: &t.loc,
                    });
                }
            }
        }
        for (rel, targets) in &seg.apart {
            for t in targets {
                let Some(r) = relation(rel) else {
                    geometry_ok = false;
                    sink.push(
                        Finding::unknown(Check::TileSetUnknownName, "relation", rel)
                            .in_file(file)
                            .at(&t.loc, "`apart` with an undeclared relation")
                            .known(
                                "declared relations",
                                rules.relations.iter().map(String::as_str),
                            ),
                    );
                    continue;
                };
                let Some(to) = segment(&t.value) else {
                    geometry_ok = false;
                    sink.push(
                        Finding::new(
                            Check::UnknownSegment,
                            format!("tile `{}` has no segment `{}`", def.id.value, t.value),
                        )
                        .in_file(file)
                        .at(&t.loc, "`apart` target")
                        .help(format!("segments of this tile: {}", ids.join(", "))),
                    );
                    continue;
                };
                apart.push(Pair {
                    relation: r,
                    from,
                    to,
                    loc: &t.loc,
                });
            }
        }
    }
    let name = |k: Option<usize>| k.map_or("?", |k| rules.features[k].name.as_str());
    // Links of the kinds their relation joins.
    for l in &links {
        let (Some(a), Some(b)) = (kinds[l.from], kinds[l.to]) else {
            continue;
        };
        let Some(&[from, to]) = rules.relation_kinds.get(l.relation) else {
            continue;
        };
        if (a, b) == (from, to) {
            continue;
        }
        let rel = &rules.relations[l.relation];
        let f = if (b, a) == (from, to) {
            Finding::new(
                Check::LinkKinds,
                format!(
                    "link `{rel}` is written on the {} `{}`; it belongs on the {} `{}`",
                    name(Some(a)),
                    ids[l.from],
                    name(Some(b)),
                    ids[l.to]
                ),
            )
            .in_file(file)
            .at(l.loc, "written the other way round")
            .help(format!(
                "`{rel}` goes from a {} to a {}: remove it here and write `links: {{{rel}: [{}]}}` on `{}`",
                name(Some(from)),
                name(Some(to)),
                ids[l.from],
                ids[l.to]
            ))
        } else {
            let fitting: Vec<&str> = rules
                .relation_kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| **k == [a, b])
                .map(|(r, _)| rules.relations[r].as_str())
                .collect();
            let also = if fitting.is_empty() {
                String::new()
            } else {
                format!(
                    "; relations from a {} to a {}: {}",
                    name(Some(a)),
                    name(Some(b)),
                    fitting.join(", ")
                )
            };
            Finding::new(
                Check::LinkKinds,
                format!(
                    "link `{rel}` joins the {} `{}` to the {} `{}`, but `{rel}` joins a {} to a {}",
                    name(Some(a)),
                    ids[l.from],
                    name(Some(b)),
                    ids[l.to],
                    name(Some(from)),
                    name(Some(to))
                ),
            )
            .in_file(file)
            .at(l.loc, format!("a {}", name(Some(b))))
            .help(format!(
                "a `{rel}` link names {} segments from a {} segment: fix the segment id or the relation{also}",
                name(Some(to)),
                name(Some(from))
            ))
        };
        sink.push(f);
    }
    let linked = |r: usize, x: usize, y: usize| {
        links
            .iter()
            .any(|l| l.relation == r && ((l.from, l.to) == (x, y) || (l.from, l.to) == (y, x)))
    };
    for a in &apart {
        if linked(a.relation, a.from, a.to) {
            let rel = &rules.relations[a.relation];
            sink.push(
                Finding::new(
                    Check::ApartLinked,
                    format!(
                        "segment `{}` is both linked to `{}` and apart from it (`{rel}`)",
                        ids[a.from], ids[a.to]
                    ),
                )
                .in_file(file)
                .at(a.loc, "said to be apart")
                .help(format!(
                    "keep the link if the two touch at the corner, or drop it and keep `apart: {{{rel}: [{}]}}` if a wall separates them",
                    ids[a.to]
                )),
            );
        }
    }
    if !geometry_ok {
        return;
    }
    // Owner of each slot, by (side, part).
    let mut owner: HashMap<(u8, u8), usize> = HashMap::new();
    for (i, seg) in segs.iter().enumerate() {
        for at in &seg.at {
            let parts = |s: u8| rules.parts(sides[s as usize]);
            if let Some(slot) = parse_slot(&at.value, parts, false) {
                owner.insert((slot.side, slot.part), i);
            }
        }
    }
    // Corner contacts that a corner relation turns into a required link:
    // (relation, from segment, to segment) -> corners.
    let mut required: Vec<((usize, usize, usize), Vec<usize>)> = Vec::new();
    for corner in 0..4u8 {
        let next = (corner + 1) % 4;
        let last = rules.parts(sides[corner as usize]) as u8 - 1;
        let (Some(&x), Some(&y)) = (owner.get(&(corner, last)), owner.get(&(next, 0))) else {
            continue;
        };
        if x == y {
            continue;
        }
        for (r, &[from, to]) in rules.relation_kinds.iter().enumerate() {
            if !rules.relation_corners.get(r).copied().unwrap_or(false) {
                continue;
            }
            let pair = if (kinds[x], kinds[y]) == (Some(from), Some(to)) {
                (x, y)
            } else if (kinds[y], kinds[x]) == (Some(from), Some(to)) {
                (y, x)
            } else {
                continue;
            };
            let key = (r, pair.0, pair.1);
            match required.iter_mut().find(|(k, _)| *k == key) {
                Some((_, corners)) => corners.push(corner as usize),
                None => required.push((key, vec![corner as usize])),
            }
        }
    }
    let is_apart = |r: usize, x: usize, y: usize| {
        apart
            .iter()
            .any(|a| a.relation == r && ((a.from, a.to) == (x, y) || (a.from, a.to) == (y, x)))
    };
    for a in &apart {
        let used = required.iter().any(|((r, x, y), _)| {
            *r == a.relation && ((a.from, a.to) == (*x, *y) || (a.from, a.to) == (*y, *x))
        });
        if used {
            continue;
        }
        let rel = &rules.relations[a.relation];
        let help = if rules
            .relation_corners
            .get(a.relation)
            .copied()
            .unwrap_or(false)
        {
            format!(
                "`apart` is for two segments that meet at a tile corner (the last slot of a side and the first of the next, clockwise); `{}` and `{}` do not: remove the entry or fix the segment id",
                ids[a.from], ids[a.to]
            )
        } else {
            format!(
                "`{rel}` has no corner rule (`corners: true`), so nothing needs saying: remove the entry"
            )
        };
        sink.push(
            Finding::new(
                Check::ApartUnused,
                format!(
                    "`apart: {{{rel}: [{}]}}` on `{}` says nothing: they do not meet at a corner under a corner rule",
                    ids[a.to], ids[a.from]
                ),
            )
            .in_file(file)
            .at(a.loc, "not met at a corner")
            .help(help),
        );
    }
    // Missing links, one finding per segment that should carry them.
    let mut by_from: Vec<(usize, Vec<Missing>)> = Vec::new();
    for ((relation, x, to), corners) in required {
        if linked(relation, x, to) || is_apart(relation, x, to) {
            continue;
        }
        let m = Missing {
            relation,
            to,
            corners,
        };
        match by_from.iter_mut().find(|(f, _)| *f == x) {
            Some((_, list)) => list.push(m),
            None => by_from.push((x, vec![m])),
        }
    }
    for (x, mut missing) in by_from {
        // Targets in the tile's order, as an author lists them.
        missing.sort_by_key(|m| m.to);
        let seg = &segs[x];
        let what: Vec<String> = missing
            .iter()
            .map(|m| {
                let corners: Vec<&str> = m.corners.iter().map(|&c| CORNERS[c]).collect();
                let plural = if corners.len() > 1 { "s" } else { "" };
                let (open, close) = if missing.len() == 1 {
                    ("at the ", "")
                } else {
                    ("(", ")")
                };
                format!(
                    "{} `{}` {open}{} corner{plural}{close}",
                    name(kinds[m.to]),
                    ids[m.to],
                    corners.join(" and ")
                )
            })
            .collect();
        let mut rels: Vec<&str> = missing
            .iter()
            .map(|m| rules.relations[m.relation].as_str())
            .collect();
        rels.sort_unstable();
        rels.dedup();
        let rels = rels.join("`/`");
        // The segment's links once the missing ones are added (relations in name order,
        // targets in the file's order), and the `apart` that would say the opposite.
        let mut all: BTreeMap<&str, Vec<&str>> = seg
            .links
            .iter()
            .map(|(r, t)| (r.as_str(), t.iter().map(|t| t.value.as_str()).collect()))
            .collect();
        let mut apart_all: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for m in &missing {
            let r = rules.relations[m.relation].as_str();
            all.entry(r).or_default().push(ids[m.to]);
            apart_all.entry(r).or_default().push(ids[m.to]);
        }
        let flow = |map: &BTreeMap<&str, Vec<&str>>| {
            map.iter()
                .map(|(r, t)| format!("{r}: [{}]", t.join(", ")))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut f = Finding::new(
            Check::MissingLink,
            format!(
                "{} `{}` meets {} but does not link to {} with `{rels}`",
                name(kinds[x]),
                ids[x],
                join_and(&what),
                if missing.len() == 1 { "it" } else { "them" },
            ),
        )
        .in_file(file)
        .at(&seg.id.loc, format!("no `{rels}` link"));
        for m in &missing {
            f = f.at(&segs[m.to].id.loc, format!("the {}", name(kinds[m.to])));
        }
        sink.push(f.help(format!(
            "write `links: {{{}}}` on `{}`; if the tile separates them at the corner (a wall), write `apart: {{{}}}` instead",
            flow(&all),
            ids[x],
            flow(&apart_all)
        )));
    }
}

/// A link the corner rule requires and the tile lacks: relation, target segment, corners.
struct Missing {
    relation: usize,
    to: usize,
    corners: Vec<usize>,
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Compiles a single tile set file (no includes followed) against its rule set. Returns the
/// set and the warnings and notes (`count: 0`, unverified provenance), or every error found
/// (with the warnings).
pub fn compile_tileset(
    file: &SourceFile,
    ts: &TileSetFile,
    rules: &Rules,
    shapes: Option<&TileSet>,
) -> Result<(TileSet, Vec<Finding>), Vec<Finding>> {
    let part = compose::Part {
        file: file.clone(),
        ts: ts.clone(),
        chain: Vec::new(),
        counts: HashMap::new(),
        excluded: HashSet::new(),
    };
    compile_parts(&[part], &[shapes.cloned()], rules)
}

/// Compiles the tiles of a set lent through `shapes_from` (its parts, included sets too)
/// under the borrowing file's rule set. Every tile that compiles is kept; the findings of a
/// tile that does not are returned only when `wanted` names it, since a lent set may hold
/// tiles that need another rule set. Included parts come first, so a part can reuse their
/// shapes as in [`compile_parts`]; an id met twice keeps its first definition.
pub(crate) fn compile_lenient(
    parts: &[compose::Part],
    rules: &Rules,
    wanted: &HashSet<&str>,
) -> (TileSet, Vec<Finding>) {
    let mut set = TileSet::empty();
    let mut failed = Vec::new();
    for part in parts.iter().rev() {
        let so_far = part
            .ts
            .tiles
            .iter()
            .any(|t| t.shape.is_some())
            .then(|| set.clone());
        let mut here = Vec::new();
        for def in &part.ts.tiles {
            if part.excluded.contains(&def.id.value) || set.by_id.contains_key(&def.id.value) {
                continue;
            }
            match compile_tile(&part.file, def, rules, so_far.as_ref()) {
                Ok(t) => here.push(t),
                Err(f) if wanted.contains(def.id.value.as_str()) => {
                    failed.extend(f.into_iter().map(|f| compose::with_chain(f, &part.chain)));
                }
                Err(_) => {}
            }
        }
        for t in here {
            if !set.by_id.contains_key(&t.id) {
                set.by_id.insert(t.id.clone(), set.tiles.len());
                set.tiles.push(t);
            }
        }
    }
    (set, failed)
}

/// Compiles the parts of a composed tile set (the top file first, then the included sets,
/// see [`compose::load_parts`]) into one set. `shapes[i]` is the `shapes_from` set of part
/// `i`; a part without one may reuse the tiles of the sets it includes with `shape:`.
///
/// Errors: every finding, each in the file that must change, with its include chain.
pub(crate) fn compile_parts(
    parts: &[compose::Part],
    shapes: &[Option<TileSet>],
    rules: &Rules,
) -> Result<(TileSet, Vec<Finding>), Vec<Finding>> {
    let mut sink = Sink::default();
    let mut tiles: Vec<Tile> = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    let mut first_def: HashMap<String, (usize, &Sp<TileDef>)> = HashMap::new();
    let mut summary = Vec::new();
    let mut warnings = Vec::new();
    // Included sets first, so that an including file can reuse their tiles with `shape:`.
    for (pi, part) in parts.iter().enumerate().rev() {
        let file = &part.file;
        let ts = &part.ts;
        let mut own = Sink::default();
        // The included sets' tiles, for `shape:` entries of a part without `shapes_from`
        // (copied only when the part has such entries).
        let reuses = ts.tiles.iter().any(|t| t.shape.is_some());
        let so_far = (shapes[pi].is_none() && reuses && !tiles.is_empty()).then(|| TileSet {
            name: "the included tile sets".into(),
            tiles: tiles.clone(),
            by_id: by_id.clone(),
            ..TileSet::empty()
        });
        let shapes_here = shapes[pi].as_ref().or(so_far.as_ref());
        let mut used = 0u64;
        for def in &ts.tiles {
            if part.excluded.contains(&def.id.value) {
                continue;
            }
            // `count: 0`, or an include's count override of 0: a tile never drawn.
            let count = part.counts.get(&def.id.value).unwrap_or(&def.count);
            if count.value == 0 {
                warnings.push(compose::with_chain(
                    Finding::new(
                        Check::ZeroCount,
                        format!("tile `{}` has `count: 0`: it is never drawn", def.id.value),
                    )
                    .in_file(file)
                    .at(&count.loc, "no copies")
                    .help("give the number of copies in the box, or delete the tile (when including a set, `exclude` it)"),
                    &part.chain,
                ));
            }
            let duplicate = first_def.get(&def.id.value).map(|(_, first)| first.id.loc);
            if let Some(first) = duplicate {
                own.push(
                    Finding::new(
                        Check::DuplicateId,
                        format!("two tiles have id `{}`", def.id.value),
                    )
                    .in_file(file)
                    .at(&def.id.loc, "second definition")
                    .at(&first, "first definition")
                    .help("give every tile definition its own id (across every included set); use `count` for copies, or `exclude` the other one"),
                );
            } else {
                first_def.insert(def.id.value.clone(), (pi, def));
            }
            // A duplicate is still checked, so that its own problems show now.
            match compile_tile(file, def, rules, shapes_here) {
                Ok(mut t) if duplicate.is_none() => {
                    if let Some(n) = part.counts.get(&t.id) {
                        t.count = n.value;
                        t.copies
                            .resize(t.copies.len().min(n.value as usize), Vec::new());
                    }
                    used += u64::from(t.count);
                    by_id.insert(t.id.clone(), tiles.len());
                    tiles.push(t);
                }
                Ok(_) => {}
                Err(f) => own.0.extend(f),
            }
        }
        let sum = ts
            .tiles
            .iter()
            .map(|t| u64::from(t.count.value))
            .sum::<u64>();
        // A count out of range is reported on its own; the sum would only repeat it.
        let in_range = ts.tiles.iter().all(|t| t.count.value <= MAX_COPIES);
        match &ts.total {
            Some(total) if in_range && sum != u64::from(total.value) => own.push(
                Finding::new(
                    Check::CountMismatch,
                    format!("the tile counts add up to {sum}, but `total` says {}", total.value),
                )
                .in_file(file)
                .at(&total.loc, format!("declared total {}", total.value))
                .help(format!(
                    "the counts are {} {} in all: correct them, or set `total: {sum}` if the box really holds {sum}",
                    sum.abs_diff(u64::from(total.value)),
                    if sum > u64::from(total.value) { "too many" } else { "too few" }
                )),
            ),
            None if !ts.tiles.is_empty() => own.push(
                Finding::new(
                    Check::NoTotal,
                    format!("`{}` defines {sum} tiles but gives no `total`", ts.name),
                )
                .in_file(file)
                .at_span(file.top_key_span("tiles"), "tiles without a total")
                .help(format!("add `total: {sum}` (the number of tiles this file defines)")),
            ),
            _ => {}
        }
        summary.push((ts.name.clone(), file.path.display().to_string(), used));
        for f in own.0 {
            sink.push(compose::with_chain(f, &part.chain));
        }
    }
    summary.reverse();
    // The start tile: the first part (top file first) that names one.
    let start_ref = parts
        .iter()
        .find_map(|p| p.ts.start.as_ref().map(|s| (p, s)));
    let start = match start_ref {
        None => {
            let top = &parts[0].file;
            sink.push(
                Finding::new(
                    Check::NoStartTile,
                    "no start tile: neither this set nor an included one gives `start`",
                )
                .in_file(top)
                .at_span(top.top_key_span("name"), "this set")
                .help("add `start: {tile: <id>}` naming the tile laid first"),
            );
            None
        }
        Some((part, st)) => match first_def.get(&st.tile.value) {
            Some(&(pi, def)) => {
                // The copies it has here: its own count, or an include's override (then
                // reported there, where it must change).
                let over = parts[pi].counts.get(&def.id.value);
                let count = over.unwrap_or(&def.count);
                if count.value == 0 {
                    let f = Finding::new(
                        Check::StartNoCopy,
                        format!("the start tile `{}` has no copies", def.id.value),
                    )
                    .in_file(&part.file)
                    .help("the start tile is one of its copies: give it `count: 1` or more, or name another start tile");
                    sink.push(match over {
                        Some(o) => f
                            .at(&o.loc, "the start tile's copies")
                            .at(&st.tile.loc, "start tile"),
                        None => compose::with_chain(
                            f.at(&st.tile.loc, "start tile").at(&count.loc, "no copies"),
                            &part.chain,
                        ),
                    });
                }
                if let Some(copy) = st.copy {
                    if copy == 0 || copy > def.count.value {
                        sink.push(compose::with_chain(
                            Finding::new(
                                Check::StartCopy,
                                format!(
                                    "start copy {copy} does not exist: tile `{}` has {} copies",
                                    def.id.value, def.count.value
                                ),
                            )
                            .in_file(&part.file)
                            .at(&st.tile.loc, "start tile")
                            .help("copies are numbered from 1"),
                            &part.chain,
                        ));
                    }
                }
                by_id.get(&st.tile.value).copied()
            }
            None => {
                sink.push(compose::with_chain(
                    Finding::new(
                        Check::StartTile,
                        format!("start tile `{}` is not in the set", st.tile.value),
                    )
                    .in_file(&part.file)
                    .at(&st.tile.loc, "unknown tile")
                    .help("name the id of one of the set's tiles (or of an included set's)"),
                    &part.chain,
                ));
                None
            }
        },
    };
    // Supply: the rule set's, overridden by the deepest set first and the top file last.
    let mut supply: Vec<u32> = rules.pieces.iter().map(|p| p.supply).collect();
    let names: Vec<String> = rules.pieces.iter().map(|p| p.name.clone()).collect();
    for part in parts.iter().rev() {
        for (kind, n) in &part.ts.supply {
            let sp = Sp {
                value: kind.clone(),
                loc: n.loc,
            };
            if let Some(i) = sink.take(
                lookup(
                    &names,
                    &sp,
                    "piece kind",
                    Check::TileSetUnknownName,
                    &part.file,
                )
                .map_err(|f| compose::with_chain(f, &part.chain)),
            ) {
                supply[i] = n.value;
            }
        }
    }
    if !sink.0.is_empty() {
        let mut all = merge_repeated(sink.0);
        all.extend(warnings);
        return Err(all);
    }
    let mut notes = warnings;
    let mut provenance = ProvenanceStatus::Verified;
    for part in parts {
        if let Some(n) = provenance_note(part) {
            notes.push(n);
        }
        let status = part
            .ts
            .provenance
            .as_ref()
            .map_or(ProvenanceStatus::Verified, |p| p.status.value);
        if status != ProvenanceStatus::Verified {
            provenance = status;
        }
    }
    let total = tiles.iter().fold(0u32, |a, t| a.saturating_add(t.count));
    let fits = crate::rules::FitTable::build(&tiles, rules.side_kinds.len());
    Ok((
        TileSet {
            name: parts[0].ts.name.clone(),
            fits,
            tiles,
            by_id,
            start: start.unwrap_or(0),
            start_loc: start_ref.map_or(Loc::UNKNOWN, |(_, st)| st.tile.loc),
            total,
            supply,
            provenance,
            sources: summary,
        },
        notes,
    ))
}

/// The note for a part whose contents are not verified.
fn provenance_note(part: &compose::Part) -> Option<Finding> {
    let ts = &part.ts;
    let file = &part.file;
    let prov = ts.provenance.as_ref()?;
    let status = prov.status.value;
    if status == ProvenanceStatus::Verified {
        return None;
    }
    let word = match status {
        ProvenanceStatus::Deduced => "deduced",
        ProvenanceStatus::Imported => "imported",
        _ => "reconstructed",
    };
    let mut n = Finding::new(
        Check::Provenance,
        format!(
            "the contents of `{}` are {word}, not checked against the physical tiles",
            ts.name
        ),
    )
    .in_file(file)
    .at(&prov.status.loc, word);
    if let Some(text) = prov.notes.as_deref() {
        let text = text.trim();
        let first = text.find(". ").map_or(text, |i| &text[..=i]);
        let more = if first.len() < text.len() {
            " (more in the file's `provenance.notes`)"
        } else {
            ""
        };
        n = n.help(format!("{first}{more}"));
    }
    Some(compose::with_chain(n, &part.chain))
}
