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
 * Depends on util, stats, text, lines, rst, host, align, pair, doc, source,
 * sidecar, progress, glossary, check, spell, tm, sync, diff, vcs,
 * comments, context, shell.  Never includes
 * curses.
 * The files of src/session/ and what each owns: src/README.md; the
 * Session's parts and their functions: session-view.h, session-dialog.h,
 * session-edit.h, session-side.h, session-checks.h, session-tm.h,
 * session-remarks.h (included here).
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
#include "yeok/shell.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"
#include "yeok/spell.h"
#include "yeok/tm.h"

/* The parts of the Session, each with its functions. */
#include "yeok/session-view.h"
#include "yeok/session-dialog.h"
#include "yeok/session-edit.h"
#include "yeok/session-side.h"
#include "yeok/session-checks.h"
#include "yeok/session-tm.h"
#include "yeok/session-remarks.h"

/* The session: the document and one part per file of src/session/ that
 * owns it (as dte's EditorState is made of module-owned parts).  Each
 * part's type (include/yeok/session-*.h) documents its fields; session_init/session_release
 * (session.c) set up and free them all. */
typedef struct Session {
	Doc doc;               /* the document: lines, segments, statuses, undo */
	SessionCaret caret;    /* the cursors and the focused pane (src/session/edit.c) */
	SessionSel sel;        /* the selection (src/session/edit.c) */
	SessionClip clip;      /* the clipboard (src/session/edit.c) */
	SessionFit fit;        /* the title adornment that follows (src/session/edit.c) */
	HostPyCode py_ref;     /* a `.py`: its code as opened or reloaded
	                          (session_py_broken) */
	SessionSearch search;  /* the last search (src/session/edit.c) */
	SessionRepl repl;      /* search and replace (src/session/replace.c) */
	SessionPrefs prefs;    /* editing preferences (config.yaml, set by the UI) */
	SessionView view;      /* layout, view segments, scrolling (src/session/view.c) */
	Shell shell;           /* the status line's message (src/session/msg.c), quit,
	                          help and a one-line prompt (shell.h; the UI's loop
	                          reads it as it reads every model's) */
	SessionDialogs dlg;    /* the other dialogs a command asks the UI to show: pick
	                          lists, questions, views (src/session/dialog.c) */
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
/* Idle time, the one scheduler of the editor's background work, in the
 * order of what the translator sees first: the alignment a phased open
 * left pending and the sidecar's statuses (session_align_idle, one
 * SESSION_SLICE_NS slice), the checks (session_checks_step), the spelling
 * thread's answers, the translation memory's (session_tm_poll).  One
 * slice per call; true when what is shown changed.  session_idle_wait_ms:
 * 0 when work is due now, N to poll after N ms (a thread's answer is
 * awaited), -1 when nothing is pending.  The UI calls both while no key
 * waits; tests call them headless. */
int session_idle_wait_ms(const Session *s);
bool session_idle(Session *s);
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

/* Lines of a pane. */
static inline const Lines *session_lines(const Session *s, Pane p)
{
	return p == PANE_TARGET ? &s->doc.tgt : &s->doc.src;
}

bool session_check(Session *s, Err *e);

/* Slot f of s->chk.seg holds findings of the current epoch (checked since
 * the last time every segment was due again). */
static inline bool session_slot_ready(const Session *s, const SegFindings *f)
{
	return f->ready && f->epoch == s->chk.epoch;
}

#endif
