/* SPDX-License-Identifier: MIT */
/*
 * Block barriers as evidence of which threads run a stretch of code.
 *
 * Every thread of the block must reach a __syncthreads() (block.sync())
 * that any of them reaches: one that some threads skip hangs the block on
 * Volta and later, and is undefined before.  So code that holds one on
 * every way through it runs in every thread of the block, or in none:
 * a helper whose body waits at one is called by all threads, an if whose
 * arm does is taken by all threads or none, and a loop whose body does
 * runs the same trips in all of them.  Mask inference takes those as
 * the lanes that arrive, as the code itself does.
 *
 * The evidence is used only where warplint cannot see the divergence
 * for itself (a helper's parameter with no caller in sight): a condition
 * plainly thread-dependent around a barrier, or a call of the helper in
 * such a branch, is WL501's to report, and a ballot of it stays right
 * whichever way the block runs.
 */
#ifndef WL_ANALYZER_BARRIER_H
#define WL_ANALYZER_BARRIER_H

#include <stdbool.h>

struct wl_ctx;
struct wl_model;
struct wl_node;

/*
 * A block barrier that every run of @stmt reaches: @stmt itself, one of
 * its top-level statements (through plain blocks), or a call there of a
 * helper whose body has one (a few calls deep).  Returns the barrier, or
 * the call that leads to it; NULL if none.  A barrier under a branch or
 * in a loop within @stmt is not one every run reaches.
 */
struct wl_node *wl_barrier_in(struct wl_model *m, struct wl_node *stmt);

/*
 * The barrier that makes @guard, an if statement or a loop, the same
 * for every thread of the block (an arm or the body holds one, by
 * wl_barrier_in()), when only what the file does not show makes its
 * condition look thread-dependent; NULL otherwise.
 */
struct wl_node *wl_barrier_settles(struct wl_ctx *ctx, struct wl_node *guard);

#endif
