/*
 * Reading: the node tree (libyaml's, through ynode) into the model, every
 * key checked, unknown keys kept (parse_tree).
 */
#include "sidecar-private.h"
#include <limits.h>
#include "sidecar-private.h"

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

/* libyaml's reading.  *fits (for the fast path, which cut the writer's
 * segments block out of the file at line cut_line, 0: at its end): the
 * root has no segments key, and the block stood between two of the
 * root's pairs: the root is empty or a block mapping, and one of its keys
 * starts line cut_line (not a line inside a quoted scalar or a flow
 * collection that went on past the block). */
bool parse_tree(const char *data, size_t n, const char *name, const YLimits *lim,
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
