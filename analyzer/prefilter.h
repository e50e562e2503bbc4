/* SPDX-License-Identifier: MIT */
/*
 * A sound prefilter: decide from the bytes of a file and of everything it
 * includes that no rule can fire on it, so that parsing it can be skipped.
 *
 * Every rule needs a token in the translation unit that this module
 * searches for (a legacy or _sync primitive, __activemask, a barrier,
 * __shared__, volatile, threadIdx, inline asm, cooperative groups, a
 * suppression comment).  A file is skipped only when none of them occurs
 * in it, in any header it reaches on the include path it is parsed with,
 * or in its -D arguments, and when nothing could assemble such a token
 * out of sight (token pasting, computed includes, digraphs, unresolvable
 * includes, arguments this module does not model).  In doubt, the file
 * is parsed.
 */
#ifndef WL_ANALYZER_PREFILTER_H
#define WL_ANALYZER_PREFILTER_H

#include <stdbool.h>
#include <stddef.h>

struct wl_source;
struct wl_prefilter;

/* What is known about headers lives here for one run; thread-safe. */
struct wl_prefilter *wl_prefilter_new(void);
void wl_prefilter_free(struct wl_prefilter *pf);

/*
 * Whether @src, parsed with the user arguments @args (not the shim's),
 * provably yields no finding, so that parsing it can be skipped.  Safe to
 * call from several threads at once.
 */
bool wl_prefilter_can_skip(struct wl_prefilter *pf, const struct wl_source *src,
			   const char *const *args, unsigned nr_args);

/*
 * Whether @len bytes of @text hold a token a rule could fire on, or
 * something (## pasting, a digraph, a trigraph) that could assemble one
 * unseen.  Line splices are undone first.  Exposed for the unit tests.
 */
bool wl_prefilter_text_is_dirty(const char *text, size_t len);
/*
 * Whether @len bytes of @text, line splices undone as the preprocessor
 * undoes them, contain one of the @nr @words, or the trigraph `??/` (a
 * backslash, hence maybe a splice): a token that one of them starts can
 * only be there when this says so.
 */
bool wl_prefilter_text_spells(const char *text, size_t len,
			      const char *const *words, unsigned nr);
/*
 * Call @fn with the name each `#include "..."` or `<...>` line of @text
 * spells (in dead #if branches too), as the prefilter reads them.
 */
void wl_prefilter_includes(const char *text, size_t len,
			   void (*fn)(const char *name, void *data),
			   void *data);

/* Counters for the benchmark and the tests: files skipped and parsed. */
void wl_prefilter_stats(struct wl_prefilter *pf, unsigned *skipped,
			unsigned *parsed);

#endif
