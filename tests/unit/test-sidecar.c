/* sidecar: YAML round trip, unknown keys, corruption, limits, the
 * checklist text, the translator line. */
#include "testutil.h"

#include <ctype.h>

#include <sys/stat.h>
#include <unistd.h>

#include "yeok/sidecar.h"

static void check_ok(const Sidecar *sc)
{
	Err e;
	err_init(&e);
	if (!sidecar_check(sc, &e))
		fail_msg("sidecar_check: %s", e.msg);
}

static char *emit_str(const Sidecar *sc)
{
	Buf b = BUF_INIT;
	sidecar_emit(sc, &b);
	return buf_detach(&b);
}

static void parse_ok(const char *text, Sidecar *sc)
{
	Err e;
	err_init(&e);
	if (!sidecar_parse(text, strlen(text), "t.yeok.yaml", sc, &e))
		fail_msg("parse failed: %s\n---\n%s", e.msg, text);
	check_ok(sc);
}

static void parse_fails(const char *text, const char *want)
{
	Sidecar sc;
	sidecar_init(&sc);
	Err e;
	err_init(&e);
	if (sidecar_parse(text, strlen(text), "t.yeok.yaml", &sc, &e))
		fail_msg("parse should fail:\n%s", text);
	if (!strstr(e.msg, want))
		fail_msg("message '%s' lacks '%s'", e.msg, want);
	assert_int_equal(e.code, EXIT_DATAERR);
	assert_int_equal(sc.segs.n, 0); /* the model stays empty */
	sidecar_release(&sc);
}

static Sidecar full_model(void)
{
	Sidecar sc;
	sidecar_init(&sc);
	char sha[65];
	sha256_hex("English", 7, sha);
	sidecar_set_source(&sc, SIDECAR_SRC_GIT, "349cbf1eed1ea559fd80d34223c5b57c188e2667",
	                   "recipes_source/distributed_device_mesh.rst", sha);
	sc.checklist.license = 1;
	sc.checklist.issue = 1132;
	sc.checklist.type = PR_TYPE_TRANSLATE;
	sidecar_set_translator(&sc, "홍길동", "https://github.com/hong");
	sc.cursor_line = 41;
	sc.cursor_column = 3;
	sidecar_add_seg(&sc, sidecar_key("Hello.", 6), sidecar_key("안녕.", 7), SIDECAR_DONE, NULL);
	sidecar_add_seg(&sc, sidecar_key("1e10", 4), sidecar_key("", 0), SIDECAR_REVIEWED,
	                "Old English\nsecond line: with colon");
	sidecar_add_seg(&sc, sidecar_key("x", 1), (SidecarKey){""}, SIDECAR_DRAFT, NULL);
	sidecar_add_comment(&sc, 12, sidecar_key("Hello.", 6), "parameter는 매개변수로: 용어집", NULL);
	sidecar_add_comment(&sc, 0, (SidecarKey){""}, "multi\nline\n", "resolved");
	sidecar_add_comment(&sc, 14, sidecar_key("x", 1), "제안 문장\n둘째 줄", NULL);
	sc.comments.v[sc.comments.n - 1].last = 16;
	sc.comments.v[sc.comments.n - 1].kind = xstrdup("suggestion");
	sidecar_add_comment(&sc, 20, sidecar_key("x", 1), "", "approved");
	sc.comments.v[sc.comments.n - 1].kind = xstrdup("mark");
	sidecar_set_verdict(&sc, "request-changes");
	check_ok(&sc);
	return sc;
}

static void assert_same(const Sidecar *a, const Sidecar *b)
{
	char *x = emit_str(a), *y = emit_str(b);
	assert_string_equal(x, y);
	free(x);
	free(y);
	assert_int_equal(a->source.kind, b->source.kind);
	assert_string_equal(a->source.sha256, b->source.sha256);
	assert_int_equal(a->checklist.license, b->checklist.license);
	assert_int_equal(a->checklist.issue, b->checklist.issue);
	assert_int_equal(a->checklist.type, b->checklist.type);
	assert_int_equal(a->segs.n, b->segs.n);
	for (size_t i = 0; i < a->segs.n; i++) {
		assert_string_equal(a->segs.v[i].source.hex, b->segs.v[i].source.hex);
		assert_string_equal(a->segs.v[i].target.hex, b->segs.v[i].target.hex);
		assert_int_equal(a->segs.v[i].mark, b->segs.v[i].mark);
		if (a->segs.v[i].old || b->segs.v[i].old)
			assert_string_equal(a->segs.v[i].old, b->segs.v[i].old);
	}
	assert_int_equal(a->comments.n, b->comments.n);
	for (size_t i = 0; i < a->comments.n; i++) {
		assert_string_equal(a->comments.v[i].text, b->comments.v[i].text);
		assert_string_equal(a->comments.v[i].state, b->comments.v[i].state);
		assert_int_equal(a->comments.v[i].line, b->comments.v[i].line);
		assert_int_equal(a->comments.v[i].last, b->comments.v[i].last);
		if (a->comments.v[i].kind || b->comments.v[i].kind)
			assert_string_equal(a->comments.v[i].kind, b->comments.v[i].kind);
	}
	if (a->verdict || b->verdict)
		assert_string_equal(a->verdict, b->verdict);
}

static void test_round_trip(void **state)
{
	(void)state;
	Sidecar a = full_model();
	char *text = emit_str(&a);
	/* Stable key order, human-readable Korean (not escaped). */
	const char *order[] = {"yeok: 1", "source:", "git: 349cbf1e", "path: recipes_source",
	                       "sha256:", "checklist:", "license: true", "issue: 1132",
	                       "type: translate", "translator:", "홍길동", "cursor:",
	                       "segments:", "review:", "매개변수로", "last: 16",
	                       "kind: suggestion", "kind: mark", "verdict: request-changes"};
	const char *at = text;
	for (size_t i = 0; i < ARRAY_LEN(order); i++) {
		const char *p = strstr(at, order[i]);
		if (!p)
			fail_msg("'%s' missing or out of order in:\n%s", order[i], text);
		at = p;
	}
	Sidecar b;
	sidecar_init(&b);
	parse_ok(text, &b);
	assert_same(&a, &b);
	assert_string_equal(b.translator_name, "홍길동");
	assert_string_equal(b.source.commit, "349cbf1eed1ea559fd80d34223c5b57c188e2667");
	assert_int_equal(b.cursor_line, 41);
	/* Emitting twice gives the same bytes. */
	char *again = emit_str(&b);
	assert_string_equal(text, again);
	free(again);
	free(text);
	sidecar_release(&a);
	sidecar_release(&b);
}

/* Review entries carry their range (base, head, pr), the text they were
 * made on, threads (id, reply-to) and GitHub ids: read, written back in
 * the same words, and a bad value is an error naming it. */
static void test_review_ranges(void **state)
{
	(void)state;
	const char *in =
		"yeok: 1\n"
		"review:\n"
		"  - {line: 31, last: 33, segment: 0123456789abcdef, text: hi, state: open,\n"
		"     base: 1111111111111111111111111111111111111111,\n"
		"     head: 2222222222222222222222222222222222222222, pr: 1132,\n"
		"     target: fedcba9876543210, id: 3}\n"
		"  - {line: 31, segment: null, text: \"네\", state: open, kind: reply, reply-to: 3}\n"
		"  - {line: 0, segment: null, text: '', state: approve, kind: verdict, pr: 1132}\n"
		"  - {line: 5, segment: null, text: '', state: resolved, kind: github,\n"
		"     github: 1801234567890}\n"
		"  - {line: 7, segment: null, text: gone, state: open, side: left}\n";
	Sidecar sc;
	sidecar_init(&sc);
	parse_ok(in, &sc);
	assert_int_equal(sc.comments.n, 5);
	const SidecarComment *c = &sc.comments.v[0];
	assert_string_equal(c->base, "1111111111111111111111111111111111111111");
	assert_string_equal(c->head, "2222222222222222222222222222222222222222");
	assert_int_equal(c->pr, 1132);
	assert_string_equal(c->target.hex, "fedcba9876543210");
	assert_int_equal(c->id, 3);
	assert_int_equal(sc.comments.v[1].reply_to, 3);
	assert_true(sc.comments.v[3].github == 1801234567890LL);
	assert_true(sc.comments.v[4].deleted);
	assert_false(c->deleted);
	assert_int_equal(sidecar_next_comment_id(&sc), 4);
	char *out = emit_str(&sc);
	Sidecar back;
	sidecar_init(&back);
	parse_ok(out, &back);
	char *again = emit_str(&back);
	assert_string_equal(out, again);
	assert_non_null(strstr(out, "reply-to: 3"));
	assert_non_null(strstr(out, "github: 1801234567890"));
	assert_non_null(strstr(out, "side: left"));
	free(again);
	free(out);
	/* a copy pushed */
	sidecar_push_comment(&back, &sc.comments.v[0]);
	assert_string_equal(back.comments.v[5].base, c->base);
	Err e;
	err_init(&e);
	assert_true(sidecar_check(&back, &e));
	sidecar_release(&back);
	sidecar_release(&sc);
	const char *bad[][2] = {
		{"review:\n  - {line: 1, text: x, base: abc}\n", "review.base: expected a commit id"},
		{"review:\n  - {line: 1, text: x, pr: -2}\n", "review.pr: expected a whole number"},
		{"review:\n  - {line: 1, text: x, side: up}\n", "review.side: expected left or right"},
		{"review:\n  - {line: 1, text: x, target: 12}\n", "review.target: expected a segment key"},
	};
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		Sidecar x;
		sidecar_init(&x);
		assert_false(sidecar_parse(bad[i][0], strlen(bad[i][0]), "s.yeok.yaml", &x, &e));
		if (!strstr(e.msg, bad[i][1]) || !strstr(e.msg, "s.yeok.yaml:2:"))
			fail_msg("'%s' lacks '%s'", e.msg, bad[i][1]);
		sidecar_release(&x);
	}
}

static void test_empty_and_missing(void **state)
{
	(void)state;
	Sidecar sc;
	sidecar_init(&sc);
	parse_ok("", &sc);
	parse_ok("# only a comment\n", &sc);
	assert_int_equal(sc.checklist.license, -1);
	char *dir = tu_tmpdir();
	char *path = path_join(dir, "none.rst.yeok.yaml");
	Err e;
	err_init(&e);
	bool corrupt = true;
	assert_true(sidecar_load(path, &sc, &corrupt, &e));
	assert_false(corrupt);
	assert_int_equal(sc.source.kind, SIDECAR_SRC_NONE);
	/* An empty model writes a small valid file. */
	char *text = emit_str(&sc);
	assert_non_null(strstr(text, "yeok: 1\n"));
	assert_non_null(strstr(text, "license: null"));
	Sidecar back;
	sidecar_init(&back);
	parse_ok(text, &back);
	free(text);
	sidecar_release(&back);
	sidecar_release(&sc);
	free(path);
	free(dir);
}

static void test_unknown_keys_kept(void **state)
{
	(void)state;
	const char *in =
		"yeok: 1\n"
		"zeta: {a: 1, b: [x, \"y\"]}\n"
		"checklist:\n  license: yes\n  issue: 7\n  type: fix\n  reviewer: kim\n"
		"source:\n  snapshot: a.rst.yeok.src\n  sha256: null\n  note: keep me\n"
		"translator: {name: Lee, url: null, mail: l@x}\n"
		"segments:\n"
		"  - {source: 0123456789abcdef, status: done, who: kim}\n"
		"review:\n"
		"  - line: 3\n    text: hi\n    thread: [1, 2]\n"
		"alpha: |\n  block text\n  kept\n"
		"omega: 'quoted'\n";
	Sidecar sc;
	sidecar_init(&sc);
	parse_ok(in, &sc);
	assert_int_equal(sc.checklist.license, 1);
	assert_int_equal(sc.source.kind, SIDECAR_SRC_SNAPSHOT);
	assert_string_equal(sc.source.path, "a.rst.yeok.src");
	assert_null(sc.translator_url);
	/* Change something and rewrite: unknown keys survive, in order. */
	sc.checklist.issue = 8;
	char *out = emit_str(&sc);
	const char *order[] = {"note: keep me", "issue: 8", "reviewer: kim", "mail: l@x",
	                       "who: kim", "thread:", "zeta:", "alpha: |", "block text",
	                       "omega: 'quoted'"};
	const char *at = out;
	for (size_t i = 0; i < ARRAY_LEN(order); i++) {
		const char *p = strstr(at, order[i]);
		if (!p)
			fail_msg("'%s' missing or out of order in:\n%s", order[i], out);
		at = p;
	}
	/* And the rewrite reads back to the same. */
	Sidecar again;
	sidecar_init(&again);
	parse_ok(out, &again);
	char *out2 = emit_str(&again);
	assert_string_equal(out, out2);
	free(out2);
	free(out);
	sidecar_release(&again);
	sidecar_release(&sc);
}

static void test_tricky_strings(void **state)
{
	(void)state;
	Sidecar sc;
	sidecar_init(&sc);
	/* Names that plain YAML would read as null, bool or numbers, quotes,
	 * colons, a leading dash, control characters, invalid UTF-8. */
	const char *names[] = {"null", "true", "no", "123", "1e3", "- x", "a: b", "#c",
	                       "it's \"q\"", "tab\there", "esc\x1b[31m", "  lead", "bad\xff"};
	for (size_t i = 0; i < ARRAY_LEN(names); i++) {
		sidecar_set_translator(&sc, names[i], "https://x/?a=1&b=#f");
		char *out = emit_str(&sc);
		Sidecar back;
		sidecar_init(&back);
		parse_ok(out, &back);
		if (strcmp(names[i], "bad\xff") == 0)
			assert_string_equal(back.translator_name, "bad\xEF\xBF\xBD");
		else
			assert_string_equal(back.translator_name, names[i]);
		assert_string_equal(back.translator_url, "https://x/?a=1&b=#f");
		sidecar_release(&back);
		free(out);
	}
	sidecar_release(&sc);
}

static void test_corruption_messages(void **state)
{
	(void)state;
	parse_fails("yeok: 1\nchecklist: [\n", "t.yeok.yaml:3:");
	parse_fails("yeok: 1\nchecklist:\n  issue: abc\n", "t.yeok.yaml:3:10: checklist.issue");
	parse_fails("checklist:\n  issue: -3\n", "2:10:");
	parse_fails("checklist:\n  issue: 0\n", "checklist.issue");
	parse_fails("checklist:\n  type: typo\n", "2:9: checklist.type: expected fix");
	parse_fails("checklist:\n  license: maybe\n", "checklist.license");
	parse_fails("checklist:\n  license: 'true'\n", "checklist.license");
	parse_fails("- a\n- b\n", "1:1: not a yeok sidecar (expected a YAML mapping");
	/* a file that is no YAML mapping at all is not quoted (issue 14 item 15) */
	parse_fails("https://user:ghp_token@github.com\n", "1:1: not a yeok sidecar");
	{
		Sidecar sc;
		sidecar_init(&sc);
		Err e;
		err_init(&e);
		const char *tok = "https://user:ghp_token@github.com\n";
		assert_false(sidecar_parse(tok, strlen(tok), "t.yeok.yaml", &sc, &e));
		assert_null(strstr(e.msg, "ghp_"));
		/* a value is quoted by a short, sanitized prefix only */
		const char *v = "checklist:\n  type: \"ghp_0123456789abcdefghijklmnop\\e[2J\"\n";
		assert_false(sidecar_parse(v, strlen(v), "t.yeok.yaml", &sc, &e));
		assert_non_null(strstr(e.msg, "got 'ghp_0123456789abcdefghij...'"));
		assert_null(strstr(e.msg, "\x1b"));
	}
	parse_fails("segments:\n  - {source: XYZ, status: done}\n", "2:14: segments.source");
	parse_fails("segments:\n  - {source: 0123456789abcdef, status: finished}\n", "segments.status");
	parse_fails("segments:\n  - {status: done}\n", "needs a source key");
	parse_fails("segments: {a: 1}\n", "segments: expected a list");
	parse_fails("source:\n  git: abc\n  path: x\n", "source.git");
	parse_fails("source:\n  git: 349cbf1eed1ea559fd80d34223c5b57c188e2667\n", "git needs a path");
	/* a path taken back by `path: null` (fuzz-sidecar): refused at parse, not a model
	 * that sidecar_check rejects */
	parse_fails("yeok: 1\nsource: {snapshot: no, path: null}\n", "t.yeok.yaml:2:9: source: snapshot needs a path");
	parse_fails("yeok: 1\nsource: {file: a.rst, path: null}\n", "file needs a path");
	parse_fails("source:\n  file: a\n  snapshot: b\n", "only one of");
	parse_fails("source:\n  file: a\n  sha256: 12\n", "source.sha256");
	parse_fails("yeok: 1\nyeok: 1\n", "2:1: the sidecar: duplicate key 'yeok'");
	parse_fails("a: 1\n---\nb: 2\n", "more than one YAML document");
	parse_fails("translator: {name: \"a\\0b\"}\n", "NUL");
	parse_fails("yeok: 1\n\xff\xfe: x\n", "t.yeok.yaml:");
	/* No alias expansion: anchors and aliases are refused outright. */
	parse_fails("a: &x [1, 2]\nb: *x\n", "1:4: anchors");
	parse_fails("a: [*x]\n", "aliases");
	parse_fails("zz: &y hello\n", "anchors");
	/* Newer format: an error, but not "corrupt". */
	parse_fails("yeok: 2\n", "newer yeok");
}

static void test_limits(void **state)
{
	(void)state;
	/* Deep nesting. */
	Buf b = BUF_INIT;
	buf_adds(&b, "x: ");
	for (int i = 0; i < 200; i++)
		buf_addc(&b, '[');
	for (int i = 0; i < 200; i++)
		buf_addc(&b, ']');
	buf_addc(&b, '\n');
	parse_fails(b.p, "nested too deeply");
	/* Over the size limit. */
	buf_clear(&b);
	buf_adds(&b, "x: \"");
	while (b.len <= SIDECAR_MAX_BYTES)
		buf_adds(&b, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
	buf_adds(&b, "\"\n");
	parse_fails(b.p, "too large");
	buf_release(&b);
}

static void test_load_save_set_aside(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *doc = path_join(dir, "a.rst");
	char *path = sidecar_path(doc);
	assert_non_null(strstr(path, "a.rst.yeok.yaml"));
	Sidecar a = full_model();
	Err e;
	err_init(&e);
	assert_true(sidecar_save(path, &a, &e));
	Sidecar b;
	sidecar_init(&b);
	bool corrupt = true;
	assert_true(sidecar_load(path, &b, &corrupt, &e));
	assert_false(corrupt);
	assert_same(&a, &b);

	/* A failed write leaves the previous file as it was. */
	file_inject_write_errno = 28; /* ENOSPC */
	a.checklist.issue = 1;
	assert_false(sidecar_save(path, &a, &e));
	file_inject_write_errno = 0;
	assert_true(sidecar_load(path, &b, NULL, &e));
	assert_int_equal(b.checklist.issue, 1132);

	/* Corrupt: line and column, flagged, then set aside as .bad, .bad.2. */
	free(tu_write(dir, "a.rst.yeok.yaml", "yeok: 1\nchecklist: {issue: 12\n", 29));
	assert_false(sidecar_load(path, &b, &corrupt, &e));
	assert_true(corrupt);
	assert_non_null(strstr(e.msg, "a.rst.yeok.yaml:3:1:"));
	char *bad;
	assert_true(sidecar_set_aside(path, &bad, &e));
	assert_non_null(strstr(bad, "a.rst.yeok.yaml.bad"));
	assert_true(file_exists(bad));
	assert_false(file_exists(path));
	free(bad);
	free(tu_write(dir, "a.rst.yeok.yaml", "[", 1));
	assert_false(sidecar_load(path, &b, &corrupt, &e));
	assert_true(corrupt);
	assert_true(sidecar_set_aside(path, &bad, &e));
	assert_non_null(strstr(bad, ".bad.2"));
	free(bad);

	/* A newer format is not corrupt: not to be set aside. */
	free(tu_write(dir, "a.rst.yeok.yaml", "yeok: 3\n", 8));
	assert_false(sidecar_load(path, &b, &corrupt, &e));
	assert_false(corrupt);

	/* Unreadable: an I/O error, not corrupt. */
	free(tu_write(dir, "a.rst.yeok.yaml", "yeok: 1\n", 8));
	if (geteuid() != 0) {
		chmod(path, 0);
		assert_false(sidecar_load(path, &b, &corrupt, &e));
		assert_false(corrupt);
		chmod(path, 0644);
	}
	sidecar_release(&a);
	sidecar_release(&b);
	free(path);
	free(doc);
	free(dir);
}

static void test_keys(void **state)
{
	(void)state;
	/* Documented: the first 16 hex digits of SHA-256 of the text. */
	SidecarKey k = sidecar_key("hello", 5);
	assert_string_equal(k.hex, "2cf24dba5fb0a30e"); /* printf hello | sha256sum */
	assert_true(sidecar_key_valid(k.hex));
	assert_false(sidecar_key_valid("2CF24DBA5FB0A30E"));
	assert_false(sidecar_key_valid("2cf24dba"));
	SidecarKey e = sidecar_key("", 0);
	assert_string_equal(e.hex, "e3b0c44298fc1c14");
}

static void test_checklist_text(void **state)
{
	(void)state;
	Checklist c = {.license = 1, .issue = 1132, .type = PR_TYPE_TRANSLATE};
	Buf b = BUF_INIT;
	sidecar_checklist_text(&c, &b);
	assert_string_equal(b.p, "[x]라이선스 #1132 번역");
	assert_true(sidecar_checklist_complete(&c));
	ChecklistPart parts[CHECKLIST_PARTS];
	assert_int_equal(sidecar_checklist_parts(&c, parts), 0);

	Checklist none = {.license = -1, .issue = 0, .type = PR_TYPE_NONE};
	buf_clear(&b);
	sidecar_checklist_text(&none, &b);
	assert_string_equal(b.p, "[ ]라이선스 #? 종류?");
	assert_int_equal(sidecar_checklist_parts(&none, parts), 3);
	assert_true(parts[0].warn && parts[1].warn && parts[2].warn);
	assert_false(sidecar_checklist_complete(&none));

	Checklist no = {.license = 0, .issue = 5, .type = PR_TYPE_SYNC};
	assert_int_equal(sidecar_checklist_parts(&no, parts), 1);
	assert_true(parts[0].warn);
	assert_string_equal(parts[2].text, "반영");
	buf_release(&b);

	PrType t;
	assert_true(sidecar_type_parse("other", &t));
	assert_int_equal(t, PR_TYPE_OTHER);
	assert_false(sidecar_type_parse("Other", &t));
	assert_false(sidecar_type_parse("", &t));
	assert_string_equal(sidecar_type_box(PR_TYPE_FIX), "오탈자를 수정하거나 번역을 개선하는 기여");
}

/* Apply a translator-line edit to text and return the result. */
static char *apply_edit(const char *text, const char *name, const char *url, SidecarLineOp want)
{
	Lines l;
	lines_init(&l);
	lines_parse(&l, text, strlen(text));
	SidecarLineEdit ed;
	Err e;
	err_init(&e);
	if (!sidecar_translator_edit(&l, name, url, &ed, &e))
		fail_msg("translator edit failed: %s", e.msg);
	assert_int_equal(ed.op, want);
	if (ed.op == SIDECAR_LINE_INSERT)
		lines_insert(&l, ed.line, ed.text, strlen(ed.text), lines_default_eol(&l));
	else if (ed.op == SIDECAR_LINE_REPLACE)
		lines_set(&l, ed.line, ed.text, strlen(ed.text));
	sidecar_line_edit_release(&ed);
	Buf b = BUF_INIT;
	lines_serialize(&l, &b);
	lines_release(&l);
	return buf_detach(&b);
}

static void test_translator_line(void **state)
{
	(void)state;
	const char *url = "https://github.com/hong";
	char *r = apply_edit("Title\n=====\n\n**저자**: `A <https://a>`__\n\nText.\n", "홍길동", url,
	                     SIDECAR_LINE_INSERT);
	assert_string_equal(r, "Title\n=====\n\n**저자**: `A <https://a>`__\n"
	                       "**번역**: `홍길동 <https://github.com/hong>`_\n\nText.\n");
	/* Idempotent: a second run changes nothing. */
	char *r2 = apply_edit(r, "홍길동", url, SIDECAR_LINE_NONE);
	assert_string_equal(r, r2);
	free(r2);
	free(r);

	/* Other spellings are repaired, people kept, the name added. */
	r = apply_edit("**Author**: X\n  **역자:** `강동석 <https://github.com/e>`_\n", "홍길동", url,
	               SIDECAR_LINE_REPLACE);
	assert_string_equal(r, "**Author**: X\n**번역**: `강동석 <https://github.com/e>`_, "
	                       "`홍길동 <https://github.com/hong>`_\n");
	free(r);
	/* The misplaced backquote of the FSDP tutorial. */
	r = apply_edit("**저자**: X\n**번역:**: `이진혁 <https://github.com/u>__`\n", "이진혁",
	               "https://github.com/u", SIDECAR_LINE_REPLACE);
	assert_string_equal(r, "**저자**: X\n**번역**: `이진혁 <https://github.com/u>`__\n");
	free(r);
	/* Past 편집/감수 lines and a blank line; CRLF kept. */
	r = apply_edit("**저자**: X\r\n**편집**: Y\r\n\r\n**번역**: `홍길동 <u>`_\r\n", "홍길동", url,
	               SIDECAR_LINE_NONE);
	free(r);
	/* Not found past a paragraph: insert right after the author line. */
	r = apply_edit("**저자**: X\n\nSome text.\n\n**번역**: far away\n", "Kim", NULL,
	               SIDECAR_LINE_INSERT);
	assert_string_equal(r, "**저자**: X\n**번역**: Kim\n\nSome text.\n\n**번역**: far away\n");
	free(r);

	/* Errors. */
	Lines l;
	lines_init(&l);
	lines_parse(&l, "No author here.\n", 16);
	SidecarLineEdit ed;
	Err e;
	err_init(&e);
	assert_false(sidecar_translator_edit(&l, "Kim", NULL, &ed, &e));
	assert_non_null(strstr(e.msg, "no author line"));
	assert_false(sidecar_translator_edit(&l, "", NULL, &ed, &e));
	assert_non_null(strstr(e.msg, "translator name"));
	lines_release(&l);
}

static void test_translator_line_corpus(void **state)
{
	(void)state;
	/* Every Korean corpus file with an author line gets an edit that is
	 * idempotent and keeps all other lines. */
	char **pairs = tu_corpus_pairs();
	int edited = 0;
	for (size_t i = 0; pairs[i]; i++) {
		char *name = xasprintf("%s.ko.rst", pairs[i]);
		size_t n;
		char *text = tu_corpus_file(name, &n);
		Lines l;
		lines_init(&l);
		lines_parse(&l, text, n);
		SidecarLineEdit ed;
		Err e;
		err_init(&e);
		if (sidecar_translator_edit(&l, "홍길동", "https://github.com/hong", &ed, &e)) {
			size_t before = l.n;
			if (ed.op == SIDECAR_LINE_INSERT)
				lines_insert(&l, ed.line, ed.text, strlen(ed.text), lines_default_eol(&l));
			else if (ed.op == SIDECAR_LINE_REPLACE)
				lines_set(&l, ed.line, ed.text, strlen(ed.text));
			assert_int_equal(l.n, before + (ed.op == SIDECAR_LINE_INSERT));
			sidecar_line_edit_release(&ed);
			SidecarLineEdit again;
			assert_true(sidecar_translator_edit(&l, "홍길동", "https://github.com/hong", &again, &e));
			assert_int_equal(again.op, SIDECAR_LINE_NONE);
			edited++;
		}
		lines_release(&l);
		free(text);
		free(name);
	}
	assert_true(edited >= 10);
	tu_free_list(pairs);
}


/* Issue 14 item 2: the three-way merge, key by key. */
static SidecarKey key_of(const char *t)
{
	return sidecar_key(t, strlen(t));
}

static const SidecarSeg *seg_of(const Sidecar *sc, const char *text)
{
	SidecarKey k = key_of(text);
	for (size_t i = 0; i < sc->segs.n; i++)
		if (!strcmp(sc->segs.v[i].source.hex, k.hex))
			return &sc->segs.v[i];
	return NULL;
}

static void test_merge_key_by_key(void **state)
{
	(void)state;
	SidecarKey none = {""};
	Sidecar base;
	sidecar_init(&base);
	base.checklist.license = 1;
	sidecar_set_translator(&base, "홍길동", "https://github.com/hong");
	sidecar_add_seg(&base, key_of("A"), none, SIDECAR_DONE, NULL);
	sidecar_add_seg(&base, key_of("B"), none, SIDECAR_DONE, NULL);
	sidecar_add_seg(&base, key_of("C"), none, SIDECAR_DRAFT, NULL);
	sidecar_add_comment(&base, 3, key_of("A"), "첫 의견", "open");
	sidecar_add_comment(&base, 9, key_of("B"), "둘째 의견", "open");
	Sidecar mine, theirs;
	sidecar_init(&mine);
	sidecar_init(&theirs);
	sidecar_copy(&mine, &base);
	sidecar_copy(&theirs, &base);
	/* mine (the editor): marks C done, drops B, sets the type, moves the cursor */
	mine.segs.v[2].mark = SIDECAR_DONE;
	mine.checklist.type = PR_TYPE_TRANSLATE;
	mine.cursor_line = 12;
	sidecar_clear_segs(&mine);
	sidecar_add_seg(&mine, key_of("A"), none, SIDECAR_DONE, NULL);
	sidecar_add_seg(&mine, key_of("C"), none, SIDECAR_DONE, NULL);
	/* theirs (yeok checklist, yeok review): the issue, A reviewed, a new
	 * segment D, the first comment resolved, a new comment, a verdict */
	theirs.checklist.issue = 42;
	theirs.checklist.type = PR_TYPE_FIX;
	theirs.segs.v[0].mark = SIDECAR_REVIEWED;
	sidecar_add_seg(&theirs, key_of("D"), none, SIDECAR_DONE, NULL);
	free(theirs.comments.v[0].state);
	theirs.comments.v[0].state = xstrdup("resolved");
	sidecar_add_comment(&theirs, 20, key_of("C"), "새 의견", "open");
	sidecar_set_verdict(&theirs, "request-changes");
	sidecar_merge(&base, &mine, &theirs);
	check_ok(&mine);
	assert_int_equal(mine.checklist.license, 1);     /* nobody changed it */
	assert_int_equal(mine.checklist.issue, 42);      /* theirs */
	assert_int_equal(mine.checklist.type, PR_TYPE_TRANSLATE); /* both: mine */
	assert_int_equal(mine.cursor_line, 12);
	assert_string_equal(mine.translator_name, "홍길동");
	assert_string_equal(mine.verdict, "request-changes");
	assert_int_equal(seg_of(&mine, "A")->mark, SIDECAR_REVIEWED); /* theirs, mine unchanged */
	assert_null(seg_of(&mine, "B"));                              /* mine removed it */
	assert_int_equal(seg_of(&mine, "C")->mark, SIDECAR_DONE);     /* mine */
	assert_int_equal(seg_of(&mine, "D")->mark, SIDECAR_DONE);     /* theirs added it */
	assert_int_equal(mine.segs.n, 3);
	assert_int_equal(mine.comments.n, 3);
	assert_string_equal(mine.comments.v[0].state, "resolved");
	assert_string_equal(mine.comments.v[1].text, "둘째 의견");
	assert_string_equal(mine.comments.v[2].text, "새 의견");
	/* merging with an unchanged theirs changes nothing */
	Sidecar again, same;
	sidecar_init(&again);
	sidecar_init(&same);
	sidecar_copy(&again, &mine);
	sidecar_copy(&same, &mine);
	sidecar_merge(&mine, &again, &same);
	char *x = emit_str(&again), *y = emit_str(&mine);
	assert_string_equal(x, y);
	free(x);
	free(y);
	/* a comment mine removed stays removed; theirs removing one mine kept
	 * as it was removes it */
	Sidecar m2, t2;
	sidecar_init(&m2);
	sidecar_init(&t2);
	sidecar_copy(&m2, &base);
	sidecar_copy(&t2, &base);
	sidecar_remove_comment(&m2, 0);
	sidecar_remove_comment(&t2, 1);
	sidecar_merge(&base, &m2, &t2);
	assert_int_equal(m2.comments.n, 0);
	sidecar_release(&m2);
	sidecar_release(&t2);
	sidecar_release(&again);
	sidecar_release(&same);
	sidecar_release(&base);
	sidecar_release(&mine);
	sidecar_release(&theirs);
}

/* sidecar_save merges what another yeok wrote since this one loaded. */
static void test_save_merges_changes_on_disk(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = path_join(dir, "m.rst.yeok.yaml");
	SidecarKey none = {""};
	Sidecar a;
	sidecar_init(&a);
	sidecar_add_seg(&a, key_of("A"), none, SIDECAR_DONE, NULL);
	Err e;
	err_init(&e);
	assert_true(sidecar_save(path, &a, &e));
	assert_false(a.merged);
	/* two yeoks load it */
	Sidecar ed, other;
	sidecar_init(&ed);
	sidecar_init(&other);
	assert_true(sidecar_load(path, &ed, NULL, &e));
	assert_true(sidecar_load(path, &other, NULL, &e));
	/* the other one (yeok checklist --issue 42) saves first */
	other.checklist.issue = 42;
	sidecar_add_comment(&other, 1, none, "리뷰 의견", "open");
	assert_true(sidecar_save(path, &other, &e));
	assert_false(other.merged);
	/* the editor saves its own change: theirs is kept */
	ed.checklist.license = 1;
	sidecar_add_seg(&ed, key_of("B"), none, SIDECAR_DONE, NULL);
	assert_true(sidecar_save(path, &ed, &e));
	assert_true(ed.merged);
	assert_int_equal(ed.checklist.issue, 42);
	Sidecar disk;
	sidecar_init(&disk);
	assert_true(sidecar_load(path, &disk, NULL, &e));
	assert_int_equal(disk.checklist.issue, 42);
	assert_int_equal(disk.checklist.license, 1);
	assert_int_equal(disk.comments.n, 1);
	assert_non_null(seg_of(&disk, "A"));
	assert_non_null(seg_of(&disk, "B"));
	/* a second save with nothing new on disk merges nothing */
	assert_true(sidecar_save(path, &ed, &e));
	assert_false(ed.merged);
	/* a file another program broke is not overwritten */
	free(tu_write(dir, "m.rst.yeok.yaml", "segments: [unclosed\n", 20));
	assert_false(sidecar_save(path, &ed, &e));
	assert_non_null(strstr(e.msg, "changed on disk and cannot be read"));
	size_t n;
	char *t = tu_read(path, &n);
	assert_string_equal(t, "segments: [unclosed\n");
	free(t);
	sidecar_release(&disk);
	sidecar_release(&ed);
	sidecar_release(&other);
	sidecar_release(&a);
	free(path);
	free(dir);
}

/* Every entry of sc set again, as an editor's save does (sidecar_clear_segs,
 * then one add each): but drop1 and drop2 (or NULL), and reviewed marked
 * reviewed. */
static void entries_again(Sidecar *sc, const char *drop1, const char *drop2,
                          const char *reviewed)
{
	Sidecar c;
	sidecar_init(&c);
	sidecar_copy(&c, sc);
	sidecar_clear_segs(sc);
	for (size_t i = 0; i < c.segs.n; i++) {
		SidecarSeg *g = &c.segs.v[i];
		if (!strcmp(g->source.hex, key_of(drop1).hex) ||
		    (drop2 && !strcmp(g->source.hex, key_of(drop2).hex)))
			continue;
		bool r = !strcmp(g->source.hex, key_of(reviewed).hex);
		sidecar_add_seg(sc, g->source, g->target, r ? SIDECAR_REVIEWED : g->mark, g->old);
		if (g->hint)
			sidecar_set_seg_hint(sc, sc->segs.n - 1, g->hint);
	}
	sidecar_release(&c);
}

/* The merge base is the model as loaded or saved, not the file's bytes
 * (sidecar-private.h: the text without the entries, and the entries the
 * model's own until they change): every way the editor and the other
 * yeoks change a loaded sidecar merges to the bytes the merge gives with
 * the base parsed from the file as it was read.  Three editors: one
 * replaces its entries (the editor's save: moved into the base), one adds
 * one (copied), one leaves them (the model's own are the base); then a
 * second round after the first save (the saved model is the base). */
static void test_save_merge_base_is_the_model(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = path_join(dir, "b.rst.yeok.yaml");
	SidecarKey none = {""};
	Sidecar a = full_model();
	for (int i = 0; i < 40; i++) {
		char t[16];
		snprintf(t, sizeof(t), "P%d", i);
		sidecar_add_seg(&a, key_of(t), none, i % 3 ? SIDECAR_DONE : SIDECAR_DRAFT,
		                i % 7 ? NULL : "old English");
		if (i % 5 == 0)
			sidecar_set_seg_hint(&a, a.segs.n - 1, "옛 번역");
	}
	Err e;
	err_init(&e);
	assert_true(sidecar_save(path, &a, &e));
	for (int round = 0; round < 2; round++)
		for (int how = 0; how < 3; how++) {
			Sidecar ed, other, ref_base, ref_mine, theirs, disk;
			sidecar_init(&ed);
			sidecar_init(&other);
			sidecar_init(&ref_base);
			sidecar_init(&ref_mine);
			sidecar_init(&theirs);
			sidecar_init(&disk);
			assert_true(sidecar_load(path, &ed, NULL, &e));
			if (round) { /* the base is what the editor's last save wrote */
				ed.cursor_line = 7 + how;
				assert_true(sidecar_save(path, &ed, &e));
				assert_false(ed.merged);
			}
			size_t n;
			char *was = tu_read(path, &n);
			assert_true(sidecar_parse(was, n, "base", &ref_base, &e));
			free(was);
			/* the other yeok: P1 reviewed, P2 gone, Q added, an issue */
			assert_true(sidecar_load(path, &other, NULL, &e));
			other.checklist.issue = 77;
			entries_again(&other, "P2", NULL, "P1");
			sidecar_add_seg(&other, key_of("Q"), none, SIDECAR_DONE, NULL);
			assert_true(sidecar_save(path, &other, &e));
			/* the editor's change */
			ed.checklist.license = 0;
			if (how == 0) { /* every entry again but P4 and P5, P6 reviewed */
				entries_again(&ed, "P4", "P5", "P6");
			} else if (how == 1) {
				sidecar_add_seg(&ed, key_of("R"), none, SIDECAR_DONE, NULL);
			}
			/* the reference: the merge with the base read from the bytes */
			sidecar_copy(&ref_mine, &ed);
			assert_true(sidecar_load(path, &theirs, NULL, &e));
			sidecar_merge(&ref_base, &ref_mine, &theirs);
			assert_true(sidecar_save(path, &ed, &e));
			assert_true(ed.merged);
			assert_true(sidecar_load(path, &disk, NULL, &e));
			char *want = emit_str(&ref_mine), *got = emit_str(&disk);
			assert_string_equal(got, want);
			free(want);
			free(got);
			/* what the merge must have read in the base */
			assert_int_equal(seg_of(&disk, "P1")->mark, SIDECAR_REVIEWED);
			assert_null(seg_of(&disk, "P2"));
			assert_non_null(seg_of(&disk, "Q"));
			if (how == 0) {
				assert_null(seg_of(&disk, "P4"));
				assert_int_equal(seg_of(&disk, "P6")->mark, SIDECAR_REVIEWED);
			}
			sidecar_release(&disk);
			sidecar_release(&theirs);
			sidecar_release(&ref_mine);
			sidecar_release(&ref_base);
			sidecar_release(&other);
			sidecar_release(&ed);
			/* back to the first file for the next editor */
			assert_true(sidecar_save(path, &a, &e));
		}
	sidecar_release(&a);
	free(path);
	free(dir);
}

/* Issue 14 item 11: a symlinked sidecar is refused, never followed: the
 * file it points at is neither read nor rewritten. */
static void test_symlinked_sidecar_refused(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	tu_sh(dir, "mkdir repo && printf 'yeok: 1\\nchecklist: {issue: 7}\\n' > victim.yaml && "
	           "ln -s ../victim.yaml repo/doc.rst.yeok.yaml");
	char *path = path_join(dir, "repo/doc.rst.yeok.yaml");
	Sidecar sc;
	sidecar_init(&sc);
	bool corrupt = true;
	Err e;
	err_init(&e);
	assert_false(sidecar_load(path, &sc, &corrupt, &e));
	assert_false(corrupt); /* refused: not to be set aside or rewritten */
	assert_non_null(strstr(e.msg, "a symbolic link"));
	sc.checklist.issue = 99;
	assert_false(sidecar_save(path, &sc, &e));
	assert_non_null(strstr(e.msg, "a symbolic link"));
	size_t n;
	char *victim = path_join(dir, "victim.yaml");
	char *t = tu_read(victim, &n);
	assert_string_equal(t, "yeok: 1\nchecklist: {issue: 7}\n");
	free(t);
	tu_sh(dir, "test -L repo/doc.rst.yeok.yaml");
	free(victim);
	sidecar_release(&sc);
	free(path);
	free(dir);
}

/* sidecar_parse reads the writer's segment lines as text: on written
 * sidecars and on altered ones (each a case the text reading must refuse
 * or read alike) it gives what libyaml alone gives, messages included. */
static void parse_both(const char *text, size_t *ok_n)
{
	Sidecar a, b;
	sidecar_init(&a);
	sidecar_init(&b);
	Err ea, eb;
	err_init(&ea);
	err_init(&eb);
	bool oa = sidecar_parse(text, strlen(text), "t.yeok.yaml", &a, &ea);
	bool ob = sidecar_parse_libyaml(text, strlen(text), "t.yeok.yaml", &b, &eb);
	if (oa != ob)
		fail_msg("sidecar_parse %s, libyaml %s (%s%s):\n%.400s", oa ? "reads" : "refuses",
		         ob ? "reads" : "refuses", ea.msg, eb.msg, text);
	if (oa) {
		check_ok(&a);
		assert_same(&a, &b);
		(*ok_n)++;
	} else {
		assert_string_equal(ea.msg, eb.msg);
		assert_int_equal(ea.code, eb.code);
		assert_int_equal(a.segs.n, 0);
	}
	sidecar_release(&a);
	sidecar_release(&b);
}

static char *replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	assert_non_null(at);
	return xasprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

static void test_fast_segments_equal_libyaml(void **state)
{
	(void)state;
	Sidecar sc = full_model();
	sidecar_clear_segs(&sc);
	for (int i = 0; i < 3000; i++) {
		char en[32], ko[32];
		snprintf(en, sizeof(en), "Segment %d.", i % 2500);
		snprintf(ko, sizeof(ko), "분절 %d.", i);
		sidecar_add_seg(&sc, sidecar_key(en, strlen(en)),
		                i % 7 == 3 ? (SidecarKey){""} : sidecar_key(ko, strlen(ko)),
		                i % 3 == 0 ? SIDECAR_DONE : i % 3 == 1 ? SIDECAR_REVIEWED : SIDECAR_DRAFT,
		                NULL);
	}
	sidecar_allow_add(&sc, "Tensor");
	char *text = emit_str(&sc);
	assert_non_null(strstr(text, "\nsegments:\n- {source: "));
	const char *first = strstr(text, "\nsegments:\n") + 11;
	char line[128];
	size_t ln = (size_t)(strchr(first, '\n') - first);
	memcpy(line, first, ln);
	line[ln] = '\0';
	size_t ok_n = 0;
	parse_both(text, &ok_n);
	/* the writer's lines read into an array of their number: no copy
	 * grown by doubling (4096 slots for these 3000) */
	Sidecar fast;
	sidecar_init(&fast);
	Err fe;
	err_init(&fe);
	assert_true(sidecar_parse(text, strlen(text), "t.yeok.yaml", &fast, &fe));
	assert_int_equal(fast.segs.n, 3000);
	assert_int_equal(fast.segs.cap, 3000);
	check_ok(&fast);
	sidecar_add_seg(&fast, sidecar_key("x", 1), (SidecarKey){""}, SIDECAR_DONE, NULL);
	assert_int_equal(fast.segs.n, 3001);
	sidecar_release(&fast);
	char *sta = xasprintf("%.*sstale}", (int)(strrchr(line, ' ') - line + 1), line);
	char *upper = xstrdup(line);
	upper[12] = (char)toupper((unsigned char)upper[12]) == upper[12] ? 'A' : (char)toupper((unsigned char)upper[12]);
	const char *cases[][2] = {
		{line, sta},                          /* an unknown status */
		{line, upper},                        /* a key not lowercase */
		{"\nsegments:\n", "\nsegments:\n# a comment\n"},
		{"\nsegments:\n", "\n'segments':\n"},
		{"\nsegments:\n", "\nsegments: \n"},
		{"\nsegments:\n- ", "\nsegments:\n  - "},
		{"yeok: 1\n", "yeok: 99\n"},
		{"yeok: 1\n", "---\nyeok: 1\n"},
		{"yeok: 1\n", "segments: []\nyeok: 1\n"},  /* a second segments key */
		{"yeok: 1\n", "yeok: 1\nsegment: x\n"},   /* an unknown key, kept */
		{", status: done}", ", status: done, extra: 1}"},
		{", status: done}", ",  status: done}"},
		{", status: draft}\n", ", status: draft}\n\n"},
		{"status: reviewed}\n", "status: reviewed}\n- [1, 2]\n"},
	};
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		char *t = replaced(text, cases[i][0], cases[i][1]);
		parse_both(t, &ok_n);
		free(t);
	}
	/* the block at the very end, without its last line end */
	char *tail = xasprintf("yeok: 1\nsegments:\n%s\n%s", line, line);
	parse_both(tail, &ok_n);
	char *tail2 = xasprintf("yeok: 1\nsegments:\n%s\n%s\n", line, line);
	parse_both(tail2, &ok_n);
	/* the block's lines inside a quoted scalar or a flow collection that
	 * goes on past them: not a segments key (fuzz-sidecar found the first:
	 * the fast path read the block, libyaml a key of the quoted text);
	 * the lines before it counted as libyaml counts them (CR, NEL, LS) */
	static const char *const wraps[][2] = {
		{"{'\n", "'}\n"},
		{"yeok: 1\nverdict: 'a\n", "b'\n"},
		{"yeok: 1\nverdict: \"a\n", "b\"\n"},
		{"yeok: 1\nallow: [a,\n", "b]\n"},
		{"yeok: 1\nx: {a: 1,\n", "b: 2}\n"},
		{"{yeok: 1,\n", "}\n"},
		{"yeok: 1\rverdict: 'a\n", "b'\n"},
		{"yeok: 1\xc2\x85verdict: 'a\n", "b'\n"},
		{"yeok: 1\xe2\x80\xa8verdict: 'a\n", "b'\n"},
		{"yeok: 1\nverdict: |\n", "allow: [a]\n"}, /* a block scalar ends at column 1 */
	};
	for (size_t i = 0; i < ARRAY_LEN(wraps); i++) {
		char *t = xasprintf("%ssegments:\n%s\n%s\n%s", wraps[i][0], line, line, wraps[i][1]);
		parse_both(t, &ok_n);
		free(t);
	}
	static const char *const keys[] = {
		"- {source: \"0123456789abcdef\", target: 0123456789abcdef, status: done}",
		"- {source: '0123456789abcdef', target: \"0123456789abcdef\", status: reviewed}",
		"- {source: \"0123456789abcdef, status: done}",
		"- {source: \"0123456789abcde\", status: done}",
		"- {source: 0123456789abcdef, target: \"\", status: draft}",
		"- {source: 0123456789abcdef, status: draft}",
		"- {source: 0123456789abcdef, status: draft} # a comment",
		/* the marks, read by their first letters, then whole */
		"- {source: 0123456789abcdef, status: dove}",
		"- {source: 0123456789abcdef, status: d}",
		"- {source: 0123456789abcdef, status: drafts}",
		"- {source: 0123456789abcdef, status: review}",
		"- {source: 0123456789abcdef, status: done }",
		"- {source: 0123456789abcdef, status: }",
		"- {source: 0123456789abcdef, status: reviewed}}",
		/* lines of the block the one pass looks at like the others */
		"---",
		"-segments: x",
	};
	for (size_t i = 0; i < ARRAY_LEN(keys); i++) {
		char *t = xasprintf("yeok: 1\nsegments:\n%s\n%s\nreview: []\n", line, keys[i]);
		parse_both(t, &ok_n);
		free(t);
	}
	assert_true(ok_n >= 8);
	free(tail);
	free(tail2);
	free(sta);
	free(upper);
	free(text);
	sidecar_release(&sc);
}

/* Issue 19: what yeok writes it reads back.  A status on every segment of
 * a large document is more than SIDECAR_MAX_BYTES: the bound grows with
 * the document beside the sidecar, for the fast reading of the writer's
 * one-line entries and for libyaml's (an entry with a hint), and a huge
 * sidecar beside a small document is still refused, naming the file. */
static void big_model(Sidecar *sc, size_t blocks, bool hint)
{
	sidecar_init(sc);
	sidecar_set_translator(sc, "홍길동", "https://github.com/hong");
	for (size_t i = 0; i < blocks; i++) {
		char t[64];
		int n = snprintf(t, sizeof(t), "Paragraph %zu.", i);
		static const SidecarMark m[] = {SIDECAR_DONE, SIDECAR_REVIEWED, SIDECAR_DRAFT};
		sidecar_add_seg(sc, sidecar_key(t, (size_t)n), sidecar_key(t, (size_t)n - 1),
		                m[i % 3], i % 5 == 4 ? "the English it was done against" : NULL);
	}
	if (hint)
		sidecar_set_seg_hint(sc, blocks / 2, "옛 번역\n둘째 줄");
	sc->cursor_line = (long)blocks;
	sc->cursor_column = 7;
	check_ok(sc);
}

static void test_large_document_round_trip(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	enum { BLOCKS = 60000 }; /* about 4.7 MB of sidecar */
	Buf doc = BUF_INIT;
	for (size_t i = 0; i < BLOCKS; i++)
		buf_addf(&doc, "Paragraph %zu.\n\n", i);
	free(tu_write(dir, "big.rst", doc.p, doc.len));
	char *dpath = path_join(dir, "big.rst");
	char *path = sidecar_path(dpath);
	assert_true(sidecar_max_bytes_at(path) == sidecar_max_bytes(doc.len));
	assert_true(sidecar_max_bytes(doc.len) > SIDECAR_MAX_BYTES);
	for (int hint = 0; hint < 2; hint++) {
		Sidecar a, b;
		big_model(&a, BLOCKS, hint);
		Err e;
		err_init(&e);
		if (!sidecar_save(path, &a, &e))
			fail_msg("save: %s", e.msg);
		struct stat st;
		assert_int_equal(stat(path, &st), 0);
		assert_true((size_t)st.st_size > SIDECAR_MAX_BYTES); /* the case of the issue */
		sidecar_init(&b);
		bool corrupt = true;
		if (!sidecar_load(path, &b, &corrupt, &e))
			fail_msg("load: %s", e.msg);
		assert_false(corrupt);
		assert_same(&a, &b);
		assert_int_equal(b.cursor_line, BLOCKS);
		assert_int_equal(b.cursor_column, 7);
		if (hint)
			assert_string_equal(b.segs.v[BLOCKS / 2].hint, "옛 번역\n둘째 줄");
		/* saved again unchanged (the merge base and the copy read it too) */
		if (!sidecar_save(path, &b, &e))
			fail_msg("save again: %s", e.msg);
		Sidecar c;
		sidecar_init(&c);
		if (!hint) {
			sidecar_copy(&c, &b);
			assert_same(&b, &c);
		}
		sidecar_release(&a);
		sidecar_release(&b);
		sidecar_release(&c);
	}

	/* The same model beside a small document: not written (the reader
	 * would refuse it), the file on disk kept. */
	free(tu_write(dir, "small.rst", "Paragraph.\n", 11));
	char *spath = path_join(dir, "small.rst.yeok.yaml");
	free(tu_write(dir, "small.rst.yeok.yaml", "yeok: 1\n", 8));
	Sidecar a;
	big_model(&a, BLOCKS, false);
	Err e;
	err_init(&e);
	assert_false(sidecar_save(spath, &a, &e));
	assert_int_equal(e.code, EXIT_DATAERR);
	assert_non_null(strstr(e.msg, "small.rst.yeok.yaml"));
	assert_non_null(strstr(e.msg, "not written"));
	Buf disk = BUF_INIT;
	assert_true(file_read(spath, &disk, &e));
	assert_string_equal(disk.p, "yeok: 1\n");

	/* A hostile sidecar, huge beside a small document: refused with the
	 * file's name, flagged for setting aside, and nothing is read. */
	Buf big = BUF_INIT;
	sidecar_emit(&a, &big);
	free(tu_write(dir, "small.rst.yeok.yaml", big.p, big.len));
	Sidecar b;
	sidecar_init(&b);
	bool corrupt = false;
	assert_false(sidecar_load(spath, &b, &corrupt, &e));
	assert_true(corrupt);
	assert_int_equal(e.code, EXIT_DATAERR);
	assert_non_null(strstr(e.msg, "small.rst.yeok.yaml"));
	assert_non_null(strstr(e.msg, "too large"));
	assert_int_equal(b.segs.n, 0);
	/* ... and with no document beside it, the fixed bound */
	char *lone = path_join(dir, "lone.rst.yeok.yaml");
	free(tu_write(dir, "lone.rst.yeok.yaml", big.p, big.len));
	assert_true(sidecar_max_bytes_at(lone) == SIDECAR_MAX_BYTES);
	assert_false(sidecar_load(lone, &b, &corrupt, &e));
	assert_true(corrupt);
	assert_non_null(strstr(e.msg, "lone.rst.yeok.yaml"));
	/* the bound has a ceiling whatever the document */
	assert_true(sidecar_max_bytes(SIZE_MAX / 2) == SIDECAR_MAX_TOTAL);
	buf_release(&big);
	buf_release(&disk);
	buf_release(&doc);
	sidecar_release(&a);
	sidecar_release(&b);
	free(lone);
	free(spath);
	free(path);
	free(dpath);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_review_ranges),
		cmocka_unit_test(test_fast_segments_equal_libyaml),
		cmocka_unit_test(test_empty_and_missing),
		cmocka_unit_test(test_unknown_keys_kept),
		cmocka_unit_test(test_tricky_strings),
		cmocka_unit_test(test_corruption_messages),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_merge_key_by_key),
		cmocka_unit_test(test_save_merges_changes_on_disk),
		cmocka_unit_test(test_save_merge_base_is_the_model),
		cmocka_unit_test(test_symlinked_sidecar_refused),
		cmocka_unit_test(test_load_save_set_aside),
		cmocka_unit_test(test_large_document_round_trip),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_checklist_text),
		cmocka_unit_test(test_translator_line),
		cmocka_unit_test(test_translator_line_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
