/*
 * util — the bottom layer: allocation, strings, vectors, errors, file I/O,
 * hashing.  Depends on libc only.  Every other module may include it.
 *
 * Conventions used across yeok (STYLE.md):
 *   - Allocation never fails: x*alloc() ends the program through fatal().
 *   - Recoverable errors return false and fill an Err (message names the
 *     input and place: "tutorial.rst:42: unterminated literal block").
 *   - Programmer errors are BUG_ON(); unrecoverable ones call fatal().
 *   - Str is a borrowed slice (never freed by its holder); Buf owns its bytes.
 */
#ifndef YEOK_UTIL_H
#define YEOK_UTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdnoreturn.h>
#include <sys/types.h>

#define YEOK_VERSION "0.1.0"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* ---- exit codes (sysexits.h values, DESIGN.md §3) ---------------------- */
enum {
	EXIT_FINDINGS = 1, /* yeok check found errors */
	EXIT_USAGE = 64,
	EXIT_DATAERR = 65,
	EXIT_NOINPUT = 66,
	EXIT_IOERR = 74,
	EXIT_CONFIG = 78,
};

/* ---- fatal errors and programmer errors -------------------------------- */

/* Register the function fatal() calls before printing (the UI restores the
 * terminal there).  One hook; NULL removes it. */
void fatal_set_hook(void (*hook)(void));
/* Run the hook (once), print "yeok: MESSAGE" to stderr, exit(70). */
noreturn void fatal(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* BUG_ON(cond): a broken invariant.  Active unless NDEBUG. */
#ifdef NDEBUG
#define BUG_ON(cond) ((void)0)
#else
#define BUG_ON(cond) \
	((cond) ? fatal("BUG: %s:%d: %s", __FILE__, __LINE__, #cond) : (void)0)
#endif

/* ---- allocation (never returns NULL) ----------------------------------- */
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
/* Grow an array to hold at least `need` elements of `size` bytes. */
void *xgrow(void *p, size_t *cap, size_t need, size_t size);
/* The same, growing by an eighth (at least to need), not by doubling. */
void *xgrow_eighth(void *p, size_t *cap, size_t need, size_t size);
/* p (cap elements of size bytes) reallocated to XFIT_ROOM(n) elements
 * when cap > n + n / 8 + 64 (*cap updated); else p as it is.  The room
 * past n (1/64 and 16) lets the first edits of a fitted table grow it in
 * place: fitted to exactly n, the first element added copied the whole
 * table (an 18-27 MB realloc, 5-10 ms, on the first newline at 1M lines). */
#define XFIT_ROOM(n) ((n) + (n) / 64 + 16)
void *xfit(void *p, size_t n, size_t *cap, size_t size);
/* Fault in the pages of p[0..n) at once, for memory about to be written
 * whole (a read buffer, a table filled right away): one system call, not
 * a trap a 4 KB page.  On the measured machine a fresh page costs ~3.5 us
 * touched, ~2.5 us faulted in so (the kernel still zeroes it).  A hint:
 * nothing for less than XPREFAULT_MIN bytes, nothing where the system has
 * no such call (Linux < 5.14), the contents unchanged. */
#define XPREFAULT_MIN (1u << 20)
void xprefault(void *p, size_t n);
char *xstrdup(const char *s);
char *xmemdup0(const void *p, size_t n); /* copy n bytes, NUL-terminate */
char *xasprintf(const char *fmt, ...) PRINTF_LIKE(1, 2);
char *xvasprintf(const char *fmt, va_list ap) PRINTF_LIKE(1, 0);

/* ---- Err: a recoverable error ------------------------------------------ */
typedef struct Err {
	int code;      /* exit status for the CLI (EXIT_*), 0 when unset */
	char msg[1024]; /* "FILE:LINE: message", no "yeok: " prefix */
} Err;

void err_init(Err *e);
/* Fill e (if non-NULL) and return false, so handlers end with
 * `return err_set(e, EXIT_DATAERR, "%s:%d: ...", ...)`. */
bool err_set(Err *e, int code, const char *fmt, ...) PRINTF_LIKE(3, 4);
/* strerror(err), and for EFBIG what limit it is ("File too large (past
 * the file size limit, ulimit -f)"): yeok ignores SIGXFSZ (main.c), so a
 * write past RLIMIT_FSIZE fails with EFBIG and is said like any other. */
const char *err_errno_text(int err);
/* Prefix the message already in e with "PREFIX: " (for context). */
void err_prefix(Err *e, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* ---- Str: a borrowed slice (pointer + length, not NUL-terminated) ------- */
typedef struct Str {
	const char *p;
	size_t n;
} Str;

#define STR_LIT(s) ((Str){(s), sizeof(s) - 1})
Str str_from(const char *s); /* NULL gives the empty slice */
Str str_slice(Str s, size_t from, size_t to);
bool str_eq(Str a, Str b);
bool str_eq_cstr(Str a, const char *b);
bool str_starts_with(Str s, const char *prefix);
bool str_ends_with(Str s, const char *suffix);
Str str_trim(Str s);       /* spaces, tabs, CR, LF at both ends */
Str str_trim_right(Str s); /* spaces, tabs, CR, LF at the end */
/* Offset of needle in s, or -1. */
ptrdiff_t str_find(Str s, Str needle);
char *str_dup(Str s); /* a NUL-terminated copy */

/* ---- Buf: an owning, growable, always NUL-terminated byte buffer -------- */
typedef struct Buf {
	char *p;    /* NULL only while cap == 0; p[len] == '\0' otherwise */
	size_t len; /* bytes in use, excluding the terminator */
	size_t cap; /* allocated bytes */
} Buf;

#define BUF_INIT {NULL, 0, 0}
void buf_init(Buf *b);
void buf_release(Buf *b);             /* free the bytes; b is empty again */
void buf_clear(Buf *b);               /* len = 0, keep the allocation */
void buf_grow(Buf *b, size_t extra);  /* room for extra more bytes */
void buf_add(Buf *b, const void *p, size_t n);
void buf_adds(Buf *b, const char *s);
void buf_addstr(Buf *b, Str s);
void buf_addc(Buf *b, char c);
void buf_addf(Buf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);
void buf_vaddf(Buf *b, const char *fmt, va_list ap) PRINTF_LIKE(2, 0);
void buf_insert(Buf *b, size_t at, const void *p, size_t n);
void buf_remove(Buf *b, size_t at, size_t n);
/* Hand the bytes to the caller (never NULL; "" when empty); b is empty. */
char *buf_detach(Buf *b);
/* A grown buffer kept for long (a file's bytes) gives back its slack:
 * cut to its bytes when over an eighth and 4 KiB more. */
void buf_fit(Buf *b);
Str buf_str(const Buf *b);
/* Append s as a JSON string literal with quotes (control characters,
 * quotes and backslashes escaped; invalid UTF-8 bytes become U+FFFD). */
void buf_add_json_str(Buf *b, Str s);

/* ---- vectors ------------------------------------------------------------
 * A typed vector is a struct { T *v; size_t n, cap; }.  Declare one with
 * `typedef VEC(Block) BlockVec;`, zero-initialize it, push with
 * `VEC_PUSH(&vec, x)`, free with `VEC_FREE(&vec)`.
 */
#define VEC(T)              \
	struct {            \
		T *v;       \
		size_t n;   \
		size_t cap; \
	}
#define VEC_RESERVE(vec, need) \
	((vec)->v = xgrow((vec)->v, &(vec)->cap, (need), sizeof(*(vec)->v)))
/* The same for a table sized exactly and then kept (view segments): room
 * for need grows it by an eighth, not by doubling. */
#define VEC_RESERVE_EIGHTH(vec, need) \
	((vec)->v = xgrow_eighth((vec)->v, &(vec)->cap, (need), sizeof(*(vec)->v)))
#define VEC_PUSH(vec, x) \
	(VEC_RESERVE((vec), (vec)->n + 1), (vec)->v[(vec)->n++] = (x))
/* Cut the array of vec to XFIT_ROOM(n) elements when more than an eighth
 * of it is spare (a table built by doubling and then kept: blocks,
 * segments). */
#define VEC_FIT(vec) ((vec)->v = xfit((vec)->v, (vec)->n, &(vec)->cap, sizeof(*(vec)->v)))
#define VEC_FREE(vec) \
	(free((vec)->v), (vec)->v = NULL, (vec)->n = (vec)->cap = 0)

/* ---- files ------------------------------------------------------------- */

/* Reading files.  Every file yeok reads is opened without blocking
 * (O_NONBLOCK: a FIFO never hangs the open) and must be a regular file
 * (fstat after open): a FIFO, a device, a socket or a directory is refused
 * with a message naming the path and what it is.  Each kind of file has a
 * size limit; a larger file is refused, never read.
 * Errors: EXIT_NOINPUT (missing, no permission, not a regular file, a
 * refused link), EXIT_DATAERR (too large), EXIT_IOERR (read error). */
enum {
	FILE_NOFOLLOW = 1, /* a symbolic link is refused: side files (sidecar,
	                      journal, snapshot, .yeok-words) are never followed */
};
#define FILE_MAX_BYTES (256u << 20) /* file_read's limit: documents, sources */
bool file_read_limit(const char *path, size_t max, unsigned flags, Buf *out, Err *e);
/* file_read_limit(path, FILE_MAX_BYTES, 0, out, e). */
bool file_read(const char *path, Buf *out, Err *e);

/* Write data to path atomically: a temporary file `.NAME.yeok-XXXXXX` in
 * the same folder (FILE_TEMP_INFIX), fsync, rename over path, fsync the
 * folder.  For the document the user named:
 *   - a symlink is followed: the file it points at is replaced and the
 *     link stays;
 *   - the target must be a regular file (a device, FIFO or socket is
 *     refused, EXIT_NOINPUT);
 *   - its mode is kept, and its owner and group where permitted (fchown);
 *   - a target with more than one hard link is written in place (its
 *     inode, and so every link, keeps the new text): the new text goes to
 *     the temporary file first (fsync), the space is reserved
 *     (posix_fallocate), then the file is overwritten and truncated
 *     (fsync), and the temporary file is removed; if that fails half-way
 *     the temporary file keeps the complete new text and the message says
 *     where.
 * On failure the original is untouched and no temporary file is left.
 * Errors: EXIT_IOERR with the reason (strerror). */
bool file_write_atomic(const char *path, const void *data, size_t n, Err *e);
/* The same for a side file (sidecar, snapshot, .yeok-words): a symlink is
 * never followed but refused (EXIT_NOINPUT, "a symbolic link ..."), as is
 * anything but a regular file; a hard link is replaced (the other links
 * keep the old text). */
bool file_write_side(const char *path, const void *data, size_t n, Err *e);

/* fsync a folder (best effort): what was renamed or removed in it stays so
 * after a power cut. */
void file_sync_dir(const char *dir);

/* The infix of yeok's temporary files: `.NAME` FILE_TEMP_INFIX `XXXXXX`. */
#define FILE_TEMP_INFIX ".yeok-"
/* Remove what a killed save left beside path: regular files named
 * `.NAME.yeok-XXXXXX` (NAME the base name of path, or of path plus one of
 * the suffixes, NULL-terminated) owned by this user.  Returns how many were
 * removed.  Call only while no other yeok can be saving path (the
 * journal lock is held). */
size_t file_remove_stale_temps(const char *path, const char *const *suffixes);

/* Test hook: when set, file_write_atomic() fails with this errno before
 * writing anything (simulates a full disk).  0 disables. */
extern int file_inject_write_errno;

/* A file of yeok's cache: $XDG_CACHE_HOME/yeok/FOLDER/HEX.txt, HEX the
 * FNV-1a of key (XDG_CACHE_HOME when absolute, else ~/.cache); NULL when
 * neither is set.  Caller frees. */
char *cache_file_path(const char *folder, const char *key);
/* Write a cache file atomically, its folders made (0700); false when it
 * cannot be (a cache: the caller goes on without). */
bool cache_file_write(const char *path, const void *data, size_t n);

bool file_exists(const char *path);
/* Directory part of path ("." when none); caller frees. */
char *path_dirname(const char *path);
/* Last component of path (borrowed). */
const char *path_basename(const char *path);
/* Join dir and name with one '/'; caller frees. */
char *path_join(const char *dir, const char *name);

/* The work tree path lies in by the file system: the real path of the
 * nearest folder at or above path's own folder (its real path; a link at
 * path itself is not followed) that holds a `.git` (a folder, or the file
 * of a worktree or submodule); NULL when there is none.  Whatever git's
 * configuration says (a repository's `core.worktree=/` cannot widen it).
 * Caller frees. */
char *path_worktree_top(const char *path);
/* Does p — its real path; for a path that does not exist yet, its
 * folder's real path — lie at or below the folder real_top (a real path)? */
bool path_real_inside(const char *real_top, const char *p);
/* Is path a symbolic link whose target lies outside the work tree that
 * holds the link (path_worktree_top; outside every work tree: false)?
 * True with e saying so (EXIT_NOINPUT): such a link is never written
 * through (file_write_atomic), the editor opens it read-only and the
 * repository view leaves it out. */
bool path_link_leaves_tree(const char *path, Err *e);

/* ---- hashing ----------------------------------------------------------- */
uint64_t hash_fnv1a(const void *p, size_t n);
/* A 64-bit hash of n bytes taken 8 at a time (FNV-1a takes them one by
 * one: a multiply's latency per byte): for equality in memory only (its
 * values are not stored anywhere and may differ between builds'
 * endianness). */
uint64_t hash_words(const void *p, size_t n);

/* ---- shared strings -------------------------------------------------------
 * A StrPool keeps one copy of equal strings and counts their holders (the
 * editor's findings: 66,527 messages at 100k lines, 2,993 distinct).
 * strpool_take(p, s): s is a string of the caller's (malloc'd; freed when
 * an equal one is in the pool) or a string of the pool the caller holds;
 * gives the pool's copy, of which the caller now holds one reference.
 * strpool_drop gives a reference back (the copy freed with its last).
 * NULL passes through both.  strpool_release frees every copy. */
typedef struct StrPoolEntry {
	char *s;       /* NULL: an empty slot */
	uint32_t refs; /* holders of s */
	uint32_t hash; /* of s's bytes */
} StrPoolEntry;
typedef struct StrPool {
	StrPoolEntry *v; /* cap slots (a power of two, at most half full) */
	size_t cap, n;   /* slots, strings */
} StrPool;
void strpool_init(StrPool *p);
void strpool_release(StrPool *p);
char *strpool_take(StrPool *p, char *s);
void strpool_drop(StrPool *p, char *s);
/* The references to s, a string of the pool (0: not the pool's). */
uint32_t strpool_refs(const StrPool *p, const char *s);
bool strpool_check(const StrPool *p, Err *e);
/* SHA-256 of data as 64 lowercase hex digits plus NUL into out[65]. */
void sha256_hex(const void *data, size_t n, char out[65]);
/* The same in pieces: init, update with the bytes in order, final. */
typedef struct Sha256 {
	uint32_t h[8];
	uint64_t n;            /* bytes so far */
	unsigned char buf[64]; /* the incomplete block */
	size_t fill;
} Sha256;
void sha256_init(Sha256 *c);
void sha256_update(Sha256 *c, const void *data, size_t n);
void sha256_final_hex(Sha256 *c, char out[65]);
/* True when the processor's SHA instructions are used. */
bool sha256_accelerated(void);
/* Tests: on, the portable code only (to compare both); off, the best. */
void sha256_use_portable(bool on);

/* ---- numbers ----------------------------------------------------------- */
/* Parse a decimal integer in [min, max]; whole string; no sign unless
 * min < 0.  Returns false on anything else. */
bool parse_long(const char *s, long min, long max, long *out);

/* Command-line options: the value of option `name` at argv[*i]
 * ("--name VALUE", which consumes argv[*i + 1], or "--name=VALUE"), or
 * NULL when argv[*i] is not that option.  *missing is set (and "" returned)
 * when the value is absent. */
const char *argv_opt_value(int argc, char **argv, int *i, const char *name, bool *missing);

/* Monotonic clock in nanoseconds (benchmarks, journal timing). */
uint64_t now_ns(void);
/* CPU time in nanoseconds: of the whole process, or (thread) of the
 * calling thread; 0 when the clock is missing. */
uint64_t cpu_ns(bool thread);

#include "yeok/banned.h"

#endif
