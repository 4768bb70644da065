#!/usr/bin/env python3
"""The interface's translations: extract the template, check it is current.

  catalogues.py extract   writes po/trending.pot from the Swift sources
  catalogues.py update    extract, then merge the template into every po/*.po (msgmerge)
  catalogues.py check     fails when the template is out of date

The build embeds po/*.po itself (Plugins/EmbedPlugin writes `EmbeddedCatalogues.poFiles` into
the build folder), so there is no embedded copy in the tree to keep current.

Translatable strings are the first string literals of `tr("…")`, `trc("context", "…")` and
`trn("singular", "plural", n)`, and the `group:`, `help:` and `hint:` labels of the key table.
A translatable literal may not interpolate (`\\(…)`): placeholders are `%s`, `%d` and `%1$s`.
xgettext does not read Swift, so this script does its part; msgmerge and msgfmt do the rest.
"""
import pathlib, re, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"
SKIP = ("Sources/AmodbKit/Demo/", "Sources/trending-bench/", "Sources/trending-fuzz/", "Sources/Localization/")
TEMPLATE = ROOT / "po" / "trending.pot"
LITERAL = r'"((?:[^"\\\n]|\\.)*)"'
CALLS = [
    ("tr", re.compile(r"\btr\(\s*" + LITERAL)),
    ("trc", re.compile(r"\btrc\(\s*" + LITERAL + r"\s*,\s*" + LITERAL)),
    ("trn", re.compile(r"\btrn\(\s*" + LITERAL + r"\s*,\s*" + LITERAL)),
]
LABELS = re.compile(r"\b(?:group|help|hint):\s*" + LITERAL)
LABEL_FILES = ("Sources/TrendingCore/Input/KeyTable.swift",)

def swift_unescape(text, where):
    if "\\(" in text:
        sys.exit(f"{where}: a translatable string may not interpolate; use %s placeholders")
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            if n == "u" and text[i + 2:i + 3] == "{":
                end = text.index("}", i)
                out.append(chr(int(text[i + 3:end], 16))); i = end + 1; continue
            out.append({"n": "\n", "t": "\t", "0": "\0"}.get(n, n)); i += 2; continue
        out.append(c); i += 1
    return "".join(out)

def po_quote(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" in text.rstrip("\n"):
        parts = escaped.split("\n")
        lines = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
        return '""\n' + "\n".join(f'"{line}"' for line in lines)
    return '"' + escaped.replace("\n", "\\n") + '"'

def extract():
    """Every translatable string in source order: {(context, id): [plural, [places]]}."""
    found = {}
    files = sorted(p for p in SOURCES.rglob("*.swift") if not str(p.relative_to(ROOT)).startswith(SKIP))
    for path in files:
        rel = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        hits = []
        for kind, pattern in CALLS:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                where = f"{rel}:{line}"
                if kind == "tr": hits.append((m.start(), None, swift_unescape(m.group(1), where), None, where))
                if kind == "trc": hits.append((m.start(), swift_unescape(m.group(1), where), swift_unescape(m.group(2), where), None, where))
                if kind == "trn": hits.append((m.start(), None, swift_unescape(m.group(1), where), swift_unescape(m.group(2), where), where))
        if rel in LABEL_FILES:
            for m in LABELS.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                hits.append((m.start(), None, swift_unescape(m.group(1), f"{rel}:{line}"), None, f"{rel}:{line}"))
        for _, context, msgid, plural, where in sorted(hits, key=lambda h: h[0]):
            if not msgid: sys.exit(f"{where}: an empty translatable string")
            entry = found.setdefault((context, msgid), [plural, []])
            if plural and entry[0] and entry[0] != plural: sys.exit(f"{where}: two plurals for {msgid!r}")
            entry[0] = entry[0] or plural
            # File names only, as `xgettext --add-location=file`: moving a line keeps the template current.
            place = where.split(":")[0]
            if place not in entry[1]: entry[1].append(place)
    return found

HEADER = '''# The interface of trending, the terminal film browser: the template for translators.
# Regenerate with `python3 Scripts/catalogues.py update` (a test fails when it is stale).
msgid ""
msgstr ""
"Project-Id-Version: trending\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
'''

def template_text(found):
    out = [HEADER]
    for (context, msgid), (plural, places) in found.items():
        lines = ["#: " + " ".join(places)]
        if "%" in msgid or (plural and "%" in plural): lines.append("#, c-format")
        if context is not None: lines.append("msgctxt " + po_quote(context))
        lines.append("msgid " + po_quote(msgid))
        if plural:
            lines += ["msgid_plural " + po_quote(plural), 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            lines.append('msgstr ""')
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)

def main():
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command in ("extract", "update"):
        TEMPLATE.write_text(template_text(extract()), encoding="utf-8")
        print(f"wrote {TEMPLATE.relative_to(ROOT)}")
        if command == "update":
            for po in sorted((ROOT / "po").glob("*.po")):
                subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-fuzzy-matching", "--no-wrap",
                                str(po), str(TEMPLATE)], check=True)
    elif command == "embed":
        print("nothing to embed: the build compiles po/*.po into the binary (Plugins/EmbedPlugin)")
    elif command == "check":
        problems = []
        if TEMPLATE.read_text(encoding="utf-8") != template_text(extract()):
            problems.append("po/trending.pot is stale: run `python3 Scripts/catalogues.py update`, then translate")
        for problem in problems: print(problem, file=sys.stderr)
        sys.exit(1 if problems else 0)
    else:
        sys.exit(__doc__)

if __name__ == "__main__":
    main()
