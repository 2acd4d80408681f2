/*
 * context — what every front end needs besides the document, assembled by
 * one function once per process (dte builds its EditorState once in main):
 * the configuration (config.yaml, read by the caller), the glossaries, the
 * team's style rules, which checks run, the repository's knowledge (its
 * vocabulary, the nouns it glues to 하다/되다, its renderings) and the
 * spelling set-up.  The editor, review, `check`, `stats`, `pr` and the
 * repository view take it, so the editor's findings are `yeok check`'s
 * findings and every count of problems shown anywhere is one number (the
 * errors and warnings of the checks of the context).
 *
 * What it holds, in the order it is assembled:
 *   - the glossaries: the shipped one (glossary_default_path), then
 *     config.yaml's `glossary:`, then --glossary, each in order, compiled;
 *   - the style rules: --rules, else config.yaml's `rules:`, else the
 *     shipped rules.yaml (when found);
 *   - the checks: every available one, --only / --disable applied, no
 *     spelling with --no-spell;
 *   - the repository (context_load_repo: it runs git, so the editor calls it
 *     after its first frame): the Korean of its translated files, cached per
 *     repository and HEAD (check_repo_load);
 *   - spelling (context_spell): config.yaml's `dictionaries:`, the
 *     personal and project word lists, the shipped loanwords, the
 *     glossary's terms and the repository's words.
 *
 * Depends on util, config, glossary, spell, check, pair, sidecar, vcs.  Never prints:
 * what is to be said once (a glossary not found) is in notes.
 */
#ifndef YEOK_CONTEXT_H
#define YEOK_CONTEXT_H

#include "yeok/check.h"
#include "yeok/config.h"
#include "yeok/glossary.h"
#include "yeok/pair.h"
#include "yeok/sidecar.h"
#include "yeok/spell.h"

typedef struct ContextOpts {
	const Config *cfg;                /* config.yaml as read (borrowed), or NULL */
	const char *const *glossaries;    /* --glossary, in order */
	size_t n_glossaries;
	const char *const *rules;         /* --rules, in order */
	size_t n_rules;
	const char *only, *disable;       /* --only / --disable, or NULL */
	bool no_spell;                    /* --no-spell */
	bool no_glossary;                 /* no glossary, rules or repository at all
	                                     (tests of the checks alone) */
} ContextOpts;

typedef struct Context {
	const Config *cfg;   /* borrowed, may be NULL */
	Glossary glossary;   /* the glossaries, compiled (owned) */
	StyleRules *rules;   /* owned */
	CheckSet set;        /* the checks that run */
	CheckRepo repo;      /* the repository's knowledge (context_load_repo) */
	char *repo_file;     /* the file repo was loaded for; NULL: not yet */
	bool repo_loaded;    /* repo holds a work tree's words */
	Spell *spell;        /* context_spell's (owned), or NULL */
	bool spell_cache;    /* set before context_spell (`yeok check`): the spell
	                        checker's answers kept per work tree across runs
	                        (spell_remember), its dictionaries loaded only for
	                        a word not there */
	Buf notes;           /* to be said once: a missing glossary, ... */
} Context;

void context_init(Context *c);
void context_release(Context *c);

/* Assemble c (see above).  False with e: EXIT_CONFIG for a glossary or rule
 * file that cannot be read (FILE:LINE:COL), EXIT_USAGE for an unknown check
 * ID. */
bool context_load(Context *c, const ContextOpts *o, Err *e);

/* The repository's knowledge for file's work tree, once (a second call is
 * nothing).  Not in a work tree: true, nothing.  False with e when git
 * failed (the checks then use the document alone). */
bool context_load_repo(Context *c, const char *file, Err *e);

/* The glossary to give check_doc_init (its index reads it), or NULL. */
Glossary *context_glossary(Context *c);
/* Give the checks' document d (made with context_glossary) what else the
 * context knows: the rules, the repository. */
void context_check_doc(Context *c, CheckDoc *d);

/* The context's spell checker, made at the first call for file's work tree
 * (it loads its dictionaries in the background: spell_new), told the
 * glossary's terms, the shipped loanwords and the repository's words (so
 * context_load_repo first); kept and shared by every document the process
 * checks or edits (the Korean dictionary is 55 MB).  wait: the
 * dictionaries are loaded when it returns.  NULL when spelling is off. */
Spell *context_spell(Context *c, const char *file, bool wait);

/* The findings of `yeok check` on a pair built by pair_build (the sidecar
 * sc for its allow list, may be NULL; sp the spell checker or NULL),
 * appended to out.  The one function every count of problems comes from. */
void context_check_pair(Context *c, DocPair *p, const Sidecar *sc, Spell *sp, FindingVec *out);

/* A fingerprint of what the findings depend on besides the document (the
 * checks, the glossary's and rules' sizes, the repository's knowledge):
 * counts cached under another are counted again. */
uint64_t context_fingerprint(const Context *c);

/* Errors and warnings among v (the number shown as ⚠ N everywhere). */
size_t context_problems(const FindingVec *v);

#endif
