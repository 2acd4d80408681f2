/* yeok check [--source PATH|--source-rev REV] [--format text|json|github]
 *            [--only IDS|--disable IDS] [--glossary PATH]... [--no-spell]
 *            FILE...
 * Runs the checks (DESIGN.md §3.2, §3.3) and prints the findings on
 * stdout.  Exit 1 when an error was found. */
#include <limits.h>

#include "cli-private.h"
#include "yeok/check.h"
#include "yeok/host.h"
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
	       "Without a source the checks that compare with the English are skipped.\n"
	       "Exit status: 0 no errors, 1 errors found, 64 usage, 65/66/74 input, 78 glossary.\n"
	       "Checks:\n",
	       cli_cmd_check.synopsis, cli_cmd_check.what);
	for (size_t i = 0; i < CK_COUNT; i++) {
		const CheckInfo *ci = check_info((CheckId)i);
		printf("  %-22s %s%s%s\n", ci->id, ci->what, ci->needs_source ? " (needs a source)" : "",
		       ci->available ? "" : " (not available in this build)");
	}
}

/* The English source of one file.  --source PATH is read once for all
 * files (*shared caches it). */
static bool load_source(const char *file, const SourceOpts *so, Source *shared, bool *have_shared,
                        Source *out, bool *have, Err *e)
{
	*have = false;
	if (so->path) {
		if (!*have_shared) {
			source_init(shared);
			if (!source_resolve(file, so, shared, e))
				return false;
			*have_shared = true;
		}
		*have = true;
		return true;
	}
	if (so->rev) {
		source_init(out);
		if (!source_resolve(file, so, out, e)) {
			source_release(out);
			return false;
		}
		*have = true;
	}
	return true;
}

typedef struct Totals {
	size_t errors, warnings, infos;
	bool first_json;
	const char *no_source_note; /* printed once, for the first file read */
} Totals;

typedef struct Know {
	const CheckRepo *repo;
	const StyleRules *rules;
} Know;

/* Check one file; print its findings.  Returns an exit code for a failure
 * to check it (0 when it was checked). */
static int check_file(const char *file, const SourceOpts *so, Source *shared, bool *have_shared,
                      Glossary *gl, Spell *sp, const Know *know, const CheckSet *set,
                      CheckFormat fmt, Totals *tot, Buf *out)
{
	Err e;
	err_init(&e);
	Buf tbuf = BUF_INIT;
	if (!file_read(file, &tbuf, &e))
		return cli_report(&e);
	const char *nul = tbuf.len ? memchr(tbuf.p, 0, tbuf.len) : NULL;
	if (nul) {
		size_t line = 1;
		for (const char *c = tbuf.p; c < nul; c++)
			line += *c == '\n';
		buf_release(&tbuf);
		return cli_error(EXIT_DATAERR, "%s:%zu: a binary file (a NUL byte): not checked", file,
		                 line);
	}
	if (tot->no_source_note) {
		cli_error(0, "%s", tot->no_source_note);
		tot->no_source_note = NULL;
	}
	Source own;
	bool have = false;
	if (!load_source(file, so, shared, have_shared, &own, &have, &e)) {
		buf_release(&tbuf);
		return cli_report(&e);
	}
	const Source *src = so->path ? shared : &own;
	Lines tl, sl;
	lines_init(&tl);
	lines_init(&sl);
	lines_parse(&tl, tbuf.p ? tbuf.p : "", tbuf.len);
	/* The host format (.rst, .py) gives each side its RST text and blocks. */
	HostFormat hf = host_format_of_path(file);
	HostDoc th, sh;
	host_init(&th);
	host_init(&sh);
	host_segment(&tl, hf, &th);
	Alignment al;
	align_init(&al);
	if (have) {
		lines_parse(&sl, src->text.p ? src->text.p : "", src->text.len);
		host_segment(&sl, hf, &sh);
		align_docs(sh.text, &sh.blocks, th.text, &th.blocks, &al);
	}
	CheckDoc d;
	check_doc_init(&d, th.text, &th.blocks, have ? sh.text : NULL, have ? &sh.blocks : NULL,
	               have ? &al : NULL, gl);
	d.spell = sp;
	d.repo = know->repo;
	d.rules = know->rules;
	d.tgt_host = &th;
	d.src_host = have ? &sh : NULL;
	if (sp)
		spell_wait(sp); /* loaded while this file was read and aligned */
	FindingVec fv = {0};
	check_document(&d, set, &fv);
	if (have) /* consistency across the repository, from its translation memory */
		cli_tm_check(file, &sh, &th, &al, set, &fv);
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
	align_release(&al);
	host_release(&th);
	host_release(&sh);
	lines_release(&tl);
	lines_release(&sl);
	if (have && !so->path)
		source_release(&own);
	buf_release(&tbuf);
	return 0;
}

static bool flush_out(Buf *out)
{
	bool ok = true;
	if (out->len && fwrite(out->p, 1, out->len, stdout) != out->len)
		ok = false;
	buf_clear(out);
	return ok;
}

static int check_main(int argc, char **argv)
{
	SourceOpts so = {NULL, NULL, NULL, false};
	CheckFormat fmt = CF_TEXT;
	CheckSet set;
	check_set_all(&set);
	const char *only = NULL, *disable = NULL;
	VEC(const char *) files = {0};
	VEC(const char *) glossaries = {0};
	VEC(const char *) rule_files = {0};
	bool opts_done = false;
	int rc = 0;
	for (int i = 1; i < argc && !rc; i++) {
		const char *a = argv[i], *v;
		bool missing = false;
		if (opts_done || a[0] != '-' || !a[1]) {
			VEC_PUSH(&files, a);
			continue;
		}
		if (!strcmp(a, "--")) {
			opts_done = true;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage_help();
			VEC_FREE(&files);
			VEC_FREE(&glossaries);
			return 0;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source-rev", &missing))) {
			so.rev = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source", &missing))) {
			so.path = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--format", &missing))) {
			if (!missing && !check_format_parse(v, &fmt))
				rc = cli_error(EXIT_USAGE, "--format must be text, json or github, not '%s'",
				               v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--only", &missing))) {
			only = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--disable", &missing))) {
			disable = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--glossary", &missing))) {
			VEC_PUSH(&glossaries, v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--rules", &missing))) {
			VEC_PUSH(&rule_files, v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--theme", &missing))) {
			/* common option, not used by check */
		} else if (!strcmp(a, "--no-spell")) {
			set.on[CK_SPELLING] = false;
		} else {
			rc = cli_error(EXIT_USAGE, "check: unknown option '%s' (see yeok check --help)", a);
		}
		if (!rc && missing)
			rc = cli_error(EXIT_USAGE, "check: %s needs a value", a);
	}
	Err e;
	err_init(&e);
	if (!rc && !files.n)
		rc = cli_error(EXIT_USAGE, "usage: yeok %s", cli_cmd_check.synopsis);
	if (!rc && so.path && so.rev)
		rc = cli_error(EXIT_USAGE, "--source and --source-rev exclude each other");
	if (!rc && only && disable)
		rc = cli_error(EXIT_USAGE, "--only and --disable exclude each other");
	if (!rc && only && !check_set_parse(&set, only, true, &e))
		rc = cli_report(&e);
	if (!rc && disable && !check_set_parse(&set, disable, false, &e))
		rc = cli_report(&e);
	Glossary gl;
	glossary_init(&gl);
	if (!rc && (set.on[CK_GLOSSARY] || set.on[CK_SPELLING] || set.on[CK_CONSISTENCY])) {
		if (glossaries.n) {
			for (size_t i = 0; i < glossaries.n && !rc; i++)
				if (!glossary_load(&gl, glossaries.v[i], &e))
					rc = cli_report(&e);
		} else {
			char *def = glossary_default_path();
			Buf note = BUF_INIT;
			if (file_exists(def) && !glossary_load(&gl, def, &e))
				rc = cli_report(&e);
			else if (glossary_missing_note(&note))
				cli_error(0, "warning: %s", note.p);
			buf_release(&note);
			free(def);
		}
	}
	StyleRules *rules = style_rules_new();
	if (!rc && (set.on[CK_STYLE] || set.on[CK_SPACING] || set.on[CK_PUNCTUATION])) {
		if (rule_files.n) {
			for (size_t i = 0; i < rule_files.n && !rc; i++)
				if (!style_rules_load(rules, rule_files.v[i], &e))
					rc = cli_report(&e);
		} else {
			char *def = glossary_data_path("rules.yaml", NULL);
			if (def && !style_rules_load(rules, def, &e))
				rc = cli_report(&e);
			free(def);
		}
	}
	VEC_FREE(&rule_files);
	if (rc) {
		style_rules_free(rules);
		glossary_release(&gl);
		VEC_FREE(&files);
		VEC_FREE(&glossaries);
		return rc;
	}
	/* What the repository of the first file says (its words, 하다 stems,
	 * renderings): cached per repository and HEAD. */
	CheckRepo repo;
	check_repo_init(&repo);
	{
		Err re;
		err_init(&re);
		if (!check_repo_load(files.v[0], &repo, &re))
			cli_error(0, "warning: repository words: %s", re.msg);
	}
	Know know = {&repo, rules};
	/* The dictionaries load (once, for all files) while the files are
	 * read; glossary terms and the word lists never flag. */
	Spell *sp = NULL;
	if (set.on[CK_SPELLING]) {
		char *top = NULL;
		Err ve;
		err_init(&ve);
		if (!vcs_available() || !vcs_toplevel(files.v[0], &top, &ve))
			top = NULL;
		char *loan = glossary_data_path("loanwords.txt", NULL);
		SpellOptions sop = {.project_top = top, .loanwords = loan};
		sp = spell_new(&sop);
		free(top);
		free(loan);
		check_repo_teach_spell(&repo, sp, 3);
		for (size_t i = 0; i < gl.n; i++) {
			const GlossTerm *t = &gl.v[i];
			spell_add_terms(sp, (const char *const *)t->en, t->en_n);
			const char *ko = t->ko;
			spell_add_terms(sp, &ko, 1);
			/* an avoided variant is the glossary check's finding */
			spell_add_terms(sp, (const char *const *)t->avoid, t->avoid_n);
		}
	}
	Buf skipped = BUF_INIT;
	char *no_source = NULL;
	if (!so.path && !so.rev && check_skipped_without_source(&set, &skipped))
		no_source = xasprintf("info: no English source (--source PATH or --source-rev REV): "
		                      "skipped %s", skipped.p);
	buf_release(&skipped);

	/* Each file once, even when named twice (or through another path). */
	VEC(char *) seen = {0};
	Source shared;
	bool have_shared = false;
	Totals tot = {0, 0, 0, true, no_source};
	Buf out = BUF_INIT;
	if (fmt == CF_JSON)
		buf_adds(&out, "[\n");
	int file_rc = 0;
	bool io_ok = true;
	for (size_t i = 0; i < files.n; i++) {
		char *real = realpath(files.v[i], NULL);
		bool dup = false;
		for (size_t k = 0; real && k < seen.n && !dup; k++)
			dup = strcmp(seen.v[k], real) == 0;
		if (dup) {
			free(real);
			continue;
		}
		if (real)
			VEC_PUSH(&seen, real);
		int r = check_file(files.v[i], &so, &shared, &have_shared, &gl, sp, &know, &set, fmt,
		                   &tot, &out);
		if (r && !file_rc)
			file_rc = r;
		if (out.len > 65536 && fmt != CF_JSON)
			io_ok &= flush_out(&out);
	}
	if (fmt == CF_JSON)
		buf_adds(&out, tot.first_json ? "]\n" : "\n]\n");
	io_ok &= flush_out(&out);
	if (fflush(stdout) != 0 || ferror(stdout))
		io_ok = false;
	buf_release(&out);
	for (size_t k = 0; k < seen.n; k++)
		free(seen.v[k]);
	VEC_FREE(&seen);
	if (have_shared)
		source_release(&shared);
	if (sp) {
		spell_wait(sp);
		if (!spell_load_error(sp, &e))
			cli_error(0, "warning: spelling: %s", e.msg);
	}
	spell_free(sp);
	free(no_source);
	check_repo_release(&repo);
	style_rules_free(rules);
	glossary_release(&gl);
	VEC_FREE(&files);
	VEC_FREE(&glossaries);
	if (!io_ok)
		return cli_error(EXIT_IOERR, "cannot write the findings to stdout");
	if (file_rc)
		return file_rc;
	return tot.errors ? EXIT_FINDINGS : 0;
}

const CliCommand cli_cmd_check = {
	"check", "check [OPTIONS] FILE...",
	"run the checks; findings on stdout", check_main, true,
};
