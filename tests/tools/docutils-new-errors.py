#!/usr/bin/python3
"""The docutils messages (warnings and errors) of RESULT that neither NEW
nor OLD has: `yeok sync` must not add any (issue 20).  Messages are
compared by level and text, as multisets (line numbers move).  Prints the
counts and each new message; exits 1 when there is one.

usage: docutils-new-errors.py RESULT NEW OLD
"""
import collections
import io
import re
import sys

import docutils.core


def messages(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    err = io.StringIO()
    docutils.core.publish_doctree(
        text, source_path=path,
        settings_overrides={"warning_stream": err, "report_level": 2, "halt_level": 5,
                            "file_insertion_enabled": False, "raw_enabled": False})
    out = collections.Counter()
    for line in err.getvalue().splitlines():
        m = re.match(re.escape(path) + r":\d+: \((\w+)/\d\) (.*)", line)
        if m:
            out[(m.group(1), m.group(2))] += 1
    return out


result, new, old = (messages(p) for p in sys.argv[1:4])
extra = result - (new | old)
print("result %d, new English %d, old translation %d, new in the result %d"
      % (sum(result.values()), sum(new.values()), sum(old.values()), sum(extra.values())))
for (level, msg), n in sorted(extra.items()):
    print("  new: %d x %s: %s" % (n, level, msg))
sys.exit(1 if extra else 0)
