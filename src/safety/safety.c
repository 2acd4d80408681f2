/* safety: crash recovery and the file on disk (include/yeok/safety.h). */
#include "yeok/safety.h"

#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "yeok/diff.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

void safety_recovery_release(SafetyRecovery *r)
{
	buf_release(&r->text);
	buf_release(&r->state);
	memset(r, 0, sizeof(*r));
}

/* The target becomes p[0..n) (file bytes) as one undoable change. */
static void replace_all(Session *s, const char *p, size_t n)
{
	Doc *d = &s->doc;
	bool bom = n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0;
	if (bom) {
		p += 3;
		n -= 3;
	}
	d->tgt.bom = bom;
	size_t last = d->tgt.n - 1;
	doc_break_merge(d);
	doc_replace(d, (Pos){0, 0}, (Pos){last, lines_line(&d->tgt, last)->n}, p, n, CH_OTHER);
	doc_break_merge(d);
	s->caret.cur = (Pos){MIN(s->caret.cur.line, d->tgt.n - 1), 0};
	s->caret.focus = PANE_TARGET;
	s->view.dirty = true;
	s->search.match.on = false;
	session_follow(s);
}

/* The side files whose temporaries a killed save may leave beside FILE. */
static const char *const side_suffixes[] = {".yeok.yaml", ".yeok.src", ".yeok.journal", NULL};

/* Set the journal aside as FILE.yeok.journal.bad and start a new one (we
 * hold its lock: no other editor is using it).  why: for the message. */
static void set_aside(Journal *j, SafetyRecovery *r, const char *why)
{
	char *bad = xasprintf("%s.bad", j->path);
	struct stat st;
	for (int i = 2; lstat(bad, &st) == 0 && i < 1000; i++) {
		free(bad);
		bad = xasprintf("%s.bad.%d", j->path, i);
	}
	bool moved = lstat(bad, &st) != 0 && rename(j->path, bad) == 0;
	snprintf(r->problem, sizeof(r->problem), "%s%s%s", why, moved ? " (set aside as " : "",
	         moved ? path_basename(bad) : "");
	if (moved)
		snprintf(r->problem + strlen(r->problem), sizeof(r->problem) - strlen(r->problem), ")");
	free(bad);
	if (moved) {
		/* the lock we hold is now on the .bad file: take the journal's */
		close(j->fd);
		j->fd = -1;
		j->lock = JOURNAL_UNOPENED;
		journal_open(j);
	}
}

/* An interrupted in-place save (a hard-linked document): the temporary
 * file beside FILE that holds the text of the journal's last S record. */
static bool interrupted_save_text(const char *path, const char *sha, Buf *out, char **from)
{
	char *dir = path_dirname(path);
	DIR *dd = opendir(dir);
	bool found = false;
	if (dd) {
		char *prefix = xasprintf(".%s" FILE_TEMP_INFIX, path_basename(path));
		struct dirent *de;
		while (!found && (de = readdir(dd)) != NULL) {
			if (strncmp(de->d_name, prefix, strlen(prefix)) != 0 ||
			    strlen(de->d_name) != strlen(prefix) + 6)
				continue;
			char *p = path_join(dir, de->d_name);
			Err e;
			err_init(&e);
			char hex[65];
			if (file_read_limit(p, FILE_MAX_BYTES, FILE_NOFOLLOW, out, &e)) {
				sha256_hex(out->p ? out->p : "", out->len, hex);
				if (strcmp(hex, sha) == 0) {
					found = true;
					*from = p;
					p = NULL;
				}
			}
			free(p);
		}
		free(prefix);
		closedir(dd);
	}
	free(dir);
	if (!found)
		buf_clear(out);
	return found;
}

/* Start the journal for the document as it is now, and clear what a
 * killed save left behind (we hold the lock: nobody else saves FILE). */
static void begin(Session *s)
{
	Journal *j = s->doc.journal;
	if (!j || j->begun)
		return;
	if (!journal_begin(j)) {
		session_error(s, "%s (the edits are kept in memory; save soon)", j->err.msg);
		j->said = true;
	}
	file_remove_stale_temps(s->doc.path, side_suffixes);
}

void safety_exclude_side_files(Session *s)
{
	const Doc *d = &s->doc;
	if (!d->journal || d->read_only || !d->path)
		return;
	/* side files stay out of `git status` (said once: when it was written) */
	bool excluded = false;
	Err xe;
	err_init(&xe);
	if (!vcs_exclude_side_files(d->path, &excluded, &xe))
		session_error(s, "%s", xe.msg);
	else if (excluded && (!s->shell.msg.text[0] || s->shell.msg.note))
		session_msg(s, "yeok's side files (*.yeok.yaml, *.yeok.journal, ...) are now listed in "
		            ".git/info/exclude: git status shows only your documents");
}

bool safety_open(Session *s, SafetyRecovery *r)
{
	memset(r, 0, sizeof(*r));
	Doc *d = &s->doc;
	Buf base = BUF_INIT;
	Str file; /* the bytes read, when nothing changed them yet: no copy */
	if (!lines_file(&d->tgt, &file)) {
		lines_serialize(&d->tgt, &base);
		file = buf_str(&base);
	}
	const char *bp = file.p;
	/* the bytes read, borrowed from the lines: hashed after the first
	 * frame (safety_tick) or before the first edit or save */
	bool lazy = !d->is_new && !base.p && !d->read_only;
	if (lazy)
		doc_disk_remember_lazy(d, bp, file.n);
	else if (!d->is_new)
		doc_disk_remember(d, bp, file.n);
	char holder[160];
	if (d->read_only) {
		/* nothing will be written: no journal, but say who edits it */
		if (journal_in_use(d->path, holder, sizeof(holder)))
			snprintf(r->problem, sizeof(r->problem),
			         "%s is being edited in another yeok (%s)", d->path, holder);
		buf_release(&base);
		return false;
	}
	Journal *j = xmalloc(sizeof(*j));
	if (d->disk.hashing) /* the same bytes, hashed once (doc_disk_hash_step) */
		journal_init_lazy(j, d->path, bp, file.n);
	else if (d->disk.known && !d->is_new) /* the bytes doc_disk_remember hashed */
		journal_init_hashed(j, d->path, d->disk.sha256, file.n);
	else
		journal_init(j, d->path, bp, file.n);
	JournalLock lk = journal_open(j);
	if (lk != JOURNAL_LOCKED) {
		if (lk == JOURNAL_BUSY) {
			/* two editors on one file would undo each other's work */
			snprintf(r->problem, sizeof(r->problem),
			         "%s is being edited in another yeok (%s): opened read-only", d->path,
			         j->holder);
			d->read_only = true;
		} else {
			snprintf(r->problem, sizeof(r->problem), "%s", j->err.msg);
		}
		journal_release(j);
		free(j);
		buf_release(&base);
		return false;
	}
	Err e;
	err_init(&e);
	if (!journal_recover_all(d->path, bp, file.n, &r->info, &r->text, &r->state, &e)) {
		char *why = xasprintf("the crash journal could not be used: %s", e.msg);
		set_aside(j, r, why);
		free(why);
		memset(&r->info, 0, sizeof(r->info));
		buf_clear(&r->text);
	} else if (r->info.foreign) {
		char *why = xasprintf("%s was not written by you on this machine (%s): not offered",
		                      path_basename(j->path), r->info.who);
		set_aside(j, r, why);
		free(why);
		memset(&r->info, 0, sizeof(r->info));
		buf_clear(&r->text);
	} else if (r->info.exists) {
		r->usable = true;
		char *from = NULL;
		if (!r->info.base_matches && r->info.saving_sha[0] &&
		    interrupted_save_text(d->path, r->info.saving_sha, &r->text, &from)) {
			snprintf(r->problem, sizeof(r->problem),
			         "a save was interrupted: its complete text is kept in %s", from);
			free(from);
		} else if (!r->info.base_matches) {
			snprintf(r->problem, sizeof(r->problem),
			         "the file changed on disk after that work began: the edits are "
			         "replayed onto the file as it is now");
		}
	}
	doc_journal_take(d, j);
	if (j->lock != JOURNAL_LOCKED) { /* the journal could not be taken again */
		if (!r->problem[0])
			snprintf(r->problem, sizeof(r->problem), "%s", j->err.msg);
		doc_journal_end(d, false);
	} else if (!r->info.exists) {
		begin(s);
	}
	buf_release(&base);
	return r->info.exists;
}

static void when(long long t, char *out, size_t n)
{
	time_t tt = (time_t)t;
	struct tm tm;
	if (!localtime_r(&tt, &tm) || !strftime(out, n, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(out, n, "%lld", t);
}

void safety_recovery_describe(const SafetyRecovery *r, Buf *out)
{
	char a[64], b[64];
	when(r->info.started, a, sizeof(a));
	when(r->info.last_edit, b, sizeof(b));
	size_t edits = r->info.records - r->info.states, marks = r->info.states;
	buf_addf(out, "unsaved work from %s exists (", a);
	if (edits || !marks)
		buf_addf(out, "%zu edit%s%s", edits, edits == 1 ? "" : "s", marks ? ", " : "");
	if (marks)
		buf_addf(out, "%zu mark%s or checklist change%s", marks, marks == 1 ? "" : "s",
		         marks == 1 ? "" : "s");
	buf_addf(out, ", the last at %s)%s", b,
	         r->info.torn ? "; a half-written last edit was dropped" : "");
}

/* One journal_state line back: a user status (doc_mark), a checklist item,
 * the translator or an allowed word, journalled again. */
static void apply_state(Session *s, Str line)
{
	const char *sp = memchr(line.p, ' ', line.n);
	if (!sp)
		return;
	Str what = {line.p, (size_t)(sp - line.p)};
	char *value = xmemdup0(sp + 1, (size_t)(line.p + line.n - sp - 1));
	Checklist *c = &s->side.sc.checklist;
	long n;
	PrType t;
	if (str_eq_cstr(what, "status")) {
		char *name = strchr(value, ' ');
		if (name) {
			*name++ = '\0';
			uint64_t key = strtoull(value, NULL, 16);
			for (int st = 0; st < ST_COUNT; st++)
				if (!strcmp(name, align_status_name((SegStatus)st))) {
					size_t k = doc_segment_of_key(&s->doc, key);
					if (k != SIZE_MAX)
						doc_mark(&s->doc, k, (SegStatus)st);
				}
		}
	} else if (str_eq_cstr(what, "license") && parse_long(value, -1, 1, &n)) {
		c->license = (int)n;
		session_state_changed(s, "license", value);
	} else if (str_eq_cstr(what, "issue") && parse_long(value, 0, SIDECAR_ISSUE_MAX, &n)) {
		c->issue = n;
		session_state_changed(s, "issue", value);
	} else if (str_eq_cstr(what, "type") && sidecar_type_parse(value, &t)) {
		c->type = t;
		session_state_changed(s, "type", value);
	} else if (str_eq_cstr(what, "translator-name") || str_eq_cstr(what, "translator-url")) {
		bool name = str_eq_cstr(what, "translator-name");
		char *keep = xstrdup(name ? (s->side.sc.translator_url ? s->side.sc.translator_url : "")
		                          : (s->side.sc.translator_name ? s->side.sc.translator_name : ""));
		const char *v = *value ? value : NULL, *k = *keep ? keep : NULL;
		sidecar_set_translator(&s->side.sc, name ? v : k, name ? k : v);
		free(keep);
		session_state_changed(s, name ? "translator-name" : "translator-url", value);
	} else if (str_eq_cstr(what, "allow") && *value) {
		sidecar_allow_add(&s->side.sc, value);
		s->side.allow_gen++;
		session_state_changed(s, "allow", value);
	}
	free(value);
}

void safety_recover(Session *s, SafetyRecovery *r)
{
	if (!r->usable)
		return;
	begin(s);
	replace_all(s, r->text.p ? r->text.p : "", r->text.len);
	session_align_finish(s); /* the statuses applied: the marks go over them */
	for (size_t at = 0; at < r->state.len;) {
		const char *nl = memchr(r->state.p + at, '\n', r->state.len - at);
		size_t end = nl ? (size_t)(nl - r->state.p) : r->state.len;
		apply_state(s, (Str){r->state.p + at, end - at});
		at = end + 1;
	}
	long seg = -2;
	safety_tick(s, &seg, true);
	session_msg(s, "Recovered the unsaved work (Ctrl-S saves it, Ctrl-Z undoes the recovery)");
}

void safety_discard(Session *s, SafetyRecovery *r)
{
	(void)r;
	begin(s); /* the journal starts anew from the file as it is */
	session_msg(s, "Discarded the unsaved work");
}

/* ---- differences ---------------------------------------------------------- */

typedef VEC(Str) StrVec;
typedef VEC(uint64_t) HashVec;

static void split_lines(const char *p, size_t n, StrVec *out, HashVec *h)
{
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && p[i] != '\n')
			continue;
		if (i == n && start == n)
			break;
		size_t end = i < n ? i + 1 : i;
		Str s = {p + start, end - start};
		VEC_PUSH(out, s);
		uint64_t x = hash_fnv1a(s.p, s.n);
		VEC_PUSH(h, x);
		start = i + 1;
	}
}

static void udiff_line(Buf *out, char mark, Str l)
{
	buf_addc(out, mark);
	buf_add(out, l.p, l.n);
	if (!l.n || l.p[l.n - 1] != '\n')
		buf_adds(out, "\n\\ No newline at end of file\n");
}

void safety_udiff(const char *a, size_t na, const char *b, size_t nb, const char *a_name,
                  const char *b_name, Buf *out)
{
	StrVec la = {0}, lb = {0};
	HashVec ha = {0}, hb = {0};
	split_lines(a, na, &la, &ha);
	split_lines(b, nb, &lb, &hb);
	Diff d = {0};
	diff_seq(ha.v, ha.n, hb.v, hb.n, 20000, &d);
	buf_addf(out, "--- %s\n+++ %s\n", a_name, b_name);
	const size_t ctx = 3;
	size_t i = 0;
	while (i < d.n) {
		if (d.v[i].kind == DIFF_SAME) {
			i++;
			continue;
		}
		/* A hunk: changes joined while the equal runs between them are short. */
		size_t j = i;
		for (;;) {
			while (j + 1 < d.n && d.v[j + 1].kind != DIFF_SAME)
				j++;
			if (j + 2 < d.n && d.v[j + 1].len <= 2 * ctx && d.v[j + 2].kind != DIFF_SAME) {
				j += 2;
				continue;
			}
			break;
		}
		size_t a0 = d.v[i].a_pos, b0 = d.v[i].b_pos;
		size_t pre = 0;
		if (i > 0 && d.v[i - 1].kind == DIFF_SAME)
			pre = MIN(ctx, d.v[i - 1].len);
		size_t post = 0;
		if (j + 1 < d.n && d.v[j + 1].kind == DIFF_SAME)
			post = MIN(ctx, d.v[j + 1].len);
		size_t a_len = pre + post, b_len = pre + post;
		for (size_t k = i; k <= j; k++) {
			if (d.v[k].kind != DIFF_INS)
				a_len += d.v[k].len;
			if (d.v[k].kind != DIFF_DEL)
				b_len += d.v[k].len;
		}
		buf_addf(out, "@@ -%zu,%zu +%zu,%zu @@\n", a0 - pre + 1, a_len, b0 - pre + 1, b_len);
		for (size_t k = a0 - pre; k < a0; k++)
			udiff_line(out, ' ', la.v[k]);
		for (size_t k = i; k <= j; k++) {
			const DiffOp *o = &d.v[k];
			for (size_t m = 0; m < o->len; m++) {
				if (o->kind == DIFF_DEL)
					udiff_line(out, '-', la.v[o->a_pos + m]);
				else if (o->kind == DIFF_INS)
					udiff_line(out, '+', lb.v[o->b_pos + m]);
				else
					udiff_line(out, ' ', la.v[o->a_pos + m]);
			}
		}
		if (post) {
			size_t s0 = d.v[j + 1].a_pos;
			for (size_t k = s0; k < s0 + post; k++)
				udiff_line(out, ' ', la.v[k]);
		}
		i = j + 1;
	}
	diff_release(&d);
	VEC_FREE(&la);
	VEC_FREE(&lb);
	VEC_FREE(&ha);
	VEC_FREE(&hb);
}

void safety_recovery_diff(Session *s, const SafetyRecovery *r, Buf *out)
{
	Buf cur = BUF_INIT;
	lines_serialize(&s->doc.tgt, &cur);
	char *b = xasprintf("%s (recovered)", s->doc.path);
	safety_udiff(cur.p ? cur.p : "", cur.len, r->text.p ? r->text.p : "", r->text.len,
	             s->doc.path, b, out);
	free(b);
	buf_release(&cur);
}

/* ---- the journal while editing ------------------------------------------- */

/* The bytes hashed per idle step of a lazy remember (about 0.5 ms). */
#define HASH_STEP_BYTES (1u << 20)

bool safety_tick(Session *s, long *seg, bool force)
{
	doc_disk_hash_step(&s->doc, force ? SIZE_MAX : HASH_STEP_BYTES);
	Journal *j = s->doc.journal;
	if (!j)
		return true;
	long k = doc_segment_of_tgt_line(&s->doc, s->caret.cur.line);
	bool ok = force || k != *seg ? journal_flush(j) : journal_tick(j);
	*seg = k;
	safety_journal_warn(s);
	return ok;
}

bool safety_journal_warn(Session *s)
{
	Journal *j = s->doc.journal;
	/* said as it happens, over any other message, and again whenever the
	 * status line is free (a key clears it) */
	if (!j || !j->failed || (j->said && s->shell.msg.text[0]))
		return false;
	session_error(s, "%s (the edits are kept in memory; save soon)", j->err.msg);
	j->said = true;
	return true;
}

void safety_quit(Session *s)
{
	doc_journal_end(&s->doc, true);
}

/* ---- the file on disk ------------------------------------------------------ */

bool safety_disk_changed(Session *s)
{
	return doc_disk_changed(&s->doc);
}

bool safety_reload(Session *s)
{
	Doc *d = &s->doc;
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	if (!file_read(d->path, &b, &e)) {
		buf_release(&b);
		return session_error(s, "Not reloaded: %s", e.msg);
	}
	replace_all(s, b.p ? b.p : "", b.len);
	session_py_reference(s);
	d->saved = d->cur;
	doc_disk_remember(d, b.p ? b.p : "", b.len);
	if (d->journal)
		journal_rebase(d->journal, b.p ? b.p : "", b.len);
	buf_release(&b);
	session_msg(s, "Reloaded %s from disk (Ctrl-Z brings your version back)", d->path);
	return true;
}

void safety_keep_mine(Session *s)
{
	s->doc.disk.overwrite = true;
}

void safety_disk_diff(Session *s, Buf *out)
{
	Buf disk = BUF_INIT, cur = BUF_INIT;
	Err e;
	err_init(&e);
	if (!file_read(s->doc.path, &disk, &e))
		buf_clear(&disk);
	lines_serialize(&s->doc.tgt, &cur);
	char *b = xasprintf("%s (in the editor)", s->doc.path);
	char *a = xasprintf("%s (on disk)", s->doc.path);
	safety_udiff(disk.p ? disk.p : "", disk.len, cur.p ? cur.p : "", cur.len, a, b, out);
	free(a);
	free(b);
	buf_release(&disk);
	buf_release(&cur);
}

/* ---- input ------------------------------------------------------------------ */

bool safety_input_ok(Session *s, Buf *notes, Err *e)
{
	const Lines *l = &s->doc.tgt;
	LinesScan sc = lines_scan(l); /* an open's lines: what their parse found */
	if (sc.nul_line)
		return err_set(e, EXIT_DATAERR,
		               "%s:%zu: a NUL byte: this is a binary file, not text to translate",
		               s->doc.path, sc.nul_line);
	size_t bad_utf8 = sc.bad_utf8, first_bad = sc.first_bad, crlf = sc.crlf;
	size_t ctrl = sc.ctrl_line != 0, first_ctrl = sc.ctrl_line;
	if (!notes)
		return true;
	if (bad_utf8)
		buf_addf(notes, "%s%zu line%s with invalid UTF-8 (first: line %zu), shown as <xx> and "
		         "kept as is", notes->len ? "; " : "", bad_utf8, bad_utf8 == 1 ? "" : "s",
		         first_bad);
	if (ctrl)
		buf_addf(notes, "%scontrol characters (first: line %zu) shown as ^X", notes->len ? "; " : "",
		         first_ctrl);
	if (crlf)
		buf_addf(notes, "%sCRLF line ends kept", notes->len ? "; " : "");
	if (l->bom)
		buf_addf(notes, "%sthe byte order mark is kept", notes->len ? "; " : "");
	return true;
}
