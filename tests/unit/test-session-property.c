/* Issue 36: the host format survives every edit.  Random sequences of the
 * editor's commands (typing, pastes, deletes, Alt-x, selections typed
 * over, cut and paste, undo and redo, motions) on the real tutorials of
 * the corpus, through the session as the UI drives it, and after every
 * command:
 *   - a `.py` still holds the code it was opened with (host_py_broken: no
 *     text line lost its `#`, no docstring its quotes, no string left
 *     open) and no text block is lost; at the end python3 parses every saved
 *     file (one python3 for all of them);
 *   - a title of an `.rst` never gets an adornment narrower than itself:
 *     there are never more such titles than the file had when opened.
 * Bounded (a fixed number of sequences of a fixed length) and repeatable:
 * YEOK_PROP_SEED=N runs another seed, and a failure prints the seed and
 * the commands that led to it. */
#include "testutil.h"

#include <unistd.h>

#include "yeok/command.h"
#include "yeok/session.h"
#include "yeok/text.h"

#define SEQS_PER_FILE 2
#define STEPS 50

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

/* What a translator types and pastes, with the characters that could break
 * a host format: quotes, `#`, backslashes, adornment characters, tabs. */
static const char *const TYPED[] = {
	"가", "한국어 ", "a", " ", "\"", "'", "\"\"\"", "#", "\\", "=", "-", "*", "`", ":", "\t",
	"``x``를", "**굵게**", "(", ")",
};
static const char *const PASTED[] = {
	"첫째 줄\n둘째 줄",
	"\n",
	"# 주석\n#\n",
	"제목\n====\n\n본문입니다.",
	"\"\"\"\n",
	"x = 1\n",
	"    들여쓴 줄\n",
	"######################\n# 새 블록\n",
};
static const char *const COMMANDS[] = {
	"undo", "undo", "redo", "clear-block", "newline", "backspace", "backspace", "delete",
	"delete-word-back", "delete-word", "kill-line", "select-line-start", "select-line-end",
	"select-left", "select-word-right", "select-down", "select-up", "cut", "copy", "paste",
	"left", "right", "up", "down", "word-left", "word-right", "line-start", "line-end",
	"page-down", "page-up", "segment-next", "segment-prev", "copy-source", "done-next",
	"next-unfinished", "autofix", "select-cancel",
};

typedef VEC(char *) Names;

typedef struct Run {
	Buf log;   /* the commands so far */
	uint64_t seed;
} Run;

static void step(Session *s, Run *r)
{
	uint32_t k = rnd() % 100;
	if (k < 35) {
		const char *t = TYPED[rnd() % (sizeof(TYPED) / sizeof(*TYPED))];
		buf_addf(&r->log, " type:%s", t);
		session_insert(s, t, strlen(t));
	} else if (k < 42) {
		const char *t = PASTED[rnd() % (sizeof(PASTED) / sizeof(*PASTED))];
		buf_addf(&r->log, " paste:%zu", strlen(t));
		session_paste(s, t, strlen(t));
	} else if (k < 47) {
		char arg[32];
		snprintf(arg, sizeof(arg), "%u", 1 + rnd() % (unsigned)s->doc.tgt.n);
		buf_addf(&r->log, " goto:%s", arg);
		command_run(s, "goto-line", arg);
	} else {
		const char *c = COMMANDS[rnd() % (sizeof(COMMANDS) / sizeof(*COMMANDS))];
		buf_addf(&r->log, " %s", c);
		command_run(s, c, NULL);
	}
	s->dlg.q.on = false; /* a question (done with an error, ...): answered no */
	session_pick_close(s);
	s->shell.ask.kind = SHELL_ASK_NONE;
	s->shell.help = s->dlg.diff = false;
	s->caret.focus = PANE_TARGET;
}

/* The document as it is, for a failure's reader (YEOK_PROP_TRACE). */
static void dump(Session *s)
{
	if (!getenv("YEOK_PROP_TRACE"))
		return;
	Buf bytes = BUF_INIT;
	lines_serialize(&s->doc.tgt, &bytes);
	FILE *f = fopen("/tmp/yeok-prop-fail.txt", "wb");
	if (f) {
		fwrite(bytes.p, 1, bytes.len, f);
		fclose(f);
	}
	buf_release(&bytes);
}

static void check_or_fail(Session *s, Run *r, const char *name, bool ok, const char *what)
{
	Err e;
	err_init(&e);
	if (!ok || !session_check(s, &e))
		dump(s);
	if (!session_check(s, &e))
		fail_msg("%s: seed %llu: %s after:%s", name, (unsigned long long)r->seed, e.msg, r->log.p);
	if (!ok)
		fail_msg("%s: seed %llu: %s after:%s", name, (unsigned long long)r->seed, what, r->log.p);
}

static size_t text_regions(const Session *s)
{
	size_t n = 0;
	for (size_t r = 0; r < s->doc.tgt_host.regions.n; r++)
		n += s->doc.tgt_host.regions.v[r].kind == HR_TEXT;
	return n;
}

/* Titles whose adornment is narrower than their text (docutils: "Title
 * underline too short"). */
static size_t short_titles(const Session *s)
{
	size_t n = 0;
	const RstDoc *bl = &s->doc.tgt_host.blocks;
	for (size_t i = 0; i < bl->n; i++) {
		const Block *b = &bl->v[i];
		if (b->kind != BK_TITLE || b->text_line + 1 > b->last)
			continue;
		Str t = str_trim(lines_get(s->doc.tgt_host.text, b->text_line));
		Str u = str_trim(lines_get(s->doc.tgt_host.text, b->text_line + 1));
		if (t.n && text_width(t.p, t.n) > (int)u.n)
			n++;
	}
	return n;
}

static uint64_t base_seed(void)
{
	const char *e = getenv("YEOK_PROP_SEED");
	return e && *e ? strtoull(e, NULL, 10) : 0x5DEECE66Dull;
}

/* Open path (its English at src) and run the sequences; a `.py` saved as
 * out_path at the end of each. */
static void run_file(const char *name, const char *path, const char *src, uint64_t seed,
                     Names *saved)
{
	for (int q = 0; q < SEQS_PER_FILE; q++) {
		Session s;
		session_init(&s);
		SourceOpts so = {.path = src, .self_fallback = true};
		Err e;
		err_init(&e);
		if (!session_open(&s, path, &so, &e))
			fail_msg("%s: %s", path, e.msg);
		session_resize(&s, 100, 30);
		s.caret.focus = PANE_TARGET;
		Run r = {BUF_INIT, seed + (uint64_t)q};
		rng = r.seed * 0x9E3779B97F4A7C15ull + 1;
		bool py = s.doc.tgt_host.fmt == HOST_PY;
		size_t regions = text_regions(&s), shorts = short_titles(&s);
		command_run(&s, "goto-line", "1");
		bool trace = getenv("YEOK_PROP_TRACE") && *getenv("YEOK_PROP_TRACE");
		for (int i = 0; i < STEPS; i++) {
			size_t was = r.log.len;
			step(&s, &r);
			if (trace) {
				Str l = lines_get(&s.doc.tgt, s.caret.cur.line);
				print_message("# %s cur %zu:%zu closed %d/%zu [%.*s] %s\n", r.log.p + was, s.caret.cur.line + 1,
				              s.caret.cur.col, s.doc.tgt_host.doc.closed, s.doc.tgt_host.doc.close_line + 1, (int)MIN(l.n, 60), l.p, s.shell.msg.text);
				s.shell.msg.text[0] = 0;
			}
			if (py) {
				Buf why = BUF_INIT;
				bool broken = session_py_broken(&s, &why);
				check_or_fail(&s, &r, name, !broken, broken ? why.p : "");
				buf_release(&why);
				/* a pasted separator may start a text block; none is lost */
				check_or_fail(&s, &r, name, text_regions(&s) >= regions,
				              "a text block was lost");
			} else {
				check_or_fail(&s, &r, name, short_titles(&s) <= shorts,
				              "a title got an adornment narrower than itself");
			}
		}
		if (py) {
			if (!session_save(&s))
				fail_msg("%s: not saved: %s", name, s.shell.msg.text);
			char *copy = xasprintf("%s.%d.py", path, q);
			size_t n;
			char *bytes = tu_read(path, &n);
			FILE *f = fopen(copy, "wb");
			assert_non_null(f);
			fwrite(bytes, 1, n, f);
			fclose(f);
			free(bytes);
			char *tag = xasprintf("%s (seed %llu:%s)", copy, (unsigned long long)r.seed, r.log.p);
			VEC_PUSH(saved, copy);
			VEC_PUSH(saved, tag);
		}
		buf_release(&r.log);
		session_release(&s);
	}
}

/* python3 parses every saved `.py` (one process for all). */
static void python_parses(char **files, size_t n)
{
	if (access("/usr/bin/python3", X_OK) != 0) {
		print_message("# python3 not found: the saved files were not parsed\n");
		return;
	}
	char *dir = tu_tmpdir();
	char *list = path_join(dir, "files.txt");
	FILE *f = fopen(list, "w");
	assert_non_null(f);
	for (size_t i = 0; i < n; i += 2)
		fprintf(f, "%s\n", files[i]);
	fclose(f);
	char *out = path_join(dir, "bad.txt");
	char *cmd = xasprintf("/usr/bin/python3 -c 'import ast,sys\n"
	                      "for p in open(sys.argv[1]).read().split(\"\\n\"):\n"
	                      "  if not p: continue\n"
	                      "  try: ast.parse(open(p, encoding=\"utf-8\").read())\n"
	                      "  except SyntaxError as e: print(p, e.lineno, e.msg)\n' '%s' > '%s'",
	                      list, out);
	assert_int_equal(system(cmd), 0);
	size_t bn;
	char *bad = tu_read(out, &bn);
	if (bn) {
		for (size_t i = 0; i < n; i += 2)
			if (strstr(bad, files[i]))
				print_message("# %s\n", files[i + 1]);
		fail_msg("python3 cannot parse: %s", bad);
	}
	free(bad);
	free(cmd);
	free(out);
	free(list);
	free(dir);
}

static void test_random_edits_keep_py_python(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char *dir = tu_tmpdir();
	char **pairs = tu_py_pairs();
	Names saved = {0};
	uint64_t seed = base_seed();
	size_t files = 0;
	for (char **p = pairs; *p; p++, seed += 101) {
		size_t en_n, ko_n;
		char *en = tu_py_file(*p, "en", &en_n);
		char *ko = tu_py_file(*p, "ko", &ko_n);
		char *en_name = xasprintf("%s.en.py", *p), *ko_name = xasprintf("%s.py", *p);
		char *new_name = xasprintf("%s.new.py", *p);
		char *src = tu_write(dir, en_name, en, en_n);
		char *path = tu_write(dir, ko_name, ko, ko_n);
		/* the translation, and a new one (a copy of the English) */
		run_file(*p, path, src, seed, &saved);
		char *fresh = tu_write(dir, new_name, en, en_n);
		run_file(*p, fresh, src, seed + 7, &saved);
		files++;
		free(fresh);
		free(new_name);
		free(src);
		free(path);
		free(en_name);
		free(ko_name);
		free(en);
		free(ko);
	}
	python_parses(saved.v, saved.n);
	print_message("# %zu files, %zu sequences of %d commands, seed %llu\n", files, saved.n / 2,
	              STEPS, (unsigned long long)base_seed());
	for (size_t i = 0; i < saved.n; i++)
		free(saved.v[i]);
	VEC_FREE(&saved);
	tu_free_list(pairs);
	free(dir);
}

static void test_random_edits_keep_rst_titles(void **state)
{
	(void)state;
	if (!tu_have_corpus())
		skip();
	char *dir = tu_tmpdir();
	char **pairs = tu_corpus_pairs();
	Names none = {0};
	uint64_t seed = base_seed() + 1;
	size_t files = 0;
	for (char **p = pairs; *p; p++, seed += 103) {
		char *en_name = xasprintf("%s.en.rst", *p), *ko_name = xasprintf("%s.ko.rst", *p);
		size_t en_n, ko_n;
		char *en = tu_corpus_file(en_name, &en_n), *ko = tu_corpus_file(ko_name, &ko_n);
		char *src = tu_write(dir, en_name, en, en_n);
		char *path = tu_write(dir, ko_name, ko, ko_n);
		run_file(*p, path, src, seed, &none);
		files++;
		free(src);
		free(path);
		free(en);
		free(ko);
		free(en_name);
		free(ko_name);
	}
	print_message("# %zu files, %d sequences of %d commands each\n", files, SEQS_PER_FILE, STEPS);
	VEC_FREE(&none);
	tu_free_list(pairs);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_edits_keep_py_python),
		cmocka_unit_test(test_random_edits_keep_rst_titles),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
