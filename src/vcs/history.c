/* Whole-repository history: one `git log --raw` pass, tree listings and a
 * `git cat-file --batch` process (see include/yeok/vcs.h). */
#include "yeok/vcs.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "vcs-private.h"

void vcs_log_init(VcsLog *l)
{
	memset(l, 0, sizeof(*l));
}

void vcs_log_release(VcsLog *l)
{
	for (size_t i = 0; i < l->commits.n; i++)
		free(l->commits.v[i].author);
	for (size_t i = 0; i < l->changes.n; i++)
		free(l->changes.v[i].path);
	VEC_FREE(&l->commits);
	VEC_FREE(&l->changes);
}

static bool hex40(const char *s, size_t n)
{
	if (n < 40)
		return false;
	for (int i = 0; i < 40; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

static unsigned octal(const char *s, size_t n)
{
	unsigned v = 0;
	for (size_t i = 0; i < n && s[i] >= '0' && s[i] <= '7'; i++)
		v = v * 8 + (unsigned)(s[i] - '0');
	return v;
}

/* "\x01<id>\t<time>\t<author>" (leading newlines already skipped). */
static bool parse_header(const char *s, size_t n, VcsCommit *c)
{
	if (n < 42 || s[0] != '\x01' || !hex40(s + 1, n - 1) || s[41] != '\t')
		return false;
	memcpy(c->id, s + 1, 40);
	c->id[40] = '\0';
	const char *t = s + 42, *end = s + n;
	const char *tab = memchr(t, '\t', (size_t)(end - t));
	if (!tab)
		return false;
	c->time = 0;
	for (const char *p = t; p < tab && *p >= '0' && *p <= '9'; p++)
		c->time = c->time * 10 + (*p - '0');
	c->author = xmemdup0(tab + 1, (size_t)(end - tab - 1));
	return true;
}

/* ":<oldmode> <newmode> <oldblob> <newblob> <status>" */
static bool parse_raw(const char *s, size_t n, VcsChange *ch)
{
	/* modes are 6 octal digits, ids 40 hex */
	if (n < 1 + 7 + 7 + 41 + 41 + 1 || s[0] != ':')
		return false;
	const char *nm = s + 8;
	const char *nb = s + 15 + 41;
	if (!hex40(nb, (size_t)(s + n - nb)))
		return false;
	ch->mode = octal(nm, 6);
	memcpy(ch->blob, nb, 40);
	ch->blob[40] = '\0';
	return true;
}

bool vcs_log_changes(const char *top, const char *range, const char *const *pathspecs,
                     VcsLog *out, Err *e)
{
	vcs_log_release(out);
	Buf tmp = BUF_INIT;
	const char *head[] = {"rev-parse", "--verify", "--quiet", "HEAD", NULL};
	bool has_head = vcs_git(top, head, &tmp, NULL, NULL);
	buf_release(&tmp);
	if (!has_head)
		return true;
	size_t np = 0;
	while (pathspecs[np])
		np++;
	const char *fixed[] = {"log", "--first-parent", "--no-renames", "--raw", "--no-abbrev",
	                       "-z", "--format=%x01%H%x09%at%x09%an", "--end-of-options", range,
	                       "--"};
	const char **argv = xcalloc(ARRAY_LEN(fixed) + np + 1, sizeof(char *));
	memcpy(argv, fixed, sizeof(fixed));
	memcpy(argv + ARRAY_LEN(fixed), pathspecs, np * sizeof(char *));
	Buf b = BUF_INIT;
	bool ok = vcs_git(top, argv, &b, NULL, e);
	free(argv);
	/* NUL-separated tokens: a header, then pairs of raw metadata and path. */
	size_t i = 0;
	bool have_commit = false;
	while (ok && i < b.len) {
		const char *s = b.p + i;
		size_t n = strnlen(s, b.len - i);
		i += n + 1;
		while (n && (*s == '\n' || *s == '\r')) {
			s++;
			n--;
		}
		if (!n)
			continue;
		if (*s == '\x01') {
			VcsCommit c;
			if (!parse_header(s, n, &c)) {
				ok = err_set(e, EXIT_IOERR, "git log: unexpected output");
				break;
			}
			VEC_PUSH(&out->commits, c);
			have_commit = true;
		} else if (*s == ':' && have_commit) {
			VcsChange ch;
			if (!parse_raw(s, n, &ch) || i >= b.len) {
				ok = err_set(e, EXIT_IOERR, "git log: unexpected output");
				break;
			}
			const char *path = b.p + i;
			size_t pn = strnlen(path, b.len - i);
			i += pn + 1;
			ch.commit = out->commits.n - 1;
			ch.path = xmemdup0(path, pn);
			VEC_PUSH(&out->changes, ch);
		} else {
			ok = err_set(e, EXIT_IOERR, "git log: unexpected output");
		}
	}
	buf_release(&b);
	if (!ok)
		vcs_log_release(out);
	return ok;
}

void vcs_tree_release(VcsTree *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].path);
	VEC_FREE(t);
}

bool vcs_ls_tree(const char *top, const char *rev, VcsTree *out, Err *e)
{
	vcs_tree_release(out);
	const char *argv[] = {"ls-tree", "-r", "-l", "-z", "--full-tree", "--end-of-options", rev,
	                      NULL};
	Buf b = BUF_INIT;
	bool ok = vcs_git(top, argv, &b, NULL, e);
	/* "<mode> SP <type> SP <object> SP+ <size> TAB <path> NUL" */
	for (size_t i = 0; ok && i < b.len;) {
		const char *s = b.p + i;
		size_t n = strnlen(s, b.len - i);
		i += n + 1;
		const char *tab = memchr(s, '\t', n);
		const char *sp1 = memchr(s, ' ', n);
		const char *sp2 = sp1 ? memchr(sp1 + 1, ' ', (size_t)(s + n - sp1 - 1)) : NULL;
		if (!tab || !sp2 || sp2 > tab || !hex40(sp2 + 1, (size_t)(tab - sp2 - 1))) {
			ok = err_set(e, EXIT_IOERR, "git ls-tree: unexpected output");
			break;
		}
		VcsTreeEntry t;
		t.mode = octal(s, (size_t)(sp1 - s));
		memcpy(t.blob, sp2 + 1, 40);
		t.blob[40] = '\0';
		t.size = 0;
		for (const char *p = sp2 + 41; p < tab; p++)
			if (*p >= '0' && *p <= '9')
				t.size = t.size * 10 + (size_t)(*p - '0');
		t.path = xmemdup0(tab + 1, (size_t)(s + n - tab - 1));
		VEC_PUSH(out, t);
	}
	buf_release(&b);
	if (!ok)
		vcs_tree_release(out);
	return ok;
}

static int cmp_lines(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool vcs_root_commits(const char *top, Buf *out, Err *e)
{
	buf_clear(out);
	Buf tmp = BUF_INIT;
	const char *head[] = {"rev-parse", "--verify", "--quiet", "HEAD", NULL};
	bool has_head = vcs_git(top, head, &tmp, NULL, NULL);
	bool ok = true;
	if (has_head) {
		const char *argv[] = {"rev-list", "--max-parents=0", "HEAD", NULL};
		ok = vcs_git(top, argv, &tmp, NULL, e);
	}
	if (ok && has_head) {
		VEC(char *) ids = {0};
		for (char *p = tmp.p, *end = tmp.p + tmp.len; p && p < end;) {
			char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
			if (n == 40 && hex40(p, n))
				VEC_PUSH(&ids, xmemdup0(p, n));
			p = nl ? nl + 1 : end;
		}
		qsort(ids.v, ids.n, sizeof(*ids.v), cmp_lines);
		for (size_t i = 0; i < ids.n; i++) {
			buf_adds(out, ids.v[i]);
			buf_addc(out, '\n');
			free(ids.v[i]);
		}
		VEC_FREE(&ids);
	}
	buf_release(&tmp);
	return ok;
}

bool vcs_is_ancestor(const char *top, const char *a, const char *b)
{
	const char *argv[] = {"merge-base", "--is-ancestor", "--end-of-options", a, b, NULL};
	Buf tmp = BUF_INIT;
	int status = -1;
	bool ok = vcs_git(top, argv, &tmp, &status, NULL);
	buf_release(&tmp);
	return ok && status == 0;
}

/* ---- git cat-file --batch ------------------------------------------------ */

struct VcsBatch {
	pid_t pid;
	int in;   /* to git's stdin */
	int out;  /* from git's stdout */
	bool dead;
	char rbuf[65536];
	size_t rpos, rlen;
};

VcsBatch *vcs_batch_open(const char *top, Err *e)
{
	int inp[2], outp[2];
	if (pipe(inp) != 0)
		return err_set(e, EXIT_IOERR, "cannot run git: %s", strerror(errno)), NULL;
	if (pipe(outp) != 0) {
		close(inp[0]);
		close(inp[1]);
		return err_set(e, EXIT_IOERR, "cannot run git: %s", strerror(errno)), NULL;
	}
	/* Our ends must not leak into other children. */
	fcntl(inp[1], F_SETFD, FD_CLOEXEC);
	fcntl(outp[0], F_SETFD, FD_CLOEXEC);
	const char *cmd[] = {"cat-file", "--batch", NULL};
	pid_t pid;
	const int ours[] = {inp[1], outp[0]};
	bool started = git_spawn(top, cmd, inp[0], outp[1], -1, ours, 2, &pid, e);
	close(inp[0]);
	close(outp[1]);
	if (!started) {
		close(inp[1]);
		close(outp[0]);
		return NULL;
	}
	VcsBatch *b = xcalloc(1, sizeof(*b));
	b->pid = pid;
	b->in = inp[1];
	b->out = outp[0];
	return b;
}

/* Write all of p; a closed pipe gives EPIPE (SIGPIPE is blocked on this
 * thread meanwhile and a pending one is consumed). */
static bool write_all(int fd, const char *p, size_t n)
{
	sigset_t pipe_set, old;
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	bool ok = true;
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			ok = false;
			break;
		}
		p += w;
		n -= (size_t)w;
	}
	if (!ok) {
		struct timespec zero = {0, 0};
		while (sigtimedwait(&pipe_set, NULL, &zero) == SIGPIPE)
			;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ok;
}

/* Fill the read buffer; false at the end of the stream. */
static bool fill(VcsBatch *b)
{
	if (b->rpos < b->rlen)
		return true;
	for (;;) {
		ssize_t r = read(b->out, b->rbuf, sizeof(b->rbuf));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		b->rpos = 0;
		b->rlen = (size_t)r;
		return true;
	}
}

/* Read one line (without '\n') of at most max bytes into line. */
static bool read_line(VcsBatch *b, Buf *line, size_t max)
{
	buf_clear(line);
	while (fill(b)) {
		char *nl = memchr(b->rbuf + b->rpos, '\n', b->rlen - b->rpos);
		size_t n = nl ? (size_t)(nl - (b->rbuf + b->rpos)) : b->rlen - b->rpos;
		if (line->len + n > max)
			return false;
		buf_add(line, b->rbuf + b->rpos, n);
		b->rpos += n + (nl != NULL);
		if (nl)
			return true;
	}
	return false;
}

/* Read n bytes (into out when keep). */
static bool read_bytes(VcsBatch *b, size_t n, Buf *out, bool keep)
{
	while (n > 0 && fill(b)) {
		size_t k = MIN(n, b->rlen - b->rpos);
		if (keep)
			buf_add(out, b->rbuf + b->rpos, k);
		b->rpos += k;
		n -= k;
	}
	return n == 0;
}

bool vcs_batch_read(VcsBatch *b, const char *spec, size_t max, Buf *out, bool *found,
                    bool *too_big, Err *e)
{
	*found = false;
	*too_big = false;
	buf_clear(out);
	if (b->dead)
		return err_set(e, EXIT_IOERR, "git cat-file: no longer running");
	/* A spec with a newline would be two requests. */
	if (strchr(spec, '\n'))
		return true;
	Buf req = BUF_INIT;
	buf_adds(&req, spec);
	buf_addc(&req, '\n');
	bool ok = write_all(b->in, req.p, req.len);
	buf_release(&req);
	Buf line = BUF_INIT;
	if (ok)
		ok = read_line(b, &line, 4096 + strlen(spec));
	/* "<oid> <type> <size>" or "<spec> missing" / "<spec> ambiguous" */
	if (ok && line.len >= 8 && !strcmp(line.p + line.len - 8, " missing")) {
		buf_release(&line);
		return true;
	}
	if (ok && line.len >= 10 && !strcmp(line.p + line.len - 10, " ambiguous")) {
		buf_release(&line);
		return true;
	}
	const char *sp = ok ? strrchr(line.p ? line.p : "", ' ') : NULL;
	size_t size = 0;
	bool is_blob = ok && sp && line.len > 46 && !strncmp(line.p + 40, " blob ", 6);
	if (ok && sp) {
		for (const char *p = sp + 1; *p; p++) {
			if (*p < '0' || *p > '9' || size > (SIZE_MAX - 9) / 10) {
				ok = false;
				break;
			}
			size = size * 10 + (size_t)(*p - '0');
		}
	} else {
		ok = false;
	}
	buf_release(&line);
	bool keep = ok && is_blob && size <= max;
	if (ok)
		ok = read_bytes(b, size, out, keep) && read_bytes(b, 1, NULL, false);
	if (!ok) {
		b->dead = true;
		buf_clear(out);
		return err_set(e, EXIT_IOERR, "git cat-file: unexpected output for %s", spec);
	}
	if (!keep) {
		buf_clear(out);
		*too_big = is_blob;
		return true;
	}
	*found = true;
	return true;
}

void vcs_batch_close(VcsBatch *b)
{
	if (!b)
		return;
	close(b->in);
	close(b->out);
	int ws;
	while (waitpid(b->pid, &ws, 0) < 0 && errno == EINTR)
		;
	free(b);
}
