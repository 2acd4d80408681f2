/*
 * journal — crash recovery: every edit of a document is appended to
 * FILE.yeok.journal beside FILE, so that after a crash, kill -9, SIGHUP or
 * a power cut the text can be rebuilt exactly from the file as it was
 * loaded plus the journal.
 *
 * Format (text header, then length-prefixed records, so any bytes of the
 * document survive):
 *     yeok-journal 1\n
 *     sha256 <64 hex of the file as loaded>\n
 *     size <bytes of the file as loaded>\n
 *     started <unix seconds>\n
 *     R <first> <count> <nbytes> <unix seconds>\n<nbytes bytes>\n   (repeated)
 * An R record replaces lines [first, first+count) of the document by the
 * lines in the bytes: split at LF, each keeping its terminator (LF or
 * CRLF); a last piece without terminator is allowed only when the record
 * reaches the end of the document.  A torn last record (power cut in the
 * middle of a write) is ignored: everything before it is recovered.
 *
 * Writes are buffered and reach the disk (write + fdatasync) on
 * journal_flush(); callers flush at least once a second and on each
 * segment change.  A clean save starts a new journal for the saved file;
 * a clean exit removes it.
 *
 * Depends on util, lines.  Never prints.
 */
#ifndef YEOK_JOURNAL_H
#define YEOK_JOURNAL_H

#include "yeok/lines.h"
#include "yeok/util.h"

typedef struct Journal {
	char *path;       /* FILE.yeok.journal */
	int fd;           /* -1 until the first record is written */
	char sha256[65];  /* of the base text */
	size_t base_size; /* bytes of the base text */
	Buf pending;      /* records not yet written */
	size_t records;   /* records since the base */
	uint64_t last_flush_ns;
	bool failed;      /* a write failed; the message is in err */
	/* The last record while it is still pending: a record that replaces
	 * exactly the lines it produced is merged into it (typing in one line
	 * between two flushes writes that line once, not once per key). */
	bool last_pending;
	size_t last_off, last_first, last_count, last_new;
	Err err;
} Journal;

/* FILE.yeok.journal for FILE; caller frees. */
char *journal_path(const char *file);

/* Start a journal for a document whose file bytes are base[0..n).  Nothing
 * is written until the first record (opening a file leaves no trace). */
void journal_init(Journal *j, const char *file, const char *base, size_t n);
void journal_release(Journal *j);

/* Record that lines [first, first+count) of the document before the edit
 * were replaced by lines [first, first+new_count) of `after` (the
 * document after the edit). */
void journal_replace(Journal *j, size_t first, size_t count, const Lines *after,
                     size_t new_count);

/* Write pending records and fdatasync.  False (and j->err) when the disk
 * refuses; the records stay pending and are retried next time. */
bool journal_flush(Journal *j);
/* Flush when more than a second passed since the last flush. */
bool journal_tick(Journal *j);

/* The document was saved as base[0..n): the journal restarts from it (the
 * file on disk is removed; a new one appears with the next edit). */
void journal_rebase(Journal *j, const char *base, size_t n);
/* Remove the journal file (clean exit). */
void journal_remove(Journal *j);

/* True when another running editor holds FILE's journal (it is written
 * under an exclusive flock while that editor runs). */
bool journal_in_use(const char *file);

/* What an existing journal holds, for the recovery prompt. */
typedef struct JournalInfo {
	bool exists;         /* a journal with at least one record */
	bool base_matches;   /* the file on disk is the one the journal started from */
	long long started;   /* unix seconds of the first edit */
	long long last_edit; /* unix seconds of the last edit */
	size_t records;      /* complete records */
	bool torn;           /* a torn last record was dropped */
} JournalInfo;

/* Read FILE's journal: info, and when `out` is non-NULL the recovered text
 * (the base `base[0..n)` with every complete record replayed).  False with
 * a message naming the journal and the record when it is unusable (a
 * corrupt header, a record outside the document); a missing journal is
 * not an error (info->exists false). */
bool journal_recover(const char *file, const char *base, size_t n, JournalInfo *info, Buf *out,
                     Err *e);

#endif
