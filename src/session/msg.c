/* session: messages for the status line (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

void session_msg(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	shell_msgv(&s->shell, false, fmt, ap);
	va_end(ap);
}

bool session_error(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool ok = shell_msgv(&s->shell, true, fmt, ap);
	va_end(ap);
	return ok;
}

void session_clear_msg(Session *s)
{
	shell_msg_clear(&s->shell);
}
