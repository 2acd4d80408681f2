/* A git whose output is read in pieces, as it comes (see include/yeok/vcs.h,
 * VcsStream): the repository view reads `git log` in its idle time. */
#include "yeok/vcs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vcs-private.h"

struct VcsStream {
	pid_t pid;
	int out;       /* git's stdout (-1 once it ended) */
	int err;       /* git's stderr (-1 once it ended) */
	Buf errbuf;    /* what it said, the first VCS_STREAM_ERR_MAX bytes */
};

#define VCS_STREAM_ERR_MAX 4096

VcsStream *vcs_stream_open(const char *dir, const char *const *argv, Err *e)
{
	int outp[2], errp[2];
	if (pipe(outp) != 0)
		return err_set(e, EXIT_IOERR, "cannot run git: %s", strerror(errno)), NULL;
	if (pipe(errp) != 0) {
		close(outp[0]);
		close(outp[1]);
		return err_set(e, EXIT_IOERR, "cannot run git: %s", strerror(errno)), NULL;
	}
	/* our ends: not inherited by other children, never blocking a read */
	for (int i = 0; i < 2; i++) {
		int fd = i ? errp[0] : outp[0];
		fcntl(fd, F_SETFD, FD_CLOEXEC);
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	}
	pid_t pid;
	const int ours[] = {outp[0], errp[0]};
	bool started = git_spawn(dir, argv, -1, outp[1], errp[1], ours, 2, &pid, e);
	close(outp[1]);
	close(errp[1]);
	if (!started) {
		close(outp[0]);
		close(errp[0]);
		return NULL;
	}
	VcsStream *s = xcalloc(1, sizeof(*s));
	s->pid = pid;
	s->out = outp[0];
	s->err = errp[0];
	buf_init(&s->errbuf);
	return s;
}

/* Read what fd has now (at most max bytes) into b; -1 at its end. */
static ssize_t drain(int *fd, Buf *b, size_t max)
{
	buf_grow(b, max);
	ssize_t r = read(*fd, b->p + b->len, max);
	if (r > 0) {
		b->len += (size_t)r;
		b->p[b->len] = '\0';
		return r;
	}
	if (r < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	close(*fd);
	*fd = -1;
	return -1;
}

bool vcs_stream_read(VcsStream *s, Buf *out, size_t max, int wait_ms)
{
	if (s->out < 0)
		return false;
	struct pollfd fds[2] = {{s->out, POLLIN, 0}, {s->err, POLLIN, 0}};
	if (poll(fds, s->err >= 0 ? 2 : 1, wait_ms) <= 0)
		return true;
	if (s->err >= 0 && fds[1].revents) {
		Buf chunk = BUF_INIT;
		drain(&s->err, &chunk, 4096);
		if (s->errbuf.len < VCS_STREAM_ERR_MAX && chunk.len)
			buf_add(&s->errbuf, chunk.p, MIN(chunk.len, VCS_STREAM_ERR_MAX - s->errbuf.len));
		buf_release(&chunk);
	}
	if (fds[0].revents)
		drain(&s->out, out, max);
	return s->out >= 0;
}

bool vcs_stream_close(VcsStream *s, Err *e)
{
	if (!s)
		return true;
	bool early = s->out >= 0; /* not read to its end: stopped */
	if (s->out >= 0)
		close(s->out);
	if (early)
		kill(s->pid, SIGTERM);
	/* the rest of what it says (bounded: git ends once its stdout is closed) */
	while (s->err >= 0 && s->errbuf.len < VCS_STREAM_ERR_MAX) {
		struct pollfd p = {s->err, POLLIN, 0};
		if (poll(&p, 1, 1000) <= 0 ||
		    drain(&s->err, &s->errbuf, VCS_STREAM_ERR_MAX - s->errbuf.len) < 0)
			break;
	}
	if (s->err >= 0)
		close(s->err);
	int ws = 0;
	while (waitpid(s->pid, &ws, 0) < 0 && errno == EINTR)
		;
	int code = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128;
	bool ok = early || code == 0;
	if (!ok) {
		char *nl = s->errbuf.p ? strchr(s->errbuf.p, '\n') : NULL;
		int n = nl ? (int)(nl - s->errbuf.p) : (int)s->errbuf.len;
		if (code == 127 && !s->errbuf.len)
			err_set(e, EXIT_NOINPUT, "git is not installed (apt-get install git)");
		else
			err_set(e, EXIT_NOINPUT, "git: %.*s", n ? n : 6, n ? s->errbuf.p : "failed");
	}
	buf_release(&s->errbuf);
	free(s);
	return ok;
}
