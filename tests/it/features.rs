//! The incremental features (a union-find over segments with running counters, kept as
//! tiles are placed) against a from-scratch breadth-first walk of the feature graph
//! (`graph::walk`): on every position under `tests/positions` and `examples/`, after every
//! turn of a turn log, and on a random legal game, every feature has the same segments,
//! tiles, open edges, items, completion and pieces either way, and the board lists each
//! feature once.

use crate::positions;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use tessera::board::{Board, Edge};
use tessera::engine::State;
use tessera::geometry::offset;
use tessera::graph::{self, Feature};
use tessera::replay::{load_position, replay};
use tessera::rules::Completion;
use tessera::validate::load_tileset;

/// The segments of kind `kind` at the other end of segment `n`'s link edges of
/// `relation` in the feature graph.
fn link_edge_ends(
    board: &Board,
    n: NodeIndex,
    relation: usize,
    kind: usize,
) -> impl Iterator<Item = NodeIndex> + '_ {
    board.graph.edges(n).filter_map(move |e| {
        let other = if e.source() == n {
            e.target()
        } else {
            e.source()
        };
        (*e.weight() == Edge::Link(relation) && board.graph[other].feature == kind).then_some(other)
    })
}

/// Completion as it was computed before the counters: from a walked feature, walking the
/// linked ones.
fn completed_by_walking(state: &State, f: &Feature) -> bool {
    let (rules, tiles, board) = (&state.game().rules, &state.game().tiles, &state.board());
    match rules.features[f.kind].completion {
        Completion::Closed => f.open_edges == 0,
        Completion::Surrounded => graph::neighbours(board, f) == 8,
        Completion::Never => false,
        Completion::AllLinked { relation, feature } => {
            let nested = matches!(
                rules.features[feature].completion,
                Completion::AllLinked { .. }
            );
            let mut any = false;
            for &n in &f.nodes {
                for other in link_edge_ends(board, n, relation, feature) {
                    any = true;
                    let linked = graph::walk(rules, tiles, board, feature, other);
                    if nested || !completed_by_walking(state, &linked) {
                        return false;
                    }
                }
            }
            any
        }
    }
}

/// Checks that the features linked to `f` by each relation, read from the tiles' link
/// tables ([`graph::linked`]), are those its link edges in the graph reach.
fn audit_links(state: &State, f: &Feature, at: &str) {
    let (rules, tiles, board) = (&state.game().rules, &state.game().tiles, &state.board());
    let forest = &board.features;
    for relation in 0..rules.relations.len() {
        for kind in 0..rules.features.len() {
            let mut by_edges = BTreeSet::new();
            for &n in &f.nodes {
                for other in link_edge_ends(board, n, relation, kind) {
                    by_edges.insert(forest.find(kind, other));
                }
            }
            let linked = graph::linked(tiles, board, f, relation, kind);
            let by_table: BTreeSet<_> = linked.iter().map(|&g| forest.find(kind, g)).collect();
            assert_eq!(
                linked.len(),
                by_table.len(),
                "{at}: one segment per linked feature"
            );
            assert_eq!(
                by_table, by_edges,
                "{at}: features linked by relation {relation}"
            );
        }
    }
}

/// Checks every feature of the board both ways.
fn audit(state: &State, what: &str) {
    let (rules, tiles, board) = (&state.game().rules, &state.game().tiles, &state.board());
    let forest = &board.features;
    let mut walked_features = BTreeSet::new();
    for n in board.graph.node_indices() {
        let own = board.graph[n].feature;
        for kind in 0..rules.features.len() {
            if !rules.features[kind].members.contains(&own) {
                continue;
            }
            let walked = graph::walk(rules, tiles, board, kind, n);
            let name = &rules.features[kind].name;
            let at = format!("{what}: the {name} through node {}", n.index());
            assert_eq!(
                graph::component(rules, tiles, board, kind, n),
                walked,
                "{at}"
            );
            assert_eq!(forest.tiles(kind, n) as usize, walked.tiles.len(), "{at}");
            assert_eq!(
                forest.segments(kind, n) as usize,
                walked.nodes.len(),
                "{at}"
            );
            assert_eq!(forest.first(kind, n), walked.id(), "{at}");
            assert_eq!(
                graph::completed(rules, tiles, board, kind, n),
                completed_by_walking(state, &walked),
                "{at}: completion"
            );
            let on: Vec<_> = state
                .pieces()
                .iter()
                .filter(|p| p.scored_on == kind && walked.nodes.binary_search(&p.node).is_ok())
                .copied()
                .collect();
            assert_eq!(state.pieces_at(kind, n), on, "{at}: pieces");
            if walked_features.insert((kind, walked.id())) {
                audit_links(state, &walked, &at);
            }
        }
    }
    let listed: Vec<(usize, NodeIndex)> = forest
        .all()
        .into_iter()
        .map(|(kind, _, first)| (kind, first))
        .collect();
    assert_eq!(
        listed.len(),
        walked_features.len(),
        "{what}: features listed"
    );
    assert_eq!(
        listed.into_iter().collect::<BTreeSet<_>>(),
        walked_features,
        "{what}: features listed"
    );
    // The frontier, as it was computed from every placed tile.
    let mut frontier: Vec<(i32, i32)> = board
        .placed
        .iter()
        .flat_map(|p| (0..4u8).map(move |s| (p.x + offset(s).0, p.y + offset(s).1)))
        .filter(|&(x, y)| board.at(x, y).is_none())
        .collect();
    frontier.sort_by_key(|&(x, y)| (y, x));
    frontier.dedup();
    assert_eq!(board.frontier(), frontier, "{what}: frontier");
}

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("listable")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            yaml_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "yaml") {
            out.push(p);
        }
    }
}

#[test]
fn incremental_features_match_a_walk_on_every_position_after_every_turn() {
    let mut files = Vec::new();
    yaml_files(Path::new("tests/positions"), &mut files);
    yaml_files(Path::new("examples"), &mut files);
    let mut states = 0;
    for path in files {
        // Examples include tile sets; they are not positions.
        let Ok(lp) = load_position(&path) else {
            continue;
        };
        let turns = lp.position.turns.as_ref().map_or(0, Vec::len);
        for limit in 0..=turns {
            // A position that shows an illegal turn is checked up to the turn before it.
            let Ok(state) = replay(&lp, Some(limit)) else {
                break;
            };
            audit(&state, &format!("{} after {limit} turns", path.display()));
            states += 1;
        }
    }
    assert!(states > 100, "only {states} states checked");
}

#[test]
fn incremental_features_match_a_walk_in_a_random_game() {
    let dir = std::env::temp_dir().join(format!("tessera-features-{}", std::process::id()));
    let game = positions::random_game(&dir, 2, 5, 40, 7);
    let lp = load_position(&game.position).expect("the generated game loads");
    let (base, _) =
        load_tileset(Path::new("bundled:tilesets/base.yaml"), None).expect("base tile set");
    let turns = lp.position.turns.as_ref().map_or(0, Vec::len);
    assert_eq!(turns, game.turns);
    assert!(turns > base.tiles.tiles.len(), "{turns} turns");
    for limit in [turns / 3, 2 * turns / 3, turns] {
        let state = replay(&lp, Some(limit)).expect("the generated game replays");
        audit(&state, &format!("random game after {limit} turns"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
