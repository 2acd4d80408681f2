/* Err: recoverable errors carry a message and an exit code. */
#include "yeok/util.h"

#include <errno.h>

void err_init(Err *e)
{
	e->code = 0;
	e->msg[0] = '\0';
}

bool err_set(Err *e, int code, const char *fmt, ...)
{
	if (!e)
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	e->code = code;
	return false;
}

const char *err_errno_text(int err)
{
	if (err == EFBIG)
		return "File too large (past the file size limit, ulimit -f)";
	return strerror(err);
}

void err_prefix(Err *e, const char *fmt, ...)
{
	if (!e)
		return;
	va_list ap;
	va_start(ap, fmt);
	char *prefix = xvasprintf(fmt, ap);
	va_end(ap);
	char *full = xasprintf("%s: %s", prefix, e->msg);
	size_t n = strlen(full);
	if (n >= sizeof(e->msg))
		n = sizeof(e->msg) - 1; /* messages are cut, never overflow */
	memcpy(e->msg, full, n);
	e->msg[n] = '\0';
	free(full);
	free(prefix);
}
