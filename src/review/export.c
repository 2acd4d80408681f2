/* Exports of a review (see include/yeok/review.h): Markdown, and the body of
 * GitHub's "create a review" API
 * (https://docs.github.com/en/rest/pulls/reviews#create-a-review-for-a-pull-request).
 *
 * In three steps, so that each can change alone: which entries are
 * exported (items), where each one goes on the diff (anchor: GitHub takes
 * a comment only on the lines of one hunk), and the text of each (entry
 * text: what the reviewer wrote, a suggestion as a ```suggestion block).
 * Whose each entry is (review_entry_mine) decides what goes out and what
 * is marked; every text goes out neutral (no mention, no workflow
 * command). */
#include "yeok/review.h"

typedef struct Item {
	const ReviewSession *rs;
	size_t entry;      /* index into rs->sc.comments */
	long first, last;  /* lines, 1-based inclusive (a deletion's: the base's) */
	bool deleted;      /* lines of the base */
	bool outdated;     /* made on another text of its segment */
	bool other;        /* not made by this reviewer here (review_entry_mine) */
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
		Item it = {rs, i, 0, 0, false, review_session_outdated(rs, c),
		           !review_entry_mine(rs, c)};
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

/* ---- neutral text ----------------------------------------------------------
 * Text an export carries must notify no one and start no workflow command
 * when a workflow prints it (GitHub's runner takes a line whose first
 * non-blank characters are "::NAME ...::" as a command; its lines end at
 * LF or CR). */

#define ZWSP "\xe2\x80\x8b" /* U+200B ZERO WIDTH SPACE */

static bool ascii_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* The length of an @mention at p (GitHub's: @user, @org/team), or 0: an @
 * after no word character and no backquote, before a letter or digit. */
static size_t mention_len(const char *text, const char *p)
{
	if (*p != '@' || !(ascii_word(p[1]) && p[1] != '_'))
		return 0;
	if (p > text && (ascii_word(p[-1]) || p[-1] == '`'))
		return 0; /* an e-mail address, already code */
	const char *e = p + 1;
	while (ascii_word(*e) || *e == '-')
		e++;
	if (*e == '/' && ascii_word(e[1]))
		for (e++; ascii_word(*e) || *e == '-';)
			e++;
	return (size_t)(e - p);
}

/* The length of the white space at p (what .NET's TrimStart removes: ASCII
 * white space, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
 * U+202F, U+205F, U+3000), or 0. */
static size_t space_len(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	if (*u == ' ' || (*u >= '\t' && *u <= '\r'))
		return 1;
	if ((u[0] == 0xc2 && (u[1] == 0x85 || u[1] == 0xa0)))
		return 2;
	if (u[0] == 0xe1 && u[1] == 0x9a && u[2] == 0x80)
		return 3;
	if (u[0] == 0xe2 && u[1] == 0x80 && ((u[2] >= 0x80 && u[2] <= 0x8a) || u[2] == 0xa8 ||
	                                     u[2] == 0xa9 || u[2] == 0xaf))
		return 3;
	if ((u[0] == 0xe2 && u[1] == 0x81 && u[2] == 0x9f) ||
	    (u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80))
		return 3;
	return 0;
}

/* Is the line starting at p a workflow command ("::NAME...::" after white
 * space)?  A lone "::" (an RST literal block) is not. */
static bool command_line(const char *p)
{
	for (size_t k; (k = space_len(p)) && *p != '\n' && *p != '\r';)
		p += k;
	if (p[0] != ':' || p[1] != ':')
		return false;
	for (const char *q = p + 2; *q && *q != '\n' && *q != '\r'; q++)
		if (q[0] == ':' && q[1] == ':')
			return true;
	return false;
}

/* text made neutral, appended to out.  JSON: a zero-width space before
 * each workflow command line and after the @ of each @mention (unless
 * code).  Markdown (printed through the terminal-safe filter, which shows
 * a zero-width space as "<U+200B>"): the command line's first "::" written
 * "\:\:" (Markdown renders it "::"; in code it stays visible, plainly
 * defused), an @mention (unless code) in backquotes. */
static void neutral(Buf *out, const char *text, bool md, bool code)
{
	for (const char *p = text; *p;) {
		if ((p == text || p[-1] == '\n' || p[-1] == '\r') && command_line(p)) {
			if (!md) {
				buf_adds(out, ZWSP);
			} else {
				while (*p != ':')
					buf_addc(out, *p++); /* the white space before it */
				buf_adds(out, "\\:\\:");
				p += 2;
				continue;
			}
		}
		size_t m = code ? 0 : mention_len(text, p);
		if (m && md) {
			buf_addc(out, '`');
			buf_add(out, p, m);
			buf_addc(out, '`');
		} else if (m) {
			buf_addc(out, '@');
			buf_adds(out, ZWSP);
			buf_add(out, p + 1, m - 1);
		}
		if (m) {
			p += m;
			continue;
		}
		const char *nl = p + 1;
		while (*nl && *nl != '\n' && *nl != '\r' && *nl != '@')
			nl++;
		if (*nl == '\n' || *nl == '\r')
			nl++;
		buf_add(out, p, (size_t)(nl - p)); /* up to the next line or @ */
		p = nl;
	}
}

/* Markdown prose made neutral. */
static void md_text(Buf *out, const char *text)
{
	neutral(out, text, true, false);
}

/* A JSON string of text made neutral (code: a suggestion, mentions left),
 * the zero-width spaces written "\u200b" (plain ASCII, seen in any
 * terminal). */
static void json_text(Buf *out, const char *text, bool code)
{
	Buf t = BUF_INIT, j = BUF_INIT;
	neutral(&t, text, false, code);
	buf_add_json_str(&j, buf_str(&t));
	for (size_t i = 0; i < j.len; i++)
		if (i + 3 <= j.len && !memcmp(j.p + i, ZWSP, 3)) {
			buf_adds(out, "\\u200b");
			i += 2;
		} else {
			buf_addc(out, j.p[i]);
		}
	buf_release(&t);
	buf_release(&j);
}

/* The marks summed up: this reviewer's (others: everyone's); the marks of
 * others left out are counted after them. */
static void marks_summary(const ReviewSession *rs, bool others, Buf *out)
{
	size_t ok = 0, changes = 0, foreign = 0;
	for (size_t i = 0; i < rs->r.n; i++) {
		ReviewMark m = review_session_mark_by(rs, i, others);
		ok += m == REVIEW_MARK_APPROVED;
		changes += m == REVIEW_MARK_CHANGES;
		foreign += m == REVIEW_MARK_NONE && review_session_mark_by(rs, i, true) != m;
	}
	buf_addf(out, "%zu changed segments: %zu approved, %zu need changes", rs->r.n, ok, changes);
	if (changes) {
		buf_adds(out, changes > 1 ? " (at lines" : " (at line");
		const char *sep = " ";
		for (size_t i = 0; i < rs->r.n; i++)
			if (review_session_mark_by(rs, i, others) == REVIEW_MARK_CHANGES) {
				buf_addf(out, "%s%zu", sep, rs->r.v[i].head_first + 1);
				sep = ", ";
			}
		buf_adds(out, ")");
	}
	buf_adds(out, ".");
	if (foreign)
		buf_addf(out, " %zu more segment%s marked in the sidecar, not by this reviewer.",
		         foreign, foreign == 1 ? "" : "s");
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

/* A fenced block of text (md: Markdown, made neutral as code). */
static void fenced(Buf *out, const char *info, const char *text, bool md)
{
	size_t f = fence_len(text);
	for (size_t i = 0; i < f; i++)
		buf_addc(out, '`');
	buf_addf(out, "%s\n", info);
	if (md)
		neutral(out, text, true, true);
	else
		buf_adds(out, text);
	if (!*text || text[strlen(text) - 1] != '\n')
		buf_addc(out, '\n');
	for (size_t i = 0; i < f; i++)
		buf_addc(out, '`');
	buf_addc(out, '\n');
}

/* The text of an entry as the reviewer wrote it (the one place to change
 * what an export says of it; md: Markdown, made neutral here; JSON is made
 * neutral as a whole string). */
static void entry_text(const Item *it, Buf *out, bool md)
{
	const SidecarComment *c = &it->rs->sc.comments.v[it->entry];
	if (c->kind && !strcmp(c->kind, "reply"))
		buf_adds(out, "(reply) ");
	if (md)
		md_text(out, c->text);
	else
		buf_adds(out, c->text);
}

/* The review's verdict: the first file's that is this reviewer's own,
 * else the first file's at all (*mine false). */
static ReviewVerdict verdict_of(ReviewSession *const *v, size_t n, bool *mine)
{
	ReviewVerdict any = REVIEW_VERDICT_NONE;
	for (size_t i = 0; i < n; i++) {
		bool own;
		ReviewVerdict x = review_session_verdict_by(v[i], &own);
		if (x != REVIEW_VERDICT_NONE && own) {
			*mine = true;
			return x;
		}
		if (any == REVIEW_VERDICT_NONE)
			any = x;
	}
	*mine = any == REVIEW_VERDICT_NONE;
	return any;
}

/* What an export of one file leaves out or marks: its entries and marks
 * not made by this reviewer, said in notes. */
static void others_note(const ReviewSession *rs, const ItemVec *v, bool md, bool others,
                        Buf *notes)
{
	size_t n = 0, marks = 0;
	if (!notes)
		return;
	for (size_t i = 0; i < v->n; i++)
		n += v->v[i].other;
	for (size_t i = 0; i < rs->r.n; i++)
		marks += review_session_mark_by(rs, i, true) != review_session_mark_by(rs, i, false);
	if (!n && !marks)
		return;
	buf_addf(notes, "%s: ", path_of(rs));
	if (n)
		buf_addf(notes, "%zu entr%s", n, n == 1 ? "y" : "ies");
	if (marks)
		buf_addf(notes, "%s%zu mark%s", n ? " and " : "", marks, marks == 1 ? "" : "s");
	buf_addf(notes, " not made by you on this machine (a committed sidecar is anyone's): %s\n",
	         md || others ? "marked" : "left out; --include-others exports them, marked");
}

static void verdict_note(ReviewSession *const *v, size_t n, bool md, bool others, Buf *notes)
{
	bool mine;
	ReviewVerdict x = verdict_of(v, n, &mine);
	if (mine || !notes)
		return;
	buf_addf(notes, "%s: the verdict (%s) was not given by you on this machine: %s\n",
	         n == 1 ? path_of(v[0]) : "review", review_verdict_label(x),
	         md || others ? "marked"
	                      : "the review's event is COMMENT; --include-others exports it, marked");
}

static void markdown_file(const ReviewSession *rs, Buf *out, Buf *notes)
{
	ItemVec v = {0};
	items(rs, &v);
	for (size_t i = 0; i < v.n; i++) {
		const Item *it = &v.v[i];
		const SidecarComment *c = &rs->sc.comments.v[it->entry];
		buf_adds(out, "\n");
		if (it->first <= 0) {
			buf_adds(out, "general: ");
			entry_text(it, out, true);
			buf_adds(out, it->other ? "\n" REVIEW_OTHERS_MARK "\n" : "\n");
			continue;
		}
		lines_label(out, it);
		if (is_suggestion(c)) {
			buf_adds(out, " suggestion\n\n");
			fenced(out, "suggestion", c->text, true);
		} else {
			buf_adds(out, " ");
			entry_text(it, out, true);
			buf_adds(out, "\n");
		}
		if (it->other)
			buf_adds(out, REVIEW_OTHERS_MARK "\n");
		buf_adds(out, "\n");
		const Lines *l = it->deleted ? &rs->r.base : &rs->r.head;
		Buf line = BUF_INIT;
		for (long k = it->first; k <= it->last && k >= 1 && (size_t)k <= l->n; k++) {
			Str s = lines_get(l, (size_t)k - 1);
			buf_adds(out, s.n ? "> " : ">");
			buf_clear(&line);
			buf_add(&line, s.p, s.n);
			if (s.n)
				md_text(out, line.p);
			buf_addc(out, '\n');
		}
		buf_release(&line);
	}
	others_note(rs, &v, true, true, notes);
	VEC_FREE(&v);
}

void review_export_markdown(ReviewSession *const *v, size_t n, const ReviewExportOpts *o,
                            Buf *out, Buf *notes)
{
	(void)o; /* Markdown is for reading: every entry, the others marked */
	if (n == 1) {
		buf_adds(out, "# Review of ");
		md_text(out, path_of(v[0]));
		buf_adds(out, "\n\n");
	} else
		buf_addf(out, "# Review of %zu files\n\n", n);
	if (n && (v[0]->base_desc || v[0]->head_desc))
		buf_addf(out, "Base %s, head %s.\n\n", v[0]->base_desc ? v[0]->base_desc : "?",
		         v[0]->head_desc ? v[0]->head_desc : "?");
	if (n && v[0]->pr)
		buf_addf(out, "Pull request #%ld.\n\n", v[0]->pr);
	bool mine;
	ReviewVerdict verdict = verdict_of(v, n, &mine);
	buf_addf(out, "Verdict: %s%s.", review_verdict_label(verdict),
	         mine ? "" : " " REVIEW_OTHERS_MARK);
	verdict_note(v, n, true, true, notes);
	for (size_t i = 0; i < n; i++) {
		if (n > 1) {
			buf_adds(out, "\n\n## ");
			md_text(out, path_of(v[i]));
			buf_adds(out, "\n\n");
		} else {
			buf_adds(out, "  ");
		}
		marks_summary(v[i], false, out);
		buf_adds(out, "\n");
		markdown_file(v[i], out, notes);
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
		fenced(&text, "suggestion", a->replace.p, false);
	else
		entry_text(it, &text, false);
	if (it->other)
		buf_adds(&text, "\n\n" REVIEW_OTHERS_MARK);
	buf_adds(out, ", \"body\": ");
	json_text(out, text.p ? text.p : "", is_suggestion(c));
	buf_release(&text);
	buf_adds(out, "}");
}

/* An entry that cannot be a comment on the diff, in the review's body. */
static void body_entry(const Item *it, const Anchor *a, Buf *body)
{
	const SidecarComment *c = &it->rs->sc.comments.v[it->entry];
	(void)a;
	if (it->first <= 0) {
		buf_adds(body, "\n\n");
		entry_text(it, body, false);
	} else {
		buf_addf(body, "\n\n**%s** ", path_of(it->rs));
		lines_label(body, it);
		buf_adds(body, " ");
		if (is_suggestion(c)) {
			buf_adds(body, "suggested text:\n\n");
			fenced(body, "", c->text, false);
		} else {
			entry_text(it, body, false);
		}
	}
	if (it->other)
		buf_adds(body, "\n\n" REVIEW_OTHERS_MARK);
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

bool review_export_github(ReviewSession *const *v, size_t n, const ReviewExportOpts *o, Buf *out,
                          Buf *notes, Err *e)
{
	if (!commit_of(v, n, e))
		return false;
	bool others = o && o->others, mine;
	ReviewVerdict verdict = verdict_of(v, n, &mine);
	verdict_note(v, n, false, others, notes);
	Buf body = BUF_INIT, list = BUF_INIT;
	buf_adds(&body, "Reviewed with yeok.");
	for (size_t i = 0; i < n; i++) {
		buf_adds(&body, n > 1 ? "\n- " : " ");
		if (n > 1)
			buf_addf(&body, "%s: ", path_of(v[i]));
		marks_summary(v[i], others, &body);
	}
	if (!mine && others)
		buf_addf(&body, "\n\nThe verdict (%s) was not given by this reviewer: it is from the "
		         "sidecar.", review_verdict_label(verdict));
	else if (!mine)
		verdict = REVIEW_COMMENT; /* a verdict the reviewer did not give */
	size_t written = 0;
	for (size_t f = 0; f < n; f++) {
		const ReviewSession *rs = v[f];
		ItemVec items_v = {0};
		items(rs, &items_v);
		others_note(rs, &items_v, false, others, notes);
		Anchor *an = xcalloc(items_v.n + 1, sizeof(Anchor));
		size_t *order = xcalloc(items_v.n + 1, sizeof(size_t)), no = 0;
		for (size_t i = 0; i < items_v.n; i++) {
			const Item *it = &items_v.v[i];
			Anchor *a = &an[i];
			if (it->other && !others)
				continue; /* a review is the reviewer's */
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
	json_text(out, body.p, false);
	buf_adds(out, ",\n  \"event\": ");
	json_str(out, review_verdict_event(verdict));
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
