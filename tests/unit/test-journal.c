/* journal: edits replayed after a crash give back the text exactly. */
#include "testutil.h"

#include <sys/stat.h>
#include <unistd.h>

#include "yeok/journal.h"

static uint64_t seed = 88172645463325252ull;
static uint32_t rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (uint32_t)(seed >> 11);
}

static char *serialize(const Lines *l, size_t *n)
{
	Buf b = BUF_INIT;
	lines_serialize(l, &b);
	*n = b.len;
	return buf_detach(&b);
}

/* One random editor-like edit on doc, recorded in j the way the editor
 * records it: the changed line range before and after. */
static void random_edit(Lines *doc, Journal *j)
{
	size_t i = rnd() % doc->n;
	switch (rnd() % 5) {
	case 0: { /* type Korean into a line */
		const char *ko = "번역";
		size_t at = lines_line(doc, i)->n ? rnd() % (lines_line(doc, i)->n + 1) : 0;
		lines_splice(doc, i, at, at, ko, strlen(ko));
		journal_replace(j, i, 1, doc, 1);
		break;
	}
	case 1: /* delete some bytes */
		if (lines_line(doc, i)->n) {
			size_t from = rnd() % lines_line(doc, i)->n;
			lines_splice(doc, i, from, lines_line(doc, i)->n, "", 0);
			journal_replace(j, i, 1, doc, 1);
		}
		break;
	case 2: /* Enter */
		lines_split(doc, i, lines_line(doc, i)->n / 2, lines_default_eol(doc));
		journal_replace(j, i, 1, doc, 2);
		break;
	case 3: /* join with the next line */
		if (i + 1 < doc->n) {
			lines_join(doc, i);
			journal_replace(j, i, 2, doc, 1);
		}
		break;
	default: /* replace a whole line range with pasted text */
		if (i + 2 < doc->n) {
			const char *paste = "pasted\nlines\nthree\n";
			assert_true(lines_replace(doc, i, 2, paste, strlen(paste)));
			journal_replace(j, i, 2, doc, 3);
		}
		break;
	}
}

static void roundtrip(const char *name, const char *data, size_t n, int edits)
{
	char *dir = tu_tmpdir();
	char *file = tu_write(dir, name, data, n);
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, data, n);
	Journal j;
	journal_init(&j, file, data, n);
	for (int k = 0; k < edits; k++) {
		random_edit(&doc, &j);
		Err e;
		err_init(&e);
		if (!lines_check(&doc, &e))
			fail_msg("%s", e.msg);
		if (k % 7 == 0)
			assert_true(journal_flush(&j));
	}
	assert_true(journal_flush(&j));
	/* "crash": the process state is gone; only the file and journal remain */
	size_t want_n;
	char *want = serialize(&doc, &want_n);
	JournalInfo info;
	Buf got = BUF_INIT;
	Err e;
	err_init(&e);
	if (!journal_recover(file, data, n, &info, &got, &e))
		fail_msg("%s", e.msg);
	assert_true(info.exists);
	assert_true(info.base_matches);
	assert_false(info.torn);
	assert_int_equal(got.len, want_n);
	assert_memory_equal(got.p, want, want_n);
	journal_remove(&j);
	char *jp = journal_path(file);
	assert_false(file_exists(jp));
	free(jp);
	journal_release(&j);
	lines_release(&doc);
	buf_release(&got);
	free(want);
	free(file);
	free(dir);
}

static void test_recover_corpus_edits(void **state)
{
	(void)state;
	size_t n;
	char *ko = tu_corpus_file("recipes_source__distributed_device_mesh.ko.rst", &n);
	roundtrip("mesh.rst", ko, n, 500);
	free(ko);
}

static void test_recover_crlf_bom_no_newline(void **state)
{
	(void)state;
	const char data[] = "\xef\xbb\xbftitle\r\n=====\r\n\r\nbody \xff text\r\nlast";
	roundtrip("crlf.rst", data, sizeof(data) - 1, 300);
	roundtrip("empty.rst", "", 0, 50);
}

static void test_torn_record_and_mismatch(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char base[] = "one\ntwo\nthree\n";
	char *file = tu_write(dir, "t.rst", base, sizeof(base) - 1);
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, base, sizeof(base) - 1);
	Journal j;
	journal_init(&j, file, base, sizeof(base) - 1);
	assert_false(file_exists(j.path)); /* opening leaves no trace */
	lines_set(&doc, 1, "둘", strlen("둘"));
	journal_replace(&j, 1, 1, &doc, 1);
	assert_true(journal_flush(&j));
	/* a power cut in the middle of the next record */
	FILE *f = fopen(j.path, "ab");
	assert_non_null(f);
	fputs("R 0 1 40 1700000000\nhalf a rec", f);
	fclose(f);
	JournalInfo info;
	Buf got = BUF_INIT;
	Err e;
	err_init(&e);
	assert_true(journal_recover(file, base, sizeof(base) - 1, &info, &got, &e));
	assert_true(info.torn);
	assert_int_equal(info.records, 1);
	assert_string_equal(got.p, "one\n둘\nthree\n");
	/* the file changed behind our back: recovery says so */
	assert_true(journal_recover(file, "other\n", 6, &info, &got, &e));
	assert_false(info.base_matches);
	/* a corrupt header is an error naming the journal */
	f = fopen(j.path, "wb");
	fputs("garbage\n", f);
	fclose(f);
	assert_false(journal_recover(file, base, sizeof(base) - 1, &info, &got, &e));
	assert_non_null(strstr(e.msg, "t.rst.yeok.journal:1"));
	journal_remove(&j);
	journal_release(&j);
	lines_release(&doc);
	buf_release(&got);
	free(file);
	free(dir);
}

static void test_flush_failure_keeps_records(void **state)
{
	(void)state;
	Journal j;
	journal_init(&j, "/nonexistent-dir/yeok/x.rst", "a\n", 2);
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, "a\n", 2);
	lines_set(&doc, 0, "b", 1);
	journal_replace(&j, 0, 1, &doc, 1);
	assert_false(journal_flush(&j));
	assert_true(j.failed);
	assert_non_null(strstr(j.err.msg, "/nonexistent-dir/yeok/x.rst.yeok.journal"));
	assert_true(j.pending.len > 0); /* kept for the next try */
	journal_release(&j);
	lines_release(&doc);
}


/* Issue 14 item 8: record lengths near SIZE_MAX (len + 1 wrapped to 0 and
 * skipped the bounds check: a read past the buffer) and numbers that do
 * not fit are a torn record, never a crash. */
static void test_record_length_overflow(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char base[] = "one\ntwo\n";
	char *file = tu_write(dir, "o.rst", base, sizeof(base) - 1);
	Journal j;
	journal_init(&j, file, base, sizeof(base) - 1);
	assert_int_equal(journal_open(&j), JOURNAL_LOCKED);
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, base, sizeof(base) - 1);
	lines_set(&doc, 0, "하나", strlen("하나"));
	static const char *const bad[] = {
		"R 0 1 18446744073709551615 0\n",
		"R 0 1 18446744073709551614 0\n",
		"R 0 1 18446744073709551616 0\nxx\n",
		"R 18446744073709551615 1 1 0\nx\n",
		"R 0 18446744073709551615 1 0\nx\n",
		"R -1 1 1 0\nx\n",
		"R 0 1 1 99999999999999999999999\nx\n",
		"R 0  1 1 0\nx\n",
	};
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		/* one good record, then the hostile one */
		journal_rebase(&j, base, sizeof(base) - 1);
		journal_replace(&j, 0, 1, &doc, 1);
		assert_true(journal_flush(&j));
		FILE *f = fopen(j.path, "ab");
		assert_non_null(f);
		fputs(bad[i], f);
		fclose(f);
		JournalInfo info;
		Buf got = BUF_INIT;
		Err e;
		err_init(&e);
		bool ok = journal_recover(file, base, sizeof(base) - 1, &info, &got, &e);
		/* a torn end (the good record still recovered) or a clear error
		 * naming the journal */
		if (ok) {
			assert_int_equal(info.records, 1);
			assert_string_equal(got.p, "하나\ntwo\n");
		} else {
			assert_non_null(strstr(e.msg, "o.rst.yeok.journal"));
		}
		buf_release(&got);
	}
	journal_remove(&j);
	journal_release(&j);
	lines_release(&doc);
	free(file);
	free(dir);
}

/* Issue 14 item 1 at the journal level: one holder; the other is told who;
 * only the holder ever truncates or removes. */
static void test_one_holder(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *file = tu_write(dir, "h.rst", "a\n", 2);
	Journal a, b;
	journal_init(&a, file, "a\n", 2);
	journal_init(&b, file, "a\n", 2);
	assert_int_equal(journal_open(&a), JOURNAL_LOCKED);
	assert_true(file_exists(a.path));
	assert_true(journal_begin(&a));
	assert_int_equal(journal_open(&b), JOURNAL_BUSY);
	char want[64];
	snprintf(want, sizeof(want), "process %ld on host ", (long)getpid());
	assert_non_null(strstr(b.holder, want));
	char holder[160];
	assert_true(journal_in_use(file, holder, sizeof(holder)));
	assert_non_null(strstr(holder, want));
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, "a\n", 2);
	lines_set(&doc, 0, "b", 1);
	journal_replace(&b, 0, 1, &doc, 1);
	assert_false(journal_flush(&b)); /* b may not write */
	journal_remove(&b);             /* nor remove */
	assert_true(file_exists(a.path));
	journal_replace(&a, 0, 1, &doc, 1);
	assert_true(journal_flush(&a));
	JournalInfo info;
	Err e;
	err_init(&e);
	assert_true(journal_recover(file, "a\n", 2, &info, NULL, &e));
	assert_true(info.exists);
	journal_remove(&a);
	assert_false(file_exists(a.path));
	assert_false(journal_in_use(file, NULL, 0));
	/* a symlinked journal is refused, never followed */
	char *victim = tu_write(dir, "victim", "keep\n", 5);
	tu_sh(dir, "ln -s victim h.rst.yeok.journal");
	Journal c;
	journal_init(&c, file, "a\n", 2);
	assert_int_equal(journal_open(&c), JOURNAL_FAILED);
	assert_non_null(strstr(c.err.msg, "a symbolic link"));
	journal_replace(&c, 0, 1, &doc, 1);
	assert_false(journal_flush(&c));
	size_t vn;
	char *v = tu_read(victim, &vn);
	assert_string_equal(v, "keep\n");
	free(v);
	journal_release(&c);
	journal_release(&a);
	journal_release(&b);
	lines_release(&doc);
	free(victim);
	free(file);
	free(dir);
}

/* Issue 37 item 3: a disk that fills up.  Before, a write that failed
 * part-way made the next flush empty the journal and write it anew, and
 * that failed too: the edits journalled before were lost at the next
 * crash.  Now the journal keeps every whole record; the new ones stay
 * pending and are written once there is room. */
static void test_disk_full_keeps_journalled_edits(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char base[] = "one\ntwo\nthree\n";
	char *file = tu_write(dir, "f.rst", base, sizeof(base) - 1);
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, base, sizeof(base) - 1);
	Journal j;
	journal_init(&j, file, base, sizeof(base) - 1);
	lines_set(&doc, 0, "하나", strlen("하나"));
	journal_replace(&j, 0, 1, &doc, 1);
	assert_true(journal_flush(&j)); /* journalled */
	/* the disk fills: 10 more bytes, then ENOSPC (a record torn part-way) */
	journal_inject_write_budget = 10;
	lines_set(&doc, 1, "둘", strlen("둘"));
	journal_replace(&j, 1, 1, &doc, 1);
	assert_false(journal_flush(&j));
	assert_true(j.failed);
	assert_non_null(strstr(j.err.msg, "No space left on device"));
	/* still full: the next tries fail too */
	journal_inject_write_budget = 0;
	lines_set(&doc, 2, "셋", strlen("셋"));
	journal_replace(&j, 2, 1, &doc, 1);
	assert_false(journal_flush(&j));
	assert_false(journal_flush(&j));
	/* a crash now: the edit journalled before the disk filled is there */
	JournalInfo info;
	Buf got = BUF_INIT;
	Err e;
	err_init(&e);
	assert_true(journal_recover(file, base, sizeof(base) - 1, &info, &got, &e));
	assert_true(info.exists);
	assert_int_equal(info.records, 1);
	assert_false(info.torn); /* the torn part was cut off */
	assert_string_equal(got.p, "하나\ntwo\nthree\n");
	/* room again: the pending edits are written after it */
	journal_inject_write_budget = -1;
	assert_true(journal_flush(&j));
	assert_false(j.failed);
	assert_true(journal_recover(file, base, sizeof(base) - 1, &info, &got, &e));
	assert_false(info.torn);
	assert_string_equal(got.p, "하나\n둘\n셋\n");
	/* a rebase on a full disk (after a save) keeps the old journal whole */
	journal_inject_write_budget = 0;
	journal_rebase(&j, "하나\n둘\n셋\n", strlen("하나\n둘\n셋\n"));
	assert_true(j.failed);
	assert_true(journal_recover(file, base, sizeof(base) - 1, &info, &got, &e));
	assert_string_equal(got.p, "하나\n둘\n셋\n");
	journal_inject_write_budget = -1;
	tu_sh(dir, "! ls -A | grep -q yeok-"); /* no temporary file left */
	journal_remove(&j);
	journal_release(&j);
	lines_release(&doc);
	buf_release(&got);
	free(file);
	free(dir);
}

/* The journal replaced by a new one (a rebase after a save renames a new
 * file into place) is still this editor's: a second editor finds it
 * held, on the file at the journal's path. */
static void test_replaced_journal_stays_locked(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *file = tu_write(dir, "r.rst", "a\n", 2);
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, "a\n", 2);
	Journal a, b;
	journal_init(&a, file, "a\n", 2);
	lines_set(&doc, 0, "b", 1);
	journal_replace(&a, 0, 1, &doc, 1);
	assert_true(journal_flush(&a));
	struct stat before, after;
	assert_int_equal(stat(a.path, &before), 0);
	journal_rebase(&a, "b\n", 2); /* the save's new base: a new journal */
	assert_false(a.failed);
	assert_int_equal(stat(a.path, &after), 0);
	assert_true(before.st_ino != after.st_ino); /* replaced, not emptied */
	journal_init(&b, file, "b\n", 2);
	assert_int_equal(journal_open(&b), JOURNAL_BUSY);
	assert_true(journal_in_use(file, NULL, 0));
	/* and the replaced journal holds the new base's header, no record */
	JournalInfo info;
	Err e;
	err_init(&e);
	assert_true(journal_recover(file, "b\n", 2, &info, NULL, &e));
	assert_true(info.base_matches);
	assert_int_equal(info.records, 0);
	journal_remove(&a);
	assert_false(journal_in_use(file, NULL, 0));
	journal_release(&a);
	journal_release(&b);
	lines_release(&doc);
	free(file);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recover_corpus_edits),
		cmocka_unit_test(test_recover_crlf_bom_no_newline),
		cmocka_unit_test(test_torn_record_and_mismatch),
		cmocka_unit_test(test_flush_failure_keeps_records),
		cmocka_unit_test(test_record_length_overflow),
		cmocka_unit_test(test_one_holder),
		cmocka_unit_test(test_disk_full_keeps_journalled_edits),
		cmocka_unit_test(test_replaced_journal_stays_locked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
