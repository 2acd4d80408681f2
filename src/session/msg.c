/* session: messages for the status line (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

void session_msg(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
	s->msg_error = false;
	s->msg_note = false;
}

bool session_error(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->msg, sizeof(s->msg), fmt, ap);
	va_end(ap);
	s->msg_error = true;
	s->msg_note = false;
	return false;
}

void session_clear_msg(Session *s)
{
	s->msg[0] = '\0';
	s->msg_error = false;
	s->msg_note = false;
}
