/* SPDX-License-Identifier: MIT */
/*
 * Tests that the whole warp is converged: `if (__activemask() ==
 * 0xffffffff)`, or the legacy `__ballot(1) == 0xffffffff` (trove's
 * warp_converged(), which picks a shuffle path or a divergent one).
 *
 * A lane that sees all 32 bits ran the test together with every other
 * lane, and they all got the same answer from that one instruction: the
 * branch it opens is entered by the whole warp, whatever the lanes that
 * entered the function.  A collective inside takes the full mask, and
 * the guards and callers above the test have no say.  Partial warps see
 * fewer bits and take the other branch.
 */
#ifndef WL_ANALYZER_CONVERGED_H
#define WL_ANALYZER_CONVERGED_H

#include <stdbool.h>

struct wl_model;
struct wl_node;

/* Whether @call is `__ballot(K)` with a constant K other than 0. */
bool wl_ballot_of_true(struct wl_model *m, struct wl_node *call);

/* Whether @n asks which lanes are active: __activemask(), __ballot(1). */
bool wl_active_lanes_call(struct wl_model *m, struct wl_node *n);

/*
 * The if statement nearest @site, in @site's function, whose test proves
 * that the whole warp runs the branch holding @site; NULL if none.
 */
struct wl_node *wl_converged_guard(struct wl_model *m, struct wl_node *site);

/* The arm of @guard (then or else) that holds @site. */
struct wl_node *wl_converged_arm(struct wl_node *guard, struct wl_node *site);

#endif
