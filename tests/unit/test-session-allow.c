/* F3 "allow here", headless: an avoided glossary variant allowed in one
 * document goes into the sidecar's `allow:` (read and written back), the
 * glossary check and the status-line hints stop flagging it there, and
 * only there. */
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/session.h"

static const char gl_yaml[] = "terms:\n  - {en: Layer, ko: 계층, avoid: [레이어]}\n";
static const char en[] = "Title\n=====\n\nEach Layer holds its weights.\n";
static const char ko[] = "제목\n====\n\n각 레이어는 가중치를 가집니다.\n";

static void open_doc(Session *s, const char *doc, const char *src, const char *gl)
{
	session_init(s);
	SourceOpts so = {.path = src, .self_fallback = true};
	Err e;
	err_init(&e);
	if (!session_open(s, doc, &so, &e))
		fail_msg("open: %s", e.msg);
	const char *paths[] = {gl};
	if (!session_glossary_load(s, NULL, paths, 1, &e))
		fail_msg("glossary: %s", e.msg);
	session_checks_on(s, true);
	s->caret.focus = PANE_TARGET;
	s->caret.cur = (Pos){3, 0};
}

static size_t glossary_findings(Session *s)
{
	session_sync(s);
	while (session_checks_step(s, 64))
		;
	FindingVec all = {0};
	session_findings_list(s, &all);
	size_t n = 0;
	for (size_t i = 0; i < all.n; i++)
		n += all.v[i].check == CK_GLOSSARY;
	findings_clear(&all);
	return n;
}

static bool violated(Session *s)
{
	GlossHintVec hv = {0};
	session_hints(s, session_cur_seg(s), &hv);
	bool v = hv.n && hv.v[0].violated;
	VEC_FREE(&hv);
	return v;
}

/* The document, its English and the glossary, in a fresh directory. */
typedef struct Files {
	char *dir, *doc, *src, *gl;
} Files;

static Files files_make(void)
{
	Files f = {.dir = tu_tmpdir()};
	f.doc = tu_write(f.dir, "t.rst", ko, strlen(ko));
	f.src = tu_write(f.dir, "t.en.rst", en, strlen(en));
	f.gl = tu_write(f.dir, "gl.yaml", gl_yaml, strlen(gl_yaml));
	return f;
}

static void files_free(Files *f)
{
	free(f->dir);
	free(f->doc);
	free(f->src);
	free(f->gl);
}

static void test_allow_here(void **state)
{
	(void)state;
	Files f = files_make();
	char *other = tu_write(f.dir, "u.rst", ko, strlen(ko));
	const char *doc = f.doc, *src = f.src, *gl = f.gl;
	Session s;
	open_doc(&s, doc, src, gl);
	assert_int_equal(glossary_findings(&s), 1);
	assert_true(violated(&s));
	/* F3: the term, then "allow 레이어 here" */
	assert_true(command_run(&s, "glossary", NULL));
	assert_true(s.dlg.pick.on);
	assert_int_equal(s.dlg.pick.items.n, 2);
	assert_non_null(strstr(s.dlg.pick.items.v[1], "allow 레이어 here"));
	assert_true(command_run(&s, "glossary-insert", "1"));
	assert_non_null(strstr(s.shell.msg.text, "레이어 is allowed in this document"));
	assert_int_equal(s.side.sc.allow.n, 1);
	assert_string_equal(s.side.sc.allow.v[0], "레이어");
	assert_int_equal(glossary_findings(&s), 0);
	assert_false(violated(&s));
	/* F3 again: nothing more to allow */
	assert_true(command_run(&s, "glossary", NULL));
	assert_int_equal(s.dlg.pick.items.n, 1);
	session_pick_close(&s);
	assert_true(session_save(&s));
	session_release(&s);
	size_t n;
	char *sp = sidecar_path(doc);
	char *side = tu_read(sp, &n);
	assert_non_null(strstr(side, "allow: [레이어]"));
	free(side);
	free(sp);
	/* reopened: still allowed; another document is not */
	open_doc(&s, doc, src, gl);
	assert_int_equal(glossary_findings(&s), 0);
	assert_false(violated(&s));
	session_release(&s);
	open_doc(&s, other, src, gl);
	assert_int_equal(glossary_findings(&s), 1);
	session_release(&s);
	free(other);
	files_free(&f);
}

/* "Allow here" after the findings' epoch count has wrapped: the epoch that
 * comes after UINT32_MAX is 1 again, and a slot last checked in an epoch 1
 * (2^32 runs ago) must not read as checked now, or the allowed variant
 * would stay flagged. */
static void test_allow_after_epoch_wraps(void **state)
{
	(void)state;
	Files f = files_make();
	Session s;
	open_doc(&s, f.doc, f.src, f.gl);
	assert_int_equal(glossary_findings(&s), 1);
	for (size_t k = 0; k < s.chk.seg.n; k++)
		s.chk.seg.v[k].epoch = 1; /* checked in the epoch after the wrap */
	s.chk.epoch = UINT32_MAX;
	assert_true(command_run(&s, "glossary", NULL));
	assert_true(command_run(&s, "glossary-insert", "1"));
	assert_int_equal(glossary_findings(&s), 0);
	assert_int_equal(s.chk.epoch, 1); /* it did wrap */
	assert_false(violated(&s));
	session_release(&s);
	files_free(&f);
}

/* The sidecar key: read, kept in order without repeats, written back. */
static void test_sidecar_allow_key(void **state)
{
	(void)state;
	const char *y = "yeok: 1\nallow: [레이어, 드랍아웃, 레이어]\n";
	Sidecar sc;
	sidecar_init(&sc);
	Err e;
	err_init(&e);
	assert_true(sidecar_parse(y, strlen(y), "t.yeok.yaml", &sc, &e));
	assert_int_equal(sc.allow.n, 2);
	assert_true(sidecar_allow_has(&sc, "드랍아웃"));
	assert_false(sidecar_allow_add(&sc, "레이어"));
	assert_true(sidecar_allow_remove(&sc, "레이어"));
	assert_false(sidecar_allow_remove(&sc, "레이어"));
	Buf b = BUF_INIT;
	sidecar_emit(&sc, &b);
	assert_non_null(strstr(b.p, "allow: [드랍아웃]"));
	Sidecar again;
	sidecar_init(&again);
	assert_true(sidecar_parse(b.p, b.len, "again", &again, &e));
	assert_int_equal(again.allow.n, 1);
	const char *bad = "yeok: 1\nallow: {레이어: 1}\n";
	assert_false(sidecar_parse(bad, strlen(bad), "bad.yeok.yaml", &again, &e));
	assert_non_null(strstr(e.msg, "bad.yeok.yaml:2:"));
	/* a save that merges: another yeok's allow list is kept unless this
	 * one changed its own */
	Sidecar base, mine, theirs;
	sidecar_init(&base);
	sidecar_init(&mine);
	sidecar_init(&theirs);
	sidecar_allow_add(&theirs, "레이어");
	sidecar_merge(&base, &mine, &theirs);
	assert_int_equal(mine.allow.n, 1);
	assert_string_equal(mine.allow.v[0], "레이어");
	sidecar_allow_add(&mine, "드랍아웃");
	sidecar_merge(&base, &mine, &theirs);
	assert_int_equal(mine.allow.n, 2); /* mine changed: mine stays */
	sidecar_release(&base);
	sidecar_release(&mine);
	sidecar_release(&theirs);
	buf_release(&b);
	sidecar_release(&sc);
	sidecar_release(&again);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_allow_here),
		cmocka_unit_test(test_allow_after_epoch_wraps),
		cmocka_unit_test(test_sidecar_allow_key),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
