//! Pictures (`tessera render`): SVG drawn from the bundled tile sets and from every example
//! and case position, rasterised with resvg (text is not drawn: no fonts are loaded), and
//! the pixels looked at: each segment of each tile of a sheet shows its feature kind's
//! colour, each piece of a board its player's colour, a highlighted cell its frame.

use std::path::{Path, PathBuf};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use tessera::diag::Failure;
use tessera::picture::{self, BoardOptions, Palette};
use tessera::replay::{load_position, replay};
use tessera::validate::load_tileset;
use tessera::{RenderOptions, ScoreOptions, render_path};

/// The picture as pixels, one picture unit a pixel (its natural size is
/// `picture::SCALE` pixels a unit).
fn raster(svg: &str) -> Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses");
    let size = tree.size();
    let (w, h) = (
        (size.width() as f64 / picture::SCALE).round() as u32,
        (size.height() as f64 / picture::SCALE).round() as u32,
    );
    let mut pixmap = Pixmap::new(w, h).expect("a picture of some size");
    let unit = (1.0 / picture::SCALE) as f32;
    resvg::render(
        &tree,
        Transform::from_scale(unit, unit),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// Keeps a picture's pixels as a PNG file for a person to look at, when the environment
/// variable `TESSERA_PICTURES` names a directory.
fn keep(pixmap: &Pixmap, name: &Path) {
    if let Some(dir) = std::env::var_os("TESSERA_PICTURES") {
        let file = name.to_string_lossy().replace(['/', '\\'], "_");
        let out = Path::new(&dir).join(format!("{file}.png"));
        pixmap.save_png(&out).expect("the PNG is written");
    }
}

/// The colour at a point, as `#rrggbb` (the pictures are opaque: a white background).
fn colour_at(pixmap: &Pixmap, (x, y): (f64, f64)) -> String {
    let p = pixmap
        .pixel(x.round() as u32, y.round() as u32)
        .unwrap_or_else(|| panic!("({x}, {y}) lies outside the picture"));
    format!("#{:02x}{:02x}{:02x}", p.red(), p.green(), p.blue())
}

fn positions() -> Vec<PathBuf> {
    let mut files = crate::common::yaml_files("tests/positions");
    files.extend(crate::common::yaml_files("examples"));
    // Examples include tile sets; they are not positions.
    files.retain(|p| load_position(p).is_ok());
    files
}

#[test]
fn every_tile_of_every_bundled_tile_set_shows_its_segments_in_their_colours() {
    let mut checked = 0;
    for path in crate::common::yaml_files("tilesets") {
        let (game, _) = load_tileset(&path, None).expect("a bundled tile set loads");
        let palette = Palette::new(&game.rules, &[]);
        let (svg, _) = render_path(
            &path,
            &RenderOptions {
                slots: true,
                ..RenderOptions::default()
            },
        )
        .expect("a bundled tile set is drawn");
        assert!(picture::is_drawn(&svg), "{}", path.display());
        let pixmap = raster(&svg);
        keep(&pixmap, &path);
        for (tile, segment, feature, at) in picture::sheet_segment_points(&game) {
            let def = &game.tiles.tiles[tile];
            assert_eq!(
                colour_at(&pixmap, at),
                palette.features[feature],
                "{}: tile {} segment {} ({})",
                path.display(),
                def.id,
                def.segments[segment].id,
                game.rules.features[feature].name
            );
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} segments looked at");
}

#[test]
fn every_example_and_case_position_draws_its_pieces_in_their_players_colours() {
    let (mut boards, mut pieces) = (0, 0);
    for path in positions() {
        let lp = load_position(&path).expect("loads");
        let opts = RenderOptions {
            score: ScoreOptions {
                final_scoring: true,
                turns: None,
            },
            ..RenderOptions::default()
        };
        let state = match replay(&lp, None) {
            Ok(s) => s,
            Err(_) => {
                // A case showing an illegal turn: no picture, the finding instead.
                assert!(
                    matches!(render_path(&path, &opts), Err(Failure::Findings(_))),
                    "{}",
                    path.display()
                );
                continue;
            }
        };
        let (svg, _) = render_path(&path, &opts)
            .unwrap_or_else(|e| panic!("{}: not drawn: {e:?}", path.display()));
        let pixmap = raster(&svg);
        keep(&pixmap, &path);
        let palette = Palette::new(&state.game().rules, state.players());
        // End-of-game scoring leaves every piece on the board, as drawn.
        let mut scored = state.clone();
        scored.final_scoring();
        for (player, at) in picture::piece_centres(&scored, BoardOptions::default()) {
            assert_eq!(
                colour_at(&pixmap, at),
                palette.players[player],
                "{}: a piece of {}",
                path.display(),
                state.players()[player]
            );
            pieces += 1;
        }
        boards += 1;
    }
    assert!(boards > 80, "only {boards} boards drawn");
    assert!(pieces > 80, "only {pieces} pieces looked at");
}

#[test]
fn a_highlighted_cell_is_framed_on_the_board_or_next_to_it() {
    let path = Path::new("examples/base-scoring.yaml");
    // The board spans columns 0 to 2 and rows -3 to 0: (3, -4) lies next to its corner.
    for cell in [(0, 0), (3, -4)] {
        let (svg, _) = render_path(
            path,
            &RenderOptions {
                highlight: Some(cell),
                ..RenderOptions::default()
            },
        )
        .expect("drawn");
        let lp = load_position(path).expect("loads");
        let state = replay(&lp, None).expect("replays");
        let pixmap = raster(&svg);
        // The frame's left edge, halfway down the cell: the cell's corner is found from a
        // piece-free layout (the cells shown are the board's and the highlighted one).
        let xs = state.board().placed.iter().map(|p| p.x).chain([cell.0]);
        let ys = state.board().placed.iter().map(|p| p.y).chain([cell.1]);
        let (x0, y0) = (xs.min().unwrap_or(0), ys.min().unwrap_or(0));
        let left = picture::MARGIN + f64::from(cell.0 - x0) * picture::TILE + 1.5;
        let middle = picture::MARGIN + f64::from(cell.1 - y0) * picture::TILE + picture::TILE / 2.0;
        assert_eq!(
            colour_at(&pixmap, (left, middle)),
            picture::HIGHLIGHT,
            "{cell:?}"
        );
    }
}

#[test]
fn the_pictures_in_the_readme_are_the_tools_own() {
    let final_scoring = ScoreOptions {
        final_scoring: true,
        turns: None,
    };
    let pictures = [
        (
            "docs/board.svg",
            "examples/base-scoring.yaml --final",
            RenderOptions {
                score: final_scoring.clone(),
                ..RenderOptions::default()
            },
        ),
        // A whole game played by the greedy players, drawn in the rule set's styles and
        // as wedges (the pictures before and after drawing styles, issue 26).
        (
            "docs/played.svg",
            "examples/played-game.yaml --final",
            RenderOptions {
                score: final_scoring.clone(),
                ..RenderOptions::default()
            },
        ),
        (
            "docs/played-plain.svg",
            "examples/played-game.yaml --final --plain",
            RenderOptions {
                score: final_scoring,
                plain: true,
                ..RenderOptions::default()
            },
        ),
        (
            "docs/overlay.svg",
            "tests/fixtures/artwork/wrong-side.yaml --overlay",
            RenderOptions {
                overlay: true,
                ..RenderOptions::default()
            },
        ),
    ];
    for (committed, args, opts) in pictures {
        let input = args.split(' ').next().expect("a path");
        let (svg, _) = render_path(Path::new(input), &opts).expect("drawn");
        let text =
            std::fs::read_to_string(committed).unwrap_or_else(|e| panic!("{committed} reads: {e}"));
        assert!(
            text == svg,
            "{committed} is stale: run `tessera render {args} -o {committed} --force`"
        );
    }
}

/// One board of each bundled game, kept as pixels under `tests/snapshots/boards/` and
/// compared with a tolerance (antialiasing may differ a little between rasteriser
/// versions). `TESSERA_BLESS=1` writes them anew.
const SNAPSHOTS: &[(&str, &str)] = &[
    ("base", "examples/base-scoring.yaml"),
    ("pnp-demo", "tests/positions/pnp/ex7-final-scoring.yaml"),
    ("hunters-gatherers", "examples/hunters-gatherers.yaml"),
    ("gold-rush", "examples/gold-rush.yaml"),
    (
        "base-ic-river",
        "tests/positions/combined/base-ic-river-game.yaml",
    ),
];

#[test]
fn one_board_of_each_bundled_game_looks_as_it_did() {
    let bless = std::env::var_os("TESSERA_BLESS").is_some();
    for (name, position) in SNAPSHOTS {
        let (svg, _) = render_path(
            Path::new(position),
            &RenderOptions {
                score: ScoreOptions {
                    final_scoring: true,
                    turns: None,
                },
                ..RenderOptions::default()
            },
        )
        .unwrap_or_else(|e| panic!("{position}: not drawn: {e:?}"));
        let pixmap = raster(&svg);
        let file = Path::new("tests/snapshots/boards").join(format!("{name}.png"));
        if bless {
            std::fs::create_dir_all(file.parent().expect("a directory")).expect("made");
            pixmap.save_png(&file).expect("written");
            continue;
        }
        let kept = Pixmap::load_png(&file).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (TESSERA_BLESS=1 cargo test writes it)",
                file.display()
            )
        });
        assert_eq!(
            (kept.width(), kept.height()),
            (pixmap.width(), pixmap.height()),
            "{name}: the picture's size changed"
        );
        let differ = kept
            .pixels()
            .iter()
            .zip(pixmap.pixels())
            .filter(|(a, b)| {
                let d = |x: u8, y: u8| x.abs_diff(y) > 24;
                d(a.red(), b.red()) || d(a.green(), b.green()) || d(a.blue(), b.blue())
            })
            .count();
        let share = differ as f64 / f64::from(pixmap.width() * pixmap.height());
        assert!(
            share < 0.002,
            "{name}: {differ} pixels ({:.2}%) differ from {} (TESSERA_BLESS=1 cargo test writes it anew)",
            share * 100.0,
            file.display()
        );
    }
}

#[test]
fn the_readme_shows_the_pinned_text_drawing_of_a_tile() {
    let readme = std::fs::read_to_string("README.md").expect("README");
    let pinned = std::fs::read_to_string("tests/cmd/tiles-one.toml").expect("case");
    let out = pinned
        .split("stdout = \"\"\"\n")
        .nth(1)
        .and_then(|s| s.split("\"\"\"").next())
        .expect("the case pins stdout");
    assert!(out.contains("NL field2"), "{out}");
    assert!(
        readme.contains(out),
        "README.md's `tessera tiles --tile D --rotation 90` example differs from tests/cmd/tiles-one.toml: copy the case's stdout into it"
    );
}

#[test]
fn names_from_the_files_cannot_write_markup_into_the_page_or_the_picture() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("markup-names");
    std::fs::create_dir_all(&dir).expect("made");
    let position = dir.join("position.yaml");
    let base = std::fs::canonicalize("tilesets/base.yaml").expect("exists");
    std::fs::write(
        &position,
        format!(
            "name: \"<script>alert(1)</script> & co\"\ntileset: {}\nplayers: [\"<b>A</b>\", \"B\\\" onmouseover=\\\"x\"]\nturns:\n  - {{tile: V, x: 1, y: 0, rotation: 90, piece: N}}\n  - {{tile: O, x: 0, y: -1, rotation: 180, piece: S}}\n",
            base.display()
        ),
    )
    .expect("written");
    let opts = ScoreOptions {
        final_scoring: true,
        turns: None,
    };
    let (_, page, _) = tessera::score_with_page(&position, &opts).expect("scored");
    assert!(
        !page.contains("<script>alert"),
        "the position's name is markup"
    );
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
    assert!(!page.contains("<b>A</b>"), "a player's name is markup");
    // Inside a tag (between `<` and `>`) a name stays inside its attribute's quotes.
    let in_tags = |text: &str| {
        text.split('<')
            .filter_map(|t| t.split('>').next())
            .any(|tag| tag.contains(" onmouseover=\""))
    };
    assert!(
        in_tags("<tr data-player=\"B\" onmouseover=\"x\">"),
        "the check sees one"
    );
    assert!(!in_tags(&page), "a player's name leaves its attribute");
    assert!(page.contains("data-player=\"B&quot; onmouseover=&quot;x\""));
    let (svg, _) = render_path(
        &position,
        &RenderOptions {
            score: opts,
            ..RenderOptions::default()
        },
    )
    .expect("drawn");
    assert!(
        !svg.contains("<b>A</b>"),
        "a player's name is markup in the picture"
    );
    assert!(
        !in_tags(&svg),
        "a player's name leaves its attribute in the picture"
    );
    raster(&svg);
}

#[test]
fn a_cell_marked_far_from_the_board_is_refused_not_drawn() {
    // A picture reaching it would be as large as the distance.
    for cell in [(4, 0), (100_000, -100_000), (i32::MAX, i32::MIN)] {
        match render_path(
            Path::new("examples/base-scoring.yaml"),
            &RenderOptions {
                highlight: Some(cell),
                ..RenderOptions::default()
            },
        ) {
            Err(Failure::Tool(m)) => assert!(m.contains("off the board"), "{cell:?}: {m}"),
            other => panic!("{cell:?}: {:?}", other.map(|(svg, _)| svg.len())),
        }
    }
}

#[test]
fn players_named_after_a_colour_are_drawn_in_it() {
    let (game, _) =
        load_tileset(Path::new("tilesets/hunters-gatherers.yaml"), None).expect("loads");
    let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let p = Palette::new(&game.rules, &names(&["Blue", "Red"]));
    assert_eq!(p.players, ["#1f5fd6", "#d62728"]);
    // The others take the palette's colours by seat, skipping those taken by name.
    let p = Palette::new(&game.rules, &names(&["Ann", "red", "Bob"]));
    assert_eq!(p.players[1], "#d62728");
    assert!(!p.players[0].eq(&p.players[1]) && !p.players[2].eq(&p.players[1]));
    assert_ne!(p.players[0], p.players[2]);
}

/// The values of an attribute in an SVG text, in order.
fn attribute_values<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    let key = format!(" {name}=\"");
    svg.match_indices(&key)
        .filter_map(|(i, _)| {
            let rest = &svg[i + key.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

/// Pixels per picture unit at the picture's natural size: its `width` over the
/// `viewBox`'s.
fn natural_scale(svg: &str) -> f64 {
    let width: f64 = attribute_values(svg, "width")[0].parse().expect("a width");
    let view: Vec<f64> = attribute_values(svg, "viewBox")[0]
        .split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect();
    width / view[2]
}

#[test]
fn every_label_is_at_least_11_px_at_the_natural_size() {
    // Issue 23: labels of 5.5 to 7 px could not be read. Boards and tile sheets, shown at
    // their own width and height, write no text smaller than 11 px.
    let mut pictures = Vec::new();
    for p in [
        "examples/base-scoring.yaml",
        "examples/hunters-gatherers.yaml",
        "examples/gold-rush.yaml",
    ] {
        let opts = RenderOptions {
            score: ScoreOptions {
                final_scoring: true,
                turns: None,
            },
            ..RenderOptions::default()
        };
        pictures.push((p, render_path(Path::new(p), &opts).expect("drawn").0));
    }
    for p in [
        "tilesets/base.yaml",
        "tilesets/inns-cathedrals.yaml",
        "tilesets/hunters-gatherers.yaml",
    ] {
        let opts = RenderOptions {
            slots: true,
            ..RenderOptions::default()
        };
        pictures.push((p, render_path(Path::new(p), &opts).expect("drawn").0));
    }
    for (p, svg) in &pictures {
        let scale = natural_scale(svg);
        let sizes: Vec<f64> = attribute_values(svg, "font-size")
            .iter()
            .map(|s| s.parse().expect("a size"))
            .collect();
        assert!(sizes.len() > 10, "{p}: {} labels", sizes.len());
        let smallest = sizes.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(
            smallest * scale >= 11.0 - 1e-9,
            "{p}: a label of {smallest} units is {} px",
            smallest * scale
        );
    }
}

#[test]
fn the_legend_explains_every_outline_colour() {
    // Every colour a scored feature is outlined in is in the legend: each player's (a
    // disc) and black (a feature several players share). Positions where features are
    // shared and where they are not.
    let mut shared_seen = false;
    for p in [
        "examples/base-scoring.yaml",
        "tests/positions/base/c2-farms.yaml",
        "tests/fixtures/jcz-saves/scoringFarms.jcz",
    ] {
        let path = Path::new(p);
        let opts = RenderOptions {
            score: ScoreOptions {
                final_scoring: true,
                turns: None,
            },
            ..RenderOptions::default()
        };
        let (svg, _) = render_path(path, &opts).expect("drawn");
        let legend = &svg[svg.find("id=\"legend\"").expect("a legend")..];
        let legend_colours: Vec<&str> = attribute_values(legend, "fill")
            .into_iter()
            .chain(attribute_values(legend, "stroke"))
            .collect();
        for g in svg.split("<g class=\"feature\"").skip(1) {
            let colour = attribute_values(g, "stroke")[0];
            shared_seen |= colour == "#000000";
            assert!(
                legend_colours.contains(&colour),
                "{p}: outline colour {colour} is not in the legend"
            );
        }
    }
    assert!(shared_seen, "a shared feature was drawn");
}

#[test]
fn jczs_tile_definitions_are_drawn_as_a_sheet() {
    // `tessera render FILE.xml`: every definition the default rule set can express, with
    // JCloisterZone's ids; an XML file with errors is its findings, located in the XML.
    let (svg, _) = render_path(
        Path::new("tests/fixtures/jcz/basic.xml"),
        &RenderOptions::default(),
    )
    .expect("drawn");
    let cards = svg.matches("class=\"card\"").count();
    assert_eq!(cards, 32, "basic.xml defines 32 tiles");
    for id in ["BA/RCr", "BA/L", "BA/CcG"] {
        assert!(svg.contains(&format!("<title>{id}</title>")), "{id} drawn");
    }
    let Err(Failure::Findings(f)) = render_path(
        Path::new("tests/fixtures/jcz/fan/wishing_wells.xml"),
        &RenderOptions::default(),
    ) else {
        panic!("the fan file's corner-rule errors stop the drawing");
    };
    assert!(
        f.iter().all(|f| f
            .file
            .as_ref()
            .is_some_and(|s| s.path.ends_with("wishing_wells.xml"))),
        "located in the XML"
    );
}

#[test]
fn the_board_shows_the_neutral_figures_where_they_stand() {
    // The dragon as a red diamond on its tile, the fairy as a gold star beside its piece
    // (issue 25): in turn logs, after the dragon moved, and in a snapshot; a tower as a
    // dark square with its height beside the foundation, a captured follower in the legend.
    let mut seen = (0, 0, 0, 0, 0);
    for name in [
        "castle.yaml",
        "tower.yaml",
        "dragon.yaml",
        "dragon-fairy.yaml",
        "fairy.yaml",
        "fairy-on-tile.yaml",
        "figures-snapshot.yaml",
    ] {
        let path = Path::new("tests/positions/mechanisms").join(name);
        let lp = load_position(&path).expect("loads");
        let state = replay(&lp, None).expect("replays");
        let (svg, _) = render_path(&path, &RenderOptions::default())
            .unwrap_or_else(|e| panic!("{name}: not drawn: {e:?}"));
        let pixmap = raster(&svg);
        keep(&pixmap, &path);
        let marks = picture::figure_centres(&state, BoardOptions::default());
        assert!(!marks.is_empty(), "{name}: no figure drawn");
        for m in marks {
            let (fill, count) = match m.kind {
                picture::FigureKind::Roaming => (picture::ROAMING_FIGURE, &mut seen.0),
                picture::FigureKind::Attending => (picture::ATTENDING_FIGURE, &mut seen.1),
                picture::FigureKind::Raised { .. } => (picture::RAISED, &mut seen.2),
                picture::FigureKind::Converted => (picture::CONVERTED, &mut seen.4),
            };
            assert_eq!(colour_at(&pixmap, m.at), fill, "{name}: {}", m.title);
            assert!(svg.contains(&m.title), "{name}: its title");
            *count += 1;
        }
        // The pieces held, in their owners' colours on the holder's line of the legend.
        let palette = Palette::new(&state.game().rules, state.players());
        for m in picture::prisoner_centres(&state, BoardOptions::default()) {
            assert_eq!(
                colour_at(&pixmap, m.at),
                palette.players[m.owner],
                "{name}: {}",
                m.title
            );
            assert!(svg.contains(&m.title), "{name}: its title");
            seen.3 += 1;
        }
    }
    assert!(
        seen.0 >= 3 && seen.1 >= 3 && seen.2 >= 1 && seen.3 >= 1 && seen.4 >= 2,
        "figures looked at: {seen:?}"
    );
}

#[test]
fn the_html_report_lists_the_neutral_figures() {
    let dir = std::env::temp_dir().join(format!("tessera-figures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let page = dir.join("figures.html");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args([
            "score",
            "tests/positions/mechanisms/dragon-fairy.yaml",
            "--html",
        ])
        .arg(&page)
        .output()
        .expect("tessera runs");
    assert!(run.status.success(), "{run:?}");
    let html = std::fs::read_to_string(&page).expect("the page");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(html.contains("<h2>Figures on the board</h2>"));
    assert!(html.contains("<td>dragon</td><td>on the tile</td><td>(-1,0)</td>"));
    // Named by the address its follower was written with.
    assert!(html.contains("<td>fairy</td><td>beside B's piece at W</td><td>(1,0)</td>"));
    // The board picture in the page draws them too.
    assert!(html.contains("dragon on the tile at (-1,0)"));
    assert!(html.contains("fairy beside B's piece at (1,0)"));
}

#[test]
fn drawing_styles_show_roads_as_bands_cities_as_areas_and_monasteries_as_buildings() {
    // The base game's rule set draws roads as `line`s, cities as `walled` areas, fields
    // as `area`s and monasteries as `point`s (issue 26); a rule set without styles draws
    // wedges.
    let sheet = |ruleset: &Path| {
        let lp = tessera::load_game_files(
            Some(ruleset),
            &[PathBuf::from("tilesets/base-jcz.yaml")],
            &["A".to_string(), "B".to_string()],
        )
        .expect("loads");
        let game = lp.game;
        let svg = picture::tile_sheet(&game, picture::SheetOptions::default());
        let pixmap = raster(&svg);
        keep(&pixmap, ruleset);
        (game, pixmap)
    };
    let (game, pixmap) = sheet(Path::new("rulesets/carcassonne.yaml"));
    let palette = Palette::new(&game.rules, &[]);
    let colour = |name: &str| {
        let k = game
            .rules
            .features
            .iter()
            .position(|f| f.name == name)
            .expect("a feature kind");
        palette.features[k].clone()
    };
    let at = |tile: &str, p: (f64, f64)| {
        colour_at(
            &pixmap,
            picture::sheet_point(&game, tile, p).expect("on the sheet"),
        )
    };
    // A straight road: its band at the middle of its side, the field beside it where a
    // wedge would have been road.
    assert_eq!(at("BA/RFr", (0.02, 0.5)), colour("road"));
    assert_eq!(at("BA/RFr", (0.02, 0.41)), colour("field"));
    assert_eq!(at("BA/RFr", (0.5, 0.5)), colour("road"));
    // A bend curves through the tile: on the curve, not at the centre.
    assert_eq!(at("BA/Rr", (0.375, 0.625)), colour("road"));
    assert_eq!(at("BA/Rr", (0.6, 0.4)), colour("field"));
    // A city covers its side, walled where it meets the field inside the tile; a
    // monastery is a building at the centre.
    assert_eq!(at("BA/C", (0.5, 0.1)), colour("city"));
    assert_eq!(at("BA/C", (0.25, 0.25)), picture::WALL);
    assert_eq!(at("BA/C", (0.5, 0.7)), colour("field"));
    assert_eq!(at("BA/L", (0.5, 0.5)), colour("monastery"));
    // Roads that meet at a crossroads meet at a building; a road into a city ends at a
    // gate (the tiles' junctions).
    assert_eq!(at("BA/RRRR", (0.5, 0.5)), picture::JUNCTION);
    assert_eq!(at("BA/RRR", (0.5, 0.5)), picture::JUNCTION);
    assert_eq!(at("BA/CccR", (0.5, 0.5)), picture::WALL);
    assert_eq!(at("BA/CccR", (0.5, 0.75)), colour("road"));
    // Without styles (a road redefined with no `draw`): the road's wedge.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-styles");
    std::fs::create_dir_all(&dir).expect("a directory");
    let root = env!("CARGO_MANIFEST_DIR");
    let ruleset = dir.join("plain.yaml");
    std::fs::write(
        &ruleset,
        format!(
            "name: Plain roads\nextends: {root}/rulesets/carcassonne.yaml\nfeatures:\n  road:\n    terrain: road\n    completion: closed\n    scoring:\n      completed: [{{terms: [{{count: tiles, points: 1}}]}}]\n      final: [{{terms: [{{count: tiles, points: 1}}]}}]\n"
        ),
    )
    .expect("written");
    let (plain, pixmap) = sheet(&ruleset);
    let road = palette.features[plain
        .rules
        .features
        .iter()
        .position(|f| f.name == "road")
        .expect("road")]
    .clone();
    let p = picture::sheet_point(&plain, "BA/RFr", (0.02, 0.41)).expect("on the sheet");
    assert_eq!(colour_at(&pixmap, p), road, "a wedge without styles");
}

#[test]
fn items_are_marked_with_their_rule_sets_symbols() {
    // A pennant as a blue shield, an inn as a house, a cathedral as a church, goods as
    // coins (the rule sets' `symbol`); an item without one as a gold diamond.
    let mut seen = std::collections::BTreeSet::new();
    for (ruleset, sets) in [
        (
            "rulesets/inns-cathedrals.yaml",
            vec!["tilesets/base-inns-cathedrals.yaml"],
        ),
        (
            "rulesets/traders-builders.yaml",
            vec!["tilesets/base-jcz.yaml", "tilesets/traders-builders-1.yaml"],
        ),
        (
            "rulesets/hills-sheep.yaml",
            vec!["tilesets/base-jcz.yaml", "tilesets/hills-sheep-1.yaml"],
        ),
    ] {
        let lp = tessera::load_game_files(
            Some(Path::new(ruleset)),
            &sets.iter().map(PathBuf::from).collect::<Vec<_>>(),
            &["A".to_string(), "B".to_string()],
        )
        .expect("loads");
        let game = lp.game;
        let svg = picture::tile_sheet(&game, picture::SheetOptions::default());
        let pixmap = raster(&svg);
        keep(&pixmap, Path::new(ruleset));
        for (tile, item, at) in picture::sheet_item_points(&game) {
            let symbol = game.rules.item_symbols[item];
            assert_eq!(
                colour_at(&pixmap, at),
                picture::item_fill(symbol),
                "{ruleset}: {tile}'s {}",
                game.rules.items[item]
            );
            seen.insert(format!("{symbol:?}"));
        }
    }
    for symbol in ["Some(Shield)", "Some(House)", "Some(Church)", "Some(Coin)"] {
        assert!(seen.contains(symbol), "{symbol} not looked at: {seen:?}");
    }
}

/// Mixes two `#rrggbb` colours half and half, as a layer at half opacity over another.
fn half_over(top: &str, under: &str) -> [i32; 3] {
    let rgb = |c: &str| {
        let v = u32::from_str_radix(c.trim_start_matches('#'), 16).expect("a colour");
        [
            (v >> 16) as i32 & 255,
            (v >> 8) as i32 & 255,
            v as i32 & 255,
        ]
    };
    let (a, b) = (rgb(top), rgb(under));
    [0, 1, 2].map(|i| (a[i] + b[i]) / 2)
}

/// Whether a pixel's colour is within 4 of `want` in every channel.
fn near(pixel: &str, want: [i32; 3]) -> bool {
    let v = u32::from_str_radix(pixel.trim_start_matches('#'), 16).expect("a colour");
    let got = [
        (v >> 16) as i32 & 255,
        (v >> 8) as i32 & 255,
        v as i32 & 255,
    ];
    (0..3).all(|i| (got[i] - want[i]).abs() <= 4)
}

#[test]
fn an_overlay_shows_a_city_drawn_on_another_side_than_its_definition() {
    // Two tiles defined with a city cap on the north, each over a picture made for this
    // test: the first drawn with its city on the north, the second on the east (issue 26).
    let set = Path::new("tests/fixtures/artwork/wrong-side.yaml");
    const ART_FIELD: &str = "#86b84a";
    const ART_CITY: &str = "#d9b26f";
    for (picture, city) in [
        ("cap-north.svg", "M0 0 L300 0"),
        ("cap-east.svg", "M300 0 L300 300"),
    ] {
        let art = std::fs::read_to_string(Path::new("tests/fixtures/artwork").join(picture))
            .expect("the picture reads");
        assert!(
            art.contains(&format!("fill=\"{ART_FIELD}\"")),
            "{picture}: its field"
        );
        assert!(
            art.contains(&format!("<path d=\"{city}"))
                && art.contains(&format!("fill=\"{ART_CITY}\"")),
            "{picture}: its city"
        );
    }
    let opts = RenderOptions {
        overlay: true,
        ..RenderOptions::default()
    };
    let (svg, notes) = render_path(set, &opts).expect("drawn");
    assert!(notes.is_empty(), "{notes:?}");
    // The pictures are embedded: the SVG stands alone.
    assert_eq!(svg.matches("href=\"data:image/svg+xml;base64,").count(), 2);
    assert!(!svg.contains("cap-east.svg"));
    let pixmap = raster(&svg);
    keep(&pixmap, Path::new("overlay-wrong-side"));
    let (game, _) = load_tileset(set, None).expect("loads");
    let palette = Palette::new(&game.rules, &[]);
    let colour = |name: &str| {
        let k = game
            .rules
            .features
            .iter()
            .position(|f| f.name == name)
            .expect("a kind");
        palette.features[k].clone()
    };
    let at = |tile: &str, p: (f64, f64)| {
        colour_at(
            &pixmap,
            picture::sheet_point(&game, tile, p).expect("on the sheet"),
        )
    };
    let (north, east, south) = ((0.35, 0.08), (0.92, 0.35), (0.5, 0.7));
    // Where definition and picture agree: a city over a city, a field over a field;
    // where they disagree: the definition's city over the picture's field on the north,
    // its field over the picture's city on the east, each a colour of neither agreement.
    let city_on_city = half_over(&colour("city"), ART_CITY);
    let field_on_field = half_over(&colour("field"), ART_FIELD);
    let city_on_field = half_over(&colour("city"), ART_FIELD);
    let field_on_city = half_over(&colour("field"), ART_CITY);
    for (tile, p, want) in [
        ("RIGHT", north, city_on_city),
        ("RIGHT", east, field_on_field),
        ("WRONG", south, field_on_field),
        ("WRONG", north, city_on_field),
        ("WRONG", east, field_on_city),
    ] {
        let got = at(tile, p);
        assert!(
            near(&got, want),
            "{tile} at {p:?}: {got}, not near {want:?}"
        );
    }
    for (wrong, right) in [
        (city_on_field, city_on_city),
        (field_on_city, field_on_field),
    ] {
        let apart: i32 = (0..3).map(|i| (wrong[i] - right[i]).abs()).sum();
        assert!(
            apart >= 40,
            "the disagreement shows: {wrong:?} against {right:?}"
        );
    }
}

#[test]
fn an_overlay_leaves_out_images_that_cannot_be_used_and_says_why() {
    // One readable picture; a missing file, a URL and a text file named as pictures.
    let opts = RenderOptions {
        overlay: true,
        ..RenderOptions::default()
    };
    let (svg, notes) =
        render_path(Path::new("tests/cmd/validate-artwork.in/art.yaml"), &opts).expect("drawn");
    assert_eq!(svg.matches("class=\"artwork\"").count(), 1);
    assert_eq!(
        svg.matches("<g class=\"card\"").count(),
        1,
        "only tiles with a picture"
    );
    assert!(!svg.contains("a secret"));
    let mut codes: Vec<(&str, usize)> = notes
        .iter()
        .filter(|f| f.check.code().starts_with("tileset::image"))
        .map(|f| {
            let file = f.file.as_ref().expect("in a file");
            (f.check.code(), file.line_col(f.labels[0].0.offset()).0)
        })
        .collect();
    codes.sort();
    assert_eq!(
        codes,
        [
            ("tileset::image_format", 19),
            ("tileset::image_path", 16),
            ("tileset::image_unreadable", 13)
        ]
    );
    // Nothing to lay a definition over: a set without images, a position.
    for path in ["tilesets/base.yaml", "examples/base-scoring.yaml"] {
        match render_path(Path::new(path), &opts) {
            Err(Failure::Tool(m)) => assert!(m.contains("--overlay") || m.contains("image"), "{m}"),
            other => panic!("{path}: {other:?}"),
        }
    }
}

#[test]
fn images_cut_short_or_not_standing_alone_are_refused_and_nothing_usable_draws_nothing() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("artwork-refused");
    std::fs::create_dir_all(&dir).expect("a directory");
    let files: [(&str, &[u8]); 5] = [
        ("short.png", b"\x89PNG\r\n\x1a\n"),
        ("short.jpg", b"\xff\xd8\xff"),
        (
            "broken.svg",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><rect",
        ),
        (
            "script.svg",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
        ),
        (
            "linked.svg",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"file:///etc/passwd\"/></svg>",
        ),
    ];
    let mut tiles = String::new();
    for (k, (name, bytes)) in files.iter().enumerate() {
        std::fs::write(dir.join(name), bytes).expect("written");
        tiles.push_str(&format!("  - {{id: T{k}, shape: E, image: {name}}}\n"));
    }
    let set = dir.join("set.yaml");
    std::fs::write(
        &set,
        format!(
            "name: Refused art\ninclude: [bundled:tilesets/base.yaml]\ntotal: 5\ntiles:\n{tiles}"
        ),
    )
    .expect("written");
    let opts = RenderOptions {
        overlay: true,
        ..RenderOptions::default()
    };
    let findings = match render_path(&set, &opts) {
        Err(Failure::Findings(f)) => f,
        other => panic!("nothing usable is a finding: {other:?}"),
    };
    let refused: Vec<&str> = findings
        .iter()
        .filter(|f| f.check.code() == "tileset::image_format")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(refused.len(), 5, "{findings:#?}");
    for (name, why) in [
        ("short.png", "cut short"),
        ("short.jpg", "cut short"),
        ("broken.svg", "not well-formed"),
        ("script.svg", "<script>"),
        ("linked.svg", "links to something outside it"),
    ] {
        assert!(
            refused.iter().any(|m| m.contains(name) && m.contains(why)),
            "{name}: {refused:#?}"
        );
    }
    assert!(
        findings
            .iter()
            .any(|f| f.check.code() == "tileset::no_usable_image")
    );
}
