#!/usr/bin/env python3
"""Score `yeok check` against what tutorials-kr reviewers actually fixed.

The dev sample ../shared/corpus/review-fixes.json pairs an old Korean line
(`old`, line `oldline` of `path` at commit `parent`) with its fixed form
(`new`, at `commit`), labelled by what the fix was about.  For each pair this
script rebuilds the old file from a clone of tutorials-kr-dev.bundle, finds
its English in history (the newest revision of the file, at or before the
parent, with fewer than 5% of non-blank lines containing Hangul; passed as
--source-rev), runs `yeok check --format json` in the checkout, and counts
the pair as *caught* when a finding of a check that fits the category is
about the changed text:

  * on the old line, at a column inside the changed span (widened by
    WINDOW characters on each side), or
  * on the old line, one line either side or anywhere in its paragraph,
    quoting ('...') text that overlaps the changed span of the old line, or
  * for checks that judge a whole line (title-underline, translator-line,
    untranslated, structure), on the old line or one line either side.

The changed span is `old` minus the common prefix and suffix with `new`.
Categories are the rows of issue 17's table (labels mapped below); pairs
with several labels count in each of their categories.

Halves (--half): the sample is split by FILE, deterministically: a pair is in
the *tune* half when the first byte of sha1(path) is even, else in the *held*
half (issue 40: tune the rules on one half, report the other).  The held half
is the one with more pairs in each category (202 of 318), so its shares mean
more.

Modes:
  score (default)   the per-category table (--half tune|held|all)
  --precision       the polished files: findings per 20 lines, spelling
                    findings per 200 lines, all findings written to --dump,
                    a seeded random sample (--sample N, default 40;
                    --seed S, default 17) printed for judging by hand.
                    --files recent5 (default): the 5 .rst files of master
                    last changed in 2025 with no later fix; --files master:
                    every translated tutorial (.rst and .py) of origin/master
  --rules CHECK     every finding of CHECK over all old files of the sample,
                    grouped by the rule named in the message ([rule] suffix
                    or the first words), for judging each rule's precision

Python 3, stdlib only.  Usage:
  tests/tools/score-review-fixes.py [--yeok ./yeok] [--corpus ../shared/corpus]
      [--work /tmp/yeok-score] [--glossary-dir DIR] [--dump FILE] [--misses]
"""
import argparse
import collections
import hashlib
import json
import os
import random
import re
import subprocess
import sys

WINDOW = 3

# (row of the table, labels, fitting checks)
ROWS = [
    ("RST markup glued to Hangul", ["markup-spacing"], {"markup-spacing"}),
    ("title underline too short", ["title-underline"], {"title-underline", "structure"}),
    ("trailing whitespace", ["whitespace-trailing"], {"whitespace"}),
    ("glossary term of the guide", ["glossary"], {"glossary", "consistency", "style"}),
    ("spacing (띄어쓰기)", ["spacing"], {"spacing", "spelling", "consistency"}),
    ("spelling, typo, particle", ["spelling/typo"], {"spelling", "spacing"}),
    ("translator/author line", ["translator-line"], {"translator-line"}),
    ("untranslated leftover", ["untranslated"], {"untranslated", "translator-line", "consistency"}),
    ("link/URL", ["link/URL"], {"link", "markup-mismatch"}),
    ("punctuation", ["punctuation"], {"punctuation"}),
    ("term choice not in the guide / consistency", ["term-not-in-guide"],
     {"consistency", "style", "glossary"}),
    ("English gloss 한글(영어)", ["english-gloss"], {"consistency", "untranslated"}),
    ("wording / mistranslation / subject", ["wording/style", "mistranslation", "subject-omission"],
     {"style", "consistency", "glossary"}),
]
# Labels of the sample that are no row of the table (shown, not targeted).
EXTRA = [
    ("(extra) indentation", ["whitespace-indent"], {"whitespace", "translator-line"}),
    ("(extra) title underline, cosmetic", ["title-underline-cosmetic"], {"title-underline"}),
    ("(extra) literal/code vs source", ["literal/code-vs-source"], {"markup-mismatch", "code-changed"}),
    ("(extra) other RST markup", ["rst-markup-other"], {"markup-spacing", "structure", "markup-mismatch"}),
    ("(extra) reference title", ["reference-title"], {"reference-title"}),
    ("(extra) other", ["other"], set()),
]
LINE_CHECKS = {"title-underline", "translator-line", "untranslated", "structure"}
UNTARGETED = {"wording / mistranslation / subject"}


def run(cmd, cwd=None, env=None, check=True):
    r = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check and r.returncode != 0:
        sys.exit("score: %s failed: %s" % (" ".join(cmd), r.stderr.decode(errors="replace")))
    return r


def git(repo, *args, check=True):
    return run(["git", "-C", repo, "-c", "core.fsmonitor=false"] + list(args), check=check)


def hangul_line(s):
    return any("\uac00" <= c <= "\ud7a3" for c in s)


def is_english(text):
    lines = [l for l in text.splitlines() if l.strip()]
    if not lines:
        return False
    return sum(1 for l in lines if hangul_line(l)) * 20 < len(lines)


class Repo:
    def __init__(self, corpus, work):
        self.corpus = corpus
        self.dir = os.path.join(work, "kr")
        if not os.path.isdir(os.path.join(self.dir, ".git")):
            os.makedirs(work, exist_ok=True)
            run(["git", "clone", "-q", os.path.join(corpus, "tutorials-kr-dev.bundle"), self.dir])
            # every pull/N branch locally, so that their commits are reachable
        self.map = {}
        with open(os.path.join(corpus, "tutorials-kr-dev-commits.tsv"), encoding="utf-8") as f:
            next(f)
            for line in f:
                m, b, _branch, _rep = line.rstrip("\n").split("\t")
                self.map[m] = b
        self._english = {}

    def bundle_commit(self, mirror):
        if mirror in self.map:
            return self.map[mirror]
        hits = [b for m, b in self.map.items() if m.startswith(mirror)]
        if len(set(hits)) != 1:
            sys.exit("score: commit %s maps to %d bundle commits" % (mirror, len(set(hits))))
        return hits[0]

    def show(self, rev, path):
        r = git(self.dir, "show", "%s:%s" % (rev, path), check=False)
        return r.stdout.decode("utf-8", errors="replace") if r.returncode == 0 else None

    def english_rev(self, rev, path):
        """The newest revision at or before rev whose version of path is English."""
        key = (rev, path)
        if key not in self._english:
            log = git(self.dir, "log", "--format=%H", rev, "--", path).stdout.decode().split()
            found = None
            for c in log:
                text = self.show(c, path)
                if text is not None and is_english(text):
                    found = c
                    break
            self._english[key] = found
        return self._english[key]

    def checkout(self, rev):
        git(self.dir, "checkout", "-q", "-f", "--detach", rev)
        git(self.dir, "clean", "-q", "-f", "-d", "-x")


def yeok_check(yeok, repo, path, src_rev, env, extra=()):
    cmd = [yeok, "check", "--format", "json"] + list(extra)
    if src_rev:
        cmd += ["--source-rev", src_rev]
    cmd += [path]
    r = run(cmd, cwd=repo.dir, env=env, check=False)
    if r.returncode not in (0, 1):
        return None, r.stderr.decode(errors="replace")
    try:
        return json.loads(r.stdout.decode("utf-8")), r.stderr.decode(errors="replace")
    except ValueError:
        return None, "bad json: " + r.stdout[:200].decode(errors="replace")


def changed_span(old, new):
    p = 0
    while p < len(old) and p < len(new) and old[p] == new[p]:
        p += 1
    s = 0
    while s < len(old) - p and s < len(new) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    return p, len(old) - s


def block_of(lines, i):
    """0-based first/last line of the paragraph (non-blank run) holding line i."""
    a = i
    while a > 0 and lines[a - 1].strip():
        a -= 1
    b = i
    while b + 1 < len(lines) and lines[b + 1].strip():
        b += 1
    return a, b


QUOTE = re.compile(r"'([^']{2,200})'")


def quotes_overlap(msg, old, a, b):
    """Does a quoted piece of the message occur in old overlapping [a, b)?"""
    for q in QUOTE.findall(msg):
        q = q.strip()
        if len(q) < 2:
            continue
        parts = [q] + [x for x in q.split("…") if len(x.strip()) >= 2]
        for part in parts:
            part = part.strip()
            start = old.find(part)
            while start >= 0:
                end = start + len(part)
                if (start < b and end > a) or (a == b and start <= a <= end):
                    return True
                start = old.find(part, start + 1)
    return False


def named_lines(f):
    """The lines a finding about several lines names in its message:
    'trailing whitespace on 4 lines of this block (6-9, 13)'."""
    m = re.search(r"on \d+ lines of this block \(([\d, -]+)\)", f.get("message", ""))
    out = set()
    for part in (m.group(1).split(", ") if m else []):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out


def about(f, pair, lines, span):
    """Is finding f about the changed text of pair?"""
    ol = pair["oldline"]  # 1-based
    line = f["line"]
    if ol - 1 >= len(lines):
        return False
    if ol in named_lines(f):
        return True
    first, last = block_of(lines, ol - 1)
    in_block = first + 1 <= line <= last + 1 or abs(line - ol) <= 1
    if not in_block:
        return False
    a, b = span
    old = lines[ol - 1]
    if f["check"] in LINE_CHECKS and abs(line - ol) <= 1:
        return True
    if line == ol:
        c = f["column"] - 1
        if a - WINDOW <= c <= b + WINDOW:
            return True
    return quotes_overlap(f.get("message", ""), old, a, b)


def half_of(path):
    """'tune' or 'held': the half of the sample a file belongs to."""
    return "tune" if hashlib.sha1(path.encode("utf-8")).digest()[0] % 2 == 0 else "held"


def load_pairs(corpus, half="all"):
    with open(os.path.join(corpus, "review-fixes.json"), encoding="utf-8") as f:
        pairs = json.load(f)
    if half != "all":
        pairs = [p for p in pairs if half_of(p["path"]) == half]
    return pairs


def env_for(args, work):
    env = dict(os.environ)
    env["LANG"] = "C.UTF-8"
    for k, sub in (("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config"),
                   ("XDG_DATA_HOME", "data")):
        env[k] = os.path.join(work, sub)
        os.makedirs(env[k], exist_ok=True)
    env.pop("YEOK_GLOSSARY_DIR", None)
    if args.glossary_dir:
        env["YEOK_GLOSSARY_DIR"] = os.path.abspath(args.glossary_dir)
    return env


def findings_for_sample(args, repo, pairs, env):
    """{(parent, path): (lines, findings)} for every old file of the sample."""
    groups = collections.defaultdict(list)
    for p in pairs:
        groups[(repo.bundle_commit(p["parent"]), p["path"])].append(p)
    out = {}
    by_rev = collections.defaultdict(list)
    for (rev, path) in groups:
        by_rev[rev].append(path)
    for rev in sorted(by_rev):
        repo.checkout(rev)
        for path in by_rev[rev]:
            text = repo.show(rev, path) or ""
            src = repo.english_rev(rev, path)
            fs, err = yeok_check(args.yeok, repo, path, src, env)
            if fs is None:
                print("score: %s at %s: %s" % (path, rev[:8], err.strip()), file=sys.stderr)
                fs = []
            out[(rev, path)] = (text.split("\n"), fs, src)
    return groups, out


def score(args):
    repo = Repo(args.corpus, args.work)
    pairs = load_pairs(args.corpus, args.half)
    print("half: %s (%d pairs, %d files)" % (args.half, len(pairs), len({p["path"] for p in pairs})))
    env = env_for(args, args.work)
    groups, res = findings_for_sample(args, repo, pairs, env)
    caught = collections.Counter()
    total = collections.Counter()
    by_check = collections.defaultdict(collections.Counter)
    misses = collections.defaultdict(list)
    for key, ps in groups.items():
        lines, fs, _src = res[key]
        for p in ps:
            span = changed_span(p["old"], p["new"])
            for name, labels, fit in ROWS + EXTRA:
                if not set(labels) & set(p["labels"]):
                    continue
                total[name] += 1
                hit = [f for f in fs if f["check"] in fit and about(f, p, lines, span)]
                if hit:
                    caught[name] += 1
                    for c in sorted({f["check"] for f in hit}):
                        by_check[name][c] += 1
                else:
                    misses[name].append(p)
    width = max(len(n) for n, _, _ in ROWS + EXTRA)
    print("%-*s  caught   share  by check" % (width, "category"))
    for name, _, _ in ROWS + EXTRA:
        if not total[name]:
            continue
        share = 100.0 * caught[name] / total[name]
        mark = "" if name in UNTARGETED or name.startswith("(extra)") else \
            ("  ok" if share >= 80 else "  BELOW 80%")
        checks = ", ".join("%s %d" % kv for kv in by_check[name].most_common())
        print("%-*s  %3d/%-3d  %5.1f%%  %s%s" % (width, name, caught[name], total[name], share,
                                               checks, mark))
    tgt = [n for n, _, _ in ROWS if n not in UNTARGETED and total[n]]
    print("targeted rows at >= 80%%: %d of %d; at >= 75%%: %d of %d" %
          (sum(1 for n in tgt if caught[n] * 5 >= total[n] * 4), len(tgt),
           sum(1 for n in tgt if caught[n] * 4 >= total[n] * 3), len(tgt)))
    # Overall: every pair of a targeted row counted once (caught by any row).
    pc = pt = 0
    for key, ps in groups.items():
        lines, fs, _src = res[key]
        for p in ps:
            rows = [(n, fit) for n, labels, fit in ROWS
                    if n not in UNTARGETED and set(labels) & set(p["labels"])]
            if not rows:
                continue
            pt += 1
            span = changed_span(p["old"], p["new"])
            if any(f["check"] in fit and about(f, p, lines, span) for _n, fit in rows for f in fs):
                pc += 1
    print("targeted overall: %d/%d  %.1f%%" % (pc, pt, 100.0 * pc / max(pt, 1)))
    if args.misses:
        for name, ps in misses.items():
            if name in UNTARGETED:
                continue
            print("\n== missed: %s" % name)
            for p in ps:
                print("  %s:%d %s\n    - %s\n    + %s" % (p["path"], p["oldline"], p["commit"],
                                                     p["old"][:160], p["new"][:160]))
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            for key, (lines, fs, src) in sorted(res.items()):
                for x in fs:
                    f.write("%s@%s\t%d:%d\t%s\t%s\n" % (key[1], key[0][:8], x["line"], x["column"],
                                                       x["check"], x["message"]))


def polished_files(repo, pairs):
    """The .rst files of master whose last change is from 2025, translated,
    with no review-fix pair dated after that change: the 5 most recent."""
    cand = []
    for path in git(repo.dir, "ls-tree", "-r", "--name-only", "origin/master").stdout.decode().split():
        if not path.endswith(".rst") or "_source/" not in path:
            continue
        last = git(repo.dir, "log", "-1", "--format=%H %cs", "origin/master", "--", path).stdout.decode().split()
        if len(last) != 2 or not last[1].startswith("2025"):
            continue
        text = repo.show("origin/master", path) or ""
        if is_english(text):
            continue
        later = [p for p in pairs if p["path"] == path and p["date"] > last[1]]
        if later:
            continue
        cand.append((last[1], path))
    cand.sort(reverse=True)
    return cand[:5]


def master_files(repo):
    """Every translated tutorial (.rst, .py under *_source/) of origin/master."""
    cand = []
    for path in git(repo.dir, "ls-tree", "-r", "--name-only", "origin/master").stdout.decode().split():
        if not (path.endswith(".rst") or path.endswith(".py")) or "_source/" not in path:
            continue
        text = repo.show("origin/master", path) or ""
        if is_english(text):
            continue
        last = git(repo.dir, "log", "-1", "--format=%cs", "origin/master", "--", path).stdout.decode().strip()
        cand.append((last, path))
    cand.sort(key=lambda x: x[1])
    return cand


def precision(args):
    repo = Repo(args.corpus, args.work)
    pairs = load_pairs(args.corpus)
    env = env_for(args, args.work)
    files = polished_files(repo, pairs) if args.files == "recent5" else master_files(repo)
    repo.checkout("origin/master")
    allf = []
    nlines = 0
    for date, path in files:
        text = repo.show("origin/master", path) or ""
        n = len(text.splitlines())
        nlines += n
        src = repo.english_rev("origin/master", path)
        fs, err = yeok_check(args.yeok, repo, path, src, env)
        fs = fs or []
        sp = sum(1 for f in fs if f["check"] == "spelling")
        print("%s  %s  %d lines  %d findings, %d spelling (English %s)" %
              (date, path, n, len(fs), sp, (src or "none")[:8]))
        allf += fs
    c = collections.Counter(f["check"] for f in allf)
    sp = c["spelling"]
    print("total %d lines: %d findings (%s)" % (nlines, len(allf),
                                                ", ".join("%s %d" % kv for kv in c.most_common())))
    print("findings per 20 lines: %.2f" % (20.0 * len(allf) / max(nlines, 1)))
    print("spelling per 200 lines: %.2f" % (200.0 * sp / max(nlines, 1)))
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            for x in allf:
                f.write("%s:%d:%d\t%s\t%s\t%s\n" % (x["file"], x["line"], x["column"], x["severity"],
                                                   x["check"], x["message"]))
    rnd = random.Random(args.seed)
    sample = rnd.sample(allf, min(args.sample, len(allf)))
    print("\nrandom sample of %d findings (seed %d):" % (len(sample), args.seed))
    for i, x in enumerate(sample, 1):
        path = os.path.join(repo.dir, x["file"])
        with open(path, encoding="utf-8", errors="replace") as fh:
            src_line = fh.read().split("\n")[x["line"] - 1]
        print("%2d. %s:%d:%d [%s] %s\n      | %s" % (i, x["file"], x["line"], x["column"],
                                                  x["check"], x["message"][:200], src_line[:200]))


def rules(args):
    repo = Repo(args.corpus, args.work)
    pairs = load_pairs(args.corpus, args.half)
    env = env_for(args, args.work)
    _groups, res = findings_for_sample(args, repo, pairs, env)
    seen = set()
    byrule = collections.defaultdict(list)
    for (rev, path), (lines, fs, _src) in sorted(res.items()):
        for f in fs:
            if f["check"] != args.rules:
                continue
            line = lines[f["line"] - 1] if f["line"] - 1 < len(lines) else ""
            key = (path, line, f["column"], f["message"])
            if key in seen:
                continue
            seen.add(key)
            m = re.search(r"\((?:style )?rule ([a-z0-9-]+)\)", f["message"])
            rule = m.group(1) if m else f["message"].split("'")[0][:40]
            byrule[rule].append((path, f["line"], f["column"], f["message"], line))
    for rule, xs in sorted(byrule.items()):
        print("== rule %s: %d distinct findings" % (rule, len(xs)))
        for path, ln, col, msg, line in xs:
            print("  %s:%d:%d %s\n      | %s" % (path, ln, col, msg[:160], line.strip()[:160]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    top = os.path.dirname(os.path.dirname(here))
    ap.add_argument("--yeok", default=os.path.join(top, "yeok"))
    ap.add_argument("--corpus", default=os.environ.get("CORPUS", os.path.join(top, "..", "shared", "corpus")))
    ap.add_argument("--work", default="/tmp/yeok-score")
    ap.add_argument("--glossary-dir", help="set YEOK_GLOSSARY_DIR (default: unset)")
    ap.add_argument("--dump", help="write every finding to this file")
    ap.add_argument("--misses", action="store_true", help="list the pairs not caught")
    ap.add_argument("--precision", action="store_true", help="measure on the polished files")
    ap.add_argument("--rules", metavar="CHECK", help="list CHECK's findings by rule")
    ap.add_argument("--half", choices=("tune", "held", "all"), default="all",
                    help="the pairs of one half of the sample (split by file)")
    ap.add_argument("--files", choices=("recent5", "master"), default="recent5",
                    help="--precision: which polished files")
    ap.add_argument("--sample", type=int, default=40, help="--precision: findings drawn")
    ap.add_argument("--seed", type=int, default=17, help="--precision: the draw's seed")
    args = ap.parse_args()
    args.yeok = os.path.abspath(args.yeok)
    args.corpus = os.path.abspath(args.corpus)
    if not os.path.exists(os.path.join(args.corpus, "review-fixes.json")):
        print("skipped: no corpus")
        return 0
    if args.precision:
        precision(args)
    elif args.rules:
        rules(args)
    else:
        score(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
