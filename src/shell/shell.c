/* shell: what a model asks of the UI (include/yeok/shell.h). */
#include "yeok/shell.h"

#include <stdarg.h>

void shell_release(Shell *sh)
{
	free(sh->ask.initial);
	memset(sh, 0, sizeof(*sh));
}

bool shell_msgv(Shell *sh, bool error, const char *fmt, va_list ap)
{
	vsnprintf(sh->msg.text, sizeof(sh->msg.text), fmt, ap);
	if (sh->note[0]) {
		size_t n = strlen(sh->msg.text);
		snprintf(sh->msg.text + n, sizeof(sh->msg.text) - n, "%s%s", n ? " · " : "", sh->note);
		sh->note[0] = '\0';
	}
	sh->msg.error = error;
	sh->msg.note = false;
	return !error;
}

bool shell_msg(Shell *sh, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool ok = shell_msgv(sh, error, fmt, ap);
	va_end(ap);
	return ok;
}

void shell_msg_clear(Shell *sh)
{
	sh->msg.text[0] = '\0';
	sh->msg.error = false;
	sh->msg.note = false;
}

void shell_ask(Shell *sh, ShellAskKind kind, const char *title, const char *initial,
               const char *then)
{
	free(sh->ask.initial);
	sh->ask.kind = kind;
	snprintf(sh->ask.title, sizeof(sh->ask.title), "%s", title ? title : "");
	sh->ask.initial = initial ? xstrdup(initial) : NULL;
	sh->ask.then = then;
}
