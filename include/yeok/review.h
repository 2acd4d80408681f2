/*
 * review — what changed between two revisions of a translated document,
 * for reviewer mode (`yeok review`) and its exports.
 *
 * The changed lines are those of a line diff of the base revision against
 * the head (the same lines `git diff` shows); a segment of the source↔head
 * alignment is a change when any of its head lines changed, or lines were
 * deleted inside it.  Whole blocks of the base deleted in the head are a
 * change of their own (deleted): the base is aligned with the English too,
 * and a deleted Korean block whose English remains in the source (a
 * segment with no head side now) is shown beside that English.  For each change the base lines it replaced are
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
 * Depends on util, text, lines, rst, host, align, pair, diff, sync,
 * progress, repo, comments; ReviewSession also on vcs, source, sidecar,
 * glossary, check, context, journal (who is here), ynode, shell.  Never
 * prints.
 */
#ifndef YEOK_REVIEW_H
#define YEOK_REVIEW_H

#include "yeok/align.h"
#include "yeok/comments.h"
#include "yeok/host.h"
#include "yeok/lines.h"
#include "yeok/rst.h"

/* No segment of Review.al: a deleted block that had no English. */
#define REVIEW_NO_SEG SIZE_MAX

typedef struct ReviewChange {
	size_t seg;        /* index into Review.al (source ↔ head segments);
	                      REVIEW_NO_SEG only for a deletion without English */
	size_t head_first; /* head lines of the segment, 0-based inclusive; a
	                      deletion: head_first == head_last, the head line
	                      the deleted lines stood before (the last line
	                      when they ended the file) */
	size_t head_last;
	bool has_old;      /* the base had Korean text here */
	size_t base_first; /* base lines replaced (0-based inclusive), when */
	size_t base_last;  /* base_first <= base_last; else none */
	bool deleted;      /* whole blocks of the base deleted: base_first..
	                      base_last are them (their English, when they had
	                      one, is segment seg, which has no head side) */
} ReviewChange;

/* A hunk of the unified diff base → head (1-based line ranges; a count of
 * 0: the hunk has no line on that side).  GitHub takes a review comment
 * only on lines of a hunk: side RIGHT a line of new_start..new_start +
 * new_count - 1 (added or context), side LEFT one of the old range. */
typedef struct ReviewHunk {
	long old_start, old_count;
	long new_start, new_count;
} ReviewHunk;

typedef struct ReviewHunks {
	ReviewHunk *v;
	size_t n, cap;
} ReviewHunks;

/* The hunks of `git diff` output (its @@ lines; anything else is
 * skipped), appended to out. */
void review_hunks_parse(const char *diff, size_t n, ReviewHunks *out);
/* The hunk of side (left: the old range) that holds lines first..last
 * (1-based), or -1. */
long review_hunk_of(const ReviewHunks *h, bool left, long first, long last);

typedef struct Review {
	Lines src, base, head; /* the three files' lines (owned copies) */
	HostDoc src_host, head_host; /* the source and the head read in the
	                          host format of the path (host.h):
	                          src_host.text the RST text of each line (the
	                          lines themselves for .rst), src_host.blocks
	                          the blocks; what keys, checks and the
	                          alignment read */
	Alignment al;          /* source ↔ head (over src_host.blocks,
	                          head_host.blocks) */
	bool *head_changed;    /* per head line: inserted or replaced */
	bool *base_deleted;    /* per base line: deleted (not in the head) */
	ReviewHunks hunks;     /* the hunks of this diff with 3 lines of context
	                          (what `git diff` shows, from the line diff
	                          here: the session uses git's own when the
	                          revisions are commits) */
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

/* The change holding head line `line` (0-based), or -1 (deletions are
 * not found by a head line). */
long review_find_line(const Review *r, size_t line);


/* ---- reviewer mode, headless ------------------------------------------- */
#include "yeok/check.h"
#include "yeok/context.h"
#include "yeok/glossary.h"
#include "yeok/sidecar.h"
#include "yeok/shell.h"
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
	long pr;                 /* --pr N: the pull request (0: none) */
	const char *const *glossaries; /* NULL-terminated, or NULL: the shipped one
	                                  when it can be found (none otherwise) */
	bool absent_empty;       /* a file absent at the base is empty (a file a
	                            pull request adds) */
	Context *ctx;            /* the front end's context (borrowed): its
	                            glossaries, rules, repository and checks, so
	                            the findings are check's; NULL: glossaries
	                            above and every check */
} ReviewOpts;

typedef struct ReviewSession {
	Context *ctx;      /* ReviewOpts.ctx (borrowed), else own_ctx: what the
	                      checks read (the glossaries, rules, words, spelling) */
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
	/* The range the review is of: what entries are stored with, and what
	 * an export shows (review_session_in_range). */
	char base_id[41];  /* the base commit ("" when not read from git) */
	char head_id[41];  /* the head commit; HEAD's when the head is the
	                      working tree ("" none) */
	bool head_worktree; /* the head is the working tree ... */
	bool worktree_differs; /* ... and the file there is not HEAD's */
	long pr;           /* --pr N (0: none) */
	char *top;         /* the git top level (NULL: none) */
	char **heads_in;   /* the heads of entries that are ancestors of head_id
	                      (found at open; owned), n_heads_in of them */
	size_t n_heads_in;
	ReviewHunks git_hunks; /* `git diff base_id head_id` of the file: what
	                      an export is validated against */
	bool have_git_hunks;
	Review r;
	Sidecar sc;
	Context *own_ctx;  /* the context made when ReviewOpts gave none (owned) */
	SourceStale stale; /* the English against the head's Korean (the
	                      checks' CheckDoc.stale) */
	SidecarKey *keys;  /* per change: the key stored with its entries */
	SidecarKey *texts; /* per change: the key of its text now (its head
	                      lines; a deletion's base lines): an entry made on
	                      another text is outdated */
	FindingVec *findings; /* per change: the findings of check on its segment */
	size_t cur;        /* the current change (0 when there is none) */
	bool read_only;    /* the sidecar could not be written: nothing saved */
	/* What reviewer mode shows (the UI draws it, commands change it). */
	size_t finding;    /* the selected item of the current change: its
	                      findings first, then its entries (comments,
	                      suggestions, replies) */
	int scroll;        /* body rows scrolled off the top */
	int rows;          /* terminal rows (for paging), set by the UI */
	bool excluded;     /* the side-file patterns were put in the
	                      repository's info/exclude (tried at the first save) */
	Shell shell;       /* the status line, quit, help and the prompt or
	                      question a command asks for (shell.h) */
	/* A whole pull request (review_files_open): the set this file is one of. */
	struct ReviewFiles *files; /* borrowed; NULL for one file */
	size_t file_no;    /* this file's index in it */
	int go_file;       /* a command asks the UI for the next (1) or previous
	                      (-1) file, 2: the file list; 0 none */
	/* GitHub's review comments (--comments): the threads on this file,
	 * placed on the head (borrowed from the ReviewFiles). */
	const GhComments *gh;
	GhPlaces gh_places;
	char here[320];    /* who reviews where (journal_here), read at setup:
	                      what the stamps of this reviewer's entries are
	                      made over (review_stamp) */
} ReviewSession;

/* A message for the status line (error: drawn as one).  Returns !error,
 * so that handlers can end with `return review_session_msg(...)`. */
bool review_session_msg(ReviewSession *rs, bool error, const char *fmt, ...) PRINTF_LIKE(3, 4);
/* Ask for text (multi-line: a comment) or one key (the verdict); the
 * answer runs command `then` of reviewer mode with it as the argument. */
void review_session_ask(ReviewSession *rs, ShellAskKind kind, const char *title,
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
/* The entries of this review (index k into rs->sc.comments): replace the
 * text (empty refused), remove it and its replies, open ↔ resolved, and
 * answer it (a reply on the same lines). */
bool review_session_edit(ReviewSession *rs, size_t k, const char *text, Err *e);
bool review_session_delete(ReviewSession *rs, size_t k, Err *e);
bool review_session_resolve(ReviewSession *rs, size_t k, Err *e);
bool review_session_reply(ReviewSession *rs, size_t k, const char *text, Err *e);
/* Move to the next / previous change that has a finding; false (no move)
 * when there is none that way. */
bool review_session_move_finding(ReviewSession *rs, int dir);

ReviewVerdict review_session_verdict(const ReviewSession *rs);

/* Does entry c belong to this review?  An entry without a range (made
 * before ranges were stored) belongs to every review.  With --pr N: the
 * entries of pull request N.  Else: entries of no pull request made on
 * this base, with this head or one of its ancestors (an earlier commit of
 * the same branch, or HEAD before the working tree was committed). */
bool review_session_in_range(const ReviewSession *rs, const SidecarComment *c);
/* Was entry c made on another text of its segment than the one the
 * review shows (the segment changed since, or is no change any more)? */
bool review_session_outdated(const ReviewSession *rs, const SidecarComment *c);
/* The change an entry belongs to (its segment key and lines), or -1. */
long review_session_entry_change(const ReviewSession *rs, const SidecarComment *c);
ReviewMark review_session_mark_of(const ReviewSession *rs, size_t change);
/* The sidecar entries (indices into rs->sc.comments) of this review that
 * belong to change i: comments, suggestions and replies, each reply right
 * after the entry it answers; returns count (at most max stored). */
size_t review_session_entries(const ReviewSession *rs, size_t change, size_t *idx, size_t max);

/* "change 3 of 17 · request changes · 5 approved, 1 needs changes" */
void review_session_header(const ReviewSession *rs, Buf *out);

/* The head lines (1-based, inclusive) an entry points at now: the change
 * with its segment key holding its line, else with its key, else the
 * stored line(s). */
void review_session_entry_lines(const ReviewSession *rs, const SidecarComment *c, long *first,
                                long *last);

/* Exports of this review's comments and suggestions (review_session_in_range),
 * in document order, of one file or of several (a pull request: v[0..n)).
 * Markdown: a title, the verdict, then per file and entry "line N:" (or
 * "lines N-M:", "deleted lines N-M:" for lines of the base, "(outdated)"
 * for an entry made on another text), the text (a ```suggestion block for
 * a suggestion) and the lines quoted with "> ".
 *
 * GitHub: the JSON body of POST /repos/O/R/pulls/N/reviews: {"commit_id",
 * "body", "event", "comments": [{"path", "line", "side"[, "start_line",
 * "start_side"], "body"}]}, path relative to the git top level.  Each
 * comment is anchored on the changed lines of its segment (side RIGHT;
 * LEFT, the base's lines, for a deletion), start_line..line inside one
 * hunk; a suggestion on exactly the lines it replaces (its text against
 * the segment's lines: what stays the same at either end is not part of
 * it), as a ```suggestion block.  Every comment is then checked against
 * the hunks of `git diff BASE HEAD` (have_git_hunks): one that is not on
 * them, one on a segment with no changed line, an outdated one, goes into
 * the review's body with its file and line instead, and notes (one line
 * each, "FILE:LINE: comment moved to the review's body: WHY") say so.
 * commit_id is the head; a review whose head is the working tree uses
 * HEAD when the file there is HEAD's, and fails (EXIT_USAGE) when it is
 * not (GitHub reviews commits: commit it first).
 *
 * A review is the reviewer's (review_entry_mine, below): GitHub's body has
 * only this reviewer's own entries, marks and verdict; the others are left
 * out and a verdict that is not theirs becomes COMMENT, one note each
 * ("FILE: N entries not made by you on this machine ..."), unless
 * o->others: then they go out too, each followed by a paragraph
 * REVIEW_OTHERS_MARK (the verdict by a sentence in the body).  Markdown,
 * for reading, has every entry, the others each followed by the line
 * REVIEW_OTHERS_MARK, the verdict and the marks counted apart.  Exported
 * text notifies no one and starts no workflow command: an @mention gets a
 * zero-width space after its @ in JSON (written "\u200b") and is put in
 * backquotes in Markdown (left as it is in a suggestion: code notifies no
 * one); a line GitHub's runner would take as a workflow command (its first
 * non-blank characters "::NAME...::") gets a zero-width space before it in
 * JSON, and has its first "::" written "\:\:" in Markdown (the terminal-safe
 * output would show a zero-width space as "<U+200B>").
 * o may be NULL (the defaults: others false), notes NULL (nothing said). */
typedef struct ReviewExportOpts {
	bool others;       /* --include-others */
} ReviewExportOpts;
#define REVIEW_OTHERS_MARK "(not made by this reviewer: from the sidecar)"
void review_export_markdown(ReviewSession *const *v, size_t n, const ReviewExportOpts *o,
                            Buf *out, Buf *notes);
bool review_export_github(ReviewSession *const *v, size_t n, const ReviewExportOpts *o, Buf *out,
                          Buf *notes, Err *e);
/* The answers written to GitHub's review comments (sidecar entries of kind
 * reply with a github id): a JSON array of {"in_reply_to": ID, "body":
 * TEXT}, each the body of POST /repos/O/R/pulls/N/comments (GitHub's
 * "reply to a review comment"); returns how many. */
size_t review_export_replies(const Sidecar *sc, Buf *out);

bool review_session_check(const ReviewSession *rs, Err *e);

/* ---- whose entries ---------------------------------------------------------
 * The sidecar is a shared file: a pull request's author may commit one
 * with comments and an approving verdict.  So every entry yeok review
 * makes (comment, suggestion, mark, reply, verdict) carries a stamp in its
 * mapping, `by: HEX` (REVIEW_STAMP_LEN hex digits; an unknown key to a
 * yeok that does not know it, kept as it is): the SHA-256 of who made it
 * where (ReviewSession.here: host, machine id, uid; not written out), the
 * document's path and everything the entry says (kind, lines, segment,
 * text, state, range, target key).  A stamp copied onto other text,
 * another document, another range or from another machine does not hold.
 * An entry is this reviewer's when its stamp is the one yeok would make
 * for it now; anything else (no stamp, a stale one, the top-level
 * `verdict:` of sidecars from before ranges) is someone else's.
 * review_stamp sets it, again after each change to the entry. */
#define REVIEW_STAMP_KEY "by"
#define REVIEW_STAMP_LEN 32
void review_stamp(const ReviewSession *rs, SidecarComment *c);
bool review_entry_mine(const ReviewSession *rs, const SidecarComment *c);
/* Marks and the verdict counted as the exports count them: this
 * reviewer's only (others false), or everyone's. */
ReviewMark review_session_mark_by(const ReviewSession *rs, size_t change, bool others);
/* The verdict of this review and whether it is this reviewer's own: their
 * own verdict entry when there is one, else anyone's (*mine false). */
ReviewVerdict review_session_verdict_by(const ReviewSession *rs, bool *mine);

/* ---- a whole pull request ----------------------------------------------------
 * `yeok review --base B --head H` with no FILE: every tutorial (.rst, .py)
 * that differs between the two commits (with the working tree as head: between
 * B and HEAD), one ReviewSession each, in path order; files deleted at the
 * head are left out, files the range adds are reviewed against an empty
 * base.  One verdict for all: setting it sets it in every file's sidecar. */
typedef struct ReviewFiles {
	ReviewSession *v;  /* n sessions (owned) */
	size_t n;
	size_t cur;        /* the file shown */
	Buf notes;         /* the files left out and why, one a line */
	GhComments gh;     /* --comments: GitHub's review comments */
} ReviewFiles;

void review_files_init(ReviewFiles *f);
void review_files_release(ReviewFiles *f);
/* The review of every tutorial changed in o's range, in the repository
 * holding the folder dir.  Errors: EXIT_NOINPUT (not a work tree, unknown
 * revision), EXIT_DATAERR (a corrupt sidecar), and "no tutorial changed"
 * (EXIT_NOINPUT). */
bool review_files_open(ReviewFiles *f, const char *dir, const ReviewOpts *o, Err *e);
/* One file as a set of one. */
bool review_files_open_one(ReviewFiles *f, const char *path, const ReviewOpts *o, Err *e);
/* Pointers to the sessions (for the exports); caller frees the array. */
ReviewSession **review_files_list(ReviewFiles *f);
/* The next / previous file (false at the ends), a file by index. */
bool review_files_go(ReviewFiles *f, size_t i);
/* "file 2 of 13: intermediate_source/x.rst, 4 changes, 2 findings". */
void review_files_label(const ReviewFiles *f, size_t i, Buf *out);
/* --comments FILE.json: GitHub's review comments, each thread placed on
 * the head of its file (ReviewSession.gh_places); the threads on no file
 * of the review and those that cannot be placed are noted in f->gh.notes.
 * False (EXIT_DATAERR) when it is not GitHub's review comments at all. */
bool review_files_comments(ReviewFiles *f, const char *json_path, Err *e);
/* The threads placed on change i's lines (indexes into rs->gh_places). */
size_t review_session_gh_threads(const ReviewSession *rs, size_t change, size_t *idx, size_t max);

/* The verdict of the whole review, in every file's sidecar. */
bool review_files_set_verdict(ReviewFiles *f, ReviewVerdict v, Err *e);

/* ---- the command line, shared by the CLI (--export) and the UI ---------- */
typedef struct ReviewArgs {
	ReviewOpts o;            /* o.glossaries points into glossaries (NULL when none) */
	const char *file;        /* FILE (borrowed from argv) */
	const char *export_fmt;  /* "markdown", "github-json", "github-replies", or
	                            NULL (interactive) */
	const char *comments;    /* --comments FILE.json (GitHub's review comments), or NULL */
	bool others;             /* --include-others (ReviewExportOpts.others) */
	bool help;               /* --help was given */
	const char *theme;       /* --theme NAME|PATH, or NULL (the UI's business) */
	const char **glossaries; /* NULL-terminated --glossary values (owned array) */
	size_t n_glossaries;
	bool no_spell;           /* --no-spell */
} ReviewArgs;

/* The usage text of `yeok review` (several lines, ending in a newline). */
extern const char review_usage[];

/* Parse argv (argv[0] == "review").  Errors EXIT_USAGE: an unknown option,
 * a missing value, --export other than markdown|github-json|github-replies,
 * --pr not a positive number, both --source and --source-rev, more than
 * one FILE, no FILE and no --base (a whole pull request needs its range). */
bool review_args_parse(ReviewArgs *a, int argc, char **argv, Err *e);
void review_args_release(ReviewArgs *a);
/* Assemble the front end's context for the review (cfg: config.yaml, may be
 * NULL; the --glossary values; the repository of FILE or of the current
 * folder) into ctx (context_init'ed) and point a->o.ctx at it.  False with
 * e (EXIT_CONFIG) when a glossary or rule file cannot be read. */
bool review_args_context(ReviewArgs *a, Context *ctx, const Config *cfg, Err *e);

#endif
