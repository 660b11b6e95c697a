#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora from the repository's own files (nothing is
committed but this script): `python3 fuzz/seed.py` writes fuzz/corpus/<target>/ and
fuzz/yaml.dict. Run it from anywhere; it only writes under fuzz/.

- ruleset:  rulesets/*.yaml and tests/invalid/rulesets/
- tileset:  tilesets/*.yaml, examples/my-expansion.yaml and tests/invalid/tilesets/
- position: examples/*.yaml and every YAML position under tests/positions/ and tests/invalid/
- jcz:      tests/fixtures/jcz/**/*.xml and tests/invalid/jcz/*.xml
- score:    for every position whose tile set names one rule set, the three files joined
            by the separator line of fuzz/src/lib.rs (rule set, tile set, position), with
            the references between them rewritten to ruleset.yaml and tileset.yaml and
            other bundled files named as `bundled:...`.
- report:   the score seeds, and the base-scoring triple with hostile names (see
            `hostile_seeds`): 70,000-character names (player, segment id, feature kind,
            tile id, game and position) and names with control characters (ESC, DEL, the
            C1 controls U+0085 and U+009B, newlines, bidirectional controls).
- import:   tests/fixtures/jcz/**/*.xml, tests/fixtures/jcz-current/**/*.xml and
            tests/invalid/jcz/*.xml (as for jcz: the target writes its input to a scratch
            directory and imports it).

The single-file targets validate their input as a file of rulesets/, tilesets/, examples/
or tests/fixtures/jcz/, so references are rewritten relative to that directory.
"""

import hashlib
import json
import os
import re
import shutil
import sys

FUZZ = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(FUZZ)
SEPARATOR = b"\n#%%tessera-fuzz%%\n"
REF = re.compile(r"(?P<q>[\"']?)(?P<path>[A-Za-z0-9_./-]+\.yaml)(?P=q)")
VIRTUAL = {"ruleset": "rulesets", "tileset": "tilesets", "position": "examples"}


def files(rel, ext):
    root = os.path.join(REPO, rel)
    out = []
    if os.path.isfile(root):
        return [root]
    for dirpath, _, names in os.walk(root):
        out += [os.path.join(dirpath, n) for n in names if n.endswith(ext)]
    return sorted(out)


def kind(text):
    keys = set(re.findall(r"^([a-z_]+):", text, re.M))
    if "terrains" in keys:
        return "ruleset"
    if "players" in keys:
        return "position"
    if "tiles" in keys or "include" in keys:
        return "tileset"
    return None


def rewrite(text, real_dir, target):
    """Rewrites each reference to an existing file: `target(path)` gives the new text."""

    def sub(m):
        if m.group("path").startswith("bundled:"):
            return m.group(0)
        real = os.path.normpath(os.path.join(real_dir, m.group("path")))
        if not os.path.isfile(real):
            return m.group(0)
        new = target(real)
        return m.group(0) if new is None else new

    out = []
    for line in text.splitlines(keepends=True):
        # Comments and the schema modeline are left alone.
        code, hash_, comment = line.partition(" #")
        if code.lstrip().startswith("#"):
            out.append(line)
            continue
        out.append(REF.sub(sub, code) + hash_ + comment)
    return "".join(out)


def relative_to(virtual_dir):
    def target(real):
        return os.path.relpath(real, os.path.join(REPO, virtual_dir))

    return target


def bundled(real):
    rel = os.path.relpath(real, REPO)
    if rel.startswith(("rulesets/", "tilesets/")) and "/" not in rel.split("/", 1)[1]:
        return "bundled:" + rel
    return None


def reference(text, key):
    m = re.search(r"^%s:\s*[\"']?([A-Za-z0-9_./-]+\.yaml)" % key, text, re.M)
    return m.group(1) if m else None


def write(corpus, name, data):
    d = os.path.join(FUZZ, "corpus", corpus)
    os.makedirs(d, exist_ok=True)
    digest = hashlib.sha1(data).hexdigest()[:12]
    with open(os.path.join(d, f"{name}-{digest}"), "wb") as f:
        f.write(data)


def main():
    shutil.rmtree(os.path.join(FUZZ, "corpus"), ignore_errors=True)
    yaml = []
    for rel in ["rulesets", "tilesets", "examples", "tests/positions", "tests/invalid"]:
        yaml += files(rel, ".yaml")
    counts = {}
    for path in yaml:
        text = open(path, encoding="utf-8", errors="replace").read()
        k = kind(text)
        if k is None:
            continue
        name = os.path.splitext(os.path.basename(path))[0]
        data = rewrite(text, os.path.dirname(path), relative_to(VIRTUAL[k]))
        write(k, name, data.encode())
        counts[k] = counts.get(k, 0) + 1
        if k == "position":
            triple = score_seed(path, text)
            if triple:
                for target in ("score", "report"):
                    write(target, name, triple)
                    counts[target] = counts.get(target, 0) + 1
    for path in files("tests/fixtures/jcz", ".xml") + files("tests/invalid/jcz", ".xml"):
        name = os.path.splitext(os.path.basename(path))[0]
        write("jcz", name, open(path, "rb").read())
        counts["jcz"] = counts.get("jcz", 0) + 1
    imports = files("tests/fixtures/jcz", ".xml") + files("tests/fixtures/jcz-current", ".xml")
    for path in imports + files("tests/invalid/jcz", ".xml"):
        name = os.path.splitext(os.path.basename(path))[0]
        write("import", name, open(path, "rb").read())
        counts["import"] = counts.get("import", 0) + 1
    for name, data in hostile_seeds():
        write("report", name, data)
        counts["report"] = counts.get("report", 0) + 1
    write_dict()
    print(", ".join(f"{k}: {v} seeds" for k, v in sorted(counts.items())))


def score_seed(pos_path, pos_text):
    ts_ref = reference(pos_text, "tileset")
    if ts_ref is None:
        return None
    ts_path = os.path.normpath(os.path.join(os.path.dirname(pos_path), ts_ref))
    if not os.path.isfile(ts_path):
        return None
    ts_text = open(ts_path, encoding="utf-8").read()
    rs_ref = reference(ts_text, "ruleset")
    if rs_ref is None:
        return None
    rs_path = os.path.normpath(os.path.join(os.path.dirname(ts_path), rs_ref))
    if not os.path.isfile(rs_path):
        return None
    rs_text = open(rs_path, encoding="utf-8").read()
    # The tile set cut down to the tiles the position names (and its start tile), so that
    # one execution stays fast; a set whose contents are deduced is left out (its
    # validation runs the deduction solver).
    if "status: deduced" in ts_text:
        return None
    ts_text = cut_tileset(ts_text, set(re.findall(r"tile: *[\"']?([A-Za-z0-9_.-]+)", pos_text)))

    def local(real):
        if real == rs_path:
            return "ruleset.yaml"
        if real == ts_path:
            return "tileset.yaml"
        return bundled(real)

    parts = [
        rewrite(rs_text, os.path.dirname(rs_path), local),
        rewrite(ts_text, os.path.dirname(ts_path), local),
        rewrite(pos_text, os.path.dirname(pos_path), local),
    ]
    return SEPARATOR.join(p.encode() for p in parts)


# A name of 70,000 characters, and one with the characters a report must not show raw
# (YAML double-quoted escapes: ESC, DEL, the C1 controls NEL and CSI, a newline, a
# carriage return, a tab, bidirectional overrides and isolates, the line separator).
LONG = 70_000
CONTROLS = r"\e[31mred\e[0m\x7fdel\x85nel\x9b2Jcsi\nline\rcr\ttab\u202eevil\u2066iso\u2069\u2028end"


def hostile_seeds():
    """The `report` target's seeds with hostile names: the base-scoring triple (rule set,
    tile set, position) with one name at a time replaced by a 70,000-character one or
    one full of control characters, everywhere it is used."""
    pos_path = os.path.join(REPO, "examples", "base-scoring.yaml")
    triple = score_seed(pos_path, open(pos_path, encoding="utf-8").read())
    if triple is None:
        sys.exit("fuzz/seed.py: examples/base-scoring.yaml gives no score seed")
    base = triple.decode().split(SEPARATOR.decode())
    # Each edit: (what, [(part, pattern, replacement with {name})]); every pattern must
    # match, or the seed no longer says what its name says.
    edits = [
        ("player", [(2, r"^players: \[A, B\]", "players: [{name}, B]")]),
        ("segment-id", [
            (1, r"\{id: monastery, feature: monastery\}", "{{id: {name}, feature: monastery}}"),
            (2, r"piece: monastery\}", "piece: {name}}}"),
        ]),
        ("feature-kind", [
            # An explicit key (`? KEY`): a plain or quoted key is 1,024 characters at most.
            (0, r"(?m)^  monastery:", "  ? {name}\n  :"),
            (0, r"feature: monastery\}", "feature: {name}}}"),
            (1, r"feature: monastery\}", "feature: {name}}}"),
        ]),
        ("tile-id", [
            (1, r"(?m)^  - id: X$", "  - id: {name}"),
            (2, r"\{tile: X,", "{{tile: {name},"),
        ]),
        ("game-and-position-name", [
            (0, r"(?m)^name: .*$", "name: {name}"),
            (2, r"(?m)^name: .*$", "name: {name}"),
        ]),
    ]
    names = {
        # An id is letters and digits (the schema's pattern), so the long name is too.
        "long": '"' + ("Long7" * (LONG // 5))[:LONG] + '"',
        "controls": '"A' + CONTROLS + '"',
    }
    out = []
    for flavour, name in names.items():
        for what, subs in edits:
            parts = list(base)
            for part, pattern, repl in subs:
                # A function, so that the name's backslashes stay as they are.
                new = repl.format(name=name)
                parts[part], n = re.subn(pattern, lambda _m: new, parts[part], flags=re.M)
                if n == 0:
                    sys.exit(f"fuzz/seed.py: {flavour}-{what}: no match for {pattern!r}")
            out.append((f"{flavour}-{what}", SEPARATOR.join(p.encode() for p in parts)))
    return out


def cut_tileset(text, keep):
    """The tile set with only the tiles whose ids are in `keep` (and its start tile),
    `total` recounted; a set without its own `tiles:` list is returned as it is."""
    if "\ntiles:\n" not in text:
        return text
    head, body = text.split("\ntiles:\n", 1)
    start = re.search(r"^start: *\{tile: *[\"']?([A-Za-z0-9_.-]+)", head, re.M)
    if start:
        keep = keep | {start.group(1)}
    blocks = body.split("\n  - id: ")
    kept, total = [], 0
    for i, block in enumerate(blocks):
        block = block[len("  - id: "):] if i == 0 and block.startswith("  - id: ") else block
        ident = block.split("\n", 1)[0].split("#", 1)[0].strip().strip("\"'")
        if ident in keep:
            m = re.search(r"^\s*count: *(\d+)", block, re.M)
            total += int(m.group(1)) if m else 1
            kept.append(block)
    if not kept:
        return text
    head = re.sub(r"^total: *\d+", f"total: {total}", head, flags=re.M)
    return head + "\ntiles:\n" + "".join("  - id: " + b.rstrip("\n") + "\n" for b in kept)


def write_dict():
    """A libFuzzer dictionary: every key the schemas know, and values worth trying."""
    words = set()
    for name in os.listdir(os.path.join(REPO, "schema")):
        schema = json.load(open(os.path.join(REPO, "schema", name)))

        def walk(node):
            if isinstance(node, dict):
                for k, v in node.get("properties", {}).items():
                    words.add(k + ":")
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)

        walk(schema)
    words |= {
        "0", "-1", "4294967295", "4294967296", "2147483647", "-2147483648",
        "9223372036854775807", "-9223372036854775808", "18446744073709551615",
        "{}", "[]", "~", "N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL",
        "WR", "90", "180", "270", "true", "false", "&a", "*a", "\\x1b[31m", "\\x0a",
        "bundled:rulesets/carcassonne.yaml", "bundled:tilesets/base.yaml",
        "ruleset.yaml", "tileset.yaml",
    }
    with open(os.path.join(FUZZ, "yaml.dict"), "w") as f:
        f.write("# Generated by fuzz/seed.py: schema keys and values worth trying.\n")
        for w in sorted(words):
            f.write(json.dumps(w) + "\n")


if __name__ == "__main__":
    sys.exit(main())
