/* structure: what breaks the document's structure in the translation but
 * not in the English (an English title with no Korean title, lines docutils
 * reads as text although they look like a title, unexpected indentation, a
 * grid table whose lines do not line up, a title level unlike the
 * source's); link: links that should point to the Korean site or
 * repository. */
#include "check-private.h"
#include "yeok/text.h"

static bool adornment_line(Str t, char *c)
{
	if (t.n < 2 || !strchr("=-~^\"'`#*+:._", t.p[0]))
		return false;
	for (size_t i = 1; i < t.n; i++)
		if (t.p[i] != t.p[0])
			return false;
	*c = t.p[0];
	return true;
}

static bool has_hangul_line(Str s)
{
	for (size_t i = 0; i + 2 < s.n; i++)
		if (ko_syllable(check_cp_at(s.p, s.n, i)))
			return true;
	return false;
}

/* The first target line at or after segment i (or before it). */
static size_t target_line_near(const CheckDoc *d, size_t seg)
{
	for (size_t k = seg; k < d->al->n; k++)
		if (d->al->v[k].tgt_n)
			return d->tb->v[d->al->v[k].tgt].first;
	for (size_t k = seg; k-- > 0;)
		if (d->al->v[k].tgt_n)
			return d->tb->v[d->al->v[k].tgt + d->al->v[k].tgt_n - 1].last;
	return 0;
}

static void title_missing(const Unit *u, FindingVec *out)
{
	if (u->tgt_n || u->src_n != 1 || !u->d->tgt->n)
		return;
	const Block *sb = &u->d->sb->v[u->src];
	if (sb->kind != BK_TITLE || !check_doc_is_korean(u->d))
		return;
	Str t = str_trim(lines_get(u->d->src, sb->text_line));
	size_t line = target_line_near(u->d, u->index);
	finding_add(u, out, CK_STRUCTURE, SEV_WARNING, line, 0,
	            "the English title '%.*s' (line %zu of the source) has no Korean title here: an "
	            "underline shorter than the title, or no blank line before it, makes docutils "
	            "read a title as text (rule title-missing)",
	            check_clip(t, 60), t.p, (size_t)sb->text_line + 1);
}

/* An English-only segment that omission reports: prose with words. */
static bool omitted_prose(const CheckDoc *d, size_t k)
{
	const Segment *seg = &d->al->v[k];
	if (seg->tgt_n || !seg->src_n || seg->no_prose)
		return false;
	BlockKind kind = d->sb->v[seg->src].kind;
	return kind == BK_PARAGRAPH || kind == BK_LIST_ITEM;
}

/* ---- omission by length -----------------------------------------------------
 * A Korean paragraph much shorter than its English (a sentence left out),
 * or much longer (text added or repeated), by the pair's own length ratio:
 * the median of the translated paragraphs around it (Korean prose has
 * about 0.52 of its English's letters, syllables counted as letters: 0.41
 * to 0.68 for 80% of the paragraphs of tutorials-kr-dev's master; a
 * translator's style moves that).  Characters are the letters and
 * syllables outside markup, URLs, literals (which both sides share) and
 * parentheses (the guide's glosses). */

enum { RATIO_NEAR = 6, RATIO_MIN_SAMPLES = 5 };

typedef struct SideLen {
	size_t chars;     /* letters and syllables of the prose */
	size_t sentences; /* sentence ends: . ? ! before a blank or the end */
} SideLen;

static void side_len(const Lines *L, const RstDoc *d, size_t first, size_t n, SideLen *out)
{
	Joined j;
	if (n == 1)
		joined_block(L, &d->v[first], &j);
	else
		joined_lines(L, d->v[first].first, d->v[first + n - 1].last, &j);
	Buf m = BUF_INIT;
	InlineVec inl = {0};
	prose_mask(j.text.p, j.text.len, &m, &inl);
	out->chars = out->sentences = 0;
	int depth = 0; /* a gloss in parentheses, 한글(English), adds no content */
	for (size_t i = 0; i < j.text.len;) {
		int32_t cp = check_cp_at(m.p, j.text.len, i);
		size_t l = 1;
		if (cp >= 0x80)
			l = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
		depth += cp == '(' ? 1 : cp == ')' && depth ? -1 : 0;
		if (!depth && (ko_syllable(cp) ||
		               (cp < 0x80 && cp > 0 && ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z'))))
			out->chars++;
		if ((cp == '.' || cp == '?' || cp == '!') && i > 0 &&
		    (i + 1 >= j.text.len || m.p[i + 1] == ' ' || m.p[i + 1] == '\n') &&
		    (ko_syllable(check_prev_cp(m.p, i)) ||
		     ((m.p[i - 1] | 0x20) >= 'a' && (m.p[i - 1] | 0x20) <= 'z' && i >= 3 &&
		      m.p[i - 2] != '.' && m.p[i - 3] != ' ' && m.p[i - 3] != '.')))
			out->sentences++; /* not e.g., i.e., vs. */
		i += l;
	}
	VEC_FREE(&inl);
	buf_release(&m);
	joined_release(&j);
}

/* Segment k as a translated pair of prose blocks: its sides' lengths. */
static bool prose_lengths(const CheckDoc *d, size_t k, SideLen *en, SideLen *ko)
{
	const Segment *g = &d->al->v[k];
	if (!g->src_n || !g->tgt_n || g->no_prose)
		return false;
	for (size_t i = 0; i < g->src_n; i++) {
		BlockKind b = d->sb->v[g->src + i].kind;
		if (b != BK_PARAGRAPH && b != BK_LIST_ITEM)
			return false;
	}
	for (size_t i = 0; i < g->tgt_n; i++) {
		BlockKind b = d->tb->v[g->tgt + i].kind;
		if (b != BK_PARAGRAPH && b != BK_LIST_ITEM)
			return false;
	}
	side_len(d->src, d->sb, g->src, g->src_n, en);
	side_len(d->tgt, d->tb, g->tgt, g->tgt_n, ko);
	return en->chars > 0;
}

/* Does the target side of segment k hold Hangul (is it translated)? */
static bool seg_hangul(const CheckDoc *d, size_t k)
{
	const Segment *g = &d->al->v[k];
	for (size_t i = g->tgt; i < g->tgt + g->tgt_n; i++)
		for (size_t line = d->tb->v[i].first; line <= d->tb->v[i].last; line++)
			if (has_hangul_line(lines_get(d->tgt, line)))
				return true;
	return false;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The median Korean/English ratio of the translated paragraphs near
 * segment k (at most RATIO_NEAR on each side, of the 2 * RATIO_NEAR
 * segments there), or 0.52 with too few. */
static double near_ratio(const CheckDoc *d, size_t k)
{
	double r[2 * RATIO_NEAR];
	size_t n = 0;
	size_t from = k > RATIO_NEAR * 2 ? k - RATIO_NEAR * 2 : 0;
	size_t to = MIN(d->al->n, k + RATIO_NEAR * 2 + 1);
	size_t before = 0, after = 0;
	/* the nearest first, up to RATIO_NEAR translated ones a side */
	for (size_t dist = 1; dist <= RATIO_NEAR * 2 && n < ARRAY_LEN(r); dist++) {
		for (int side = -1; side <= 1; side += 2) {
			size_t i = side < 0 ? k - dist : k + dist;
			if ((side < 0 && (k < dist || i < from || before == RATIO_NEAR)) ||
			    (side > 0 && (i >= to || after == RATIO_NEAR)))
				continue;
			SideLen en, ko;
			if (!prose_lengths(d, i, &en, &ko) || en.chars < 40 || !seg_hangul(d, i))
				continue;
			r[n++] = (double)ko.chars / (double)en.chars;
			if (side < 0)
				before++;
			else
				after++;
		}
	}
	if (n < RATIO_MIN_SAMPLES)
		return 0.52; /* the median of the 48 translated files of tutorials-kr-dev's master */
	qsort(r, n, sizeof(double), cmp_double);
	return n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
}

/* omission's rules short, sentence and long on a translated pair. */
static void omission_length(const Unit *u, FindingVec *out)
{
	const CheckDoc *d = u->d;
	SideLen en, ko;
	if (!prose_lengths(d, u->index, &en, &ko) || en.chars < 60 || !seg_hangul(d, u->index))
		return;
	double ratio = (double)ko.chars / (double)en.chars;
	/* most pairs are far from either bound: no neighbours read */
	bool fewer = en.sentences >= 2 && ko.sentences + 1 <= en.sentences;
	if (ratio >= (fewer ? 0.45 : 0.3) && ratio <= 1.0)
		return;
	/* a Korean side the alignment split (its rest a Korean-only segment
	 * beside it: tiatoolbox_tutorial.rst:338), or an English side split
	 * the same way, is no short or long translation */
	const Alignment *al = d->al;
	for (int dir = -1; dir <= 1; dir += 2) {
		if ((dir < 0 && u->index == 0) || (dir > 0 && u->index + 1 >= al->n))
			continue;
		const Segment *nb = &al->v[u->index + (size_t)dir];
		if ((!nb->src_n && nb->tgt_n && ratio < 1.0) || (nb->src_n && !nb->tgt_n && ratio > 1.0))
			return;
	}
	double med = near_ratio(d, u->index);
	double want = med * (double)en.chars;
	const Block *t0 = &d->tb->v[u->tgt], *t1 = &d->tb->v[u->tgt + u->tgt_n - 1];
	size_t line = t0->first, last = t1->last;
	size_t byte = MIN((size_t)t0->indent, lines_get(d->tgt, line).n);
	Buf where = BUF_INIT;
	if (last > line)
		buf_addf(&where, " (lines %zu-%zu)", line + 1, last + 1);
	Finding *f = NULL;
	if (ratio < 0.5 * med && want - (double)ko.chars >= 40) {
		f = finding_add(u, out, CK_OMISSION, SEV_WARNING, line, byte,
		                "the Korean%s is much shorter than its English: %zu letters for %zu, "
		                "where this translation's paragraphs around it run at %.2f; a sentence "
		                "left out? (rule short)", where.p ? where.p : "", ko.chars, en.chars,
		                med);
	} else if (fewer && ratio < 0.75 * med && want - (double)ko.chars >= 40) {
		f = finding_add(u, out, CK_OMISSION, SEV_WARNING, line, byte,
		                "an English sentence with no Korean counterpart%s: %zu sentences in the "
		                "English, %zu in the Korean, which is short (%zu letters for %zu, the "
		                "paragraphs around it run at %.2f) (rule sentence)",
		                where.p ? where.p : "", en.sentences, ko.sentences, ko.chars, en.chars,
		                med);
	} else if (ratio > 2.0 * med && (double)ko.chars - want >= 60) {
		f = finding_add(u, out, CK_OMISSION, SEV_INFO, line, byte,
		                "the Korean%s is much longer than its English: %zu letters for %zu, "
		                "where this translation's paragraphs around it run at %.2f; text added "
		                "or repeated? (rule long)", where.p ? where.p : "", ko.chars, en.chars,
		                med);
	}
	if (f)
		f->last = last;
	buf_release(&where);
}

/* omission (the deleted-block case): an English paragraph or list item
 * aligned with no Korean block in a Korean document — its Korean was
 * deleted (or never written) while the English remains.  Only prose with
 * words: a segment with nothing to translate is not missed.  A run of
 * them (English-only segments one after another) is one finding, at its
 * first, that counts the others: they are one place in the Korean. */
void check_omission(const Unit *u, FindingVec *out)
{
	if (u->tgt_n && u->src_n && u->d->al && check_doc_is_korean(u->d))
		omission_length(u, out);
	if (u->tgt_n || !u->src_n || !u->d->al || !u->d->tgt->n || !check_doc_is_korean(u->d))
		return;
	const Block *sb = &u->d->sb->v[u->src];
	if (!omitted_prose(u->d, u->index))
		return;
	const Alignment *run = u->d->al;
	for (size_t k = u->index; k-- > 0 && !run->v[k].tgt_n;)
		if (omitted_prose(u->d, k))
			return; /* the run's first says it */
	size_t more = 0;
	for (size_t k = u->index + 1; k < run->n && !run->v[k].tgt_n; k++)
		more += omitted_prose(u->d, k);
	/* a run of English-only segments beside a Korean-only one is English
	 * and Korean the alignment did not pair (a reworded or restructured
	 * passage), not a deletion */
	const Alignment *al = u->d->al;
	for (int dir = -1; dir <= 1; dir += 2) {
		size_t k = u->index;
		while ((dir < 0 ? k > 0 : k + 1 < al->n) && !al->v[k + (size_t)dir].tgt_n)
			k += (size_t)dir;
		if ((dir < 0 ? k > 0 : k + 1 < al->n) && !al->v[k + (size_t)dir].src_n)
			return;
	}
	Str t = str_trim(lines_get(u->d->src, sb->first));
	size_t line = target_line_near(u->d, u->index);
	char others[64] = "";
	if (more)
		snprintf(others, sizeof(others), " and the %zu English block%s after it", more,
		         more == 1 ? "" : "s");
	finding_add(u, out, CK_OMISSION, SEV_WARNING, line, 0,
	            "the English %s at line %zu of the source ('%.*s%s')%s %s no Korean here: "
	            "a deleted block, or one not translated yet (put the Korean here, or the "
	            "English while it is untranslated)",
	            sb->kind == BK_PARAGRAPH ? "paragraph" : "list item", (size_t)sb->first + 1,
	            check_clip(t, 50), t.p, (size_t)check_clip(t, 50) < t.n ? "…" : "", others,
	            more ? "have" : "has");
}

/* Lines inside a paragraph that look like a title (text, then a line of
 * one punctuation character): docutils reads them as text, or reports an
 * unexpected section title. */
static void title_as_text(const Unit *u, const Block *b, FindingVec *out)
{
	const Lines *L = u->d->tgt;
	for (size_t line = b->first + 1; line <= b->last; line++) {
		Str a = str_trim(lines_get(L, line));
		char c;
		if (!adornment_line(a, &c))
			continue;
		Str t = str_trim(lines_get(L, line - 1));
		char c2;
		if (!t.n || adornment_line(t, &c2))
			continue;
		size_t w = check_column_width(t.p, t.n);
		bool glued = line - 1 > b->first;
		if (glued && a.n >= w && a.n >= 4) {
			/* no fix: a fix stays on one line (a blank line is an edit of
			 * the editor's own) */
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, line - 1, 0,
			            "'%.*s' — a title glued to the text above it: docutils reports an "
			            "unexpected section title; put a blank line before it (rule "
			            "title-glued)", check_clip(t, 60), t.p);
		} else if (!glued && line == b->last) {
			Buf fix = BUF_INIT;
			for (size_t i = 0; i < MAX(w, (size_t)4); i++)
				buf_addc(&fix, c);
			Finding *f = finding_add(u, out, CK_STRUCTURE, SEV_ERROR, line, 0,
			                         "'%.*s' / '%.*s' — the underline is shorter than %s: "
			                         "docutils reads these lines as text, not a title (rule "
			                         "short-adornment)", check_clip(t, 60), t.p, (int)a.n, a.p,
			                         a.n < 4 ? "4 characters" : "the title");
			f->suggestion = xstrdup(fix.p);
			Str raw = lines_get(L, line);
			finding_set_fix(f, line, (size_t)(a.p - raw.p), (size_t)(a.p - raw.p) + a.n, fix.p);
			buf_release(&fix);
		}
	}
}

/* A paragraph line indented more than the paragraph: "Unexpected
 * indentation" in docutils (unless the English has it too). */
static size_t indent_of(Str s)
{
	size_t i = 0;
	while (i < s.n && s.p[i] == ' ')
		i++;
	return i;
}

static size_t unexpected_indents(const Lines *L, const Block *b, size_t *first_line)
{
	size_t n = 0;
	if (b->kind != BK_PARAGRAPH)
		return 0;
	size_t base = indent_of(lines_get(L, b->first));
	for (size_t line = b->first + 1; line <= b->last; line++) {
		Str s = lines_get(L, line);
		if (str_trim(s).n && indent_of(s) > base) {
			if (!n)
				*first_line = line;
			n++;
		}
	}
	return n;
}

static void unexpected_indent(const Unit *u, FindingVec *out)
{
	size_t src_n = 0, dummy;
	for (size_t k = u->src; k < u->src + u->src_n; k++)
		src_n += unexpected_indents(u->d->src ? u->d->src : u->d->tgt, &u->d->sb->v[k], &dummy);
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		size_t line = 0;
		size_t n = unexpected_indents(u->d->tgt, &u->d->tb->v[k], &line);
		if (n > src_n && u->src_n)
			finding_add(u, out, CK_STRUCTURE, SEV_WARNING, line,
			            MIN(indent_of(lines_get(u->d->tgt, line)), lines_get(u->d->tgt, line).n),
			            "a line indented more than its paragraph: docutils reports an "
			            "unexpected indentation (the English has none here) (rule "
			            "unexpected-indent)");
	}
}

/* Grid tables: every line as wide as the border (Hangul counts 2). */
static bool grid_bad(const Lines *L, const Block *b, size_t *bad_line, size_t *w0, size_t *w1)
{
	Str top = str_trim(lines_get(L, b->first));
	if (!top.n || top.p[0] != '+')
		return false;
	*w0 = check_column_width(top.p, top.n);
	for (size_t line = b->first + 1; line <= b->last; line++) {
		Str s = str_trim(lines_get(L, line));
		if (!s.n)
			continue;
		size_t w = check_column_width(s.p, s.n);
		if (w != *w0) {
			*bad_line = line;
			*w1 = w;
			return true;
		}
	}
	return false;
}

static void table_grid(const Unit *u, FindingVec *out)
{
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[k];
		size_t line, w0, w1;
		if (b->kind != BK_TABLE || !grid_bad(u->d->tgt, b, &line, &w0, &w1))
			continue;
		bool src_bad = false;
		for (size_t s = u->src; s < u->src + u->src_n && !src_bad; s++) {
			size_t l2, a, c;
			src_bad = u->d->sb->v[s].kind == BK_TABLE &&
			          grid_bad(u->d->src, &u->d->sb->v[s], &l2, &a, &c);
		}
		if (!src_bad)
			finding_add(u, out, CK_STRUCTURE, SEV_ERROR, line, 0,
			            "table line %zu columns wide, its border %zu (Hangul counts 2): "
			            "docutils reports a malformed table (rule table-grid)", w1, w0);
	}
}

static void title_level(const Unit *u, FindingVec *out)
{
	if (u->src_n != 1 || u->tgt_n != 1)
		return;
	const Block *sb = &u->d->sb->v[u->src], *tb = &u->d->tb->v[u->tgt];
	if (sb->kind != BK_TITLE || tb->kind != BK_TITLE || sb->title_level == tb->title_level)
		return;
	finding_add(u, out, CK_STRUCTURE, SEV_WARNING, tb->text_line + 1 <= tb->last ?
	            tb->text_line + 1 : tb->text_line, 0,
	            "title level %d ('%c'), the source's level %d ('%c'): the section moves in the "
	            "table of contents (rule title-level)", tb->title_level, tb->adornment,
	            sb->title_level, sb->adornment);
}

void check_structure(const Unit *u, FindingVec *out)
{
	if (!check_doc_is_korean(u->d))
		return;
	if (u->d->src) {
		title_missing(u, out);
		unexpected_indent(u, out);
		title_level(u, out);
	}
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++)
		if (u->d->tb->v[k].kind == BK_PARAGRAPH)
			title_as_text(u, &u->d->tb->v[k], out);
	table_grid(u, out);
}

/* ---- link ------------------------------------------------------------------------- */

typedef struct LinkRule {
	const char *rule;
	const char *from;  /* URL prefix */
	const char *to;    /* replacement prefix */
	const char *why;
} LinkRule;

static const LinkRule link_rules[] = {
	{"localise", "https://pytorch.org/tutorials/", "https://tutorials.pytorch.kr/",
	 "the Korean tutorials have the same path"},
	{"localise", "http://pytorch.org/tutorials/", "https://tutorials.pytorch.kr/",
	 "the Korean tutorials have the same path"},
	{"localise", "https://docs.pytorch.org/tutorials/", "https://tutorials.pytorch.kr/",
	 "the Korean tutorials have the same path"},
	{"edit-link", "https://github.com/pytorch/tutorials/blob/main/",
	 "https://github.com/PyTorchKorea/tutorials-kr/blob/master/",
	 "the edit link points to the Korean repository"},
	{"edit-link", "https://github.com/pytorch/tutorials/blob/master/",
	 "https://github.com/PyTorchKorea/tutorials-kr/blob/master/",
	 "the edit link points to the Korean repository"},
	{"edit-link", "https://github.com/pytorch/tutorials/edit/main/",
	 "https://github.com/PyTorchKorea/tutorials-kr/edit/master/",
	 "the edit link points to the Korean repository"},
	{"outdated", "http://pytorch.org/docs/master/", "https://pytorch.org/docs/stable/",
	 "the documentation's 'master' pages moved to 'stable' (and https)"},
	{"outdated", "https://pytorch.org/docs/master/", "https://pytorch.org/docs/stable/",
	 "the documentation's 'master' pages moved to 'stable'"},
	{"outdated", "http://pytorch.org/", "https://pytorch.org/", "pytorch.org is served over https"},
};

/* Does the unit's English have url (the same outdated link: upstream's to
 * update, not the translation's, issue 40)? */
static bool source_has(const Unit *u, Str url)
{
	if (!u->src_n)
		return false;
	const Lines *S = u->d->src;
	size_t first = u->d->sb->v[u->src].first, last = u->d->sb->v[u->src + u->src_n - 1].last;
	for (size_t line = first; line <= last && line < S->n; line++)
		if (str_find(lines_get(S, line), url) >= 0)
			return true;
	return false;
}

void check_link(const Unit *u, FindingVec *out)
{
	if (!check_doc_is_korean(u->d))
		return;
	const Lines *L = u->d->tgt;
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[k];
		if (b->kind == BK_LITERAL || b->kind == BK_COMMENT)
			continue;
		for (size_t line = b->first; line <= b->last; line++) {
			Str s = lines_get(L, line);
			for (size_t i = 0; i + 7 < s.n; i++) {
				if (s.p[i] != 'h' || (i > 0 && ((s.p[i - 1] >= 'a' && s.p[i - 1] <= 'z') ||
				                                 (s.p[i - 1] >= 'A' && s.p[i - 1] <= 'Z'))))
					continue;
				for (size_t r = 0; r < ARRAY_LEN(link_rules); r++) {
					const LinkRule *lr = &link_rules[r];
					size_t fl = strlen(lr->from);
					if (s.n - i < fl || memcmp(s.p + i, lr->from, fl) != 0)
						continue;
					size_t e = i;
					while (e < s.n && s.p[e] != '>' && s.p[e] != ' ' && s.p[e] != '`')
						e++;
					if (!strcmp(lr->rule, "outdated") &&
					    source_has(u, (Str){s.p + i, e - i})) {
						i = e;
						break;
					}
					Buf to = BUF_INIT;
					buf_adds(&to, lr->to);
					buf_add(&to, s.p + i + fl, e - i - fl);
					Finding *f = finding_add(u, out, CK_LINK, SEV_INFO, line, i,
					                         "'%.*s' — %s: '%s' (rule %s)", (int)(e - i),
					                         s.p + i, lr->why, to.p, lr->rule);
					finding_set_fix(f, line, i, e, to.p);
					f->suggestion = buf_detach(&to);
					i = e;
					break;
				}
			}
		}
	}
	(void)has_hangul_line;
}
