/* yeok sync: carry translations into a new upstream English
 * (include/yeok/sync.h).
 *
 *   yeok sync --to NEW_EN [--from OLD_EN | --from-rev REV] [--dry-run] FILE
 *   yeok sync --to DIR_OR_FILES... [--dry-run] DIR
 *   yeok sync --to-rev REV [...] FILE|DIR
 *
 * With a folder, every *.rst, *.py and *.md below it (hidden folders skipped)
 * that has an upstream counterpart is synced: NEW/<path below DIR>, else
 * NEW/<path from the git top level>; --to FILES... (paths as in the
 * upstream tree, relative) name the counterparts of DIR/<path>.  Every file
 * is computed before anything is written: one error, nothing written.
 * The summary goes to stdout; with --dry-run the unified diff goes to
 * stdout, the summary to stderr, and nothing is written. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cli-private.h"
#include "yeok/host.h"
#include "yeok/safety.h"
#include "yeok/sync.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

static const char usage[] =
	"usage: yeok sync --to NEW_EN [--from OLD_EN | --from-rev REV] [--dry-run] FILE\n"
	"       yeok sync --to DIR_OR_FILES... [--dry-run] DIR\n"
	"       yeok sync --to-rev REV [--from OLD_EN | --from-rev REV] [--dry-run] FILE|DIR\n"
	"  --to NEW_EN        the new upstream English: a file, or a folder laid out like DIR\n"
	"                     (or like the repository); several files: DIR/<same path>\n"
	"  --to-rev REV       the new English is each file at git revision REV\n"
	"  --from OLD_EN      the English the translation was made from (default: the\n"
	"                     source in the sidecar, else the English from git history)\n"
	"  --from-rev REV     the same, as FILE at git revision REV\n"
	"  --dry-run          print the unified diff, write nothing\n"
	"  --force            write a sync that would drop most of the translated blocks\n"
	"                     (or onto a new English with no blocks or CR-only lines)\n"
	"Prints kept N, stale M, new K, dropped L per file and the files touched.\n";

typedef VEC(char *) PathVec;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_doc(const char *name)
{
	size_t n = strlen(name);
	return (n > 4 && !strcmp(name + n - 4, ".rst")) || (n > 3 && !strcmp(name + n - 3, ".py")) ||
	       host_format_of_path(name) == HOST_MD;
}

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* What the walk could not read: said (one line each), the worst status
 * kept in *rc (EXIT_IOERR for an I/O error, else EXIT_NOINPUT). */
static void unread(const char *path, int err, int *rc)
{
	int code = err == EIO ? EXIT_IOERR : EXIT_NOINPUT;
	*rc = MAX(*rc, code);
	cli_error(0, "%s: cannot read: %s", path, strerror(err));
}

/* The documents below dir, sorted, as paths relative to dir; what cannot
 * be read is said and sets *rc (a sync of a folder is of all of it). */
static void walk(const char *dir, const char *rel, int depth, PathVec *out, int *rc)
{
	char *here = rel ? path_join(dir, rel) : xstrdup(dir);
	DIR *d = depth > 64 ? NULL : opendir(here);
	if (!d) {
		unread(here, depth > 64 ? ELOOP : errno, rc);
		free(here);
		return;
	}
	free(here);
	PathVec names = {0};
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL)
		if (ent->d_name[0] != '.')
			VEC_PUSH(&names, xstrdup(ent->d_name));
	closedir(d);
	qsort(names.v, names.n, sizeof(*names.v), cmp_str);
	for (size_t i = 0; i < names.n; i++) {
		char *r = rel ? path_join(rel, names.v[i]) : xstrdup(names.v[i]);
		char *full = path_join(dir, r);
		struct stat st;
		bool seen = lstat(full, &st) == 0;
		if (!seen) {
			unread(full, errno, rc);
			free(r);
		} else if (S_ISDIR(st.st_mode)) {
			walk(dir, r, depth + 1, out, rc);
			free(r);
		} else if (is_doc(names.v[i]) && S_ISREG(st.st_mode)) {
			VEC_PUSH(out, r);
		} else {
			free(r);
		}
		free(full);
		free(names.v[i]);
	}
	VEC_FREE(&names);
}

/* One file to sync: the document and its new English (a path, or NULL
 * with --to-rev). */
typedef struct Job {
	char *file;
	char *rel;   /* path below DIR (NULL for one FILE) */
	char *to;
	char *from;  /* --from OLD_DIR: the counterpart in it (else NULL) */
	SyncResult r;
	bool done;
} Job;

typedef VEC(Job) JobVec;

static void add_job(JobVec *jobs, char *file, const char *rel, char *to)
{
	Job j = {.file = file, .rel = rel ? xstrdup(rel) : NULL, .to = to};
	sync_result_init(&j.r);
	VEC_PUSH(jobs, j);
}

/* Is c a regular file of the upstream folder up, not reached through a
 * link (the file a link, or a folder on the way one that leads out of up)?
 * A link in an upstream checkout would put its target's bytes (a private
 * key) into the translation: refused, said once per path. */
static bool upstream_file(const char *up, const char *c)
{
	struct stat st;
	if (lstat(c, &st) != 0)
		return false;
	char *real_up = realpath(up, NULL);
	bool inside = real_up && path_real_inside(real_up, c);
	free(real_up);
	if (S_ISREG(st.st_mode) && inside)
		return true;
	if (S_ISLNK(st.st_mode) || !inside)
		cli_error(0, "warning: %s: %s: not read (yeok sync never follows links in the "
		          "upstream folder)", c, S_ISLNK(st.st_mode) ? "a symbolic link"
		                                                     : "reached through a link out of it");
	return false;
}

/* The counterpart of dir/rel in the upstream folder up: up/rel, else
 * up/<path from the git top level>; NULL when neither exists. */
static char *counterpart(const char *up, const char *file, const char *rel)
{
	char *c = path_join(up, rel);
	if (upstream_file(up, c))
		return c;
	free(c);
	char *top = NULL;
	Err quiet;
	err_init(&quiet);
	if (!vcs_relpath(file, &top, &quiet))
		return NULL;
	c = path_join(up, top);
	free(top);
	if (upstream_file(up, c))
		return c;
	free(c);
	return NULL;
}

/* Fill jobs for target (a file or a folder) from the --to values. */
static int plan(const char *target, char **tos, size_t ntos, bool rev, JobVec *jobs)
{
	if (!is_dir(target)) {
		if (!rev && ntos != 1)
			return cli_usage_error(EXIT_USAGE, usage, "sync: one --to NEW_EN for one FILE");
		char *to = NULL;
		if (!rev) {
			to = is_dir(tos[0]) ? counterpart(tos[0], target, path_basename(target))
			                    : xstrdup(tos[0]);
			if (!to)
				return cli_error(EXIT_NOINPUT, "sync: %s: no counterpart of %s in it", tos[0],
				                 target);
		}
		add_job(jobs, xstrdup(target), NULL, to);
		return 0;
	}
	PathVec files = {0};
	int unread_rc = 0;
	walk(target, NULL, 0, &files, &unread_rc);
	if (unread_rc) {
		for (size_t i = 0; i < files.n; i++)
			free(files.v[i]);
		VEC_FREE(&files);
		return cli_error(unread_rc, "sync: %s: not synced: a part of it cannot be read", target);
	}
	bool only_named = false;
	for (size_t k = 0; k < ntos; k++)
		only_named |= !is_dir(tos[k]);
	for (size_t i = 0; i < files.n; i++) {
		char *file = path_join(target, files.v[i]);
		char *to = NULL;
		for (size_t k = 0; k < ntos && !to; k++) {
			if (is_dir(tos[k]))
				to = counterpart(tos[k], file, files.v[i]);
			else if (!strcmp(tos[k], files.v[i]) ||
			         (tos[k][0] == '.' && tos[k][1] == '/' && !strcmp(tos[k] + 2, files.v[i])))
				to = xstrdup(tos[k]);
		}
		if (to || (rev && !only_named))
			add_job(jobs, file, files.v[i], to);
		else
			free(file);
		free(files.v[i]);
	}
	VEC_FREE(&files);
	for (size_t k = 0; k < ntos; k++) {
		if (is_dir(tos[k]))
			continue;
		bool used = false;
		for (size_t j = 0; j < jobs->n; j++)
			used |= jobs->v[j].to && !strcmp(jobs->v[j].to, tos[k]);
		if (!used)
			return cli_error(EXIT_NOINPUT, "sync: %s: no such document below %s", tos[k], target);
	}
	return 0;
}

/* A short, terminal-safe excerpt of a block's first line. */
static void excerpt(const char *text, size_t len, Buf *out)
{
	Str s = str_trim((Str){text, len});
	const char *nl = memchr(s.p, '\n', s.n);
	size_t n = nl ? (size_t)(nl - s.p) : s.n;
	size_t cut = MIN(n, 60);
	while (cut < n && cut > 0 && ((unsigned char)s.p[cut] & 0xC0) == 0x80)
		cut--;
	text_sanitize_line(s.p, cut, out);
	if (cut < n)
		buf_adds(out, "...");
}

static void print_summary(FILE *to, const Job *j)
{
	const SyncCount *c = &j->r.count;
	Buf b = BUF_INIT;
	text_sanitize_line(j->file, strlen(j->file), &b);
	fprintf(to, "%s: kept %zu, stale %zu, new %zu, dropped %zu", b.p, c->kept, c->stale,
	        c->fresh, c->dropped);
	if (c->comments)
		fprintf(to, ", code comments carried %zu", c->comments);
	if (c->additions)
		fprintf(to, ", additions kept %zu", c->additions);
	fputc('\n', to);
	if (j->r.old_desc && j->r.new_desc) {
		Buf d = BUF_INIT;
		buf_adds(&d, "  English: ");
		text_sanitize_line(j->r.old_desc, strlen(j->r.old_desc), &d);
		buf_adds(&d, " -> ");
		text_sanitize_line(j->r.new_desc, strlen(j->r.new_desc), &d);
		fprintf(to, "%s\n", d.p);
		buf_release(&d);
	}
	/* the dropped blocks, with where they were in FILE */
	Lines tl;
	lines_init(&tl);
	lines_parse(&tl, j->r.orig.p ? j->r.orig.p : "", j->r.orig.len);
	for (size_t i = 0; i < j->r.dropped.n; i++) {
		const SyncDropped *d = &j->r.dropped.v[i];
		buf_clear(&b);
		if (d->tgt_first >= 0) {
			Str l = lines_get(&tl, (size_t)d->tgt_first);
			excerpt(l.p, l.n, &b);
		}
		Buf f = BUF_INIT;
		text_sanitize_line(j->file, strlen(j->file), &f);
		if (d->tgt_first >= 0)
			fprintf(to, "  dropped %s:%ld: %s: %s\n", f.p, d->tgt_first + 1,
			        rst_kind_name(d->kind), b.p ? b.p : "");
		else
			fprintf(to, "  dropped %s: %s (no translation; line %zu of the old English)\n",
			        f.p, rst_kind_name(d->kind), d->src_first + 1);
		buf_release(&f);
	}
	lines_release(&tl);
	buf_release(&b);
}

/* The command line: options into o, --to values into tos, the other
 * arguments into pos.  *help: --help was printed (the caller returns 0). */
static int parse_args(int argc, char **argv, SyncOpts *o, PathVec *tos, PathVec *pos, bool *dry,
                      bool *help)
{
	bool in_to = false, opts_done = false;
	int rc = 0;
	for (int i = 1; i < argc && !rc; i++) {
		const char *a = argv[i], *v;
		bool missing = false;
		if (opts_done || a[0] != '-' || !a[1]) {
			VEC_PUSH(in_to ? tos : pos, (char *)a);
			continue;
		}
		in_to = false;
		if (!strcmp(a, "--")) {
			opts_done = true;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage, stdout);
			*help = true;
			return 0;
		} else if (!strcmp(a, "--dry-run")) {
			*dry = true;
		} else if (!strcmp(a, "--force")) {
			o->force = true;
		} else if ((v = argv_opt_value(argc, argv, &i, "--to-rev", &missing))) {
			o->to_rev = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--to", &missing))) {
			if (!missing)
				VEC_PUSH(tos, (char *)v);
			in_to = true;
		} else if ((v = argv_opt_value(argc, argv, &i, "--from-rev", &missing))) {
			o->from_rev = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--from", &missing))) {
			o->from = v;
		} else {
			rc = cli_error(EXIT_USAGE, "sync: unknown option '%s' (see yeok sync --help)", a);
		}
		if (!rc && missing)
			rc = cli_error(EXIT_USAGE, "sync: %s needs a value", a);
	}
	return rc;
}

/* The target (the last argument that is not a --to value) into *target,
 * checked against the options. */
static int pick_target(const SyncOpts *o, PathVec *tos, const PathVec *pos, const char **target)
{
	if (pos->n == 1)
		*target = pos->v[0];
	else if (pos->n == 0 && tos->n >= 2)
		*target = tos->v[--tos->n];
	else
		return cli_usage_error(EXIT_USAGE, usage, "sync: one FILE or DIR to sync");
	if (!!tos->n == !!o->to_rev)
		return cli_usage_error(EXIT_USAGE, usage,
		                       "sync: give the new English with --to or --to-rev");
	if (o->from && o->from_rev)
		return cli_error(EXIT_USAGE, "sync: --from and --from-rev exclude each other");
	if (!is_dir(*target) && !is_file(*target))
		return cli_error(EXIT_NOINPUT, "%s: cannot open: no such file or folder", *target);
	if (is_dir(*target) && o->from && !is_dir(o->from))
		return cli_error(EXIT_USAGE, "sync: with a folder, --from names the old English folder "
		                 "(or use --from-rev REV)");
	return 0;
}

/* The jobs for target, with their --from counterparts. */
static int plan_all(const char *target, const SyncOpts *o, const PathVec *tos, JobVec *jobs)
{
	int rc = plan(target, tos->v, tos->n, o->to_rev != NULL, jobs);
	for (size_t i = 0; i < jobs->n && !rc && o->from && jobs->v[i].rel; i++)
		if (!(jobs->v[i].from = counterpart(o->from, jobs->v[i].file, jobs->v[i].rel)))
			rc = cli_error(EXIT_NOINPUT, "sync: %s: no counterpart of %s in it", o->from,
			               jobs->v[i].file);
	if (!rc && is_dir(target) && !jobs->n)
		rc = cli_error(EXIT_NOINPUT, "sync: no document below %s has an upstream counterpart",
		               target);
	return rc;
}

/* Compute every file first: one error and nothing is written.  Returns
 * the exit code of the first error, 0 when none. */
static int compute_all(const char *target, const SyncOpts *o, bool dry, JobVec *jobs)
{
	int first_err = 0;
	for (size_t i = 0; i < jobs->n; i++) {
		Job *j = &jobs->v[i];
		SyncOpts jo = *o;
		jo.to = j->to;
		if (j->from)
			jo.from = j->from;
		Err e;
		err_init(&e);
		if (sync_file(j->file, &jo, &j->r, &e)) {
			/* a sync that would lose most of the Korean: refused (a
			 * dry run says so and shows it) */
			Err why;
			err_init(&why);
			j->done = true;
			if (o->force || sync_sane(j->file, &j->r, &why))
				continue;
			if (dry) {
				cli_error(0, "warning: %s", why.msg);
				continue;
			}
			j->done = false;
			int code = cli_report(&why);
			if (!first_err)
				first_err = code;
			continue;
		}
		/* a folder with --to-rev: files absent at REV or not English there are skipped */
		if (o->to_rev && is_dir(target) && (e.code == EXIT_NOINPUT || strstr(e.msg, "not English")))
			continue;
		int code = cli_report(&e);
		if (!first_err)
			first_err = code;
	}
	return first_err;
}

/* Print the unified diff of one computed job (--dry-run). */
static void print_diff(const Job *j)
{
	Buf d = BUF_INIT, name = BUF_INIT;
	text_sanitize_line(j->file, strlen(j->file), &name); /* a header is one line */
	char *an = xasprintf("a/%s", name.p ? name.p : ""), *bn = xasprintf("b/%s", name.p ? name.p : "");
	buf_release(&name);
	safety_udiff(j->r.orig.p ? j->r.orig.p : "", j->r.orig.len, j->r.text.p ? j->r.text.p : "",
	             j->r.text.len, an, bn, &d);
	cli_out(d.p ? d.p : "", d.len); /* the documents may hold anything */
	free(an);
	free(bn);
	buf_release(&d);
}

/* Write (or with dry, diff) every computed job and print the summaries. */
static int write_all(JobVec *jobs, bool dry)
{
	size_t touched = 0, synced = 0;
	SyncCount total = {0};
	FILE *sum = dry ? stderr : stdout;
	for (size_t i = 0; i < jobs->n; i++) {
		Job *j = &jobs->v[i];
		if (!j->done)
			continue;
		synced++;
		if (dry && j->r.changed)
			print_diff(j);
		/* Ctrl-C, SIGTERM or SIGHUP wait until this file and its
		 * sidecar are both written: then the summary so far is out and
		 * the signal ends the program */
		sigset_t stop, was;
		sigemptyset(&stop);
		sigaddset(&stop, SIGINT);
		sigaddset(&stop, SIGTERM);
		sigaddset(&stop, SIGHUP);
		sigprocmask(SIG_BLOCK, &stop, &was);
		if (!dry) {
			Err e;
			err_init(&e);
			if (!sync_write(j->file, &j->r, &e)) {
				sigprocmask(SIG_SETMASK, &was, NULL);
				return cli_report(&e);
			}
		}
		touched += j->r.changed;
		print_summary(sum, j);
		fflush(sum);
		sigprocmask(SIG_SETMASK, &was, NULL);
		total.kept += j->r.count.kept;
		total.stale += j->r.count.stale;
		total.fresh += j->r.count.fresh;
		total.dropped += j->r.count.dropped;
	}
	fprintf(sum, "sync: kept %zu, stale %zu, new %zu, dropped %zu; %zu of %zu file%s %s\n",
	        total.kept, total.stale, total.fresh, total.dropped, touched, synced,
	        synced == 1 ? "" : "s", dry ? "would change (dry run: nothing written)" : "changed");
	return 0;
}

static void jobs_release(JobVec *jobs)
{
	for (size_t i = 0; i < jobs->n; i++) {
		free(jobs->v[i].file);
		free(jobs->v[i].to);
		free(jobs->v[i].rel);
		free(jobs->v[i].from);
		sync_result_release(&jobs->v[i].r);
	}
	VEC_FREE(jobs);
}

#ifndef NDEBUG
/* Tests only (SANITIZE/DEBUG builds): YEOK_TEST_SYNC_BEFORE_FILE names a
 * FIFO that sync_write reads to its end after the sidecar and before FILE
 * (a test acts in that moment, then writes to the FIFO). */
static void test_before_file(const char *path)
{
	(void)path;
	const char *fifo = getenv("YEOK_TEST_SYNC_BEFORE_FILE");
	int fd = fifo && *fifo ? open(fifo, O_RDONLY | O_CLOEXEC) : -1;
	char b[64];
	while (fd >= 0 && read(fd, b, sizeof(b)) > 0)
		;
	if (fd >= 0)
		close(fd);
}
#endif

static int run(int argc, char **argv)
{
#ifndef NDEBUG
	sync_test_before_file = test_before_file;
#endif
	SyncOpts o = {0};
	PathVec tos = {0}, pos = {0};
	JobVec jobs = {0};
	bool dry = false, help = false;
	const char *target = NULL;
	int rc = parse_args(argc, argv, &o, &tos, &pos, &dry, &help);
	if (!rc && !help)
		rc = pick_target(&o, &tos, &pos, &target);
	if (!rc && !help)
		rc = plan_all(target, &o, &tos, &jobs);
	if (!rc && !help)
		rc = compute_all(target, &o, dry, &jobs);
	if (!rc && !help)
		rc = write_all(&jobs, dry);
	if (!help && fflush(stdout) != 0 && !rc)
		rc = cli_error(EXIT_IOERR, "sync: cannot write to stdout");
	jobs_release(&jobs);
	VEC_FREE(&tos);
	VEC_FREE(&pos);
	return rc;
}

const CliCommand cli_cmd_sync = {
	"sync", "sync --to NEW_EN FILE|DIR",
	"carry translations into a new upstream English", run,
};
