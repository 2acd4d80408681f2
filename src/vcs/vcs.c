/* The git program, spawned without a shell. */
#include "yeok/vcs.h"
#include "yeok/stats.h"

#include "vcs-private.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* What every git yeok runs finds in its environment, whatever the
 * repository's config says (an environment variable beats every config
 * file): no lazy fetch of a partial clone's missing objects (which runs
 * the promisor remote's `ext::` command, and a repository's
 * `protocol.ext.allow=always` beats `-c protocol.allow=never`), no
 * transport protocol at all, no system or global config (the user's
 * colour, pager, diff or signature settings would change what yeok
 * parses; `safe.directory` is carried over, see user_safe_dirs), no
 * prompt or askpass program, no pager, no colour, no optional locks,
 * messages in English. */
static const char *const env_set[] = {
	"GIT_NO_LAZY_FETCH=1", "GIT_ALLOW_PROTOCOL=", "GIT_PROTOCOL_FROM_USER=0",
	"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0",
	"GIT_ASKPASS=", "SSH_ASKPASS=", "GIT_PAGER=cat", "PAGER=cat", "GIT_OPTIONAL_LOCKS=0",
	"GIT_EXTERNAL_DIFF=", "LC_ALL=C",
};

/* Does environ entry var set one of the names of env_set (or any of
 * names, when user_config keeps the user's config files)? */
static bool env_overridden(const char *var, bool user_config)
{
	for (size_t i = 0; i < ARRAY_LEN(env_set); i++) {
		size_t n = strchr(env_set[i], '=') - env_set[i] + 1;
		if (user_config && !strncmp(env_set[i], "GIT_CONFIG_", 11))
			continue;
		if (!strncmp(var, env_set[i], n))
			return true;
	}
	return false;
}

/* The environment: ours with env_set in place of the user's values (a
 * duplicate name would let the user's value win).  user_config keeps the
 * user's system and global config files (read for safe.directory only). */
static char **make_env(bool user_config)
{
	size_t n = 0;
	while (environ && environ[n])
		n++;
	char **env = xcalloc(n + ARRAY_LEN(env_set) + 1, sizeof(char *));
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (!env_overridden(environ[i], user_config))
			env[k++] = environ[i];
	for (size_t i = 0; i < ARRAY_LEN(env_set); i++)
		if (!user_config || strncmp(env_set[i], "GIT_CONFIG_", 11))
			env[k++] = (char *)(uintptr_t)env_set[i];
	env[k] = NULL;
	return env;
}

char **git_env(void)
{
	return make_env(false);
}

/* Keep the line of git's stderr that says what went wrong: the first one
 * that is not a warning (else the first). */
static void first_line(Buf *b)
{
	char *line = b->p;
	for (char *p = b->p; p && *p;) {
		if (strncmp(p, "warning: ", 9) != 0) {
			line = p;
			break;
		}
		char *nl = strchr(p, '\n');
		p = nl ? nl + 1 : NULL;
	}
	if (line && line != b->p) {
		size_t n = b->len - (size_t)(line - b->p);
		memmove(b->p, line, n + 1);
		b->len = n;
	}
	char *nl = b->p ? memchr(b->p, '\n', b->len) : NULL;
	if (nl) {
		b->len = (size_t)(nl - b->p);
		b->p[b->len] = '\0';
	}
}

/* ---- safe.directory ----------------------------------------------------
 * git refuses a repository another user owns unless the user's system or
 * global config lists it in safe.directory, and yeok runs git without
 * those files.  So the first git that says "dubious ownership" makes
 * yeok read the user's safe.directory values (from the system and global
 * files only: `git config --system/--global`, no repository config) and
 * pass them on the command line, which git also trusts for this setting;
 * then the call is tried again.  Read once per process, under a lock
 * (the memory's and the repository view's workers run git too). */
static pthread_mutex_t safe_lock = PTHREAD_MUTEX_INITIALIZER;
static bool safe_loaded;
static char **safe_dirs; /* "safe.directory=VALUE" strings, NULL-terminated; never freed */

static bool run_git(const char *const *args, char **env, Buf *out, Buf *errbuf, int *code,
                    Err *e);

/* Append the values of `git config SCOPE --get-all safe.directory`. */
typedef VEC(char *) StrVec;
static void read_safe_scope(const char *scope, StrVec *v)
{
	const char *args[] = {"git", "--no-pager", "config", scope, "--get-all", "safe.directory",
	                      NULL};
	char **env = make_env(true);
	Buf out = BUF_INIT, errbuf = BUF_INIT;
	int code = 0;
	if (run_git(args, env, &out, &errbuf, &code, NULL) && code == 0)
		for (char *line = out.p; line && *line;) {
			char *nl = strchr(line, '\n');
			size_t n = nl ? (size_t)(nl - line) : strlen(line);
			char *val = xasprintf("safe.directory=%.*s", (int)n, line);
			if (n == 0) /* an empty value resets the list (leaked, once) */
				v->n = 0;
			VEC_PUSH(v, val);
			line = nl ? nl + 1 : NULL;
		}
	buf_release(&out);
	buf_release(&errbuf);
	free(env);
}

/* Load the user's safe.directory list once; true when it holds any. */
static bool load_safe_dirs(void)
{
	pthread_mutex_lock(&safe_lock);
	if (!safe_loaded) {
		StrVec v = {0};
		if (!getenv("GIT_CONFIG_NOSYSTEM"))
			read_safe_scope("--system", &v);
		read_safe_scope("--global", &v);
		VEC_PUSH(&v, NULL);
		safe_dirs = v.v;
		safe_loaded = true;
	}
	bool any = safe_dirs && safe_dirs[0];
	pthread_mutex_unlock(&safe_lock);
	return any;
}

const char **git_args(const char *dir, const char *const *argv)
{
	size_t argc = 0;
	while (argv[argc])
		argc++;
	/* Nothing a repository configures may run: its fsmonitor hook (which
	 * `git status` and index refreshes run), hooks, a pager, signature
	 * programs (log.showSignature runs gpg.program), and no network
	 * (also closed by the environment, git_env, which no config beats).
	 * Commands that run filters or diff drivers (status, diff of the
	 * working tree, add, checkout, hash-object without --no-filters,
	 * log -p, cat-file --filters/--textconv) are not used at all. */
	static const char *const guard[] = {
		"-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
		"-c", "core.pager=cat", "-c", "log.showSignature=false",
		"-c", "protocol.allow=never", "-c", "credential.helper=",
		"-c", "core.untrackedCache=false", "-c", "gc.auto=0",
		"-c", "maintenance.auto=false", "-c", "color.ui=false",
		"-c", "core.quotePath=false", "--no-pager",
	};
	pthread_mutex_lock(&safe_lock);
	size_t nsafe = 0;
	while (safe_dirs && safe_dirs[nsafe])
		nsafe++;
	const char **args = xcalloc(argc + 4 + ARRAY_LEN(guard) + 2 * nsafe, sizeof(char *));
	size_t k = 0;
	args[k++] = "git";
	for (size_t i = 0; i < nsafe; i++) {
		args[k++] = "-c";
		args[k++] = safe_dirs[i];
	}
	pthread_mutex_unlock(&safe_lock);
	for (size_t i = 0; i < ARRAY_LEN(guard); i++)
		args[k++] = guard[i];
	if (dir) {
		args[k++] = "-C";
		args[k++] = dir;
	}
	for (size_t i = 0; i < argc; i++)
		args[k++] = argv[i];
	args[k] = NULL;
	return args;
}

/* A git ran in this process (so "not in a work tree" is the answer for a
 * folder with no .git up the tree, not "git is not installed"). */
static _Atomic bool git_ran;

/* Spawn args (args[0] is "git") with env: stdin from in (-1: /dev/null),
 * stdout into out, stderr into err (-1: /dev/null), ours[0..n) closed in
 * the child.  The one posix_spawn of src/vcs. */
static bool spawn_args(const char *const *args, char **env, int in, int out, int err,
                       const int *ours, size_t n, pid_t *pid, Err *e)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	if (in >= 0)
		posix_spawn_file_actions_adddup2(&fa, in, 0);
	else
		posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out, 1);
	if (err >= 0)
		posix_spawn_file_actions_adddup2(&fa, err, 2);
	else
		posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	for (size_t i = 0; i < n; i++)
		posix_spawn_file_actions_addclose(&fa, ours[i]);
	int rc = posix_spawnp(pid, "git", &fa, NULL, (char *const *)(uintptr_t)args, env);
	stat_add(STAT_GIT_SPAWNS, 1);
	posix_spawn_file_actions_destroy(&fa);
	if (rc == ENOENT)
		return err_set(e, EXIT_NOINPUT, "git is not installed (apt-get install git)");
	if (rc != 0)
		return err_set(e, EXIT_IOERR, "cannot run git: %s", strerror(rc));
	return true;
}

bool git_spawn(const char *dir, const char *const *argv, int in, int out, int err,
               const int *ours, size_t n, pid_t *pid, Err *e)
{
	const char **args = git_args(dir, argv);
	char **env = git_env();
	bool ok = spawn_args(args, env, in, out, err, ours, n, pid, e);
	free(env);
	free(args);
	return ok;
}

/* Run args (args[0] is "git") with env, stdin from /dev/null; its stdout
 * into out, stderr into errbuf (both replaced), its exit status into
 * *code.  False only when it could not be started. */
static bool run_git(const char *const *args, char **env, Buf *out, Buf *errbuf, int *code,
                    Err *e)
{
	int outp[2], errp[2];
	if (pipe(outp) != 0)
		return err_set(e, EXIT_IOERR, "cannot run git: %s", strerror(errno));
	if (pipe(errp) != 0) {
		close(outp[0]);
		close(outp[1]);
		return err_set(e, EXIT_IOERR, "cannot run git: %s", strerror(errno));
	}
	pid_t pid;
	const int ours[] = {outp[0], errp[0]};
	bool started = spawn_args(args, env, -1, outp[1], errp[1], ours, 2, &pid, e);
	close(outp[1]);
	close(errp[1]);
	if (!started) {
		close(outp[0]);
		close(errp[0]);
		return false;
	}
	buf_clear(out);
	buf_clear(errbuf);
	struct pollfd fds[2] = {{outp[0], POLLIN, 0}, {errp[0], POLLIN, 0}};
	Buf *bufs[2] = {out, errbuf};
	int open_fds = 2;
	while (open_fds > 0) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			buf_grow(bufs[i], 65536);
			ssize_t r = read(fds[i].fd, bufs[i]->p + bufs[i]->len, 65536);
			if (r > 0) {
				bufs[i]->len += (size_t)r;
				bufs[i]->p[bufs[i]->len] = '\0';
			} else if (r == 0 || errno != EINTR) {
				close(fds[i].fd);
				fds[i].fd = -1;
				open_fds--;
			}
		}
	}
	for (int i = 0; i < 2; i++)
		if (fds[i].fd >= 0)
			close(fds[i].fd);
	int ws = 0;
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	*code = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128;
	return true;
}

bool vcs_git(const char *dir, const char *const *argv, Buf *out, int *status, Err *e)
{
	Buf errbuf = BUF_INIT;
	int code = 0;
	bool retried = false;
	for (;;) {
		const char **args = git_args(dir, argv);
		char **env = git_env();
		bool started = run_git(args, env, out, &errbuf, &code, e);
		free(env);
		free(args);
		if (!started) {
			buf_release(&errbuf);
			return false;
		}
		/* another user's repository the user trusts: once, with the
		 * user's safe.directory list */
		if (code == 0 || retried || !errbuf.p || !strstr(errbuf.p, "dubious ownership") ||
		    !load_safe_dirs())
			break;
		retried = true;
	}
	if (status)
		*status = code;
	if (code != 127)
		git_ran = true;
	if (code == 127 && errbuf.len == 0) {
		buf_release(&errbuf);
		return err_set(e, EXIT_NOINPUT, "git is not installed (apt-get install git)");
	}
	if (code != 0) {
		bool lazy = errbuf.p && strstr(errbuf.p, "lazy fetching disabled");
		first_line(&errbuf);
		err_set(e, EXIT_NOINPUT, "git: %s%s", errbuf.len ? errbuf.p : "failed",
		        lazy ? " (an object a partial clone lacks: yeok never fetches)" : "");
		buf_release(&errbuf);
		return false;
	}
	buf_release(&errbuf);
	return true;
}

bool vcs_available(void)
{
	Buf out = BUF_INIT;
	const char *argv[] = {"--version", NULL};
	bool ok = vcs_git(NULL, argv, &out, NULL, NULL);
	buf_release(&out);
	return ok;
}

static void chomp(Buf *b)
{
	while (b->len && (b->p[b->len - 1] == '\n' || b->p[b->len - 1] == '\r'))
		b->p[--b->len] = '\0';
}

/* The folder to run git in for path: path itself when it is a folder,
 * else its parent. */
static char *dir_of(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return xstrdup(path);
	return path_dirname(path);
}

/* ---- the top levels found ------------------------------------------------
 * `rev-parse --show-toplevel` and `--show-prefix` ran for every file (six
 * times a file in `yeok check` of a repository).  git finds the top level
 * as the nearest folder up with a .git entry and prints it resolved
 * (getcwd); so each top level git named is kept, with the real path of the
 * folder whose .git it is, and a folder whose nearest .git is that same
 * folder gets the same answer without git; its prefix is its real path
 * below the top.  Kept only when git's answer is that folder (not when
 * GIT_DIR or GIT_WORK_TREE is set, a .git git does not take for a
 * repository, a ceiling): anything else asks git every time, as before. */
static pthread_mutex_t tops_lock = PTHREAD_MUTEX_INITIALIZER;
static VEC(char *) tops; /* real paths of top levels git named; never freed */

/* The nearest folder up from the real path real (included) with a .git
 * entry: its length in real, 0 when none. */
static size_t git_folder_of(const char *real)
{
	size_t n = strlen(real);
	char *p = xmalloc(n + sizeof("/.git"));
	memcpy(p, real, n + 1);
	size_t found = 0;
	while (n > 0 && !found) {
		struct stat st;
		memcpy(p + n, "/.git", sizeof("/.git"));
		if (lstat(p, &st) == 0)
			found = n;
		while (n > 0 && p[n - 1] != '/')
			n--;
		if (n > 0)
			n--; /* the '/' */
	}
	free(p);
	return found;
}

static bool tops_env_free(void)
{
	return !getenv("GIT_DIR") && !getenv("GIT_WORK_TREE");
}

/* The top level of the real folder real when git named it before: owned,
 * else NULL; *below: where the folder's path below it starts in real. */
static char *known_top(const char *real, size_t *below)
{
	if (!real || !tops_env_free())
		return NULL;
	size_t n = git_folder_of(real);
	if (!n)
		return NULL;
	char *hit = NULL;
	pthread_mutex_lock(&tops_lock);
	for (size_t i = 0; i < tops.n && !hit; i++)
		if (strlen(tops.v[i]) == n && !strncmp(tops.v[i], real, n))
			hit = xstrdup(tops.v[i]);
	pthread_mutex_unlock(&tops_lock);
	*below = real[n] == '/' ? n + 1 : n;
	return hit;
}

/* git named top for the folder real: keep it when it is real's nearest
 * folder with a .git. */
static void learn_top(const char *real, const char *top)
{
	if (!real || !tops_env_free() || top[0] != '/')
		return;
	size_t n = git_folder_of(real);
	if (!n || strlen(top) != n || strncmp(top, real, n))
		return;
	pthread_mutex_lock(&tops_lock);
	bool have = false;
	for (size_t i = 0; i < tops.n && !have; i++)
		have = !strcmp(tops.v[i], top);
	if (!have)
		VEC_PUSH(&tops, xstrdup(top));
	pthread_mutex_unlock(&tops_lock);
}

bool vcs_outside_work_tree(const char *path)
{
	if (!tops_env_free())
		return false;
	char *dir = dir_of(path);
	char *real = realpath(dir, NULL);
	bool outside = real && !git_folder_of(real);
	free(real);
	free(dir);
	return outside;
}

bool vcs_toplevel(const char *path, char **top, Err *e)
{
	char *dir = dir_of(path);
	char *real = realpath(dir, NULL);
	size_t below = 0;
	char *known = known_top(real, &below);
	if (known) {
		*top = known;
		free(real);
		free(dir);
		return true;
	}
	if (real && git_ran && tops_env_free() && !git_folder_of(real)) {
		free(real);
		free(dir);
		return err_set(e, EXIT_NOINPUT, "%s: not in a git work tree", path);
	}
	Buf out = BUF_INIT;
	const char *argv[] = {"rev-parse", "--show-toplevel", NULL};
	bool ok = vcs_git(dir, argv, &out, NULL, e);
	if (!ok && !(e && strstr(e->msg, "not installed")))
		err_set(e, EXIT_NOINPUT, "%s: not in a git work tree", path);
	else {
		chomp(&out);
		*top = buf_detach(&out);
		learn_top(real, *top);
	}
	buf_release(&out);
	free(real);
	free(dir);
	return ok;
}

bool vcs_relpath(const char *path, char **rel, Err *e)
{
	char *dir = dir_of(path);
	char *real = realpath(dir, NULL);
	size_t below = 0;
	char *known = known_top(real, &below);
	bool hit = known != NULL;
	free(known);
	if (hit) {
		struct stat st;
		bool is_dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
		const char *pre = real + below;
		if (is_dir)
			*rel = *pre ? xasprintf("%s/", pre) : xstrdup("");
		else
			*rel = xasprintf("%s%s%s", pre, *pre ? "/" : "", path_basename(path));
		free(real);
		free(dir);
		return true;
	}
	if (real && git_ran && tops_env_free() && !git_folder_of(real)) {
		free(real);
		free(dir);
		return err_set(e, EXIT_NOINPUT, "%s: not in a git work tree", path);
	}
	free(real);
	Buf out = BUF_INIT;
	const char *argv[] = {"rev-parse", "--show-prefix", NULL};
	bool ok = vcs_git(dir, argv, &out, NULL, e);
	if (!ok && e && strstr(e->msg, "not installed")) {
		/* keep "git is not installed" */
	} else if (!ok) {
		err_set(e, EXIT_NOINPUT, "%s: not in a git work tree", path);
	} else {
		chomp(&out);
		struct stat st;
		bool is_dir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
		if (is_dir)
			*rel = buf_detach(&out);
		else
			*rel = xasprintf("%s%s", out.p ? out.p : "", path_basename(path));
	}
	buf_release(&out);
	free(dir);
	return ok;
}

static bool is_hex40(const char *s)
{
	for (int i = 0; i < 40; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

bool vcs_commit(const char *path, const char *rev, char id[41], Err *e)
{
	char *dir = dir_of(path);
	Buf out = BUF_INIT;
	char *spec = xasprintf("%s^{commit}", rev);
	const char *argv[] = {"rev-parse", "--verify", "--quiet", "--end-of-options", spec, NULL};
	bool ok = vcs_git(dir, argv, &out, NULL, e);
	chomp(&out);
	if (!ok || out.len != 40 || !is_hex40(out.p)) {
		Err probe;
		err_init(&probe);
		char *top = NULL;
		if (!vcs_toplevel(path, &top, &probe))
			ok = err_set(e, probe.code, "%s", probe.msg);
		else
			ok = err_set(e, EXIT_NOINPUT, "%s: unknown revision '%s'", path, rev);
		free(top);
	} else {
		memcpy(id, out.p, 41);
	}
	free(spec);
	buf_release(&out);
	free(dir);
	return ok;
}

bool vcs_show(const char *path, const char *rev, Buf *out, Err *e)
{
	char id[41];
	if (!vcs_commit(path, rev, id, e))
		return false;
	char *rel = NULL;
	if (!vcs_relpath(path, &rel, e))
		return false;
	char *dir = dir_of(path);
	char *top = NULL;
	bool ok = vcs_toplevel(path, &top, e);
	Buf tree = BUF_INIT;
	if (ok) {
		/* ls-tree with `--` before the path finds the blob safely. */
		const char *argv[] = {"ls-tree", "-z", "--full-tree", id, "--", rel, NULL};
		ok = vcs_git(top, argv, &tree, NULL, e);
	}
	if (ok) {
		/* "<mode> blob <id>\t<path>\0" */
		char *tab = tree.len ? memchr(tree.p, '\t', tree.len) : NULL;
		if (!tab || tab - tree.p < 52 || strncmp(tab - 46, " blob ", 6) != 0) {
			ok = err_set(e, EXIT_NOINPUT, "%s: no such file at revision '%s'", path, rev);
		} else {
			char blob[41];
			memcpy(blob, tab - 40, 40);
			blob[40] = '\0';
			const char *argv[] = {"cat-file", "blob", blob, NULL};
			ok = vcs_git(top, argv, out, NULL, e);
			if (ok && out->len > FILE_MAX_BYTES) /* the bound of a file read */
				ok = err_set(e, EXIT_NOINPUT, "%s: larger than %u MiB at revision '%s'",
				             path, FILE_MAX_BYTES >> 20, rev);
		}
	}
	buf_release(&tree);
	free(top);
	free(dir);
	free(rel);
	return ok;
}

bool vcs_is_clean(const char *path, bool *clean, Err *e)
{
	char *top = NULL;
	char *rel = NULL;
	*clean = false;
	if (!vcs_toplevel(path, &top, e) || !vcs_relpath(path, &rel, e)) {
		free(top);
		return false;
	}
	/* Blob ids, not `git status` (which runs the fsmonitor hook and clean
	 * filters): the HEAD version's id against the file's bytes hashed
	 * without filters.  Untracked, or no HEAD: not clean. */
	Buf head = BUF_INIT, work = BUF_INIT;
	char *spec = xasprintf("HEAD:%s", rel);
	const char *rp[] = {"rev-parse", "--verify", "--quiet", "--end-of-options", spec, NULL};
	struct stat st;
	bool ok = true;
	if (vcs_git(top, rp, &head, NULL, NULL) && lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		char *abs = path_join(top, rel);
		const char *ho[] = {"hash-object", "--no-filters", "--", abs, NULL};
		ok = vcs_git(top, ho, &work, NULL, e);
		chomp(&head);
		chomp(&work);
		*clean = ok && head.len >= 40 && head.len == work.len && !memcmp(head.p, work.p, head.len);
		free(abs);
	}
	free(spec);
	buf_release(&head);
	buf_release(&work);
	free(rel);
	free(top);
	return ok;
}

/* ---- side files and git (DESIGN.md §4.5) ----------------------------------- */

static const char *const side_patterns[] = {
	"*.yeok.yaml", "*.yeok.yaml.bad*", "*.yeok.journal", "*.yeok.journal.bad*", "*.yeok.src",
	".*" FILE_TEMP_INFIX "??????",
};

/* fnmatch for the patterns above: '*' and '?' only, no '/' in names. */
static bool glob(const char *pat, const char *s)
{
	if (!*pat)
		return !*s;
	if (*pat == '*')
		return glob(pat + 1, s) || (*s && glob(pat, s + 1));
	return *s && (*pat == '?' || *pat == *s) && glob(pat + 1, s + 1);
}

/* Does the last component of path match one of them? */
static bool vcs_is_side_file(const char *path)
{
	const char *base = path_basename(path);
	for (size_t i = 0; i < ARRAY_LEN(side_patterns); i++)
		if (glob(side_patterns[i], base))
			return true;
	return false;
}

/* The real path of a git path rev-parse printed (relative to dir). */
static char *git_path(const char *dir, const char *const *argv, Err *e)
{
	Buf out = BUF_INIT;
	if (!vcs_git(dir, argv, &out, NULL, e)) {
		buf_release(&out);
		return NULL;
	}
	chomp(&out);
	char *p = out.p && out.p[0] == '/' ? xstrdup(out.p) : path_join(dir, out.p ? out.p : "");
	buf_release(&out);
	return p;
}

bool vcs_exclude_side_files(const char *path, bool *added, Err *e)
{
	*added = false;
	char *dir = dir_of(path);
	Err quiet;
	err_init(&quiet);
	const char *gp[] = {"rev-parse", "--git-path", "info/exclude", NULL};
	const char *cd[] = {"rev-parse", "--git-common-dir", NULL};
	char *exclude = git_path(dir, gp, &quiet);
	char *common = exclude ? git_path(dir, cd, &quiet) : NULL;
	free(dir);
	if (!exclude || !common) {
		free(exclude);
		free(common);
		return true; /* not in a work tree: nothing to do */
	}
	bool ok = false;
	int fd = -1;
	char *info = path_dirname(exclude);
	char *real_common = realpath(common, NULL);
	struct stat st;
	/* info/ must be a real folder inside the repository's git folder */
	if (lstat(info, &st) != 0 && errno == ENOENT)
		mkdir(info, 0755);
	char *real_info = lstat(info, &st) == 0 && S_ISDIR(st.st_mode) ? realpath(info, NULL) : NULL;
	size_t cn = real_common ? strlen(real_common) : 0;
	if (!real_common || !real_info || strncmp(real_info, real_common, cn) != 0 ||
	    (real_info[cn] != '/' && real_info[cn] != '\0')) {
		err_set(e, EXIT_IOERR, "%s: not a folder inside the repository: side files not excluded",
		        info);
		goto out;
	}
	fd = open(exclude, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY,
	          0644);
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (1 << 20)) {
		err_set(e, EXIT_IOERR, "%s: %s: side files not excluded", exclude,
		        fd < 0 ? strerror(errno) : "not a regular file of a sensible size");
		goto out;
	}
	Buf have = BUF_INIT;
	buf_grow(&have, (size_t)st.st_size + 1);
	ssize_t r = pread(fd, have.p, (size_t)st.st_size, 0);
	have.len = r > 0 ? (size_t)r : 0;
	have.p[have.len] = '\0';
	Buf add = BUF_INIT;
	for (size_t i = 0; i < ARRAY_LEN(side_patterns); i++) {
		bool present = false;
		for (char *line = have.p; line && *line && !present;) {
			char *nl = strchr(line, '\n');
			size_t n = nl ? (size_t)(nl - line) : strlen(line);
			present = n == strlen(side_patterns[i]) && !memcmp(line, side_patterns[i], n);
			line = nl ? nl + 1 : NULL;
		}
		if (!present)
			buf_addf(&add, "%s\n", side_patterns[i]);
	}
	ok = true;
	if (add.len) {
		Buf all = BUF_INIT;
		if (have.len && have.p[have.len - 1] != '\n')
			buf_addc(&all, '\n');
		buf_adds(&all, "# yeok's side files (sidecar, journal, snapshot, temporary files)\n");
		buf_addstr(&all, buf_str(&add));
		ssize_t w = write(fd, all.p, all.len);
		if (w != (ssize_t)all.len || fsync(fd) != 0)
			ok = err_set(e, EXIT_IOERR, "%s: cannot write: %s", exclude, strerror(errno));
		else
			*added = true;
		buf_release(&all);
	}
	buf_release(&add);
	buf_release(&have);
out:
	if (fd >= 0)
		close(fd);
	free(real_info);
	free(real_common);
	free(info);
	free(common);
	free(exclude);
	return ok;
}

bool vcs_staged_side_files(const char *path, Buf *names, Err *e)
{
	buf_clear(names);
	char *top = NULL;
	Err quiet;
	err_init(&quiet);
	if (!vcs_toplevel(path, &top, &quiet))
		return true;
	Buf out = BUF_INIT;
	/* the index against HEAD only: no working tree, no filters */
	const char *argv[] = {"diff", "--cached", "--name-only", "-z", "--no-ext-diff", "--no-textconv",
	                      "--no-renames", NULL};
	const char *none[] = {"diff", "--cached", "--name-only", "-z", "--no-ext-diff", "--no-textconv",
	                      "--no-renames", "4b825dc642cb6eb9a060e54bf8d69288fbee4904", NULL};
	const char *head[] = {"rev-parse", "--verify", "--quiet", "HEAD", NULL};
	Buf tmp = BUF_INIT;
	bool has_head = vcs_git(top, head, &tmp, NULL, NULL);
	buf_release(&tmp);
	bool ok = vcs_git(top, has_head ? argv : none, &out, NULL, e);
	for (size_t i = 0; ok && i < out.len;) {
		const char *name = out.p + i;
		size_t n = strlen(name);
		if (n && vcs_is_side_file(name)) {
			if (names->len)
				buf_addc(names, '\n');
			buf_adds(names, name);
		}
		i += n + 1;
	}
	buf_release(&out);
	free(top);
	return ok;
}

bool vcs_file_log(const char *path, Buf *out, Err *e)
{
	return vcs_file_log_at(path, "HEAD", out, e);
}

bool vcs_file_log_at(const char *path, const char *rev, Buf *out, Err *e)
{
	char *top = NULL, *rel = NULL;
	buf_clear(out);
	if (!vcs_toplevel(path, &top, e) || !vcs_relpath(path, &rel, e)) {
		free(top);
		return false;
	}
	/* First-parent, as vcs_log_changes(): both list the same commits. */
	const char *argv[] = {"log", "--first-parent", "--no-renames", "--format=%H",
	                      "--end-of-options", rev, "--", rel, NULL};
	Buf tmp = BUF_INIT;
	/* A repository without commits has no HEAD: no history, no error. */
	const char *head[] = {"rev-parse", "--verify", "--quiet", "HEAD", NULL};
	bool ok = true;
	if (vcs_git(top, head, &tmp, NULL, NULL))
		ok = vcs_git(top, argv, out, NULL, e);
	buf_release(&tmp);
	free(rel);
	free(top);
	return ok;
}

bool vcs_merge_base(const char *path, const char *rev, char id[41], Err *e)
{
	char *dir = dir_of(path);
	Buf out = BUF_INIT;
	const char *argv[] = {"merge-base", "--end-of-options", rev, "HEAD", NULL};
	bool ok = vcs_git(dir, argv, &out, NULL, e);
	chomp(&out);
	if (ok && out.len == 40 && is_hex40(out.p))
		memcpy(id, out.p, 41);
	else
		ok = err_set(e, EXIT_NOINPUT, "%s: no merge base with '%s'", path, rev);
	buf_release(&out);
	free(dir);
	return ok;
}

bool vcs_diff_commits(const char *top, const char *a, const char *b, const char *rel, Buf *out,
                      Err *e)
{
	char *spec = xasprintf(":(top,literal)%s", rel);
	const char *argv[] = {"diff", "--no-color", "--no-ext-diff", "--no-textconv", "--no-renames",
	                      "-U3", "--diff-algorithm=myers", "--end-of-options", a, b, "--", spec,
	                      NULL};
	bool ok = vcs_git(top, argv, out, NULL, e);
	free(spec);
	return ok;
}

bool vcs_changed_files(const char *top, const char *a, const char *b, Buf *out, Err *e)
{
	const char *argv[] = {"diff", "--name-only", "-z", "--no-renames", "--no-ext-diff",
	                      "--no-textconv", "--end-of-options", a, b, NULL};
	return vcs_git(top, argv, out, NULL, e);
}

static int cmp_tree_path(const void *a, const void *b)
{
	return strcmp(((const VcsTreeEntry *)a)->path, ((const VcsTreeEntry *)b)->path);
}

/* Hash paths[from, to) (relative to top) without filters: their ids, 40
 * hex and '\n' each, appended to ids. */
static bool hash_files(const char *top, char **paths, size_t from, size_t to, Buf *ids, Err *e)
{
	const char **argv = xcalloc(to - from + 4, sizeof(char *));
	size_t k = 0;
	argv[k++] = "hash-object";
	argv[k++] = "--no-filters";
	argv[k++] = "--";
	char **abs = xcalloc(to - from + 1, sizeof(char *));
	for (size_t i = from; i < to; i++)
		argv[k++] = abs[i - from] = path_join(top, paths[i]);
	Buf out = BUF_INIT;
	bool ok = vcs_git(top, argv, &out, NULL, e);
	if (ok)
		buf_add(ids, out.p, out.len);
	buf_release(&out);
	for (size_t i = 0; i < to - from; i++)
		free(abs[i]);
	free(abs);
	free(argv);
	return ok;
}

bool vcs_changed_since(const char *top, const char *rev, bool (*want)(const char *path),
                       Buf *out, Err *e)
{
	buf_clear(out);
	char id[41];
	char *probe = path_join(top, ".");
	bool ok = vcs_commit(probe, rev, id, e);
	free(probe);
	VcsTree tree = {0};
	ok = ok && vcs_ls_tree(top, id, &tree, e);
	if (ok && tree.n > 1)
		qsort(tree.v, tree.n, sizeof(VcsTreeEntry), cmp_tree_path);
	Buf listed = BUF_INIT;
	const char *lf[] = {"ls-files", "-z", "--full-name", NULL};
	ok = ok && vcs_git(top, lf, &listed, NULL, e);
	/* the regular files wanted, each once (a conflict lists a path thrice) */
	VEC(char *) paths = {0};
	for (size_t at = 0; ok && at < listed.len;) {
		const char *name = listed.p + at;
		size_t len = strnlen(name, listed.len - at);
		at += len + 1;
		if (!len || (want && !want(name)))
			continue;
		if (paths.n && !strcmp(paths.v[paths.n - 1], name))
			continue;
		char *abs = path_join(top, name);
		struct stat st;
		if (lstat(abs, &st) == 0 && S_ISREG(st.st_mode))
			VEC_PUSH(&paths, xmemdup0(name, len));
		free(abs);
	}
	buf_release(&listed);
	Buf ids = BUF_INIT;
	for (size_t from = 0; ok && from < paths.n; from += 256)
		ok = hash_files(top, paths.v, from, MIN(from + 256, paths.n), &ids, e);
	if (ok && ids.len != paths.n * 41)
		ok = err_set(e, EXIT_IOERR, "git hash-object: unexpected output");
	/* the index lists paths sorted: so is out */
	for (size_t i = 0; ok && i < paths.n; i++) {
		VcsTreeEntry key = {0, "", 0, paths.v[i]};
		const VcsTreeEntry *t = bsearch(&key, tree.v, tree.n, sizeof(VcsTreeEntry),
		                                cmp_tree_path);
		if (t && !memcmp(t->blob, ids.p + 41 * i, 40))
			continue;
		buf_add(out, paths.v[i], strlen(paths.v[i]) + 1);
	}
	buf_release(&ids);
	for (size_t i = 0; i < paths.n; i++)
		free(paths.v[i]);
	VEC_FREE(&paths);
	vcs_tree_release(&tree);
	return ok;
}
