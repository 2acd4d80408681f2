/* comments: GitHub's review comments read, threaded, and placed on a
 * document that changed since they were made. */
#include "testutil.h"

#include "yeok/comments.h"

#define C1 "1111111111111111111111111111111111111111"
#define C2 "2222222222222222222222222222222222222222"

/* The file at C1 (the version the comments were made on). */
static const char v1[] = "Title\n=====\n\nFirst line.\nSecond line.\n\nOther para.\n";
/* The document now: a paragraph inserted, "Second line." edited. */
static const char now[] = "Title\n=====\n\nNew para.\n\nFirst line.\nSecond line, fixed.\n\nOther para.\n";

static bool reader(void *ctx, const char *commit, Buf *out)
{
	(void)ctx;
	if (strcmp(commit, C1) != 0)
		return false;
	buf_adds(out, v1);
	return true;
}

static const char json[] =
	"[\n"
	"{\"id\": 10, \"path\": \"a.rst\", \"line\": null, \"original_line\": 4, \"side\": \"RIGHT\",\n"
	" \"commit_id\": \"" C2 "\", \"original_commit_id\": \"" C1 "\", \"body\": \"on first\",\n"
	" \"user\": {\"login\": \"kim\"}, \"html_url\": \"https://github.com/o/r/pull/1#r10\"},\n"
	"{\"id\": 11, \"path\": \"a.rst\", \"in_reply_to_id\": 10, \"body\": \"done\", \"user\": {\"login\": \"lee\"}},\n"
	"{\"id\": 12, \"path\": \"a.rst\", \"in_reply_to_id\": 99, \"body\": \"orphan\"},\n"
	"{\"id\": 13, \"path\": \"a.rst\", \"original_line\": 5, \"original_commit_id\": \"" C1 "\", \"body\": \"on second\"},\n"
	"{\"id\": 14, \"path\": \"b.rst\", \"line\": 1, \"body\": \"other file\"},\n"
	"{\"id\": 15, \"path\": \"a.rst\", \"original_line\": 400, \"original_commit_id\": \"" C1 "\", \"body\": \"outside\"},\n"
	"{\"id\": 16, \"path\": \"a.rst\", \"line\": 2, \"commit_id\": \"" C2 "\", \"body\": \"unknown commit\"},\n"
	"{\"path\": \"a.rst\", \"body\": \"no id\"},\n"
	"\"a string\",\n"
	"{\"id\": 17, \"path\": \"a.rst\", \"line\": -3, \"body\": \"bad line\"}\n"
	"]\n";

static void test_threads_and_places(void **state)
{
	(void)state;
	GhComments gc;
	comments_init(&gc);
	Err e;
	err_init(&e);
	assert_true(comments_parse(&gc, json, strlen(json), "c.json", &e));
	assert_true(comments_check(&gc, &e));
	/* 10, 11, 13, 14, 15, 16 kept; 12 (no thread), no id, a string, bad line skipped */
	assert_int_equal(gc.v.n, 6);
	assert_int_equal(gc.threads.n, 5);
	assert_int_equal(gc.threads.v[0].n_replies, 1);
	assert_string_equal(gc.v.v[gc.threads.v[0].replies[0]].user, "lee");
	const char *n = gc.notes.p;
	assert_non_null(strstr(n, "c.json:6: comment 12 answers comment 99, which is not in the file"));
	assert_non_null(strstr(n, "comment 8: no integer 'id'"));
	assert_non_null(strstr(n, "comment 9: not an object"));
	assert_non_null(strstr(n, "comment 10: a line that is not a positive integer"));

	GhPlaces pl = {0};
	comments_place(&gc, "a.rst", HOST_RST, now, strlen(now), "", 0, reader, NULL, &pl);
	assert_true(comments_check(&gc, &e));
	/* 10 (line 4 then, unchanged, now line 6), 13 (line 5 then, edited:
	 * where that text is, line 7), 16 (its commit unknown: line 2 as given) */
	assert_int_equal(pl.n, 3);
	assert_int_equal(gc.v.v[gc.threads.v[pl.v[0].thread].first].id, 16);
	assert_int_equal(pl.v[0].line, 1);
	assert_non_null(strstr(pl.v[0].how, "not in this repository"));
	assert_int_equal(gc.v.v[gc.threads.v[pl.v[1].thread].first].id, 10);
	assert_int_equal(pl.v[1].line, 5);
	assert_true(pl.v[1].moved);
	assert_int_equal(gc.v.v[gc.threads.v[pl.v[2].thread].first].id, 13);
	assert_int_equal(pl.v[2].line, 6);
	assert_true(pl.v[2].moved);
	n = gc.notes.p;
	assert_non_null(strstr(n, "comment 14 is on b.rst, not on a.rst (skipped)"));
	assert_non_null(strstr(n, "comment 15: line 400 is outside a.rst (skipped)"));
	VEC_FREE(&pl);
	comments_release(&gc);
}

static bool text_reader(void *ctx, const char *commit, Buf *out)
{
	(void)commit;
	buf_adds(out, ctx);
	return true;
}

/* A changed line is placed on the segment it was made on, through the
 * English, when the line diff alone would put it elsewhere. */
static void test_by_segment(void **state)
{
	(void)state;
	const char *en = "Title\n=====\n\nAlpha text here.\n\nBeta text here.\n\nGamma text.\n";
	const char *old = "제목\n====\n\n알파 문장.\n\n베타 문장.\n\n감마 문장.\n";
	/* now: beta and alpha both rewritten, beta over three lines */
	const char *cur = "제목\n====\n\n알파 문장을 고쳤습니다.\n\n베타\n문장을\n고침.\n\n감마 문장.\n";
	char j[512];
	snprintf(j, sizeof(j), "[{\"id\": 1, \"path\": \"d.rst\", \"original_line\": 6, "
	                       "\"original_commit_id\": \"%s\", \"body\": \"beta\"}]", C1);
	GhComments gc;
	comments_init(&gc);
	Err e;
	err_init(&e);
	assert_true(comments_parse(&gc, j, strlen(j), "c.json", &e));
	GhPlaces pl = {0};
	comments_place(&gc, "d.rst", HOST_RST, cur, strlen(cur), en, strlen(en), text_reader,
	               (void *)old, &pl);
	assert_int_equal(pl.n, 1);
	assert_int_equal(pl.v[0].line, 5); /* 베타, line 6 */
	assert_non_null(strstr(pl.v[0].how, "on the segment it was made on"));
	VEC_FREE(&pl);
	comments_release(&gc);

	/* not GitHub's at all */
	const char *obj = "{\"message\": \"Not Found\"}";
	assert_false(comments_parse(&gc, obj, strlen(obj), "c.json", &e));
	assert_non_null(strstr(e.msg, "c.json:1: not GitHub's review comments: an object"));
	assert_non_null(strstr(e.msg, "Not Found"));
	comments_release(&gc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_and_places),
		cmocka_unit_test(test_by_segment),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
