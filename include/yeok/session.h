/*
 * session — the editor without a terminal: an open document with its
 * source, the cursor, the focused pane, the scroll position, the last
 * search, messages, and the layout of the two panes (which rows show which
 * piece of which line).  The UI draws what session_view() says and feeds
 * keys through the command table; tests do the same without a terminal.
 *
 * Layout (DESIGN.md §5): row 0 is the header, the last two rows are the
 * status line and the key bar, the rows between are the body.  The body is
 * split into the source pane (left), a one-column rule, and the target pane
 * (right).  Every line of both documents belongs to one view segment (a
 * segment plus the blank lines after it).  Inside a view segment the lines
 * of the two sides are paired in slots (the i-th line of the source's text
 * beside the i-th line of the target's, then the blank lines after them):
 * a slot takes as many rows as its taller line and the shorter side is
 * padded after its line, so the sides of a segment never drift apart.
 * Long lines wrap at word boundaries (blanks; a word wider than the pane
 * breaks between graphemes; WRAP_GRAPHEME: always between graphemes) at
 * the pane width; the pane's last column holds the continuation mark of a
 * row that continues.  Both panes scroll together (one top position).
 *
 * Depends on util, text, lines, rst, host, align, pair, doc, source,
 * sidecar, progress, glossary, check, spell, tm, sync, diff, vcs,
 * comments, context.  Never includes
 * curses.
 * The files of src/session/ and what each owns: src/README.md.
 * Invariant (session_check): the cursors are inside their documents, top <
 * the number of view segments, and the view segments cover every line of
 * both documents once, in order.
 */
#ifndef YEOK_SESSION_H
#define YEOK_SESSION_H

#include "yeok/check.h"
#include "yeok/context.h"
#include "yeok/comments.h"
#include "yeok/diff.h"
#include "yeok/doc.h"
#include "yeok/glossary.h"
#include "yeok/progress.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"
#include "yeok/spell.h"
#include "yeok/tm.h"

typedef enum Pane { PANE_SOURCE = 0, PANE_TARGET = 1 } Pane;

/* One view segment: a segment (or -1 for lines outside any) and the lines
 * it shows on each side, [s0, s1) of the source and [t0, t1) of the
 * target (either may be empty).  20 bytes (one per segment: 285k at 1M
 * lines, and an edit that adds or removes a segment moves the tail):
 * line numbers and segment indexes fit 32 bits (a document has fewer than
 * INT32_MAX segments and UINT32_MAX lines; build_vsegs checks it). */
typedef struct VSeg {
	int32_t seg;
	uint32_t s0, s1;
	uint32_t t0, t1;
} VSeg;
_Static_assert(sizeof(VSeg) == 20, "VSeg stays 20 bytes");

/* The smallest terminal the editor draws in (else a notice). */
#define SESSION_MIN_COLS 40
#define SESSION_MIN_ROWS 10
/* Columns at the right of each pane for the continuation mark. */
#define SESSION_MARK_W 1

/* How long lines wrap (config.yaml `wrap: word|grapheme`). */
typedef enum WrapMode { WRAP_WORD, WRAP_GRAPHEME } WrapMode;

typedef struct Layout {
	bool too_small;   /* below SESSION_MIN_COLS x SESSION_MIN_ROWS */
	int body_y;       /* first body row (1) */
	int body_h;       /* body rows */
	int src_x, src_w; /* source text columns (after its gutter; the mark
	                     column follows them) */
	int tgt_x, tgt_w; /* target text columns (after its gutter, then the mark) */
	int gutter;       /* line-number gutter width per pane (0: none) */
	int rule_x;       /* the column of the rule */
	int status_y, keys_y;
} Layout;

/* What one body row shows on one side. */
typedef struct RowSide {
	bool has;      /* false: nothing on this side (a shorter segment) */
	size_t line;   /* the line */
	size_t from;   /* bytes [from, to) of it on this row */
	size_t to;
	bool first;    /* the first row of the line (line numbers go here) */
	bool cont;     /* the line continues on the next row (the mark) */
	int indent;    /* blank columns before the bytes: a row after the first
	                  of a list item (or an indented line) hangs under its
	                  text, the rows after the first being that much
	                  narrower */
} RowSide;

typedef struct ViewRow {
	size_t vseg;     /* index into the view segments */
	long seg;        /* alignment segment or -1 */
	bool seg_first;  /* first row of the view segment */
	RowSide side[2]; /* [PANE_SOURCE], [PANE_TARGET] */
} ViewRow;

/* A stale segment as found at open: what its sidecar entry said (so that
 * saving keeps it stale until it is marked done again). */
typedef struct SessionStale {
	SidecarKey source;  /* the segment's current source key */
	SidecarKey old_key; /* the source key it was done against */
	SidecarMark mark;   /* done or reviewed */
	char *old;          /* the English it was done against, or NULL (owned) */
	char *hint;         /* (after `yeok sync`) the Korean it had, its lines
	                       joined with LF, or NULL (owned) */
} SessionStale;

/* Kinds of status-line spans (the UI maps them to theme slots). */
typedef enum SpanKind {
	SPAN_NORMAL, SPAN_WARN, SPAN_ERROR, SPAN_GLOSS, SPAN_DIFF, SPAN_HINT
} SpanKind;

/* A highlighted byte range of a pick-list item's row or of its detail. */
typedef struct PickMark {
	size_t item;      /* the item */
	bool detail;      /* in the item's detail text, else in its row */
	size_t off, len;  /* bytes of that text */
	SpanKind kind;
} PickMark;

/* A list to choose from (the UI shows it as a dialog; tests read it):
 * choosing item i runs command `then` with the argument "i". */
typedef struct SessionPick {
	bool on;
	char title[160];
	VEC(char *) items;   /* owned strings */
	VEC(long) data;      /* per item: what `then` needs (a term, a finding) */
	VEC(char *) details; /* per item (or none at all): more text, shown under
	                        the list for the selected item; NULL: none */
	VEC(PickMark) marks; /* highlights in rows and details */
	size_t sel;          /* the item selected when the list opens */
	const char *then;    /* command id */
	const char *alt_of;  /* a second action on the selected item: the keys of
	                        this editor command ("autofix") run alt_then with
	                        the item's index (NULL: none) */
	const char *alt_then;
} SessionPick;

/* A line of text to ask (the UI shows a prompt); the answer runs `then`. */
typedef struct SessionAsk {
	bool on;
	char prompt[160];
	char *initial;       /* owned, may be NULL */
	const char *then;
} SessionAsk;

typedef struct StatusSpan {
	size_t end;      /* the span ends at this byte of the text */
	SpanKind kind;
} StatusSpan;
typedef VEC(StatusSpan) StatusSpanVec;

/* Findings of one segment; lines relative to the segment's base line
 * (session_seg_base) so that edits elsewhere need no update.  h: a hash
 * of the segment's text on both sides when they were computed (a
 * re-aligned segment with the same text keeps its findings). */
typedef struct SegFindings {
	Finding *v;       /* n findings, the array cut to them (32 bytes a
	                     segment: at 1M lines ~285k slots, their tail
	                     moved when an edit adds or removes a segment) */
	uint64_t h;
	uint32_t n;
	uint32_t epoch; /* SessionFindings.epoch when it was checked: an older
	                   one is not ready (run_all marks every slot stale by
	                   one increment, not a pass over 285k slots at 1M) */
	bool ready;   /* false: not checked yet (session_checks_step); true
	                 counts only with the current epoch (session_slot_ready) */
	bool partial; /* ready, but only the lines around the edits of a long
	                 paragraph were checked again (the rest kept, moved):
	                 the whole segment is due in idle time (counted in
	                 chk.pending) */
} SegFindings;
_Static_assert(sizeof(SegFindings) == 32, "SegFindings stays 32 bytes");

/* The selection: from the anchor `at` to the cursor of pane `pane`. */
typedef struct SessionSel {
	bool on;
	bool sticky;   /* set with the mark (C-Space): plain motions extend it */
	Pane pane;
	Pos at;        /* the anchor */
} SessionSel;

/* The clipboard (internal; with prefs.osc52 the UI sends a new one to
 * the system clipboard through OSC 52 too). */
typedef struct SessionClip {
	char *text;    /* owned, NULL: empty; line breaks as "\n" */
	size_t n;
	uint64_t gen;  /* grows with every copy or cut */
} SessionClip;

/* A question answered by one key (the UI shows it in the status row):
 * key ans[i].key runs command ans[i].cmd; any other key cancels. */
#define SESSION_ANSWERS 6
typedef struct SessionQuestion {
	bool on;
	char text[512];
	struct {
		char key[8];
		const char *cmd;
	} ans[SESSION_ANSWERS];
	size_t n;
} SessionQuestion;

/* Search and replace in the translation (Ctrl-R, src/session/replace.c):
 * the run's texts and toggles; the matches are found again after every
 * step (a match never spans lines). */
typedef struct SessionRepl {
	bool on;         /* a run is active (its question is asked) */
	char *find;      /* owned */
	char *with;      /* owned */
	bool match_case; /* default: case-insensitive */
	bool regex;      /* POSIX extended regular expressions (regcomp) */
	void *re;        /* the compiled regex_t (owned), NULL when none */
	size_t replaced; /* replaced so far in this run */
} SessionRepl;

/* Editing preferences (config.yaml). */
typedef struct SessionPrefs {
	WrapMode wrap;         /* `wrap:` (default WRAP_WORD) */
	bool osc52;            /* `clipboard: osc52`: the UI also sends a copy
	                          or cut to the terminal's clipboard */
} SessionPrefs;

/* The translation memory in the editor (src/session/tm.c): lookups and
 * the consistency data come from a TmWorker (never on the key path). */
typedef struct SessionTmHit {
	SidecarKey key;     /* the source key of the English looked up */
	TmMatches m;        /* its matches, best first */
} SessionTmHit;
#define SESSION_TM_HITS 16

typedef struct SessionTmRender {
	SidecarKey key;     /* a segment's source key */
	TmRenderings r;     /* the repository's renderings of its English */
} SessionTmRender;

typedef struct SessionTm {
	TmWorker *w;         /* NULL: no memory in use (not started, --no-tm) */
	char *said;          /* the memory's error as said once (owned), NULL */
	bool missing;        /* there is no memory (F4 says so, nothing else) */
	uint64_t req;        /* the lookup pending, 0: none */
	SidecarKey req_key;  /* ... for the English of this source key */
	SessionTmHit hits[SESSION_TM_HITS]; /* recent results (a ring) */
	size_t hits_next;
	SidecarKey pick_key; /* the F4 list shows the matches of this key ("" none) */
	size_t pick_seg;     /* ... for this segment */
	SidecarKey insert_key; /* Alt-4 before the matches came: insert the best
	                        when they do, if the cursor is still there */
	uint64_t batch;      /* the renderings batch pending, 0: none */
	SidecarKey *batch_keys; /* ... the source key of each of its texts (owned) */
	size_t batch_n;
	VEC(SessionTmRender) cons; /* by key (sorted): the consistency data */
	uint64_t cons_gen;   /* grows when cons changed (the findings follow) */
	bool updated;        /* the background update finished (or none runs) */
} SessionTm;

/* A pull request's review comments from GitHub, brought back to the
 * translator (`yeok --comments FILE.json DOCUMENT`; owner:
 * src/session/remarks.c): each thread placed on a line of the document
 * (comments.h) and kept there through edits by its segment (the segment
 * index follows doc_changed_since, the line its offset in the segment). */
typedef struct SessionRemark {
	size_t thread;        /* index into rem.gc.threads */
	long seg;             /* the segment its line is in (-1: none) */
	size_t off;           /* the line's offset from the segment's first line */
	size_t line;          /* the line now (0-based), as of rem.gen */
	char how[160];        /* how it was placed ("" when it is where GitHub says) */
} SessionRemark;

typedef struct SessionRemarks {
	bool on;              /* --comments was given */
	GhComments gc;        /* the comments read */
	VEC(SessionRemark) v; /* the threads placed on this document, by line */
	uint64_t gen;         /* doc.gen their lines are of */
	size_t cur;           /* the thread last stepped to (SIZE_MAX: none) */
} SessionRemarks;

/* What a command asks the UI to show (owner: src/session/dialog.c; the
 * UI shows it). */
typedef struct SessionDialogs {
	SessionPick pick;     /* a list dialog pending, or .on false */
	SessionAsk ask;       /* a text prompt pending, or .on false */
	SessionQuestion q;    /* a question pending, or .on false */
	bool help;            /* the help screen is asked for */
	bool diff;            /* the stale-diff view is asked for */
	char *view_title;     /* a text to show full-screen (owned), or NULL */
	char *view_text;      /* ... its text (owned) */
} SessionDialogs;

/* The last search (owner: src/session/edit.c, session_find). */
typedef struct SessionSearch {
	char *last;       /* the last search (owned), NULL before the first */
	bool match_case;  /* case-sensitive search (default: insensitive) */
	struct {
		bool on;
		Pane pane;
		Pos at;
		size_t len;
	} match;          /* the last match, highlighted */
} SessionSearch;

/* The message of the status line (owner: src/session/msg.c). */
typedef struct SessionMsg {
	char text[512];   /* cleared by the next key; "" none */
	bool error;       /* an error (the UI shows it as one) */
	bool note;        /* a note that any other message replaces */
} SessionMsg;

/* The title whose adornment follows its width exactly as it is typed
 * (after Alt-x; any other title's adornment only grows to stay as wide as
 * it), until an edit elsewhere (owner: src/session/edit.c). */
typedef struct SessionFit {
	size_t title;     /* the title line, SIZE_MAX: none */
} SessionFit;

/* The layout and the scroll position (owner: src/session/view.c).
 * Invariant (session_check): top < the view segments' count, and they
 * cover every line of both documents once, in order.
 *
 * View segment k (of segment k) is computed from the segments when it is
 * asked for (lazy: nothing stored, nothing to bring up to date after an
 * edit or a splice of the phased open's stretches): the alignment covers
 * each side's blocks in order (align_check), so a side's lines are from
 * its first block to the next segment's, and an empty side sits where the
 * nearest segment with that side ends or starts.  When that segment is
 * more than VSEG_LAZY_RUN segments away (a long one-sided run), the view
 * segments are stored instead (vsegs, built at once and spliced after
 * edits) until the next load. */
typedef struct SessionView {
	int cols, rows;       /* terminal size */
	bool lazy;            /* the view segments computed when asked (the
	                         fields from vsegs to tgt_n are unused) */
	int ratio;            /* source pane width in percent of the body (20..80) */
	bool numbers;         /* show line numbers */
	size_t top;           /* first visible view segment */
	int top_row;          /* rows of it scrolled off the top */
	bool middle;          /* the next session_follow_center puts the cursor
	                         in the middle of the body (a cursor restored
	                         at open) */
	VEC(VSeg) vsegs;      /* the view segments: read them through
	                         session_vseg (those from shift_k on are
	                         stored shift_d target lines off, and their
	                         seg is their index) */
	size_t shift_k;       /* the first view segment the shift applies to */
	long shift_d;         /* target lines the stored t0, t1 from shift_k
	                         on lack (an edit moves the later segments by
	                         adding to it, applying it only to those
	                         between the last edit and this one) */
	bool dirty;           /* rebuild the view segments */
	uint64_t gen_align, gen_edit; /* the doc counters the view segments match */
	uint64_t gen_doc;     /* doc.gen then: the change log splices them */
	size_t tgt_n;         /* doc.tgt.n then */
} SessionView;

/* The sidecar and where the English came from (owner:
 * src/session/session.c: read at open, written at save). */
/* The progress keys of a segment given by its block ranges: 32 bytes (one
 * a segment of a phased open, 285k at 1M lines; they were 72, and 38 MB
 * there), block indexes in 32 bits as in Segment, and the keys' 16 hex
 * digits as their 64-bit value (a side without blocks has the empty key:
 * its count is 0). */
typedef struct SessionSegKeys {
	uint32_t src, src_n, tgt, tgt_n;
	uint64_t source, target;
} SessionSegKeys;
_Static_assert(SIDECAR_KEY_LEN == 16, "a key's hex digits are 64 bits");

/* The sidecar's statuses being applied in idle slices, after a phased
 * open (owner: src/session/statuses.c). */
typedef struct SessionApply {
	int phase;            /* 0: none under way */
	size_t at, end;       /* the next unit of the phase (on screen: to end) */
	Progress p;           /* the keys and the decisions, one per segment */
	ProgressApply pa;     /* the decisions under way */
	SegStatus *st;        /* per segment: the status decided (written by the
	                         decisions: the segments are not copied) */
	uint32_t *by_tgt;     /* 1 + the side.keys entry by its first target block
	                         (fewer entries than blocks: 32 bits) */
	uint32_t *by_src;     /* ... by its first source block (no target side) */
	unsigned char *set;   /* per segment: its status is in the doc */
	bool shown;           /* the segments on screen are */
} SessionApply;

typedef struct SessionSide {
	Sidecar sc;           /* FILE.yeok.yaml as loaded and as it will be saved */
	char *path;           /* its path (owned); NULL: none (session_load) */
	bool writable;        /* false: from a newer yeok or unreadable: never written */
	bool dirty;           /* the checklist or translator changed since the save */
	Source src;           /* where the English came from (its record and
	                         sha256 kept for the first save's source
	                         record; its text is empty after an open, the
	                         document's source lines adopted it, but for
	                         SOURCE_SELF: the snapshot a save writes) */
	bool src_known;       /* src is filled (session_open) */
	VEC(SessionStale) stale; /* the stale segments as found at open */
	size_t allow_gen;     /* grows when the sidecar's allow list changed */
	bool statuses_pending; /* opened phased: the sidecar's statuses wait for
	                          the whole alignment, then are applied in
	                          idle slices (session_align_idle); until a
	                          segment's is, it is pending
	                          (session_seg_status_pending) */
	bool in_idle;         /* session_align_idle is aligning */
	SessionApply apply;   /* the application under way */
	bool keys_on;         /* while statuses_pending: keys taken */
	VEC(SessionSegKeys) keys; /* the progress keys of the segments each
	                         stretch gave, taken as it was aligned, so the
	                         statuses' step at the end is mostly the
	                         decisions; found by block ranges (blocks do
	                         not move while stretches are aligned) */
	size_t keys_hashed;   /* keys[0..keys_hashed) have their hashes (a
	                         splice takes the block ranges; idle slices
	                         and the application's first phase hash) */
} SessionSide;

/* The glossary (owner: src/session/gloss.c): loaded on first use. */
typedef struct SessionGloss {
	Glossary gl;          /* the glossary (empty: no hints) */
	bool loaded;          /* gl has terms (session_glossary_load) */
	/* the hints of one segment, kept between frames (the status line asks
	 * for them on every frame) */
	GlossHintVec hint;    /* session_hints of segment hint_k ... */
	long hint_k;          /* (-1: none) */
	size_t hint_src, hint_src_n; /* ... whose source blocks these were ... */
	uint64_t hint_gen;    /* ... at doc.gen and side.allow_gen */
	uint64_t hint_allow;
	bool hint_due;        /* hint is of an older text of a long segment
	                         (typing in a long paragraph does not match the
	                         glossary over all of it on every key): idle
	                         time computes it again (session_checks_step) */
	/* the painter's glossary marks per line by content (session_gloss_line):
	 * a line whose pane, bytes and glossary generation are those of a slot
	 * is not matched again (slot: the line's hash modulo SESSION_GLOSS_MEMO) */
	struct SessionGlossMemo *memo; /* SESSION_GLOSS_MEMO slots, or NULL */
	uint64_t gen;         /* grows when terms are loaded */
	size_t line_matches;  /* lines matched by session_gloss_line (tests) */
} SessionGloss;
#define SESSION_GLOSS_MEMO 512

/* The findings of the checks (owner: src/session/findings.c): per
 * segment, re-checked in idle steps where the text changed. */
typedef struct SessionFindings {
	CheckDoc cd;          /* the checks' view of the document */
	SourceStale stale;    /* the English against the Korean as opened
	                         (measured in idle slices before cd's first
	                         index: stale_run; then cd.stale) */
	bool stale_measured;
	SourceStaleRun *stale_run; /* the measurement under way (owned), or NULL */
	uint64_t stale_gen;   /* doc.gen_edit its Korean items are of */
	bool on;              /* false: checks off (no findings) */
	bool cd_built;        /* cd is initialized (on first use) */
	bool spell_in;        /* with a context: the spelling check is in the
	                         findings (the dictionaries were loaded when cd
	                         was set up; session_spell_findings) ... */
	uint64_t spell_gen;   /* ... at this spell_generation */
	bool cd_stale;        /* cd's index (reference names) predates an edit of a
	                         title or target: rebuilt in the next idle step */
	bool off;             /* --no-checks: no findings at all */
	CheckSet cset;        /* the checks that run */
	VEC(SegFindings) seg; /* findings per segment (al.n entries) */
	StrPool msgs;         /* the slots' messages, one copy of each (most
	                         findings repeat a message: 3.5 MB of them at
	                         100k lines, 0.5 MB distinct) */
	size_t n;             /* errors + warnings over the ready slots of seg */
	size_t pending;       /* slots of seg not checked yet, or partial */
	uint64_t edit_gen;    /* doc.gen_edit at the last session_sync */
	size_t key_bytes;     /* target bytes the last session_sync checked
	                         (tests and the bench: a key in a long
	                         paragraph checks its lines, not the paragraph) */
	size_t scan;          /* where session_checks_step looks next */
	uint32_t epoch;       /* the slots checked since the last "every segment
	                         again" (run_all); never 0 once there are slots */
	size_t run_all_writes; /* slots run_all wrote, all told (tests: marking
	                         every slot stale writes only the new ones) */
	size_t scan_looks;    /* slots session_checks_step looked at, all told
	                         (tests: a step looks at SESSION_CHECK_SCAN at most) */
	uint64_t gen;         /* doc.gen the slots of seg match (doc_changed_since) */
	uint64_t tm_gen;      /* tm.cons_gen the findings were checked with */
	size_t allow_gen;     /* side.allow_gen the findings were checked with */
} SessionFindings;

/* The cursors (owner: src/session/edit.c, which moves them; view.c keeps
 * them on screen).  Both are byte positions in their pane's lines. */
typedef struct SessionCaret {
	Pos cur;              /* target cursor */
	Pos scur;             /* source cursor (the source pane can be searched and scrolled) */
	Pane focus;           /* the pane the keys go to */
	int goal_col;         /* display column kept by Up/Down; -1: take the cursor's */
} SessionCaret;

/* Spelling in the editor (owner: src/session/spelling.c): the
 * dictionaries load in the background; F7 asks for suggestions. */
typedef struct SessionSpelling {
	Spell *sp;            /* spelling (NULL: off); loads in the background */
	bool borrowed;        /* sp is the context's (context_spell), not freed */
	uint64_t req;         /* the pending F7 suggestion request, 0: none */
	Pos at;               /* the word F7 is about: its start ... */
	size_t len;           /* ... and length in bytes */
	char *word;           /* ... and text (owned) */
	char **sugg;          /* its suggestions once ready (owned) */
	size_t nsugg;
	SpellWords src_words; /* the words of source blocks [src_block,
	                         src_block + src_nblocks): the source is never
	                         edited, so they stay valid while typing, until
	                         a document is loaded */
	long src_block;       /* -1: none */
	size_t src_nblocks;
	/* The misspelled words of lines already checked, by content: a line
	 * whose bytes, source blocks and spell_generation() are those of a slot
	 * is not checked again (slot: the line's hash modulo
	 * SESSION_SPELL_MEMO; lines with pending words are not kept). */
	struct SessionSpellMemo *memo; /* SESSION_SPELL_MEMO slots, or NULL */
} SessionSpelling;
#define SESSION_SPELL_MEMO 512

/* The session: the document and one part per file of src/session/ that
 * owns it (as dte's EditorState is made of module-owned parts).  Each
 * part's type above documents its fields; session_init/session_release
 * (session.c) set up and free them all. */
typedef struct Session {
	Doc doc;               /* the document: lines, segments, statuses, undo */
	SessionCaret caret;    /* the cursors and the focused pane (src/session/edit.c) */
	bool quit;             /* the main loop ends */
	SessionSel sel;        /* the selection (src/session/edit.c) */
	SessionClip clip;      /* the clipboard (src/session/edit.c) */
	SessionFit fit;        /* the title adornment that follows (src/session/edit.c) */
	HostPyCode py_ref;     /* a `.py`: its code as opened or reloaded
	                          (session_py_broken) */
	SessionSearch search;  /* the last search (src/session/edit.c) */
	SessionRepl repl;      /* search and replace (src/session/replace.c) */
	SessionPrefs prefs;    /* editing preferences (config.yaml, set by the UI) */
	SessionView view;      /* layout, view segments, scrolling (src/session/view.c) */
	SessionMsg message;    /* the status-line message (src/session/msg.c) */
	SessionDialogs dlg;    /* what a command asks the UI to show (src/session/dialog.c) */
	SessionSide side;      /* the sidecar and the source (src/session/session.c) */
	SessionGloss gloss;    /* the glossary (src/session/gloss.c) */
	SessionFindings chk;   /* the checks' findings (src/session/findings.c) */
	SessionSpelling spell; /* spelling, F7 (src/session/spelling.c) */
	SessionTm tm;          /* the translation memory (src/session/tm.c) */
	Context *ctx;          /* what the front end assembled (glossaries, rules,
	                          repository, checks; borrowed), or NULL: the
	                          session's own glossary and every check */
	SessionRemarks rem;    /* GitHub's review comments (src/session/remarks.c) */
} Session;

void session_init(Session *s);
void session_release(Session *s);

/* Open the document: target bytes (or, when is_new, a copy of the source)
 * and source bytes.  path: the target file. */
void session_load(Session *s, const char *path, const char *tgt, size_t tgt_n,
                  const char *src_name, const char *src, size_t src_n);

/* Open FILE with its source resolved by source_resolve() (so->path,
 * so->rev, the sidecar's record, the history when so->history, else the
 * document itself, said in a note); segmented and aligned by
 * pair_from_texts().  A missing FILE with --source or
 * --source-rev starts a new target as a copy of the source.  A file that
 * cannot be written opens read-only with a message.  Errors as
 * source_resolve(); EXIT_NOINPUT for a missing FILE without a source. */
bool session_open(Session *s, const char *path, const SourceOpts *so, Err *e);

/* The same for the editor's first frame: aligned in phases
 * (doc_load_phased) — the anchors, then the stretches on the lines around
 * the cursor; the rest is pending until session_align_idle or the first
 * edit aligns it.  While it is partial, the segments off that range are
 * placeholders and the sidecar's statuses are not applied yet (they are,
 * exactly as session_open applies them, the moment the last stretch is
 * aligned); only drawing sees that: command_run, session_save and every
 * edit finish the alignment first, session_checks_step aligns (in 2 ms
 * slices) before it checks anything.  The statuses are applied once the
 * last stretch is aligned: at once when an edit, a command or a save
 * aligned it, else in idle slices too (session_align_idle), the
 * segments on screen first; until its status is applied, a segment's is
 * pending (session_seg_status_pending: drawn as such, not as align's).
 * Once all are, the statuses equal session_open's. */
bool session_open_phased(Session *s, const char *path, const SourceOpts *so, Err *e);
/* One slice of idle work (src/ui/ui.c, session_checks_step): what the
 * alignment's and the statuses' slices, limited by the clock, aim at.
 * The budget is 2 ms; a slice's last step goes past the aim (aiming at 2
 * ms, 5 of 221 slices at 100k lines took 2.0-2.14 ms), so it aims lower. */
#define SESSION_SLICE_NS 1500000u
/* The target bytes one idle step of the checks reads at most: it stops
 * before the segment that would pass them (one longer segment is a step
 * alone).  4 KiB was 1.2-1.6 ms p50, 2.1-2.4 ms p99 at 100k lines on the
 * loaded machine (the checks of generated Korean prose read ~3 bytes per
 * microsecond, with a segment's fixed costs); 2 KiB left a segment a key
 * needed unchecked in the bench's one idle step between keys (a newline
 * at 100k: 1.06 -> 1.26 ms); 3 KiB is between. */
#define SESSION_CHECK_SLICE_BYTES 3072u
/* The stale English's measure in one idle slice, before the first index
 * (source_stale_run_step's units: 10,240 lines read or 163,840 items
 * sorted, at most ~1 ms of CPU at 1M lines, where the whole measure is
 * ~47M units, 0.18 s: at once it was one slice of 0.45 s). */
#define SESSION_STALE_SLICE_UNITS (160u * 1024)
/* A phased open's work is pending: stretches to align, or the sidecar's
 * statuses to apply. */
bool session_align_pending(const Session *s);
/* Idle work: align pending stretches, then apply the sidecar's statuses,
 * for about max_ns of CPU (at least one stretch or a few segments'
 * statuses).  True while some work is still pending after it. */
bool session_align_idle(Session *s, uint64_t max_ns);
/* Segment k's status is not applied yet: the sidecar's statuses wait for
 * the whole alignment or for their idle slices. */
bool session_seg_status_pending(const Session *s, size_t k);
/* Align all the stretches pending (and apply the sidecar's statuses);
 * a long paragraph being typed in (doc.h Doc.stale) keeps its segments
 * until idle time (session_align_idle), session_save or a full check. */
void session_align_finish(Session *s);

/* Read the PR checklist from the sidecar (FILE.yeok.yaml) into the
 * status line (read only here; a corrupt sidecar is a message and is left
 * as it is for the sidecar's owner to set aside). */
void session_read_checklist(Session *s);

/* Terminal size changed: re-layout, keep the cursor in its segment. */
void session_resize(Session *s, int cols, int rows);
void session_layout(const Session *s, Layout *l);

/* The number of view segments (brought up to date after edits). */
size_t session_vseg_count(Session *s);
/* View segment k (k < session_vseg_count). */
VSeg session_vseg(Session *s, size_t k);
/* The view segment holding a line of the pane. */
size_t session_vseg_of(Session *s, Pane p, size_t line);
/* The segment at the top of the view, without bringing the view segments
 * up to date (-1: not known so). */
long session_top_seg(const Session *s);
/* The segment of the cursor of the focused pane (-1 when none). */
long session_cur_seg(Session *s);

/* Fill rows[0..body_h) with what each body row shows; returns the rows
 * filled (fewer at the end of the document). */
size_t session_view(Session *s, ViewRow *rows, size_t max);

/* Where the cursor of the focused pane is on the screen; false when it is
 * not visible (scrolled away with the wheel). */
bool session_cursor_screen(Session *s, int *y, int *x);

/* Wrap: the end of the row that starts at byte `from` of p[0..n) in w
 * columns (always > from when from < n: a cluster wider than the pane
 * takes a row of its own).  WRAP_WORD: after the last blank that fits and
 * follows some text of the row (a row never holds only indentation or a
 * `# ` prefix; blanks after a full row hang at its end), else between
 * graphemes (a word wider than the pane). */
size_t session_wrap(const char *p, size_t n, size_t from, int w, WrapMode mode);
/* Rows a line of a pane takes at the current width (>= 1).  Kept in the
 * line's memo (Line.memo) until its bytes, the width or the wrap mode
 * change. */
int session_line_rows(Session *s, Pane p, size_t line);
/* Lines wrapped to count their rows since the program started, the cache
 * missed (all sessions, for tests and the bench: a key wraps only the
 * lines it changed). */
uint64_t session_rows_wrapped(void);

/* Scroll the view by rows (negative: up; never past the point where the
 * last row is at the bottom); the cursor stays where it is. */
void session_scroll(Session *s, int rows);
/* Up (dir < 0) or down one screen row of pane p's own lines from *c,
 * to the byte nearest display column goal of that row; false at the
 * first / last row. */
bool session_row_move(Session *s, Pane p, Pos *c, int dir, int goal);
/* The display column of c in its screen row. */
int session_row_col(Session *s, Pane p, Pos c);
/* PageDown (dir > 0) / PageUp: the view moves by the body's rows less
 * one (one row of overlap, so every row is seen once), the cursor keeps
 * its screen row and column (the nearest row of its pane with text); at
 * the end of the view, the cursor goes to the last (first) line. */
void session_page(Session *s, int dir);
/* Make the cursor of the focused pane visible. */
void session_follow(Session *s);
/* Put the cursor at screen row y, column x (a mouse click).  False when
 * that place shows no text. */
bool session_click(Session *s, int y, int x);

/* ---- editing (target pane; refused with a message elsewhere) ---------- */
/* The one edit entry of every command that edits (dte's
 * buffer_replace_bytes): replace [a, b) of the target by p[0..n), recorded
 * for undo (kind: typing and deleting merge with the change before),
 * journaled, re-aligned around the edit; then the focus is on the target,
 * the cursor after the new text (SR_CURSOR_START: at a), the view follows.
 * SR_GROUP: the change is an undo step of its own.  False (a message)
 * when the document is read-only. */
enum { SR_GROUP = 1u << 0, SR_CURSOR_START = 1u << 1 };
bool session_replace(Session *s, Pos a, Pos b, const char *p, size_t n, ChangeKind kind,
                     unsigned flags);
bool session_insert(Session *s, const char *p, size_t n); /* typed text */
bool session_paste(Session *s, const char *p, size_t n);  /* verbatim */
bool session_newline(Session *s);                          /* keeps the indentation */
bool session_backspace(Session *s);
bool session_delete(Session *s);
/* Alt-Backspace / Ctrl-Delete: the word before / after the cursor (to
 * text_word_prev / text_word_next: a Korean 어절 with its particle, the
 * blanks after a word; at a line's start or end, the line break); a run
 * of them is one undo step, as a run of Backspace or Delete is.
 * Ctrl-K: to the end of the line (at its end: the line break), an undo
 * step of its own.  Over a selection, a word delete deletes it. */
bool session_delete_word(Session *s, int dir);
bool session_kill_line(Session *s);
/* Alt-x: the prose of the target block at the cursor replaced by nothing
 * (one undo step), keeping its structure: indentation and list marker,
 * a field's name, a title's adornment (which then follows the new title's
 * width as it is typed), the `# ` prefix of a `.py` text block; a
 * directive header, code and other non-prose blocks are kept whole (a
 * message).  The cursor is left where the text begins. */
bool session_clear_block(Session *s);


/* ---- a segment's prose (src/session/prose.c) ---------------------------- */
/* The prose of side p of segment k as the translation memory keeps it:
 * the text of each block without its structure (indentation, list marker,
 * field name, title adornment; the `# ` of a `.py` text line), trailing
 * blanks dropped, blocks joined by a blank line.  Appended to out; false
 * when that side is empty or the segment is not prose. */
bool session_seg_prose(Session *s, size_t k, Pane p, Buf *out);
/* Replace the prose of segment k's translation by text[0..n) (paragraphs
 * separated by blank lines; their common indentation is dropped) keeping
 * its RST structure: each block keeps its indentation, list marker or
 * field name, the `# ` of a `.py` text line; a title keeps its
 * indentation and its adornments, resized to the new title's display
 * width; non-prose blocks and the lines between blocks stay as they are.
 * Block i gets paragraph i, the last block the rest (as paragraphs of its
 * own at its text's indentation); a title joins its paragraphs into one
 * line.  Empty text leaves each block's structure alone (Alt-x).  One
 * undo step; the cursor at the segment's first line.  False with a message
 * when the document is read-only or the segment has no prose target. */
bool session_replace_prose(Session *s, size_t k, const char *text, size_t n);

/* ---- motion (focused pane) ---------------------------------------------- */
typedef enum Motion {
	MV_LEFT, MV_RIGHT, MV_UP, MV_DOWN, MV_WORD_LEFT, MV_WORD_RIGHT,
	MV_HOME, MV_END, MV_PAGE_UP, MV_PAGE_DOWN, MV_DOC_START, MV_DOC_END,
	MV_SEG_NEXT, MV_SEG_PREV,
} Motion;
/* Move the cursor of the focused pane.  Up/Down go by screen rows and
 * keep the display column; PageUp/PageDown as session_page.  A plain
 * motion ends the selection (unless the mark is set). */
void session_move(Session *s, Motion m);

/* ---- selection and clipboard ----------------------------------------------- */
/* The selection as an ordered range of its pane; false when there is none
 * (or it is empty). */
bool session_sel_range(const Session *s, Pane *p, Pos *a, Pos *b);
/* Shift+motion: the selection from where it started (the cursor, when
 * none) to the cursor after motion m. */
void session_select(Session *s, Motion m);
/* The mark (C-Space): start a selection that plain motions extend, or end it. */
void session_select_mark(Session *s);
/* Esc: the selection (and a search highlight) cancelled. */
void session_select_cancel(Session *s);
/* Copy the selection (either pane) to the clipboard; cut it (the
 * translation: one undo step); paste the clipboard at the cursor over the
 * selection (one undo step).  False with a message when there is nothing. */
bool session_copy(Session *s);
bool session_cut(Session *s);
bool session_paste_clip(Session *s);
/* A mouse drag to screen row y, column x: the selection from the press to
 * there.  False when that place shows no text. */
bool session_drag(Session *s, int y, int x);

/* Go to target line n (1-based) at its start; false (message) when out of range. */
bool session_goto_line(Session *s, long n);
/* Next / previous unfinished segment (wraps); false when there is none. */
bool session_next_unfinished(Session *s, int dir);
/* Next / previous untranslated segment (its English still to be
 * translated: drafts and stale ones are passed over; wraps); false when
 * there is none. */
bool session_next_untranslated(Session *s, int dir);
/* Next / previous finding of the checks after / before the cursor (in
 * the order of F5's list, wrapping): the cursor goes to it and the status
 * line names it ("Finding 3/12: warning: ..."); false when there is none
 * or the checks are off. */
bool session_next_finding(Session *s, int dir);
/* Find text (case-insensitive unless search.match_case) in both panes, from the
 * cursor on, wrapping; dir 1 forward, -1 backward.  Moves the focus and
 * cursor to the match. */
bool session_find(Session *s, const char *text, int dir);

/* ---- search and replace (Ctrl-R; src/session/replace.c) --------------------
 * session_replace_start: find `find` in the translation (case-insensitive
 * unless repl.match_case; a POSIX extended regex when repl.regex, where
 * `\1`..`\9` in `with` are its groups and `\\` a backslash) from the
 * cursor on, wrapping, and ask (a question) about the current match,
 * highlighted: "Replace 3/17 ...?" y replace it and go to the next, n skip
 * it, a replace all (one undo step), c toggle the case, r toggle the
 * regex, Esc (any other key) stop.  False with a message (no match, a bad
 * regex). */
bool session_replace_start(Session *s, const char *find, const char *with);
bool session_replace_one(Session *s);
bool session_replace_skip(Session *s);
bool session_replace_all(Session *s);
bool session_replace_toggle(Session *s, bool regex);
/* End the run: says how many were replaced and how many are left
 * ("Cancelled" when none was). */
bool session_replace_stop(Session *s);

/* ---- questions ------------------------------------------------------------------- */
/* Ask text; then session_question_add for each answer key ("*": any
 * other key, Esc too; without one, another key cancels). */
void session_question(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
void session_question_add(Session *s, const char *key, const char *cmd);
/* The command of answer key (else of "*"), or NULL. */
const char *session_question_answer(const Session *s, const char *key);

/* Messages: shown in the status line until the next key. */
void session_msg(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
bool session_error(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
void session_clear_msg(Session *s);

/* Bring what a frame shows up to date: the findings of re-aligned
 * segments (session_sync), the view segments, the current segment's
 * findings.  The UI calls it before painting; the functions below only
 * read (painting never changes the model). */
void session_prepare_frame(Session *s);

/* Status and header text (UTF-8, may contain anything the file names do;
 * the UI renders them terminal-safely).  After session_prepare_frame.
 * The header fits the terminal's width (view.cols): the path gives way
 * first ("…/folder/name.rst", "…/name.rst", "…me.rst"), then the count of
 * untranslated segments; the flags ([+]), EN ▸ KO, the progress and the
 * findings stay. */
void session_header(Session *s, Buf *left, Buf *right);
void session_status(Session *s, Buf *out);
/* The right end of the status line: the PR checklist ("" when none). */
void session_status_right(Session *s, Buf *out);

/* Lines of a pane. */
static inline const Lines *session_lines(const Session *s, Pane p)
{
	return p == PANE_TARGET ? &s->doc.tgt : &s->doc.src;
}

bool session_check(Session *s, Err *e);

/* ---- the sidecar, statuses, checklist (src/session/assist.c) ----------- */

/* Save the document and its sidecar: the source record on the first save
 * (or when --source/--source-rev named another English), the segment
 * statuses, the cursor, the checklist.  False with a message. */
/* A `.py` that an edit (or a file read so) left unreadable to Python,
 * compared with its code as opened: true with the line and reason in why
 * ("line 12 is Python code now ..."); false for other formats. */
bool session_py_broken(Session *s, Buf *why);
/* The code of the document as it is now becomes what session_py_broken
 * compares with (after an open or a reload). */
void session_py_reference(Session *s);
/* A change of the document's state that is not text (a checklist item,
 * the translator, an allowed word): an unsaved change ([+], Ctrl-Q asks)
 * and journalled as "WHAT VALUE" (line breaks in value made blanks), so a
 * crash offers it back (safety_recover reads the line).  WHAT: license,
 * issue, type, translator-name, translator-url, allow. */
void session_state_changed(Session *s, const char *what, const char *value);
bool session_save(Session *s);
/* The checklist parts for the status line (sidecar_checklist_parts). */
int session_checklist(Session *s, ChecklistPart parts[CHECKLIST_PARTS]);
/* Insert or repair the translator line after the author line with the
 * sidecar's translator (one undo step).  False with a message. */
bool session_translator_line(Session *s);
/* Mark segment k (done, reviewed...) and remember it for the sidecar. */
void session_set_status(Session *s, size_t k, SegStatus st);

/* Open a pick list / a prompt (see SessionPick, SessionAsk). */
void session_pick_open(Session *s, const char *title, const char *then);
void session_pick_add(Session *s, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* The detail text of the last item added (copied). */
void session_pick_detail(Session *s, const char *text);
/* Highlight bytes [off, off + len) of the last item's row (detail false)
 * or detail. */
void session_pick_mark(Session *s, bool detail, size_t off, size_t len, SpanKind kind);
void session_pick_close(Session *s);
void session_ask(Session *s, const char *prompt, const char *initial, const char *then);

/* ---- stale segments ------------------------------------------------------ */
/* The old English (the one the segment was done against) and the new one
 * of stale segment k; false when k is not stale or the old English is not
 * known.  Strings appended to old_en / new_en. */
bool session_stale_texts(Session *s, size_t k, Buf *old_en, Buf *new_en);
/* Segment k is where the alignment broke (src/session/breaks.c): near an
 * English title with no Korean title (or the reverse) amid one-sided
 * segments, as an RST error in the translation makes them; *why (may be
 * NULL) gets what to tell the translator.  The status line says it. */
bool session_align_break(Session *s, size_t k, Buf *why);
/* The English is older than the Korean (source-stale: measured once the
 * checks are set up, at each open): the comparison, or NULL. */
const SourceStale *session_stale_english(const Session *s);

/* The hint of stale segment k: the Korean it had before `yeok sync` wrote
 * its new English (the sidecar's `hint:`, its lines joined with LF), or
 * NULL when k is not stale or has none (src/session/hint.c). */
const char *session_stale_hint(Session *s, size_t k);
/* Replace the current segment's translation lines by its hint, at the
 * indentation of its first line (sync_hint_text; one undo step); it stays
 * stale until marked done.  False with a message when there is none. */
bool session_take_hint(Session *s);

/* ---- glossary and checks ------------------------------------------------- */
/* Load the shipped glossary (shipped, or glossary_default_path() when
 * NULL; a missing shipped file is no error) and then each of paths;
 * false (message in e) on the first that fails, the terms before it
 * stay. */
bool session_glossary_load(Session *s, const char *shipped, const char *const *paths, size_t n,
                           Err *e);
/* The glossary in use (session_glossary_load's), or NULL when none. */
Glossary *session_glossary(Session *s);
/* The glossary marks the painter draws on line `line` of pane p (the
 * caller asks for prose lines only): in the English every hit, in the
 * translation the avoided variants (GH_AVOID); appended to out in text
 * order with offsets into the line.  Kept per line by content (pane,
 * bytes, gloss.gen): a line drawn again unchanged is not matched again
 * (gloss.line_matches counts the lines matched). */
size_t session_gloss_line(Session *s, Pane p, size_t line, GlossHitVec *out);
/* The glossary hints of segment k (glossary_hints over its prose); an
 * avoided variant the document allows (the sidecar's `allow:`) is no
 * violation.  Kept for the segment until its text changes; after an edit
 * of a segment with more than 16 KiB of target text the hints of its
 * text before the edit are given and gloss.hint_due set (the next
 * session_checks_step computes them again).  The positions in the hints
 * are then those of the older text: session_hint_avoided computes afresh. */
size_t session_hints(Session *s, long k, GlossHintVec *out);
/* The avoided variant of term that segment k's translation uses (the
 * hint's violation), appended to out; false when it uses none. */
bool session_hint_avoided(Session *s, long k, size_t term, Buf *out);
/* F3 "allow here": the avoided variant of term used in segment k is
 * allowed in this document (added to the sidecar's `allow:`, saved with
 * the file); the glossary check and the hints stop flagging it.  False
 * with a message when the segment uses none. */
bool session_glossary_allow(Session *s, long k, size_t term);
/* Turn the checks on (all available checks but spelling).  now: run
 * them over the whole document at once; else segments are checked by
 * session_checks_step (the UI does it between keys, so the first frame
 * never waits) and the current segment whenever it is shown. */
void session_checks_on(Session *s, bool now);
/* Idle work: first what a phased open left pending (session_align_idle),
 * then the document's index when an edit left it stale
 * (chk.cd_stale: then every segment is checked again, those on screen first),
 * then up to max segments not checked yet (looking at SESSION_CHECK_SCAN
 * slots at most); returns how many remain.  The
 * UI calls it while no key waits and chk.pending or chk.cd_stale is set. */
size_t session_checks_step(Session *s, size_t max);
/* Bring the findings up to date after edits: only the re-aligned
 * segments are checked again (never a whole-document pass: an edit of a
 * title or target sets chk.cd_stale for session_checks_step).  Called before
 * drawing and by commands. */
void session_sync(Session *s);
/* The findings of segment k (checked now when they were not yet); NULL
 * when the checks are off. */
const SegFindings *session_seg_findings(Session *s, size_t k);
/* Slot f of s->chk.seg holds findings of the current epoch (checked since
 * the last time every segment was due again). */
static inline bool session_slot_ready(const Session *s, const SegFindings *f)
{
	return f->ready && f->epoch == s->chk.epoch;
}
/* The slots session_checks_step looks at in one step at most, found
 * pending or not (a few pending slots far apart in 285k at 1M were a walk
 * of 9 MB: the rest are found in the next steps). */
#define SESSION_CHECK_SCAN 4096u
/* The first target line of segment k, the base of its findings' lines. */
size_t session_seg_base(Session *s, size_t k);
/* All findings with absolute lines, sorted (copies; release with
 * findings_clear). */
void session_findings_list(Session *s, FindingVec *out);

/* ---- spelling ----------------------------------------------------------- */
/* Start loading the dictionaries (never waits); glossary terms and the
 * word lists never flag; the project list is .yeok-words at the git top
 * level of the document.  opt may be NULL (the defaults). */
void session_spell_start(Session *s, const SpellOptions *opt);
/* Use the context ctx (borrowed; it outlives s): its glossary, its rules and
 * repository for the checks, its checks (spelling once the dictionaries are
 * loaded: session_spell_start makes the spell checker from it), so the
 * findings are `yeok check`'s.  Call session_context_changed after
 * context_load_repo. */
void session_use_context(Session *s, Context *ctx);
/* The context learnt something (the repository's words): the findings are
 * computed again in idle time. */
void session_context_changed(Session *s);
/* With a context whose checks spell: once the dictionaries are loaded, or
 * a word was added to a list, the findings are computed again with the
 * spelling check (as check waits for the dictionaries).  True when they
 * were (idle time calls it). */
bool session_spell_findings(Session *s);
/* The misspelled (SPELL_BAD) words of target line `line`, when it is in
 * a prose segment; appended to out with offsets into the line.  Never
 * waits: nothing while the dictionary is loading. */
size_t session_spell_line(Session *s, size_t line, SpellMisses *out);
/* F7: the flagged word at the cursor; requests its suggestions (computed
 * off this thread) and opens a pick list (then "spell-choose") with the
 * suggestions (once ready) and the two word lists.  False with a message
 * when the cursor is on no misspelled word. */
bool session_spell_at_cursor(Session *s);
/* Fill the pick list with the suggestions when they are ready (block:
 * wait for them).  True when the list changed. */
bool session_spell_poll(Session *s, bool block);
/* Add the word at the cursor (or F7's word) to a list. */
bool session_spell_add(Session *s, SpellList list);
/* An item of F7's list (its pick data): a suggestion replaces the word
 * (one undo step); the list items add it. */
bool session_spell_choose(Session *s, long v);

/* ---- the translation memory (src/session/tm.c) ---------------------------
 * Lookups never block: session_tm_start starts a TmWorker; the segment
 * under the cursor is looked up when it is untranslated prose (the status
 * line then says "TM 100%" for an exact match), F4 asks for the matches of
 * any prose segment.  The UI calls session_tm_poll when the worker's
 * notify fd (session_tm_fd) is readable. */

/* Start the memory: db (--tm, `tm:` in config.yaml) or NULL for the
 * repository's default (found off this thread); update: run `tm update`
 * in the background when the memory exists and the repository moved on.
 * Queues the consistency data of the prose segments.  Call after the
 * first frame. */
void session_tm_start(Session *s, const char *db, bool update);
void session_tm_stop(Session *s);
/* The worker's notify fd, -1 when off. */
int session_tm_fd(Session *s);
/* True while a lookup, the consistency batch or the background update is
 * pending (the UI then polls between keys). */
bool session_tm_busy(const Session *s);
/* Take what the worker finished (block: wait for the pending lookup and
 * batch): matches into the recent results, the F4 list refilled, a
 * pending Alt-4 inserted, the consistency data, the background update's
 * result and the memory's error (said once).  True when the screen
 * changed. */
bool session_tm_poll(Session *s, bool block);
/* Ask for the matches of the current segment when it is untranslated
 * prose and they are not known or asked for (session_prepare_frame). */
void session_tm_prefetch(Session *s);
/* The matches of segment k when they are known (NULL otherwise). */
const TmMatches *session_tm_matches(Session *s, size_t k);
/* F4: a pick list (then "tm-insert") of the current segment's matches:
 * score, Korean, file and date per row; the English with the words that
 * differ from the current English marked, and the author and commit, as
 * its detail.  Filled when the matches come.  False with a message when
 * there is no memory or no prose here. */
bool session_tm_list(Session *s);
/* Insert match i of the F4 list (tm_insert_text: placeables made the
 * current English's) replacing the segment's prose (one undo step). */
bool session_tm_insert(Session *s, size_t i);
/* Alt-4: the best match of the current segment, the same way; when the
 * matches are not there yet, inserted when they come (if the cursor is
 * still in the segment). */
bool session_tm_insert_best(Session *s);
/* The consistency finding of segment k (info, check `consistency`) when
 * the repository renders its English otherwise; appended to out (lines
 * relative to the segment's first target line). */
void session_tm_consistency(Session *s, size_t k, FindingVec *out);

/* ---- GitHub's review comments (src/session/remarks.c) ----------------------
 * session_remarks_load: read GitHub's review comments of the pull request
 * (json_path: what `gh api repos/O/R/pulls/N/comments` prints) and place
 * the threads on this document's path (its path from the git top level;
 * the versions the comments were made on are read through git).  False
 * (EXIT_DATAERR, nothing changed) for a file that is not GitHub's review
 * comments at all; what is skipped (other files, lines outside the file,
 * entries that are no review comments) is in rem.gc.notes.  Nothing in the
 * document changes.  The threads' states ("resolved") and the replies
 * written here are sidecar entries (kind github / reply, `github:` the
 * thread's first comment), saved with the document. */
bool session_remarks_load(Session *s, const char *json_path, Err *e);
/* The lines of the threads brought up to the edits (session_prepare_frame). */
void session_remarks_sync(Session *s);
/* The thread on target line `line` (index into rem.v), or -1. */
long session_remark_on_line(const Session *s, size_t line);
/* The thread of the cursor: on its line, else on its segment's lines; -1. */
long session_remark_here(const Session *s);
/* Is thread i resolved (the sidecar)? */
bool session_remark_resolved(const Session *s, size_t i);
/* Move the cursor to the next (dir 1) / previous (-1) thread (wraps);
 * false when there is none.  Says which thread it is. */
bool session_remark_step(Session *s, int dir);
/* The whole thread of the cursor (comments, replies, where it was made)
 * as a text view (dlg.view_*); false when the cursor is on none. */
bool session_remark_view(Session *s);
/* Resolve the cursor's thread (again: open it). */
bool session_remark_resolve(Session *s);
/* Answer the cursor's thread (empty refused). */
bool session_remark_reply(Session *s, const char *text);
/* "comment 2/5 · kim: 용어집을 확인해 주세요 (1 reply)" for the status line. */
void session_remark_summary(const Session *s, size_t i, Buf *out);

/* Status line in spans: left (position, message, hints, findings) and
 * right (the checklist). */
void session_status_spans(Session *s, Buf *left, StatusSpanVec *ls, Buf *right, StatusSpanVec *rs);

#endif
