//! The commands of the `tessera` binary, one module each: its arguments (a clap `Args`
//! type, which `src/main.rs` gathers into the command line), the library entry points it
//! calls (re-exported at the crate root: [`crate::score_path`], [`crate::validate_file`],
//! ...), and its `run`, which prints the result and chooses the exit status: 0 clean, 2
//! findings in the input (the data is wrong), 1 the tool could not run (an unreadable
//! path, a bad flag). What the commands share (printing findings, judging them with the
//! `--allow` / `--deny` policy, JSON failure records, standard output) is in `common`.
//!
//! The top layer of the crate: it may use every module below it.

use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::diag::{Failure, Policy};

mod checks;
mod common;

pub mod check_saves;
pub mod completions;
pub mod explain;
pub mod import;
pub mod new;
pub mod placements;
pub mod play;
pub mod render;
pub mod schema;
pub mod score;
pub mod simulate;
pub mod tiles;
pub mod validate;

pub use common::{checked_stdout, usage_error};

/// Which findings are reported, and at what severity.
#[derive(Debug, Args)]
pub struct PolicyArgs {
    /// Drop the findings with this code (repeatable). Only warnings and notes can be allowed.
    #[arg(long, value_name = "CODE")]
    allow: Vec<String>,
    /// Make the findings with this code errors (repeatable); `--deny warnings` makes every
    /// warning an error.
    #[arg(long, value_name = "CODE")]
    deny: Vec<String>,
}

impl PolicyArgs {
    /// The policy these flags ask for. Errors: the exit status of a flag that names no
    /// code (or cannot be allowed), already reported (as JSON too when JSON is asked for).
    fn policy(&self) -> Result<Policy, ExitCode> {
        Policy::new(&self.allow, &self.deny).map_err(|m| {
            common::failure_as(Failure::Tool(m), &Policy::default(), common::json_asked())
        })
    }
}

/// Text or JSON (`--format`), for the commands that print a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A table and a breakdown per feature.
    Text,
    /// JSON: for `score`, `players` (name, points, during_play, final_scoring, tokens,
    /// unknown_tokens), `features` and `log`; for `simulate`, `variants` (per column:
    /// seats, turns, set_aside_per_game, pieces_left_per_player,
    /// points_besides_features_per_game, features).
    Json,
}

/// How a seat chooses its moves (`tessera play --agent`, `simulate --agent`): `random`,
/// `greedy`, or `mcts:N` (Monte Carlo search with N playouts a turn; `mcts` alone is
/// 1,000).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentArg(crate::engine::play::Agent);

impl AgentArg {
    fn agent(self) -> crate::engine::play::Agent {
        self.0
    }
}

/// The help line of `--agent`.
pub(crate) const AGENT_HELP: &str = "Agent of a seat, one per seat in turn order (repeated when fewer are given): random (a legal placement, then a legal piece action, uniformly at random), greedy (the move with the best immediate score change: own gain minus the best other's; ties at random), or mcts:N (Monte Carlo search: N random playouts a turn, shared among its legal moves by UCB1, the most tried played; mcts is mcts:1000). Agents beyond the number of players are not used";

/// An agent written `random`, `greedy`, `mcts` or `mcts:N` (N from 1 to 1,000,000).
pub(crate) fn parse_agent(text: &str) -> Result<AgentArg, String> {
    use crate::engine::play::Agent;
    match text.trim() {
        "random" => Ok(AgentArg(Agent::Random)),
        "greedy" => Ok(AgentArg(Agent::Greedy)),
        "mcts" => Ok(AgentArg(Agent::Mcts(1000))),
        t => match t.strip_prefix("mcts:") {
            Some(n) => match n.parse::<u32>() {
                Ok(n) if (1..=1_000_000).contains(&n) => Ok(AgentArg(Agent::Mcts(n))),
                _ => Err(format!(
                    "`{t}`: the playouts of mcts:N are a number from 1 to 1,000,000"
                )),
            },
            None => Err(format!(
                "`{t}` is no agent: random, greedy, mcts or mcts:N (playouts a turn)"
            )),
        },
    }
}
