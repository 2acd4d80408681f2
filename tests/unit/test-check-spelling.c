/* check: the spelling row (src/check/check-spelling.c through src/spell).
 * One Spell (with the Korean dictionary) for the whole binary. */
#include "testutil.h"

#include "yeok/align.h"
#include "yeok/check.h"
#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/spell.h"

static Spell *g_sp;

static const char k_src[] =
	"Training with torchrun\n"
	"======================\n"
	"\n"
	"Use ``torchrun`` to launch the job. Set nproc to the number of GPUs.\n"
	"\n"
	".. code-block:: python\n"
	"\n"
	"   x = torch.tensr(1)  # misspelt code never flags\n"
	"\n"
	":Author: Someone\n";

static const char k_tgt[] =
	"torchrun으로 학습하기\n"
	"======================\n"
	"\n"
	"작업은 ``torchrun``\\ 으로 실행합니댜. nproc 값은 GPU 개수로\n"
	"정합니다. We recieve 텐서를 :func:`torch.tensr`\\ 로.\n"
	"\n"
	".. code-block:: python\n"
	"\n"
	"   x = torch.tensr(1)  # 코드는 검사하지 않습니댜\n"
	"\n"
	":Authr: 홍길동 씀니다\n";

typedef struct Doc {
	Lines sl, tl;
	RstDoc sd, td;
	Alignment a;
	CheckDoc cd;
} Doc;

static void doc_open_text(Doc *d, const char *src, const char *tgt, bool with_source, Spell *sp)
{
	lines_init(&d->sl);
	lines_init(&d->tl);
	lines_parse(&d->sl, src, strlen(src));
	lines_parse(&d->tl, tgt, strlen(tgt));
	rst_init(&d->sd);
	rst_init(&d->td);
	rst_segment(&d->sl, &d->sd);
	rst_segment(&d->tl, &d->td);
	align_init(&d->a);
	align_docs(&d->sl, &d->sd, &d->tl, &d->td, &d->a);
	if (with_source)
		check_doc_init(&d->cd, &d->tl, &d->td, &d->sl, &d->sd, &d->a, NULL);
	else
		check_doc_init(&d->cd, &d->tl, &d->td, NULL, NULL, NULL, NULL);
	d->cd.spell = sp;
}

static void doc_open(Doc *d, bool with_source, Spell *sp)
{
	doc_open_text(d, k_src, k_tgt, with_source, sp);
}

static void doc_close(Doc *d)
{
	check_doc_release(&d->cd);
	align_release(&d->a);
	rst_release(&d->sd);
	rst_release(&d->td);
	lines_release(&d->sl);
	lines_release(&d->tl);
}

/* Spelling findings as "LINE:COL WORD -> SUGGESTION" lines. */
static char *run(Doc *d)
{
	CheckSet set;
	memset(&set, 0, sizeof set);
	set.on[CK_SPELLING] = true;
	FindingVec v = {0};
	check_document(&d->cd, &set, &v);
	Buf b = BUF_INIT;
	for (size_t i = 0; i < v.n; i++) {
		assert_int_equal(v.v[i].check, CK_SPELLING);
		assert_int_equal(v.v[i].sev, SEV_WARNING);
		buf_addf(&b, "%zu:%zu %s -> %s\n", v.v[i].line + 1, v.v[i].col, v.v[i].message,
		         v.v[i].suggestion ? v.v[i].suggestion : "(none)");
	}
	findings_clear(&v);
	VEC_FREE(&v);
	return buf_detach(&b);
}

static int setup(void **state)
{
	(void)state;
	SpellOptions o = {.personal_words = ""};
	g_sp = spell_new(&o);
	const char *terms[] = {"텐서", "Tensor"};
	spell_add_terms(g_sp, terms, 2);
	spell_wait(g_sp);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	spell_free(g_sp);
	return 0;
}

static void test_row(void **state)
{
	(void)state;
	const CheckInfo *ci = check_info(CK_SPELLING);
	assert_string_equal(ci->id, "spelling");
	assert_true(ci->available);
	assert_false(ci->needs_source);
	CheckId id;
	assert_true(check_id_parse(STR_LIT("spelling"), &id));
	assert_int_equal(id, CK_SPELLING);
	CheckSet s;
	check_set_all(&s);
	assert_true(s.on[CK_SPELLING]);
	Err e;
	err_init(&e);
	assert_true(check_set_parse(&s, "spelling", false, &e));
	assert_false(s.on[CK_SPELLING]);
}

static void test_with_source(void **state)
{
	(void)state;
	Doc d;
	doc_open(&d, true, g_sp);
	char *got = run(&d);
	/* misspellings in Korean and English prose flag, with a suggestion;
	 * words of the source (torchrun, nproc), glossary terms (텐서를), code,
	 * literals, roles and the field name never do */
	assert_string_equal(got,
	                    "4:22 unknown word '실행합니댜' -> 실행합니다\n"
	                    "5:10 unknown word 'recieve' -> receive\n"
	                    "9:35 unknown word '않습니댜' -> 않습니다\n"
	                    "11:13 unknown word '씀니다' -> 씁니다\n");
	free(got);
	doc_close(&d);
}

static void test_without_source(void **state)
{
	(void)state;
	Doc d;
	doc_open(&d, false, g_sp);
	char *got = run(&d);
	/* no source: its names are unknown words too */
	assert_non_null(strstr(got, "1:1 unknown word 'torchrun'"));
	assert_non_null(strstr(got, "unknown word 'nproc'"));
	assert_non_null(strstr(got, "unknown word '실행합니댜'"));
	assert_null(strstr(got, "tensr"));
	assert_null(strstr(got, "Authr"));
	free(got);
	doc_close(&d);
}

/* The spelling findings of tgt against its English src are want. */
static void expect_spelling(const char *src, const char *tgt, const char *want)
{
	Doc d;
	doc_open_text(&d, src, tgt, true, g_sp);
	char *got = run(&d);
	assert_string_equal(got, want);
	free(got);
	doc_close(&d);
}

/* A particle on its own is no misspelling: after inline markup
 * (tensors_deeper_tutorial.py:320), after a closing quote
 * (static_quantization_tutorial.rst:543) or starting a line
 * (tensors_deeper_tutorial.py:649); the misspelling beside them still is. */
static void test_particle_alone(void **state)
{
	(void)state;
	const char *src = "Title\n=====\n\nA typical example is multiplying a *batch* of "
	                  "inputs, performing \"fake quantization\". They say\n\"move the data\" "
	                  "for it.\n";
	const char *tgt = "제목\n====\n\n일반적인 예시는 입력 tensor의 *배치* 를 곱하고, "
	                  "\"가짜 양자화\"를 수행합니댜. 평소에는 “이동한다“\n를 “옮긴다“ 라고 "
	                  "말합니다.\n";
	expect_spelling(src, tgt, "4:43 unknown word '수행합니댜' -> 수행합니다\n");
}

/* basics/intro.py's header: the names on the lines that go on from a
 * translator or author line are names too, and the prose after them is
 * still checked */
static void test_header_names(void **state)
{
	(void)state;
	static const char src[] = "Authors:\n`Suraj Subramanian <https://github.com/suraj813>`_,\n"
	                          "`Seth Juarez <https://github.com/sethjuarez/>`_\n\n"
	                          "Most workflows involve data.\n";
	static const char tgt[] = "저자:\n`Suraj Subramanian <https://github.com/suraj813>`_,\n"
	                          "`Seth Juarez <https://github.com/sethjuarez/>`_\n\n"
	                          "번역:\n`박정환 <https://github.com/9bow>`_\n\n"
	                          "대부분의 작업은 데이터를 다룹니댜.\n";
	expect_spelling(src, tgt, "8:15 unknown word '다룹니댜' -> 다룹니다\n");
}

/* Issue 40: valid forms hunspell-ko lacks are no unknown words: a noun and
 * two particles (항목만을, 현재까지의), a noun it knows without 하다
 * (렌더링하기, 바인딩합니다), a verb and an auxiliary (알려줄, 합쳐진), a compound
 * whose second part carries a suffix (상호운용성); misspellings of the same
 * shapes still are (a wrong particle, a doubled one, a jamo off). */
static void test_morphology(void **state)
{
	(void)state;
	const char *src = "Title\n=====\n\nIt renders the items only, binds them and "
	                  "tells you, merged and interoperable so far.\n";
	const char *tgt = "제목\n====\n\n항목만을 렌더링하기 위해 바인딩합니다. 알려줄 합쳐진 "
	                  "상호운용성은 현재까지의 일입니다.\n";
	expect_spelling(src, tgt, "");
	const char *bad = "제목\n====\n\n항목만을을 정확도과 벡터으로 렌더링하기 "
	                  "확용하기 합니댜.\n";
	Doc d;
	doc_open_text(&d, src, bad, true, g_sp);
	char *got = run(&d);
	assert_non_null(strstr(got, "'항목만을을'"));
	assert_non_null(strstr(got, "'정확도과'"));
	assert_non_null(strstr(got, "'벡터으로'"));
	assert_non_null(strstr(got, "'확용하기'"));
	assert_non_null(strstr(got, "'합니댜'"));
	assert_null(strstr(got, "렌더링하기"));
	free(got);
	doc_close(&d);
}

/* A loanword that transliterates a word of the segment's English is no
 * unknown word (컨볼루션 for convolution, 원핫 for one-hot, 챗봇을 for
 * chatbot, 템플릿과 for template); a transliteration of nothing in the
 * English, or a misspelt one (파라피터 for parameter), still is. */
static void test_source_loanword(void **state)
{
	(void)state;
	const char *src = "Title\n=====\n\nA chatbot uses a convolution, a one-hot vector "
	                  "and a template with one parameter.\n";
	const char *tgt = "제목\n====\n\n챗봇을 컨볼루션과 원핫 벡터와 템플릿과 파라피터 하나로 "
	                  "휴리스틱하게 씁니다.\n";
	Doc d;
	doc_open_text(&d, src, tgt, true, g_sp);
	char *got = run(&d);
	assert_null(strstr(got, "챗봇"));
	assert_null(strstr(got, "컨볼루션"));
	assert_null(strstr(got, "원핫"));
	assert_null(strstr(got, "템플릿"));
	assert_non_null(strstr(got, "'파라피터'"));
	assert_non_null(strstr(got, "'휴리스틱하게'"));
	free(got);
	doc_close(&d);
}

/* A loanword glossed with its English right after it (리포팅(reporting))
 * is the translator's, with or without the source; the same word without
 * the gloss, or a gloss it does not transliterate, is still unknown. */
static void test_glossed_loanword(void **state)
{
	(void)state;
	const char *tgt = "제목\n====\n\n상태를 리포팅(reporting)할 때와 휴리스틱(heuristic)을 "
	                  "씁니다. 파라피터(value)도 씁니다.\n";
	Doc d;
	doc_open_text(&d, "", tgt, false, g_sp);
	char *got = run(&d);
	assert_null(strstr(got, "'리포팅'"));
	assert_null(strstr(got, "'휴리스틱'"));
	assert_non_null(strstr(got, "'파라피터'"));
	free(got);
	doc_close(&d);
}

/* A gloss after a phrase glosses each of its words: the Hangul name
 * transliterating a word of it is a loanword, and the Latin name a Hangul
 * word of the phrase transliterates is the name written both ways (바다나우
 * 어텐션(Bahdanau Attention), seq2seq_translation_tutorial.py of the dev
 * bundle); a Latin word that nothing transliterates is still unknown. */
static void test_phrase_gloss(void **state)
{
	(void)state;
	const char *tgt = "제목\n====\n\n바다나우 어텐션(Bahdanau Attention)과 루옹 어텐션(Luong "
	                  "Attention)을 씁니다. 어텐션(Bahdanaux)도 씁니다.\n";
	Doc d;
	doc_open_text(&d, "", tgt, false, g_sp);
	char *got = run(&d);
	assert_null(strstr(got, "'바다나우'"));
	assert_null(strstr(got, "'Bahdanau'"));
	assert_null(strstr(got, "'루옹'"));
	assert_null(strstr(got, "'Luong'"));
	assert_non_null(strstr(got, "'Bahdanaux'"));
	free(got);
	doc_close(&d);
}

/* Transliteration hears -ture as 처 (피처, feature) and gg as one g (태깅,
 * tagging); 피처 stays unknown without its English, and so does 리팩토링,
 * which is no transliteration of 'refactor' (the dictionary has 리팩터링). */
static void test_transliteration_forms(void **state)
{
	(void)state;
	const char *src = "Title\n=====\n\nUse words as features for tagging, and refactor the code.\n";
	const char *tgt = "제목\n====\n\n단어를 피처로 태깅에 쓰고, 코드를 리팩토링합니다.\n";
	Doc d;
	doc_open_text(&d, src, tgt, true, g_sp);
	char *got = run(&d);
	assert_null(strstr(got, "'피처로'"));
	assert_null(strstr(got, "'태깅에'"));
	assert_non_null(strstr(got, "'리팩토링합니다'"));
	free(got);
	doc_close(&d);
	doc_open_text(&d, "", tgt, false, g_sp);
	got = run(&d);
	assert_non_null(strstr(got, "'피처로'"));
	free(got);
	doc_close(&d);
}

/* N+당 "per N" and 수 "several" before a numeral or a counter are words
 * (배치당, 시간당, 수십억, 수개월이: origin/master of the dev bundle); 수 before
 * anything else is not. */
static void test_per_and_several(void **state)
{
	(void)state;
	const char *tgt = "제목\n====\n\n배치당 시간당 수십억 개를 수개월이 걸려 봅니다. 수뤼당 씁니다.\n";
	Doc d;
	doc_open_text(&d, "", tgt, false, g_sp);
	char *got = run(&d);
	assert_null(strstr(got, "'배치당'"));
	assert_null(strstr(got, "'시간당'"));
	assert_null(strstr(got, "'수십억'"));
	assert_null(strstr(got, "'수개월이'"));
	assert_non_null(strstr(got, "'수뤼당'"));
	free(got);
	doc_close(&d);
}

/* A Latin word of a Korean block the English has no counterpart of (a
 * block added with a newer upstream: colab.rst on origin/master) is the
 * English's when the English document has it anywhere (CheckDoc.en_words);
 * a word the English lacks is still unknown. */
static void test_english_document_words(void **state)
{
	(void)state;
	const char *src = "Running Tutorials in Google Colab\n"
	                  "=================================\n\nSome text here.\n";
	const char *tgt = "Google Colab에서 튜토리얼 실행하기\n"
	                  "================================\n\n글이 있습니다.\n\n"
	                  "Colab에서 새 노트북을 엽니다. Coalb에서도 엽니다.\n";
	Doc d;
	doc_open_text(&d, src, tgt, true, g_sp);
	char *before = run(&d);
	assert_non_null(strstr(before, "'Colab'")); /* the block has no English */
	SpellWords en = {0};
	check_en_words_add(&en, &d.sl, 0, d.sl.n);
	d.cd.en_words = &en;
	char *got = run(&d);
	assert_null(strstr(got, "'Colab'"));
	assert_non_null(strstr(got, "'Coalb'"));
	free(before);
	free(got);
	spell_words_release(&en);
	doc_close(&d);
}

static void test_no_spell_object(void **state)
{
	(void)state;
	Doc d;
	doc_open(&d, true, NULL);
	char *got = run(&d);
	assert_string_equal(got, "");
	free(got);
	doc_close(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_row),
		cmocka_unit_test(test_with_source),
		cmocka_unit_test(test_without_source),
		cmocka_unit_test(test_particle_alone),
		cmocka_unit_test(test_header_names),
		cmocka_unit_test(test_morphology),
		cmocka_unit_test(test_source_loanword),
		cmocka_unit_test(test_glossed_loanword),
		cmocka_unit_test(test_per_and_several),
		cmocka_unit_test(test_phrase_gloss),
		cmocka_unit_test(test_transliteration_forms),
		cmocka_unit_test(test_english_document_words),
		cmocka_unit_test(test_no_spell_object),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
