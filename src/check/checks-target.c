/* Checks that read the target document only: markup-spacing,
 * title-underline, translator-line, broken-reference, directive-translated,
 * whitespace (the glossary check is in checks-source.c). */
#include "check-private.h"
#include "yeok/text.h"

static const Block *tblock(const Unit *u, size_t k)
{
	return &u->d->tb->v[u->tgt + k];
}

/* A short quote of s[from, to) for messages: whole when short, else the
 * first and last parts (on character boundaries). */
static void quote(const char *s, size_t from, size_t to, Buf *out)
{
	if (to - from <= 48) {
		buf_add(out, s + from, to - from);
		return;
	}
	size_t a = from + 20, b = to - 24;
	while (a > from && ((unsigned char)s[a] & 0xc0) == 0x80)
		a--;
	while (b < to && ((unsigned char)s[b] & 0xc0) == 0x80)
		b++;
	buf_add(out, s + from, a - from);
	buf_adds(out, "…");
	buf_add(out, s + b, to - b);
}

/* ---- markup-spacing ------------------------------------------------------ */

static void spacing_block(const Unit *u, const Block *b, FindingVec *out)
{
	Joined j;
	joined_block(u->d->tgt, b, &j);
	const char *s = j.text.p;
	InlineVec v = {0};
	inline_scan(s, j.text.len, &v);
	for (size_t i = 0; i < v.n; i++) {
		const Inline *in = &v.v[i];
		size_t line, byte;
		Buf q = BUF_INIT, sug = BUF_INIT;
		if (in->glued_after) {
			int32_t gcp;
			size_t gl = text_decode(s + in->end, j.text.len - in->end, &gcp);
			quote(s, in->start, in->end + gl, &q);
			joined_pos(&j, in->end, &line, &byte);
			buf_add(&sug, s + in->start, in->end - in->start);
			buf_adds(&sug, "\\ ");
			buf_add(&sug, s + in->end, gl);
			Finding *f = finding_add(u, out, CK_MARKUP_SPACING, SEV_ERROR, line, byte,
			                         "'%s' — %s glued to the Hangul after it: docutils does "
			                         "not end the markup there; insert '\\ ' before '%.*s'",
			                         q.p, inline_kind_name(in->kind), (int)gl, s + in->end);
			f->suggestion = buf_detach(&sug);
			finding_set_fix(f, line, byte, byte, "\\ ");
		}
		if (in->glued_before) {
			size_t pl = 0;
			int32_t prev = check_prev_cp(s, in->start);
			if (prev >= 0)
				pl = prev < 0x80 ? 1 : prev < 0x800 ? 2 : prev < 0x10000 ? 3 : 4;
			buf_clear(&q);
			quote(s, in->start - pl, in->end, &q);
			joined_pos(&j, in->start, &line, &byte);
			buf_add(&sug, s + in->start - pl, pl);
			buf_adds(&sug, "\\ ");
			buf_add(&sug, s + in->start, in->end - in->start);
			Finding *f = finding_add(u, out, CK_MARKUP_SPACING, SEV_WARNING, line, byte,
			                         "'%s' — %s right after Hangul: docutils keeps it as plain "
			                         "text; insert '\\ ' before it", q.p,
			                         inline_kind_name(in->kind));
			free(f->suggestion);
			f->suggestion = buf_detach(&sug);
			finding_set_fix(f, line, byte, byte, "\\ ");
		}
		if (in->unterminated) {
			size_t to = in->end;
			/* Quote up to 12 characters after the start-string. */
			for (int k = 0; k < 12 && to < j.text.len && s[to] != '\n'; k++)
				to = text_next_grapheme(s, j.text.len, to);
			quote(s, in->start, to, &q);
			joined_pos(&j, in->start, &line, &byte);
			finding_add(u, out, CK_MARKUP_SPACING, SEV_ERROR, line, byte,
			            "'%s' — %s start-string without end-string (a Hangul letter or "
			            "other text right after the end-string? separate it with '\\ ')",
			            q.p, inline_kind_name(in->kind));
		}
		buf_release(&q);
		buf_release(&sug);
	}
	VEC_FREE(&v);
	joined_release(&j);
}

void check_markup_spacing(const Unit *u, FindingVec *out)
{
	for (size_t k = 0; k < u->tgt_n; k++)
		if (check_block_has_inline(tblock(u, k)->kind))
			spacing_block(u, tblock(u, k), out);
}

/* ---- title-underline ------------------------------------------------------ */

/* The unit's source has the title of target block b as it is, title and
 * adornments alike: an untranslated title whose short adornment is the
 * English's own (upstream's to fix, or the translator's once the title is
 * translated), not an error of the translation. */
static bool title_as_in_source(const Unit *u, const Block *b)
{
	const Lines *sl = u->d->src, *tl = u->d->tgt;
	for (size_t k = 0; sl && k < u->src_n; k++) {
		const Block *s = &u->d->sb->v[u->src + k];
		if (s->kind != BK_TITLE || s->overline != b->overline ||
		    s->last - s->first != b->last - b->first)
			continue;
		bool same = true;
		for (size_t i = 0; same && i <= b->last - b->first; i++)
			same = str_eq(str_trim(lines_get(sl, s->first + i)),
			              str_trim(lines_get(tl, b->first + i)));
		if (same)
			return true;
	}
	return false;
}

static void adornment_finding(const Unit *u, FindingVec *out, size_t line, size_t width,
                              const char *what, Str title, bool inherited)
{
	Str a = str_trim_right(lines_get(u->d->tgt, line));
	if (a.n >= width)
		return;
	char c = a.n ? a.p[0] : '=';
	Buf fix = BUF_INIT;
	for (size_t i = 0; i < width; i++)
		buf_addc(&fix, c);
	Finding *f = finding_add(u, out, CK_TITLE_UNDERLINE, inherited ? SEV_INFO : SEV_ERROR, line,
	                         0, "title %s too short: '%.*s' is %zu columns wide (Hangul counts "
	                         "2), the %s has %zu '%c'; make it %zu%s", what, (int)title.n,
	                         title.p, width, what, a.n, c, width,
	                         inherited ? " (as in the English, whose title this still is)" : "");
	f->suggestion = xstrdup(fix.p);
	finding_set_fix(f, line, 0, a.n, fix.p);
	buf_release(&fix);
}

void check_title_underline(const Unit *u, FindingVec *out)
{
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *b = tblock(u, k);
		if (b->kind != BK_TITLE)
			continue;
		/* docutils: column_width(title.rstrip()) > len(underline.rstrip());
		 * with an overline the (possibly inset) title is compared with it. */
		Str t = str_trim_right(lines_get(u->d->tgt, b->text_line));
		size_t w = check_column_width(t.p, t.n);
		bool inherited = title_as_in_source(u, b);
		if (b->text_line + 1 <= b->last)
			adornment_finding(u, out, b->text_line + 1, w, "underline", str_trim(t),
			                  inherited);
		if (b->overline && b->first < b->text_line)
			adornment_finding(u, out, b->first, w, "overline", str_trim(t), inherited);
	}
}

/* ---- translator-line --------------------------------------------------------- */

/* One header line (author or translator) as the repository writes it:
 * `**번역**: value` (canonical), `**번역:**`, `**번역** :`, `**번역**` without
 * a colon, `**번역: **` (no strong text for docutils), `번역:`, `**Author**:`
 * (untranslated), with any indentation. */
typedef struct Header {
	bool translator;   /* else author */
	bool english;      /* Author(s), Translator(s) */
	size_t at;         /* the marker's start (after the indentation) */
	size_t len;        /* marker length up to the value */
	Str word;
	Str value;
	bool stars;        /* between ** */
	bool colon;        /* a ':' somewhere in the marker */
	bool canonical;    /* exactly "**WORD**: " with WORD 번역 or 저자 */
	const char *problem; /* the worst problem, NULL when only non-canonical */
	CheckSeverity sev;
} Header;

static const char *const author_words[] = {"Authors", "Author", "AUTHOR", "저자", "작성자",
                                           "글쓴이"};
static const char *const translator_words[] = {"번역자", "번역", "역자", "Translators",
                                               "Translator"};

static bool word_in(Str s, size_t i, const char *const *words, size_t nw, Str *word)
{
	size_t best = 0;
	for (size_t k = 0; k < nw; k++) {
		size_t l = strlen(words[k]);
		if (s.n - i >= l && memcmp(s.p + i, words[k], l) == 0 && l > best)
			best = l;
	}
	if (!best)
		return false;
	*word = (Str){s.p + i, best};
	return true;
}

static bool parse_header(Str raw, Header *h)
{
	memset(h, 0, sizeof(*h));
	Str s = str_trim_right(raw);
	size_t i = 0;
	while (i < s.n && s.p[i] == ' ')
		i++;
	h->at = i;
	size_t lead = 0;
	while (i < s.n && s.p[i] == '*' && lead < 2)
		i++, lead++;
	if (lead == 1)
		return false; /* *emphasis* is something else */
	Str w;
	if (word_in(s, i, author_words, ARRAY_LEN(author_words), &w)) {
		h->translator = false;
	} else if (word_in(s, i, translator_words, ARRAY_LEN(translator_words), &w)) {
		h->translator = true;
	} else {
		return false;
	}
	h->word = w;
	h->english = (unsigned char)w.p[0] < 0x80;
	i += w.n;
	/* the separator: spaces, colons and the closing ** */
	size_t sep = i, colons = 0, stars = 0;
	bool space_before_close = false, space_before_colon = false;
	while (i < s.n && (s.p[i] == ' ' || s.p[i] == ':' || s.p[i] == '*')) {
		if (s.p[i] == ':') {
			colons++;
			if (i > sep && s.p[i - 1] == ' ')
				space_before_colon = true;
		} else if (s.p[i] == '*') {
			if (i > sep && s.p[i - 1] == ' ' && !stars)
				space_before_close = true;
			stars++;
		}
		i++;
	}
	/* not a header: "저자는 ..." (a sentence), "Author" inside prose */
	if (sep < s.n && i == sep)
		return false;
	if (lead && stars != 2)
		return false;
	if (!lead && (stars || !colons))
		return false;
	h->stars = lead == 2;
	h->colon = colons >= 1;
	h->len = i - h->at;
	h->value = str_slice(s, i, s.n);
	Str m = {s.p + h->at, h->len};
	const char *canon_word = h->translator ? "번역" : "저자";
	Buf want = BUF_INIT;
	buf_addf(&want, "**%s**: ", canon_word);
	h->canonical = str_eq(m, buf_str(&want)) ||
	               (i == s.n && str_eq(m, (Str){want.p, want.len - 1}));
	buf_release(&want);
	h->sev = SEV_INFO;
	if (h->english) {
		h->problem = "an English marker in a translated document";
		h->sev = SEV_WARNING;
	} else if (h->stars && space_before_close) {
		h->problem = "a space before the closing '**': docutils does not end the strong "
		             "text there";
		h->sev = SEV_WARNING;
	} else if (colons > 1) {
		h->problem = "two ':'";
	} else if (!h->colon) {
		h->problem = "no ':' after the marker";
		h->sev = SEV_WARNING;
	} else if (space_before_colon) {
		h->problem = "a space before ':'";
	} else if (h->value.n && s.p[i - 1] == ':') {
		h->problem = "no space after ':'";
	}
	return true;
}

bool check_header_line(Str line)
{
	Header h;
	return parse_header(line, &h);
}

static bool is_adornment(Str x)
{
	if (x.n < 3 || !strchr("=-~^\"'`#*+:._", x.p[0]))
		return false;
	for (size_t i = 1; i < x.n; i++)
		if (x.p[i] != x.p[0])
			return false;
	return true;
}

static void translator_value(const Unit *u, FindingVec *out, size_t line, size_t at, Str rest)
{
	if (!memchr(rest.p, '`', rest.n))
		return;
	InlineVec v = {0};
	inline_scan(rest.p, rest.n, &v);
	const char *bad = NULL;
	for (size_t i = 0; i < v.n && !bad; i++) {
		const Inline *in = &v.v[i];
		Str inner = {rest.p + in->in_start, in->in_end - in->in_start};
		if (in->unterminated || in->glued_after || in->glued_before)
			bad = "broken markup";
		else if (in->kind == IN_INTERPRETED)
			bad = "`Name <url>` without the trailing _";
		else if (in->kind == IN_REFERENCE && in->target.p == inner.p &&
		         str_find(inner, STR_LIT("<http")) >= 0)
			bad = "no space before '<': docutils takes the whole text as the name";
		else if (in->kind == IN_REFERENCE && in->target.p != inner.p &&
		         !str_starts_with(in->target, "https://") &&
		         !str_starts_with(in->target, "http://"))
			bad = "a URL without https://";
	}
	if (!v.n)
		bad = "no link";
	VEC_FREE(&v);
	if (bad) {
		Str t = str_trim(rest);
		Finding *f = finding_add(u, out, CK_TRANSLATOR_LINE, SEV_WARNING, line, at,
		                         "malformed translator line '%.*s' (%s): expected "
		                         "`이름 <https://github.com/아이디>`_", (int)t.n, t.p, bad);
		f->suggestion = xstrdup("`이름 <https://github.com/아이디>`_");
	}
}

/* A finding for a header marker that is not canonical. */
static void header_marker(const Unit *u, FindingVec *out, size_t line, const Header *h)
{
	if (h->canonical)
		return;
	const char *canon = h->translator ? "**번역**:" : "**저자**:";
	Str m = str_trim_right((Str){lines_get(u->d->tgt, line).p + h->at, h->len});
	Finding *f;
	if (h->problem)
		f = finding_add(u, out, CK_TRANSLATOR_LINE, h->sev, line, h->at,
		                "%s line starts with '%.*s': %s; write '%s'",
		                h->translator ? "translator" : "author", (int)m.n, m.p, h->problem,
		                canon);
	else
		f = finding_add(u, out, CK_TRANSLATOR_LINE, SEV_INFO, line, h->at,
		                "%s line starts with '%.*s': the usual form is '%s'",
		                h->translator ? "translator" : "author", (int)m.n, m.p, canon);
	f->suggestion = xstrdup(canon);
	char *fix = xasprintf("%s ", canon);
	finding_set_fix(f, line, h->at, h->at + h->len, h->value.n ? fix : canon);
	free(fix);
}

/* Is line a line of one of unit u's target blocks? */
static bool unit_has_line(const Unit *u, size_t line)
{
	for (size_t k = 0; k < u->tgt_n; k++)
		if (tblock(u, k)->first <= line && line <= tblock(u, k)->last)
			return true;
	return false;
}

void check_translator_line(const Unit *u, FindingVec *out)
{
	const Lines *L = u->d->tgt;
	if (!check_doc_is_korean(u->d))
		return; /* not being translated yet */
	/* every translator line of the unit: its marker and value (those after
	 * an author line in another unit are that unit's) */
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *b = tblock(u, k);
		if (b->kind != BK_PARAGRAPH && b->kind != BK_FIELD && b->kind != BK_LIST_ITEM &&
		    b->kind != BK_OTHER)
			continue;
		for (size_t line = b->first; line <= b->last; line++) {
			Header th;
			if (!parse_header(lines_get(L, line), &th) || !th.translator)
				continue;
			header_marker(u, out, line, &th);
			translator_value(u, out, line, th.at + th.len, th.value);
		}
	}
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *b = tblock(u, k);
		if (b->kind != BK_PARAGRAPH && b->kind != BK_FIELD && b->kind != BK_LIST_ITEM &&
		    b->kind != BK_OTHER)
			continue;
		for (size_t line = b->first; line <= b->last; line++) {
			Header ah;
			if (!parse_header(lines_get(L, line), &ah) || ah.translator)
				continue;
			header_marker(u, out, line, &ah);
			/* A translator line within the next lines, before a title. */
			bool found = false;
			for (size_t n = line + 1; n < L->n && n <= line + 8 && !found; n++) {
				Str x = str_trim(lines_get(L, n));
				if (is_adornment(x))
					break; /* the next section starts */
				Header th;
				if (!parse_header(lines_get(L, n), &th) || !th.translator)
					continue;
				found = true;
				/* its marker and value are its own unit's (the first
				 * loop): a line of another unit is not said twice */
				bool own = unit_has_line(u, n);
				if (own)
					header_marker(u, out, n, &th);
				/* 0 (as the author line) or 2 (a block quote, as many
				 * tutorials write it: "  **번역**:"); anything else is a
				 * slip (" **번역**:") */
				if (th.at != ah.at && th.at != 2) {
					Finding *f = finding_add(
						u, out, CK_TRANSLATOR_LINE, SEV_WARNING, n, 0,
						"translator line indented %zu, the author line %zu: write it "
						"like the author line (or indented 2, as a block quote)", th.at,
						ah.at);
					char *ind = xasprintf("%*s", (int)ah.at, "");
					finding_set_fix(f, n, 0, th.at, ind);
					f->suggestion = ind;
				}
				if (own)
					translator_value(u, out, n, th.at + th.len, th.value);
			}
			if (!found) {
				Str t = str_trim(lines_get(L, line));
				Finding *f = finding_add(
					u, out, CK_TRANSLATOR_LINE, SEV_WARNING, line, ah.at,
					"author line '%.*s' has no translator line after it; add "
					"'**번역**: `이름 <https://github.com/아이디>`_' below it",
					(int)str_trim_right((Str){t.p, MIN(ah.len, t.n)}).n, t.p);
				f->suggestion = xstrdup("**번역**: `이름 <https://github.com/아이디>`_");
			}
		}
	}
}

/* ---- broken-reference --------------------------------------------------------- */

void check_broken_reference(const Unit *u, FindingVec *out)
{
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *b = tblock(u, k);
		if (!check_block_has_inline(b->kind))
			continue;
		Joined j;
		joined_block(u->d->tgt, b, &j);
		const char *s = j.text.p;
		InlineVec v = {0};
		inline_scan(s, j.text.len, &v);
		for (size_t i = 0; i < v.n; i++) {
			const Inline *in = &v.v[i];
			if (in->kind != IN_REFERENCE || in->anonymous || in->glued_before)
				continue;
			Str name = {s + in->in_start, in->in_end - in->in_start};
			if (in->target.p != name.p) {
				/* `text <alias_>`_ refers to alias; a URL is fine */
				if (!str_ends_with(in->target, "_") || str_ends_with(in->target, "\\_"))
					continue;
				name = str_slice(in->target, 0, in->target.n - 1);
			}
			if (check_index_has(u->d->index, name.p, name.n))
				continue;
			size_t line, byte;
			joined_pos(&j, in->start, &line, &byte);
			Buf q = BUF_INIT;
			quote(s, in->start, in->end, &q);
			finding_add(u, out, CK_BROKEN_REFERENCE, SEV_ERROR, line, byte,
			            "'%s' — no target named '%.*s' in this document (a title it pointed "
			            "to was translated? use the new title or an explicit '.. _label:')",
			            q.p, (int)name.n, name.p);
			buf_release(&q);
		}
		VEC_FREE(&v);
		joined_release(&j);
	}
}

/* ---- directive-translated ------------------------------------------------------- */

static bool has_non_ascii(Str s)
{
	for (size_t i = 0; i < s.n; i++)
		if ((unsigned char)s.p[i] >= 0x80)
			return true;
	return false;
}

void check_directive_translated(const Unit *u, FindingVec *out)
{
	const Lines *L = u->d->tgt;
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *b = tblock(u, k);
		if (b->kind != BK_DIRECTIVE)
			continue;
		Str first = lines_get(L, b->first);
		size_t at = (size_t)b->indent;
		const Block *sb = NULL;
		if (u->src_n && u->d->sb->v[u->src].kind == BK_DIRECTIVE)
			sb = &u->d->sb->v[u->src];
		if (has_non_ascii(rst_block_name(b))) {
			Finding *f = finding_add(u, out, CK_DIRECTIVE_TRANSLATED, SEV_ERROR, b->first,
			                         MIN(at, first.n),
			                         "'.. %.*s::' — directive names stay in English%s%.*s%s",
			                         (int)b->name_n, b->name_p,
			                         sb ? " (the source has '.. " : "",
			                         sb ? (int)sb->name_n : 0, sb ? sb->name_p : "",
			                         sb ? "::')" : "");
			if (sb)
				f->suggestion = str_dup(rst_block_name(sb));
		} else if (sb && !str_eq(rst_block_name(sb), rst_block_name(b)) &&
		           has_non_ascii(rst_block_name(sb)) == false && b->name_n && sb->name_n) {
			finding_add(u, out, CK_DIRECTIVE_TRANSLATED, SEV_WARNING, b->first,
			            MIN(at, first.n), "'.. %.*s::' — the source has '.. %.*s::' here",
			            (int)b->name_n, b->name_p, (int)sb->name_n, sb->name_p);
		}
		for (size_t line = b->first + 1; line <= b->last; line++) {
			Str s = lines_get(L, line);
			Str t = str_trim(s);
			if (t.n < 3 || t.p[0] != ':')
				continue;
			const char *c2 = memchr(t.p + 1, ':', t.n - 1);
			if (!c2)
				continue;
			Str opt = {t.p + 1, (size_t)(c2 - t.p - 1)};
			if (has_non_ascii(opt))
				finding_add(u, out, CK_DIRECTIVE_TRANSLATED, SEV_ERROR, line,
				            (size_t)(t.p - s.p),
				            "option ':%.*s:' — directive option names stay in English",
				            (int)opt.n, opt.p);
		}
	}
}

/* ---- whitespace ------------------------------------------------------------------ */

/* Whether line i of L ends in whitespace after some text. */
static bool trailing_ws(const Lines *L, size_t i)
{
	Str s = lines_get(L, i);
	Str r = str_trim_right(s);
	return r.n < s.n && r.n > 0;
}

/* The trailing whitespace of block b: one finding, at its first line with
 * some, and one fix for all of them that leaves the lines' count as it is
 * (its text has a newline for each line after the first; CR of a CRLF
 * file is the line ending, not content: lines keeps it out already). */
static void trailing_ws_block(const Unit *u, const Block *b, FindingVec *out)
{
	const Lines *L = u->d->tgt;
	size_t first = SIZE_MAX, last = 0, count = 0;
	for (size_t i = b->first; i <= b->last; i++)
		if (trailing_ws(L, i)) {
			first = MIN(first, i);
			last = i;
			count++;
		}
	if (!count)
		return;
	Str s = lines_get(L, first), r = str_trim_right(s);
	if (count == 1) {
		Finding *f = finding_add(u, out, CK_WHITESPACE, SEV_INFO, first, r.n,
		                         "%zu trailing whitespace character%s", s.n - r.n,
		                         s.n - r.n == 1 ? "" : "s");
		finding_set_fix(f, first, r.n, s.n, "");
		return;
	}
	Buf lines = BUF_INIT, t = BUF_INIT;
	for (size_t i = first; i <= last; i++) {
		if (i > first) {
			buf_addc(&t, '\n');
			buf_addstr(&t, str_trim_right(lines_get(L, i)));
		}
		if (!trailing_ws(L, i) || (i > first && trailing_ws(L, i - 1)))
			continue;
		size_t j = i;
		while (j < last && trailing_ws(L, j + 1))
			j++;
		buf_addf(&lines, "%s%zu", lines.len ? ", " : "", i + 1);
		if (j > i)
			buf_addf(&lines, "%s%zu", j > i + 1 ? "-" : ", ", j + 1);
	}
	Finding *f = finding_add(u, out, CK_WHITESPACE, SEV_INFO, first, r.n,
	                         "trailing whitespace on %zu lines of this block (%s)", count,
	                         lines.p);
	f->last = last;
	finding_set_fix(f, first, r.n, lines_get(L, last).n, t.p);
	buf_release(&lines);
	buf_release(&t);
}

void check_whitespace(const Unit *u, FindingVec *out)
{
	const Lines *L = u->d->tgt;
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *b = tblock(u, k);
		trailing_ws_block(u, b, out);
		for (size_t line = b->first; line <= b->last; line++) {
			Str s = lines_get(L, line);
			Str r = str_trim_right(s);
			for (size_t i = 0; i < r.n;) {
				unsigned char c0 = (unsigned char)r.p[i];
				/* Only tabs and U+00A0, U+200B..U+2060, U+3000, U+FEFF
				 * matter: other characters are skipped by their lead byte. */
				if (c0 != '\t' && c0 != 0xc2 && c0 != 0xe2 && c0 != 0xe3 && c0 != 0xef) {
					i += c0 < 0x80 ? 1 : c0 >= 0xf0 ? 4 : c0 >= 0xe0 ? 3 : c0 >= 0xc0 ? 2 : 1;
					if (i > r.n)
						i = r.n;
					continue;
				}
				int32_t cp;
				size_t l = text_decode(r.p + i, r.n - i, &cp);
				if (cp == '\t' && b->kind != BK_LITERAL) {
					finding_add(u, out, CK_WHITESPACE, SEV_WARNING, line, i,
					            "tab character: RST expands tabs to 8 columns, which can "
					            "change the structure; use spaces");
				} else if (cp == 0x200b || cp == 0x200c || cp == 0x200d || cp == 0x2060 ||
				           cp == 0xfeff || cp == 0x00a0 || cp == 0x3000) {
					const char *what = cp == 0x00a0 ? "no-break space" :
					                   cp == 0x3000 ? "ideographic space" :
					                   "zero-width character";
					Finding *f = finding_add(u, out, CK_WHITESPACE, SEV_WARNING, line, i,
					                         "%s U+%04X (invisible; often pasted from a "
					                         "word processor)", what, (unsigned)cp);
					finding_set_fix(f, line, i, i + l, cp >= 0x3000 || cp == 0xa0 ? " " : "");
				}
				i += l;
			}
		}
		/* Indentation against the source (1:1 segments of the same kind). */
		if (u->src_n == 1 && u->tgt_n == 1) {
			const Block *sb = &u->d->sb->v[u->src];
			if (sb->kind == b->kind && sb->indent != b->indent)
				finding_add(u, out, CK_WHITESPACE, SEV_WARNING, b->first,
				            MIN((size_t)b->indent, lines_get(L, b->first).n),
				            "indented %d column%s, the source %d: RST reads a different "
				            "indentation as a different structure", b->indent,
				            b->indent == 1 ? "" : "s", sb->indent);
		}
	}
}
