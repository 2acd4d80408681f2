/*
 * review — what changed between two revisions of a translated document,
 * for reviewer mode (`yeok review`) and its exports.
 *
 * The changed lines are those of a line diff of the base revision against
 * the head (the same lines `git diff` shows); a segment of the source↔head
 * alignment is a change when any of its head lines changed, or lines were
 * deleted inside it.  For each change the base lines it replaced are
 * found between the nearest unchanged lines, and kept as "old Korean"
 * when they hold Hangul (a base that was still English has no old text).
 *
 * The second half (ReviewSession) is reviewer mode without a terminal:
 * the revisions read through git, the English source resolved, the
 * findings of `yeok check` per change, the current change, and the
 * reviewer's comments, suggestions, segment marks and verdict, saved in
 * the sidecar (FILE.yeok.yaml, `review:` and `verdict:`) as they are made,
 * so a review stops and resumes offline.  The exports (Markdown, the body
 * of GitHub's "create a review" API) are made from the sidecar's list.
 *
 * Both sides are read in the host format of the document's path, as every
 * command reads them (a sphinx-gallery `.py`: its docstring and text
 * blocks as RST, its code cells as code; pair.h).
 *
 * Depends on util, text, lines, rst, host, align, pair, diff, sync; the session half
 * also on vcs, source, sidecar, glossary, check.  Never prints.
 */
#ifndef YEOK_REVIEW_H
#define YEOK_REVIEW_H

#include "yeok/align.h"
#include "yeok/host.h"
#include "yeok/lines.h"
#include "yeok/rst.h"

typedef struct ReviewChange {
	size_t seg;        /* index into Review.al (source ↔ head segments) */
	size_t head_first; /* head lines of the segment, 0-based inclusive */
	size_t head_last;
	bool has_old;      /* the base had Korean text here */
	size_t base_first; /* base lines replaced (0-based inclusive), when */
	size_t base_last;  /* base_first <= base_last; else none */
} ReviewChange;

typedef struct Review {
	Lines src, base, head; /* the three files' lines (owned copies) */
	HostDoc sh, hh;        /* the source and the head read in the host format
	                          of the path (host.h): sh.text the RST text of
	                          each line (the lines themselves for .rst),
	                          sh.blocks the blocks; what keys, checks and
	                          the alignment read */
	Alignment al;          /* source ↔ head (over sh.blocks, hh.blocks) */
	bool *head_changed;    /* per head line: inserted or replaced */
	ReviewChange *v;       /* the changes in document order */
	size_t n;
	size_t cap;
} Review;

void review_init(Review *r);
void review_release(Review *r);

/* Compute the changes from base to head, aligned against src (segmented
 * as the host format of path, through pair_from_texts()). */
void review_compute(Review *r, const char *path, const char *src, size_t src_n,
                    const char *base, size_t base_n, const char *head, size_t head_n);

/* (sync) Drop the changes whose segment a sync carried unchanged from the
 * base (sync_carried in include/yeok/sync.h: its English is English of
 * base_src, the English the base was translated from, and the base had
 * the very same Korean for it) — moved blocks, neighbours of inserted or
 * deleted ones — so that the review of a sync commit shows the segments
 * whose English changed.  Returns how many were dropped. */
size_t review_drop_carried(Review *r, const char *base_src, size_t n);

/* The change holding head line `line` (0-based), or -1. */
long review_find_line(const Review *r, size_t line);

/* True when the text is English: at most 1% of its lines (and at most 2)
 * hold Hangul. */
bool review_text_is_english(const Lines *l);

/* ---- reviewer mode, headless ------------------------------------------- */
#include "yeok/check.h"
#include "yeok/glossary.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"

typedef enum ReviewVerdict {
	REVIEW_VERDICT_NONE,
	REVIEW_APPROVE,         /* "approve"          → APPROVE */
	REVIEW_REQUEST_CHANGES, /* "request-changes"  → REQUEST_CHANGES */
	REVIEW_COMMENT,         /* "comment"          → COMMENT */
	REVIEW_VERDICT_COUNT
} ReviewVerdict;
/* Sidecar spelling ("approve", ...; "" for NONE), GitHub event
 * ("APPROVE", ...; "COMMENT" for NONE), and words for people
 * ("approve", "request changes", "comment", "no verdict"). */
const char *review_verdict_name(ReviewVerdict v);
const char *review_verdict_event(ReviewVerdict v);
const char *review_verdict_label(ReviewVerdict v);
bool review_verdict_parse(const char *s, ReviewVerdict *out);

typedef enum ReviewMark { REVIEW_MARK_NONE, REVIEW_MARK_APPROVED, REVIEW_MARK_CHANGES } ReviewMark;

typedef struct ReviewOpts {
	const char *source_path; /* --source PATH, or NULL */
	const char *source_rev;  /* --source-rev REV, or NULL */
	const char *base;        /* --base REV; NULL: the merge base with origin's
	                            default branch (origin/HEAD) when there is one,
	                            else HEAD~1 */
	const char *head;        /* --head REV; NULL: the working tree */
	const char *const *glossaries; /* NULL-terminated, or NULL: the shipped one
	                                  when it can be found (none otherwise) */
} ReviewOpts;

typedef enum ReviewAskKind { REVIEW_ASK_NONE, REVIEW_ASK_TEXT, REVIEW_ASK_KEY } ReviewAskKind;
typedef struct ReviewAsk {
	ReviewAskKind kind;
	char title[160];
	char *initial;     /* REVIEW_ASK_TEXT: the text to start from (owned), or NULL */
	const char *then;  /* command id run with the answer */
} ReviewAsk;

typedef struct ReviewSession {
	char *path;        /* the document (as given) */
	char *sc_path;     /* its sidecar */
	char *relpath;     /* path from the git top level ("" unknown) */
	char *base_desc;   /* "abc1234 (HEAD~1)" for the header */
	char *head_desc;   /* "working tree" or "def5678 (REV)" */
	char *source_desc; /* where the English came from */
	bool base_english; /* the base revision was still English */
	Buf base_src;      /* (sync) the English the base was translated from (the
	                      newest English revision of the file up to the base);
	                      empty when the base is English or there is none */
	size_t carried;    /* changes dropped as carried unchanged by a sync */
	Review r;
	Sidecar sc;
	Glossary gl;
	CheckDoc cd;
	SourceStale stale; /* the English against the head's Korean (cd.stale) */
	CheckSet checks;
	SidecarKey *keys;  /* per change: the key stored with its entries */
	FindingVec *findings; /* per change: the findings of check on its segment */
	size_t cur;        /* the current change (0 when there is none) */
	bool read_only;    /* the sidecar could not be written: nothing saved */
	/* What reviewer mode shows (the UI draws it, commands change it). */
	size_t finding;    /* the selected finding of the current change */
	int scroll;        /* body rows scrolled off the top */
	int rows;          /* terminal rows (for paging), set by the UI */
	char msg[512];     /* status-line message until the next key */
	bool msg_error;
	bool excluded;     /* the side-file patterns were put in the
	                      repository's info/exclude (tried at the first save) */
	char note[256];    /* said with the next message (once), or "" */
	bool quit;         /* the UI's loop ends */
	bool help;         /* F1: the help screen is asked for */
	ReviewAsk ask;     /* a dialog asked for by a command, or kind NONE */
} ReviewSession;

/* A message for the status line (error: drawn as one).  Returns !error,
 * so that handlers can end with `return review_session_msg(...)`. */
bool review_session_msg(ReviewSession *rs, bool error, const char *fmt, ...) PRINTF_LIKE(3, 4);
/* Ask for text (multi-line: a comment) or one key (the verdict); the
 * answer runs command `then` of reviewer mode with it as the argument. */
void review_session_ask(ReviewSession *rs, ReviewAskKind kind, const char *title,
                        const char *initial, const char *then);

void review_session_init(ReviewSession *rs);
void review_session_release(ReviewSession *rs);

/* Open reviewer mode on the document at path: read base and head through
 * git (see ReviewOpts), resolve the source (--source, --source-rev, the
 * sidecar's record, or the base when it is English; else the base anyway,
 * with source_desc saying so), load the sidecar (a corrupt one is an
 * EXIT_DATAERR error; it is never overwritten), compute the changes and
 * their findings, and resume at the first change without a mark.
 * Errors: EXIT_NOINPUT (no git work tree, unknown revision, file absent at
 * a revision), EXIT_USAGE (both --source and --source-rev), EXIT_DATAERR. */
bool review_session_open(ReviewSession *rs, const char *path, const ReviewOpts *o, Err *e);

/* The same from texts already read (tests, and open() itself): src, base
 * and head bytes; the sidecar is loaded from sc_path (NULL: none, nothing
 * saved). */
bool review_session_setup(ReviewSession *rs, const char *path, const char *sc_path,
                          const char *src, size_t src_n, const char *base, size_t base_n,
                          const char *head, size_t head_n, Err *e);

/* Number of changes, and the current one (NULL when there are none). */
size_t review_session_count(const ReviewSession *rs);
const ReviewChange *review_session_change(const ReviewSession *rs, size_t i);

/* Move to the next / previous change; false (and no move) at the ends. */
bool review_session_move(ReviewSession *rs, int dir);

/* Each of these records an entry for the current change and saves the
 * sidecar at once (false with e set when it cannot be written; the entry
 * stays in memory).  Empty text is refused (EXIT_USAGE). */
bool review_session_comment(ReviewSession *rs, const char *text, Err *e);
bool review_session_suggest(ReviewSession *rs, const char *text, Err *e);
/* Set the current change's mark (the same mark again clears it). */
bool review_session_mark(ReviewSession *rs, ReviewMark m, Err *e);
/* Turn finding k of the current change into a comment ("[ID] message",
 * and the suggested text when the finding has one). */
bool review_session_finding_comment(ReviewSession *rs, size_t k, Err *e);
bool review_session_set_verdict(ReviewSession *rs, ReviewVerdict v, Err *e);

ReviewVerdict review_session_verdict(const ReviewSession *rs);
ReviewMark review_session_mark_of(const ReviewSession *rs, size_t change);
/* The sidecar entries (indices into rs->sc.comments) that belong to
 * change i, comments and suggestions only, in file order; returns count
 * (at most max stored). */
size_t review_session_entries(const ReviewSession *rs, size_t change, size_t *idx, size_t max);

/* "change 3 of 17 · request changes · 5 approved, 1 needs changes" */
void review_session_header(const ReviewSession *rs, Buf *out);

/* The head lines (1-based, inclusive) an entry points at now: the change
 * with its segment key holding its line, else with its key, else the
 * stored line(s). */
void review_session_entry_lines(const ReviewSession *rs, const SidecarComment *c, long *first,
                                long *last);

/* Exports of the sidecar's comments and suggestions, in document order
 * (by head line).  Markdown: a title, the verdict, then per entry
 * "line N:" (or "lines N-M:"), the text (a ```suggestion block for a
 * suggestion) and the head lines quoted with "> ".  GitHub: the JSON body
 * of POST /repos/O/R/pulls/N/reviews: {"body", "event", "comments":
 * [{"path", "line", "side": "RIGHT", "body"[, "start_line", "start_side"]}]}
 * with path relative to the git top level. */
void review_export_markdown(const ReviewSession *rs, Buf *out);
void review_export_github(const ReviewSession *rs, Buf *out);

bool review_session_check(const ReviewSession *rs, Err *e);

/* ---- the command line, shared by the CLI (--export) and the UI ---------- */
typedef struct ReviewArgs {
	ReviewOpts o;            /* o.glossaries points into gl (NULL when none given) */
	const char *file;        /* FILE (borrowed from argv) */
	const char *export_fmt;  /* "markdown", "github-json", or NULL (interactive) */
	bool help;               /* --help was given */
	const char *theme;       /* --theme NAME|PATH, or NULL (the UI's business) */
	const char **gl;         /* NULL-terminated --glossary values (owned array) */
	size_t gl_n;
} ReviewArgs;

/* The usage text of `yeok review` (several lines, ending in a newline). */
extern const char review_usage[];

/* Parse argv (argv[0] == "review").  Errors EXIT_USAGE: an unknown option,
 * a missing value, --export other than markdown|github-json, both --source
 * and --source-rev, no FILE or more than one. */
bool review_args_parse(ReviewArgs *a, int argc, char **argv, Err *e);
void review_args_release(ReviewArgs *a);

#endif
