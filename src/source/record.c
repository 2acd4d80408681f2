/* The sidecar's source record as a SourceRecord (step 3 of resolution). */
#include "yeok/sidecar.h"
#include "yeok/source.h"

bool source_record_from_sidecar(const SidecarSource *s, SourceRecord *r)
{
	memset(r, 0, sizeof(*r));
	switch (s->kind) {
	case SIDECAR_SRC_GIT:
		r->git = s->commit;
		r->path = s->path;
		break;
	case SIDECAR_SRC_FILE:
		r->file = s->path;
		break;
	case SIDECAR_SRC_SNAPSHOT:
		r->snapshot = s->path;
		break;
	case SIDECAR_SRC_NONE:
		return false;
	}
	r->sha256 = s->sha256[0] ? s->sha256 : NULL;
	return true;
}
