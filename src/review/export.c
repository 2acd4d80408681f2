/* Exports of a review (see include/yeok/review.h): Markdown, and the body of
 * GitHub's "create a review" API
 * (https://docs.github.com/en/rest/pulls/reviews#create-a-review-for-a-pull-request).
 *
 * In three steps, so that each can change alone: which entries are
 * exported (items), where each one goes on the diff (anchor: GitHub takes
 * a comment only on the lines of one hunk), and the text of each (entry
 * text: what the reviewer wrote, a suggestion as a ```suggestion block). */
#include "yeok/review.h"

typedef struct Item {
	const ReviewSession *rs;
	size_t entry;      /* index into rs->sc.comments */
	long first, last;  /* lines, 1-based inclusive (a deletion's: the base's) */
	bool deleted;      /* lines of the base */
	bool outdated;     /* made on another text of its segment */
} Item;

typedef VEC(Item) ItemVec;

static bool is_suggestion(const SidecarComment *c)
{
	return c->kind && !strcmp(c->kind, "suggestion");
}

/* What the reviewer wrote that an export carries: comments, suggestions
 * and replies to them (marks and the verdict are summed up; the
 * translator's answers to GitHub's comments are exported apart). */
static bool exported(const SidecarComment *c)
{
	return !c->kind || !strcmp(c->kind, "comment") || is_suggestion(c) ||
	       (!strcmp(c->kind, "reply") && !c->github);
}

static const char *path_of(const ReviewSession *rs)
{
	return rs->relpath && *rs->relpath ? rs->relpath : rs->path;
}

/* This review's exported entries of one file in document order (stable for
 * equal lines; a reply stays after what it answers). */
static void items(const ReviewSession *rs, ItemVec *out)
{
	size_t from = out->n;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (!exported(c) || !review_session_in_range(rs, c))
			continue;
		Item it = {rs, i, 0, 0, false, review_session_outdated(rs, c)};
		review_session_entry_lines(rs, c, &it.first, &it.last);
		long ch = review_session_entry_change(rs, c);
		it.deleted = ch >= 0 ? rs->r.v[ch].deleted : c->deleted;
		VEC_PUSH(out, it);
		size_t j = out->n - 1;
		while (j > from && out->v[j - 1].first > it.first) {
			out->v[j] = out->v[j - 1];
			j--;
		}
		out->v[j] = it;
	}
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

static void lines_label(Buf *out, const Item *it)
{
	if (it->deleted)
		buf_adds(out, "deleted ");
	if (it->last > it->first)
		buf_addf(out, "lines %ld-%ld", it->first, it->last);
	else
		buf_addf(out, "line %ld", it->first);
	buf_adds(out, it->outdated ? " (outdated):" : ":");
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

/* The text of an entry as the reviewer wrote it (the one place to change
 * what an export says of it). */
static void entry_text(const Item *it, Buf *out)
{
	const SidecarComment *c = &it->rs->sc.comments.v[it->entry];
	if (c->kind && !strcmp(c->kind, "reply"))
		buf_adds(out, "(reply) ");
	buf_adds(out, c->text);
}

static ReviewVerdict verdict_of(ReviewSession *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (review_session_verdict(v[i]) != REVIEW_VERDICT_NONE)
			return review_session_verdict(v[i]);
	return REVIEW_VERDICT_NONE;
}

static void markdown_file(const ReviewSession *rs, Buf *out)
{
	ItemVec v = {0};
	items(rs, &v);
	for (size_t i = 0; i < v.n; i++) {
		const Item *it = &v.v[i];
		const SidecarComment *c = &rs->sc.comments.v[it->entry];
		buf_adds(out, "\n");
		if (it->first <= 0) {
			buf_adds(out, "general: ");
			entry_text(it, out);
			buf_adds(out, "\n");
			continue;
		}
		lines_label(out, it);
		if (is_suggestion(c)) {
			buf_adds(out, " suggestion\n\n");
			fenced(out, "suggestion", c->text);
		} else {
			buf_adds(out, " ");
			entry_text(it, out);
			buf_adds(out, "\n");
		}
		buf_adds(out, "\n");
		const Lines *l = it->deleted ? &rs->r.base : &rs->r.head;
		for (long k = it->first; k <= it->last && k >= 1 && (size_t)k <= l->n; k++) {
			Str s = lines_get(l, (size_t)k - 1);
			buf_adds(out, s.n ? "> " : ">");
			buf_add(out, s.p, s.n);
			buf_addc(out, '\n');
		}
	}
	VEC_FREE(&v);
}

void review_export_markdown(ReviewSession *const *v, size_t n, Buf *out)
{
	if (n == 1)
		buf_addf(out, "# Review of %s\n\n", path_of(v[0]));
	else
		buf_addf(out, "# Review of %zu files\n\n", n);
	if (n && (v[0]->base_desc || v[0]->head_desc))
		buf_addf(out, "Base %s, head %s.\n\n", v[0]->base_desc ? v[0]->base_desc : "?",
		         v[0]->head_desc ? v[0]->head_desc : "?");
	if (n && v[0]->pr)
		buf_addf(out, "Pull request #%ld.\n\n", v[0]->pr);
	buf_addf(out, "Verdict: %s.", review_verdict_label(verdict_of(v, n)));
	for (size_t i = 0; i < n; i++) {
		if (n > 1)
			buf_addf(out, "\n\n## %s\n\n", path_of(v[i]));
		else
			buf_adds(out, "  ");
		marks_summary(v[i], out);
		buf_adds(out, "\n");
		markdown_file(v[i], out);
	}
}

/* ---- GitHub ---------------------------------------------------------------- */

static void json_str(Buf *out, const char *s)
{
	buf_add_json_str(out, (Str){s, strlen(s)});
}

/* Where a comment goes on the diff. */
typedef struct Anchor {
	bool ok;          /* on lines first..last of one hunk */
	bool left;        /* the base's lines (a deletion) */
	long first, last; /* 1-based */
	Buf replace;      /* a suggestion: the text of first..last as suggested */
	const char *why;  /* !ok: why it goes into the body */
} Anchor;

/* The segment's changed head lines (1-based) in [f, l]; false when none. */
static bool changed_span(const ReviewSession *rs, long f, long l, long *first, long *last)
{
	*first = *last = 0;
	for (long k = f; k <= l && k >= 1 && (size_t)k <= rs->r.head.n; k++)
		if (rs->r.head_changed[k - 1]) {
			if (!*first)
				*first = k;
			*last = k;
		}
	return *first > 0;
}

/* Split text at line breaks into lines (pointers into text). */
static size_t split_lines(const char *text, Str **out)
{
	size_t n = 0, cap = 0;
	Str *v = NULL;
	const char *p = text;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (!nl && !len && n)
			break; /* a final line break ends the last line */
		v = xgrow(v, &cap, n + 1, sizeof(Str));
		v[n++] = (Str){p, len};
		if (!nl)
			break;
		p = nl + 1;
	}
	*out = v;
	return n;
}

/* A suggestion replaces the segment's lines [f, l]: the lines it really
 * changes are those between what stays the same at either end. */
static void anchor_suggestion(const ReviewSession *rs, const SidecarComment *c, long f, long l,
                              Anchor *a)
{
	Str *s;
	size_t ns = split_lines(c->text, &s);
	size_t nh = (size_t)(l - f + 1), p = 0, q = 0;
	while (p < ns && p < nh && str_eq(s[p], lines_get(&rs->r.head, (size_t)(f - 1) + p)))
		p++;
	while (q < ns - p && q < nh - p &&
	       str_eq(s[ns - 1 - q], lines_get(&rs->r.head, (size_t)(l - 1) - q)))
		q++;
	size_t from = p, to = ns - q; /* suggested lines [from, to) replace ... */
	long hf = f + (long)p, hl = l - (long)q; /* ... head lines [hf, hl] */
	if (hf > hl && from == to) {
		free(s);
		a->why = "the suggestion is the text as it is";
		return;
	}
	if (hf > hl) {
		/* only lines added: the suggestion takes the line before them along */
		if (p > 0) {
			hf = hl = f + (long)p - 1;
			from--;
		} else {
			hf = hl = l - (long)q + 1;
			to++;
		}
	}
	for (size_t k = from; k < to; k++) {
		buf_add(&a->replace, s[k].p, s[k].n);
		buf_addc(&a->replace, '\n');
	}
	if (!a->replace.p)
		buf_adds(&a->replace, "");
	free(s);
	a->first = hf;
	a->last = hl;
	a->ok = true;
}

/* The anchor of an item on the hunks h of the diff. */
static void anchor_item(const Item *it, const ReviewHunks *h, Anchor *a)
{
	const ReviewSession *rs = it->rs;
	const SidecarComment *c = &rs->sc.comments.v[it->entry];
	memset(a, 0, sizeof(*a));
	if (it->first <= 0) {
		a->why = "general";
		return;
	}
	if (it->outdated) {
		a->why = "outdated: its segment changed since it was written";
		return;
	}
	long ch = review_session_entry_change(rs, c);
	a->left = it->deleted;
	if (it->deleted) {
		/* the deleted lines, without the blank ones at either end */
		long f = it->first, l = it->last;
		while (f < l && !str_trim(lines_get(&rs->r.base, (size_t)f - 1)).n)
			f++;
		while (l > f && !str_trim(lines_get(&rs->r.base, (size_t)l - 1)).n)
			l--;
		a->first = f, a->last = l, a->ok = !is_suggestion(c);
		if (!a->ok)
			a->why = "a suggestion for deleted lines";
	} else if (ch < 0) {
		/* an entry of no change: its own lines, when they are in the diff */
		a->first = it->first, a->last = it->last, a->ok = true;
		if (is_suggestion(c)) {
			a->ok = false;
			anchor_suggestion(rs, c, it->first, it->last, a);
		}
	} else if (is_suggestion(c)) {
		anchor_suggestion(rs, c, it->first, it->last, a);
	} else if (!changed_span(rs, it->first, it->last, &a->first, &a->last)) {
		a->why = "no line of its segment is a changed line of the diff";
		return;
	} else {
		a->ok = true;
	}
	if (!a->ok)
		return;
	/* inside one hunk: a comment ends where the first line's hunk ends */
	long k = review_hunk_of(h, a->left, a->first, a->first);
	if (k >= 0 && !is_suggestion(c)) {
		const ReviewHunk *hk = &h->v[k];
		long end = (a->left ? hk->old_start + hk->old_count : hk->new_start + hk->new_count) - 1;
		a->last = MIN(a->last, end);
	}
	if (review_hunk_of(h, a->left, a->first, a->last) < 0) {
		a->ok = false;
		a->why = is_suggestion(c) ? "the lines it replaces are not in one hunk of the diff"
		                          : "its lines are not in the diff";
	}
}

/* One comment of the review's "comments" array. */
static void comment_json(const Item *it, const Anchor *a, bool first, Buf *out)
{
	const SidecarComment *c = &it->rs->sc.comments.v[it->entry];
	const char *side = a->left ? "LEFT" : "RIGHT";
	buf_adds(out, first ? "\n    {" : ",\n    {");
	buf_adds(out, "\"path\": ");
	json_str(out, path_of(it->rs));
	buf_addf(out, ", \"line\": %ld, \"side\": \"%s\"", a->last, side);
	if (a->last > a->first)
		buf_addf(out, ", \"start_line\": %ld, \"start_side\": \"%s\"", a->first, side);
	Buf text = BUF_INIT;
	if (is_suggestion(c))
		fenced(&text, "suggestion", a->replace.p);
	else
		entry_text(it, &text);
	buf_adds(out, ", \"body\": ");
	json_str(out, text.p ? text.p : "");
	buf_release(&text);
	buf_adds(out, "}");
}

/* An entry that cannot be a comment on the diff, in the review's body. */
static void body_entry(const Item *it, const Anchor *a, Buf *body)
{
	const SidecarComment *c = &it->rs->sc.comments.v[it->entry];
	if (it->first <= 0) {
		buf_adds(body, "\n\n");
		entry_text(it, body);
		return;
	}
	buf_addf(body, "\n\n**%s** ", path_of(it->rs));
	lines_label(body, it);
	buf_adds(body, " ");
	if (is_suggestion(c)) {
		buf_adds(body, "suggested text:\n\n");
		fenced(body, "", c->text);
	} else {
		entry_text(it, body);
	}
	(void)a;
}

static bool commit_of(ReviewSession *const *v, size_t n, Err *e)
{
	for (size_t i = 0; i < n; i++)
		if (v[i]->head_worktree && v[i]->worktree_differs)
			return err_set(e, EXIT_USAGE,
			               "%s: the working tree differs from HEAD: a GitHub review is of a "
			               "commit (commit the file and give --head HEAD, or --head REV)",
			               v[i]->path);
	return true;
}

bool review_export_github(ReviewSession *const *v, size_t n, Buf *out, Buf *notes, Err *e)
{
	if (!commit_of(v, n, e))
		return false;
	Buf body = BUF_INIT, list = BUF_INIT;
	buf_adds(&body, "Reviewed with yeok.");
	for (size_t i = 0; i < n; i++) {
		buf_adds(&body, n > 1 ? "\n- " : " ");
		if (n > 1)
			buf_addf(&body, "%s: ", path_of(v[i]));
		marks_summary(v[i], &body);
	}
	size_t written = 0;
	for (size_t f = 0; f < n; f++) {
		const ReviewSession *rs = v[f];
		ItemVec items_v = {0};
		items(rs, &items_v);
		Anchor *an = xcalloc(items_v.n + 1, sizeof(Anchor));
		size_t *order = xcalloc(items_v.n + 1, sizeof(size_t)), no = 0;
		for (size_t i = 0; i < items_v.n; i++) {
			const Item *it = &items_v.v[i];
			Anchor *a = &an[i];
			anchor_item(it, &rs->r.hunks, a);
			/* checked against git's own diff of the two commits */
			if (a->ok && rs->have_git_hunks &&
			    review_hunk_of(&rs->git_hunks, a->left, a->first, a->last) < 0) {
				a->ok = false;
				a->why = "its lines are not in one hunk of git diff";
			}
			if (!a->ok) {
				body_entry(it, a, &body);
				if (it->first > 0)
					buf_addf(notes, "%s:%ld: comment moved to the review's body: %s\n",
					         path_of(rs), it->first, a->why);
				continue;
			}
			/* in the order of their lines on the diff */
			size_t j = no++;
			while (j > 0 && an[order[j - 1]].first > a->first) {
				order[j] = order[j - 1];
				j--;
			}
			order[j] = i;
		}
		for (size_t k = 0; k < no; k++)
			comment_json(&items_v.v[order[k]], &an[order[k]], !written++, &list);
		for (size_t i = 0; i < items_v.n; i++)
			buf_release(&an[i].replace);
		free(an);
		free(order);
		VEC_FREE(&items_v);
	}
	buf_adds(out, "{\n");
	if (n && v[0]->head_id[0])
		buf_addf(out, "  \"commit_id\": \"%s\",\n", v[0]->head_id);
	buf_adds(out, "  \"body\": ");
	json_str(out, body.p);
	buf_adds(out, ",\n  \"event\": ");
	json_str(out, review_verdict_event(verdict_of(v, n)));
	buf_adds(out, ",\n  \"comments\": [");
	buf_add(out, list.p ? list.p : "", list.len);
	buf_adds(out, written ? "\n  ]\n}\n" : "]\n}\n");
	buf_release(&body);
	buf_release(&list);
	return true;
}

size_t review_export_replies(const Sidecar *sc, Buf *out)
{
	size_t n = 0;
	buf_adds(out, "[");
	for (size_t i = 0; i < sc->comments.n; i++) {
		const SidecarComment *c = &sc->comments.v[i];
		if (!c->kind || strcmp(c->kind, "reply") != 0 || c->github <= 0)
			continue;
		buf_addf(out, "%s\n  {\"in_reply_to\": %lld, \"body\": ", n++ ? "," : "", c->github);
		json_str(out, c->text);
		buf_adds(out, "}");
	}
	buf_adds(out, n ? "\n]\n" : "]\n");
	return n;
}
