/* context: what every front end needs, assembled once (include/yeok/context.h). */
#include "yeok/context.h"

#include <limits.h>
#include <stdlib.h>

void context_init(Context *c)
{
	memset(c, 0, sizeof(*c));
	glossary_init(&c->glossary);
	c->rules = style_rules_new();
	check_set_all(&c->set);
	check_repo_init(&c->repo);
	buf_init(&c->notes);
}

void context_release(Context *c)
{
	glossary_release(&c->glossary);
	style_rules_free(c->rules);
	check_repo_release(&c->repo);
	free(c->repo_file);
	spell_free(c->spell);
	buf_release(&c->notes);
	memset(c, 0, sizeof(*c));
}

static void note(Context *c, const char *msg)
{
	if (c->notes.len)
		buf_adds(&c->notes, "\n");
	buf_adds(&c->notes, msg);
}

/* The shipped glossary, then config.yaml's, then --glossary. */
static bool load_glossaries(Context *c, const ContextOpts *o, Err *e)
{
	char *def = glossary_default_path();
	bool ok = !def || !file_exists(def) || glossary_load(&c->glossary, def, e);
	free(def);
	Buf missing = BUF_INIT;
	if (ok && glossary_missing_note(&missing))
		note(c, missing.p);
	buf_release(&missing);
	for (size_t i = 0; ok && o->cfg && i < o->cfg->glossary.n; i++)
		ok = glossary_load(&c->glossary, o->cfg->glossary.v[i], e);
	for (size_t i = 0; ok && i < o->n_glossaries; i++)
		ok = glossary_load(&c->glossary, o->glossaries[i], e);
	glossary_compile(&c->glossary);
	return ok;
}

/* --rules, else config.yaml's rules:, else the shipped rules.yaml. */
static bool load_rules(Context *c, const ContextOpts *o, Err *e)
{
	if (o->n_rules) {
		for (size_t i = 0; i < o->n_rules; i++)
			if (!style_rules_load(c->rules, o->rules[i], e))
				return false;
		return true;
	}
	if (o->cfg && o->cfg->rules)
		return style_rules_load(c->rules, o->cfg->rules, e);
	char *def = glossary_data_path("rules.yaml", NULL);
	bool ok = !def || style_rules_load(c->rules, def, e);
	free(def);
	return ok;
}

bool context_load(Context *c, const ContextOpts *o, Err *e)
{
	c->cfg = o->cfg;
	if (o->only && !check_set_parse(&c->set, o->only, true, e))
		return false;
	if (o->disable && !check_set_parse(&c->set, o->disable, false, e))
		return false;
	if (o->no_spell)
		c->set.on[CK_SPELLING] = false;
	if (o->no_glossary)
		return true;
	const bool *on = c->set.on;
	if ((on[CK_GLOSSARY] || on[CK_SPELLING] || on[CK_CONSISTENCY]) && !load_glossaries(c, o, e))
		return false;
	if ((on[CK_STYLE] || on[CK_SPACING] || on[CK_PUNCTUATION]) && !load_rules(c, o, e))
		return false;
	return true;
}

bool context_load_repo(Context *c, const char *file, Err *e)
{
	if (c->repo_file)
		return true;
	c->repo_file = xstrdup(file);
	bool ok = check_repo_load(file, &c->repo, e);
	c->repo_loaded = ok;
	return ok;
}

Glossary *context_glossary(Context *c)
{
	return c->glossary.n ? &c->glossary : NULL;
}

void context_check_doc(Context *c, CheckDoc *d)
{
	d->rules = c->rules;
	d->repo = c->repo_loaded ? &c->repo : NULL;
}

/* The nearest folder up from path's with a .git entry (a folder, or a
 * file in worktrees): found on the file system, not by running git. */
static char *work_tree_of(const char *path)
{
	char *dir = path_dirname(path);
	char buf[PATH_MAX];
	char *d = realpath(dir, buf) ? xstrdup(buf) : NULL;
	free(dir);
	while (d) {
		char *g = path_join(d, ".git");
		bool found = file_exists(g);
		free(g);
		if (found)
			return d;
		char *up = path_dirname(d);
		bool top = !strcmp(up, d) || !*d;
		free(d);
		d = top ? NULL : up;
		if (top)
			free(up);
	}
	return NULL;
}

/* config.yaml's dictionaries: a name or path whose file name starts with
 * "ko" is the Korean one, with "en" the English one. */
static void dictionaries(const Config *cfg, SpellOptions *so)
{
	for (size_t i = 0; cfg && i < cfg->dictionaries.n; i++) {
		const char *d = cfg->dictionaries.v[i], *base = path_basename(d);
		if (!strncmp(base, "ko", 2))
			so->korean = d;
		else if (!strncmp(base, "en", 2))
			so->english = d;
	}
}

static Spell *spell_make(Context *c, const char *file)
{
	char *top = file ? work_tree_of(file) : NULL;
	char *loan = glossary_data_path("loanwords.txt", NULL);
	SpellOptions so = {.project_top = top, .loanwords = loan, .lazy = c->spell_cache};
	dictionaries(c->cfg, &so);
	Spell *sp = spell_new(&so);
	char *memo = c->spell_cache ? cache_file_path("spell", top ? top : "") : NULL;
	free(top);
	free(loan);
	if (c->repo_loaded) /* the words of the repository's translated files (3 or more) */
		check_repo_teach_spell(&c->repo, sp, 3);
	for (size_t i = 0; i < c->glossary.n; i++) {
		const GlossTerm *t = &c->glossary.v[i];
		spell_add_terms(sp, (const char *const *)t->en, t->en_n);
		const char *ko = t->ko;
		spell_add_terms(sp, &ko, 1);
		/* an avoided variant is the glossary's finding, not a misspelling */
		spell_add_terms(sp, (const char *const *)t->avoid, t->avoid_n);
	}
	if (memo) /* after every addition: they are part of its key */
		spell_remember(sp, memo);
	free(memo);
	return sp;
}

Spell *context_spell(Context *c, const char *file, bool wait)
{
	if (!c->set.on[CK_SPELLING])
		return NULL;
	if (!c->spell)
		c->spell = spell_make(c, file);
	if (wait)
		spell_wait(c->spell);
	return c->spell;
}

void context_check_pair(Context *c, DocPair *p, const Sidecar *sc, Spell *sp, FindingVec *out)
{
	bool have = pair_has_source(p);
	CheckDoc d;
	check_doc_init_unindexed(&d, p->tgt, p->tb, have ? p->src_lines : NULL, have ? p->sb : NULL,
	                         have ? &p->al : NULL, context_glossary(c));
	d.index_for = &c->set; /* what its checks read, no more */
	d.stale = have ? &p->stale : NULL; /* before the index: it may compare nothing */
	check_doc_reindex(&d);
	context_check_doc(c, &d);
	d.spell = sp;
	if (sc) { /* the sidecar's allow: (F3 "allow here") */
		d.allow = (const char *const *)sc->allow.v;
		d.allow_n = sc->allow.n;
	}
	d.tgt_host = &p->tgt_host;
	d.src_host = have ? &p->src_host : NULL;
	SpellWords en = {0};
	if (sp && have) {
		check_en_words_add(&en, p->src_lines, 0, p->src_lines->n);
		d.en_words = &en;
	}
	if (sp)
		spell_wait(sp); /* loaded while the file was read and aligned */
	check_document(&d, &c->set, out);
	check_doc_release(&d);
	spell_words_release(&en);
}

uint64_t context_fingerprint(const Context *c)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < CK_COUNT; i++)
		h = (h ^ (uint64_t)c->set.on[i]) * 1099511628211ull;
	uint64_t parts[] = {c->glossary.n, style_rules_count(c->rules), c->repo_loaded,
	                    c->repo_loaded ? c->repo.rend.n : 0, c->repo_loaded ? c->repo.files : 0};
	for (size_t i = 0; i < ARRAY_LEN(parts); i++)
		h = (h ^ parts[i]) * 1099511628211ull;
	return h;
}

size_t context_problems(const FindingVec *v)
{
	size_t n = 0;
	for (size_t i = 0; i < v->n; i++)
		n += v->v[i].sev >= SEV_WARNING;
	return n;
}
