/*
 * gen — a deterministic generator of realistic English/Korean RST pairs
 * for benchmarks:  gen LINES OUTDIR  writes OUTDIR/bench-LINES.en.rst and
 * OUTDIR/bench-LINES.ko.rst.  The same LINES always gives the same bytes.
 *
 * Both sides have the same structure (titles with display-width
 * underlines, prose with inline literals, roles and links, code blocks,
 * bullet lists, simple tables, note directives); the Korean side has
 * Hangul prose with particles, about 0.64 times the English length, with
 * English identifiers and markup kept, and every 7th section left
 * untranslated (a translation half-way through).
 *
 * gen --paragraph BYTES OUTDIR writes OUTDIR/para-BYTES.en.rst and
 * .ko.rst: a title and one paragraph of about BYTES bytes (lines of ten
 * words), the pair of tests/unit/test-session-big.c, for the cost of a key
 * in a long block (bench-editor with BENCH_SCRIPT=para).
 */
#include "yeok/text.h"
#include "yeok/util.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static const char *pick(const char *const *v, size_t n)
{
	return v[next() % n];
}
#define PICK(arr) pick(arr, ARRAY_LEN(arr))

static const char *const en_words[] = {
	"the", "model", "tensor", "gradient", "parameters", "training", "loss", "layer",
	"data", "batch", "we", "compute", "each", "step", "optimizer", "function", "input",
	"output", "network", "update", "weights", "value", "process", "device", "memory",
	"example", "shows", "how", "to", "use", "with", "and", "of", "in", "a", "is", "this",
};
static const char *const ko_nouns[] = {
	"모델", "텐서", "변화도", "매개변수", "학습", "손실", "계층", "데이터", "배치", "단계",
	"옵티마이저", "함수", "입력", "출력", "신경망", "가중치", "값", "과정", "장치", "메모리",
	"예제", "방법", "결과", "연산", "분산", "프로세스",
};
static const char *const ko_particles[] = {"을", "를", "은", "는", "이", "가", "의", "에", "로", "와", ""};
static const char *const ko_verbs[] = {
	"계산합니다", "사용합니다", "보여줍니다", "갱신합니다", "설정합니다", "학습합니다",
	"정의합니다", "실행합니다", "확인할 수 있습니다", "만듭니다",
};
static const char *const idents[] = {
	"torch.nn.Module", "DataLoader", "backward()", "optim.SGD", "state_dict", "DeviceMesh",
	"init_process_group", "autograd", "cuda()",
};
static const char *const en_titles[] = {
	"Getting Started", "Defining the Model", "Training Loop", "Saving the Model",
	"Distributed Training", "Evaluation", "Further Reading", "Setting Up the Data",
};
static const char *const ko_titles[] = {
	"시작하기", "모델 정의하기", "학습 루프", "모델 저장하기", "분산 학습", "평가하기",
	"더 읽을거리", "데이터 준비하기",
};

typedef struct Out {
	Buf en, ko;
	size_t lines; /* English lines so far */
} Out;

static void both(Out *o, const char *s)
{
	buf_adds(&o->en, s);
	buf_adds(&o->ko, s);
	o->lines++;
}

static void underline(Buf *b, const char *title, char c)
{
	int w = text_width(title, strlen(title));
	for (int i = 0; i < w; i++)
		buf_addc(b, c);
	buf_addc(b, '\n');
}

static void title(Out *o, int sec, bool translate, char c)
{
	size_t k = (size_t)sec % ARRAY_LEN(en_titles);
	char *en = xasprintf("%s %d", en_titles[k], sec);
	char *ko = translate ? xasprintf("%s %d", ko_titles[k], sec) : xstrdup(en);
	buf_addf(&o->en, "%s\n", en);
	underline(&o->en, en, c);
	buf_addf(&o->ko, "%s\n", ko);
	underline(&o->ko, ko, c);
	o->lines += 2;
	both(o, "\n");
	free(en);
	free(ko);
}

/* One prose line of each language with the same markup. */
static void prose_line(Out *o, bool translate)
{
	int words = 8 + (int)(next() % 6);
	const char *ident = PICK(idents);
	int markup = (int)(next() % 4);
	Buf en = BUF_INIT, ko = BUF_INIT;
	for (int i = 0; i < words; i++) {
		if (i)
			buf_addc(&en, ' ');
		buf_adds(&en, PICK(en_words));
	}
	int kw = words * 2 / 5 + 1;
	for (int i = 0; i < kw; i++) {
		if (i)
			buf_addc(&ko, ' ');
		buf_adds(&ko, PICK(ko_nouns));
		buf_adds(&ko, PICK(ko_particles));
	}
	switch (markup) {
	case 0:
		buf_addf(&en, " with ``%s``", ident);
		buf_addf(&ko, " ``%s`` 를", ident);
		break;
	case 1:
		buf_addf(&en, " using :class:`%s`", ident);
		buf_addf(&ko, " :class:`%s` 로", ident);
		break;
	case 2: {
		unsigned page = next() % 1000;
		buf_addf(&en, " (see `the docs <https://pytorch.org/docs/%u.html>`__)", page);
		buf_addf(&ko, " (`문서 <https://pytorch.org/docs/%u.html>`__ 참고)", page);
		break;
	}
	default: {
		unsigned times = next() % 100;
		buf_addf(&en, " %u times", times);
		buf_addf(&ko, " %u번", times);
		break;
	}
	}
	buf_adds(&ko, " ");
	buf_adds(&ko, PICK(ko_verbs));
	buf_adds(&en, ".\n");
	buf_adds(&ko, ".\n");
	buf_addstr(&o->en, buf_str(&en));
	buf_addstr(&o->ko, translate ? buf_str(&ko) : buf_str(&en));
	o->lines++;
	buf_release(&en);
	buf_release(&ko);
}

static void paragraph(Out *o, bool translate)
{
	int n = 2 + (int)(next() % 4);
	for (int i = 0; i < n; i++)
		prose_line(o, translate);
	both(o, "\n");
}

static void code(Out *o)
{
	both(o, ".. code-block:: python\n");
	both(o, "\n");
	int n = 3 + (int)(next() % 8);
	for (int i = 0; i < n; i++) {
		char *line = xasprintf("   x%d = torch.randn(%u, %u)  # step %d\n", i, next() % 64 + 1,
		                       next() % 64 + 1, i);
		both(o, line);
		free(line);
	}
	both(o, "\n");
}

static void list(Out *o, bool translate)
{
	int n = 2 + (int)(next() % 4);
	for (int i = 0; i < n; i++) {
		buf_adds(&o->en, "- ");
		buf_adds(&o->ko, "- ");
		prose_line(o, translate);
	}
	both(o, "\n");
}

static void table(Out *o, bool translate)
{
	both(o, "=========  ==========\n");
	buf_adds(&o->en, "Name       Value\n");
	buf_adds(&o->ko, translate ? "이름       값\n" : "Name       Value\n");
	o->lines++;
	both(o, "=========  ==========\n");
	for (int i = 0; i < 3; i++) {
		char *row = xasprintf("lr%-7d  %-10u\n", i, next() % 1000);
		both(o, row);
		free(row);
	}
	both(o, "=========  ==========\n");
	both(o, "\n");
}

static void note(Out *o, bool translate)
{
	both(o, ".. note::\n");
	buf_adds(&o->en, "   ");
	buf_adds(&o->ko, "   ");
	prose_line(o, translate);
	both(o, "\n");
}

/* A title and one paragraph of about n bytes (lines of ten words), as
 * tests/unit/test-session-big.c builds it. */
static void long_paragraph(Buf *b, size_t n, bool korean)
{
	static const char *const en[] = {"the", "model", "tensor", "gradient", "layer", "training",
	                                 "data", "batch", "loss", "function"};
	static const char *const ko[] = {"모델", "텐서를", "변화도", "계층은", "학습", "데이터",
	                                 "배치", "손실", "함수를", "신경망"};
	buf_adds(b, korean ? "제목\n====\n\n" : "Title\n=====\n\n");
	for (size_t w = 0; b->len < n; w++) {
		buf_adds(b, (korean ? ko : en)[(w * 7 + w / 10) % 10]);
		buf_adds(b, w % 10 == 9 ? "\n" : " ");
	}
	buf_adds(b, "끝\n\nEnd.\n");
}

static int paragraph_pair(const char *bytes, const char *dir)
{
	long n;
	if (!parse_long(bytes, 1, 1L << 30, &n)) {
		fprintf(stderr, "usage: gen --paragraph BYTES OUTDIR\n");
		return EXIT_USAGE;
	}
	Buf en = BUF_INIT, ko = BUF_INIT;
	long_paragraph(&en, (size_t)n, false);
	long_paragraph(&ko, (size_t)n, true);
	Err e;
	err_init(&e);
	char *pe = xasprintf("%s/para-%ld.en.rst", dir, n), *pk = xasprintf("%s/para-%ld.ko.rst", dir, n);
	int rc = 0;
	if (!file_write_atomic(pe, en.p, en.len, &e) || !file_write_atomic(pk, ko.p, ko.len, &e)) {
		fprintf(stderr, "gen: %s\n", e.msg);
		rc = EXIT_IOERR;
	} else {
		printf("%s %s\n", pe, pk);
	}
	free(pe);
	free(pk);
	buf_release(&en);
	buf_release(&ko);
	return rc;
}

int main(int argc, char **argv)
{
	long target;
	if (argc == 4 && !strcmp(argv[1], "--paragraph"))
		return paragraph_pair(argv[2], argv[3]);
	if (argc != 3 || !parse_long(argv[1], 1, 10000000, &target)) {
		fprintf(stderr, "usage: gen LINES OUTDIR\n");
		return EXIT_USAGE;
	}
	Out o = {BUF_INIT, BUF_INIT, 0};
	buf_adds(&o.en, "Benchmark Tutorial\n==================\n\n**Author**: `Bench <https://example.com>`_\n\n");
	buf_adds(&o.ko, "벤치마크 튜토리얼\n==================\n\n**Author**: `Bench <https://example.com>`_\n**번역**: `Bench <https://example.com>`_\n\n");
	o.lines = 5;
	for (int sec = 1; o.lines < (size_t)target; sec++) {
		bool translate = sec % 7 != 0;
		title(&o, sec, translate, sec % 3 ? '-' : '=');
		int blocks = 4 + (int)(next() % 6);
		for (int b = 0; b < blocks && o.lines < (size_t)target; b++) {
			switch (next() % 8) {
			case 0:
			case 1:
			case 2:
				paragraph(&o, translate);
				break;
			case 3:
			case 4:
				code(&o);
				break;
			case 5:
				list(&o, translate);
				break;
			case 6:
				table(&o, translate);
				break;
			default:
				note(&o, translate);
				break;
			}
		}
	}
	Err e;
	err_init(&e);
	char *en = xasprintf("%s/bench-%ld.en.rst", argv[2], target);
	char *ko = xasprintf("%s/bench-%ld.ko.rst", argv[2], target);
	if (!file_write_atomic(en, o.en.p, o.en.len, &e) || !file_write_atomic(ko, o.ko.p, o.ko.len, &e)) {
		fprintf(stderr, "gen: %s\n", e.msg);
		return EXIT_IOERR;
	}
	printf("%s %s\n", en, ko);
	free(en);
	free(ko);
	buf_release(&o.en);
	buf_release(&o.ko);
	return 0;
}
