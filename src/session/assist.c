/* session: what the core modules add to the editor — the sidecar (source
 * record, statuses, cursor, checklist, translator line), stale segments,
 * the glossary, the findings of the checks kept per segment, pick lists
 * and the status line in spans (include/yeok/session.h). */
#include "session-private.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yeok/text.h"

void session_assist_init(Session *s)
{
	sidecar_init(&s->sc);
	source_init(&s->src);
	glossary_init(&s->gl);
	check_set_all(&s->cset);
	s->cset.on[CK_SPELLING] = false;
	spell_words_init(&s->spell_src);
	s->spell_src_seg = -2;
}

static void stale_clear(Session *s)
{
	for (size_t i = 0; i < s->stale.n; i++)
		free(s->stale.v[i].old);
	VEC_FREE(&s->stale);
}

static void uf_clear(Session *s)
{
	s->uf_pending = 0;
	s->uf_scan = 0;
	for (size_t i = 0; i < s->uf.n; i++) {
		SegFindings *f = &s->uf.v[i];
		for (size_t j = 0; j < f->n; j++)
			finding_release(&f->v[j]);
		free(f->v);
	}
	VEC_FREE(&s->uf);
	s->n_findings = 0;
}

void session_assist_release(Session *s)
{
	session_spell_release(s);
	sidecar_release(&s->sc);
	free(s->sc_path);
	source_release(&s->src);
	stale_clear(s);
	session_pick_close(s);
	free(s->ask.initial);
	glossary_release(&s->gl);
	if (s->cd_built)
		check_doc_release(&s->cd);
	uf_clear(s);
}

/* ---- pick lists and prompts ---------------------------------------------- */

void session_pick_open(Session *s, const char *title, const char *then)
{
	session_pick_close(s);
	s->pick.on = true;
	snprintf(s->pick.title, sizeof(s->pick.title), "%s", title);
	s->pick.then = then;
	s->pick.sel = 0;
}

void session_pick_add(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	Buf b = BUF_INIT;
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	char *t = buf_detach(&b);
	VEC_PUSH(&s->pick.items, t);
}

void session_pick_close(Session *s)
{
	for (size_t i = 0; i < s->pick.items.n; i++)
		free(s->pick.items.v[i]);
	VEC_FREE(&s->pick.items);
	VEC_FREE(&s->pick.data);
	s->pick.on = false;
	s->pick.then = NULL;
}

void session_ask(Session *s, const char *prompt, const char *initial, const char *then)
{
	free(s->ask.initial);
	s->ask.on = true;
	snprintf(s->ask.prompt, sizeof(s->ask.prompt), "%s", prompt);
	s->ask.initial = initial ? xstrdup(initial) : NULL;
	s->ask.then = then;
}

/* ---- statuses ------------------------------------------------------------ */

static SidecarKey src_key(Session *s, size_t k, Buf *tmp)
{
	const Segment *g = &s->doc.al.v[k];
	SidecarKey key = {""};
	if (!g->src_n)
		return key;
	buf_clear(tmp);
	progress_blocks_text(&s->doc.src, &s->doc.sb, g->src, g->src_n, tmp);
	return sidecar_key(tmp->p ? tmp->p : "", tmp->len);
}

void session_set_status(Session *s, size_t k, SegStatus st)
{
	doc_set_status(&s->doc, k, st);
}

/* The English the sidecar recorded, read offline (for the old English of
 * stale segments when another source was given). */
static void fill_old_from_record(Session *s, Progress *p)
{
	SourceRecord rec;
	if (s->src.origin == SOURCE_SIDECAR || !source_record_from_sidecar(&s->sc.source, &rec))
		return;
	Source old;
	source_init(&old);
	SourceOpts o = {.recorded = &rec, .self_fallback = false};
	Err e;
	err_init(&e);
	if (source_resolve(s->doc.path, &o, &old, &e)) {
		Lines l;
		lines_init(&l);
		lines_parse(&l, old.text.p ? old.text.p : "", old.text.len);
		RstDoc d;
		rst_init(&d);
		rst_segment(&l, &d);
		progress_fill_old(p, &s->doc.al, &l, &d);
		rst_release(&d);
		lines_release(&l);
	}
	source_release(&old);
}

static void apply_statuses(Session *s)
{
	Doc *d = &s->doc;
	stale_clear(s);
	if (!s->sc.segs.n)
		return; /* nothing stored: no keys to compute */
	Progress p;
	progress_init(&p);
	progress_apply(&s->sc, &d->src, &d->sb, &d->tgt, &d->tb, &d->al, &p);
	bool any_stale = false;
	for (size_t k = 0; k < d->al.n; k++)
		any_stale |= d->al.v[k].status == ST_STALE;
	if (any_stale)
		fill_old_from_record(s, &p);
	stale_clear(s);
	for (size_t k = 0; k < d->al.n; k++) {
		SegStatus st = d->al.v[k].status;
		if (st != ST_DONE && st != ST_REVIEWED && st != ST_STALE)
			continue;
		doc_set_status(d, k, st);
		if (st == ST_STALE) {
			SessionStale x = {p.v[k].source, p.v[k].old_key, p.v[k].mark, p.v[k].old};
			p.v[k].old = NULL;
			VEC_PUSH(&s->stale, x);
		}
	}
	progress_release(&p);
}

static const SessionStale *stale_of(const Session *s, const char *key)
{
	for (size_t i = 0; i < s->stale.n; i++)
		if (!strcmp(s->stale.v[i].source.hex, key))
			return &s->stale.v[i];
	return NULL;
}

static void store_statuses(Session *s)
{
	Doc *d = &s->doc;
	Progress p;
	progress_init(&p);
	Sidecar none;
	sidecar_init(&none);
	/* keys only: an empty sidecar decides nothing */
	progress_apply(&none, &d->src, &d->sb, &d->tgt, &d->tb, &d->al, &p);
	for (size_t k = 0; k < d->al.n; k++) {
		if (d->al.v[k].status != ST_STALE)
			continue;
		const SessionStale *x = stale_of(s, p.v[k].source.hex);
		if (!x)
			continue;
		p.v[k].old_key = x->old_key;
		p.v[k].mark = x->mark;
		p.v[k].old = x->old ? xstrdup(x->old) : NULL;
	}
	progress_store(&s->sc, &d->al, &p);
	progress_release(&p);
	sidecar_release(&none);
}

bool session_stale_texts(Session *s, size_t k, Buf *old_en, Buf *new_en)
{
	if (k >= s->doc.al.n || s->doc.al.v[k].status != ST_STALE)
		return false;
	Buf tmp = BUF_INIT;
	SidecarKey key = src_key(s, k, &tmp);
	buf_release(&tmp);
	const SessionStale *x = stale_of(s, key.hex);
	if (!x || !x->old)
		return false;
	buf_adds(old_en, x->old);
	const Segment *g = &s->doc.al.v[k];
	progress_blocks_text(&s->doc.src, &s->doc.sb, g->src, g->src_n, new_en);
	return true;
}

/* ---- open and save ------------------------------------------------------- */

/* A file nobody may write (mode 0444) opens read-only even for root, who
 * could write it anyway. */
static bool no_write_bits(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !(st.st_mode & 0222);
}

static void restore_cursor(Session *s)
{
	long line = s->sc.cursor_line;
	if (line < 1 || (size_t)line > s->doc.tgt.n)
		return;
	Str ln = lines_get(&s->doc.tgt, (size_t)line - 1);
	size_t want = s->sc.cursor_column > 0 ? (size_t)s->sc.cursor_column : 0, col = 0;
	while (col < ln.n && col < want)
		col = text_next_grapheme(ln.p, ln.n, col);
	if (col > want)
		col = text_prev_grapheme(ln.p, ln.n, col);
	s->cur = (Pos){(size_t)line - 1, col};
}

bool session_open(Session *s, const char *path, const SourceOpts *so_in, Err *e)
{
	SourceOpts so = *so_in;
	Buf note = BUF_INIT;
	free(s->sc_path);
	s->sc_path = sidecar_path(path);
	s->sc_writable = true;
	bool corrupt = false;
	Err se;
	err_init(&se);
	if (!sidecar_load(s->sc_path, &s->sc, &corrupt, &se)) {
		if (corrupt) {
			char *bad = NULL;
			Err e2;
			err_init(&e2);
			if (sidecar_set_aside(s->sc_path, &bad, &e2)) {
				buf_addf(&note, "%s: set aside as %s (statuses and checklist start empty)",
				         se.msg, path_basename(bad));
			} else {
				buf_addf(&note, "%s (not set aside: %s; it will not be written)", se.msg,
				         e2.msg);
				s->sc_writable = false;
			}
			free(bad);
		} else {
			buf_addf(&note, "%s (the sidecar is left as it is and not written)", se.msg);
			s->sc_writable = false;
		}
	}
	SourceRecord rec;
	if (!so.path && !so.rev && !so.recorded && source_record_from_sidecar(&s->sc.source, &rec))
		so.recorded = &rec;

	Buf tgt = BUF_INIT;
	bool is_new = false;
	if (!file_exists(path) && errno == ENOENT) {
		if (!so.path && !so.rev) {
			buf_release(&note);
			return err_set(e, EXIT_NOINPUT, "%s: no such file (give --source to start it "
			               "as a copy of the English)", path);
		}
		is_new = true;
	} else if (!file_read(path, &tgt, e)) {
		buf_release(&tgt);
		buf_release(&note);
		return false;
	}
	source_release(&s->src);
	if (!source_resolve(path, &so, &s->src, e)) {
		if (so.recorded != &rec) {
			buf_release(&tgt);
			buf_release(&note);
			return false;
		}
		/* The recorded English cannot be read: open anyway, against the
		 * document itself, and say so (the record stays as it is). */
		buf_addf(&note, "%s%s; the document itself is shown as the source",
		         note.len ? "; " : "", e->msg);
		so.recorded = NULL;
		err_init(e);
		if (!source_resolve(path, &so, &s->src, e)) {
			buf_release(&tgt);
			buf_release(&note);
			return false;
		}
	}
	s->src_known = true;
	if (is_new)
		buf_addstr(&tgt, buf_str(&s->src.text));
	session_load(s, path, tgt.p ? tgt.p : "", tgt.len, s->src.desc,
	             s->src.text.p ? s->src.text.p : "", s->src.text.len);
	s->doc.is_new = is_new;
	apply_statuses(s);
	restore_cursor(s);
	if (is_new) {
		session_msg(s, "New file: it starts as a copy of the source (Ctrl-S writes it)");
	} else if (access(path, W_OK) != 0 || no_write_bits(path)) {
		s->doc.read_only = true;
		session_msg(s, "%s is read-only: you can read and search, not edit", path);
	}
	if (note.len)
		session_error(s, "%s", note.p);
	buf_release(&note);
	buf_release(&tgt);
	return true;
}

bool session_save(Session *s)
{
	Doc *d = &s->doc;
	if (d->read_only)
		return session_error(s, "%s is read-only: not saved", d->path);
	Err e;
	err_init(&e);
	bool with_sc = s->sc_path && s->sc_writable;
	Buf warn = BUF_INIT;
	/* The source record first: for a tracked, clean file it names the
	 * commit, which is only true before the edits are written. */
	if (with_sc && s->src_known &&
	    (s->sc.source.kind == SIDECAR_SRC_NONE || s->src.origin == SOURCE_PATH ||
	     s->src.origin == SOURCE_REV) &&
	    !source_record_into_sidecar(d->path, &s->src, &s->sc, &e)) {
		buf_addf(&warn, "; the source was not recorded: %s", e.msg);
		err_init(&e);
	}
	if (!doc_save(d, &e)) {
		buf_release(&warn);
		return session_error(s, "Not saved: %s", e.msg);
	}
	if (with_sc) {
		store_statuses(s);
		s->sc.cursor_line = (long)s->cur.line + 1;
		s->sc.cursor_column = (long)s->cur.col;
		if (!sidecar_save(s->sc_path, &s->sc, &e)) {
			buf_release(&warn);
			return session_error(s, "Saved %s, but not its sidecar: %s", d->path, e.msg);
		}
		if (s->sc.merged) /* another yeok's statuses, checklist, review kept */
			apply_statuses(s);
		s->sc_dirty = false;
	}
	if (s->cd_built)
		check_doc_reindex(&s->cd);
	if (warn.len) {
		session_error(s, "Saved %s%s", d->path, warn.p);
		buf_release(&warn);
		return false;
	}
	session_msg(s, "Saved %s", d->path);
	return true;
}

/* ---- checklist and translator line --------------------------------------- */

int session_checklist(Session *s, ChecklistPart parts[CHECKLIST_PARTS])
{
	return sidecar_checklist_parts(&s->sc.checklist, parts);
}

bool session_translator_line(Session *s)
{
	Doc *d = &s->doc;
	if (d->read_only)
		return session_error(s, "%s is read-only", d->path);
	if (!s->sc.translator_name || !s->sc.translator_name[0])
		return session_error(s, "No translator name yet: set it in the checklist (F2)");
	SidecarLineEdit ed;
	memset(&ed, 0, sizeof(ed));
	Err e;
	err_init(&e);
	if (!sidecar_translator_edit(&d->tgt, s->sc.translator_name, s->sc.translator_url, &ed, &e))
		return session_error(s, "%s", e.msg);
	if (ed.op == SIDECAR_LINE_NONE) {
		sidecar_line_edit_release(&ed);
		session_msg(s, "The translator line is already there");
		return true;
	}
	Buf t = BUF_INIT;
	buf_adds(&t, ed.text);
	Pos a, b;
	if (ed.op == SIDECAR_LINE_INSERT) {
		if (ed.line < d->tgt.n) {
			a = b = (Pos){ed.line, 0};
			buf_adds(&t, doc_eol(d));
		} else {
			size_t last = d->tgt.n - 1;
			a = b = (Pos){last, d->tgt.v[last].n};
			Buf u = BUF_INIT;
			buf_adds(&u, doc_eol(d));
			buf_addstr(&u, buf_str(&t));
			buf_release(&t);
			t = u;
		}
	} else {
		a = (Pos){ed.line, 0};
		b = (Pos){ed.line, d->tgt.v[ed.line].n};
	}
	doc_break_merge(d);
	doc_replace(d, a, b, t.p, t.len, CH_OTHER);
	doc_break_merge(d);
	buf_release(&t);
	s->focus = PANE_TARGET;
	s->cur = (Pos){ed.op == SIDECAR_LINE_INSERT && ed.line >= d->tgt.n ? d->tgt.n - 1 : ed.line, 0};
	s->vsegs_dirty = true;
	session_follow(s);
	session_msg(s, ed.op == SIDECAR_LINE_INSERT ? "Translator line added (Ctrl-Z undoes)"
	                                            : "Translator line repaired (Ctrl-Z undoes)");
	sidecar_line_edit_release(&ed);
	return true;
}

/* ---- glossary ------------------------------------------------------------ */

bool session_glossary_load(Session *s, const char *shipped, const char *const *paths, size_t n,
                           Err *e)
{
	char *def = shipped ? xstrdup(shipped) : glossary_default_path();
	bool ok = true;
	if (def && file_exists(def))
		ok = glossary_load(&s->gl, def, e);
	free(def);
	for (size_t i = 0; ok && i < n; i++)
		ok = glossary_load(&s->gl, paths[i], e);
	glossary_compile(&s->gl);
	s->gl_loaded = s->gl.n > 0;
	return ok;
}

Glossary *session_glossary(Session *s)
{
	if (s->gl_loaded)
		return &s->gl;
	if (s->has_gloss && s->gloss.n)
		return &s->gloss;
	return NULL;
}

/* The prose text of one side of segment k (rst_block_text of its blocks). */
static bool seg_text(Session *s, long k, Pane p, Buf *out)
{
	if (k < 0 || (size_t)k >= s->doc.al.n)
		return false;
	const Segment *g = &s->doc.al.v[k];
	if (!rst_kind_is_prose(g->kind))
		return false;
	if (p == PANE_SOURCE) {
		if (!g->src_n)
			return false;
		progress_blocks_text(&s->doc.src, &s->doc.sb, g->src, g->src_n, out);
	} else {
		if (!g->tgt_n)
			return false;
		progress_blocks_text(&s->doc.tgt, &s->doc.tb, g->tgt, g->tgt_n, out);
	}
	return true;
}

size_t session_hints(Session *s, long k, GlossHintVec *out)
{
	Glossary *g = session_glossary(s);
	if (!g)
		return 0;
	Buf a = BUF_INIT, b = BUF_INIT;
	size_t n = 0;
	if (seg_text(s, k, PANE_SOURCE, &a)) {
		bool t = seg_text(s, k, PANE_TARGET, &b);
		n = glossary_hints(g, a.p ? a.p : "", a.len, t ? (b.p ? b.p : "") : NULL, b.len,
		                   out);
	}
	buf_release(&a);
	buf_release(&b);
	return n;
}

/* ---- findings ------------------------------------------------------------ */

size_t session_seg_base(Session *s, size_t k)
{
	const Segment *g = &s->doc.al.v[k];
	size_t f, l;
	if (align_tgt_lines(g, &s->doc.tb, &f, &l))
		return f;
	return 0;
}

/* A hash of both sides' lines of segment k, its kind and status. */
static uint64_t seg_hash(Session *s, size_t k)
{
	const Segment *g = &s->doc.al.v[k];
	/* the status too: some checks depend on it (untranslated) */
	uint64_t h = 1469598103934665603ull ^ (uint64_t)g->kind ^ ((uint64_t)g->status << 8);
	size_t f, l;
	if (align_tgt_lines(g, &s->doc.tb, &f, &l))
		for (size_t i = f; i <= l; i++) {
			Str x = lines_get(&s->doc.tgt, i);
			h = (h ^ hash_fnv1a(x.p, x.n)) * 1099511628211ull;
		}
	h = (h ^ 0x5eed) * 1099511628211ull;
	if (align_src_lines(g, &s->doc.sb, &f, &l))
		for (size_t i = f; i <= l; i++) {
			Str x = lines_get(&s->doc.src, i);
			h = (h ^ hash_fnv1a(x.p, x.n)) * 1099511628211ull;
		}
	return h;
}

static size_t counted(const SegFindings *f)
{
	size_t n = 0;
	for (size_t i = 0; i < f->n; i++)
		n += f->v[i].sev >= SEV_WARNING;
	return n;
}

static void seg_release(Session *s, SegFindings *f)
{
	if (f->ready)
		s->n_findings -= counted(f);
	else
		s->uf_pending--;
	for (size_t j = 0; j < f->n; j++)
		finding_release(&f->v[j]);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* The checks' index of the document is built on first use (not before
 * the first frame). */
static void cd_ensure(Session *s)
{
	if (s->cd_built)
		return;
	Doc *d = &s->doc;
	check_doc_init(&s->cd, &d->tgt, &d->tb, &d->src, &d->sb, &d->al, session_glossary(s));
	s->cd_built = true;
}

/* (Re)compute the findings of segment k into slot f (empty). */
static void seg_run(Session *s, size_t k, SegFindings *f)
{
	cd_ensure(s);
	FindingVec v = {0};
	check_unit(&s->cd, &s->cset, k, &v);
	size_t base = session_seg_base(s, k);
	for (size_t i = 0; i < v.n; i++) {
		v.v[i].line = v.v[i].line >= base ? v.v[i].line - base : 0;
		if (v.v[i].has_fix)
			v.v[i].fix.line = v.v[i].fix.line >= base ? v.v[i].fix.line - base : 0;
	}
	f->v = v.v;
	f->n = v.n;
	f->cap = v.cap;
	f->h = seg_hash(s, k);
	f->ready = true;
	s->n_findings += counted(f);
}

/* Slot k checked now if it was not yet. */
static void seg_ready(Session *s, size_t k)
{
	SegFindings *f = &s->uf.v[k];
	if (f->ready)
		return;
	free(f->v);
	memset(f, 0, sizeof(*f));
	s->uf_pending--;
	seg_run(s, k, f);
}

static void run_all(Session *s, bool now)
{
	uf_clear(s);
	size_t n = s->doc.al.n;
	VEC_RESERVE(&s->uf, MAX(n, 1));
	memset(s->uf.v, 0, MAX(n, 1) * sizeof(*s->uf.v));
	s->uf.n = n;
	s->uf_pending = n;
	if (now)
		for (size_t k = 0; k < n; k++)
			seg_ready(s, k);
}

const SegFindings *session_seg_findings(Session *s, size_t k)
{
	session_sync(s);
	if (!s->cd_on || k >= s->uf.n)
		return NULL;
	seg_ready(s, k);
	return &s->uf.v[k];
}

size_t session_checks_step(Session *s, size_t max)
{
	session_sync(s);
	if (!s->cd_on)
		return 0;
	if (s->cd_stale) {
		/* the index first; what was checked against the old one again,
		 * starting with the segments on screen (the next frame needs them) */
		check_doc_reindex(&s->cd);
		s->cd_stale = false;
		run_all(s, false);
		long k = session_cur_seg(s);
		if (!s->vsegs_dirty)
			for (size_t i = s->top; i < s->vsegs.n; i++)
				if (s->vsegs.v[i].seg >= 0) {
					k = s->vsegs.v[i].seg;
					break;
				}
		s->uf_scan = k > 0 ? (size_t)k : 0;
	}
	size_t done = 0;
	size_t n = s->uf.n, start = n ? s->uf_scan % n : 0;
	for (size_t i = 0; i < n && done < max && s->uf_pending; i++) {
		size_t k = (start + i) % n;
		if (!s->uf.v[k].ready) {
			seg_ready(s, k);
			done++;
			s->uf_scan = k;
		}
	}
	return s->uf_pending;
}

void session_checks_on(Session *s, bool now)
{
	if (s->cd_built)
		check_doc_release(&s->cd);
	s->cd_built = false;
	s->cd_stale = false;
	Doc *d = &s->doc;
	s->cd_on = true;
	if (now)
		cd_ensure(s);
	DocDirty dd;
	doc_take_dirty(d, &dd);
	run_all(s, now);
}

void session_sync(Session *s)
{
	DocDirty dd;
	if (!doc_take_dirty(&s->doc, &dd) || !s->cd_on)
		return;
	size_t n = s->doc.al.n;
	size_t old_n = (size_t)((long)n - dd.dk);
	/* Segments moved or renamed: every segment is checked again in idle
	 * time, after the document index is rebuilt there too (a whole-document
	 * pass: never on the key path).  Until then the segments drawn are
	 * checked against the old index. */
	if (dd.full || old_n != s->uf.n || dd.k1 > n || dd.k0 > dd.k1) {
		s->cd_stale = s->cd_built;
		run_all(s, false);
		return;
	}
	/* A title or an explicit target edited: reference names changed, so
	 * the document index is rebuilt and every segment checked again (in
	 * idle time). */
	for (size_t k = dd.k0; k < dd.k1; k++) {
		const Segment *g = &s->doc.al.v[k];
		if (g->kind == BK_TITLE || g->kind == BK_TARGET) {
			size_t f, l;
			if (align_tgt_lines(g, &s->doc.tb, &f, &l) &&
			    (s->cur.line < f || s->cur.line > l))
				continue; /* not where the edit was */
			/* the edited segments are checked now (against the old
			 * names); the index and everything else in idle time */
			s->cd_stale = s->cd_built;
			break;
		}
	}
	size_t old_k1 = (size_t)((long)dd.k1 - dd.dk);
	size_t nold = old_k1 - dd.k0, nnew = dd.k1 - dd.k0;
	/* keep the old slots of the window aside, matched by hash */
	SegFindings *old = xcalloc(MAX(nold, 1), sizeof(*old));
	memcpy(old, s->uf.v + dd.k0, nold * sizeof(*old));
	VEC_RESERVE(&s->uf, MAX(n, 1));
	if (nnew != nold)
		memmove(s->uf.v + dd.k0 + nnew, s->uf.v + old_k1, (s->uf.n - old_k1) * sizeof(*old));
	s->uf.n = n;
	bool *taken = xcalloc(MAX(nold, 1), sizeof(*taken));
	size_t j = 0;
	for (size_t k = dd.k0; k < dd.k1; k++) {
		SegFindings *f = &s->uf.v[k];
		memset(f, 0, sizeof(*f));
		uint64_t h = seg_hash(s, k);
		/* the old slots come in the same order: look a little ahead */
		size_t hit = SIZE_MAX;
		for (size_t t = j; t < nold && t < j + 4; t++)
			if (!taken[t] && old[t].h == h) {
				hit = t;
				break;
			}
		if (hit != SIZE_MAX && old[hit].ready) {
			*f = old[hit];
			taken[hit] = true;
			j = hit + 1;
		} else {
			seg_run(s, k, f);
		}
	}
	for (size_t t = 0; t < nold; t++)
		if (!taken[t])
			seg_release(s, &old[t]);
	free(taken);
	free(old);
}

void session_findings_list(Session *s, FindingVec *out)
{
	session_sync(s);
	session_checks_step(s, SIZE_MAX);
	for (size_t k = 0; k < s->uf.n; k++) {
		size_t base = session_seg_base(s, k);
		for (size_t i = 0; i < s->uf.v[k].n; i++) {
			const Finding *f = &s->uf.v[k].v[i];
			Finding c = *f;
			c.line = f->line + base;
			c.unit = k;
			c.message = xstrdup(f->message);
			c.suggestion = f->suggestion ? xstrdup(f->suggestion) : NULL;
			if (f->has_fix) {
				c.fix.line = f->fix.line + base;
				c.fix.text = xstrdup(f->fix.text ? f->fix.text : "");
			}
			VEC_PUSH(out, c);
		}
	}
	findings_sort(out);
}

/* ---- the status line ------------------------------------------------------ */

static void span(Buf *b, StatusSpanVec *v, SpanKind k)
{
	if (!v)
		return;
	StatusSpan x = {b->len, k};
	VEC_PUSH(v, x);
}

void session_status_spans(Session *s, Buf *left, StatusSpanVec *ls, Buf *right, StatusSpanVec *rs)
{
	session_sync(s);
	if (s->msg[0]) {
		buf_addf(left, " %s", s->msg);
		span(left, ls, s->msg_error ? SPAN_ERROR : SPAN_NORMAL);
	} else {
		long k = session_cur_seg(s);
		if (k >= 0) {
			const Segment *g = &s->doc.al.v[k];
			buf_addf(left, " §%ld/%zu %s · %s", k + 1, s->doc.al.n, rst_kind_name(g->kind),
			         align_status_name(g->status));
			span(left, ls, g->status == ST_STALE ? SPAN_WARN : SPAN_NORMAL);
		}
		Pos c = s->focus == PANE_TARGET ? s->cur : s->scur;
		Str ln = lines_get(session_lines(s, s->focus), c.line);
		buf_addf(left, "  %s %zu:%zu", s->focus == PANE_TARGET ? "KO" : "EN", c.line + 1,
		         text_count_graphemes(ln.p, c.col) + 1);
		span(left, ls, SPAN_NORMAL);
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
		/* the findings of this segment (the first one in full) */
		if (k >= 0 && s->cd_built && (size_t)k < s->uf.n)
			seg_ready(s, (size_t)k);
		if (k >= 0 && s->cd_on && (size_t)k < s->uf.n && s->uf.v[k].n) {
			const SegFindings *f = &s->uf.v[k];
			size_t best = 0;
			for (size_t i = 1; i < f->n; i++)
				if (f->v[i].sev > f->v[best].sev)
					best = i;
			buf_addf(left, "  ⚠ %s", f->v[best].message);
			if (f->n > 1)
				buf_addf(left, " (+%zu)", f->n - 1);
			span(left, ls, f->v[best].sev == SEV_ERROR ? SPAN_ERROR
			               : f->v[best].sev == SEV_WARNING ? SPAN_WARN : SPAN_NORMAL);
		}
		for (size_t i = 0; i < ARRAY_LEN(s->extra); i++)
			if (s->extra[i][0] && i != SESSION_SLOT_CHECKLIST && i != SESSION_SLOT_GLOSSARY) {
				buf_addf(left, "  %s", s->extra[i]);
				span(left, ls, SPAN_NORMAL);
			}
	}
	if (right && (s->sc_path || s->sc.checklist.license >= 0)) {
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
