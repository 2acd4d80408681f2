/*
 * safety — nothing lost: the editor's crash-recovery journal and the file
 * on disk, without a terminal (the UI asks the questions, tests call the
 * same functions).
 *
 * safety_open() after session_open(): remembers the file as loaded (for
 * the changed-on-disk check; its hash taken in idle steps, before the first
 * edit or save at the latest), looks for a journal a crash, kill -9, SIGHUP
 * or power cut left behind, and starts journaling every edit.  When such a
 * journal exists the caller offers: safety_recover() (r: the text comes
 * back exactly, as one undoable change, unsaved), safety_discard() (d) or
 * safety_recovery_diff() (v).  safety_tick() flushes the journal at least
 * once a second and on each segment change; safety_quit() removes it on a
 * clean exit.  A save (doc_save) rebases it.
 *
 * Changed on disk: safety_disk_changed() before each save and when the
 * terminal regains focus; then safety_reload() (take theirs, one undoable
 * change), safety_keep_mine() (the next save goes over it) or
 * safety_disk_diff().
 *
 * In a git work tree, safety_exclude_side_files() lists yeok's side files
 * in the repository's info/exclude (vcs_exclude_side_files; a message says
 * so the one time it is written).  It runs git, so the editor calls it
 * after its first frame, not safety_open (issue 19).
 *
 * Depends on util, text, journal, diff, doc, session, vcs.  Never prints.
 */
#ifndef YEOK_SAFETY_H
#define YEOK_SAFETY_H

#include "yeok/journal.h"
#include "yeok/session.h"

typedef struct SafetyRecovery {
	JournalInfo info;
	Buf text;      /* the recovered document (file bytes) */
	Buf state;     /* the journal's changes of state (journal_state lines) */
	bool usable;   /* info.exists and text holds the recovered bytes */
	char problem[2048]; /* why the journal cannot be used ("" when it can) */
} SafetyRecovery;

void safety_recovery_release(SafetyRecovery *r);

/* See above.  True when unsaved work was found (r->info.exists); a
 * journal that cannot be replayed is moved aside to FILE.yeok.journal.bad
 * and described in r->problem.  When another running yeok holds the
 * journal (journal_in_use) the document is opened read-only (r->problem
 * says so) and nothing is journaled. */
bool safety_open(Session *s, SafetyRecovery *r);
/* After safety_open, once the first frame is drawn: the side files listed
 * in info/exclude when the document is journaled (not read-only) in a git
 * work tree (see above); a failure is the session's error. */
void safety_exclude_side_files(Session *s);
/* One line: when the unsaved work is from and how many edits it holds. */
void safety_recovery_describe(const SafetyRecovery *r, Buf *out);
/* r: the target becomes the recovered text (the journal keeps it), and the
 * changes of state come back (done marks, checklist, translator, allowed
 * words: unsaved, journalled again). */
void safety_recover(Session *s, SafetyRecovery *r);
/* d: drop the journal; the file as it is on disk stays. */
void safety_discard(Session *s, SafetyRecovery *r);
/* v: unified line difference, file on disk (---) against recovered (+++). */
void safety_recovery_diff(Session *s, const SafetyRecovery *r, Buf *out);

/* Flush the journal when a second passed or the segment changed since the
 * last flush (force: now).  Each call also hashes the next megabyte of the
 * file as loaded (safety_open takes that hash after the first frame:
 * doc_disk_remember_lazy; force: all of it).  A failure is reported in the status line
 * (once per failure).  False while the journal cannot be written. */
bool safety_tick(Session *s, long *seg, bool force);
/* While the journal cannot be written: its error in the status line when
 * it is new or the line is free (the UI calls this after each key and
 * when idle: a key clears the message safety_tick set before it).  True
 * when the message was set (the frame must be drawn). */
bool safety_journal_warn(Session *s);
/* Clean exit: remove the journal. */
void safety_quit(Session *s);

/* The file on disk differs from what was loaded or last saved. */
bool safety_disk_changed(Session *s);
/* Take the file from disk (one undoable change; the document is then
 * unmodified).  False with a message when it cannot be read. */
bool safety_reload(Session *s);
/* Keep the edits: the next save writes over the changed file. */
void safety_keep_mine(Session *s);
/* Unified line difference, file on disk (---) against the editor (+++). */
void safety_disk_diff(Session *s, Buf *out);

/* Input the editor refuses: a binary file (a NUL byte) is EXIT_DATAERR
 * "FILE:LINE: ...".  Otherwise true, and notes (may be NULL) gets what is
 * unusual but kept byte for byte (invalid UTF-8, CRLF, a BOM, control
 * characters), for the status line ("" when nothing). */
bool safety_input_ok(Session *s, Buf *notes, Err *e);

/* Difference of two texts as unified-diff lines (3 lines of context). */
void safety_udiff(const char *a, size_t na, const char *b, size_t nb, const char *a_name,
                  const char *b_name, Buf *out);

#endif
