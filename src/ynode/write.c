/* Writing YAML with libyaml's emitter (include/yeok/ynode.h). */
#include "yeok/ynode.h"

#include <yaml.h>

#include "yeok/text.h"

struct YWriter {
	yaml_emitter_t em;
	Buf tmp; /* a scalar with its invalid bytes replaced */
};

static int write_handler(void *data, unsigned char *buffer, size_t size)
{
	buf_add(data, buffer, size);
	return 1;
}

static void emit(YWriter *w, yaml_event_t *ev)
{
	if (!yaml_emitter_emit(&w->em, ev))
		fatal("BUG: YAML emitter: %s", w->em.problem ? w->em.problem : "unknown error");
}

YWriter *ynode_writer_new(Buf *out)
{
	YWriter *w = xcalloc(1, sizeof(*w));
	if (!yaml_emitter_initialize(&w->em))
		fatal("out of memory (yaml emitter)");
	yaml_emitter_set_output(&w->em, write_handler, out);
	yaml_emitter_set_unicode(&w->em, 1);
	yaml_emitter_set_width(&w->em, -1);
	yaml_emitter_set_indent(&w->em, 2);
	yaml_emitter_set_break(&w->em, YAML_LN_BREAK);
	yaml_event_t ev;
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	emit(w, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	emit(w, &ev);
	return w;
}

void ynode_writer_end(YWriter *w)
{
	yaml_event_t ev;
	yaml_document_end_event_initialize(&ev, 1);
	emit(w, &ev);
	yaml_stream_end_event_initialize(&ev);
	emit(w, &ev);
	if (!yaml_emitter_flush(&w->em))
		fatal("BUG: YAML emitter flush failed");
	yaml_emitter_delete(&w->em);
	buf_release(&w->tmp);
	free(w);
}

/* Valid UTF-8 copy of s (invalid bytes become U+FFFD). */
static Str clean(YWriter *w, const char *s, size_t n)
{
	if (text_valid(s, n))
		return (Str){s, n};
	buf_clear(&w->tmp);
	size_t i = 0;
	while (i < n) {
		int32_t cp;
		size_t k = text_decode(s + i, n - i, &cp);
		if (cp < 0)
			buf_adds(&w->tmp, "\xEF\xBF\xBD");
		else
			buf_add(&w->tmp, s + i, k);
		i += k;
	}
	return buf_str(&w->tmp);
}

static const yaml_scalar_style_t styles[] = {
	[YS_ANY] = YAML_ANY_SCALAR_STYLE,
	[YS_PLAIN] = YAML_PLAIN_SCALAR_STYLE,
	[YS_SINGLE] = YAML_SINGLE_QUOTED_SCALAR_STYLE,
	[YS_DOUBLE] = YAML_DOUBLE_QUOTED_SCALAR_STYLE,
	[YS_LITERAL] = YAML_LITERAL_SCALAR_STYLE,
	[YS_FOLDED] = YAML_FOLDED_SCALAR_STYLE,
};

void ynode_write_scalar(YWriter *w, const char *s, size_t n, YStyle style)
{
	Str c = clean(w, s, n);
	yaml_event_t ev;
	int plain = style == YS_ANY || style == YS_PLAIN;
	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)c.p, (int)c.n, plain, 1,
	                             styles[style <= YS_FOLDED ? style : YS_ANY]);
	emit(w, &ev);
}

void ynode_write_map_start(YWriter *w, bool flow)
{
	yaml_event_t ev;
	yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	                                    flow ? YAML_FLOW_MAPPING_STYLE
	                                         : YAML_BLOCK_MAPPING_STYLE);
	emit(w, &ev);
}

void ynode_write_map_end(YWriter *w)
{
	yaml_event_t ev;
	yaml_mapping_end_event_initialize(&ev);
	emit(w, &ev);
}

void ynode_write_seq_start(YWriter *w, bool flow)
{
	yaml_event_t ev;
	yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	                                     flow ? YAML_FLOW_SEQUENCE_STYLE
	                                          : YAML_BLOCK_SEQUENCE_STYLE);
	emit(w, &ev);
}

void ynode_write_seq_end(YWriter *w)
{
	yaml_event_t ev;
	yaml_sequence_end_event_initialize(&ev);
	emit(w, &ev);
}

void ynode_write_node(YWriter *w, const YNode *n, bool in_flow)
{
	switch (n->kind) {
	case YN_SCALAR: {
		YStyle st = n->style;
		if (in_flow && (st == YS_LITERAL || st == YS_FOLDED))
			st = YS_DOUBLE;
		ynode_write_scalar(w, n->s, n->n, st);
		break;
	}
	case YN_SEQ:
		ynode_write_seq_start(w, in_flow || n->flow);
		for (size_t i = 0; i < n->nkids; i++)
			ynode_write_node(w, n->kids[i], in_flow || n->flow);
		ynode_write_seq_end(w);
		break;
	case YN_MAP:
		ynode_write_map_start(w, in_flow || n->flow);
		for (size_t i = 0; i < n->nkids; i++)
			ynode_write_node(w, n->kids[i], in_flow || n->flow);
		ynode_write_map_end(w);
		break;
	}
}

bool ynode_has_block(const YNode *n)
{
	if (n->kind == YN_SCALAR)
		return n->style == YS_LITERAL || n->style == YS_FOLDED;
	if (!n->flow && n->nkids)
		return true;
	for (size_t i = 0; i < n->nkids; i++)
		if (ynode_has_block(n->kids[i]))
			return true;
	return false;
}
