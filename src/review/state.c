/* Reviewer mode without a terminal (see include/yeok/review.h): revisions,
 * source, findings, the current change, and the reviewer's entries saved in
 * the sidecar as they are made. */
#include "yeok/pair.h"
#include "yeok/progress.h"
#include "yeok/review.h"
#include "yeok/source.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

static const struct {
	const char *name, *event, *label;
} verdicts[REVIEW_VERDICT_COUNT] = {
	[REVIEW_VERDICT_NONE] = {"", "COMMENT", "no verdict"},
	[REVIEW_APPROVE] = {"approve", "APPROVE", "approve"},
	[REVIEW_REQUEST_CHANGES] = {"request-changes", "REQUEST_CHANGES", "request changes"},
	[REVIEW_COMMENT] = {"comment", "COMMENT", "comment"},
};

const char *review_verdict_name(ReviewVerdict v)
{
	return verdicts[v < REVIEW_VERDICT_COUNT ? v : 0].name;
}

const char *review_verdict_event(ReviewVerdict v)
{
	return verdicts[v < REVIEW_VERDICT_COUNT ? v : 0].event;
}

const char *review_verdict_label(ReviewVerdict v)
{
	return verdicts[v < REVIEW_VERDICT_COUNT ? v : 0].label;
}

bool review_verdict_parse(const char *s, ReviewVerdict *out)
{
	for (int v = REVIEW_APPROVE; v < REVIEW_VERDICT_COUNT; v++)
		if (s && !strcmp(s, verdicts[v].name)) {
			*out = (ReviewVerdict)v;
			return true;
		}
	return false;
}

static const char *const mark_states[] = {
	[REVIEW_MARK_NONE] = "", [REVIEW_MARK_APPROVED] = "approved",
	[REVIEW_MARK_CHANGES] = "changes",
};

void review_session_init(ReviewSession *rs)
{
	memset(rs, 0, sizeof(*rs));
	buf_init(&rs->base_src);
	review_init(&rs->r);
	sidecar_init(&rs->sc);
	glossary_init(&rs->gl);
	check_set_all(&rs->checks);
}

static void free_per_change(ReviewSession *rs)
{
	if (rs->findings)
		for (size_t i = 0; i < rs->r.n; i++) {
			findings_clear(&rs->findings[i]);
			VEC_FREE(&rs->findings[i]);
		}
	free(rs->findings);
	free(rs->keys);
	rs->findings = NULL;
	rs->keys = NULL;
}

bool review_session_msg(ReviewSession *rs, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(rs->msg, sizeof(rs->msg), fmt, ap);
	va_end(ap);
	if (rs->note[0]) {
		size_t n = strlen(rs->msg);
		snprintf(rs->msg + n, sizeof(rs->msg) - n, "%s%s", n ? " · " : "", rs->note);
		rs->note[0] = '\0';
	}
	rs->msg_error = error;
	return !error;
}

void review_session_ask(ReviewSession *rs, ReviewAskKind kind, const char *title,
                        const char *initial, const char *then)
{
	free(rs->ask.initial);
	rs->ask.kind = kind;
	snprintf(rs->ask.title, sizeof(rs->ask.title), "%s", title);
	rs->ask.initial = initial ? xstrdup(initial) : NULL;
	rs->ask.then = then;
}

void review_session_release(ReviewSession *rs)
{
	free(rs->ask.initial);
	if (rs->cd.tgt)
		check_doc_release(&rs->cd);
	free_per_change(rs);
	review_release(&rs->r);
	sidecar_release(&rs->sc);
	glossary_release(&rs->gl);
	free(rs->path);
	free(rs->sc_path);
	free(rs->relpath);
	free(rs->base_desc);
	free(rs->head_desc);
	free(rs->source_desc);
	source_stale_release(&rs->stale);
	buf_release(&rs->base_src);
	review_session_init(rs);
}

bool review_text_is_english(const Lines *l)
{
	size_t with = 0;
	for (size_t i = 0; i < l->n; i++) {
		Str s = lines_get(l, i);
		for (size_t k = 0; k < s.n;) {
			int32_t cp;
			k += text_decode(s.p + k, s.n - k, &cp);
			if (cp >= 0 && text_is_hangul(cp)) {
				with++;
				break;
			}
		}
	}
	return with <= 2 && with * 100 <= l->n;
}

/* The key of change i: its source text's key (as the sidecar's segments
 * use), or the head text's when the segment has no source side. */
static SidecarKey change_key(const Review *r, size_t i, Buf *tmp)
{
	(void)tmp;
	const Segment *s = &r->al.v[r->v[i].seg];
	if (s->src_n)
		return pair_blocks_key(r->sh.text, &r->sh.blocks, s->src, s->src_n);
	return pair_blocks_key(r->hh.text, &r->hh.blocks, s->tgt, s->tgt_n);
}

static long entry_change(const ReviewSession *rs, const SidecarComment *c)
{
	long by_key = -1;
	for (size_t i = 0; i < rs->r.n; i++) {
		if (strcmp(rs->keys[i].hex, c->segment.hex) != 0)
			continue;
		if (c->line >= (long)rs->r.v[i].head_first + 1 &&
		    c->line <= (long)rs->r.v[i].head_last + 1)
			return (long)i;
		if (by_key < 0)
			by_key = (long)i;
	}
	if (by_key >= 0 || !c->segment.hex[0])
		return by_key >= 0 ? by_key : (c->line > 0 ? review_find_line(&rs->r, (size_t)c->line - 1) : -1);
	return -1;
}

static bool is_mark(const SidecarComment *c)
{
	return c->kind && !strcmp(c->kind, "mark");
}

static bool resume_target(const ReviewSession *rs, size_t i)
{
	return review_session_mark_of(rs, i) == REVIEW_MARK_NONE;
}

bool review_session_setup(ReviewSession *rs, const char *path, const char *sc_path,
                          const char *src, size_t src_n, const char *base, size_t base_n,
                          const char *head, size_t head_n, Err *e)
{
	if (!rs->path)
		rs->path = xstrdup(path);
	if (sc_path && !rs->sc_path)
		rs->sc_path = xstrdup(sc_path);
	if (rs->sc_path) {
		bool corrupt = false;
		if (!sidecar_load(rs->sc_path, &rs->sc, &corrupt, e))
			return false;
	}
	if (rs->cd.tgt)
		check_doc_release(&rs->cd);
	memset(&rs->cd, 0, sizeof(rs->cd));
	review_compute(&rs->r, path, src, src_n, base, base_n, head, head_n);
	rs->carried = rs->base_src.len ? review_drop_carried(&rs->r, rs->base_src.p, rs->base_src.len)
	                               : 0;
	Lines bl;
	lines_init(&bl);
	lines_parse(&bl, base, base_n);
	rs->base_english = review_text_is_english(&bl);
	lines_release(&bl);

	check_doc_init(&rs->cd, rs->r.hh.text, &rs->r.hh.blocks, rs->r.sh.text, &rs->r.sh.blocks,
	               &rs->r.al, rs->gl.n ? &rs->gl : NULL);
	rs->cd.tgt_host = &rs->r.hh;
	rs->cd.src_host = &rs->r.sh;
	char what[sizeof(rs->stale.what)];
	memcpy(what, rs->stale.what, sizeof(what));
	source_stale_measure(rs->r.sh.text, &rs->r.sh.blocks, rs->r.hh.text, &rs->r.hh.blocks,
	                     &rs->stale);
	memcpy(rs->stale.what, what, sizeof(what));
	rs->cd.stale = &rs->stale;
	free_per_change(rs);
	rs->keys = xcalloc(rs->r.n + 1, sizeof(SidecarKey));
	rs->findings = xcalloc(rs->r.n + 1, sizeof(FindingVec));
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < rs->r.n; i++) {
		rs->keys[i] = change_key(&rs->r, i, &tmp);
		check_unit(&rs->cd, &rs->checks, rs->r.v[i].seg, &rs->findings[i]);
		findings_sort(&rs->findings[i]);
	}
	buf_release(&tmp);
	rs->cur = 0;
	for (size_t i = 0; i < rs->r.n; i++)
		if (resume_target(rs, i)) {
			rs->cur = i;
			break;
		}
	return true;
}

/* ---- opening from git ------------------------------------------------------ */

static char *short_id(const char *id)
{
	return xmemdup0(id, 7);
}

/* The default base: the merge base with origin's default branch, else
 * HEAD~1. */
static bool default_base(const char *path, char id[41], char **desc, Err *e)
{
	char *dir = path_dirname(path);
	const char *argv[] = {"symbolic-ref", "--quiet", "refs/remotes/origin/HEAD", NULL};
	Buf out = BUF_INIT;
	Err ignore;
	err_init(&ignore);
	bool found = false;
	if (vcs_git(dir, argv, &out, NULL, &ignore) && out.len) {
		while (out.len && (out.p[out.len - 1] == '\n' || out.p[out.len - 1] == '\r'))
			out.p[--out.len] = '\0';
		const char *ref = out.p;
		if (!strncmp(ref, "refs/remotes/", 13))
			ref += 13;
		if (vcs_merge_base(path, ref, id, &ignore)) {
			char *s = short_id(id);
			*desc = xasprintf("%s (merge base with %s)", s, ref);
			free(s);
			found = true;
		}
	}
	buf_release(&out);
	free(dir);
	if (found)
		return true;
	if (!vcs_commit(path, "HEAD~1", id, e)) {
		err_set(e, EXIT_NOINPUT,
		        "%s: no default base (origin has no default branch and there is no HEAD~1): "
		        "give --base REV", path);
		return false;
	}
	char *s = short_id(id);
	*desc = xasprintf("%s (HEAD~1)", s);
	free(s);
	return true;
}

static bool load_glossaries(ReviewSession *rs, const ReviewOpts *o, Err *e)
{
	if (o->glossaries) {
		for (size_t i = 0; o->glossaries[i]; i++)
			if (!glossary_load(&rs->gl, o->glossaries[i], e))
				return false;
		return true;
	}
	char *def = glossary_default_path();
	bool ok = true;
	if (def && file_exists(def))
		ok = glossary_load(&rs->gl, def, e);
	free(def);
	return ok;
}

bool review_session_open(ReviewSession *rs, const char *path, const ReviewOpts *o, Err *e)
{
	review_session_release(rs);
	rs->path = xstrdup(path);
	rs->sc_path = sidecar_path(path);
	if (!vcs_relpath(path, &rs->relpath, e))
		return false;
	if (!load_glossaries(rs, o, e))
		return false;
	char id[41];
	if (o->base) {
		if (!vcs_commit(path, o->base, id, e))
			return false;
		char *s = short_id(id);
		rs->base_desc = xasprintf("%s (%s)", s, o->base);
		free(s);
	} else if (!default_base(path, id, &rs->base_desc, e)) {
		return false;
	}
	Buf base = BUF_INIT, head = BUF_INIT;
	Source src;
	source_init(&src);
	bool ok = vcs_show(path, id, &base, e);
	if (ok && o->head) {
		char hid[41];
		ok = vcs_commit(path, o->head, hid, e) && vcs_show(path, hid, &head, e);
		if (ok) {
			char *s = short_id(hid);
			rs->head_desc = xasprintf("%s (%s)", s, o->head);
			free(s);
		}
	} else if (ok) {
		ok = file_read(path, &head, e);
		rs->head_desc = xstrdup("working tree");
	}
	/* the sidecar first: its source record is the third choice */
	bool corrupt = false;
	if (ok)
		ok = sidecar_load(rs->sc_path, &rs->sc, &corrupt, e);
	if (ok && corrupt)
		ok = err_set(e, EXIT_DATAERR, "%s: corrupt sidecar (not touched)", rs->sc_path);
	if (ok) {
		SourceRecord rec;
		bool have_rec = source_record_from_sidecar(&rs->sc.source, &rec);
		Lines bl;
		lines_init(&bl);
		lines_parse(&bl, base.p ? base.p : "", base.len);
		bool base_en = review_text_is_english(&bl);
		lines_release(&bl);
		/* The one source resolution; a base that is still English is the
		 * English before the history is searched (a translation PR). */
		SourceOpts so = {.path = o->source_path, .rev = o->source_rev,
		                 .recorded = have_rec ? &rec : NULL, .history = !base_en};
		if (so.path || so.rev || have_rec || !base_en)
			ok = source_resolve(path, &so, &src, e);
		/* a Korean base: the English it was made from, so that what a sync
		 * carried unchanged is not shown as a change */
		bool found = false;
		char eid[41];
		if (ok && !base_en)
			ok = source_english_at(path, id, &found, eid, &rs->base_src, e);
		if (ok && src.origin != SOURCE_NONE && (so.path || so.rev || have_rec || !base_en)) {
			rs->source_desc = xstrdup(src.desc ? src.desc : "");
		} else if (ok) {
			source_release(&src);
			buf_add(&src.text, base.p ? base.p : "", base.len);
			rs->source_desc = xasprintf(base_en ? "the base revision %s"
			                                    : "the base revision %s (already Korean, and "
			                                      "no English revision in the history: give "
			                                      "--source for the English)",
			                            rs->base_desc);
		}
	}
	if (ok) {
		/* the sidecar is loaded already: setup must not load it again */
		char *scp = rs->sc_path;
		rs->sc_path = NULL;
		if (src.origin != SOURCE_NONE)
			snprintf(rs->stale.what, sizeof(rs->stale.what), "%s", src.desc ? src.desc : "");
		ok = review_session_setup(rs, path, NULL, src.text.p ? src.text.p : "", src.text.len,
		                          base.p ? base.p : "", base.len, head.p ? head.p : "",
		                          head.len, e);
		rs->sc_path = scp;
	}
	if (ok && rs->stale.stale && src.origin != SOURCE_NONE) {
		/* said in check's words, and with the first message */
		source_stale_what(&src, path, NULL, rs->stale.what, sizeof(rs->stale.what));
		if (!rs->note[0])
			snprintf(rs->note, sizeof(rs->note), "the English (%.120s) is older than the "
			         "Korean: %zu blocks differ [source-stale]", rs->stale.what,
			         rs->stale.differ);
	}
	source_release(&src);
	buf_release(&base);
	buf_release(&head);
	return ok;
}

/* ---- moving and recording --------------------------------------------------- */

size_t review_session_count(const ReviewSession *rs)
{
	return rs->r.n;
}

const ReviewChange *review_session_change(const ReviewSession *rs, size_t i)
{
	return i < rs->r.n ? &rs->r.v[i] : NULL;
}

bool review_session_move(ReviewSession *rs, int dir)
{
	if (dir > 0 && rs->cur + 1 < rs->r.n) {
		rs->cur++;
		return true;
	}
	if (dir < 0 && rs->cur > 0) {
		rs->cur--;
		return true;
	}
	return false;
}

static bool save(ReviewSession *rs, Err *e)
{
	if (!rs->sc_path || rs->read_only)
		return true;
	if (!rs->excluded) {
		/* the sidecar stays out of `git status` (DESIGN.md §4.5), said once */
		rs->excluded = true;
		bool added = false;
		Err xe;
		err_init(&xe);
		if (!vcs_exclude_side_files(rs->path, &added, &xe))
			snprintf(rs->note, sizeof(rs->note), "%.250s", xe.msg);
		else if (added)
			snprintf(rs->note, sizeof(rs->note), "yeok's side files are now listed in "
			         ".git/info/exclude: git status shows only your documents");
	}
	return sidecar_save(rs->sc_path, &rs->sc, e);
}

static bool add_entry(ReviewSession *rs, const char *text, const char *kind, const char *state,
                      Err *e)
{
	if (rs->cur >= rs->r.n)
		return err_set(e, EXIT_USAGE, "no change to comment on");
	const ReviewChange *c = &rs->r.v[rs->cur];
	sidecar_add_comment(&rs->sc, (long)c->head_first + 1, rs->keys[rs->cur], text, state);
	SidecarComment *m = &rs->sc.comments.v[rs->sc.comments.n - 1];
	if (c->head_last > c->head_first)
		m->last = (long)c->head_last + 1;
	m->kind = kind ? xstrdup(kind) : NULL;
	return save(rs, e);
}

static bool blank(const char *s)
{
	for (; s && *s; s++)
		if (!strchr(" \t\r\n", *s))
			return false;
	return true;
}

bool review_session_comment(ReviewSession *rs, const char *text, Err *e)
{
	if (blank(text))
		return err_set(e, EXIT_USAGE, "empty comment: nothing saved");
	return add_entry(rs, text, NULL, NULL, e);
}

bool review_session_suggest(ReviewSession *rs, const char *text, Err *e)
{
	if (!text || !*text)
		return err_set(e, EXIT_USAGE, "empty suggestion: nothing saved");
	return add_entry(rs, text, "suggestion", NULL, e);
}

bool review_session_mark(ReviewSession *rs, ReviewMark m, Err *e)
{
	if (rs->cur >= rs->r.n)
		return err_set(e, EXIT_USAGE, "no change to mark");
	ReviewMark old = review_session_mark_of(rs, rs->cur);
	for (size_t i = rs->sc.comments.n; i-- > 0;) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (is_mark(c) && entry_change(rs, c) == (long)rs->cur)
			sidecar_remove_comment(&rs->sc, i);
	}
	if (m != REVIEW_MARK_NONE && m != old)
		return add_entry(rs, "", "mark", mark_states[m], e);
	return save(rs, e);
}

bool review_session_finding_comment(ReviewSession *rs, size_t k, Err *e)
{
	if (rs->cur >= rs->r.n || k >= rs->findings[rs->cur].n)
		return err_set(e, EXIT_USAGE, "no finding here");
	const Finding *f = &rs->findings[rs->cur].v[k];
	char *text = f->suggestion
	        ? xasprintf("[%s] line %zu: %s (suggested: %s)", check_info(f->check)->id,
	                    f->line + 1, f->message, f->suggestion)
	        : xasprintf("[%s] line %zu: %s", check_info(f->check)->id, f->line + 1,
	                    f->message);
	bool ok = review_session_comment(rs, text, e);
	free(text);
	return ok;
}

bool review_session_set_verdict(ReviewSession *rs, ReviewVerdict v, Err *e)
{
	sidecar_set_verdict(&rs->sc, v == REVIEW_VERDICT_NONE ? NULL : review_verdict_name(v));
	return save(rs, e);
}

ReviewVerdict review_session_verdict(const ReviewSession *rs)
{
	ReviewVerdict v = REVIEW_VERDICT_NONE;
	if (rs->sc.verdict)
		review_verdict_parse(rs->sc.verdict, &v);
	return v;
}

ReviewMark review_session_mark_of(const ReviewSession *rs, size_t change)
{
	ReviewMark m = REVIEW_MARK_NONE;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (!is_mark(c) || entry_change(rs, c) != (long)change)
			continue;
		if (!strcmp(c->state, mark_states[REVIEW_MARK_APPROVED]))
			m = REVIEW_MARK_APPROVED;
		else if (!strcmp(c->state, mark_states[REVIEW_MARK_CHANGES]))
			m = REVIEW_MARK_CHANGES;
	}
	return m;
}

size_t review_session_entries(const ReviewSession *rs, size_t change, size_t *idx, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (is_mark(c) || entry_change(rs, c) != (long)change)
			continue;
		if (n < max)
			idx[n] = i;
		n++;
	}
	return n;
}

void review_session_header(const ReviewSession *rs, Buf *out)
{
	size_t ok = 0, changes = 0;
	for (size_t i = 0; i < rs->r.n; i++) {
		ReviewMark m = review_session_mark_of(rs, i);
		ok += m == REVIEW_MARK_APPROVED;
		changes += m == REVIEW_MARK_CHANGES;
	}
	if (rs->r.n)
		buf_addf(out, "change %zu of %zu", rs->cur + 1, rs->r.n);
	else
		buf_adds(out, "no changes");
	buf_addf(out, " · %s · %zu approved, %zu need%s changes",
	         review_verdict_label(review_session_verdict(rs)), ok, changes,
	         changes == 1 ? "s" : "");
}

void review_session_entry_lines(const ReviewSession *rs, const SidecarComment *c, long *first,
                                long *last)
{
	long ch = entry_change(rs, c);
	if (ch >= 0) {
		*first = (long)rs->r.v[ch].head_first + 1;
		*last = (long)rs->r.v[ch].head_last + 1;
		return;
	}
	*first = c->line;
	*last = c->last > c->line ? c->last : c->line;
}

bool review_session_check(const ReviewSession *rs, Err *e)
{
	if (rs->r.n && rs->cur >= rs->r.n)
		return err_set(e, EXIT_DATAERR, "review: current change %zu of %zu", rs->cur,
		               rs->r.n);
	for (size_t i = 0; i < rs->r.n; i++) {
		const ReviewChange *c = &rs->r.v[i];
		if (c->head_first > c->head_last || c->head_last >= rs->r.head.n ||
		    c->seg >= rs->r.al.n || (i && rs->r.v[i - 1].head_first >= c->head_first))
			return err_set(e, EXIT_DATAERR, "review: change %zu malformed", i);
	}
	return sidecar_check(&rs->sc, e);
}
