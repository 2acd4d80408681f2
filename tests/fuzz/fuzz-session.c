/* Fuzz the headless editor: the input is a document, a NUL byte, then a
 * script of keys (commands from the table, typed bytes, pastes, resizes,
 * undo/redo runs).  After every step the session's invariants hold, and
 * undoing everything gives the original bytes back. */
#include "yeok/command.h"
#include "yeok/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char SRC[] = "Title\n=====\n\nA paragraph of English text.\n\n"
                          ".. code-block:: python\n\n   x = 1\n\n- item one\n- item two\n";

static void check(Session *s)
{
	Err e;
	err_init(&e);
	if (!session_check(s, &e)) {
		fprintf(stderr, "%s\n", e.msg);
		__builtin_trap();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	const char *nul = memchr(p, 0, size);
	size_t dn = nul ? (size_t)(nul - p) : size;
	const uint8_t *script = nul ? data + dn + 1 : data + size;
	size_t sn = nul ? size - dn - 1 : 0;
	if (sn > 400)
		sn = 400;
	Session s;
	session_init(&s);
	session_load(&s, "fuzz.rst", p, dn, "fuzz.en.rst", SRC, sizeof(SRC) - 1);
	session_resize(&s, 60, 20);
	check(&s);
	size_t ncmd;
	const Command *t = command_table(&ncmd);
	ViewRow rows[64];
	for (size_t i = 0; i < sn; i++) {
		uint8_t b = script[i];
		if (b < 0x20) {
			const Command *c = &t[b % ncmd];
			/* nothing that writes files (into the working folder) or quits */
			if ((c->flags & CMD_SAVES) || !strcmp(c->id, "quit") || !strcmp(c->id, "force-quit"))
				continue;
			const char *arg = NULL;
			char num[8];
			if (c->prompt) {
				if (!strcmp(c->id, "goto-line")) {
					snprintf(num, sizeof(num), "%u", i + 1 < sn ? script[++i] : 1u);
					arg = num;
				} else {
					arg = "a";
				}
			}
			command_run(&s, c->id, arg);
			s.shell.help = false;
			s.dlg.q.on = false;
		} else if (b == 0x7f && i + 2 < sn) {
			session_resize(&s, 1 + script[i + 1] % 120, 1 + script[i + 2] % 40);
			i += 2;
		} else if (b == 0xfe && i + 1 < sn) {
			size_t k = MIN((size_t)script[i + 1] % 16, sn - i - 2);
			session_paste(&s, (const char *)script + i + 2, k);
			i += 1 + k;
		} else if (b == 0xfd) {
			s.caret.focus = s.caret.focus == PANE_TARGET ? PANE_SOURCE : PANE_TARGET;
		} else {
			session_insert(&s, (const char *)&script[i], 1);
		}
		check(&s);
		Layout l;
		session_layout(&s, &l);
		session_view(&s, rows, (size_t)MIN(l.body_h, 64));
		int y, x;
		session_cursor_screen(&s, &y, &x);
	}
	while (doc_undo(&s.doc, NULL))
		;
	Buf out = BUF_INIT;
	lines_serialize(&s.doc.tgt, &out);
	if (out.len != dn || (dn && memcmp(out.p, p, dn) != 0))
		__builtin_trap();
	buf_release(&out);
	s.view.dirty = true;
	s.caret.cur = (Pos){0, 0};
	s.caret.scur = (Pos){0, 0};
	s.view.top = 0;
	s.view.top_row = 0;
	check(&s);
	session_release(&s);
	return 0;
}
