/* session remarks: a pull request's review comments in the editor, headless
 * — placed, kept on their lines through edits and undo, stepped through,
 * resolved and answered in the sidecar; the document never changes. */
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/review.h"
#include "yeok/session.h"

static const char en[] = "Title\n=====\n\nFirst paragraph.\n\nSecond paragraph here.\n\n"
                         "Third one.\n";
static const char ko[] = "제목\n====\n\n첫 문단.\n\n둘째 문단입니다.\n\n셋째.\n";

static Session *open_with(const char *dir, const char *json)
{
	char *doc = tu_write(dir, "d.rst", ko, strlen(ko));
	char *src = tu_write(dir, "d.en.rst", en, strlen(en));
	char *js = tu_write(dir, "c.json", json, strlen(json));
	Session *s = xcalloc(1, sizeof(*s));
	session_init(s);
	session_load(s, doc, ko, strlen(ko), src, en, strlen(en));
	Err e;
	err_init(&e);
	if (!session_remarks_load(s, js, &e))
		fail_msg("%s", e.msg);
	free(doc);
	free(src);
	free(js);
	return s;
}

static void close_session(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fail_msg("%s", e.msg);
	session_release(s);
	free(s);
}

/* not in git: a comment is placed by its line (said so) */
static const char json[] =
	"[{\"id\": 7, \"path\": \"d.rst\", \"line\": 6, \"side\": \"RIGHT\", \"body\": \"둘째 확인\","
	" \"user\": {\"login\": \"kim\"}},"
	" {\"id\": 8, \"path\": \"d.rst\", \"in_reply_to_id\": 7, \"body\": \"네\"},"
	" {\"id\": 9, \"path\": \"d.rst\", \"line\": 40, \"body\": \"밖\"}]";

static void test_placed_and_followed(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	Session *s = open_with(dir, json);
	assert_int_equal(s->rem.v.n, 1);
	assert_int_equal(s->rem.v.v[0].line, 5);
	assert_non_null(strstr(s->rem.v.v[0].how, "placed at line 6"));
	assert_non_null(strstr(s->rem.gc.notes.p, "comment 9: line 40 is outside d.rst"));
	assert_int_equal(session_remark_on_line(s, 5), 0);
	assert_int_equal(session_remark_on_line(s, 3), -1);
	/* two lines typed above it: the thread moves with its paragraph */
	session_goto_line(s, 4);
	assert_true(session_insert(s, "\n새 줄\n", strlen("\n새 줄\n")));
	session_prepare_frame(s);
	assert_int_equal(s->rem.v.v[0].line, 7);
	assert_int_equal(session_remark_on_line(s, 7), 0);
	/* undone: back where it was */
	assert_true(command_run(s, "undo", NULL));
	session_prepare_frame(s);
	assert_int_equal(s->rem.v.v[0].line, 5);
	/* stepping: F8 goes to it and says what it is */
	session_goto_line(s, 1);
	assert_true(session_remark_step(s, 1));
	assert_int_equal(s->caret.cur.line, 5);
	assert_non_null(strstr(s->shell.msg.text, "comment 1/1 · kim: 둘째 확인 (1 reply)"));
	assert_true(session_remark_view(s));
	assert_non_null(strstr(s->dlg.view_text, "kim:\n    둘째 확인"));
	assert_non_null(strstr(s->dlg.view_text, "    네"));
	/* resolved and answered: sidecar entries, the document unchanged */
	assert_true(session_remark_resolve(s));
	assert_true(session_remark_resolved(s, 0));
	assert_false(session_remark_reply(s, "  "));
	assert_true(session_remark_reply(s, "고쳤습니다"));
	const Sidecar *sc = &s->side.sc;
	assert_int_equal(sc->comments.n, 2);
	assert_string_equal(sc->comments.v[0].kind, "github");
	assert_true(sc->comments.v[0].github == 7);
	assert_string_equal(sc->comments.v[1].kind, "reply");
	assert_string_equal(sc->comments.v[1].text, "고쳤습니다");
	Buf t = BUF_INIT;
	lines_serialize(&s->doc.tgt, &t);
	assert_int_equal(t.len, strlen(ko));
	assert_memory_equal(t.p, ko, t.len);
	buf_release(&t);
	Buf r = BUF_INIT;
	assert_int_equal(review_export_replies(sc, &r), 1);
	assert_non_null(strstr(r.p, "{\"in_reply_to\": 7, \"body\": \"고쳤습니다\"}"));
	buf_release(&r);
	assert_true(session_remark_resolve(s));
	assert_false(session_remark_resolved(s, 0));
	close_session(s);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_placed_and_followed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
