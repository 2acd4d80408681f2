/* yeok check [--source PATH...|--source-rev REV] [--format text|json|github]
 *            [--only IDS|--disable IDS] [--glossary PATH]... [--no-spell]
 *            [--since REV] FILE...
 * Runs the checks (DESIGN.md §3.2, §3.3) and prints the findings on
 * stdout.  Exit 1 when an error was found.  --since REV: only the findings
 * on lines changed since REV (committed or not); with no FILE every
 * tutorial changed since REV.  --format github with $GITHUB_STEP_SUMMARY
 * set: every finding in the step summary as a Markdown table, annotations
 * for the first ten of each kind (GitHub shows no more per step). */
#include <errno.h>
#include <limits.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cli-private.h"
#include "yeok/check.h"
#include "yeok/context.h"
#include "yeok/diff.h"
#include "yeok/pair.h"
#include "yeok/repo.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"
#include "yeok/spell.h"
#include "yeok/text.h"
#include "yeok/vcs.h"
#include "yeok/stats.h"

static void usage_help(void)
{
	printf("usage: yeok %s\n%s\n"
	       "  --source PATH          the English original (one FILE, or the same for all);\n"
	       "                         repeated, one per FILE in FILE order\n"
	       "  --source-rev REV       the English original is each FILE at git revision REV\n"
	       "  --format text|json|github   output (default text: FILE:LINE:COL: SEVERITY: ...)\n"
	       "  --only IDS             run only these checks (comma-separated)\n"
	       "  --disable IDS          run all but these checks\n"
	       "  --glossary PATH        glossary file (YAML or the guide's Markdown table);\n"
	       "                         repeatable; added to the shipped glossary/ko.yaml\n"
	       "                         and config.yaml's glossary:\n"
	       "  --rules PATH           team style rule file (repeatable); default:\n"
	       "                         config.yaml's rules:, else the shipped glossary/rules.yaml\n"
	       "  --since REV            only findings on lines changed since git revision REV\n"
	       "                         (committed or not, as `git diff REV` sees them); with\n"
	       "                         no FILE, every tutorial (.rst, .py) changed since REV\n"
	       "  --no-spell             no spelling check (it loads the Korean dictionary:\n"
	       "                         0.35 s); project words: .yeok-words at the git top\n"
	       "                         level, personal words: $XDG_DATA_HOME/yeok/words;\n"
	       "                         in a git work tree the words of the repository's\n"
	       "                         translated files are known (cached per HEAD)\n"
	       "The English: --source, --source-rev, the sidecar's record, else the newest\n"
	       "English revision in the file's git history; without one the checks that\n"
	       "compare with the English are skipped.\n"
	       "--format github: annotations; with $GITHUB_STEP_SUMMARY set, every finding\n"
	       "goes into the step summary as a Markdown table and the annotations are the\n"
	       "first ten errors, warnings and notices (GitHub shows no more per step).\n"
	       "Exit status: 0 no errors, 1 errors found (with --since: on the changed lines),\n"
	       "64 usage, 65/66/74 input, 78 glossary.\n"
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

/* One row of the GitHub step summary. */
typedef struct SummaryRow {
	CheckSeverity sev;
	char *file;
	size_t line, col;
	CheckId check;
	char *message;
} SummaryRow;

/* --since REV: what the files are compared with. */
typedef struct Since {
	const char *rev;  /* as given */
	char *top;        /* the work tree it was resolved in (owned) */
	char id[41];      /* rev's commit there */
	VcsBatch *batch;  /* reads rev's blobs there */
} Since;

/* A work tree of the files checked: what is read once for all its files
 * (the top level found once, one `git log` for the English of every file,
 * one `git cat-file --batch`, one translation memory). */
typedef struct RunTree {
	char *top;           /* git's top level (owned) */
	SourceHistory *hist; /* the files' English (source_history_open_files), or
	                        NULL: found per file */
	CliTm *tm;           /* its memory, opened at the first file that asks */
} RunTree;

/* What one run prints and counts. */
typedef struct Run {
	CheckFormat fmt;
	Totals tot;
	Since *since;            /* NULL: every finding */
	bool summary;            /* $GITHUB_STEP_SUMMARY: rows collected */
	VEC(SummaryRow) rows;
	size_t annotated[3];     /* github annotations printed per severity */
	VEC(RunTree) trees;      /* the work trees of the files */
} Run;

/* The work tree of file among run's, or NULL (in none, or git failed). */
static RunTree *tree_of(Run *run, const char *file)
{
	char *top = NULL;
	if (!run->trees.n || !vcs_toplevel(file, &top, NULL))
		return NULL;
	RunTree *t = NULL;
	for (size_t i = 0; i < run->trees.n && !t; i++)
		if (!strcmp(run->trees.v[i].top, top))
			t = &run->trees.v[i];
	free(top);
	return t;
}

/* The work trees of the files, each with the history of its files when
 * the English comes from git (not --source, --source-rev). */
static void open_trees(Run *run, const char *const *files, size_t n, const SourceOpts *so)
{
	VEC(char *) rels = {0};
	for (size_t i = 0; i < n; i++) {
		char *top = NULL, *rel = NULL;
		if (vcs_outside_work_tree(files[i]) || !vcs_toplevel(files[i], &top, NULL))
			continue;
		bool have = false;
		for (size_t k = 0; k < run->trees.n && !have; k++)
			have = !strcmp(run->trees.v[k].top, top);
		if (have) {
			free(top);
			continue;
		}
		RunTree t = {top, NULL, NULL};
		char head[41];
		Err e;
		err_init(&e);
		/* the files of this tree, as git names them */
		for (size_t k = i; !so->path && !so->rev && k < n; k++) {
			char *other = NULL;
			if (vcs_toplevel(files[k], &other, NULL) && !strcmp(other, top) &&
			    vcs_relpath(files[k], &rel, NULL))
				VEC_PUSH(&rels, rel);
			free(other);
		}
		if (rels.n && vcs_commit(top, "HEAD", head, NULL) &&
		    !source_history_open_files(top, head, (const char *const *)rels.v, rels.n,
		                               &t.hist, &e))
			t.hist = NULL; /* each file asks git itself (and says what fails) */
		for (size_t k = 0; k < rels.n; k++)
			free(rels.v[k]);
		rels.n = 0;
		VEC_PUSH(&run->trees, t);
	}
	VEC_FREE(&rels);
}

static void close_trees(Run *run)
{
	for (size_t i = 0; i < run->trees.n; i++) {
		source_history_close(run->trees.v[i].hist);
		cli_tm_close(run->trees.v[i].tm);
		free(run->trees.v[i].top);
	}
	VEC_FREE(&run->trees);
}

static void since_release(Since *s)
{
	free(s->top);
	vcs_batch_close(s->batch);
	s->top = NULL;
	s->batch = NULL;
}

/* The lines of file changed since s->rev (*lines: *n flags, owned); a
 * file rev lacks is new throughout.  False with e when git fails. */
static bool since_lines(Since *s, const char *file, bool **lines, size_t *n, Err *e)
{
	char *top = NULL, *rel = NULL;
	if (!vcs_toplevel(file, &top, e) || !vcs_relpath(file, &rel, e)) {
		free(top);
		return false;
	}
	bool ok = true;
	if (!s->top || strcmp(s->top, top) != 0) { /* the first file, or another work tree */
		since_release(s);
		char *probe = path_join(top, ".");
		ok = vcs_commit(probe, s->rev, s->id, e);
		free(probe);
		s->top = xstrdup(top);
		s->batch = ok ? vcs_batch_open(top, e) : NULL;
		ok = ok && s->batch;
	}
	Buf old = BUF_INIT, now = BUF_INIT;
	bool found = false, too_big = false;
	char *spec = xasprintf("%s:%s", s->id, rel);
	ok = ok && vcs_batch_read(s->batch, spec, FILE_MAX_BYTES, &old, &found, &too_big, e);
	ok = ok && file_read(file, &now, e);
	if (ok) {
		if (!found) /* new since rev: every line */
			buf_clear(&old);
		if (!found && !now.len) {
			*lines = xcalloc(1, sizeof(bool));
			*n = 0;
		} else if (!found) {
			diff_changed_lines("", 0, now.p, now.len, lines, n);
		} else {
			diff_changed_lines(old.p ? old.p : "", old.len, now.p ? now.p : "", now.len,
			                   lines, n);
		}
	}
	free(spec);
	buf_release(&old);
	buf_release(&now);
	free(top);
	free(rel);
	return ok;
}

/* Keep the findings of v that touch a changed line. */
static void keep_changed(FindingVec *v, const bool *lines, size_t n)
{
	size_t w = 0;
	for (size_t r = 0; r < v->n; r++) {
		Finding *f = &v->v[r];
		size_t last = f->last > f->line ? f->last : f->line;
		bool keep = false;
		for (size_t l = f->line; l <= last && l < n && !keep; l++)
			keep = lines[l];
		if (!keep) {
			finding_release(f);
			continue;
		}
		v->v[w++] = *f;
	}
	v->n = w;
}

/* Print (or, for the summary, keep) one finding. */
static void emit(Run *run, const char *file, const Finding *f, Buf *out)
{
	run->tot.errors += f->sev == SEV_ERROR;
	run->tot.warnings += f->sev == SEV_WARNING;
	run->tot.infos += f->sev == SEV_INFO;
	if (run->fmt == CF_GITHUB && run->summary) {
		SummaryRow r = {f->sev, xstrdup(file), f->line + 1, f->col, f->check,
		                xstrdup(f->message)};
		VEC_PUSH(&run->rows, r);
		/* GitHub shows ten annotations of each kind per step */
		if (run->annotated[f->sev]++ >= 10)
			return;
	}
	check_format_finding(file, f, run->fmt, run->tot.first_json, out);
	run->tot.first_json = false;
}

static int cmp_row(const void *a, const void *b)
{
	const SummaryRow *x = a, *y = b;
	if (x->sev != y->sev)
		return x->sev > y->sev ? -1 : 1;
	int c = strcmp(x->file, y->file);
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

/* A table cell: terminal-safe, one line, '|' escaped. */
static void add_cell(Buf *out, const char *s)
{
	Buf safe = BUF_INIT;
	text_sanitize(s, strlen(s), &safe);
	for (size_t i = 0; i < safe.len; i++) {
		char c = safe.p[i];
		if (c == '|')
			buf_adds(out, "\\|");
		else if (c == '\n' || c == '\r')
			buf_addc(out, ' ');
		else if (c == '<')
			buf_adds(out, "&lt;");
		else
			buf_addc(out, c);
	}
	buf_release(&safe);
}

/* Append the step summary: a heading, the counts, every finding as a row
 * (errors first); false with a message when the file cannot be written. */
static bool write_summary(Run *run, const char *path, const char *since)
{
	if (run->rows.n > 1)
		qsort(run->rows.v, run->rows.n, sizeof(SummaryRow), cmp_row);
	Buf md = BUF_INIT;
	buf_adds(&md, "## yeok check\n\n");
	if (since) {
		buf_adds(&md, "Findings on the lines changed since `");
		add_cell(&md, since);
		buf_adds(&md, "`: ");
	}
	buf_addf(&md, "%zu error%s, %zu warning%s, %zu notice%s.\n", run->tot.errors,
	         run->tot.errors == 1 ? "" : "s", run->tot.warnings,
	         run->tot.warnings == 1 ? "" : "s", run->tot.infos, run->tot.infos == 1 ? "" : "s");
	if (run->rows.n) {
		buf_adds(&md, "\n| file | line | severity | check | message |\n"
		              "|---|---:|---|---|---|\n");
		for (size_t i = 0; i < run->rows.n; i++) {
			const SummaryRow *r = &run->rows.v[i];
			buf_adds(&md, "| ");
			add_cell(&md, r->file);
			buf_addf(&md, " | %zu | %s | %s | ", r->line,
			         r->sev == SEV_INFO ? "notice" : check_severity_name(r->sev),
			         check_info(r->check)->id);
			add_cell(&md, r->message);
			buf_adds(&md, " |\n");
		}
	}
	buf_addc(&md, '\n');
	FILE *fp = fopen(path, "a");
	bool ok = fp && fwrite(md.p, 1, md.len, fp) == md.len;
	if (fp && fclose(fp) != 0)
		ok = false;
	buf_release(&md);
	if (!ok)
		cli_error(0, "%s: cannot append the step summary: %s", path, strerror(errno));
	return ok;
}

static void run_release(Run *run)
{
	for (size_t i = 0; i < run->rows.n; i++) {
		free(run->rows.v[i].file);
		free(run->rows.v[i].message);
	}
	VEC_FREE(&run->rows);
}

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
static int check_file(const char *file, const SourceOpts *so, Context *ctx, Spell *sp, Run *run,
                      Buf *out)
{
	const CheckSet *set = &ctx->set;
	Err e;
	err_init(&e);
	int brc = refuse_binary(file);
	if (brc)
		return brc;
	bool *changed = NULL;
	size_t nchanged = 0;
	if (run->since && !since_lines(run->since, file, &changed, &nchanged, &e))
		return cli_report(&e);
	Sidecar sc;
	sidecar_init(&sc);
	load_record(file, &sc, so->path || so->rev); /* the record is used without them */
	DocPair pr;
	pair_init(&pr);
	RunTree *tree = tree_of(run, file);
	bool ok = pair_build_in(&pr, tree ? tree->hist : NULL, file, NULL, 0, so, &sc, &e);
	if (!ok) {
		sidecar_release(&sc);
		free(changed);
		return cli_report(&e);
	}
	bool have = pair_has_source(&pr);
	Buf skipped = BUF_INIT;
	if (!have && check_skipped_without_source(set, &skipped))
		cli_error(0, "info: %s: no English source (--source PATH, --source-rev REV, a sidecar "
		             "record or an English revision in its git history): skipped %s",
		          file, skipped.p);
	buf_release(&skipped);
	FindingVec fv = {0};
	context_check_pair(ctx, &pr, &sc, sp, &fv);
	if (have && tree && set->on[CK_CONSISTENCY]) {
		/* consistency across the repository, from its translation memory */
		if (!tree->tm)
			tree->tm = cli_tm_open(tree->top);
		cli_tm_check(tree->tm, file, &pr.src_host, &pr.tgt_host, &pr.al, set, &fv);
	}
	if (run->since)
		keep_changed(&fv, changed, nchanged);
	for (size_t i = 0; i < fv.n; i++)
		emit(run, file, &fv.v[i], out);
	free(changed);
	findings_clear(&fv);
	VEC_FREE(&fv);
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

/* Check each file once (even when named twice, or through another path)
 * and print the findings; *file_rc gets the first failure's exit code.
 * False when stdout could not be written. */
static bool check_files(const char *const *files, const char *const *sources, size_t n,
                        const SourceOpts *so, Context *ctx, Spell *sp, Run *run, int *file_rc)
{
	/* Each file once, even when named twice (or through another path). */
	VEC(char *) seen = {0};
	Buf out = BUF_INIT;
	if (run->fmt == CF_JSON)
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
		SourceOpts one = *so; /* sources: the k-th FILE's English */
		if (sources)
			one.path = sources[i];
		int r = check_file(files[i], &one, ctx, sp, run, &out);
		if (r && !*file_rc)
			*file_rc = r;
		if (out.len > 65536 && run->fmt != CF_JSON)
			io_ok &= flush_out(&out);
	}
	if (run->fmt == CF_JSON)
		buf_adds(&out, run->tot.first_json ? "]\n" : "\n]\n");
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
	bool no_spell;
	const char *since;  /* --since REV */
	VEC(char *) found;  /* the files --since found (owned; files points into it) */
	const char *only, *disable;
	VEC(const char *) files;
	VEC(const char *) sources; /* each --source, in order: one per FILE */
	VEC(const char *) glossaries;
	VEC(const char *) rule_files;
	bool help; /* --help was printed */
} CheckArgs;

static void check_args_release(CheckArgs *a)
{
	VEC_FREE(&a->files);
	VEC_FREE(&a->sources);
	for (size_t i = 0; i < a->found.n; i++)
		free(a->found.v[i]);
	VEC_FREE(&a->found);
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
			VEC_PUSH(&ca->sources, v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--format", &missing))) {
			if (!missing && !check_format_parse(v, &ca->fmt))
				rc = cli_error(EXIT_USAGE, "--format must be text, json or github, not '%s'",
				               v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--since", &missing))) {
			ca->since = v;
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
			ca->no_spell = true;
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
	if (!ca->files.n && !ca->since)
		return cli_error(EXIT_USAGE, "usage: yeok %s", cli_cmd_check.synopsis);
	if (ca->sources.n && ca->so.rev)
		return cli_error(EXIT_USAGE, "--source and --source-rev exclude each other");
	/* one --source: the same English for every FILE (as it always was);
	 * more: one per FILE */
	if ((ca->sources.n > 1 && ca->sources.n != ca->files.n) || (ca->sources.n && !ca->files.n))
		return cli_error(EXIT_USAGE,
		                 "check: %zu --source for %zu FILE%s: give one --source for all, or one "
		                 "per FILE in FILE order", ca->sources.n, ca->files.n,
		                 ca->files.n == 1 ? "" : "s");
	if (ca->sources.n)
		ca->so.path = ca->sources.v[0]; /* one or more: no history read */
	if (ca->only && ca->disable)
		return cli_error(EXIT_USAGE, "--only and --disable exclude each other");
	(void)e;
	return 0;
}

static bool want_tutorial(const char *path)
{
	return repo_is_tutorial(path);
}

/* --since REV with no FILE: every tutorial of the current folder's work
 * tree changed since REV, into ca->files (paths relative to the current
 * folder when it is the top level, else absolute).  The exit code of a
 * failure, 0. */
static int find_changed(CheckArgs *ca)
{
	Err e;
	err_init(&e);
	char *top = NULL;
	if (!vcs_toplevel(".", &top, &e))
		return cli_report(&e);
	Buf names = BUF_INIT;
	if (!vcs_changed_since(top, ca->since, want_tutorial, &names, &e)) {
		buf_release(&names);
		free(top);
		return cli_report(&e);
	}
	char *cwd = realpath(".", NULL), *rtop = realpath(top, NULL);
	bool at_top = cwd && rtop && !strcmp(cwd, rtop);
	for (size_t at = 0; at < names.len;) {
		const char *name = names.p + at;
		size_t len = strnlen(name, names.len - at);
		at += len + 1;
		char *p = at_top ? xmemdup0(name, len) : path_join(top, name);
		VEC_PUSH(&ca->found, p);
	}
	for (size_t i = 0; i < ca->found.n; i++)
		VEC_PUSH(&ca->files, ca->found.v[i]);
	if (!ca->found.n)
		cli_error(0, "info: no tutorial (.rst, .py) changed since %s in %s", ca->since, top);
	free(cwd);
	free(rtop);
	buf_release(&names);
	free(top);
	return 0;
}

/* Check the files with the context assembled; the exit code. */
static int run_checks(const CheckArgs *ca, Context *ctx)
{
	Err e;
	err_init(&e);
	Run run = {.fmt = ca->fmt, .tot = {0, 0, 0, true}};
	const char *summary = getenv("GITHUB_STEP_SUMMARY");
	run.summary = ca->fmt == CF_GITHUB && summary && *summary;
	Since since = {ca->since, NULL, "", NULL};
	run.since = ca->since ? &since : NULL;
	if (!ca->files.n) { /* --since found none */
		bool ok = !run.summary || write_summary(&run, summary, ca->since);
		if (ca->fmt == CF_JSON && !cli_out("[]\n", 3))
			ok = false;
		return ok ? 0 : EXIT_IOERR;
	}
	/* What the repository of the first file says (its words, 하다 stems,
	 * renderings), cached per repository and HEAD. */
	const bool *on = ctx->set.on; /* only the checks that read it */
	if ((on[CK_SPELLING] || on[CK_SPACING] || on[CK_CONSISTENCY]) &&
	    !context_load_repo(ctx, ca->files.v[0], &e))
		cli_error(0, "warning: repository words: %s", e.msg);
	err_init(&e);
	/* The dictionaries load (once, for all files) while the files are
	 * read; glossary terms and the word lists never flag. */
	Spell *sp = context_spell(ctx, ca->files.v[0], false);
	int file_rc = 0;
	open_trees(&run, (const char *const *)ca->files.v, ca->files.n, &ca->so);
	const char *const *sources = ca->sources.n > 1 ? (const char *const *)ca->sources.v : NULL;
	bool io_ok = check_files((const char *const *)ca->files.v, sources, ca->files.n, &ca->so,
	                         ctx, sp, &run, &file_rc);
	close_trees(&run);
	since_release(&since);
	bool sum_ok = !run.summary || write_summary(&run, summary, ca->since);
	size_t errors = run.tot.errors;
	run_release(&run);
	if (sp) {
		spell_wait(sp);
		if (!spell_load_error(sp, &e))
			cli_error(0, "warning: spelling: %s", e.msg);
	}
	if (getenv("YEOK_STATS")) { /* the work done, counted (tests assert it) */
		SpellStats ss = {0};
		if (sp)
			spell_stats(sp, &ss);
		Buf st = BUF_INIT;
		stats_describe(0, STAT_PRINTED, &st);
		cli_error(0, "stats: %s, dictionaries loaded %u, words looked up %llu, suggestions "
		             "computed %llu",
		          st.p ? st.p : "", ss.dicts_loaded, (unsigned long long)ss.dict_calls,
		          (unsigned long long)ss.suggestions);
		buf_release(&st);
	}
	if (!io_ok)
		return cli_error(EXIT_IOERR, "cannot write the findings to stdout");
	if (file_rc)
		return file_rc;
	if (!sum_ok)
		return EXIT_IOERR;
	return errors ? EXIT_FINDINGS : 0;
}

static int check_main(int argc, char **argv)
{
	CheckArgs ca = {.so = {.history = true, .self_fallback = false}, .fmt = CF_TEXT};
	int rc = parse_args(argc, argv, &ca);
	if (!rc && !ca.help)
		rc = check_args(&ca);
	if (!rc && !ca.help && ca.since && !ca.files.n)
		rc = find_changed(&ca);
	if (rc || ca.help) {
		check_args_release(&ca);
		return rc;
	}
#ifdef __GLIBC__
	/* A file's large tables (the inferred renderings' pair counts, the
	 * segments' ids: 100 KiB-1 MiB) from the heap, and the heap kept: with
	 * glibc's 128 KiB mmap threshold and trimming, every file mapped them
	 * afresh and paid a page fault a page (30 corpus pairs in one run:
	 * 1,946 -> 1,164 faults, 144 -> 122 ms task-clock; PERF.md round 16). */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
	Context ctx;
	context_init(&ctx);
	ContextOpts co = {cli_config(), ca.glossaries.v, ca.glossaries.n, ca.rule_files.v,
	                  ca.rule_files.n, ca.only, ca.disable, ca.no_spell, false};
	Err e;
	err_init(&e);
	if (!context_load(&ctx, &co, &e))
		rc = cli_report(&e);
	else if (ctx.notes.len)
		cli_error(0, "warning: %s", ctx.notes.p); /* said once */
	ctx.spell_cache = true; /* the answers of the last run are kept */
	check_memo_size(8192);  /* every block's scan, once */
	if (!rc)
		rc = run_checks(&ca, &ctx);
	spell_exiting(ctx.spell); /* the process ends: no Hunspell_destroy */
	context_release(&ctx);
	check_args_release(&ca);
	return rc;
}

const CliCommand cli_cmd_check = {
	"check", "check [OPTIONS] [--since REV] FILE...",
	"run the checks; findings on stdout", check_main,
};
