/* style: team style rules kept as data (DESIGN.md §3.3), in the manner of
 * Vale's substitution and existence rules; the shipped rule file is
 * glossary/rules.yaml (format in glossary/README.md).
 *
 * A token matches at the start of a word (not after a Hangul syllable, a
 * Latin letter or a digit); a token ending in Hangul may be followed by
 * anything (particles, endings: 래핑된, 로드할), one ending in a Latin
 * letter or digit only by a non-word character.  Inline markup, URLs and
 * code are never matched (masked prose; code comments are prose).
 *
 * Reading: through the one bounded YAML reader (ynode): at most
 * STYLE_MAX_BYTES, STYLE_MAX_NODES nodes, no aliases. */

#include "check-private.h"
#include "yeok/text.h"
#include "yeok/ynode.h"

#define STYLE_MAX_BYTES (1u << 20)
#define STYLE_MAX_NODES 100000

typedef struct StyleToken {
	char *from;  /* NFC */
	char *to;    /* substitution: the replacement; existence: NULL */
} StyleToken;

typedef struct StyleRule {
	char *name;
	char *message;    /* with %s for the match (and %s for the replacement) */
	CheckSeverity sev;
	CheckId check;    /* CK_STYLE, or CK_SPACING / CK_PUNCTUATION (`check:`) */
	bool sentence_start;
	bool after_number; /* scope after-number: a number and a space before ("1.12 릴리스") */
	bool ignorecase;
	VEC(StyleToken) tok;
	uint64_t first[4]; /* the bytes a token can start with (both cases of a
	                      letter with ignorecase): a rule is tried only there */
} StyleRule;

struct StyleRules {
	VEC(StyleRule) r;
};

StyleRules *style_rules_new(void)
{
	return xcalloc(1, sizeof(StyleRules));
}

void style_rules_free(StyleRules *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->r.n; i++) {
		StyleRule *r = &s->r.v[i];
		for (size_t k = 0; k < r->tok.n; k++) {
			free(r->tok.v[k].from);
			free(r->tok.v[k].to);
		}
		VEC_FREE(&r->tok);
		free(r->name);
		free(r->message);
	}
	VEC_FREE(&s->r);
	free(s);
}

size_t style_rules_count(const StyleRules *s)
{
	return s ? s->r.n : 0;
}

/* ---- reading ------------------------------------------------------------------- */

/* A rule file is read by the one bounded YAML reader (include/yeok/ynode.h):
 * no aliases, bounded nesting and node count. */
static const YLimits style_limits = {"rule file", STYLE_MAX_BYTES, STYLE_MAX_NODES, 8,
                                     EXIT_CONFIG};

typedef struct Rd {
	const char *name;
	Err *e;
} Rd;

static bool bad(Rd *rd, const YNode *n, const char *what)
{
	return err_set(rd->e, EXIT_CONFIG, "%s:%zu:%zu: %s", rd->name, n ? n->line : 1,
	               n ? n->col : 1, what);
}

static char *dup_nfc(const YNode *n)
{
	Buf b = BUF_INIT;
	text_nfc(n->s, n->n, &b);
	if (!b.p)
		buf_grow(&b, 1);
	return buf_detach(&b);
}

static bool scalar(Rd *rd, const YNode *n, char **out)
{
	if (!n || n->kind != YN_SCALAR)
		return bad(rd, n, "expected a string");
	free(*out);
	*out = dup_nfc(n);
	return true;
}

static bool add_token(Rd *rd, StyleRule *r, const YNode *k, const YNode *v)
{
	if (!k || k->kind != YN_SCALAR || !k->n)
		return bad(rd, k, "expected a non-empty string");
	StyleToken t = {dup_nfc(k), NULL};
	if (v) {
		if (v->kind != YN_SCALAR) {
			free(t.from);
			return bad(rd, v, "swap: expected a string");
		}
		t.to = dup_nfc(v);
	}
	VEC_PUSH(&r->tok, t);
	return true;
}

static bool load_rule(Rd *rd, StyleRules *s, const YNode *m)
{
	if (!m || m->kind != YN_MAP)
		return bad(rd, m, "a rule must be a mapping {name: ..., extends: ...}");
	StyleRule r;
	memset(&r, 0, sizeof(r));
	r.sev = SEV_WARNING;
	r.check = CK_STYLE;
	char *ext = NULL, *level = NULL, *scope = NULL, *check = NULL;
	bool ok = true, have_swap = false, have_tokens = false;
	for (size_t i = 0; ok && i + 1 < m->nkids; i += 2) {
		const YNode *k = m->kids[i], *v = m->kids[i + 1];
		if (ynode_is(k, "name")) {
			ok = scalar(rd, v, &r.name);
		} else if (ynode_is(k, "extends")) {
			ok = scalar(rd, v, &ext);
		} else if (ynode_is(k, "message")) {
			ok = scalar(rd, v, &r.message);
		} else if (ynode_is(k, "level")) {
			ok = scalar(rd, v, &level);
		} else if (ynode_is(k, "scope")) {
			ok = scalar(rd, v, &scope);
		} else if (ynode_is(k, "check")) {
			ok = scalar(rd, v, &check);
		} else if (ynode_is(k, "ignorecase")) {
			if (!ynode_bool(v, &r.ignorecase))
				ok = bad(rd, v, "ignorecase: expected true or false");
		} else if (ynode_is(k, "swap")) {
			have_swap = true;
			if (v->kind != YN_MAP) {
				ok = bad(rd, v, "swap: expected a mapping {from: to}");
				continue;
			}
			for (size_t q = 0; ok && q + 1 < v->nkids; q += 2)
				ok = add_token(rd, &r, v->kids[q], v->kids[q + 1]);
		} else if (ynode_is(k, "tokens")) {
			have_tokens = true;
			if (v->kind != YN_SEQ) {
				ok = bad(rd, v, "tokens: expected a list of strings");
				continue;
			}
			for (size_t q = 0; ok && q < v->nkids; q++)
				ok = add_token(rd, &r, v->kids[q], NULL);
		} else {
			ok = bad(rd, k, "unknown key (expected name, extends, message, level, scope, "
			                "check, ignorecase, swap, tokens)");
		}
	}
	if (ok && (!r.name || !r.name[0]))
		ok = bad(rd, m, "rule without `name`");
	if (ok && (!ext || (strcmp(ext, "substitution") && strcmp(ext, "existence"))))
		ok = bad(rd, m, "`extends` must be substitution or existence");
	if (ok && !strcmp(ext, "substitution") && (!have_swap || have_tokens))
		ok = bad(rd, m, "a substitution rule has `swap:` (and no `tokens:`)");
	if (ok && !strcmp(ext, "existence") && (!have_tokens || have_swap))
		ok = bad(rd, m, "an existence rule has `tokens:` (and no `swap:`)");
	if (ok && level) {
		if (!strcmp(level, "info") || !strcmp(level, "suggestion"))
			r.sev = SEV_INFO;
		else if (!strcmp(level, "warning"))
			r.sev = SEV_WARNING;
		else if (!strcmp(level, "error"))
			r.sev = SEV_ERROR;
		else
			ok = bad(rd, m, "level: expected info, warning or error");
	}
	if (ok && scope) {
		if (!strcmp(scope, "sentence-start"))
			r.sentence_start = true;
		else if (!strcmp(scope, "after-number"))
			r.after_number = true;
		else if (strcmp(scope, "text"))
			ok = bad(rd, m, "scope: expected text, sentence-start or after-number");
	}
	if (ok && check) {
		if (!strcmp(check, "spacing"))
			r.check = CK_SPACING;
		else if (!strcmp(check, "punctuation"))
			r.check = CK_PUNCTUATION;
		else if (strcmp(check, "style"))
			ok = bad(rd, m, "check: expected style, spacing or punctuation");
	}
	free(ext);
	free(level);
	free(scope);
	free(check);
	if (!ok) {
		for (size_t k = 0; k < r.tok.n; k++) {
			free(r.tok.v[k].from);
			free(r.tok.v[k].to);
		}
		VEC_FREE(&r.tok);
		free(r.name);
		free(r.message);
		return false;
	}
	for (size_t k = 0; k < r.tok.n; k++) {
		unsigned char c = (unsigned char)r.tok.v[k].from[0];
		if (!c) { /* an empty token: everywhere */
			memset(r.first, 0xff, sizeof(r.first));
			break;
		}
		r.first[c >> 6] |= 1ull << (c & 63);
		if (r.ignorecase && ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) {
			unsigned char o = (unsigned char)(c ^ 0x20);
			r.first[o >> 6] |= 1ull << (o & 63);
		}
	}
	VEC_PUSH(&s->r, r);
	return true;
}

bool style_rules_load_mem(StyleRules *s, const char *name, const char *data, size_t n, Err *e)
{
	if (n > STYLE_MAX_BYTES)
		return err_set(e, EXIT_CONFIG, "%s: larger than %u bytes: not a rule file", name,
		               STYLE_MAX_BYTES);
	YNode *root = NULL;
	if (!ynode_parse(data, n, name, &style_limits, &root, e))
		return false;
	Rd rd = {name, e};
	bool ok = true, have = false;
	if (!root || root->kind != YN_MAP) {
		ok = bad(&rd, root, "expected a mapping with `rules:`");
	} else {
		for (size_t i = 0; ok && i + 1 < root->nkids; i += 2) {
			const YNode *k = root->kids[i], *v = root->kids[i + 1];
			if (!ynode_is(k, "rules"))
				continue;
			have = true;
			if (v->kind != YN_SEQ) {
				ok = bad(&rd, v, "rules: expected a list");
				break;
			}
			for (size_t q = 0; ok && q < v->nkids; q++)
				ok = load_rule(&rd, s, v->kids[q]);
		}
		if (ok && !have)
			ok = bad(&rd, root, "no `rules:` list");
	}
	ynode_free(root);
	return ok;
}

bool style_rules_load(StyleRules *s, const char *path, Err *e)
{
	Buf data = BUF_INIT;
	if (!file_read(path, &data, e))
		return false;
	bool ok = style_rules_load_mem(s, path, data.p ? data.p : "", data.len, e);
	buf_release(&data);
	return ok;
}

/* ---- matching ------------------------------------------------------------------- */

static bool word_char(int32_t cp)
{
	return ko_syllable(cp) || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
	       (cp >= '0' && cp <= '9');
}

static bool sentence_start_at(const char *m, size_t i)
{
	size_t k = i;
	while (k > 0 && (m[k - 1] == ' ' || m[k - 1] == '\t'))
		k--;
	if (k == 0 || m[k - 1] == '\n')
		return true;
	char c = m[k - 1];
	return (c == '.' || c == '?' || c == '!' || c == ':') && k < i;
}

/* Is m[i] after a number (a version: 1.12, v2.0) and one space? */
static bool after_number_at(const char *m, size_t i)
{
	if (i < 2 || m[i - 1] != ' ' || m[i - 2] < '0' || m[i - 2] > '9')
		return false;
	size_t k = i - 2;
	while (k > 0 && ((m[k - 1] >= '0' && m[k - 1] <= '9') || m[k - 1] == '.'))
		k--;
	return k == 0 || !word_char(check_prev_cp(m, k)) || m[k - 1] == 'v';
}

static bool match_at(const char *m, size_t n, size_t i, const StyleToken *t, bool icase)
{
	size_t l = strlen(t->from);
	if (n - i < l)
		return false;
	if (icase) {
		for (size_t k = 0; k < l; k++) {
			char a = m[i + k], b = t->from[k];
			if (a >= 'A' && a <= 'Z')
				a = (char)(a | 0x20);
			if (b >= 'A' && b <= 'Z')
				b = (char)(b | 0x20);
			if (a != b)
				return false;
		}
	} else if (memcmp(m + i, t->from, l) != 0) {
		return false;
	}
	/* a token ending in a letter or digit: not inside a longer Latin word
	 * (a particle may follow: DTensor로) */
	int32_t last = check_prev_cp(t->from, l);
	int32_t next = i + l < n ? check_cp_at(m, n, i + l) : -1;
	if (!ko_syllable(last) && next >= 0 && next < 0x80 && word_char(next))
		return false;
	return true;
}

static void replace_percent(const char *fmt, const char *a, const char *b, Buf *out)
{
	int k = 0;
	for (const char *p = fmt; *p; p++) {
		if (p[0] == '%' && p[1] == 's') {
			buf_adds(out, k == 0 ? a : (b ? b : ""));
			k++;
			p++;
		} else {
			buf_addc(out, *p);
		}
	}
}

static void style_text(const Unit *u, const StyleRules *s, const Joined *j, const char *m,
                       FindingVec *out)
{
	size_t n = j->text.len;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)m[i];
		if (c == 1 || c == ' ' || c == '\n' || (c & 0xc0) == 0x80)
			continue;
		if (i > 0 && word_char(check_prev_cp(m, i)))
			continue;
		for (size_t r = 0; r < s->r.n; r++) {
			const StyleRule *rule = &s->r.v[r];
			if (!(rule->first[c >> 6] & (1ull << (c & 63))))
				continue; /* no token of it starts with c */
			if (u->set && !u->set->on[rule->check])
				continue;
			if (rule->sentence_start && !sentence_start_at(m, i))
				continue;
			if (rule->after_number && !after_number_at(m, i))
				continue;
			for (size_t t = 0; t < rule->tok.n; t++) {
				const StyleToken *tok = &rule->tok.v[t];
				if ((unsigned char)tok->from[0] != c && !rule->ignorecase)
					continue;
				if (!match_at(m, n, i, tok, rule->ignorecase))
					continue;
				size_t l = strlen(tok->from);
				char *hit = xmemdup0(j->text.p + i, l);
				Buf msg = BUF_INIT;
				if (rule->message)
					replace_percent(rule->message, hit, tok->to, &msg);
				else if (tok->to)
					buf_addf(&msg, "'%s' — the team writes '%s'", hit, tok->to);
				else
					buf_addf(&msg, "'%s' — avoided by the team's style", hit);
				size_t line, byte;
				joined_pos(j, i, &line, &byte);
				Finding *f = finding_add(u, out, rule->check, rule->sev, line, byte,
				                         "%s (style rule %s)", msg.p ? msg.p : "", rule->name);
				if (tok->to) {
					f->suggestion = xstrdup(tok->to);
					size_t l2, b2;
					joined_pos(j, i + l, &l2, &b2);
					if (l2 == line)
						finding_set_fix(f, line, byte, b2, tok->to);
				}
				buf_release(&msg);
				free(hit);
				goto next; /* one finding per position */
			}
		}
	next:;
	}
}

void check_style(const Unit *u, FindingVec *out)
{
	const StyleRules *s = u->d->rules;
	if (!s || !s->r.n || !check_doc_is_korean(u->d))
		return;
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[k];
		Joined j;
		Buf mask = BUF_INIT;
		if (b->kind == BK_LITERAL) {
			if (!comment_text(u->d->tgt, u->d->tb, b, &j))
				continue;
			buf_add(&mask, j.text.p, j.text.len);
		} else if (check_block_has_inline(b->kind) || admonition_text(u->d->tgt, b, &j)) {
			if (check_block_has_inline(b->kind))
				joined_block(u->d->tgt, b, &j);
			InlineVec inl = {0};
			prose_mask(j.text.p, j.text.len, &mask, &inl);
			VEC_FREE(&inl);
		} else {
			continue;
		}
		if (!mask.p)
			buf_grow(&mask, 1);
		style_text(u, s, &j, mask.p, out);
		buf_release(&mask);
		joined_release(&j);
	}
}
