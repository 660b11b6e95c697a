//! The integration tests, in one binary: each module is one area (see README.md,
//! "Tests"). One binary instead of one per file keeps a cold `cargo test` to one link of
//! the library and its dependencies (about 60 MB of disk instead of 1.5 GB).

mod common;
mod external;
#[path = "../../benches/common/positions.rs"]
mod positions;

mod authoring;
mod browser;
mod cases;
mod catalogue;
mod checks;
mod citations;
mod cli;
mod compose;
mod data;
mod deduction;
mod engine;
mod expansions;
mod features;
mod gr;
mod hg;
mod hostile;
mod inputs;
mod jcz;
mod layers;
mod located;
mod long_games;
mod lsp;
mod mechanisms;
mod numbers;
mod output;
mod pictures;
mod play;
mod robustness;
mod saves;
mod simulate;
