/* util: strings, buffers, vectors, errors, files, hashes. */
#include "testutil.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void buf_invariants(const Buf *b)
{
	if (b->cap) {
		assert_non_null(b->p);
		assert_true(b->len < b->cap);
		assert_int_equal(b->p[b->len], '\0');
	} else {
		assert_int_equal(b->len, 0);
	}
}

static void test_buf_ops(void **state)
{
	(void)state;
	Buf b = BUF_INIT;
	buf_invariants(&b);
	buf_adds(&b, "hello");
	buf_invariants(&b);
	buf_addc(&b, ' ');
	buf_addf(&b, "%d-%s", 42, "x");
	buf_invariants(&b);
	assert_string_equal(b.p, "hello 42-x");
	buf_insert(&b, 0, ">>", 2);
	assert_string_equal(b.p, ">>hello 42-x");
	buf_remove(&b, 2, 6);
	buf_invariants(&b);
	assert_string_equal(b.p, ">>42-x");
	for (int i = 0; i < 10000; i++)
		buf_addc(&b, 'a');
	buf_invariants(&b);
	assert_int_equal(b.len, 6 + 10000);
	buf_clear(&b);
	buf_invariants(&b);
	char *s = buf_detach(&b);
	assert_string_equal(s, "");
	free(s);
	buf_invariants(&b);
	buf_release(&b);
}

static void test_json_escape(void **state)
{
	(void)state;
	Buf b = BUF_INIT;
	buf_add_json_str(&b, STR_LIT("a\"b\\c\n\t\x01 매개변수 \xff"));
	assert_string_equal(b.p, "\"a\\\"b\\\\c\\n\\t\\u0001 매개변수 \\ufffd\"");
	buf_release(&b);
}

static void test_str(void **state)
{
	(void)state;
	Str s = str_from("  hello world \r\n");
	assert_true(str_eq_cstr(str_trim(s), "hello world"));
	assert_true(str_starts_with(s, "  he"));
	assert_true(str_ends_with(s, "\r\n"));
	assert_int_equal(str_find(s, STR_LIT("world")), 8);
	assert_int_equal(str_find(s, STR_LIT("xyz")), -1);
	assert_true(str_eq(str_slice(s, 2, 7), STR_LIT("hello")));
	char *d = str_dup(str_slice(s, 2, 7));
	assert_string_equal(d, "hello");
	free(d);
}

typedef VEC(int) IntVec;

static void test_vec(void **state)
{
	(void)state;
	IntVec v = {0};
	for (int i = 0; i < 1000; i++)
		VEC_PUSH(&v, i * 2);
	assert_int_equal(v.n, 1000);
	assert_true(v.cap >= 1000);
	assert_int_equal(v.v[999], 1998);
	VEC_FREE(&v);
	assert_null(v.v);
}

static void test_err(void **state)
{
	(void)state;
	Err e;
	err_init(&e);
	assert_false(err_set(&e, EXIT_DATAERR, "%s:%d: bad", "f.rst", 42));
	assert_string_equal(e.msg, "f.rst:42: bad");
	assert_int_equal(e.code, EXIT_DATAERR);
	err_prefix(&e, "loading");
	assert_string_equal(e.msg, "loading: f.rst:42: bad");
	assert_false(err_set(NULL, 1, "ignored"));
}

static void test_sha256(void **state)
{
	(void)state;
	char hex[65];
	sha256_hex("", 0, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	sha256_hex("abc", 3, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	/* 56 bytes: the padding spills into a second block */
	const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	sha256_hex(m, strlen(m), hex);
	assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	assert_true(hash_fnv1a("a", 1) != hash_fnv1a("b", 1));
}

/* hash_words: the same bytes the same hash wherever they sit; a tail of
 * zero bytes, one byte changed in any word or in the tail, a different
 * hash. */
static void test_hash_words(void **state)
{
	(void)state;
	char a[64], b[80];
	for (size_t i = 0; i < sizeof(a); i++)
		a[i] = (char)('a' + i % 26);
	for (size_t n = 0; n <= sizeof(a); n++) {
		memcpy(b + 3, a, n);
		assert_true(hash_words(a, n) == hash_words(b + 3, n));
		memset(b + 3 + n, 0, 8);
		assert_true(hash_words(a, n) != hash_words(b + 3, n + 1));
		for (size_t k = 0; k < n; k++) {
			b[3 + k] ^= 1;
			assert_true(hash_words(a, n) != hash_words(b + 3, n));
			b[3 + k] ^= 1;
		}
	}
}

/* The SHA extensions' code and the portable code agree on every length
 * (padding at 55, 56, 63, 64 bytes) and through the pieces API. */
static void test_sha256_paths(void **state)
{
	(void)state;
	char *buf = xmalloc(4096);
	uint64_t r = 88172645463325252ull;
	for (size_t i = 0; i < 4096; i++) {
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;
		buf[i] = (char)r;
	}
	for (size_t n = 0; n < 4096; n += n < 300 ? 1 : 97) {
		char a[65], b[65], c[65];
		sha256_use_portable(true);
		sha256_hex(buf, n, a);
		sha256_use_portable(false);
		sha256_hex(buf, n, b);
		Sha256 x;
		sha256_init(&x);
		for (size_t k = 0; k < n;) {
			size_t step = MIN(n - k, 1 + (k * 7) % 90);
			sha256_update(&x, buf + k, step);
			k += step;
		}
		sha256_final_hex(&x, c);
		assert_string_equal(a, b);
		assert_string_equal(a, c);
	}
	free(buf);
}

static void test_parse_long(void **state)
{
	(void)state;
	long v;
	assert_true(parse_long("1132", 1, 999999, &v));
	assert_int_equal(v, 1132);
	assert_false(parse_long("0", 1, 10, &v));
	assert_false(parse_long("-3", 1, 10, &v));
	assert_false(parse_long("12x", 1, 100, &v));
	assert_false(parse_long("", 1, 100, &v));
	assert_false(parse_long("+5", 1, 100, &v));
}

static void test_file_read_errors(void **state)
{
	(void)state;
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	assert_false(file_read("/nonexistent/yeok/x.rst", &b, &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	assert_non_null(strstr(e.msg, "/nonexistent/yeok/x.rst"));
	char *dir = tu_tmpdir();
	assert_false(file_read(dir, &b, &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	assert_non_null(strstr(e.msg, "is a directory"));
	free(dir);
	buf_release(&b);
}

/* A file is read into a buffer of its size, not the next power of two
 * (the editor keeps the English's buffer: 4.2 MB held in 8.4 MB at 100k
 * lines); the bytes are the file's, empty and growing files included. */
static void test_file_read_size(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	size_t n = (1u << 20) + 12345;
	char *data = xmalloc(n);
	for (size_t i = 0; i < n; i++)
		data[i] = (char)('a' + i % 26);
	char *path = tu_write(dir, "big.rst", data, n);
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	assert_true(file_read(path, &b, &e));
	assert_int_equal(b.len, n);
	assert_memory_equal(b.p, data, n);
	assert_int_equal(b.p[n], '\0');
	assert_true(b.cap <= n + 2);
	char *empty = tu_write(dir, "empty.rst", "", 0);
	assert_true(file_read(empty, &b, &e));
	assert_int_equal(b.len, 0);
	assert_string_equal(b.p, "");
	buf_release(&b);
	free(empty);
	free(path);
	free(data);
	free(dir);
}

static void test_atomic_write(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "doc.rst", "old\n", 4);
	assert_int_equal(chmod(path, 0640), 0);
	Err e;
	err_init(&e);
	assert_true(file_write_atomic(path, "new text\n", 9, &e));
	size_t n;
	char *got = tu_read(path, &n);
	assert_string_equal(got, "new text\n");
	free(got);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);

	/* a symlink stays a symlink; its target gets the text */
	char *link = path_join(dir, "link.rst");
	assert_int_equal(symlink("doc.rst", link), 0);
	assert_true(file_write_atomic(link, "via link\n", 9, &e));
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	got = tu_read(path, &n);
	assert_string_equal(got, "via link\n");
	free(got);

	/* an injected failure leaves the original intact, no temp file */
	file_inject_write_errno = ENOSPC;
	assert_false(file_write_atomic(path, "lost\n", 5, &e));
	file_inject_write_errno = 0;
	assert_int_equal(e.code, EXIT_IOERR);
	assert_non_null(strstr(e.msg, "No space left"));
	got = tu_read(path, &n);
	assert_string_equal(got, "via link\n");
	free(got);

	/* a folder that does not exist: a clear error */
	assert_false(file_write_atomic("/nonexistent/yeok/doc.rst", "x", 1, &e));
	assert_non_null(strstr(e.msg, "/nonexistent/yeok/doc.rst"));

	char *cmd = xasprintf("test $(ls -A '%s' | wc -l) -eq 2", dir);
	assert_int_equal(system(cmd), 0); /* doc.rst and link.rst only */
	free(cmd);
	free(link);
	free(path);
	free(dir);
}

static void test_paths(void **state)
{
	(void)state;
	char *d = path_dirname("a/b/c.rst");
	assert_string_equal(d, "a/b");
	free(d);
	d = path_dirname("c.rst");
	assert_string_equal(d, ".");
	free(d);
	assert_string_equal(path_basename("a/b/c.rst"), "c.rst");
	char *j = path_join("a/", "b");
	assert_string_equal(j, "a/b");
	free(j);
}

/* The string pool against the plain model it replaces (every holder its
 * own copy): random takes (fresh strings, and references handed on) and
 * drops over few distinct strings, the pool checked after each; equal
 * strings share one copy, counted by its holders. */
static void test_strpool_equals_copies(void **state)
{
	(void)state;
	StrPool p;
	strpool_init(&p);
	enum { HOLD = 600 };
	char *held[HOLD] = {0};   /* the pool's pointer each holder has */
	char *copy[HOLD] = {0};   /* the model: the holder's own copy */
	uint64_t x = 0x9e3779b97f4a7c15ull;
	Err e;
	err_init(&e);
	size_t took = 0, dropped = 0, handed = 0;
	for (int step = 0; step < 40000; step++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		size_t h = (size_t)(x % HOLD);
		int op = (int)((x >> 20) % 4);
		if (held[h] && op == 0) {
			strpool_drop(&p, held[h]);
			free(copy[h]);
			held[h] = copy[h] = NULL;
			dropped++;
		} else if (held[h] && op == 1) { /* handed on to another holder */
			size_t to = (size_t)((x >> 32) % HOLD);
			if (!held[to]) {
				assert_ptr_equal(strpool_take(&p, held[h]), held[h]);
				held[to] = held[h];
				copy[to] = copy[h];
				held[h] = copy[h] = NULL;
				handed++;
			}
		} else if (!held[h]) {
			char *s = xasprintf("message %u%s", (unsigned)((x >> 24) % 97),
			                    (x >> 40) % 5 ? "" : " — with more words");
			copy[h] = xstrdup(s);
			held[h] = strpool_take(&p, s);
			took++;
		}
		if (step % 97 == 0 || step < 2000)
			if (!strpool_check(&p, &e))
				fail_msg("step %d: %s", step, e.msg);
	}
	/* the model's copies and the pool's agree: equal text, one pointer */
	size_t n_distinct = 0, refs = 0;
	for (size_t i = 0; i < HOLD; i++) {
		if (!held[i])
			continue;
		assert_string_equal(held[i], copy[i]);
		size_t holders = 0, first = i;
		for (size_t j = 0; j < HOLD; j++)
			if (copy[j] && !strcmp(copy[j], copy[i])) {
				assert_ptr_equal(held[j], held[i]);
				first = MIN(first, j);
				holders++;
			}
		assert_int_equal(strpool_refs(&p, held[i]), holders);
		if (first == i) {
			n_distinct++;
			refs += holders;
		}
	}
	size_t nheld = 0;
	for (size_t i = 0; i < HOLD; i++)
		nheld += held[i] != NULL;
	assert_int_equal(refs, nheld); /* every holder counted once */
	assert_int_equal(p.n, n_distinct);
	assert_true(took > 1000 && dropped > 1000 && handed > 100 && n_distinct > 50);
	assert_int_equal(strpool_refs(&p, "message 1"), 0); /* not the pool's pointer */
	for (size_t i = 0; i < HOLD; i++)
		if (held[i]) {
			strpool_drop(&p, held[i]);
			free(copy[i]);
		}
	assert_true(strpool_check(&p, &e));
	assert_int_equal(p.n, 0);
	strpool_release(&p);
}

/* Resident pages of [p, p + n) (whole pages inside it), by mincore. */
static size_t resident(const char *p, size_t n)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = ((uintptr_t)p + pg - 1) & ~(pg - 1), b = ((uintptr_t)p + n) & ~(pg - 1);
	size_t np = (size_t)((b - a) / pg), in = 0;
	unsigned char *v = xmalloc(np ? np : 1);
	assert_int_equal(mincore((void *)a, b - a, v), 0);
	for (size_t i = 0; i < np; i++)
		in += v[i] & 1;
	free(v);
	return in;
}

/* xprefault faults a fresh block's pages in at once and changes no byte;
 * below XPREFAULT_MIN it does nothing. */
static void test_prefault(void **state)
{
	(void)state;
#ifdef MADV_POPULATE_WRITE
	size_t n = 8u << 20; /* malloc maps a block this large afresh */
	long pg = sysconf(_SC_PAGESIZE);
	void *probe = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(probe != MAP_FAILED);
	bool has = madvise(probe, (size_t)pg, MADV_POPULATE_WRITE) == 0;
	munmap(probe, (size_t)pg);
	if (!has)
		skip(); /* the kernel has no MADV_POPULATE_WRITE (before 5.14) */
	char *p = xmalloc(n);
	size_t before = resident(p, n);
	p[0] = 'a';
	p[n - 1] = 'z';
	xprefault(p, n);
	size_t after = resident(p, n), pages = n / (size_t)sysconf(_SC_PAGESIZE);
	if (before > pages / 2)
		skip(); /* the allocator handed back touched memory: nothing to see */
	assert_true(after >= pages - 2);
	assert_int_equal(p[0], 'a');
	assert_int_equal(p[n - 1], 'z');
	free(p);
	/* a small block: left as it is (the heap's, a hint not worth a call) */
	char *q = xmalloc(XPREFAULT_MIN - 1);
	xprefault(q, XPREFAULT_MIN - 1);
	free(q);
#else
	skip();
#endif
}

/* buf_addf and xasprintf write in one pass when the text fits and in two
 * when it does not: every length around the room there is and around a
 * line of 512 gives the same bytes as a plain copy. */
static void test_printf_lengths(void **state)
{
	(void)state;
	char big[1200];
	for (size_t i = 0; i < sizeof(big) - 1; i++)
		big[i] = (char)('a' + i % 26);
	big[sizeof(big) - 1] = '\0';
	Buf b = BUF_INIT, want = BUF_INIT;
	for (size_t len = 0; len < 1100; len += (len < 80 || (len > 490 && len < 530)) ? 1 : 37) {
		char *x = xasprintf("<%.*s>", (int)len, big);
		assert_int_equal(strlen(x), len + 2);
		assert_memory_equal(x + 1, big, len);
		buf_addf(&b, "%s|%zu;", x, len);
		buf_adds(&want, x);
		buf_addc(&want, '|');
		char num[32];
		snprintf(num, sizeof(num), "%zu;", len);
		buf_adds(&want, num);
		assert_int_equal(b.len, want.len);
		assert_string_equal(b.p, want.p);
		free(x);
	}
	buf_release(&b);
	buf_release(&want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buf_ops),
		cmocka_unit_test(test_printf_lengths),
		cmocka_unit_test(test_json_escape),
		cmocka_unit_test(test_str),
		cmocka_unit_test(test_vec),
		cmocka_unit_test(test_err),
		cmocka_unit_test(test_sha256),
		cmocka_unit_test(test_hash_words),
		cmocka_unit_test(test_sha256_paths),
		cmocka_unit_test(test_parse_long),
		cmocka_unit_test(test_file_read_errors),
		cmocka_unit_test(test_file_read_size),
		cmocka_unit_test(test_prefault),
		cmocka_unit_test(test_atomic_write),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_strpool_equals_copies),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
