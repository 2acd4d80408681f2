/* session: messages for the status line (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

void session_msg(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->message.text, sizeof(s->message.text), fmt, ap);
	va_end(ap);
	s->message.error = false;
	s->message.note = false;
}

bool session_error(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->message.text, sizeof(s->message.text), fmt, ap);
	va_end(ap);
	s->message.error = true;
	s->message.note = false;
	return false;
}

void session_clear_msg(Session *s)
{
	s->message.text[0] = '\0';
	s->message.error = false;
	s->message.note = false;
}
