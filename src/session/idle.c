/* session: idle time — the one scheduler of the editor's background work
 * (include/yeok/session.h, session_idle). */
#include "session-private.h"

int session_idle_wait_ms(const Session *s)
{
	if (s->chk.pending || s->chk.check_doc_stale || s->gloss.hint_due || session_align_pending(s))
		return 0;
	if (session_en_words_pending(s))
		return 0;
	if (session_tm_busy(s))
		return 50;
	return s->spell.sp && !spell_ready(s->spell.sp) ? 100 : -1;
}

bool session_idle(Session *s)
{
	bool changed = false;
	/* 1. the alignment a phased open left pending, the sidecar's statuses */
	if (session_align_pending(s)) {
		bool shown = s->side.apply.shown;
		if (!session_align_idle(s, SESSION_SLICE_NS) || shown != s->side.apply.shown)
			changed = true; /* the sidecar's statuses are in (those on screen) */
	}
	/* 2. the checks: the index an edit left stale, unchecked segments, the
	 * glossary's hint */
	if (s->chk.pending || s->chk.check_doc_stale || s->gloss.hint_due) {
		bool hints = s->gloss.hint_due;
		session_checks_step(s, 64);
		if (!s->chk.pending || hints)
			changed = true;
	}
	/* 3. the spelling thread's answers */
	if (s->spell.sp && spell_generation(s->spell.sp) != s->spell.shown_gen) {
		s->spell.shown_gen = spell_generation(s->spell.sp);
		changed = true;
	}
	if (session_spell_findings(s))
		changed = true;
	/* 4. the translation memory's */
	if (session_tm_poll(s, false))
		changed = true;
	return changed;
}
