/* session: the pick lists and prompts commands ask the UI to show
 * (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

void session_pick_open(Session *s, const char *title, const char *then)
{
	session_pick_close(s);
	s->dlg.pick.on = true;
	snprintf(s->dlg.pick.title, sizeof(s->dlg.pick.title), "%s", title);
	s->dlg.pick.then = then;
	s->dlg.pick.alt_of = s->dlg.pick.alt_then = NULL;
	s->dlg.pick.sel = 0;
}

void session_pick_add(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	Buf b = BUF_INIT;
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	char *t = buf_detach(&b);
	VEC_PUSH(&s->dlg.pick.items, t);
}

void session_pick_detail(Session *s, const char *text)
{
	BUG_ON(!s->dlg.pick.items.n);
	while (s->dlg.pick.details.n < s->dlg.pick.items.n)
		VEC_PUSH(&s->dlg.pick.details, NULL);
	char **d = &s->dlg.pick.details.v[s->dlg.pick.items.n - 1];
	free(*d);
	*d = text ? xstrdup(text) : NULL;
}

void session_pick_mark(Session *s, bool detail, size_t off, size_t len, SpanKind kind)
{
	BUG_ON(!s->dlg.pick.items.n);
	PickMark m = {s->dlg.pick.items.n - 1, detail, off, len, kind};
	VEC_PUSH(&s->dlg.pick.marks, m);
}

void session_pick_close(Session *s)
{
	for (size_t i = 0; i < s->dlg.pick.items.n; i++)
		free(s->dlg.pick.items.v[i]);
	for (size_t i = 0; i < s->dlg.pick.details.n; i++)
		free(s->dlg.pick.details.v[i]);
	VEC_FREE(&s->dlg.pick.details);
	VEC_FREE(&s->dlg.pick.marks);
	VEC_FREE(&s->dlg.pick.items);
	VEC_FREE(&s->dlg.pick.data);
	s->dlg.pick.on = false;
	s->dlg.pick.then = NULL;
}

void session_ask(Session *s, const char *prompt, const char *initial, const char *then)
{
	shell_ask(&s->shell, SHELL_ASK_LINE, prompt, initial, then);
}

void session_question(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->dlg.q.text, sizeof(s->dlg.q.text), fmt, ap);
	va_end(ap);
	s->dlg.q.on = true;
	s->dlg.q.n = 0;
}

void session_question_add(Session *s, const char *key, const char *cmd)
{
	BUG_ON(s->dlg.q.n >= SESSION_ANSWERS);
	snprintf(s->dlg.q.ans[s->dlg.q.n].key, sizeof(s->dlg.q.ans[s->dlg.q.n].key), "%s", key);
	s->dlg.q.ans[s->dlg.q.n].cmd = cmd;
	s->dlg.q.n++;
}

const char *session_question_answer(const Session *s, const char *key)
{
	const char *other = NULL;
	for (size_t i = 0; i < s->dlg.q.n; i++) {
		if (strcmp(s->dlg.q.ans[i].key, key) == 0)
			return s->dlg.q.ans[i].cmd;
		if (strcmp(s->dlg.q.ans[i].key, "*") == 0)
			other = s->dlg.q.ans[i].cmd;
	}
	return other;
}
