//! The language server (`tessera lsp`) driven over the protocol, in memory: a client
//! opens the example expansion and a position, and gets diagnostics as it types, a
//! completion, a hover, a definition in an included file, references, a code action that
//! fixes the finding, and the document's symbols.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

/// A client connected to a server running on its own thread.
struct Client {
    conn: Connection,
    next: i32,
    server: Option<std::thread::JoinHandle<Result<(), String>>>,
}

impl Client {
    fn start() -> Client {
        let (server, client) = Connection::memory();
        let handle = std::thread::spawn(move || tessera::lsp::serve(&server));
        let mut c = Client {
            conn: client,
            next: 1,
            server: Some(handle),
        };
        let caps = c.request(
            "initialize",
            json!({"capabilities": {}, "processId": null, "rootUri": null}),
        );
        assert!(
            caps["capabilities"]["completionProvider"].is_object(),
            "{caps}"
        );
        c.notify("initialized", json!({}));
        c
    }

    fn notify(&self, method: &str, params: Value) {
        self.conn
            .sender
            .send(Message::Notification(Notification::new(
                method.to_string(),
                params,
            )))
            .expect("sent");
    }

    /// Sends a request and waits for its answer (notifications meanwhile are dropped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = RequestId::from(self.next);
        self.next += 1;
        self.conn
            .sender
            .send(Message::Request(Request::new(
                id.clone(),
                method.to_string(),
                params,
            )))
            .expect("sent");
        loop {
            match self.conn.receiver.recv_timeout(Duration::from_secs(60)) {
                Ok(Message::Response(r)) if r.id == id => {
                    assert!(r.error.is_none(), "{method}: {:?}", r.error);
                    return r.result.unwrap_or(Value::Null);
                }
                Ok(_) => {}
                Err(e) => panic!("{method}: no answer: {e}"),
            }
        }
    }

    /// The next diagnostics published for `uri`.
    /// The text a hover at `position` of document `uri` shows (empty when none).
    fn hover(&mut self, uri: &str, position: Value) -> String {
        let hover = self.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": position}),
        );
        hover["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        loop {
            match self.conn.receiver.recv_timeout(Duration::from_secs(60)) {
                Ok(Message::Notification(n))
                    if n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri =>
                {
                    return n.params["diagnostics"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                }
                Ok(_) => {}
                Err(e) => panic!("no diagnostics for {uri}: {e}"),
            }
        }
    }

    /// Opens a YAML document.
    fn open(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}),
        );
    }

    /// Replaces a document's text.
    fn change(&self, uri: &str, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let result = self
            .server
            .take()
            .expect("running")
            .join()
            .expect("the server thread");
        assert_eq!(result, Ok(()));
    }
}

fn uri(path: &str) -> (PathBuf, String) {
    let abs = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let uri = lsp_types::Url::from_file_path(&abs)
        .expect("a file URI")
        .to_string();
    (abs, uri)
}

/// The labels of a completion answer.
fn labels_of(items: &Value) -> Vec<&str> {
    items
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect()
}

/// The position (line, UTF-16 column) just after the first `needle` in `text`.
fn after(text: &str, needle: &str) -> Value {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in the text"))
        + needle.len();
    let line = text[..at].matches('\n').count();
    let col = text[..at]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.encode_utf16().count());
    json!({"line": line, "character": col})
}

/// The position of the first `needle` in `text`.
fn at_start(text: &str, needle: &str) -> Value {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in the text"));
    let line = text[..at].matches('\n').count();
    let col = text[..at]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.encode_utf16().count());
    json!({"line": line, "character": col})
}

#[test]
fn a_client_gets_diagnostics_completion_hover_definitions_fixes_and_symbols() {
    let mut c = Client::start();
    let (path, set) = uri("examples/my-expansion.yaml");
    let text = std::fs::read_to_string(&path).expect("reads");
    c.open(&set, &text);
    let clean = |d: Vec<Value>| {
        d.into_iter()
            .filter(|d| d["severity"].as_i64() < Some(3))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        clean(c.diagnostics(&set)),
        Vec::<Value>::new(),
        "the example is clean"
    );

    // Typing a defect: the total one too many, then a feature kind that is none.
    let typed = text.replacen("total: 13", "total: 14", 1).replacen(
        "{id: city, feature: city, at: [N, E]}",
        "{id: city, feature: citty, at: [N, E]}",
        1,
    );
    c.change(&set, 2, &typed);
    let diags = c.diagnostics(&set);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert!(
        codes.contains(&"tileset::unknown_feature") || codes.iter().any(|c| c.contains("unknown")),
        "{diags:#?}"
    );
    let unknown = diags
        .iter()
        .find(|d| d["message"].as_str().is_some_and(|m| m.contains("citty")))
        .unwrap_or_else(|| panic!("a finding about `citty`: {diags:#?}"));
    assert_eq!(
        unknown["range"]["start"],
        at_start(&typed, "citty"),
        "{unknown:#}"
    );

    // Back to a known feature kind; only the total is wrong now: its fix writes 13.
    let typed = text.replacen("total: 13", "total: 14", 1);
    c.change(&set, 3, &typed);
    let diags = c.diagnostics(&set);
    let total = diags
        .iter()
        .find(|d| d["code"] == "tileset::count_mismatch")
        .unwrap_or_else(|| panic!("count_mismatch: {diags:#?}"))
        .clone();
    assert_eq!(total["severity"], 1);
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": set}, "range": total["range"], "context": {"diagnostics": [total]}}),
    );
    let edit = &actions[0]["edit"]["changes"][&set][0];
    assert_eq!(edit["newText"], "13", "{actions:#}");
    assert_eq!(edit["range"]["start"], after(&typed, "total: "));
    // Hovering the finding explains its code.
    let shown = c.hover(&set, total["range"]["start"].clone());
    assert!(
        shown.contains("**tileset::count_mismatch** (error)"),
        "{shown}"
    );

    // Completion of a feature kind and of a slot of the tile being defined.
    let line_text = "      - {id: road, feature: ro";
    let at_feature = after(&typed, "      - {id: road, feature: ");
    let _ = line_text;
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": set}, "position": at_feature}),
    );
    let labels = labels_of(&items);
    for kind in ["city", "road", "field", "monastery"] {
        assert!(labels.contains(&kind), "{kind} among {labels:?}");
    }

    // Hover on a tile id: the tile drawn as text.
    let shown = c.hover(&set, after(&typed, "  - id: FX"));
    assert!(
        shown.contains("FX1") && shown.contains("roadN") && shown.contains("NL"),
        "{shown}"
    );

    // Symbols: the ten tiles with their segments.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": set}}),
    );
    let tiles: Vec<&str> = symbols
        .as_array()
        .expect("symbols")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(tiles.len(), 10, "{tiles:?}");
    assert_eq!(symbols[0]["children"].as_array().map(Vec::len), Some(9));

    // A position: a tile of the expansion and a tile of the included base game, found in
    // their files; the slots of a turn's tile, turned as written.
    let (ppath, game) = uri("examples/my-expansion-game.yaml");
    let ptext = std::fs::read_to_string(&ppath).expect("reads");
    c.open(&game, &ptext);
    assert_eq!(clean(c.diagnostics(&game)), Vec::<Value>::new());
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": game}, "position": after(&ptext, "{tile: FX")}),
    );
    assert_eq!(def[0]["uri"], set, "{def:#}");
    assert_eq!(
        def[0]["range"]["start"],
        at_start(&text, "FX5\n"),
        "{def:#}"
    );
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": game}, "position": after(&ptext, "{tile: A")}),
    );
    let (_, base) = uri("tilesets/base.yaml");
    assert_eq!(def[0]["uri"], base, "{def:#}");
    let typed = ptext.replacen(
        "rotation: 180, piece: city}",
        "rotation: 180, piece: {kind: follower, at: }}",
        1,
    );
    c.change(&game, 2, &typed);
    let _ = c.diagnostics(&game);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": game}, "position": after(&typed, "kind: follower, at: ")}),
    );
    let labels = labels_of(&items);
    // FX5 turned 180: its city (printed north) lies south; its road (printed south) north.
    let detail = |slot: &str| {
        items
            .as_array()
            .and_then(|a| a.iter().find(|i| i["label"] == slot))
            .and_then(|i| i["detail"].as_str())
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        labels.contains(&"S") && detail("S").starts_with("city"),
        "{items:#}"
    );
    assert!(detail("N").starts_with("road"), "{items:#}");
    let refs = c.request(
        "textDocument/references",
        json!({"textDocument": {"uri": game}, "position": after(&typed, "{tile: FX"), "context": {"includeDeclaration": true}}),
    );
    let places: Vec<&str> = refs
        .as_array()
        .expect("locations")
        .iter()
        .filter_map(|l| l["uri"].as_str())
        .collect();
    assert!(
        places.contains(&set.as_str()) && places.contains(&game.as_str()),
        "{refs:#}"
    );
    // Closing a document clears its diagnostics.
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": game}}),
    );
    assert_eq!(c.diagnostics(&game), Vec::<Value>::new());
    c.stop();
}

#[test]
fn a_finding_in_an_included_file_is_shown_there_and_where_it_is_included() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-include");
    std::fs::create_dir_all(&dir).expect("a directory");
    let inner = dir.join("inner.yaml");
    std::fs::write(
        &inner,
        "name: Inner\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: 2\nstart: {tile: E}\ntiles:\n  - id: E\n    sides: {N: city, E: field, S: field, W: field}\n    segments:\n      - {id: city, feature: city, at: [N]}\n      - {id: field, feature: field, at: [E, S, W], links: {touches: [city]}}\n",
    )
    .expect("written");
    let outer_text =
        "name: Outer\ninclude:\n  - inner.yaml\ntotal: 1\ntiles:\n  - {id: X, shape: E}\n";
    let outer = dir.join("outer.yaml");
    std::fs::write(&outer, outer_text).expect("written");
    let mut c = Client::start();
    let outer_uri = lsp_types::Url::from_file_path(&outer)
        .expect("uri")
        .to_string();
    let inner_uri = lsp_types::Url::from_file_path(&inner)
        .expect("uri")
        .to_string();
    c.open(&outer_uri, outer_text);
    // The inner set says 2 tiles and defines 1: published in inner.yaml (not open), and
    // shown as a hint at the include entry in outer.yaml.
    let mut got = std::collections::HashMap::new();
    while got.len() < 2 {
        let msg = c
            .conn
            .receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("diagnostics");
        if let Message::Notification(n) = msg {
            if n.method == "textDocument/publishDiagnostics" {
                got.insert(
                    n.params["uri"].as_str().unwrap_or_default().to_string(),
                    n.params["diagnostics"].clone(),
                );
            }
        }
    }
    let in_inner = &got[&inner_uri];
    assert_eq!(in_inner[0]["code"], "tileset::count_mismatch", "{got:#?}");
    assert_eq!(in_inner[0]["range"]["start"]["line"], 2);
    let in_outer = got[&outer_uri].as_array().expect("a list");
    let hint = in_outer
        .iter()
        .find(|d| d["code"] == "tileset::count_mismatch")
        .unwrap_or_else(|| panic!("{in_outer:#?}"));
    assert_eq!(hint["severity"], 4);
    assert_eq!(
        hint["range"]["start"]["line"], 2,
        "at `- inner.yaml`: {hint:#}"
    );
    // Codes complete in a comment; hovering one explains it.
    let typed = format!("{outer_text}# expected: tileset::count_m\n");
    c.change(&outer_uri, 2, &typed);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": outer_uri}, "position": {"line": 6, "character": 29}}),
    );
    let labels = labels_of(&items);
    assert_eq!(labels, ["tileset::count_mismatch"]);
    let typed = format!("{outer_text}# expected: tileset::count_mismatch\n");
    c.change(&outer_uri, 3, &typed);
    let shown = c.hover(&outer_uri, json!({"line": 6, "character": 20}));
    assert!(shown.contains("default severity: error"), "{shown}");
    c.stop();
}

/// Neovim's own LSP client, headless, drives the server (`tests/it/lsp_nvim.lua`): it
/// opens the example expansion, types a defect and receives its diagnostic, completes a
/// slot name, hovers a tile, applies the code action that fixes the defect, and jumps to
/// a tile defined in the included base game. The file is never written.
#[test]
fn neovim_drives_the_server_end_to_end() {
    let Some(nvim) = crate::external::find(
        &crate::external::NEOVIM,
        "lsp::neovim_drives_the_server_end_to_end",
    ) else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("examples/my-expansion.yaml");
    let before = std::fs::read(&file).expect("reads");
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nvim-lsp.json");
    let _ = std::fs::remove_file(&out);
    let mut child = std::process::Command::new(&nvim)
        .args(["--headless", "-n", "-i", "NONE", "-u", "NONE", "-c"])
        .arg(format!(
            "luafile {}",
            root.join("tests/it/lsp_nvim.lua").display()
        ))
        .env("TESSERA_BIN", env!("CARGO_BIN_EXE_tessera"))
        .env("TESSERA_FILE", &file)
        .env("TESSERA_OUT", &out)
        .env(
            "XDG_CONFIG_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("nvim-config"),
        )
        .env(
            "XDG_STATE_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("nvim-state"),
        )
        .env(
            "XDG_DATA_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("nvim-data"),
        )
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("nvim starts");
    let start = std::time::Instant::now();
    loop {
        if child.try_wait().expect("waits").is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(240) {
            let _ = child.kill();
            panic!("nvim did not finish in 240 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let got: Value = serde_json::from_str(
        &std::fs::read_to_string(&out).expect("the script wrote what happened"),
    )
    .expect("JSON");
    assert!(got.get("error").is_none(), "{got:#}");
    assert_eq!(got["started"], true, "{got:#}");
    assert_eq!(got["total_before"], "total: 13");
    assert_eq!(
        got["diagnosed"], true,
        "the typed defect is reported: {got:#}"
    );
    assert!(
        got["diagnostic_message"]
            .as_str()
            .is_some_and(|m| m.contains("add up to 13")),
        "{got:#}"
    );
    let slots: Vec<&str> = got["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for slot in ["N", "NL", "NR", "E", "S", "W"] {
        assert!(slots.contains(&slot), "{slot} among {slots:?}");
    }
    assert!(
        got["hover"]
            .as_str()
            .is_some_and(|h| h.contains("FX1") && h.contains("monastery")),
        "{got:#}"
    );
    assert_eq!(got["actions"], 1, "{got:#}");
    assert_eq!(
        got["total_after"], "total: 13",
        "the code action fixed it: {got:#}"
    );
    assert_eq!(got["fixed"], true, "and the diagnostic went: {got:#}");
    assert!(
        got["jumped_to"]
            .as_str()
            .is_some_and(|p| p.ends_with("tilesets/base.yaml")),
        "{got:#}"
    );
    assert!(
        got["jumped_text"]
            .as_str()
            .is_some_and(|l| l.contains("id: E")),
        "{got:#}"
    );
    assert_eq!(
        std::fs::read(&file).expect("reads"),
        before,
        "the file is untouched"
    );
}

#[test]
fn the_corner_rule_link_is_a_quick_fix_written_into_the_segment() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-link");
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("links.yaml");
    // E's field meets the city at two corners without naming it; F's field names
    // another relation's list already (written in block style) and misses the city too.
    let text = "name: Links\nruleset: bundled:rulesets/carcassonne.yaml\ntotal: 3\nstart: {tile: E}\ntiles:\n  - id: E\n    sides: {N: city, E: field, S: field, W: field}\n    segments:\n      - {id: city, feature: city, at: [N]}\n      - {id: field, feature: field, at: [E, S, W]}\n  - id: F\n    sides: {N: city, E: city, S: field, W: field}\n    segments:\n      - {id: city, feature: city, at: [N]}\n      - {id: city2, feature: city, at: [E]}\n      - {id: field, feature: field, at: [S, W], links: {touches: [city2]}}\n  - id: G\n    sides: {N: city, E: field, S: field, W: field}\n    segments:\n      - {id: city, feature: city, at: [N]}\n      - {id: field, feature: field, at: [E, S, W], links: {touches: []}}\n";
    std::fs::write(&path, text).expect("written");
    let uri = lsp_types::Url::from_file_path(&path)
        .expect("uri")
        .to_string();
    let mut c = Client::start();
    c.open(&uri, text);
    let diags = c.diagnostics(&uri);
    let missing: Vec<&Value> = diags
        .iter()
        .filter(|d| d["code"] == "tileset::missing_link")
        .collect();
    assert_eq!(missing.len(), 3, "{diags:#?}");
    let mut fixed = text.to_string();
    // Apply each fix to the text (the later one first, so that offsets hold).
    let mut edits = Vec::new();
    for d in &missing {
        let actions = c.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}),
        );
        assert_eq!(actions.as_array().map(Vec::len), Some(1), "{actions:#}");
        assert!(
            actions[0]["title"]
                .as_str()
                .is_some_and(|t| t.starts_with("add `touches: [city]`")),
            "{actions:#}"
        );
        edits.push(actions[0]["edit"]["changes"][&uri][0].clone());
    }
    let offset = |t: &str, p: &Value| {
        let line = p["line"].as_u64().expect("line") as usize;
        let col = p["character"].as_u64().expect("character") as usize;
        t.split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum::<usize>()
            + col
    };
    edits.sort_by_key(|e| std::cmp::Reverse(offset(text, &e["range"]["start"])));
    for e in edits {
        let (a, b) = (
            offset(&fixed, &e["range"]["start"]),
            offset(&fixed, &e["range"]["end"]),
        );
        fixed.replace_range(a..b, e["newText"].as_str().expect("text"));
    }
    assert!(
        fixed.contains("{id: field, feature: field, at: [E, S, W], links: {touches: [city]}}"),
        "{fixed}"
    );
    assert!(fixed.contains("links: {touches: [city2, city]}"), "{fixed}");
    // E's new map and G's empty list filled: two fields naming the city alone.
    assert_eq!(
        fixed.matches("links: {touches: [city]}}").count(),
        2,
        "{fixed}"
    );
    c.change(&uri, 2, &fixed);
    let diags = c.diagnostics(&uri);
    assert!(
        diags.iter().all(|d| d["severity"].as_i64() > Some(2)),
        "the fixes leave no error or warning: {diags:#?}"
    );
    c.stop();
}

/// A message framed as the protocol frames it.
fn framed(v: Value) -> Vec<u8> {
    let body = v.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

#[test]
fn the_binary_exits_0_after_shutdown_and_exit_and_1_otherwise() {
    use std::io::Write as _;
    let init =
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}});
    let initialized = json!({"jsonrpc": "2.0", "method": "initialized", "params": {}});
    let shutdown = json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"});
    let exit = json!({"jsonrpc": "2.0", "method": "exit"});
    for (messages, code) in [
        (vec![&init, &initialized, &shutdown, &exit], Some(0)),
        (vec![&init, &initialized, &exit], Some(1)),
        // The client goes away (standard input closed) without a word.
        (vec![&init, &initialized], Some(1)),
    ] {
        let mut child = server_process();
        let mut stdin = child.stdin.take().expect("stdin");
        for m in &messages {
            stdin.write_all(&framed((*m).clone())).expect("written");
        }
        drop(stdin);
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("waits") {
                break s;
            }
            if start.elapsed() > Duration::from_secs(30) {
                let _ = child.kill();
                panic!("the server did not exit after {} messages", messages.len());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.code(), code, "after {} messages", messages.len());
    }
}

#[test]
fn names_complete_in_a_file_with_findings_and_turns_are_read_whole() {
    let mut c = Client::start();
    // The expansion opened with a wrong total: its game does not load, its rule set does.
    let (path, set) = uri("examples/my-expansion.yaml");
    let text = std::fs::read_to_string(&path)
        .expect("reads")
        .replacen("total: 13", "total: 12", 1);
    c.open(&set, &text);
    let _ = c.diagnostics(&set);
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": set}, "position": after(&text, "{id: road, feature: ")}),
    );
    let labels = labels_of(&items);
    assert!(
        labels.contains(&"city") && labels.contains(&"road"),
        "{labels:?}"
    );
    // A position whose turns write the rotation after the tile, in flow and block style,
    // and a piece written by its slot alone.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-turns");
    std::fs::create_dir_all(&dir).expect("a directory");
    let game = dir.join("game.yaml");
    let gtext = format!(
        "name: Turns\ntileset: {}\nplayers: [A, B]\nturns:\n  - {{tile: E, x: 0, y: -1, rotation: 180, piece: N}}\n  - tile: U\n    x: 1\n    y: 0\n    rotation: 90\n    piece: {{kind: follower, at: W}}\n",
        root_path("tilesets/base.yaml").display()
    );
    std::fs::write(&game, &gtext).expect("written");
    let guri = lsp_types::Url::from_file_path(&game)
        .expect("uri")
        .to_string();
    c.open(&guri, &gtext);
    let _ = c.diagnostics(&guri);
    let shown = c.hover(&guri, at_start(&gtext, "E, x: 0"));
    assert!(shown.contains("turned 180"), "{shown}");
    // `piece: N` on E turned 180: the field (the city is south now).
    let shown = c.hover(&guri, at_start(&gtext, "N}\n"));
    assert!(shown.contains("field"), "{shown}");
    // The block-style turn: U turned 90, its road runs W-E.
    let shown = c.hover(&guri, at_start(&gtext, "W}"));
    assert!(shown.contains("road"), "{shown}");
    c.stop();
}

fn root_path(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// `tessera lsp` as its own process, its standard input piped, its output dropped.
fn server_process() -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .arg("lsp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("starts")
}

#[test]
fn a_message_longer_than_the_input_limit_is_refused_before_it_is_read() {
    use std::io::Write as _;
    // A header asking for a gigabyte: refused at once (exit 1), nothing allocated for it.
    let mut child = server_process();
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(b"Content-Length: 1000000000\r\n\r\n{}");
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("waits") {
            break s;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("the server read on");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(stdin);
    assert_eq!(status.code(), Some(1));
}
