/* session, headless: a key in one huge paragraph costs time linear in the
 * paragraph, not quadratic (issue 14, item 9: a key in a 1 MB paragraph
 * took about 2 s).  Timed as a ratio of two sizes in one run, by the
 * CPU time of this thread: typing, cursor moves, undo and a newline, each
 * followed by what the editor's loop runs before it paints
 * (session_prepare_frame) and one idle step of the checks, with the
 * shipped glossary loaded and the checks on, as the editor opens a file.  Four times
 * the paragraph may cost about four times as much per key, never the
 * sixteen of a quadratic path. */
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/session.h"


/* A title and one paragraph of about n bytes (lines of ten words); marks:
 * every 40th Korean line starts with a literal glued to a particle (a
 * markup-spacing finding). */
static char *paragraph_marked(size_t n, bool korean, bool marks)
{
	static const char *const en[] = {"the", "model", "tensor", "gradient", "layer", "training",
	                                 "data", "batch", "loss", "function"};
	static const char *const ko[] = {"모델", "텐서를", "변화도", "계층은", "학습", "데이터",
	                                 "배치", "손실", "함수를", "신경망"};
	Buf b = BUF_INIT;
	buf_adds(&b, korean ? "제목\n====\n\n" : "Title\n=====\n\n");
	for (size_t w = 0; b.len < n; w++) {
		if (marks && korean && w % 400 == 0)
			buf_adds(&b, "``x``를 ");
		buf_adds(&b, (korean ? ko : en)[(w * 7 + w / 10) % 10]);
		buf_adds(&b, w % 10 == 9 ? "\n" : " ");
	}
	buf_adds(&b, "끝\n\nEnd.\n");
	return buf_detach(&b);
}

static char *paragraph(size_t n, bool korean)
{
	return paragraph_marked(n, korean, false);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Open the pair as the editor opens a file (the shipped glossary, the
 * checks) and let idle time check it all. */
static void open_big(Session *s, const char *src, const char *tgt)
{
	session_init(s);
	session_load(s, "big.rst", tgt, strlen(tgt), "big.en.rst", src, strlen(src));
	session_resize(s, 160, 50);
	Err e;
	err_init(&e);
	assert_true(session_glossary_load(s, "glossary/ko.yaml", NULL, 0, &e));
	session_checks_on(s, false);
	session_prepare_frame(s);
	while (session_checks_step(s, 64))
		;
}

/* The median CPU time of one key (with its frame) in a paragraph of n bytes. */
static uint64_t key_cost(size_t n)
{
	char *src = paragraph(n, false), *tgt = paragraph(n, true);
	Session s;
	open_big(&s, src, tgt);
	Err e;
	err_init(&e);
	command_run(&s, "segment-next", NULL);
	for (int i = 0; i < 40; i++)
		command_run(&s, "right", NULL);
	session_prepare_frame(&s);
	static const char *const script[] = {"type", "right", "type", "backspace", "newline",
	                                     "undo", "left", "type"};
	enum { KEYS = 16 };
	uint64_t t[KEYS];
	for (int k = 0; k < KEYS; k++) {
		const char *what = script[k % (int)ARRAY_LEN(script)];
		uint64_t t0 = cpu_ns(true);
		if (!strcmp(what, "type"))
			assert_true(session_insert(&s, "가", strlen("가")));
		else
			command_run(&s, what, NULL);
		session_prepare_frame(&s);
		session_checks_step(&s, 64);
		t[k] = cpu_ns(true) - t0;
	}
	if (!session_check(&s, &e))
		fail_msg("%s", e.msg);
	session_release(&s);
	free(src);
	free(tgt);
	qsort(t, KEYS, sizeof(*t), cmp_u64);
	return t[KEYS / 2];
}

/* The work of one key in a paragraph of n bytes, counted: the target
 * bytes the checks read on the key path (chk.key_bytes) and the lines
 * wrapped to count rows for the frame (session_rows_wrapped), the most
 * of the typing keys; then the findings once idle time has caught up
 * compared with checking everything again at once. */
typedef struct KeyWork {
	size_t bytes, wrapped;
} KeyWork;

static void findings_equal(FindingVec *a, FindingVec *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		assert_int_equal(a->v[i].check, b->v[i].check);
		assert_int_equal(a->v[i].line, b->v[i].line);
		assert_int_equal(a->v[i].byte, b->v[i].byte);
		assert_string_equal(a->v[i].message, b->v[i].message);
	}
}

/* a (the session's findings, taken) equals checking all again at once. */
static void equal_to_all_at_once(Session *s, FindingVec *a)
{
	FindingVec b = {0};
	session_checks_on(s, true);
	session_findings_list(s, &b);
	findings_equal(a, &b);
	findings_clear(a);
	findings_clear(&b);
	VEC_FREE(a);
	VEC_FREE(&b);
}

/* The findings the session lists now (some) are those of checking all at
 * once; then the session and its texts are released. */
static void close_as_at_once(Session *s, char *src, char *tgt)
{
	FindingVec a = {0};
	session_findings_list(s, &a);
	assert_true(a.n > 0);
	equal_to_all_at_once(s, &a);
	session_release(s);
	free(src);
	free(tgt);
}

/* Whatever is still pending checked in one call. */
static void check_now(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
}

/* The findings the session holds now (no idle step), in document lines. */
static void held_findings(Session *s, FindingVec *out)
{
	for (size_t k = 0; k < s->chk.seg.n; k++)
		for (size_t i = 0; i < s->chk.seg.v[k].n; i++) {
			Finding c = s->chk.seg.v[k].v[i];
			c.line += session_seg_base(s, k);
			c.message = xstrdup(c.message);
			c.suggestion = c.suggestion ? xstrdup(c.suggestion) : NULL;
			c.has_fix = false;
			VEC_PUSH(out, c);
		}
	findings_sort(out);
}

static KeyWork key_work(size_t n)
{
	char *src = paragraph(n, false), *tgt = paragraph_marked(n, true, true);
	Session s;
	open_big(&s, src, tgt);
	Err e;
	err_init(&e);
	session_goto_line(&s, (long)(s.doc.tgt.n / 2));
	ViewRow rows[64];
	session_prepare_frame(&s);
	session_view(&s, rows, 47);
	KeyWork w = {0, 0};
	/* typing, a space, a backspace, a newline inside a line (a line
	 * split: the paragraph stays one), undo, with a frame after each */
	static const char *const script[] = {"type", "type", "space", "type", "backspace",
	                                     "right", "newline", "undo", "type"};
	for (size_t k = 0; k < ARRAY_LEN(script); k++) {
		uint64_t w0 = session_rows_wrapped();
		const char *what = script[k];
		if (!strcmp(what, "type"))
			assert_true(session_insert(&s, "가", strlen("가")));
		else if (!strcmp(what, "space"))
			assert_true(session_insert(&s, " ", 1));
		else if (!strcmp(what, "newline"))
			session_newline(&s);
		else
			command_run(&s, what, NULL);
		session_prepare_frame(&s);
		session_view(&s, rows, 47);
		if (s.doc.gen_edit && s.chk.key_bytes > w.bytes)
			w.bytes = s.chk.key_bytes;
		w.wrapped = MAX(w.wrapped, (size_t)(session_rows_wrapped() - w0));
		if (!session_check(&s, &e))
			fail_msg("%s", e.msg);
	}
	/* before idle time: the findings away from the edits kept and moved
	 * (the keys made or removed none); after it: the same findings as
	 * checking all again */
	FindingVec held = {0}, a = {0};
	held_findings(&s, &held);
	session_findings_list(&s, &a);
	findings_equal(&held, &a);
	findings_clear(&held);
	VEC_FREE(&held);
	size_t na = a.n;
	equal_to_all_at_once(&s, &a);
	print_message("# %zu bytes: %zu findings after idle time, as checked at once\n", n, na);
	session_release(&s);
	free(src);
	free(tgt);
	return w;
}

static void test_key_work_does_not_grow_with_the_paragraph(void **state)
{
	(void)state;
	KeyWork small = key_work(32 * 1024), big = key_work(256 * 1024);
	print_message("# per key: 32 KiB paragraph %zu bytes checked, %zu lines wrapped; "
	              "256 KiB: %zu, %zu\n", small.bytes, small.wrapped, big.bytes, big.wrapped);
	/* the lines around the edit (a few hundred bytes), not the paragraph */
	assert_true(small.bytes > 0 && small.bytes < 2048);
	assert_true(big.bytes > 0 && big.bytes < 2048);
	/* the lines the key changed, not every line of the paragraph */
	assert_true(small.wrapped <= 8);
	assert_true(big.wrapped <= 8);
}

static void test_key_cost_is_linear_in_the_paragraph(void **state)
{
	(void)state;
	uint64_t small = key_cost(32 * 1024), big = key_cost(128 * 1024);
	double ratio = (double)big / (double)(small ? small : 1);
	print_message("# a key in a paragraph of 32 KiB: %.2f ms CPU, 128 KiB: %.2f ms (x%.1f)\n",
	              (double)small / 1e6, (double)big / 1e6, ratio);
	/* linear: about 4; quadratic: about 16 */
	assert_true(ratio < 9.0);
}

/* Many short paragraphs, about n bytes: an index built in many slices. */
static char *paragraphs(size_t n, bool korean)
{
	Buf b = BUF_INIT;
	buf_adds(&b, korean ? "제목\n====\n\n" : "Title\n=====\n\n");
	for (size_t p = 0; b.len < n; p++)
		buf_addf(&b, korean ? "%zu번째 문단은 ``x``를 모델의 텐서로 학습합니다.\n\n"
		                    : "Paragraph %zu trains the model's tensor with ``x``.\n\n",
		         p);
	return buf_detach(&b);
}

/* A pair of many short paragraphs of about n bytes (*src, *tgt: the
 * texts, to free) loaded into s with the checks on, nothing checked yet. */
static void open_paragraphs(Session *s, size_t n, char **src, char **tgt)
{
	*src = paragraphs(n, false);
	*tgt = paragraphs(n, true);
	session_init(s);
	session_load(s, "big.rst", *tgt, strlen(*tgt), "big.en.rst", *src, strlen(*src));
	session_resize(s, 160, 50);
	session_checks_on(s, false);
}

/* The first index is built in idle slices: a frame (the cursor's segment
 * for the status line) and a key before it is done leave it to them, not
 * build it all at once on the paint or key path (a ~90 ms frame at 10k
 * lines); once idle time is done, the findings are those of checking all
 * at once. */
static void test_first_index_stays_in_idle_slices(void **state)
{
	(void)state;
	char *src, *tgt;
	Session s;
	open_paragraphs(&s, 512 * 1024, &src, &tgt);
	session_goto_line(&s, (long)(s.doc.tgt.n / 2));
	session_prepare_frame(&s);
	assert_true(session_checks_step(&s, 64) > 0); /* the first slice */
	assert_false(check_doc_indexed(&s.chk.check_doc));
	session_prepare_frame(&s);
	assert_false(check_doc_indexed(&s.chk.check_doc));
	assert_true(session_insert(&s, "가", strlen("가")));
	session_prepare_frame(&s);
	assert_false(check_doc_indexed(&s.chk.check_doc));
	size_t slices = 0;
	while (session_checks_step(&s, 64))
		slices++;
	assert_true(check_doc_indexed(&s.chk.check_doc));
	print_message("# first index and checks: %zu idle slices\n", slices);
	assert_true(slices > 4);
	check_now(&s);
	close_as_at_once(&s, src, tgt);
}

/* The one idle scheduler (session_idle) does all that idle time is for
 * (the first index, every segment's checks), a slice per call, and then
 * says nothing is due; the findings are those of checking all at once. */
static void test_idle_scheduler_finishes_the_work(void **state)
{
	(void)state;
	char *src, *tgt;
	Session s;
	open_paragraphs(&s, 256 * 1024, &src, &tgt);
	session_prepare_frame(&s);
	assert_int_equal(session_idle_wait_ms(&s), 0); /* work is due */
	size_t slices = 0;
	while (session_idle_wait_ms(&s) == 0 && slices < 100000) {
		session_idle(&s);
		slices++;
	}
	assert_true(slices > 1);
	assert_true(check_doc_indexed(&s.chk.check_doc));
	assert_false(s.chk.pending);
	assert_false(session_align_pending(&s));
	assert_int_not_equal(session_idle_wait_ms(&s), 0);
	print_message("# idle scheduler: %zu slices to check everything\n", slices);
	check_now(&s);
	close_as_at_once(&s, src, tgt);
}

/* An idle step of the checks reads a bounded amount of text: it stops
 * before the segment that would take it past SESSION_CHECK_SLICE_BYTES
 * (chk.key_bytes counts what each step checked), a step of 64 segments
 * at most; after all steps the findings are those of checking all at
 * once. */
static void test_check_steps_read_bounded_text(void **state)
{
	(void)state;
	char *src, *tgt;
	Session s;
	open_paragraphs(&s, 256 * 1024, &src, &tgt);
	size_t longest = 0;
	for (size_t k = 0; k < s.doc.al.n; k++) {
		size_t f, l, b = 0;
		if (align_tgt_lines(&s.doc.al.v[k], &s.doc.tgt_host.blocks, &f, &l))
			for (size_t i = f; i <= l; i++)
				b += lines_get(&s.doc.tgt, i).n + 1;
		longest = MAX(longest, b);
	}
	size_t steps = 0, most = 0, total = 0;
	for (;;) {
		bool indexing = s.chk.check_doc_stale || !s.chk.check_doc_built;
		size_t before = s.chk.key_bytes, pending = s.chk.pending;
		size_t left = session_checks_step(&s, 64);
		if (!indexing) {
			size_t read = s.chk.key_bytes - before;
			assert_true(read < SESSION_CHECK_SLICE_BYTES + longest);
			assert_true(pending - s.chk.pending <= 64);
			most = MAX(most, read);
			total += read;
			steps++;
		}
		if (!left)
			break;
	}
	print_message("# %zu check steps, at most %zu bytes each (segments up to %zu), %zu in all\n",
	              steps, most, longest, total);
	assert_true(steps > 16); /* the text took many steps, not 64 segments each */
	close_as_at_once(&s, src, tgt);
}

/* "Every segment again" (run_all: the allow list changed, a rebuilt index,
 * the translation memory's data) writes no slot that exists: a new epoch
 * makes them all stale (their hashes, findings and flags stay as they
 * were, none counts as ready); and an idle step looks at
 * SESSION_CHECK_SCAN slots at most, so one pending slot far behind the
 * scan is found in several steps, not by a walk of the whole table in one
 * (at 1M lines: 285k slots, 1.6-2.2 ms a pass).  The findings after idle
 * time are those of checking all at once. */
static void test_every_segment_again_writes_no_slot(void **state)
{
	(void)state;
	char *src, *tgt;
	Session s;
	open_paragraphs(&s, 400 * 1024, &src, &tgt);
	while (session_checks_step(&s, 64))
		;
	size_t n = s.chk.seg.n;
	assert_true(n > SESSION_CHECK_SCAN + 1024);
	assert_int_equal(s.chk.pending, 0);
	uint64_t *h = xcalloc(n, sizeof(*h));
	for (size_t k = 0; k < n; k++) {
		assert_true(session_slot_ready(&s, &s.chk.seg.v[k]));
		h[k] = s.chk.seg.v[k].h;
	}
	size_t writes = s.chk.run_all_writes, held = s.chk.msgs.n;
	s.side.allow_gen++; /* the allow list changed: every segment again */
	session_sync(&s);
	assert_int_equal(s.chk.run_all_writes, writes);
	assert_int_equal(s.chk.pending, n);
	assert_int_equal(s.chk.n, 0);
	assert_int_equal(s.chk.msgs.n, held); /* the old findings kept */
	for (size_t k = 0; k < n; k++) {
		assert_false(session_slot_ready(&s, &s.chk.seg.v[k]));
		assert_true(s.chk.seg.v[k].h == h[k]); /* not written */
	}
	free(h);
	while (session_checks_step(&s, 64))
		;
	/* one slot without findings made pending again, right behind the
	 * scan: found after n / SESSION_CHECK_SCAN steps (2 or more) */
	size_t k = n / 3;
	while (s.chk.seg.v[k].n)
		k++;
	s.chk.seg.v[k].ready = false;
	s.chk.pending = 1;
	s.chk.scan = k + 1;
	size_t steps = 0;
	for (;;) {
		size_t looks = s.chk.scan_looks;
		size_t left = session_checks_step(&s, 64);
		assert_true(s.chk.scan_looks - looks <= SESSION_CHECK_SCAN);
		steps++;
		if (!left)
			break;
	}
	assert_true(session_slot_ready(&s, &s.chk.seg.v[k]));
	assert_true(steps >= 2 && steps >= (n - 1) / SESSION_CHECK_SCAN);
	print_message("# %zu slots; every segment again wrote none; one pending slot found in %zu "
	              "steps\n", n, steps);
	check_now(&s);
	close_as_at_once(&s, src, tgt);
}

/* The idle step that ends an index rebuild picks where the checks start
 * without building a view that is to be built (at 1M lines building the
 * 285k view segments there was one idle slice of 8-9 ms; the next frame
 * builds it); the findings are those of checking all at once. */
static void test_index_end_builds_no_view(void **state)
{
	(void)state;
	char *src, *tgt;
	Session s;
	open_paragraphs(&s, 64 * 1024, &src, &tgt);
	session_goto_line(&s, (long)(s.doc.tgt.n / 2));
	session_prepare_frame(&s);
	s.view.dirty = true; /* as after an alignment's splice */
	size_t steps = 0;
	while (s.chk.check_doc_stale || !s.chk.check_doc_built || !check_doc_indexed(&s.chk.check_doc)) {
		session_checks_step(&s, 64);
		steps++;
	}
	assert_true(steps > 2);
	assert_true(s.view.dirty); /* not built by the idle steps */
	assert_true(s.chk.scan > 0 && s.chk.scan < s.doc.al.n); /* the cursor's segment */
	while (session_checks_step(&s, 64))
		;
	close_as_at_once(&s, src, tgt);
}

/* The stale English is measured in idle slices before the first index (at
 * 1M lines it was one slice of 0.45 s, at the first step): each step of
 * the checks spends at most SESSION_STALE_SLICE_UNITS of it (and one
 * line's more), so the first leaves it unfinished; a key typed while the
 * Korean is read has it read again.  The measure at the end is that of the
 * document as it is then, and the findings those of checking all at once:
 * with a fresh English and a stale one (another pair's). */
static void test_stale_english_in_idle_slices(void **state)
{
	(void)state;
	for (int stale = 0; stale < 2; stale++) {
		Buf en = BUF_INIT, ko = BUF_INIT, drop = BUF_INIT;
		tu_gen_pair(20000, 7, &en, stale ? &drop : &ko);
		if (stale) /* the Korean of another pair */
			tu_gen_pair(20000, 9, &drop, &ko);
		buf_release(&drop);
		char *dir = tu_tmpdir();
		char *pe = tu_write(dir, "t.en.rst", en.p, en.len);
		char *pk = tu_write(dir, "t.rst", ko.p, ko.len);
		Session s;
		session_init(&s);
		SourceOpts so = {.path = pe};
		Err e;
		err_init(&e);
		if (!session_open(&s, pk, &so, &e))
			fail_msg("%s", e.msg);
		session_resize(&s, 160, 50);
		session_checks_on(&s, false);
		session_prepare_frame(&s);
		size_t steps = 0;
		bool typed = false;
		while (!s.chk.stale_measured) {
			size_t u0 = s.chk.stale_run ? source_stale_run_units(s.chk.stale_run) : 0;
			assert_true(session_checks_step(&s, 64) > 0);
			steps++;
			if (!s.chk.stale_run)
				continue;
			assert_false(check_doc_indexed(&s.chk.check_doc)); /* after the measure */
			size_t spent = source_stale_run_units(s.chk.stale_run) - u0;
			assert_true(spent < SESSION_STALE_SLICE_UNITS + SOURCE_STALE_LINE_UNITS);
			if (!typed && source_stale_run_reads_korean(s.chk.stale_run)) {
				/* a URL and a literal the English has not, in a paragraph */
				for (size_t b = s.doc.tgt_host.blocks.n / 2; b < s.doc.tgt_host.blocks.n; b++)
					if (s.doc.tgt_host.blocks.v[b].kind == BK_PARAGRAPH) {
						session_goto_line(&s, (long)s.doc.tgt_host.blocks.v[b].first + 1);
						break;
					}
				const char *t = "https://example.org/new ``y = 2`` ";
				assert_true(session_insert(&s, t, strlen(t)));
				session_prepare_frame(&s);
				typed = true;
			}
		}
		print_message("# %s English: measured in %zu idle steps\n", stale ? "a stale" : "its",
		              steps);
		assert_true(typed && steps > 2);
		SourceStale want;
		source_stale_init(&want);
		source_stale_measure(s.doc.src_host.text, &s.doc.src_host.blocks, s.doc.tgt_host.text, &s.doc.tgt_host.blocks,
		                     &want);
		assert_int_equal(want.stale, stale);
		assert_memory_equal(&want.score, &s.chk.stale.score, sizeof(want.score));
		assert_int_equal(want.differ, s.chk.stale.differ);
		assert_int_equal(want.stale, s.chk.stale.stale);
		assert_true(session_stale_english(&s) == (stale ? &s.chk.stale : NULL));
		source_stale_release(&want);
		while (session_checks_step(&s, 64))
			;
		close_as_at_once(&s, NULL, NULL);
		free(pe);
		free(pk);
		free(dir);
		buf_release(&en);
		buf_release(&ko);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_cost_is_linear_in_the_paragraph),
		cmocka_unit_test(test_key_work_does_not_grow_with_the_paragraph),
		cmocka_unit_test(test_first_index_stays_in_idle_slices),
		cmocka_unit_test(test_idle_scheduler_finishes_the_work),
		cmocka_unit_test(test_check_steps_read_bounded_text),
		cmocka_unit_test(test_every_segment_again_writes_no_slot),
		cmocka_unit_test(test_index_end_builds_no_view),
		cmocka_unit_test(test_stale_english_in_idle_slices),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
