/* json: the bounded reader — values, escapes, positions in messages, and
 * every bound. */
#include "testutil.h"

#include "yeok/json.h"

static JsonNode *parse_ok(const char *s, bool seq)
{
	JsonLimits lim = {1u << 20, 16, 10000, seq};
	JsonNode *v = NULL;
	Err e;
	err_init(&e);
	if (!json_parse(s, strlen(s), "t.json", &lim, &v, &e))
		fail_msg("%s", e.msg);
	return v;
}

static void parse_bad(const char *s, const char *want)
{
	JsonLimits lim = {64, 4, 20, false};
	JsonNode *v = NULL;
	Err e;
	err_init(&e);
	assert_false(json_parse(s, strlen(s), "t.json", &lim, &v, &e));
	assert_null(v);
	assert_int_equal(e.code, EXIT_DATAERR);
	if (!strstr(e.msg, want))
		fail_msg("'%s' lacks '%s'", e.msg, want);
}

static void test_values(void **state)
{
	(void)state;
	JsonNode *v = NULL;
	v = parse_ok("{\"a\": [1, -20, 3.5, 1e3, true, false, null],\n"
	             "  \"k\": \"\\uD55C\\uAE00 \\ud83d\\ude00\\n\\\"/\", \"id\": 9007199254740993}",
	             false);
	assert_int_equal(v->kind, JSON_OBJECT);
	const JsonNode *a = json_get(v, "a");
	assert_int_equal(a->nkids, 7);
	long long x;
	assert_true(json_integer(a->kids[0], &x));
	assert_int_equal(x, 1);
	assert_true(json_integer(a->kids[1], &x));
	assert_int_equal(x, -20);
	assert_false(json_integer(a->kids[2], &x));
	assert_false(json_integer(a->kids[3], &x));
	assert_true(a->kids[4]->b);
	assert_false(a->kids[5]->b);
	assert_int_equal(a->kids[6]->kind, JSON_NULL);
	assert_string_equal(json_string(json_get(v, "k")), "한글 😀\n\"/");
	assert_true(json_integer(json_get(v, "id"), &x));
	assert_true(x == 9007199254740993LL);
	assert_int_equal(json_get(v, "k")->line, 2);
	assert_null(json_get(v, "missing"));
	json_free(v);
}

static void test_sequence(void **state)
{
	(void)state;
	JsonNode *v = parse_ok("[1,2]\n[3]\n", true);
	assert_int_equal(v->kind, JSON_ARRAY);
	assert_int_equal(v->nkids, 2);
	assert_int_equal(v->kids[1]->nkids, 1);
	json_free(v);
}

static void test_errors(void **state)
{
	(void)state;
	parse_bad("", "ends where a value");
	parse_bad("[1,]", "1:4: unexpected ']'");
	parse_bad("{\"a\" 1}", "expected ':'");
	parse_bad("{\"a\": 1\n \"b\": 2}", "2:2: expected ',' or '}'");
	parse_bad("[1] [2]", "more text after");
	parse_bad("\"a\nb\"", "line break inside a string");
	parse_bad("\"\\x\"", "unknown escape");
	parse_bad("\"\\u0000\"", "NUL");
	parse_bad("\"\\ud800\"", "without its low half");
	parse_bad("\"\\udc00\"", "lone low surrogate");
	parse_bad("\"\xff\"", "not valid UTF-8");
	parse_bad("01", "more text after");
	parse_bad("-", "malformed number");
	parse_bad("[[[[[1]]]]]", "nested deeper than 4");
	parse_bad("[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]", "more than 20 values");
	parse_bad("[\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]",
	          "larger than 64 bytes");
	parse_bad("nul", "unexpected 'n'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_sequence),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
