/* yeok stats [--format text|json] [PATH...]: translation progress per file.
 * A directory means every *.rst and *.py below it (hidden folders skipped), with a
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

static void print_text_row(const ProgressCount *c, const char *file, const char *checklist)
{
	Buf safe = BUF_INIT;
	text_sanitize(file, strlen(file), &safe);
	printf("%6zu %6zu %6zu %6zu %6zu %6.1f%%  %s%s%s\n", c->total, c->untranslated, c->draft,
	       c->done + c->reviewed, c->stale, progress_percent(c), safe.p ? safe.p : "",
	       checklist ? "  " : "", checklist ? checklist : "");
	buf_release(&safe);
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
	buf_addf(b, ",\"counted_from\":\"%s\",\"checklist\":", r->from);
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
		printf("%6s %6s %6s %6s %6s %7s  %s\n", "segs", "untr", "draft", "done", "stale",
		       "transl", "file  checklist");
		Buf cl = BUF_INIT;
		for (size_t i = 0; i < n; i++) {
			buf_clear(&cl);
			if (rows[i].has_sidecar)
				sidecar_checklist_text(&rows[i].checklist, &cl);
			print_text_row(&rows[i].c, rows[i].file,
			               rows[i].has_sidecar ? cl.p : "-");
		}
		buf_release(&cl);
		if (show_total) {
			char label[64];
			snprintf(label, sizeof(label), "total (%zu file%s)", n, n == 1 ? "" : "s");
			print_text_row(total, label, NULL);
		}
	}
}

static int run(int argc, char **argv)
{
	bool json = false, opts_done = false;
	PathVec args = {0};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		bool missing = false;
		if (!opts_done && (v = argv_opt_value(argc, argv, &i, "--format", &missing))) {
			if (missing) {
				VEC_FREE(&args);
				return cli_error(EXIT_USAGE, "--format needs a value\n%s", usage);
			}
			if (!strcmp(v, "json"))
				json = true;
			else if (!strcmp(v, "text"))
				json = false;
			else {
				VEC_FREE(&args);
				return cli_error(EXIT_USAGE, "--format: expected text or json, got '%s'", v);
			}
		} else if (!opts_done && (!strcmp(a, "--help") || !strcmp(a, "-h"))) {
			puts(usage);
			VEC_FREE(&args);
			return 0;
		} else if (!opts_done && !strcmp(a, "--")) {
			opts_done = true;
		} else if (!opts_done && a[0] == '-' && a[1]) {
			VEC_FREE(&args);
			return cli_error(EXIT_USAGE, "unknown option '%s'\n%s", a, usage);
		} else {
			VEC_PUSH(&args, (char *)a);
		}
	}
	if (args.n == 0)
		VEC_PUSH(&args, (char *)".");

	int rc = 0;
	bool any_dir = false;
	PathVec files = {0};
	/* a folder's history is read once for all its files (repo.h):
	 * hist_of[i] is that of files.v[i] (NULL for a file named itself) */
	VEC(SourceHistory *) hists = {0};
	VEC(SourceHistory *) hist_of = {0};
	for (size_t i = 0; i < args.n; i++) {
		struct stat st;
		if (stat(args.v[i], &st) != 0) {
			rc = cli_error(EXIT_NOINPUT, "%s: cannot open: %s", args.v[i], strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			any_dir = true;
			size_t before = files.n;
			repo_walk(args.v[i], &files);
			SourceHistory *h = files.n > before ? repo_history_open(args.v[i]) : NULL;
			if (h)
				VEC_PUSH(&hists, h);
			while (hist_of.n < files.n)
				VEC_PUSH(&hist_of, h);
		} else {
			VEC_PUSH(&files, xstrdup(args.v[i]));
			VEC_PUSH(&hist_of, NULL);
		}
	}
	VEC_FREE(&args);

	VEC(Row) rows = {0};
	ProgressCount total = {0};
	for (size_t i = 0; i < files.n; i++) {
		Row r = {.file = files.v[i]};
		Sidecar sc;
		sidecar_init(&sc);
		char *scp = sidecar_path(r.file);
		r.has_sidecar = file_exists(scp);
		free(scp);
		Err e;
		err_init(&e);
		if (!cli_sidecar_load(r.file, &sc, NULL, &e) ||
		    !cli_progress(r.file, &sc, hist_of.v[i], &r.c, &r.from, NULL, NULL, &e)) {
			int code = cli_report(&e);
			if (!rc)
				rc = code;
			sidecar_release(&sc);
			continue;
		}
		r.checklist = sc.checklist;
		r.checklist.extra = NULL;
		sidecar_release(&sc);
		add_counts(&total, &r.c);
		VEC_PUSH(&rows, r);
	}
	bool show_total = any_dir || rows.n > 1;

	print_rows(rows.v, rows.n, &total, json, show_total);
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
	"translation progress per file (a directory is searched for *.rst, *.py)", run,
};
