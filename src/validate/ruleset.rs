//! Rule-set meaning checks and compilation: every name a rule set uses is declared.

mod checks;

use super::*;

/// The names a rule set declares, for resolving references with findings (a mechanism's
/// `check` resolves its section's names through it).
pub(crate) struct Names<'a> {
    /// The rule set's file (findings point into it).
    pub(crate) file: &'a SourceFile,
    /// The rule set.
    rs: &'a RuleSetFile,
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
    /// The id of a declared item (`ruleset::unknown_name` otherwise).
    pub(crate) fn item(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.items, n, "item")
    }
    /// The id of a declared feature kind.
    pub(crate) fn feature(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.features, n, "feature kind")
    }
    /// The index of a feature kind by name, if declared (no finding).
    pub(crate) fn feature_index(&self, name: &str) -> Option<usize> {
        self.features.iter().position(|n| n == name)
    }
    /// The id of a declared piece kind.
    pub(crate) fn piece(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.pieces, n, "piece kind")
    }
    /// Whether the piece kind `piece` has a role counted on the feature kind `feature`
    /// (its `scored_on`, or its `feature`).
    pub(crate) fn has_role(&self, piece: &str, feature: &str) -> bool {
        self.rs.pieces.get(piece).is_some_and(|k| {
            k.roles
                .iter()
                .any(|r| r.scored_on.as_ref().unwrap_or(&r.feature).value == feature)
        })
    }
    /// `Ok` when a supply by number of players (a mechanism's tokens, `supply:`) gives
    /// some player a token; else the finding `check` at it, for the `name` tokens (`e.g.`:
    /// an example list for the help).
    pub(crate) fn some_supply(
        &self,
        check: Check,
        name: &str,
        supply: &Sp<Vec<u32>>,
        e_g: &str,
    ) -> Result<(), Finding> {
        if supply.value.iter().any(|&n| n > 0) {
            return Ok(());
        }
        Err(Finding::new(
            check,
            format!("the {name} tokens' `supply` gives no player a token"),
        )
        .in_file(self.file)
        .at(&supply.loc, "no token")
        .help(format!(
            "list the tokens each player has by number of players from 1, e.g. `supply: {e_g}` (the last for more players)"
        )))
    }
    /// Whether the feature kind `feature` is declared with `completion: never`.
    pub(crate) fn never_completes(&self, feature: &str) -> bool {
        self.rs
            .features
            .get(feature)
            .is_some_and(|f| matches!(f.completion, model::Completion::Never))
    }
    /// Whether the piece kind `piece` is declared and counts for the majority.
    pub(crate) fn counts_for_majority(&self, piece: &str) -> bool {
        self.rs.pieces.get(piece).is_some_and(|k| k.majority)
    }
    /// `Ok` when piece kind `piece` has a role on the feature kind `feature` names (a
    /// mechanism's section that acts on the features a piece stands on: `does`, e.g.
    /// "keeps a flock"); else the finding `check` at `feature`.
    pub(crate) fn role_on(
        &self,
        check: Check,
        piece: &str,
        feature: &Sp<String>,
        does: &str,
    ) -> Result<(), Finding> {
        if self.has_role(piece, &feature.value) {
            return Ok(());
        }
        Err(Finding::new(
            check,
            format!("`{piece}` {does} on `{}`, where it has no role", feature.value),
        )
        .in_file(self.file)
        .at(&feature.loc, "this feature kind")
        .help(format!(
            "give the piece kind `{piece}` a role on `{}` under `pieces:`, or name a feature kind it has a role on",
            feature.value
        )))
    }
    /// The id of a declared stack.
    pub(crate) fn stack(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.stacks, n, "stack")
    }
    /// The id of a declared relation.
    pub(crate) fn relation(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.relations, n, "relation")
    }
    /// The id of a declared option.
    pub(crate) fn option(&self, n: &Sp<String>) -> Result<usize, Finding> {
        self.find(&self.options, n, "option")
    }
    /// The id of the option a rule requires, if it names one (`requires_option:`,
    /// `sharing_option:`): `Ok(None)` when none is named.
    pub(crate) fn option_if(&self, n: &Option<Sp<String>>) -> Result<Option<usize>, Finding> {
        n.as_ref().map(|o| self.option(o)).transpose()
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
            model::Count::NeighboursWith(i) => Count::NeighboursWith(sink.take(self.item(i))?),
            model::Count::Item(i) => Count::Item(sink.take(self.item(i))?),
            model::Count::Features(f) => Count::Features(sink.take(self.feature(f))?),
            model::Count::Linked(l) => {
                let relation = sink.take(self.relation(&l.relation));
                let feature = sink.take(self.feature(&l.feature));
                let item = match &l.item {
                    Some(i) => Some(sink.take(self.item(i))?),
                    None => None,
                };
                let holding = match &l.holding {
                    Some(i) => Some(sink.take(self.item(i))?),
                    None => None,
                };
                Count::Linked {
                    relation: relation?,
                    feature: feature?,
                    completed: l.completed,
                    item,
                    holding,
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
    /// Scoring cases compiled (unknown names reported into `sink`).
    pub(crate) fn cases(&self, list: &[model::ScoreCase], sink: &mut Sink) -> Vec<Case> {
        list.iter()
            .map(|c| {
                let when = c.when.clone().unwrap_or_default();
                Case {
                    options: when
                        .option
                        .iter()
                        .chain(&when.options)
                        .filter_map(|o| sink.take(self.option(o)))
                        .collect(),
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

/// The core of the rule set compiled before the mechanisms' sections, for their checks.
pub(crate) struct Core<'a> {
    features: &'a [FeatureKind],
    relation_kinds: &'a [Option<[usize; 2]>],
    side_kinds: &'a [SideKind],
}

impl Core<'_> {
    /// The id and compiled profile of a declared side kind (`ruleset::unknown_name`
    /// otherwise).
    pub(crate) fn side_kind(
        &self,
        names: &Names,
        n: &crate::model::Sp<String>,
    ) -> Result<(usize, &SideKind), Finding> {
        let declared: Vec<String> = names.rs.sides.keys().cloned().collect();
        let id = names.find(&declared, n, "side kind")?;
        // Every declared side kind is compiled, in the order declared.
        Ok((id, &self.side_kinds[id]))
    }

    /// The terrain of a feature kind's segments (`None` inside a tile).
    pub(crate) fn terrain(&self, kind: usize) -> Option<usize> {
        self.features.get(kind).and_then(|f| f.terrain)
    }

    /// Whether features of kind `kind` can be completed (its completion is not `never`).
    pub(crate) fn completes(&self, kind: usize) -> bool {
        self.features
            .get(kind)
            .is_some_and(|f| f.completion != Completion::Never)
    }

    /// A finding when the kind named at `written` is never completed, for a rule
    /// (`what`: "the title `king`") that acts when one is.
    pub(crate) fn never_completed(
        &self,
        names: &Names,
        written: &crate::model::Sp<String>,
        what: &str,
    ) -> Finding {
        Finding::new(
            Check::NeverCompleted,
            format!(
                "{what} acts when a `{}` is completed, and that kind is never completed",
                written.value
            ),
        )
        .in_file(names.file)
        .at(&written.loc, "never completed")
        .help("name a feature kind that can be completed (`closed`, `surrounded`), such as a city or a road")
    }

    /// Checks the terms of a scoring case read on feature kind `kind` as a feature kind's
    /// own are checked (counts that mean something on that kind, relations between the
    /// right kinds).
    pub(crate) fn check_terms(
        &self,
        names: &Names,
        kind: usize,
        case: &model::ScoreCase,
        sink: &mut Sink,
    ) {
        check_terms(names, kind, case, self.features, self.relation_kinds, sink);
    }
}

/// Writes `compile_mechanisms`: each mechanism's section compiled by its `check`, as the
/// registry lists them ([`crate::mechanism::registry!`]).
macro_rules! compile_mechanisms {
    ($($(#[$doc:meta])* $m:ident => $key:ident,)*) => {
        /// Compiles every mechanism's section, findings into `sink`.
        fn compile_mechanisms(
            rs: &RuleSetFile,
            names: &Names,
            core: &Core,
            sink: &mut Sink,
        ) -> Mechanisms {
            use crate::mechanism::Section;
            let mut in_use = Vec::new();
            $(
                if !rs.$key.is_unused() {
                    in_use.push(stringify!($key));
                }
            )*
            Mechanisms {
                $($m: crate::mechanism::$m::check::compile(&rs.$key, names, core, sink),)*
                in_use,
            }
        }
    };
}
crate::mechanism::registry!(compile_mechanisms);

/// Compiles a rule set, reporting every unknown name.
///
/// Errors: every finding (codes `ruleset::*`).
pub fn compile_ruleset(file: &SourceFile, rs: &RuleSetFile) -> Result<Rules, Vec<Finding>> {
    let mut sink = Sink::default();
    let names = Names {
        file,
        rs,
        terrains: rs.terrains.iter().map(|t| t.value.clone()).collect(),
        items: rs.items.keys().cloned().collect(),
        relations: rs.relations.keys().cloned().collect(),
        features: rs.features.keys().cloned().collect(),
        pieces: rs.pieces.keys().cloned().collect(),
        options: rs.options.keys().cloned().collect(),
        stacks: rs.stacks.keys().cloned().collect(),
    };
    let missing: Vec<&str> = [
        ("terrains", rs.terrains.is_empty()),
        ("sides", rs.sides.is_empty()),
        ("features", rs.features.is_empty()),
        ("pieces", rs.pieces.is_empty()),
    ]
    .into_iter()
    .filter_map(|(k, empty)| empty.then_some(k))
    .collect();
    if !missing.is_empty() {
        sink.push(
            Finding::new(
                Check::RuleSetIncomplete,
                format!(
                    "rule set `{}` declares no {}",
                    rs.name,
                    quoted_list(&missing)
                ),
            )
            .in_file(file)
            .at_span(file.top_key_span("name"), "this rule set")
            .help("declare them, or build on a game that does: `extends: carcassonne.yaml`"),
        );
    }
    let mut seen = HashSet::new();
    for t in &rs.terrains {
        if !seen.insert(&t.value) {
            sink.push(
                Finding::new(
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
        if !matches!(profile.len(), 0 | 1 | 3) {
            sink.push(
                Finding::new(
                    Check::SideProfile,
                    format!("side kind `{name}` has {} parts", profile.len()),
                )
                .in_file(file)
                .at(&profile.loc, "profile")
                .help("a side is one terrain (`[city]`), terrain|path|terrain (`[field, road, field]`), or a wall that fits against every side (`[]`)"),
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
            plural: f
                .plural
                .clone()
                .unwrap_or_else(|| crate::model::plural(name, 2)),
            terrain,
            completion: match &f.completion {
                model::Completion::Closed => Completion::Closed,
                model::Completion::Surrounded => Completion::Surrounded,
                model::Completion::Never => Completion::Never,
                model::Completion::AllLinked(l) => {
                    let relation = sink.take(names.relation(&l.relation));
                    let feature = sink.take(names.feature(&l.feature));
                    match (relation, feature) {
                        (Some(relation), Some(feature)) => {
                            Completion::AllLinked { relation, feature }
                        }
                        _ => Completion::Never,
                    }
                }
            },
            members,
            via,
            aggregate: f.aggregate.is_some(),
            completed: names.cases(&f.scoring.completed, &mut sink),
            final_: names.cases(&f.scoring.final_, &mut sink),
            no_u_turn: f.no_u_turn,
            draw: f.draw,
        });
    }
    let (relation_kinds, relation_corners) = compile_relations(&names, rs, &features, &mut sink);
    for (i, f) in rs.features.values().enumerate() {
        for case in f.scoring.completed.iter().chain(&f.scoring.final_) {
            check_terms(&names, i, case, &features, &relation_kinds, &mut sink);
        }
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
                        Finding::new(
                            Check::RoleScoredOn,
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
                    requires_incomplete: r.requires_incomplete,
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
            weight: p.weight,
            anywhere: p.anywhere,
            movable: p.movable,
            blocked_on_segment: p.blocked_on == model::BlockScope::Segment,
        });
    }
    // `roles_of`: a kind plays the roles another declares for itself, besides its own.
    for (i, p) in rs.pieces.values().enumerate() {
        let Some(of) = &p.roles_of else { continue };
        if let Some(k) = sink.take(names.find(&names.pieces, of, "piece kind")) {
            let lent: Vec<Role> = pieces[k]
                .roles
                .iter()
                .filter(|r| !pieces[i].roles.iter().any(|o| o.feature == r.feature))
                .cloned()
                .collect();
            pieces[i].roles.extend(lent);
        }
    }
    // `blocks`: a kind that blocks another is added to that kind's `blocked_by`.
    for (i, p) in rs.pieces.values().enumerate() {
        for target in &p.blocks {
            if let Some(t) = sink.take(names.find(&names.pieces, target, "piece kind")) {
                if !pieces[t].blocked_by.contains(&i) {
                    pieces[t].blocked_by.push(i);
                }
            }
        }
    }
    // `blocks_followers`: it and every kind that counts for majorities block each other.
    let majority: Vec<usize> = (0..pieces.len()).filter(|&k| pieces[k].majority).collect();
    for (i, p) in rs.pieces.values().enumerate() {
        if !p.blocks_followers {
            continue;
        }
        for &j in &majority {
            if !pieces[i].blocked_by.contains(&j) {
                pieces[i].blocked_by.push(j);
            }
            if !pieces[j].blocked_by.contains(&i) {
                pieces[j].blocked_by.push(i);
            }
        }
    }
    let mut stacks = Vec::new();
    for (name, st) in &rs.stacks {
        let continues = st
            .continues
            .as_ref()
            .and_then(|f| Some((f, sink.take(names.feature(f))?)));
        if let Some((written, f)) = continues {
            let fk: &FeatureKind = &features[f];
            if fk.aggregate || fk.terrain.is_none() {
                sink.push(
                    Finding::new(
                        Check::ContinuesKind,
                        format!(
                            "stack `{name}` continues `{}`, which never meets another tile across a side",
                            fk.name
                        ),
                    )
                    .in_file(file)
                    .at(&written.loc, if fk.aggregate { "an aggregate kind" } else { "a kind with no terrain" })
                    .help("name a feature kind with a `terrain` (its segments lie along sides), e.g. `continues: river`"),
                );
            }
        }
        stacks.push(Stack {
            name: name.clone(),
            order: st.order,
            continues: continues.map(|(_, f)| f),
            held: st.held,
            into_holes: st.into_holes,
        });
    }
    let core = Core {
        features: &features,
        relation_kinds: &relation_kinds,
        side_kinds: &side_kinds,
    };
    let mechanisms = compile_mechanisms(rs, &names, &core, &mut sink);
    let token_pools = rs
        .tokens
        .iter()
        .filter_map(|(name, t)| {
            let item = sink.take(names.item(&t.per_item));
            let feature = sink.take(names.feature(&t.feature));
            let taken_by = match &t.taken_by {
                Some(k) => Some(sink.take(names.find(&names.pieces, k, "piece kind"))?),
                None => None,
            };
            Some(TokenPool {
                name: name.clone(),
                values: t.values.iter().map(|(v, n)| (*v, *n)).collect(),
                item: item?,
                feature: feature?,
                taken_by,
            })
        })
        .collect();
    // Colours name a terrain or a feature kind.
    for (name, colour) in &rs.colours {
        let known = names.terrains.contains(name) || names.features.contains(name);
        if !known {
            let mut all = names.terrains.clone();
            for f in &names.features {
                if !all.contains(f) {
                    all.push(f.clone());
                }
            }
            sink.0.push(
                Finding::new(
                    Check::RuleSetUnknownName,
                    format!("a colour for `{name}`, which is no terrain or feature kind"),
                )
                .in_file(names.file)
                .at(&colour.loc, "this colour")
                .help(format!("terrains and feature kinds: {}", all.join(", "))),
            );
        }
    }
    let colours = features
        .iter()
        .map(|f: &FeatureKind| {
            let own = rs.colours.get(&f.name);
            let terrain = f
                .terrain
                .and_then(|t| names.terrains.get(t))
                .and_then(|t| rs.colours.get(t));
            own.or(terrain).map(|c| c.value.to_ascii_lowercase())
        })
        .collect();
    if !sink.0.is_empty() {
        return Err(merge_repeated(sink.0));
    }
    let mut rules = Rules {
        token_pools,
        colours,
        name: rs.name.clone(),
        terrains: names.terrains,
        side_kinds,
        item_plurals: rs
            .items
            .iter()
            .map(|(n, d)| {
                d.plural
                    .clone()
                    .unwrap_or_else(|| crate::model::plural(n, 2))
            })
            .collect(),
        item_symbols: rs.items.values().map(|d| d.symbol).collect(),
        items: names.items,
        relations: names.relations,
        relation_kinds: relation_kinds.into_iter().flatten().collect(),
        relation_corners,
        decorations: rs.decorations.keys().cloned().collect(),
        stacks,
        features,
        pieces,
        options,
        mechanisms,
        item_readers: Vec::new(),
        tile_item_readers: Vec::new(),
        draw_values: Vec::new(),
    };
    rules.item_readers = rules.items_read();
    rules.tile_item_readers = rules.tile_items_read();
    rules.draw_values = rules.draw_values();
    Ok(rules)
}

/// Compiles the relations' `between` kinds and corner flags (by relation, in name order),
/// reporting unknown and aggregate kinds and corner rules on kinds that lie inside tiles.
/// `None` for a relation whose kinds are unknown or aggregates (the rule set is rejected).
fn compile_relations(
    names: &Names,
    rs: &RuleSetFile,
    features: &[FeatureKind],
    sink: &mut Sink,
) -> (Vec<Option<[usize; 2]>>, Vec<bool>) {
    let mut kinds = Vec::new();
    let mut corners = Vec::new();
    for (name, r) in &rs.relations {
        let mut pair = [0; 2];
        let mut known = true;
        for (end, written) in r.between.iter().enumerate() {
            let Some(k) = sink.take(names.feature(written)) else {
                known = false;
                continue;
            };
            pair[end] = k;
            let fk = &features[k];
            if fk.aggregate {
                known = false;
                sink.push(
                    Finding::new(
                        Check::RelationKinds,
                        format!("relation `{name}` joins the aggregate kind `{}`", fk.name),
                    )
                    .in_file(names.file)
                    .at(&written.loc, "an aggregate kind")
                    .help(format!(
                        "links join segments of one tile, and tiles have no `{}` segments: name one of the kinds it is made of",
                        fk.name
                    )),
                );
            }
        }
        if r.corners && known {
            for (end, written) in r.between.iter().enumerate() {
                let fk = &features[pair[end]];
                if fk.terrain.is_none() {
                    sink.push(
                        Finding::new(
                            Check::CornerTerrain,
                            format!(
                                "relation `{name}` has `corners: true` but `{}` lies inside tiles",
                                fk.name
                            ),
                        )
                        .in_file(names.file)
                        .at(&written.loc, "no terrain: never at a corner")
                        .help("the corner rule is for two kinds that lie along sides (both have a `terrain`): remove `corners: true`"),
                    );
                }
            }
        }
        kinds.push(known.then_some(pair));
        corners.push(r.corners);
    }
    (kinds, corners)
}

/// Reports the terms of a scoring case of feature kind `kind` that cannot count anything
/// on that kind (`ruleset::term_kind`). Unknown names are reported elsewhere.
fn check_terms(
    names: &Names,
    kind: usize,
    case: &model::ScoreCase,
    features: &[FeatureKind],
    relation_kinds: &[Option<[usize; 2]>],
    sink: &mut Sink,
) {
    let fk = &features[kind];
    let find = |list: &[String], n: &str| list.iter().position(|x| x == n);
    for t in &case.terms {
        let problem = match &t.count {
            model::Count::Neighbours | model::Count::NeighboursWith(_)
                if fk.aggregate || fk.terrain.is_some() =>
            {
                Some((
                format!(
                    "`neighbours` counts the cells around one tile, but a {} spans tiles",
                    fk.name
                ),
                "a feature that spans tiles".to_string(),
                "`neighbours` is for a kind that lies inside one tile (no `terrain`), such as a monastery; count `tiles` instead".to_string(),
            ))
            }
            model::Count::Features(f) => match find(&names.features, &f.value) {
                Some(k) if !fk.aggregate => Some((
                    format!(
                        "`{{features: {}}}` counts the kinds of an aggregate, but `{}` is not one",
                        features[k].name, fk.name
                    ),
                    "not an aggregate".to_string(),
                    format!(
                        "a {} is made of its own segments only: count `one`, `tiles` or items, or move the term to an aggregate kind (`aggregate: {{features: [...]}}`)",
                        fk.name
                    ),
                )),
                Some(k) if !fk.members.contains(&k) => Some((
                    format!(
                        "`{}` is not one of the kinds the aggregate `{}` is made of",
                        features[k].name, fk.name
                    ),
                    "not a member".to_string(),
                    format!(
                        "`{}` is made of: {}",
                        fk.name,
                        fk.members
                            .iter()
                            .map(|&m| features[m].name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )),
                _ => None,
            },
            model::Count::Linked(l) => {
                let rel = find(&names.relations, &l.relation.value);
                let other = find(&names.features, &l.feature.value);
                match (rel.and_then(|r| relation_kinds.get(r).copied().flatten()), other) {
                    (Some([a, b]), Some(other)) => {
                        let ours = |k: usize| fk.members.contains(&k);
                        if (ours(a) && b == other) || (ours(b) && a == other) {
                            None
                        } else {
                            Some((
                                format!(
                                    "relation `{}` joins {} and {}, not {} and {}",
                                    l.relation.value,
                                    features[a].name,
                                    features[b].name,
                                    fk.name,
                                    features[other].name
                                ),
                                "never linked here".to_string(),
                                format!(
                                    "count features linked to a {} through a relation whose `between` names {} and {}, or fix the relation's `between`",
                                    fk.name, fk.name, features[other].name
                                ),
                            ))
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some((message, label, help)) = problem {
            sink.push(
                Finding::new(Check::TermKind, message)
                    .in_file(names.file)
                    .at(&t.loc, label)
                    .help(help),
            );
        }
    }
}
