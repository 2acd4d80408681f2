#!/usr/bin/env python3
"""Exported functions that are dead or should be static (tests/layering.sh).

A function declared in include/yeok/*.h and defined in src/ is "dead" when
no file but its definition's names it, "local" when only that file does
(tests and benchmarks count as users; the header's own macros too)."""
import re, glob, os, sys
hdrs = glob.glob('include/yeok/*.h')
srcs = glob.glob('src/**/*.[ch]', recursive=True) + glob.glob('tests/**/*.[ch]', recursive=True)
def strip(t):
    t = re.sub(r'/\*.*?\*/', ' ', t, flags=re.S)
    t = re.sub(r'//[^\n]*', ' ', t)
    return t
text = {f: strip(open(f, errors='replace').read()) for f in srcs + hdrs}
decl = {}
for h in hdrs:
    t = text[h]
    # drop static inline function bodies and macros
    t2 = re.sub(r'static inline[^{;]*\{.*?\n\}', ' ', t, flags=re.S)
    t2 = re.sub(r'#define[^\n]*(\\\n[^\n]*)*', ' ', t2)
    for m in re.finditer(r'^[A-Za-z_][\w \*]*?\b([a-z_][a-z0-9_]*)\s*\([^;{]*\)\s*;', t2, re.M):
        if m.group(0).lstrip().startswith(('typedef', 'return')):
            continue
        decl[m.group(1)] = h
words = {}
for f, t in text.items():
    for w in set(re.findall(r'\b[a-z_][a-z0-9_]*\b', t)):
        words.setdefault(w, []).append(f)
dead, local = [], []
for name, h in sorted(decl.items()):
    users = [f for f in words.get(name, []) if f != h]
    defs = [f for f in users if f.endswith('.c') and re.search(r'^[A-Za-z_][\w \*]*?\b' + name + r'\s*\([^;]*?\)\s*\{', text[f], re.M)]
    others = [f for f in users if f not in defs]
    if not defs or len(re.findall(r'\b' + name + r'\b', text[h])) > 1:
        continue  # defined elsewhere (a library), or used by the header's macros
    if not others and len(re.findall(r'\b' + name + r'\b', text[defs[0]])) <= 1:
        dead.append('%s (%s, %s)' % (name, h, defs[0]))
    elif not others:
        local.append('%s (%s, only %s)' % (name, h, defs[0]))
for x in dead: print('dead', x)
for x in local: print('local', x)
