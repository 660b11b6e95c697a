//! The `tessera` command: a thin layer over the library. The command line is gathered
//! here from the commands' arguments; each command (its arguments, its library calls,
//! what it prints) is a module of `tessera::command`.
//!
//! Exit codes: 0 clean, 2 findings in the input (the data is wrong), 1 tool or usage
//! failure (an argument that cannot be read, a bad flag).

use std::process::ExitCode;

use clap::{CommandFactory as _, Parser, Subcommand};
use tessera::command::{
    self, check_saves, completions, explain, import, new, placements, play, render, schema, score,
    simulate, tiles, validate,
};

/// mimalloc: simulations allocate and free many small vectors per turn, and it serves
/// them faster than the system allocator (measured in the closing note of issue 10).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Carcassonne-family tile games as data: validate rule sets, tile sets and positions, and
/// score boards.
#[derive(Debug, Parser)]
#[command(name = "tessera", version)]
#[command(
    after_help = "Examples:\n  tessera validate tilesets/base.yaml\n  tessera score examples/base-scoring.yaml --final\n  tessera explain tileset::count_mismatch\n  tessera schema\n\nExit status: 0 success, 2 findings in the input files, 1 the tool could not run\n(unreadable path, bad arguments)."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Largest file read, in bytes (default 8 MiB); a larger file is the finding
    /// io::too_large, with nothing read.
    #[arg(long, global = true, value_name = "BYTES")]
    max_file_size: Option<u64>,
    /// Most findings printed (or recorded in JSON) in one run, 1 to 1,000,000, default
    /// 1000; the rest are counted in the summary and the exit status, and a note says
    /// how many.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_findings: Option<u64>,
}

// The commands, in the order `tessera --help` lists them; each one's help text is on
// its arguments' type (a doc comment here would be clap's text too).
#[derive(Debug, Subcommand)]
enum Command {
    Validate(validate::ValidateArgs),
    /// Convert another program's tile definitions to a tessera tile set.
    #[command(subcommand)]
    Import(import::ImportCommand),
    Score(score::ScoreArgs),
    Render(render::RenderArgs),
    Tiles(tiles::TilesArgs),
    New(new::NewArgs),
    Play(play::PlayArgs),
    Simulate(simulate::SimulateArgs),
    Placements(placements::PlacementsArgs),
    CheckSaves(check_saves::CheckSavesArgs),
    Explain(explain::ExplainArgs),
    Schema(schema::SchemaArgs),
    Lsp(tessera::lsp::LspArgs),
    Completions(completions::CompletionsArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return command::usage_error(&e),
    };
    if let Some(bytes) = cli.max_file_size {
        tessera::limits::set_max_file_size(bytes);
    }
    if let Some(n) = cli.max_findings {
        tessera::limits::set_max_findings(usize::try_from(n).unwrap_or(usize::MAX));
    }
    let code = match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Import(args) => import::run(args),
        Command::Score(args) => score::run(args),
        Command::Render(args) => render::run(args),
        Command::Tiles(args) => tiles::run(args),
        Command::New(args) => new::run(args),
        Command::Play(args) => play::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Placements(args) => placements::run(args),
        Command::CheckSaves(args) => check_saves::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Schema(args) => schema::run(args),
        Command::Lsp(args) => tessera::lsp::run(&args),
        // From the same definitions as the command line itself.
        Command::Completions(args) => completions::run(&args, &mut Cli::command()),
    };
    command::checked_stdout(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }
}
