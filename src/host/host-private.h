/* Private to src/host: the Markdown reader (md.c) for host.c. */
#ifndef YEOK_HOST_PRIVATE_H
#define YEOK_HOST_PRIVATE_H

#include "yeok/host.h"

/* Read lines [from, to) of h->file as a Markdown document of its own (line
 * numbers stay absolute) and append its blocks to h->blocks. */
void host_md_segment_range(HostDoc *h, size_t from, size_t to);

#endif
