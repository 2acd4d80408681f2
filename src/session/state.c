/* session: changes of the document's state that are not text (checklist,
 * translator, allowed words): unsaved and journalled (include/yeok/session.h). */
#include "session-private.h"

void session_state_changed(Session *s, const char *what, const char *value)
{
	s->side.dirty = true;
	Journal *j = s->doc.journal;
	if (!j)
		return;
	Buf b = BUF_INIT;
	buf_adds(&b, what);
	buf_addc(&b, ' ');
	for (const char *p = value ? value : ""; *p; p++)
		buf_addc(&b, *p == '\n' || *p == '\r' ? ' ' : *p);
	journal_state(j, b.p, b.len);
	buf_release(&b);
}
