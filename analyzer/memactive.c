/* SPDX-License-Identifier: MIT */
/*
 * Which threads of the walk reach a statement (memtrace.h, ma_active()):
 * the guards above it in its function (an `if`'s condition, a loop's, an
 * earlier `if (c) return;` or `assert(c)`), then the same for the call
 * that brought the walk there, up to the kernel.  Every lane of every
 * event asks, so what is asked of each block and of each call in one
 * context is kept.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/eval.h"
#include "analyzer/memaccess.h"
#include "analyzer/memint.h"
#include "analyzer/memtrace.h"
#include "base/util.h"

static bool returns(struct wl_node *n)
{
	if (n->kind == CXCursor_ReturnStmt)
		return true;
	return n->kind == CXCursor_CompoundStmt && n->nr_kids &&
	       n->kids[n->nr_kids - 1]->kind == CXCursor_ReturnStmt;
}

/*
 * @c decided in thread @tid with the plausible tree counters of @env
 * taken as exact (struct ma_bind), when it splits the lanes: `tid < s`
 * keeps the lanes of the code's own tree, whatever its real start.  A
 * condition the same in every lane (`s >= 32`) is not decided on a
 * guess.
 */
static bool eval_on_plausible(struct wl_mem *mem, struct wl_node *c,
			      const struct ma_env *env, unsigned tid,
			      long long *v)
{
	struct ma_env exact;
	bool any = false;
	unsigned i;

	for (i = 0; i < env->nr_binds && !any; i++)
		any = env->binds[i].plausible;
	if (!any || !wl_eval_lane_varying(&mem->ctx->eval,
					  wl_eval_dep(&mem->ctx->eval, c),
					  false))
		return false;
	exact = *env;
	for (i = 0; i < exact.nr_binds; i++)
		if (exact.binds[i].plausible)
			exact.binds[i].opaque = exact.binds[i].plausible = false;
	return ma_eval_exact(mem, c, &exact, tid, v);
}

/*
 * Whether @c, resting on opaque values (struct ma_eval), is not the same
 * in every thread of the walk under them; asked once per condition and
 * context.
 */
#define MA_SPLIT_MEMO_SLOTS 1024u

struct ma_split_memo {
	uint64_t env;
	const struct wl_node *cond;
	bool used, splits;
};

static bool splits_lanes(struct wl_mem *mem, struct wl_node *c,
			 const struct ma_env *env)
{
	long long first = 0;
	uint64_t key = ma_env_key(env);
	struct ma_split_memo *m;
	unsigned t;

	if (!mem->split_memo)
		mem->split_memo = wl_xcalloc(MA_SPLIT_MEMO_SLOTS,
					     sizeof(*mem->split_memo));
	m = &mem->split_memo[ma_mix(key, (uintptr_t)c) % MA_SPLIT_MEMO_SLOTS];
	if (m->used && m->env == key && m->cond == c)
		return m->splits;
	m->used = true;
	m->env = key;
	m->cond = c;
	m->splits = false;
	for (t = 0; t < MA_TIDS; t++) {
		struct ma_eval ev;
		long long v;

		if (!ma_eval_thread(mem, c, env, t, &ev, &v))
			return m->splits = false;
		if (!t)
			first = v;
		else if ((v != 0) != (first != 0))
			m->splits = true;
	}
	return m->splits;
}

/*
 * @c decided in thread @tid on the opaque values of the unknown uniforms
 * it reads, when under them it tells lanes apart.  The walk indexes with
 * those values: with DIM_X a template parameter bound nowhere, `tx =
 * tid % DIM_X` is the thread index and `ty = tid / DIM_X` is 0, so `if
 * (tx == 0)` must keep lane 0 alone, or the lanes that the indices put
 * in one row meet at one element (MAGMA's gemv, `sdata[ty * DIM_X] +=
 * sdata[i + ty * DIM_X]` under `tx == 0`).  A condition the same in
 * every lane under them (`n > 32`, `col < n`) compares unknowns, and is
 * not decided.
 */
static bool eval_on_opaque(struct wl_mem *mem, struct wl_node *c,
			   const struct ma_env *env, unsigned tid,
			   long long *v)
{
	struct ma_eval ev;

	if (!ma_eval_thread(mem, c, env, tid, &ev, v) || !ev.opaque)
		return false;
	return splits_lanes(mem, c, env);
}

/* Whether a condition rules thread @tid out; unknown ones do not. */
static bool cond_false(struct wl_mem *mem, struct wl_node *cond, bool want,
		       const struct ma_env *env, unsigned tid)
{
	struct wl_node *c = cond ? ma_strip(cond) : NULL;
	long long v;

	if (!c)
		return false;
	/*
	 * One known operand can decide: `if (i < n && threadIdx.x == 0)`
	 * is false in lane 1 whatever n is.
	 */
	if (c->kind == CXCursor_BinaryOperator && c->nr_kids == 2) {
		enum CXBinaryOperatorKind op = wl_node_binop(c);

		if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
			bool any = want == (op == CXBinaryOperator_LAnd);
			bool a = cond_false(mem, c->kids[0], want, env, tid);

			if (a == any)
				return a;
			return cond_false(mem, c->kids[1], want, env, tid);
		}
	}
	if (c->kind == CXCursor_UnaryOperator && c->nr_kids == 1 &&
	    clang_getCursorUnaryOperatorKind(c->cursor) ==
		    CXUnaryOperator_LNot)
		return cond_false(mem, c->kids[0], !want, env, tid);
	if (!ma_eval_exact(mem, c, env, tid, &v) &&
	    !eval_on_plausible(mem, c, env, tid, &v) &&
	    !eval_on_opaque(mem, c, env, tid, &v))
		return false;
	return (v != 0) != want;
}

/*
 * `assert(threadIdx.x == 0);` (`c ? (void)0 : __assert_fail(...)`): the
 * code after it assumes the condition; its condition, or NULL.
 */
static struct wl_node *assertion(struct wl_mem *mem, struct wl_node *s)
{
	struct wl_node *e = ma_strip(s), *fail;
	const char *name;

	if (!e || e->kind != CXCursor_ConditionalOperator || e->nr_kids != 3)
		return NULL;
	fail = ma_strip(e->kids[2]);
	if (!fail || fail->kind != CXCursor_CallExpr)
		return NULL;
	name = wl_call_name(&mem->ctx->model, fail);
	if (strcmp(name, "__assert_fail") && strcmp(name, "__assertfail") &&
	    strcmp(name, "_assert") && strcmp(name, "__assert_rtn"))
		return NULL;
	return e->kids[0];
}

/*
 * Whether statement @s can send a thread away before a later one: `if
 * (c) return;` (away when @c holds) or `assert(c);` (never past it when
 * @c fails).  *@cond is the condition, *@away_when its value that does.
 */
static bool guard_cond(struct wl_mem *mem, struct wl_node *s,
		       struct wl_node **cond, bool *away_when)
{
	struct wl_node *t;

	*cond = assertion(mem, s);
	if (*cond) {
		*away_when = false;
		return true;
	}
	if (s->kind != CXCursor_IfStmt || wl_node_kid(s, WL_ROLE_ELSE))
		return false;
	t = wl_node_kid(s, WL_ROLE_THEN);
	*cond = wl_node_kid(s, WL_ROLE_COND);
	*away_when = true;
	return t && returns(t);
}

/*
 * The guard statements of block @blk, found once per block: the guards
 * of every event of every thread are read from the list.
 */
struct ma_guard {
	const struct wl_node *stmt;
	struct wl_node *cond;
	bool away_when;
};

struct ma_guards {
	unsigned nr;
	struct ma_guard v[];	/* in the order of blk->kids */
};

static const struct ma_guards *guards_of(struct wl_mem *mem,
					 struct wl_node *blk)
{
	struct ma_guards *g;
	unsigned i;

	if (blk->index >= mem->nr_access_of)
		return NULL;	/* not numbered: asked of each statement */
	if (!mem->guards_of)
		mem->guards_of = wl_xcalloc(mem->nr_access_of,
					    sizeof(*mem->guards_of));
	if (mem->guards_of[blk->index])
		return mem->guards_of[blk->index];
	g = wl_xmalloc(sizeof(*g) + blk->nr_kids * sizeof(g->v[0]));
	g->nr = 0;
	for (i = 0; i < blk->nr_kids; i++) {
		struct ma_guard *d = &g->v[g->nr];

		d->stmt = blk->kids[i];
		if (guard_cond(mem, blk->kids[i], &d->cond, &d->away_when))
			g->nr++;
	}
	mem->guards_of[blk->index] = g;
	return g;
}

/*
 * `if (tid >= 32) return;` before @child in block @blk sends @tid away,
 * and `assert(tid < 32);` says it never gets there.
 */
static bool returned(struct wl_mem *mem, struct wl_node *blk,
		     struct wl_node *child, const struct ma_env *env,
		     unsigned tid)
{
	const struct ma_guards *g = guards_of(mem, blk);
	struct wl_node *cond;
	bool away_when;
	unsigned i;

	if (!g) {
		for (i = 0; i < blk->nr_kids && blk->kids[i] != child; i++)
			if (guard_cond(mem, blk->kids[i], &cond, &away_when) &&
			    cond_false(mem, cond, !away_when, env, tid))
				return true;
		return false;
	}
	for (i = 0; i < g->nr && g->v[i].stmt->index < child->index; i++)
		if (cond_false(mem, g->v[i].cond, !g->v[i].away_when, env,
			       tid))
			return true;
	return false;
}

/* Whether the walk found @loop's condition true for the trip (memint.h). */
static bool holds(const struct ma_env *env, const struct wl_node *loop)
{
	unsigned i;

	for (i = 0; i < env->nr_held; i++)
		if (env->held[i] == loop)
			return true;
	return false;
}

/*
 * Whether a condition on the way from @node up to the top of its function
 * rules thread @tid out.
 */
static bool ruled_out_in_function(struct wl_mem *mem, struct wl_node *node,
				  const struct ma_env *env, unsigned tid)
{
	struct wl_node *child = node, *p;

	for (p = child->parent; p; child = p, p = p->parent) {
		struct wl_node *cond = NULL;
		bool want = true;

		if (child->role == WL_ROLE_THEN || child->role == WL_ROLE_ELSE) {
			cond = wl_node_kid(p, WL_ROLE_COND);
			want = child->role == WL_ROLE_THEN;
		} else if (child->role == WL_ROLE_BODY &&
			   p->kind != CXCursor_ForStmt &&
			   p->kind != CXCursor_DoStmt &&
			   /* the value picks a case, not a truth */
			   p->kind != CXCursor_SwitchStmt && !holds(env, p)) {
			cond = wl_node_kid(p, WL_ROLE_COND);
		} else if (child->role == WL_ROLE_AND_RHS ||
			   child->role == WL_ROLE_OR_RHS) {
			cond = p->kids[0];
			want = child->role == WL_ROLE_AND_RHS;
		} else if (p->kind == CXCursor_CompoundStmt &&
			   returned(mem, p, child, env, tid)) {
			return true;
		}
		if (cond_false(mem, cond, want, env, tid))
			return true;
	}
	return false;
}

/*
 * Whether thread @tid reaches the call of @env's innermost frame: asked
 * once per call and context, not once per event inside the callee, which
 * in a deep library kernel (a CTA object's tile loop, its helpers, their
 * helpers) was most of the analysis.
 */
#define MA_ACTIVE_MEMO_SLOTS 4096u

struct ma_active_memo {
	uint64_t env;
	const struct wl_node *call;
	unsigned tid;
	bool used, active;
};

static struct ma_active_memo *active_slot(struct wl_mem *mem, uint64_t key,
					  const struct wl_node *call,
					  unsigned tid)
{
	if (!mem->active_memo)
		mem->active_memo = wl_xcalloc(MA_ACTIVE_MEMO_SLOTS,
					      sizeof(*mem->active_memo));
	return &mem->active_memo[ma_mix(ma_mix(key, (uintptr_t)call), tid) %
				 MA_ACTIVE_MEMO_SLOTS];
}

static bool memo_hit(const struct ma_active_memo *m, uint64_t key,
		     const struct wl_node *call, unsigned tid)
{
	return m->used && m->env == key && m->call == call && m->tid == tid;
}

static void memo_fill(struct ma_active_memo *m, uint64_t key,
		      const struct wl_node *call, unsigned tid, bool active)
{
	m->used = true;
	m->env = key;
	m->call = call;
	m->tid = tid;
	m->active = active;
}

static bool caller_active(struct wl_mem *mem, const struct ma_env *env,
			  unsigned tid)
{
	struct ma_env up = *env;
	struct wl_node *call = env->frame->call;
	struct ma_active_memo *m;
	uint64_t key;
	bool active;

	up.frame = env->frame->up;
	key = ma_env_key(&up);
	m = active_slot(mem, key, call, tid);
	if (memo_hit(m, key, call, tid))
		return m->active;
	active = ma_active(mem, call, &up, tid);
	/* the callers' own calls may take the slot meanwhile: fill it after */
	memo_fill(m, key, call, tid, active);
	return active;
}

bool ma_active(struct wl_mem *mem, struct wl_node *node,
	       const struct ma_env *env, unsigned tid)
{
	if (ruled_out_in_function(mem, node, env, tid))
		return false;
	if (!env->frame || !env->frame->call)
		return true;
	return caller_active(mem, env, tid);
}

void ma_forget_active(struct wl_mem *mem)
{
	if (mem->active_memo)
		memset(mem->active_memo, 0,
		       MA_ACTIVE_MEMO_SLOTS * sizeof(*mem->active_memo));
	if (mem->split_memo)
		memset(mem->split_memo, 0,
		       MA_SPLIT_MEMO_SLOTS * sizeof(*mem->split_memo));
}

