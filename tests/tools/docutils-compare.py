#!/usr/bin/python3
"""Compare yeok check with docutils on RST files (issue 6).

For every "Title underline too short" warning docutils reports, yeok must
report title-underline on the same line; for every "start-string without
end-string" warning (docutils names the paragraph's first line), yeok must
report markup-spacing on a line of that paragraph.  Prints TAP lines and a
summary; exits 0 when everything docutils found, yeok found too.

usage: docutils-compare.py YEOK FILE...
"""
import io
import json
import subprocess
import sys

import docutils.core

TITLE = "Title underline too short"
START = "start-string without end-string"


def docutils_warnings(path):
    text = open(path, encoding="utf-8").read()
    err = io.StringIO()
    docutils.core.publish_doctree(
        text, source_path=path,
        settings_overrides={"warning_stream": err, "report_level": 2, "halt_level": 5,
                            "file_insertion_enabled": False, "raw_enabled": False})
    out = set()
    for line in err.getvalue().splitlines():
        if not line.startswith(path + ":"):
            continue
        rest = line[len(path) + 1:]
        num, _, msg = rest.partition(":")
        if not num.isdigit():
            continue
        if TITLE in msg:
            out.add(("title", int(num)))
        elif START in msg:
            out.add(("start", int(num)))
    return sorted(out), text.split("\n")


def compare(yeok, files, warnings_of, what="docutils"):
    """TAP lines for each warning of warnings_of(path) -> (sorted [(kind,
    line)], the lines the paragraphs are read from); the exit status."""
    res = subprocess.run([yeok, "check", "--format", "json",
                          "--only", "title-underline,markup-spacing"] + files,
                         capture_output=True, text=True)
    if res.returncode not in (0, 1):
        print("not ok 1 - yeok check ran (exit %d): %s" % (res.returncode, res.stderr[:300]))
        return 1
    found = {}
    for f in json.loads(res.stdout):
        found.setdefault(f["file"], []).append((f["check"], f["line"]))
    n = ok = 0
    counts = {"title": [0, 0], "start": [0, 0]}
    for path in files:
        warns, lines = warnings_of(path)
        mine = found.get(path, [])
        for kind, line in warns:
            n += 1
            counts[kind][0] += 1
            if kind == "title":
                hit = ("title-underline", line) in mine
            else:
                # the paragraph: the blank-line-separated lines around line
                # (docutils names its first line, or inside a nested list
                # sometimes a later one)
                start, end = line, line
                while start > 1 and lines[start - 2].strip():
                    start -= 1
                while end < len(lines) and lines[end].strip():
                    end += 1
                hit = any(c == "markup-spacing" and start <= l <= end for c, l in mine)
            if hit:
                ok += 1
                counts[kind][1] += 1
                print("ok %d - %s:%d docutils '%s' found by yeok" % (n, path, line, kind))
            else:
                print("not ok %d - %s:%d docutils '%s' NOT found by yeok" % (n, path, line, kind))
    print("# %s: %d 'Title underline too short' (yeok found %d), "
          "%d 'start-string without end-string' (yeok found %d); yeok findings of the two "
          "checks: %d" % (what, counts["title"][0], counts["title"][1], counts["start"][0],
                          counts["start"][1], sum(len(v) for v in found.values())))
    if n == 0:
        print("ok 1 - no warnings to compare")
    return 0 if ok == n else 1


if __name__ == "__main__":
    sys.exit(compare(sys.argv[1], sys.argv[2:], docutils_warnings))
