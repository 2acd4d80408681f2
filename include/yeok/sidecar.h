/*
 * sidecar — FILE.yeok.yaml beside FILE: what a translator decided about a
 * document (DESIGN.md §4.1).  The model, its YAML reading and writing
 * (libyaml), the PR checklist and its status-line text, the segment key
 * hash, and the translator line (`**번역**: `NAME <URL>`_`) as a pure text
 * edit.
 *
 * The file, in the order it is written (keys in this stable order, then
 * any unknown top-level keys in the order they were read):
 *
 *   yeok: 1
 *   source: {git: COMMIT, path: REPO/PATH.rst, sha256: HEX}
 *                         # or {file: PATH, sha256: HEX}, {snapshot: PATH, sha256: HEX}
 *   checklist: {license: true, issue: 1132, type: translate}   # nulls when unset
 *   translator: {name: 홍길동, url: https://github.com/hong}
 *   cursor: {line: 41, column: 0}
 *   segments:
 *     - {source: 1f0c9a2e5b7d3c11, target: 9a0b..., status: done}
 *     - {source: ..., target: ..., status: done, old: "the English it was done against"}
 *     - source: ...            # stale after `yeok sync`: the old Korean kept as a hint
 *       target: ...
 *       status: draft
 *       old: "the English it was translated from"
 *       hint: "the Korean it had then (its lines, common indentation removed)"
 *   review:
 *     - {line: 12, segment: 1f0c9a2e5b7d3c11, text: "...", state: open}
 *     - {line: 14, last: 16, segment: ..., text: "제안", state: open, kind: suggestion}
 *     - {line: 20, segment: ..., text: "", state: approved, kind: mark}
 *     - {line: 31, segment: ..., text: "...", state: open, base: COMMIT, head: COMMIT,
 *        pr: 1132, target: KEY, id: 3}
 *     - {line: 31, segment: ..., text: "...", state: open, kind: reply, reply-to: 3}
 *     - {line: 0, segment: null, text: "", state: request-changes, kind: verdict,
 *        base: COMMIT, head: COMMIT, pr: 1132}
 *     - {line: 44, segment: null, text: "고쳤습니다", state: open, kind: reply,
 *        github: 1801234567}            # an answer to GitHub's comment 1801234567
 *     - {line: 44, segment: null, text: "", state: resolved, kind: github,
 *        github: 1801234567}
 *   verdict: request-changes        # the reviewer's overall verdict, when given
 *   allow: [레이어]                  # Korean words the glossary's avoided variants
 *                                   # may use in this document (F3 "allow here")
 *
 * Unknown keys — at the top level and inside source, checklist,
 * translator, cursor, every segment entry and every review entry — are
 * kept, in order, and written back after the known keys.
 *
 * Reading is defensive: at most sidecar_max_bytes() of the document beside
 * it (SIDECAR_MAX_BYTES, plus SIDECAR_BYTES_PER_DOC_BYTE for every byte of
 * the document, at most SIDECAR_MAX_TOTAL: a status on every segment of a
 * 1M-line document fits, a huge sidecar beside a small one is refused and
 * set aside with a message naming it), nesting at most
 * SIDECAR_MAX_DEPTH, anchors and aliases are refused (no alias expansion),
 * one document only, every value type-checked.  Any problem is an error
 * naming the file, line and column ("a.rst.yeok.yaml:3:10: ...").
 *
 * Ownership: a Sidecar owns all its strings (char * fields are xstrdup'ed
 * copies, NULL when unset).  Setters copy their arguments.
 *
 * Depends on util, text (UTF-8 validity), lines (translator line), ynode
 * (the bounded YAML reader and writer: ynode_limits_sidecar).
 */
#ifndef YEOK_SIDECAR_H
#define YEOK_SIDECAR_H

#include "yeok/lines.h"
#include "yeok/util.h"

#define SIDECAR_VERSION 1            /* the `yeok:` value written and read */
#define SIDECAR_MAX_BYTES (4u << 20) /* the bound for no document (4 MiB) */
#define SIDECAR_BYTES_PER_DOC_BYTE 16u /* ... plus this many per document byte */
#define SIDECAR_MAX_TOTAL (512u << 20) /* ... and never more (512 MiB) */
#define SIDECAR_MAX_DEPTH 32         /* deeper nesting is refused */
#define SIDECAR_SUFFIX ".yeok.yaml"  /* FILE + SIDECAR_SUFFIX */
#define SIDECAR_BAD_SUFFIX ".bad"    /* a corrupt sidecar is renamed FILE.yeok.yaml.bad */
#define SIDECAR_SNAPSHOT_SUFFIX ".yeok.src" /* byte snapshot of the English */

/* ---- segment keys ---------------------------------------------------------
 * A segment's statuses are stored under a key made from the text of its
 * source side: the first SIDECAR_KEY_LEN lowercase hex digits of the
 * SHA-256 of the text.  The text of a segment is the rst_block_text() of
 * each of its source blocks (indentation removed, trailing spaces dropped,
 * a title's text line only), joined with "\n\n".  Reproducible outside
 * yeok:  printf '%s' "$TEXT" | sha256sum | cut -c1-16
 */
#define SIDECAR_KEY_LEN 16
typedef struct SidecarKey {
	char hex[SIDECAR_KEY_LEN + 1]; /* "" when there is no key */
} SidecarKey;

/* The key of text (any bytes). */
SidecarKey sidecar_key(const char *text, size_t n);
/* True when s is a well-formed key (SIDECAR_KEY_LEN lowercase hex). */
bool sidecar_key_valid(const char *s);

/* ---- the model ------------------------------------------------------------ */

/* Unknown keys kept for rewriting: a mapping node (include/yeok/ynode.h). */
typedef struct YNode SidecarExtra;

typedef enum SidecarSourceKind {
	SIDECAR_SRC_NONE,     /* no record yet (first save writes one) */
	SIDECAR_SRC_GIT,      /* commit + path: `git show COMMIT:PATH` */
	SIDECAR_SRC_FILE,     /* path: an English file the user named (--source) */
	SIDECAR_SRC_SNAPSHOT, /* path: a byte copy yeok made (FILE.yeok.src) */
	SIDECAR_SRC_UPSTREAM, /* commit + path in the upstream repository
	                         (config.yaml `upstream:`): `upstream: ID` */
} SidecarSourceKind;

typedef struct SidecarSource {
	SidecarSourceKind kind;
	char *commit;     /* GIT, UPSTREAM: the full commit id (40 hex); else NULL */
	char *path;       /* GIT, UPSTREAM: path from the (upstream) repository's
	                     top level; FILE and
	                     SNAPSHOT: the file, relative to the sidecar's folder
	                     unless absolute.  NULL only when kind is NONE */
	char sha256[65];  /* SHA-256 of the English bytes; "" when unknown */
	SidecarExtra *extra;
} SidecarSource;

/* PR types, in the order of the template's four boxes. */
typedef enum PrType {
	PR_TYPE_NONE,      /* not chosen */
	PR_TYPE_FIX,       /* 오탈자를 수정하거나 번역을 개선하는 기여 */
	PR_TYPE_TRANSLATE, /* 번역되지 않은 튜토리얼을 번역하는 기여 */
	PR_TYPE_SYNC,      /* 공식 튜토리얼 내용을 반영하는 기여 */
	PR_TYPE_OTHER,     /* 위 종류에 포함되지 않는 기여 */
	PR_TYPE_COUNT
} PrType;

#define SIDECAR_ISSUE_MAX 999999999L

typedef struct Checklist {
	int license;  /* -1 not set, 0 no, 1 yes (라이선스 동의) */
	long issue;   /* 관련 이슈 번호: 1..SIDECAR_ISSUE_MAX, 0 when not set */
	PrType type;  /* PR 종류 */
	SidecarExtra *extra;
} Checklist;

/* What a translator decided about a segment.  `stale` is never stored:
 * it is derived when the stored source key no longer matches (see
 * include/yeok/progress.h). */
typedef enum SidecarMark {
	SIDECAR_DRAFT = 1,
	SIDECAR_DONE,
	SIDECAR_REVIEWED,
} SidecarMark;

typedef struct SidecarSeg {
	SidecarKey source; /* key of the source text the status was given for */
	SidecarKey target; /* key of the target text at that time ("" unknown) */
	SidecarMark mark;
	char *old;         /* the English it was done against, kept while the
	                      segment is stale (NULL otherwise) */
	char *hint;        /* (sync) the Korean the segment had before `yeok sync`
	                      wrote the new English in its place: the old target
	                      lines joined with LF, their common indentation
	                      removed; kept while the segment is stale (NULL
	                      otherwise).  An entry with a hint is stale whatever
	                      its mark (see include/yeok/progress.h). */
	SidecarExtra *extra;
} SidecarSeg;

/* A review entry (`yeok review`, and the translator's answers to a
 * pull request's comments).  kind (the `kind:` key, omitted for a plain
 * comment): NULL or "comment" — a remark; "suggestion" — text is the
 * replacement for lines line..last; "mark" — a segment mark, state
 * "approved" or "changes" (text unused); "verdict" — the review's verdict,
 * state "approve", "request-changes" or "comment" (line 0, text unused);
 * "reply" — an answer to entry reply_to (a local id) or to GitHub's
 * comment `github`; "github" — the state ("open", "resolved") of GitHub's
 * comment `github` as the translator keeps it.  Unknown kinds are kept.
 *
 * The range (`base:`, `head:` commit ids, `pr:`) says which review an
 * entry belongs to; an entry without any is from before ranges were
 * stored and belongs to every review.  target is the key of the text the
 * entry was made on (its head lines), so that a later review sees when
 * the segment changed since (outdated). */
typedef struct SidecarComment {
	long line;          /* target line, 1-based (0: not tied to a line) */
	long last;          /* last target line of a multi-line comment (0: just `line`) */
	SidecarKey segment; /* the segment's source key ("" none) */
	char *text;         /* the comment (never NULL) */
	char *state;        /* "open", "resolved", ... (never NULL) */
	char *kind;         /* NULL (a comment), "suggestion", "mark", ... */
	char *base;         /* the base commit (40 hex) of the review, or NULL */
	char *head;         /* the head commit (40 hex; HEAD's when the review's
	                       head was the working tree), or NULL */
	long pr;            /* the pull request's number (`--pr N`), 0: none */
	SidecarKey target;  /* key of the head text it was made on ("" unknown) */
	long id;            /* a local id other entries reply to (0: none) */
	long reply_to;      /* kind "reply": the local id it answers (0: none) */
	long long github;   /* GitHub's comment id it is about (0: none) */
	bool deleted;       /* made on lines the head deleted: line..last are
	                       lines of the base (`side: left`) */
	SidecarExtra *extra;
} SidecarComment;

/* The sidecar as this process last read or wrote it (private). */
typedef struct SidecarDisk SidecarDisk;

/* Korean words the glossary's avoided variants may use in the document. */
typedef struct SidecarAllow {
	char **v;
	size_t n, cap;
} SidecarAllow;

typedef struct Sidecar {
	SidecarSource source;
	Checklist checklist;
	char *translator_name; /* NULL when unset */
	char *translator_url;  /* NULL when unset */
	SidecarExtra *translator_extra;
	long cursor_line;      /* 1-based; 0 unset */
	long cursor_column;    /* 0-based byte column */
	SidecarExtra *cursor_extra;
	struct { SidecarSeg *v; size_t n, cap; } segs;          /* file order */
	struct { SidecarComment *v; size_t n, cap; } comments;  /* file order */
	char *verdict;         /* review verdict: "approve", "request-changes",
	                          "comment"; NULL when not given */
	SidecarAllow allow;    /* `allow:`, in order, no repeats */
	SidecarExtra *extra;   /* unknown top-level keys */
	SidecarDisk *disk;     /* the file as sidecar_load read it or sidecar_save
	                          wrote it: the base of the merge (owned; NULL
	                          for a model that was never on disk) */
	bool merged;           /* the last sidecar_save merged in what another
	                          yeok wrote meanwhile */
} Sidecar;

void sidecar_init(Sidecar *sc);
void sidecar_release(Sidecar *sc); /* frees everything; sc is empty again */

/* "DOC.yeok.yaml" for a document path; caller frees. */
char *sidecar_path(const char *doc_path);

/* Parse sidecar text into sc (previous content released).  name is used in
 * messages.  Empty input (or only comments) gives the empty model.  On
 * failure sc is empty and e says "NAME:LINE:COL: what" (EXIT_DATAERR). */
bool sidecar_parse(const char *data, size_t n, const char *name, Sidecar *sc, Err *e);
/* The same, every byte through libyaml.  sidecar_parse reads the
 * segments the writer puts one a line as text (the rest through
 * libyaml; anything else in them: all through libyaml), with the same
 * result: this is what the tests compare it with. */
bool sidecar_parse_libyaml(const char *data, size_t n, const char *name, Sidecar *sc, Err *e);

/* The same for text yeok itself wrote or already read within its bound
 * (a copy, a merge base): the byte bound is n itself. */
bool sidecar_parse_trusted(const char *data, size_t n, const char *name, Sidecar *sc, Err *e);

/* The largest sidecar read (and written) beside a document of doc_bytes
 * bytes: SIDECAR_MAX_BYTES + SIDECAR_BYTES_PER_DOC_BYTE * doc_bytes, at
 * most SIDECAR_MAX_TOTAL.  A segment entry is about 64 bytes and a segment
 * holds at least one block of two or more bytes, so the statuses of any
 * document fit.  sidecar_max_bytes_at: the bound for the sidecar at path,
 * from the size of the regular file PATH-without-SIDECAR_SUFFIX beside it
 * (0 bytes when there is none). */
size_t sidecar_max_bytes(size_t doc_bytes);
size_t sidecar_max_bytes_at(const char *path);

/* Load the sidecar at path (not the document's path: see sidecar_path).
 * A missing file is the empty model and true.  *corrupt (may be NULL) is
 * set when the file exists but cannot be used as it is — the caller
 * should sidecar_set_aside() it; it stays false for read errors
 * (permission: EXIT_NOINPUT/EXIT_IOERR) and for files written by a newer
 * yeok (`yeok: 2`), which must be neither used nor moved. */
bool sidecar_load(const char *path, Sidecar *sc, bool *corrupt, Err *e);

/* The YAML text of sc (appended to out).  Deterministic: the same model
 * gives the same bytes; parse(emit(x)) == x. */
void sidecar_emit(const Sidecar *sc, Buf *out);

/* Write sc to path (file_write_side: never through a link).  A model
 * whose text would be over sidecar_max_bytes_at(path) is not written
 * (EXIT_DATAERR, the file on disk kept): what yeok writes it reads back.
 * Several
 * yeoks may write one sidecar (the editor, `yeok review`, `yeok
 * checklist`): when the file on disk changed since sc was loaded or last
 * saved (size, mtime or inode, as for the document), it is read again and
 * merged key by key (sidecar_merge, with the model as loaded as the base)
 * before writing; sc then holds the merged model and sc->merged is set.
 * A changed file that cannot be read as a sidecar (corrupt, newer) is not
 * overwritten: EXIT_DATAERR.  A model that was never loaded from path is
 * written over whatever is there. */
bool sidecar_save(const char *path, Sidecar *sc, Err *e);

/* Three-way merge, key by key: every part of mine that equals base is
 * replaced by theirs; what mine changed since base stays.  Parts: the
 * source record; each checklist item (license, issue, type); the
 * translator's name and url; the cursor; the verdict; unknown keys (each
 * group as a whole); segment entries keyed by their source key (the n-th
 * entry of a key with the n-th); review entries keyed by line, last,
 * segment, kind and text (their state and unknown keys are what changes).
 * Entries only theirs added are appended in their order; entries theirs
 * removed and mine did not change are removed. */
void sidecar_merge(const Sidecar *base, Sidecar *mine, const Sidecar *theirs);
/* A deep copy of src into dst (previous content released; no disk). */
void sidecar_copy(Sidecar *dst, const Sidecar *src);

/* Rename a corrupt sidecar to PATH.bad (PATH.bad.2, .3, ... when taken, so
 * nothing is overwritten).  *bad_path (may be NULL) gets the new name;
 * caller frees. */
bool sidecar_set_aside(const char *path, char **bad_path, Err *e);

/* Invariant check: keys well-formed, marks in range, checklist in range,
 * source fields consistent with the kind, comments have text and state. */
bool sidecar_check(const Sidecar *sc, Err *e);

/* ---- setters (copy their arguments) -------------------------------------- */
void sidecar_set_translator(Sidecar *sc, const char *name, const char *url);
/* Replace the source record.  commit only for GIT; sha256 may be NULL. */
void sidecar_set_source(Sidecar *sc, SidecarSourceKind kind, const char *commit,
                        const char *path, const char *sha256);
/* Append a segment entry (old may be NULL). */
void sidecar_add_seg(Sidecar *sc, SidecarKey source, SidecarKey target, SidecarMark mark,
                     const char *old);
/* Set the hint of segment entry i (NULL clears it); copies hint. */
void sidecar_set_seg_hint(Sidecar *sc, size_t i, const char *hint);
/* Remove all segment entries (before storing the current ones). */
void sidecar_clear_segs(Sidecar *sc);
/* Append a review comment (state NULL means "open"). */
void sidecar_add_comment(Sidecar *sc, long line, SidecarKey segment, const char *text,
                         const char *state);
/* A copy of review entry *c appended (its strings copied). */
void sidecar_push_comment(Sidecar *sc, const SidecarComment *c);
/* A local id for a new entry: one more than any entry has. */
long sidecar_next_comment_id(const Sidecar *sc);
/* Remove review entry i (later entries move up). */
void sidecar_remove_comment(Sidecar *sc, size_t i);
/* Set the review verdict (NULL clears it). */
/* The document's allow list (`allow:`): add a word (false when it is
 * empty or already there), remove one (false when it is not there). */
bool sidecar_allow_add(Sidecar *sc, const char *word);
bool sidecar_allow_remove(Sidecar *sc, const char *word);
bool sidecar_allow_has(const Sidecar *sc, const char *word);
void sidecar_set_verdict(Sidecar *sc, const char *verdict);


/* ---- the checklist ----------------------------------------------------------- */

/* "fix", "translate", "sync", "other"; "" for PR_TYPE_NONE. */
const char *sidecar_type_name(PrType t);
/* Parse a type name (exact, lowercase).  False when unknown. */
bool sidecar_type_parse(const char *s, PrType *out);
/* The text of the template's box for the type (the words after "- [ ] "). */
const char *sidecar_type_box(PrType t);

/* The status-line checklist: three parts, e.g. "[x]라이선스" "#1132"
 * "번역".  A part is a warning when that item is missing: license not
 * agreed ("[ ]라이선스"), no issue ("#?"), no type ("종류?"). */
typedef struct ChecklistPart {
	char text[48];
	bool warn;
} ChecklistPart;
enum { CHECKLIST_PARTS = 3 };
/* Fill parts; returns how many are warnings (0: the checklist is complete). */
int sidecar_checklist_parts(const Checklist *c, ChecklistPart parts[CHECKLIST_PARTS]);
/* The parts joined with single spaces ("[x]라이선스 #1132 번역"), appended. */
void sidecar_checklist_text(const Checklist *c, Buf *out);
/* True when license is yes, the issue is set and a type is chosen. */
bool sidecar_checklist_complete(const Checklist *c);

/* ---- the translator line ------------------------------------------------------
 * The canonical line is  **번역**: `NAME <URL>`_  (just  **번역**: NAME
 * without a URL), placed right after the author line (`**Author**:`,
 * `**저자**:`, `**Author:**`, `Author:`), at the author line's indentation.
 */
typedef enum SidecarLineOp {
	SIDECAR_LINE_NONE,    /* already right: nothing to do */
	SIDECAR_LINE_INSERT,  /* insert `text` as a new line before index `line` */
	SIDECAR_LINE_REPLACE, /* replace the content of line `line` by `text` */
} SidecarLineOp;

typedef struct SidecarLineEdit {
	SidecarLineOp op;
	size_t line;  /* 0-based line index */
	char *text;   /* the new content, no terminator; owned (NULL for NONE) */
} SidecarLineEdit;

/* Decide the edit that inserts or repairs the translator line in tgt.
 *  - No translator line among the lines that follow the author line (the
 *    attribution lines up to the first blank line after a non-attribution
 *    line, at most 4 lines on): INSERT right after the author line.
 *  - A translator line in another spelling (`**번역:**`, `번역:`, `**역자:**`,
 *    `역자:`, `**역자**:`), a different indentation, or a link with its
 *    backquote misplaced (`<url>__``): REPLACE it with the canonical label
 *    and the same people; NAME is appended (", `NAME <URL>`_") when it is
 *    not one of them yet.
 *  - Already canonical and naming NAME: NONE.
 * Errors (EXIT_DATAERR): no author line; empty name.
 * edit->text is owned by the caller: sidecar_line_edit_release(). */
/* (sync) Whether a line is a translator line (`**번역**:` and the other
 * spellings above) or an author line (`**Author**:`, `**저자**:`, ...),
 * after its indentation. */
bool sidecar_is_translator_line(Str line);
bool sidecar_is_author_line(Str line);

bool sidecar_translator_edit(const Lines *tgt, const char *name, const char *url,
                             SidecarLineEdit *edit, Err *e);
void sidecar_line_edit_release(SidecarLineEdit *edit);

#endif
