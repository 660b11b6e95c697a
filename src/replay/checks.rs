//! The catalogue entries of the checks of a position (`position::`), emitted by
//! [`crate::replay`] as it replays a position file through the engine.
//!
//! Each entry is a [`crate::diag::Check`] constant, listed by `Check::all()` (see
//! [`crate::diag::checks`]).

crate::diag::checks! {
    /// A position names a tile that is in neither the tile set nor its own `tiles`.
    UnknownTile => "position::unknown_tile", Error {
        why: "A turn places a tile of the game: one of the tile set's ids, or a tile the \
              position defines under `tiles:`. An unknown id cannot be placed.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: Z, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A position uses more copies of a tile than the set holds.
    TileExhausted => "position::tile_exhausted", Error {
        why: "The box holds `count` copies of each tile (the start tile uses one); a log that \
              places more is a mistyped id or a game from another edition.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: X, x: 1, y: 0}
  - {tile: X, x: -1, y: 0}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: X, x: 1, y: 0}
  - {tile: U, x: -1, y: 0, rotation: 90}
",
    }
    /// A rotation other than 0, 90, 180 or 270.
    Rotation => "position::rotation", Error {
        why: "Tiles are square and turn by quarter turns: rotation is in degrees clockwise from \
              the tile as printed. In a file the JSON Schema reports such a rotation first (as \
              `schema::invalid`); this code is for positions built through the library.",
        bad: "\
turns:
  - {tile: V, x: 1, y: 0, rotation: 45}
",
        fixed: "\
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A tile is placed on a cell that already holds one.
    CellOccupied => "position::cell_occupied", Error {
        why: "Each cell holds one tile; the start tile is at (0, 0). A repeated cell is usually \
              a sign error (y grows to the south).",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: D, x: 0, y: 0}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: D, x: 1, y: 0}
",
    }
    /// A tile is placed touching no tile, or a snapshot's tiles do not form one board.
    NotAdjacent => "position::not_adjacent", Error {
        why: "Every tile is placed next to the board, so the board is one connected area; a \
              tile elsewhere is a mistyped coordinate.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 3, y: 3}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 0, y: 1}
",
    }
    /// A tile's side does not fit its neighbour's.
    EdgeMismatch => "position::edge_mismatch", Error {
        why: "Touching sides must be of the same side kind (city to city, road to road); the \
              finding lists the rotations that would fit there.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    /// A piece, token or covered-item address names no tile or segment on the board.
    UnknownAddress => "position::unknown_address", Error {
        why: "A piece is addressed, in board orientation, by a side or half-side its segment \
              touches (`N`, `EL`) or by an inner segment's id (`monastery`), on the tile just \
              placed or at a cell (x, y); an address that names nothing there cannot be \
              placed.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 0, y: 1, piece: cloister}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: B, x: 0, y: 1, piece: monastery}
",
    }
    /// A piece gives `x` without `y`, or `y` without `x`.
    PieceCell => "position::piece_cell", Error {
        why: "A piece that may go on any tile names that tile's cell with both `x` and `y`; \
              with only one of them the cell is unknown.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0}}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
",
    }
    /// A piece goes on a feature (or segment) that already holds a piece that blocks it.
    FeatureOccupied => "position::feature_occupied", Error {
        why: "A piece may only join a feature where no blocking piece stands (pieces of several \
              players meet only when a tile joins their features later). The rule set's \
              `blocked_by` and `blocked_on` say which pieces block.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: W}
  - {tile: U, x: -1, y: 0, rotation: 90, piece: E}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: W}
  - {tile: U, x: -1, y: 0, rotation: 90, piece: N}
",
    }
    /// A piece whose role needs an incomplete feature goes on a completed one.
    FeatureCompleted => "position::feature_completed", Error {
        why: "Some roles (`requires_incomplete: true`, the Gold Rush tent) may only go on a \
              feature that is not completed yet; a completed feature has been scored.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Red, Blue]
turns:
  - {tile: \"33\", x: 0, y: -1, rotation: 180}
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Red, Blue]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
",
    }
    /// A snapshot puts two pieces of one kind on one segment.
    SegmentTaken => "position::segment_taken", Error {
        why: "A segment holds at most one piece of a kind: pieces meet in one feature only when \
              a tile joins features that each held one, never on a single segment.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
board:
  - {tile: D, x: 0, y: 0, pieces: [{player: A, at: E}, {player: B, at: W}]}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
board:
  - {tile: D, x: 0, y: 0, pieces: [{player: A, at: E}, {player: B, at: N}]}
",
    }
    /// A piece kind has no role on that feature kind (or the role's option is off).
    NoRole => "position::no_role", Error {
        why: "A piece goes only where one of its roles allows (a follower is a knight in a \
              city, a farmer in a field when the `farmers` option is on); the finding lists the \
              piece's roles.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
options: {farmers: false}
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: N}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
options: {farmers: false}
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: W}
",
    }
    /// A piece that goes only on the tile just placed names another tile's cell.
    NotAnywhere => "position::not_anywhere", Error {
        why: "Most pieces go on the tile just placed; only a piece kind with `anywhere: true` \
              (the Gold Rush tent), or a follower placed with a tile whose item lets it go \
              elsewhere (`placing_away`: a magic portal), or a follower going on top of a raised \
              feature anywhere on the board (`building`: a tower), may name another tile's cell \
              with `x` and `y`.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: {kind: follower, at: N, x: 0, y: 0}}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: {kind: follower, at: W}}
",
    }
    /// A player has no piece of that kind left in supply.
    NoSupply => "position::no_supply", Error {
        why: "Each player has the rule set's (or the tile set's `supply:`) number of each piece \
              kind; pieces come back only when their feature is scored.",
        bad: "\
tileset: ../tilesets/pnp-demo.yaml
players: [A]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: E}
  - {tile: U, x: 2, y: 0, rotation: 90, piece: N}
  - {tile: U, x: 3, y: 0, rotation: 90, piece: S}
  - {tile: B, x: 0, y: 1, piece: monastery}
  - {tile: B, x: 1, y: 1, piece: monastery}
  - {tile: E, x: 0, y: -1, rotation: 180, piece: S}
",
        fixed: "\
tileset: ../tilesets/pnp-demo.yaml
players: [A]
turns:
  - {tile: U, x: 1, y: 0, rotation: 90, piece: E}
  - {tile: U, x: 2, y: 0, rotation: 90, piece: N}
  - {tile: U, x: 3, y: 0, rotation: 90, piece: S}
  - {tile: B, x: 0, y: 1, piece: monastery}
  - {tile: B, x: 1, y: 1, piece: monastery}
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    /// A player, piece kind, option, token supply or item that the position or rule set does not declare.
    PositionUnknownName => "position::unknown_name", Error {
        why: "Players are the names under `players:`; piece kinds, options, token supplies and \
              items come from the rule set. A misspelt name cannot be played or scored.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
  - {tile: U, x: -1, y: 0, rotation: 90, player: C}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
  - {tile: U, x: -1, y: 0, rotation: 90, player: B}
",
    }
    /// A position mines, draws or lays tokens under rules that have no tokens.
    NoTokens => "position::no_tokens", Error {
        why: "`mine`, `draws`, `tokens` and `held` are about token supplies (Gold Rush mining \
              tokens); under rules without one they mean nothing, usually because the \
              position names the wrong tile set.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90, mine: true}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A turn mines without the player's mining piece on the board.
    Mine => "position::mine", Error {
        why: "A player takes a token from the feature where their mining piece (the tent) \
              stands; with no such piece on the board there is nothing to mine from.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, mine: true}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
",
    }
    /// A turn mines where no token is left.
    MineEmpty => "position::mine_empty", Error {
        why: "Tokens are laid on a feature when tiles with the item that brings them are \
              placed (one per nugget symbol); once they are taken there is nothing to mine.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
  - {tile: \"01\", x: -2, y: 0, rotation: 90}
  - {tile: \"01\", x: 3, y: 0, rotation: 90, mine: true}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
  - {tile: \"01\", x: -2, y: 0, rotation: 90}
  - {tile: \"01\", x: 3, y: 0, rotation: 90}
",
    }
    /// A turn writes two actions of step 2 (a piece, mining, a piece taken back, a figure moved, a piece sent home, a token built).
    MineAndPiece => "position::mine_and_piece", Error {
        why: "Step 2 of a turn is one action: place a piece, take a token (`mine: true`), take \
              a piece back (`recall`), move a figure (`attend`), send a piece home (`expel`) or \
              build on a feature (`build`: a tower floor); a turn that writes two of them is \
              ambiguous.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, piece: N, mine: true}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true}
",
    }
    /// `draws` lists a value that no token of the supply has.
    DrawValue => "position::draw_value", Error {
        why: "`draws` records the values of the tokens taken that turn; a value the supply does \
              not have (the rule set's `tokens.*.values`) is a typing mistake.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true, draws: [4]}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, piece: {kind: tent, at: N, x: 0, y: 0}}
  - {tile: \"01\", x: -1, y: 0, rotation: 90}
  - {tile: \"01\", x: 2, y: 0, rotation: 90, mine: true, draws: [5]}
",
    }
    /// `draws` lists more values than the tokens taken that turn.
    DrawCount => "position::draw_count", Error {
        why: "`draws` gives one value per token the player takes that turn (by mining or as \
              their share of a completed feature), in the order taken; extra values belong to \
              another turn.",
        bad: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90, draws: [2]}
",
        fixed: "\
tileset: ../tilesets/gold-rush-reconstructed.yaml
players: [Blue, Red]
turns:
  - {tile: \"01\", x: 1, y: 0, rotation: 90}
",
    }
    /// A turn comes after the end of the game.
    GameOver => "position::game_over", Error {
        why: "The game ends after the turn that places the last tile of the main pile (tiles \
              of other stacks do not extend it); later turns cannot have been played.",
        bad: "\
# in a position whose tile set holds 2 tiles, D (the start tile) and E
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, piece: S}
  - {tile: E, x: 0, y: 1}
",
        fixed: "\
# in a position whose tile set holds 2 tiles, D (the start tile) and E
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, piece: S}
",
    }
    /// A tile of an extra stack is placed without an extra turn earned.
    ExtraTurn => "position::extra_turn", Error {
        why: "Tiles of a second stack (Hunters and Gatherers menhir tiles) are drawn only for \
              the extra turn that completing certain features earns (`bonus_turns`).",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 85, x: 0, y: -1, rotation: 0}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0}
",
    }
    /// An extra turn is played with a tile that is not from its stack.
    ExtraTurnStack => "position::extra_turn_stack", Error {
        why: "The extra turn that a feature earns is played with a tile from the stack its \
              `bonus_turns` entry names (a menhir tile), not from the main pile.",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 62, x: 0, y: -1, rotation: 0}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0}
",
    }
    /// A tile is set aside though it has a legal placement.
    SetAsideFits => "position::set_aside_fits", Error {
        why: "A drawn tile is set aside only when it fits nowhere on the board (base rules: \
              such a tile is discarded and another drawn); one that fits must be placed.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [Ann, Bob]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180, set_aside: [V]}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [Ann, Bob]
turns:
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    /// An extra turn is played by another player than the one who earned it.
    ExtraTurnPlayer => "position::extra_turn_player", Error {
        why: "The player who completes a feature that earns an extra turn plays it, at once; \
              turn order then continues after them.",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0, player: Red}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0, player: Blue}
",
    }
    /// A turn takes a piece back though no effect of its tile allows it.
    ReturnPiece => "position::return_piece", Error {
        why: "Pieces leave the board when their feature is scored; taking one back early needs \
              an effect of the tile just placed that allows it (`return_piece`: the shaman).",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 85, x: 0, y: -1, rotation: 0, return_piece: {x: -1, y: 0, at: E}}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 88, x: 0, y: -1, rotation: 270, return_piece: {x: -1, y: 0, at: E}}
",
    }
    /// `return_piece` names no piece of the player.
    ReturnNoPiece => "position::return_no_piece", Error {
        why: "The piece taken back is named by its cell and segment address and must be one of \
              the player's own pieces of the kind the effect returns.",
        bad: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 88, x: 0, y: -1, rotation: 270, return_piece: {x: 1, y: 0, at: W}}
",
        fixed: "\
tileset: ../tilesets/hunters-gatherers.yaml
players: [Red, Blue]
turns:
  - {tile: 48, x: -1, y: 0, rotation: 0, piece: {kind: meeple, at: E}}
  - {tile: 34, x: 1, y: 0, rotation: 0}
  - {tile: 35, x: 0, y: 1, rotation: 270}
  - {tile: 88, x: 0, y: -1, rotation: 270, return_piece: {x: -1, y: 0, at: E}}
",
    }
    /// A player is listed twice.
    PositionDuplicate => "position::duplicate", Error {
        why: "Turns, pieces and scores name players by name, so names must be distinct; turn \
              order is the order of `players`.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B, A]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B, C]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A position gives both or neither of `turns` and `board`.
    PositionForm => "position::form", Error {
        why: "A position is either a turn log (`turns`, replayed from the start tile) or a \
              snapshot (`board`, laid as it lies); with both it is unclear which one is the \
              game, with neither there is no game.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
board:
  - {tile: D, x: 0, y: 0}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A position lists no players.
    NoPlayers => "position::no_players", Error {
        why: "Turns are played by players in the order of `players`; without one no turn can \
              be played and nothing can be scored.",
        bad: "\
tileset: ../tilesets/base.yaml
players: []
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A, B]
turns:
  - {tile: V, x: 1, y: 0, rotation: 90}
",
    }
    /// A snapshot's board does not hold the start tile at x 0, y 0 with its rotation.
    SnapshotStart => "position::start_tile", Error {
        why: "Every game starts from the start tile at (0, 0), rotation 0 (or the position's `start`); a snapshot without it, or with it moved, is another board: its features, and so its scores, are wrong without any other sign.",
        bad: "\
tileset: ../tilesets/base.yaml
players: [A]
board:
  - {tile: E, x: 0, y: -1, rotation: 180}
",
        fixed: "\
tileset: ../tilesets/base.yaml
players: [A]
board:
  - {tile: D, x: 0, y: 0}
  - {tile: E, x: 0, y: -1, rotation: 180}
",
    }
    /// A snapshot puts on the board a piece whose state during the game it cannot give.
    SnapshotPieceState => "position::snapshot_piece_state", Error {
        why: "A snapshot gives the board, its pieces and the points banked, but not what a mechanism kept during the game for a piece (Hills and Sheep: the sheep in a shepherd's flock, which decide what it scores and what the bag still holds). Taken without it, the piece would score wrongly without any other sign.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [A, B]
board:
  - {tile: BA/RCr, x: 0, y: 0}
  - {tile: BA/RFr, x: 1, y: 0, pieces: [{player: A, kind: shepherd, at: S}]}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [2]}
",
    }
    /// A tile of a stack with `into_holes` is placed on a cell with a side facing no tile.
    NotAHole => "position::not_a_hole", Error {
        why: "Abbey and the Mayor's abbey goes only into a hole: an empty cell with tiles on all four sides. Anywhere else its walls would close features that could still grow.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey.yaml]
ruleset: ../rulesets/abbey.yaml
players: [A, B]
turns:
  - {tile: \"AM/A\", x: 1, y: 0}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey.yaml]
ruleset: ../rulesets/abbey.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0}
",
    }
    /// A player plays a tile of a held stack they do not hold, or out of turn in the last round.
    NotHeld => "position::not_held", Error {
        why: "Each player holds their own tiles of a held stack (an abbey each) and plays each once, instead of drawing; after the last tile of the main pile each holder may play theirs, in turn order from the next player.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey.yaml]
ruleset: ../rulesets/abbey.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0}
  - {tile: BA/RFr, x: -1, y: 0}
  - {tile: BA/C, x: 1, y: 1, rotation: 180}
  - {tile: BA/C, x: -1, y: 1, rotation: 180}
  - {tile: BA/C, x: 1, y: 2}
  - {tile: BA/C, x: 0, y: 2}
  - {tile: \"AM/A\", x: 0, y: 1}                 # A's abbey, into the hole
  - {tile: \"AM/A\", x: 0, y: 3, player: A}      # A has no other
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey.yaml]
ruleset: ../rulesets/abbey.yaml
players: [A, B]
turns:
  - {tile: BA/RFr, x: 1, y: 0}
  - {tile: BA/RFr, x: -1, y: 0}
  - {tile: BA/C, x: 1, y: 1, rotation: 180}
  - {tile: BA/C, x: -1, y: 1, rotation: 180}
  - {tile: BA/C, x: 1, y: 2}
  - {tile: BA/C, x: 0, y: 2}
  - {tile: \"AM/A\", x: 0, y: 1}                 # A's abbey, into the hole
",
    }
    /// A tile is drawn while a stack that is played before its pile still has tiles that fit.
    StackOrder => "position::stack_order", Error {
        why: "Stacks with an `order` are played before the main pile, lowest order first (The River: the river tiles, then the lake, then the land tiles); a turn log that skips ahead replays a game that could not happen. A stack whose tiles left fit nowhere is skipped.",
        bad: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/I.e\", x: 1, y: 0}   # the lake, while river tiles are left
",
        fixed: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}   # river tiles first, the lake when none is left
",
    }
    /// A tile of a stack with `continues` is placed without continuing that feature.
    NotContinued => "position::not_continued", Error {
        why: "Each tile of such a stack must extend the feature already on the board (The River: river side against river side); a tile that only touches the board elsewhere starts a second river.",
        bad: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 0, y: 1}   # under the spring: field against field
",
        fixed: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}   # river side against the spring's river
",
    }
    /// A bend continues a bend of the same feature that turns the same way (an immediate U-turn).
    UTurn => "position::u_turn", Error {
        why: "A feature kind with `no_u_turn` may not turn back on itself: two consecutive bends that both turn left (or both right) are forbidden (The River: the river would flow back alongside itself). Bends separated by a straight tile, or turning opposite ways, are allowed.",
        bad: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}
  - {tile: \"RI.1/II\", x: 2, y: 0}                  # turns right
  - {tile: \"RI.1/IIG\", x: 2, y: 1, rotation: 90}   # turns right again
",
        fixed: "\
tileset: ../tilesets/base-river.yaml
players: [A, B]
turns:
  - {tile: \"RI.1/IFI\", x: 1, y: 0}
  - {tile: \"RI.1/II\", x: 2, y: 0}                  # turns right
  - {tile: \"RI.1/IIG\", x: 2, y: 1, rotation: 180}  # turns left
",
    }
    /// A turn draws a token from a bag (a flock's) and no draw is written for it.
    DrawMissing => "position::draw_missing", Error {
        why: "A piece that keeps a flock draws a token from the bag when it is placed and \
              whenever its flock grows; which token was drawn decides the game (a wolf loses \
              the flock), so the position records it: its value in `draws`, or the random \
              number that drew it in `drawn_at`.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [2]}
",
    }
    /// A draw names a token the bag does not hold now.
    DrawNotInBag => "position::draw_not_in_bag", Error {
        why: "A bag holds its tokens less those lying on the board (in flocks); a value it does \
              not hold is a typing mistake, or a token drawn twice.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [4]}
  - {tile: BA/RFr, x: 2, y: 0, piece: {kind: shepherd, at: N}, draws: [4]}
  - {tile: BA/RFr, x: 3, y: 0, choices: [grow], draws: [4]}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [4]}
  - {tile: BA/RFr, x: 2, y: 0, piece: {kind: shepherd, at: N}, draws: [4]}
  - {tile: BA/RFr, x: 3, y: 0, choices: [grow], draws: [3]}
",
    }
    /// A draw's random number is not from 0 up to 1.
    DrawnAt => "position::drawn_at", Error {
        why: "`drawn_at` records a draw by the random number that made it, from 0 up to (not \
              including) 1: the token at ⌊f × n⌋ of the bag's n tokens, in the bag's order. \
              Another number draws nothing.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, drawn_at: [1]}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, drawn_at: [0.3]}
",
    }
    /// A turn asks a decision and `choices` does not give it.
    ChoiceMissing => "position::choice_missing", Error {
        why: "A turn records in `choices` each decision it asks that has no default: when a \
              player places a tile that extends the feature of one of their flocks, they \
              decide (Hills and Sheep: let the flock grow, drawing another token, or lead it to \
              the stable and score it); each step of a roaming figure (the dragon) is chosen.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [2]}
  - {tile: BA/RFr, x: -1, y: 0, rotation: 180}
  - {tile: BA/RFr, x: 2, y: 0}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [2]}
  - {tile: BA/RFr, x: -1, y: 0, rotation: 180}
  - {tile: BA/RFr, x: 2, y: 0, choices: [score]}
",
    }
    /// `choices` gives more decisions than the turn asks.
    ChoicesLeft => "position::choices_left", Error {
        why: "A decision is asked for each flock of the player on a feature the tile extends, \
              not for a piece placed this turn (it draws at once) nor for another player's \
              flock; an extra decision belongs to another turn.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [2], choices: [grow]}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/hills-sheep-1.yaml]
ruleset: ../rulesets/hills-sheep.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/RFr, x: 1, y: 0, piece: {kind: shepherd, at: S}, draws: [2]}
",
    }
    /// A decision given is not among those the turn offers.
    ChoiceNotOffered => "position::choice_not_offered", Error {
        why: "A decision answers what the turn offers then: a flock's `grow` or `score`, a \
              piece that may move on its `return` or a `move` to an unoccupied, incomplete \
              feature within its reach (Abbey and Mayor: a wagon goes to a road, city or \
              monastery on its tile or one of the 8 around), a dragon's `step` to a tile \
              next to it. A decision of another kind than the one asked, where that one has a \
              default (a wagon returns, a phantom stays in supply), is kept for a later \
              decision; one of the kind asked but not offered is this finding.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey-mayor-1.yaml]
ruleset: ../rulesets/abbey-mayor.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/C, x: 0, y: -1, rotation: 180, piece: {kind: wagon, at: S}, choices: [{move: {x: 0, y: 0, at: S}}]}   # a field
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey-mayor-1.yaml]
ruleset: ../rulesets/abbey-mayor.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/C, x: 0, y: -1, rotation: 180, piece: {kind: wagon, at: S}, choices: [{move: {x: 0, y: 0, at: W}}]}
",
    }
    /// A snapshot's neutral figure stands where it cannot.
    PositionFigure => "position::figure_place", Error {
        why: "A snapshot's `figures` says where each neutral figure stands: a roaming figure \
              (the dragon) on a tile of the board, a figure players move next to their pieces \
              (the fairy) beside a follower, named by its tile's cell and segment address.",
        bad: "\
tileset: ../tilesets/base-jcz.yaml
ruleset: ../rulesets/fairy.yaml
players: [A, B]
board:
  - {tile: BA/RCr, x: 0, y: 0}
  - {tile: BA/Rr, x: 1, y: 0, pieces: [{player: A, at: W}]}
figures:
  - {figure: fairy, x: 1, y: 0}   # beside which piece?
",
        fixed: "\
tileset: ../tilesets/base-jcz.yaml
ruleset: ../rulesets/fairy.yaml
players: [A, B]
board:
  - {tile: BA/RCr, x: 0, y: 0}
  - {tile: BA/Rr, x: 1, y: 0, pieces: [{player: A, at: W}]}
figures:
  - {figure: fairy, x: 1, y: 0, at: W}
",
    }
    /// A decision's target (`move`, `take_back`, `step`) names no segment or tile on the board.
    MoveTarget => "position::move_target", Error {
        why: "A `move` decision names where the piece goes, a `take_back` where the piece \
              taken back stands: the cell of a tile on the board (the tile just placed too) \
              and a segment address on it, as a piece's; a `step` names the cell of the tile \
              a roaming figure steps onto.",
        bad: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey-mayor-1.yaml]
ruleset: ../rulesets/abbey-mayor.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/C, x: 0, y: -1, rotation: 180, piece: {kind: wagon, at: S}, choices: [{move: {x: 5, y: 5, at: W}}]}
",
        fixed: "\
tileset: [../tilesets/base-jcz.yaml, ../tilesets/abbey-mayor-1.yaml]
ruleset: ../rulesets/abbey-mayor.yaml
players: [Alice, Bob]
turns:
  - {tile: BA/C, x: 0, y: -1, rotation: 180, piece: {kind: wagon, at: S}, choices: [{move: {x: 0, y: 0, at: W}}]}
",
    }
}
