//! Tile-set meaning checks and compilation: ids, side kinds, slots claimed exactly once by
//! segments of the right terrain (judged together, so that one slip is one finding),
//! links (their kinds, the corner rule, segments kept apart), items no rule reads, copies,
//! counts against the declared total, the start tile, and the provenance note.

mod checks;

use super::*;
use crate::geometry::Slot;
use crate::limits::*;
use std::collections::HashSet;

/// Compiles one tile definition. `shapes` resolves `shape:` references (the `shapes_from`
/// set); `None` when the set has no `shapes_from`. Returns the tile and the warnings about
/// it (`tileset::item_unread`), looked for only on a tile without errors, so that they
/// never repeat an error in other words.
///
/// Errors: every finding about the tile (codes `tileset::*`).
pub fn compile_tile(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    shapes: Option<&TileSet>,
) -> Result<(Tile, Vec<Finding>), Vec<Finding>> {
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
    let tile_items = compile_items(
        file,
        rules,
        &def.items,
        &format!("tile `{id}`"),
        "items of one kind on a tile",
        &mut sink,
    );
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
    let mut tile = compile_shape(file, def, rules, shapes, copies, sink)?;
    // A reused shape keeps its stack (a menhir tile stays one) unless overridden.
    tile.stack = stack.or(tile.stack);
    tile.items = tile_items;
    tile.mark_walls(|k| rules.is_wall(k));
    let mut warnings = unread_items(file, def, rules, &tile);
    warnings.extend(unread_tile_items(file, def, rules, &tile));
    warnings.extend(lone_junctions(file, def));
    Ok((tile, warnings))
}

/// `tileset::lone_junction` for each junction of the tile that names fewer than two
/// distinct segments (its names are known: an unknown one is an error before this).
fn lone_junctions(file: &SourceFile, def: &Sp<TileDef>) -> Vec<Finding> {
    def.junctions
        .iter()
        .filter(|j| {
            let mut names: Vec<&str> = j.iter().map(|n| n.value.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            names.len() < 2
        })
        .map(|j| {
            Finding::new(
                Check::LoneJunction,
                format!(
                    "a junction of tile `{}` names only `{}`",
                    def.id.value,
                    j.first().map_or("", |n| n.value.as_str())
                ),
            )
            .in_file(file)
            .at(&j.loc, "one segment")
            .help("a junction lists the two or more segments that meet there (`[monastery, road]`); remove it, or name the segment it meets")
        })
        .collect()
}

/// Items written as `{name: count}` (on a segment or a tile, `whose` in messages: "tile
/// `X`"), compiled: unknown names are `tileset::unknown_name`, a count past
/// [`MAX_ITEMS`] is `tileset::out_of_range` (`accepted` names what it counts).
fn compile_items(
    file: &SourceFile,
    rules: &Rules,
    written: &BTreeMap<String, Sp<u32>>,
    whose: &str,
    accepted: &str,
    sink: &mut Sink,
) -> Vec<(usize, u32)> {
    let mut items = Vec::new();
    for (item, n) in written {
        let sp = Sp {
            value: item.clone(),
            loc: n.loc,
        };
        if n.value > MAX_ITEMS {
            sink.push(out_of_range(
                file,
                &n.loc,
                format!("{whose} carries {} {item}", n.value),
                accepted,
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
    items
}

/// `tileset::item_unread` warnings for the items on a tile as a whole that no rule of the
/// rule set reads there ([`Rules::tile_item_readers`]), at the item's count.
fn unread_tile_items(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    tile: &Tile,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for &(item, _) in &tile.items {
        if rules.tile_item_readers.get(item).copied().unwrap_or(true) {
            continue;
        }
        let name = &rules.items[item];
        let loc = def.items.get(name).map_or(def.id.loc, |n| n.loc);
        out.push(
            Finding::new(
                Check::ItemUnread,
                format!(
                    "tile `{}` carries `{name}` on the tile as a whole, where no rule of {} reads it",
                    def.id.value, rules.name
                ),
            )
            .in_file(file)
            .at(&loc, "never read here")
            .help(format!(
                "a rule reads an item on a tile with a scoring term `{{count: {{neighbours_with: {name}}}, points: 3}}`, a `tie_breaks` entry or an effect's `when_placed`; or move it onto the segment it belongs to (`items:` of a segment)"
            )),
        );
    }
    out
}

/// `tileset::item_unread` warnings: items on segments of a kind that no rule of the rule
/// set reads them on ([`Rules::item_readers`]). An item written on the tile is reported
/// at its count; an item of a reused shape (`shape:`) at the `shape` entry.
fn unread_items(file: &SourceFile, def: &Sp<TileDef>, rules: &Rules, tile: &Tile) -> Vec<Finding> {
    let mut out = Vec::new();
    for (s, seg) in tile.segments.iter().enumerate() {
        for &(item, _) in &seg.items {
            let read = rules
                .item_readers
                .get(item)
                .and_then(|row| row.get(seg.feature))
                .copied()
                .unwrap_or(true);
            if read {
                continue;
            }
            let name = &rules.items[item];
            let kind = &rules.features[seg.feature].name;
            // Where it is written: the item's count on the segment, or the reused shape.
            let (loc, whose) = match &def.shape {
                Some(shape) => (
                    shape.loc,
                    format!(
                        "segment `{}` of shape `{}` (reused by tile `{}`)",
                        seg.id, shape.value, def.id.value
                    ),
                ),
                None => (
                    def.segments
                        .get(s)
                        .and_then(|d| d.items.get(name))
                        .map_or(def.id.loc, |n| n.loc),
                    format!("segment `{}` of tile `{}`", seg.id, def.id.value),
                ),
            };
            let readers: Vec<String> = rules
                .features
                .iter()
                .enumerate()
                .filter(|(k, f)| {
                    !f.aggregate && rules.item_readers[item].get(*k).copied().unwrap_or(false)
                })
                .map(|(_, f)| format!("`{}`", f.name))
                .collect();
            let help = if readers.is_empty() {
                format!(
                    "no rule of {} reads `{name}` on any kind: remove it, or give it a meaning in the rule set (a scoring term `{{count: {{item: {name}}}, points: 1}}`, a `when: {{items_at_least: {{{name}: 1}}}}` case, ...)",
                    rules.name
                )
            } else {
                format!(
                    "`{name}` is read on {} segments only: put it on the segment it belongs to, or remove it",
                    join_or(&readers)
                )
            };
            out.push(
                Finding::new(
                    Check::ItemUnread,
                    format!(
                        "`{name}` on {whose} is never read: no rule of {} reads `{name}` on a {kind}",
                        rules.name
                    ),
                )
                .in_file(file)
                .at(&loc, format!("`{name}` on a {kind}"))
                .help(help),
            );
        }
    }
    out
}

/// `a`, `a or b`, `a, b or c`.
/// The unknown names a tile's segments use (feature kinds, relations, link targets), for
/// a tile whose sides could not be read: the findings [`compile_tile`] gives for them.
fn unknown_segment_names(file: &SourceFile, def: &Sp<TileDef>, rules: &Rules, sink: &mut Sink) {
    let feature_names: Vec<String> = rules.features.iter().map(|f| f.name.clone()).collect();
    let seg_ids: Vec<&str> = def.segments.iter().map(|s| s.id.value.as_str()).collect();
    for seg in &def.segments {
        sink.take(lookup(
            &feature_names,
            &seg.feature,
            "feature kind",
            Check::TileSetUnknownName,
            file,
        ));
        for (rel, targets) in &seg.links {
            for t in targets {
                let target = |n: &str| seg_ids.iter().position(|s| *s == n);
                sink.take(link(file, &def.id.value, rules, rel, t, &seg_ids, target));
            }
        }
    }
}

/// A link of tile `id`'s segment by relation `rel` to the segment named `t`: (relation,
/// target segment), by index.
///
/// Errors: `tileset::unknown_name` for a relation the rule set does not declare,
/// `tileset::unknown_segment` for a target the tile does not have.
fn link(
    file: &SourceFile,
    id: &str,
    rules: &Rules,
    rel: &str,
    t: &Sp<String>,
    seg_ids: &[&str],
    target: impl Fn(&str) -> Option<usize>,
) -> Result<(usize, usize), Finding> {
    let Some(r) = rules.relations.iter().position(|r| r == rel) else {
        return Err(Finding::new(
            Check::TileSetUnknownName,
            format!("unknown relation `{rel}`"),
        )
        .in_file(file)
        .at(&t.loc, "link with an undeclared relation")
        .help(format!(
            "declared relations: {}",
            rules.relations.join(", ")
        )));
    };
    match target(t.value.as_str()) {
        Some(target) => Ok((r, target)),
        None => Err(Finding::new(
            Check::UnknownSegment,
            format!("tile `{id}` has no segment `{}`", t.value),
        )
        .in_file(file)
        .at(&t.loc, "link target")
        .help(format!("segments of this tile: {}", seg_ids.join(", ")))),
    }
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
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
        if def.sides.is_some() || !def.segments.is_empty() || !def.junctions.is_empty() {
            sink.push(
                Finding::new(
                    Check::TileShape,
                    format!("tile `{id}` has both `shape` and its own sides, segments or junctions"),
                )
                .in_file(file)
                .at(&shape.loc, "shape reused from another set")
                .help(
                    "either reuse a shape with `shape:` (its junctions come with it) or write `sides`, `segments` and `junctions`, not both",
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
        // The segments are not judged against sides of unknown kinds, but the other
        // names they use are looked up, so that one run reports every unknown name.
        unknown_segment_names(file, def, rules, &mut sink);
        return Err(sink.0);
    }
    // A side whose kind the segments contradict while fitting another kind exactly is
    // one finding there; its slots are not judged one by one as well.
    let wrong_side = wrong_side_kinds(file, def, sides_def, &sides, rules, &mut sink);
    let on_wrong_side =
        |name: &str| crate::geometry::side_of_name(name).is_some_and(|s| wrong_side[s as usize]);
    let feature_names: Vec<String> = rules.features.iter().map(|f| f.name.clone()).collect();
    let seg_ids: Vec<&str> = def.segments.iter().map(|s| s.id.value.as_str()).collect();
    // Segment ids to their first index (a look-up per link, however many segments).
    let mut seg_index: HashMap<&str, usize> = HashMap::new();
    for (i, id) in seg_ids.iter().enumerate() {
        seg_index.entry(id).or_insert(i);
    }
    let mut segments = Vec::new();
    let mut ids_seen: HashMap<&str, &Sp<String>> = HashMap::new();
    // The claims, gathered first and judged together below, so that one slip is one
    // finding (a misspelt slot name is not also an unclaimed slot).
    let mut claims = Claims::new(def.segments.len());
    // The terrain of each segment's kind (by index in `def.segments`), if it lies along
    // sides.
    let mut terrain_of: Vec<Option<usize>> = vec![None; def.segments.len()];
    // The slots each segment shares (`shares`): (segment, name, the slot if it is one).
    let mut shared: Vec<(usize, &Sp<String>, Option<Slot>)> = Vec::new();
    for (index, seg) in def.segments.iter().enumerate() {
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
                claims.empty.push(index);
            }
            terrain_of[index] = fk.terrain;
        }
        let mut slots = Vec::new();
        let mut inside_claims: Vec<&Sp<String>> = Vec::new();
        for at in seg.at.iter().filter(|a| !on_wrong_side(&a.value)) {
            let parts = |s: u8| rules.parts(sides[s as usize]);
            let Some(slot) = parse_slot(&at.value, parts, false) else {
                claims.unknown.push((index, at));
                continue;
            };
            let side_kind = &rules.side_kinds[sides[slot.side as usize]];
            let slot_terrain = side_kind.parts[slot.part as usize];
            let wrong = match kind.map(|f| rules.features[f].terrain) {
                None => false,
                Some(None) => {
                    inside_claims.push(at);
                    false
                }
                Some(Some(t)) => t != slot_terrain,
            };
            claims
                .by_slot
                .entry((slot.side, slot.part))
                .or_default()
                .push(Claim {
                    segment: index,
                    at,
                    wrong,
                });
            slots.push(slot);
        }
        let Some(feature) = kind else {
            continue;
        };
        let fk = &rules.features[feature];
        claims.inside[index] = !inside_claims.is_empty();
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
        let items = compile_items(
            file,
            rules,
            &seg.items,
            &format!("segment `{}`", seg.id.value),
            "items of one kind on a segment",
            &mut sink,
        );
        let mut links = Vec::new();
        for (rel, targets) in &seg.links {
            for t in targets {
                let target = |n: &str| seg_index.get(n).copied();
                links.extend(sink.take(link(file, &id, rules, rel, t, &seg_ids, target)));
            }
        }
        for name in &seg.shares {
            let parts = |s: u8| rules.parts(sides[s as usize]);
            shared.push((index, name, parse_slot(&name.value, parts, false)));
        }
        segments.push(Segment {
            id: seg.id.value.clone(),
            feature,
            slots,
            shares: Vec::new(),
            items,
            links,
            touches: Vec::new(),
            adjoins: Vec::new(),
        });
    }
    // Junctions: each segment adjoins the others of every junction it is in. An unknown
    // name is reported once per tile, however often it is written, and at most
    // `MAX_UNKNOWN` of them (a tile's worth of typos; past that the tile is a wreck).
    const MAX_UNKNOWN: usize = 20;
    let mut unknown: HashSet<&str> = HashSet::new();
    for junction in &def.junctions {
        let mut members = Vec::new();
        for name in junction.iter() {
            match seg_index.get(name.value.as_str()) {
                Some(&i) => members.push(i),
                None if unknown.len() >= MAX_UNKNOWN || !unknown.insert(name.value.as_str()) => {}
                None => sink.push(
                    Finding::new(
                        Check::UnknownSegment,
                        format!("tile `{id}` has no segment `{}`", name.value),
                    )
                    .in_file(file)
                    .at(&name.loc, "junction member")
                    .help(format!("segments of this tile: {}", seg_ids.join(", "))),
                ),
            }
        }
        // A segment named twice is met once (at most one member per segment of the
        // tile, however long the list).
        members.sort_unstable();
        members.dedup();
        for &a in &members {
            for &b in &members {
                if let Some(seg) = segments.get_mut(a).filter(|_| a != b) {
                    if !seg.adjoins.contains(&b) {
                        seg.adjoins.push(b);
                    }
                }
            }
        }
    }
    // Shared slots: a slot of the tile that another segment of the same terrain claims,
    // shared once. Judged before the claims, which the judging consumes.
    let mut shared_once: Vec<(u8, u8)> = Vec::new();
    for &(index, name, slot) in &shared {
        let seg_id = &def.segments[index].id.value;
        let problem = match slot {
            None => Some(format!("`{}` is no slot of the tile", name.value)),
            Some(slot) => {
                let claimers: Vec<usize> = claims
                    .by_slot
                    .get(&(slot.side, slot.part))
                    .map(|c| c.iter().map(|c| c.segment).collect())
                    .unwrap_or_default();
                let terrain = rules.side_kinds[sides[slot.side as usize]].parts[slot.part as usize];
                if claimers.contains(&index) {
                    Some(format!(
                        "segment `{seg_id}` both claims and shares `{}`",
                        name.value
                    ))
                } else if claimers.is_empty() {
                    Some(format!(
                        "no other segment claims `{}` for `{seg_id}` to share",
                        name.value
                    ))
                } else if terrain_of[index].is_some_and(|t| t != terrain) {
                    Some(format!(
                        "segment `{seg_id}` is not of the terrain of `{}`, which it shares",
                        name.value
                    ))
                } else if shared_once.contains(&(slot.side, slot.part)) {
                    Some(format!("`{}` is shared by two segments", name.value))
                } else {
                    shared_once.push((slot.side, slot.part));
                    if let Some(s) = segments.get_mut(index) {
                        s.shares.push(slot);
                    }
                    None
                }
            }
        };
        if let Some(message) = problem {
            sink.push(
                Finding::new(Check::SharedSlot, format!("tile `{id}`: {message}"))
                    .in_file(file)
                    .at(&name.loc, "shared slot")
                    .help("`shares` names a slot that another segment of the same terrain claims with `at`, where nothing divides the two on the side (two cities reaching one side, a field side divided by a wall drawn on the tile); each slot is shared once"),
            );
        }
    }
    let doubtful = judge_claims(
        file,
        def,
        rules,
        sides_def,
        &sides,
        &wrong_side,
        &terrain_of,
        claims,
        &mut sink,
    );
    // The corner rule needs every slot claimed once by a segment of the right kind, and
    // links that name segments of the tile (a link to a misspelt segment is most likely
    // the link the corner rule would ask for).
    let geometry_ok = !sink.0.iter().any(|f| {
        matches!(
            f.check,
            Check::UnknownSlot
                | Check::SlotClaim
                | Check::SlotClaimedTwice
                | Check::InnerClaimsSlot
                | Check::NoSlots
                | Check::SideMismatch
                | Check::TileSetUnknownName
                | Check::DuplicateId
                | Check::UnknownSegment
        )
    });
    check_relations(file, def, rules, &sides, geometry_ok, &doubtful, &mut sink);
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
    // Links both ways (see `Segment::touches`). Only now: with no finding, every segment
    // is compiled, so a link's target (an index in `def.segments`) is one in `segments`.
    for i in 0..segments.len() {
        for k in 0..segments[i].links.len() {
            let (rel, target) = segments[i].links[k];
            segments[i].touches.push((rel, target));
            if let Some(t) = segments.get_mut(target) {
                t.touches.push((rel, i));
            }
        }
    }
    Ok(Tile::new(id, count, sides, segments, copies))
}

/// One claim of a slot by a segment.
struct Claim<'a> {
    /// The segment, by index in the tile's `segments`.
    segment: usize,
    /// The slot name as written.
    at: &'a Sp<String>,
    /// The slot's terrain is not the terrain of the segment's kind.
    wrong: bool,
}

/// The slot claims of a tile's segments, gathered to be judged together
/// ([`judge_claims`]).
struct Claims<'a> {
    /// The claims of each slot (side, part) that the tile has, in the order written.
    by_slot: BTreeMap<(u8, u8), Vec<Claim<'a>>>,
    /// Names that are no slot of the tile: (segment, name).
    unknown: Vec<(usize, &'a Sp<String>)>,
    /// Segments of a kind that lies along sides that claim no slot and link to nothing.
    empty: Vec<usize>,
    /// By segment: it is of a kind inside the tile, yet claims slots.
    inside: Vec<bool>,
}

impl Claims<'_> {
    fn new(segments: usize) -> Self {
        Claims {
            by_slot: BTreeMap::new(),
            unknown: Vec::new(),
            empty: Vec::new(),
            inside: vec![false; segments],
        }
    }
}

/// How many places a finding about many (claims of one slot, links failing on one
/// segment) labels and names; the message gives the number.
const SHOWN: usize = 5;

/// A slot as (side, part), as `Claims::by_slot` keys it.
type SidePart = (u8, u8);

/// The slots left unclaimed, and which of them a finding has already named as what a
/// slip meant.
struct Unclaimed {
    /// (side, part, terrain, name) of each unclaimed slot.
    slots: Vec<(u8, u8, usize, String)>,
    /// By slot: named by a finding already.
    taken: Vec<bool>,
    /// Name none as meant ([`Unclaimed::take`] finds nothing).
    silent: bool,
}

impl Unclaimed {
    /// The unclaimed slots of `terrain` that a slip by a segment of that terrain probably
    /// meant (those on `side` when there are any, else all), now taken.
    fn take(&mut self, terrain: Option<usize>, side: Option<u8>) -> Vec<String> {
        let Some(terrain) = terrain.filter(|_| !self.silent) else {
            return Vec::new();
        };
        let fit: Vec<usize> = (0..self.slots.len())
            .filter(|&i| !self.taken[i] && self.slots[i].2 == terrain)
            .collect();
        let near: Vec<usize> = fit
            .iter()
            .copied()
            .filter(|&i| Some(self.slots[i].0) == side)
            .collect();
        let chosen = if near.is_empty() { fit } else { near };
        for &i in &chosen {
            self.taken[i] = true;
        }
        chosen.iter().map(|&i| self.slots[i].3.clone()).collect()
    }
}

/// For slot (`side`, `part`), claimed by several segments of its terrain while one slot
/// of that terrain is left unclaimed: which claim (index in the slot's claims) is the
/// slip, told by the tile's shape. Moving that claim to the unclaimed slot leaves every
/// segment along one arc of every other segment's edge (the tile can be drawn; see
/// [`check_separated`]), and moving any other does not. `None` when that does not tell.
fn meant_instead(
    rules: &Rules,
    sides: &[usize; 4],
    claims: &Claims,
    unclaimed: &Unclaimed,
    side: u8,
    part: u8,
) -> Option<usize> {
    let list = claims.by_slot.get(&(side, part))?;
    let terrain = rules.side_kinds[sides[side as usize]].parts[part as usize];
    let free: Vec<(u8, u8)> = unclaimed
        .slots
        .iter()
        .filter(|(_, _, t, _)| *t == terrain)
        .map(|&(s, p, _, _)| (s, p))
        .collect();
    let [to] = free[..] else {
        return None;
    };
    let drawable = |moved: usize| {
        let mut owner: HashMap<(u8, u8), usize> = HashMap::new();
        for (&slot, list) in &claims.by_slot {
            if let Some(c) = list
                .iter()
                .enumerate()
                .find(|(i, _)| slot != (side, part) || *i != moved)
            {
                owner.insert(slot, c.1.segment);
            }
        }
        owner.insert(to, list[moved].segment);
        let ring = ring(rules, sides, &owner);
        let edge = on_edge(&ring);
        edge.iter().all(|&c| {
            edge.iter()
                .all(|&s| s == c || arcs_of(&ring, c, s).len() <= 1)
        })
    };
    let fine: Vec<usize> = (0..list.len()).filter(|&i| drawable(i)).collect();
    match fine[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// `; slot `N` is left unclaimed: did you mean `N`?`, or nothing without slots.
fn meant(slots: &[String], what: &str) -> String {
    match slots {
        [] => String::new(),
        [one] => format!(
            "; slot `{one}` is left unclaimed: did you mean {what}?",
            what = what.replace("{}", one)
        ),
        more => format!(
            "; slots {} are left unclaimed: did you mean one of them?",
            quoted_list(more)
        ),
    }
}

/// Judges the slot claims of a tile's segments together, so that one slip is one
/// finding: a slot left unclaimed because its name was misspelt, or written as another
/// slot, is named in the finding about that name ("did you mean") instead of in a
/// `tileset::slot_claim` of its own. Reports `tileset::unknown_slot`,
/// `tileset::slot_claimed_twice` (at the claim that is probably the slip: the one of the
/// wrong terrain, else the later one), `tileset::side_mismatch` (per segment, for the
/// claims of the wrong terrain left), `tileset::no_slots`, and `tileset::slot_claim` for
/// the slots no finding explains. Sides in `wrong_side` are reported already and not
/// judged. Returns, by segment, whether its kind is in doubt: its slots contradict it and
/// no slip explains it, or it lies inside the tile and claims slots.
#[allow(clippy::too_many_arguments)]
fn judge_claims(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    sides_def: &Sp<crate::model::Sides>,
    sides: &[usize; 4],
    wrong_side: &[bool; 4],
    terrain_of: &[Option<usize>],
    claims: Claims,
    sink: &mut Sink,
) -> Vec<bool> {
    let id = &def.id.value;
    let segs = &def.segments;
    let slot_terrain =
        |side: u8, part: u8| rules.side_kinds[sides[side as usize]].parts[part as usize];
    let mut unclaimed = Unclaimed {
        slots: Vec::new(),
        taken: Vec::new(),
        silent: false,
    };
    for side in (0..4u8).filter(|s| !wrong_side[*s as usize]) {
        let parts = rules.parts(sides[side as usize]);
        for part in 0..parts as u8 {
            if !claims.by_slot.contains_key(&(side, part)) {
                let name = crate::geometry::slot_name(crate::geometry::Slot { side, part }, parts);
                unclaimed
                    .slots
                    .push((side, part, slot_terrain(side, part), name));
            }
        }
    }
    // In a JCloisterZone file nothing is told as meant by a slip: its slot names are made
    // from its elements, and its advice tells unclaimed half-sides in XML terms.
    unclaimed.taken = vec![false; unclaimed.slots.len()];
    unclaimed.silent = file.is_xml();
    let misnamed: Vec<u8> = claims
        .unknown
        .iter()
        .filter_map(|(_, at)| crate::geometry::side_of_name(&at.value))
        .collect();
    // Names that are no slot of the tile.
    for &(seg, at) in &claims.unknown {
        let side = crate::geometry::side_of_name(&at.value);
        let mut help = match side {
            Some(side) => format!(
                "side {} is `{}`: its slots are {}",
                SIDES[side as usize],
                rules.side_kinds[sides[side as usize]].name,
                slot_names(side, rules.parts(sides[side as usize])).join(", ")
            ),
            None => {
                "slots are N, E, S, W, and NL/NR, EL/ER, SL/SR, WL/WR on three-part sides".into()
            }
        };
        help.push_str(&meant(&unclaimed.take(terrain_of[seg], side), "`{}`"));
        sink.push(
            Finding::new(
                Check::UnknownSlot,
                format!("`{}` is not a slot of tile `{id}`", at.value),
            )
            .in_file(file)
            .at(&at.loc, "no such slot")
            .help(help),
        );
    }
    // Slots claimed more than once; the claim that is probably the slip is not judged
    // again for its terrain.
    let mut excused: Vec<&Sp<String>> = Vec::new();
    let kind_name = |seg: usize| segs[seg].feature.value.as_str();
    for (&(side, part), list) in &claims.by_slot {
        if list.len() < 2 {
            continue;
        }
        let wrong: Vec<usize> = (0..list.len()).filter(|&i| list[i].wrong).collect();
        let (culprit, sure) = match wrong[..] {
            [one] => (one, true),
            _ => match meant_instead(rules, sides, &claims, &unclaimed, side, part) {
                Some(i) => (i, true),
                None => (list.len() - 1, false),
            },
        };
        let c = &list[culprit];
        excused.push(c.at);
        let terrain = rules.terrains[slot_terrain(side, part)].as_str();
        let near = Some(side);
        let mut options = unclaimed.take(terrain_of[c.segment], near);
        if !sure {
            for other in list.iter().take(list.len() - 1) {
                options.extend(unclaimed.take(terrain_of[other.segment], near));
            }
        }
        let mut help = if c.wrong {
            format!(
                "every slot belongs to exactly one segment, and `{}` is a {terrain} slot while `{}` is a {}",
                c.at.value,
                segs[c.segment].id.value,
                kind_name(c.segment),
            )
        } else {
            "every slot belongs to exactly one segment".to_string()
        };
        if options.is_empty() {
            help.push_str(&if sure {
                format!(": remove it from `{}`", segs[c.segment].id.value)
            } else {
                ": remove one claim".to_string()
            });
        }
        help.push_str(&meant(
            &options,
            if sure {
                "`{}` there"
            } else {
                "`{}` in one of the claims"
            },
        ));
        if sure && !c.wrong && !options.is_empty() {
            help.push_str(
                " (with another claim moved there instead, a segment would lie on both sides of another, which no tile can draw)",
            );
        }
        let ordinal = |i: usize| match i {
            0 => "first claim",
            1 => "second claim",
            _ => "another claim",
        };
        let mut f = Finding::new(
            Check::SlotClaimedTwice,
            format!(
                "slot `{}` of tile `{id}` is claimed {}",
                c.at.value,
                if list.len() == 2 {
                    "twice".to_string()
                } else {
                    format!("{} times", list.len())
                }
            ),
        )
        .in_file(file)
        .at(&c.at.loc, ordinal(culprit));
        for (i, other) in list
            .iter()
            .enumerate()
            .rev()
            .filter(|(i, _)| *i != culprit)
            .take(SHOWN)
        {
            f = f.at(&other.at.loc, ordinal(i));
        }
        sink.push(f.help(help));
    }
    // Claims of the wrong terrain, one finding per segment.
    let mut doubtful = claims.inside.clone();
    // Each segment's claims, with their slots.
    let mut by_segment: BTreeMap<usize, Vec<(&Claim, SidePart)>> = BTreeMap::new();
    for (&slot, list) in &claims.by_slot {
        for c in list {
            by_segment.entry(c.segment).or_default().push((c, slot));
        }
    }
    for (&seg, mine) in &by_segment {
        let def_seg = &segs[seg];
        let wrong: Vec<&(&Claim, SidePart)> = mine
            .iter()
            .filter(|(c, _)| c.wrong && !excused.iter().any(|e| std::ptr::eq(*e, c.at)))
            .collect();
        let Some(&&(first, (side, part))) = wrong.first() else {
            continue;
        };
        let Some(kind) = rules
            .features
            .iter()
            .find(|k| k.name == def_seg.feature.value)
        else {
            continue;
        };
        let terrain = slot_terrain(side, part);
        let names: Vec<String> = wrong
            .iter()
            .map(|(c, _)| format!("`{}`", c.at.value))
            .collect();
        let mut f = Finding::new(
            Check::SideMismatch,
            format!(
                "segment `{}` ({}) claims {} where the side is {}",
                def_seg.id.value,
                kind.name,
                names.join(", "),
                rules.terrains[terrain]
            ),
        )
        .in_file(file)
        .at(&first.at.loc, format!("{} here", rules.terrains[terrain]));
        for (c, (s, p)) in &wrong[1..] {
            f = f.at(
                &c.at.loc,
                format!("{} here", rules.terrains[slot_terrain(*s, *p)]),
            );
        }
        f = f.at(
            &sides_def.as_array()[side as usize].loc,
            format!("side is `{}`", rules.side_kinds[sides[side as usize]].name),
        );
        let want = kind
            .terrain
            .and_then(|t| rules.terrains.get(t))
            .cloned()
            .unwrap_or_default();
        // Every slot of the segment of one other terrain: the kinds that would fit.
        let all_off = wrong.len() == mine.len()
            && wrong
                .iter()
                .all(|(_, (s, p))| slot_terrain(*s, *p) == terrain);
        let kinds: Vec<String> = rules
            .features
            .iter()
            .filter(|k| all_off && !k.aggregate && k.terrain == Some(terrain))
            .map(|k| format!("`feature: {}`", k.name))
            .collect();
        let options = if all_off {
            Vec::new()
        } else {
            unclaimed.take(kind.terrain, Some(side))
        };
        doubtful[seg] |= options.is_empty();
        let mut help = if kinds.is_empty() {
            format!(
                "a {} segment claims {want} slots only: fix `feature`, the slot names, or the side kinds",
                kind.name
            )
        } else {
            format!(
                "a {} segment claims {want} slots only, and every slot of `{}` is {}: write {}, or fix the slot names or the side kinds",
                kind.name,
                def_seg.id.value,
                rules.terrains[terrain],
                join_or(&kinds)
            )
        };
        help.push_str(&meant(&options, "`{}`"));
        sink.push(f.help(help));
    }
    // The kinds the links to each segment ask it to be (by id, each kind once), for
    // segments that claim nothing.
    let mut wanted: HashMap<&str, Vec<usize>> = HashMap::new();
    if !claims.empty.is_empty() {
        for o in segs {
            for (r, targets) in &o.links {
                let Some(k) = rules
                    .relations
                    .iter()
                    .position(|x| x == r)
                    .and_then(|r| rules.relation_kinds.get(r))
                    .map(|k| k[1])
                else {
                    continue;
                };
                for t in targets {
                    let kinds = wanted.entry(t.value.as_str()).or_default();
                    if !kinds.contains(&k) {
                        kinds.push(k);
                    }
                }
            }
        }
    }
    // Segments that claim nothing: their kind is in doubt (links to them are not judged
    // by it).
    for &seg in &claims.empty {
        doubtful[seg] = true;
        let s = &segs[seg];
        let kind = kind_name(seg);
        let options = unclaimed.take(terrain_of[seg], None);
        // The kind the links to it ask for, when they agree on one inside the tile.
        let asked = wanted
            .get(s.id.value.as_str())
            .map_or(&[][..], Vec::as_slice);
        let inside = match asked[..] {
            [k] if rules.features[k].terrain.is_none() => Some(&rules.features[k].name),
            _ => None,
        };
        let help = if let (true, Some(k)) = (options.is_empty(), inside) {
            format!(
                "a {kind} lies along sides, but the links to `{}` are those of a {k}, which lies inside the tile: write `feature: {k}` (or list the slots it covers)",
                s.id.value
            )
        } else if options.is_empty() {
            format!(
                "a {kind} lies along sides: list the slots it covers, e.g. `at: [N]` or `at: [NL, WR]`"
            )
        } else {
            format!(
                "a {kind} lies along sides: list the slots it covers; {} left unclaimed: did you mean `at: [{}]`?",
                if options.len() == 1 {
                    format!("slot `{}` is", options[0])
                } else {
                    format!("slots {} are", quoted_list(&options))
                },
                options.join(", ")
            )
        };
        sink.push(
            Finding::new(
                Check::NoSlots,
                format!("segment `{}` is a {kind} but claims no slot", s.id.value),
            )
            .in_file(file)
            .at(&s.id.loc, "no slots")
            .help(help),
        );
    }
    // What is left unclaimed (a side with a misspelt name is told by that finding).
    let missing: Vec<&str> = unclaimed
        .slots
        .iter()
        .zip(&unclaimed.taken)
        .filter(|((side, _, _, _), taken)| !**taken && !misnamed.contains(side))
        .map(|((_, _, _, name), _)| name.as_str())
        .collect();
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
    doubtful
}

/// The side kinds of a tile that its segments contradict while fitting another side kind
/// exactly: one `tileset::side_mismatch` each, at the side kind, naming the kind the
/// segments fit (a side written `road` whose segments claim `E` as a city). Returns the
/// sides found so (their slots are then left out of the slot checks).
///
/// A side's claims fit a kind when every slot name written on that side is a slot of the
/// kind, each slot is claimed once, and each by a segment of the slot's terrain. A side
/// claimed by a segment of an unknown kind or of a kind inside the tile is not judged
/// (that segment has its own finding), nor is a side of a JCloisterZone file, whose side
/// kinds follow from its elements instead of being written.
fn wrong_side_kinds(
    file: &SourceFile,
    def: &Sp<TileDef>,
    sides_def: &Sp<crate::model::Sides>,
    sides: &[usize; 4],
    rules: &Rules,
    sink: &mut Sink,
) -> [bool; 4] {
    let mut wrong = [false; 4];
    if file.is_xml() {
        return wrong;
    }
    let terrain_of = |seg: &Sp<crate::model::SegmentDef>| {
        rules
            .features
            .iter()
            .find(|f| f.name == seg.feature.value && !f.aggregate)
            .and_then(|f| f.terrain)
    };
    let terrains: Vec<Option<usize>> = def.segments.iter().map(terrain_of).collect();
    // The terrain of a slot under the declared side kinds, if the name is a slot there.
    let slot_terrain = |at: &str| {
        let slot = parse_slot(at, |s| rules.parts(sides[s as usize]), false)?;
        let kind = &rules.side_kinds[sides[slot.side as usize]];
        kind.parts.get(slot.part as usize).copied()
    };
    // Whether claims (slot name, claiming segment's terrain) of one side fit a side kind.
    let fits = |kind: usize, claims: &[(usize, &Sp<String>, usize)]| {
        let parts = rules.parts(kind);
        let mut seen = vec![false; parts];
        claims.iter().all(|(_, at, t)| {
            parse_slot(&at.value, |_| parts, false).is_some_and(|slot| {
                let part = slot.part as usize;
                let fresh = !std::mem::replace(&mut seen[part], true);
                fresh && rules.side_kinds[kind].parts[part] == *t
            })
        }) && seen.iter().all(|&s| s)
    };
    for side in 0..4u8 {
        // (segment, slot name, the segment's terrain) for every claim on this side.
        let mut claims: Vec<(usize, &Sp<String>, usize)> = Vec::new();
        let mut judged = true;
        for (i, seg) in def.segments.iter().enumerate() {
            for at in &seg.at {
                if crate::geometry::side_of_name(&at.value) != Some(side) {
                    continue;
                }
                match terrains[i] {
                    Some(t) => claims.push((i, at, t)),
                    None => judged = false,
                }
            }
        }
        if !judged || claims.is_empty() {
            continue;
        }
        let declared = sides[side as usize];
        if fits(declared, &claims) {
            continue;
        }
        // One segment whose every slot (on any side) is of one other terrain, and with
        // that terrain the side fits: its `feature` is the mistake (the per-segment
        // finding says so), not the side.
        let mut off: Vec<usize> = claims
            .iter()
            .filter(|(_, at, t)| slot_terrain(&at.value) != Some(*t))
            .map(|(i, _, _)| *i)
            .collect();
        off.dedup();
        // Links that fit the segment's kind as written confirm it.
        let confirmed = |m: usize| {
            let kind = rules
                .features
                .iter()
                .position(|f| f.name == def.segments[m].feature.value);
            let relation = |r: &String| rules.relations.iter().position(|x| x == r);
            let kinds = |r: &String| relation(r).and_then(|r| rules.relation_kinds.get(r));
            let own = def.segments[m]
                .links
                .keys()
                .any(|r| kinds(r).is_some_and(|k| Some(k[0]) == kind));
            let to_it = def.segments.iter().any(|o| {
                o.links.iter().any(|(r, targets)| {
                    targets.iter().any(|t| t.value == def.segments[m].id.value)
                        && kinds(r).is_some_and(|k| Some(k[1]) == kind)
                })
            });
            own || to_it
        };
        if let [m] = off[..] {
            let theirs: Vec<Option<usize>> = def.segments[m]
                .at
                .iter()
                .map(|a| slot_terrain(&a.value))
                .collect();
            if let Some(Some(t)) = theirs.first().copied() {
                let relabelled: Vec<(usize, &Sp<String>, usize)> = claims
                    .iter()
                    .map(|&(i, at, u)| (i, at, if i == m { t } else { u }))
                    .collect();
                if theirs.iter().all(|x| *x == Some(t))
                    && fits(declared, &relabelled)
                    && !confirmed(m)
                {
                    continue;
                }
            }
        }
        let fitting: Vec<usize> = (0..rules.side_kinds.len())
            .filter(|&k| k != declared && fits(k, &claims))
            .collect();
        let Some(&kind) = fitting.first() else {
            continue;
        };
        wrong[side as usize] = true;
        let letter = SIDES[side as usize];
        let name = |k: usize| rules.side_kinds[k].name.as_str();
        // The claims in the fitting kind's part order, with their terrains.
        let parts = rules.parts(kind);
        let mut ordered: Vec<(u8, &str)> = claims
            .iter()
            .filter_map(|(_, at, _)| {
                parse_slot(&at.value, |_| parts, false).map(|s| (s.part, at.value.as_str()))
            })
            .collect();
        ordered.sort_unstable();
        let slots: Vec<String> = ordered.iter().map(|(_, n)| format!("`{n}`")).collect();
        let terrains = |k: usize| {
            rules.side_kinds[k]
                .parts
                .iter()
                .map(|&t| rules.terrains[t].as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let others: Vec<String> = fitting[1..]
            .iter()
            .map(|&k| format!("`{letter}: {}`", name(k)))
            .collect();
        let also = if others.is_empty() {
            String::new()
        } else {
            format!(" (or {})", join_or(&others))
        };
        let own = rules.parts(declared);
        let own_slots = slot_names(side, own).join(", ");
        sink.push(
            Finding::new(
                Check::SideMismatch,
                format!(
                    "side {letter} of tile `{}` is `{}`, but its segments claim {} ({}): the slots of a `{}` side",
                    def.id.value,
                    name(declared),
                    join_and(&slots),
                    terrains(kind),
                    name(kind)
                ),
            )
            .in_file(file)
            .at(
                &sides_def.as_array()[side as usize].loc,
                format!("the segments make this a `{}` side", name(kind)),
            )
            .help(format!(
                "write `{letter}: {}`{also} in `sides`; or, if side {letter} is `{}`, its segments must claim its slot{} {own_slots} ({}) instead",
                name(kind),
                name(declared),
                if own == 1 { "" } else { "s" },
                terrains(declared)
            )),
        );
    }
    wrong
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
/// (`tileset::link_kinds`, not judged for a segment in `doubtful`: its slots contradict
/// its kind, which has its own finding); segments that meet at a corner under a corner
/// relation are linked (`tileset::missing_link`) unless `apart` says otherwise; `apart`
/// entries are used (`tileset::apart_unused`) and do not contradict a link
/// (`tileset::apart_linked`); no third segment keeps linked segments apart
/// (`tileset::link_separated`).
/// The geometric checks run only when `geometry_ok` (every slot claimed once, right kinds,
/// link targets known) and every `apart` entry names a known relation and segment.
fn check_relations(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    sides: &[usize; 4],
    mut geometry_ok: bool,
    doubtful: &[bool],
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
    // Segment ids to their first index (a look-up per link, however many segments).
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (i, id) in ids.iter().enumerate() {
        index.entry(id).or_insert(i);
    }
    let segment = |name: &str| index.get(name).copied();
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
    // Links already reported (as of the wrong kinds, or both linked and apart), by index
    // in `links`: not judged again.
    let mut reported = vec![false; links.len()];
    // Links from a segment of the relation's first kind to a segment of another kind than
    // its second: (relation, from segment, index of the finding in `sink`). A link the
    // corner rule asks of that segment is most likely what was meant (told there).
    let mut slips: Vec<(usize, usize, usize)> = Vec::new();
    let in_doubt = |s: usize| doubtful.get(s).copied().unwrap_or(false);
    // Links of one relation that fail on the kind of one segment, by (relation, that
    // segment, whether it is their target): a segment many link to, or one that links to
    // many, of the wrong kind. Several are one finding, at that segment's kind.
    let mut failing: HashMap<(usize, usize, bool), Vec<usize>> = HashMap::new();
    for (li, l) in links.iter().enumerate() {
        let (Some(a), Some(b)) = (kinds[l.from], kinds[l.to]) else {
            continue;
        };
        let Some(&[from, to]) = rules.relation_kinds.get(l.relation) else {
            continue;
        };
        if in_doubt(l.from) || in_doubt(l.to) || (b, a) == (from, to) {
            continue;
        }
        match (a == from, b == to) {
            (true, false) => failing
                .entry((l.relation, l.to, true))
                .or_default()
                .push(li),
            (false, true) => failing
                .entry((l.relation, l.from, false))
                .or_default()
                .push(li),
            _ => {}
        }
    }
    // Links of the kinds their relation joins.
    for (li, l) in links.iter().enumerate() {
        let (Some(a), Some(b)) = (kinds[l.from], kinds[l.to]) else {
            continue;
        };
        if in_doubt(l.from) || in_doubt(l.to) {
            reported[li] = true;
            continue;
        }
        let Some(&[from, to]) = rules.relation_kinds.get(l.relation) else {
            continue;
        };
        if (a, b) == (from, to) {
            continue;
        }
        reported[li] = true;
        let rel = &rules.relations[l.relation];
        let (end, wrong, want) = if a == from {
            (l.to, b, to)
        } else {
            (l.from, a, from)
        };
        let a_ok = a == from;
        let group = failing
            .get(&(l.relation, end, a_ok))
            .filter(|g| g.len() > 1 && a_ok != (b == to));
        if let Some(group) = group {
            // Told once, with the group's first link.
            if group.first() == Some(&li) {
                let group: Vec<&Pair> = group.iter().map(|&i| &links[i]).collect();
                // The segments at the other ends (the first few).
                let mut others: Vec<String> = group
                    .iter()
                    .take(SHOWN)
                    .map(|m| format!("`{}`", ids[if a_ok { m.from } else { m.to }]))
                    .collect();
                if group.len() > SHOWN {
                    others.push(format!("{} more", group.len() - SHOWN));
                }
                let (message, help) = if a_ok {
                    (
                        format!(
                            "segment `{}` is a {}, but {} `{rel}` links name it (from the {} {}): `{rel}` joins a {} to a {}",
                            ids[end],
                            name(Some(wrong)),
                            group.len(),
                            name(Some(from)),
                            join_and(&others),
                            name(Some(from)),
                            name(Some(to))
                        ),
                        format!(
                            "write `feature: {}` on `{}`, or fix the links that name it",
                            name(Some(want)),
                            ids[end]
                        ),
                    )
                } else {
                    (
                        format!(
                            "segment `{}` is a {}, but it has {} `{rel}` links (to the {} {}): `{rel}` joins a {} to a {}",
                            ids[end],
                            name(Some(wrong)),
                            group.len(),
                            name(Some(to)),
                            join_and(&others),
                            name(Some(from)),
                            name(Some(to))
                        ),
                        format!(
                            "write `feature: {}` on `{}`, or remove its `{rel}` links",
                            name(Some(want)),
                            ids[end]
                        ),
                    )
                };
                let mut f = Finding::new(Check::LinkKinds, message)
                    .in_file(file)
                    .at(&segs[end].feature.loc, format!("a {}", name(Some(wrong))));
                for m in group.iter().take(SHOWN) {
                    f = f.at(m.loc, format!("`{rel}` link"));
                }
                sink.push(f.help(help));
            }
            continue;
        }
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
        if a == from {
            slips.push((l.relation, l.from, sink.0.len()));
        }
        sink.push(f);
    }
    let linked = |r: usize, x: usize, y: usize| {
        links
            .iter()
            .any(|l| l.relation == r && ((l.from, l.to) == (x, y) || (l.from, l.to) == (y, x)))
    };
    for a in &apart {
        if linked(a.relation, a.from, a.to) {
            for (li, l) in links.iter().enumerate() {
                if l.relation == a.relation
                    && ((l.from, l.to) == (a.from, a.to) || (l.from, l.to) == (a.to, a.from))
                {
                    reported[li] = true;
                }
            }
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
    check_separated(
        file, def, rules, sides, &owner, &links, &reported, &kinds, sink,
    );
    // Corner contacts that a corner relation turns into a required link:
    // (relation, from segment, to segment) -> corners.
    let mut required: Vec<((usize, usize, usize), Vec<usize>)> = Vec::new();
    for corner in 0..4u8 {
        let next = (corner + 1) % 4;
        // A wall (no parts) meets nothing at its corners.
        let Some(last) = (rules.parts(sides[corner as usize]) as u8).checked_sub(1) else {
            continue;
        };
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
        // A link of the relation written on this segment names a segment of the wrong
        // kind: the segments the corner rule asks for are what it meant, told there.
        for &(relation, _, at) in slips.iter().filter(|(_, from, _)| *from == x) {
            let meant: Vec<String> = missing
                .iter()
                .filter(|m| m.relation == relation)
                .map(|m| format!("`{}`", ids[m.to]))
                .collect();
            if meant.is_empty() {
                continue;
            }
            if let Some(f) = sink.0.get_mut(at) {
                let kind = missing
                    .iter()
                    .find(|m| m.relation == relation)
                    .map_or("?", |m| name(kinds[m.to]));
                let help = f.help.take().unwrap_or_default();
                f.help = Some(format!(
                    "{help}; `{}` meets the {kind} {} at a tile corner: did you mean {}?",
                    ids[x],
                    join_and(&meant),
                    join_or(&meant)
                ));
            }
            missing.retain(|m| m.relation != relation);
        }
        if missing.is_empty() {
            continue;
        }
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
            f = f
                .at(&segs[m.to].id.loc, format!("the {}", name(kinds[m.to])))
                .fix(LinkEdit {
                    tile: def.id.value.clone(),
                    segment: ids[x].to_string(),
                    relation: rules.relations[m.relation].clone(),
                    target: ids[m.to].to_string(),
                    add: true,
                });
        }
        sink.push(f.help(format!(
            "write `links: {{{}}}` on `{}`; if the tile separates them at the corner (a wall), write `apart: {{{}}}` instead",
            flow(&all),
            ids[x],
            flow(&apart_all)
        )));
    }
}

/// The segment owning each slot of a tile, in clockwise order around its edge from `NL`
/// (or a one-part `N`); `None` for a slot no segment claims.
fn ring(rules: &Rules, sides: &[usize; 4], owner: &HashMap<(u8, u8), usize>) -> Vec<Option<usize>> {
    (0..4u8)
        .flat_map(|side| {
            (0..rules.parts(sides[side as usize]) as u8)
                .map(move |part| owner.get(&(side, part)).copied())
        })
        .collect()
}

/// The arcs of segment `c`'s edge that segment `s` lies along: the slots of `c` cut the
/// `ring` into arcs, numbered clockwise from one of its slots. Empty when `c` or `s` has
/// no slot; more than one when `s` crosses `c`.
fn arcs_of(ring: &[Option<usize>], c: usize, s: usize) -> Vec<usize> {
    let mut arcs: Vec<usize> = Vec::new();
    let Some(first) = ring.iter().position(|&o| o == Some(c)) else {
        return arcs;
    };
    let mut index = 0;
    let mut in_gap = false;
    for step in 1..=ring.len() {
        let o = ring[(first + step) % ring.len()];
        if o == Some(c) {
            if in_gap {
                index += 1;
            }
            in_gap = false;
            continue;
        }
        in_gap = true;
        if o == Some(s) && !arcs.contains(&index) {
            arcs.push(index);
        }
    }
    arcs
}

/// The one arc of `c`'s edge that `s` lies along (see [`arcs_of`]), if it is one.
fn arc_of(ring: &[Option<usize>], c: usize, s: usize) -> Option<usize> {
    match arcs_of(ring, c, s)[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// A segment (of `n`) that keeps segments `a` and `b` apart: they lie along different
/// arcs of its edge (see [`check_separated`]). The first such in the tile's order.
fn wall_between(ring: &[Option<usize>], n: usize, a: usize, b: usize) -> Option<usize> {
    if a == b {
        return None;
    }
    // Only a segment with slots cuts the edge: those on the ring.
    on_edge(ring)
        .into_iter()
        .filter(|&c| c != a && c != b && c < n)
        .find(|&c| matches!((arc_of(ring, c, a), arc_of(ring, c, b)), (Some(x), Some(y)) if x != y))
}

/// The segments that own a slot of the `ring`, each once, in the tile's order.
fn on_edge(ring: &[Option<usize>]) -> Vec<usize> {
    let mut owners: Vec<usize> = ring.iter().flatten().copied().collect();
    owners.sort_unstable();
    owners.dedup();
    owners
}

/// The segment of tile `def` that keeps its segments `a` and `b` (indices in its
/// `segments`) apart, if any (see [`check_separated`]); `None` as well when a side kind
/// is not one of the rule set's. For advice about a `tileset::link_separated` finding.
pub(crate) fn separating(rules: &Rules, def: &TileDef, a: usize, b: usize) -> Option<usize> {
    let written = def.sides.as_ref()?;
    let mut sides = [0usize; 4];
    for (i, s) in written.as_array().into_iter().enumerate() {
        sides[i] = rules.side_kinds.iter().position(|k| k.name == s.value)?;
    }
    let mut owner = HashMap::new();
    for (i, seg) in def.segments.iter().enumerate() {
        for at in &seg.at {
            if let Some(slot) = parse_slot(&at.value, |s| rules.parts(sides[s as usize]), false) {
                owner.insert((slot.side, slot.part), i);
            }
        }
    }
    wall_between(&ring(rules, &sides, &owner), def.segments.len(), a, b)
}

/// `tileset::link_separated`: no link joins two segments that a third one keeps apart.
///
/// Each segment is one connected part of the tile, reaching the edge at its slots. The
/// slots of a segment C cut the edge into arcs (the runs of slots between C's own), and
/// the rest of the tile into as many parts, one along each arc: two other segments whose
/// slots lie along different arcs of C are in different parts and cannot touch, whatever
/// the picture (a road from side to side keeps the fields on its two banks apart). Two
/// segments that meet along the edge (a slot of one next to a slot of the other, along a
/// side or at a corner) are never apart; nor, for the same reason, can a segment be found
/// apart from one that reaches the edge along two arcs of C (the tile crosses C there, a
/// bridge). A segment without slots lies inside the tile and may touch anything, so its
/// links are not judged; nor are links `reported` already. `owner` gives the segment of
/// each slot (side, part), every slot claimed once.
#[allow(clippy::too_many_arguments)]
fn check_separated(
    file: &SourceFile,
    def: &Sp<TileDef>,
    rules: &Rules,
    sides: &[usize; 4],
    owner: &HashMap<(u8, u8), usize>,
    links: &[Pair],
    reported: &[bool],
    kinds: &[Option<usize>],
    sink: &mut Sink,
) {
    let segs = &def.segments;
    let kind_name = |s: usize| kinds[s].map_or("?", |k| rules.features[k].name.as_str());
    let slots = |s: usize| {
        segs[s]
            .at
            .iter()
            .map(|a| a.value.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let ring = ring(rules, sides, owner);
    for (l, _) in links.iter().zip(reported).filter(|(_, r)| !**r) {
        let (a, b) = (l.from, l.to);
        let Some(c) = wall_between(&ring, segs.len(), a, b) else {
            continue;
        };
        let rel = &rules.relations[l.relation];
        let (from, to, wall) = (
            segs[a].id.value.as_str(),
            segs[b].id.value.as_str(),
            segs[c].id.value.as_str(),
        );
        sink.push(
            Finding::new(
                Check::LinkSeparated,
                format!(
                    "{} `{from}` ({}) links to {} `{to}` ({}) with `{rel}`, but they cannot touch: the {} `{wall}` ({}) runs between them",
                    kind_name(a),
                    slots(a),
                    kind_name(b),
                    slots(b),
                    kind_name(c),
                    slots(c)
                ),
            )
            .in_file(file)
            .at(l.loc, format!("`{wall}` keeps `{to}` away from `{from}`"))
            .fix(LinkEdit {
                tile: def.id.value.clone(),
                segment: from.to_string(),
                relation: rel.clone(),
                target: to.to_string(),
                add: false,
            })
            .help(format!(
                "segments touch only within one part of the tile, and `{wall}` reaches the edge on both sides of each: remove `{to}` from the `{rel}` links of `{from}` (or fix the segment id, or the slots of `{from}`, `{to}` or `{wall}`)"
            )),
        );
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
                // The lending set's own warnings are its own: reported when it is checked.
                Ok((t, _)) => here.push(t),
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
    let keep = crate::limits::max_findings();
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
                Ok((mut t, w)) if duplicate.is_none() => {
                    warnings.extend(w.into_iter().map(|f| compose::with_chain(f, &part.chain)));
                    if let Some(n) = part.counts.get(&t.id) {
                        t.count = n.value;
                        t.copies
                            .resize(t.copies.len().min(n.value as usize), Vec::new());
                    }
                    used += u64::from(t.count);
                    by_id.insert(t.id.clone(), tiles.len());
                    tiles.push(t);
                }
                Ok((_, w)) => {
                    warnings.extend(w.into_iter().map(|f| compose::with_chain(f, &part.chain)));
                }
                Err(f) => own.0.extend(f),
            }
            // A hostile set repeats one mistake on every tile: kept within the cap as
            // they come, the rest counted (hundreds of thousands took a gigabyte).
            if own.0.len() >= keep.saturating_mul(2) {
                crate::diag::fold_findings(&mut own.0, keep);
            }
            if warnings.len() >= keep.saturating_mul(2) {
                crate::diag::fold_findings(&mut warnings, keep);
            }
        }
        crate::diag::fold_findings(&mut own.0, keep);
        crate::diag::note_folded(&mut own.0, keep);
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
                ))
                .with_replace(file.span(&total.loc), sum.to_string()),
            ),
            None if !ts.tiles.is_empty() => own.push(
                Finding::new(
                    Check::NoTotal,
                    format!("`{}` defines {sum} tiles but gives no `total`", ts.name),
                )
                .in_file(file)
                .at_span(file.top_key_span("tiles"), "tiles without a total")
                .help(format!("add `total: {sum}` (the number of tiles this file defines)"))
                .with_replace(
                    Some(miette::SourceSpan::new(file.top_key_span("tiles").offset().into(), 0)),
                    format!("total: {sum}\n"),
                ),
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
    crate::diag::fold_findings(&mut warnings, keep);
    crate::diag::note_folded(&mut warnings, keep);
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
    let mut derived = HashMap::new();
    rules
        .mechanisms
        .derive_tiles(rules, &mut tiles, &mut derived);
    let fits = crate::rules::FitTable::build(&tiles, rules.side_kinds.len(), |k| rules.is_wall(k));
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
            derived,
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
