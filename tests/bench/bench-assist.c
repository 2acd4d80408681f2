/* The editor headless on a pair: time to the first frame (open, glossary,
 * checks and spelling started, one screen laid out with its status line
 * and the misspelled words of the lines on screen) with the Korean
 * dictionary, without it, and without spelling; then the cost of a
 * keystroke with the checks on (insert, re-check the edited segment, lay
 * out the screen again).  Prints rows for tests/bench/run.sh; asserts
 * nothing.  Usage: bench-assist EN.rst KO.rst */
#include "yeok/command.h"
#include "yeok/session.h"
#include "yeok/text.h"

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

/* What a frame computes besides drawing. */
static void frame(Session *s)
{
	session_sync(s);
	Layout l;
	session_layout(s, &l);
	ViewRow rows[64];
	size_t n = session_view(s, rows, (size_t)MIN(l.body_h, 64));
	SpellMisses m = {0};
	for (size_t i = 0; i < n; i++)
		if (rows[i].side[PANE_TARGET].has && rows[i].side[PANE_TARGET].first)
			session_spell_line(s, rows[i].side[PANE_TARGET].line, &m);
	VEC_FREE(&m);
	Buf a = BUF_INIT, b = BUF_INIT, c = BUF_INIT, d = BUF_INIT;
	session_header(s, &a, &b);
	session_status_spans(s, &c, NULL, &d, NULL);
	buf_release(&a);
	buf_release(&b);
	buf_release(&c);
	buf_release(&d);
}

enum { SPELL_KO, SPELL_NO_KO, SPELL_OFF };

static void first_frame(const char *en, const char *ko, int mode, const char *label)
{
	uint64_t t0 = now_ns();
	Session s;
	session_init(&s);
	SourceOpts so = {en, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	if (!session_open(&s, ko, &so, &e)) {
		fprintf(stderr, "bench-assist: %s\n", e.msg);
		exit(1);
	}
	session_glossary_load(&s, "glossary/ko.yaml", NULL, 0, &e);
	session_checks_on(&s, false);
	if (mode != SPELL_OFF) {
		SpellOptions o = {.korean = mode == SPELL_NO_KO ? "" : NULL, .personal_words = ""};
		session_spell_start(&s, &o);
	}
	session_resize(&s, 120, 40);
	frame(&s);
	uint64_t t1 = now_ns();
	printf("%-28s %10.1f\n", label, ms(t1 - t0));
	session_release(&s);
}

/* Typing in the middle of the document, a frame after each key. */
static void keys(const char *en, const char *ko, bool checks)
{
	Session s;
	session_init(&s);
	SourceOpts so = {en, NULL, NULL, false, true, false};
	Err e;
	err_init(&e);
	if (!session_open(&s, ko, &so, &e))
		exit(1);
	session_glossary_load(&s, "glossary/ko.yaml", NULL, 0, &e);
	if (checks)
		session_checks_on(&s, true);
	s.chk.off = !checks; /* as --no-checks */
	SpellOptions o = {.personal_words = ""};
	session_spell_start(&s, &o);
	spell_wait(s.spell.sp);
	session_resize(&s, 120, 40);
	session_goto_line(&s, (long)s.doc.tgt.n / 2);
	/* a prose line */
	while (s.caret.cur.line + 1 < s.doc.tgt.n && lines_get(&s.doc.tgt, s.caret.cur.line).n < 20)
		s.caret.cur.line++;
	s.caret.cur.col = 0;
	frame(&s);
	const char *text = "한국어로 번역한 문장입니다 ";
	uint64_t total = 0, worst = 0;
	size_t nkeys = 0;
	for (int round = 0; round < 8; round++) {
		for (const char *p = text; *p;) {
			int32_t cp;
			size_t k = text_decode(p, strlen(p), &cp);
			uint64_t t0 = now_ns();
			session_clear_msg(&s);
			session_insert(&s, p, k);
			frame(&s);
			uint64_t dt = now_ns() - t0;
			total += dt;
			worst = MAX(worst, dt);
			nkeys++;
			p += k;
		}
	}
	printf("key, checks %-3s (mean ms)    %10.3f\n", checks ? "on" : "off", ms(total) / (double)nkeys);
	printf("key, checks %-3s (max ms)     %10.3f\n", checks ? "on" : "off", ms(worst));
	if (checks)
		printf("%-28s %10zu\n", "findings (errors+warnings)", s.chk.n);
	session_release(&s);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: bench-assist EN.rst KO.rst\n");
		return 64;
	}
	first_frame(argv[1], argv[2], SPELL_KO, "first frame (ko dictionary)");
	first_frame(argv[1], argv[2], SPELL_NO_KO, "first frame (no ko dict)");
	first_frame(argv[1], argv[2], SPELL_OFF, "first frame (--no-spell)");

	keys(argv[1], argv[2], true);
	keys(argv[1], argv[2], false);
	return 0;
}
