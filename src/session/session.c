/* session: the lifecycle — init, open (source, sidecar, statuses), save,
 * the translator line (include/yeok/session.h). */
#include "session-private.h"

#include <errno.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yeok/host.h"
#include "yeok/pair.h"
#include "yeok/sidecar.h"
#include "yeok/text.h"

void session_init(Session *s)
{
	memset(s, 0, sizeof(*s));
	doc_init(&s->doc);
	s->caret.focus = PANE_TARGET;
	s->caret.goal_col = -1;
	s->view.cols = 80;
	s->view.rows = 24;
	s->view.ratio = 50;
	s->view.dirty = true;
	s->view.lazy = true;
	sidecar_init(&s->side.sc);
	source_init(&s->side.src);
	glossary_init(&s->gloss.glossary);
	check_set_all(&s->chk.cset);
	s->chk.cset.on[CK_SPELLING] = false;
	spell_words_init(&s->spell.src_words);
	s->spell.src_block = -1;
	s->gloss.hint_k = -1;
	s->fit.title = SIZE_MAX;
	s->prefs.wrap = WRAP_WORD;
}

void session_release(Session *s)
{
	session_tm_stop(s);
	session_spell_release(s);
	sidecar_release(&s->side.sc);
	free(s->side.path);
	source_release(&s->side.src);
	session_stale_clear(s);
	session_statuses_release(s);
	session_pick_close(s);
	shell_release(&s->shell);
	glossary_release(&s->gloss.glossary);
	VEC_FREE(&s->gloss.hint);
	session_gloss_forget(s);
	session_findings_release(s);
	doc_release(&s->doc);
	host_py_code_release(&s->py_ref);
	VEC_FREE(&s->view.vsegs);
	free(s->search.last);
	free(s->clip.text);
	session_replace_release(s);
	session_remarks_release(s);
	free(s->dlg.view_title);
	free(s->dlg.view_text);
	memset(s, 0, sizeof(*s));
}

/* What follows a load of s->doc: nothing kept of the document before. */
static void loaded(Session *s)
{
	session_spell_forget(s); /* another source */
	s->gloss.hint_k = -1;
	s->gloss.hint_due = false;
	s->caret.cur = (Pos){0, 0};
	s->caret.scur = (Pos){0, 0};
	s->view.top = 0;
	s->view.top_row = 0;
	s->view.dirty = true;
	s->view.lazy = true; /* until a long one-sided run (session.h SessionView) */
	VEC_FREE(&s->view.vsegs);
	session_py_reference(s);
}


void session_load(Session *s, const char *path, const char *tgt, size_t tgt_n,
                  const char *src_name, const char *src, size_t src_n)
{
	doc_load(&s->doc, path, tgt, tgt_n, src_name, src, src_n);
	loaded(s);
}

void session_read_checklist(Session *s)
{
	char *sp = sidecar_path(s->doc.path);
	Sidecar sc;
	sidecar_init(&sc);
	Err e;
	err_init(&e);
	if (sidecar_load(sp, &sc, NULL, &e)) {
		/* the items only: the rest of the session's sidecar stays */
		s->side.sc.checklist.license = sc.checklist.license;
		s->side.sc.checklist.issue = sc.checklist.issue;
		s->side.sc.checklist.type = sc.checklist.type;
	} else {
		session_error(s, "%s (the checklist is not shown)", e.msg);
	}
	sidecar_release(&sc);
	free(sp);
}

static SidecarKey src_key(Session *s, size_t k, Buf *tmp)
{
	const Segment *g = &s->doc.al.v[k];
	SidecarKey key = {""};
	if (!g->src_n)
		return key;
	buf_clear(tmp);
	(void)tmp;
	return pair_blocks_key(s->doc.src_host.text, &s->doc.src_host.blocks, g->src, g->src_n);
}

void session_set_status(Session *s, size_t k, SegStatus st)
{
	session_statuses_finish(s);
	doc_mark(&s->doc, k, st); /* undoable, an unsaved change */
}

static const SessionStale *stale_of(const Session *s, const char *key)
{
	for (size_t i = 0; i < s->side.stale.n; i++)
		if (!strcmp(s->side.stale.v[i].source.hex, key))
			return &s->side.stale.v[i];
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
	progress_apply(&none, d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &d->tgt_host.blocks, &d->al, &p);
	for (size_t k = 0; k < d->al.n; k++) {
		if (d->al.v[k].status != ST_STALE)
			continue;
		const SessionStale *x = stale_of(s, p.v[k].source.hex);
		if (!x)
			continue;
		p.v[k].old_key = x->old_key;
		p.v[k].mark = x->mark;
		p.v[k].old = x->old ? xstrdup(x->old) : NULL;
		p.v[k].hint = x->hint ? xstrdup(x->hint) : NULL;
	}
	progress_store(&s->side.sc, &d->al, &p);
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
	pair_blocks_text(s->doc.src_host.text, &s->doc.src_host.blocks, g->src, g->src_n, new_en);
	return true;
}

/* A file nobody may write (mode 0444) opens read-only even for root, who
 * could write it anyway. */
static bool no_write_bits(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !(st.st_mode & 0222);
}

static void restore_cursor(Session *s)
{
	long line = s->side.sc.cursor_line;
	if (line < 1 || (size_t)line > s->doc.tgt.n)
		return;
	Str ln = lines_get(&s->doc.tgt, (size_t)line - 1);
	size_t want = s->side.sc.cursor_column > 0 ? (size_t)s->side.sc.cursor_column : 0, col = 0;
	while (col < ln.n && col < want)
		col = text_next_grapheme(ln.p, ln.n, col);
	if (col > want)
		col = text_prev_grapheme(ln.p, ln.n, col);
	s->caret.cur = (Pos){(size_t)line - 1, col};
	s->view.middle = true; /* shown in the middle of the first frame */
}

/* The lines around the cursor aligned before the first frame: more than
 * any screen shows above and below it. */
#define FIRST_FRAME_LINES 400

static bool open_file(Session *s, const char *path, const SourceOpts *so_in, bool phased, Err *e);

bool session_open(Session *s, const char *path, const SourceOpts *so, Err *e)
{
	return open_file(s, path, so, false, e);
}

bool session_open_phased(Session *s, const char *path, const SourceOpts *so, Err *e)
{
	return open_file(s, path, so, true, e);
}

/* The sidecar of path into s->side (a corrupt one set aside, one that
 * cannot be read left alone and not written), said in note. */
static void read_sidecar(Session *s, const char *path, Buf *note)
{
	free(s->side.path);
	s->side.path = sidecar_path(path);
	s->side.writable = true;
	bool corrupt = false;
	Err se;
	err_init(&se);
	if (sidecar_load(s->side.path, &s->side.sc, &corrupt, &se))
		return;
	if (!corrupt) {
		buf_addf(note, "%s (the sidecar is left as it is and not written)", se.msg);
		s->side.writable = false;
		return;
	}
	char *bad = NULL;
	Err e2;
	err_init(&e2);
	if (sidecar_set_aside(s->side.path, &bad, &e2)) {
		buf_addf(note, "%s: set aside as %s (statuses and checklist start empty)", se.msg,
		         path_basename(bad));
	} else {
		buf_addf(note, "%s (not set aside: %s; it will not be written)", se.msg, e2.msg);
		s->side.writable = false;
	}
	free(bad);
}

/* The statuses now, or once the last stretch is aligned (phased); the
 * cursor's lines aligned before the first frame. */
static void place_statuses(Session *s)
{
	session_statuses_place(s);
	restore_cursor(s);
	if (doc_align_partial(&s->doc)) {
		size_t l = s->caret.cur.line;
		doc_align_lines(&s->doc, l > FIRST_FRAME_LINES ? l - FIRST_FRAME_LINES : 0,
		                l + FIRST_FRAME_LINES);
	}
}

/* What the status line says after an open: a new file, read-only, the
 * notes of the sidecar and the source, or where the English came from. */
static void say_opened(Session *s, const char *path, bool is_new, const Buf *note)
{
	if (is_new) {
		session_msg(s, "New file: it starts as a copy of the source (Ctrl-S writes it)");
	} else if (access(path, W_OK) != 0 || no_write_bits(path)) {
		s->doc.read_only = true;
		session_msg(s, "%s is read-only: you can read and search, not edit", path);
	}
	Err out;
	err_init(&out);
	if (!is_new && path_link_leaves_tree(path, &out)) {
		s->doc.read_only = true; /* a tracked link to a file elsewhere */
		session_error(s, "%s: opened read-only", out.msg);
		return;
	}
	if (note->len) {
		session_error(s, "%s", note->p);
	} else if (s->side.src.origin == SOURCE_SELF && !s->shell.msg.text[0]) {
		/* said once, replaced by anything more important */
		session_msg(s, "English: the document itself (no --source, sidecar record or English "
		               "revision in its git history)");
		s->shell.msg.note = true;
	}
}

static bool open_file(Session *s, const char *path, const SourceOpts *so, bool phased, Err *e)
{
	PairOpening po;
	pair_open_start(&po, path); /* the target read while the sidecar is */
	Buf note = BUF_INIT;
	read_sidecar(s, path, &note);
	SourceRecord rec;
	bool recorded = source_record_from_sidecar(&s->side.sc.source, &rec);
	DocPair p;
	pair_init(&p);
	p.keep_memo = true;
	p.phased = phased;
	bool ok = pair_open_finish(&po, &p, so, recorded ? &rec : NULL, &note, e);
	source_release(&s->side.src);
	if (ok) {
		s->side.src = p.src; /* moved: the pair releases an empty one */
		source_init(&p.src);
		s->side.src_known = true;
		doc_load_pair(&s->doc, path, s->side.src.desc, &p);
		loaded(s);
		s->doc.is_new = po.is_new;
		place_statuses(s);
		say_opened(s, path, po.is_new, &note);
	}
	buf_release(&note);
	return ok;
}

/* The folders of a new document's path that do not exist yet (a new page
 * of a Korean tree: files/ko/web/new/index.md), made once, 0755; failures
 * are the save's to report. */
static void new_folders(const char *path)
{
	char *dir = path_dirname(path);
	struct stat st;
	if (stat(dir, &st) != 0 && errno == ENOENT) {
		for (char *p = dir + 1; *p; p++) {
			if (*p != '/')
				continue;
			*p = '\0';
			if (stat(dir, &st) != 0)
				(void)mkdir(dir, 0755);
			*p = '/';
		}
		(void)mkdir(dir, 0755);
	}
	free(dir);
}


bool session_save(Session *s)
{
	Doc *d = &s->doc;
	doc_align_finish(d); /* the statuses stored are the whole document's, exact */
	session_statuses_finish(s);
	if (d->read_only)
		return session_error(s, "%s is read-only: not saved", d->path);
	Err e;
	err_init(&e);
	bool with_sc = s->side.path && s->side.writable;
	Buf warn = BUF_INIT;
	/* The source record first: for a tracked, clean file it names the
	 * commit, which is only true before the edits are written. */
	if (with_sc && s->side.src_known &&
	    (s->side.sc.source.kind == SIDECAR_SRC_NONE || s->side.src.origin == SOURCE_PATH ||
	     s->side.src.origin == SOURCE_REV) &&
	    !source_record_into_sidecar(d->path, &s->side.src, &s->side.sc, &e)) {
		buf_addf(&warn, "; the source was not recorded: %s", e.msg);
		err_init(&e);
	}
	if (d->is_new)
		new_folders(d->path); /* a new page of a Korean tree: its folder */
	if (!doc_save(d, &e)) {
		buf_release(&warn);
		return session_error(s, "Not saved: %s", e.msg);
	}
	if (with_sc) {
		store_statuses(s);
		s->side.sc.cursor_line = (long)s->caret.cur.line + 1;
		s->side.sc.cursor_column = (long)s->caret.cur.col;
		if (!sidecar_save(s->side.path, &s->side.sc, &e)) {
			buf_release(&warn);
			return session_error(s, "Saved %s, but not its sidecar: %s", d->path, e.msg);
		}
		if (s->side.sc.merged) /* another yeok's statuses, checklist, review kept */
			session_statuses_place(s);
		s->side.dirty = false;
	}
	session_findings_saved(s);
	if (warn.len) {
		session_error(s, "Saved %s%s", d->path, warn.p);
		buf_release(&warn);
		return false;
	}
	session_msg(s, "Saved %s", d->path);
	return true;
}

bool session_translator_line(Session *s)
{
	Doc *d = &s->doc;
	if (d->read_only)
		return session_error(s, "%s is read-only", d->path);
	if (!s->side.sc.translator_name || !s->side.sc.translator_name[0])
		return session_error(s, "No translator name yet: set it in the checklist (F2)");
	SidecarLineEdit ed;
	memset(&ed, 0, sizeof(ed));
	Err e;
	err_init(&e);
	if (!sidecar_translator_edit(&d->tgt, s->side.sc.translator_name, s->side.sc.translator_url,
	                             &ed, &e))
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
			a = b = (Pos){last, lines_line(&d->tgt, last)->n};
			Buf u = BUF_INIT;
			buf_adds(&u, doc_eol(d));
			buf_addstr(&u, buf_str(&t));
			buf_release(&t);
			t = u;
		}
	} else {
		a = (Pos){ed.line, 0};
		b = (Pos){ed.line, lines_line(&d->tgt, ed.line)->n};
	}
	session_replace(s, a, b, t.p, t.len, CH_OTHER, SR_GROUP);
	buf_release(&t);
	s->caret.cur = (Pos){ed.op == SIDECAR_LINE_INSERT && ed.line >= d->tgt.n ? d->tgt.n - 1 : ed.line, 0};
	session_follow(s);
	session_msg(s, ed.op == SIDECAR_LINE_INSERT ? "Translator line added (Ctrl-Z undoes)"
	                                            : "Translator line repaired (Ctrl-Z undoes)");
	sidecar_line_edit_release(&ed);
	return true;
}
