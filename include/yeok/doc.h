/*
 * doc — the document being translated: the target lines (editable), the
 * source lines (read-only), their RST blocks, the alignment into segments,
 * segment statuses, edit operations and undo/redo.
 *
 * Every edit goes through doc_replace(): remove a range, insert text.  Each
 * one is recorded as a change (position, removed bytes, inserted bytes), so
 * undo and redo restore the exact bytes, line terminators included.
 * Consecutive typing (and consecutive deleting) at adjacent positions merges
 * into one record (STYLE.md practice 9).  "Modified" is "the current change
 * is not the saved change".
 *
 * Both sides are read in the host format of the target's path (host.h):
 * `.rst` is RST throughout; a sphinx-gallery `.py` has its docstring and
 * text blocks read as RST (their `# ` prefix set aside) and its code cells
 * as code blocks.  Blocks and the alignment are over the RST text of the
 * lines (tgt_host.text, src_host.text: the file's lines themselves for
 * `.rst`); their line numbers are the file's.  Segment keys, statuses and
 * progress read that text, so a `.py` segment has the key the CLI gives
 * it.
 *
 * After an edit only the neighbourhood of the edit is re-segmented and
 * re-aligned: for `.rst` the target lines from the title before the edit
 * to the title after it (segments never cross a title); for `.py` the
 * lines between the text-block separators around it (host_edit_window: an
 * edit of the module docstring reads the whole file again); with the
 * source blocks aligned to that stretch.  Blocks and segments after it are
 * shifted, not recomputed.  The segments are exactly what aligning the
 * whole document again gives (align_update on the blocks that differ:
 * the anchors' pass again only when their titles or code changed, then the
 * stretches between matched anchors that changed); only a change of the
 * order in which title styles first appear (the levels of every title)
 * segments and aligns everything again.
 *
 * Positions are byte offsets on grapheme boundaries (col is a byte offset in
 * the line, never a column).  Text given to doc_replace uses "\n" or "\r\n"
 * as line separators; each becomes the terminator of the line it ends.
 *
 * Depends on util, stats, text, lines, rst, host, align, pair, journal, sidecar.  Never includes
 * curses.
 * Invariant (doc_check): lines, host readings (host_check), blocks and
 * alignment are each valid, the blocks are those of the current lines,
 * 0 <= cur <= changes.n.
 */
#ifndef YEOK_DOC_H
#define YEOK_DOC_H

#include "yeok/align.h"
#include "yeok/host.h"
#include "yeok/journal.h"
#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/sidecar.h"
#include "yeok/util.h"

typedef struct Pos {
	size_t line; /* 0-based line of the target (or source) */
	size_t col;  /* byte offset in that line, on a grapheme boundary */
} Pos;

typedef enum ChangeKind {
	CH_OTHER,    /* never merges */
	CH_TYPE,     /* typed text: merges with typing right after it */
	CH_DEL_BACK, /* Backspace: merges with the Backspace before it */
	CH_DEL_FWD,  /* Delete: merges with the Delete before it */
	CH_FOLLOW,   /* a whole line adjusted after the edit before it (a
	                title's adornment: doc_replace_follow); undone with it */
	CH_STATUS,   /* a segment's status set by the user (doc_mark): no text */
} ChangeKind;

typedef struct Change {
	Pos at;          /* where the removed text started / the insert went;
	                    CH_STATUS: where the cursor was */
	Buf del;         /* bytes removed (terminators as "\n" / "\r\n") */
	Buf ins;         /* bytes inserted */
	ChangeKind kind;
	bool chain;      /* undone and redone together with the change before it */
	/* CH_STATUS: segment `seg` (the same segment whenever this change is
	 * undone or redone: the text is then as it was when it was made) went
	 * from status `before` to `after`; its key's entry in the user's
	 * statuses was `user_before` (had_user) or none */
	uint64_t key;
	uint32_t seg;
	uint8_t before, after, user_before;
	bool had_user;
} Change;

/* The statuses the user set (Alt-Enter) or the sidecar gave, keyed by
 * the segment's key (pair_blocks_key of its source blocks, the sidecar's
 * form, as its 64-bit value), so they survive re-alignment: a hash table
 * (open addressing, cap a power of two; a lookup is O(1), so applying
 * them to a re-aligned window costs the window, not the document). */
typedef struct UserStatus {
	uint64_t key;
	bool used;
	SegStatus status;
} UserStatus;
typedef struct UserStatuses {
	UserStatus *v; /* cap slots */
	size_t n, cap; /* n used */
} UserStatuses;

/* What the file on disk was when it was last loaded or saved. */
typedef struct DocDisk {
	bool known;
	char sha256[65];  /* while hashing: not yet (doc_disk_sha256) */
	long long size, mtime_ns, ino;
	bool overwrite;   /* the user chose to save over a changed file (once) */
	/* doc_disk_remember_lazy: the hash of hash_p[0..hash_n) (the target's
	 * lines as loaded, borrowed) taken in steps, hash_done bytes so far */
	bool hashing;
	const char *hash_p;
	size_t hash_n, hash_done;
	Sha256 hash_ctx;
} DocDisk;

/* Progress over prose segments with both sides. */
typedef struct DocProgress {
	size_t total, done, untranslated, stale;
} DocProgress;

/* A change of the segments: those numbered [k0, k1) before it are
 * [k0, k0 + wn) after it (full: all of them). */
typedef struct DocChange {
	uint64_t gen;
	bool full;
	size_t k0, k1, wn;
} DocChange;
#define DOC_CHANGE_LOG 64

/* The status key value of source blocks [src, src + src_n) (statuses.c). */
typedef struct DocKeyMemo {
	size_t src, src_n; /* src_n 0: empty */
	uint64_t value;
} DocKeyMemo;
#define DOC_KEY_MEMO 1024u

typedef struct Doc {
	char *path;       /* the target file (owned) */
	char *src_name;   /* how the source is shown: a path or "REV:path" (owned) */
	Lines tgt;        /* the target file's lines (edited, saved) */
	Lines src;        /* the source file's lines (never edited) */
	HostDoc tgt_host; /* tgt read in its host format: tgt_host.text is
	                     the RST text of each line (&tgt for .rst),
	                     tgt_host.blocks its blocks, kept current after
	                     every edit; .py line kinds, prefixes and regions
	                     (host_line_prefix, host_new_line_prefix...) for
	                     the editing rules */
	HostDoc src_host; /* src read the same way */
	Alignment al;     /* segments over src_host.blocks and tgt_host.blocks */
	AlignMemo *am;    /* what align_update needs to keep al exact (owned) */
	VEC(Change) changes; /* changes[0..cur) are applied; the rest can be redone */
	size_t cur;
	size_t saved;     /* cur at the last save (SIZE_MAX: no longer reachable) */
	bool merge_ok;    /* false: the next change starts a new record */
	bool chain_next;  /* the next change chains to the one before it */
	bool read_only;   /* the file cannot be written: edits are refused */
	bool is_new;      /* the file did not exist (started as a copy of the source) */
	Journal *journal; /* crash-recovery journal of the edits (owned), NULL: none */
	DocDisk disk;     /* the file as last loaded or saved (changed-on-disk check) */
	UserStatuses user; /* statuses set by the user or the sidecar */
	DocKeyMemo *key_memo; /* DOC_KEY_MEMO slots (NULL until needed): the
	                         source never changes, so the key of a run of
	                         its blocks is hashed once, not on every edit */
	DocProgress prog; /* cached doc_progress() while prog_valid */
	/* Change counters for views that cache what they derive: gen_align
	 * grows when blocks or segments change in number or place (beyond a
	 * shift), gen_edit with every edit; the last edit replaced old lines
	 * [edit_first, edit_line] and moved the lines after them by edit_delta. */
	uint64_t gen_align, gen_edit;
	size_t edit_first;
	size_t edit_line;
	long edit_delta;
	uint64_t gen_struct; /* grows whenever blocks were re-segmented beyond the
	                        text of prose (statistics for the bench) */
	bool prog_valid;
	char title_styles[16][2]; /* (adornment, overline) in level order */
	int n_title_styles;
	/* The one change counter of the segments: gen grows with every edit
	 * and every re-alignment; the log holds what each change replaced
	 * (doc_changed_since). */
	uint64_t gen;
	DocChange log[DOC_CHANGE_LOG];
	size_t log_n;       /* records written (the last DOC_CHANGE_LOG are kept) */
	uint64_t log_lost;  /* the newest generation whose record was overwritten */
	/* Loaded phased (doc_load_phased): called once the last pending
	 * stretch is aligned (NULL: nothing to call). */
	void (*aligned)(void *ctx);
	/* Loaded phased: called after each stretch aligned, with what it
	 * replaced (before aligned; NULL: nothing to call). */
	void (*stepped)(void *ctx, const AlignSplice *sp);
	void *aligned_ctx;
	/* 1 + the target block whose re-alignment waits for idle time (0:
	 * none): edits inside one long prose block (over DOC_LONG_BLOCK bytes)
	 * that change nothing but its text keep its features and segments
	 * (valid: the same blocks) until doc_align_step or doc_align_finish,
	 * or an edit outside it, aligns it exactly. */
	size_t stale;
	/* tgt's lines per terminator (Eol: none, LF, CRLF), kept by every
	 * edit, so doc_eol does not count the whole file on each newline */
	size_t tgt_eols[3];
} Doc;
#define DOC_LONG_BLOCK 16384u

void doc_init(Doc *d);
void doc_release(Doc *d);

/* Set up d from a pair built by pair_open_finish(), pair_build() or
 * pair_from_texts() (its lines, blocks, alignment and memo move into d; p
 * is released).  path and src_name are copied. */
struct DocPair;
void doc_load_pair(Doc *d, const char *path, const char *src_name, struct DocPair *p);
/* The same from the target bytes and the source bytes (both copied),
 * through pair_from_texts(). */
void doc_load(Doc *d, const char *path, const char *tgt, size_t tgt_n, const char *src_name,
              const char *src, size_t src_n);

/* Stretches are still pending, or a long block's re-alignment (Doc.stale). */
bool doc_align_partial(const Doc *d);
/* Align the pending stretch at or after segment seg (else the first
 * one) and those right after it up to max_blocks blocks (align_step);
 * false: none was pending. */
bool doc_align_step(Doc *d, size_t seg, size_t max_blocks);
/* Idle time's step (a long block's re-alignment first): the pending
 * stretches in order, max_blocks blocks of them, spliced in once
 * splice_blocks blocks are held (align_idle_step); false: none was
 * pending. */
bool doc_align_idle_step(Doc *d, size_t max_blocks, size_t splice_blocks);
/* Is the next doc_align_idle_step the splice (align_idle_splice_due)? */
bool doc_align_splice_due(const Doc *d, size_t splice_blocks);
/* Align the pending stretches with segments on target lines
 * [first, last] (0-based; the viewport before a first frame). */
void doc_align_lines(Doc *d, size_t first, size_t last);
/* Align all that is pending. */
void doc_align_finish(Doc *d);
/* Align the pending stretches only: a long block being typed in
 * (Doc.stale) keeps waiting (what a key starts from). */
void doc_align_stretches(Doc *d);

/* Replace [a, b) of the target by p[0..n) and record the change (merging
 * with the previous one when kind allows).  Returns the position after the
 * inserted text.  a <= b, both on grapheme boundaries of existing lines.
 * An edit that could make a line longer than LINES_MAX_LINE (512 MiB), or
 * the target more than LINES_MAX_LINES lines, is refused: nothing changes
 * and a is returned (doc_replace_fits says why). */
Pos doc_replace(Doc *d, Pos a, Pos b, const char *p, size_t n, ChangeKind kind);
/* Would doc_replace take this edit?  False with the reason in e
 * ("PATH:LINE: the line would be longer than N bytes", "PATH: more than N
 * lines") when it refuses it. */
bool doc_replace_fits(const Doc *d, Pos a, Pos b, const char *p, size_t n, Err *e);

/* Replace the whole of line `line` of the target by p[0..n) (no line
 * break in it) as an adjustment of the edit just made: undone and redone
 * with it, and it does not end a run of typing or deleting on another
 * line (the next key still merges into that run, so the run and every
 * adjustment it caused are one undo step; adjustments of the same line in
 * one run are one record).  False when nothing was changed (the same
 * text, or no change before it). */
bool doc_replace_follow(Doc *d, size_t line, const char *p, size_t n);

/* Start a new undo record with the next change (cursor moved, command). */
void doc_break_merge(Doc *d);
/* The next change is one undo step with the change before it (a command
 * that makes several changes: replace all, a title and its adornment). */
void doc_chain_next(Doc *d);

/* Undo / redo one step (a record, or the records chained to it).  False
 * when there is nothing to undo/redo; else *cursor gets, for undo, the
 * start of the change undone (of the first change of a chain), for redo
 * the position after the restored text. */
bool doc_undo(Doc *d, Pos *cursor);
bool doc_redo(Doc *d, Pos *cursor);
/* Take the last step back and forget it (no redo brings it back): an edit
 * the caller refuses after seeing its result.  False when there is none. */
bool doc_retract(Doc *d, Pos *cursor);

bool doc_modified(const Doc *d);

/* Write the target to its path atomically (only edited lines differ from
 * what was read).  On failure e says why and nothing is written.  A file
 * another program changed since it was loaded or saved is never
 * overwritten (EXIT_IOERR, "changed on disk") unless disk.overwrite is set. */
bool doc_save(Doc *d, Err *e);

/* The terminator a new line gets ("\n" or "\r\n"). */
const char *doc_eol(const Doc *d);

/* Segment index holding target line `line` (the segment whose blocks span
 * it, or the one before a blank line), -1 when there are no segments. */
long doc_segment_of_tgt_line(const Doc *d, size_t line);

/* Segment status: as aligned, refined by what the user set. */
SegStatus doc_seg_status(const Doc *d, size_t seg);
/* Mark segment seg (status ST_DONE etc.). */
void doc_set_status(Doc *d, size_t seg, SegStatus st);
/* The user marks segment seg st (Alt-Enter): a change of its own in the
 * undo history (undo gives the segment its status before, and its key's
 * entry in the user's statuses as it was), so it is an unsaved change as
 * an edit is, and journalled ("status KEY NAME", journal_state).  False
 * (nothing recorded) when the segment has that status already from the
 * user. */
bool doc_mark(Doc *d, size_t seg, SegStatus st);
/* The segment whose source blocks have the status key `key` (its 64-bit
 * value, as doc_mark journals it), or SIZE_MAX.  A pass over the segments. */
size_t doc_segment_of_key(Doc *d, uint64_t key);
/* The same with the segment's source key when the caller has it
 * (pair_blocks_key of its source blocks; NULL: computed; test builds
 * check it). */
void doc_set_status_keyed(Doc *d, size_t seg, SegStatus st, const SidecarKey *key);
/* Room for n statuses more set by the user, made now (the table doubles
 * by rehashing all it holds: 2.6 ms in one idle unit at 1M lines). */
void doc_user_reserve(Doc *d, size_t n);
/* True for a segment a translator still has to finish: prose with a
 * target side, not done or reviewed. */
bool doc_seg_unfinished(const Doc *d, size_t seg);

void doc_progress(const Doc *d, DocProgress *p);

/* Append the text of target (or source) lines [first, last] joined by the
 * document's terminators. */
void doc_tgt_text(const Doc *d, size_t first, size_t last, Buf *out);

/* The segments changed (re-aligned, or their text edited) since
 * generation gen (a value of d->gen a view kept): merged into one stretch,
 * [k0, k1) in the current numbering are new and dk is segments now minus
 * segments then; full when everything changed or the log no longer reaches
 * back to gen.  False when nothing changed.  Each view keeps its own gen,
 * so any number of them can ask (nothing is consumed). */
typedef struct DocDirty {
	bool full;     /* everything: rebuild the caches */
	size_t k0, k1; /* segments [k0, k1) are new (current numbering) */
	long dk;       /* segments now minus segments then */
} DocDirty;
bool doc_changed_since(const Doc *d, uint64_t gen, DocDirty *out);


bool doc_check(const Doc *d, Err *e);

/* ---- crash recovery and the file on disk (src/doc/doc-safe.c) ----------
 * doc_journal_start: every later edit (doc_replace, undo, redo) is appended
 * to the journal of d->path, with the current target as its base.  A
 * successful doc_save rebases it; doc_journal_end closes it (remove: a
 * clean exit deletes the file).  doc_disk_remember records the file as it
 * is now, holding bytes[0..n) (after load and save); doc_disk_changed says whether another
 * program changed (or removed) it since. */
void doc_journal_start(Doc *d);
/* The same with a journal the caller prepared (journal_init, journal_open:
 * src/safety does this at open, holding the journal's lock); taken. */
void doc_journal_take(Doc *d, Journal *j);
void doc_journal_end(Doc *d, bool remove);
void doc_disk_remember(Doc *d, const char *bytes, size_t n);
/* The same with the hash taken later (the editor's first frame does not
 * wait for it): bytes[0..n) are borrowed and must be the target's lines
 * as loaded (lines_file of d->tgt: they stay unchanged while d->tgt holds
 * them).  doc_disk_hash_step hashes them in steps (idle time); an edit, a
 * save, a load and doc_disk_changed finish it first.  The journal's base
 * (journal_init_lazy) gets the hash when it is taken. */
void doc_disk_remember_lazy(Doc *d, const char *bytes, size_t n);
/* Hash up to max_bytes more of a lazy remember (SIZE_MAX: to the end).
 * True when the hash is taken (or was: nothing pending). */
bool doc_disk_hash_step(Doc *d, size_t max_bytes);
bool doc_disk_changed(const Doc *d);

#endif
