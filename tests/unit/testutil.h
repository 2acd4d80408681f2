/* Shared helpers for the cmocka unit tests. */
#ifndef YEOK_TESTUTIL_H
#define YEOK_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "yeok/rst.h"
#include "yeok/util.h"

/* The corpus folder ($CORPUS, else ../shared/corpus from the tree).  The
 * helpers that read it (tu_read of a path in it, tu_corpus_file,
 * tu_corpus_pairs, tu_py_pairs, tu_py_file) skip the test, saying so, when
 * there is no corpus at all. */
const char *tu_corpus(void);
/* Is the corpus there (its MANIFEST.tsv)?  Else prints why the test is
 * skipped ("skipped: no corpus at DIR (CORPUS= points at it)"). */
bool tu_have_corpus(void);
/* Read a file (fails the test when it cannot); caller frees. */
char *tu_read(const char *path, size_t *n);
/* Read corpus file NAME (e.g. "beginner_source__colab.en.rst"). */
char *tu_corpus_file(const char *name, size_t *n);
/* The names of the 30 pairs (without .en.rst), NULL-terminated. */
char **tu_corpus_pairs(void);
/* The .py pairs of the corpus (py/NAME.en.py, py/NAME.ko.py): whether
 * they are there (else prints "skipped: no corpus"), their NAMEs sorted
 * and NULL-terminated, and one file of a pair (side "en" or "ko"). */
bool tu_have_py_corpus(void);
char **tu_py_pairs(void);
char *tu_py_file(const char *name, const char *side, size_t *n);
void tu_free_list(char **list);
/* A fresh temporary folder (removed at exit); caller frees the path. */
char *tu_tmpdir(void);
/* Write data to dir/name; returns the path (caller frees). */
char *tu_write(const char *dir, const char *name, const char *data, size_t n);

/* Run a shell command (printf-style) in folder dir, output discarded;
 * fails the test when it exits non-zero. */
void tu_sh(const char *dir, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* A generated pair of about n blocks a side (titles of three levels,
 * prose, lists, code; the translation drops, adds, joins and retitles
 * some), appended to en and ko; the same for the same seed. */
void tu_gen_pair(size_t n, uint64_t seed, Buf *en, Buf *ko);

/* Do blocks a and b agree in every field (names, arguments and bullets by
 * their bytes)?  False with *at the first index that differs (or the
 * shorter count). */
bool tu_blocks_equal(const RstDoc *a, const RstDoc *b, size_t *at);

#endif
