/* The sidecar model: reading it from the node tree, writing it with
 * the ynode writer, loading, saving, setting a corrupt file aside. */
#include "sidecar-private.h"

#include <errno.h>
#include <limits.h>
#include <sys/stat.h>

#include "yeok/text.h"

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
static bool is_lower_hex(const char *s, size_t n)
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

static void seg_release(SidecarSeg *s)
{
	free(s->old);
	free(s->hint);
	ynode_free(s->extra);
}

static void comment_release(SidecarComment *c)
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
static void segs_detach(Sidecar *sc, bool move)
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
static bool disk_changed(const SidecarDisk *d, const char *path)
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

static const char *const mark_names[] = {
	[SIDECAR_DRAFT] = "draft", [SIDECAR_DONE] = "done", [SIDECAR_REVIEWED] = "reviewed",
};

static const char *sidecar_mark_name(SidecarMark m)
{
	return m >= SIDECAR_DRAFT && m <= SIDECAR_REVIEWED ? mark_names[m] : "?";
}

static const char *const kind_names[] = {
	[SIDECAR_SRC_NONE] = "none", [SIDECAR_SRC_GIT] = "git",
	[SIDECAR_SRC_FILE] = "file", [SIDECAR_SRC_SNAPSHOT] = "snapshot",
	[SIDECAR_SRC_UPSTREAM] = "upstream",
};

static const char *sidecar_source_kind_name(SidecarSourceKind k)
{
	return k <= SIDECAR_SRC_UPSTREAM ? kind_names[k] : "?";
}

/* ---- reading: node tree -> model -------------------------------------------- */

typedef struct Ctx {
	const char *name;
	bool newer; /* written by a newer yeok */
	Err *e;
} Ctx;

static bool bad(Ctx *c, const YNode *n, const char *fmt, ...) PRINTF_LIKE(3, 4);
static bool bad(Ctx *c, const YNode *n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	err_set(c->e, EXIT_DATAERR, "%s:%zu:%zu: %s", c->name, n->line, n->col, msg);
	free(msg);
	return false;
}

static bool scalar_is(const YNode *n, const char *const *words)
{
	if (n->kind != YN_SCALAR || n->style != YS_PLAIN)
		return false;
	for (; *words; words++)
		if (n->n == strlen(*words) && !memcmp(n->s, *words, n->n))
			return true;
	return false;
}

static const char *const null_words[] = {"", "~", "null", "Null", "NULL", NULL};
static const char *const true_words[] = {"true", "True", "TRUE", "yes", "Yes", "YES", NULL};
static const char *const false_words[] = {"false", "False", "FALSE", "no", "No", "NO", NULL};

static bool is_null(const YNode *n)
{
	return scalar_is(n, null_words);
}

/* A short, printable rendering of a scalar for messages: a short prefix
 * only, sanitized (the file may hold anything; messages end up in logs). */
static char *show(const YNode *n)
{
	Buf b = BUF_INIT;
	ynode_show(n, &b);
	return buf_detach(&b);
}

static bool want_kind(Ctx *c, const YNode *n, YKind k, const char *what)
{
	if (n->kind == k)
		return true;
	char *s = show(n);
	bad(c, n, "%s: expected %s, got %s", what,
	    k == YN_MAP ? "a mapping" : k == YN_SEQ ? "a list" : "a value", s);
	free(s);
	return false;
}

/* A string value: NULL (and true) for null; error for NUL bytes or
 * non-scalars. */
static bool get_str(Ctx *c, const YNode *n, const char *what, char **out)
{
	*out = NULL;
	if (!want_kind(c, n, YN_SCALAR, what))
		return false;
	if (is_null(n))
		return true;
	if (memchr(n->s, '\0', n->n))
		return bad(c, n, "%s: contains a NUL character", what);
	*out = xmemdup0(n->s, n->n);
	return true;
}

static bool get_long(Ctx *c, const YNode *n, const char *what, long min, long max, long *out)
{
	if (n->kind == YN_SCALAR && n->style == YS_PLAIN &&
	    parse_long(n->s, min, max, out) && !memchr(n->s, '\0', n->n))
		return true;
	char *s = show(n);
	bad(c, n, "%s: expected a whole number from %ld to %ld, got %s", what, min, max, s);
	free(s);
	return false;
}

static bool get_key(Ctx *c, const YNode *n, const char *what, SidecarKey *out)
{
	out->hex[0] = '\0';
	if (n->kind == YN_SCALAR && is_null(n))
		return true;
	if (n->kind == YN_SCALAR && n->n == SIDECAR_KEY_LEN && is_lower_hex(n->s, n->n)) {
		memcpy(out->hex, n->s, SIDECAR_KEY_LEN + 1);
		return true;
	}
	char *s = show(n);
	bad(c, n, "%s: expected a segment key (%d lowercase hex digits), got %s", what,
	    SIDECAR_KEY_LEN, s);
	free(s);
	return false;
}

/* Walk the pairs of a mapping: fn is called for each known key; unknown
 * keys are moved into *extra.  Duplicate keys are an error. */
typedef bool (*PairFn)(Ctx *c, void *obj, const YNode *key, const YNode *val, bool *known);

static bool walk_map(Ctx *c, YNode *map, const char *what, void *obj, PairFn fn,
                     SidecarExtra **extra)
{
	if (!want_kind(c, map, YN_MAP, what))
		return false;
	for (size_t i = 0; i + 1 < map->nkids; i += 2) {
		YNode *k = map->kids[i], *v = map->kids[i + 1];
		if (k->kind != YN_SCALAR)
			return bad(c, k, "%s: keys must be plain words", what);
		for (size_t j = 0; j < i; j += 2)
			if (map->kids[j]->kind == YN_SCALAR && map->kids[j]->n == k->n &&
			    !memcmp(map->kids[j]->s, k->s, k->n)) {
				char *s = show(k);
				bad(c, k, "%s: duplicate key %s", what, s);
				free(s);
				return false;
			}
		bool known = false;
		if (!fn(c, obj, k, v, &known))
			return false;
		if (!known) {
			if (!*extra) {
				*extra = ynode_new(YN_MAP, map->line, map->col);
				(*extra)->flow = map->flow; /* rewrite the holder in its style */
			}
			ynode_push(*extra, ynode_clone(k));
			ynode_push(*extra, ynode_clone(v));
		}
	}
	return true;
}

static bool key_is(const YNode *k, const char *s)
{
	return k->n == strlen(s) && !memcmp(k->s, s, k->n);
}

static bool source_pair(Ctx *c, void *obj, const YNode *k, const YNode *v, bool *known)
{
	SidecarSource *s = obj;
	static const struct { const char *key; SidecarSourceKind kind; } kinds[] = {
		{"git", SIDECAR_SRC_GIT}, {"file", SIDECAR_SRC_FILE},
		{"snapshot", SIDECAR_SRC_SNAPSHOT}, {"upstream", SIDECAR_SRC_UPSTREAM},
	};
	for (size_t i = 0; i < ARRAY_LEN(kinds); i++) {
		if (!key_is(k, kinds[i].key))
			continue;
		*known = true;
		if (s->kind != SIDECAR_SRC_NONE)
			return bad(c, k, "source: only one of git, file, snapshot, upstream");
		char *val;
		if (!get_str(c, v, "source", &val))
			return false;
		if (!val || !*val) {
			free(val);
			return bad(c, v, "source.%s: empty", kinds[i].key);
		}
		s->kind = kinds[i].kind;
		if (s->kind == SIDECAR_SRC_GIT || s->kind == SIDECAR_SRC_UPSTREAM) {
			if (strlen(val) != 40 || !is_lower_hex(val, 40)) {
				free(val);
				return bad(c, v, "source.%s: expected a full commit id (40 hex digits)",
				           kinds[i].key);
			}
			s->commit = val;
		} else {
			free(s->path);
			s->path = val;
		}
		return true;
	}
	if (key_is(k, "path")) {
		*known = true;
		char *val;
		if (!get_str(c, v, "source.path", &val))
			return false;
		if (val && s->kind != SIDECAR_SRC_GIT && s->kind != SIDECAR_SRC_UPSTREAM && s->path) {
			free(val);
			return bad(c, k, "source.path: only with git or upstream");
		}
		free(s->path);
		s->path = val;
		return true;
	}
	if (key_is(k, "sha256")) {
		*known = true;
		if (is_null(v))
			return true;
		if (v->kind != YN_SCALAR || v->n != 64 || !is_lower_hex(v->s, 64))
			return bad(c, v, "source.sha256: expected 64 lowercase hex digits");
		memcpy(s->sha256, v->s, 65);
		return true;
	}
	return true;
}

static bool read_source(Ctx *c, YNode *v, SidecarSource *s)
{
	if (is_null(v))
		return true;
	if (!walk_map(c, v, "source", s, source_pair, &s->extra))
		return false;
	if (s->kind == SIDECAR_SRC_NONE)
		return bad(c, v, "source: needs one of git, file, snapshot, upstream");
	/* every kind names a file (`path: null` after `file: a.rst` takes it back) */
	if (!s->path || !*s->path)
		return bad(c, v, "source: %s needs a path", sidecar_source_kind_name(s->kind));
	return true;
}

static bool checklist_pair(Ctx *c, void *obj, const YNode *k, const YNode *v, bool *known)
{
	Checklist *cl = obj;
	if (key_is(k, "license")) {
		*known = true;
		if (is_null(v))
			cl->license = -1;
		else if (scalar_is(v, true_words))
			cl->license = 1;
		else if (scalar_is(v, false_words))
			cl->license = 0;
		else {
			char *s = show(v);
			bad(c, v, "checklist.license: expected true or false, got %s", s);
			free(s);
			return false;
		}
		return true;
	}
	if (key_is(k, "issue")) {
		*known = true;
		if (is_null(v)) {
			cl->issue = 0;
			return true;
		}
		return get_long(c, v, "checklist.issue", 1, SIDECAR_ISSUE_MAX, &cl->issue);
	}
	if (key_is(k, "type")) {
		*known = true;
		if (is_null(v)) {
			cl->type = PR_TYPE_NONE;
			return true;
		}
		if (v->kind == YN_SCALAR && !memchr(v->s, '\0', v->n) &&
		    sidecar_type_parse(v->s, &cl->type) && cl->type != PR_TYPE_NONE)
			return true;
		char *s = show(v);
		bad(c, v, "checklist.type: expected fix, translate, sync or other, got %s", s);
		free(s);
		return false;
	}
	return true;
}

static bool translator_pair(Ctx *c, void *obj, const YNode *k, const YNode *v, bool *known)
{
	Sidecar *sc = obj;
	char **slot = key_is(k, "name") ? &sc->translator_name
	              : key_is(k, "url") ? &sc->translator_url : NULL;
	if (!slot)
		return true;
	*known = true;
	free(*slot);
	if (!get_str(c, v, key_is(k, "name") ? "translator.name" : "translator.url", slot))
		return false;
	if (*slot && !**slot) {
		free(*slot);
		*slot = NULL;
	}
	return true;
}

static bool cursor_pair(Ctx *c, void *obj, const YNode *k, const YNode *v, bool *known)
{
	Sidecar *sc = obj;
	if (key_is(k, "line")) {
		*known = true;
		return get_long(c, v, "cursor.line", 0, LONG_MAX / 2, &sc->cursor_line);
	}
	if (key_is(k, "column")) {
		*known = true;
		return get_long(c, v, "cursor.column", 0, LONG_MAX / 2, &sc->cursor_column);
	}
	return true;
}

static bool seg_pair(Ctx *c, void *obj, const YNode *k, const YNode *v, bool *known)
{
	SidecarSeg *s = obj;
	if (key_is(k, "source")) {
		*known = true;
		return get_key(c, v, "segments.source", &s->source);
	}
	if (key_is(k, "target")) {
		*known = true;
		return get_key(c, v, "segments.target", &s->target);
	}
	if (key_is(k, "status")) {
		*known = true;
		for (int m = SIDECAR_DRAFT; m <= SIDECAR_REVIEWED; m++)
			if (v->kind == YN_SCALAR && key_is(v, mark_names[m])) {
				s->mark = (SidecarMark)m;
				return true;
			}
		char *txt = show(v);
		bad(c, v, "segments.status: expected draft, done or reviewed, got %s", txt);
		free(txt);
		return false;
	}
	if (key_is(k, "old")) {
		*known = true;
		free(s->old);
		return get_str(c, v, "segments.old", &s->old);
	}
	if (key_is(k, "hint")) {
		*known = true;
		free(s->hint);
		return get_str(c, v, "segments.hint", &s->hint);
	}
	return true;
}

/* A commit id (40 lowercase hex digits) or null. */
static bool get_commit(Ctx *c, const YNode *n, const char *what, char **out)
{
	free(*out);
	*out = NULL;
	if (n->kind == YN_SCALAR && is_null(n))
		return true;
	if (n->kind == YN_SCALAR && n->n == 40 && is_lower_hex(n->s, n->n)) {
		*out = xmemdup0(n->s, n->n);
		return true;
	}
	char *s = show(n);
	bad(c, n, "%s: expected a commit id (40 lowercase hex digits), got %s", what, s);
	free(s);
	return false;
}

/* The range and thread keys of a review entry. */
static bool comment_range_pair(Ctx *c, SidecarComment *cm, const YNode *k, const YNode *v,
                               bool *known)
{
	*known = true;
	if (key_is(k, "base") || key_is(k, "head"))
		return get_commit(c, v, key_is(k, "base") ? "review.base" : "review.head",
		                  key_is(k, "base") ? &cm->base : &cm->head);
	if (key_is(k, "target"))
		return get_key(c, v, "review.target", &cm->target);
	long *slot = key_is(k, "pr") ? &cm->pr : key_is(k, "id") ? &cm->id
	             : key_is(k, "reply-to") ? &cm->reply_to : NULL;
	if (slot) {
		*slot = 0;
		return is_null(v) || get_long(c, v, slot == &cm->pr ? "review.pr"
		                                     : slot == &cm->id ? "review.id" : "review.reply-to",
		                              1, SIDECAR_ISSUE_MAX, slot);
	}
	if (key_is(k, "github")) {
		long x = 0;
		/* GitHub's ids are 64-bit; LONG_MAX holds them on every 64-bit system */
		if (!is_null(v) && !get_long(c, v, "review.github", 1, LONG_MAX, &x))
			return false;
		cm->github = x;
		return true;
	}
	if (key_is(k, "side")) {
		char *side = NULL;
		if (!get_str(c, v, "review.side", &side))
			return false;
		bool ok = !side || !strcmp(side, "left") || !strcmp(side, "right");
		cm->deleted = side && !strcmp(side, "left");
		free(side);
		return ok || bad(c, v, "review.side: expected left or right");
	}
	*known = false;
	return true;
}

static bool comment_pair(Ctx *c, void *obj, const YNode *k, const YNode *v, bool *known)
{
	SidecarComment *cm = obj;
	if (key_is(k, "line")) {
		*known = true;
		if (is_null(v)) {
			cm->line = 0;
			return true;
		}
		return get_long(c, v, "review.line", 0, LONG_MAX / 2, &cm->line);
	}
	if (key_is(k, "last")) {
		*known = true;
		if (is_null(v)) {
			cm->last = 0;
			return true;
		}
		return get_long(c, v, "review.last", 0, LONG_MAX / 2, &cm->last);
	}
	if (key_is(k, "kind")) {
		*known = true;
		free(cm->kind);
		cm->kind = NULL;
		return is_null(v) || get_str(c, v, "review.kind", &cm->kind);
	}
	if (key_is(k, "segment")) {
		*known = true;
		return get_key(c, v, "review.segment", &cm->segment);
	}
	if (key_is(k, "text") || key_is(k, "state")) {
		*known = true;
		char **slot = key_is(k, "text") ? &cm->text : &cm->state;
		free(*slot);
		return get_str(c, v, key_is(k, "text") ? "review.text" : "review.state", slot);
	}
	return comment_range_pair(c, cm, k, v, known);
}

static bool read_segments(Ctx *c, YNode *v, Sidecar *sc)
{
	if (is_null(v))
		return true;
	if (!want_kind(c, v, YN_SEQ, "segments"))
		return false;
	for (size_t i = 0; i < v->nkids; i++) {
		SidecarSeg s = {.mark = 0};
		bool ok = walk_map(c, v->kids[i], "segments", &s, seg_pair, &s.extra);
		if (ok && !s.source.hex[0])
			ok = bad(c, v->kids[i], "segments: an entry needs a source key");
		if (ok && !s.mark)
			ok = bad(c, v->kids[i], "segments: an entry needs a status");
		if (!ok) {
			seg_release(&s);
			return false;
		}
		VEC_PUSH(&sc->segs, s);
	}
	return true;
}

static bool read_review(Ctx *c, YNode *v, Sidecar *sc)
{
	if (is_null(v))
		return true;
	if (!want_kind(c, v, YN_SEQ, "review"))
		return false;
	for (size_t i = 0; i < v->nkids; i++) {
		SidecarComment cm = {.line = 0};
		bool ok = walk_map(c, v->kids[i], "review", &cm, comment_pair, &cm.extra);
		if (!ok) {
			comment_release(&cm);
			return false;
		}
		if (!cm.text)
			cm.text = xstrdup("");
		if (!cm.state)
			cm.state = xstrdup("open");
		VEC_PUSH(&sc->comments, cm);
	}
	return true;
}

static bool top_pair(Ctx *c, void *obj, const YNode *k, const YNode *v, bool *known)
{
	Sidecar *sc = obj;
	YNode *val = (YNode *)v;
	*known = true;
	if (key_is(k, "yeok")) {
		long version;
		if (!get_long(c, v, "yeok", 1, LONG_MAX / 2, &version))
			return false;
		if (version > SIDECAR_VERSION)
			return c->newer = true, err_set(c->e, EXIT_DATAERR,
			               "%s:%zu:%zu: written by a newer yeok (format %ld; this yeok "
			               "reads format %d): not touched",
			               c->name, v->line, v->col, version, SIDECAR_VERSION);
		return true;
	}
	if (key_is(k, "source"))
		return read_source(c, val, &sc->source);
	if (key_is(k, "checklist"))
		return is_null(v) ||
		       walk_map(c, val, "checklist", &sc->checklist, checklist_pair,
		                &sc->checklist.extra);
	if (key_is(k, "translator"))
		return is_null(v) ||
		       walk_map(c, val, "translator", sc, translator_pair, &sc->translator_extra);
	if (key_is(k, "cursor"))
		return is_null(v) || walk_map(c, val, "cursor", sc, cursor_pair, &sc->cursor_extra);
	if (key_is(k, "segments"))
		return read_segments(c, val, sc);
	if (key_is(k, "review"))
		return read_review(c, val, sc);
	if (key_is(k, "verdict")) {
		free(sc->verdict);
		sc->verdict = NULL;
		return is_null(v) || get_str(c, v, "verdict", &sc->verdict);
	}
	if (key_is(k, "allow")) {
		if (is_null(v))
			return true;
		if (!want_kind(c, v, YN_SEQ, "allow"))
			return false;
		for (size_t i = 0; i < v->nkids; i++) {
			char *w = NULL;
			if (!get_str(c, v->kids[i], "allow", &w))
				return false;
			if (w)
				sidecar_allow_add(sc, w); /* a repeated word once */
			free(w);
		}
		return true;
	}
	*known = false;
	return true;
}

/* ---- the segments as the writer puts them ------------------------------------
 * A sidecar written by yeok has one line per segment,
 *   - {source: HEX, target: HEX, status: MARK}
 * (target may be absent), tens of thousands of them: read as text, they
 * cost a fraction of libyaml's events and nodes.  Only that exact form is
 * read so; a sidecar with anything else in its segments (indentation,
 * comments, old: or hint:, other keys, quotes) is read by libyaml whole,
 * as is any the fast path finds a fault in (its messages and places are
 * libyaml's).  test-sidecar compares both on written and altered files. */

/* A key at p[*i..n), bare or in double quotes (the writer quotes the
 * keys a YAML reader would take for numbers): into out. */
static bool fast_key(const char *p, size_t n, size_t *i, SidecarKey *out)
{
	size_t K = SIDECAR_KEY_LEN, q = *i < n && p[*i] == '"';
	if (n < *i + K + 2 * q || !is_lower_hex(p + *i + q, K) || (q && p[*i + q + K] != '"'))
		return false;
	memcpy(out->hex, p + *i + q, K);
	out->hex[K] = '\0';
	*i += K + 2 * q;
	return true;
}

/* The line at p[0..n) in the writer's form, up to and with its LF: into
 * *g, its bytes (the LF included) into *len. */
static bool fast_seg_line(const char *p, size_t n, SidecarSeg *g, size_t *len)
{
	static const char pre[] = "- {source: ", tgt[] = ", target: ", st[] = ", status: ";
	size_t i = sizeof(pre) - 1;
	memset(g, 0, sizeof(*g));
	if (n < i || memcmp(p, pre, i) != 0 || !fast_key(p, n, &i, &g->source))
		return false;
	if (n >= i + sizeof(tgt) - 1 && !memcmp(p + i, tgt, sizeof(tgt) - 1)) {
		i += sizeof(tgt) - 1;
		if (!fast_key(p, n, &i, &g->target))
			return false;
	}
	if (n < i + sizeof(st) - 1 || memcmp(p + i, st, sizeof(st) - 1) != 0)
		return false;
	i += sizeof(st) - 1;
	/* the mark by its first letters, then whole, then "}" and the LF */
	int m = i >= n ? -1 : p[i] == 'r' ? SIDECAR_REVIEWED
	                    : p[i] != 'd' || i + 1 >= n ? -1
	                    : p[i + 1] == 'o' ? SIDECAR_DONE : SIDECAR_DRAFT;
	if (m < 0)
		return false;
	size_t w = m == SIDECAR_REVIEWED ? sizeof("reviewed") - 1
	         : m == SIDECAR_DONE ? sizeof("done") - 1 : sizeof("draft") - 1;
	if (n < i + w + 2 || memcmp(p + i, mark_names[m], w) || p[i + w] != '}' || p[i + w + 1] != '\n')
		return false;
	g->mark = (SidecarMark)m;
	*len = i + w + 2;
	return true;
}

/* A line that rules the fast path out anywhere: a document marker, or a
 * "segments" key that is not the one top-level "segments:" line
 * (*key: it is that line). */
static bool fast_line_bad(const char *p, size_t len, bool *key)
{
	static const char k[] = "segments:";
	*key = false;
	if (len >= 3 && (!memcmp(p, "---", 3) || !memcmp(p, "...", 3)))
		return true;
	if ((len >= 8 && !memcmp(p, "segments", 8)) || (len >= 9 && !memcmp(p + 1, "segments", 8))) {
		if (len != sizeof(k) - 1 || memcmp(p, k, len))
			return true;
		*key = true;
	}
	return false;
}

/* The top-level "segments:" line of data and the writer's lines after it:
 * bytes [*a, *b), *lines of them; false when there is no such block (or
 * more than one top-level segments key, or a document marker).  One pass
 * over the lines. */
static bool fast_block(const char *data, size_t n, size_t *a, size_t *b, size_t *lines)
{
	size_t at = SIZE_MAX, k = 0, after = 0;
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(data + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - data) : n;
		bool key;
		if (fast_line_bad(data + i, e - i, &key))
			return false;
		size_t line = i;
		i = e + 1;
		if (!key)
			continue;
		if (at != SIZE_MAX)
			return false;
		at = line;
		/* the lines of the block: each starts with '-' and ends with LF */
		while (i < n && data[i] == '-') {
			nl = memchr(data + i, '\n', n - i);
			if (!nl || fast_line_bad(data + i, (size_t)(nl - data) - i, &key))
				return false;
			i = (size_t)(nl - data) + 1;
			k++;
		}
		after = i;
		/* what follows is a top-level key, or the end */
		if (!k || (i < n && (data[i] == ' ' || data[i] == '\t' || data[i] == '#' || data[i] == '\n')))
			return false;
	}
	if (at == SIZE_MAX)
		return false;
	*a = at;
	*b = after;
	*lines = k;
	return true;
}

static bool parse_tree(const char *data, size_t n, const char *name, const YLimits *lim,
                       Sidecar *sc, bool *newer, Err *e, size_t cut_line, bool *fits);

/* The reader's limits for a file of at most max_bytes (>= SIDECAR_MAX_BYTES):
 * ynode_limits_sidecar's node count grows with the bytes allowed. */
static YLimits limits_for(size_t max_bytes)
{
	YLimits l = ynode_limits_sidecar;
	if (max_bytes > l.max_bytes) {
		l.max_nodes += (max_bytes - l.max_bytes) / 4; /* a node is 4 bytes or more */
		l.max_bytes = max_bytes;
	}
	return l;
}

/* The line p[n] starts, as libyaml counts the lines of p[0..n): false
 * when they have a break other than LF (CR, NEL, LS, PS), left to libyaml. */
static bool lf_lines(const char *p, size_t n, size_t *line)
{
	*line = 1;
	for (size_t j = 0; j < n; j++) {
		unsigned char ch = (unsigned char)p[j];
		if (ch == '\r' || (ch == 0xC2 && j + 1 < n && (unsigned char)p[j + 1] == 0x85) ||
		    (ch == 0xE2 && j + 2 < n && (unsigned char)p[j + 1] == 0x80 &&
		     ((unsigned char)p[j + 2] | 1) == 0xA9))
			return false;
		*line += ch == '\n';
	}
	return true;
}

/* The fast path: false (sc released, e untouched) when it does not apply. */
static bool parse_fast(const char *data, size_t n, const char *name, const YLimits *lim,
                       Sidecar *sc)
{
	size_t a, b, k, cut_line;
	if (!fast_block(data, n, &a, &b, &k) || 7 * k + 2 * (n - (b - a)) + 16 >= lim->max_nodes ||
	    !lf_lines(data, a, &cut_line))
		return false;
	SidecarSeg *v = xmalloc(k * sizeof(*v));
	xprefault(v, k * sizeof(*v)); /* written whole just below */
	size_t i = a + sizeof("segments:\n") - 1;
	for (size_t x = 0, len; x < k; x++) {
		if (!fast_seg_line(data + i, b - i, &v[x], &len)) {
			free(v);
			return false;
		}
		i += len;
	}
	BUG_ON(i != b); /* k lines, each up to its LF */
	Buf rest = BUF_INIT;
	buf_add(&rest, data, a);
	buf_add(&rest, data + b, n - b);
	Err e;
	err_init(&e);
	bool newer = false, fits = false;
	bool ok = parse_tree(rest.p ? rest.p : "", rest.len, name, lim, sc, &newer, &e,
	                     b < n ? cut_line : 0, &fits);
	buf_release(&rest);
	if (!ok || !fits) {
		sidecar_release(sc);
		free(v);
		return false;
	}
	/* the tree had no segments: the array becomes them, exactly sized (a
	 * copy grown by doubling held both at once and kept up to half of it
	 * spare: 33.5 MB for 275k segments at 1M lines, 17.6 MB now) */
	BUG_ON(sc->segs.n != 0);
	free(sc->segs.v);
	sc->segs.v = v;
	sc->segs.n = sc->segs.cap = k;
	return true;
}

static bool parse(const char *data, size_t n, const char *name, size_t max_bytes, Sidecar *sc,
                  bool *newer, Err *e)
{
	YLimits lim = limits_for(max_bytes);
	if (n <= lim.max_bytes && parse_fast(data, n, name, &lim, sc)) {
		*newer = false;
		return true;
	}
	bool fits;
	return parse_tree(data, n, name, &lim, sc, newer, e, 0, &fits);
}

/* libyaml's reading.  *fits (for the fast path, which cut the writer's
 * segments block out of the file at line cut_line, 0: at its end): the
 * root has no segments key, and the block stood between two of the
 * root's pairs: the root is empty or a block mapping, and one of its keys
 * starts line cut_line (not a line inside a quoted scalar or a flow
 * collection that went on past the block). */
static bool parse_tree(const char *data, size_t n, const char *name, const YLimits *lim,
                       Sidecar *sc, bool *newer, Err *e, size_t cut_line, bool *fits)
{
	sidecar_release(sc);
	*fits = false;
	YNode *root;
	if (!ynode_parse(data, n, name, lim, &root, e))
		return false;
	if (!root || is_null(root)) {
		ynode_free(root);
		*fits = !cut_line;
		return true;
	}
	Ctx c = {.name = name, .e = e};
	if (root->kind != YN_MAP) {
		/* not YAML meant for yeok at all: quote nothing of it */
		ynode_free(root);
		return err_set(e, EXIT_DATAERR, "%s:1:1: not a yeok sidecar (expected a YAML mapping "
		               "with yeok:, source:, checklist: ...)", name);
	}
	bool at_cut = !cut_line, no_seg = true;
	for (size_t i = 0; i + 1 < root->nkids; i += 2) {
		const YNode *k = root->kids[i];
		if (k->kind != YN_SCALAR || key_is(k, "segments"))
			no_seg = false;
		at_cut |= k->line == cut_line && k->col == 1;
	}
	*fits = !root->flow && no_seg && at_cut;
	bool ok = walk_map(&c, root, "the sidecar", sc, top_pair, &sc->extra);
	ynode_free(root);
	if (!ok)
		sidecar_release(sc);
	*newer = c.newer;
	return ok;
}

bool sidecar_parse_libyaml(const char *data, size_t n, const char *name, Sidecar *sc, Err *e)
{
	bool newer = false, fits;
	YLimits lim = limits_for(SIDECAR_MAX_BYTES);
	return parse_tree(data, n, name, &lim, sc, &newer, e, 0, &fits);
}

bool sidecar_parse(const char *data, size_t n, const char *name, Sidecar *sc, Err *e)
{
	bool newer = false;
	return parse(data, n, name, SIDECAR_MAX_BYTES, sc, &newer, e);
}

bool sidecar_parse_trusted(const char *data, size_t n, const char *name, Sidecar *sc, Err *e)
{
	bool newer = false;
	return parse(data, n, name, n > SIDECAR_MAX_BYTES ? n : SIDECAR_MAX_BYTES, sc, &newer, e);
}

size_t sidecar_max_bytes(size_t doc_bytes)
{
	size_t per = (SIDECAR_MAX_TOTAL - SIDECAR_MAX_BYTES) / SIDECAR_BYTES_PER_DOC_BYTE;
	if (doc_bytes >= per)
		return SIDECAR_MAX_TOTAL;
	return SIDECAR_MAX_BYTES + SIDECAR_BYTES_PER_DOC_BYTE * doc_bytes;
}

/* The bytes of the document a sidecar path belongs to (PATH without
 * SIDECAR_SUFFIX): 0 when it is not a regular file. */
static size_t doc_bytes_of(const char *path)
{
	size_t n = strlen(path), k = sizeof(SIDECAR_SUFFIX) - 1;
	if (n <= k || strcmp(path + n - k, SIDECAR_SUFFIX))
		return 0;
	char *doc = xmemdup0(path, n - k);
	struct stat st;
	bool reg = stat(doc, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
	free(doc);
	return reg ? (size_t)st.st_size : 0;
}

size_t sidecar_max_bytes_at(const char *path)
{
	return sidecar_max_bytes(doc_bytes_of(path));
}

bool sidecar_load(const char *path, Sidecar *sc, bool *corrupt, Err *e)
{
	if (corrupt)
		*corrupt = false;
	sidecar_release(sc);
	struct stat st;
	/* none; or a document's name so long (255 bytes) that no sidecar
	 * can be beside it: the document is still counted and opened */
	if (lstat(path, &st) != 0 && (errno == ENOENT || errno == ENAMETOOLONG)) {
		sidecar_disk_remember(sc, path, false);
		return true;
	}
	Buf b = BUF_INIT;
	size_t max = sidecar_max_bytes_at(path);
	if (!file_read_limit(path, max, FILE_NOFOLLOW, &b, e)) {
		if (e && e->code == EXIT_DATAERR && corrupt)
			*corrupt = true; /* too large: set aside like any unusable sidecar */
		buf_release(&b);
		return false;
	}
	bool newer = false;
	bool ok = parse(b.p, b.len, path, max, sc, &newer, e);
	if (!ok && corrupt)
		*corrupt = !newer;
	buf_release(&b); /* the model is the merge base: the bytes are not kept */
	if (ok)
		sidecar_disk_remember(sc, path, true);
	return ok;
}

bool sidecar_set_aside(const char *path, char **bad_path, Err *e)
{
	struct stat st;
	char *to = xasprintf("%s%s", path, SIDECAR_BAD_SUFFIX);
	for (int i = 2; lstat(to, &st) == 0 && i < 1000; i++) {
		free(to);
		to = xasprintf("%s%s.%d", path, SIDECAR_BAD_SUFFIX, i);
	}
	errno = 0;
	if (lstat(to, &st) == 0 || rename(path, to) != 0) {
		int saved = errno;
		free(to);
		return err_set(e, EXIT_IOERR, "%s: cannot set aside: %s", path,
		               saved ? strerror(saved) : "too many .bad files");
	}
	if (bad_path)
		*bad_path = to;
	else
		free(to);
	return true;
}

/* ---- writing ----------------------------------------------------------------- */

typedef YWriter Writer;

/* Would a plain scalar be read back as something other than a string
 * (null, bool, number) by YAML tools?  Then it is quoted. */
static bool needs_quotes(const char *s, size_t n)
{
	static const char *const words[] = {
		"", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False",
		"FALSE", "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off",
		"Off", "OFF", "y", "Y", "n", "N", ".inf", ".Inf", ".INF", "-.inf", ".nan",
		".NaN", ".NAN", NULL,
	};
	for (size_t i = 0; words[i]; i++)
		if (n == strlen(words[i]) && !memcmp(s, words[i], n))
			return true;
	if (n == 0 || n > 64 || memchr(s, '\0', n))
		return n == 0;
	char tmp[65];
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	char *end;
	errno = 0;
	(void)strtod(tmp, &end);
	if (end != tmp && *end == '\0')
		return true;
	(void)strtol(tmp, &end, 0);
	if (end != tmp && *end == '\0')
		return true;
	return strchr("+-.0123456789", tmp[0]) && strspn(tmp, "0123456789_:.+-eE") == n;
}

static void scalar_style(Writer *w, const char *s, size_t n, YStyle style)
{
	ynode_write_scalar(w, s, n, style);
}

/* A string value: quoted when plain would change its meaning. */
static void str(Writer *w, const char *s)
{
	size_t n = strlen(s);
	scalar_style(w, s, n, needs_quotes(s, n) ? YS_DOUBLE : YS_ANY);
}

/* A long, possibly multi-line text: literal block style when possible
 * (block context only). */
static void text_value(Writer *w, const char *s)
{
	size_t n = strlen(s);
	if (needs_quotes(s, n))
		scalar_style(w, s, n, YS_DOUBLE);
	else
		scalar_style(w, s, n, strchr(s, '\n') ? YS_LITERAL : YS_ANY);
}

/* A word the format defines (null, true, a number, a key name). */
static void word(Writer *w, const char *s)
{
	scalar_style(w, s, strlen(s), YS_PLAIN);
}

static void number(Writer *w, long v)
{
	char tmp[32];
	snprintf(tmp, sizeof(tmp), "%ld", v);
	word(w, tmp);
}

static void map_start(Writer *w, bool flow)
{
	ynode_write_map_start(w, flow);
}

static void map_end(Writer *w)
{
	ynode_write_map_end(w);
}

static void seq_start(Writer *w, bool flow)
{
	ynode_write_seq_start(w, flow);
}

static void seq_end(Writer *w)
{
	ynode_write_seq_end(w);
}

/* The unknown pairs of a mapping being written. */
static void extras(Writer *w, const YNode *extra, bool in_flow)
{
	if (!extra)
		return;
	for (size_t i = 0; i < extra->nkids; i++)
		ynode_write_node(w, extra->kids[i], in_flow);
}

/* Whether a mapping holding the unknown pairs kept in extra may be written
 * in flow style: as it was read (a flow mapping cannot have held block
 * nodes), flow when there are none.  Keeps rewrites stable. */
static bool flow_ok(const YNode *extra)
{
	return !extra || (extra->flow && !ynode_has_block(extra));
}

static void emit_source(Writer *w, const SidecarSource *s)
{
	word(w, "source");
	map_start(w, false);
	word(w, sidecar_source_kind_name(s->kind));
	bool commit = s->kind == SIDECAR_SRC_GIT || s->kind == SIDECAR_SRC_UPSTREAM;
	str(w, commit ? (s->commit ? s->commit : "") : (s->path ? s->path : ""));
	if (commit) {
		word(w, "path");
		str(w, s->path ? s->path : "");
	}
	word(w, "sha256");
	if (s->sha256[0])
		str(w, s->sha256);
	else
		word(w, "null");
	extras(w, s->extra, false);
	map_end(w);
}

static void emit_checklist(Writer *w, const Checklist *c)
{
	word(w, "checklist");
	map_start(w, false);
	word(w, "license");
	word(w, c->license < 0 ? "null" : c->license ? "true" : "false");
	word(w, "issue");
	if (c->issue > 0)
		number(w, c->issue);
	else
		word(w, "null");
	word(w, "type");
	word(w, c->type != PR_TYPE_NONE ? sidecar_type_name(c->type) : "null");
	extras(w, c->extra, false);
	map_end(w);
}

static void emit_segments(Writer *w, const Sidecar *sc)
{
	word(w, "segments");
	seq_start(w, sc->segs.n == 0);
	for (size_t i = 0; i < sc->segs.n; i++) {
		const SidecarSeg *s = &sc->segs.v[i];
		bool flow = !s->old && !s->hint && flow_ok(s->extra);
		map_start(w, flow);
		word(w, "source");
		str(w, s->source.hex);
		if (s->target.hex[0]) {
			word(w, "target");
			str(w, s->target.hex);
		}
		word(w, "status");
		word(w, sidecar_mark_name(s->mark));
		if (s->old) {
			word(w, "old");
			text_value(w, s->old);
		}
		if (s->hint) {
			word(w, "hint");
			text_value(w, s->hint);
		}
		extras(w, s->extra, flow);
		map_end(w);
	}
	seq_end(w);
}

static void emit_comment_range(Writer *w, const SidecarComment *c)
{
	if (c->deleted) {
		word(w, "side");
		word(w, "left");
	}
	const struct { const char *key; const char *v; } s[] = {
		{"base", c->base}, {"head", c->head}, {"target", c->target.hex[0] ? c->target.hex : NULL},
	};
	for (size_t i = 0; i < ARRAY_LEN(s); i++)
		if (s[i].v) {
			word(w, s[i].key);
			str(w, s[i].v);
		}
	const struct { const char *key; long v; } n[] = {
		{"pr", c->pr}, {"id", c->id}, {"reply-to", c->reply_to}, {"github", (long)c->github},
	};
	for (size_t i = 0; i < ARRAY_LEN(n); i++)
		if (n[i].v > 0) {
			word(w, n[i].key);
			number(w, n[i].v);
		}
}

static void emit_review(Writer *w, const Sidecar *sc)
{
	word(w, "review");
	seq_start(w, sc->comments.n == 0);
	for (size_t i = 0; i < sc->comments.n; i++) {
		const SidecarComment *c = &sc->comments.v[i];
		map_start(w, false);
		word(w, "line");
		if (c->line > 0)
			number(w, c->line);
		else
			word(w, "null");
		if (c->last > 0 && c->last != c->line) {
			word(w, "last");
			number(w, c->last);
		}
		word(w, "segment");
		if (c->segment.hex[0])
			str(w, c->segment.hex);
		else
			word(w, "null");
		word(w, "text");
		text_value(w, c->text);
		word(w, "state");
		str(w, c->state);
		if (c->kind && strcmp(c->kind, "comment") != 0) {
			word(w, "kind");
			str(w, c->kind);
		}
		emit_comment_range(w, c);
		extras(w, c->extra, false);
		map_end(w);
	}
	seq_end(w);
}

void sidecar_emit(const Sidecar *sc, Buf *out)
{
	Writer *w = ynode_writer_new(out);
	map_start(w, false);

	word(w, "yeok");
	number(w, SIDECAR_VERSION);
	if (sc->source.kind != SIDECAR_SRC_NONE)
		emit_source(w, &sc->source);
	emit_checklist(w, &sc->checklist);
	if (sc->translator_name || sc->translator_url || sc->translator_extra) {
		bool flow = flow_ok(sc->translator_extra);
		word(w, "translator");
		map_start(w, flow);
		word(w, "name");
		if (sc->translator_name)
			str(w, sc->translator_name);
		else
			word(w, "null");
		word(w, "url");
		if (sc->translator_url)
			str(w, sc->translator_url);
		else
			word(w, "null");
		extras(w, sc->translator_extra, flow);
		map_end(w);
	}
	if (sc->cursor_line > 0 || sc->cursor_extra) {
		bool flow = flow_ok(sc->cursor_extra);
		word(w, "cursor");
		map_start(w, flow);
		word(w, "line");
		number(w, sc->cursor_line);
		word(w, "column");
		number(w, sc->cursor_column);
		extras(w, sc->cursor_extra, flow);
		map_end(w);
	}
	emit_segments(w, sc);
	emit_review(w, sc);
	if (sc->verdict) {
		word(w, "verdict");
		str(w, sc->verdict);
	}
	if (sc->allow.n) {
		word(w, "allow");
		seq_start(w, true);
		for (size_t i = 0; i < sc->allow.n; i++)
			str(w, sc->allow.v[i]);
		seq_end(w);
	}
	extras(w, sc->extra, false);

	map_end(w);
	ynode_writer_end(w);
}

bool sidecar_save(const char *path, Sidecar *sc, Err *e)
{
	sc->merged = false;
	if (sc->disk && disk_changed(sc->disk, path)) {
		/* another yeok wrote it since: merge key by key */
		Sidecar base, theirs;
		sidecar_init(&base);
		sidecar_init(&theirs);
		Err why;
		err_init(&why);
		bool corrupt = false;
		if (!sidecar_load(path, &theirs, &corrupt, &why)) {
			sidecar_release(&theirs);
			return err_set(e, EXIT_DATAERR, "%s: changed on disk and cannot be read (%s): "
			               "not overwritten", path, why.msg);
		}
		/* the base: its text without the entries, then the entries
		 * (the model's own are copied first: the merge replaces them) */
		SidecarDisk *d = sc->disk;
		if (d->exists &&
		    !sidecar_parse_trusted(d->rest.p ? d->rest.p : "", d->rest.len, path, &base, &why))
			fatal("BUG: sidecar base no longer parses: %s", why.msg);
		segs_detach(sc, false);
		BUG_ON(base.segs.n);
		VEC_FREE(&base.segs);
		base.segs.v = d->segs.v; /* borrowed */
		base.segs.n = d->segs.n;
		sidecar_merge(&base, sc, &theirs);
		sc->merged = true;
		base.segs.v = NULL;
		base.segs.n = 0;
		sidecar_release(&base);
		sidecar_release(&theirs);
	}
	Buf b = BUF_INIT;
	sidecar_emit(sc, &b);
	size_t max = sidecar_max_bytes_at(path);
	if (b.len > max) { /* the reader would refuse it: keep what is on disk */
		err_set(e, EXIT_DATAERR, "%s: would be %zu bytes, more than yeok reads back beside "
		        "its document (%zu bytes: %u MiB + %u per byte of the document): not written",
		        path, b.len, max, SIDECAR_MAX_BYTES >> 20, SIDECAR_BYTES_PER_DOC_BYTE);
		buf_release(&b);
		return false;
	}
	bool ok = file_write_side(path, b.p, b.len, e);
	buf_release(&b);
	if (ok)
		sidecar_disk_remember(sc, path, true);
	return ok;
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
