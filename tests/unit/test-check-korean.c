/* check: the checks of issue 17 on real lines of tutorials-kr's review
 * fixes (../shared/corpus/review-fixes.json: each positive case is an old
 * line a reviewer fixed, each negative case its fixed form or a polished
 * line) — spacing, punctuation, consistency, structure, link, style,
 * translator lines in every form, English left in Korean prose, code
 * comments as prose, merged findings, linear columns. */
#include "testutil.h"

#include "yeok/check.h"
#include "../../src/check/check-private.h"

typedef struct T {
	Lines tl, sl;
	RstDoc td, sd;
	Alignment al;
	Glossary glossary;
	StyleRules *rules;
	CheckDoc d;
	FindingVec fv;
	Buf all; /* "LINE:COL check message\n" */
} T;

static void t_open(T *t, const char *tgt, const char *src)
{
	memset(t, 0, sizeof(*t));
	lines_init(&t->tl);
	lines_init(&t->sl);
	rst_init(&t->td);
	rst_init(&t->sd);
	align_init(&t->al);
	glossary_init(&t->glossary);
	Err e;
	err_init(&e);
	if (!glossary_load(&t->glossary, "glossary/ko.yaml", &e))
		fail_msg("%s", e.msg);
	t->rules = style_rules_new();
	if (!style_rules_load(t->rules, "glossary/rules.yaml", &e))
		fail_msg("%s", e.msg);
	lines_parse(&t->tl, tgt, strlen(tgt));
	rst_segment(&t->tl, &t->td);
	if (src) {
		lines_parse(&t->sl, src, strlen(src));
		rst_segment(&t->sl, &t->sd);
		align_docs(&t->sl, &t->sd, &t->tl, &t->td, &t->al);
	}
	check_doc_init(&t->d, &t->tl, &t->td, src ? &t->sl : NULL, src ? &t->sd : NULL,
	               src ? &t->al : NULL, &t->glossary);
	t->d.rules = t->rules;
}

static const char *t_run(T *t, CheckId id)
{
	findings_clear(&t->fv);
	CheckSet set;
	memset(&set, 0, sizeof(set));
	set.on[id] = true;
	check_document(&t->d, &set, &t->fv);
	buf_clear(&t->all);
	for (size_t i = 0; i < t->fv.n; i++)
		buf_addf(&t->all, "%zu:%zu %s %s\n", t->fv.v[i].line + 1, t->fv.v[i].col,
		         check_info(t->fv.v[i].check)->id, t->fv.v[i].message);
	return t->all.p ? t->all.p : "";
}

static void t_close(T *t)
{
	findings_clear(&t->fv);
	check_doc_release(&t->d);
	align_release(&t->al);
	rst_release(&t->td);
	rst_release(&t->sd);
	lines_release(&t->tl);
	lines_release(&t->sl);
	glossary_release(&t->glossary);
	style_rules_free(t->rules);
	buf_release(&t->all);
}

/* Check `id` on a one-block document: its findings contain want (NULL:
 * there are none). */
static void expect(const char *tgt, const char *src, CheckId id, const char *want)
{
	T t;
	t_open(&t, tgt, src);
	const char *got = t_run(&t, id);
	if (want && !strstr(got, want))
		fail_msg("%s on\n%s\nlacks \"%s\"; got:\n%s", check_info(id)->id, tgt, want, got);
	if (!want && *got)
		fail_msg("%s on\n%s\nexpected nothing, got:\n%s", check_info(id)->id, tgt, got);
	t_close(&t);
}

#define KO "이 문서는 번역 중입니다.\n\n"

/* ---- spacing ----------------------------------------------------------------- */

static void test_spacing_latin_particle(void **state)
{
	(void)state;
	/* realtime_rpi.rst:32, fixed in 38483d66 */
	expect(KO "PyTorch는 Arm 64비트(aarch64)용 pip 패키지만 제공하므로 Raspberry Pi 에 64비트 "
	          "버전의 OS를 설치해야 합니다.\n",
	       NULL, CK_SPACING, "'Pi 에' — a particle is written without a space");
	expect(KO "PyTorch는 Arm 64비트(aarch64)용 pip 패키지만 제공하므로 Raspberry Pi에 64비트 "
	          "버전의 OS를 설치해야 합니다.\n",
	       NULL, CK_SPACING, NULL);
	/* after inline markup the space is required (docutils) */
	expect(KO "사용하여 각 트레이너에서 ``_run_trainer`` 를 호출하여 반복 학습을 시작합니다.\n",
	       NULL, CK_SPACING, NULL);
	/* a closing quote is the ')' of its text (ONNXLive.rst:91,
	 * tensors_deeper_tutorial.py:625) */
	expect(KO "내부적으로 그래프를 생성해내기 위해 '더미 데이터' 를 이용하여 신경망을 실행합니다.\n",
	       NULL, CK_SPACING, "''더미 데이터' 를' — a particle is written without a space after "
	                         "a word: ''더미 데이터'를'");
	expect(KO "(평소에는 “CUDA” 는 GPU를 뜻합니다.)\n", NULL, CK_SPACING, "'“CUDA” 는'");
	/* glued to it, or a quote that opens: nothing (static_quantization_tutorial.rst:543) */
	expect(KO "``prepare_qat`` 로 \"가짜 양자화\"를 수행합니다.\n", NULL, CK_SPACING, NULL);
	expect(KO "그리고 ' 를 씁니다.\n", NULL, CK_SPACING, NULL);
}

static void test_spacing_noun_hada(void **state)
{
	(void)state;
	/* realtime_rpi.rst:11 */
	expect(KO "이 튜토리얼은 모두 Raspberry Pi 4 Model B 4GB를 이용해 테스트 했지만 2GB 변형 "
	          "모델에서도 테스트합니다.\n",
	       NULL, CK_SPACING, "'테스트 했지만' — 하다/되다 is written together");
	/* tracing_based_selective_build.rst:16: a -화 noun */
	expect(KO "모바일 인터프리터 사이즈를 더욱 더 최소화 하기 위해.\n", NULL, CK_SPACING,
	       "'최소화 하기'");
	/* a noun that does not take 하다 here, and a counter: nothing */
	expect(KO "사용자 정의 함수를 정의합니다. 정의 함수는 없습니다.\n", NULL, CK_SPACING, NULL);
	expect(KO "설정을 설정합니다. 설정 한 가지를 바꿉니다.\n", NULL, CK_SPACING, NULL);
	/* verb endings are no nouns (tiatoolbox_tutorial.rst:890, cpp_autograd.rst:130) */
	expect(KO "먼저 있어야합니다. 여기 있어야 하므로 얻게 된 값을 봅니다.\n", NULL, CK_SPACING,
	       "'있어야합니다' — 하다 is written apart from -어야");
	T h;
	t_open(&h, KO "여기 있어야 하므로 얻게 된 값을 봅니다.\n", NULL);
	assert_null(strstr(t_run(&h, CK_SPACING), "noun-hada"));
	t_close(&h);
}

static void test_spacing_latin_object(void **state)
{
	(void)state;
	/* TP_tutorial.rst:73, fixed in the review of #1040 */
	expect(KO "PyTorch 네이티브 Tensor Parallel API 사용하는 법을 설명하기 위해, 일반적인 "
	          "트랜스포머 모델을 살펴보겠습니다.\n",
	       NULL, CK_SPACING, "'API 사용하는' — the object particle is missing: 'API를 사용하는'");
	expect(KO "PyTorch 네이티브 Tensor Parallel API를 사용하는 법을 설명하기 위해, 일반적인 "
	          "트랜스포머 모델을 살펴보겠습니다.\n",
	       NULL, CK_SPACING, NULL);
	/* tracing_based_selective_build.rst:168; skip_param_init.rst:94 (a comment) */
	expect(KO "2. **프로젝트에서 Cocoapods 제거합니다** (이 과정은 필요합니다).\n", NULL,
	       CK_SPACING, "'Cocoapods를 제거합니다'");
	/* code, markup and a title's nominal 하기 are not plain words before a verb */
	expect(KO "``torch.compile`` 사용하여 torch.cuda 사용하여 컴파일합니다.\n", NULL, CK_SPACING,
	       NULL);
	expect(KO "혼합 정밀도와 AMP 사용하기\n", NULL, CK_SPACING, NULL);
	/* a passive or intransitive verb takes no object */
	expect(KO "이 모델은 GPU 사용되는 경우에 빠르게 동작합니다.\n", NULL, CK_SPACING, NULL);
}

static void test_spacing_particle_choice(void **state)
{
	(void)state;
	/* cpp_autograd.rst:317 (ebbabc48): Function ends in ㄴ */
	expect(KO "이제 아래와 같이 ``LinearFunction`` 를 사용할 수 있습니다.\n", NULL, CK_SPACING,
	       "the particle is '을'");
	expect(KO "이제 아래와 같이 ``LinearFunction`` 을 사용할 수 있습니다.\n", NULL, CK_SPACING,
	       NULL);
	/* colab.rst:37: name ends in ㅁ: 으로 */
	expect(KO "Colab에서 *corpus\\_name* 로 시작하는 코드 섹션을 찾습니다.\n", NULL, CK_SPACING,
	       "the particle is '으로'");
	/* TP_tutorial.rst:25: Parallel ends in ㄹ */
	expect(KO "주로 ``RMSNorm`` 계층에 Sequence Parallel를 적용합니다.\n", NULL, CK_SPACING,
	       "the particle is '을'");
	/* numbers, acronyms, ㄹ + 로, and links with Korean text */
	expect(KO "GPU를 10개 쓰고, 결과를 Parallel로 보냅니다. LSTM을 씁니다.\n", NULL,
	       CK_SPACING, NULL);
	expect(KO "`분산 데이터 병렬 <https://pytorch.org/docs/x>`__을 사용하여 학습합니다.\n", NULL,
	       CK_SPACING, NULL);
	/* judged wrong in the sample, now quiet: torchrec_tutorial.rst:78,
	 * tracing_based_selective_build.rst:152 (백, 앱: consonants) */
	expect(KO "``EmbeddingBag`` 은 모듈입니다. App을 빌드합니다. ``P_3(x)`` 로 씁니다.\n", NULL,
	       CK_SPACING, NULL);
	/* an unclear final sound: no finding either way */
	expect(KO "block을 쓰고 block를 씁니다.\n", NULL, CK_SPACING, NULL);
	/* type 타입, dtype 디타입 (judged wrong on origin/master: colab.rst:94,
	 * tensors_deeper_tutorial.py:203); but pipe 파이프 */
	expect(KO "**Change runtime type** 을 고르고 ``dtype`` 을 봅니다.\n", NULL, CK_SPACING, NULL);
	expect(KO "``dtype`` 를 봅니다.\n", NULL, CK_SPACING, "the particle is '을'");
	expect(KO "``pipe`` 을 씁니다.\n", NULL, CK_SPACING, "the particle is '를'");
	/* a call with arguments is read to its end or by its name: no choice
	 * (TP_tutorial.rst:231 ``Shard(1)`` 으로, dist_tuto.rst:194); an empty
	 * call by its name */
	expect(KO "``Shard(1)`` 으로 나누고 ``dist.all_reduce(tensor, op, group)`` 을 "
	          "부릅니다.\n", NULL, CK_SPACING, NULL);
	expect(KO "``torch.no_grad()`` 을 씁니다.\n", NULL, CK_SPACING, "the particle is '를'");
	assert_int_equal(latin_sound_end("PyTorch", 7), SE_VOWEL);
	assert_int_equal(latin_sound_end("Module", 6), SE_RIEUL);
	assert_int_equal(latin_sound_end("LSTM", 4), SE_CONSONANT);
	assert_int_equal(latin_sound_end("GPU", 3), SE_VOWEL);
	assert_int_equal(latin_sound_end("10", 2), SE_CONSONANT);
	assert_int_equal(latin_sound_end("resnet50", 8), SE_UNKNOWN);
}

static void test_spacing_euro_sseo(void **state)
{
	(void)state;
	/* pruning_tutorial.py:12 (origin/master of the dev bundle, since
	 * 3284f81): 그럼으로서 -> 그럼으로써 */
	expect(KO "메모리, 배터리, 하드웨어 소비량을 줄일 수 있기 때문에 중요합니다. 그럼으로서 기기에 "
	          "경량화된 모델을 배포하여\n",
	       NULL, CK_SPACING, "'그럼으로서' — 'by doing' is -ㅁ으로써 (으로서 means 'as'): '그럼으로써'");
	/* the -ㅁ form of 하다 and 되다, inside a longer word */
	expect(KO "매개변수를 공유함으로서 메모리를 아낍니다. 변경됨으로서 다시 컴파일합니다.\n", NULL,
	       CK_SPACING, "'공유함으로써'");
	/* the fixed forms (pruning_tutorial.py, static_quantization_tutorial.rst:303,
	 * reinforcement_ppo.py:203), and a noun ending in ㅁ: 으로서 is right */
	expect(KO "그럼으로써 기기에 배포합니다. 마지막 주요 설정 단계로서 정의합니다. 범용 "
	          "라이브러리로서 제공합니다. 사람으로서 씁니다. 이름으로서 씁니다.\n",
	       NULL, CK_SPACING, NULL);
}

static void test_spacing_bound_nouns(void **state)
{
	(void)state;
	/* custom_function_double_backward_tutorial.rst:125, ONNXLive.rst:12 */
	expect(KO "중간 결과를 저장하는것은 좀 더 어렵습니다.\n", NULL, CK_SPACING,
	       "'저장하는 것은'");
	expect(KO "중간 결과를 저장하는 것은 좀 더 어렵습니다.\n", NULL, CK_SPACING, NULL);
	/* ONNXLive.rst:113: -어야 하다 */
	expect(KO "가 ``.pth`` 파일들에 각각 대응되어 생성되어있어야합니다.\n", NULL, CK_SPACING,
	       "하다 is written apart from -어야");
	/* deeplabv3_on_android.rst:74: ordinals */
	expect(KO "첫번째로 모델을 이용해서 추론합니다.\n", NULL, CK_SPACING, "'첫 번째로'");
	expect(KO "첫 번째로 모델을 이용해서 추론합니다. 할수록 좋습니다.\n", NULL, CK_SPACING, NULL);
	expect(KO "이것을 할때 조심합니다. 사용할 수있다.\n", NULL, CK_SPACING, "'할 때'");
}

static void test_spacing_spaces(void **state)
{
	(void)state;
	/* sharding.rst:276 */
	expect(KO "수행하는지를 살펴보았습니다.이제는 다른 방식을 봅니다.\n", NULL, CK_SPACING,
	       "a space after the end of a sentence");
	/* tracing_based_selective_build.rst:1 and :41 */
	expect(KO "(prototype)  추적-기반 선택적 빌드\n", NULL, CK_SPACING, "2 spaces between words");
	expect(KO "모델을 출력합니다.( 가벼운 인터프리터와 호환됩니다.)\n", NULL, CK_SPACING,
	       "no space after '('");
	/* decimals, URLs and English double spaces: nothing */
	expect(KO "버전 3.6 이상, https://pytorch.org/a.b 를 보세요.\n", NULL, CK_SPACING, NULL);
}

static void test_spacing_file_variant(void **state)
{
	(void)state;
	/* custom_function_double_backward_tutorial.rst:130: "중간결과" where the
	 * file also writes "중간 결과" */
	expect(KO "중간 결과를 저장합니다. 중간 결과는 중요합니다.\n\n순전파의 중간결과인 값을 봅니다.\n",
	       NULL, CK_SPACING, "'중간결과인' — this file also writes '중간 결과'");
	expect(KO "중간 결과를 저장합니다. 중간 결과는 중요합니다.\n", NULL, CK_SPACING, NULL);
	/* a 하다 split is noun-hada's, and 시 stands apart (FSDP_tutorial.rst:342) */
	T v;
	t_open(&v, KO "모델을 재사용합니다. 재사용 합니다.\n\n학습시 좋습니다. 학습시 좋고 학습 시 "
	              "나쁩니다.\n", NULL);
	const char *got = t_run(&v, CK_SPACING);
	assert_null(strstr(got, "'재사용합니다' — this file"));
	assert_null(strstr(got, "'학습 시' — this file"));
	t_close(&v);
	/* a list marker's two spaces (deployment_with_flask.rst:7) */
	expect(KO "-  웹 서버를 만듭니다.\n", NULL, CK_SPACING, NULL);
}

static void test_spacing_rule_file(void **state)
{
	(void)state;
	/* realtime_rpi.rst:19 (a spacing rule of glossary/rules.yaml) */
	expect(KO "이 튜토리얼을 따라하려면 카메라가 필요합니다.\n", NULL, CK_SPACING,
	       "(style rule spaced-words)");
	expect(KO "이 튜토리얼을 따라 하려면 카메라가 필요합니다.\n", NULL, CK_SPACING, NULL);
}

/* ---- punctuation -------------------------------------------------------------- */

static void test_punctuation(void **state)
{
	(void)state;
	/* compiled_autograd_tutorial.rst:29: a final period (the source has one) */
	expect(KO "* `Backward hooks <https://x>`_ 이 캡쳐되지 않습니다\n", "Intro.\n\n* `Backward hooks "
	          "<https://x>`_ are not captured.\n", CK_PUNCTUATION, "ends without '.'");
	expect(KO "* `Backward hooks <https://x>`_ 이 캡쳐되지 않습니다.\n", "Intro.\n\n* `Backward "
	          "hooks <https://x>`_ are not captured.\n", CK_PUNCTUATION, NULL);
	/* torchscript_inference.rst:6: the question mark */
	expect(KO "-  TorchScript란\n", "Intro.\n\n-  What is TorchScript?\n", CK_PUNCTUATION,
	       "ends without '?'");
	/* sharding.rst:49 and dist_tuto.rst:205: doubled marks */
	expect(KO "**이 과정은 Colab 환경에서 필수적인 단계 입니다.**.\n", NULL, CK_PUNCTUATION,
	       "two sentence marks in a row");
	expect(KO "모두 요소 별로(element-wise) 작동합니다.:\n", NULL, CK_PUNCTUATION,
	       "two sentence marks in a row");
	expect(KO "잠시 기다립니다... 그리고 봅니다.\n", NULL, CK_PUNCTUATION, NULL);
	/* custom_function_double_backward_tutorial.rst:26: '다:' */
	expect(KO "몇 가지 예시를 살펴보겠습니다:\n", NULL, CK_PUNCTUATION, "rule colon-sentence");
	expect(KO "몇 가지 예시를 살펴보겠습니다.\n", NULL, CK_PUNCTUATION, NULL);
	/* ddp_series_theory.rst:55 and torchrec_tutorial.rst:213 */
	expect(KO "작업 부하가 큼; 전파될 때마다 모델이 복제됨.\n", NULL, CK_PUNCTUATION,
	       "rule semicolon");
	expect(KO "이 예제는 Meta’의 `DLRM <https://arxiv.org/abs/1906.00091>`__ 을 씁니다.\n", NULL,
	       CK_PUNCTUATION, "rule stray-apostrophe");
	expect(KO "이 예제는 Meta의 `DLRM <https://arxiv.org/abs/1906.00091>`__ 을 씁니다.\n", NULL,
	       CK_PUNCTUATION, NULL);
}

/* ---- consistency ---------------------------------------------------------------- */

static void test_consistency(void **state)
{
	(void)state;
	/* one English term rendered two ways (dist_overview.rst, dist_tuto.rst) */
	expect(KO "집합 통신(collective communication)을 씁니다. 집합 통신은 빠릅니다.\n\n"
	          "집단 통신(collective communication) API를 봅니다.\n",
	       NULL, CK_CONSISTENCY, "'집단 통신' — 'collective communication' is rendered '집합 통신'");
	/* a word before the term taken with it is the same rendering
	 * (autograd_tutorial.py:25 and :70) */
	expect(KO "미분값을 수집하고, 경사하강법(gradient descent)을 사용하여 최적화합니다.\n\n"
	          "마지막으로 ``.step`` 을 호출하여 경사하강법(gradient descent)을 시작합니다.\n",
	       NULL, CK_CONSISTENCY, NULL);
	/* a parenthesis kept from the English is no gloss: 미분(Beta) and
	 * 사용하기 (Beta) are not two renderings of 'beta', nor spaced glosses
	 * (forward_ad_usage.py:3 and :103) */
	expect(KO "순전파 모드 자동 미분(Beta)\n\n함수형 모듈 API 사용하기 (Beta)\n",
	       "Intro.\n\nForward-mode Automatic Differentiation (Beta)\n\n"
	       "Using the functional Module API (beta)\n",
	       CK_CONSISTENCY, NULL);
	/* ... but one the translator added is (the same lines, their English
	 * without it): the renderings differ, the gloss is spaced */
	expect(KO "순전파 모드 자동 미분(Beta)\n\n함수형 모듈 API 사용하기 (Beta)\n",
	       "Intro.\n\nForward-mode Automatic Differentiation\n\n"
	       "Using the functional Module API\n",
	       CK_CONSISTENCY, "rule two-renderings");
	/* the minority rendering is flagged where it is a gloss or where the
	 * English names the term: 제공(write) (tensorboard_tutorial.rst:121),
	 * not 제공 of 'provides' */
	const char *wr = KO "TensorBoard에 기록(write)합니다.\n\n정보를 기록(write)합니다.\n\n"
	                    "TensorBoard에 정보를 제공(write)하는 ``SummaryWriter`` 를 정의합니다.\n\n"
	                    "이 도구는 여러 기능을 제공합니다.\n";
	const char *wr_en = "Intro.\n\nWrite to TensorBoard.\n\nWrite information.\n\n"
	                    "Define ``SummaryWriter``, our key object for writing information.\n\n"
	                    "This tool provides many features.\n";
	expect(wr, wr_en, CK_CONSISTENCY,
	       "7:18 consistency '제공' — 'write' is rendered '기록' elsewhere in this file (2 times, "
	       "'제공' 1)");
	{
		T t;
		t_open(&t, wr, wr_en);
		const char *got = t_run(&t, CK_CONSISTENCY);
		if (strstr(got, "9:"))
			fail_msg("제공 of 'provides' flagged:\n%s", got);
		t_close(&t);
	}
	/* the English left bare where the file translates it (TP_tutorial.rst:25) */
	expect(KO "시퀀스 병렬(Sequence Parallel)은 좋습니다.\n\n주로 계층에 Sequence Parallel를 "
	          "적용합니다.\n",
	       NULL, CK_CONSISTENCY, "rule bare-english");
	/* 한글(영어) at the first occurrence (torchrec_tutorial.rst:20 and :116) */
	const char *late = KO "임베딩 테이블을 여러 디바이스로 샤딩하는 것입니다.\n\n"
	                      "1. 모델을 샤딩(shard)하는 방법을 결정합니다.\n";
	expect(late, NULL, CK_CONSISTENCY, "rule gloss-first");
	/* and the late gloss itself, which the fix 722f573a dropped */
	expect(late, NULL, CK_CONSISTENCY,
	       "5:8 consistency '샤딩(shard)' — the English belongs at the first occurrence of "
	       "'샤딩' (line 3), not here (rule gloss-late)");
	/* the first occurrence is a word of its own (not 기본 of 기본적으로,
	 * cpp_autograd.rst:9) of two syllables or more (not 배 of 2배,
	 * cifar10_tutorial.py:7) */
	expect(KO "기본적으로 빠릅니다.\n\n기본(elementary) 연산입니다.\n", NULL, CK_CONSISTENCY, NULL);
	expect(KO "2배 빠릅니다.\n\n배(ship) 사진입니다.\n", NULL, CK_CONSISTENCY, NULL);
	expect(KO "기본 연산은 빠릅니다.\n\n기본(elementary) 연산입니다.\n", NULL, CK_CONSISTENCY,
	       "rule gloss-late");
	/* the comments of a bare '::' block are prose (skip_param_init.rst:70 and
	 * :109, fixed in eb5f452e); its other lines are not */
	const char *bare = KO "생성한 매개변수에 장치 (device)를 전달합니다.\n\n::\n\n"
	                      "    # meta 장치 (device)에서 no-op 동작을 합니다.\n"
	                      "    m = nn.Linear(10, 5, device='meta')\n";
	expect(bare, NULL, CK_CONSISTENCY, "7:12 consistency '장치 (device)' — the English is given "
	                                   "at the first occurrence only (line 3)");
	expect(KO "생성한 매개변수에 장치(device)를 전달합니다.\n\n::\n\n"
	          "    x = '장치(device)'  # 문자열\n    #장치(device)\n",
	       NULL, CK_CONSISTENCY, NULL);
	const char *twice = KO "임베딩 테이블을 샤딩(shard)하는 것입니다.\n\n"
	                       "1. 모델을 샤딩(shard)하는 방법을 결정합니다.\n";
	expect(twice, NULL, CK_CONSISTENCY, "rule gloss-repeated");
	expect(KO "임베딩 테이블을 샤딩(shard)하는 것입니다.\n\n1. 모델을 샤딩하는 방법을 결정합니다.\n",
	       NULL, CK_CONSISTENCY, NULL);
	/* an earlier occurrence that comes with English already is no first
	 * occurrence without it (rpc_ddp_tutorial.rst at origin/master, lines
	 * 43/98 and 49/50, judged false in tests/tools/precision-sample.md):
	 * inside the Korean of another gloss, or before a class name */
	expect(KO "트레이너는 또한 순방향 전달(forward pass), 역방향 전달(backward pass) 및 최적화 "
	          "단계를 실행해야 합니다.\n\n모델의 순방향(forward) 함수는 꽤 간단합니다.\n",
	       NULL, CK_CONSISTENCY, NULL);
	expect(KO "1) 마스터는 매개변수 서버에 임베딩 테이블을 담고 있는\n"
	          "   `원격 모듈(RemoteModule) <https://pytorch.org/docs/master/rpc.html#remotemodule>`__ "
	          "을 생성합니다.\n"
	          "2) 그런 다음 마스터는 트레이너의 학습 루프를 시작하고 원격 모듈(remote module)을 "
	          "트레이너에게 전달합니다.\n",
	       NULL, CK_CONSISTENCY, NULL);
	/* nor is a word of a phrase the file glosses (rpc_ddp_tutorial.rst:53
	 * at origin/master: 순방향 전달 is "forward pass", glossed at :43) */
	expect(KO "트레이너는 순방향 전달(forward pass)을 실행해야 합니다.\n\n"
	          "4) 트레이너는 모델의 순방향 전달을 실행하고 손실을 사용합니다.\n\n"
	          "모델의 순방향(forward) 함수는 꽤 간단합니다.\n",
	       NULL, CK_CONSISTENCY, NULL);
	/* a later unglossed occurrence is still found past a glossed one */
	expect(KO "순방향 전달(forward pass)을 합니다. 순방향 함수는 간단합니다.\n\n"
	          "모델의 순방향(forward) 함수입니다.\n",
	       NULL, CK_CONSISTENCY, "3:28 consistency '순방향' — first occurrence");
	/* an earlier occurrence whose English does not name the gloss's term
	 * renders another word (realtime_rpi.rst:7 and :9 at 38483d66: 모델 is
	 * "model", the gloss names "variant") */
	const char *rpi_en = "Title\n=====\n\nThis tutorial will guide you on how to run a "
	                     "MobileNet v2\nclassification model in real time (30 fps+) on the "
	                     "CPU.\n\nThis was all tested with Raspberry Pi 4 Model B 4GB but should "
	                     "work with the 2GB\nvariant as well as on the 3B with reduced "
	                     "performance.\n";
	const char *rpi_ko = "제목\n====\n\n이 튜토리얼은 CPU에서 실시간으로 (30 fps+)\n"
	                     "MobileNet v2 분류 모델을 실행하는 방법을 안내합니다.\n\n"
	                     "이 튜토리얼은 모두 Raspberry Pi 4 Model B 4GB를 이용해 테스트 했지만 2GB "
	                     "모델(variant) 이나\n3B에서도 낮은 성능으로 작동합니다.\n";
	expect(rpi_ko, rpi_en, CK_CONSISTENCY, NULL);
	/* where the English does name it, the first occurrence is still found
	 * (torchrec_tutorial.rst:20 and :116 at aded59b7, "sharding" for shard) */
	expect("제목\n====\n\n임베딩 테이블을 여러 디바이스로 샤딩하는 것입니다.\n\n"
	       "1. 모델을 샤딩(shard)하는 방법을 결정합니다.\n",
	       "Title\n=====\n\nA common approach is sharding the embedding tables across "
	       "devices.\n\n1. Decide how to shard the model.\n",
	       CK_CONSISTENCY, "4:19 consistency '샤딩' — first occurrence");
	/* The guide's rule, not the sample's one-off fixes (issue 17's
	 * english-gloss misses, read in h-gloss).  realtime_rpi.rst at 7da3dc22:
	 * the fix glossed 융합된(fused) at :192, but the first 융합된 ("fused")
	 * is at :179, so the fixed form is what the rule reports; and
	 * 미리 양자화(prequantized) asks for no gloss on the earlier 양자화되고,
	 * whose English says "quantized", not "prequantized". */
	const char *fused_en = "Title\n=====\n\nFor optimal performance we want a model that's "
	                       "quantized and fused.\n\nFor this example we'll use a prequantized "
	                       "and fused version of MobileNetV2.\n";
	const char *fused_ko = "제목\n====\n\n최적의 성능을 위해서는 양자화되고 융합된 모델이 "
	                       "필요합니다.\n\n이 예제에서는 torchvision에서 바로 사용할 수 있는 미리 "
	                       "양자화(prequantized)와 융합된(fused) 버전의 MobileNetV2를 사용합니다.\n";
	expect(fused_ko, fused_en, CK_CONSISTENCY,
	       "4:20 consistency '융합된' — first occurrence: the guide writes '융합된(fused)' here");
	expect(fused_ko, fused_en, CK_CONSISTENCY, "'융합된(fused)' — the English belongs at the "
	                                           "first occurrence of '융합된' (line 4)");
	expect("제목\n====\n\n최적의 성능을 위해서는 양자화되고 융합된(fused) 모델이 필요합니다.\n\n"
	       "이 예제에서는 torchvision에서 바로 사용할 수 있는 미리 양자화(prequantized)와 "
	       "융합된 버전의 MobileNetV2를 사용합니다.\n",
	       fused_en, CK_CONSISTENCY, NULL);
	/* a gloss at the first occurrence is the rule, transliteration or not
	 * (rpc_ddp_tutorial.rst:22 and :28 at c9249525: 274b6e4d dropped
	 * 트레이너(trainer) and kept 파이프라인(pipeline)) */
	expect(KO "   여러 트레이너(trainer)에 걸쳐 FC 레이어를 복제하는 것을 원할 수도 있습니다.\n\n"
	          "   여러 worker에 걸쳐 모델의 단계를 파이프라인(pipeline)할 수 있고\n\n"
	          "   또한 마스터는 두 트레이너의 학습 루프를 수행합니다.\n",
	       NULL, CK_CONSISTENCY, NULL);
	/* the repository's majority (fed like the translation memory would) */
	T t;
	t_open(&t, KO "집단 통신(collective communication)을 씁니다.\n", NULL);
	CheckRepo r;
	check_repo_init(&r);
	check_repo_add_rendering(&r, "collective communication", "집합 통신", 5);
	check_repo_add_rendering(&r, "Collective Communication", "집단 통신", 1);
	check_repo_finish(&r);
	t.d.repo = &r;
	const char *got = t_run(&t, CK_CONSISTENCY);
	if (!strstr(got, "the repository renders 'collective communication' as '집합 통신' (5 files"))
		fail_msg("repository majority missing: %s", got);
	check_repo_release(&r);
	t_close(&t);
}

/* The inferred renderings of the corpus pairs and a generated pair are the
 * same whatever the size of the chunks the gathered ids are kept in: with
 * chunks of 256 ids (a segment's up to 192 in one) the pairs cross
 * thousands of chunk ends, with 65,536 a few or none. */
static void infer_text(const CheckDoc *d, Buf *out)
{
	InferVec iv = {0};
	infer_renderings(d, &iv);
	for (size_t i = 0; i < iv.n; i++) {
		const InferTerm *it = &iv.v[i];
		buf_addf(out, "%s %s %zu %zu %zu %zu %zu %s %zu:", it->en, it->ko, it->ko_segs,
		         it->en_segs, it->first_unit, it->kept_segs, it->kept_line,
		         it->minor ? it->minor : "-", it->minor_segs);
		for (size_t k = 0; k < it->minor_units.n; k++)
			buf_addf(out, " %zu", it->minor_units.v[k]);
		buf_addf(out, "\n");
	}
	infer_release(&iv);
}

static void test_inferred_ids_chunks(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	Buf gen_en = BUF_INIT, gen_ko = BUF_INIT;
	tu_gen_pair(6000, 7, &gen_en, &gen_ko);
	size_t terms = 0, np = 0;
	while (pairs[np])
		np++;
	for (size_t i = 0; i <= np; i++) { /* the corpus pairs, then the generated one */
		char *en, *ko;
		if (i < np) {
			char *ne = xasprintf("%s.en.rst", pairs[i]), *nk = xasprintf("%s.ko.rst", pairs[i]);
			en = tu_corpus_file(ne, NULL);
			ko = tu_corpus_file(nk, NULL);
			free(ne);
			free(nk);
		} else {
			en = xstrdup(gen_en.p);
			ko = xstrdup(gen_ko.p);
		}
		T t;
		t_open(&t, ko, en);
		Buf a = BUF_INIT, b = BUF_INIT;
		unsigned shift = infer_ids_shift;
		infer_text(&t.d, &a);
		infer_ids_shift = 8;
		infer_text(&t.d, &b);
		infer_ids_shift = shift;
		if (a.len != b.len || (a.len && memcmp(a.p, b.p, a.len) != 0))
			fail_msg("%s: the inferred renderings differ with chunks of 256 ids:\n%.600s\n--\n%.600s",
			         i < np ? pairs[i] : "the generated pair", a.p ? a.p : "", b.p ? b.p : "");
		for (size_t k = 0; k < a.len; k++)
			terms += a.p[k] == '\n';
		buf_release(&a);
		buf_release(&b);
		t_close(&t);
		free(en);
		free(ko);
	}
	assert_true(terms >= 30); /* the corpus infers renderings to compare */
	buf_release(&gen_en);
	buf_release(&gen_ko);
	tu_free_list(pairs);
}

/* ---- structure and link ---------------------------------------------------------------- */

static void test_structure(void **state)
{
	(void)state;
	/* "결론" / "---": too short to be a title (docutils: text) */
	const char *src = "Intro\n=====\n\nText here.\n\nConclusion\n----------\n\nThe end.\n";
	expect("소개\n====\n\n내용입니다.\n\n결론\n---\n\n끝입니다.\n", src, CK_STRUCTURE,
	       "rule short-adornment");
	expect("소개\n====\n\n내용입니다.\n\n결론\n----\n\n끝입니다.\n", src, CK_STRUCTURE, NULL);
	/* a title glued to the paragraph above it */
	expect("소개\n====\n\n내용입니다.\n결론\n----------\n\n끝입니다.\n", src, CK_STRUCTURE,
	       "rule title-glued");
	/* a grid table whose Korean row is wider than its border */
	const char *tsrc = "Intro.\n\n+------+-----+\n| Model| FPS |\n+------+-----+\n";
	expect("소개입니다.\n\n+------+-----+\n| 모델 | FPS |\n+------+-----+\n", tsrc, CK_STRUCTURE,
	       NULL);
	expect("소개입니다.\n\n+------+-----+\n| 모델다| FPS |\n+------+-----+\n", tsrc,
	       CK_STRUCTURE, "rule table-grid");
}

/* Renderings inferred from the aligned segments (no gloss, no glossary row). */
static void test_consistency_inferred(void **state)
{
	(void)state;
	/* skip_param_init.rst (29b943f8): 'device' left in English at line 70,
	 * rendered 장치 elsewhere; the fix 7fbbe203 wrote 장치 (device) */
	const char *src = "Pass device along to any created parameters.\n\n"
	                  "Initialize a module on the meta device.\n\n"
	                  "Modules are instantiated on the \"meta\" device.\n";
	expect("생성한 매개변수에 device를 전달합니다.\n\n"
	       "meta 장치에서 모듈을 초기화합니다.\n\n"
	       "모듈은 \"meta\" 장치로 인스턴스화하여 동작합니다.\n",
	       src, CK_CONSISTENCY,
	       "3:6 consistency '장치' — renders 'device' in 2 segments of this file, which also "
	       "leaves 'device' in English (line 1): the guide writes '장치(device)' at the first "
	       "occurrence (rule gloss-inferred)");
	/* the first occurrence, also where the segment keeps the English as well
	 * (skip_param_init.rst:74, in the code block of line 70) */
	expect("생성한 매개변수에 device를 전달합니다. meta 장치 지원을 확실히 합니다.\n\n"
	       "meta 장치에서 모듈을 초기화합니다.\n\n"
	       "모듈은 \"meta\" 장치로 인스턴스화하여 동작합니다.\n",
	       "Pass device along to any created parameters. Ensure support for the meta "
	       "device.\n\nInitialize a module on the meta device.\n\n"
	       "Modules are instantiated on the \"meta\" device.\n",
	       CK_CONSISTENCY, "1:31 consistency '장치' — renders 'device'");
	/* the gloss written (the bare 'device' is bare-english's), or the
	 * English never kept: nothing */
	T v;
	t_open(&v, "생성한 매개변수에 device를 전달합니다.\n\n"
	           "meta 장치(device)에서 모듈을 초기화합니다.\n\n"
	           "모듈은 \"meta\" 장치로 인스턴스화하여 동작합니다.\n", src);
	const char *got = t_run(&v, CK_CONSISTENCY);
	assert_non_null(strstr(got, "rule bare-english"));
	assert_null(strstr(got, "gloss-inferred"));
	t_close(&v);
	expect("생성한 매개변수에 장치를 전달합니다.\n\n"
	       "meta 장치에서 모듈을 초기화합니다.\n\n"
	       "모듈은 \"meta\" 장치로 인스턴스화하여 동작합니다.\n",
	       src, CK_CONSISTENCY, NULL);
	/* dist_tuto.rst (a3883024): 'worker' is 워커 three times, 작업자 twice
	 * (the fix b69f28f9 wrote 워커) */
	const char *wsrc = "``WORLD_SIZE``: The total number of processes, so that the master knows "
	                   "how many workers to wait for.\n\n"
	                   "``RANK``: Rank of each process, so they will know whether it is the "
	                   "master or a worker.\n\n"
	                   "Here, all workers will be able to connect to the process with rank 0 and "
	                   "exchange information on how to reach each other.\n\n"
	                   "The master creates sockets for all workers.\n\n"
	                   "Each worker sends its own info to the master.\n";
	const char *w1 = "``WORLD_SIZE``: 기다려야 하는 워커 숫자를 마스터가 알 수 있게 하는 총 "
	                 "프로세스 수.\n\n"
	                 "``RANK``: 워커의 마스터인지 아닌지를 알 수 있게 하는 각 프로세스의 순위.\n\n";
	char *mixed = xasprintf("%s모든 작업자는 0순위 프로세스에 연결하고 서로 연락하는 방법에 관한 "
	                        "정보를 교환할 수 있습니다.\n\n마스터는 모든 워커를 위한 소켓을 "
	                        "생성합니다.\n\n각 작업자는 마스터에 자신의 정보를 보냅니다.\n", w1);
	/* worker is a glossary row now (워커, 작업자 where the English says
	 * worker): the glossary check's, not inferred-renderings' */
	expect(mixed, wsrc, CK_GLOSSARY, "5:4 glossary '작업자'");
	expect(mixed, wsrc, CK_GLOSSARY, "9:3 glossary '작업자'");
	T wk;
	t_open(&wk, mixed, wsrc);
	assert_null(strstr(t_run(&wk, CK_CONSISTENCY), "inferred-renderings"));
	t_close(&wk);
	free(mixed);
	char *same = xasprintf("%s모든 워커는 0순위 프로세스에 연결하고 서로 연락하는 방법에 관한 "
	                       "정보를 교환할 수 있습니다.\n\n마스터는 모든 워커를 위한 소켓을 "
	                       "생성합니다.\n\n각 워커는 마스터에 자신의 정보를 보냅니다.\n", w1);
	expect(same, wsrc, CK_CONSISTENCY, NULL);
	free(same);
	/* tiatoolbox_tutorial.rst (0c428e22, lines 222-624): 'list' is 리스트 in
	 * three segments and 목록 in two (and patches and labels recur, as in
	 * the file, so 목록 is not taken for their rendering) */
	const char *lsrc = "We create a list of patches and a list of corresponding labels.\n\n"
	                   "Generate a list of patches and generate the label from the filename.\n\n"
	                   "-  ``input_resolutions``: A list, in the form of a dictionary, specifying "
	                   "the resolution of each input. List elements must be in the same order.\n\n"
	                   "-  ``imgs``: List of inputs, which should be a list of paths to the input "
	                   "tiles or WSIs.\n\n"
	                   "-  ``masks``: A list of paths corresponding to the masks of WSIs in the "
	                   "``imgs`` list.\n\n"
	                   "Each of the patches is 224x224 pixels.\n\nWe show a few patches.\n\n"
	                   "The labels are integers.\n\nRead the labels from the file.\n";
	expect("패치 목록과 해당되는 라벨 목록을 생성합니다.\n\n"
	       "패치 목록 생성 및 파일 이름에서 라벨 추출하기.\n\n"
	       "-  ``input_resolutions``: 입력의 해상도를 지정하는 딕셔너리 형태의 리스트로, 각 입력의 "
	       "해상도를 설정합니다. 리스트의 요소는 같은 순서여야 합니다.\n\n"
	       "-  ``imgs``: 입력 파일들의 경로 리스트로, 입력 타일(input tiles) 또는 WSIs 경로의 "
	       "목록이어야 합니다.\n\n"
	       "-  ``masks``: ``imgs`` 리스트에 있는 WSI의 마스크 경로 리스트입니다.\n\n"
	       "각 패치는 224x224 픽셀입니다.\n\n몇 개의 패치를 보여줍니다.\n\n"
	       "라벨은 정수입니다.\n\n파일에서 라벨을 읽습니다.\n",
	       lsrc, CK_CONSISTENCY,
	       "1:4 consistency '목록' — 'list' is rendered '리스트' in 3 segments of this file "
	       "('목록' 2) (rule inferred-renderings)");
	/* a glossary term rendered two ways is the glossary check's (FSDP_tutorial.rst:
	 * 파라미터 and 매개변수 for 'parameter') */
	T g;
	t_open(&g, "모델 매개변수를 샤딩합니다.\n\n각 매개변수는 샤드입니다.\n\n매개변수를 모읍니다.\n\n"
	           "파라미터를 나눕니다.\n\n파라미터는 작습니다.\n",
	       "Shard the model parameters.\n\nEach parameter is a shard.\n\nGather the "
	       "parameters.\n\nSplit the parameters.\n\nThe parameters are small.\n");
	assert_null(strstr(t_run(&g, CK_CONSISTENCY), "inferred-renderings"));
	t_close(&g);
}

static void test_link(void **state)
{
	(void)state;
	/* dist_tuto.rst:519 (a3883024) */
	expect(KO "`공식 문서 <http://pytorch.org/docs/master/distributed.html#initialization>`__ 를\n",
	       NULL, CK_LINK, "https://pytorch.org/docs/stable/distributed.html#initialization");
	expect(KO "`튜토리얼 <https://pytorch.org/tutorials/beginner/x.html>`__ 를 보세요.\n", NULL,
	       CK_LINK, "https://tutorials.pytorch.kr/beginner/x.html");
	expect(KO "`튜토리얼 <https://tutorials.pytorch.kr/beginner/x.html>`__ 를 보세요.\n", NULL,
	       CK_LINK, NULL);
	/* rpc_ddp_tutorial.rst:25 (merged): the English has the same outdated
	 * link, upstream's to update (issue 40); one the English updated is
	 * the translation's; a tutorials link is localised either way */
	expect(KO "`분산 RPC 프레임워크 <https://pytorch.org/docs/master/rpc.html>`__ 는\n",
	       "Intro.\n\nthe `RPC framework <https://pytorch.org/docs/master/rpc.html>`__ is\n",
	       CK_LINK, NULL);
	expect(KO "`분산 RPC 프레임워크 <https://pytorch.org/docs/master/rpc.html>`__ 는\n",
	       "Intro.\n\nthe `RPC framework <https://pytorch.org/docs/stable/rpc.html>`__ is\n",
	       CK_LINK, "(rule outdated)");
	expect(KO "`튜토리얼 <https://pytorch.org/tutorials/beginner/x.html>`__ 를 보세요.\n",
	       "Intro.\n\nSee the `tutorial <https://pytorch.org/tutorials/beginner/x.html>`__.\n",
	       CK_LINK, "(rule localise)");
}

/* ---- style ------------------------------------------------------------------------ */

static void test_style(void **state)
{
	(void)state;
	/* distributed_device_mesh.rst:33 (856796b8) */
	expect(KO "다차원 병렬화(예: 3-D 병렬)를 다룰 때 유용합니다.\n", NULL, CK_STYLE,
	       "'3-D' — 한국어 문서에서는 '3차원'로 씁니다 (style rule n-d)");
	expect(KO "다차원 병렬화(예: 3차원 병렬)를 다룰 때 유용합니다.\n", NULL, CK_STYLE, NULL);
	/* compiling_optimizer.rst:36, sentence-initial 우리는 */
	expect(KO "``torch.compile()``에서 step()을 래핑하는 함수를 만듭니다.\n", NULL, CK_STYLE,
	       "(style rule wrap)");
	expect(KO "우리는 250x540 해상도를 씁니다. 이 해상도는 우리는 좋아합니다.\n", NULL, CK_STYLE,
	       "(style rule subject-we-you)");
	expect(KO "이 해상도를 우리는 좋아합니다.\n", NULL, CK_STYLE, NULL);
	/* bettertransformer_tutorial.rst:7 (59e16954): scope after-number */
	expect(KO "이 튜토리얼에서는 PyTorch 1.12 릴리스의 일부로 Better Transformer (BT)를 "
	          "소개합니다.\n",
	       NULL, CK_STYLE, "'릴리스' — 버전 번호 뒤에는 '버전'을 씁니다 (리뷰) (style rule release)");
	/* inference_tuning_on_aws_graviton.rst:231 (merged): no number before */
	expect(KO "향후 릴리스에서는 안정적인 휴리스틱을 사용해 백엔드 선택을 자동화합니다.\n", NULL,
	       CK_STYLE, NULL);
	/* ddp_series_theory.rst:39 (f3edc12c): the repository keeps all-reduce in English */
	expect(KO "각 사본은 변화도를 계산하는 동시에 `링 올-리듀스 알고리즘 <https://tech.preferred.jp/>`__ "
	          "을 통해 동기화합니다.\n",
	       NULL, CK_GLOSSARY, "'올-리듀스' — glossary: all-reduce -> all-reduce (번역하지 않음)");
	expect(KO "각 사본은 변화도를 계산하는 동시에 `Ring-All-Reduce 알고리즘 <https://tech.preferred.jp/>`__ "
	          "을 통해 동기화합니다.\n",
	       NULL, CK_GLOSSARY, NULL);
	/* hta_trace_diff_tutorial.rst:7 (merged): a tool's feature is 기능, not
	 * the glossary's 특징 (a model's input feature); a segment with
	 * neither is a paraphrase, no finding (issue 40) */
	const char *hta_en = "Title\n=====\n\nTo support this requirement, HTA provides a trace "
	                     "comparison feature.\n";
	expect("제목\n====\n\n이를 위해 HTA는 트레이스 비교 기능을 제공합니다.\n", hta_en,
	       CK_GLOSSARY, NULL);
	expect("제목\n====\n\n이를 위해 HTA는 트레이스 비교 도구를 제공합니다.\n", hta_en,
	       CK_GLOSSARY, NULL);
	/* bad rule files name the file and place */
	StyleRules *s = style_rules_new();
	Err e;
	err_init(&e);
	assert_false(style_rules_load_mem(s, "r.yaml", "rules:\n  - {name: x, extends: nope}\n", 36,
	                                  &e));
	assert_int_equal(e.code, EXIT_CONFIG);
	assert_non_null(strstr(e.msg, "r.yaml:2:5:"));
	style_rules_free(s);
}

/* ---- translator lines in every form ------------------------------------------------- */

static void test_translator_forms(void **state)
{
	(void)state;
	const char *author = "제목\n====\n\n**저자**: `A B <https://github.com/ab>`_\n";
	static const struct {
		const char *line;
		const char *want;
	} cases[] = {
		/* custom_function_double_backward_tutorial.rst:3, several commits */
		{"**번역: **`박건수 <https://github.com/ParkKunsu>`_",
		 "a space before the closing '**'"},
		{"**번역:** `박건수 <https://github.com/ParkKunsu>`_", "the usual form is '**번역**:'"},
		{"**번역**:`박건수<https://github.com/ParkKunsu>`_", "no space before '<'"},
		{"**번역**:`박건수 <https://github.com/ParkKunsu>`", "without the trailing _"},
		/* dist_overview.rst:4, deep_learning_nlp_tutorial.rst:4 */
		{"**번역** `강지현 <https://github.com/KJH622>`_", "no ':' after the marker"},
		{"**번역** : `오수연 <https://github.com/oh5221>`_", "a space before ':'"},
		/* deep_learning_60min_blitz.rst:4: indented 1 (2 is a block quote,
		 * as many tutorials write it) */
		{" **번역**: `박정환 <http://github.com/9bow>`_", "write it like the author line"},
		{"  **번역**: `박정환 <https://github.com/9bow>`_", NULL},
		{"**번역**: `강호현 <https://github.com/stats-dev>`__", NULL},
	};
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		char *doc = xasprintf("%s%s\n\n본문입니다.\n", author, cases[i].line);
		expect(doc, NULL, CK_TRANSLATOR_LINE, cases[i].want);
		free(doc);
	}
	/* untranslated markers (realtime_rpi.rst:3, ddp_series_theory.rst:10) */
	expect("제목\n====\n\n**Author**: `Tristan Rice <https://github.com/d4l3k>`_\n\n본문입니다.\n",
	       NULL, CK_TRANSLATOR_LINE, "an English marker in a translated document");
	expect("제목\n====\n\nAuthors: `Suraj <https://github.com/s>`__\n\n본문입니다.\n", NULL,
	       CK_TRANSLATOR_LINE, "write '**저자**:'");
	/* a translator line without an author line above it */
	expect("제목\n====\n\n**번역:** `박건수 <https://github.com/ParkKunsu>`_\n\n본문입니다.\n",
	       NULL, CK_TRANSLATOR_LINE, "the usual form is '**번역**:'");
}

/* ---- English left in Korean prose; comments are prose ---------------------------------- */

static void test_untranslated_inside(void **state)
{
	(void)state;
	/* TP_tutorial.rst:54: a quoted English word of the source */
	const char *src = "Intro.\n\nTensor/Sequence Parallel is the only way to \"ballpark\" the "
	                  "global batch size.\n";
	expect(KO "Tensor/Sequence Parallel이 글로벌 배치 크기를 \"ballpark\"하는 유일한 방법입니다.\n",
	       src, CK_UNTRANSLATED, "'ballpark' — English left untranslated");
	expect(KO "Tensor/Sequence Parallel이 글로벌 배치 크기를 \"추정(ballpark)\"하는 유일한 "
	          "방법입니다.\n", src, CK_UNTRANSLATED, NULL);
	/* a comment left in English among translated ones */
	const char *csrc = "Code.\n\n.. code-block:: python\n\n   # set up the model\n   m = M()\n"
	                   "   # compute the loss of the model\n   l = m()\n";
	expect(KO ".. code-block:: python\n\n   # 모델을 준비합니다\n   m = M()\n"
	          "   # compute the loss of the model\n   l = m()\n",
	       csrc, CK_UNTRANSLATED, "a comment still in English");
	/* one English word of the source glued to a Korean particle, in a
	 * comment (skip_param_init.rst:82, fixed in 7fbbe203) and in prose
	 * (rpc_ddp_tutorial.rst:27: the source's plural) */
	const char *dsrc = "Code.\n\n::\n\n    # Pass device along recursively.\n"
	                   "    self.fc = nn.Linear(bar, 5, device=device)\n";
	expect(KO "::\n\n    # 모든 서브 모듈은 device를 재귀적으로 전달해야 합니다.\n"
	          "    self.fc = nn.Linear(bar, 5, device=device)\n",
	       dsrc, CK_UNTRANSLATED, "5:17 untranslated 'device를' — English 'device' left in a "
	                              "Korean sentence");
	expect(KO "::\n\n    # 모든 서브 모듈은 장치(device)를 재귀적으로 전달해야 합니다.\n"
	          "    self.fc = nn.Linear(bar, 5, device=device)\n",
	       dsrc, CK_UNTRANSLATED, NULL);
	const char *wsrc = "Intro.\n\nPipeline the stages of the model across multiple workers.\n";
	expect(KO "여러 worker에 걸쳐 모델의 단계를 파이프라인할 수 있습니다.\n", wsrc, CK_UNTRANSLATED,
	       "'worker에' — English 'worker' left");
	/* a run of English words, even one the source does not have
	 * (skip_param_init.rst:120, fixed in 7fbbe203: the source says kwarg) */
	expect(KO "이 패턴은 모듈 구성 중 `device` keyword argument를 지원하는 모듈에서만 작동합니다.\n",
	       "Intro.\n\nThis pattern works for modules that accept a `device` kwarg.\n",
	       CK_UNTRANSLATED, "'keyword argument를' — English 'keyword argument' left");
	/* a table header left in English among translated ones (realtime_rpi.rst:151,
	 * fixed in 7e23e2f7); an acronym and the body's data stay */
	const char *tsrc = "Results:\n\n+----------+------+----------------------+\n"
	                   "| Model    | FPS  | Total Time (ms)      |\n"
	                   "+==========+======+======================+\n"
	                   "| resnet18 | 9.2  | 109.0                |\n"
	                   "+----------+------+----------------------+\n";
	expect(KO "+----------+------+----------------------+\n"
	          "| Model    | FPS  |  전체 시간 (ms)      |\n"
	          "+==========+======+======================+\n"
	          "| resnet18 | 9.2  | 109.0                |\n"
	          "+----------+------+----------------------+\n",
	       tsrc, CK_UNTRANSLATED, "4:3 untranslated 'Model' — a table header left in English");
	expect(KO "+----------+------+----------------------+\n"
	          "| 모델     | FPS  |  전체 시간 (ms)      |\n"
	          "+==========+======+======================+\n"
	          "| resnet18 | 9.2  | 109.0                |\n"
	          "+----------+------+----------------------+\n",
	       tsrc, CK_UNTRANSLATED, NULL);
	/* markup, a term kept in English, a word the source does not have, a
	 * run of words ("forward pass를" is the run rule's) */
	expect(KO "여러 ``worker``에 걸쳐 Tensor를 파이프라인할 수 있습니다.\n", wsrc, CK_UNTRANSLATED,
	       NULL);
	expect(KO "여러 layer를 파이프라인할 수 있습니다.\n", wsrc, CK_UNTRANSLATED, NULL);
	/* a short word is mostly a name (intel_neural_compressor_for_pytorch.rst:34) */
	expect(KO "pip을 사용해 설치합니다.\n", "Intro.\n\nInstall it with pip.\n", CK_UNTRANSLATED,
	       NULL);
}

/* Issue 40: program output is not prose (inference_tuning_on_aws_graviton.rst:131,
 * compiling_optimizer.rst:84, realtime_rpi.rst:156), nor is code put aside
 * in a comment (ddp_tutorial.rst:92, tiatoolbox_tutorial.rst:796), nor a
 * line that is an API's link (tuning_guide.py:17); English prose still is. */
static void test_untranslated_output(void **state)
{
	(void)state;
	expect(KO "**Self CPU time total:** 16.201s\n", "Intro.\n\n**Self CPU time total:** 16.201s\n",
	       CK_UNTRANSLATED, NULL);
	expect(KO "* Eager runtime: 747.2437149845064us\n",
	       "Intro.\n\n* Eager runtime: 747.2437149845064us\n", CK_UNTRANSLATED, NULL);
	expect(KO "* Batch size used for training: 64\n",
	       "Intro.\n\n* Batch size used for training: 64\n", CK_UNTRANSLATED, NULL);
	/* a sentence with a number and a colon is still prose */
	expect(KO "The model was trained for one epoch: it took 16 seconds\n",
	       "Intro.\n\nThe model was trained for one epoch: it took 16 seconds\n", CK_UNTRANSLATED,
	       "untranslated paragraph");
	const char *tsrc = "Intro.\n\nThe results of the models on the device:\n"
	                   "| mobilenet_v3_large | 29.3 | 34.1 | 12.0 |\n";
	expect(KO "기기에서 얻은 모델들의 결과는 다음과 같습니다:\n"
	          "| mobilenet_v3_large | 29.3 | 34.1 | 12.0 |\n", tsrc, CK_UNTRANSLATED, NULL);
	const char *lsrc = "Intro.\n\nUse the loader\n"
	                   "`torch.utils.data.DataLoader <https://pytorch.org/docs/data.html>`_\n"
	                   "with many workers and pinned memory for faster transfers\n";
	expect(KO "다음 로더를 사용하세요\n"
	          "`torch.utils.data.DataLoader <https://pytorch.org/docs/data.html>`_\n"
	          "많은 워커와 고정 메모리로 빠르게 전송합니다\n", lsrc, CK_UNTRANSLATED, NULL);
	expect(KO "다음 로더를 사용하세요\n"
	          "`torch.utils.data.DataLoader <https://pytorch.org/docs/data.html>`_\n"
	          "with many workers and pinned memory for faster transfers\n", lsrc,
	       CK_UNTRANSLATED, "an English line left in a translated paragraph");
	const char *csrc = "Code.\n\n.. code-block:: python\n\n   # set up the model here\n"
	                   "   # dist.init_process_group(\n   #     init_method=init_method,\n"
	                   "   #     world_size=world_size)\n   # imgs (torch.Tensor):\n"
	                   "   m = M()\n";
	expect(KO ".. code-block:: python\n\n   # 여기서 모델을 준비합니다\n"
	          "   # dist.init_process_group(\n   #     init_method=init_method,\n"
	          "   #     world_size=world_size)\n   # imgs (torch.Tensor):\n"
	          "   m = M()\n", csrc, CK_UNTRANSLATED, NULL);
}

/* Issue 40: a list item follows Korean punctuation, not the English's
 * final '.': a noun phrase takes none (static_quantization_tutorial.rst:59),
 * a sentence does (-다, -요, -십시오). */
static void test_punctuation_list_items(void **state)
{
	(void)state;
	const char *src = "Steps.\n\n- Insert ``QuantStub`` at the start of the network.\n";
	expect(KO "- 신경망의 처음에 ``QuantStub`` 삽입\n", src, CK_PUNCTUATION, NULL);
	expect(KO "- 신경망의 처음에 ``QuantStub`` 을 삽입합니다\n", src, CK_PUNCTUATION,
	       "rule final-mark");
	expect(KO "- 신경망의 처음에 ``QuantStub`` 을 삽입해 보십시오\n", src, CK_PUNCTUATION,
	       "rule final-mark");
	/* a paragraph is a sentence: the source's period is asked for */
	expect(KO "신경망의 처음에 ``QuantStub`` 삽입\n", "Steps.\n\nInsert ``QuantStub`` at "
	       "the start of the network.\n", CK_PUNCTUATION, "rule final-mark");
}

/* Issue 40: a glossary term the translation keeps in English ("Dataset 을",
 * nn_tutorial.py:457; "in-place로", cpp_autograd.rst:88) is not missing,
 * nor one it renders otherwise (a paraphrase: "accuracy loss" as 정확도를
 *유지하면서, intel_neural_compressor_for_pytorch.rst:9); the term
 * transliterated (nn_tutorial.py:262: 컨볼루션 for 합성곱) or spaced
 * otherwise (cpp_autograd.rst:274: 요구사항) is named where it is; a term
 * the guide keeps in English, translated, is named for the segment. */
static void test_glossary_kept_in_english(void **state)
{
	(void)state;
	const char *src = "Intro.\n\nRefactoring with the Dataset class.\n";
	expect(KO "Dataset 을 이용하여 리팩토링하기\n", src, CK_GLOSSARY, NULL);
	expect(KO "자료 모음을 이용하여 리팩토링하기\n", src, CK_GLOSSARY, NULL);
	expect(KO "데이타셋을 이용하여 리팩토링하기\n", src, CK_GLOSSARY,
	       "3:1 glossary '데이타셋' — glossary: dataset -> 데이터셋 (음차 표기) (a transliteration "
	       "of 'Dataset')");
	expect(KO "데이터 셋을 이용하여 리팩토링하기\n", src, CK_GLOSSARY,
	       "'데이터 셋' — glossary: dataset -> 데이터셋 (음차 표기) (spaced otherwise");
	expect(KO "요구사항이 있습니다.\n", "Intro.\n\nThere are requirements.\n", CK_GLOSSARY,
	       "'요구사항' — glossary: requirement");
	expect(KO "이 함수는 합성곱을 계산합니다.\n", "Intro.\n\nIt computes a convolution.\n",
	       CK_GLOSSARY, NULL);
	expect(KO "이 함수는 컨볼루션을 계산합니다.\n", "Intro.\n\nIt computes a convolution.\n",
	       CK_GLOSSARY, "'컨볼루션' — glossary: convolution -> 합성곱");
	expect(KO "이 함수는 순전파를 빠르게 합니다.\n", "Intro.\n\nIt makes the autograd fast.\n",
	       CK_GLOSSARY, "'autograd' in the source — glossary: autograd -> Autograd");
	expect(KO "``.requires_grad_()`` 는 in-place로 플래그를 바꿉니다.\n",
	       "Intro.\n\n``.requires_grad_()`` changes the flag in-place.\n", CK_GLOSSARY, NULL);
}

/* Issue 40, pofilter's numbers, acronyms and doublewords: a number of the
 * English changed in the Korean (autograd_tutorial.py:66, 0.01 became 0.1),
 * an acronym the English introduces dropped, a word written twice
 * (cpp_autograd.rst:272, "위해 위해"); the Korean's own ways are no finding
 * (두 개 for 2, 16GB for 16 GB, 1000 for 1,000, 신경망 for NN where the
 * English does not introduce it). */
static void test_numbers(void **state)
{
	(void)state;
	const char *lr = "Intro.\n\nWe use SGD with a learning rate of 0.01 and momentum of 0.9.\n";
	expect(KO "학습률 0.1과 모멘텀 0.9를 갖는 SGD를 사용합니다.\n", lr, CK_NUMBERS,
	       "3:1 numbers '0.01' of the source is not in the translation: a number is carried "
	       "over as it is (rule numbers)");
	expect(KO "학습률 0.01과 모멘텀 0.9를 갖는 SGD를 사용합니다.\n", lr, CK_NUMBERS, NULL);
	expect(KO "두 개의 GPU와 16GB 메모리, 1000개의 샘플을 씁니다.\n",
	       "Intro.\n\nWe use 2 GPUs, 16 GB of memory and 1,000 samples.\n", CK_NUMBERS, NULL);
	const char *fsdp = "Intro.\n\nFully Sharded Data Parallel (FSDP) shards the model. NN "
	                   "modules on the GPU.\n";
	expect(KO "완전 샤딩 데이터 병렬은 모델을 샤딩합니다. 신경망 모듈을 GPU에 둡니다.\n", fsdp,
	       CK_NUMBERS, "'FSDP' of the source is not in the translation: the English introduces "
	       "the acronym here; keep it, 한글(FSDP) (rule acronyms)");
	expect(KO "완전 샤딩 데이터 병렬(FSDP)은 모델을 샤딩합니다. 신경망 모듈을 그래픽 장치에 "
	          "둡니다.\n", fsdp, CK_NUMBERS, NULL);
	expect(KO "``torch::autograd`` 는 기록을 인코딩하기 위해 위해 이 함수들을 사용합니다.\n",
	       NULL, CK_NUMBERS, "'위해 위해' — a word written twice (rule doublewords)");
	expect(KO "하나 둘 셋, 하나씩 세어 봅니다.\n", NULL, CK_NUMBERS, NULL);
}

/* Issue 40, omission by the pair's own length ratio: a Korean paragraph
 * much shorter than its English (TP_tutorial.rst:139 dropped two of its
 * three sentences), an English sentence left out of a shorter paragraph
 * (TP_tutorial.rst:119), a Korean much longer (rule long); a paragraph
 * of the usual length is none. */
static void test_omission_length(void **state)
{
	(void)state;
	const char *en = "Intro.\n\nFor the Llama model, in the attention layer, there are several "
	                 "view operations related to shape. Specifically, for column-wise "
	                 "parallelism in the linear layers, the activation tensor is sharded on "
	                 "the heads dimension. To manage the difference between global and local "
	                 "heads, we should set the local output to false.\n";
	expect(KO "Llama 모델의 경우, 어텐션 계층에서는 형태와 관련된 여러 뷰 연산이 있습니다. "
	          "구체적으로, 선형 계층에서 열 단위 병렬화의 경우 활성화 텐서는 헤드 차원에서 "
	          "샤딩됩니다. 전역과 지역 헤드의 차이를 다루려면 지역 출력을 거짓으로 설정해야 "
	          "합니다.\n", en, CK_OMISSION, NULL);
	expect(KO "Llama 모델의 어텐션 계층에는 뷰 연산이 있습니다.\n", en, CK_OMISSION,
	       "the Korean is much shorter than its English");
	expect(KO "Llama 모델의 경우, 어텐션 계층에서는 형태와 관련된 여러 뷰 연산이 있습니다. "
	          "구체적으로, 선형 계층에서 열 단위 병렬화의 경우 활성화 텐서는 헤드 차원에서 "
	          "샤딩됩니다.\n", en, CK_OMISSION,
	       "an English sentence with no Korean counterpart");
	const char *shorter = "Intro.\n\nThe attention layer has several view operations related "
	                      "to the shape of its inputs.\n";
	expect(KO "어텐션 계층에는 입력의 형태와 관련된 여러 뷰 연산이 있습니다. 어텐션 계층에는 "
	          "입력의 형태와 관련된 여러 뷰 연산이 있습니다. 어텐션 계층에는 입력의 형태와 "
	          "관련된 여러 뷰 연산이 있습니다. 어텐션 계층에는 입력의 형태와 관련된 여러 뷰 "
	          "연산이 있습니다.\n", shorter, CK_OMISSION,
	       "the Korean is much longer than its English");
}

/* A comparison split by a space in prose (torchrec_tutorial.rst:29). */
static void test_split_operator(void **state)
{
	(void)state;
	expect(KO "CUDA를 사용하는 경우: cuda > = 11.0\n", NULL, CK_SPACING,
	       "'> =' — the operator is '>=', without a space (rule split-operator)");
	expect(KO "CUDA를 사용하는 경우: cuda >= 11.0, 그리고 a = b\n", NULL, CK_SPACING, NULL);
}

static void test_comments_are_prose(void **state)
{
	(void)state;
	/* tiatoolbox_tutorial.rst:826: an avoided glossary variant in a comment */
	const char *src = "Code.\n\n.. code-block:: python\n\n   # no gradient (not training)\n"
	                  "   x = 1\n";
	expect(KO ".. code-block:: python\n\n   # 기울기를 계산하지 않음(학습이 아님)\n   x = 1\n", src,
	       CK_GLOSSARY, "'기울기' — glossary: gradient -> 변화도 (in a code comment)");
	expect(KO ".. code-block:: python\n\n   # 변화도를 계산하지 않음(학습이 아님)\n   x = 1\n", src,
	       CK_GLOSSARY, NULL);
	/* '#' inside a string is no comment */
	T t;
	t_open(&t, ".. code-block:: python\n\n   s = \"# 레이어\"  # 계층\n", NULL);
	Joined j;
	assert_true(comment_text(&t.tl, &t.td, &t.td.v[1], &j));
	assert_null(strstr(j.text.p, "레이어"));
	assert_non_null(strstr(j.text.p, "계층"));
	joined_release(&j);
	t_close(&t);
}

/* ---- merged findings, linear columns, the glossary path ---------------------------------- */

static void test_merged_and_linear(void **state)
{
	(void)state;
	/* two problems of one check at one place are one finding */
	T m;
	t_open(&m, "무언가를 합니다.\n", "The autograd and the shape.\n");
	t_run(&m, CK_GLOSSARY);
	assert_int_equal(m.fv.n, 1);
	assert_non_null(strstr(m.fv.v[0].message, "'autograd'"));
	assert_non_null(strstr(m.fv.v[0].message, "'shape'"));
	t_close(&m);
	/* many findings on one long line: column work grows linearly (counted,
	 * not timed); issue 14 item 9 (a line of 80k "*a " took 22.8 s) */
	uint64_t work[2];
	for (int k = 0; k < 2; k++) {
		size_t n = k ? 40000 : 20000;
		Buf doc = BUF_INIT;
		buf_adds(&doc, "제목\n====\n\n");
		for (size_t i = 0; i < n; i++)
			buf_adds(&doc, "*a ");
		buf_addc(&doc, '\n');
		T t;
		t_open(&t, doc.p, NULL);
		uint64_t before = check_column_steps();
		t_run(&t, CK_MARKUP_SPACING);
		work[k] = check_column_steps() - before;
		assert_int_equal(t.fv.n, n);
		t_close(&t);
		buf_release(&doc);
	}
	/* twice the findings on a twice as long line: about twice the work
	 * (quadratic would be four times) */
	assert_true(work[1] < work[0] * 5 / 2);
	assert_true(work[1] > work[0] * 3 / 2);
}

static void test_glossary_path(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	setenv("YEOK_GLOSSARY_DIR", dir, 1);
	Buf note = BUF_INIT;
	assert_true(glossary_missing_note(&note));
	assert_non_null(strstr(note.p, dir));
	assert_null(glossary_data_path("ko.yaml", NULL));
	free(tu_write(dir, "ko.yaml", "terms: []\n", 10));
	char *p = glossary_data_path("ko.yaml", NULL);
	assert_non_null(p);
	free(p);
	buf_clear(&note);
	assert_false(glossary_missing_note(&note));
	unsetenv("YEOK_GLOSSARY_DIR");
	/* without the variable: the build tree of the test binary is found
	 * (build/MODE/tests/.. is no tree: the data path may be missing, but
	 * the working directory is never what is searched) */
	char *cwd_copy = glossary_data_path("no-such-file.yaml", NULL);
	assert_null(cwd_copy);
	buf_release(&note);
	free(dir);
}

int main(void)
{
	setenv("LANG", "C.UTF-8", 1);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spacing_latin_particle),
		cmocka_unit_test(test_spacing_noun_hada),
		cmocka_unit_test(test_spacing_latin_object),
		cmocka_unit_test(test_spacing_particle_choice),
		cmocka_unit_test(test_spacing_euro_sseo),
		cmocka_unit_test(test_spacing_bound_nouns),
		cmocka_unit_test(test_spacing_spaces),
		cmocka_unit_test(test_spacing_file_variant),
		cmocka_unit_test(test_spacing_rule_file),
		cmocka_unit_test(test_punctuation),
		cmocka_unit_test(test_consistency),
		cmocka_unit_test(test_consistency_inferred),
		cmocka_unit_test(test_inferred_ids_chunks),
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_link),
		cmocka_unit_test(test_style),
		cmocka_unit_test(test_translator_forms),
		cmocka_unit_test(test_untranslated_inside),
		cmocka_unit_test(test_untranslated_output),
		cmocka_unit_test(test_punctuation_list_items),
		cmocka_unit_test(test_glossary_kept_in_english),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_omission_length),
		cmocka_unit_test(test_split_operator),
		cmocka_unit_test(test_comments_are_prose),
		cmocka_unit_test(test_merged_and_linear),
		cmocka_unit_test(test_glossary_path),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
