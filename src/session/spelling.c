/* session: spelling in the editor — background dictionaries, misspelled
 * words of the lines on screen, F7 suggestions computed off the UI thread,
 * adding words (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"
#include <limits.h>
#include <stdlib.h>

/* The git top level of path: the nearest folder up with a .git entry
 * (a folder, or a file in worktrees).  Found on the file system, not by
 * running git, which costs about 0.1 s before the first frame. */
static char *git_top(const char *path)
{
	char *dir = path_dirname(path);
	char buf[PATH_MAX];
	char *d = realpath(dir, buf) ? xstrdup(buf) : NULL;
	free(dir);
	while (d) {
		char *g = path_join(d, ".git");
		bool found = file_exists(g);
		free(g);
		if (found)
			return d;
		if (!strcmp(d, "/") || !*d)
			break;
		char *up = path_dirname(d);
		bool same = !strcmp(up, d);
		free(d);
		d = same ? NULL : up;
		if (same)
			free(up);
	}
	free(d);
	return NULL;
}

void session_spell_start(Session *s, const SpellOptions *opt)
{
	if (s->ctx && !opt) { /* the context's: check's dictionaries and words */
		s->spell.sp = context_spell(s->ctx, s->doc.path, false);
		s->spell.borrowed = true;
		return;
	}
	SpellOptions o = {0};
	if (opt)
		o = *opt;
	char *top = NULL;
	if (!o.project_top && s->doc.path)
		o.project_top = top = git_top(s->doc.path);
	s->spell.sp = spell_new(&o);
	free(top);
	Glossary *g = session_glossary(s);
	for (size_t i = 0; g && i < g->n; i++) {
		const GlossTerm *t = &g->v[i];
		spell_add_terms(s->spell.sp, (const char *const *)t->en, t->en_n);
		const char *ko = t->ko;
		spell_add_terms(s->spell.sp, &ko, 1);
		/* an avoided variant is the glossary's finding, not a misspelling */
		spell_add_terms(s->spell.sp, (const char *const *)t->avoid, t->avoid_n);
	}
}

/* The words of the source side of segment k (kept for its source blocks:
 * the source is never edited, so typing keeps them). */
static const SpellWords *source_words(Session *s, long k)
{
	SpellWords *w = &s->spell.src_words;
	const Segment *g = &s->doc.al.v[k];
	if (s->spell.src_block == (long)g->src && s->spell.src_nblocks == g->src_n)
		return w;
	spell_words_clear(w);
	s->spell.src_block = (long)g->src;
	s->spell.src_nblocks = g->src_n;
	if (g->src_n) {
		Buf b = BUF_INIT;
		pair_blocks_text(s->doc.src_host.text, &s->doc.src_host.blocks, g->src, g->src_n, &b);
		spell_words_add_text(w, b.p ? b.p : "", b.len);
		buf_release(&b);
	}
	return w;
}

/* One remembered line (SessionSpelling.memo). */
typedef struct SessionSpellMemo {
	char *text;       /* the line's bytes (owned; NULL: an empty slot) */
	size_t n;
	uint64_t gen;     /* spell_generation() when it was checked */
	long src;         /* the segment's source blocks [src, src + src_n) */
	size_t src_n;
	SpellMisses bad;  /* its SPELL_BAD words */
} SessionSpellMemo;

static void memo_clear(Session *s)
{
	for (size_t i = 0; s->spell.memo && i < SESSION_SPELL_MEMO; i++) {
		free(s->spell.memo[i].text);
		VEC_FREE(&s->spell.memo[i].bad);
	}
	free(s->spell.memo);
	s->spell.memo = NULL;
}

void session_spell_forget(Session *s)
{
	spell_words_clear(&s->spell.src_words);
	s->spell.src_block = -1;
	s->spell.src_nblocks = 0;
	memo_clear(s);
}

size_t session_spell_line(Session *s, size_t line, SpellMisses *out)
{
	/* while the dictionaries load every word is pending (nothing to draw,
	 * nothing to keep: each frame would check every line again) */
	if (!s->spell.sp || line >= s->doc.tgt.n || !spell_ready(s->spell.sp))
		return 0;
	long k = doc_segment_of_tgt_line(&s->doc, line);
	if (k < 0)
		return 0;
	const Segment *g = &s->doc.al.v[k];
	size_t f, l;
	if (!rst_kind_is_prose(g->kind) || !align_tgt_lines(g, &s->doc.tgt_host.blocks, &f, &l) || line < f ||
	    line > l || g->status == ST_UNTRANSLATED)
		return 0;
	Str ln = lines_get(&s->doc.tgt, line);
	uint64_t gen = spell_generation(s->spell.sp);
	if (!s->spell.memo)
		s->spell.memo = xcalloc(SESSION_SPELL_MEMO, sizeof(*s->spell.memo));
	SessionSpellMemo *mo = &s->spell.memo[hash_fnv1a(ln.p, ln.n) % SESSION_SPELL_MEMO];
	if (mo->text && mo->n == ln.n && mo->gen == gen && mo->src == (long)g->src &&
	    mo->src_n == g->src_n && !memcmp(mo->text, ln.p, ln.n)) {
		for (size_t i = 0; i < mo->bad.n; i++)
			VEC_PUSH(out, mo->bad.v[i]);
		return mo->bad.n;
	}
	size_t before = out->n;
	spell_check_text(s->spell.sp, ln.p, ln.n, source_words(s, k), SPELL_NOWAIT, out);
	/* keep the bad ones only (pending ones are drawn once known) */
	size_t m = before;
	bool pending = false;
	for (size_t i = before; i < out->n; i++) {
		pending |= out->v[i].status == SPELL_PENDING;
		if (out->v[i].status == SPELL_BAD)
			out->v[m++] = out->v[i];
	}
	out->n = m;
	if (!pending) {
		free(mo->text);
		mo->text = xmemdup0(ln.p, ln.n);
		mo->n = ln.n;
		mo->gen = gen;
		mo->src = (long)g->src;
		mo->src_n = g->src_n;
		mo->bad.n = 0;
		for (size_t i = before; i < m; i++)
			VEC_PUSH(&mo->bad, out->v[i]);
	}
	return m - before;
}

/* The misspelled word at (or right before) the cursor. */
static bool word_at_cursor(Session *s, size_t *off, size_t *len)
{
	SpellMisses m = {0};
	session_spell_line(s, s->caret.cur.line, &m);
	bool ok = false;
	for (size_t i = 0; i < m.n && !ok; i++) {
		if (s->caret.cur.col >= m.v[i].off && s->caret.cur.col <= m.v[i].off + m.v[i].len) {
			*off = m.v[i].off;
			*len = m.v[i].len;
			ok = true;
		}
	}
	VEC_FREE(&m);
	return ok;
}

enum { PICK_WAIT = -1, PICK_PERSONAL = -2, PICK_PROJECT = -3 };

static void spell_pick(Session *s, char **sugg, size_t n, bool pending)
{
	char *title = xasprintf("Spelling: %s (Enter replaces or adds; Esc closes)", s->spell.word);
	session_pick_open(s, title, "spell-choose");
	free(title);
	if (pending) {
		session_pick_add(s, "(computing suggestions...)");
		VEC_PUSH(&s->dlg.pick.data, (long)PICK_WAIT);
	} else if (!n) {
		session_pick_add(s, "(no suggestions)");
		VEC_PUSH(&s->dlg.pick.data, (long)PICK_WAIT);
	}
	for (size_t i = 0; i < n; i++) {
		session_pick_add(s, "%s", sugg[i]);
		VEC_PUSH(&s->dlg.pick.data, (long)i);
	}
	const char *pp = spell_list_path(s->spell.sp, SPELL_LIST_PERSONAL);
	session_pick_add(s, "+ add \"%s\" to my word list (%s)", s->spell.word, pp ? pp : "none");
	VEC_PUSH(&s->dlg.pick.data, (long)PICK_PERSONAL);
	if (spell_list_path(s->spell.sp, SPELL_LIST_PROJECT)) {
		session_pick_add(s, "+ add \"%s\" to the project list (.yeok-words)", s->spell.word);
		VEC_PUSH(&s->dlg.pick.data, (long)PICK_PROJECT);
	}
}

bool session_spell_at_cursor(Session *s)
{
	if (!s->spell.sp)
		return session_error(s, "Spelling is off (--no-spell)");
	if (s->caret.focus != PANE_TARGET)
		return session_error(s, "Spelling is for the translation (Tab goes there)");
	if (!spell_ready(s->spell.sp))
		return session_error(s, "The dictionaries are still loading");
	size_t off, len;
	if (!word_at_cursor(s, &off, &len))
		return session_error(s, "No misspelled word at the cursor");
	Str ln = lines_get(&s->doc.tgt, s->caret.cur.line);
	free(s->spell.word);
	s->spell.word = xmemdup0(ln.p + off, len);
	s->spell.at = (Pos){s->caret.cur.line, off};
	s->spell.len = len;
	s->spell.req = spell_suggest_request(s->spell.sp, ln.p + off, len);
	spell_pick(s, NULL, 0, true);
	return true;
}

bool session_spell_poll(Session *s, bool block)
{
	if (!s->spell.sp || !s->spell.req)
		return false;
	char **out = NULL;
	size_t n = 0;
	SpellSuggestState st = block ? spell_suggest_wait(s->spell.sp, s->spell.req, &out, &n)
	                             : spell_suggest_poll(s->spell.sp, s->spell.req, &out, &n);
	if (st == SPELL_SUGGEST_PENDING)
		return false;
	s->spell.req = 0;
	spell_list_free(s->spell.sugg, s->spell.nsugg);
	s->spell.sugg = out;
	s->spell.nsugg = st == SPELL_SUGGEST_DONE ? n : 0;
	if (s->dlg.pick.on && s->dlg.pick.then && !strcmp(s->dlg.pick.then, "spell-choose")) {
		size_t sel = s->dlg.pick.sel;
		spell_pick(s, s->spell.sugg, s->spell.nsugg, false);
		s->dlg.pick.sel = MIN(sel, s->dlg.pick.items.n - 1);
	}
	return true;
}

bool session_spell_add(Session *s, SpellList list)
{
	if (!s->spell.sp)
		return session_error(s, "Spelling is off (--no-spell)");
	size_t off, len;
	char *w = NULL;
	if (s->caret.focus == PANE_TARGET && word_at_cursor(s, &off, &len))
		w = xmemdup0(lines_get(&s->doc.tgt, s->caret.cur.line).p + off, len);
	else if (s->spell.word)
		w = xstrdup(s->spell.word);
	if (!w)
		return session_error(s, "No misspelled word at the cursor");
	Err e;
	err_init(&e);
	bool ok = spell_add_word(s->spell.sp, w, NULL, list, &e);
	if (ok)
		session_msg(s, "Added %s to %s", w, spell_list_path(s->spell.sp, list));
	else
		session_error(s, "%s", e.msg);
	free(w);
	return ok;
}

bool session_spell_choose(Session *s, long v)
{
	if (v == PICK_PERSONAL)
		return session_spell_add(s, SPELL_LIST_PERSONAL);
	if (v == PICK_PROJECT)
		return session_spell_add(s, SPELL_LIST_PROJECT);
	if (v < 0 || (size_t)v >= s->spell.nsugg)
		return session_error(s, "No suggestion chosen");
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	Pos a = s->spell.at;
	Str ln = lines_get(&s->doc.tgt, a.line);
	if (a.col + s->spell.len > ln.n || memcmp(ln.p + a.col, s->spell.word, s->spell.len))
		return session_error(s, "The word changed meanwhile");
	const char *r = s->spell.sugg[v];
	session_replace(s, a, (Pos){a.line, a.col + s->spell.len}, r, strlen(r), CH_OTHER, SR_GROUP);
	session_msg(s, "Replaced %s by %s (Ctrl-Z undoes)", s->spell.word, r);
	return true;
}

void session_spell_release(Session *s)
{
	if (!s->spell.borrowed)
		spell_free(s->spell.sp);
	s->spell.borrowed = false;
	s->spell.sp = NULL;
	free(s->spell.word);
	s->spell.word = NULL;
	spell_list_free(s->spell.sugg, s->spell.nsugg);
	s->spell.sugg = NULL;
	s->spell.nsugg = 0;
	spell_words_release(&s->spell.src_words);
	memo_clear(s);
}
