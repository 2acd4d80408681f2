/* The sidecar model: reading it from the node tree, writing it with
 * the ynode writer, loading, saving, setting a corrupt file aside. */

#include "sidecar-private.h"
#include <sys/stat.h>

/* ---- keys ------------------------------------------------------------------ */

SidecarKey sidecar_key(const char *text, size_t n)
{
	char hex[65];
	sha256_hex(text, n, hex);
	SidecarKey k;
	memcpy(k.hex, hex, SIDECAR_KEY_LEN);
	k.hex[SIDECAR_KEY_LEN] = '\0';
	return k;
}

/* By a table, no branch a byte (the reader checks two keys a segment). */
bool is_lower_hex(const char *s, size_t n)
{
	static const unsigned char hex[256] = {
		['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
		['8'] = 1, ['9'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
	};
	unsigned ok = 1;
	for (size_t i = 0; i < n; i++)
		ok &= hex[(unsigned char)s[i]];
	return ok;
}

bool sidecar_key_valid(const char *s)
{
	return s && strlen(s) == SIDECAR_KEY_LEN && is_lower_hex(s, SIDECAR_KEY_LEN);
}

/* ---- lifecycle ------------------------------------------------------------- */

void sidecar_init(Sidecar *sc)
{
	memset(sc, 0, sizeof(*sc));
	sc->checklist.license = -1;
}

void seg_release(SidecarSeg *s)
{
	free(s->old);
	free(s->hint);
	ynode_free(s->extra);
}

void comment_release(SidecarComment *c)
{
	free(c->text);
	free(c->state);
	free(c->kind);
	free(c->base);
	free(c->head);
	ynode_free(c->extra);
}

static void source_release(SidecarSource *s)
{
	free(s->commit);
	free(s->path);
	ynode_free(s->extra);
	memset(s, 0, sizeof(*s));
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void segs_free(SidecarSeg *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		seg_release(&v[i]);
	free(v);
}

/* The model's entries are about to change: when they are the merge
 * base's (segs_live), the base gets them (move: the array itself, the
 * model is left with none) or a copy of them. */
void segs_detach(Sidecar *sc, bool move)
{
	SidecarDisk *d = sc->disk;
	if (!d || !d->segs_live)
		return;
	d->segs_live = false;
	BUG_ON(d->segs.v);
	if (move) {
		d->segs.v = sc->segs.v;
		d->segs.n = sc->segs.n;
		d->segs.cap = sc->segs.cap;
		sc->segs.v = NULL;
		sc->segs.n = sc->segs.cap = 0;
		return;
	}
	d->segs.v = xmalloc(MAX(sc->segs.n, 1) * sizeof(*d->segs.v));
	d->segs.n = d->segs.cap = sc->segs.n;
	for (size_t i = 0; i < sc->segs.n; i++) {
		SidecarSeg *c = &d->segs.v[i];
		*c = sc->segs.v[i];
		c->old = dup_or_null(c->old);
		c->hint = dup_or_null(c->hint);
		c->extra = ynode_clone(c->extra);
	}
}

void sidecar_clear_segs(Sidecar *sc)
{
	segs_detach(sc, true);
	for (size_t i = 0; i < sc->segs.n; i++)
		seg_release(&sc->segs.v[i]);
	sc->segs.n = 0;
}

void sidecar_release(Sidecar *sc)
{
	source_release(&sc->source);
	ynode_free(sc->checklist.extra);
	free(sc->translator_name);
	free(sc->translator_url);
	ynode_free(sc->translator_extra);
	ynode_free(sc->cursor_extra);
	sidecar_clear_segs(sc);
	VEC_FREE(&sc->segs);
	for (size_t i = 0; i < sc->comments.n; i++)
		comment_release(&sc->comments.v[i]);
	VEC_FREE(&sc->comments);
	free(sc->verdict);
	for (size_t i = 0; i < sc->allow.n; i++)
		free(sc->allow.v[i]);
	VEC_FREE(&sc->allow);
	ynode_free(sc->extra);
	if (sc->disk) {
		buf_release(&sc->disk->rest);
		segs_free(sc->disk->segs.v, sc->disk->segs.n);
		free(sc->disk);
	}
	sidecar_init(sc);
}

static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
}

void sidecar_disk_remember(Sidecar *sc, const char *path, bool exists)
{
	if (!sc->disk)
		sc->disk = xcalloc(1, sizeof(*sc->disk));
	SidecarDisk *d = sc->disk;
	buf_clear(&d->rest);
	segs_free(d->segs.v, d->segs.n);
	d->segs.v = NULL;
	d->segs.n = d->segs.cap = 0;
	struct stat st;
	d->exists = exists && lstat(path, &st) == 0;
	d->segs_live = d->exists;
	if (d->exists) {
		/* the base without its entries (they are sc's: segs_live) */
		size_t n = sc->segs.n;
		sc->segs.n = 0;
		sidecar_emit(sc, &d->rest);
		sc->segs.n = n;
		buf_fit(&d->rest);
		d->size = (long long)st.st_size;
		d->mtime_ns = mtime_ns(&st);
		d->ino = (long long)st.st_ino;
		d->dev = (long long)st.st_dev;
	}
}

/* The file at path is not the one sc was loaded from or saved to. */
bool disk_changed(const SidecarDisk *d, const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return false; /* gone: nothing of theirs to keep */
	return !d->exists || (long long)st.st_size != d->size || mtime_ns(&st) != d->mtime_ns ||
	       (long long)st.st_ino != d->ino || (long long)st.st_dev != d->dev;
}

char *sidecar_path(const char *doc_path)
{
	return xasprintf("%s%s", doc_path, SIDECAR_SUFFIX);
}

void sidecar_set_translator(Sidecar *sc, const char *name, const char *url)
{
	char *n = dup_or_null(name && *name ? name : NULL);
	char *u = dup_or_null(url && *url ? url : NULL);
	free(sc->translator_name);
	free(sc->translator_url);
	sc->translator_name = n;
	sc->translator_url = u;
}

void sidecar_set_source(Sidecar *sc, SidecarSourceKind kind, const char *commit,
                        const char *path, const char *sha256)
{
	SidecarExtra *extra = sc->source.extra;
	sc->source.extra = NULL;
	char *c = kind == SIDECAR_SRC_GIT || kind == SIDECAR_SRC_UPSTREAM ? dup_or_null(commit) : NULL;
	char *p = kind == SIDECAR_SRC_NONE ? NULL : dup_or_null(path);
	source_release(&sc->source);
	sc->source.kind = kind;
	sc->source.commit = c;
	sc->source.path = p;
	sc->source.extra = kind == SIDECAR_SRC_NONE ? (ynode_free(extra), NULL) : extra;
	if (sha256 && kind != SIDECAR_SRC_NONE)
		snprintf(sc->source.sha256, sizeof(sc->source.sha256), "%s", sha256);
}

void sidecar_add_seg(Sidecar *sc, SidecarKey source, SidecarKey target, SidecarMark mark,
                     const char *old)
{
	segs_detach(sc, false);
	SidecarSeg s = {.source = source, .target = target, .mark = mark,
	                .old = dup_or_null(old), .extra = NULL};
	VEC_PUSH(&sc->segs, s);
}

void sidecar_set_seg_hint(Sidecar *sc, size_t i, const char *hint)
{
	BUG_ON(i >= sc->segs.n);
	segs_detach(sc, false);
	char *h = dup_or_null(hint);
	free(sc->segs.v[i].hint);
	sc->segs.v[i].hint = h;
}

void sidecar_add_comment(Sidecar *sc, long line, SidecarKey segment, const char *text,
                         const char *state)
{
	SidecarComment c = {.line = line, .segment = segment, .text = xstrdup(text ? text : ""),
	                    .state = xstrdup(state ? state : "open"), .extra = NULL};
	VEC_PUSH(&sc->comments, c);
}

void sidecar_push_comment(Sidecar *sc, const SidecarComment *c)
{
	SidecarComment d = *c;
	d.text = xstrdup(c->text ? c->text : "");
	d.state = xstrdup(c->state ? c->state : "open");
	d.kind = dup_or_null(c->kind);
	d.base = dup_or_null(c->base);
	d.head = dup_or_null(c->head);
	d.extra = ynode_clone(c->extra);
	VEC_PUSH(&sc->comments, d);
}

long sidecar_next_comment_id(const Sidecar *sc)
{
	long id = 0;
	for (size_t i = 0; i < sc->comments.n; i++)
		id = MAX(id, sc->comments.v[i].id);
	return id + 1;
}

void sidecar_remove_comment(Sidecar *sc, size_t i)
{
	BUG_ON(i >= sc->comments.n);
	comment_release(&sc->comments.v[i]);
	memmove(&sc->comments.v[i], &sc->comments.v[i + 1],
	        (sc->comments.n - i - 1) * sizeof(sc->comments.v[0]));
	sc->comments.n--;
}

void sidecar_set_verdict(Sidecar *sc, const char *verdict)
{
	char *v = dup_or_null(verdict);
	free(sc->verdict);
	sc->verdict = v;
}

bool sidecar_allow_has(const Sidecar *sc, const char *word)
{
	for (size_t i = 0; i < sc->allow.n; i++)
		if (!strcmp(sc->allow.v[i], word))
			return true;
	return false;
}

bool sidecar_allow_add(Sidecar *sc, const char *word)
{
	if (!*word || sidecar_allow_has(sc, word))
		return false;
	VEC_PUSH(&sc->allow, xstrdup(word));
	return true;
}

bool sidecar_allow_remove(Sidecar *sc, const char *word)
{
	for (size_t i = 0; i < sc->allow.n; i++) {
		if (strcmp(sc->allow.v[i], word))
			continue;
		free(sc->allow.v[i]);
		memmove(&sc->allow.v[i], &sc->allow.v[i + 1],
		        (sc->allow.n - i - 1) * sizeof(sc->allow.v[0]));
		sc->allow.n--;
		return true;
	}
	return false;
}

/* ---- invariant ------------------------------------------------------------- */

bool sidecar_check(const Sidecar *sc, Err *e)
{
	const SidecarSource *s = &sc->source;
	if (s->kind > SIDECAR_SRC_UPSTREAM)
		return err_set(e, EXIT_DATAERR, "sidecar: bad source kind %d", (int)s->kind);
	if (s->kind == SIDECAR_SRC_NONE && (s->commit || s->path))
		return err_set(e, EXIT_DATAERR, "sidecar: source fields without a kind");
	if ((s->kind == SIDECAR_SRC_GIT || s->kind == SIDECAR_SRC_UPSTREAM) &&
	    (!s->commit || strlen(s->commit) != 40 || !s->path))
		return err_set(e, EXIT_DATAERR, "sidecar: git source needs commit and path");
	if ((s->kind == SIDECAR_SRC_FILE || s->kind == SIDECAR_SRC_SNAPSHOT) &&
	    (!s->path || s->commit))
		return err_set(e, EXIT_DATAERR, "sidecar: file source needs a path and no commit");
	if (s->sha256[0] && (strlen(s->sha256) != 64 || !is_lower_hex(s->sha256, 64)))
		return err_set(e, EXIT_DATAERR, "sidecar: bad sha256");
	const Checklist *c = &sc->checklist;
	if (c->license < -1 || c->license > 1 || c->issue < 0 || c->issue > SIDECAR_ISSUE_MAX ||
	    c->type >= PR_TYPE_COUNT)
		return err_set(e, EXIT_DATAERR, "sidecar: checklist out of range");
	if (sc->cursor_line < 0 || sc->cursor_column < 0)
		return err_set(e, EXIT_DATAERR, "sidecar: negative cursor");
	for (size_t i = 0; i < sc->segs.n; i++) {
		const SidecarSeg *g = &sc->segs.v[i];
		if (!sidecar_key_valid(g->source.hex) ||
		    (g->target.hex[0] && !sidecar_key_valid(g->target.hex)) ||
		    g->mark < SIDECAR_DRAFT || g->mark > SIDECAR_REVIEWED)
			return err_set(e, EXIT_DATAERR, "sidecar: segment entry %zu malformed", i);
	}
	for (size_t i = 0; i < sc->comments.n; i++) {
		const SidecarComment *m = &sc->comments.v[i];
		if (!m->text || !m->state || m->line < 0 || m->last < 0 ||
		    (m->segment.hex[0] && !sidecar_key_valid(m->segment.hex)) ||
		    (m->target.hex[0] && !sidecar_key_valid(m->target.hex)) || m->pr < 0 ||
		    m->id < 0 || m->reply_to < 0 || m->github < 0 ||
		    (m->base && strlen(m->base) != 40) || (m->head && strlen(m->head) != 40))
			return err_set(e, EXIT_DATAERR, "sidecar: review comment %zu malformed", i);
	}
	const YNode *ex[] = {sc->extra, s->extra, c->extra, sc->translator_extra, sc->cursor_extra};
	for (size_t i = 0; i < ARRAY_LEN(ex); i++)
		if (ex[i] && (ex[i]->kind != YN_MAP || ex[i]->nkids % 2))
			return err_set(e, EXIT_DATAERR, "sidecar: unknown-key store malformed");
	return true;
}
