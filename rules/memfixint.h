/* SPDX-License-Identifier: MIT */
/*
 * The pieces the fixes of racing stretches share (memfix.c writes the
 * stretch statement by statement, memfixgroup.c a branch or a run of
 * statements whole): the plan of one statement, the masks and barriers,
 * the register declarations.  Internal to rules/memfix*.c.
 */
#ifndef WL_RULES_MEMFIXINT_H
#define WL_RULES_MEMFIXINT_H

#include <stdbool.h>

struct wl_ctx;
struct wl_fix;
struct wl_mask;
struct wl_mem;
struct wl_mem_region;
struct wl_node;

enum wl_stmt_shape {
	SHAPE_NONE,	/* cannot be rewritten */
	SHAPE_READ,	/* only reads the storage: keep, sync after */
	SHAPE_WRITE,	/* only writes it: keep, sync after */
	SHAPE_SPLIT,	/* read phase, then write phase */
};

struct wl_stmt_plan {
	struct wl_node *stmt;	/* the statement as the region names it */
	enum wl_stmt_shape shape;
	char *read;		/* SPLIT: "v = s[tid] + s[tid + 16]" */
	char *write;		/* SPLIT: "s[tid] = v" */
	bool uses_reg;
	char *type;		/* the register's type: the element's, as
				   written where it is accessed ("T") */
	struct wl_node *guard;	/* a lane-dependent if around it, or NULL */
	struct wl_node *brace;	/* a uniform if/loop it is the body of */
	unsigned array;
	struct wl_node *group;	/* its branch, rewritten whole */
};

struct wl_fixer {
	struct wl_ctx *ctx;
	struct wl_mem *mem;
	struct wl_mem_region *r;
	struct wl_fix *fix;
	const char *nl;
	char *why;		/* set: no fix, and why (wl_memfix_give_up()) */
	bool reuse_barrier;	/* WL302: the barrier after ends the write */
	bool block;		/* lanes of other warps meet: __syncthreads() */
};

/*
 * Plan @p->stmt of region @r: its shape, and for SPLIT the read into
 * register @reg and the write from it.
 */
void wl_memfix_plan(struct wl_ctx *ctx, struct wl_mem *mem,
		    struct wl_mem_region *r, struct wl_stmt_plan *p,
		    const char *reg);

/*
 * Give up the fix, saying why (printf-style).  The first reason stands:
 * once a step has given up, what later steps find is a consequence.
 */
void wl_memfix_give_up(struct wl_fixer *fx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Why statement @n cannot be edited where the fix would edit it: it is
 * in another file (a header walked for context), or written in a
 * macro's body.
 */
const char *wl_memfix_outside_why(const struct wl_node *n);

/*
 * Mark fx->fix unsafe for what the race search of @r took on trust: the
 * storage's sharing (unseen), or which rows share a warp (rows_rounded,
 * for a __syncwarp() fix).
 */
void wl_memfix_mark_guesses(struct wl_fixer *fx,
			    const struct wl_mem_region *r);

/* Whether any race of @r joins statements @a and @b. */
bool wl_memfix_stmts_race(struct wl_mem *mem, struct wl_mem_region *r,
			  struct wl_node *a, struct wl_node *b);

/* The if or loop whose unbraced body @s is, if any. */
struct wl_node *wl_memfix_unbraced_owner(struct wl_node *s);

/*
 * The mask of a barrier at @n (a block barrier's, which takes none, when
 * other warps meet there), its setup edits added to the fix; NULL with
 * fx->why set when there is none.
 */
const struct wl_mask *wl_memfix_mask_at(struct wl_fixer *fx,
					struct wl_node *n);

/* "__syncwarp(MASK);", or "__syncthreads();" where other warps meet. */
char *wl_memfix_sync_text(const struct wl_fixer *fx, const struct wl_mask *m);

/*
 * Declare registers @regs of @types (@nr of them) once, before the
 * statement that holds the region's first statement, in one insertion.
 */
void wl_memfix_declare_registers(struct wl_fixer *fx, struct wl_node *stmt,
				 char *const *types, char *const *regs,
				 unsigned nr);

/*
 * The outermost branch or loop around @s whose condition splits a warp
 * and that does not hold the whole region, or NULL.
 */
struct wl_node *wl_memfix_divergent_owner(struct wl_fixer *fx,
					  struct wl_node *s);

/*
 * Where a barrier after @s goes: after @s, or after the lane-dependent
 * branch or the unbraced statement that holds it.
 */
struct wl_node *wl_memfix_sync_point(struct wl_fixer *fx, struct wl_node *s);

/*
 * Where a barrier after @s goes to order it with a statement within
 * @within (their common block, or the body of a loop that brings them
 * together): the sync point when it lies inside @within, else after the
 * outermost lane-dependent branch around @s inside it, or NULL.
 */
struct wl_node *wl_memfix_sync_point_within(struct wl_fixer *fx,
					    struct wl_node *s,
					    struct wl_node *within);

/* A barrier just after statement @at, or with @before just before it. */
void wl_memfix_insert_barrier(struct wl_fixer *fx, struct wl_node *at,
			      bool before);

/*
 * memfixgroup.c.  The group of statements rewritten together that racing
 * statement @s belongs to, named by a key: a branch on the cells it
 * updates (the if), or a run of adjacent split statements (the first);
 * NULL if none.
 */
struct wl_node *wl_memfix_group_of(struct wl_fixer *fx, struct wl_node *s);

/*
 * A barrier between @prev (a statement kept as it is, which races with
 * the group) and group @key: before the group, or before the
 * lane-dependent branch or loop around it, so that every lane reaches it.
 */
void wl_memfix_group_barrier(struct wl_fixer *fx, struct wl_node *prev,
			     struct wl_node *key);

/* Rewrite group @key whole: reads, barrier, writes, barrier. */
void wl_memfix_rewrite_group(struct wl_fixer *fx, struct wl_node *key);

#endif
