/* The pull-request checklist: type names, labels, the status-line text. */
#include "yeok/sidecar.h"

/* One row per PR type, in the order of the template's boxes
 * (../shared/reference/PULL_REQUEST_TEMPLATE.md, "## PR 종류"). */
static const struct {
	const char *name;  /* in the sidecar and on the command line */
	const char *short_label; /* status line */
	const char *box;   /* the template's box text */
} types[PR_TYPE_COUNT] = {
	[PR_TYPE_NONE] = {"", "종류?", ""},
	[PR_TYPE_FIX] = {"fix", "개선", "오탈자를 수정하거나 번역을 개선하는 기여"},
	[PR_TYPE_TRANSLATE] = {"translate", "번역", "번역되지 않은 튜토리얼을 번역하는 기여"},
	[PR_TYPE_SYNC] = {"sync", "반영", "공식 튜토리얼 내용을 반영하는 기여"},
	[PR_TYPE_OTHER] = {"other", "기타", "위 종류에 포함되지 않는 기여"},
};

const char *sidecar_type_name(PrType t)
{
	return t < PR_TYPE_COUNT ? types[t].name : "";
}

bool sidecar_type_parse(const char *s, PrType *out)
{
	for (int t = PR_TYPE_FIX; t < PR_TYPE_COUNT; t++)
		if (s && !strcmp(s, types[t].name)) {
			*out = (PrType)t;
			return true;
		}
	return false;
}

/* Short Korean label for the status line: 개선, 번역, 반영, 기타. */
static const char *sidecar_type_short(PrType t)
{
	return t < PR_TYPE_COUNT ? types[t].short_label : "?";
}

const char *sidecar_type_box(PrType t)
{
	return t < PR_TYPE_COUNT ? types[t].box : "";
}

int sidecar_checklist_parts(const Checklist *c, ChecklistPart parts[CHECKLIST_PARTS])
{
	int warn = 0;
	snprintf(parts[0].text, sizeof(parts[0].text), "[%s]라이선스", c->license == 1 ? "x" : " ");
	parts[0].warn = c->license != 1;
	if (c->issue > 0)
		snprintf(parts[1].text, sizeof(parts[1].text), "#%ld", c->issue);
	else
		snprintf(parts[1].text, sizeof(parts[1].text), "#?");
	parts[1].warn = c->issue <= 0;
	snprintf(parts[2].text, sizeof(parts[2].text), "%s", sidecar_type_short(c->type));
	parts[2].warn = c->type == PR_TYPE_NONE;
	for (int i = 0; i < CHECKLIST_PARTS; i++)
		warn += parts[i].warn;
	return warn;
}

void sidecar_checklist_text(const Checklist *c, Buf *out)
{
	ChecklistPart parts[CHECKLIST_PARTS];
	sidecar_checklist_parts(c, parts);
	for (int i = 0; i < CHECKLIST_PARTS; i++) {
		if (i)
			buf_addc(out, ' ');
		buf_adds(out, parts[i].text);
	}
}

bool sidecar_checklist_complete(const Checklist *c)
{
	return c->license == 1 && c->issue > 0 && c->type != PR_TYPE_NONE;
}
