/* SPDX-License-Identifier: MIT */
/*
 * Mask inference (RULES.md, "Mask inference"): which lanes of a warp reach
 * a collective, and the mask expression a fix should pass to it: the full
 * mask in uniform code, an exact constant under lane-index conditions, or
 * a __ballot_sync() hoisted before each lane-dependent branch or early
 * return.  Shared by every rule that fixes or checks a mask.
 */
#ifndef WL_ANALYZER_MASK_H
#define WL_ANALYZER_MASK_H

#include <stdbool.h>
#include <stdint.h>

struct wl_ctx;
struct wl_node;
struct wl_fix;

enum wl_reach {
	WL_REACH_FULL,		/* every lane of a warp that gets there */
	WL_REACH_CONST,		/* exactly the lanes in .bits */
	WL_REACH_DYNAMIC,	/* lanes chosen by data: a ballot tells */
	WL_REACH_UNKNOWN,	/* no mask can be inferred; see .why */
};

struct wl_mask {
	enum wl_reach reach;
	uint32_t bits;		/* FULL and CONST: the lanes that reach */
	char *text;		/* mask to write in a fix, or NULL */
	struct wl_fix *setup;	/* edits that compute it (hoisted ballots) */
	char *why;		/* no text: what the user has to decide */
	char *note;		/* a guess was made: what and why */
	bool guessed;
	/* The mask comes in through a new parameter of this function. */
	const char *via_param;
	/* ... or through one it has already (maskown.c); unsafe. */
	bool own_param;
	/*
	 * Computed inside @recursive while its own callers were being
	 * read: relative to the lanes that entered it (a guess to
	 * everyone else).
	 */
	const struct wl_func *recursive;
	/* The test that the whole warp is converged above it (converged.h). */
	struct wl_node *converged;
	/*
	 * A block barrier that every thread must reach, which settles the
	 * lanes (barrier.h): in @barrier_guard's arm or body, or at the top
	 * level of the helper when that is NULL.
	 */
	struct wl_node *barrier;
	struct wl_node *barrier_guard;
	/* The variable naming the group it votes within (maskgroup.c). */
	struct wl_node *group;
	/* The first lane-dependent condition on the way, for messages. */
	struct wl_node *divergence;
	/* ... the condition of this loop, whose trips it counts. */
	struct wl_node *divergence_loop;
	/* @why already says whether the launch shape would settle it. */
	bool launch_checked;
};

struct wl_mask_cache;

void wl_mask_cache_init(struct wl_ctx *ctx);
void wl_mask_cache_release(struct wl_ctx *ctx);

/*
 * The variable that names the group of lanes vote @site works within
 * (maskgroup.c): declared at the top level of its function's body before
 * @site from the active lanes (`__activemask()`, `__ballot(1)`), never
 * written again, and compared (== or !=) with a local a vote sets.  NULL
 * if there is none.
 */
struct wl_node *wl_mask_entry_group(struct wl_ctx *ctx, struct wl_node *site);

/* Infer the mask for the collective call @site.  The cache owns it. */
const struct wl_mask *wl_mask_infer(struct wl_ctx *ctx, struct wl_node *site);

/*
 * Append the mask's setup edits (if any) to @fix, and mark @fix unsafe
 * when the mask was guessed.  Every fix that writes a mask calls this.
 */
void wl_mask_add_setup(const struct wl_mask *mask, struct wl_fix *fix);

/* "0x0000ffff", or the file's name for the full mask. */
char *wl_mask_const_text(struct wl_ctx *ctx, uint32_t bits);

/*
 * Why @mask is what it is, for a finding's note: who reaches the call, or
 * the guess made, or why there is no mask.  Caller frees.
 */
char *wl_mask_explain(struct wl_ctx *ctx, const struct wl_mask *mask);

/* Describe a lane set for messages: "lanes 0-15", "lanes 0, 2, 4". */
char *wl_mask_describe_lanes(uint32_t bits);

#endif
