/* The editor on Markdown (the pairs of $CORPUS/md, skipped when absent),
 * through the session as the UI drives it: open and save without edits
 * gives the same bytes for every file; typing in a heading, a paragraph, a
 * list item and a <Tip>'s text of every pair changes those lines only in
 * the saved file; Enter adds a line and changes nothing else; the reading
 * after the edits is the one a fresh open gives (session_check); a new
 * page of a Korean tree starts as a copy of its English. */
#include "testutil.h"

#include <sys/stat.h>

#include "yeok/session.h"
#include "yeok/source.h"
#include "yeok/text.h"

static void check_session(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
}

static bool have_md_corpus(void)
{
	char *d = path_join(tu_corpus(), "md/MANIFEST.tsv");
	struct stat st;
	bool ok = stat(d, &st) == 0;
	free(d);
	if (!ok)
		print_message("skipped: no Markdown corpus (%s/md)\n", tu_corpus());
	return ok;
}

static char **md_pairs(void)
{
	size_t n;
	char *m = tu_corpus_file("md/MANIFEST.tsv", &n);
	VEC(char *) v = {0};
	for (char *line = strchr(m, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		size_t k = strcspn(line + 1, "\t\n");
		if (k)
			VEC_PUSH(&v, xmemdup0(line + 1, k));
	}
	free(m);
	VEC_PUSH(&v, NULL);
	return v.v;
}

static char *md_file(const char *name, const char *side, size_t *n)
{
	char *f = xasprintf("md/%s.%s.md", name, side);
	char *d = tu_corpus_file(f, n);
	free(f);
	return d;
}

typedef struct Opened {
	Session s;
	char *path, *src_path;
	char *ko;
	size_t kn;
} Opened;

/* side "ko": the Korean with its English as --source; "en": the English
 * alone (the document itself as its English). */
static void open_file(Opened *o, const char *dir, const char *name, const char *side)
{
	size_t sn;
	char *en = md_file(name, "en", &sn);
	o->ko = md_file(name, side, &o->kn);
	char *en_name = xasprintf("%s.en.md", name), *ko_name = xasprintf("%s.%s.page.md", name, side);
	o->src_path = tu_write(dir, en_name, en, sn);
	o->path = tu_write(dir, ko_name, o->ko, o->kn);
	session_init(&o->s);
	bool ko = !strcmp(side, "ko");
	SourceOpts so = {ko ? o->src_path : NULL, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	if (!session_open(&o->s, o->path, &so, &e))
		fail_msg("%s: %s", o->path, e.msg);
	check_session(&o->s);
	assert_int_equal(o->s.doc.tgt_host.fmt, HOST_MD);
	o->s.caret.focus = PANE_TARGET;
	free(en);
	free(en_name);
	free(ko_name);
}

static void close_file(Opened *o)
{
	session_release(&o->s);
	free(o->path);
	free(o->src_path);
	free(o->ko);
}

static char *saved(Opened *o, size_t *n)
{
	if (!session_save(&o->s))
		fail_msg("not saved: %s", o->s.shell.msg.text);
	return tu_read(o->path, n);
}

static void type(Session *s, const char *text)
{
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		int32_t cp;
		size_t k = text_decode(text + i, n - i, &cp);
		assert_true(session_insert(s, text + i, k));
		i += k;
	}
	check_session(s);
}

static void test_open_save_is_byte_identical(void **state)
{
	(void)state;
	if (!have_md_corpus())
		skip();
	char *dir = tu_tmpdir();
	char **pairs = md_pairs();
	size_t files = 0;
	for (char **p = pairs; *p; p++) {
		for (int side = 0; side < 2; side++) {
			Opened o;
			open_file(&o, dir, *p, side ? "ko" : "en");
			size_t n;
			char *back = saved(&o, &n);
			if (n != o.kn || memcmp(back, o.ko, n) != 0)
				fail_msg("%s (%s): open + save changed the bytes", *p, side ? "ko" : "en");
			free(back);
			close_file(&o);
			files++;
		}
	}
	assert_int_equal(files, 40);
	tu_free_list(pairs);
	free(dir);
}

/* Split data into lines (LF), NUL-terminated copies. */
static char **split(const char *data, size_t n, size_t *count)
{
	VEC(char *) v = {0};
	size_t i = 0;
	while (i <= n) {
		size_t e = i;
		while (e < n && data[e] != '\n')
			e++;
		VEC_PUSH(&v, xmemdup0(data + i, e - i));
		i = e + 1;
	}
	*count = v.n;
	return v.v;
}

static void free_lines(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The first block of kind k (a <Tip>'s child when in_tip) with text. */
static long find_block(const Session *s, BlockKind k, bool in_tip)
{
	const RstDoc *d = &s->doc.tgt_host.blocks;
	for (size_t i = 0; i < d->n; i++) {
		const Block *b = &d->v[i];
		if (b->kind != k || lines_get(&s->doc.tgt, b->first).n < 4)
			continue;
		bool tip = b->parent >= 0 && str_eq_cstr(rst_block_name(&d->v[b->parent]), "Tip");
		if (tip == in_tip)
			return (long)i;
	}
	return -1;
}

static void test_edits_change_only_their_lines(void **state)
{
	(void)state;
	if (!have_md_corpus())
		skip();
	char *dir = tu_tmpdir();
	char **pairs = md_pairs();
	size_t edits = 0;
	for (char **p = pairs; *p; p++) {
		Opened o;
		open_file(&o, dir, *p, "ko");
		Session *s = &o.s;
		static const struct {
			BlockKind k;
			bool tip;
		} want[] = {{BK_TITLE, false}, {BK_PARAGRAPH, false}, {BK_LIST_ITEM, false},
		            {BK_PARAGRAPH, true}};
		VEC(size_t) edited = {0};
		for (size_t w = 0; w < ARRAY_LEN(want); w++) {
			long b = find_block(s, want[w].k, want[w].tip);
			if (b < 0)
				continue;
			size_t line = s->doc.tgt_host.blocks.v[b].first;
			s->caret.cur = (Pos){line, lines_get(&s->doc.tgt, line).n};
			type(s, " 번역함");
			VEC_PUSH(&edited, line);
			edits++;
		}
		size_t n;
		char *got = saved(&o, &n);
		size_t na, nb;
		char **a = split(o.ko, o.kn, &na), **b = split(got, n, &nb);
		assert_int_equal(na, nb);
		for (size_t i = 0; i < na; i++) {
			bool ed = false;
			for (size_t k = 0; k < edited.n; k++)
				ed = ed || edited.v[k] == i;
			if (ed) {
				char *want_line = xasprintf("%s 번역함", a[i]);
				assert_string_equal(b[i], want_line);
				free(want_line);
			} else if (strcmp(a[i], b[i]) != 0) {
				fail_msg("%s: line %zu changed: '%s' -> '%s'", *p, i + 1, a[i], b[i]);
			}
		}
		free_lines(a, na);
		free_lines(b, nb);
		free(got);
		VEC_FREE(&edited);
		close_file(&o);
	}
	printf("# %zu edits in 20 pairs: only the edited lines changed on save\n", edits);
	assert_true(edits >= 60);
	tu_free_list(pairs);
	free(dir);
}

static void test_enter_and_realign(void **state)
{
	(void)state;
	if (!have_md_corpus())
		skip();
	char *dir = tu_tmpdir();
	Opened o;
	open_file(&o, dir, "hf__autoclass_tutorial", "ko");
	Session *s = &o.s;
	long b = find_block(s, BK_PARAGRAPH, true);
	assert_true(b >= 0);
	size_t line = s->doc.tgt_host.blocks.v[b].first, nblocks = s->doc.tgt_host.blocks.n;
	Str l = lines_get(&s->doc.tgt, line);
	/* a blank line after the Tip's text: a new paragraph in the Tip */
	s->caret.cur = (Pos){line, l.n};
	assert_true(session_newline(s));
	assert_true(session_newline(s));
	type(s, "역자 주: 새 문단입니다.");
	check_session(s);
	assert_int_equal(s->doc.tgt_host.blocks.n, nblocks + 1);
	const Block *nb = &s->doc.tgt_host.blocks.v[b + 1];
	assert_int_equal(nb->kind, BK_PARAGRAPH);
	assert_int_equal(nb->parent, s->doc.tgt_host.blocks.v[b].parent); /* still in the Tip */
	size_t n;
	char *got = saved(&o, &n);
	assert_int_equal(n, o.kn + strlen("\n\n역자 주: 새 문단입니다."));
	free(got);
	close_file(&o);
	free(dir);
}

static void test_new_page_copies_the_english(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	tu_sh(dir, "mkdir -p docs/source/en && printf '# Quicktour[[quicktour]]\\n\\nHello.\\n' > "
	           "docs/source/en/quicktour.md && mkdir -p docs/source/ko");
	char *ko = path_join(dir, "docs/source/ko/tasks/quicktour.md");
	char *ko2 = path_join(dir, "docs/source/ko/quicktour.md");
	Session s;
	session_init(&s);
	SourceOpts so = {NULL, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	/* no English at the mapped place: the error names the file */
	assert_false(session_open(&s, ko, &so, &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	assert_non_null(strstr(e.msg, "quicktour.md: no such file"));
	session_release(&s);
	session_init(&s);
	err_init(&e);
	if (!session_open(&s, ko2, &so, &e))
		fail_msg("%s", e.msg);
	assert_true(s.doc.is_new);
	assert_int_equal(s.side.src.origin, SOURCE_TREE);
	s.caret.focus = PANE_TARGET;
	s.caret.cur = (Pos){2, 0};
	assert_true(session_kill_line(&s));
	type(&s, "안녕하세요.");
	assert_true(session_save(&s));
	session_release(&s);
	size_t n;
	char *got = tu_read(ko2, &n);
	assert_string_equal(got, "# Quicktour[[quicktour]]\n\n안녕하세요.\n");
	free(got);
	/* MDN: a new page of the Korean repository, its folder made on save */
	tu_sh(dir, "mkdir -p content/files/en-us/web/new tc/files/ko && cd tc && git init -q && cd .. && "
	           "printf -- '---\\ntitle: New\\nslug: Web/New\\n---\\n\\nText.\\n' > "
	           "content/files/en-us/web/new/index.md");
	source_add_map("files/ko/", "../content/files/en-us/");
	char *mk = path_join(dir, "tc/files/ko/web/new/index.md");
	session_init(&s);
	err_init(&e);
	if (!session_open(&s, mk, &so, &e))
		fail_msg("%s", e.msg);
	assert_true(session_save(&s));
	session_release(&s);
	got = tu_read(mk, &n);
	assert_string_equal(got, "---\ntitle: New\nslug: Web/New\n---\n\nText.\n");
	free(got);
	source_clear_maps();
	free(mk);
	free(ko);
	free(ko2);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_save_is_byte_identical),
		cmocka_unit_test(test_edits_change_only_their_lines),
		cmocka_unit_test(test_enter_and_realign),
		cmocka_unit_test(test_new_page_copies_the_english),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
