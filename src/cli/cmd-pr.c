/* yeok pr FILE...: the pull-request description, filled from the files'
 * checklists (DESIGN.md §4.1): the repository's
 * .github/PULL_REQUEST_TEMPLATE.md when there is one (found from the first
 * file's git top level), else the built-in copy below; license box ticked,
 * "#(숫자)" replaced by the issue number, the type's box ticked, and a
 * summary per file under "## PR 설명". */
#include "cli-private.h"
#include "cli-sidecar.h"
#include "yeok/context.h"
#include "yeok/config.h"
#include "yeok/lines.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

/* The tutorials-kr pull-request template, byte for byte
 * (../shared/reference/PULL_REQUEST_TEMPLATE.md; tests/cli/pr.sh compares). */
static const char builtin_template[] =
	"## 라이선스 동의\n"
	"_변경해주시는 내용에 BSD 3항 라이선스가 적용됨을 동의해주셔야 합니다._<br />\n"
	"_더 자세한 내용은 [기여하기 문서](https://github.com/PyTorchKorea/tutorials-kr/blob/master/CONTRIBUTING.md)를 참고해주세요._<br />\n"
	"_동의하시면 아래 `[ ]`를 `[x]`로 만들어주세요._<br />\n"
	"\n"
	"- [ ] 기여하기 문서를 확인하였으며, 본 PR 내용에 BSD 3항 라이선스가 적용됨에 동의합니다.\n"
	"\n"
	"## 관련 이슈 번호\n"
	"_이 Pull Request와 관련있는 이슈 번호를 적어주세요._<br />\n"
	"_이슈 또는 PR 번호 앞에 #을 붙이시면 제목을 바로 확인하실 수 있습니다. (예. #999 )_\n"
	"\n"
	"- **이슈 번호**: #(숫자)\n"
	"\n"
	"## PR 종류\n"
	"_이 PR에 해당되는 종류 앞의 `[ ]`을 `[x]`로 변경해주세요._<br />\n"
	"- [ ] 오탈자를 수정하거나 번역을 개선하는 기여\n"
	"- [ ] 번역되지 않은 튜토리얼을 번역하는 기여\n"
	"- [ ] 공식 튜토리얼 내용을 반영하는 기여\n"
	"- [ ] 위 종류에 포함되지 않는 기여\n"
	"\n"
	"## PR 설명\n"
	"_이 PR로 무엇이 달라지는지 대략적으로 알려주세요._\n"
	"\n";

/* Where GitHub looks for a pull-request template, in its order. */
static const char *const template_paths[] = {
	".github/PULL_REQUEST_TEMPLATE.md", ".github/pull_request_template.md",
	"PULL_REQUEST_TEMPLATE.md", "pull_request_template.md",
	"docs/PULL_REQUEST_TEMPLATE.md", "docs/pull_request_template.md",
};

static const char usage[] = "usage: yeok pr [--template] FILE...";

/* The template for doc (NULL: the built-in one) into out; *where gets a
 * description (owned) of where it came from. */
static bool load_template(const char *doc, Buf *out, char **where, Err *e)
{
	char *top = NULL;
	Err ignore;
	err_init(&ignore);
	const char *named = cli_config()->pr_template;
	if (named) {
		/* config.yaml's pr-template: a file of the repository (relative to
		 * its top level), or absolute */
		char *p = named[0] == '/' ? xstrdup(named)
		          : doc && vcs_toplevel(doc, &top, &ignore) ? path_join(top, named)
		                                                    : xstrdup(named);
		free(top);
		bool ok = file_read(p, out, e);
		if (!ok) {
			e->code = EXIT_CONFIG;
			err_prefix(e, "config.yaml pr-template");
		}
		*where = p;
		return ok;
	}
	if (doc && vcs_toplevel(doc, &top, &ignore)) {
		for (size_t i = 0; i < ARRAY_LEN(template_paths); i++) {
			char *p = path_join(top, template_paths[i]);
			if (file_exists(p)) {
				bool ok = file_read(p, out, e);
				*where = p;
				free(top);
				return ok;
			}
			free(p);
		}
	}
	free(top);
	buf_clear(out);
	buf_adds(out, builtin_template);
	*where = xstrdup("built-in");
	return true;
}

typedef struct FileInfo {
	const char *doc;
	char *shown;        /* path for the summary: relative to its git top level */
	Sidecar sc;
	ProgressCount count;
	const char *from;   /* "source" or "self" */
	size_t findings;    /* errors and warnings of yeok check */
} FileInfo;

/* Merge the checklists; a field set differently in two files is an error. */
static bool merge_checklists(FileInfo *f, size_t n, Checklist *out, Err *e)
{
	out->license = -1;
	out->issue = 0;
	out->type = PR_TYPE_NONE;
	const char *lic_from = NULL, *issue_from = NULL, *type_from = NULL;
	for (size_t i = 0; i < n; i++) {
		const Checklist *c = &f[i].sc.checklist;
		if (c->license >= 0) {
			if (lic_from && c->license != out->license)
				return err_set(e, EXIT_DATAERR,
				               "checklists disagree: license %s in %s, %s in %s",
				               out->license ? "yes" : "no", lic_from,
				               c->license ? "yes" : "no", f[i].doc);
			out->license = c->license;
			lic_from = f[i].doc;
		}
		if (c->issue > 0) {
			if (issue_from && c->issue != out->issue)
				return err_set(e, EXIT_DATAERR, "checklists disagree: issue #%ld in %s, #%ld in %s",
				               out->issue, issue_from, c->issue, f[i].doc);
			out->issue = c->issue;
			issue_from = f[i].doc;
		}
		if (c->type != PR_TYPE_NONE) {
			if (type_from && c->type != out->type)
				return err_set(e, EXIT_DATAERR, "checklists disagree: type %s in %s, %s in %s",
				               sidecar_type_name(out->type), type_from,
				               sidecar_type_name(c->type), f[i].doc);
			out->type = c->type;
			type_from = f[i].doc;
		}
	}
	return true;
}

/* Offset of the box "[ ]" of a task-list line ("- [ ] text"), or -1. */
static ptrdiff_t box_at(Str line)
{
	Str t = str_trim(line);
	if (!(str_starts_with(t, "- [ ]") || str_starts_with(t, "* [ ]")))
		return -1;
	return (t.p - line.p) + 2;
}

static void tick(Lines *l, size_t i, ptrdiff_t at)
{
	lines_splice(l, i, (size_t)at, (size_t)at + 3, "[x]", 3);
}

static void summary_line(const FileInfo *f, Buf *out)
{
	const ProgressCount *c = &f->count;
	/* the name on one line (a line feed shown as ^J), in a code span
	 * longer than any run of backquotes in it */
	Buf name = BUF_INIT;
	text_sanitize_line(f->shown, strlen(f->shown), &name);
	size_t run = 0, most = 0;
	for (size_t i = 0; i < name.len; i++) {
		run = name.p[i] == '`' ? run + 1 : 0;
		most = MAX(most, run);
	}
	buf_adds(out, "- ");
	for (size_t i = 0; i <= most; i++)
		buf_addc(out, '`');
	buf_adds(out, most ? " " : "");
	buf_add(out, name.p ? name.p : "", name.len);
	buf_adds(out, most ? " " : "");
	for (size_t i = 0; i <= most; i++)
		buf_addc(out, '`');
	buf_release(&name);
	buf_addf(out, ": 세그먼트 %zu/%zu 완료 (번역 %.0f%%", c->done + c->reviewed, c->total,
	         progress_percent(c));
	if (c->stale)
		buf_addf(out, ", 원문 변경 %zu", c->stale);
	if (!strcmp(f->from, "self"))
		buf_adds(out, "; 원문 기록 없음");
	buf_addf(out, "), 검사 결과 %zu건", f->findings);
}

enum { SEC_OTHER, SEC_LICENSE, SEC_TYPE, SEC_DESC };

/* Which section a "## " heading opens (Korean or English headings). */
static int section_of(Str heading)
{
	static const struct { const char *word; int sec; } words[] = {
		{"라이선스", SEC_LICENSE}, {"License", SEC_LICENSE}, {"license", SEC_LICENSE},
		{"종류", SEC_TYPE}, {"Type", SEC_TYPE}, {"type", SEC_TYPE},
		{"설명", SEC_DESC}, {"Description", SEC_DESC}, {"description", SEC_DESC},
	};
	for (size_t i = 0; i < ARRAY_LEN(words); i++)
		if (str_find(heading, str_from(words[i].word)) >= 0)
			return words[i].sec;
	return SEC_OTHER;
}

/* Fill the template in t (in place). */
static void fill(Lines *t, const Checklist *c, const FileInfo *files, size_t n)
{
	int sec = SEC_OTHER;
	bool license_done = false;
	int type_box = 0;
	ptrdiff_t type_at = -1;
	size_t type_line = 0, type_nth_line = 0;
	ptrdiff_t type_nth_at = -1;
	size_t desc_end = t->n; /* line after the last non-blank line of PR 설명 */
	bool desc_seen = false;
	char issue[32];
	snprintf(issue, sizeof(issue), "#%ld", c->issue);
	for (size_t i = 0; i < t->n; i++) {
		Str line = lines_get(t, i);
		Str trimmed = str_trim(line);
		if (str_starts_with(trimmed, "## ")) {
			sec = section_of(trimmed);
			if (sec == SEC_DESC) {
				desc_seen = true;
				desc_end = i + 1;
			}
			continue;
		}
		if (c->issue > 0) {
			ptrdiff_t at;
			/* tutorials-kr's "#(숫자)", Hugging Face's "Fixes # (issue)" */
			static const char *const marks[] = {"#(숫자)", "# (issue)"};
			for (size_t m = 0; m < ARRAY_LEN(marks); m++)
				while ((at = str_find(lines_get(t, i), str_from(marks[m]))) >= 0)
					lines_splice(t, i, (size_t)at, (size_t)at + strlen(marks[m]), issue,
					             strlen(issue));
			line = lines_get(t, i);
		}
		ptrdiff_t box = box_at(line);
		if (sec == SEC_LICENSE && box >= 0 && !license_done) {
			license_done = true;
			if (c->license == 1)
				tick(t, i, box);
		} else if (sec == SEC_TYPE && box >= 0 && c->type != PR_TYPE_NONE) {
			Str text = str_trim(str_slice(line, (size_t)box + 3, line.n));
			if (type_at < 0 && str_eq_cstr(text, sidecar_type_box(c->type))) {
				type_at = box;
				type_line = i;
			}
			if (++type_box == (int)c->type) {
				type_nth_at = box;
				type_nth_line = i;
			}
		} else if (sec == SEC_DESC && trimmed.n) {
			desc_end = i + 1;
		}
	}
	if (type_at >= 0)
		tick(t, type_line, type_at);
	else if (type_nth_at >= 0)
		tick(t, type_nth_line, type_nth_at);

	Eol eol = lines_default_eol(t);
	Buf b = BUF_INIT;
	size_t at = desc_seen ? desc_end : t->n;
	if (!desc_seen) {
		/* No description section: append one. */
		lines_insert(t, at++, "", 0, eol);
		lines_insert(t, at++, "## PR 설명", strlen("## PR 설명"), eol);
	}
	lines_insert(t, at++, "", 0, eol);
	for (size_t i = 0; i < n; i++) {
		buf_clear(&b);
		summary_line(&files[i], &b);
		lines_insert(t, at++, b.p, b.len, eol);
	}
	buf_release(&b);
}

/* Side files staged for the commit (DESIGN.md §4.5): they do not belong
 * in a pull request. */
static void cli_warn_staged_side_files(const char *doc)
{
	Buf names = BUF_INIT;
	Err ignore;
	err_init(&ignore);
	if (vcs_staged_side_files(doc, &names, &ignore) && names.len) {
		for (char *p = names.p; p && *p;) {
			char *nl = strchr(p, '\n');
			if (nl)
				*nl = '\0';
			cli_error(0, "warning: yeok's side file %s is staged for commit: it does not belong "
			          "in the pull request (git restore --staged -- FILE)", p);
			p = nl ? nl + 1 : NULL;
		}
	}
	buf_release(&names);
}

/* --template: the template pr fills, as found for doc (may be NULL). */
static int print_template(const char *doc)
{
	Err e;
	err_init(&e);
	Buf tpl = BUF_INIT;
	char *where = NULL;
	int rc = 0;
	if (!load_template(doc, &tpl, &where, &e))
		rc = cli_report(&e);
	else
		cli_out(tpl.p ? tpl.p : "", tpl.len);
	buf_release(&tpl);
	free(where);
	return rc;
}

/* The template for doc filled from the merged checklist and the files,
 * on stdout; warnings for what the checklist lacks.  An exit code. */
static int print_filled(const char *doc, const Checklist *merged, FileInfo *files, size_t n)
{
	Err e;
	err_init(&e);
	Buf tpl = BUF_INIT;
	char *where = NULL;
	if (!load_template(doc, &tpl, &where, &e)) {
		buf_release(&tpl);
		free(where);
		return cli_report(&e);
	}
	Lines t;
	lines_init(&t);
	lines_parse(&t, tpl.p ? tpl.p : "", tpl.len);
	fill(&t, merged, files, n);
	buf_clear(&tpl);
	lines_serialize(&t, &tpl);
	lines_release(&t);
	cli_out(tpl.p ? tpl.p : "", tpl.len);
	if (merged->license != 1)
		cli_error(0, "warning: the license box is not ticked (yeok checklist FILE --license yes)");
	if (merged->issue <= 0)
		cli_error(0, "warning: no issue number (yeok checklist FILE --issue N)");
	if (merged->type == PR_TYPE_NONE)
		cli_error(0, "warning: no PR type (yeok checklist FILE --type fix|translate|sync|other)");
	buf_release(&tpl);
	free(where);
	return 0;
}

static int run(int argc, char **argv)
{
	bool template_only = false;
	const char **docs = xcalloc((size_t)argc + 1, sizeof(*docs));
	size_t ndocs = 0;
	bool opts_done = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!opts_done && !strcmp(a, "--template")) {
			template_only = true;
		} else if (!opts_done && (!strcmp(a, "--help") || !strcmp(a, "-h"))) {
			puts(usage);
			free(docs);
			return 0;
		} else if (!opts_done && !strcmp(a, "--")) {
			opts_done = true;
		} else if (!opts_done && a[0] == '-' && a[1]) {
			free(docs);
			return cli_usage_error(EXIT_USAGE, usage, "unknown option '%s'", a);
		} else {
			docs[ndocs++] = a;
		}
	}
	Err e;
	err_init(&e);
	int rc = 0;
	if (template_only) {
		rc = print_template(ndocs ? docs[0] : NULL);
		free(docs);
		return rc;
	}
	if (ndocs == 0) {
		free(docs);
		return cli_usage_error(EXIT_USAGE, usage, "no FILE given");
	}
	FileInfo *files = xcalloc(ndocs, sizeof(*files));
	Context ctx;
	context_init(&ctx);
	size_t loaded = 0;
	for (size_t i = 0; i < ndocs; i++, loaded++) {
		FileInfo *f = &files[i];
		f->doc = docs[i];
		sidecar_init(&f->sc);
		if (!cli_sidecar_load(f->doc, &f->sc, NULL, &e)) {
			rc = cli_report(&e);
			loaded++;
			goto out;
		}
		Err ignore;
		err_init(&ignore);
		if (!vcs_relpath(f->doc, &f->shown, &ignore))
			f->shown = xstrdup(f->doc);
	}
	Checklist merged;
	if (!merge_checklists(files, ndocs, &merged, &e)) {
		rc = cli_report(&e);
		goto out;
	}
	/* The findings are `yeok check`'s: the same context */
	ContextOpts co = {.cfg = cli_config()};
	if (!context_load(&ctx, &co, &e)) {
		cli_error(0, "warning: %s (the summary counts findings without it)", e.msg);
		context_release(&ctx);
		context_init(&ctx);
	}
	err_init(&e);
	if (!context_load_repo(&ctx, docs[0], &e))
		cli_error(0, "warning: repository words: %s", e.msg);
	err_init(&e);
	for (size_t i = 0; i < ndocs; i++) {
		if (!cli_progress(files[i].doc, &files[i].sc, NULL, &files[i].count, &files[i].from, &ctx,
		                  &files[i].findings, NULL, &e)) {
			rc = cli_report(&e);
			goto out;
		}
	}
	rc = print_filled(docs[0], &merged, files, ndocs);
	cli_warn_staged_side_files(docs[0]);
out:
	for (size_t i = 0; i < loaded && i < ndocs; i++) {
		sidecar_release(&files[i].sc);
		free(files[i].shown);
	}
	free(files);
	context_release(&ctx);
	free(docs);
	return rc;
}

const CliCommand cli_cmd_pr = {
	"pr", "pr [--template] FILE...",
	"print the pull-request description, filled from the checklists", run,
};
