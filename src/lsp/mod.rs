//! `tessera lsp`: a language server (the Language Server Protocol over standard input and
//! output, with rust-analyzer's `lsp-server` and `lsp-types` crates) that runs tessera's
//! validator on the text being edited, in any editor with an LSP client.
//!
//! Front-end layer, beside [`crate::command`]: it reads the same files and runs the same
//! checks as `tessera validate` ([`crate::command::validate::validate_file`]), on the
//! unsaved text, and answers from what they find:
//!
//! - **diagnostics** as you type (after [`DEBOUNCE`] without a change; at once on open
//!   and save): every finding with its code, severity, range and related places; a
//!   finding in an included file is published in that file (the file that must change),
//!   unless it is open itself;
//! - **completion** ([`complete`]): tile ids, slot names of the tile and rotation at hand,
//!   segment ids, feature kinds, terrains, side kinds, items, piece kinds, options,
//!   stacks, paths of `include`, `extends`, `ruleset`, `tileset` and `shapes_from`
//!   (files beside the document, and `bundled:` names);
//! - **hover**: a tile id shows the tile drawn as text (as `tessera tiles --tile`), a slot
//!   its segment, a code its explanation (`tessera explain`), a piece kind what it can do,
//!   a feature kind how it completes and scores;
//! - **go to definition / references**: a tile id to its definition (in an included set
//!   too), a feature kind, piece kind or item to the rule set, a path to its file;
//! - **code actions** for findings whose fix is mechanical (a wrong or missing `total`, a
//!   field's missing or separated city link);
//! - **document symbols**: tiles, feature kinds, pieces, items, options.
//!
//! The server never writes a file: edits are offered to the editor, which applies them.
//!
//! The top layer of the crate with [`crate::command`]'s commands: it uses them, and
//! `tessera lsp` (the binary) runs [`run`].

mod answer;
mod names;
pub mod text;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, HoverProviderCapability, Location, NumberOrString, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Url,
};

use crate::diag::{Finding, Level, SourceFile};

pub use names::Names;

/// Run a language server for editors: tessera's checks as you type.
///
/// Speaks the Language Server Protocol over standard input and output, for rule sets,
/// tile sets and positions (YAML) and JCloisterZone tile XML: diagnostics on the unsaved
/// text (every finding `tessera validate` reports, with its code and related places),
/// completion of tile ids, slot names, segment ids, feature kinds, terrains, items, piece
/// kinds, options and paths, hover (a tile drawn as text, a code explained), go to
/// definition and references, quick fixes for mechanical findings, and document symbols.
/// It never writes a file. Start it from the editor (see the README), not by hand.
///
/// Exit status: 0 the editor said `exit` after `shutdown`, 1 the protocol broke.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  nvim: vim.lsp.start_client({name = 'tessera', cmd = {'tessera', 'lsp'}})\n  helix (languages.toml): [language-server.tessera] command = \"tessera\", args = [\"lsp\"]"
)]
pub struct LspArgs {}

/// Runs `tessera lsp`: the server over standard input and output ([`serve_stdio`]).
pub fn run(_args: &LspArgs) -> std::process::ExitCode {
    match serve_stdio() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(m) => {
            eprintln!("tessera lsp: {m}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// How long the text must stay unchanged before it is checked again.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// The server's capabilities, as sent in its answer to `initialize`.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some([" ", "[", ",", "/", ":"].map(String::from).to_vec()),
            ..CompletionOptions::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// An open document.
pub struct Doc {
    /// Its path (from its `file:` URI).
    pub path: PathBuf,
    /// Its text as the editor has it.
    pub text: String,
    /// The editor's version of the text.
    pub version: i32,
    /// When it changed without being checked since.
    dirty_since: Option<Instant>,
    /// What the last check that loaded its game found out (kept while the text does not
    /// load: completion keeps working while a line is half written).
    pub names: Arc<Names>,
    /// The other files it published findings in, by the last check.
    published: HashSet<Url>,
    /// The diagnostics its last check published for it (for code actions: a client need
    /// not send them back whole).
    pub diagnostics: Vec<Diagnostic>,
}

impl Doc {
    /// A document opened with `text` and checked once (for benchmarks and tests that
    /// call the answers directly).
    pub fn for_bench(path: &Path, text: &str) -> Doc {
        let uri = uri_of(path).unwrap_or_else(|| Url::parse("file:///").expect("a URI"));
        let (by_file, names) = diagnose(path, text, &uri, &HashSet::new());
        Doc {
            path: path.to_path_buf(),
            text: text.to_string(),
            version: 0,
            dirty_since: None,
            names: Arc::new(names.unwrap_or_default()),
            published: HashSet::new(),
            diagnostics: by_file.get(&uri).cloned().unwrap_or_default(),
        }
    }
}

/// Completion at a position of a document ([`answer::complete`]).
pub fn complete(doc: &Doc, at: lsp_types::Position) -> lsp_types::CompletionResponse {
    answer::complete(doc, at)
}

/// The server's state: the open documents by URI.
#[derive(Default)]
pub struct Server {
    /// The open documents.
    pub docs: HashMap<Url, Doc>,
}

/// Runs the server over standard input and output until the client says `exit`.
///
/// Errors: the protocol broke (the client sent something that is not the protocol, or
/// went away without `shutdown`).
pub fn serve_stdio() -> Result<(), String> {
    // The transport is ours: a message longer than the input limit is refused before
    // anything is allocated for it (the crate's own reader allocates what the header asks).
    let (server, client) = Connection::memory();
    let to_server = client.sender;
    let from_server = client.receiver;
    std::thread::spawn(move || {
        let mut input = std::io::BufReader::new(std::io::stdin().lock());
        // A message that cannot be read ends the input: the server sees the client gone.
        while let Ok(Some(m)) = read_message(&mut input, max_message()) {
            if to_server.send(m).is_err() {
                break;
            }
        }
    });
    let writer = std::thread::spawn(move || {
        let mut out = std::io::stdout().lock();
        for m in from_server {
            if m.write(&mut out).is_err() {
                break;
            }
        }
    });
    let served = serve(&server);
    // The writer ends once the server's sender is gone.
    drop(server);
    writer
        .join()
        .map_err(|_| "the writer thread failed".to_string())?;
    served
}

/// The longest message read, in bytes: the input limit (`--max-file-size`) twice over,
/// room for a whole file's text in JSON.
fn max_message() -> u64 {
    crate::limits::max_file_size().saturating_mul(2)
}

/// Reads one message framed as the protocol frames it (`Content-Length: N`, a blank
/// line, N bytes of JSON). `Ok(None)` at the end of the input.
///
/// Errors: a header line over 1 KiB, no length, a length over `max` bytes, a body that
/// is not a message.
fn read_message(r: &mut impl std::io::BufRead, max: u64) -> Result<Option<Message>, String> {
    use std::io::{BufRead as _, Read as _};
    let mut length: Option<u64> = None;
    loop {
        let mut line = Vec::new();
        let n = r
            .by_ref()
            .take(1024)
            .read_until(b'\n', &mut line)
            .map_err(|e| e.to_string())?;
        if n == 0 {
            return match length {
                None => Ok(None),
                Some(_) => Err("the input ended inside a header".to_string()),
            };
        }
        if !line.ends_with(b"\n") {
            return Err("a header line over 1 KiB".to_string());
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if text.is_empty() {
            break;
        }
        if let Some((k, v)) = text.split_once(':') {
            if k.trim().eq_ignore_ascii_case("content-length") {
                length = Some(v.trim().parse().map_err(|_| format!("a bad length: {v}"))?);
            }
        }
    }
    let length = length.ok_or("a message without Content-Length")?;
    if length > max {
        return Err(format!(
            "a message of {length} bytes, over the limit of {max}"
        ));
    }
    let mut body = Vec::new();
    r.take(length)
        .read_to_end(&mut body)
        .map_err(|e| e.to_string())?;
    if body.len() as u64 != length {
        return Err("the input ended inside a message".to_string());
    }
    serde_json::from_slice(&body)
        .map(Some)
        .map_err(|e| format!("a message that is not JSON-RPC: {e}"))
}

/// Runs the server on a connection (standard input and output, or one in memory for
/// tests): answers `initialize`, then every request and notification until `exit`.
///
/// Errors: as [`serve_stdio`]; also `exit` without `shutdown` before it, and the client
/// going away without either (the protocol's exit code 1).
pub fn serve(connection: &Connection) -> Result<(), String> {
    let caps = serde_json::to_value(capabilities()).map_err(|e| e.to_string())?;
    let (id, _params) = connection.initialize_start().map_err(|e| e.to_string())?;
    connection
        .initialize_finish(
            id,
            serde_json::json!({
                "capabilities": caps,
                "serverInfo": {"name": "tessera", "version": env!("CARGO_PKG_VERSION")},
            }),
        )
        .map_err(|e| e.to_string())?;
    let mut server = Server::default();
    let mut shut_down = false;
    loop {
        let wait = server
            .next_check()
            .map(|t| t.saturating_duration_since(Instant::now()));
        let msg = match wait {
            Some(w) => match connection.receiver.recv_timeout(w) {
                Ok(m) => Some(m),
                Err(crossbeam_channel::RecvTimeoutError::Timeout) => None,
                Err(crossbeam_channel::RecvTimeoutError::Disconnected) => {
                    return gone(shut_down);
                }
            },
            None => match connection.receiver.recv() {
                Ok(m) => Some(m),
                Err(_) => return gone(shut_down),
            },
        };
        let Some(msg) = msg else {
            let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                server.check_due(connection)
            }));
            if checked.is_err() {
                // Not checked again until it changes.
                for d in server.docs.values_mut() {
                    d.dirty_since = None;
                }
            }
            continue;
        };
        match msg {
            Message::Request(req) => {
                if req.method == lsp_types::request::Shutdown::METHOD {
                    shut_down = true;
                    let _ = connection
                        .sender
                        .send(Message::Response(Response::new_ok(req.id, ())));
                    continue;
                }
                // A bug in an answer must not take the editor's server down: it is
                // answered as an internal error, and the server goes on.
                let id = req.id.clone();
                let method = req.method.clone();
                let response =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.answer(req)))
                        .unwrap_or_else(|_| {
                            Response::new_err(
                                id,
                                lsp_server::ErrorCode::InternalError as i32,
                                format!(
                                    "tessera failed to answer {method} (a bug: please report it)"
                                ),
                            )
                        });
                let _ = connection.sender.send(Message::Response(response));
            }
            Message::Notification(n) => {
                if n.method == lsp_types::notification::Exit::METHOD {
                    return match shut_down {
                        true => Ok(()),
                        false => Err("`exit` came without `shutdown` before it".to_string()),
                    };
                }
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    server.notified(connection, n)
                }));
            }
            Message::Response(_) => {}
        }
    }
}

/// The end of the input: fine after `shutdown`, else the client went away.
fn gone(shut_down: bool) -> Result<(), String> {
    match shut_down {
        true => Ok(()),
        false => Err("the client closed the connection without `shutdown`".to_string()),
    }
}

/// The path of a `file:` URI (`None` for another scheme).
pub fn path_of(uri: &Url) -> Option<PathBuf> {
    uri.to_file_path().ok()
}

/// The `file:` URI of a path (absolute from the current directory).
pub fn uri_of(path: &Path) -> Option<Url> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    Url::from_file_path(normalize(&abs)).ok()
}

/// `a/b/../c` as `a/c`, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

impl Server {
    /// When the next check of a changed document is due.
    fn next_check(&self) -> Option<Instant> {
        self.docs
            .values()
            .filter_map(|d| d.dirty_since)
            .min()
            .map(|t| t + DEBOUNCE)
    }

    /// Checks every document whose text has not changed for [`DEBOUNCE`].
    fn check_due(&mut self, connection: &Connection) {
        let now = Instant::now();
        let due: Vec<Url> = self
            .docs
            .iter()
            .filter(|(_, d)| d.dirty_since.is_some_and(|t| t + DEBOUNCE <= now))
            .map(|(u, _)| u.clone())
            .collect();
        for uri in due {
            self.check(connection, &uri);
        }
    }

    fn notified(&mut self, connection: &Connection, n: Notification) {
        use lsp_types::notification::{
            DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
        };
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                else {
                    return;
                };
                let uri = p.text_document.uri;
                let Some(path) = path_of(&uri) else {
                    return;
                };
                self.docs.insert(
                    uri.clone(),
                    Doc {
                        path,
                        text: p.text_document.text,
                        version: p.text_document.version,
                        dirty_since: None,
                        names: Arc::new(Names::default()),
                        published: HashSet::new(),
                        diagnostics: Vec::new(),
                    },
                );
                self.check(connection, &uri);
            }
            DidChangeTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                else {
                    return;
                };
                let Some(doc) = self.docs.get_mut(&p.text_document.uri) else {
                    return;
                };
                for change in p.content_changes {
                    match change.range {
                        None => doc.text = change.text,
                        Some(r) => {
                            let lines = text::Lines::new(&doc.text);
                            let (a, b) = (lines.offset(r.start), lines.offset(r.end));
                            doc.text.replace_range(a..b.max(a), &change.text);
                        }
                    }
                }
                doc.version = p.text_document.version;
                doc.dirty_since = Some(Instant::now());
            }
            DidSaveTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(n.params)
                else {
                    return;
                };
                if let Some(text) = p.text {
                    if let Some(doc) = self.docs.get_mut(&p.text_document.uri) {
                        doc.text = text;
                    }
                }
                if self.docs.contains_key(&p.text_document.uri) {
                    self.check(connection, &p.text_document.uri);
                }
            }
            DidCloseTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                else {
                    return;
                };
                if let Some(doc) = self.docs.remove(&p.text_document.uri) {
                    for uri in doc.published.into_iter().chain([p.text_document.uri]) {
                        publish(connection, uri, Vec::new(), None);
                    }
                }
            }
            _ => {}
        }
    }

    /// Checks a document's text as `tessera validate` would, publishes the findings, and
    /// keeps what its game names for completion.
    pub fn check(&mut self, connection: &Connection, uri: &Url) {
        let open: HashSet<Url> = self.docs.keys().cloned().collect();
        let Some(doc) = self.docs.get_mut(uri) else {
            return;
        };
        doc.dirty_since = None;
        let (by_file, names) = diagnose(&doc.path, &doc.text, uri, &open);
        if let Some(mut names) = names {
            // A text that no longer loads keeps the tiles of the last one that did.
            if names.game.is_none() {
                names.game = doc.names.game.clone();
            }
            doc.names = Arc::new(names);
        }
        let mut now_published = HashSet::new();
        let mut own = Vec::new();
        for (file_uri, diags) in by_file {
            if &file_uri == uri {
                own = diags;
            } else {
                now_published.insert(file_uri.clone());
                publish(connection, file_uri, diags, None);
            }
        }
        for stale in doc.published.difference(&now_published) {
            publish(connection, stale.clone(), Vec::new(), None);
        }
        doc.published = now_published;
        doc.diagnostics = own.clone();
        publish(connection, uri.clone(), own, Some(doc.version));
    }

    /// Answers a request (the protocol's error `MethodNotFound` for one not served).
    pub fn answer(&self, req: Request) -> Response {
        use lsp_types::request::{
            CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest,
            References,
        };
        let id: RequestId = req.id.clone();
        let result = match req.method.as_str() {
            Completion::METHOD => self.with::<lsp_types::CompletionParams, _>(req, |s, p| {
                let at = &p.text_document_position;
                s.doc(&at.text_document.uri)
                    .map(|d| answer::complete(d, at.position))
            }),
            HoverRequest::METHOD => self.with::<lsp_types::HoverParams, _>(req, |s, p| {
                let at = &p.text_document_position_params;
                s.doc(&at.text_document.uri)
                    .and_then(|d| answer::hover(d, at.position))
            }),
            GotoDefinition::METHOD => {
                self.with::<lsp_types::GotoDefinitionParams, _>(req, |s, p| {
                    let at = &p.text_document_position_params;
                    s.doc(&at.text_document.uri)
                        .map(|d| answer::definition(d, at.position))
                        .map(lsp_types::GotoDefinitionResponse::Array)
                })
            }
            References::METHOD => self.with::<lsp_types::ReferenceParams, _>(req, |s, p| {
                let at = &p.text_document_position;
                s.doc(&at.text_document.uri)
                    .map(|d| answer::references(s, d, at.position))
            }),
            // Read leniently: a client may send the diagnostics back in part (Neovim 0.7
            // keeps only some fields); the document's own are used then.
            CodeActionRequest::METHOD => self.with::<serde_json::Value, _>(req, |s, p| {
                let uri: Url = serde_json::from_value(p["textDocument"]["uri"].clone()).ok()?;
                let range: lsp_types::Range = serde_json::from_value(p["range"].clone()).ok()?;
                let sent: Vec<Diagnostic> = p["context"]["diagnostics"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|d| serde_json::from_value(d.clone()).ok())
                    .collect();
                s.doc(&uri)
                    .map(|d| answer::code_actions(d, &uri, range, &sent))
            }),
            DocumentSymbolRequest::METHOD => {
                self.with::<lsp_types::DocumentSymbolParams, _>(req, |s, p| {
                    s.doc(&p.text_document.uri)
                        .map(|d| lsp_types::DocumentSymbolResponse::Nested(answer::symbols(d)))
                })
            }
            _ => {
                return Response::new_err(
                    id,
                    lsp_server::ErrorCode::MethodNotFound as i32,
                    format!("tessera's language server does not answer {}", req.method),
                );
            }
        };
        match result {
            Ok(v) => Response::new_ok(id, v),
            Err(m) => Response::new_err(id, lsp_server::ErrorCode::InvalidParams as i32, m),
        }
    }

    fn doc(&self, uri: &Url) -> Option<&Doc> {
        self.docs.get(uri)
    }

    /// Parses a request's parameters and answers with `f` (`null` when it has nothing).
    fn with<P: serde::de::DeserializeOwned, R: serde::Serialize>(
        &self,
        req: Request,
        f: impl FnOnce(&Self, P) -> Option<R>,
    ) -> Result<serde_json::Value, String> {
        let params: P = serde_json::from_value(req.params).map_err(|e| e.to_string())?;
        serde_json::to_value(f(self, params)).map_err(|e| e.to_string())
    }
}

fn publish(connection: &Connection, uri: Url, diagnostics: Vec<Diagnostic>, version: Option<i32>) {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    let _ = connection
        .sender
        .send(Message::Notification(Notification::new(
            lsp_types::notification::PublishDiagnostics::METHOD.to_string(),
            params,
        )));
}

/// Validates `text` as the file at `path` and turns the findings into diagnostics by the
/// file each belongs in; also loads what the file's game names (`None` when it does not
/// load). A finding in another file that is open is left to that file's own check; one
/// in a file that is not open is published there, and shown in this file too at the
/// place that leads there (the `include` entry), as a hint.
pub fn diagnose(
    path: &Path,
    text: &str,
    uri: &Url,
    open: &HashSet<Url>,
) -> (HashMap<Url, Vec<Diagnostic>>, Option<Names>) {
    let file = SourceFile::new(path, text.to_string());
    let mut by_file: HashMap<Url, Vec<Diagnostic>> = HashMap::new();
    by_file.insert(uri.clone(), Vec::new());
    let findings = match crate::command::validate::validate_file(file.clone(), None) {
        Ok(v) => v.findings,
        Err(message) => {
            by_file.entry(uri.clone()).or_default().push(Diagnostic {
                range: lsp_types::Range::default(),
                severity: Some(DiagnosticSeverity::ERROR),
                source: Some("tessera".into()),
                message,
                ..Diagnostic::default()
            });
            Vec::new()
        }
    };
    for f in &findings {
        let Some((file_uri, d)) = diagnostic(f, uri) else {
            continue;
        };
        if &file_uri == uri {
            by_file.entry(file_uri).or_default().push(d);
            continue;
        }
        // Shown here where the chain that leads there starts.
        let here = d
            .related_information
            .iter()
            .flatten()
            .find(|r| &r.location.uri == uri)
            .map(|r| r.location.range);
        if let Some(range) = here {
            by_file.entry(uri.clone()).or_default().push(Diagnostic {
                range,
                severity: Some(DiagnosticSeverity::HINT),
                code: d.code.clone(),
                source: Some("tessera".into()),
                message: format!(
                    "in {}: {}",
                    file_uri
                        .to_file_path()
                        .ok()
                        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                        .unwrap_or_default(),
                    d.message
                ),
                related_information: Some(vec![DiagnosticRelatedInformation {
                    location: Location::new(file_uri.clone(), d.range),
                    message: "the finding".into(),
                }]),
                ..Diagnostic::default()
            });
        }
        if !open.contains(&file_uri) {
            by_file.entry(file_uri).or_default().push(d);
        }
    }
    let names = Names::load(&file);
    (by_file, names)
}

/// A finding as a diagnostic, with the URI of the file it belongs in (`this` when the
/// finding names no file). Its first label is its range; its other labels and related
/// findings (the include chain) are related information; its code is the diagnostic's
/// code, and a mechanical fix rides in `data` for [`answer::code_actions`].
pub fn diagnostic(f: &Finding, this: &Url) -> Option<(Url, Diagnostic)> {
    let file_uri = match &f.file {
        Some(file) => uri_of(&file.path)?,
        None => this.clone(),
    };
    let text = f.file.as_ref().map(|s| s.text().to_string());
    let lines = text.as_deref().map(text::Lines::new);
    let range_of = |offset: usize, len: usize| {
        lines
            .as_ref()
            .map_or_else(lsp_types::Range::default, |l| l.range(offset, len))
    };
    let range = f
        .labels
        .first()
        .map_or_else(lsp_types::Range::default, |(s, _)| {
            range_of(s.offset(), s.len())
        });
    let mut related = Vec::new();
    for (s, label) in f.labels.iter().skip(1) {
        related.push(DiagnosticRelatedInformation {
            location: Location::new(file_uri.clone(), range_of(s.offset(), s.len())),
            message: label.clone(),
        });
    }
    for r in &f.related {
        let (Some(file), Some((s, _))) = (&r.file, r.labels.first()) else {
            continue;
        };
        let Some(u) = uri_of(&file.path) else {
            continue;
        };
        let l = text::Lines::new(file.text());
        related.push(DiagnosticRelatedInformation {
            location: Location::new(u, l.range(s.offset(), s.len())),
            message: r.message.clone(),
        });
    }
    let mut message = f.message.clone();
    if let Some(help) = &f.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let data = answer::fix_data(f);
    Some((
        file_uri,
        Diagnostic {
            range,
            severity: Some(match f.level {
                Level::Error => DiagnosticSeverity::ERROR,
                Level::Warning => DiagnosticSeverity::WARNING,
                Level::Note => DiagnosticSeverity::INFORMATION,
            }),
            code: Some(NumberOrString::String(f.check.code().to_string())),
            source: Some("tessera".into()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            data,
            ..Diagnostic::default()
        },
    ))
}
