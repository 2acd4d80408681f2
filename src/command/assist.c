/*
 * The editor's commands for its panels and pick lists: the checklist (F2),
 * a pull request's review comments, the stale diff, the glossary (F3), the
 * translation memory (F4), findings (F5) and autofix, spelling (F7).
 */
#include "command-private.h"
#include "yeok/text.h"

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

bool c_checklist(Session *s, const char *arg)
{
	(void)arg;
	if (!s->side.path)
		return session_error(s, "No sidecar for this document");
	checklist_open(s, 0);
	return true;
}

bool c_checklist_item(Session *s, const char *arg)
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

bool c_checklist_issue(Session *s, const char *arg)
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

bool c_checklist_type(Session *s, const char *arg)
{
	long t;
	if (!pick_value(s, arg, &t))
		return false;
	s->side.sc.checklist.type = (PrType)t;
	session_state_changed(s, "type", sidecar_type_name((PrType)t));
	checklist_open(s, 2);
	return true;
}

bool c_checklist_name(Session *s, const char *arg)
{
	const char *url = s->side.sc.translator_url;
	char *keep = url ? xstrdup(url) : NULL;
	sidecar_set_translator(&s->side.sc, arg && *arg ? arg : NULL, keep);
	free(keep);
	session_state_changed(s, "translator-name", arg);
	checklist_open(s, 3);
	return true;
}

bool c_checklist_url(Session *s, const char *arg)
{
	char *keep = s->side.sc.translator_name ? xstrdup(s->side.sc.translator_name) : NULL;
	sidecar_set_translator(&s->side.sc, keep, arg && *arg ? arg : NULL);
	free(keep);
	session_state_changed(s, "translator-url", arg);
	checklist_open(s, 4);
	return true;
}

bool c_translator_line(Session *s, const char *arg)
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

bool c_remark_next(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_step(s, 1);
}

bool c_remark_prev(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_step(s, -1);
}

bool c_remark_view(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_view(s);
}

bool c_remark_resolve(Session *s, const char *arg)
{
	(void)arg;
	return session_remark_resolve(s);
}

bool c_remark_reply(Session *s, const char *arg)
{
	(void)arg;
	session_remarks_sync(s);
	long i = session_remark_here(s);
	if (i < 0)
		return session_error(s, "no review comment here (F8 goes to the next)");
	session_ask(s, "Reply to the review comment: ", NULL, "pr-comment-save-reply");
	return true;
}

bool c_remark_save_reply(Session *s, const char *arg)
{
	return session_remark_reply(s, arg ? arg : "");
}

bool c_stale_diff(Session *s, const char *arg)
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

bool c_glossary(Session *s, const char *arg)
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

bool c_glossary_insert(Session *s, const char *arg)
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

bool c_tm(Session *s, const char *arg)
{
	(void)arg;
	return session_tm_list(s);
}

bool c_tm_insert(Session *s, const char *arg)
{
	long i;
	if (!pick_value(s, arg, &i))
		return false;
	if (i < 0)
		return session_error(s, "No match chosen (F4 asks again)");
	return session_tm_insert(s, (size_t)i);
}

bool c_tm_insert_best(Session *s, const char *arg)
{
	(void)arg;
	return session_tm_insert_best(s);
}

bool c_take_hint(Session *s, const char *arg)
{
	(void)arg;
	return session_take_hint(s);
}

/* ---- findings (F5) and autofix ----------------------------------------- */

#define POS_PACK(line, byte) ((long)(line) * 1048576L + (long)MIN((byte), 1048575u))

bool c_findings(Session *s, const char *arg)
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

bool c_goto_finding(Session *s, const char *arg)
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

bool c_autofix(Session *s, const char *arg)
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
bool c_fix_finding(Session *s, const char *arg)
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
	if (!check_fix_applies(&s->doc.tgt, fx))
		return session_error(s, "The fix no longer applies");
	size_t last = check_fix_last(fx);
	char *text = xstrdup(fx->text ? fx->text : "");
	Pos a = {fx->line, fx->from}, b = {last, fx->to};
	session_replace(s, a, b, text, strlen(text), CH_OTHER, SR_GROUP);
	session_msg(s, "Fixed %s (Ctrl-Z undoes)", check_info(id)->id);
	free(text);
	return true;
}

/* ---- spelling (F7) ---------------------------------------------------- */

bool c_spell(Session *s, const char *arg)
{
	(void)arg;
	return session_spell_at_cursor(s);
}

bool c_spell_choose(Session *s, const char *arg)
{
	long v;
	if (!pick_value(s, arg, &v))
		return false;
	if (v == -1)
		return session_error(s, "No suggestion chosen (F7 asks again)");
	return session_spell_choose(s, v);
}

bool c_spell_add(Session *s, const char *arg)
{
	(void)arg;
	return session_spell_add(s, SPELL_LIST_PERSONAL);
}

bool c_spell_add_project(Session *s, const char *arg)
{
	(void)arg;
	return session_spell_add(s, SPELL_LIST_PROJECT);
}
