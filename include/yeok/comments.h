/*
 * comments — a pull request's review comments from GitHub, brought back to
 * the translator: the JSON that `gh api repos/O/R/pulls/N/comments`
 * prints (an array of review comments; `--paginate` prints one array per
 * page, back to back), read through the bounded JSON reader (json.h),
 * grouped into threads, and placed on the lines of a document as it is
 * now.
 *
 * What is read of each comment: id, in_reply_to_id, path, line,
 * start_line, side, original_line, original_start_line, commit_id,
 * original_commit_id, body, user.login, html_url, created_at.  An entry
 * that is not an object with an integer id, a string path and a string
 * body is not GitHub's: it gets a message naming it ("comments.json:14:
 * comment 3: no 'path': not a GitHub review comment") and is skipped;
 * so is a reply whose thread is not in the file.  Messages are collected
 * in GhComments.notes (one a line); nothing here prints.
 *
 * Placing a thread (comments_place): GitHub's `line` counts lines of the
 * file at `commit_id` (null when the comment is outdated); `original_line`
 * those at `original_commit_id`, the commit it was made on.  The document
 * may be another version again (the translator fixed things since).  A
 * thread is placed by the version it was made on: the file at
 * original_commit_id (read through the caller's reader: git), its line
 * followed into the document by a line diff; a line that changed since is
 * placed at the segment it was made on (the segment of that version with
 * the same English — the source key — in the document), else where the
 * diff puts its region.  When that commit cannot be read, the same with
 * commit_id and line; when neither can, the line itself if it is inside
 * the document (said so).  Never dropped silently: a comment that cannot
 * be placed (a line outside its file, a file not given) gets a note.
 *
 * Depends on util, text, json, lines, host, rst, align, pair, diff, sidecar
 * (keys).  Never prints.
 */
#ifndef YEOK_COMMENTS_H
#define YEOK_COMMENTS_H

#include "yeok/host.h"
#include "yeok/util.h"

typedef struct GhComment {
	long long id;          /* GitHub's id of the comment */
	long long reply_to;    /* in_reply_to_id: the comment it answers (0: it
	                          opens its thread) */
	char *path;            /* repository-relative path (owned) */
	long line, start_line; /* lines (1-based) at commit_id; 0: null */
	long original_line, original_start_line; /* at original_commit_id; 0: null */
	bool left;             /* side LEFT: a line of the base (a deleted line) */
	char commit_id[41];    /* "" when absent or not 40 hex digits */
	char original_commit_id[41];
	char *body;            /* never NULL (owned) */
	char *user;            /* user.login, "" when absent (owned) */
	char *url;             /* html_url, "" when absent (owned) */
	char *created;         /* created_at, "" when absent (owned) */
	size_t json_line;      /* where its object starts in the JSON */
	size_t thread;         /* index of the thread it belongs to (GhComments.threads) */
} GhComment;

/* A thread: its first comment and the replies, in the file's order. */
typedef struct GhThread {
	size_t first;          /* index into GhComments.v */
	size_t *replies;       /* indexes into v, n_replies of them (owned) */
	size_t n_replies;
} GhThread;

typedef struct GhComments {
	char *name;            /* the JSON file's name, for messages (owned) */
	VEC(GhComment) v;      /* the comments accepted, in the file's order */
	VEC(GhThread) threads; /* in the file's order of their first comments */
	Buf notes;             /* messages about what was skipped, one a line */
	size_t skipped;        /* how many comments were skipped */
} GhComments;

void comments_init(GhComments *gc);
void comments_release(GhComments *gc);

/* Read the JSON text data[0..n) (name for messages).  False (gc empty)
 * when it is not JSON, or not an array of objects at all (EXIT_DATAERR,
 * "NAME: not GitHub's review comments: ..."); entries that are not
 * review comments are skipped with a note.  comments_load reads a file
 * (at most the JSON reader's bound). */
bool comments_parse(GhComments *gc, const char *data, size_t n, const char *name, Err *e);
bool comments_load(GhComments *gc, const char *path, Err *e);

/* The file of the document at commit (40 hex) into out; false when it
 * cannot be had (the commit is not in this repository, the file is not in
 * it). */
typedef bool (*GhReadFn)(void *ctx, const char *commit, Buf *out);

/* Where a thread is in the document. */
typedef struct GhPlace {
	size_t thread;         /* index into GhComments.threads */
	size_t line, last;     /* the document's lines (0-based, inclusive) */
	bool moved;            /* its line moved since it was made (placed
	                          through the version it was made on) */
	char how[160];         /* how it was placed when that is worth saying
	                          ("made on line 34 of abc1234, the segment it
	                          was made on is here now"), or "" */
} GhPlace;

typedef VEC(GhPlace) GhPlaces;

/* Place every thread whose path is relpath on the document (its bytes
 * doc[0..doc_n), its English src[0..src_n), may be empty; both read in
 * format fmt): out gets one place per placed thread, in document order.
 * Threads on other paths, and those that cannot be placed, get a note in
 * gc->notes naming the comment.  read may be NULL (no git). */
void comments_place(GhComments *gc, const char *relpath, HostFormat fmt, const char *doc,
                    size_t doc_n, const char *src, size_t src_n, GhReadFn read, void *ctx,
                    GhPlaces *out);
/* The same without a note for the threads on other paths (a caller that
 * places them on several files says itself which matched none). */
void comments_place_quiet(GhComments *gc, const char *relpath, HostFormat fmt, const char *doc,
                          size_t doc_n, const char *src, size_t src_n, GhReadFn read,
                          void *ctx, GhPlaces *out);

/* "comment 12345 by kim (https://...)" for messages, appended to out. */
void comments_describe(const GhComments *gc, size_t i, Buf *out);

/* Invariant check: every comment's thread is in range and holds it, every
 * thread's comments are in range; bodies and paths are set. */
bool comments_check(const GhComments *gc, Err *e);

#endif
