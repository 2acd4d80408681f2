/*
 * Parsing and loading: the fast path for the segments as the writer puts
 * them, else libyaml (read.c); the size limits, sidecar_load, setting a
 * corrupt file aside.
 */
#include "sidecar-private.h"
#include <errno.h>
#include <sys/stat.h>
#include "sidecar-private.h"

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
