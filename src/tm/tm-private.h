/* Private to src/tm: the connection, SQL helpers, the tokenizer, the pair
 * adapter. */
#ifndef YEOK_TM_PRIVATE_H
#define YEOK_TM_PRIVATE_H

#include <sqlite3.h>

#include "yeok/tm.h"

/* The prepared statements of a connection (made on first use). */
typedef enum TmStmt {
	Q_EXACT,      /* ids of segments with kh = ?1 */
	Q_ROW,        /* one segment by id */
	Q_DF,         /* df of a word */
	Q_FTS,        /* candidates: MATCH ?1, nw BETWEEN ?2 AND ?3 */
	Q_INSERT,     /* a segment */
	Q_FTS_INSERT, /* its FTS row */
	Q_DF_ADD,     /* words.df += ?2 for word ?1 (upsert) */
	Q_DUP,        /* is (kh, key, ko, file, line) there already? */
	Q_RENDER,     /* the renderings of kh */
	Q_COUNT
} TmStmt;

struct Tm {
	sqlite3 *db;
	char *path;
	bool writable;
	int lock;            /* the writer lock a writable tm_open took (tm_close
	                        releases it), or -1 */
	uint64_t deadline;   /* now_ns() past which a lookup is interrupted, 0: none */
	sqlite3_stmt *st[Q_COUNT];
};

/* How long one lookup (tm_lookup, tm_renderings) may take before it is
 * stopped: far more than a lookup of the largest memory needs (a few
 * ms), so only a database that makes SQLite loop reaches it. */
#define TM_QUERY_MS 5000
/* yeok's SQLite application id (the header's bytes 68-71): "yeok". */
#define TM_APP_ID 0x79656f6b

/* Bound one lookup: start the deadline; at the end, a failure past it
 * becomes "took longer than ..." (EXIT_DATAERR).  Returns ok. */
void tm_deadline_start(Tm *tm);
bool tm_deadline_end(Tm *tm, bool ok, Err *e);

/* Open path (flags: SQLITE_OPEN_*) as a Tm, hardened (no triggers, views,
 * untrusted schema functions; lookups bounded); with check_schema only a
 * memory yeok wrote (header and exact schema, then the version).  No
 * writer lock.  NULL with e filled on failure. */
Tm *tm_open_flags(const char *path, int flags, bool check_schema, Err *e);
/* Run SQL (no results); false with e filled (code from the error). */
bool tm_exec(Tm *tm, const char *sql, Err *e);
/* The statement k, prepared once and reset. */
sqlite3_stmt *tm_stmt(Tm *tm, TmStmt k, Err *e);
/* Fill e from the connection's last error; returns false. */
bool tm_sql_err(Tm *tm, int rc, const char *what, Err *e);
/* meta values ("" when unset; caller frees). */
char *tm_meta_get(Tm *tm, const char *key);
bool tm_meta_set(Tm *tm, const char *key, const char *value, Err *e);
/* Create the tables of TM_SCHEMA_VERSION in an empty database. */
bool tm_schema_create(Tm *tm, Err *e);

/* ---- text -------------------------------------------------------------- */

/* The exact-match key: NFC, whitespace runs made one space, trimmed. */
void tm_key(const char *s, size_t n, Buf *out);
int64_t tm_key_hash(const char *key, size_t n);
/* Valid UTF-8 without control characters other than tab and LF. */
bool tm_text_storable(const char *s, size_t n);

typedef enum TokKind {
	TOK_WORD,   /* a run of letters (case-folded hash) */
	TOK_NUM,    /* digits, with inner . or , between digits */
	TOK_PLACE,  /* ``literal``, :role:`x`, a URL */
	TOK_PUNCT,  /* any other character that is not a space */
} TokKind;

typedef struct Tok {
	size_t off, len;
	TokKind kind;
	uint64_t h; /* hash of the (case-folded, for words) text */
} Tok;
typedef VEC(Tok) TokVec;

/* Tokenize s[0..n) (out replaced). */
void tm_tokenize(const char *s, size_t n, TokVec *out);
/* OmegaT's similarity over the tokens of a and b that pass keep (NULL:
 * all): 100 * (max - ld) / max; 0 when both are empty. */
int tm_similarity(const TokVec *a, const TokVec *b, bool words_only);
/* Number of TOK_WORD tokens. */
size_t tm_word_count(const TokVec *t);

/* ---- building ----------------------------------------------------------- */

/* One kept segment of a document pair. */
typedef struct TmPair {
	char *en, *ko;    /* owned */
	long line;        /* the Korean's first line, 1-based */
	const char *kind; /* rst_kind_name */
} TmPair;
typedef VEC(TmPair) TmPairVec;

/* The confident prose pairs of the English en and the Korean ko of the
 * repository file path (the one adapter in front of the segmenter and the
 * aligner).  False (nothing added) for a file type it cannot read yet
 * (.py) and for a pair where under half of the English blocks found a
 * partner.  *dropped counts prose segments left out. */
bool tm_pairs(const char *path, const char *en, size_t en_n, const char *ko, size_t ko_n,
              TmPairVec *out, size_t *dropped);
void tm_pairs_release(TmPairVec *v);
/* The text of blocks [first, first + n) (rst_block_text), joined by a
 * blank line: a segment side as the memory stores it.  Caller frees. */
struct Lines;
struct RstDoc;
char *tm_blocks_text(const struct Lines *l, const struct RstDoc *d, size_t first, size_t n);

/* A word-frequency table (words of 3+ letters, case-folded). */
typedef struct TmWords TmWords;
TmWords *tm_words_new(void);
void tm_words_free(TmWords *w);
/* Count the distinct words of text once. */
void tm_words_add_text(TmWords *w, const char *s, size_t n);
/* Write every count into the words table (df += count). */
bool tm_words_flush(TmWords *w, Tm *tm, Err *e);
/* The distinct words of s (folded, 3+ letters), each NUL-terminated, for
 * decrementing and for queries; caller frees with tm_strv_free. */
char **tm_words_of(const char *s, size_t n, size_t *count);
void tm_strv_free(char **v, size_t n);

/* Insert one segment (FTS row and df counts through words, if non-NULL,
 * else directly); returns its id or 0 on error. */
typedef struct TmSegIn {
	const char *en, *ko, *file, *kind, *commit, *author;
	long line;
	long long date;
	int origin;   /* 0 repository, 1 import */
} TmSegIn;
long long tm_insert(Tm *tm, const TmSegIn *s, TmWords *words, Err *e);
/* Delete the segments of file (FTS rows and df counts too); *n removed. */
bool tm_delete_file(Tm *tm, const char *file, size_t *n, Err *e);

/* mkdir -p */
bool tm_mkdirs(const char *dir, Err *e);

/* Lock PATH.lock for writing (non-blocking); fd or -1 with e filled. */
int tm_lock(const char *db, Err *e);
void tm_unlock(int fd);

#endif
