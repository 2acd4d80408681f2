/* review session: reviewer mode without a terminal — entries saved in the
 * sidecar as they are made, resumed, exported with head line numbers. */
#include "testutil.h"

#include "yeok/pair.h"
#include "yeok/review.h"

static const char *const mesh02 = "history/recipes_source__distributed_device_mesh-02-349cbf1eed.rst";
static const char *const mesh03 = "history/recipes_source__distributed_device_mesh-03-7c7d5ae141.rst";
static const char *const mesh04 = "history/recipes_source__distributed_device_mesh-04-cad76fac81.rst";

typedef struct Texts {
	char *src, *base, *head;
	size_t sn, bn, hn;
} Texts;

static Texts texts(const char *src, const char *base, const char *head)
{
	Texts t;
	t.src = tu_corpus_file(src, &t.sn);
	t.base = tu_corpus_file(base, &t.bn);
	t.head = tu_corpus_file(head, &t.hn);
	return t;
}

static void texts_free(Texts *t)
{
	free(t->src);
	free(t->base);
	free(t->head);
}

static void check_ok(const ReviewSession *rs)
{
	Err e;
	err_init(&e);
	if (!review_session_check(rs, &e))
		fail_msg("%s", e.msg);
}

static void open_in(ReviewSession *rs, const char *dir, const Texts *t)
{
	char *doc = path_join(dir, "distributed_device_mesh.rst");
	char *sc = sidecar_path(doc);
	Err e;
	err_init(&e);
	review_session_init(rs);
	if (!review_session_setup(rs, doc, sc, t->src, t->sn, t->base, t->bn, t->head, t->hn, &e))
		fail_msg("%s", e.msg);
	check_ok(rs);
	free(doc);
	free(sc);
}

/* The translation commit of the pull request: English base, Korean head. */
static void test_changes_and_english_base(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	Texts t = texts(mesh02, mesh02, mesh03);
	ReviewSession rs;
	open_in(&rs, dir, &t);
	assert_true(rs.base_english);
	assert_true(review_session_count(&rs) > 20);
	for (size_t i = 0; i < review_session_count(&rs); i++)
		assert_false(review_session_change(&rs, i)->has_old);
	assert_int_equal(rs.cur, 0);
	Buf h = BUF_INIT;
	review_session_header(&rs, &h);
	char *want = xasprintf("change 1 of %zu · no verdict", review_session_count(&rs));
	assert_non_null(strstr(h.p, want));
	free(want);
	buf_release(&h);
	/* n/p stop at the ends */
	assert_false(review_session_move(&rs, -1));
	while (review_session_move(&rs, 1))
		check_ok(&rs);
	assert_int_equal(rs.cur, review_session_count(&rs) - 1);
	assert_false(review_session_move(&rs, 1));
	review_session_release(&rs);
	texts_free(&t);
	free(dir);
}

/* Comments, suggestions, marks and the verdict are in the sidecar file as
 * soon as they are made; a new session resumes with them. */
static void test_round_trip_and_resume(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	Texts t = texts(mesh02, mesh03, mesh04);
	ReviewSession rs;
	open_in(&rs, dir, &t);
	size_t n = review_session_count(&rs);
	assert_true(n >= 1);
	Err e;
	err_init(&e);
	assert_false(review_session_comment(&rs, "  \n", &e));
	assert_int_equal(e.code, EXIT_USAGE);
	assert_true(review_session_comment(&rs, "용어집: 매개변수\n둘째 줄", &e));
	check_ok(&rs);
	/* saved at once */
	char *scp = xasprintf("%s/distributed_device_mesh.rst.yeok.yaml", dir);
	size_t len;
	char *yaml = tu_read(scp, &len);
	assert_non_null(strstr(yaml, "용어집: 매개변수"));
	free(yaml);
	const ReviewChange *c = review_session_change(&rs, rs.cur);
	long first = (long)c->head_first + 1, last = (long)c->head_last + 1;
	assert_true(review_session_suggest(&rs, "제안하는 문장", &e));
	assert_true(review_session_mark(&rs, REVIEW_MARK_CHANGES, &e));
	assert_true(review_session_set_verdict(&rs, REVIEW_REQUEST_CHANGES, &e));
	check_ok(&rs);
	size_t idx[8];
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 2);
	review_session_release(&rs);

	/* resume */
	open_in(&rs, dir, &t);
	assert_int_equal(rs.sc.comments.n, 4); /* comment, suggestion, mark, verdict */
	assert_int_equal(review_session_verdict(&rs), REVIEW_REQUEST_CHANGES);
	assert_int_equal(review_session_mark_of(&rs, 0), REVIEW_MARK_CHANGES);
	assert_int_equal(review_session_entries(&rs, 0, idx, 8), 2);
	const SidecarComment *m = &rs.sc.comments.v[idx[0]];
	assert_string_equal(m->text, "용어집: 매개변수\n둘째 줄");
	long f, l;
	review_session_entry_lines(&rs, m, &f, &l);
	assert_int_equal(f, first);
	assert_int_equal(l, last);
	assert_string_equal(rs.sc.comments.v[idx[1]].kind, "suggestion");
	/* the marked change is done: resume goes to the first unmarked one */
	if (n > 1)
		assert_int_equal(rs.cur, 1);
	/* the same mark again clears it */
	rs.cur = 0;
	assert_true(review_session_mark(&rs, REVIEW_MARK_CHANGES, &e));
	assert_int_equal(review_session_mark_of(&rs, 0), REVIEW_MARK_NONE);
	assert_true(review_session_mark(&rs, REVIEW_MARK_APPROVED, &e));
	assert_true(review_session_mark(&rs, REVIEW_MARK_CHANGES, &e));
	assert_int_equal(review_session_mark_of(&rs, 0), REVIEW_MARK_CHANGES);
	assert_int_equal(rs.sc.comments.n, 4); /* one mark entry, replaced */
	check_ok(&rs);

	/* Markdown: the head's line numbers and lines */
	Buf md = BUF_INIT;
	ReviewSession *one[] = {&rs};
	review_export_markdown(one, 1, NULL, &md, NULL);
	char *label = last > first ? xasprintf("lines %ld-%ld: 용어집", first, last)
	                           : xasprintf("line %ld: 용어집", first);
	assert_non_null(strstr(md.p, label));
	free(label);
	Str hl = lines_get(&rs.r.head, (size_t)first - 1);
	char *quote = xasprintf("> %.*s\n", (int)hl.n, hl.p);
	assert_non_null(strstr(md.p, quote));
	free(quote);
	assert_non_null(strstr(md.p, "```suggestion\n제안하는 문장\n```"));
	buf_release(&md);
	Buf js = BUF_INIT;
	Buf notes = BUF_INIT;
	assert_true(review_export_github(one, 1, NULL, &js, &notes, &e));
	buf_release(&notes);
	assert_non_null(strstr(js.p, "\"event\": \"REQUEST_CHANGES\""));
	char *line = xasprintf("\"line\": %ld, \"side\": \"RIGHT\"", last);
	assert_non_null(strstr(js.p, line));
	free(line);
	buf_release(&js);
	review_session_release(&rs);
	free(scp);
	texts_free(&t);
	free(dir);
}

/* A finding of check on a changed segment becomes a comment. */
static void test_finding_to_comment(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	Texts t = texts(mesh02, mesh02, mesh03);
	ReviewSession rs;
	open_in(&rs, dir, &t);
	size_t with = review_session_count(&rs);
	for (size_t i = 0; i < review_session_count(&rs); i++)
		if (rs.findings[i].n) {
			with = i;
			break;
		}
	assert_true(with < review_session_count(&rs));
	rs.cur = with;
	Err e;
	err_init(&e);
	assert_false(review_session_finding_comment(&rs, rs.findings[with].n, &e));
	assert_true(review_session_finding_comment(&rs, 0, &e));
	const Finding *f = &rs.findings[with].v[0];
	char *want = xasprintf("[%s] line %zu: ", check_info(f->check)->id, f->line + 1);
	const char *text = rs.sc.comments.v[rs.sc.comments.n - 1].text;
	assert_true(strncmp(text, want, strlen(want)) == 0);
	free(want);
	/* every finding lies in its change's lines */
	for (size_t i = 0; i < review_session_count(&rs); i++)
		for (size_t k = 0; k < rs.findings[i].n; k++) {
			const ReviewChange *c = review_session_change(&rs, i);
			assert_true(rs.findings[i].v[k].line >= c->head_first);
		}
	check_ok(&rs);
	review_session_release(&rs);
	texts_free(&t);
	free(dir);
}

/* A corrupt sidecar is an error naming its line, and is not overwritten. */
static void test_corrupt_sidecar(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	free(tu_write(dir, "distributed_device_mesh.rst.yeok.yaml", "review: [ {line: x", 18));
	Texts t = texts(mesh02, mesh03, mesh04);
	char *doc = path_join(dir, "distributed_device_mesh.rst");
	char *sc = sidecar_path(doc);
	ReviewSession rs;
	review_session_init(&rs);
	Err e;
	err_init(&e);
	assert_false(review_session_setup(&rs, doc, sc, t.src, t.sn, t.base, t.bn, t.head, t.hn, &e));
	assert_int_equal(e.code, EXIT_DATAERR);
	if (!strstr(e.msg, "distributed_device_mesh.rst.yeok.yaml:2:1: "))
		fail_msg("%s", e.msg);
	review_session_release(&rs);
	size_t len;
	char *still = tu_read(sc, &len);
	assert_int_equal(len, 18);
	free(still);
	free(doc);
	free(sc);
	texts_free(&t);
	free(dir);
}

static void test_verdicts(void **state)
{
	(void)state;
	ReviewVerdict v;
	assert_true(review_verdict_parse("request-changes", &v));
	assert_int_equal(v, REVIEW_REQUEST_CHANGES);
	assert_string_equal(review_verdict_event(v), "REQUEST_CHANGES");
	assert_string_equal(review_verdict_event(REVIEW_APPROVE), "APPROVE");
	assert_string_equal(review_verdict_event(REVIEW_VERDICT_NONE), "COMMENT");
	assert_false(review_verdict_parse("yes", &v));
	ReviewArgs a;
	Err e;
	err_init(&e);
	char b0[] = "review", b1[] = "--base", b2[] = "HEAD~3", b3[] = "--head=HEAD",
	     b4[] = "--glossary", b5[] = "g.yaml", b6[] = "--export", b7[] = "github-json",
	     b8[] = "f.rst", b9[] = "html";
	char *ok[] = {b0, b1, b2, b3, b4, b5, b6, b7, b8, NULL};
	assert_true(review_args_parse(&a, 9, ok, &e));
	assert_string_equal(a.o.base, "HEAD~3");
	assert_string_equal(a.o.head, "HEAD");
	assert_string_equal(a.o.glossaries[0], "g.yaml");
	assert_null(a.o.glossaries[1]);
	assert_string_equal(a.export_fmt, "github-json");
	assert_string_equal(a.file, "f.rst");
	review_args_release(&a);
	char *bad[] = {b0, b6, b9, b8, NULL};
	assert_false(review_args_parse(&a, 4, bad, &e));
	assert_int_equal(e.code, EXIT_USAGE);
	review_args_release(&a);
}

/* A sphinx-gallery `.py` is reviewed as every command reads it: text blocks
 * and code cells, the CLI's segment keys, English text beside Korean text
 * and code beside code. */
static void test_py_review(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	const char *name = "py/beginner_source__blitz__autograd_tutorial";
	char *en_name = xasprintf("%s.en.py", name), *ko_name = xasprintf("%s.ko.py", name);
	Texts t = texts(en_name, en_name, ko_name);
	char *doc = path_join(dir, "autograd_tutorial.py");
	ReviewSession rs;
	review_session_init(&rs);
	Err e;
	err_init(&e);
	if (!review_session_setup(&rs, doc, NULL, t.src, t.sn, t.base, t.bn, t.head, t.hn, &e))
		fail_msg("%s", e.msg);
	check_ok(&rs);
	assert_int_equal(rs.r.head_host.fmt, HOST_PY);
	DocPair p;
	pair_init(&p);
	pair_from_texts(&p, HOST_PY, t.head, t.hn, t.src, t.sn);
	assert_int_equal(p.al.n, rs.r.al.n);
	size_t n = review_session_count(&rs), cells = 0, texts_n = 0;
	assert_true(n > 20);
	for (size_t i = 0; i < n; i++) {
		const ReviewChange *c = review_session_change(&rs, i);
		const Segment *g = &rs.r.al.v[c->seg];
		SidecarKey k = g->src_n ? pair_blocks_key(p.src_lines, p.sb, g->src, g->src_n)
		                        : pair_blocks_key(p.tgt, p.tb, g->tgt, g->tgt_n);
		assert_string_equal(k.hex, rs.keys[i].hex);
		if (g->src_n && g->tgt_n) {
			bool hc = host_block_is_cell(&rs.r.head_host.blocks.v[g->tgt]);
			assert_int_equal(hc, host_block_is_cell(&rs.r.src_host.blocks.v[g->src]));
			cells += hc;
			texts_n += !hc;
		}
	}
	/* the translated docstring and text blocks, and the cells whose
	 * comments were translated */
	assert_true(texts_n > 10 && cells > 0);
	pair_release(&p);
	review_session_release(&rs);
	free(doc);
	free(en_name);
	free(ko_name);
	texts_free(&t);
	free(dir);
}

#define SHA_B "1111111111111111111111111111111111111111"
#define SHA_H "2222222222222222222222222222222222222222"
#define SHA_X "3333333333333333333333333333333333333333"

static void set_range(ReviewSession *rs, const char *base, const char *head, long pr)
{
	memcpy(rs->base_id, base, 41);
	memcpy(rs->head_id, head, 41);
	rs->pr = pr;
}

/* Entries belong to the range they were made in: stored with it, shown
 * and exported only there; an entry made on another text of its segment
 * is outdated; entries can be edited, resolved, answered and deleted. */
static void test_ranges_and_threads(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	Texts t = texts(mesh02, mesh03, mesh04);
	ReviewSession rs;
	open_in(&rs, dir, &t);
	set_range(&rs, SHA_B, SHA_H, 0);
	Err e;
	err_init(&e);
	assert_true(review_session_comment(&rs, "첫 의견", &e));
	const SidecarComment *c = &rs.sc.comments.v[0];
	assert_string_equal(c->base, SHA_B);
	assert_string_equal(c->head, SHA_H);
	assert_string_equal(c->target.hex, rs.texts[rs.cur].hex);
	assert_true(review_session_set_verdict(&rs, REVIEW_APPROVE, &e));
	size_t idx[8];
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 1);
	/* another PR's review (another head, not an ancestor): nothing of it */
	set_range(&rs, SHA_B, SHA_X, 0);
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 0);
	assert_int_equal(review_session_verdict(&rs), REVIEW_VERDICT_NONE);
	ReviewSession *one[] = {&rs};
	Buf md = BUF_INIT;
	review_export_markdown(one, 1, NULL, &md, NULL);
	assert_null(strstr(md.p, "첫 의견"));
	buf_release(&md);
	/* numbered: only with its --pr */
	set_range(&rs, SHA_B, SHA_H, 7);
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 0);
	assert_true(review_session_comment(&rs, "7번 PR", &e));
	assert_int_equal(rs.sc.comments.v[rs.sc.comments.n - 1].pr, 7);
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 1);
	/* a later commit of the same branch: the entry is in, and outdated
	 * when its segment's text changed since */
	set_range(&rs, SHA_B, SHA_H, 0);
	rs.heads_in = xcalloc(1, sizeof(char *));
	rs.heads_in[0] = xstrdup(SHA_H);
	rs.n_heads_in = 1;
	memcpy(rs.head_id, SHA_X, 41);
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 1);
	assert_false(review_session_outdated(&rs, &rs.sc.comments.v[idx[0]]));
	rs.texts[rs.cur].hex[0] = rs.texts[rs.cur].hex[0] == 'a' ? 'b' : 'a';
	assert_true(review_session_outdated(&rs, &rs.sc.comments.v[idx[0]]));
	md = (Buf)BUF_INIT;
	review_export_markdown(one, 1, NULL, &md, NULL);
	assert_non_null(strstr(md.p, "(outdated): 첫 의견"));
	buf_release(&md);
	set_range(&rs, SHA_B, SHA_H, 0);

	/* a thread: edit, reply, resolve, delete (with its replies) */
	size_t k = idx[0];
	assert_false(review_session_edit(&rs, k, " ", &e));
	assert_true(review_session_edit(&rs, k, "고친 의견", &e));
	assert_string_equal(rs.sc.comments.v[k].text, "고친 의견");
	assert_true(review_session_reply(&rs, k, "답글", &e));
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 2);
	const SidecarComment *r = &rs.sc.comments.v[idx[1]];
	assert_string_equal(r->kind, "reply");
	assert_int_equal(r->reply_to, rs.sc.comments.v[idx[0]].id);
	assert_true(rs.sc.comments.v[idx[0]].id > 0);
	assert_true(review_session_resolve(&rs, idx[0], &e));
	assert_string_equal(rs.sc.comments.v[idx[0]].state, "resolved");
	check_ok(&rs);
	/* all of it saved: a new session reads it back */
	review_session_release(&rs);
	open_in(&rs, dir, &t);
	set_range(&rs, SHA_B, SHA_H, 0);
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 2);
	assert_string_equal(rs.sc.comments.v[idx[0]].state, "resolved");
	assert_int_equal(review_session_verdict(&rs), REVIEW_APPROVE);
	size_t before = rs.sc.comments.n;
	assert_true(review_session_delete(&rs, idx[0], &e));
	assert_int_equal(rs.sc.comments.n, before - 2);
	assert_int_equal(review_session_entries(&rs, rs.cur, idx, 8), 0);
	check_ok(&rs);
	review_session_release(&rs);
	texts_free(&t);
	free(dir);
}

/* Next / previous change with a finding. */
/* A review is the reviewer's (issue 37 item 10): what yeok review makes is
 * stamped; an export takes as the reviewer's only what they made here. */
static void test_whose(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	Texts t = texts(mesh02, mesh02, mesh03);
	ReviewSession rs;
	open_in(&rs, dir, &t);
	set_range(&rs, SHA_B, SHA_H, 0);
	rs.head_worktree = false;
	Err e;
	err_init(&e);
	rs.cur = 1;
	assert_true(review_session_comment(&rs, "@alice 봐 주세요 (@org/team), t@example.com `@code`\n"
	                                        "::\n  ::error::x\n\xe3\x80\x80::warning::y", &e));
	assert_true(review_session_mark(&rs, REVIEW_MARK_APPROVED, &e));
	assert_true(review_session_set_verdict(&rs, REVIEW_APPROVE, &e));
	for (size_t i = 0; i < rs.sc.comments.n; i++)
		assert_true(review_entry_mine(&rs, &rs.sc.comments.v[i]));
	ReviewSession *one[] = {&rs};
	Buf js = BUF_INIT, notes = BUF_INIT;
	assert_true(review_export_github(one, 1, NULL, &js, &notes, &e));
	assert_non_null(strstr(js.p, "\"event\": \"APPROVE\""));
	assert_non_null(strstr(js.p, "1 approved"));
	/* neutral: mentions, not an address nor code; command lines, not "::" */
	assert_non_null(strstr(js.p, "\"body\": \"@\\u200balice 봐 주세요 (@\\u200borg/team), "
	                             "t@example.com `@code`\\n::\\n\\u200b  ::error::x\\n"
	                             "\\u200b\xe3\x80\x80::warning::y\""));
	assert_null(notes.p);
	buf_release(&js);

	/* the same sidecar read by another reviewer (or on another machine) */
	char mine[sizeof(rs.here)];
	memcpy(mine, rs.here, sizeof(mine));
	snprintf(rs.here, sizeof(rs.here), "host other machine - uid 4242");
	for (size_t i = 0; i < rs.sc.comments.n; i++)
		assert_false(review_entry_mine(&rs, &rs.sc.comments.v[i]));
	assert_true(review_export_github(one, 1, NULL, &js, &notes, &e));
	assert_non_null(strstr(js.p, "\"event\": \"COMMENT\""));
	assert_non_null(strstr(js.p, "\"comments\": []"));
	assert_non_null(strstr(js.p, "0 approved"));
	assert_non_null(strstr(notes.p, "distributed_device_mesh.rst: 1 entry and 1 mark not made by "
	                                "you on this machine"));
	assert_non_null(strstr(notes.p, "the verdict (approve) was not given by you"));
	buf_release(&js);
	buf_release(&notes);
	ReviewExportOpts others = {.others = true};
	assert_true(review_export_github(one, 1, &others, &js, &notes, &e));
	assert_non_null(strstr(js.p, "\"event\": \"APPROVE\""));
	assert_non_null(strstr(js.p, "y\\n\\n" REVIEW_OTHERS_MARK "\""));
	assert_non_null(strstr(js.p, "The verdict (approve) was not given by this reviewer"));
	buf_release(&js);
	buf_release(&notes);
	Buf md = BUF_INIT;
	review_export_markdown(one, 1, NULL, &md, NULL);
	assert_non_null(strstr(md.p, "Verdict: approve " REVIEW_OTHERS_MARK "."));
	assert_non_null(strstr(md.p, "`@alice` 봐 주세요 (`@org/team`), t@example.com `@code`\n"
	                             "::\n  \\:\\:error::x\n\xe3\x80\x80\\:\\:warning::y\n"
	                             REVIEW_OTHERS_MARK "\n"));
	buf_release(&md);
	memcpy(rs.here, mine, sizeof(mine));

	/* a stamp does not hold for other text; an edit here makes it theirs */
	size_t k = 0;
	while (rs.sc.comments.v[k].kind)
		k++;
	SidecarComment *c = &rs.sc.comments.v[k];
	free(c->text);
	c->text = xstrdup("바꾼 글");
	assert_false(review_entry_mine(&rs, c));
	assert_true(review_session_edit(&rs, k, "고친 글", &e));
	assert_true(review_entry_mine(&rs, &rs.sc.comments.v[k]));
	/* resolving keeps it theirs */
	assert_true(review_session_resolve(&rs, k, &e));
	assert_true(review_entry_mine(&rs, &rs.sc.comments.v[k]));

	/* the stamps are unknown keys to a yeok that does not know them: read
	 * and written back byte for byte, and still this reviewer's */
	size_t n;
	char *yaml = tu_read(rs.sc_path, &n);
	assert_non_null(strstr(yaml, "\n  by: "));
	Sidecar sc;
	sidecar_init(&sc);
	assert_true(sidecar_parse(yaml, n, "s", &sc, &e));
	Buf again = BUF_INIT;
	sidecar_emit(&sc, &again);
	assert_int_equal(again.len, n);
	assert_memory_equal(again.p, yaml, n);
	buf_release(&again);
	sidecar_release(&sc);
	free(yaml);
	review_session_release(&rs);
	open_in(&rs, dir, &t);
	set_range(&rs, SHA_B, SHA_H, 0);
	bool own = false;
	assert_int_equal(review_session_verdict_by(&rs, &own), REVIEW_APPROVE);
	assert_true(own);
	review_session_release(&rs);
	texts_free(&t);
	free(dir);
}

static void test_move_finding(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	Texts t = texts(mesh02, mesh02, mesh03);
	ReviewSession rs;
	open_in(&rs, dir, &t);
	size_t with = 0, first = SIZE_MAX;
	for (size_t i = 0; i < review_session_count(&rs); i++)
		if (rs.findings[i].n) {
			with++;
			first = MIN(first, i);
		}
	print_message("# %zu of %zu changes have findings\n", with, review_session_count(&rs));
	assert_true(with > 0);
	rs.cur = 0;
	if (first > 0) {
		assert_true(review_session_move_finding(&rs, 1));
		assert_int_equal(rs.cur, first);
	}
	size_t seen = 1;
	while (review_session_move_finding(&rs, 1)) {
		assert_true(rs.findings[rs.cur].n > 0);
		seen++;
	}
	assert_int_equal(seen, with);
	size_t last = rs.cur;
	assert_false(review_session_move_finding(&rs, 1));
	assert_int_equal(rs.cur, last);
	review_session_release(&rs);
	texts_free(&t);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_changes_and_english_base),
		cmocka_unit_test(test_round_trip_and_resume),
		cmocka_unit_test(test_finding_to_comment),
		cmocka_unit_test(test_corrupt_sidecar),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_ranges_and_threads),
		cmocka_unit_test(test_move_finding),
		cmocka_unit_test(test_py_review),
		cmocka_unit_test(test_whose),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
