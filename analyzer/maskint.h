/* SPDX-License-Identifier: MIT */
/*
 * Private to mask inference: the divergence points and caches mask.c
 * keeps, and the source text masktext.c writes for them.
 */
#ifndef WL_ANALYZER_MASKINT_H
#define WL_ANALYZER_MASKINT_H

#include <stdbool.h>
#include <stdint.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"

#define FULL 0xffffffffu
#define MAX_CONDS 16
#define MAX_POINTS 64

/* A divergence point: a place on the way where some lanes may leave. */
struct point {
	struct wl_node *anchor;	/* statement a ballot would go before */
	bool wrap;		/* the anchor is an unbraced body */
	struct wl_node *conds[MAX_CONDS];
	bool negs[MAX_CONDS];
	unsigned nr;
	bool exit;		/* lanes for which the AND holds leave */
	/*
	 * A loop whose trip count varies by lane, around the site: its
	 * lanes are a ballot of the condition, taken as each trip begins
	 * (conds[0] is the condition; @anchor the loop's own statement).
	 */
	struct wl_node *loop;
	struct wl_cond_class cls;
};

struct cached {
	struct wl_node *site;
	struct wl_mask *mask;	/* allocated alone: pointers stay valid */
};

struct ballot {
	struct wl_func *fn;
	unsigned anchor;
	char *key;		/* mask and predicate text */
	char *name;
};

struct entry_state {
	struct wl_func *fn;
	bool busy, done;
	enum wl_reach reach;
	uint32_t bits;
	char *note;
	char *why;		/* UNKNOWN: why no mask */
	char *param;		/* a mask parameter threaded in, or NULL */
	bool own;		/* @param is the function's own (maskown.c) */
	struct wl_fix *edits;	/* the signature and call-site edits */
	struct wl_node *barrier; /* a block barrier all threads must reach */
};

/* What a function's callers say about the lanes that enter it. */
struct entry {
	enum wl_reach reach;
	uint32_t bits;
	char *note;		/* owned: a guess and why */
	const char *why;	/* UNKNOWN: why there is no mask */
	const char *param;	/* the threaded mask parameter, or NULL */
	bool own;		/* @param was there already */
	const struct wl_fix *edits;
	/* The block barrier in the body that proves all lanes enter. */
	struct wl_node *barrier;
	/*
	 * Asked from the function's own body while its callers are being
	 * read: the entry is assumed, not known.
	 */
	struct wl_func *recursive;
};

struct wl_mask_cache {
	struct cached *v;
	unsigned nr, alloc;
	struct ballot *ballots;
	unsigned nr_ballots, alloc_ballots;
	struct entry_state *entries;
	unsigned nr_entries, alloc_entries;
	/*
	 * The same questions asked as if the configuration stated that
	 * blockDim.x is a multiple of 32 (wl_mask_infer()'s note), kept
	 * apart so that nothing of the real answers changes; NULL until
	 * first asked.
	 */
	struct wl_mask_cache *as_if_x32;
};

/* The predicate "lanes that go on past these points", as source text. */
char *wl_mask_predicate_text(struct wl_ctx *ctx, struct point *pts, unsigned n);

/* A name for a new mask variable in @fn, unused there so far. */
char *wl_mask_fresh_name(struct wl_ctx *ctx, struct wl_func *fn);

/*
 * The name of a ballot of @pred among the lanes of @mask, placed before
 * @anchor in @fn (inside braces @wrap adds), its declaration added to
 * @setup once per place and predicate.
 */
const char *wl_mask_plan_ballot(struct wl_ctx *ctx, struct wl_func *fn,
				struct wl_node *anchor, bool wrap,
				const char *mask, const char *pred,
				struct wl_fix *setup);

/*
 * The name of the lanes of each trip of @loop, among those of @mask:
 * `unsigned NAME = MASK;` before @anchor (inside braces @wrap adds), and
 * the loop's condition C rewritten `(NAME = __ballot_sync(NAME, C)), C`,
 * both added to @setup; the same loop and mask asked for again get the
 * same name (and the same edits, which merge).
 */
const char *wl_mask_plan_trip_ballot(struct wl_ctx *ctx, struct wl_func *fn,
				     struct wl_node *anchor, bool wrap,
				     const char *mask, struct wl_node *loop,
				     struct wl_fix *setup);

/*
 * maskhoist.c: why a ballot of branch condition @cond hoisted before the
 * branch may disagree with it (it reads memory the function writes), or
 * NULL.  Caller frees.
 */
char *wl_mask_cond_memory_why(struct wl_ctx *ctx, struct wl_node *cond);

/* The mask text: @bits of variable @var (NULL: the constant @bits). */
char *wl_mask_render(struct wl_ctx *ctx, const char *var, uint32_t bits);

#endif
