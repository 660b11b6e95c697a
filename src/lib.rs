#![warn(missing_docs)]
//! tessera: Carcassonne-family tile games as data.
//!
//! A game is a YAML **rule set** (terrains, side profiles, feature kinds, completion,
//! scoring, pieces, options) plus a YAML **tile set** (tile definitions with counts). This
//! library loads them with source spans ([`load`]), checks their meaning and compiles them
//! to tables ([`validate`], [`rules`]), keeps a board and its petgraph feature graph
//! ([`board`], [`graph`]), scores features ([`score`]), plays turns ([`engine`]) and
//! replays positions turn by turn ([`replay`]). [`jcz`] reads JCloisterZone
//! tile-definition XML into the same checks. Nothing about any particular game is written
//! in Rust. `ARCHITECTURE.md` maps the modules and the order of their layers.
//!
//! Most users need three calls: [`score_path`] (below), [`placements_path`] and
//! [`piece_options_path`]; [`validate_file`] checks any file. These, and the other entry
//! points of the `tessera` commands, live in [`command`] (one module per command, with
//! its arguments and its printing) and are re-exported here.
//!
//! ```
//! use std::path::Path;
//! use tessera::{ScoreOptions, score_path};
//! let report = score_path(
//!     Path::new("examples/base-scoring.yaml"),
//!     &ScoreOptions { final_scoring: true, turns: None },
//! )
//! .expect("the bundled example scores");
//! assert_eq!(report.points("A"), Some(14));
//! ```

pub mod address;
pub mod board;
pub mod command;
pub mod diag;
pub mod engine;
pub mod forest;
pub mod geometry;
pub mod graph;
pub mod jcz;
pub mod limits;
pub mod load;
pub mod lsp;
pub mod mechanism;
pub mod model;
pub mod output;
pub mod picture;
pub mod replay;
pub mod report;
pub mod rules;
pub mod schema;
pub mod score;
pub mod simulate;
pub mod validate;

pub use command::new::{NEW_MARK, NewKind, new_file};
pub use command::placements::{
    PlacementReport, piece_options_path, placements_path, placements_report,
};
pub use command::play::{PLAYED_HEADER, PlayOptions, Played, load_game_files, play, seat_names};
pub use command::render::{RenderOptions, render_path};
pub use command::score::{ScoreOptions, score_checked, score_path, score_with_page};
pub use command::simulate::{SimulateOptions, simulate};
pub use command::tiles::{TilesReport, tiles_report};
pub use command::validate::{FileToCheck, InputFiles, validate_file};
pub use diag::{Check, Failure, Finding};
pub use engine::Placement;
pub use geometry::Rotation;
pub use report::{PieceOption, ScoreReport};
