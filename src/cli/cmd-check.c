/* yeok check [--source PATH|--source-rev REV] [--format text|json|github]
 *            [--only IDS|--disable IDS] [--glossary PATH]... [--no-spell]
 *            FILE...
 * Runs the checks (DESIGN.md §3.2, §3.3) and prints the findings on
 * stdout.  Exit 1 when an error was found. */
#include <limits.h>

#include "cli-private.h"
#include "yeok/check.h"
#include "yeok/pair.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"
#include "yeok/spell.h"
#include "yeok/vcs.h"

static void usage_help(void)
{
	printf("usage: yeok %s\n%s\n"
	       "  --source PATH          the English original (one FILE, or the same for all)\n"
	       "  --source-rev REV       the English original is each FILE at git revision REV\n"
	       "  --format text|json|github   output (default text: FILE:LINE:COL: SEVERITY: ...)\n"
	       "  --only IDS             run only these checks (comma-separated)\n"
	       "  --disable IDS          run all but these checks\n"
	       "  --glossary PATH        glossary file (YAML or the guide's Markdown table);\n"
	       "                         repeatable; default: the shipped glossary/ko.yaml\n"
	       "  --rules PATH           team style rule file (repeatable); default: the shipped\n"
	       "                         glossary/rules.yaml\n"
	       "  --no-spell             no spelling check (it loads the Korean dictionary:\n"
	       "                         0.35 s); project words: .yeok-words at the git top\n"
	       "                         level, personal words: $XDG_DATA_HOME/yeok/words;\n"
	       "                         in a git work tree the words of the repository's\n"
	       "                         translated files are known (cached per HEAD)\n"
	       "The English: --source, --source-rev, the sidecar's record, else the newest\n"
	       "English revision in the file's git history; without one the checks that\n"
	       "compare with the English are skipped.\n"
	       "Exit status: 0 no errors, 1 errors found, 64 usage, 65/66/74 input, 78 glossary.\n"
	       "Checks:\n",
	       cli_cmd_check.synopsis, cli_cmd_check.what);
	for (size_t i = 0; i < CK_COUNT; i++) {
		const CheckInfo *ci = check_info((CheckId)i);
		printf("  %-22s %s%s%s\n", ci->id, ci->what, ci->needs_source ? " (needs a source)" : "",
		       ci->available ? "" : " (not available in this build)");
	}
}

typedef struct Totals {
	size_t errors, warnings, infos;
	bool first_json;
} Totals;

/* The sidecar of file for its source record and its allow list: a
 * missing one is normal, a corrupt one a warning when the record would be
 * used (the file is checked without it). */
static void load_record(const char *file, Sidecar *sc, bool quiet)
{
	char *path = sidecar_path(file);
	Err e;
	err_init(&e);
	bool corrupt = false;
	if (!sidecar_load(path, sc, &corrupt, &e) && !quiet)
		cli_error(0, "warning: %s (its source record is not used)", e.msg);
	free(path);
}

/* What check knows beyond the file: the repository, the style rules. */
typedef struct Know {
	const CheckRepo *repo;
	const StyleRules *rules;
} Know;

/* A binary file is refused like the editor refuses it (exit 65). */
static int refuse_binary(const char *file)
{
	Buf b = BUF_INIT;
	if (!file_read(file, &b, NULL)) {
		buf_release(&b);
		return 0; /* pair_build says why it cannot be read */
	}
	const char *nul = b.len ? memchr(b.p, 0, b.len) : NULL;
	size_t line = 1;
	for (const char *c = b.p; nul && c < nul; c++)
		line += *c == '\n';
	buf_release(&b);
	return nul ? cli_error(EXIT_DATAERR, "%s:%zu: a binary file (a NUL byte): not checked",
	                       file, line) : 0;
}

/* Check one file; print its findings.  Returns an exit code for a failure
 * to check it (0 when it was checked). */
static int check_file(const char *file, const SourceOpts *so, Glossary *gl, Spell *sp,
                      const Know *know, const CheckSet *set, CheckFormat fmt, Totals *tot,
                      Buf *out)
{
	Err e;
	err_init(&e);
	int brc = refuse_binary(file);
	if (brc)
		return brc;
	Sidecar sc;
	sidecar_init(&sc);
	load_record(file, &sc, so->path || so->rev); /* the record is used without them */
	DocPair pr;
	pair_init(&pr);
	bool ok = pair_build(&pr, file, NULL, 0, so, &sc, &e);
	if (!ok) {
		sidecar_release(&sc);
		return cli_report(&e);
	}
	bool have = pair_has_source(&pr);
	Buf skipped = BUF_INIT;
	if (!have && check_skipped_without_source(set, &skipped))
		cli_error(0, "info: %s: no English source (--source PATH, --source-rev REV, a sidecar "
		             "record or an English revision in its git history): skipped %s",
		          file, skipped.p);
	buf_release(&skipped);
	CheckDoc d;
	check_doc_init(&d, pr.tgt, pr.tb, have ? pr.sl : NULL, have ? pr.sb : NULL,
	               have ? &pr.al : NULL, gl);
	d.spell = sp;
	d.allow = (const char *const *)sc.allow.v; /* the sidecar's allow: (F3 "allow here") */
	d.allow_n = sc.allow.n;
	d.repo = know->repo;
	d.rules = know->rules;
	d.tgt_host = &pr.th;
	d.src_host = have ? &pr.sh : NULL;
	d.stale = have ? &pr.stale : NULL;
	if (sp)
		spell_wait(sp); /* loaded while this file was read and aligned */
	FindingVec fv = {0};
	check_document(&d, set, &fv);
	if (have) /* consistency across the repository, from its translation memory */
		cli_tm_check(file, &pr.sh, &pr.th, &pr.al, set, &fv);
	for (size_t i = 0; i < fv.n; i++) {
		const Finding *f = &fv.v[i];
		tot->errors += f->sev == SEV_ERROR;
		tot->warnings += f->sev == SEV_WARNING;
		tot->infos += f->sev == SEV_INFO;
		check_format_finding(file, f, fmt, tot->first_json, out);
		tot->first_json = false;
	}
	findings_clear(&fv);
	check_doc_release(&d);
	pair_release(&pr);
	sidecar_release(&sc);
	return 0;
}

static bool flush_out(Buf *out)
{
	bool ok = true;
	if (out->len && !cli_out(out->p, out->len))
		ok = false;
	buf_clear(out);
	return ok;
}

/* The glossaries named (else the shipped one); an exit code or 0. */
static int load_glossaries(Glossary *gl, const char *const *paths, size_t n)
{
	Err e;
	err_init(&e);
	for (size_t i = 0; i < n; i++)
		if (!glossary_load(gl, paths[i], &e))
			return cli_report(&e);
	if (n)
		return 0;
	char *def = glossary_default_path();
	int rc = file_exists(def) && !glossary_load(gl, def, &e) ? cli_report(&e) : 0;
	free(def);
	Buf note = BUF_INIT;
	if (!rc && glossary_missing_note(&note))
		cli_error(0, "warning: %s", note.p); /* said once */
	buf_release(&note);
	return rc;
}

/* The style rules named (else the shipped rules.yaml, when found). */
static int load_rules(StyleRules *r, const char *const *paths, size_t n)
{
	Err e;
	err_init(&e);
	for (size_t i = 0; i < n; i++)
		if (!style_rules_load(r, paths[i], &e))
			return cli_report(&e);
	if (n)
		return 0;
	char *def = glossary_data_path("rules.yaml", NULL);
	int rc = def && !style_rules_load(r, def, &e) ? cli_report(&e) : 0;
	free(def);
	return rc;
}

/* Start loading the dictionaries (project words from the git top level of
 * the first file); glossary terms and their avoided variants never flag
 * (an avoided variant is the glossary check's finding). */
static Spell *spell_start(const char *first, const Glossary *gl, const CheckRepo *repo)
{
	char *top = NULL;
	Err ve;
	err_init(&ve);
	if (!vcs_available() || !vcs_toplevel(first, &top, &ve))
		top = NULL;
	char *loan = glossary_data_path("loanwords.txt", NULL);
	SpellOptions sop = {.project_top = top, .loanwords = loan};
	Spell *sp = spell_new(&sop);
	free(top);
	free(loan);
	/* the words of the repository's translated files (3 or more) */
	check_repo_teach_spell(repo, sp, 3);
	for (size_t i = 0; i < gl->n; i++) {
		const GlossTerm *t = &gl->v[i];
		spell_add_terms(sp, (const char *const *)t->en, t->en_n);
		const char *ko = t->ko;
		spell_add_terms(sp, &ko, 1);
		spell_add_terms(sp, (const char *const *)t->avoid, t->avoid_n);
	}
	return sp;
}

/* Check each file once (even when named twice, or through another path)
 * and print the findings; *file_rc gets the first failure's exit code.
 * False when stdout could not be written. */
static bool check_files(const char *const *files, size_t n, const SourceOpts *so, Glossary *gl,
                        Spell *sp, const Know *know, const CheckSet *set, CheckFormat fmt,
                        Totals *tot, int *file_rc)
{
	/* Each file once, even when named twice (or through another path). */
	VEC(char *) seen = {0};
	Buf out = BUF_INIT;
	if (fmt == CF_JSON)
		buf_adds(&out, "[\n");
	bool io_ok = true;
	for (size_t i = 0; i < n; i++) {
		char *real = realpath(files[i], NULL);
		bool dup = false;
		for (size_t k = 0; real && k < seen.n && !dup; k++)
			dup = strcmp(seen.v[k], real) == 0;
		if (dup) {
			free(real);
			continue;
		}
		if (real)
			VEC_PUSH(&seen, real);
		int r = check_file(files[i], so, gl, sp, know, set, fmt, tot, &out);
		if (r && !*file_rc)
			*file_rc = r;
		if (out.len > 65536 && fmt != CF_JSON)
			io_ok &= flush_out(&out);
	}
	if (fmt == CF_JSON)
		buf_adds(&out, tot->first_json ? "]\n" : "\n]\n");
	io_ok &= flush_out(&out);
	if (fflush(stdout) != 0 || ferror(stdout))
		io_ok = false;
	buf_release(&out);
	for (size_t k = 0; k < seen.n; k++)
		free(seen.v[k]);
	VEC_FREE(&seen);
	return io_ok;
}

/* The command line of yeok check. */
typedef struct CheckArgs {
	SourceOpts so;
	CheckFormat fmt;
	CheckSet set;
	const char *only, *disable;
	VEC(const char *) files;
	VEC(const char *) glossaries;
	VEC(const char *) rule_files;
	bool help; /* --help was printed */
} CheckArgs;

static void check_args_release(CheckArgs *a)
{
	VEC_FREE(&a->files);
	VEC_FREE(&a->glossaries);
	VEC_FREE(&a->rule_files);
}

/* Read the options into ca; returns the exit code of a usage error, 0. */
static int parse_args(int argc, char **argv, CheckArgs *ca)
{
	bool opts_done = false;
	int rc = 0;
	for (int i = 1; i < argc && !rc; i++) {
		const char *a = argv[i], *v;
		bool missing = false;
		if (opts_done || a[0] != '-' || !a[1]) {
			VEC_PUSH(&ca->files, a);
			continue;
		}
		if (!strcmp(a, "--")) {
			opts_done = true;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage_help();
			ca->help = true;
			return 0;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source-rev", &missing))) {
			ca->so.rev = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source", &missing))) {
			ca->so.path = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--format", &missing))) {
			if (!missing && !check_format_parse(v, &ca->fmt))
				rc = cli_error(EXIT_USAGE, "--format must be text, json or github, not '%s'",
				               v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--only", &missing))) {
			ca->only = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--disable", &missing))) {
			ca->disable = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--glossary", &missing))) {
			VEC_PUSH(&ca->glossaries, v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--rules", &missing))) {
			VEC_PUSH(&ca->rule_files, v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--theme", &missing))) {
			/* common option, not used by check */
		} else if (!strcmp(a, "--no-spell")) {
			ca->set.on[CK_SPELLING] = false;
		} else {
			rc = cli_error(EXIT_USAGE, "check: unknown option '%s' (see yeok check --help)", a);
		}
		if (!rc && missing)
			rc = cli_error(EXIT_USAGE, "check: %s needs a value", a);
	}
	return rc;
}

/* The options checked against each other, --only and --disable applied. */
static int check_args(CheckArgs *ca)
{
	Err e;
	err_init(&e);
	if (!ca->files.n)
		return cli_error(EXIT_USAGE, "usage: yeok %s", cli_cmd_check.synopsis);
	if (ca->so.path && ca->so.rev)
		return cli_error(EXIT_USAGE, "--source and --source-rev exclude each other");
	if (ca->only && ca->disable)
		return cli_error(EXIT_USAGE, "--only and --disable exclude each other");
	if (ca->only && !check_set_parse(&ca->set, ca->only, true, &e))
		return cli_report(&e);
	if (ca->disable && !check_set_parse(&ca->set, ca->disable, false, &e))
		return cli_report(&e);
	return 0;
}

/* Check the files with the glossary and rules loaded; the exit code. */
static int run_checks(const CheckArgs *ca, Glossary *gl, StyleRules *rules)
{
	Err e;
	err_init(&e);
	/* What the repository of the first file says (its words, 하다 stems,
	 * renderings), cached per repository and HEAD. */
	CheckRepo repo;
	check_repo_init(&repo);
	if (!check_repo_load(ca->files.v[0], &repo, &e))
		cli_error(0, "warning: repository words: %s", e.msg);
	err_init(&e);
	Know know = {&repo, rules};
	/* The dictionaries load (once, for all files) while the files are
	 * read; glossary terms and the word lists never flag. */
	Spell *sp = ca->set.on[CK_SPELLING] ? spell_start(ca->files.v[0], gl, &repo) : NULL;

	Totals tot = {0, 0, 0, true};
	int file_rc = 0;
	bool io_ok = check_files(ca->files.v, ca->files.n, &ca->so, gl, sp, &know, &ca->set, ca->fmt,
	                         &tot, &file_rc);
	if (sp) {
		spell_wait(sp);
		if (!spell_load_error(sp, &e))
			cli_error(0, "warning: spelling: %s", e.msg);
	}
	spell_free(sp);
	check_repo_release(&repo);
	if (!io_ok)
		return cli_error(EXIT_IOERR, "cannot write the findings to stdout");
	if (file_rc)
		return file_rc;
	return tot.errors ? EXIT_FINDINGS : 0;
}

static int check_main(int argc, char **argv)
{
	CheckArgs ca = {.so = {.history = true, .self_fallback = false}, .fmt = CF_TEXT};
	check_set_all(&ca.set);
	int rc = parse_args(argc, argv, &ca);
	if (!rc && !ca.help)
		rc = check_args(&ca);
	if (rc || ca.help) {
		check_args_release(&ca);
		return rc;
	}
	const CheckSet *set = &ca.set;
	Glossary gl;
	glossary_init(&gl);
	if (set->on[CK_GLOSSARY] || set->on[CK_SPELLING] || set->on[CK_CONSISTENCY])
		rc = load_glossaries(&gl, ca.glossaries.v, ca.glossaries.n);
	StyleRules *rules = style_rules_new();
	if (!rc && (set->on[CK_STYLE] || set->on[CK_SPACING] || set->on[CK_PUNCTUATION]))
		rc = load_rules(rules, ca.rule_files.v, ca.rule_files.n);
	if (!rc)
		rc = run_checks(&ca, &gl, rules);
	style_rules_free(rules);
	glossary_release(&gl);
	check_args_release(&ca);
	return rc;
}

const CliCommand cli_cmd_check = {
	"check", "check [OPTIONS] FILE...",
	"run the checks; findings on stdout", check_main,
};
