/* The translator line (`**번역**: `NAME <URL>`_`) right after the author
 * line: find it, insert it, or repair a malformed one.  Pure text. */
#include "yeok/sidecar.h"
#include "yeok/text.h"

#define TRANSLATOR_LABEL "**번역**:"
#define SEARCH_LINES 4 /* how far below the author line a translator line may be */

static const char *const author_labels[] = {
	"**Author**:", "**Authors**:", "**Author:**", "**Authors:**", "**저자**:", "**저자:**",
	"Author:", "Authors:", "저자:", NULL,
};

/* Longest spellings first so that "**번역:**:" is not read as "**번역:**". */
static const char *const translator_labels[] = {
	"**번역:**:", "**번역자**:", "**번역자:**", "**번역**:", "**번역:**", "**역자**:", "**역자:**",
	"**Translator**:", "**Translator:**", "번역자:", "번역:", "역자:", NULL,
};

static size_t indent_of(Str s)
{
	size_t i = 0;
	while (i < s.n && (s.p[i] == ' ' || s.p[i] == '\t'))
		i++;
	return i;
}

/* The label of lines.v[i] among labels (after its indentation), or NULL. */
static const char *label_of(Str line, const char *const *labels)
{
	Str rest = str_slice(line, indent_of(line), line.n);
	for (size_t k = 0; labels[k]; k++)
		if (str_starts_with(rest, labels[k]))
			return labels[k];
	return NULL;
}

/* `**편집**:`, `**감수**:` and the like: attribution lines that may sit
 * between the author line and the translator line. */
static bool is_attribution(Str line)
{
	Str rest = str_slice(line, indent_of(line), line.n);
	if (!str_starts_with(rest, "**"))
		return false;
	Str head = str_slice(rest, 2, MIN(rest.n, 40));
	return str_find(head, STR_LIT("**:")) >= 0 || str_find(head, STR_LIT(":**")) >= 0;
}

static void add_link(Buf *b, const char *name, const char *url)
{
	if (url && *url)
		buf_addf(b, "`%s <%s>`_", name, url);
	else
		buf_adds(b, name);
}

/* Copy people with a misplaced closing backquote repaired:
 * "`NAME <URL>__`" -> "`NAME <URL>`__", "`NAME <URL>_`" -> "`NAME <URL>`_". */
static void repair_people(Str people, Buf *out)
{
	size_t i = 0;
	while (i < people.n) {
		Str rest = str_slice(people, i, people.n);
		if (str_starts_with(rest, ">__`")) {
			buf_adds(out, ">`__");
			i += 4;
		} else if (str_starts_with(rest, ">_`")) {
			buf_adds(out, ">`_");
			i += 3;
		} else {
			buf_addc(out, people.p[i++]);
		}
	}
}

bool sidecar_is_translator_line(Str line)
{
	return label_of(line, translator_labels) != NULL;
}

bool sidecar_is_author_line(Str line)
{
	return label_of(line, author_labels) != NULL;
}

bool sidecar_translator_edit(const Lines *tgt, const char *name, const char *url,
                             SidecarLineEdit *edit, Err *e)
{
	edit->op = SIDECAR_LINE_NONE;
	edit->line = 0;
	edit->text = NULL;
	if (!name || !*name)
		return err_set(e, EXIT_DATAERR,
		               "no translator name: set it in the configuration or the F2 dialog");
	/* what a side file holds never puts control characters in the document */
	if (text_has_controls(name, strlen(name)) || (url && text_has_controls(url, strlen(url))))
		return err_set(e, EXIT_DATAERR, "the translator's %s holds control characters: not "
		               "written into the document (fix it in the F2 dialog)",
		               text_has_controls(name, strlen(name)) ? "name" : "URL");
	size_t author = tgt->n;
	for (size_t i = 0; i < tgt->n; i++)
		if (label_of(lines_get(tgt, i), author_labels)) {
			author = i;
			break;
		}
	if (author == tgt->n)
		return err_set(e, EXIT_DATAERR,
		               "no author line (**Author**: or **저자**:) to put the translator line after");
	Str aline = lines_get(tgt, author);
	size_t aindent = indent_of(aline);

	size_t found = tgt->n;
	const char *label = NULL;
	for (size_t i = author + 1; i < tgt->n && i <= author + SEARCH_LINES; i++) {
		Str line = lines_get(tgt, i);
		if (str_trim(line).n == 0)
			continue;
		if ((label = label_of(line, translator_labels)) != NULL) {
			found = i;
			break;
		}
		if (!is_attribution(line))
			break;
	}

	Buf b = BUF_INIT;
	buf_add(&b, aline.p, aindent);
	buf_adds(&b, TRANSLATOR_LABEL);
	if (found == tgt->n) {
		buf_addc(&b, ' ');
		add_link(&b, name, url);
		edit->op = SIDECAR_LINE_INSERT;
		edit->line = author + 1;
		edit->text = buf_detach(&b);
		return true;
	}
	Str line = lines_get(tgt, found);
	Str people = str_trim(str_slice(line, indent_of(line) + strlen(label), line.n));
	if (people.n) {
		buf_addc(&b, ' ');
		repair_people(people, &b);
	}
	if (str_find(people, str_from(name)) < 0) {
		buf_adds(&b, people.n ? ", " : " ");
		add_link(&b, name, url);
	}
	if (b.len == line.n && !memcmp(b.p, line.p, line.n)) {
		buf_release(&b);
		return true;
	}
	edit->op = SIDECAR_LINE_REPLACE;
	edit->line = found;
	edit->text = buf_detach(&b);
	return true;
}

void sidecar_line_edit_release(SidecarLineEdit *edit)
{
	free(edit->text);
	edit->text = NULL;
	edit->op = SIDECAR_LINE_NONE;
}
