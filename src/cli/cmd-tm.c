/* yeok tm build|update|query|export|import: the translation memory of the
 * repository (include/yeok/tm.h). */
#include <time.h>

#include "cli-private.h"
#include "yeok/align.h"
#include "yeok/check.h"
#include "yeok/config.h"
#include "yeok/text.h"
#include "yeok/tm.h"
#include "yeok/vcs.h"

static const char usage[] =
	"usage: yeok tm build [--tm PATH] [--exclude PATH]... [REPO]\n"
	"       yeok tm update [--tm PATH] [REPO]\n"
	"       yeok tm query [--tm PATH] [--format text|json] [--max N] [--min N]\n"
	"                     [--file PATH] TEXT\n"
	"       yeok tm export [--tm PATH] --tmx FILE\n"
	"       yeok tm import [--tm PATH] FILE.tmx\n"
	"       yeok tm terms [--tm PATH] [--max N]\n";

static void help(void)
{
	printf("%s\n"
	       "The translation memory: every translated .rst of the repository at HEAD,\n"
	       "paired with its English from the history (or the sidecar's record),\n"
	       "aligned, the confident prose segments kept with file, commit, author, date.\n"
	       "  build          read the whole repository (REPO: default the git top level\n"
	       "                 of the current folder)\n"
	       "  update         only the commits since the last build (a missing, corrupt or\n"
	       "                 diverged memory is built again)\n"
	       "  query TEXT     matches for an English text: 100%% exact, fuzzy scores as\n"
	       "                 OmegaT's (token edit distance); [-words-] the query lacks\n"
	       "  export --tmx   write TMX 1.4 (OmegaT reads it from a project's tm/ folder)\n"
	       "  import FILE    read TMX (English to Korean pairs)\n"
	       "  terms          short English segments (titles, list items of at most N\n"
	       "                 words, default 4) with two or more Korean renderings\n"
	       "Options:\n"
	       "  --tm PATH      the memory (else tm: in config.yaml, else\n"
	       "                 $XDG_CACHE_HOME/yeok/tm/<root commit>.sqlite)\n"
	       "  --exclude PATH leave a repository path out of the build (repeatable)\n"
	       "  --format text|json, --max N (default %d), --min N (default %d)\n"
	       "  --file PATH    query: leave out the segments of this repository path\n",
	       usage, TM_DEFAULT_MAX, TM_DEFAULT_MIN);
}

typedef struct TmArgs {
	const char *tm;
	const char *format;
	const char *tmx;
	const char *file;
	long max, min;
	VEC(const char *) exclude;
	VEC(const char *) pos;
} TmArgs;

static void out_safe(Buf *b, const char *s)
{
	text_sanitize_line(s, strlen(s), b);
}

/* The work tree's top level: REPO, else the current folder's. */
static bool find_top(const char *repo, char **top, Err *e)
{
	if (!vcs_toplevel(repo ? repo : ".", top, e))
		return false;
	return true;
}

/* config.yaml's `tm:` (cli_config), NULL when it names none. */
static char *config_tm(void)
{
	const Config *c = cli_config();
	return c->tm ? xstrdup(c->tm) : NULL;
}

/* Where the memory is: --tm, else `tm:` in config.yaml, else the default
 * location of the repository at top (needs top). */
static bool find_db(const TmArgs *a, const char *top, char **db, Err *e)
{
	if (a->tm) {
		*db = xstrdup(a->tm);
		return true;
	}
	if ((*db = config_tm()))
		return true;
	if (!top)
		return err_set(e, EXIT_USAGE, "not in a git work tree: give --tm PATH");
	char id[41];
	if (!tm_repo_id(top, id, e))
		return false;
	*db = tm_default_path(id);
	return true;
}

static void print_stats(FILE *to, const char *verb, const char *db, const TmStats *st)
{
	Buf b = BUF_INIT;
	buf_addf(&b, "%s ", verb);
	out_safe(&b, db);
	buf_addf(&b, ": %zu commit%s, %zu file%s (%zu skipped), %zu segments", st->commits,
	         st->commits == 1 ? "" : "s", st->files, st->files == 1 ? "" : "s", st->skipped,
	         st->segments);
	if (st->dropped)
		buf_addf(&b, " (%zu not confident)", st->dropped);
	if (st->removed)
		buf_addf(&b, ", %zu removed", st->removed);
	buf_addc(&b, '\n');
	fputs(b.p, to);
	buf_release(&b);
}

static int run_build(TmArgs *a, bool update)
{
	if (a->pos.n > 1)
		return cli_error(EXIT_USAGE, "%s", usage);
	Err e;
	err_init(&e);
	char *top = NULL, *db = NULL;
	if (!find_top(a->pos.n ? a->pos.v[0] : NULL, &top, &e) || !find_db(a, top, &db, &e)) {
		free(top);
		return cli_report(&e);
	}
	VEC_PUSH(&a->exclude, NULL);
	TmBuildOpts o = {top, db, a->exclude.n > 1 || !update ? a->exclude.v : NULL, NULL};
	TmStats st;
	uint64_t t0 = now_ns();
	bool ok = update ? tm_update(&o, &st, &e) : tm_build(&o, &st, &e);
	int rc = 0;
	if (!ok) {
		rc = cli_report(&e);
	} else if (st.up_to_date) {
		Buf b = BUF_INIT;
		buf_adds(&b, "up to date: ");
		out_safe(&b, db);
		buf_addf(&b, " (HEAD %.12s)\n", st.head);
		fputs(b.p, stdout);
		buf_release(&b);
	} else {
		if (update && st.full)
			cli_error(0, "%s: built again: %s", db, st.rebuilt);
		print_stats(stdout, st.full ? "built" : "updated", db, &st);
		fprintf(stderr, "yeok: tm %s took %.2f s\n", update ? "update" : "build",
		        (double)(now_ns() - t0) / 1e9);
	}
	free(top);
	free(db);
	return rc;
}

/* Open the memory for reading; a corrupt one is reported and built again
 * once (when the repository is known). */
/* Report e (a broken memory) and build it again; the new one opened. */
static Tm *rebuild(const char *db, const char *top, bool writable, Err *e)
{
	/* only a memory yeok made is built again; anything else is named */
	Err whose;
	err_init(&whose);
	if (!tm_may_replace(db, &whose)) {
		err_set(e, whose.code, "%s", whose.msg);
		return NULL;
	}
	cli_error(0, "%s: building it again", e->msg);
	err_init(e);
	TmBuildOpts o = {top, db, NULL, NULL};
	TmStats st;
	if (!tm_build(&o, &st, e))
		return NULL;
	print_stats(stderr, "yeok: built", db, &st);
	return tm_open(db, writable, e);
}

static Tm *open_or_rebuild(const char *db, const char *top, bool writable, Err *e)
{
	Tm *tm = tm_open(db, writable, e);
	if (tm || e->code != EXIT_DATAERR || !top)
		return tm;
	return rebuild(db, top, writable, e);
}

/* The memory a query, export, import or terms command reads: --tm, else
 * that of the current folder's repository (built again when corrupt). */
typedef struct Memory {
	char *top; /* the work tree's top level, or NULL outside one */
	char *db;
	Tm *tm;
} Memory;

static bool open_memory(const TmArgs *a, bool writable, Memory *m, Err *e)
{
	memset(m, 0, sizeof(*m));
	Err quiet;
	err_init(&quiet);
	if (!find_top(NULL, &m->top, &quiet))
		m->top = NULL;
	if (!find_db(a, m->top, &m->db, e))
		return false;
	m->tm = open_or_rebuild(m->db, m->top, writable, e);
	return m->tm != NULL;
}

static void close_memory(Memory *m)
{
	tm_close(m->tm);
	free(m->top);
	free(m->db);
	memset(m, 0, sizeof(*m));
}

static void add_date(Buf *b, long long t)
{
	if (t <= 0) {
		buf_adds(b, "-");
		return;
	}
	time_t tt = (time_t)t;
	struct tm g;
	gmtime_r(&tt, &g);
	buf_addf(b, "%04d-%02d-%02d", g.tm_year + 1900, g.tm_mon + 1, g.tm_mday);
}

static void print_match_text(Buf *b, const TmMatch *m)
{
	buf_addf(b, "%3d%%  ", m->score);
	if (*m->file) {
		out_safe(b, m->file);
		if (m->line)
			buf_addf(b, ":%ld", m->line);
	} else {
		buf_adds(b, m->imported ? "(imported)" : "-");
	}
	buf_adds(b, "  ");
	add_date(b, m->date);
	if (*m->author) {
		buf_adds(b, "  ");
		out_safe(b, m->author);
	}
	buf_adds(b, "\n  EN  ");
	size_t at = 0;
	Buf one = BUF_INIT;
	for (size_t i = 0; i <= m->diff_n; i++) {
		size_t to = i < m->diff_n ? m->diff[i].off : strlen(m->en);
		buf_clear(&one);
		buf_add(&one, m->en + at, to - at);
		out_safe(b, one.p ? one.p : "");
		if (i < m->diff_n) {
			buf_clear(&one);
			buf_add(&one, m->en + m->diff[i].off, m->diff[i].len);
			buf_adds(b, "[-");
			out_safe(b, one.p);
			buf_adds(b, "-]");
			at = m->diff[i].off + m->diff[i].len;
		}
	}
	buf_release(&one);
	buf_adds(b, "\n  KO  ");
	out_safe(b, m->ko);
	buf_addc(b, '\n');
}

static void print_match_json(Buf *b, const TmMatch *m, const char *query, bool first)
{
	char *ins = tm_insert_text(m, query, strlen(query));
	buf_adds(b, first ? "\n" : ",\n");
	buf_addf(b, "{\"score\":%d,\"score_all\":%d,\"files\":%zu,\"en\":", m->score, m->score_all,
	         m->files);
	buf_add_json_str(b, str_from(m->en));
	buf_adds(b, ",\"ko\":");
	buf_add_json_str(b, str_from(m->ko));
	buf_adds(b, ",\"insert\":");
	buf_add_json_str(b, str_from(ins));
	buf_adds(b, ",\"file\":");
	buf_add_json_str(b, str_from(m->file));
	buf_addf(b, ",\"line\":%ld,\"commit\":", m->line);
	buf_add_json_str(b, str_from(m->commit));
	buf_adds(b, ",\"author\":");
	buf_add_json_str(b, str_from(m->author));
	buf_addf(b, ",\"date\":%lld,\"imported\":%s,\"diff\":[", m->date,
	         m->imported ? "true" : "false");
	for (size_t i = 0; i < m->diff_n; i++)
		buf_addf(b, "%s[%zu,%zu]", i ? "," : "", m->diff[i].off, m->diff[i].len);
	buf_adds(b, "],\"query_diff\":[");
	for (size_t i = 0; i < m->cur_diff_n; i++)
		buf_addf(b, "%s[%zu,%zu]", i ? "," : "", m->cur_diff[i].off, m->cur_diff[i].len);
	buf_adds(b, "]}");
	free(ins);
}

static int run_build_full(TmArgs *a)
{
	return run_build(a, false);
}

static int run_update(TmArgs *a)
{
	return run_build(a, true);
}

static int run_query(TmArgs *a)
{
	if (a->pos.n != 1)
		return cli_usage_error(EXIT_USAGE, usage, "tm query: give one TEXT (quote it)");
	bool json = false;
	if (a->format && !strcmp(a->format, "json"))
		json = true;
	else if (a->format && strcmp(a->format, "text"))
		return cli_error(EXIT_USAGE, "--format must be text or json, not '%s'", a->format);
	Err e;
	err_init(&e);
	Memory mem;
	bool ok = open_memory(a, false, &mem, &e);
	TmMatches m = {0};
	const char *q = a->pos.v[0];
	TmLookupOpts lo = {(int)a->max, (int)a->min, a->file};
	ok = ok && tm_lookup(mem.tm, q, strlen(q), &lo, &m, &e);
	if (!ok && mem.tm && e.code == EXIT_DATAERR && mem.top) {
		/* corrupt inside: reported once, built again, asked again */
		tm_close(mem.tm);
		mem.tm = rebuild(mem.db, mem.top, false, &e);
		if (mem.tm) {
			err_init(&e);
			ok = tm_lookup(mem.tm, q, strlen(q), &lo, &m, &e);
		}
	}
	int rc = 0;
	if (!ok) {
		rc = cli_report(&e);
	} else {
		Buf b = BUF_INIT;
		if (json)
			buf_adds(&b, "[");
		for (size_t i = 0; i < m.n; i++) {
			if (json)
				print_match_json(&b, &m.v[i], q, i == 0);
			else
				print_match_text(&b, &m.v[i]);
		}
		if (json)
			buf_adds(&b, m.n ? "\n]\n" : "]\n");
		if (b.len && fwrite(b.p, 1, b.len, stdout) != b.len)
			rc = cli_error(EXIT_IOERR, "cannot write to stdout");
		buf_release(&b);
	}
	tm_matches_release(&m);
	close_memory(&mem);
	return rc;
}

static int run_export(TmArgs *a)
{
	if (!a->tmx || a->pos.n)
		return cli_usage_error(EXIT_USAGE, usage, "tm export: give --tmx FILE");
	Err e;
	err_init(&e);
	Memory m;
	size_t n = 0;
	int rc = 0;
	if (!open_memory(a, false, &m, &e) || !tm_export_tmx(m.tm, a->tmx, &n, &e))
		rc = cli_report(&e);
	else
		fprintf(stdout, "exported %zu segments\n", n);
	close_memory(&m);
	return rc;
}

static int run_import(TmArgs *a)
{
	if (a->pos.n != 1)
		return cli_usage_error(EXIT_USAGE, usage, "tm import: give one FILE.tmx");
	Err e;
	err_init(&e);
	Memory m;
	TmImportStats st;
	int rc = 0;
	if (!open_memory(a, true, &m, &e) || !tm_import_tmx(m.tm, a->pos.v[0], &st, &e))
		rc = cli_report(&e);
	else
		fprintf(stdout, "imported %zu of %zu units (%zu already there, %zu skipped)\n", st.added,
		        st.units, st.duplicates, st.skipped);
	close_memory(&m);
	return rc;
}

static int run_terms(TmArgs *a)
{
	if (a->pos.n)
		return cli_error(EXIT_USAGE, "%s", usage);
	Err e;
	err_init(&e);
	Memory m;
	bool opened = open_memory(a, false, &m, &e);
	TmTerms t = {0};
	int rc = 0;
	if (!opened || !tm_terms(m.tm, a->max ? (int)a->max : 4, &t, &e)) {
		rc = cli_report(&e);
	} else {
		Buf b = BUF_INIT;
		for (size_t i = 0; i < t.n; i++) {
			out_safe(&b, t.en[i]);
			buf_adds(&b, " →");
			for (size_t k = 0; k < t.r[i].n; k++) {
				buf_adds(&b, k ? ", " : " ");
				out_safe(&b, t.r[i].v[k].ko);
				buf_addf(&b, " (%zu, ", t.r[i].v[k].count);
				out_safe(&b, t.r[i].v[k].where);
				buf_adds(&b, ")");
			}
			buf_addc(&b, '\n');
		}
		if (b.len && fwrite(b.p, 1, b.len, stdout) != b.len)
			rc = cli_error(EXIT_IOERR, "cannot write to stdout");
		buf_release(&b);
	}
	tm_terms_release(&t);
	close_memory(&m);
	return rc;
}

/* The memory of one work tree, opened once for every file checked. */
struct CliTm {
	char *top;
	char *db;  /* its path */
	Tm *tm;    /* NULL: none (not built, or not readable) */
	bool warned;
};

/* Is there a folder of memories at the default place (tm_default_path's)? */
static bool default_tms_exist(void)
{
	char *p = tm_default_path("-");
	char *dir = path_dirname(p);
	bool there = file_exists(dir);
	free(dir);
	free(p);
	return there;
}

CliTm *cli_tm_open(const char *top)
{
	CliTm *t = xcalloc(1, sizeof(*t));
	t->top = xstrdup(top);
	Err e;
	err_init(&e);
	char *db = config_tm(); /* `tm:` in config.yaml, else the repository's */
	/* none made: no repository id to ask git for (its root commits, a walk
	 * of the whole history: 14 ms of a check of one file) */
	if (!db && !default_tms_exist())
		return t;
	char rid[41];
	if (!tm_repo_id(top, rid, &e)) {
		free(db);
		return t; /* no commit: no memory to compare with */
	}
	t->db = db ? db : tm_default_path(rid);
	t->tm = file_exists(t->db) ? tm_open(t->db, false, &e) : NULL;
	if (file_exists(t->db) && e.msg[0]) {
		cli_error(0, "warning: translation memory: %s (yeok tm build)", e.msg);
		t->warned = true;
	}
	return t;
}

void cli_tm_close(CliTm *t)
{
	if (!t)
		return;
	tm_close(t->tm);
	free(t->db);
	free(t->top);
	free(t);
}

void cli_tm_check(CliTm *t, const char *file, const HostDoc *sh, const HostDoc *th,
                  const Alignment *al, const CheckSet *set, FindingVec *out)
{
	CheckId id;
	/* By name: the check's row is added to src/check by its own module. */
	if (!t || !t->tm || !check_id_parse(STR_LIT("consistency"), &id) || !set->on[id])
		return;
	Err e;
	err_init(&e);
	char *rel = NULL;
	if (!vcs_relpath(file, &rel, &e))
		return; /* not in a repository: no memory to compare with */
	TmFindings tf = {0};
	if (!tm_consistency(t->tm, rel, sh->text, &sh->blocks, th->text, &th->blocks, al, &tf, &e))
		tm_findings_release(&tf);
	if (e.msg[0] && !t->warned) {
		cli_error(0, "warning: translation memory: %s (yeok tm build)", e.msg);
		t->warned = true;
	}
	for (size_t i = 0; i < tf.n; i++) {
		const TmFinding *tfi = &tf.v[i];
		Finding f;
		memset(&f, 0, sizeof(f));
		f.check = id;
		f.sev = SEV_INFO;
		f.line = tfi->line;
		/* the memory counts in the RST text; findings in the file's line */
		f.byte = tfi->byte + (tfi->line < th->file->n ? host_line_prefix(th, tfi->line) : 0);
		Str line = tfi->line < th->file->n ? lines_get(th->file, tfi->line) : (Str){"", 0};
		f.col = 1;
		for (size_t b = 0; b < f.byte && b < line.n; b++)
			f.col += ((unsigned char)line.p[b] & 0xc0) != 0x80;
		f.unit = al->n;
		f.message = xstrdup(tfi->message);
		f.suggestion = xstrdup(tfi->suggestion);
		VEC_PUSH(out, f);
	}
	if (tf.n)
		findings_sort(out);
	tm_findings_release(&tf);
	free(rel);
}

/* The tm commands, one row each. */
static const struct {
	const char *name;
	int (*fn)(TmArgs *a);
} verbs[] = {
	{"build", run_build_full}, {"update", run_update}, {"query", run_query},
	{"export", run_export},    {"import", run_import}, {"terms", run_terms},
};

static int tm_main(int argc, char **argv)
{
	if (argc < 2)
		return cli_error(EXIT_USAGE, "%s", usage);
	const char *verb = argv[1];
	if (!strcmp(verb, "--help") || !strcmp(verb, "-h")) {
		help();
		return 0;
	}
	TmArgs a;
	memset(&a, 0, sizeof(a));
	int rc = 0;
	bool opts_done = false;
	for (int i = 2; i < argc && !rc; i++) {
		const char *s = argv[i], *v;
		bool missing = false;
		if (opts_done || s[0] != '-' || !s[1]) {
			VEC_PUSH(&a.pos, s);
		} else if (!strcmp(s, "--")) {
			opts_done = true;
		} else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
			help();
			VEC_FREE(&a.exclude);
			VEC_FREE(&a.pos);
			return 0;
		} else if ((v = argv_opt_value(argc, argv, &i, "--tmx", &missing))) {
			a.tmx = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--tm", &missing))) {
			a.tm = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--format", &missing))) {
			a.format = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--exclude", &missing))) {
			VEC_PUSH(&a.exclude, v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--file", &missing))) {
			a.file = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--max", &missing))) {
			if (!missing && !parse_long(v, 1, 1000, &a.max))
				rc = cli_error(EXIT_USAGE, "--max must be 1..1000, not '%s'", v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--min", &missing))) {
			if (!missing && !parse_long(v, 1, 100, &a.min))
				rc = cli_error(EXIT_USAGE, "--min must be 1..100, not '%s'", v);
		} else {
			rc = cli_error(EXIT_USAGE, "tm: unknown option '%s' (see yeok tm --help)", s);
		}
		if (!rc && missing)
			rc = cli_error(EXIT_USAGE, "tm: %s needs a value", s);
	}
	if (!rc) {
		size_t k = 0;
		while (k < ARRAY_LEN(verbs) && strcmp(verbs[k].name, verb))
			k++;
		rc = k < ARRAY_LEN(verbs)
		             ? verbs[k].fn(&a)
		             : cli_usage_error(EXIT_USAGE, usage, "tm: unknown command '%s'", verb);
	}
	VEC_FREE(&a.exclude);
	VEC_FREE(&a.pos);
	return rc;
}

const CliCommand cli_cmd_tm = {
	"tm", "tm build|update|query|export|import|terms",
	"the translation memory of the repository", tm_main,
};
