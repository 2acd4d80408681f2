/*
 * journal — crash recovery: every edit of a document is appended to
 * FILE.yeok.journal beside FILE, so that after a crash, kill -9, SIGHUP or
 * a power cut the text can be rebuilt exactly from the file as it was
 * loaded plus the journal.
 *
 * Format (text header, then length-prefixed records, so any bytes of the
 * document survive):
 *     yeok-journal 2\n
 *     sha256 <64 hex of the file as loaded>\n
 *     size <bytes of the file as loaded>\n
 *     started <unix seconds>\n
 *     host <host name>\n
 *     machine <the machine id (/etc/machine-id), or ->\n
 *     uid <user id>\n
 *     pid <process id of the editor>\n
 *     R <first> <count> <nbytes> <unix seconds>\n<nbytes bytes>\n   (repeated)
 *     S <64 hex>\n     (a save of the text with that SHA-256 is being written)
 *     M <nbytes> <unix seconds>\n<nbytes bytes>\n   (a change of state, below)
 * A header whose sha256 is 64 zeros is provisional (journal_init_lazy: the
 * editor wrote it at open, before the file's hash was taken): no record
 * follows it; the first record rewrites the header with the hash.
 * An R record replaces lines [first, first+count) of the document by the
 * lines in the bytes: split at LF, each keeping its terminator (LF or
 * CRLF); a last piece without terminator is allowed only when the record
 * reaches the end of the document.  A torn last record (power cut in the
 * middle of a write) is ignored: everything before it is recovered.
 * An M record is a change of the document's state that is not text (a
 * segment marked done, an allowed word, a checklist item): one line the
 * editor wrote and reads back (journal_state); the journal only keeps them
 * in order.
 *
 * Records to come (extensible): a record is one line that starts with an
 * upper-case letter naming its type and a space; one with bytes gives
 * their number as the last field of that line and follows it with the
 * bytes and an LF, as R does.  A reader stops at a type it does not know,
 * as at a torn record (everything before it is recovered), so a new type
 * is added with a new magic only when older readers must not recover
 * past it.
 *
 * Written so that nothing journalled is lost, a full disk included:
 * records are appended after the last whole record (Journal.good); a
 * write that fails part-way is cut back to it (shrinking needs no space),
 * the records stay pending and are retried.  A new header (a new base:
 * the first record of a lazy journal, a rebase after a save) replaces the
 * whole journal atomically: a temporary `.FILE.yeok.journal.yeok-XXXXXX`
 * beside it, locked before it is renamed over the journal (so the lock
 * below is always on the file at the journal's path), flushed, renamed;
 * when the disk refuses, the old journal stays.  A journal is never
 * truncated to make room for a new one.
 *
 * One editor per document: journal_open() takes an exclusive flock on the
 * journal when the document is opened (creating the file), and holds it
 * until the editor ends; a second editor gets JOURNAL_BUSY (and opens the
 * document read-only, naming the process that holds it).  A journal is
 * only ever replaced or removed by the editor holding its lock.  On a
 * file system without flock the journal is not used at all and
 * JOURNAL_NOLOCK says why (crash recovery is off).
 *
 * Writes are buffered and reach the disk (write + fdatasync) on
 * journal_flush(); callers flush at least once a second and on each
 * segment change.  Before a save renames the new text into place,
 * journal_saving() records its SHA-256 (an S record): a crash between the
 * rename and the journal's rebase then leaves a journal whose end state is
 * the file on disk, which is not offered again.  A clean save starts the
 * journal anew for the saved text (journal_rebase); a clean exit removes
 * it (and makes the removal durable: the folder is synced).
 *
 * A journal is offered for recovery only when it was written by this user
 * on this machine (host, machine id and uid of the header): a journal
 * committed to a repository, or left by another user, is never replayed.
 *
 * Depends on util, lines.  Never prints.
 */
#ifndef YEOK_JOURNAL_H
#define YEOK_JOURNAL_H

#include <sys/types.h>

#include "yeok/lines.h"
#include "yeok/util.h"

/* What journal_open() found. */
typedef enum JournalLock {
	JOURNAL_UNOPENED, /* journal_open not called (yet) */
	JOURNAL_LOCKED,   /* ours: records may be written */
	JOURNAL_BUSY,     /* another running yeok holds it (j->holder says who) */
	JOURNAL_NOLOCK,   /* the file system cannot lock it: recovery off (j->err) */
	JOURNAL_FAILED,   /* it cannot be created or used (j->err): recovery off */
} JournalLock;

typedef struct Journal {
	char *path;       /* FILE.yeok.journal */
	int fd;           /* the locked journal, -1 until journal_open */
	JournalLock lock;
	bool begun;       /* the header for the current base is written */
	char sha256[65];  /* of the base text (journal_init_lazy: 64 zeros until taken) */
	size_t base_size; /* bytes of the base text */
	const char *lazy_base; /* journal_init_lazy: the base, borrowed, while its hash is not taken */
	Buf pending;      /* records not yet written */
	off_t good;       /* bytes of the file that are whole (header and
	                     records): appends go here */
	size_t records;   /* records since the base */
	uint64_t last_flush_ns;
	bool failed;      /* a write failed; the message is in err */
	bool said;        /* for the caller: this failure was reported (cleared
	                     when a write succeeds again) */
	/* The last record while it is still pending: a record that replaces
	 * exactly the lines it produced is merged into it (typing in one line
	 * between two flushes writes that line once, not once per key). */
	bool last_pending;
	size_t last_off, last_first, last_count, last_new;
	char holder[160]; /* JOURNAL_BUSY: "process 123 on host x" */
	Err err;
} Journal;

/* Who writes here, as a journal's header names them: "host H machine M
 * uid U" (the host name, /etc/machine-id or "-", the effective user id).
 * A journal is replayed only when it was written under this identity, and
 * a review entry counts as the reviewer's own only when its stamp was made
 * under it (include/yeok/review.h, "whose entries"). */
void journal_here(char *out, size_t n);

/* FILE.yeok.journal for FILE; caller frees. */
char *journal_path(const char *file);

/* Prepare a journal for a document whose file bytes are base[0..n).
 * Touches no file. */
void journal_init(Journal *j, const char *file, const char *base, size_t n);
/* The same from the base's SHA-256 (64 hex digits) and size, when the
 * caller has it (the editor's open: the file's hash is taken once). */
void journal_init_hashed(Journal *j, const char *file, const char *sha256, size_t n);
/* The same with the base's hash taken only when a record is first written
 * (or given by journal_set_base_sha256): the editor's first frame does not
 * wait for it.  base[0..n) is borrowed and must stay unchanged until then.
 * Until then journal_begin writes a provisional header whose sha256 is 64
 * zeros (the holder's pid and host are in it from the start); no record
 * follows such a header, so it is never offered for recovery, and the first
 * flush of a record writes the header anew with the base's hash. */
void journal_init_lazy(Journal *j, const char *file, const char *base, size_t n);
/* The base's hash (64 hex digits), taken by the caller from the same bytes:
 * the borrowed base of journal_init_lazy is no longer read. */
void journal_set_base_sha256(Journal *j, const char *sha256);
/* Close the journal (the lock is released; the file stays). */
void journal_release(Journal *j);

/* Take the journal's lock (creating an empty journal when there is none;
 * a symlink, a non-regular file or another user's file is refused:
 * JOURNAL_FAILED).  What an existing journal holds stays until
 * journal_begin (read it with journal_recover first). */
JournalLock journal_open(Journal *j);
/* Start the journal for the current base: write the header, into the empty
 * journal journal_open made, else as a new journal replacing the old one
 * atomically (needs JOURNAL_LOCKED).  False (j->err) when the disk
 * refuses: the old journal is then as it was. */
bool journal_begin(Journal *j);

/* Record that lines [first, first+count) of the document before the edit
 * were replaced by lines [first, first+new_count) of `after` (the
 * document after the edit). */
void journal_replace(Journal *j, size_t first, size_t count, const Lines *after,
                     size_t new_count);

/* Write pending records and fdatasync (opening and beginning the journal
 * first when that was not done).  False (and j->err) when the disk
 * refuses; the records stay pending and are retried next time. */
bool journal_flush(Journal *j);
/* Flush when more than a second passed since the last flush. */
bool journal_tick(Journal *j);

/* Record a change of state: the line p[0..n) (no LF in it), replayed in
 * order after the text's records by journal_recover_all. */
void journal_state(Journal *j, const char *p, size_t n);

/* A save of data[0..n) is about to replace the file: record its SHA-256
 * (flushed).  False when the journal could not be written. */
bool journal_saving(Journal *j, const char *data, size_t n);
/* Save data[0..n) to the document at path (file_write_atomic) with the
 * journal j (may be NULL) around it: journal_saving before, the rebase
 * after; when the save fails the edits are flushed to the journal.  Errors
 * as file_write_atomic. */
bool journal_save(Journal *j, const char *path, const char *data, size_t n, Err *e);
/* The document was saved as base[0..n): the journal restarts from it. */
void journal_rebase(Journal *j, const char *base, size_t n);
/* Remove the journal file (clean exit) when this editor holds its lock;
 * a journal it does not hold is never removed. */
void journal_remove(Journal *j);

/* True when another running editor holds FILE's journal; holder (may be
 * NULL, size n) gets who: "process 123 on host x". */
bool journal_in_use(const char *file, char *holder, size_t n);

/* Test hook: when set, journal_open's flock fails with this errno (38
 * ENOSYS, 95 EOPNOTSUPP: a file system without locks).  0 disables. */
extern int journal_inject_flock_errno;
/* Test hook: a disk that fills up.  When >= 0, the journal's writes fail
 * with ENOSPC once this many more bytes are written (a write may stop
 * part-way).  -1 (the default) disables. */
extern long journal_inject_write_budget;

/* What an existing journal holds, for the recovery prompt. */
typedef struct JournalInfo {
	bool exists;         /* unsaved work: complete records that the file on
	                        disk does not already hold, written here */
	bool base_matches;   /* the file on disk is the one the journal started from */
	bool saved;          /* its end state is the file on disk (a crash after
	                        the save's rename): nothing to offer */
	bool foreign;        /* written by another user, on another machine or
	                        by an older yeok: never offered */
	char who[160];       /* foreign: "host x, uid 1000" */
	char saving_sha[65]; /* the journal ends with a save of this text that the
	                        file on disk does not hold (interrupted), or "" */
	long long started;   /* unix seconds of the first edit */
	long long last_edit; /* unix seconds of the last edit */
	size_t records;      /* complete records */
	size_t states;       /* complete M records among them (changes of state) */
	bool torn;           /* a torn last record was dropped */
} JournalInfo;

/* Read FILE's journal: info, and when `out` is non-NULL the recovered text
 * (the base `base[0..n)` with every complete record replayed).  False with
 * a message naming the journal and the record when it is unusable (a
 * corrupt header, a record outside the document); a missing or empty
 * journal is not an error (info->exists false). */
bool journal_recover(const char *file, const char *base, size_t n, JournalInfo *info, Buf *out,
                     Err *e);
/* The same, and the M records' lines, each with its LF, in order, into
 * state (its content replaced; may be NULL). */
bool journal_recover_all(const char *file, const char *base, size_t n, JournalInfo *info,
                         Buf *out, Buf *state, Err *e);

#endif
