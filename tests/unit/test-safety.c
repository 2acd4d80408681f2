/* safety: the journal wired into doc edits, recovery, failed saves, a file
 * changed on disk, input the editor refuses. */
#include "yeok/stats.h"
#include "testutil.h"

#include <errno.h>
#include <unistd.h>

#include "yeok/command.h"
#include "yeok/safety.h"
#include "yeok/vcs.h"

static uint64_t seed = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (uint32_t)(seed >> 11);
}

static char *doc_bytes(const Doc *d, size_t *n)
{
	Buf b = BUF_INIT;
	lines_serialize(&d->tgt, &b);
	*n = b.len;
	return buf_detach(&b);
}

/* The journal of path holds no unsaved work (it may exist: the editor
 * holds it locked from open to exit). */
static bool nothing_unsaved(const char *path)
{
	size_t n;
	char *disk = tu_read(path, &n);
	JournalInfo info;
	Err e;
	err_init(&e);
	bool ok = journal_recover(path, disk, n, &info, NULL, &e) && !info.exists;
	free(disk);
	return ok;
}

/* Open path in s the way the editor does (session_open + safety_open). */
static void open_doc(Session *s, const char *path, SafetyRecovery *r, bool *found)
{
	session_init(s);
	SourceOpts so = {NULL, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	assert_true(session_open(s, path, &so, &e));
	session_resize(s, 100, 30);
	*found = safety_open(s, r);
}

/* A random editor edit: typing, deleting, newlines, undo, redo. */
static void random_edit(Session *s)
{
	Doc *d = &s->doc;
	size_t line = rnd() % d->tgt.n;
	Pos a = {line, 0};
	switch (rnd() % 6) {
	case 0:
		s->caret.cur = (Pos){line, lines_line(&d->tgt, line)->n};
		session_insert(s, "번역 ", strlen("번역 "));
		break;
	case 1:
		s->caret.cur = (Pos){line, 0};
		session_newline(s);
		break;
	case 2:
		if (line + 1 < d->tgt.n)
			doc_replace(d, a, (Pos){line + 1, 0}, "", 0, CH_OTHER);
		break;
	case 3:
		doc_undo(d, NULL);
		break;
	case 4:
		doc_redo(d, NULL);
		break;
	default:
		doc_replace(d, a, a, "두 줄\r\n셋\n", strlen("두 줄\r\n셋\n"), CH_OTHER);
		break;
	}
	s->view.dirty = true;
	s->caret.cur = (Pos){0, 0};
}

static const char *const texts[] = {
	"Title\n=====\n\nFirst paragraph.\n\nSecond one.\n",
	"Title\r\n=====\r\n\r\nWindows.\r\n\r\nNo final newline",
	"\xEF\xBB\xBFTitle\n=====\n\nBOM and \xFF invalid.\n",
	"",
};

/* kill -9 after every edit was flushed: the next open recovers it exactly. */
static void test_crash_recover_exact(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	for (size_t t = 0; t < ARRAY_LEN(texts); t++) {
		for (int round = 0; round < 20; round++) {
			char *path = tu_write(dir, "doc.rst", texts[t], strlen(texts[t]));
			Session s;
			SafetyRecovery r;
			bool found;
			open_doc(&s, path, &r, &found);
			assert_false(found);
			safety_recovery_release(&r);
			assert_non_null(s.doc.journal);
			int edits = 1 + (int)(rnd() % 30);
			long seg = -2;
			for (int k = 0; k < edits; k++) {
				random_edit(&s);
				if (rnd() % 3 == 0)
					safety_tick(&s, &seg, true);
			}
			safety_tick(&s, &seg, true);
			size_t n;
			char *want = doc_bytes(&s.doc, &n);
			/* the "crash": the journal is not removed */
			session_release(&s);
			size_t fn;
			char *disk = tu_read(path, &fn);
			assert_int_equal(fn, strlen(texts[t]));
			assert_memory_equal(disk, texts[t], fn);
			free(disk);

			Session s2;
			open_doc(&s2, path, &r, &found);
			if (!found) {
				/* nothing journaled: every edit was undone before a flush */
				assert_int_equal(n, strlen(texts[t]));
			} else {
				safety_recover(&s2, &r);
				size_t n2;
				char *got = doc_bytes(&s2.doc, &n2);
				assert_int_equal(n2, n);
				assert_memory_equal(got, want, n);
				free(got);
				Err e;
				err_init(&e);
				assert_true(doc_check(&s2.doc, &e));
				if (n != strlen(texts[t]) || memcmp(want, texts[t], n) != 0)
					assert_true(doc_modified(&s2.doc));
			}
			safety_recovery_release(&r);
			safety_quit(&s2);
			char *jp = journal_path(path);
			assert_false(file_exists(jp));
			free(jp);
			session_release(&s2);
			free(want);
			free(path);
		}
	}
	free(dir);
}

/* A save rebases the journal: a crash after it recovers onto the saved file. */
static void test_save_rebases(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	char *jp = journal_path(path);
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	long seg = -2;
	s.caret.cur = (Pos){3, 0}; /* in the paragraph (a title's edit also fits its underline) */
	session_insert(&s, "가", 3);
	safety_tick(&s, &seg, true);
	assert_true(file_exists(jp));
	Err e;
	err_init(&e);
	assert_true(doc_save(&s.doc, &e));
	assert_true(nothing_unsaved(path));
	session_insert(&s, "나", 3);
	safety_tick(&s, &seg, true);
	size_t n;
	char *want = doc_bytes(&s.doc, &n);
	session_release(&s);
	open_doc(&s, path, &r, &found);
	assert_true(found);
	assert_true(r.info.base_matches);
	assert_int_equal(r.info.records, 1);
	safety_recover(&s, &r);
	size_t n2;
	char *got = doc_bytes(&s.doc, &n2);
	assert_int_equal(n, n2);
	assert_memory_equal(want, got, n);
	free(want);
	free(got);
	safety_recovery_release(&r);
	safety_quit(&s);
	session_release(&s);
	free(jp);
	free(path);
	free(dir);
}

/* A failed save leaves the original, keeps the edits in memory and in the journal. */
static void test_failed_save(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	char *jp = journal_path(path);
	int errs[] = {ENOSPC, EACCES, EROFS};
	for (size_t k = 0; k < ARRAY_LEN(errs); k++) {
		Session s;
		SafetyRecovery r;
		bool found;
		open_doc(&s, path, &r, &found);
		safety_recovery_release(&r);
		session_insert(&s, "저장 실패 ", strlen("저장 실패 "));
		file_inject_write_errno = errs[k];
		assert_false(command_run(&s, "save", NULL));
		file_inject_write_errno = 0;
		assert_non_null(strstr(s.shell.msg.text, strerror(errs[k])));
		assert_true(s.shell.msg.error);
		assert_true(doc_modified(&s.doc));
		size_t fn;
		char *disk = tu_read(path, &fn);
		assert_int_equal(fn, strlen(texts[0]));
		assert_memory_equal(disk, texts[0], fn);
		free(disk);
		char *j = tu_read(jp, &fn);
		assert_non_null(strstr(j, "저장 실패"));
		free(j);
		/* the disk is back: the save works and the journal goes */
		assert_true(command_run(&s, "save", NULL));
		assert_true(nothing_unsaved(path));
		assert_false(doc_modified(&s.doc));
		safety_quit(&s);
		session_release(&s);
		free(tu_write(dir, "doc.rst", texts[0], strlen(texts[0])));
	}
	free(jp);
	free(path);
	free(dir);
}

/* Another program changes the file: the save refuses, reload / keep mine. */
static void test_changed_on_disk(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	assert_false(safety_disk_changed(&s));
	session_insert(&s, "내 ", strlen("내 "));
	const char *theirs = "Their\n=====\n\nOther text.\n";
	free(tu_write(dir, "doc.rst", theirs, strlen(theirs)));
	assert_true(safety_disk_changed(&s));
	assert_false(command_run(&s, "save", NULL));
	assert_non_null(strstr(s.shell.msg.text, "changed on disk"));
	size_t fn;
	char *disk = tu_read(path, &fn);
	assert_string_equal(disk, theirs);
	free(disk);
	Buf diff = BUF_INIT;
	safety_disk_diff(&s, &diff);
	assert_non_null(strstr(diff.p, "-Their\n"));
	assert_non_null(strstr(diff.p, "+내 Title\n"));
	buf_release(&diff);
	/* reload: their text, unmodified; undo brings mine back */
	assert_true(safety_reload(&s));
	size_t n;
	char *now = doc_bytes(&s.doc, &n);
	assert_string_equal(now, theirs);
	free(now);
	assert_false(doc_modified(&s.doc));
	assert_false(safety_disk_changed(&s));
	assert_true(command_run(&s, "undo", NULL));
	now = doc_bytes(&s.doc, &n);
	assert_non_null(strstr(now, "내 Title"));
	free(now);
	/* a touch without a change is no change */
	free(tu_write(dir, "doc.rst", theirs, strlen(theirs)));
	assert_false(safety_disk_changed(&s));
	/* keep mine */
	free(tu_write(dir, "doc.rst", "x\n", 2));
	assert_true(safety_disk_changed(&s));
	safety_keep_mine(&s);
	assert_true(command_run(&s, "save", NULL));
	disk = tu_read(path, &fn);
	assert_non_null(strstr(disk, "내 Title"));
	free(disk);
	assert_false(safety_disk_changed(&s));
	/* removed behind our back */
	unlink(path);
	assert_true(safety_disk_changed(&s));
	safety_quit(&s);
	session_release(&s);
	free(path);
	free(dir);
}

/* A journal that does not fit is set aside, never replayed half. */
static void test_corrupt_journal(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	const char *junk = "yeok-journal 1\nnot a header\n";
	free(tu_write(dir, "doc.rst.yeok.journal", junk, strlen(junk)));
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	assert_false(found);
	assert_non_null(strstr(r.problem, "set aside as"));
	char *bad = xasprintf("%s.yeok.journal.bad", path);
	assert_true(file_exists(bad));
	free(bad);
	safety_recovery_release(&r);
	safety_quit(&s);
	session_release(&s);
	free(path);
	free(dir);
}

static void test_discard(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	long seg = -2;
	s.caret.cur = (Pos){3, 0}; /* in the paragraph: one record */
	session_insert(&s, "버림", strlen("버림"));
	safety_tick(&s, &seg, true);
	session_release(&s);
	open_doc(&s, path, &r, &found);
	assert_true(found);
	Buf d = BUF_INIT;
	safety_recovery_describe(&r, &d);
	assert_non_null(strstr(d.p, "unsaved work from"));
	assert_non_null(strstr(d.p, "1 edit,"));
	buf_clear(&d);
	safety_recovery_diff(&s, &r, &d);
	assert_non_null(strstr(d.p, "+버림First paragraph."));
	buf_release(&d);
	safety_discard(&s, &r);
	safety_recovery_release(&r);
	assert_true(nothing_unsaved(path)); /* the journal starts anew */
	assert_false(doc_modified(&s.doc));
	session_release(&s);
	free(path);
	free(dir);
}

static void test_input(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "bin.rst", "a\nb\0c\n", 6);
	Session s;
	session_init(&s);
	SourceOpts so = {NULL, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	assert_true(session_open(&s, path, &so, &e));
	assert_false(safety_input_ok(&s, NULL, &e));
	assert_int_equal(e.code, EXIT_DATAERR);
	assert_non_null(strstr(e.msg, "bin.rst:2: a NUL byte"));
	session_release(&s);
	free(path);
	path = tu_write(dir, "odd.rst", "\xEF\xBB\xBF" "a\r\nb\xFF\x1b[2J\n", 13);
	session_init(&s);
	assert_true(session_open(&s, path, &so, &e));
	Buf notes = BUF_INIT;
	assert_true(safety_input_ok(&s, &notes, &e));
	assert_non_null(strstr(notes.p, "invalid UTF-8 (first: line 2)"));
	assert_non_null(strstr(notes.p, "control characters"));
	assert_non_null(strstr(notes.p, "CRLF"));
	assert_non_null(strstr(notes.p, "byte order mark"));
	buf_release(&notes);
	session_release(&s);
	free(path);
	free(dir);
}

/* Typing in one line between two flushes is one record, not one per key. */
static void test_coalesce(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	s.caret.cur = (Pos){3, 0};
	for (int i = 0; i < 100; i++)
		session_insert(&s, "한", 3);
	assert_int_equal(s.doc.journal->records, 1);
	long seg = -2;
	safety_tick(&s, &seg, true);
	session_newline(&s);
	session_insert(&s, "둘", 3);
	safety_tick(&s, &seg, true);
	size_t n;
	char *want = doc_bytes(&s.doc, &n);
	session_release(&s);
	open_doc(&s, path, &r, &found);
	assert_true(found);
	assert_true(r.info.records <= 3);
	assert_int_equal(r.text.len, n);
	assert_memory_equal(r.text.p, want, n);
	free(want);
	safety_recovery_release(&r);
	safety_quit(&s);
	session_release(&s);
	free(path);
	free(dir);
}

/* A second editor on the same file opens it read-only. */
static void test_in_use(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	Session a, b;
	SafetyRecovery r;
	bool found;
	open_doc(&a, path, &r, &found);
	safety_recovery_release(&r);
	long seg = -2;
	session_insert(&a, "첫", 3);
	safety_tick(&a, &seg, true);
	open_doc(&b, path, &r, &found);
	assert_false(found);
	assert_non_null(strstr(r.problem, "another yeok"));
	assert_true(b.doc.read_only);
	assert_null(b.doc.journal);
	safety_recovery_release(&r);
	session_release(&b);
	/* the first one ends (a crash): the next open offers its work */
	session_release(&a);
	open_doc(&b, path, &r, &found);
	assert_true(found);
	assert_false(b.doc.read_only);
	safety_recovery_release(&r);
	safety_quit(&b);
	session_release(&b);
	free(path);
	free(dir);
}


/* Issue 14 item 1: the journal's lock is taken at open.  A second editor
 * opened before the first one's first edit (or just after its save) is
 * read-only and names the process; when it quits it removes nothing, so
 * the first editor's edits stay recoverable after a crash. */
static void test_lock_at_open(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	char *jp = journal_path(path);
	for (int after_save = 0; after_save < 2; after_save++) {
		Session a, b;
		SafetyRecovery r;
		bool found;
		open_doc(&a, path, &r, &found);
		safety_recovery_release(&r);
		assert_true(file_exists(jp)); /* locked from the start */
		long seg = -2;
		if (after_save) {
			session_insert(&a, "저장 ", strlen("저장 "));
			assert_true(command_run(&a, "save", NULL));
		}
		/* the second editor, before the first one's next edit */
		open_doc(&b, path, &r, &found);
		assert_false(found);
		assert_true(b.doc.read_only);
		char *who = xasprintf("process %ld on host", (long)getpid());
		if (!strstr(r.problem, who))
			fail_msg("'%s' does not name the holder '%s'", r.problem, who);
		free(who);
		safety_recovery_release(&r);
		safety_quit(&b); /* its clean exit */
		session_release(&b);
		assert_true(file_exists(jp)); /* not removed by the editor that did not hold it */
		session_insert(&a, "첫 편집 ", strlen("첫 편집 "));
		safety_tick(&a, &seg, true);
		size_t n;
		char *want = doc_bytes(&a.doc, &n);
		session_release(&a); /* kill -9 */
		Session c;
		open_doc(&c, path, &r, &found);
		assert_true(found);
		safety_recover(&c, &r);
		size_t n2;
		char *got = doc_bytes(&c.doc, &n2);
		assert_int_equal(n, n2);
		assert_memory_equal(got, want, n);
		free(got);
		free(want);
		safety_recovery_release(&r);
		assert_true(command_run(&c, "save", NULL));
		safety_quit(&c);
		session_release(&c);
		assert_false(file_exists(jp));
	}
	free(jp);
	free(path);
	free(dir);
}

/* Issue 14 item 3: a crash between the document's rename and the
 * journal's rebase.  The journal's S record says the save's text is the
 * file on disk: nothing is offered, and no line is duplicated. */
static void test_crash_after_rename(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	long seg = -2;
	s.caret.cur = (Pos){3, 0};
	session_insert(&s, "새 줄\n", strlen("새 줄\n"));
	safety_tick(&s, &seg, true);
	size_t n;
	char *saved = doc_bytes(&s.doc, &n);
	/* the save, stopped right after its rename */
	Err e;
	err_init(&e);
	assert_true(journal_saving(s.doc.journal, saved, n));
	assert_true(file_write_atomic(path, saved, n, &e));
	session_release(&s); /* the crash */
	open_doc(&s, path, &r, &found);
	assert_false(found);
	assert_string_equal(r.problem, "");
	size_t dn;
	char *disk = tu_read(path, &dn);
	assert_int_equal(dn, n);
	assert_memory_equal(disk, saved, n);
	free(disk);
	safety_recovery_release(&r);
	safety_quit(&s);
	session_release(&s);
	free(saved);
	free(path);
	free(dir);
}

/* Issue 14 item 4: on a file system without flock (injected ENOSYS /
 * EOPNOTSUPP), crash recovery is off and the editor says so and why; it
 * does not claim another yeok uses the file, and stays editable. */
static void test_no_flock(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	char *jp = journal_path(path);
	int errs[] = {ENOSYS, EOPNOTSUPP, ENOLCK};
	for (size_t k = 0; k < ARRAY_LEN(errs); k++) {
		journal_inject_flock_errno = errs[k];
		Session s;
		SafetyRecovery r;
		bool found;
		open_doc(&s, path, &r, &found);
		journal_inject_flock_errno = 0;
		assert_false(found);
		assert_non_null(strstr(r.problem, "crash recovery is off"));
		assert_non_null(strstr(r.problem, "cannot be locked on this file system"));
		assert_non_null(strstr(r.problem, strerror(errs[k])));
		assert_null(strstr(r.problem, "another yeok"));
		assert_false(s.doc.read_only);
		assert_null(s.doc.journal);
		assert_false(file_exists(jp)); /* nothing left behind */
		safety_recovery_release(&r);
		assert_true(session_insert(&s, "편집", strlen("편집")));
		assert_true(command_run(&s, "save", NULL));
		safety_quit(&s);
		session_release(&s);
		free(tu_write(dir, "doc.rst", texts[0], strlen(texts[0])));
	}
	free(jp);
	free(path);
	free(dir);
}

/* Issue 14 item 13: a journal is offered only when this user wrote it on
 * this machine.  A committed one (another host, an old format with
 * "started 0", another uid) is set aside, never replayed. */
static void test_foreign_journal(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	char sha[65];
	sha256_hex(texts[0], strlen(texts[0]), sha);
	const char *fmts[] = {
		"yeok-journal 1\nsha256 %s\nsize %zu\nstarted 0\nR 0 0 6 0\nevil!\n\n",
		"yeok-journal 2\nsha256 %s\nsize %zu\nstarted 0\nhost elsewhere\nmachine 0123456789abcdef0123456789abcdef\nuid 0\npid 1\nR 0 0 6 0\nevil!\n\n",
	};
	for (size_t k = 0; k < ARRAY_LEN(fmts); k++) {
		char *j = xasprintf(fmts[k], sha, strlen(texts[0]));
		free(tu_write(dir, "doc.rst.yeok.journal", j, strlen(j)));
		free(j);
		Session s;
		SafetyRecovery r;
		bool found;
		open_doc(&s, path, &r, &found);
		assert_false(found);
		assert_non_null(strstr(r.problem, "not written by you on this machine"));
		assert_non_null(strstr(r.problem, "set aside as doc.rst.yeok.journal.bad"));
		assert_non_null(s.doc.journal); /* our own journal runs */
		safety_recovery_release(&r);
		safety_quit(&s);
		session_release(&s);
		tu_sh(dir, "rm -f doc.rst.yeok.journal.bad*");
	}
	free(path);
	free(dir);
}

/* Issue 14 item 16 (safely in place): a hard-linked document is written in
 * its inode.  When that write is cut short, the complete text is in the
 * temporary file the journal's S record names by hash, and the next open
 * offers it. */
static void test_interrupted_in_place_save(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	tu_sh(dir, "ln doc.rst other-link.rst");
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	long seg = -2;
	session_insert(&s, "링크 ", strlen("링크 "));
	safety_tick(&s, &seg, true);
	assert_true(command_run(&s, "save", NULL));
	/* a normal in-place save: both links hold the new text, no temp left */
	size_t n;
	char *want = doc_bytes(&s.doc, &n);
	char *other = path_join(dir, "other-link.rst");
	size_t on;
	char *o = tu_read(other, &on);
	assert_int_equal(on, n);
	assert_memory_equal(o, want, n);
	free(o);
	free(want);
	/* the next save is cut short: S record written, temp complete, the
	 * document half overwritten */
	session_insert(&s, "두번째 ", strlen("두번째 "));
	safety_tick(&s, &seg, true);
	want = doc_bytes(&s.doc, &n);
	assert_true(journal_saving(s.doc.journal, want, n));
	free(tu_write(dir, ".doc.rst.yeok-AbC123", want, n));
	tu_sh(dir, "printf 'torn' > doc.rst");
	session_release(&s); /* the crash */
	open_doc(&s, path, &r, &found);
	assert_true(found);
	assert_non_null(strstr(r.problem, "a save was interrupted"));
	safety_recover(&s, &r);
	size_t gn;
	char *got = doc_bytes(&s.doc, &gn);
	assert_int_equal(gn, n);
	assert_memory_equal(got, want, n);
	free(got);
	safety_recovery_release(&r);
	assert_true(command_run(&s, "save", NULL));
	o = tu_read(other, &on);
	assert_int_equal(on, n);
	assert_memory_equal(o, want, n); /* still one inode */
	free(o);
	safety_quit(&s);
	session_release(&s);
	free(want);
	free(other);
	free(path);
	free(dir);
}

/* Issue 14 item 17: temporary files a kill -9 during a save left beside
 * the document and its side files are removed at the next open (only
 * this user's regular files of exactly that pattern). */
static void test_stale_temps_removed(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	free(tu_write(dir, ".doc.rst.yeok-Xy12z9", "partial", 7));
	free(tu_write(dir, ".doc.rst.yeok.yaml.yeok-Q1w2e3", "partial", 7));
	free(tu_write(dir, ".doc.rst.yeok-toolong7", "keep", 4));
	free(tu_write(dir, ".other.rst.yeok-Xy12z9", "keep", 4));
	tu_sh(dir, "ln -s /etc/passwd .doc.rst.yeok-L1nk00");
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	char *gone1 = path_join(dir, ".doc.rst.yeok-Xy12z9");
	char *gone2 = path_join(dir, ".doc.rst.yeok.yaml.yeok-Q1w2e3");
	char *kept1 = path_join(dir, ".doc.rst.yeok-toolong7");
	char *kept2 = path_join(dir, ".other.rst.yeok-Xy12z9");
	assert_false(file_exists(gone1));
	assert_false(file_exists(gone2));
	assert_true(file_exists(kept1));
	assert_true(file_exists(kept2));
	tu_sh(dir, "test -L .doc.rst.yeok-L1nk00"); /* a link is not ours to remove */
	free(gone1);
	free(gone2);
	free(kept1);
	free(kept2);
	safety_quit(&s);
	session_release(&s);
	free(path);
	free(dir);
}

static void test_udiff(void **state)
{
	(void)state;
	Buf out = BUF_INIT;
	const char *a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";
	const char *b = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10";
	safety_udiff(a, strlen(a), b, strlen(b), "a", "b", &out);
	assert_string_equal(out.p, "--- a\n+++ b\n@@ -2,9 +2,9 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
	                           " 9\n-10\n+10\n\\ No newline at end of file\n");
	buf_clear(&out);
	const char *c = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
	const char *d = "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n";
	safety_udiff(c, strlen(c), d, strlen(d), "c", "d", &out);
	assert_string_equal(out.p, "--- c\n+++ d\n@@ -1,3 +1,4 @@\n+0\n 1\n 2\n 3\n"
	                           "@@ -9,4 +10,3 @@\n 9\n 10\n 11\n-12\n");
	buf_release(&out);
}

/* The file's hash waits until after the first frame (issue 19): safety_open
 * only stats the file and writes the journal's provisional header (the
 * holder named, no base); the hash is taken in idle steps or before the
 * first edit, and every check reads the same as with the hash taken at
 * open. */
static void test_hash_after_first_frame(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	char *jp = journal_path(path);
	char want[65];
	sha256_hex(texts[0], strlen(texts[0]), want);
	Session s;
	SafetyRecovery r;
	bool found;
	/* killed before any edit: the provisional header offers nothing */
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	assert_true(s.doc.disk.hashing);
	size_t jn;
	char *head = tu_read(jp, &jn);
	char *who = xasprintf("\npid %ld\n", (long)getpid());
	assert_non_null(strstr(head, who));
	assert_non_null(strstr(head, "sha256 0000000000000000000000000000000000000000000000000000000000000000\n"));
	free(who);
	free(head);
	/* changed on disk while the hash is pending: the same answers */
	assert_false(safety_disk_changed(&s));
	free(tu_write(dir, "doc.rst", texts[0], strlen(texts[0]))); /* touched */
	assert_false(safety_disk_changed(&s));
	char *other = xstrdup(texts[0]);
	other[0] = 'X';
	free(tu_write(dir, "doc.rst", other, strlen(other))); /* same size, other bytes */
	assert_true(safety_disk_changed(&s));
	free(tu_write(dir, "doc.rst", texts[0], strlen(texts[0])));
	free(other);
	assert_true(s.doc.disk.hashing);
	session_release(&s); /* kill -9 */
	assert_true(nothing_unsaved(path));
	open_doc(&s, path, &r, &found);
	assert_false(found);
	safety_recovery_release(&r);
	/* idle steps take it */
	long seg = -2;
	for (int i = 0; i < 8 && s.doc.disk.hashing; i++)
		safety_tick(&s, &seg, false);
	assert_false(s.doc.disk.hashing);
	assert_string_equal(s.doc.disk.sha256, want);
	assert_string_equal(s.doc.journal->sha256, want);
	session_release(&s);
	/* the first edit takes it before the change: the journal's header
	 * names the file as loaded, and the work comes back after a kill */
	open_doc(&s, path, &r, &found);
	safety_recovery_release(&r);
	assert_true(s.doc.disk.hashing);
	session_insert(&s, "첫 ", strlen("첫 "));
	assert_false(s.doc.disk.hashing);
	assert_string_equal(s.doc.disk.sha256, want);
	safety_tick(&s, &seg, true);
	head = tu_read(jp, &jn);
	char *line = xasprintf("\nsha256 %s\n", want);
	assert_non_null(strstr(head, line));
	free(line);
	free(head);
	size_t n;
	char *mine = doc_bytes(&s.doc, &n);
	session_release(&s); /* kill -9 */
	open_doc(&s, path, &r, &found);
	assert_true(found);
	assert_true(r.info.base_matches);
	assert_int_equal(r.text.len, n);
	assert_memory_equal(r.text.p, mine, n);
	free(mine);
	safety_recovery_release(&r);
	safety_quit(&s);
	session_release(&s);
	free(jp);
	free(path);
	free(dir);
}

/* The side files are listed in the repository's info/exclude after the
 * first frame (issue 19: git runs then, not before it): safety_open starts
 * no git process; safety_exclude_side_files writes the patterns and says so
 * once, and a second call says nothing. */
static void test_exclude_after_first_frame(void **state)
{
	(void)state;
	if (!vcs_available())
		skip();
	char *dir = tu_tmpdir();
	tu_sh(dir, "git init -q -b main .");
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	char *ex = path_join(dir, ".git/info/exclude");
	Session s;
	session_init(&s);
	SourceOpts so = {NULL, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	assert_true(session_open(&s, path, &so, &e));
	session_resize(&s, 100, 30);
	SafetyRecovery r;
	unsigned long before = stat_get(STAT_GIT_SPAWNS);
	assert_false(safety_open(&s, &r));
	safety_recovery_release(&r);
	assert_int_equal(stat_get(STAT_GIT_SPAWNS), before);
	size_t n = 0;
	char *text = file_exists(ex) ? tu_read(ex, &n) : xstrdup("");
	assert_null(strstr(text, "*.yeok.journal"));
	free(text);
	assert_null(strstr(s.shell.msg.text, "info/exclude"));
	safety_exclude_side_files(&s);
	assert_true(stat_get(STAT_GIT_SPAWNS) > before);
	text = tu_read(ex, &n);
	assert_non_null(strstr(text, "*.yeok.journal"));
	free(text);
	assert_non_null(strstr(s.shell.msg.text, "info/exclude"));
	session_msg(&s, "%s", "");
	safety_exclude_side_files(&s);
	assert_null(strstr(s.shell.msg.text, "info/exclude"));
	session_release(&s);
	free(ex);
	free(path);
	free(dir);
}

/* Issue 36.2: a done mark, a checklist item and the translator, with no
 * edit of the text, are journalled: after kill -9 they are offered and
 * come back (unsaved). */
static void test_marks_recovered(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", texts[0], strlen(texts[0]));
	Session s;
	SafetyRecovery r;
	bool found;
	open_doc(&s, path, &r, &found);
	assert_false(found);
	safety_recovery_release(&r);
	long seg = -2;
	s.caret.focus = PANE_TARGET;
	s.caret.cur = (Pos){3, 0};
	long k = session_cur_seg(&s);
	assert_true(command_run(&s, "done-next", NULL));
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	assert_true(command_run(&s, "checklist", NULL));
	assert_true(command_run(&s, "checklist-item", "0")); /* license: yes */
	session_pick_close(&s);
	assert_true(command_run(&s, "checklist-name", "홍길동"));
	safety_tick(&s, &seg, true);
	session_release(&s); /* as kill -9: the journal stays */
	open_doc(&s, path, &r, &found);
	assert_true(found);
	Buf d = BUF_INIT;
	safety_recovery_describe(&r, &d);
	assert_non_null(strstr(d.p, "3 marks or checklist changes"));
	assert_int_not_equal(s.doc.al.v[k].status, ST_DONE);
	safety_recover(&s, &r);
	safety_recovery_release(&r);
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	assert_int_equal(s.side.sc.checklist.license, 1);
	assert_string_equal(s.side.sc.translator_name, "홍길동");
	assert_true(doc_modified(&s.doc) && s.side.dirty);
	/* saved, they are in the sidecar; the next open offers nothing */
	assert_true(session_save(&s));
	safety_quit(&s);
	session_release(&s);
	open_doc(&s, path, &r, &found);
	assert_false(found);
	assert_int_equal(s.doc.al.v[k].status, ST_DONE);
	assert_int_equal(s.side.sc.checklist.license, 1);
	safety_recovery_release(&r);
	session_release(&s);
	buf_release(&d);
	free(path);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crash_recover_exact), cmocka_unit_test(test_save_rebases),
		cmocka_unit_test(test_failed_save),         cmocka_unit_test(test_changed_on_disk),
		cmocka_unit_test(test_corrupt_journal),     cmocka_unit_test(test_discard),
		cmocka_unit_test(test_input),               cmocka_unit_test(test_udiff),
		cmocka_unit_test(test_coalesce),            cmocka_unit_test(test_in_use),
		cmocka_unit_test(test_lock_at_open),        cmocka_unit_test(test_crash_after_rename),
		cmocka_unit_test(test_no_flock),            cmocka_unit_test(test_foreign_journal),
		cmocka_unit_test(test_interrupted_in_place_save),
		cmocka_unit_test(test_stale_temps_removed),
		cmocka_unit_test(test_hash_after_first_frame),
		cmocka_unit_test(test_exclude_after_first_frame),
		cmocka_unit_test(test_marks_recovered),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
