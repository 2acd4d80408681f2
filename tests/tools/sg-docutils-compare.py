#!/usr/bin/python3
"""Compare yeok check with docutils on sphinx-gallery .py files (issue 15).

The RST of a .py is extracted by sphinx-gallery's own rules
(sphinx_gallery/py_source_parser.py, split_code_and_text_blocks;
https://sphinx-gallery.github.io/stable/syntax.html), written again here so
that this check does not share yeok's reading:
  - the module docstring: the file's first STRING token (tokenize), its
    value (ast.literal_eval) with the common indentation of the lines after
    the first removed (inspect.cleandoc) and the first line's leading
    blanks dropped;
  - the rest: the lines after the docstring's last line; in it each match of
    r'(?P<header_line>^#{20,}.*|^# ?%%.*)\\s(?P<text_content>(?:^#.*\\s?)*)'
    is a text block: its lines with the first '#' removed, then dedented
    (textwrap.dedent); everything else is code.
Each RST line is put back at its line of the .py (code, separators and the
docstring's quotes become blank lines), so docutils' line numbers are the
file's.  A docstring whose value has a different number of lines than its
source (a backslash at a line end, a \\n escape) is taken as written.

For every "Title underline too short" warning docutils reports, yeok must
report title-underline on the same line; for every "start-string without
end-string" (docutils names the paragraph's first line) markup-spacing on a
line of that paragraph.  Prints TAP lines and a summary; exits 0 when
everything docutils found, yeok found too.

usage: sg-docutils-compare.py YEOK FILE.py...
"""
import ast
import importlib.util
import io
import os
import re
import sys
import textwrap
import tokenize

import docutils.core

TITLE = "Title underline too short"
START = "start-string without end-string"
SEP = re.compile(r"(?P<header_line>^#{20,}.*|^# ?%%.*)\s(?P<text_content>(?:^#.*\s?)*)", re.M)


def cleandoc_lines(lines):
    """inspect.cleandoc's indentation rule, keeping every line in place."""
    if not lines:
        return lines
    rest = [l.expandtabs() for l in lines[1:]]
    margin = min((len(l) - len(l.lstrip()) for l in rest if l.strip()), default=0)
    return [lines[0].lstrip()] + [l[margin:] for l in rest]


def rst_lines(content):
    """The RST sphinx-gallery gives docutils, one entry per line of the file."""
    lines = content.split("\n")
    out = [""] * len(lines)
    end_row = 0
    try:
        ast.parse(content)
        toks = tokenize.tokenize(io.BytesIO(content.encode()).readline)
        for tk in toks:
            if tk.type in (tokenize.ENCODING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
                continue
            if tk.type == tokenize.STRING:
                srow, erow = tk.start[0], tk.end[0]
                value = ast.literal_eval(tk.string)
                vlines = value.split("\n")
                if len(vlines) != erow - srow + 1:
                    # taken as written: the text between the quotes
                    body = tk.string.lstrip("rRuUbB")
                    q = body[:3] if body[:3] in ('"""', "'''") else body[:1]
                    vlines = body[len(q):-len(q)].split("\n")
                for k, text in enumerate(cleandoc_lines(vlines)):
                    out[srow - 1 + k] = text
                end_row = erow
            break
    except SyntaxError:
        pass  # sphinx-gallery: a SyntaxError page; the rest is the whole file
    rest = "\n".join(lines[end_row:])
    for m in SEP.finditer(rest):
        row = end_row + rest.count("\n", 0, m.start("text_content"))
        text = re.sub("^#", "", m.group("text_content"), flags=re.M)
        for k, t in enumerate(textwrap.dedent(text).split("\n")):
            if row + k < len(out) and k < m.group("text_content").count("\n") + 1:
                out[row + k] = t
    return out


def docutils_warnings(path):
    with open(path, encoding="utf-8", newline="") as f:
        content = f.read().replace("\r\n", "\n")
    rst = rst_lines(content)
    err = io.StringIO()
    docutils.core.publish_doctree(
        "\n".join(rst), source_path=path,
        settings_overrides={"warning_stream": err, "report_level": 2, "halt_level": 5,
                            "file_insertion_enabled": False, "raw_enabled": False})
    found = set()
    for line in err.getvalue().splitlines():
        if not line.startswith(path + ":"):
            continue
        num, _, msg = line[len(path) + 1:].partition(":")
        if not num.isdigit():
            continue
        if TITLE in msg:
            found.add(("title", int(num)))
        elif START in msg:
            found.add(("start", int(num)))
    return sorted(found), rst


def main():
    # the comparison itself is docutils-compare.py's (the .rst one)
    spec = importlib.util.spec_from_file_location(
        "docutils_compare", os.path.join(os.path.dirname(__file__), "docutils-compare.py"))
    rst_tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rst_tool)
    files = sys.argv[2:]
    sys.exit(rst_tool.compare(sys.argv[1], files, docutils_warnings,
                              "docutils on the RST of %d .py files" % len(files)))


if __name__ == "__main__":
    main()
