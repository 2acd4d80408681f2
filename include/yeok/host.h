/*
 * host — the host format of a document: which reader turns its lines into
 * the RST blocks that alignment, checks and the editor work on (DESIGN.md
 * §2 "Host format").  This is the one place that decides it, by file
 * type; every command segments through host_segment() and
 * host_segment_range() (the editor after an edit), never through a
 * reader directly.
 *
 * Today the only reader is RST (`.rst` and anything else).  A reader
 * plugs in as one row of the table in src/host/host.c: a name, its file
 * suffixes, and two functions with the contract of rst_segment() and
 * rst_segment_range() (include/yeok/rst.h): blocks in line order that
 * never overlap, slices into the lines given, any bytes give some blocks.
 * The sphinx-gallery `.py` reader (text regions and code cells) is meant
 * to be the next row.
 *
 * Depends on util, lines, rst (and each reader's module).
 */
#ifndef YEOK_HOST_H
#define YEOK_HOST_H

#include "yeok/lines.h"
#include "yeok/rst.h"

typedef enum HostFormat {
	HOST_RST,   /* reStructuredText throughout */
	HOST_COUNT
} HostFormat;

/* The host format of the file at path (by its name: "tutorial.rst"). */
HostFormat host_format_of(const char *path);
/* "rst". */
const char *host_format_name(HostFormat f);

/* Segment all lines (rst_segment's contract). */
void host_segment(HostFormat f, const Lines *lines, RstDoc *out);
/* Segment lines [from, to) (rst_segment_range's contract). */
void host_segment_range(HostFormat f, const Lines *lines, size_t from, size_t to, RstDoc *out);

#endif
