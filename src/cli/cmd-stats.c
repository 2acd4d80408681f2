/* yeok stats [--format text|json] [PATH...]: translation progress per file.
 * A directory means every *.rst and *.py below it, and the *.md pages of a Korean
 * tree (hidden folders skipped), with a
 * total line.  Per file: prose segments, untranslated, draft, done, stale,
 * % translated, checklist.  A file with a source record in its sidecar is
 * aligned against that English (offline); one without is counted from its
 * own text (prose blocks without Hangul are untranslated). */
#include <errno.h>
#include <sys/stat.h>

#include "cli-private.h"
#include "cli-sidecar.h"
#include "yeok/repo.h"
#include "yeok/source.h"
#include "yeok/text.h"

static const char usage[] = "usage: yeok stats [--format text|json] [PATH...]";

typedef RepoPaths PathVec;

typedef struct Row {
	char *file;
	ProgressCount c;
	const char *from; /* "source", "self" */
	RepoEnglish en;   /* which English, stale, behind upstream */
	bool has_sidecar;
	Checklist checklist;
} Row;

static void add_counts(ProgressCount *to, const ProgressCount *c)
{
	to->total += c->total;
	to->untranslated += c->untranslated;
	to->draft += c->draft;
	to->done += c->done;
	to->reviewed += c->reviewed;
	to->stale += c->stale;
}

/* en NULL: the total line (behind: the sum, english: the stale ones). */
static void print_text_row(const ProgressCount *c, const RepoEnglish *en, long behind,
                           const char *english, const char *file, const char *checklist)
{
	Buf safe = BUF_INIT;
	text_sanitize_line(file, strlen(file), &safe);
	char b[24] = "-";
	if ((en ? en->behind : behind) >= 0)
		snprintf(b, sizeof(b), "%ld", en ? en->behind : behind);
	printf("%6zu %6zu %6zu %6zu %6zu %6.1f%% %6s %-7s  %s%s%s\n", c->total, c->untranslated,
	       c->draft, c->done + c->reviewed, c->stale, progress_percent(c), b, english,
	       safe.p ? safe.p : "", checklist ? "  " : "", checklist ? checklist : "");
	buf_release(&safe);
}

/* The english column: "self" (no English found), "stale" (source-stale),
 * else "ok". */
static const char *english_word(const Row *r)
{
	return !strcmp(r->from, "self") ? "self" : r->en.stale ? "stale" : "ok";
}

static void json_counts(Buf *b, const ProgressCount *c)
{
	buf_addf(b, "\"segments\":%zu,\"untranslated\":%zu,\"draft\":%zu,\"done\":%zu,"
	            "\"reviewed\":%zu,\"stale\":%zu,\"translated_percent\":%.1f",
	         c->total, c->untranslated, c->draft, c->done, c->reviewed, c->stale,
	         progress_percent(c));
}

static void json_row(Buf *b, const Row *r)
{
	buf_adds(b, "{\"file\":");
	buf_add_json_str(b, str_from(r->file));
	buf_addc(b, ',');
	json_counts(b, &r->c);
	buf_addf(b, ",\"counted_from\":\"%s\",\"english\":{\"origin\":", r->from);
	buf_add_json_str(b, str_from(r->en.origin));
	buf_adds(b, ",\"what\":");
	buf_add_json_str(b, str_from(r->en.what));
	buf_addf(b, ",\"stale\":%s,\"blocks_differ\":%zu},\"behind_upstream\":",
	         r->en.stale ? "true" : "false", r->en.differ);
	if (r->en.behind >= 0)
		buf_addf(b, "%ld", r->en.behind);
	else
		buf_adds(b, "null");
	buf_adds(b, ",\"checklist\":");
	if (!r->has_sidecar) {
		buf_adds(b, "null}");
		return;
	}
	const Checklist *k = &r->checklist;
	buf_addf(b, "{\"license\":%s,", k->license < 0 ? "null" : k->license ? "true" : "false");
	if (k->issue > 0)
		buf_addf(b, "\"issue\":%ld,", k->issue);
	else
		buf_adds(b, "\"issue\":null,");
	if (k->type != PR_TYPE_NONE)
		buf_addf(b, "\"type\":\"%s\",", sidecar_type_name(k->type));
	else
		buf_adds(b, "\"type\":null,");
	buf_addf(b, "\"complete\":%s}}", sidecar_checklist_complete(k) ? "true" : "false");
}

/* The table (or the JSON) of the rows and their total. */
static void print_rows(const Row *rows, size_t n, const ProgressCount *total, bool json,
                       bool show_total)
{
	if (json) {
		Buf b = BUF_INIT;
		buf_adds(&b, "{\"files\":[");
		for (size_t i = 0; i < n; i++) {
			buf_adds(&b, i ? ",\n  " : "\n  ");
			json_row(&b, &rows[i]);
		}
		buf_adds(&b, "\n],\n\"total\":{");
		buf_addf(&b, "\"files\":%zu,", n);
		json_counts(&b, total);
		buf_adds(&b, "}}\n");
		fwrite(b.p, 1, b.len, stdout);
		buf_release(&b);
	} else {
		printf("%6s %6s %6s %6s %6s %7s %6s %-7s  %s\n", "segs", "untr", "draft", "done",
		       "stale", "transl", "behind", "english", "file  checklist");
		Buf cl = BUF_INIT;
		long behind = -1;
		size_t stale_en = 0;
		for (size_t i = 0; i < n; i++) {
			buf_clear(&cl);
			if (rows[i].has_sidecar)
				sidecar_checklist_text(&rows[i].checklist, &cl);
			print_text_row(&rows[i].c, &rows[i].en, 0, english_word(&rows[i]), rows[i].file,
			               rows[i].has_sidecar ? cl.p : "-");
			if (rows[i].en.behind >= 0)
				behind = (behind < 0 ? 0 : behind) + rows[i].en.behind;
			stale_en += rows[i].en.stale;
		}
		buf_release(&cl);
		if (show_total) {
			char label[64], st[16];
			snprintf(label, sizeof(label), "total (%zu file%s)", n, n == 1 ? "" : "s");
			snprintf(st, sizeof(st), "%zu stale", stale_en);
			print_text_row(total, NULL, behind, st, label, NULL);
		}
	}
}

/* The options; the paths go to args ("." when none).  -1: go on, else
 * the exit code (usage or --help). */
static int parse_args(int argc, char **argv, bool *json, PathVec *args)
{
	bool opts_done = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		bool missing = false;
		if (!opts_done && (v = argv_opt_value(argc, argv, &i, "--format", &missing))) {
			if (missing)
				return cli_usage_error(EXIT_USAGE, usage, "--format needs a value");
			if (!strcmp(v, "json"))
				*json = true;
			else if (!strcmp(v, "text"))
				*json = false;
			else
				return cli_error(EXIT_USAGE, "--format: expected text or json, got '%s'", v);
		} else if (!opts_done && (!strcmp(a, "--help") || !strcmp(a, "-h"))) {
			puts(usage);
			return 0;
		} else if (!opts_done && !strcmp(a, "--")) {
			opts_done = true;
		} else if (!opts_done && a[0] == '-' && a[1]) {
			return cli_usage_error(EXIT_USAGE, usage, "unknown option '%s'", a);
		} else {
			VEC_PUSH(args, (char *)a);
		}
	}
	if (args->n == 0)
		VEC_PUSH(args, (char *)".");
	return -1;
}

typedef VEC(SourceHistory *) Hists;

/* The files of the arguments (a folder: its tutorial files).  A folder's
 * history is read once for all its files (repo.h): hist_of[i] is that of
 * files[i] (NULL for a file named itself); hists owns them. */
static int collect_files(const PathVec *args, PathVec *files, Hists *hists, Hists *hist_of,
                         bool *any_dir)
{
	int rc = 0;
	for (size_t i = 0; i < args->n; i++) {
		struct stat st;
		if (stat(args->v[i], &st) != 0) {
			rc = cli_error(EXIT_NOINPUT, "%s: cannot open: %s", args->v[i], strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			*any_dir = true;
			size_t before = files->n;
			/* what cannot be read is said, one line each, and sets the status */
			Buf problems = BUF_INIT;
			int code = repo_walk(args->v[i], files, &problems);
			for (const char *p = problems.p, *nl; p && *p; p = nl + 1) {
				nl = strchr(p, '\n');
				(void)cli_error(0, "%.*s", (int)(nl - p), p);
			}
			buf_release(&problems);
			if (code && !rc)
				rc = code;
			SourceHistory *h = files->n > before ? repo_history_open(args->v[i]) : NULL;
			if (h)
				VEC_PUSH(hists, h);
			while (hist_of->n < files->n)
				VEC_PUSH(hist_of, h);
		} else {
			VEC_PUSH(files, xstrdup(args->v[i]));
			VEC_PUSH(hist_of, NULL);
		}
	}
	return rc;
}

/* One file's row; false (the error said, *rc set when still 0) when it
 * cannot be counted. */
static bool count_file(char *file, SourceHistory *hist, Row *r, int *rc)
{
	*r = (Row){.file = file};
	Sidecar sc;
	sidecar_init(&sc);
	char *scp = sidecar_path(file);
	r->has_sidecar = file_exists(scp);
	free(scp);
	Err e;
	err_init(&e);
	if (!cli_sidecar_load(file, &sc, NULL, &e) ||
	    !cli_progress(file, &sc, hist, &r->c, &r->from, NULL, NULL, &r->en, &e)) {
		int code = cli_report(&e);
		if (!*rc)
			*rc = code;
		sidecar_release(&sc);
		return false;
	}
	r->checklist = sc.checklist;
	r->checklist.extra = NULL;
	sidecar_release(&sc);
	return true;
}

static int run(int argc, char **argv)
{
	bool json = false, any_dir = false;
	PathVec args = {0};
	int rc = parse_args(argc, argv, &json, &args);
	if (rc >= 0) {
		VEC_FREE(&args);
		return rc;
	}
	PathVec files = {0};
	Hists hists = {0}, hist_of = {0};
	rc = collect_files(&args, &files, &hists, &hist_of, &any_dir);
	VEC_FREE(&args);

	VEC(Row) rows = {0};
	ProgressCount total = {0};
	for (size_t i = 0; i < files.n; i++) {
		Row r;
		if (!count_file(files.v[i], hist_of.v[i], &r, &rc))
			continue;
		add_counts(&total, &r.c);
		VEC_PUSH(&rows, r);
	}
	print_rows(rows.v, rows.n, &total, json, any_dir || rows.n > 1);
	for (size_t i = 0; i < files.n; i++)
		free(files.v[i]);
	VEC_FREE(&files);
	for (size_t i = 0; i < hists.n; i++)
		source_history_close(hists.v[i]);
	VEC_FREE(&hists);
	VEC_FREE(&hist_of);
	VEC_FREE(&rows);
	return rc;
}

const CliCommand cli_cmd_stats = {
	"stats", "stats [--format text|json] [PATH...]",
	"translation progress per file (a directory is searched for *.rst, *.py, a Korean tree's *.md)", run,
};
