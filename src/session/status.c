/* session: the header and the status line in spans; what a frame needs
 * brought up to date first (include/yeok/session.h). */
#include "session-private.h"

#include <limits.h>

#include "yeok/text.h"

int session_checklist(Session *s, ChecklistPart parts[CHECKLIST_PARTS])
{
	return sidecar_checklist_parts(&s->side.sc.checklist, parts);
}

/* The path in at most w columns: whole, else "…/" and its last folders,
 * else "…/" and its name, else the end of its name after "…". */
static void header_path(const char *path, int w, Buf *out)
{
	size_t n = strlen(path);
	if (text_width(path, n) <= w) {
		buf_add(out, path, n);
		return;
	}
	const char *tail = path;
	for (const char *p = path; *p; p++)
		if (*p == '/' && p[1] && text_width(p, n - (size_t)(p - path)) + 1 <= w) {
			tail = p; /* "…" + "/folder/name.rst" fits */
			break;
		}
	if (tail != path) {
		buf_adds(out, "…");
		buf_adds(out, tail);
		return;
	}
	const char *base = strrchr(path, '/');
	base = base && base[1] ? base + 1 : path;
	size_t bn = strlen(base), from = 0;
	while (from < bn && text_width(base + from, bn - from) + 1 > w)
		from = text_next_grapheme(base, bn, from);
	buf_adds(out, "…");
	buf_add(out, base + from, bn - from);
}

void session_header(Session *s, Buf *left, Buf *right)
{
	Buf flags = BUF_INIT, untr = BUF_INIT, rest = BUF_INIT;
	if (doc_modified(&s->doc) || s->side.dirty)
		buf_adds(&flags, " [+]");
	if (s->doc.read_only)
		buf_adds(&flags, " [read-only]");
	if (s->doc.is_new)
		buf_adds(&flags, " [new]");
	buf_adds(&flags, "  EN ▸ KO");
	DocProgress pr;
	doc_progress(&s->doc, &pr);
	Buf done = BUF_INIT;
	if (s->side.statuses_pending) { /* the sidecar's statuses are not all in */
		buf_addf(&done, "⋯/%zu done", pr.total);
	} else {
		buf_addf(&done, "%zu/%zu done", pr.done, pr.total);
		if (pr.untranslated)
			buf_addf(&untr, " · %zu untranslated", pr.untranslated);
		if (pr.stale)
			buf_addf(&rest, " · %zu stale", pr.stale);
	}
	if (s->chk.on)
		buf_addf(&rest, " · ⚠ %zu%s", s->chk.n, s->chk.pending ? "…" : "");
	/* at the terminal's width: the path gives way first, then the count
	 * of untranslated segments; the flags, EN ▸ KO, the progress and the
	 * findings stay (a gap of one column between the two ends) */
	int cols = s->view.cols > 0 ? s->view.cols : INT_MAX / 2;
	int fixed = 1 + text_width(flags.p, flags.len) + text_width(done.p, done.len) +
	            text_width(rest.p ? rest.p : "", rest.len) + 1 + 1;
	int uw = text_width(untr.p ? untr.p : "", untr.len);
	const char *path = s->doc.path ? s->doc.path : "";
	const char *base = strrchr(path, '/');
	int base_w = text_width(base ? base + 1 : path, strlen(base ? base + 1 : path)) + 2;
	if (uw && fixed + uw + MIN(base_w, text_width(path, strlen(path))) > cols) {
		buf_clear(&untr); /* the path's name before the count */
		uw = 0;
	}
	buf_addc(left, ' ');
	header_path(path, MAX(4, cols - fixed - uw), left);
	buf_add(left, flags.p, flags.len);
	buf_add(right, done.p, done.len);
	buf_add(right, untr.p ? untr.p : "", untr.len);
	buf_add(right, rest.p ? rest.p : "", rest.len);
	buf_addc(right, ' ');
	buf_release(&flags);
	buf_release(&done);
	buf_release(&untr);
	buf_release(&rest);
}

void session_status(Session *s, Buf *out)
{
	session_status_spans(s, out, NULL, NULL, NULL);
}

void session_status_right(Session *s, Buf *out)
{
	Buf left = BUF_INIT;
	session_status_spans(s, &left, NULL, out, NULL);
	buf_release(&left);
}

static void span(Buf *b, StatusSpanVec *v, SpanKind k)
{
	if (!v)
		return;
	StatusSpan x = {b->len, k};
	VEC_PUSH(v, x);
}

void session_prepare_frame(Session *s)
{
	session_sync(s);
	session_remarks_sync(s);
	session_vseg_count(s);
	long k = session_cur_seg(s);
	/* the cursor's segment checked for the status line, once the first
	 * index is there (it is built in idle slices: not here at once) */
	if (k >= 0 && s->chk.check_doc_built && check_doc_indexed(&s->chk.check_doc) && (size_t)k < s->chk.seg.n)
		session_seg_ready(s, (size_t)k);
	session_tm_prefetch(s);
}

/* A hint on one line: its lines joined by " ⏎ ", at most 60 characters
 * (grapheme clusters), cut between two of them. */
static void hint_line(Buf *b, const char *h)
{
	size_t n = strlen(h), chars = 0;
	for (size_t i = 0; i < n;) {
		if (chars >= 60) {
			buf_adds(b, "…");
			return;
		}
		size_t e = text_next_grapheme(h, n, i);
		if (h[i] == '\n') {
			buf_adds(b, " ⏎ ");
			chars += 3;
		} else if (h[i] == '\t' || h[i] == '\r') {
			buf_addc(b, ' ');
			chars++;
		} else {
			buf_add(b, h + i, e - i);
			chars++;
		}
		i = e;
	}
}

void session_status_spans(Session *s, Buf *left, StatusSpanVec *ls, Buf *right, StatusSpanVec *rs)
{
	if (s->shell.msg.text[0]) {
		buf_addf(left, " %s", s->shell.msg.text);
		span(left, ls, s->shell.msg.error ? SPAN_ERROR : SPAN_NORMAL);
	} else {
		long k = session_cur_seg(s);
		if (k >= 0) {
			const Segment *g = &s->doc.al.v[k];
			bool pending = session_seg_status_pending(s, (size_t)k);
			buf_addf(left, " §%ld/%zu %s · %s", k + 1, s->doc.al.n, rst_kind_name(g->kind),
			         pending ? "status pending" : align_status_name(g->status));
			span(left, ls, g->status == ST_STALE ? SPAN_WARN : SPAN_NORMAL);
			/* an exact match in the translation memory for untranslated prose */
			const TmMatches *m = g->status == ST_UNTRANSLATED && !pending
			                         ? session_tm_matches(s, (size_t)k)
			                         : NULL;
			if (m && m->n && m->v[0].score == 100) {
				buf_adds(left, "  TM 100%");
				span(left, ls, SPAN_GLOSS);
			}
			/* the alignment broke around here */
			Buf why = BUF_INIT;
			if (session_align_break(s, (size_t)k, &why)) {
				buf_addf(left, "  ⚠ %s", why.p);
				span(left, ls, SPAN_WARN);
			}
			buf_release(&why);
			/* the Korean before `yeok sync` (take-hint puts it in) */
			const char *hint = session_stale_hint(s, (size_t)k);
			if (hint) {
				buf_adds(left, "  hint: ");
				span(left, ls, SPAN_NORMAL);
				hint_line(left, hint);
				span(left, ls, SPAN_HINT);
			}
		}
		Pos c = s->caret.focus == PANE_TARGET ? s->caret.cur : s->caret.scur;
		Str ln = lines_get(session_lines(s, s->caret.focus), c.line);
		buf_addf(left, "  %s %zu:%zu", s->caret.focus == PANE_TARGET ? "KO" : "EN", c.line + 1,
		         text_count_graphemes(ln.p, c.col) + 1);
		span(left, ls, SPAN_NORMAL);
		/* a pull request's review comment on this line or segment */
		long rm = s->rem.v.n ? session_remark_here(s) : -1;
		if (rm >= 0) {
			buf_adds(left, "  ✎ ");
			session_remark_summary(s, (size_t)rm, left);
			buf_adds(left, " · M-v thread");
			span(left, ls, session_remark_resolved(s, (size_t)rm) ? SPAN_NORMAL : SPAN_HINT);
		}
		/* glossary hints */
		GlossHintVec hv = {0};
		if (k >= 0 && session_hints(s, k, &hv)) {
			buf_adds(left, "  용어");
			span(left, ls, SPAN_NORMAL);
			for (size_t i = 0; i < hv.n && i < 6; i++) {
				buf_adds(left, i ? " · " : " ");
				span(left, ls, SPAN_NORMAL);
				if (hv.v[i].violated)
					buf_addc(left, '!');
				glossary_term_label(session_glossary(s), hv.v[i].term, left);
				span(left, ls, hv.v[i].violated ? SPAN_WARN : SPAN_GLOSS);
			}
			if (hv.n > 6) {
				buf_addf(left, " +%zu", hv.n - 6);
				span(left, ls, SPAN_NORMAL);
			}
		}
		VEC_FREE(&hv);
		/* the findings of this segment (the first one in full), when
		 * session_prepare_frame checked it */
		if (k >= 0 && s->chk.on && (size_t)k < s->chk.seg.n && session_slot_ready(s, &s->chk.seg.v[k]) &&
		    s->chk.seg.v[k].n) {
			const SegFindings *f = &s->chk.seg.v[k];
			size_t best = 0;
			for (size_t i = 1; i < f->n; i++)
				if (f->v[i].sev > f->v[best].sev)
					best = i;
			buf_addf(left, "  ⚠ %s", f->v[best].message);
			if (f->n > 1)
				buf_addf(left, " (+%zu)", (size_t)f->n - 1);
			span(left, ls, f->v[best].sev == SEV_ERROR ? SPAN_ERROR
			               : f->v[best].sev == SEV_WARNING ? SPAN_WARN : SPAN_NORMAL);
		}
		/* the English is older than the Korean (source-stale): about the
		 * whole document, after what is about this segment */
		const SourceStale *st = k >= 0 ? session_stale_english(s) : NULL;
		if (st) {
			buf_addf(left, "  ⚠ stale English: %s, %zu block%s differ (upstream: or --source)",
			         st->what, st->differ, st->differ == 1 ? "" : "s");
			span(left, ls, SPAN_WARN);
		}
	}
	if (right && (s->side.path || s->side.sc.checklist.license >= 0)) {
		ChecklistPart parts[CHECKLIST_PARTS];
		session_checklist(s, parts);
		for (int i = 0; i < CHECKLIST_PARTS; i++) {
			buf_addf(right, "%s%s", i ? " " : "", parts[i].text);
			span(right, rs, parts[i].warn ? SPAN_WARN : SPAN_NORMAL);
		}
		buf_addc(right, ' ');
		span(right, rs, SPAN_NORMAL);
	}
}
