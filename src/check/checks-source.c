/* Checks that compare the target with its source segment: glossary,
 * code-changed, markup-mismatch, reference-title, untranslated.  (glossary
 * also runs without a source: then it reports avoided variants only.) */
#include <strings.h>

#include "check-private.h"
#include "yeok/text.h"

/* The text of a unit's side: one block as joined_block, several as their
 * whole line range. */
static void side_joined(const Lines *L, const RstDoc *d, size_t first, size_t n, Joined *j)
{
	if (n == 1)
		joined_block(L, &d->v[first], j);
	else
		joined_lines(L, d->v[first].first, d->v[first + n - 1].last, j);
}

/* Both sides present, prose with inline markup, and not untranslated. */
static bool prose_pair(const Unit *u)
{
	if (!u->src_n || !u->tgt_n)
		return false;
	return check_block_has_inline(u->d->tb->v[u->tgt].kind) &&
	       check_block_has_inline(u->d->sb->v[u->src].kind);
}

static bool has_hangul(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0xea && c <= 0xed) {
			int32_t cp = check_cp_at(s, n, i);
			if (cp >= 0xac00 && cp <= 0xd7a3)
				return true;
		}
	}
	return false;
}

/* ---- glossary ------------------------------------------------------------------ */

/* The document's allow list (CheckDoc.allow: 레이어 kept in one document). */
static bool doc_allows(const Unit *u, const char *s, size_t n)
{
	for (size_t i = 0; i < u->d->allow_n; i++)
		if (strlen(u->d->allow[i]) == n && memcmp(u->d->allow[i], s, n) == 0)
			return true;
	return false;
}

/* Another sense of a glossary term, rendered otherwise on purpose: the
 * guide's feature -> 특징 is a model's input feature; a tool's or a
 * language's feature is 기능 ("트레이스 비교 기능", "프로토타입 기능", "언어의
 * 기능": 8 of the 9 'feature ... not found' findings of the review-fix
 * sample).  A term whose English is en[] counts as found where the
 * segment writes ko as a word of its own. */
static const struct {
	const char *en, *ko;
} other_senses[] = {
	{"feature", "기능"},
};

static bool other_sense_found(const GlossTerm *t, const char *tgt, size_t n)
{
	for (size_t i = 0; i < ARRAY_LEN(other_senses); i++) {
		bool en = false;
		for (size_t k = 0; k < t->en_n && !en; k++)
			en = strcasecmp(t->en[k], other_senses[i].en) == 0;
		if (!en)
			continue;
		const char *ko = other_senses[i].ko;
		size_t kl = strlen(ko);
		for (size_t at = 0; at + kl <= n; at++)
			if (memcmp(tgt + at, ko, kl) == 0 && !ko_syllable(check_prev_cp(tgt, at)))
				return true;
	}
	return false;
}

static void glossary_avoid_only(const Unit *u, FindingVec *out)
{
	Glossary *g = u->d->glossary;
	for (size_t k = 0; k < u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[u->tgt + k];
		if (!check_block_has_inline(b->kind))
			continue;
		Joined j;
		joined_block(u->d->tgt, b, &j);
		GlossHitVec h = {0};
		glossary_match_ko(g, j.text.p, j.text.len, &h);
		for (size_t i = 0; i < h.n; i++) {
			if (!glossary_hit_strict(g, &h.v[i]) ||
			    doc_allows(u, j.text.p + h.v[i].start, h.v[i].end - h.v[i].start))
				continue;
			size_t line, byte;
			joined_pos(&j, h.v[i].start, &line, &byte);
			Buf label = BUF_INIT;
			glossary_term_label(g, h.v[i].term, &label);
			Finding *f = finding_add(u, out, CK_GLOSSARY, SEV_WARNING, line, byte,
			                         "'%.*s' — glossary: %s", (int)(h.v[i].end - h.v[i].start),
			                         j.text.p + h.v[i].start, label.p);
			f->suggestion = xstrdup(g->v[h.v[i].term].ko);
			buf_release(&label);
		}
		VEC_FREE(&h);
		joined_release(&j);
	}
}

/* Code comments are prose: the avoided variants of the terms their English
 * comments name ("# 기울기를 계산하지 않음" for "# no gradient"), and the
 * strictly avoided ones anywhere in translated comments. */
static void glossary_comments(const Unit *u, FindingVec *out)
{
	Glossary *g = u->d->glossary;
	const Block *tb = &u->d->tb->v[u->tgt];
	Joined tj, sj;
	if (tb->kind != BK_LITERAL || !comment_text(u->d->tgt, u->d->tb, tb, &tj))
		return;
	if (!has_hangul(tj.text.p, tj.text.len)) {
		joined_release(&tj);
		return;
	}
	bool src = u->src_n == 1 && u->d->sb->v[u->src].kind == BK_LITERAL &&
	           comment_text(u->d->src, u->d->sb, &u->d->sb->v[u->src], &sj);
	GlossHintVec hv = {0};
	GlossHitVec kh = {0};
	glossary_match_ko(g, tj.text.p, tj.text.len, &kh);
	if (src)
		glossary_hints_ko(g, sj.text.p, sj.text.len, tj.text.p, tj.text.len, &kh, &hv);
	for (size_t i = 0; i < kh.n; i++) {
		if (kh.v[i].kind != GH_AVOID)
			continue;
		bool named = false;
		for (size_t k = 0; k < hv.n && !named; k++)
			named = hv.v[k].term == kh.v[i].term;
		if ((!named && !glossary_hit_strict(g, &kh.v[i])) ||
		    doc_allows(u, tj.text.p + kh.v[i].start, kh.v[i].end - kh.v[i].start))
			continue;
		size_t line, byte;
		joined_pos(&tj, kh.v[i].start, &line, &byte);
		Buf label = BUF_INIT;
		glossary_term_label(g, kh.v[i].term, &label);
		Finding *f = finding_add(u, out, CK_GLOSSARY, SEV_WARNING, line, byte,
		                         "'%.*s' — glossary: %s (in a code comment)",
		                         (int)(kh.v[i].end - kh.v[i].start), tj.text.p + kh.v[i].start,
		                         label.p);
		f->suggestion = xstrdup(g->v[kh.v[i].term].ko);
		buf_release(&label);
	}
	VEC_FREE(&kh);
	VEC_FREE(&hv);
	if (src)
		joined_release(&sj);
	joined_release(&tj);
}

/* The source's text with what the translator keeps as it is blanked
 * (same length): inline literals, roles, interpreted text,
 * substitutions, footnotes, targets, link URLs, and the text of a link
 * the translation keeps in English (found verbatim in tgt).  A term only
 * there is no term the translation should render. */
static void mask_kept(const char *s, size_t n, const char *tgt, size_t tn, Buf *out)
{
	buf_clear(out);
	buf_add(out, s, n);
	InlineVec v = {0};
	inline_scan(s, n, &v);
	for (size_t i = 0; i < v.n; i++) {
		const Inline *in = &v.v[i];
		size_t from = in->start, to = in->end;
		if (in->kind == IN_STRONG || in->kind == IN_EMPHASIS)
			continue;
		if (in->kind == IN_REFERENCE && in->target.p && in->target.p > s + in->in_start) {
			/* `text <url>`_: the URL always, the text when kept */
			size_t t0 = in->in_start, t1 = (size_t)(in->target.p - s) - 1;
			Str text = str_trim((Str){s + t0, t1 > t0 ? t1 - t0 : 0});
			bool kept = text.n && str_find((Str){tgt, tn}, text) >= 0;
			if (!kept)
				from = t1;
		}
		if (to > n)
			to = n;
		for (size_t k = from; k < to; k++)
			if (out->p[k] != '\n')
				out->p[k] = ' ';
	}
	VEC_FREE(&v);
}

/* Does the translation keep the term in English ("Dataset 을" for a
 * dataset term, in-place로)?  Then it is not missing: untranslated speaks
 * for English left in Korean prose, and a term kept on purpose is no
 * finding at all.  Any case; a longer form (datasets) counts. */
static bool kept_in_english(const GlossTerm *t, Str src_form, const char *tgt, size_t n)
{
	for (size_t k = 0; k <= t->en_n; k++) {
		Str f = k < t->en_n ? str_from(t->en[k]) : src_form;
		if (f.n < 2)
			continue;
		for (size_t at = 0; at + f.n <= n; at++) {
			if (strncasecmp(tgt + at, f.p, f.n) != 0)
				continue;
			char before = at ? tgt[at - 1] : ' ';
			if (!((before | 0x20) >= 'a' && (before | 0x20) <= 'z'))
				return true;
		}
	}
	return false;
}

/* The glossary's rendering ko written with other spacing in t (요구사항
 * for 요구 사항, 데이터 셋 for 데이터셋): its span in *at, *len. */
static bool other_spacing(const char *ko, const char *t, size_t n, size_t *at, size_t *len)
{
	size_t kl = strlen(ko);
	for (size_t i = 0; i < n; i++) {
		if (t[i] != ko[0] || ((unsigned char)t[i] & 0xc0) == 0x80)
			continue;
		size_t a = i, b = 0;
		bool spaced = false;
		while (a < n && b < kl) {
			if (t[a] == ko[b]) {
				a++, b++;
			} else if (t[a] == ' ' && a > i) {
				a++, spaced = true;
			} else if (ko[b] == ' ') {
				b++, spaced = true;
			} else {
				break;
			}
		}
		if (b == kl && spaced) {
			*at = i;
			*len = a - i;
			return true;
		}
	}
	return false;
}

/* A Hangul word of t that transliterates one of the term's English forms
 * (아웃풋 for output, 데이타셋 for dataset): its span. */
static bool transliterated(const GlossTerm *gt, const char *t, size_t n, size_t *at, size_t *len)
{
	/* the English forms reduced once (each word was, for every Hangul
	 * word and every particle split of it: 5% of `yeok check`) */
	enum { FORMS = 16 };
	KoSkel es[FORMS];
	bool eok[FORMS];
	for (size_t f = 0; f < gt->en_n && f < FORMS; f++)
		eok[f] = ko_skel_english(gt->en[f], strlen(gt->en[f]), &es[f]);
	for (size_t i = 0; i < n;) {
		if (!ko_syllable(check_cp_at(t, n, i)) || ko_syllable(check_prev_cp(t, i))) {
			i++;
			continue;
		}
		size_t e = i;
		while (e < n && ko_syllable(check_cp_at(t, n, e)))
			e += 3;
		/* the word, or it without a particle */
		for (size_t k = e; k >= i + 6; k -= 3) {
			if (k < e && !ko_is_particle(t + k, e - k))
				continue;
			KoSkel hs;
			ko_skel_hangul(t + i, k - i, &hs);
			for (size_t f = 0; f < gt->en_n; f++) {
				/* three consonants at least: any word is P T (보다, feature) */
				if (f < FORMS ? eok[f] && ko_skel_match(&hs, &es[f], 3)
				              : ko_transliterates(t + i, k - i, gt->en[f],
				                                  strlen(gt->en[f]), 3)) {
					*at = i;
					*len = k - i;
					return true;
				}
			}
		}
		i = e;
	}
	return false;
}

/* A rendering not found is mostly a paraphrase ("accuracy loss": 정확도를
 * 유지하면서): named only where the segment writes the term otherwise,
 * spaced otherwise (요구사항) or transliterated (아웃풋, 데이타셋); src_form:
 * the term in the source. */
static void written_otherwise(const Unit *u, const GlossTerm *gt, const char *label, Str src_form,
                              const Joined *tj, FindingVec *out)
{
	size_t at, len;
	bool spacing = other_spacing(gt->ko, tj->text.p, tj->text.len, &at, &len);
	if (!spacing && !transliterated(gt, tj->text.p, tj->text.len, &at, &len))
		return;
	size_t line, byte;
	joined_pos(tj, at, &line, &byte);
	Finding *f = finding_add(u, out, CK_GLOSSARY, SEV_WARNING, line, byte,
	                         "'%.*s' — glossary: %s (%s '%.*s')", (int)len, tj->text.p + at, label,
	                         spacing ? "spaced otherwise, for" : "a transliteration of",
	                         (int)src_form.n, src_form.p);
	f->suggestion = xstrdup(gt->ko);
}

/* The hint of term in v, or NULL. */
static const GlossHint *hint_of(const GlossHintVec *v, size_t term)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i].term == term)
			return &v->v[i];
	return NULL;
}

void check_glossary(const Unit *u, FindingVec *out)
{
	Glossary *g = u->d->glossary;
	if (!g || !g->n || !u->tgt_n)
		return;
	if (u->tgt_n == 1 && u->d->tb->v[u->tgt].kind == BK_LITERAL) {
		glossary_comments(u, out);
		return;
	}
	if (!u->d->src) {
		glossary_avoid_only(u, out);
		return;
	}
	if (!prose_pair(u))
		return;
	Joined sj, tj;
	side_joined(u->d->src, u->d->sb, u->src, u->src_n, &sj);
	side_joined(u->d->tgt, u->d->tb, u->tgt, u->tgt_n, &tj);
	if (check_is_md(u->d)) {
		/* Markdown: link targets, macros, anchors and code are no terms
		 * of the text (RST's terms there are not in the prose either) */
		check_blank_markup(&sj);
		check_blank_markup(&tj);
	}
	if (has_hangul(tj.text.p, tj.text.len)) {
		GlossHintVec hv = {0}, prose = {0};
		GlossHitVec kh = {0}; /* the target's Korean hits, for both uses */
		glossary_match_ko(g, tj.text.p, tj.text.len, &kh);
		glossary_hints_ko(g, sj.text.p, sj.text.len, tj.text.p, tj.text.len, &kh, &hv);
		/* the terms of the source's prose (not of what is kept as it is) */
		Buf masked = BUF_INIT;
		mask_kept(sj.text.p, sj.text.len, tj.text.p, tj.text.len, &masked);
		glossary_hints(g, masked.p ? masked.p : "", masked.len, NULL, 0, &prose);
		buf_release(&masked);
		/* the segment's lines, named by a finding about all of it */
		const Block *t0 = &u->d->tb->v[u->tgt], *t1 = &u->d->tb->v[u->tgt + u->tgt_n - 1];
		size_t seg_first = t0->kind == BK_TITLE ? t0->text_line : t0->first;
		size_t seg_last = t1->kind == BK_TITLE ? t1->text_line : t1->last;
		for (size_t i = 0; i < hv.n; i++) {
			const GlossHint *h = &hv.v[i], *ph;
			Buf label = BUF_INIT;
			glossary_term_label(g, h->term, &label);
			if (h->violated &&
			    doc_allows(u, tj.text.p + h->tgt_start, h->tgt_end - h->tgt_start)) {
				/* kept in this document on purpose */
			} else if (h->violated) {
				size_t line, byte;
				joined_pos(&tj, h->tgt_start, &line, &byte);
				Finding *f = finding_add(u, out, CK_GLOSSARY, SEV_WARNING, line, byte,
				                         "'%.*s' — glossary: %s",
				                         (int)(h->tgt_end - h->tgt_start),
				                         tj.text.p + h->tgt_start, label.p);
				f->suggestion = xstrdup(g->v[h->term].ko);
			} else if (!h->found && (ph = hint_of(&prose, h->term)) && !g->v[h->term].keep) {
				written_otherwise(u, &g->v[h->term], label.p,
				                  (Str){sj.text.p + ph->src_start, ph->src_end - ph->src_start},
				                  &tj, out);
			} else if (!h->found && (ph = hint_of(&prose, h->term)) &&
			           !other_sense_found(&g->v[h->term], tj.text.p, tj.text.len) &&
			           !kept_in_english(&g->v[h->term],
			                            (Str){sj.text.p + ph->src_start,
			                                  ph->src_end - ph->src_start},
			                            tj.text.p, tj.text.len)) {
				/* a term the guide keeps in English (Autograd, shape),
				 * translated: about the segment, not a line of it (at its
				 * first line, naming its lines) */
				size_t line = seg_first;
				size_t byte = (size_t)t0->indent;
				if (byte > lines_get(u->d->tgt, line).n)
					byte = 0;
				Buf where = BUF_INIT;
				if (seg_last > seg_first)
					buf_addf(&where, " of lines %zu-%zu", seg_first + 1, seg_last + 1);
				Finding *f = finding_add(u, out, CK_GLOSSARY, SEV_INFO, line, byte,
				                         "'%.*s' in the source — glossary: %s; not found in "
				                         "the translation%s",
				                         (int)(ph->src_end - ph->src_start),
				                         sj.text.p + ph->src_start, label.p,
				                         where.p ? where.p : "");
				f->last = seg_last;
				f->suggestion = xstrdup(g->v[h->term].ko);
				buf_release(&where);
			}
			buf_release(&label);
		}
		/* Avoided variants of terms the source does not name (``Tensor``
		 * in a literal, 텐서 in the prose). */
		for (size_t i = 0; i < kh.n; i++) {
			if (!glossary_hit_strict(g, &kh.v[i]) ||
			    doc_allows(u, tj.text.p + kh.v[i].start, kh.v[i].end - kh.v[i].start))
				continue;
			bool hinted = false;
			for (size_t k = 0; k < hv.n && !hinted; k++)
				hinted = hv.v[k].term == kh.v[i].term;
			if (hinted)
				continue;
			size_t line, byte;
			joined_pos(&tj, kh.v[i].start, &line, &byte);
			Buf label = BUF_INIT;
			glossary_term_label(g, kh.v[i].term, &label);
			Finding *f = finding_add(u, out, CK_GLOSSARY, SEV_WARNING, line, byte,
			                         "'%.*s' — glossary: %s",
			                         (int)(kh.v[i].end - kh.v[i].start),
			                         tj.text.p + kh.v[i].start, label.p);
			f->suggestion = xstrdup(g->v[kh.v[i].term].ko);
			buf_release(&label);
		}
		VEC_FREE(&kh);
		VEC_FREE(&hv);
		VEC_FREE(&prose);
	}
	joined_release(&sj);
	joined_release(&tj);
}

/* ---- code-changed ------------------------------------------------------------------- */

static bool c_like(Str lang)
{
	static const char *const langs[] = {"c", "cpp", "c++", "cxx", "java", "javascript", "js",
	                                    "kotlin", "swift", "objc", "objective-c", "cuda",
	                                    "rust", "go", "typescript", "ts", "scala"};
	for (size_t i = 0; i < ARRAY_LEN(langs); i++)
		if (str_eq_cstr(lang, langs[i]))
			return true;
	return false;
}

typedef enum CommentStyle {
	CS_HASH,    /* Python, shell, YAML: # and docstrings */
	CS_SLASHES, /* C, C++, Java...: // */
	CS_BOTH,    /* unknown language: both */
} CommentStyle;

/* A code line without its comment and trailing whitespace. */
static Str strip_comment(Str s, CommentStyle cs)
{
	char q = 0;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (q) {
			if (c == '\\')
				i++;
			else if (c == q)
				q = 0;
			continue;
		}
		if (c == '"' || c == '\'') {
			q = c;
		} else if (cs != CS_SLASHES && c == '#') {
			return str_trim_right(str_slice(s, 0, i));
		} else if (cs != CS_HASH && c == '/' && i + 1 < s.n && s.p[i + 1] == '/') {
			return str_trim_right(str_slice(s, 0, i));
		}
	}
	return str_trim_right(s);
}

typedef struct CodeLine {
	Str text;
	size_t line;
} CodeLine;
typedef VEC(CodeLine) CodeLineVec;

static void code_lines(const Lines *L, const RstDoc *d, size_t first, size_t n, bool strip,
                       CommentStyle cs, CodeLineVec *out)
{
	const char *doc_quote = NULL; /* inside a docstring: its closing quotes */
	for (size_t k = first; k < first + n; k++) {
		const Block *b = &d->v[k];
		for (size_t line = b->first; line <= b->last; line++) {
			Str s = lines_get(L, line);
			if (strip && cs != CS_SLASHES) {
				/* Docstrings are comments: a statement that is only a
				 * triple-quoted string. */
				Str t = str_trim(s);
				if (doc_quote) {
					if (str_find(t, str_from(doc_quote)) >= 0)
						doc_quote = NULL;
					continue;
				}
				const char *tq = str_starts_with(t, "\"\"\"") ? "\"\"\"" :
				                 str_starts_with(t, "'''") ? "'''" : NULL;
				if (tq) {
					Str rest = str_slice(t, 3, t.n);
					if (str_find(rest, str_from(tq)) < 0)
						doc_quote = tq;
					continue;
				}
			}
			Str t = strip ? strip_comment(s, cs) : str_trim_right(s);
			if (!str_trim(t).n)
				continue;
			/* Indentation relative to the block. */
			size_t ind = MIN((size_t)b->indent, t.n);
			size_t i = 0;
			while (i < ind && (t.p[i] == ' ' || t.p[i] == '\t'))
				i++;
			VEC_PUSH(out, ((CodeLine){str_slice(t, i, t.n), line}));
		}
	}
}

static bool hash_lang(Str lang)
{
	static const char *const langs[] = {"python", "py", "python3", "pycon", "ipython", "bash",
	                                    "sh", "shell", "console", "yaml", "toml", "ini",
	                                    "cmake", "make", "makefile", "dockerfile", "r"};
	for (size_t i = 0; i < ARRAY_LEN(langs); i++)
		if (str_eq_cstr(lang, langs[i]))
			return true;
	return false;
}

/* The language of a literal block: its own argument, else the directive
 * that holds it. */
static CommentStyle comment_style(const RstDoc *d, const Block *b)
{
	Str lang = rst_block_arg(b);
	if (!lang.n && b->parent >= 0 && (size_t)b->parent < d->n)
		lang = rst_block_arg(&d->v[b->parent]);
	lang = str_trim(lang);
	if (c_like(lang))
		return CS_SLASHES;
	if (hash_lang(lang))
		return CS_HASH;
	return CS_BOTH;
}

/* Index of the first differing line, or SIZE_MAX when equal. */
static size_t first_diff(const CodeLineVec *a, const CodeLineVec *b)
{
	size_t n = MIN(a->n, b->n);
	for (size_t i = 0; i < n; i++)
		if (!str_eq(a->v[i].text, b->v[i].text))
			return i;
	return a->n == b->n ? SIZE_MAX : n;
}

void check_code_changed(const Unit *u, FindingVec *out)
{
	if (!u->src_n || !u->tgt_n)
		return;
	const Block *tb = &u->d->tb->v[u->tgt], *sb = &u->d->sb->v[u->src];
	if (tb->kind != BK_LITERAL || sb->kind != BK_LITERAL || host_block_is_cell(tb))
		return; /* .py code cells: py-structure, line by line */
	CommentStyle cs = comment_style(u->d->sb, sb);
	CodeLineVec s = {0}, t = {0};
	code_lines(u->d->src, u->d->sb, u->src, u->src_n, false, cs, &s);
	code_lines(u->d->tgt, u->d->tb, u->tgt, u->tgt_n, false, cs, &t);
	size_t d = first_diff(&s, &t);
	if (d != SIZE_MAX) {
		CodeLineVec sc = {0}, tc = {0};
		code_lines(u->d->src, u->d->sb, u->src, u->src_n, true, cs, &sc);
		code_lines(u->d->tgt, u->d->tb, u->tgt, u->tgt_n, true, cs, &tc);
		size_t dc = first_diff(&sc, &tc);
		/* comments (and docstrings) translated: what a translator is
		 * asked to do, no finding (issue 40) */
		if (dc != SIZE_MAX) {
			size_t line = dc < tc.n ? tc.v[dc].line : tb->last;
			Str tt = dc < tc.n ? tc.v[dc].text : STR_LIT("(nothing)");
			Str st = dc < sc.n ? sc.v[dc].text : STR_LIT("(nothing)");
			Finding *f = finding_add(
				u, out, CK_CODE_CHANGED, SEV_WARNING, line,
				MIN((size_t)tb->indent, lines_get(u->d->tgt, line).n),
				"code changed: '%.*s' where the source has '%.*s' (code stays as in the "
				"source; only comments are translated)",
				check_clip(tt, 80), tt.p, check_clip(st, 80), st.p);
			if (dc < sc.n)
				f->suggestion = str_dup(st);
		}
		VEC_FREE(&sc);
		VEC_FREE(&tc);
	}
	VEC_FREE(&s);
	VEC_FREE(&t);
}

/* ---- markup-mismatch ---------------------------------------------------------------- */

/* URL as compared: scheme http->https, the Korean sites for the tutorials
 * and the install page, no fragment (anchors change when titles are translated), no final '/'. */
static void norm_url(Str u, Buf *out)
{
	static const char *const rewrite[][2] = {
		{"http://", "https://"},
		{"https://pytorch.org/tutorials/", "https://tutorials.pytorch.kr/"},
		{"https://docs.pytorch.org/tutorials/", "https://tutorials.pytorch.kr/"},
		/* the Korean site's install page (tutorials-kr #608) */
		{"https://pytorch.org/get-started/", "https://pytorch.kr/get-started/"},
		{"https://github.com/pytorch/tutorials/", "https://github.com/PyTorchKorea/tutorials-kr/"},
	};
	Buf a = BUF_INIT;
	buf_addstr(&a, u);
	for (size_t i = 0; i < ARRAY_LEN(rewrite); i++) {
		size_t l = strlen(rewrite[i][0]);
		if (a.len >= l && memcmp(a.p, rewrite[i][0], l) == 0) {
			buf_remove(&a, 0, l);
			buf_insert(&a, 0, rewrite[i][1], strlen(rewrite[i][1]));
		}
	}
	char *hash = a.p ? memchr(a.p, '#', a.len) : NULL;
	if (hash)
		a.len = (size_t)(hash - a.p);
	while (a.len && a.p[a.len - 1] == '/')
		a.len--;
	Str r = {a.p, a.len};
	/* blob/main and blob/master name the same file */
	ptrdiff_t m = str_find(r, STR_LIT("/blob/main/"));
	if (m >= 0) {
		buf_add(out, r.p, (size_t)m);
		buf_adds(out, "/blob/master/");
		buf_add(out, r.p + m + 11, r.n - (size_t)m - 11);
	} else {
		buf_addstr(out, r);
	}
	buf_release(&a);
	/* GitHub organisations and hosts are case-insensitive; compare so. */
	for (size_t i = 0; i < out->len; i++)
		if (out->p[i] >= 'A' && out->p[i] <= 'Z')
			out->p[i] = (char)(out->p[i] - 'A' + 'a');
}

static bool is_url(Str t)
{
	return str_starts_with(t, "http://") || str_starts_with(t, "https://") ||
	       str_starts_with(t, "mailto:");
}

typedef struct Atom {
	char *key;   /* what is compared */
	char *shown; /* how it is named in a message */
} Atom;
typedef VEC(Atom) AtomVec;

static void atoms(const char *s, size_t n, AtomVec *out)
{
	InlineVec v = {0};
	inline_scan(s, n, &v);
	for (size_t i = 0; i < v.n; i++) {
		const Inline *in = &v.v[i];
		if (in->unterminated)
			continue;
		Str inner = {s + in->in_start, in->in_end - in->in_start};
		Buf key = BUF_INIT;
		switch (in->kind) {
		case IN_LITERAL:
			buf_adds(&key, "``");
			buf_addstr(&key, inner);
			buf_adds(&key, "``");
			break;
		case IN_ROLE:
			buf_addf(&key, ":%.*s:`%.*s`", (int)in->role.n, in->role.p, (int)in->target.n,
			         in->target.p);
			break;
		case IN_REFERENCE:
			if (in->target.p != inner.p && is_url(in->target))
				norm_url(in->target, &key);
			break;
		case IN_FOOTNOTE:
			buf_addf(&key, "[%.*s]_", (int)inner.n, inner.p);
			break;
		case IN_SUBST:
			buf_addf(&key, "|%.*s|", (int)inner.n, inner.p);
			break;
		default:
			break;
		}
		if (key.len) {
			Buf shown = BUF_INIT;
			if (in->kind == IN_REFERENCE)
				buf_addstr(&shown, in->target);
			else
				buf_add(&shown, key.p, (size_t)check_clip(buf_str(&key), 100));
			VEC_PUSH(out, ((Atom){buf_detach(&key), buf_detach(&shown)}));
		}
		buf_release(&key);
	}
	VEC_FREE(&v);
}

static int atom_cmp(const void *a, const void *b)
{
	return strcmp(((const Atom *)a)->key, ((const Atom *)b)->key);
}

static void atoms_free(AtomVec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->v[i].key);
		free(v->v[i].shown);
	}
	VEC_FREE(v);
}

/* Target blocks of a unit plus those of target-only neighbours (a
 * translator who split a paragraph in two: the alignment pairs one half). */
static void tgt_with_neighbours(const Unit *u, Joined *j)
{
	const Alignment *al = u->d->al;
	size_t first = u->tgt, n = u->tgt_n;
	if (u->index > 0) {
		const Segment *p = &al->v[u->index - 1];
		if (!p->src_n && p->tgt_n && p->tgt + p->tgt_n == first &&
		    check_block_has_inline(u->d->tb->v[p->tgt].kind)) {
			first = p->tgt;
			n += p->tgt_n;
		}
	}
	if (u->index + 1 < al->n) {
		const Segment *x = &al->v[u->index + 1];
		if (!x->src_n && x->tgt_n && x->tgt == first + n &&
		    check_block_has_inline(u->d->tb->v[x->tgt].kind))
			n += x->tgt_n;
	}
	side_joined(u->d->tgt, u->d->tb, first, n, j);
}

void check_markup_mismatch(const Unit *u, FindingVec *out)
{
	if (!prose_pair(u))
		return;
	Joined sj, tj;
	side_joined(u->d->src, u->d->sb, u->src, u->src_n, &sj);
	tgt_with_neighbours(u, &tj);
	if (!str_eq(buf_str(&sj.text), buf_str(&tj.text))) {
		AtomVec sa = {0}, ta = {0};
		atoms(sj.text.p, sj.text.len, &sa);
		atoms(tj.text.p, tj.text.len, &ta);
		if (sa.n > 1)
			qsort(sa.v, sa.n, sizeof(Atom), atom_cmp);
		if (ta.n > 1)
			qsort(ta.v, ta.n, sizeof(Atom), atom_cmp);
		/* Multiset difference source - target (both sorted). */
		size_t i = 0, k = 0;
		const Block *tb = &u->d->tb->v[u->tgt];
		size_t line = tb->kind == BK_TITLE ? tb->text_line : tb->first;
		size_t byte = MIN((size_t)tb->indent, lines_get(u->d->tgt, line).n);
		while (i < sa.n) {
			int c = k < ta.n ? strcmp(sa.v[i].key, ta.v[k].key) : -1;
			if (c == 0) {
				i++, k++;
			} else if (c > 0) {
				k++;
			} else {
				finding_add(u, out, CK_MARKUP_MISMATCH, SEV_WARNING, line, byte,
				            "'%s' of the source is missing or altered in the translation",
				            sa.v[i].shown);
				i++;
			}
		}
		atoms_free(&sa);
		atoms_free(&ta);
	}
	joined_release(&sj);
	joined_release(&tj);
}

/* ---- reference-title ----------------------------------------------------------------- */

static bool paper_url(Str t)
{
	static const char *const hosts[] = {"arxiv.org", "doi.org", "openreview.net",
	                                    "aclanthology.org", "aclweb.org", "papers.nips.cc",
	                                    "proceedings.", "dl.acm.org", "ieeexplore",
	                                    "jmlr.org", "semanticscholar.org"};
	for (size_t i = 0; i < ARRAY_LEN(hosts); i++)
		if (str_find(t, str_from(hosts[i])) >= 0)
			return true;
	return str_ends_with(t, ".pdf");
}

static bool ascii_letter_c(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Characters that make a run of letters part of an identifier, a path, a
 * number or a URL (map_location, torch.nn, v2, x/y). */
static bool code_char(char c)
{
	return c == '_' || c == '.' || c == '/' || c == ':' || c == '=' || c == '@' ||
	       c == '#' || c == '\\' || (c >= '0' && c <= '9');
}

/* Words a reader reads: runs of two or more letters that are no part of
 * an identifier, a path, a number or a URL ("dist.init_process_group(",
 * "imgs (torch.Tensor):" and "t, c, n, s" have none or one). */
static size_t plain_words(Str s)
{
	size_t w = 0;
	for (size_t i = 0; i < s.n;) {
		if (!ascii_letter_c(s.p[i])) {
			i++;
			continue;
		}
		size_t e = i;
		while (e < s.n && ascii_letter_c(s.p[e]))
			e++;
		bool glued = (i > 0 && code_char(s.p[i - 1]) && !(s.p[i - 1] == ':' && i >= 2 && s.p[i - 2] == ' ')) ||
		             (e < s.n && code_char(s.p[e]) && s.p[e] != '.' && s.p[e] != ':') ||
		             (e + 1 < s.n && s.p[e] == '.' && ascii_letter_c(s.p[e + 1]));
		w += e - i >= 2 && !glued;
		i = e;
	}
	return w;
}

/* A comment that is code put aside, not prose: an assignment, a call or
 * an argument list ("init_method=init_method,", "dist.init_process_group(",
 * "imgs (torch.Tensor):", ":param x:"), or fewer than two plain words. */
static bool code_comment(Str t)
{
	if (plain_words(t) < 2 || (t.n && (t.p[0] == ':' || t.p[t.n - 1] == ',' ||
	                                   t.p[t.n - 1] == '(' || t.p[t.n - 1] == '[')))
		return true;
	for (size_t i = 0; i < t.n; i++) {
		char c = t.p[i];
		if (c == '=' || (c == '(' && i > 0 && (ascii_letter_c(t.p[i - 1]) || t.p[i - 1] == '_')))
			return true;
	}
	return false;
}

/* Program output, not prose: a label and a measurement ("**Self CPU time
 * total:** 16.201s", "* Eager runtime: 747.2us", "Accuracy: 98 %"), or a
 * line of numbers and names (a table row of results).  No plain word
 * after the label's colon, a digit there, a label of at most six words. */
static bool output_line(Str t)
{
	size_t colon = SIZE_MAX;
	for (size_t i = 0; i < t.n && colon == SIZE_MAX; i++)
		if (t.p[i] == ':' && (i + 1 == t.n || t.p[i + 1] == ' ' || t.p[i + 1] == '*'))
			colon = i;
	bool digit = false;
	if (colon != SIZE_MAX) {
		Str value = {t.p + colon + 1, t.n - colon - 1};
		for (size_t i = 0; i < value.n; i++)
			digit = digit || (value.p[i] >= '0' && value.p[i] <= '9');
		/* units (s, ms, us, GB, fps) are words of the value: short ones */
		size_t long_words = 0;
		for (size_t i = 0; i < value.n;) {
			if (!ascii_letter_c(value.p[i])) {
				i++;
				continue;
			}
			size_t e = i;
			while (e < value.n && ascii_letter_c(value.p[e]))
				e++;
			long_words += e - i > 3;
			i = e;
		}
		return digit && long_words == 0 && plain_words((Str){t.p, colon}) <= 6;
	}
	size_t numbers = 0;
	for (size_t i = 0; i < t.n; i++) {
		if (t.p[i] >= '0' && t.p[i] <= '9' && (i == 0 || !(t.p[i - 1] >= '0' && t.p[i - 1] <= '9') ) &&
		    (i == 0 || !ascii_letter_c(t.p[i - 1]) ) && (i == 0 || t.p[i - 1] != '.'))
			numbers++;
	}
	return numbers >= 2 && numbers >= plain_words(t);
}

/* Is every non-blank line of s output_line()? */
static bool output_text(Str s)
{
	bool any = false;
	while (s.n) {
		const char *nl = memchr(s.p, '\n', s.n);
		size_t l = nl ? (size_t)(nl - s.p) : s.n;
		Str line = str_trim((Str){s.p, l});
		if (line.n) {
			if (!output_line(line))
				return false;
			any = true;
		}
		s = str_slice(s, nl ? l + 1 : l, s.n);
	}
	return any;
}

static size_t ascii_words(Str s)
{
	size_t w = 0;
	bool in = false;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
		if (letter && !in)
			w++;
		in = letter;
	}
	return w;
}

/* Is the original kept in the translated title?  All of it, case and
 * spacing aside (번역 가이드: "원문을 함께 찾아볼 필요가 있는 논문 제목 등은 번역 시
 * 전체 원문을 함께 작성합니다") — two thirds of its words are not enough
 * ("Tensor/Sequence Parallel과 FSDP를 결합한 2D 병렬 예제" for "2D parallel
 * combining Tensor/Sequence Parallel with FSDP", PR #1132). */
static bool original_kept(Str tr, Str orig)
{
	Buf h = BUF_INIT, n = BUF_INIT;
	check_normalize_name(tr.p, tr.n, &h);
	check_normalize_name(orig.p, orig.n, &n);
	bool r = n.len && str_find(buf_str(&h), buf_str(&n)) >= 0;
	if (!r && n.len) {
		/* a parenthesized acronym of the original may move: "분산 데이터 병렬
		 * 처리 (DDP, Distributed Data-Parallel)" keeps "Distributed
		 * Data-Parallel (DDP)" */
		Buf w = BUF_INIT;
		int depth = 0;
		for (size_t i = 0; i < n.len; i++) {
			if (n.p[i] == '(')
				depth++;
			else if (n.p[i] == ')' && depth)
				depth--;
			else if (!depth)
				buf_addc(&w, n.p[i]);
		}
		Str core = str_trim(buf_str(&w));
		r = core.n >= 8 && core.n < n.len && str_find(buf_str(&h), core) >= 0;
		buf_release(&w);
	}
	buf_release(&h);
	buf_release(&n);
	return r;
}

/* Tutorials link to each other; their titles are translated with them. */
static bool internal_url(Str url)
{
	return str_starts_with(url, "https://tutorials.pytorch.kr") ||
	       str_find(url, STR_LIT("github.com/pytorchkorea/tutorials-kr")) >= 0;
}

typedef struct LinkRef {
	Str text;
	Buf url;        /* normalized */
	size_t url_len; /* as written */
	size_t start;
} LinkRef;
typedef VEC(LinkRef) LinkRefVec;

static void link_refs(const char *s, size_t n, LinkRefVec *out)
{
	InlineVec v = {0};
	inline_scan(s, n, &v);
	for (size_t i = 0; i < v.n; i++) {
		const Inline *in = &v.v[i];
		/* `text <url>`_ only: `https://x`_ has no separate text */
		if (in->kind != IN_REFERENCE || in->unterminated || !is_url(in->target) ||
		    in->target.p == s + in->in_start)
			continue;
		size_t lt = (size_t)(in->target.p - s) - 1; /* the '<' */
		LinkRef r = {str_trim((Str){s + in->in_start, lt - in->in_start}), BUF_INIT,
		             in->target.n, in->start};
		norm_url(in->target, &r.url);
		VEC_PUSH(out, r);
	}
	VEC_FREE(&v);
}

static void link_refs_free(LinkRefVec *v)
{
	for (size_t i = 0; i < v->n; i++)
		buf_release(&v->v[i].url);
	VEC_FREE(v);
}

void check_reference_title(const Unit *u, FindingVec *out)
{
	if (!prose_pair(u))
		return;
	Joined sj, tj;
	side_joined(u->d->src, u->d->sb, u->src, u->src_n, &sj);
	side_joined(u->d->tgt, u->d->tb, u->tgt, u->tgt_n, &tj);
	LinkRefVec sr = {0}, tr = {0};
	link_refs(sj.text.p, sj.text.len, &sr);
	link_refs(tj.text.p, tj.text.len, &tr);
	bool list_item = u->d->sb->v[u->src].kind == BK_LIST_ITEM;
	/* The item's visible length: its text without the <url> parts. */
	size_t item_len = str_trim(buf_str(&sj.text)).n;
	for (size_t i = 0; i < sr.n; i++) {
		size_t url_len = sr.v[i].url_len + 3;
		item_len = item_len > url_len ? item_len - url_len : 0;
	}
	for (size_t i = 0; i < sr.n; i++) {
		const LinkRef *s = &sr.v[i];
		if (ascii_words(s->text) < 3 || has_hangul(s->text.p, s->text.n))
			continue;
		/* A reference list entry (the link is most of the item) or a paper. */
		bool reference = (list_item && s->text.n * 2 >= item_len) ||
		                 paper_url(buf_str(&s->url));
		if (!reference || internal_url(buf_str(&s->url)))
			continue;
		for (size_t k = 0; k < tr.n; k++) {
			const LinkRef *t = &tr.v[k];
			if (!str_eq(buf_str(&t->url), buf_str(&s->url)))
				continue;
			if (!has_hangul(t->text.p, t->text.n) || original_kept(t->text, s->text))
				break;
			size_t line, byte;
			joined_pos(&tj, t->start, &line, &byte);
			Finding *f = finding_add(
				u, out, CK_REFERENCE_TITLE, SEV_WARNING, line, byte,
				"'%.*s' — the title of a referenced paper or document was translated "
				"without the original '%.*s' (번역하지 않거나 원문을 함께 작성)",
				(int)t->text.n, t->text.p, (int)s->text.n, s->text.p);
			f->suggestion = xasprintf("%.*s (%.*s)", (int)t->text.n, t->text.p,
			                          (int)s->text.n, s->text.p);
			break;
		}
	}
	link_refs_free(&sr);
	link_refs_free(&tr);
	joined_release(&sj);
	joined_release(&tj);
}

/* ---- untranslated --------------------------------------------------------------------- */

/* English words outside inline markup, link URLs and literals. */
static size_t prose_words(const char *s, size_t n)
{
	InlineVec v = {0};
	inline_scan(s, n, &v);
	size_t words = 0, at = 0;
	for (size_t i = 0; i <= v.n; i++) {
		size_t to = i < v.n ? v.v[i].start : n;
		if (to > at)
			words += ascii_words((Str){s + at, to - at});
		if (i < v.n) {
			const Inline *in = &v.v[i];
			/* Emphasis is prose; link texts are titles (often kept). */
			if (in->kind == IN_EMPHASIS || in->kind == IN_STRONG)
				words += ascii_words((Str){s + in->in_start, in->in_end - in->in_start});
			at = MAX(at, in->end);
		}
	}
	VEC_FREE(&v);
	return words;
}

/* A comment line's text (after the marker), trimmed. */
typedef struct CLine {
	Str text;
	size_t line, byte;
} CLine;
typedef VEC(CLine) CLineVec;

static void comment_lines(const Joined *j, CLineVec *out)
{
	for (size_t k = 0; k < j->nlines; k++) {
		size_t from = j->start[k];
		size_t to = k + 1 < j->nlines ? j->start[k + 1] - 1 : j->text.len;
		Str t = str_trim((Str){j->text.p + from, to - from});
		if (!t.n)
			continue;
		CLine c = {t, j->first + k, (size_t)(t.p - (j->text.p + from))};
		VEC_PUSH(out, c);
	}
}

static void untranslated_glued(const Unit *u, const Joined *tj, const char *m, size_t n, Str src,
                               bool runs_done, FindingVec *out);

/* Comments of a code block left in English while others are translated. */
static void untranslated_comments(const Unit *u, FindingVec *out)
{
	const Block *tb = &u->d->tb->v[u->tgt], *sb = &u->d->sb->v[u->src];
	if (tb->kind != BK_LITERAL || sb->kind != BK_LITERAL)
		return;
	Joined tj, sj;
	if (!comment_text(u->d->tgt, u->d->tb, tb, &tj))
		return;
	if (!has_hangul(tj.text.p, tj.text.len) ||
	    !comment_text(u->d->src, u->d->sb, sb, &sj)) {
		joined_release(&tj);
		return;
	}
	untranslated_glued(u, &tj, tj.text.p, tj.text.len, buf_str(&sj.text), false, out);
	CLineVec tc = {0}, sc = {0};
	comment_lines(&tj, &tc);
	comment_lines(&sj, &sc);
	for (size_t i = 0; i < tc.n; i++) {
		Str t = tc.v[i].text;
		if (has_hangul(t.p, t.n) || ascii_words(t) < 3 || code_comment(t))
			continue;
		bool in_src = false;
		for (size_t k = 0; k < sc.n && !in_src; k++)
			in_src = str_eq(sc.v[k].text, t);
		if (!in_src)
			continue;
		Str raw = lines_get(u->d->tgt, tc.v[i].line);
		finding_add(u, out, CK_UNTRANSLATED, SEV_INFO, tc.v[i].line,
		            (size_t)(t.p - raw.p) <= raw.n ? (size_t)(t.p - raw.p) : 0,
		            "a comment still in English while the others of this code block are "
		            "translated: '%.*s%s'", check_clip(t, 50), t.p, t.n > 50 ? "…" : "");
	}
	VEC_FREE(&tc);
	VEC_FREE(&sc);
	joined_release(&tj);
	joined_release(&sj);
}

static bool lower_word_at(const char *m, size_t n, size_t i, size_t *end)
{
	size_t e = i;
	while (e < n && m[e] >= 'a' && m[e] <= 'z')
		e++;
	*end = e;
	return e - i >= 2 && (i == 0 || !((m[i - 1] >= 'a' && m[i - 1] <= 'z') ||
	                                  (m[i - 1] >= 'A' && m[i - 1] <= 'Z') ||
	                                  (m[i - 1] >= '0' && m[i - 1] <= '9') || m[i - 1] == '_' ||
	                                  m[i - 1] == '.' || m[i - 1] == '-' || m[i - 1] == '/')) &&
	       (e >= n || !((m[e] >= 'A' && m[e] <= 'Z') || (m[e] >= '0' && m[e] <= '9') ||
	                    m[e] == '_' || m[e] == '.' || m[e] == '(' || m[e] == '-' || m[e] == '/'));
}

/* A lowercase word starting at m[i] outside parentheses (glosses), its
 * end in *e; *depth follows the parentheses seen so far. */
static bool word_outside_parens(const char *m, size_t n, size_t i, int *depth, size_t *e)
{
	char c = m[i];
	if (c == '(')
		(*depth)++;
	else if (c == ')' && *depth)
		(*depth)--;
	return !*depth && c >= 'a' && c <= 'z' && lower_word_at(m, n, i, e);
}

/* Does the word w[0..n) (lowercase) occur in src as a word (or its
 * plural in -s), any case? */
static bool src_has_word(Str src, const char *w, size_t n)
{
	for (size_t i = 0; i + n <= src.n; i++) {
		if (strncasecmp(src.p + i, w, n) != 0)
			continue;
		size_t z = i + n; /* a plural in the source: workers */
		if (z < src.n && src.p[z] == 's')
			z++;
		char a = i ? src.p[i - 1] : ' ', b = z < src.n ? src.p[z] : ' ';
		bool la = (a >= 'a' && a <= 'z') || (a >= 'A' && a <= 'Z') || a == '_' || a == '`';
		bool lb = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_' || b == '`' ||
		          b == '(' || b == '=';
		if (!la && !lb)
			return true;
	}
	return false;
}

/* Is each word of m[a..e) (lowercase words, single spaces) one the
 * English dictionary knows (every word, without a speller) and no term
 * the glossary keeps in English (Tensor)? */
static bool plain_english(const Unit *u, const char *m, size_t a, size_t e)
{
	for (size_t i = a; i < e;) {
		size_t w = i;
		while (w < e && m[w] != ' ')
			w++;
		if (w - i < 3 || check_kept_term(u->d->glossary, m + i, w - i) ||
		    (u->d->spell && spell_check_word(u->d->spell, m + i, w - i, SPELL_BLOCK) != SPELL_OK))
			return false;
		i = w + 1;
	}
	return true;
}

/* English glued to a Korean particle in Korean prose or a code comment
 * ("device를", "keyword argument를"), outside markup (m is masked) and
 * parentheses (glosses): a reviewer asks for the Korean word, or
 * 한글(영어) at its first occurrence.  Plain English words only (the
 * dictionary knows them: no package name; not kept in English); one word
 * only when the source's text (src) has it and it has five letters or
 * more.  A run the source has is the
 * run rule's in prose (runs_done). */
static void untranslated_glued(const Unit *u, const Joined *tj, const char *m, size_t n, Str src,
                               bool runs_done, FindingVec *out)
{
	int depth = 0;
	for (size_t i = 0; i < n; i++) {
		size_t e;
		if (!word_outside_parens(m, n, i, &depth, &e))
			continue;
		size_t pe = e;
		while (pe < n && ko_syllable(check_cp_at(m, n, pe)))
			pe += 3;
		if (pe == e || !ko_is_particle(m + e, pe - e)) {
			i = e;
			continue;
		}
		/* the run of lowercase words it ends (at most 3) */
		size_t a = i, words = 1, e0;
		while (words < 3 && a >= 2 && m[a - 1] == ' ') {
			size_t p = a - 1;
			while (p > 0 && m[p - 1] >= 'a' && m[p - 1] <= 'z')
				p--;
			if (p == a - 1 || !lower_word_at(m, n, p, &e0) || e0 != a - 1)
				break;
			a = p;
			words++;
		}
		bool in_src = src_has_word(src, m + a, e - a);
		/* a single word of five letters or more: shorter ones are mostly
		 * names and types (pip, grad, sinh, int) */
		bool flag = words == 1 ? in_src && e - a >= 5 : !(runs_done && in_src);
		if (!flag || !plain_english(u, m, a, e)) {
			i = pe;
			continue;
		}
		size_t line, byte;
		joined_pos(tj, a, &line, &byte);
		finding_add(u, out, CK_UNTRANSLATED, SEV_INFO, line, byte,
		            "'%.*s' — English '%.*s' left in a Korean sentence: the Korean word, or "
		            "한글(%.*s) at its first occurrence (rule glued-english)",
		            (int)(pe - a), tj->text.p + a, (int)(e - a), tj->text.p + a, (int)(e - a),
		            tj->text.p + a);
		i = pe;
	}
}

/* English left inside translated prose: a whole line that is the
 * source's, or a run of lowercase English words the source has ("forward
 * pass", a quoted "ballpark"), outside markup and glosses. */
static void untranslated_inside(const Unit *u, FindingVec *out)
{
	Joined sj, tj;
	side_joined(u->d->src, u->d->sb, u->src, u->src_n, &sj);
	side_joined(u->d->tgt, u->d->tb, u->tgt, u->tgt_n, &tj);
	if (!has_hangul(tj.text.p, tj.text.len)) {
		joined_release(&sj);
		joined_release(&tj);
		return;
	}
	Buf mask = BUF_INIT;
	InlineVec inl = {0};
	prose_mask(tj.text.p, tj.text.len, &mask, &inl);
	const char *m = mask.p;
	size_t n = tj.text.len;
	Str src = buf_str(&sj.text);
	bool line_flagged = false;
	/* whole lines */
	for (size_t k = 0; k < tj.nlines; k++) {
		size_t from = tj.start[k];
		size_t to = k + 1 < tj.nlines ? tj.start[k + 1] - 1 : n;
		Str t = str_trim((Str){tj.text.p + from, to - from});
		Str mt = str_trim((Str){m + from, to - from});
		/* words of prose: not a link's text (a title, kept), not names
		 * and paths (`torch.utils.data.DataLoader <url>`_), not output */
		if (!t.n || has_hangul(t.p, t.n) || ascii_words(mt) < 4 ||
		    prose_words(t.p, t.n) < 4 || plain_words(mt) < 4 || output_line(t) ||
		    str_find(src, t) < 0)
			continue;
		finding_add(u, out, CK_UNTRANSLATED, SEV_INFO, tj.first + k, (size_t)(t.p - (tj.text.p + from)),
		            "an English line left in a translated paragraph: '%.*s%s'", check_clip(t, 50),
		            t.p, t.n > 50 ? "…" : "");
		line_flagged = true;
	}
	/* runs of English words (not inside parentheses: glosses) */
	int depth = 0;
	for (size_t i = 0; i < n && !line_flagged; i++) {
		size_t e;
		if (!word_outside_parens(m, n, i, &depth, &e))
			continue;
		size_t words = 1, end = e;
		while (end + 1 < n && m[end] == ' ') {
			size_t e2;
			if (!lower_word_at(m, n, end + 1, &e2))
				break;
			words++;
			end = e2;
		}
		bool quoted = i > 0 && (m[i - 1] == '"' || m[i - 1] == '\'') && end < n &&
		              (m[end] == '"' || m[end] == '\'');
		Str run = {tj.text.p + i, end - i};
		if ((words >= 2 || (quoted && end - i >= 4)) && str_find(src, run) >= 0) {
			size_t line, byte;
			joined_pos(&tj, i, &line, &byte);
			finding_add(u, out, CK_UNTRANSLATED, SEV_INFO, line, byte,
			            "'%.*s' — English left untranslated in Korean prose (the source's words)",
			            (int)run.n, run.p);
		}
		i = end;
	}
	if (!line_flagged) {
		/* the source's prose words, not its code (``pip``) */
		Buf smask = BUF_INIT;
		InlineVec sinl = {0};
		prose_mask(sj.text.p, sj.text.len, &smask, &sinl);
		untranslated_glued(u, &tj, m, n, (Str){smask.p ? smask.p : "", sj.text.len}, true, out);
		VEC_FREE(&sinl);
		buf_release(&smask);
	}
	VEC_FREE(&inl);
	buf_release(&mask);
	joined_release(&sj);
	joined_release(&tj);
}

/* A grid table's header cell left in English ("| Model |") where other
 * header cells are translated: plain English words (capitalized or not,
 * no acronym: FPS stays) that the source's table has as they are. */
static void untranslated_header_cells(const Unit *u, const Joined *tj, Str src, FindingVec *out)
{
	size_t hdr_end = 0; /* the header: the rows above the '+===' line */
	for (size_t k = 1; k < tj->nlines && !hdr_end; k++) {
		size_t to = k + 1 < tj->nlines ? tj->start[k + 1] - 1 : tj->text.len;
		Str l = str_trim((Str){tj->text.p + tj->start[k], to - tj->start[k]});
		if (l.n > 2 && l.p[0] == '+' && l.p[1] == '=')
			hdr_end = k;
	}
	if (!hdr_end || !has_hangul(tj->text.p, tj->start[hdr_end]))
		return;
	for (size_t k = 1; k < hdr_end; k++) {
		size_t from = tj->start[k], to = tj->start[k + 1] - 1;
		const char *t = tj->text.p;
		for (size_t i = from; i < to; i++) {
			if (t[i] != '|')
				continue;
			size_t e = i + 1;
			while (e < to && t[e] != '|')
				e++;
			if (e >= to)
				break;
			Str cell = str_trim((Str){t + i + 1, e - i - 1});
			bool plain = cell.n >= 3;
			size_t upper = 0, letters = 0;
			for (size_t c = 0; c < cell.n && plain; c++) {
				char ch = cell.p[c];
				plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == ' ';
				upper += ch >= 'A' && ch <= 'Z';
				letters += ch != ' ';
			}
			if (plain && upper * 2 <= letters && str_find(src, cell) >= 0) {
				char *low = xmemdup0(cell.p, cell.n);
				for (char *q = low; *q; q++)
					*q = (char)(*q >= 'A' && *q <= 'Z' ? *q | 0x20 : *q);
				bool eng = true;
				for (size_t a = 0; a < cell.n && eng;) {
					size_t w = a;
					while (w < cell.n && low[w] != ' ')
						w++;
					eng = w - a >= 3 && !check_kept_term(u->d->glossary, low + a, w - a) &&
					      (!u->d->spell ||
					       spell_check_word(u->d->spell, low + a, w - a, SPELL_BLOCK) == SPELL_OK);
					a = w + 1;
				}
				free(low);
				if (eng) {
					size_t line, byte;
					joined_pos(tj, (size_t)(cell.p - t), &line, &byte);
					finding_add(u, out, CK_UNTRANSLATED, SEV_INFO, line, byte,
					            "'%.*s' — a table header left in English while the others are "
					            "translated (rule header-cell)", (int)cell.n, cell.p);
				}
			}
			i = e - 1;
		}
	}
}

void check_untranslated(const Unit *u, FindingVec *out)
{
	if (!u->src_n || !u->tgt_n)
		return;
	const Block *tb = &u->d->tb->v[u->tgt];
	if (tb->kind == BK_LITERAL && u->tgt_n == 1 && u->src_n == 1) {
		untranslated_comments(u, out);
		return;
	}
	if (!rst_kind_is_prose(tb->kind) && tb->kind != BK_TITLE && tb->kind != BK_TABLE)
		return;
	Joined sj, tj;
	side_joined(u->d->src, u->d->sb, u->src, u->src_n, &sj);
	side_joined(u->d->tgt, u->d->tb, u->tgt, u->tgt_n, &tj);
	Str a = str_trim(buf_str(&sj.text)), b = str_trim(buf_str(&tj.text));
	if (str_eq(a, b) && prose_words(tj.text.p, tj.text.len) >= 3 && tb->kind != BK_TABLE &&
	    !output_text(b)) {
		size_t line = tb->kind == BK_TITLE ? tb->text_line : tb->first;
		finding_add(u, out, CK_UNTRANSLATED, SEV_INFO, line,
		            MIN((size_t)tb->indent, lines_get(u->d->tgt, line).n),
		            "untranslated %s: still the English of the source ('%.*s%s')",
		            rst_kind_name(tb->kind), check_clip(b, 40), b.p, b.n > 40 ? "…" : "");
	} else if (!str_eq(a, b) && tb->kind != BK_TITLE) {
		untranslated_inside(u, out);
		if (tb->kind == BK_TABLE)
			untranslated_header_cells(u, &tj, buf_str(&sj.text), out);
	}
	joined_release(&sj);
	joined_release(&tj);
}
