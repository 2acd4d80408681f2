/*
 * Writing: the model through the ynode writer (sidecar_emit), saving with
 * the merge of what another yeok wrote (sidecar_save).
 */
#include "sidecar-private.h"
#include <errno.h>
#include "sidecar-private.h"

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
