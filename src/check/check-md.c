/*
 * The checks of a Markdown document (include/yeok/host.h, "Markdown"),
 * where RST's rules do not apply:
 *   - markup-spacing: emphasis that CommonMark leaves as literal `*`/`_`
 *     because of Korean around it.  Its flanking rules (spec 6.2) do not
 *     close `**` after punctuation when a letter follows (`**텍스트(Text)**는`,
 *     `**"인용"**을`), nor open it after a letter when punctuation follows
 *     (`은**"인용"**`), and `_` neither opens nor closes inside a word
 *     (`_func_에서`).  `**강조**는` is bold.  The runs left as text are
 *     cmark-gfm's own (host_md_inlines: the parser GitHub and doc-builder
 *     render with); this file only says why and where the space goes.
 *   - markup-mismatch: links and images (the URL; MDN's `/en-US/` may be
 *     `/ko/`; the anchor may name a heading of the Korean page), inline code,
 *     `[[…]]` and `{{macros}}` of the English missing from the Korean;
 *   - structure: a heading whose level or `[[anchor]]` differs from the
 *     English's, an English heading with no Korean one, a code fence the
 *     Korean leaves open, a table with another number of columns (or no
 *     table), a doc-builder component of the English missing, a block
 *     quote (MDN's `> **Note:**`) lost, front-matter keys of the English
 *     missing.
 * The RST-only checks (title-underline, directive-translated,
 * broken-reference, translator-line, reference-title, link, py-structure)
 * do not run on Markdown (check.c).
 */
#include "check-private.h"
#include "yeok/text.h"

bool check_is_md(const CheckDoc *d)
{
	return d->tgt_host && d->tgt_host->fmt == HOST_MD;
}

static const Block *tblk(const Unit *u, size_t k)
{
	return &u->d->tb->v[u->tgt + k];
}

static const Block *sblk(const Unit *u, size_t k)
{
	return &u->d->sb->v[u->src + k];
}

static bool md_prose(const Block *b)
{
	return b->kind == BK_TITLE || b->kind == BK_PARAGRAPH || b->kind == BK_LIST_ITEM ||
	       b->kind == BK_FIELD || b->kind == BK_TABLE;
}

void check_blank_markup(Joined *j)
{
	Buf mask = BUF_INIT;
	InlineVec inl = {0};
	prose_mask(j->text.p ? j->text.p : "", j->text.len, &mask, &inl);
	for (size_t i = 0; i < j->text.len; i++)
		if (mask.p[i] == 1 && j->text.p[i] != '\n')
			j->text.p[i] = ' ';
	VEC_FREE(&inl);
	buf_release(&mask);
}

/* ---- markup-spacing --------------------------------------------------------- */

static bool is_space_cp(int32_t c)
{
	return c < 0 || c == ' ' || c == '\t' || c == 0xa0 || c == 0x3000;
}

/* Neither blank nor letter nor digit: punctuation for the flanking rules
 * (ASCII punctuation and Unicode P*; symbols count here, harmlessly: the
 * verdict is cmark-gfm's, this is only the message). */
static bool is_punct_cp(int32_t c)
{
	return !is_space_cp(c) && !text_is_letter(c) && !(c >= '0' && c <= '9');
}

static void md_spacing_block(const Unit *u, const Block *b, FindingVec *out)
{
	const Lines *l = u->d->tgt;
	HostMdInlineVec v = {0};
	host_md_inlines(l, b->first, b->last, &v);
	for (size_t i = 0; i < v.n; i++) {
		const HostMdInline *in = &v.v[i];
		if (in->kind != HMI_LEFTOVER)
			continue;
		Str s = lines_get(l, in->line);
		int32_t prev = check_prev_cp(s.p, in->from);
		int32_t next = check_cp_at(s.p, s.n, in->to);
		int w = (int)(in->to - in->from);
		const char *run = in->c == '*' ? "**" : "__";
		if (w > 2)
			w = 2;
		Finding *f = NULL;
		if (in->c == '_' && (text_is_hangul(prev) || text_is_hangul(next))) {
			bool after = text_is_hangul(next);
			size_t at = after ? in->to : in->from;
			f = finding_add(u, out, CK_MARKUP_SPACING, SEV_ERROR, in->line, at,
			                "'%.*s' beside Hangul is not emphasis: CommonMark's '_' does not "
			                "open or close inside a word (it stays as text on GitHub and in the "
			                "docs); use '*' or put a space %s it",
			                (int)(in->to - in->from), s.p + in->from,
			                after ? "after" : "before");
			finding_set_fix(f, in->line, at, at, " ");
		} else if (in->c == '*' && is_punct_cp(prev) && text_is_hangul(next)) {
			f = finding_add(u, out, CK_MARKUP_SPACING, SEV_ERROR, in->line, in->to,
			                "'%.*s' after punctuation and before Hangul does not close the "
			                "emphasis (CommonMark's flanking rule): the page shows the "
			                "asterisks; put a space after it, or the punctuation outside the "
			                "markup",
			                w, run);
			finding_set_fix(f, in->line, in->to, in->to, " ");
		} else if (in->c == '*' && text_is_hangul(prev) && is_punct_cp(next)) {
			f = finding_add(u, out, CK_MARKUP_SPACING, SEV_ERROR, in->line, in->from,
			                "'%.*s' after Hangul and before punctuation does not open the "
			                "emphasis (CommonMark's flanking rule): the page shows the "
			                "asterisks; put a space before it, or the punctuation inside",
			                w, run);
			finding_set_fix(f, in->line, in->from, in->from, " ");
		}
		if (f) {
			free(f->suggestion);
			f->suggestion = xstrdup(" ");
		}
	}
	host_md_inlines_free(&v);
}

void check_md_markup_spacing(const Unit *u, FindingVec *out)
{
	for (size_t k = 0; k < u->tgt_n; k++)
		if (md_prose(tblk(u, k)))
			md_spacing_block(u, tblk(u, k), out);
}

/* ---- markup-mismatch -------------------------------------------------------- */

/* What must survive translation, as strings: "L url" for links and
 * images (locale and fragment normalised apart), "C code", "R [[x]]",
 * "M {{macro}}". */
typedef VEC(char *) Keep;

static void keep_free(Keep *k)
{
	for (size_t i = 0; i < k->n; i++)
		free(k->v[i]);
	VEC_FREE(k);
}

/* `[[…]]` and `{{…}}` of a block's text (outside inline code). */
static void scan_brackets(const Lines *l, const Block *b, const HostMdInlineVec *in, Keep *out)
{
	for (size_t i = b->first; i <= b->last; i++) {
		Str s = lines_get(l, i);
		for (size_t k = 0; k + 1 < s.n; k++) {
			char o = s.p[k];
			if (!((o == '[' && s.p[k + 1] == '[') || (o == '{' && s.p[k + 1] == '{')))
				continue;
			bool code = false;
			for (size_t x = 0; x < in->n && !code; x++)
				code = in->v[x].kind == HMI_CODE && in->v[x].line == i && k >= in->v[x].from &&
				       k < in->v[x].to;
			if (code)
				continue;
			char c = o == '[' ? ']' : '}';
			size_t e = k + 2;
			while (e + 1 < s.n && !(s.p[e] == c && s.p[e + 1] == c))
				e++;
			if (e + 1 >= s.n)
				break;
			VEC_PUSH(out, xasprintf("%c %.*s", o == '[' ? 'R' : 'M', (int)(e + 2 - k), s.p + k));
			k = e + 1;
		}
	}
}

/* The URL without its fragment, MDN's locale folded (`/en-US/` = `/ko/`). */
static char *url_key(const char *u)
{
	Buf b = BUF_INIT;
	const char *hash = strchr(u, '#');
	size_t n = hash ? (size_t)(hash - u) : strlen(u);
	for (size_t i = 0; i < n; i++) {
		if (i + 7 <= n && !strncasecmp(u + i, "/en-US/", 7)) {
			buf_adds(&b, "/ko/");
			i += 6;
			continue;
		}
		if (i + 4 <= n && !strncasecmp(u + i, "/ko/", 4)) {
			buf_adds(&b, "/ko/");
			i += 3;
			continue;
		}
		buf_addc(&b, u[i]);
	}
	char *r = xasprintf("L %s", b.p ? b.p : "");
	buf_release(&b);
	return r;
}

static void keep_of(const Lines *l, const Block *b, Keep *out, Keep *frags)
{
	if (!md_prose(b))
		return;
	HostMdInlineVec v = {0};
	host_md_inlines(l, b->first, b->last, &v);
	for (size_t i = 0; i < v.n; i++) {
		const HostMdInline *in = &v.v[i];
		if (in->kind == HMI_LINK || in->kind == HMI_IMAGE) {
			VEC_PUSH(out, url_key(in->url));
			/* the fragment of a link into this page ("#x"); into
			 * another page: "page#x" (its headings are not here) */
			const char *h = strchr(in->url, '#');
			if (frags && h)
				VEC_PUSH(frags, xstrdup(in->url));
		} else if (in->kind == HMI_CODE) {
			VEC_PUSH(out, xasprintf("C %s", in->url));
		}
	}
	scan_brackets(l, b, &v, out);
	host_md_inlines_free(&v);
}

/* Is frag an anchor of a heading of d: its `[[id]]`, or its text as MDN
 * (blanks to '_') or GitHub (lowercase, blanks to '-') makes ids? */
static bool has_anchor(const Lines *l, const RstDoc *d, const char *frag)
{
	if (!*frag)
		return true;
	size_t fn = strlen(frag);
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].kind != BK_TITLE)
			continue;
		Str t = str_trim(lines_get(l, d->v[i].text_line));
		while (t.n && t.p[0] == '#')
			t = str_trim((Str){t.p + 1, t.n - 1});
		for (size_t k = 0; k + 1 < t.n; k++)
			if (t.p[k] == '[' && t.p[k + 1] == '[' && t.n - k - 4 == fn &&
			    !memcmp(t.p + k + 2, frag, fn))
				return true;
		for (int style = 0; style < 2; style++) {
			Buf b = BUF_INIT;
			for (size_t k = 0; k < t.n; k++) {
				char c = t.p[k];
				if (c == ' ')
					buf_addc(&b, style ? '-' : '_');
				else if (c == '`' || (style && (c == '.' || c == ',' || c == '(' || c == ')' ||
				                                c == '!' || c == '?' || c == ':')))
					continue;
				else
					buf_addc(&b, style && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c);
			}
			bool ok = b.len == fn && !strncasecmp(b.p, frag, fn);
			buf_release(&b);
			if (ok)
				return true;
		}
	}
	return false;
}

static const char *keep_what(char k)
{
	return k == 'L' ? "link" : k == 'C' ? "inline code" : k == 'R' ? "doc-builder markup" : "macro";
}

void check_md_markup_mismatch(const Unit *u, FindingVec *out)
{
	if (!u->src_n || !u->tgt_n)
		return;
	Keep sk = {0}, tk = {0}, sf = {0}, tf = {0};
	for (size_t k = 0; k < u->src_n; k++)
		keep_of(u->d->src, sblk(u, k), &sk, &sf);
	for (size_t k = 0; k < u->tgt_n; k++)
		keep_of(u->d->tgt, tblk(u, k), &tk, &tf);
	bool *used = xcalloc(tk.n + 1, 1);
	const Block *t0 = tblk(u, 0);
	for (size_t i = 0; i < sk.n; i++) {
		size_t j = 0;
		while (j < tk.n && (used[j] || strcmp(sk.v[i], tk.v[j]) != 0))
			j++;
		if (j < tk.n) {
			used[j] = true;
			continue;
		}
		/* only prose blocks get here; code in a translated block */
		finding_add(u, out, CK_MARKUP_MISMATCH, SEV_WARNING, t0->first, t0->first_off,
		            "%s '%s' of the English is missing or changed here", keep_what(sk.v[i][0]),
		            sk.v[i] + 2);
	}
	/* an English link's anchor that the Korean link to the same page
	 * lost */
	for (size_t k = 0; k < sf.n; k++) {
		char *key = url_key(sf.v[k]);
		bool kept = false, page = false;
		for (size_t i = 0; i < tf.n && !kept; i++) {
			char *tk2 = url_key(tf.v[i]);
			page = page || !strcmp(key, tk2);
			kept = !strcmp(sf.v[k], tf.v[i]) || !strcmp(key, tk2);
			free(tk2);
		}
		if (!kept)
			finding_add(u, out, CK_MARKUP_MISMATCH, SEV_WARNING, t0->first, t0->first_off,
			            "link '%s' of the English: its anchor is missing here", sf.v[k]);
		free(key);
	}
	/* anchors: the English's, or (a link into this page) one of its
	 * headings; into another page a changed anchor may be that page's
	 * translated heading (MDN), or broken (info) */
	for (size_t i = 0; i < tf.n; i++) {
		bool same = false;
		for (size_t k = 0; k < sf.n && !same; k++)
			same = !strcmp(sf.v[k], tf.v[i]);
		const char *h = strchr(tf.v[i], '#');
		if (same)
			continue;
		if (h == tf.v[i]) {
			if (!has_anchor(u->d->tgt, u->d->tb, h + 1))
				finding_add(u, out, CK_MARKUP_MISMATCH, SEV_WARNING, t0->first, t0->first_off,
				            "link anchor '%s' is neither the English's nor a heading of this "
				            "page",
				            tf.v[i]);
		} else {
			finding_add(u, out, CK_MARKUP_MISMATCH, SEV_INFO, t0->first, t0->first_off,
			            "link '%s': its anchor is not the English's (the other page's heading "
			            "translated there too?)",
			            tf.v[i]);
		}
	}
	free(used);
	keep_free(&sk);
	keep_free(&tk);
	keep_free(&sf);
	keep_free(&tf);
}

/* ---- structure -------------------------------------------------------------- */

static bool anchor_in(Str t, Str *a)
{
	for (size_t k = 0; k + 1 < t.n; k++)
		if (t.p[k] == '[' && t.p[k + 1] == '[') {
			size_t e = k + 2;
			while (e + 1 < t.n && !(t.p[e] == ']' && t.p[e + 1] == ']'))
				e++;
			if (e + 1 < t.n) {
				*a = (Str){t.p + k + 2, e - k - 2};
				return true;
			}
		}
	return false;
}

/* The id of a heading as Hugging Face's Korean pages write it after the
 * English (the inline TOC's `[[lowercased-header]]`): its text without the
 * `#`s, lowercased, letters and digits kept, other characters dropped
 * (`-`, `_`, quotes, emoji), blank runs to one '-'.  Measured on the corpus:
 * 108 of the 112 heading anchors of its 15 Korean pages follow it; the 4
 * others are a typo (`uensorFlow`), underscores (`audio_classification`,
 * `load_minds_14_dataset`) and an English heading changed since
 * (`exllama-v2-support`). */
static void heading_id(Str line, Buf *out)
{
	Str t = str_trim(line);
	while (t.n && t.p[0] == '#')
		t = (Str){t.p + 1, t.n - 1};
	t = str_trim(t);
	bool gap = false;
	for (size_t k = 0; k < t.n; k++) {
		unsigned char c = (unsigned char)t.p[k];
		if (c == '[' && k + 1 < t.n && t.p[k + 1] == '[')
			break; /* its own anchor */
		if (c == ' ' || c == '\t') {
			gap = out->len > 0;
			continue;
		}
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + 32);
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
			continue;
		if (gap)
			buf_addc(out, '-');
		gap = false;
		buf_addc(out, (char)c);
	}
}

/* Does the document give its headings `[[anchors]]` (doc-builder's way)? */
static bool uses_anchors(const CheckDoc *d)
{
	for (size_t i = 0; i < d->tb->n; i++) {
		Str a;
		if (d->tb->v[i].kind == BK_TITLE && anchor_in(lines_get(d->tgt, d->tb->v[i].text_line), &a))
			return true;
	}
	return false;
}

/* Is the fenced code block b closed: its last line a fence of its
 * opening character at least as long? */
static bool fence_closed(const Lines *l, const Block *b)
{
	Str f = rst_block_name(b);
	if (!f.n || (f.p[0] != '`' && f.p[0] != '~'))
		return true;
	if (b->last == b->first)
		return false;
	Str s = str_trim(lines_get(l, b->last));
	size_t n = 0;
	while (n < s.n && s.p[n] == f.p[0])
		n++;
	return n >= f.n && n == s.n;
}

/* The first line inside fenced code block b (its fences excluded) that
 * looks like an opening fence ("```py"): the sign of a fence left open
 * before it, which swallowed the text up to the next fence; SIZE_MAX when
 * none. */
static size_t fence_inside(const Lines *l, const Block *b)
{
	Str f = rst_block_name(b);
	if (!f.n || (f.p[0] != '`' && f.p[0] != '~'))
		return SIZE_MAX;
	for (size_t i = b->first + 1; i < b->last; i++) {
		Str s = lines_get(l, i);
		size_t k = 0;
		while (k < s.n && k < 3 && s.p[k] == ' ')
			k++;
		size_t n = 0;
		while (k + n < s.n && s.p[k + n] == f.p[0])
			n++;
		Str info = str_trim((Str){s.p + k + n, s.n - k - n});
		if (n >= 3 && info.n && (info.p[0] >= 'a' && info.p[0] <= 'z'))
			return i;
	}
	return SIZE_MAX;
}

/* Columns of a table: the cells of its first row. */
static size_t table_columns(const Lines *l, const Block *b)
{
	Str s = str_trim(lines_get(l, b->first));
	size_t n = 1;
	bool code = false;
	for (size_t k = 0; k < s.n; k++) {
		if (s.p[k] == '\\') {
			k++;
			continue;
		}
		if (s.p[k] == '`')
			code = !code;
		if (s.p[k] == '|' && !code && k > 0 && k + 1 < s.n)
			n++;
	}
	return n;
}

/* The top-level keys of the front matter of d, as "key" strings. */
static void front_keys(const Lines *l, const RstDoc *d, Keep *out)
{
	for (size_t i = 0; i < d->n; i++) {
		const Block *b = &d->v[i];
		bool fm = str_eq_cstr(rst_block_name(b), "front-matter");
		if (!fm && !(b->kind == BK_FIELD && str_eq_cstr(rst_block_name(b), "title")))
			break;
		for (size_t k = b->first; k <= b->last; k++) {
			Str s = lines_get(l, k);
			size_t e = 0;
			while (e < s.n && s.p[e] != ':' && s.p[e] != ' ')
				e++;
			if (e && e < s.n && s.p[e] == ':' && s.p[0] != '-' && s.p[0] != '#')
				VEC_PUSH(out, xmemdup0(s.p, e));
		}
	}
}

static void front_matter(const Unit *u, FindingVec *out)
{
	Keep sk = {0}, tk = {0};
	front_keys(u->d->src, u->d->sb, &sk);
	front_keys(u->d->tgt, u->d->tb, &tk);
	for (size_t i = 0; i < sk.n; i++) {
		bool have = false;
		for (size_t j = 0; j < tk.n && !have; j++)
			have = !strcmp(sk.v[i], tk.v[j]);
		/* title and slug make the page; MDN's translated-content takes
		 * page-type, browser-compat... from en-US */
		bool page = !strcmp(sk.v[i], "title") || !strcmp(sk.v[i], "slug");
		if (!have)
			finding_add(u, out, CK_STRUCTURE, page ? SEV_ERROR : SEV_INFO, 0, 0,
			            "front matter: the English's key '%s:' is missing%s", sk.v[i],
			            page ? "" : " (kept in the English only?)");
	}
	keep_free(&sk);
	keep_free(&tk);
}

/* long: one rule after the other, each a few lines */
void check_md_structure(const Unit *u, FindingVec *out)
{
	const Lines *sl = u->d->src, *tl = u->d->tgt;
	/* without the English: the fences only */
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *t = tblk(u, k);
		if (t->kind == BK_LITERAL && !fence_closed(tl, t) &&
		    (!u->src_n || sblk(u, 0)->kind != BK_LITERAL || fence_closed(sl, sblk(u, 0))))
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, t->first, t->first_off,
			            "code fence '%.*s' is not closed: the rest of the page is code",
			            (int)rst_block_name(t).n, rst_block_name(t).p);
	}
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *t = tblk(u, k);
		size_t at = t->kind == BK_LITERAL ? fence_inside(tl, t) : SIZE_MAX;
		bool src_too = false;
		for (size_t j = 0; j < u->src_n && !src_too; j++)
			src_too = sblk(u, j)->kind == BK_LITERAL && fence_inside(sl, sblk(u, j)) != SIZE_MAX;
		if (at != SIZE_MAX && !src_too)
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, t->first, t->first_off,
			            "code fence '%.*s' is not closed before line %zu (a fence opens "
			            "there inside the code): the text between is code",
			            (int)rst_block_name(t).n, rst_block_name(t).p, at + 1);
	}
	if (!sl || !u->src_n)
		return;
	if (u->tgt_n && u->tgt == 0 && str_eq_cstr(rst_block_name(tblk(u, 0)), "front-matter"))
		front_matter(u, out);
	const Block *s = sblk(u, 0);
	const Block *t = u->tgt_n ? tblk(u, 0) : NULL;
	size_t at_line = t ? t->first : 0, at_byte = t ? t->first_off : 0;
	if (!t) {
		/* where the Korean would be: after the block before */
		if (u->tgt && u->tgt <= u->d->tb->n)
			at_line = u->d->tb->v[u->tgt - 1].last;
	}
	if (s->kind == BK_TITLE) {
		if (!t || t->kind != BK_TITLE) {
			finding_add(u, out, CK_STRUCTURE, SEV_WARNING, at_line, at_byte,
			            "the English heading '%.*s' has no Korean heading",
			            (int)str_trim(lines_get(sl, s->text_line)).n,
			            str_trim(lines_get(sl, s->text_line)).p);
			return;
		}
		if (s->title_level != t->title_level)
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, t->first, t->first_off,
			            "heading level %u where the English's is %u", t->title_level,
			            s->title_level);
		Str sa, ta;
		bool hs = anchor_in(lines_get(sl, s->text_line), &sa);
		bool ht = anchor_in(lines_get(tl, t->text_line), &ta);
		if (hs && (!ht || !str_eq(sa, ta))) {
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, t->first, t->first_off,
			            "heading anchor '[[%.*s]]' of the English is %s", (int)sa.n, sa.p,
			            ht ? "changed" : "missing (links to the section break)");
		} else if (!hs && uses_anchors(u->d)) {
			/* Hugging Face: a translated heading keeps the English's id
			 * as [[id]] (the English's is its text, as doc-builder
			 * makes it) */
			Buf id = BUF_INIT;
			heading_id(lines_get(sl, s->text_line), &id);
			Str sh = str_trim(lines_get(sl, s->text_line));
			Str th = str_trim(lines_get(tl, t->text_line));
			if (ht && (ta.n != id.len || (id.len && memcmp(ta.p, id.p, id.len))))
				finding_add(u, out, CK_STRUCTURE, SEV_WARNING, t->first, t->first_off,
				            "heading anchor '[[%.*s]]' is not the English heading's id '%s' "
				            "(links to #%s break)",
				            (int)ta.n, ta.p, id.p ? id.p : "", id.p ? id.p : "");
			else if (!ht && id.len && !str_eq(sh, th))
				finding_add(u, out, CK_STRUCTURE, SEV_WARNING, t->first, t->first_off,
				            "translated heading without the English's anchor: add '[[%s]]' "
				            "(links to #%s break)",
				            id.p, id.p);
			buf_release(&id);
		}
		return;
	}
	if (s->kind == BK_TABLE) {
		if (!t || t->kind != BK_TABLE) {
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, at_line, at_byte,
			            "the English's table is not a table here (its delimiter row or a "
			            "'|' lost?)");
			return;
		}
		size_t a = table_columns(sl, s), b = table_columns(tl, t);
		if (a != b)
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, t->first, t->first_off,
			            "table with %zu columns where the English's has %zu", b, a);
		return;
	}
	if ((s->kind == BK_PARAGRAPH || s->kind == BK_LIST_ITEM) && t &&
	    (t->kind == BK_PARAGRAPH || t->kind == BK_LIST_ITEM)) {
		/* MDN's notes (`> **Note:**`) and other block quotes */
		Str a = str_trim(lines_get(sl, s->first)), b = str_trim(lines_get(tl, t->first));
		bool qa = a.n && a.p[0] == '>', qb = b.n && b.p[0] == '>';
		if (qa && !qb)
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, t->first, 0,
			            "the English's block quote (a note?) is not one here: start the line "
			            "with '> '");
		return;
	}
	if (s->kind == BK_DIRECTIVE && s->name_n && s->name_p[0] >= 'A' && s->name_p[0] <= 'Z' &&
	    !(t && t->kind == BK_DIRECTIVE && str_eq(rst_block_name(s), rst_block_name(t))))
		finding_add(u, out, CK_STRUCTURE, SEV_ERROR, at_line, at_byte,
		            "the English's <%.*s> is missing here", (int)s->name_n, s->name_p);
}
