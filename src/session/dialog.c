/* session: the pick lists and prompts commands ask the UI to show
 * (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

void session_pick_open(Session *s, const char *title, const char *then)
{
	session_pick_close(s);
	s->pick.on = true;
	snprintf(s->pick.title, sizeof(s->pick.title), "%s", title);
	s->pick.then = then;
	s->pick.sel = 0;
}

void session_pick_add(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	Buf b = BUF_INIT;
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	char *t = buf_detach(&b);
	VEC_PUSH(&s->pick.items, t);
}

void session_pick_detail(Session *s, const char *text)
{
	BUG_ON(!s->pick.items.n);
	while (s->pick.details.n < s->pick.items.n)
		VEC_PUSH(&s->pick.details, NULL);
	char **d = &s->pick.details.v[s->pick.items.n - 1];
	free(*d);
	*d = text ? xstrdup(text) : NULL;
}

void session_pick_mark(Session *s, bool detail, size_t off, size_t len, SpanKind kind)
{
	BUG_ON(!s->pick.items.n);
	PickMark m = {s->pick.items.n - 1, detail, off, len, kind};
	VEC_PUSH(&s->pick.marks, m);
}

void session_pick_close(Session *s)
{
	for (size_t i = 0; i < s->pick.items.n; i++)
		free(s->pick.items.v[i]);
	for (size_t i = 0; i < s->pick.details.n; i++)
		free(s->pick.details.v[i]);
	VEC_FREE(&s->pick.details);
	VEC_FREE(&s->pick.marks);
	VEC_FREE(&s->pick.items);
	VEC_FREE(&s->pick.data);
	s->pick.on = false;
	s->pick.then = NULL;
}

void session_ask(Session *s, const char *prompt, const char *initial, const char *then)
{
	free(s->ask.initial);
	s->ask.on = true;
	snprintf(s->ask.prompt, sizeof(s->ask.prompt), "%s", prompt);
	s->ask.initial = initial ? xstrdup(initial) : NULL;
	s->ask.then = then;
}

void session_question(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->q.text, sizeof(s->q.text), fmt, ap);
	va_end(ap);
	s->q.on = true;
	s->q.n = 0;
}

void session_question_add(Session *s, const char *key, const char *cmd)
{
	BUG_ON(s->q.n >= SESSION_ANSWERS);
	snprintf(s->q.ans[s->q.n].key, sizeof(s->q.ans[s->q.n].key), "%s", key);
	s->q.ans[s->q.n].cmd = cmd;
	s->q.n++;
}

const char *session_question_answer(const Session *s, const char *key)
{
	for (size_t i = 0; i < s->q.n; i++)
		if (strcmp(s->q.ans[i].key, key) == 0)
			return s->q.ans[i].cmd;
	return NULL;
}
