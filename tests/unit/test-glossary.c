/* glossary: loading (YAML, Markdown table), matching rules, hints. */
#include "testutil.h"

#include "yeok/glossary.h"
#include "yeok/text.h"

static const char yaml_small[] =
	"language: ko\n"
	"terms:\n"
	"  - {en: parameter, ko: 매개변수, avoid: [파라미터]}\n"
	"  - {en: Tensor / Tensors, ko: Tensor, keep: true, avoid: [텐서], allow: 텐서플로우, note: 번역하지 않음}\n"
	"  - {en: Hyperparameter, ko: 하이퍼파라미터, note: 음차 표기}\n"
	"  - {en: gradient, ko: 변화도, avoid: [그래디언트, 기울기]}\n"
	"  - {en: \"learning rate, lr\", ko: 학습률}\n"
	"  - {en: training, ko: 학습, avoid: 훈련}\n"
	"  - {en: deep neural network, ko: 심층 신경망}\n"
	"  - {en: instantiate, ko: 생성하다}\n"
	"  - {en: loss, ko: 손실}\n";

static void load_small(Glossary *g)
{
	glossary_init(g);
	Err e;
	err_init(&e);
	if (!glossary_load_mem(g, "small.yaml", yaml_small, sizeof(yaml_small) - 1, &e))
		fail_msg("%s", e.msg);
	if (!glossary_check(g, &e))
		fail_msg("%s", e.msg);
}

static size_t find_term(const Glossary *g, const char *en)
{
	for (size_t i = 0; i < g->n; i++)
		if (strcmp(g->v[i].en[0], en) == 0)
			return i;
	fail_msg("term %s not loaded", en);
	return 0;
}

/* "TERM@START-END" for every hit, space separated. */
static char *describe(const Glossary *g, const char *text, const GlossHitVec *h)
{
	Buf b = BUF_INIT;
	for (size_t i = 0; i < h->n; i++) {
		if (i)
			buf_addc(&b, ' ');
		const GlossHit *x = &h->v[i];
		buf_addf(&b, "%s%s%.*s", g->v[x->term].en[0],
		         x->kind == GH_AVOID ? "!" : x->kind == GH_KO ? "=" : ":",
		         (int)(x->end - x->start), text + x->start);
	}
	return buf_detach(&b);
}

static void expect_en(Glossary *g, const char *text, const char *want)
{
	GlossHitVec h = {0};
	glossary_match_en(g, text, strlen(text), &h);
	char *got = describe(g, text, &h);
	if (strcmp(got, want) != 0)
		fail_msg("en \"%s\": got \"%s\", want \"%s\"", text, got, want);
	free(got);
	VEC_FREE(&h);
}

static void expect_ko(Glossary *g, const char *text, const char *want)
{
	GlossHitVec h = {0};
	glossary_match_ko(g, text, strlen(text), &h);
	char *got = describe(g, text, &h);
	if (strcmp(got, want) != 0)
		fail_msg("ko \"%s\": got \"%s\", want \"%s\"", text, got, want);
	free(got);
	VEC_FREE(&h);
}

static void test_load_yaml(void **state)
{
	(void)state;
	Glossary g;
	load_small(&g);
	assert_int_equal(g.n, 9);
	const GlossTerm *t = &g.v[find_term(&g, "Tensor")];
	assert_true(t->keep);
	assert_int_equal(t->en_n, 2);
	assert_string_equal(t->en[1], "Tensors");
	assert_int_equal(t->avoid_n, 1);
	assert_string_equal(t->note, "번역하지 않음");
	t = &g.v[find_term(&g, "learning rate")];
	assert_int_equal(t->en_n, 2);
	assert_string_equal(t->en[1], "lr");
	assert_int_equal(g.v[find_term(&g, "training")].avoid_n, 1);
	Buf b = BUF_INIT;
	glossary_term_label(&g, find_term(&g, "parameter"), &b);
	assert_string_equal(b.p, "parameter -> 매개변수");
	buf_clear(&b);
	glossary_term_label(&g, find_term(&g, "Tensor"), &b);
	assert_string_equal(b.p, "Tensor -> Tensor (번역하지 않음)");
	buf_release(&b);
	glossary_release(&g);
}

static void expect_load_error(const char *text, const char *want)
{
	Glossary g;
	glossary_init(&g);
	Err e;
	err_init(&e);
	assert_false(glossary_load_mem(&g, "bad.yaml", text, strlen(text), &e));
	assert_int_equal(e.code, EXIT_CONFIG);
	if (!strstr(e.msg, want))
		fail_msg("error \"%s\" lacks \"%s\"", e.msg, want);
	glossary_release(&g);
}

static void test_load_errors(void **state)
{
	(void)state;
	expect_load_error("terms:\n  - {en: x}\n", "bad.yaml:2:5: term without `ko`");
	expect_load_error("terms:\n  - {ko: x}\n", "bad.yaml:2:5: term without `en`");
	expect_load_error("terms:\n  - {en: x, ko: y, colour: red}\n", "bad.yaml:2:20: unknown key");
	expect_load_error("terms:\n  - {en: x, ko: y, keep: maybe}\n", "keep: expected true or false");
	expect_load_error("terms: [\n", "bad.yaml:2:1:");
	expect_load_error("language: ko\n", "no `terms:` list");
	expect_load_error("terms: 3\n", "terms: expected a list");
	Glossary g;
	glossary_init(&g);
	Err e;
	err_init(&e);
	assert_false(glossary_load(&g, "/nonexistent/ko.yaml", &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	glossary_release(&g);
}

static void test_load_shipped_and_markdown(void **state)
{
	(void)state;
	/* The shipped YAML and the guide's Markdown table hold the same terms. */
	if (!tu_have_corpus())
		skip();
	Glossary y, m;
	glossary_init(&y);
	glossary_init(&m);
	Err e;
	err_init(&e);
	if (!glossary_load(&y, "glossary/ko.yaml", &e))
		fail_msg("%s", e.msg);
	char *guide = path_join(tu_corpus(), "../reference/TRANSLATION_GUIDE.md");
	if (!glossary_load(&m, guide, &e))
		fail_msg("%s", e.msg);
	free(guide);
	assert_true(y.n >= 80);
	/* every row of the guide, in its order; then the renderings the
	 * repository unified that the guide has no row for */
	assert_true(y.n > m.n);
	for (size_t i = 0; i < m.n; i++) {
		/* the guide's forms are among the term's (sharding / sharded for
		 * the guide's typo "shading") */
		for (size_t k = 0; k < m.v[i].en_n; k++) {
			bool has = false;
			for (size_t j = 0; j < y.v[i].en_n && !has; j++)
				has = strcmp(y.v[i].en[j], m.v[i].en[k]) == 0;
			if (!has)
				fail_msg("term %zu lacks the guide's form '%s'", i, m.v[i].en[k]);
		}
		assert_string_equal(y.v[i].ko, m.v[i].ko);
		assert_int_equal(y.v[i].keep, m.v[i].keep);
	}
	assert_true(y.v[find_term(&y, "Tensor")].keep);
	assert_true(m.v[find_term(&m, "NumPy")].keep);
	assert_false(m.v[find_term(&m, "parameter")].keep);
	assert_string_equal(m.v[find_term(&m, "method")].note, "음차 표기");
	/* "Production (environment, use)" is one term, "Production". */
	assert_string_equal(m.v[find_term(&m, "Production")].ko, "Production");
	/* "track (computation) history" has both forms. */
	const GlossTerm *t = &m.v[find_term(&m, "track history")];
	assert_int_equal(t->en_n, 2);
	assert_string_equal(t->en[1], "track computation history");
	/* The avoid variants are in the shipped file. */
	const char *want[][2] = {{"parameter", "파라미터"}, {"Tensor", "텐서"},
	                         {"gradient", "그래디언트"}, {"gradient", "기울기"},
	                         {"Layer", "레이어"}, {"training", "훈련"}};
	for (size_t i = 0; i < ARRAY_LEN(want); i++) {
		t = &y.v[find_term(&y, want[i][0])];
		bool found = false;
		for (size_t k = 0; k < t->avoid_n; k++)
			found |= strcmp(t->avoid[k], want[i][1]) == 0;
		if (!found)
			fail_msg("%s lacks avoid %s", want[i][0], want[i][1]);
	}
	glossary_release(&y);
	glossary_release(&m);
}

static void test_match_english(void **state)
{
	(void)state;
	Glossary g;
	load_small(&g);
	/* case, inflection */
	expect_en(&g, "The Parameters and gradients.", "parameter:Parameters gradient:gradients");
	expect_en(&g, "a Tensor's shape; tensors; TENSOR", "Tensor:Tensor's Tensor:tensors Tensor:TENSOR");
	expect_en(&g, "losses", "loss:losses");
	/* longest match first: hyperparameter is not a parameter hit */
	expect_en(&g, "tune each hyperparameter", "Hyperparameter:hyperparameter");
	expect_en(&g, "Hyperparameters or parameters", "Hyperparameter:Hyperparameters parameter:parameters");
	/* whole words only */
	expect_en(&g, "parametric glossy lossless parameterize", "");
	/* multi-word terms, across a line break */
	expect_en(&g, "the learning\nrate (lr) of a deep neural network",
	          "learning rate:learning\nrate learning rate:lr deep neural network:deep neural network");
	/* indented continuation lines: the whitespace run is one space */
	expect_en(&g, "a deep neural\n   network here", "deep neural network:deep neural\n   network");
	/* exclusions: inline literals, role targets, URLs, substitutions */
	expect_en(&g, "``parameter`` :class:`torch.Tensor` https://x.org/parameter |loss|", "");
	expect_en(&g, "`the loss <https://x.org/tensor>`__", "loss:loss");
	expect_en(&g, "torch.Tensor and my_parameter", "");
	/* English in Korean text: particles follow directly */
	expect_en(&g, "Tensor를 만듭니다", "Tensor:Tensor");
	glossary_release(&g);
}

static void test_match_korean(void **state)
{
	(void)state;
	Glossary g;
	load_small(&g);
	/* particles and endings */
	expect_ko(&g, "매개변수를 바꾸고 매개변수의 값", "parameter=매개변수 parameter=매개변수");
	expect_ko(&g, "파라미터를 바꿉니다", "parameter!파라미터");
	/* longest match / no hit inside a longer word */
	expect_ko(&g, "하이퍼파라미터를 조정합니다", "Hyperparameter=하이퍼파라미터");
	expect_ko(&g, "텐서와 텐서플로우", "Tensor!텐서"); /* allow: 텐서플로우 */
	expect_ko(&g, "학습률과 학습", "learning rate=학습률 training=학습");
	expect_ko(&g, "모델을 훈련시킵니다", "training!훈련");
	expect_ko(&g, "그래디언트 대신 기울기", "gradient!그래디언트 gradient!기울기");
	expect_ko(&g, "이 심층\n   신경망은", "deep neural network=심층\n   신경망");
	/* verb stems: 생성하다 -> 생성합니다, 생성한 */
	expect_ko(&g, "객체를 생성합니다", "instantiate=생성");
	/* exclusions */
	expect_ko(&g, "``파라미터`` 와 :doc:`텐서 </x>`", "");
	/* NFC: decomposed Hangul matches, offsets point into the original */
	Buf nfd = BUF_INIT;
	text_nfd("값 파라미터를", strlen("값 파라미터를"), &nfd);
	GlossHitVec h = {0};
	glossary_match_ko(&g, nfd.p, nfd.len, &h);
	assert_int_equal(h.n, 1);
	assert_int_equal(h.v[0].kind, GH_AVOID);
	Buf part = BUF_INIT;
	text_nfc(nfd.p + h.v[0].start, h.v[0].end - h.v[0].start, &part);
	assert_string_equal(part.p, "파라미터");
	buf_release(&part);
	buf_release(&nfd);
	VEC_FREE(&h);
	glossary_release(&g);
}

static void test_hints(void **state)
{
	(void)state;
	Glossary g;
	load_small(&g);
	const char *src = "Update the parameters of the Tensor with the gradient.";
	const char *tgt = "변화도로 Tensor의 파라미터를 갱신합니다.";
	GlossHintVec hv = {0};
	assert_int_equal(glossary_hints(&g, src, strlen(src), tgt, strlen(tgt), &hv), 3);
	assert_int_equal(hv.v[0].term, find_term(&g, "parameter"));
	assert_true(hv.v[0].violated);
	assert_false(hv.v[0].found);
	assert_memory_equal(tgt + hv.v[0].tgt_start, "파라미터", hv.v[0].tgt_end - hv.v[0].tgt_start);
	assert_int_equal(hv.v[1].term, find_term(&g, "Tensor"));
	assert_true(hv.v[1].found);
	assert_false(hv.v[1].violated);
	assert_int_equal(hv.v[2].term, find_term(&g, "gradient"));
	assert_true(hv.v[2].found);
	assert_memory_equal(src + hv.v[0].src_start, "parameters", 10);
	VEC_FREE(&hv);
	/* no target yet */
	assert_int_equal(glossary_hints(&g, src, strlen(src), NULL, 0, &hv), 3);
	assert_false(hv.v[0].found || hv.v[0].violated);
	VEC_FREE(&hv);
	glossary_release(&g);
}

/* Matching is linear: a 2 MB block is scanned once (no timing assertion;
 * the point is that it finishes and finds every hit). */
static void test_large_block(void **state)
{
	(void)state;
	Glossary g;
	load_small(&g);
	Buf b = BUF_INIT;
	for (int i = 0; i < 40000; i++)
		buf_adds(&b, "the parameters 파라미터를 ");
	GlossHitVec h = {0};
	assert_int_equal(glossary_match_en(&g, b.p, b.len, &h), 40000);
	VEC_FREE(&h);
	assert_int_equal(glossary_match_ko(&g, b.p, b.len, &h), 40000);
	VEC_FREE(&h);
	buf_release(&b);
	glossary_release(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_yaml),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_load_shipped_and_markdown),
		cmocka_unit_test(test_match_english),
		cmocka_unit_test(test_match_korean),
		cmocka_unit_test(test_hints),
		cmocka_unit_test(test_large_block),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
