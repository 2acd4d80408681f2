/* command: the command table and its handlers (include/yeok/command.h). */
#include "yeok/command.h"

#include "yeok/text.h"

/* A `.py` Python could no longer read: ask before saving it (the answer
 * y runs `then`).  True when asked. */
static bool ask_py_broken(Session *s, const char *then)
{
	Buf why = BUF_INIT;
	bool broken = session_py_broken(s, &why);
	if (broken) {
		session_question(s, "%s: Python cannot read %s so. Save anyway? (y/n)", why.p, s->doc.path);
		session_question_add(s, "y", then);
		session_question_add(s, "Y", then);
	}
	buf_release(&why);
	return broken;
}

static bool c_save(Session *s, const char *arg)
{
	(void)arg;
	if (ask_py_broken(s, "save-anyway"))
		return true;
	return session_save(s);
}

static bool c_save_anyway(Session *s, const char *arg)
{
	(void)arg;
	return session_save(s);
}

static bool c_quit(Session *s, const char *arg)
{
	(void)arg;
	if (doc_modified(&s->doc) || s->side.dirty) {
		session_question(s, "Unsaved changes. Quit without saving? (y/n) · "
		                    "s: save and quit · Esc: cancel");
		session_question_add(s, "y", "force-quit");
		session_question_add(s, "Y", "force-quit");
		session_question_add(s, "q", "force-quit");
		session_question_add(s, "s", "save-quit");
		return true;
	}
	s->quit = true;
	return true;
}

static bool c_force_quit(Session *s, const char *arg)
{
	(void)arg;
	s->quit = true;
	return true;
}

static bool c_save_quit(Session *s, const char *arg)
{
	(void)arg;
	if (ask_py_broken(s, "save-quit-anyway"))
		return true;
	if (!session_save(s))
		return false;
	s->quit = true;
	return true;
}

static bool c_save_quit_anyway(Session *s, const char *arg)
{
	(void)arg;
	if (!session_save(s))
		return false;
	s->quit = true;
	return true;
}

static bool c_undo(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	Pos c;
	if (!doc_undo(&s->doc, &c))
		return session_error(s, "Nothing to undo");
	s->caret.focus = PANE_TARGET;
	s->caret.cur = c; /* the view segments follow the doc's change log */
	s->search.match.on = false;
	session_follow(s);
	return true;
}

static bool c_redo(Session *s, const char *arg)
{
	(void)arg;
	Pos c;
	if (!doc_redo(&s->doc, &c))
		return session_error(s, "Nothing to redo");
	s->caret.focus = PANE_TARGET;
	s->caret.cur = c; /* the view segments follow the doc's change log */
	s->search.match.on = false;
	session_follow(s);
	return true;
}

static bool c_find(Session *s, const char *arg)
{
	return session_find(s, arg, 1);
}

static bool c_find_next(Session *s, const char *arg)
{
	(void)arg;
	return session_find(s, NULL, 1);
}

static bool c_find_prev(Session *s, const char *arg)
{
	(void)arg;
	return session_find(s, NULL, -1);
}

static bool c_goto(Session *s, const char *arg)
{
	long n;
	if (!arg || !parse_long(arg, 1, 1L << 40, &n))
		return session_error(s, "Not a line number: %s", arg ? arg : "");
	return session_goto_line(s, n);
}

static bool c_pane(Session *s, const char *arg)
{
	(void)arg;
	s->caret.focus = s->caret.focus == PANE_TARGET ? PANE_SOURCE : PANE_TARGET;
	/* Keep the other pane's cursor near: the first line of the same segment. */
	Pane from = s->caret.focus == PANE_TARGET ? PANE_SOURCE : PANE_TARGET;
	Pos fc = from == PANE_TARGET ? s->caret.cur : s->caret.scur;
	size_t k = session_vseg_of(s, from, fc.line);
	VSeg g = session_vseg(s, k);
	size_t a = s->caret.focus == PANE_TARGET ? g.t0 : g.s0;
	size_t b = s->caret.focus == PANE_TARGET ? g.t1 : g.s1;
	Pos *c = s->caret.focus == PANE_TARGET ? &s->caret.cur : &s->caret.scur;
	if (a < b && (c->line < a || c->line >= b))
		*c = (Pos){a, 0};
	s->caret.goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow(s);
	return true;
}

static bool c_next_unfinished(Session *s, const char *arg)
{
	(void)arg;
	return session_next_unfinished(s, 1);
}

static bool c_prev_unfinished(Session *s, const char *arg)
{
	(void)arg;
	return session_next_unfinished(s, -1);
}

static bool c_next_untranslated(Session *s, const char *arg)
{
	(void)arg;
	return session_next_untranslated(s, 1);
}

static bool c_prev_untranslated(Session *s, const char *arg)
{
	(void)arg;
	return session_next_untranslated(s, -1);
}

static bool c_next_finding(Session *s, const char *arg)
{
	(void)arg;
	return session_next_finding(s, 1);
}

static bool c_prev_finding(Session *s, const char *arg)
{
	(void)arg;
	return session_next_finding(s, -1);
}

/* The first error finding of segment k, or NULL. */
static const Finding *seg_error(Session *s, size_t k)
{
	const SegFindings *f = session_seg_findings(s, k);
	for (size_t i = 0; f && i < f->n; i++)
		if (f->v[i].sev == SEV_ERROR)
			return &f->v[i];
	return NULL;
}

/* Alt-Enter; arg "force": even with an error finding (the question's y). */
static bool c_done_next(Session *s, const char *arg)
{
	long k = session_cur_seg(s);
	if (k < 0 || !s->doc.al.v[k].tgt_n || !s->doc.al.v[k].src_n)
		return session_error(s, "This segment has no source and translation to mark done");
	const Finding *e = arg && !strcmp(arg, "force") ? NULL : seg_error(s, (size_t)k);
	if (e) {
		session_question(s, "This segment has an error (%s: %s). Mark it done anyway? (y/n)",
		                 check_info(e->check)->id, e->message);
		session_question_add(s, "y", "done-next-force");
		session_question_add(s, "Y", "done-next-force");
		return true;
	}
	session_set_status(s, (size_t)k, ST_DONE);
	if (!session_next_unfinished(s, 1)) {
		session_msg(s, "Marked done. No unfinished segment left");
		return true;
	}
	return true;
}

static bool c_done_next_force(Session *s, const char *arg)
{
	(void)arg;
	return c_done_next(s, "force");
}

static bool c_copy_source(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	long k = session_cur_seg(s);
	if (k < 0)
		return session_error(s, "No segment here");
	const Segment *g = &s->doc.al.v[k];
	size_t sf, sl, tf, tl;
	if (!align_src_lines(g, &s->doc.sh.blocks, &sf, &sl))
		return session_error(s, "This segment has no source text");
	const char *eol = doc_eol(&s->doc);
	Buf t = BUF_INIT;
	for (size_t i = sf; i <= sl; i++) {
		buf_addstr(&t, lines_get(&s->doc.src, i));
		if (i < sl)
			buf_adds(&t, eol);
	}
	Pos a, b;
	if (align_tgt_lines(g, &s->doc.th.blocks, &tf, &tl)) {
		a = (Pos){tf, 0};
		b = (Pos){tl, lines_line(&s->doc.tgt, tl)->n};
	} else {
		size_t t0 = session_vseg(s, session_vseg_of(s, PANE_SOURCE, sf)).t0;
		if (t0 < s->doc.tgt.n) {
			buf_adds(&t, eol);
			buf_adds(&t, eol);
			a = b = (Pos){t0, 0};
		} else {
			size_t last = s->doc.tgt.n - 1;
			a = b = (Pos){last, lines_line(&s->doc.tgt, last)->n};
			Buf u = BUF_INIT;
			buf_adds(&u, eol);
			buf_adds(&u, eol);
			buf_addstr(&u, buf_str(&t));
			buf_release(&t);
			t = u;
		}
	}
	session_replace(s, a, b, t.p, t.len, CH_OTHER, SR_GROUP | SR_CURSOR_START);
	buf_release(&t);
	session_msg(s, "Copied the source of this segment (Ctrl-Z undoes)");
	return true;
}


/* ---- pick-list arguments ----------------------------------------------- */

/* The value of item `arg` of the open pick list (which is closed). */
static bool pick_value(Session *s, const char *arg, long *out)
{
	long i;
	bool ok = arg && parse_long(arg, 0, 1L << 30, &i) && s->dlg.pick.on &&
	          (size_t)i < s->dlg.pick.data.n;
	if (ok)
		*out = s->dlg.pick.data.v[i];
	session_pick_close(s);
	if (!ok)
		return session_error(s, "No such item: %s", arg ? arg : "");
	return true;
}

/* ---- checklist (F2) ---------------------------------------------------- */

static void checklist_open(Session *s, size_t sel)
{
	const Sidecar *sc = &s->side.sc;
	const Checklist *c = &sc->checklist;
	session_pick_open(s, "Checklist (Enter changes, Esc closes; Ctrl-S saves it with the file)",
	                  "checklist-item");
	session_pick_add(s, "라이선스 동의 (license):  %s",
	                 c->license < 0 ? "not set" : c->license ? "[x] yes" : "[ ] no");
	if (c->issue > 0)
		session_pick_add(s, "관련 이슈 (issue):       #%ld", c->issue);
	else
		session_pick_add(s, "관련 이슈 (issue):       not set");
	session_pick_add(s, "PR 종류 (type):          %s", c->type == PR_TYPE_NONE ? "not set"
	                 : sidecar_type_box(c->type));
	session_pick_add(s, "번역자 (translator):     %s",
	                 sc->translator_name ? sc->translator_name : "not set");
	session_pick_add(s, "번역자 URL:              %s",
	                 sc->translator_url ? sc->translator_url : "not set");
	for (long i = 0; i < 5; i++)
		VEC_PUSH(&s->dlg.pick.data, i);
	s->dlg.pick.sel = sel;
}

static bool c_checklist(Session *s, const char *arg)
{
	(void)arg;
	if (!s->side.path)
		return session_error(s, "No sidecar for this document");
	checklist_open(s, 0);
	return true;
}

static bool c_checklist_item(Session *s, const char *arg)
{
	long i;
	if (!pick_value(s, arg, &i))
		return false;
	Checklist *c = &s->side.sc.checklist;
	switch (i) {
	case 0:
		c->license = c->license == 1 ? 0 : 1;
		session_state_changed(s, "license", c->license ? "1" : "0");
		checklist_open(s, 0);
		return true;
	case 1: {
		char now[32] = "";
		if (c->issue > 0)
			snprintf(now, sizeof(now), "%ld", c->issue);
		session_ask(s, "Issue number (empty: not set): #", now, "checklist-issue");
		return true;
	}
	case 2:
		session_pick_open(s, "PR type (PR 종류)", "checklist-type");
		for (int t = PR_TYPE_FIX; t < PR_TYPE_COUNT; t++) {
			session_pick_add(s, "%-9s %s", sidecar_type_name((PrType)t),
			                 sidecar_type_box((PrType)t));
			VEC_PUSH(&s->dlg.pick.data, (long)t);
		}
		s->dlg.pick.sel = c->type > PR_TYPE_NONE ? (size_t)c->type - 1 : 1;
		return true;
	case 3:
		session_ask(s, "Translator name: ", s->side.sc.translator_name, "checklist-name");
		return true;
	case 4:
		session_ask(s, "Translator URL (https://github.com/ID): ", s->side.sc.translator_url,
		            "checklist-url");
		return true;
	}
	return session_error(s, "No such checklist item");
}

static bool c_checklist_issue(Session *s, const char *arg)
{
	long n = 0;
	const char *p = arg ? arg : "";
	while (*p == ' ' || *p == '#')
		p++;
	if (*p && !parse_long(p, 1, SIDECAR_ISSUE_MAX, &n)) {
		checklist_open(s, 1);
		return session_error(s, "Not an issue number: %s", arg);
	}
	s->side.sc.checklist.issue = n;
	char num[32];
	snprintf(num, sizeof(num), "%ld", n);
	session_state_changed(s, "issue", num);
	checklist_open(s, 1);
	return true;
}

static bool c_checklist_type(Session *s, const char *arg)
{
	long t;
	if (!pick_value(s, arg, &t))
		return false;
	s->side.sc.checklist.type = (PrType)t;
	session_state_changed(s, "type", sidecar_type_name((PrType)t));
	checklist_open(s, 2);
	return true;
}

static bool c_checklist_name(Session *s, const char *arg)
{
	const char *url = s->side.sc.translator_url;
	char *keep = url ? xstrdup(url) : NULL;
	sidecar_set_translator(&s->side.sc, arg && *arg ? arg : NULL, keep);
	free(keep);
	session_state_changed(s, "translator-name", arg);
	checklist_open(s, 3);
	return true;
}

static bool c_checklist_url(Session *s, const char *arg)
{
	char *keep = s->side.sc.translator_name ? xstrdup(s->side.sc.translator_name) : NULL;
	sidecar_set_translator(&s->side.sc, keep, arg && *arg ? arg : NULL);
	free(keep);
	session_state_changed(s, "translator-url", arg);
	checklist_open(s, 4);
	return true;
}

static bool c_translator_line(Session *s, const char *arg)
{
	(void)arg;
	if ((!s->side.sc.translator_name || !s->side.sc.translator_name[0]) && s->side.path &&
	    !s->doc.read_only) {
		/* no name yet: the checklist opens at it */
		checklist_open(s, 3);
		session_msg(s, "Set the translator (Enter), then Alt-t again");
		return true;
	}
	return session_translator_line(s);
}

/* ---- stale segments ---------------------------------------------------- */

/* ---- a pull request's review comments (yeok --comments FILE.json) --------- */

static bool c_remark_next(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_step(s, 1);
}

static bool c_remark_prev(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_step(s, -1);
}

static bool c_remark_view(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_view(s);
}

static bool c_remark_resolve(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_resolve(s);
}

static bool c_remark_reply(Session *s, const char *arg)
{
	(void)arg;
	session_remarks_sync(s);
	long i = session_remark_here(s);
	if (i < 0)
		return session_error(s, "no review comment here (F8 goes to the next)");
	session_ask(s, "Reply to the review comment: ", NULL, "pr-comment-save-reply");
	return true;
}

static bool c_remark_save_reply(Session *s, const char *arg)
{
	return session_remark_reply(s, arg ? arg : "");
}

static bool c_stale_diff(Session *s, const char *arg)
{
	(void)arg;
	long k = session_cur_seg(s);
	if (k < 0 || s->doc.al.v[k].status != ST_STALE)
		return session_error(s, "This segment is not stale (its English did not change)");
	Buf a = BUF_INIT, b = BUF_INIT;
	bool ok = session_stale_texts(s, (size_t)k, &a, &b);
	buf_release(&a);
	buf_release(&b);
	if (!ok)
		return session_error(s, "The English this segment was done against is not known");
	s->dlg.diff = true;
	return true;
}

/* ---- glossary (F3) ----------------------------------------------------- */

static bool c_glossary(Session *s, const char *arg)
{
	(void)arg;
	Glossary *gl = session_glossary(s);
	if (!gl)
		return session_error(s, "No glossary loaded");
	GlossHintVec hv = {0};
	long k = session_cur_seg(s);
	if (!session_hints(s, k, &hv)) {
		VEC_FREE(&hv);
		return session_error(s, "No glossary term in the English of this segment");
	}
	session_pick_open(s, "Glossary terms of this segment (Enter inserts the translation, or allows a variant here)",
	                  "glossary-insert");
	for (size_t i = 0; i < hv.n; i++) {
		Buf b = BUF_INIT;
		glossary_term_label(gl, hv.v[i].term, &b);
		const GlossTerm *t = &gl->v[hv.v[i].term];
		session_pick_add(s, "%s%s%s", hv.v[i].violated ? "✗ " : hv.v[i].found ? "✓ " : "  ",
		                 b.p ? b.p : "", t->avoid_n ? " — avoid: " : "");
		for (size_t j = 0; j < t->avoid_n; j++) {
			char **last = &s->dlg.pick.items.v[s->dlg.pick.items.n - 1];
			char *x = xasprintf("%s%s%s", *last, j ? ", " : "", t->avoid[j]);
			free(*last);
			*last = x;
		}
		VEC_PUSH(&s->dlg.pick.data, (long)hv.v[i].term);
		buf_release(&b);
	}
	/* "allow here": an avoided variant this document may keep */
	for (size_t i = 0; i < hv.n; i++) {
		Buf w = BUF_INIT;
		if (session_hint_avoided(s, k, hv.v[i].term, &w)) {
			session_pick_add(s, "  allow %s here (this document keeps it; the check stops "
			                    "flagging it)", w.p);
			VEC_PUSH(&s->dlg.pick.data, -1 - (long)hv.v[i].term);
		}
		buf_release(&w);
	}
	VEC_FREE(&hv);
	return true;
}

static bool c_glossary_insert(Session *s, const char *arg)
{
	long t;
	if (!pick_value(s, arg, &t))
		return false;
	Glossary *gl = session_glossary(s);
	if (gl && t < 0 && (size_t)(-1 - t) < gl->n)
		return session_glossary_allow(s, session_cur_seg(s), (size_t)(-1 - t));
	if (!gl || t < 0 || (size_t)t >= gl->n)
		return session_error(s, "No such term");
	const char *ko = gl->v[t].ko;
	if (text_has_controls(ko, strlen(ko)))
		return session_error(s, "The term holds control characters: not inserted");
	doc_break_merge(&s->doc);
	bool ok = session_insert(s, ko, strlen(ko));
	doc_break_merge(&s->doc);
	return ok;
}

/* ---- translation memory (F4) ------------------------------------------ */

static bool c_tm(Session *s, const char *arg)
{
	(void)arg;
	return session_tm_list(s);
}

static bool c_tm_insert(Session *s, const char *arg)
{
	long i;
	if (!pick_value(s, arg, &i))
		return false;
	if (i < 0)
		return session_error(s, "No match chosen (F4 asks again)");
	return session_tm_insert(s, (size_t)i);
}

static bool c_tm_insert_best(Session *s, const char *arg)
{
	(void)arg;
	return session_tm_insert_best(s);
}

static bool c_take_hint(Session *s, const char *arg)
{
	(void)arg;
	return session_take_hint(s);
}

/* ---- findings (F5) and autofix ----------------------------------------- */

#define POS_PACK(line, byte) ((long)(line) * 1048576L + (long)MIN((byte), 1048575u))

static bool c_findings(Session *s, const char *arg)
{
	(void)arg;
	if (!s->chk.on)
		return session_error(s, "The checks are off");
	FindingVec v = {0};
	session_findings_list(s, &v);
	if (!v.n) {
		VEC_FREE(&v);
		session_msg(s, "No findings");
		return true;
	}
	session_pick_open(s, "Findings (Enter goes there; autofix, M-a, applies one's fix)",
	                  "goto-finding");
	s->dlg.pick.alt_of = "autofix"; /* its keys, as bound */
	s->dlg.pick.alt_then = "fix-finding";
	size_t sel = 0;
	for (size_t i = 0; i < v.n; i++) {
		const Finding *f = &v.v[i];
		session_pick_add(s, "%zu:%zu %s: %s [%s]", f->line + 1, f->col,
		                 check_severity_name(f->sev), f->message, check_info(f->check)->id);
		VEC_PUSH(&s->dlg.pick.data, POS_PACK(f->line, f->byte));
		if (f->line < s->caret.cur.line)
			sel = MIN(i + 1, v.n - 1);
	}
	s->dlg.pick.sel = sel;
	findings_clear(&v);
	VEC_FREE(&v);
	return true;
}

static bool c_goto_finding(Session *s, const char *arg)
{
	long p;
	if (!pick_value(s, arg, &p))
		return false;
	size_t line = (size_t)(p / 1048576L), byte = (size_t)(p % 1048576L);
	if (!session_goto_line(s, (long)line + 1))
		return false;
	Str ln = lines_get(&s->doc.tgt, line);
	size_t col = 0;
	while (col < ln.n && col < byte)
		col = text_next_grapheme(ln.p, ln.n, col);
	s->caret.cur.col = col;
	session_follow(s);
	return true;
}

static bool apply_fix(Session *s, const CheckFix *f, CheckId id);

static bool c_autofix(Session *s, const char *arg)
{
	(void)arg;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	if (!s->chk.on)
		return session_error(s, "The checks are off");
	session_sync(s);
	long k = session_cur_seg(s);
	const SegFindings *f = k >= 0 ? session_seg_findings(s, (size_t)k) : NULL;
	if (!f)
		return session_error(s, "No segment here");
	size_t base = session_seg_base(s, (size_t)k);
	const Finding *best = NULL;
	for (size_t i = 0; i < f->n; i++) {
		if (!f->v[i].has_fix)
			continue;
		if (!best || (best->line + base < s->caret.cur.line && f->v[i].line + base >= s->caret.cur.line))
			best = &f->v[i];
	}
	if (!best)
		return session_error(s, "Nothing to fix automatically here (title-underline and "
		                     "markup-spacing can be)");
	CheckFix fx = best->fix;
	fx.line += base;
	return apply_fix(s, &fx, best->check);
}

/* M-a in the F5 list: the selected finding's fix. */
static bool c_fix_finding(Session *s, const char *arg)
{
	long p;
	if (!pick_value(s, arg, &p))
		return false;
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	FindingVec v = {0};
	session_findings_list(s, &v);
	const Finding *hit = NULL;
	for (size_t i = 0; i < v.n && !hit; i++)
		if (POS_PACK(v.v[i].line, v.v[i].byte) == p && v.v[i].has_fix)
			hit = &v.v[i];
	bool ok = hit ? apply_fix(s, &hit->fix, hit->check)
	              : session_error(s, "This finding has no automatic fix");
	findings_clear(&v);
	VEC_FREE(&v);
	return ok;
}

/* Apply fix fx (document lines) of a finding of check id (the text is
 * copied first: fx may point into the findings the replace frees). */
static bool apply_fix(Session *s, const CheckFix *fx, CheckId id)
{
	if (fx->line >= s->doc.tgt.n || fx->to > lines_line(&s->doc.tgt, fx->line)->n ||
	    fx->from > fx->to)
		return session_error(s, "The fix no longer applies");
	char *text = xstrdup(fx->text ? fx->text : "");
	Pos a = {fx->line, fx->from}, b = {fx->line, fx->to};
	session_replace(s, a, b, text, strlen(text), CH_OTHER, SR_GROUP);
	session_msg(s, "Fixed %s (Ctrl-Z undoes)", check_info(id)->id);
	free(text);
	return true;
}

/* ---- spelling (F7) ---------------------------------------------------- */

static bool c_spell(Session *s, const char *arg)
{
	(void)arg;
	return session_spell_at_cursor(s);
}

static bool c_spell_choose(Session *s, const char *arg)
{
	long v;
	if (!pick_value(s, arg, &v))
		return false;
	if (v == -1)
		return session_error(s, "No suggestion chosen (F7 asks again)");
	return session_spell_choose(s, v);
}

static bool c_spell_add(Session *s, const char *arg)
{
	(void)arg;
	return session_spell_add(s, SPELL_LIST_PERSONAL);
}

static bool c_spell_add_project(Session *s, const char *arg)
{
	(void)arg;
	return session_spell_add(s, SPELL_LIST_PROJECT);
}

static bool c_help(Session *s, const char *arg)
{
	(void)arg;
	s->dlg.help = true;
	return true;
}

static bool c_numbers(Session *s, const char *arg)
{
	(void)arg;
	s->view.numbers = !s->view.numbers;
	session_follow(s);
	return true;
}

static bool c_wider(Session *s, const char *arg)
{
	(void)arg;
	s->view.ratio = MIN(80, s->view.ratio + 5);
	session_follow(s);
	return true;
}

static bool c_narrower(Session *s, const char *arg)
{
	(void)arg;
	s->view.ratio = MAX(20, s->view.ratio - 5);
	session_follow(s);
	return true;
}

static bool c_newline(Session *s, const char *arg)
{
	(void)arg;
	return session_newline(s);
}

static bool c_backspace(Session *s, const char *arg)
{
	(void)arg;
	return session_backspace(s);
}

static bool c_delete(Session *s, const char *arg)
{
	(void)arg;
	return session_delete(s);
}

#define MOVE(name, m)                                        \
	static bool name(Session *s, const char *arg)       \
	{                                                    \
		(void)arg;                                   \
		session_move(s, m);                          \
		return true;                                 \
	}
MOVE(c_left, MV_LEFT)
MOVE(c_right, MV_RIGHT)
MOVE(c_up, MV_UP)
MOVE(c_down, MV_DOWN)
MOVE(c_word_left, MV_WORD_LEFT)
MOVE(c_word_right, MV_WORD_RIGHT)
MOVE(c_home, MV_HOME)
MOVE(c_end, MV_END)
MOVE(c_page_up, MV_PAGE_UP)
MOVE(c_page_down, MV_PAGE_DOWN)
MOVE(c_doc_start, MV_DOC_START)
MOVE(c_doc_end, MV_DOC_END)
MOVE(c_seg_next, MV_SEG_NEXT)
MOVE(c_seg_prev, MV_SEG_PREV)
#undef MOVE

#define SELECT(name, m)                                      \
	static bool name(Session *s, const char *arg)       \
	{                                                    \
		(void)arg;                                   \
		session_select(s, m);                        \
		return true;                                 \
	}
SELECT(c_sel_left, MV_LEFT)
SELECT(c_sel_right, MV_RIGHT)
SELECT(c_sel_up, MV_UP)
SELECT(c_sel_down, MV_DOWN)
SELECT(c_sel_word_left, MV_WORD_LEFT)
SELECT(c_sel_word_right, MV_WORD_RIGHT)
SELECT(c_sel_home, MV_HOME)
SELECT(c_sel_end, MV_END)
SELECT(c_sel_page_up, MV_PAGE_UP)
SELECT(c_sel_page_down, MV_PAGE_DOWN)
#undef SELECT

static bool c_sel_mark(Session *s, const char *arg)
{
	(void)arg;
	session_select_mark(s);
	return true;
}

static bool c_sel_cancel(Session *s, const char *arg)
{
	(void)arg;
	session_select_cancel(s);
	return true;
}

static bool c_replace(Session *s, const char *arg)
{
	if (!arg || !*arg)
		return session_error(s, "Nothing to find");
	free(s->repl.find);
	s->repl.find = xstrdup(arg);
	session_ask(s, "Replace with: ", NULL, "replace-with");
	return true;
}

static bool c_replace_with(Session *s, const char *arg)
{
	char *find = s->repl.find ? xstrdup(s->repl.find) : NULL;
	bool ok = session_replace_start(s, find, arg ? arg : "");
	free(find);
	return ok;
}

static bool c_replace_one(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_one(s);
}

static bool c_replace_skip(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_skip(s);
}

static bool c_replace_all(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_all(s);
}

static bool c_replace_case(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_toggle(s, false);
}

static bool c_replace_regex(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_toggle(s, true);
}

static bool c_replace_stop(Session *s, const char *arg)
{
	(void)arg;
	return session_replace_stop(s);
}

static bool c_copy(Session *s, const char *arg)
{
	(void)arg;
	return session_copy(s);
}

static bool c_cut(Session *s, const char *arg)
{
	(void)arg;
	return session_cut(s);
}

static bool c_paste(Session *s, const char *arg)
{
	(void)arg;
	return session_paste_clip(s);
}

static bool c_delete_word_back(Session *s, const char *arg)
{
	(void)arg;
	return session_delete_word(s, -1);
}

static bool c_delete_word(Session *s, const char *arg)
{
	(void)arg;
	return session_delete_word(s, 1);
}

static bool c_kill_line(Session *s, const char *arg)
{
	(void)arg;
	return session_kill_line(s);
}

static bool c_clear_block(Session *s, const char *arg)
{
	(void)arg;
	return session_clear_block(s);
}

/* ---- reviewer mode ------------------------------------------------------ */

static bool r_report(ReviewSession *rs, bool ok, const Err *e, const char *done)
{
	if (ok)
		return rs->sc_path ? review_session_msg(rs, false, "%s (saved in %s)", done,
		                                        path_basename(rs->sc_path))
		                   : review_session_msg(rs, false, "%s (not saved: no sidecar)", done);
	return review_session_msg(rs, true, "%s", e->msg);
}

static bool r_move(ReviewSession *rs, int dir)
{
	if (!review_session_move(rs, dir)) {
		if (rs->files)
			return review_session_msg(rs, false, dir > 0
			                          ? "this is the last change of this file (> the next file)"
			                          : "this is the first change of this file (< the previous "
			                            "file)");
		return review_session_msg(rs, false, dir > 0 ? "this is the last change"
		                                             : "this is the first change");
	}
	rs->finding = 0;
	rs->scroll = 0;
	return true;
}

static bool r_next(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move(rs, 1);
}

static bool r_prev(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move(rs, -1);
}

/* The comment editor over the current change (a suggestion starts from
 * its new Korean). */
static bool r_entry(ReviewSession *rs, bool suggestion)
{
	const ReviewChange *c = review_session_change(rs, rs->cur);
	if (!c)
		return review_session_msg(rs, true, "no change here");
	Buf text = BUF_INIT;
	/* a suggestion starts from the new Korean (a deletion's: the old one) */
	const Lines *from = c->deleted ? &rs->r.base : &rs->r.head;
	size_t f = c->deleted ? c->base_first : c->head_first;
	size_t l = c->deleted ? c->base_last : c->head_last;
	for (size_t i = f; suggestion && i <= l && i < from->n; i++) {
		if (i > f)
			buf_addc(&text, '\n');
		buf_addstr(&text, lines_get(from, i));
	}
	const char *what = suggestion ? "Suggest replacement text" : "Comment";
	char title[160];
	if (l > f)
		snprintf(title, sizeof(title), " %s on %slines %zu-%zu", what,
		         c->deleted ? "deleted " : "", f + 1, l + 1);
	else
		snprintf(title, sizeof(title), " %s on %sline %zu", what, c->deleted ? "deleted " : "",
		         f + 1);
	review_session_ask(rs, SHELL_ASK_TEXT, title, suggestion ? (text.p ? text.p : "") : NULL,
	                   suggestion ? "review-save-suggestion" : "review-save-comment");
	buf_release(&text);
	return true;
}

static bool r_comment(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_entry(rs, false);
}

static bool r_suggest(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_entry(rs, true);
}

static bool r_save_comment(ReviewSession *rs, const char *arg)
{
	Err e;
	err_init(&e);
	return r_report(rs, review_session_comment(rs, arg ? arg : "", &e), &e, "comment saved");
}

static bool r_save_suggestion(ReviewSession *rs, const char *arg)
{
	Err e;
	err_init(&e);
	return r_report(rs, review_session_suggest(rs, arg ? arg : "", &e), &e, "suggestion saved");
}

static const char *mark_text(ReviewMark m)
{
	return m == REVIEW_MARK_APPROVED ? "approved" : m == REVIEW_MARK_CHANGES ? "needs changes"
	                                                                         : "not marked";
}

static bool r_mark(ReviewSession *rs, ReviewMark m)
{
	Err e;
	err_init(&e);
	bool ok = review_session_mark(rs, m, &e);
	char d[64];
	snprintf(d, sizeof(d), "this change: %s", mark_text(review_session_mark_of(rs, rs->cur)));
	return r_report(rs, ok, &e, d);
}

static bool r_approve(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_mark(rs, REVIEW_MARK_APPROVED);
}

static bool r_changes(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_mark(rs, REVIEW_MARK_CHANGES);
}

static bool r_verdict(ReviewSession *rs, const char *arg)
{
	(void)arg;
	review_session_ask(rs, SHELL_ASK_KEY,
	                   "Verdict: a approve · r request changes · c comment · x none · Esc cancel",
	                   NULL, "review-set-verdict");
	return true;
}

static const struct {
	char key;
	ReviewVerdict v;
} verdict_keys[] = {
	{'a', REVIEW_APPROVE}, {'r', REVIEW_REQUEST_CHANGES}, {'c', REVIEW_COMMENT},
	{'x', REVIEW_VERDICT_NONE},
};

static bool r_set_verdict(ReviewSession *rs, const char *arg)
{
	for (size_t i = 0; arg && arg[0] && !arg[1] && i < ARRAY_LEN(verdict_keys); i++) {
		if (verdict_keys[i].key != arg[0])
			continue;
		Err e;
		err_init(&e);
		bool ok = rs->files ? review_files_set_verdict(rs->files, verdict_keys[i].v, &e)
		                    : review_session_set_verdict(rs, verdict_keys[i].v, &e);
		char d[64];
		snprintf(d, sizeof(d), "verdict: %s", review_verdict_label(verdict_keys[i].v));
		return r_report(rs, ok, &e, d);
	}
	return review_session_msg(rs, false, "verdict unchanged");
}

static size_t r_findings_n(const ReviewSession *rs)
{
	return review_session_count(rs) ? rs->findings[rs->cur].n : 0;
}

/* The selection runs over the change's findings, then its entries. */
static size_t r_entries(const ReviewSession *rs, size_t *idx, size_t max)
{
	return review_session_count(rs) ? review_session_entries(rs, rs->cur, idx, max) : 0;
}

static size_t r_items_n(const ReviewSession *rs)
{
	size_t idx[1];
	return r_findings_n(rs) + r_entries(rs, idx, 0);
}

/* The selected entry (index into rs->sc.comments); false with a message
 * when the selection is no entry. */
static bool r_selected_entry(ReviewSession *rs, size_t *k)
{
	size_t idx[256];
	size_t nf = r_findings_n(rs), ne = r_entries(rs, idx, ARRAY_LEN(idx));
	if (rs->finding < nf || rs->finding - nf >= MIN(ne, ARRAY_LEN(idx)))
		return review_session_msg(rs, true, ne ? "select a comment first (Up/Down)"
		                                       : "no comment on this change");
	*k = idx[rs->finding - nf];
	return true;
}

static bool r_finding_comment(ReviewSession *rs, const char *arg)
{
	(void)arg;
	if (rs->finding >= r_findings_n(rs))
		return review_session_msg(rs, false, "no finding selected on this change");
	Err e;
	err_init(&e);
	return r_report(rs, review_session_finding_comment(rs, rs->finding, &e), &e,
	                "finding turned into a comment");
}

static bool r_finding_next(ReviewSession *rs, const char *arg)
{
	(void)arg;
	if (rs->finding + 1 < r_items_n(rs))
		rs->finding++;
	return true;
}

static bool r_finding_prev(ReviewSession *rs, const char *arg)
{
	(void)arg;
	if (rs->finding > 0)
		rs->finding--;
	return true;
}

static bool r_move_finding(ReviewSession *rs, int dir)
{
	if (!review_session_move_finding(rs, dir))
		return review_session_msg(rs, false, dir > 0 ? "no change with a finding after this one"
		                                             : "no change with a finding before this one");
	rs->finding = 0;
	rs->scroll = 0;
	return true;
}

static bool r_next_finding(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move_finding(rs, 1);
}

static bool r_prev_finding(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move_finding(rs, -1);
}

static bool r_edit(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	review_session_ask(rs, SHELL_ASK_TEXT, " Edit the comment", rs->sc.comments.v[k].text,
	                   "review-save-edit");
	return true;
}

static bool r_save_edit(ReviewSession *rs, const char *arg)
{
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	return r_report(rs, review_session_edit(rs, k, arg ? arg : "", &e), &e, "comment edited");
}

static bool r_delete(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	review_session_ask(rs, SHELL_ASK_KEY, "Delete this comment and its replies? y deletes, any "
	                   "other key keeps it", NULL, "review-delete-yes");
	return true;
}

static bool r_delete_yes(ReviewSession *rs, const char *arg)
{
	size_t k;
	if (!arg || strcmp(arg, "y") != 0)
		return review_session_msg(rs, false, "kept");
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	bool ok = review_session_delete(rs, k, &e);
	if (ok && rs->finding > 0 && rs->finding >= r_items_n(rs))
		rs->finding = r_items_n(rs) ? r_items_n(rs) - 1 : 0;
	return r_report(rs, ok, &e, "comment deleted");
}

static bool r_resolve(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	bool ok = review_session_resolve(rs, k, &e);
	return r_report(rs, ok, &e, ok && !strcmp(rs->sc.comments.v[k].state, "resolved")
	                                ? "comment resolved" : "comment open again");
}

static bool r_reply(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	review_session_ask(rs, SHELL_ASK_TEXT, " Reply", NULL, "review-save-reply");
	return true;
}

static bool r_save_reply(ReviewSession *rs, const char *arg)
{
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	return r_report(rs, review_session_reply(rs, k, arg ? arg : "", &e), &e, "reply saved");
}

static bool r_file(ReviewSession *rs, int go)
{
	if (!rs->files)
		return review_session_msg(rs, false, "this review is of one file (no FILE: every file "
		                                     "of the range)");
	rs->go_file = go;
	return true;
}

static bool r_next_file(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_file(rs, 1);
}

static bool r_prev_file(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_file(rs, -1);
}

static bool r_files(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_file(rs, 2);
}

static bool r_page_down(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->scroll += MAX(1, rs->rows - 5);
	return true;
}

static bool r_page_up(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->scroll = MAX(0, rs->scroll - MAX(1, rs->rows - 5));
	return true;
}

static bool r_quit(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->shell.quit = true;
	return true;
}

static bool r_quit_hint(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return review_session_msg(rs, false, "Ctrl-Q quits (everything is kept)");
}

static bool r_help(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->shell.help = true;
	return true;
}

/* ---- the repository view (repo.h) ------------------------------------------ */

static bool l_help(Repo *r, const char *arg)
{
	(void)arg;
	r->shell.help = true;
	return true;
}

static bool l_open(Repo *r, const char *arg)
{
	(void)arg;
	if (!repo_selected(r, NULL)) {
		shell_msg(&r->shell, false, "No file is shown (a shows all)");
		return false;
	}
	r->open = true;
	return true;
}

static bool l_move(Repo *r, long d)
{
	repo_move(r, d);
	return true;
}

static long page(const Repo *r)
{
	return r->page > 1 ? (long)r->page - 1 : 1;
}

static bool l_down(Repo *r, const char *arg) { (void)arg; return l_move(r, 1); }
static bool l_up(Repo *r, const char *arg) { (void)arg; return l_move(r, -1); }
static bool l_page_down(Repo *r, const char *arg) { (void)arg; return l_move(r, page(r)); }
static bool l_page_up(Repo *r, const char *arg) { (void)arg; return l_move(r, -page(r)); }
static bool l_first(Repo *r, const char *arg) { (void)arg; return l_move(r, -(long)r->n_shown); }
static bool l_last(Repo *r, const char *arg) { (void)arg; return l_move(r, (long)r->n_shown); }

static bool l_filter(Repo *r, const char *arg)
{
	snprintf(r->text, sizeof(r->text), "%s", arg ? arg : "");
	repo_apply(r);
	return true;
}

static bool set_filter(Repo *r, RepoFilter f)
{
	r->filter = f;
	repo_apply(r);
	return true;
}

static bool l_all(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_ALL); }
static bool l_untranslated(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_UNTRANSLATED); }
static bool l_progress(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_PROGRESS); }
static bool l_done(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_DONE); }

static bool l_sort(Repo *r, const char *arg)
{
	(void)arg;
	r->sort = (RepoSort)((r->sort + 1) % RS_COUNT);
	repo_apply(r);
	shell_msg(&r->shell, false, "Sorted by %s", repo_sort_name(r->sort));
	return true;
}

static bool l_quit(Repo *r, const char *arg)
{
	(void)arg;
	r->shell.quit = true;
	return true;
}

/* An editor command: id, keys, bar, help, prompt, flags, handler. */
#define ED(id, keys, bar, help, prompt, flags, fn) \
	{id, keys, bar, help, prompt, flags, MODE_BIT(MODE_EDITOR), fn, NULL, NULL}
/* A reviewer-mode command: id, keys, bar, help, handler. */
#define RV(id, keys, bar, help, fn) \
	{id, keys, bar, help, NULL, 0, MODE_BIT(MODE_REVIEW), NULL, fn, NULL}
/* A repository-view command: id, keys, bar, help, prompt, handler. */
#define LS(id, keys, bar, help, prompt, fn) \
	{id, keys, bar, help, prompt, 0, MODE_BIT(MODE_LIST), NULL, NULL, fn}

static const Command commands[] = {
	ED("save", "C-s", "Save", "Save the translation (atomically)", NULL, CMD_SAVES, c_save),
	ED("quit", "C-q", "Quit", "Quit (asks when there are unsaved changes)", NULL, 0, c_quit),
	ED("force-quit", "", NULL, "Quit without saving", NULL, CMD_HIDDEN, c_force_quit),
	ED("save-quit", "", NULL, "Save and quit (from the quit question)", NULL, CMD_SAVES | CMD_HIDDEN, c_save_quit),
	ED("save-anyway", "", NULL, "Save a .py that Python cannot read (from the save question)", NULL, CMD_SAVES | CMD_HIDDEN, c_save_anyway),
	ED("save-quit-anyway", "", NULL, "Save such a .py and quit (from the save question)", NULL, CMD_SAVES | CMD_HIDDEN, c_save_quit_anyway),
	ED("undo", "C-z", "Undo", "Undo the last change (typing is undone as a run)", NULL, 0, c_undo),
	ED("redo", "C-y", "Redo", "Redo what was undone", NULL, 0, c_redo),
	ED("clear-block", "M-x", "Clear", "Clear this block's text to translate it (markup stays)", NULL, 0, c_clear_block),
	ED("find", "C-f", "Find", "Find text in both panes (case-insensitive)", "Find: ", CMD_INIT_FIND, c_find),
	ED("replace", "C-r", NULL, "Replace in the translation (y, n skip, a all, c case, r regex)", "Replace: ", 0, c_replace),
	ED("replace-with", "", NULL, "The replacement text (from the Ctrl-R prompt)", NULL, CMD_HIDDEN, c_replace_with),
	ED("replace-one", "", NULL, "Replace this match and go to the next (y)", NULL, CMD_HIDDEN, c_replace_one),
	ED("replace-skip", "", NULL, "Skip this match (n)", NULL, CMD_HIDDEN, c_replace_skip),
	ED("replace-all", "", NULL, "Replace every match, one undo step (a)", NULL, CMD_HIDDEN, c_replace_all),
	ED("replace-case", "", NULL, "Toggle case-sensitive replace (c)", NULL, CMD_HIDDEN, c_replace_case),
	ED("replace-regex", "", NULL, "Toggle POSIX extended regular expressions (r)", NULL, CMD_HIDDEN, c_replace_regex),
	ED("replace-stop", "", NULL, "Stop replacing: say how many were replaced (Esc)", NULL, CMD_HIDDEN, c_replace_stop),
	ED("find-next", "F6 M-f", NULL, "Find the next match (wraps)", NULL, 0, c_find_next),
	ED("find-prev", "S-F6 M-F", NULL, "Find the previous match (wraps)", NULL, 0, c_find_prev),
	ED("goto-line", "C-g", "Line", "Go to a line of the translation", "Go to line: ", 0, c_goto),
	ED("switch-pane", "Tab", "Pane", "Move between the source and the translation", NULL, 0, c_pane),
	ED("next-unfinished", "M-n", "Next", "Next unfinished segment", NULL, 0, c_next_unfinished),
	ED("prev-unfinished", "M-p", NULL, "Previous unfinished segment", NULL, 0, c_prev_unfinished),
	ED("next-untranslated", "M-u", NULL, "Next untranslated segment (drafts passed over)", NULL, 0, c_next_untranslated),
	ED("prev-untranslated", "M-U", NULL, "Previous untranslated segment", NULL, 0, c_prev_untranslated),
	ED("done-next", "M-Enter", "Done", "Mark this segment done and go to the next unfinished one", NULL, 0, c_done_next),
	ED("done-next-force", "", NULL, "Mark done although the segment has an error (from the question)", NULL, CMD_HIDDEN, c_done_next_force),
	ED("copy-source", "M-c", NULL, "Copy the source of this segment into the translation", NULL, 0, c_copy_source),
	ED("checklist", "F2", "Checklist", "The pull-request checklist: license, issue, type, " "translator", NULL, 0, c_checklist),
	ED("checklist-item", "", NULL, "Change a checklist item (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_item),
	ED("checklist-issue", "", NULL, "Set the issue number (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_issue),
	ED("checklist-type", "", NULL, "Set the PR type (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_type),
	ED("checklist-name", "", NULL, "Set the translator name (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_name),
	ED("checklist-url", "", NULL, "Set the translator URL (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_url),
	ED("translator-line", "M-t", NULL, "Insert or repair the translator line after the author " "line", NULL, 0, c_translator_line),
	ED("glossary", "F3", "Glossary", "Glossary terms here; Enter inserts one or allows it", NULL, 0, c_glossary),
	ED("glossary-insert", "", NULL, "Insert a glossary term (from the F3 list)", NULL, CMD_HIDDEN, c_glossary_insert),
	ED("tm", "F4", NULL, "Translation-memory matches here; Enter inserts one", NULL, 0, c_tm),
	ED("tm-insert", "", NULL, "Insert a translation-memory match (from the F4 list)", NULL, CMD_HIDDEN, c_tm_insert),
	ED("tm-insert-best", "M-4", NULL, "Insert the best translation-memory match here", NULL, 0, c_tm_insert_best),
	ED("findings", "F5", "Checks", "All findings of the checks; Enter goes to one", NULL, 0, c_findings),
	ED("next-finding", "F8 M-e", NULL, "Next finding of the checks", NULL, 0, c_next_finding),
	ED("prev-finding", "S-F8 M-E", NULL, "Previous finding of the checks", NULL, 0, c_prev_finding),
	ED("goto-finding", "", NULL, "Go to a finding (from the F5 list)", NULL, CMD_HIDDEN, c_goto_finding),
	ED("fix-finding", "", NULL, "Fix the finding selected in the F5 list (M-a there)", NULL,
	   CMD_HIDDEN, c_fix_finding),
	ED("autofix", "M-a", NULL, "Fix this segment's title underline or markup spacing", NULL, 0, c_autofix),
	ED("take-hint", "M-h", NULL, "Take a stale segment's hint (its Korean before sync)", NULL, 0, c_take_hint),
	ED("stale-diff", "M-d", NULL, "Show how the English of a stale segment changed", NULL, 0, c_stale_diff),
	ED("pr-comment-next", "F8", NULL, "Go to the next review comment of the pull request (--comments)",
	   NULL, 0, c_remark_next),
	ED("pr-comment-prev", "S-F8", NULL, "Go to the previous review comment of the pull request",
	   NULL, 0, c_remark_prev),
	ED("pr-comment-view", "M-v", NULL, "Show the review comment here with its whole thread", NULL,
	   0, c_remark_view),
	ED("pr-comment-resolve", "M-o", NULL, "Resolve the review comment here (again: open it)", NULL,
	   0, c_remark_resolve),
	ED("pr-comment-reply", "M-r", NULL, "Reply to the review comment here", NULL, 0,
	   c_remark_reply),
	ED("pr-comment-save-reply", "", NULL, "Keep a reply (from the prompt)", NULL, CMD_HIDDEN,
	   c_remark_save_reply),
	ED("spell", "F7", "Spell", "Suggestions for the misspelled word at the cursor", NULL, 0, c_spell),
	ED("spell-choose", "", NULL, "Replace the word or add it (from the F7 list)", NULL, CMD_HIDDEN, c_spell_choose),
	ED("spell-add-word", "M-w", NULL, "Add the misspelled word at the cursor to my word list", NULL, 0, c_spell_add),
	ED("spell-add-project", "M-W", NULL, "Add the word at the cursor to the project's .yeok-words", NULL, 0, c_spell_add_project),
	{"help", "F1", "Help", "Show every command and its keys", NULL,
	 CMD_BAR_ALWAYS, MODE_BIT(MODE_EDITOR) | MODE_BIT(MODE_REVIEW) | MODE_BIT(MODE_LIST), c_help, r_help,
	 l_help},
	ED("toggle-numbers", "M-l", NULL, "Show or hide line numbers", NULL, 0, c_numbers),
	ED("source-wider", "M->", NULL, "Make the source pane wider", NULL, 0, c_wider),
	ED("source-narrower", "M-<", NULL, "Make the source pane narrower", NULL, 0, c_narrower),
	ED("copy", "C-c", NULL, "Copy the selection (either pane)", NULL, 0, c_copy),
	ED("cut", "C-x", NULL, "Cut the selection of the translation", NULL, 0, c_cut),
	ED("paste", "C-v", NULL, "Paste what was copied or cut (over the selection)", NULL, 0, c_paste),
	ED("delete-word-back", "M-Backspace C-w", NULL, "Delete the word before the cursor", NULL, 0, c_delete_word_back),
	ED("delete-word", "C-Delete M-Delete", NULL, "Delete the word after the cursor", NULL, 0, c_delete_word),
	ED("kill-line", "C-k", NULL, "Delete to the end of the line (at its end: the line break)", NULL, 0, c_kill_line),
	ED("select-mark", "C-Space", NULL, "Set the mark: motions select until C-Space or Esc", NULL, 0, c_sel_mark),
	ED("select-cancel", "Esc", NULL, "Cancel the selection and the search highlight", NULL, 0, c_sel_cancel),
	ED("select-left", "S-Left", NULL, "Select a character left", NULL, 0, c_sel_left),
	ED("select-right", "S-Right", NULL, "Select a character right", NULL, 0, c_sel_right),
	ED("select-up", "S-Up", NULL, "Select up a screen row", NULL, 0, c_sel_up),
	ED("select-down", "S-Down", NULL, "Select down a screen row", NULL, 0, c_sel_down),
	ED("select-word-left", "C-S-Left", NULL, "Select to the previous word", NULL, 0, c_sel_word_left),
	ED("select-word-right", "C-S-Right", NULL, "Select to the next word", NULL, 0, c_sel_word_right),
	ED("select-line-start", "S-Home", NULL, "Select to the start of the line", NULL, 0, c_sel_home),
	ED("select-line-end", "S-End", NULL, "Select to the end of the line", NULL, 0, c_sel_end),
	ED("select-page-up", "S-PageUp", NULL, "Select up a screen", NULL, 0, c_sel_page_up),
	ED("select-page-down", "S-PageDown", NULL, "Select down a screen", NULL, 0, c_sel_page_down),
	ED("newline", "Enter", NULL, "New line, keeping the indentation", NULL, 0, c_newline),
	ED("backspace", "Backspace", NULL, "Delete the character before the cursor", NULL, 0, c_backspace),
	ED("delete", "Delete", NULL, "Delete the character at the cursor", NULL, 0, c_delete),
	ED("left", "Left", NULL, "Cursor left (one character)", NULL, 0, c_left),
	ED("right", "Right", NULL, "Cursor right (one character)", NULL, 0, c_right),
	ED("up", "Up", NULL, "Cursor up a screen row (wrapped rows too), keeping the column", NULL, 0, c_up),
	ED("down", "Down", NULL, "Cursor down a screen row (wrapped rows too), keeping the column", NULL, 0, c_down),
	ED("word-left", "C-Left M-b", NULL, "Cursor to the previous word", NULL, 0, c_word_left),
	ED("word-right", "C-Right", NULL, "Cursor to the next word", NULL, 0, c_word_right),
	ED("line-start", "Home C-a", NULL, "Start of the text of the line, then of the line", NULL, 0, c_home),
	ED("line-end", "End C-e", NULL, "End of the line", NULL, 0, c_end),
	ED("page-up", "PageUp", NULL, "Up a screen of rows (one row of overlap)", NULL, 0, c_page_up),
	ED("page-down", "PageDown", NULL, "Down a screen of rows (one row of overlap)", NULL, 0, c_page_down),
	ED("doc-start", "C-Home", NULL, "Start of the document", NULL, 0, c_doc_start),
	ED("doc-end", "C-End", NULL, "End of the document", NULL, 0, c_doc_end),
	ED("segment-next", "C-Down", NULL, "Next segment", NULL, 0, c_seg_next),
	ED("segment-prev", "C-Up", NULL, "Start of this segment, then the previous one", NULL, 0, c_seg_prev),
	/* reviewer mode (`yeok review`) */
	RV("review-next", "n Right", "Next", "Next change", r_next),
	RV("review-prev", "p Left", "Prev", "Previous change", r_prev),
	RV("review-comment", "c", "Comment", "Write a comment on this change (multi-line)", r_comment),
	RV("review-suggest", "s", "Suggest", "Suggest replacement text for this change", r_suggest),
	RV("review-approve", "a", "Approve", "Mark this change approved (again: unmark)", r_approve),
	RV("review-changes", "r", "Changes", "Mark this change as needing changes (again: unmark)",
	   r_changes),
	RV("review-finding-comment", "f", "Finding→comment",
	   "Turn the selected finding of check into a comment", r_finding_comment),
	RV("review-finding-next", "Down", NULL, "Select the next finding or comment", r_finding_next),
	RV("review-finding-prev", "Up", NULL, "Select the previous finding or comment",
	   r_finding_prev),
	RV("review-next-finding", "N", NULL, "Next change with a finding", r_next_finding),
	RV("review-prev-finding", "P", NULL, "Previous change with a finding", r_prev_finding),
	RV("review-edit", "e", NULL, "Edit the selected comment", r_edit),
	RV("review-delete", "D", NULL, "Delete the selected comment (asks)", r_delete),
	RV("review-resolve", "x", NULL, "Resolve the selected comment (again: open)", r_resolve),
	RV("review-reply", "R", NULL, "Reply to the selected comment", r_reply),
	RV("review-next-file", ">", NULL, "Next file of the pull request", r_next_file),
	RV("review-prev-file", "<", NULL, "Previous file of the pull request", r_prev_file),
	RV("review-files", "l", NULL, "The files of the pull request, with changes and findings",
	   r_files),
	RV("review-page-down", "PageDown", NULL, "Scroll the change down", r_page_down),
	RV("review-page-up", "PageUp", NULL, "Scroll the change up", r_page_up),
	RV("review-verdict", "v", "Verdict", "Set the verdict: approve, request changes, comment",
	   r_verdict),
	RV("review-quit", "C-q", "Quit", "Quit reviewer mode (everything is kept)", r_quit),
	RV("review-quit-hint", "q", NULL, "Say that Ctrl-Q quits", r_quit_hint),
	{"review-save-comment", "", NULL, "Save a comment (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_comment, NULL},
	{"review-save-suggestion", "", NULL, "Save a suggestion (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_suggestion, NULL},
	{"review-set-verdict", "", NULL, "Set the verdict (a, r, c, x; from the question)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_set_verdict, NULL},
	{"review-save-edit", "", NULL, "Save an edited comment (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_edit, NULL},
	{"review-save-reply", "", NULL, "Save a reply (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_reply, NULL},
	{"review-delete-yes", "", NULL, "Delete the selected comment (y; from the question)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_delete_yes, NULL},
	LS("list-open", "Enter", "Open", "Open the file in the editor (quitting it comes back)", NULL, l_open),
	LS("list-down", "Down j", NULL, "The next file", NULL, l_down),
	LS("list-up", "Up k", NULL, "The previous file", NULL, l_up),
	LS("list-page-down", "PageDown", NULL, "A page down", NULL, l_page_down),
	LS("list-page-up", "PageUp", NULL, "A page up", NULL, l_page_up),
	LS("list-first", "Home g", NULL, "The first file", NULL, l_first),
	LS("list-last", "End G", NULL, "The last file", NULL, l_last),
	LS("list-filter", "/", "Filter", "Show the files whose path holds a text (empty: all)", "Filter: ", l_filter),
	LS("list-all", "a", "All", "Show every file", NULL, l_all),
	LS("list-untranslated", "u", "Untransl", "Show the files not translated yet", NULL, l_untranslated),
	LS("list-progress", "p", "Progress", "Show the files in progress", NULL, l_progress),
	LS("list-done", "d", "Done", "Show the files done", NULL, l_done),
	LS("list-sort", "s", "Sort", "Sort by path, % translated or last commit", NULL, l_sort),
	LS("list-quit", "q C-q", "Quit", "Quit", NULL, l_quit),
};

const Command *command_table(size_t *n)
{
	*n = ARRAY_LEN(commands);
	return commands;
}

const Command *command_find(const char *id)
{
	for (size_t i = 0; i < ARRAY_LEN(commands); i++)
		if (strcmp(commands[i].id, id) == 0)
			return &commands[i];
	return NULL;
}

bool command_run(Session *s, const char *id, const char *arg)
{
	const Command *c = command_find(id);
	if (!c || !c->fn)
		return session_error(s, "Unknown command: %s", id);
	session_align_finish(s); /* a command sees the whole alignment */
	bool ok = c->fn(s, arg);
#ifndef NDEBUG
	/* Debug and test builds: the invariants hold after every command. */
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fatal("BUG: after command %s: %s", id, e.msg);
#endif
	return ok;
}

bool command_run_list(Repo *r, const char *id, const char *arg)
{
	const Command *c = command_find(id);
	if (!c || !c->lfn) {
		shell_msg(&r->shell, false, "Unknown command: %s", id);
		return false;
	}
	shell_msg_clear(&r->shell);
	bool ok = c->lfn(r, arg);
#ifndef NDEBUG
	Err e;
	err_init(&e);
	if (!repo_check(r, &e))
		fatal("BUG: after command %s: %s", id, e.msg);
#endif
	return ok;
}

bool command_run_review(ReviewSession *rs, const char *id, const char *arg)
{
	const Command *c = command_find(id);
	if (!c || !c->rfn)
		return review_session_msg(rs, true, "Unknown command: %s", id);
	bool ok = c->rfn(rs, arg);
#ifndef NDEBUG
	Err e;
	err_init(&e);
	if (!review_session_check(rs, &e))
		fatal("BUG: after command %s: %s", id, e.msg);
#endif
	return ok;
}
