//! Helpers shared by the scoring tests: score a position file and compare points, or
//! check that an illegal position is reported with the expected finding code.

use std::path::Path;

use tessera::replay::{load_position, replay};
use tessera::report::ScoreReport;
use tessera::{Failure, ScoreOptions, score_path};

/// The score report of a position file, with end-of-game scoring or during play only,
/// after `turns` turns (all when `None`). Panics with the findings if it does not score.
pub fn report(path: &str, final_scoring: bool, turns: Option<usize>) -> ScoreReport {
    score_path(
        Path::new(path),
        &ScoreOptions {
            final_scoring,
            turns,
        },
    )
    .unwrap_or_else(|e| panic!("{path} should score: {e}"))
}

/// What a score report tells besides scoring (titles, goods, extra turns), line by line.
pub fn log_lines(r: &ScoreReport) -> Vec<&str> {
    r.log.iter().map(|l| l.text.as_str()).collect()
}

/// Asserts the named players' total points.
pub fn assert_points(
    path: &str,
    final_scoring: bool,
    turns: Option<usize>,
    expected: &[(&str, i64)],
) {
    let r = report(path, final_scoring, turns);
    let names: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
    let got: Vec<Option<i64>> = names.iter().map(|n| r.points(n)).collect();
    let want: Vec<Option<i64>> = expected.iter().map(|(_, v)| Some(*v)).collect();
    assert_eq!(
        got, want,
        "{path} (final_scoring: {final_scoring}, turns: {turns:?}): points of {names:?}"
    );
}

/// Asserts that replaying the position stops at an illegal turn with the given check
/// code, and that `score_path` reports the same finding.
pub fn assert_finding(path: &str, code: &str) {
    let lp = load_position(Path::new(path)).unwrap_or_else(|e| panic!("{path} should load: {e}"));
    match replay(&lp, None) {
        Ok(_) => panic!("{path}: the replay should fail with {code}"),
        Err(findings) => {
            let codes: Vec<&str> = findings.iter().map(|f| f.check.code()).collect();
            assert!(
                codes.contains(&code),
                "{path}: expected {code}, got {codes:?}"
            );
        }
    }
    match score_path(
        Path::new(path),
        &ScoreOptions {
            final_scoring: true,
            turns: None,
        },
    ) {
        Err(Failure::Findings(f)) => assert!(
            f.iter().any(|x| x.check.code() == code),
            "{path}: score_path findings lack {code}"
        ),
        other => panic!("{path}: score_path should return findings, got {other:?}"),
    }
}

/// A small deterministic generator (xorshift), so that damaged-input tests reproduce.
pub struct Rng(pub u64);

impl Rng {
    /// The next pseudo-random number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// `text` with one word (a run ending at one of `separators`) replaced by one of
/// `snippets`, both picked by `rng`: the damage the robustness tests apply.
pub fn replace_word(text: &str, separators: &[char], snippets: &[&str], rng: &mut Rng) -> String {
    let words: Vec<(usize, &str)> = text
        .split_inclusive(separators)
        .scan(0, |pos, w| {
            let start = *pos;
            *pos += w.len();
            Some((start, w))
        })
        .collect();
    let (start, w) = words[rng.below(words.len())];
    let snippet = snippets[rng.below(snippets.len())];
    format!("{}{}{}", &text[..start], snippet, &text[start + w.len()..])
}

/// Every YAML file under `dir` (a directory of the repository), sorted.
pub fn yaml_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a directory of the repository") {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Asserts the rule that a completed feature is scored at once and its majority pieces go
/// back to supply (docs/rules/carcassonne.md#3-scoring-a-completed-feature): after any
/// turn, no majority-counting piece stands on a completed feature of the kind it counts
/// on. Checked from the board alone (`graph::completed`), whatever path played the turns.
pub fn assert_no_piece_on_completed(state: &tessera::engine::State, what: &str) {
    let rules = &state.game().rules;
    for p in state.pieces().iter() {
        if !rules.pieces[p.kind].majority {
            continue;
        }
        let completed = tessera::graph::completed(
            rules,
            &state.game().tiles,
            state.board(),
            p.scored_on,
            p.node,
        );
        let at = state.board().placed[state.board().graph[p.node].placed as usize];
        assert!(
            !completed,
            "{what}: a {} of player {} still stands on a completed {} at ({}, {})",
            rules.pieces[p.kind].name, p.player, rules.features[p.scored_on].name, at.x, at.y
        );
    }
}
