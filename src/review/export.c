/* Exports of a review (see include/yeok/review.h): Markdown, and the body of
 * GitHub's "create a review" API
 * (https://docs.github.com/en/rest/pulls/reviews#create-a-review-for-a-pull-request). */
#include "yeok/review.h"

typedef struct Item {
	size_t entry;      /* index into sc.comments */
	long first, last;  /* head lines, 1-based inclusive */
} Item;

static bool exported(const SidecarComment *c)
{
	return !c->kind || !strcmp(c->kind, "comment") || !strcmp(c->kind, "suggestion");
}

static bool is_suggestion(const SidecarComment *c)
{
	return c->kind && !strcmp(c->kind, "suggestion");
}

/* The exported entries in document order (stable for equal lines). */
static Item *items(const ReviewSession *rs, size_t *n)
{
	Item *v = xcalloc(rs->sc.comments.n + 1, sizeof(Item));
	size_t k = 0;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (!exported(c))
			continue;
		Item it = {i, 0, 0};
		review_session_entry_lines(rs, c, &it.first, &it.last);
		size_t j = k++;
		while (j > 0 && v[j - 1].first > it.first) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = it;
	}
	*n = k;
	return v;
}

static void marks_summary(const ReviewSession *rs, Buf *out)
{
	size_t ok = 0, changes = 0;
	for (size_t i = 0; i < rs->r.n; i++) {
		ReviewMark m = review_session_mark_of(rs, i);
		ok += m == REVIEW_MARK_APPROVED;
		changes += m == REVIEW_MARK_CHANGES;
	}
	buf_addf(out, "%zu changed segments: %zu approved, %zu need changes", rs->r.n, ok, changes);
	if (changes) {
		buf_adds(out, changes > 1 ? " (at lines" : " (at line");
		const char *sep = " ";
		for (size_t i = 0; i < rs->r.n; i++)
			if (review_session_mark_of(rs, i) == REVIEW_MARK_CHANGES) {
				buf_addf(out, "%s%zu", sep, rs->r.v[i].head_first + 1);
				sep = ", ";
			}
		buf_adds(out, ")");
	}
	buf_adds(out, ".");
}

static void lines_label(Buf *out, long first, long last)
{
	if (last > first)
		buf_addf(out, "lines %ld-%ld:", first, last);
	else
		buf_addf(out, "line %ld:", first);
}

/* A fence longer than any run of backquotes in text. */
static size_t fence_len(const char *text)
{
	size_t best = 0, run = 0;
	for (const char *p = text; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		best = MAX(best, run);
	}
	return MAX(best + 1, (size_t)3);
}

static void fenced(Buf *out, const char *info, const char *text)
{
	size_t f = fence_len(text);
	for (size_t i = 0; i < f; i++)
		buf_addc(out, '`');
	buf_addf(out, "%s\n%s", info, text);
	if (!*text || text[strlen(text) - 1] != '\n')
		buf_addc(out, '\n');
	for (size_t i = 0; i < f; i++)
		buf_addc(out, '`');
	buf_addc(out, '\n');
}

void review_export_markdown(const ReviewSession *rs, Buf *out)
{
	buf_addf(out, "# Review of %s\n\n", rs->relpath && *rs->relpath ? rs->relpath : rs->path);
	if (rs->base_desc || rs->head_desc)
		buf_addf(out, "Base %s, head %s.\n\n", rs->base_desc ? rs->base_desc : "?",
		         rs->head_desc ? rs->head_desc : "?");
	buf_addf(out, "Verdict: %s.  ", review_verdict_label(review_session_verdict(rs)));
	marks_summary(rs, out);
	buf_adds(out, "\n");
	size_t n;
	Item *v = items(rs, &n);
	for (size_t i = 0; i < n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[v[i].entry];
		buf_adds(out, "\n");
		if (v[i].first <= 0) {
			buf_addf(out, "general: %s\n", c->text);
			continue;
		}
		lines_label(out, v[i].first, v[i].last);
		if (is_suggestion(c)) {
			buf_adds(out, " suggestion\n\n");
			fenced(out, "suggestion", c->text);
		} else {
			buf_addf(out, " %s\n", c->text);
		}
		buf_adds(out, "\n");
		for (long l = v[i].first; l <= v[i].last && l >= 1 && (size_t)l <= rs->r.head.n; l++) {
			Str s = lines_get(&rs->r.head, (size_t)l - 1);
			buf_adds(out, s.n ? "> " : ">");
			buf_add(out, s.p, s.n);
			buf_addc(out, '\n');
		}
	}
	free(v);
}

static void json_str(Buf *out, const char *s)
{
	buf_add_json_str(out, (Str){s, strlen(s)});
}

void review_export_github(const ReviewSession *rs, Buf *out)
{
	Buf body = BUF_INIT;
	buf_adds(&body, "Reviewed with yeok. ");
	marks_summary(rs, &body);
	size_t n;
	Item *v = items(rs, &n);
	/* comments tied to no line go into the review's body */
	for (size_t i = 0; i < n; i++)
		if (v[i].first <= 0)
			buf_addf(&body, "\n\n%s", rs->sc.comments.v[v[i].entry].text);
	buf_adds(out, "{\n  \"body\": ");
	json_str(out, body.p);
	buf_release(&body);
	buf_adds(out, ",\n  \"event\": ");
	json_str(out, review_verdict_event(review_session_verdict(rs)));
	buf_adds(out, ",\n  \"comments\": [");
	const char *path = rs->relpath && *rs->relpath ? rs->relpath : rs->path;
	Buf text = BUF_INIT;
	size_t written = 0;
	for (size_t i = 0; i < n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[v[i].entry];
		if (v[i].first <= 0)
			continue;
		buf_adds(out, written++ ? ",\n    {" : "\n    {");
		buf_adds(out, "\"path\": ");
		json_str(out, path);
		buf_addf(out, ", \"line\": %ld, \"side\": \"RIGHT\"", v[i].last);
		if (v[i].last > v[i].first)
			buf_addf(out, ", \"start_line\": %ld, \"start_side\": \"RIGHT\"", v[i].first);
		buf_clear(&text);
		if (is_suggestion(c))
			fenced(&text, "suggestion", c->text);
		else
			buf_adds(&text, c->text);
		buf_adds(out, ", \"body\": ");
		json_str(out, text.p ? text.p : "");
		buf_adds(out, "}");
	}
	buf_release(&text);
	free(v);
	buf_adds(out, written ? "\n  ]\n}\n" : "]\n}\n");
}
