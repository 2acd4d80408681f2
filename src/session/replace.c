/* session: search and replace in the translation, Ctrl-R
 * (include/yeok/session.h).  Each step finds the matches again, so the
 * count ("3/17") is always that of the text as it is now. */
#include "session-private.h"

#include <regex.h>

#include "yeok/text.h"

void session_replace_release(Session *s)
{
	SessionRepl *r = &s->repl;
	if (r->re) {
		regfree(r->re);
		free(r->re);
	}
	free(r->find);
	free(r->with);
	memset(r, 0, sizeof(*r));
}

/* Compile the regex of the run (when it is one); false with a message. */
static bool compile(Session *s)
{
	SessionRepl *r = &s->repl;
	if (r->re) {
		regfree(r->re);
		free(r->re);
		r->re = NULL;
	}
	if (!r->regex)
		return true;
	regex_t *re = xcalloc(1, sizeof(*re));
	int rc = regcomp(re, r->find, REG_EXTENDED | (r->match_case ? 0 : REG_ICASE));
	if (rc) {
		char msg[160];
		regerror(rc, re, msg, sizeof(msg));
		free(re);
		return session_error(s, "Bad regular expression %s: %s", r->find, msg);
	}
	r->re = re;
	return true;
}

/* The first match in target line `line` at or after byte from: its start
 * and length (groups in m[] for a regex); false when none. */
static bool match_in_line(Session *s, size_t line, size_t from, size_t *at, size_t *len,
                          regmatch_t m[10])
{
	SessionRepl *r = &s->repl;
	Str ln = lines_get(&s->doc.tgt, line);
	if (from > ln.n)
		return false;
	if (!r->regex) {
		Buf q = BUF_INIT;
		if (r->match_case)
			buf_adds(&q, r->find);
		else
			text_casefold(r->find, strlen(r->find), &q);
		long o = session_find_in_line(ln, q.p, q.len, !r->match_case, from, 1, len);
		buf_release(&q);
		if (o < 0)
			return false;
		*at = (size_t)o;
		return true;
	}
	/* regexec needs a NUL-terminated line; REG_NOTBOL past its start */
	Buf zb = BUF_INIT;
	buf_add(&zb, ln.p, ln.n);
	buf_addc(&zb, '\0');
	char *z = zb.p;
	bool ok = false;
	for (size_t f = from; f <= ln.n && !ok;) {
		if (regexec(r->re, z + f, 10, m, f ? REG_NOTBOL : 0) != 0)
			break;
		for (int i = 0; i < 10; i++)
			if (m[i].rm_so >= 0) {
				m[i].rm_so += (regoff_t)f;
				m[i].rm_eo += (regoff_t)f;
			}
		if (m[0].rm_eo > m[0].rm_so) {
			ok = true;
		} else {
			/* an empty match replaces nothing: look further */
			if ((size_t)m[0].rm_so >= ln.n)
				break;
			f = text_next_grapheme(ln.p, ln.n, (size_t)m[0].rm_so);
		}
	}
	buf_release(&zb);
	if (ok) {
		*at = (size_t)m[0].rm_so;
		*len = (size_t)(m[0].rm_eo - m[0].rm_so);
	}
	return ok;
}

/* The matches of the whole translation: their number, and the index of
 * the first at or after the cursor (wrapping) with its place. */
static size_t count_matches(Session *s, size_t *cur, Pos *at, size_t *len)
{
	size_t n = 0;
	bool have = false;
	regmatch_t m[10];
	for (size_t line = 0; line < s->doc.tgt.n; line++) {
		size_t from = 0, a, l;
		while (match_in_line(s, line, from, &a, &l, m)) {
			bool after = line > s->caret.cur.line || (line == s->caret.cur.line && a >= s->caret.cur.col);
			if (!have && after) {
				have = true;
				*cur = n;
				*at = (Pos){line, a};
				*len = l;
			}
			if (n == 0 && !have) {
				/* the first one, for wrapping */
				*cur = 0;
				*at = (Pos){line, a};
				*len = l;
			}
			n++;
			from = a + l;
		}
	}
	return n;
}

/* The question about the current match (or the end of the run). */
static bool ask(Session *s)
{
	SessionRepl *r = &s->repl;
	size_t cur = 0, len = 0;
	Pos at = s->caret.cur;
	size_t n = count_matches(s, &cur, &at, &len);
	if (!n) {
		size_t done = r->replaced;
		bool started = r->on;
		r->on = false;
		s->search.match.on = false;
		if (started)
			session_msg(s, "Replaced %zu (no match left; Ctrl-Z undoes)", done);
		else
			session_error(s, "Not found in the translation: %s", r->find);
		return started;
	}
	r->on = true;
	s->caret.focus = PANE_TARGET;
	s->caret.cur = at;
	s->search.match.on = true;
	s->search.match.pane = PANE_TARGET;
	s->search.match.at = at;
	s->search.match.len = len;
	session_follow(s);
	session_question(s, "Replace %zu/%zu \"%s\" with \"%s\"? y yes · n skip · a all · c case %s · "
	                    "r regex %s · Esc stop",
	                 cur + 1, n, r->find, r->with, r->match_case ? "on" : "off",
	                 r->regex ? "on" : "off");
	session_question_add(s, "y", "replace-one");
	session_question_add(s, "n", "replace-skip");
	session_question_add(s, "a", "replace-all");
	session_question_add(s, "c", "replace-case");
	session_question_add(s, "r", "replace-regex");
	session_question_add(s, "*", "replace-stop");
	return true;
}

bool session_replace_start(Session *s, const char *find, const char *with)
{
	if (!find || !*find)
		return session_error(s, "Nothing to find");
	SessionRepl *r = &s->repl;
	bool match_case = r->match_case, regex = r->regex;
	session_replace_release(s);
	r->find = xstrdup(find);
	r->with = xstrdup(with ? with : "");
	r->match_case = match_case;
	r->regex = regex;
	if (!compile(s))
		return false;
	return ask(s);
}

/* The replacement of the match at `at` (len bytes): `with`, and for a
 * regex its `\1`..`\9` groups. */
static void replacement(Session *s, Pos at, Buf *out)
{
	SessionRepl *r = &s->repl;
	const char *w = r->with;
	if (!r->regex) {
		buf_adds(out, w);
		return;
	}
	regmatch_t m[10];
	size_t a, l;
	Str ln = lines_get(&s->doc.tgt, at.line);
	if (!match_in_line(s, at.line, at.col, &a, &l, m) || a != at.col) {
		buf_adds(out, w); /* cannot happen: the match is where it was found */
		return;
	}
	for (size_t i = 0; w[i]; i++) {
		if (w[i] == '\\' && w[i + 1] >= '0' && w[i + 1] <= '9') {
			int g = w[++i] - '0';
			if (m[g].rm_so >= 0)
				buf_add(out, ln.p + m[g].rm_so, (size_t)(m[g].rm_eo - m[g].rm_so));
		} else if (w[i] == '\\' && w[i + 1] == '\\') {
			buf_addc(out, '\\');
			i++;
		} else {
			buf_addc(out, w[i]);
		}
	}
}

/* Replace the current match (the highlighted one); the cursor after it. */
static bool replace_current(Session *s, bool chain)
{
	if (!s->search.match.on || s->search.match.pane != PANE_TARGET)
		return false;
	Pos a = s->search.match.at, b = {a.line, a.col + s->search.match.len};
	Buf t = BUF_INIT;
	replacement(s, a, &t);
	if (chain)
		doc_chain_next(&s->doc);
	bool ok = session_replace(s, a, b, t.p ? t.p : "", t.len, CH_OTHER, SR_GROUP);
	buf_release(&t);
	if (ok)
		s->repl.replaced++;
	return ok;
}

bool session_replace_one(Session *s)
{
	if (!s->repl.on)
		return session_error(s, "No replace run (Ctrl-R starts one)");
	if (!replace_current(s, false))
		return false;
	ask(s);
	return true;
}

bool session_replace_skip(Session *s)
{
	if (!s->repl.on)
		return session_error(s, "No replace run (Ctrl-R starts one)");
	/* the cursor just after the start of this match: the next one is current */
	Str ln = lines_get(&s->doc.tgt, s->search.match.at.line);
	s->caret.cur = s->search.match.at;
	if (s->caret.cur.col < ln.n)
		s->caret.cur.col = text_next_grapheme(ln.p, ln.n, s->caret.cur.col);
	else if (s->caret.cur.line + 1 < s->doc.tgt.n)
		s->caret.cur = (Pos){s->caret.cur.line + 1, 0};
	else
		s->caret.cur = (Pos){0, 0};
	ask(s);
	return true;
}

bool session_replace_all(Session *s)
{
	if (!s->repl.on)
		return session_error(s, "No replace run (Ctrl-R starts one)");
	/* from the last match to the first, so the places stay right; one
	 * undo step */
	VEC(Pos) at = {0};
	VEC(size_t) len = {0};
	regmatch_t m[10];
	for (size_t line = 0; line < s->doc.tgt.n; line++) {
		size_t from = 0, a, l;
		while (match_in_line(s, line, from, &a, &l, m)) {
			VEC_PUSH(&at, ((Pos){line, a}));
			VEC_PUSH(&len, l);
			from = a + l;
		}
	}
	size_t n = at.n;
	for (size_t i = n; i-- > 0;) {
		s->search.match.on = true;
		s->search.match.pane = PANE_TARGET;
		s->search.match.at = at.v[i];
		s->search.match.len = len.v[i];
		replace_current(s, i + 1 < n);
	}
	VEC_FREE(&at);
	VEC_FREE(&len);
	size_t done = s->repl.replaced;
	s->repl.on = false;
	s->search.match.on = false;
	session_follow(s);
	session_msg(s, "Replaced %zu (Ctrl-Z undoes them all)", done);
	return true;
}

bool session_replace_stop(Session *s)
{
	SessionRepl *r = &s->repl;
	size_t done = r->replaced, cur = 0, len = 0;
	Pos at = s->caret.cur;
	bool was_on = r->on;
	r->on = false;
	s->search.match.on = false;
	if (!was_on || !done) {
		session_msg(s, "Cancelled");
		return true;
	}
	size_t left = count_matches(s, &cur, &at, &len);
	session_msg(s, "Replaced %zu, then stopped (%zu left; Ctrl-Z undoes)", done, left);
	return true;
}

bool session_replace_toggle(Session *s, bool regex)
{
	SessionRepl *r = &s->repl;
	if (!r->on)
		return session_error(s, "No replace run (Ctrl-R starts one)");
	if (regex)
		r->regex = !r->regex;
	else
		r->match_case = !r->match_case;
	if (!compile(s)) {
		r->on = false;
		return false;
	}
	ask(s);
	return true;
}
