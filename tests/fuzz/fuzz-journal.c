/* Fuzz the crash-recovery journal.  Input 'J' or 'K' + bytes: a hostile
 * journal file ('J': records after this machine's header; 'K': any bytes)
 * read against
 * a fixed document (journal_recover must refuse or replay,
 * never crash or read out of bounds).  Otherwise: a document, a NUL byte,
 * then a script of edits made through the session with the journal on and
 * flushed at random points; after the "crash", replaying the journal onto
 * the document as loaded gives the edited bytes exactly. */
#include <stdlib.h>
#include <unistd.h>

#include "yeok/journal.h"
#include "yeok/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *g_path;

static void cleanup(void)
{
	char *jp = journal_path(g_path);
	unlink(jp);
	free(jp);
	char *dir = path_dirname(g_path);
	rmdir(dir);
	free(dir);
}

static const char *path(void)
{
	if (!g_path) {
		/* tmpfs when there is one: fdatasync is then cheap */
		char shm[] = "/dev/shm/yeok-fuzz-journal-XXXXXX";
		char tmpl[] = "/tmp/yeok-fuzz-journal-XXXXXX";
		char *dir = mkdtemp(shm);
		if (!dir)
			dir = mkdtemp(tmpl);
		if (!dir)
			__builtin_trap();
		g_path = xasprintf("%s/doc.rst", dir);
		atexit(cleanup);
	}
	return g_path;
}

/* A hostile journal: raw bytes ('K'), or records after a genuine header
 * of this machine's ('J': the record parser is reached). */
static void hostile(const uint8_t *data, size_t size, bool with_header)
{
	static const char base[] = "Title\n=====\n\nA paragraph.\r\nNo final newline";
	char *jp = journal_path(path());
	unlink(jp);
	if (with_header) {
		Journal j;
		journal_init(&j, path(), base, sizeof(base) - 1);
		if (journal_open(&j) != JOURNAL_LOCKED || !journal_begin(&j))
			__builtin_trap();
		journal_release(&j);
	}
	FILE *f = fopen(jp, with_header ? "ab" : "wb");
	if (!f)
		__builtin_trap();
	fwrite(data, 1, size, f);
	fclose(f);
	JournalInfo info;
	Buf out = BUF_INIT;
	Err e;
	err_init(&e);
	journal_recover(path(), base, sizeof(base) - 1, &info, &out, &e);
	buf_release(&out);
	unlink(jp);
	free(jp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size && (data[0] == 'J' || data[0] == 'K')) {
		hostile(data + 1, size - 1, data[0] == 'J');
		return 0;
	}
	const char *p = (const char *)data;
	const char *nul = memchr(p, 0, size);
	size_t dn = nul ? (size_t)(nul - p) : size;
	const uint8_t *script = nul ? data + dn + 1 : data + size;
	size_t sn = nul ? size - dn - 1 : 0;
	if (sn > 300)
		sn = 300;
	Session s;
	session_init(&s);
	session_load(&s, path(), p, dn, "fuzz.en.rst", "Title\n=====\n\nText.\n", 19);
	session_resize(&s, 60, 20);
	doc_journal_start(&s.doc);
	Doc *d = &s.doc;
	for (size_t i = 0; i < sn; i++) {
		uint8_t b = script[i];
		size_t line = i + 1 < sn ? script[i + 1] % d->tgt.n : 0;
		switch (b & 7) {
		case 0: /* type */
			s.caret.cur = (Pos){line, 0};
			session_insert(&s, "가", 3);
			i++;
			break;
		case 1:
			s.caret.cur = (Pos){line, lines_line(&d->tgt, line)->n};
			session_newline(&s);
			i++;
			break;
		case 2:
			s.caret.cur = (Pos){line, 0};
			session_backspace(&s);
			i++;
			break;
		case 3:
			doc_undo(d, NULL);
			break;
		case 4:
			doc_redo(d, NULL);
			break;
		case 5:
			journal_flush(d->journal);
			break;
		case 6: { /* paste a few script bytes */
			size_t k = MIN((size_t)(b >> 3), sn - i - 1);
			s.caret.cur = (Pos){0, 0};
			session_paste(&s, (const char *)script + i + 1, k);
			i += k;
			break;
		}
		default:
			if (line + 1 < d->tgt.n)
				doc_replace(d, (Pos){line, 0}, (Pos){line + 1, 0}, "", 0, CH_OTHER);
			i++;
			break;
		}
		s.caret.cur = (Pos){0, 0};
		s.view.dirty = true;
	}
	journal_flush(d->journal);
	Buf want = BUF_INIT;
	lines_serialize(&d->tgt, &want);
	JournalInfo info;
	Buf got = BUF_INIT;
	Err e;
	err_init(&e);
	if (!journal_recover(path(), p, dn, &info, &got, &e))
		__builtin_trap();
	if (info.exists && (got.len != want.len || (got.len && memcmp(got.p, want.p, got.len))))
		__builtin_trap();
	if (!info.exists && (want.len != dn || (dn && memcmp(want.p, p, dn))))
		__builtin_trap();
	buf_release(&want);
	buf_release(&got);
	doc_journal_end(d, true);
	session_release(&s);
	return 0;
}
