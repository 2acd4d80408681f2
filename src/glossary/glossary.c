/* Glossary terms, matching rules and hints (see include/yeok/glossary.h). */
#include <unistd.h>

#include "glossary-private.h"
#include "yeok/text.h"

void glossary_init(Glossary *g)
{
	memset(g, 0, sizeof(*g));
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void drop_matchers(Glossary *g)
{
	gm_free(g->en_m);
	gm_free(g->ko_m);
	g->en_m = g->ko_m = NULL;
}

void glossary_release(Glossary *g)
{
	for (size_t i = 0; i < g->n; i++) {
		GlossTerm *t = &g->v[i];
		free_list(t->en, t->en_n);
		free_list(t->avoid, t->avoid_n);
		free_list(t->allow, t->allow_n);
		free(t->ko);
		free(t->note);
	}
	free(g->v);
	drop_matchers(g);
	glossary_init(g);
}

static char *nfc_trim(const char *s)
{
	Buf b = BUF_INIT;
	Str t = str_trim(str_from(s));
	text_nfc(t.p, t.n, &b);
	return buf_detach(&b);
}

/* Collapse runs of spaces to one and trim. */
static char *squeeze(Str s)
{
	Buf b = BUF_INIT;
	s = str_trim(s);
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] == ' ' && (b.len == 0 || b.p[b.len - 1] == ' '))
			continue;
		buf_addc(&b, s.p[i]);
	}
	while (b.len && b.p[b.len - 1] == ' ')
		b.p[--b.len] = '\0';
	return buf_detach(&b);
}

static void push_form(char ***v, size_t *n, size_t *cap, char *form)
{
	if (!form[0]) {
		free(form);
		return;
	}
	for (size_t i = 0; i < *n; i++) {
		if (strcmp((*v)[i], form) == 0) {
			free(form);
			return;
		}
	}
	*v = xgrow(*v, cap, *n + 1, sizeof(char *));
	(*v)[(*n)++] = form;
}

/* "track (computation) history" -> "track history", "track computation
 * history"; "Production (environment, use)" -> "Production". */
static void add_forms(char ***v, size_t *n, size_t *cap, Str one)
{
	const char *lp = memchr(one.p, '(', one.n);
	const char *rp = lp ? memchr(lp, ')', one.n - (size_t)(lp - one.p)) : NULL;
	if (!lp || !rp) {
		push_form(v, n, cap, squeeze(one));
		return;
	}
	Buf without = BUF_INIT, with = BUF_INIT;
	buf_add(&without, one.p, (size_t)(lp - one.p));
	buf_add(&without, rp + 1, one.n - (size_t)(rp + 1 - one.p));
	push_form(v, n, cap, squeeze(buf_str(&without)));
	bool trailing = str_trim((Str){rp + 1, one.n - (size_t)(rp + 1 - one.p)}).n == 0;
	if (!trailing && !memchr(lp, ',', (size_t)(rp - lp))) {
		buf_add(&with, one.p, (size_t)(lp - one.p));
		buf_add(&with, lp + 1, (size_t)(rp - lp - 1));
		buf_add(&with, rp + 1, one.n - (size_t)(rp + 1 - one.p));
		push_form(v, n, cap, squeeze(buf_str(&with)));
	}
	buf_release(&without);
	buf_release(&with);
}

void glossary_add(Glossary *g, const char *en, const char *ko, bool keep,
                  const char *const *avoid, size_t avoid_n, const char *note)
{
	drop_matchers(g);
	VEC_RESERVE(g, g->n + 1);
	GlossTerm *t = &g->v[g->n++];
	memset(t, 0, sizeof(*t));
	size_t cap = 0;
	Str s = str_from(en);
	/* Split at " / " and ", ". */
	size_t from = 0;
	for (size_t i = 0; i <= s.n; i++) {
		size_t sep = 0;
		if (i == s.n)
			sep = 1;
		else if (s.p[i] == '/' )
			sep = 1;
		else if (s.p[i] == ',' && !memchr(s.p + from, '(', i - from))
			sep = 1;
		if (sep) {
			add_forms(&t->en, &t->en_n, &cap, str_slice(s, from, i));
			from = i + 1;
		}
	}
	if (t->en_n == 0)
		push_form(&t->en, &t->en_n, &cap, xstrdup(en));
	t->ko = nfc_trim(ko);
	t->keep = keep;
	cap = 0;
	for (size_t i = 0; i < avoid_n; i++)
		push_form(&t->avoid, &t->avoid_n, &cap, nfc_trim(avoid[i]));
	t->strict_n = t->avoid_n;
	t->note = note && *note ? xstrdup(note) : NULL;
}

void glossary_term_avoid_in_context(Glossary *g, size_t term, const char *form)
{
	BUG_ON(term >= g->n);
	drop_matchers(g);
	GlossTerm *t = &g->v[term];
	size_t cap = t->avoid_n;
	push_form(&t->avoid, &t->avoid_n, &cap, nfc_trim(form));
}

bool glossary_hit_strict(const Glossary *g, const GlossHit *h)
{
	BUG_ON(h->term >= g->n);
	return h->kind == GH_AVOID && h->avoid < g->v[h->term].strict_n;
}

void glossary_term_allow(Glossary *g, size_t term, const char *form)
{
	BUG_ON(term >= g->n);
	drop_matchers(g);
	GlossTerm *t = &g->v[term];
	size_t cap = t->allow_n; /* exact: grow on every push */
	push_form(&t->allow, &t->allow_n, &cap, nfc_trim(form));
}

/* ---- matchers ------------------------------------------------------------ */

static char *lower_dup(const char *s)
{
	char *d = xstrdup(s);
	for (char *p = d; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return d;
}

/* The Korean pattern of a recommendation: "생성하다" is matched by its stem
 * "생성" so that 생성합니다/생성한/생성할 count (하 fuses with the ending). */
static char *ko_pattern(const char *ko)
{
	char *p = lower_dup(ko);
	size_t n = strlen(p);
	if (n > 6 && strcmp(p + n - 6, "하다") == 0)
		p[n - 6] = '\0';
	return p;
}

void glossary_compile(Glossary *g)
{
	if (g->en_m && g->ko_m)
		return;
	drop_matchers(g);
	VEC(char *) ep = {0}, kp = {0};
	VEC(GlossPat) ei = {0}, ki = {0};
	for (size_t i = 0; i < g->n; i++) {
		GlossTerm *t = &g->v[i];
		for (size_t k = 0; k < t->en_n; k++) {
			char *p = lower_dup(t->en[k]);
			VEC_PUSH(&ep, p);
			VEC_PUSH(&ei, ((GlossPat){i, GH_EN, 0, strlen(p)}));
		}
		if (!t->keep) {
			char *p = ko_pattern(t->ko);
			VEC_PUSH(&kp, p);
			VEC_PUSH(&ki, ((GlossPat){i, GH_KO, 0, strlen(p)}));
		}
		for (size_t k = 0; k < t->avoid_n; k++) {
			char *p = lower_dup(t->avoid[k]);
			VEC_PUSH(&kp, p);
			VEC_PUSH(&ki, ((GlossPat){i, GH_AVOID, k, strlen(p)}));
		}
		for (size_t k = 0; k < t->allow_n; k++) {
			char *p = lower_dup(t->allow[k]);
			VEC_PUSH(&kp, p);
			VEC_PUSH(&ki, ((GlossPat){i, GH_ALLOW, k, strlen(p)}));
		}
	}
	g->en_m = gm_new(ep.v, ei.v, ep.n);
	g->ko_m = gm_new(kp.v, ki.v, kp.n);
	free_list(ep.v, ep.n);
	free_list(kp.v, kp.n);
	VEC_FREE(&ei);
	VEC_FREE(&ki);
}

static bool word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* Code point that ends just before pos (or -1). */
static int32_t prev_cp(const char *s, size_t pos)
{
	if (pos == 0)
		return -1;
	size_t b = pos - 1;
	while (b > 0 && pos - b < 4 && ((unsigned char)s[b] & 0xc0) == 0x80)
		b--;
	int32_t cp;
	size_t len = text_decode(s + b, pos - b, &cp);
	return len == pos - b ? cp : -1;
}

static int hit_cmp(const void *a, const void *b)
{
	const GlossHit *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1; /* longest first */
	if (x->term != y->term)
		return x->term < y->term ? -1 : 1;
	return (int)x->kind - (int)y->kind;
}

/* Keep the leftmost-longest non-overlapping hits of cand, mapped back to
 * original offsets, appended to out. */
static size_t select_hits(GlossHitVec *cand, const GlossPrep *p, GlossHitVec *out)
{
	if (cand->n > 1)
		qsort(cand->v, cand->n, sizeof(GlossHit), hit_cmp);
	size_t added = 0, taken_end = 0, orig_end = 0;
	bool taken = false;
	for (size_t i = 0; i < cand->n; i++) {
		GlossHit h = cand->v[i];
		if (taken && h.start < taken_end)
			continue;
		taken = true;
		taken_end = h.end;
		if (h.kind == GH_ALLOW)
			continue; /* it hides the shorter hits inside it */
		size_t end = h.end;
		if (p->map) {
			/* An end inside a normalized cluster: round up to its end. */
			while (end < p->text.len && end > 0 && p->map[end] == p->map[end - 1])
				end++;
		}
		h.start = gloss_prep_orig(p, h.start);
		h.end = gloss_prep_orig(p, end);
		if (h.end <= h.start || (added && h.start < orig_end))
			continue; /* both ends in one cluster, or overlapping after rounding */
		orig_end = h.end;
		VEC_PUSH(out, h);
		added++;
	}
	return added;
}

size_t glossary_match_en(Glossary *g, const char *text, size_t n, GlossHitVec *out)
{
	glossary_compile(g);
	GlossPrep p;
	gloss_prepare(text, n, false, &p);
	const char *t = p.text.p ? p.text.p : "";
	size_t tn = p.text.len;
	GmRawVec raw = {0};
	gm_scan(g->en_m, t, tn, &raw);
	GlossHitVec cand = {0};
	for (size_t i = 0; i < raw.n; i++) {
		const GlossPat *pat = gm_pat(g->en_m, raw.v[i].pat);
		size_t start = raw.v[i].end - pat->len, end = raw.v[i].end;
		if (start > 0 && (word_byte((unsigned char)t[start - 1]) || t[start - 1] == '.'))
			continue;
		/* Plural and possessive endings. */
		static const char *const sfx[] = {"'s", "es", "s", ""};
		bool ok = false;
		for (size_t k = 0; k < ARRAY_LEN(sfx) && !ok; k++) {
			size_t l = strlen(sfx[k]);
			if (tn - end < l || memcmp(t + end, sfx[k], l) != 0)
				continue;
			if (end + l == tn || !word_byte((unsigned char)t[end + l])) {
				end += l;
				ok = true;
			}
		}
		if (ok)
			VEC_PUSH(&cand, ((GlossHit){pat->term, GH_EN, 0, start, end}));
	}
	size_t added = select_hits(&cand, &p, out);
	VEC_FREE(&raw);
	VEC_FREE(&cand);
	gloss_prep_release(&p);
	return added;
}

size_t glossary_match_ko(Glossary *g, const char *text, size_t n, GlossHitVec *out)
{
	glossary_compile(g);
	GlossPrep p;
	gloss_prepare(text, n, true, &p);
	const char *t = p.text.p ? p.text.p : "";
	size_t tn = p.text.len;
	GmRawVec raw = {0};
	gm_scan(g->ko_m, t, tn, &raw);
	GlossHitVec cand = {0};
	for (size_t i = 0; i < raw.n; i++) {
		const GlossPat *pat = gm_pat(g->ko_m, raw.v[i].pat);
		size_t start = raw.v[i].end - pat->len, end = raw.v[i].end;
		int32_t before = prev_cp(t, start);
		if (before >= 0xac00 && before <= 0xd7a3)
			continue; /* inside a longer Korean word */
		if (word_byte((unsigned char)t[start]) && before >= 0 && before < 0x80 &&
		    word_byte((unsigned char)before))
			continue;
		if (word_byte((unsigned char)t[end - 1]) && end < tn &&
		    word_byte((unsigned char)t[end]))
			continue;
		VEC_PUSH(&cand, ((GlossHit){pat->term, pat->kind, pat->avoid, start, end}));
	}
	size_t added = select_hits(&cand, &p, out);
	VEC_FREE(&raw);
	VEC_FREE(&cand);
	gloss_prep_release(&p);
	return added;
}

size_t glossary_hints(Glossary *g, const char *src, size_t src_n, const char *tgt,
                      size_t tgt_n, GlossHintVec *out)
{
	GlossHitVec tko = {0};
	if (tgt)
		glossary_match_ko(g, tgt, tgt_n, &tko);
	size_t added = glossary_hints_ko(g, src, src_n, tgt, tgt_n, &tko, out);
	VEC_FREE(&tko);
	return added;
}

size_t glossary_hints_ko(Glossary *g, const char *src, size_t src_n, const char *tgt,
                         size_t tgt_n, const GlossHitVec *tgt_ko, GlossHintVec *out)
{
	GlossHitVec sh = {0}, ten = {0};
	const GlossHitVec none = {0}, *tko = tgt ? tgt_ko : &none;
	glossary_match_en(g, src, src_n, &sh);
	if (tgt)
		glossary_match_en(g, tgt, tgt_n, &ten);
	size_t first = out->n;
	for (size_t i = 0; i < sh.n; i++) {
		size_t term = sh.v[i].term;
		bool seen = false;
		for (size_t k = first; k < out->n && !seen; k++)
			seen = out->v[k].term == term;
		if (seen)
			continue;
		GlossHint h = {term, sh.v[i].start, sh.v[i].end, false, false, 0, 0};
		const GlossTerm *t = &g->v[term];
		if (t->keep) {
			for (size_t k = 0; k < ten.n && !h.found; k++) {
				if (ten.v[k].term == term) {
					h.found = true;
					h.tgt_start = ten.v[k].start;
					h.tgt_end = ten.v[k].end;
				}
			}
		}
		for (size_t k = 0; k < tko->n; k++) {
			if (tko->v[k].term != term)
				continue;
			if (tko->v[k].kind == GH_AVOID && !h.violated) {
				h.violated = true;
				h.tgt_start = tko->v[k].start;
				h.tgt_end = tko->v[k].end;
			} else if (tko->v[k].kind == GH_KO && !h.found) {
				h.found = true;
				if (!h.violated) {
					h.tgt_start = tko->v[k].start;
					h.tgt_end = tko->v[k].end;
				}
			}
		}
		VEC_PUSH(out, h);
	}
	VEC_FREE(&sh);
	VEC_FREE(&ten);
	return out->n - first;
}

void glossary_term_label(const Glossary *g, size_t term, Buf *out)
{
	BUG_ON(term >= g->n);
	const GlossTerm *t = &g->v[term];
	buf_addf(out, "%s -> %s", t->en[0], t->ko);
	if (t->keep)
		buf_addf(out, " (%s)", t->note ? t->note : "번역하지 않음");
	else if (t->note)
		buf_addf(out, " (%s)", t->note);
}

/* The folder of the running executable (Linux /proc/self/exe), or NULL. */
static char *exe_dir(void)
{
	char buf[4096];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	if (n <= 0 || (size_t)n >= sizeof(buf) - 1)
		return NULL;
	buf[n] = '\0';
	return path_dirname(buf);
}

char *glossary_data_path(const char *name, Buf *looked)
{
	const char *dir = getenv("YEOK_GLOSSARY_DIR");
	char *cand[4] = {NULL, NULL, NULL, NULL};
	size_t nc = 0;
	if (dir && *dir) {
		cand[nc++] = path_join(dir, name);
	} else {
		char *ed = exe_dir();
		if (ed) {
			char *a = path_join(ed, "glossary");
			cand[nc++] = path_join(a, name);
			free(a);
			a = path_join(ed, "../../glossary");
			cand[nc++] = path_join(a, name);
			free(a);
			free(ed);
		}
		cand[nc++] = path_join(YEOK_DATADIR "/glossary", name);
	}
	char *found = NULL;
	for (size_t i = 0; i < nc; i++) {
		if (!found && file_exists(cand[i])) {
			found = cand[i];
			continue;
		}
		if (!found && looked)
			buf_addf(looked, "%s%s", looked->len ? ", " : "", cand[i]);
		free(cand[i]);
	}
	return found;
}

char *glossary_default_path(void)
{
	char *p = glossary_data_path("ko.yaml", NULL);
	return p ? p : xstrdup(YEOK_DATADIR "/glossary/ko.yaml");
}

bool glossary_missing_note(Buf *out)
{
	Buf looked = BUF_INIT;
	char *p = glossary_data_path("ko.yaml", &looked);
	bool missing = p == NULL;
	if (missing)
		buf_addf(out, "no glossary found (looked in %s): set YEOK_GLOSSARY_DIR or use --glossary",
		         looked.p ? looked.p : YEOK_DATADIR "/glossary");
	free(p);
	buf_release(&looked);
	return missing;
}

bool glossary_check(const Glossary *g, Err *e)
{
	for (size_t i = 0; i < g->n; i++) {
		const GlossTerm *t = &g->v[i];
		if (t->en_n == 0 || !t->en[0][0])
			return err_set(e, EXIT_CONFIG, "glossary term %zu: no English form", i);
		if (!t->ko || !t->ko[0])
			return err_set(e, EXIT_CONFIG, "glossary term %zu (%s): no recommendation",
			               i, t->en[0]);
	}
	return true;
}
