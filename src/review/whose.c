/* Whose review entries these are (include/yeok/review.h, "whose entries"):
 * the stamp yeok review writes in every entry it makes, and the test the
 * exports apply. */
#include "yeok/journal.h"
#include "yeok/review.h"
#include "yeok/ynode.h"

/* The document as a stamp names it: its path from the top level, else its
 * file name. */
static const char *doc_name(const ReviewSession *rs)
{
	return rs->relpath && *rs->relpath ? rs->relpath : path_basename(rs->path);
}

/* REVIEW_STAMP_LEN hex digits of SHA-256 over who is here, the document
 * and everything the entry says (not its local id, which a reply to it
 * sets later). */
static void stamp_of(const ReviewSession *rs, const SidecarComment *c,
                     char out[REVIEW_STAMP_LEN + 1])
{
	char who[sizeof(rs->here)];
	if (rs->here[0])
		memcpy(who, rs->here, sizeof(who));
	else
		journal_here(who, sizeof(who)); /* a session never set up */
	Buf b = BUF_INIT;
	buf_addf(&b, "yeok-review-stamp 1\n%s\n%s\n", who, doc_name(rs));
	buf_addf(&b, "kind %s\nline %ld %ld%s\nsegment %s\ntarget %s\nstate %s\n",
	         c->kind ? c->kind : "comment", c->line, c->last, c->deleted ? " left" : "",
	         c->segment.hex, c->target.hex, c->state ? c->state : "");
	buf_addf(&b, "base %s\nhead %s\npr %ld\nreply-to %ld\ngithub %lld\ntext %zu\n",
	         c->base ? c->base : "", c->head ? c->head : "", c->pr, c->reply_to, c->github,
	         c->text ? strlen(c->text) : 0);
	buf_adds(&b, c->text ? c->text : "");
	char hex[65];
	sha256_hex(b.p, b.len, hex);
	memcpy(out, hex, REVIEW_STAMP_LEN);
	out[REVIEW_STAMP_LEN] = '\0';
	buf_release(&b);
}

static YNode *scalar(const char *s)
{
	YNode *n = ynode_new(YN_SCALAR, 0, 0);
	n->s = xstrdup(s);
	n->n = strlen(s);
	return n;
}

/* The value of the key in the mapping m (a scalar), or NULL. */
static const char *extra_get(const SidecarExtra *m, const char *key)
{
	const YNode *v = m ? ynode_get(m, key) : NULL;
	return v && v->kind == YN_SCALAR ? v->s : NULL;
}

/* Set key to value in *m (made when there is none; an existing key's value
 * replaced in place, so the other keys keep their order). */
static void extra_set(SidecarExtra **m, const char *key, const char *value)
{
	if (!*m)
		*m = ynode_new(YN_MAP, 0, 0);
	for (size_t i = 0; i + 1 < (*m)->nkids; i += 2)
		if ((*m)->kids[i]->kind == YN_SCALAR && !strcmp((*m)->kids[i]->s, key)) {
			ynode_free((*m)->kids[i + 1]);
			(*m)->kids[i + 1] = scalar(value);
			return;
		}
	ynode_push(*m, scalar(key));
	ynode_push(*m, scalar(value));
}

void review_stamp(const ReviewSession *rs, SidecarComment *c)
{
	char s[REVIEW_STAMP_LEN + 1];
	stamp_of(rs, c, s);
	extra_set(&c->extra, REVIEW_STAMP_KEY, s);
}

bool review_entry_mine(const ReviewSession *rs, const SidecarComment *c)
{
	const char *have = extra_get(c->extra, REVIEW_STAMP_KEY);
	if (!have)
		return false;
	char want[REVIEW_STAMP_LEN + 1];
	stamp_of(rs, c, want);
	return !strcmp(have, want);
}
