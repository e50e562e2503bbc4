/* SPDX-License-Identifier: MIT */
/*
 * The value of an integer expression for one thread (see memint.h).
 *
 * What it knows: constants, the built-in variables (ma_builtin_value():
 * threadIdx.x is the thread, blockIdx and threadIdx.y/z are the same in
 * every lane, blockDim.x is MA_BLOCK_DIM, unless the block's rows are
 * narrower than a warp), locals from their initializer and the unconditional
 * assignments before the use, loop variables the walk binds, parameters
 * through the call being walked, class fields through the constructor
 * that set them, the lane index however it is spelled (`tid & 31`, an asm
 * read of %laneid, a LaneId() helper, a cooperative group's
 * thread_rank()), and small helpers that return an expression.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/memint.h"
#include "base/util.h"


struct wl_node *ma_strip(struct wl_node *n)
{
	for (;;) {
		n = wl_node_strip(n);
		if (!n)
			return NULL;
		if ((n->kind == CXCursor_UnexposedExpr ||
		     n->kind == CXCursor_CXXReinterpretCastExpr ||
		     n->kind == CXCursor_CXXConstCastExpr) &&
		    n->nr_kids >= 1) {
			n = n->kids[n->nr_kids - 1];
			continue;
		}
		return n;
	}
}

int ma_param_index(struct wl_func *fn, CXCursor decl)
{
	unsigned i;

	for (i = 0; fn && i < fn->nr_params; i++)
		if (wl_cursor_equal(fn->params[i]->cursor, decl))
			return (int)i;
	return -1;
}

/* ---- locals ----------------------------------------------------------- */

/* Whether @w runs every time its variable's scope runs: no branch. */
static bool unconditional(struct wl_node *w, struct wl_node *scope)
{
	struct wl_node *n;

	for (n = w; n && n != scope; n = n->parent)
		if (n->role == WL_ROLE_THEN || n->role == WL_ROLE_ELSE ||
		    n->role == WL_ROLE_BODY || n->role == WL_ROLE_AND_RHS ||
		    n->role == WL_ROLE_OR_RHS || n->role == WL_ROLE_INC ||
		    n->role == WL_ROLE_COND)
			return false;
	return n == scope;
}

/*
 * Whether a write @w feeds back into a read at @at: some loop around @w
 * (inside @scope) also holds @at and not @reset, the assignment (or the
 * declaration) that sets the variable again on every trip before @at.
 */
static bool feeds_back(struct wl_node *w, struct wl_node *at,
		       struct wl_node *reset, struct wl_node *scope)
{
	struct wl_node *n;

	for (n = w->parent; n && n != scope; n = n->parent)
		if (wl_node_is_loop(n) && wl_node_within(at, n) &&
		    !(reset && wl_node_within(reset, n)))
			return true;
	return false;
}

/* A plain assignment that runs whenever @at does, before it. */
static bool resets_before(struct wl_node *w, struct wl_node *at)
{
	struct wl_node *common;

	if (w->kind != CXCursor_BinaryOperator || w->index >= at->index ||
	    wl_node_within(at, w))
		return false;
	common = wl_node_common(w, at);
	return common && unconditional(w, common);
}

struct escape_scan {
	struct wl_mem *mem;
	CXCursor decl;
	bool escapes;
};

static bool find_escape(struct wl_node *n, void *data)
{
	struct escape_scan *es = data;
	struct wl_node *u, *p;
	struct wl_func *fn;
	unsigned i;

	if (n->kind == CXCursor_GCCAsmStmt) {
		es->escapes = true;	/* operands may be outputs */
		return false;
	}
	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n),
				es->decl))
		return true;
	for (u = n; u->parent && u->parent->kind == CXCursor_ParenExpr;)
		u = u->parent;
	p = u->parent;
	if (p && p->kind == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(p->cursor) ==
		    CXUnaryOperator_AddrOf)
		es->escapes = true;
	if (p && p->kind == CXCursor_CallExpr) {
		fn = wl_call_target(&es->mem->ctx->model, p);
		for (i = 1; i < p->nr_kids && p->kids[i] != u; i++)
			;
		if (!fn || i > fn->nr_params ||
		    clang_getCursorType(fn->params[i - 1]->cursor).kind ==
			    CXType_LValueReference)
			es->escapes = true;
	}
	return !es->escapes;
}

/*
 * eval.c counts a variable passed bare to a call as escaping (it may bind
 * to a reference).  In a template every argument is bare; a call of one of
 * the file's own functions with a by-value parameter does not escape.
 */
static bool escapes(struct wl_mem *mem, struct wl_var *v)
{
	struct escape_scan es = { mem, v->decl, false };
	unsigned i;

	if (!v->addr_taken)
		return false;
	if (!v->decl_node || !v->decl_node->func || !v->decl_node->func->body)
		return true;
	/* asked for every thread of every event: remember the answer */
	for (i = 0; i < mem->nr_escape; i++)
		if (mem->escape[i].var == v)
			return mem->escape[i].escapes;
	wl_node_walk(v->decl_node->func->body, find_escape, &es);
	WL_GROW(mem->escape, mem->nr_escape, mem->alloc_escape);
	mem->escape[mem->nr_escape].var = v;
	mem->escape[mem->nr_escape++].escapes = es.escapes;
	return es.escapes;
}

/*
 * The value of local @v at the reference @at: its initializer, or the
 * last plain assignment that runs whenever @at does (`x = s_total;`),
 * then the unconditional assignments between, in order (`idx += 32`).
 * A write at or after @at inside a loop around both feeds back, unless
 * that starting point is inside the loop too.  A write that holds @at
 * (`s[i++]`, `x = x + 1`) reads the value before it.
 */
static bool eval_local_uncached(struct ma_eval *ev, struct wl_var *v,
				struct wl_node *at, const struct ma_env *env,
				long long *out)
{
	struct wl_node *from = v->decl_node, *first = v->init;
	long long val, rhs, r;
	unsigned i;

	if (v->is_lane_id && !v->nr_writes) {
		ev->assumed = true;
		*out = ma_tid(ev) & 31;
		return true;
	}
	if (escapes(ev->mem, v))
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i];

		if (w->nr_kids == 2 && resets_before(w, at) &&
		    (from == v->decl_node || w->index > from->index)) {
			from = w;
			first = w->kids[1];
		}
	}
	if (!first || !ma_eval(ev, first, env, &val))
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i];

		/* evaluating just before a loop: its own writes come later */
		if (w == from || (w != at && wl_node_within(w, at)))
			continue;
		if (w->index > at->index || wl_node_within(at, w)) {
			if (feeds_back(w, at, from, v->scope))
				return false;
			continue;
		}
		if (from != v->decl_node && w->index < from->index)
			continue;	/* overwritten by @from */
		if (!unconditional(w, wl_node_common(w, at)))
			return false;
		if (w->kind == CXCursor_UnaryOperator) {
			enum CXUnaryOperatorKind op =
				clang_getCursorUnaryOperatorKind(w->cursor);

			val += (op == CXUnaryOperator_PostInc ||
				op == CXUnaryOperator_PreInc) ? 1 : -1;
			continue;
		}
		if (w->nr_kids != 2 || !ma_eval(ev, w->kids[1], env, &rhs))
			return false;
		if (w->kind == CXCursor_BinaryOperator) {
			val = rhs;
		} else if (!wl_binop_fold(wl_node_binop(w),
					val, rhs, &r)) {
			return false;
		} else {
			val = r;
		}
	}
	*out = val;
	return true;
}

/*
 * The memo of eval_local(): direct-mapped, a slot overwritten on a
 * collision.  The key is the context's content (bindings, the frames'
 * calls and objects, loops held), never the address of a frame, which a
 * later walk may reuse for another call.
 */
#define MA_LOCAL_MEMO_SLOTS 16384u
/* Failures deeper than this may be the depth limit's, not the value's. */
#define MA_LOCAL_MEMO_DEPTH 8

struct ma_local_memo {
	uint64_t env;
	const struct wl_var *var;
	const struct wl_node *at;
	unsigned tid;
	long long value;
	bool used, ok, opaque, guessed, assumed;
	bool read_tid;		/* the thread's index: see ma_tid() */
};

void ma_model_rows(struct wl_mem *mem, unsigned width, bool rounded)
{
	mem->row_width = width;
	mem->row_width_rounded = width && rounded;
	if (mem->local_memo)
		memset(mem->local_memo, 0,
		       MA_LOCAL_MEMO_SLOTS * sizeof(*mem->local_memo));
	ma_forget_thread_values(mem);
	ma_raw_forget_values(mem);
}

static bool eval_local(struct ma_eval *ev, struct wl_var *v,
		       struct wl_node *at, const struct ma_env *env,
		       long long *out)
{
	struct wl_node *use = at;
	struct ma_eval sub = *ev;
	uint64_t key = ma_env_key(env);
	struct ma_local_memo *m;
	unsigned slot, tid = ev->tid, reads;
	bool ok;

	/* Never assigned after its declaration: the same at every use. */
	if (!v->nr_writes)
		at = NULL;
	/*
	 * What the uniformity analysis proves the same across the block
	 * (or a warp) is the same for every thread here too: sizes and
	 * offsets are computed once, not once per thread.
	 */
	if (v->dep <= WL_DEP_BLOCK)
		tid = 0;
	else if (v->dep == WL_DEP_WARP)
		tid &= ~31u;

	if (!ev->mem->local_memo)
		ev->mem->local_memo = wl_xcalloc(MA_LOCAL_MEMO_SLOTS,
						 sizeof(*m));
	slot = (unsigned)(ma_mix(ma_mix(key, (uintptr_t)v), (uintptr_t)at * 31 +
					  tid) %
			  MA_LOCAL_MEMO_SLOTS);
	m = &ev->mem->local_memo[slot];
	if (m->used && m->env == key && m->var == v && m->at == at &&
	    m->tid == tid) {
		if (m->read_tid)
			ma_tid(ev);
		if (!m->ok)
			return false;
		ev->opaque |= m->opaque;
		ev->guessed |= m->guessed;
		ev->assumed |= m->assumed;
		*out = m->value;
		return true;
	}
	sub.opaque = sub.guessed = sub.assumed = false;
	reads = ev->tid_reads ? *ev->tid_reads : 0;
	ok = eval_local_uncached(&sub, v, use, env, out);
	ev->opaque |= sub.opaque;
	ev->guessed |= sub.guessed;
	ev->assumed |= sub.assumed;
	if (ok || ev->depth <= MA_LOCAL_MEMO_DEPTH) {
		m->used = true;
		m->env = key;
		m->var = v;
		m->at = at;
		m->tid = tid;
		m->ok = ok;
		m->value = ok ? *out : 0;
		m->opaque = sub.opaque;
		m->guessed = sub.guessed;
		m->assumed = sub.assumed;
		/* not counted: take it as read */
		m->read_tid = !ev->tid_reads || *ev->tid_reads != reads;
	}
	return ok;
}

bool ma_eval_var_before(struct wl_mem *mem, struct wl_var *v,
			struct wl_node *at, const struct ma_env *env,
			long long *out)
{
	struct ma_eval a = { .mem = mem, .tid = 0 }, b = { .mem = mem, .tid = 37 };
	long long v2;

	return eval_local(&a, v, at, env, out) && !a.opaque &&
	       eval_local(&b, v, at, env, &v2) && !b.opaque && *out == v2;
}

/* ---- parameters and frames ------------------------------------------ */

unsigned ma_call_args(struct wl_mem *mem, struct wl_node *call,
		      struct wl_node **args, unsigned max)
{
	struct wl_func *fn = wl_call_target(&mem->ctx->model, call);
	unsigned i, n = 0;

	/* a construction has no callee child: its kids are the arguments */
	if (!fn || clang_getCursorKind(fn->cursor) != CXCursor_Constructor)
		return wl_call_args(call, args, max);
	for (i = 0; i < call->nr_kids; i++) {
		if (!call->kids[i]->in_main)
			continue;	/* a default argument */
		if (n < max)
			args[n] = call->kids[i];
		n++;
	}
	return n;
}

/*
 * The default argument of parameter @p (`int tid = threadIdx.x`), or
 * NULL.  Its last child is not enough: `T s[][N]` has N as a child.
 */
static struct wl_node *default_argument(struct wl_mem *mem,
					struct wl_node *p)
{
	CXTranslationUnit tu = mem->ctx->tu;
	struct wl_node *d;
	CXToken *tokens = NULL;
	unsigned nr = 0, i, at, off;
	bool assigned = false;

	if (!p->nr_kids)
		return NULL;
	d = p->kids[p->nr_kids - 1];
	if (!clang_isExpression(d->kind))
		return NULL;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(
				      d->cursor)), NULL, NULL, NULL, &at);
	clang_tokenize(tu, clang_getCursorExtent(p->cursor), &tokens, &nr);
	for (i = 0; i < nr && !assigned; i++) {
		CXString sp = clang_getTokenSpelling(tu, tokens[i]);

		clang_getFileLocation(clang_getTokenLocation(tu, tokens[i]),
				      NULL, NULL, NULL, &off);
		assigned = off < at && !strcmp(clang_getCString(sp), "=");
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, tokens, nr);
	return assigned ? d : NULL;
}

struct wl_node *ma_frame_arg(struct wl_mem *mem, const struct ma_env *env,
			     struct wl_func *fn, int pi, struct ma_env *up)
{
	struct wl_node *args[16], *call = NULL;
	unsigned n;

	if (!fn || pi < 0 || pi >= 16)
		return NULL;
	memset(up, 0, sizeof(*up));
	if (env && env->frame && env->frame->fn == fn) {
		call = env->frame->call;
		if (!call)
			return NULL;	/* a constructor nobody is seen calling */
		*up = *env;
		up->frame = env->frame->up;
	} else if (env && env->frame) {
		return NULL;	/* in a walk, but not in this call: unbound */
	} else if (fn->nr_callers) {
		/* a recursive call only passes on what another caller gave */
		unsigned i;

		for (i = 0; i < fn->nr_callers && !call; i++)
			if (fn->callers[i]->func != fn)
				call = fn->callers[i];
		if (!call)
			return NULL;
	} else if (pi < (int)fn->nr_params) {
		/*
		 * Nobody in sight calls it: what the helper itself says a
		 * parameter is when left out (`int tid = threadIdx.x`).
		 */
		return default_argument(mem, fn->params[pi]);
	} else {
		return NULL;
	}
	n = ma_call_args(mem, call, args, 16);
	if ((unsigned)pi >= n || (unsigned)pi >= 16) {
		/* not written at the call: the parameter's default argument */
		memset(up, 0, sizeof(*up));
		return pi < (int)fn->nr_params
			       ? default_argument(mem, fn->params[pi])
			       : NULL;
	}
	return args[pi];
}

static bool eval_param(struct ma_eval *ev, struct wl_node *ref, CXCursor d,
		       const struct ma_env *env, long long *out)
{
	struct wl_func *fn = ref->func;
	struct wl_node *arg;
	struct ma_env up;
	int pi = ma_param_index(fn, d);

	if (pi < 0)
		return false;
	arg = ma_frame_arg(ev->mem, env, fn, pi, &up);
	if (arg)
		return ma_eval(ev, arg, &up, out);
	if (!ma_is_integer_type(clang_getCursorType(d)))
		return false;
	if (fn->flags & WL_FUNC_KERNEL) {
		/* A kernel's integer parameter: the same in every thread. */
		ev->opaque = true;
		*out = ma_opaque_value(d);
		return true;
	}
	if (env && env->frame)
		return false;
	/*
	 * Nobody in the file calls it: an integer parameter used in an index
	 * is taken to be the thread index (warpReduce(s, tid)); the messages
	 * say "lane tid" accordingly.
	 */
	if (fn->nr_callers)
		return false;
	ev->guessed = true;
	*out = ma_tid(ev);
	return true;
}

bool ma_this_object(const struct ma_env *env, struct wl_node **obj,
		    struct ma_env *obj_env)
{
	struct ma_frame *f;

	for (f = env ? env->frame : NULL; f; f = f->up) {
		if (f->object) {
			*obj = f->object;
			*obj_env = *env;
			obj_env->frame = f->up;
			return true;
		}
		if (!f->on_this)
			return false;
	}
	return false;
}

/*
 * The node declaring local @decl in @fn: eval.c follows scalars only, so
 * an object (`warp_prefix<int> scan(space[w]);`) is looked up here, once.
 */
static struct wl_node *local_decl(struct wl_mem *mem, struct wl_func *fn,
				  CXCursor decl)
{
	struct wl_mem_cache_entry *e = ma_raw_find(mem, decl, MA_CACHE_DECL);
	struct wl_node *found = NULL;

	if (e)
		return e->node;
	if (fn && fn->body)
		found = wl_node_find(fn->body, decl);
	if (found && found->kind != CXCursor_VarDecl)
		found = NULL;
	ma_raw_remember(mem, decl, MA_CACHE_DECL)->node = found;
	return found;
}

/* The construction expression behind object @obj, if it can be seen. */
static struct wl_node *construction(struct wl_mem *mem, struct wl_node *obj,
				    const struct ma_env *env,
				    struct ma_env *cenv, int depth)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_func *fn;
	CXCursor d;

	obj = ma_strip(obj);
	if (!obj || depth > MA_MAX_DEPTH)
		return NULL;
	*cenv = *env;
	/* `helper(&cta)`, the helper using `cta->member`: the object itself */
	if (obj->kind == CXCursor_UnaryOperator && obj->nr_kids == 1 &&
	    clang_getCursorUnaryOperatorKind(obj->cursor) ==
		    CXUnaryOperator_AddrOf)
		return construction(mem, obj->kids[0], env, cenv, depth + 1);
	if (obj->kind == CXCursor_CallExpr) {
		fn = wl_call_target(m, obj);
		if (fn && clang_getCursorKind(fn->cursor) ==
				  CXCursor_Constructor)
			return obj;
		return NULL;
	}
	if (obj->kind != CXCursor_DeclRefExpr)
		return NULL;
	d = wl_node_referenced(obj);
	if (clang_getCursorKind(d) == CXCursor_VarDecl) {
		struct wl_node *dn = local_decl(mem, obj->func, d);
		unsigned i;

		if (!dn)
			return NULL;
		/* `Scan s(temp);`: the VarDecl holds the construction */
		for (i = dn->nr_kids; i-- > 0;) {
			struct wl_node *k = ma_strip(dn->kids[i]);

			if (k && k->kind == CXCursor_CallExpr)
				return construction(mem, k, env, cenv,
						    depth + 1);
		}
		return NULL;
	}
	if (clang_getCursorKind(d) == CXCursor_ParmDecl) {
		struct ma_env up;
		struct wl_node *arg = ma_frame_arg(mem, env, obj->func,
						   ma_param_index(obj->func, d),
						   &up);

		return arg ? construction(mem, arg, &up, cenv, depth + 1)
			   : NULL;
	}
	return NULL;
}

/* The kid of constructor @ctor that initializes @field, or NULL. */
static struct wl_node *ctor_init_of(struct wl_func *ctor, CXCursor field)
{
	struct wl_node *root = ctor->root;
	unsigned i;

	for (i = 0; i + 1 < root->nr_kids; i++) {
		struct wl_node *k = root->kids[i];

		if (k->kind == CXCursor_MemberRef &&
		    wl_cursor_equal(wl_node_referenced(k),
				       field))
			return root->kids[i + 1];
	}
	/* `lane_id = LaneId();` in the constructor's body */
	for (i = 0; ctor->body && i < ctor->body->nr_kids; i++) {
		struct wl_node *s = ma_strip(ctor->body->kids[i]), *l;

		if (!s || s->kind != CXCursor_BinaryOperator ||
		    s->nr_kids != 2 ||
		    wl_node_binop(s) !=
			    CXBinaryOperator_Assign)
			continue;
		l = ma_strip(s->kids[0]);
		if (l && l->kind == CXCursor_MemberRefExpr &&
		    wl_cursor_equal(wl_node_referenced(l),
				       field))
			return s->kids[1];
	}
	return NULL;
}

struct wl_node *ma_field_init(struct wl_mem *mem, CXCursor field,
			      struct wl_node *obj, const struct ma_env *obj_env,
			      struct ma_frame *frame, struct ma_env *init_env)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_node *cons = NULL, *init = NULL;
	struct wl_func *ctor = NULL;
	struct wl_mem_cache_entry *e;
	struct ma_env cenv;
	unsigned i;

	memset(frame, 0, sizeof(*frame));
	memset(init_env, 0, sizeof(*init_env));
	if (obj)
		cons = construction(mem, obj, obj_env, &cenv, 0);
	if (cons) {
		ctor = wl_call_target(m, cons);
		init = ctor ? ctor_init_of(ctor, field) : NULL;
		if (init) {
			frame->call = cons;
			frame->fn = ctor;
			frame->up = cenv.frame;
			*init_env = cenv;
			init_env->frame = frame;
			return init;
		}
	}
	/*
	 * No construction in sight: the constructor that sets the field,
	 * looked for once per field (every lane of every event asks).
	 */
	e = ma_raw_find(mem, field, MA_CACHE_FIELD_INIT);
	if (!e) {
		CXCursor cls = clang_getCursorSemanticParent(field);

		for (i = 0; i < m->nr_funcs && !init; i++) {
			ctor = m->funcs[i];
			if (clang_getCursorKind(ctor->cursor) ==
				    CXCursor_Constructor &&
			    wl_cursor_equal(clang_getCursorSemanticParent(
						    ctor->cursor),
					    cls))
				init = ctor_init_of(ctor, field);
		}
		e = ma_raw_remember(mem, field, MA_CACHE_FIELD_INIT);
		e->node = init;
		e->ctor = init ? ctor : NULL;
	}
	if (!e->node)
		return NULL;
	frame->fn = e->ctor;
	/* an unknown call: parameters stay unbound */
	init_env->frame = frame;
	frame->call = NULL;
	return e->node;
}

struct wl_node *ma_member_init(struct ma_eval *ev, struct wl_node *n,
				CXCursor field, const struct ma_env *env,
				struct ma_frame *frame, struct ma_env *init_env)
{
	struct wl_node *obj = NULL, *base;
	struct ma_env oenv;

	base = n->nr_kids ? ma_strip(n->kids[0]) : NULL;
	memset(&oenv, 0, sizeof(oenv));
	if (!base || base->kind == CXCursor_CXXThisExpr) {
		if (!ma_this_object(env, &obj, &oenv))
			obj = NULL;
	} else {
		obj = base;
		if (env)
			oenv = *env;
	}
	return ma_field_init(ev->mem, field, obj, &oenv, frame, init_env);
}

bool ma_init_enter(struct ma_eval *ev, struct ma_init_guard *guard,
		   const struct wl_node *init, const struct ma_frame *frame)
{
	const struct ma_init_guard *g;

	guard->init = NULL;
	if (frame->call)
		return true;	/* bound to a construction: the frames progress */
	for (g = ev->unbound_inits; g; g = g->up)
		if (g->init == init)
			return false;
	guard->init = init;
	guard->up = ev->unbound_inits;
	ev->unbound_inits = guard;
	return true;
}

void ma_init_leave(struct ma_eval *ev, const struct ma_init_guard *guard)
{
	if (guard->init)
		ev->unbound_inits = guard->up;
}

/* A non-static data member of `this` or of a local object. */
static bool eval_field(struct ma_eval *ev, struct wl_node *n, CXCursor field,
		       const struct ma_env *env, long long *out)
{
	struct ma_env ienv;
	struct ma_frame frame;
	struct ma_init_guard guard;
	struct wl_node *init = ma_member_init(ev, n, field, env, &frame, &ienv);
	bool ok;

	if (!init || !ma_init_enter(ev, &guard, init, &frame))
		return false;
	ok = ma_eval(ev, init, &ienv, out);
	ma_init_leave(ev, &guard);
	return ok;
}

/* "LaneId", "laneid", "get_lane_id": lowercase, no underscores. */
static bool lane_id_name(const char *name)
{
	char buf[32];

	wl_fold_name(name, buf, sizeof(buf));
	return !strcmp(buf, "laneid") || !strcmp(buf, "getlaneid") ||
	       !strcmp(buf, "laneidx");
}

/* ---- calls ------------------------------------------------------------ */

/*
 * Whether the class @t names (through a pointer or a reference) is
 * spelled with "thread_block": only then is its whole spelling worth
 * printing, which for the iterator types of a template library runs to
 * kilobytes, and `.size()` is asked of every one of them, per thread.
 */
static bool names_thread_block(CXType t)
{
	CXCursor d;
	CXString s;
	const char *name;
	bool yes;

	t = wl_type_non_reference(t);
	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	d = clang_getTypeDeclaration(clang_getCanonicalType(t));
	s = clang_getCursorSpelling(d);
	name = clang_getCString(s);
	yes = name && strstr(name, "thread_block");
	clang_disposeString(s);
	return yes;
}

/*
 * The group type @t spells: -1 none, 0 a thread block, N a
 * `thread_block_tile<N>` (through a pointer or reference too).
 */
static long long group_size_of(CXType t)
{
	CXString s;
	const char *p;
	long long n = -1;

	if (!names_thread_block(t))
		return -1;
	s = clang_getTypeSpelling(clang_getCanonicalType(t));
	p = clang_getCString(s);
	if (strstr(p, "thread_block_tile")) {
		p = strstr(p, "thread_block_tile<");
		if (p)
			n = strtoll(p + strlen("thread_block_tile<"), NULL, 10);
		if (n <= 0)
			n = -1;
	} else if (strstr(p, "thread_block")) {
		n = 0;
	}
	clang_disposeString(s);
	return n;
}

/*
 * The type of the object before a conversion to its base class: libclang
 * shows `tile` in `tile.thread_rank()` as an unexposed conversion to
 * thread_group whose operand only the raw cursor tree holds.
 */
static enum CXChildVisitResult find_typed(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	CXType *t = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr ||
	    clang_getCursorKind(c) == CXCursor_CallExpr ||
	    clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
		*t = clang_getCursorType(c);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * The group the object of @call is: -1 none, 0 a thread block, N a tile
 * of N threads.  The same for every thread, so worked out once a call.
 */
static long long group_of(struct wl_mem *mem, struct wl_node *call,
			  struct wl_node *obj)
{
	long long n;
	CXType t;

	if (call->index < mem->nr_access_of) {
		if (!mem->group_of)
			mem->group_of = wl_xcalloc(mem->nr_access_of,
						   sizeof(*mem->group_of));
		if (mem->group_of[call->index])
			return mem->group_of[call->index] - 2;
	}
	t = clang_getCursorType(obj->cursor);
	n = group_size_of(t);
	/* under the conversion to thread_group, the tile's own type */
	if (n < 0) {
		clang_visitChildren(obj->cursor, find_typed, &t);
		n = group_size_of(t);
	}
	if (call->index < mem->nr_access_of)
		mem->group_of[call->index] = n + 2;
	return n;
}

/* tile.thread_rank(), block.thread_rank(), cg::thread_rank(g). */
static bool eval_group_call(struct ma_eval *ev, struct wl_node *call,
			    const char *name, long long *out)
{
	struct wl_node *callee = call->nr_kids ? ma_strip(call->kids[0]) : NULL;
	struct wl_node *obj = NULL;
	long long n;

	if (strcmp(name, "thread_rank") && strcmp(name, "size") &&
	    strcmp(name, "num_threads"))
		return false;
	if (callee && callee->kind == CXCursor_MemberRefExpr &&
	    callee->nr_kids == 1)
		obj = callee->kids[0];
	else if (call->nr_kids == 2)
		obj = call->kids[1];	/* cg::thread_rank(g) */
	if (!obj)
		return false;
	n = group_of(ev->mem, call, obj);
	ev->assumed = true;
	if (n > 0) {
		*out = !strcmp(name, "thread_rank") ? ma_tid(ev) % n : n;
		return true;
	}
	if (n == 0) {
		*out = !strcmp(name, "thread_rank") ? ma_tid(ev)
						      : MA_BLOCK_DIM;
		return true;
	}
	return false;
}

/* min(a, b) and friends that real indices use. */
static bool eval_math_call(struct ma_eval *ev, struct wl_node *call,
			   const char *name, const struct ma_env *env,
			   long long *out)
{
	struct wl_node *args[3];
	long long a, b;
	bool is_min;

	if (!strcmp(name, "min") || !strcmp(name, "umin") ||
	    !strcmp(name, "imin"))
		is_min = true;
	else if (!strcmp(name, "max") || !strcmp(name, "umax") ||
		 !strcmp(name, "imax"))
		is_min = false;
	else if (!strcmp(name, "__mul24") || !strcmp(name, "__umul24")) {
		if (wl_call_args(call, args, 3) != 2 ||
		    !ma_eval(ev, args[0], env, &a) ||
		    !ma_eval(ev, args[1], env, &b))
			return false;
		*out = a * b;
		return true;
	} else
		return false;
	if (wl_call_args(call, args, 3) != 2 || !ma_eval(ev, args[0], env, &a) ||
	    !ma_eval(ev, args[1], env, &b))
		return false;
	*out = is_min ? (a < b ? a : b) : (a > b ? a : b);
	return true;
}

/*
 * A helper of the file whose body is declarations and asm, then
 * `return EXPR;`: EXPR with the call's arguments bound.
 */
static bool eval_model_call(struct ma_eval *ev, struct wl_node *call,
			    struct wl_func *fn, const struct ma_env *env,
			    long long *out)
{
	struct wl_node *body = fn->body, *ret;
	struct ma_frame f;
	struct ma_env e;
	unsigned i;

	if (!body || !body->nr_kids)
		return false;
	for (i = 0; i + 1 < body->nr_kids; i++)
		if (body->kids[i]->kind != CXCursor_DeclStmt &&
		    body->kids[i]->kind != CXCursor_GCCAsmStmt)
			return false;
	ret = body->kids[body->nr_kids - 1];
	if (ret->kind != CXCursor_ReturnStmt || ret->nr_kids != 1)
		return false;
	memset(&f, 0, sizeof(f));
	f.call = call;
	f.fn = fn;
	f.up = env ? env->frame : NULL;
	if (env)
		e = *env;
	else
		memset(&e, 0, sizeof(e));
	e.frame = &f;
	return ma_eval(ev, ret->kids[0], &e, out);
}

static bool eval_call(struct ma_eval *ev, struct wl_node *n,
		      const struct ma_env *env, long long *out)
{
	struct wl_model *m = &ev->mem->ctx->model;
	const char *name = wl_call_name(m, n);
	struct wl_func *fn;
	CXCursor ref;

	if (eval_group_call(ev, n, name, out) ||
	    eval_math_call(ev, n, name, env, out))
		return true;
	fn = wl_call_target(m, n);
	if (fn)
		return eval_model_call(ev, n, fn, env, out);
	/* A header's function: LaneId() reads %laneid in asm. */
	ref = wl_node_referenced(n);
	if (!clang_Cursor_isNull(ref) && ma_raw_lane_id(ev->mem, ref)) {
		ev->assumed = true;
		*out = ma_tid(ev) & 31;
		return true;
	}
	/* warp_id() { return threadIdx.x >> 5; } in a header */
	if (!clang_Cursor_isNull(ref) && !wl_call_args(n, NULL, 0) &&
	    ma_raw_value(ev->mem, ref, ma_tid(ev), out)) {
		ev->assumed = true;
		return true;
	}
	if (lane_id_name(name) && wl_call_args(n, NULL, 0) == 0) {
		ev->assumed = true;
		*out = ma_tid(ev) & 31;
		return true;
	}
	return false;
}

/* ---- names ------------------------------------------------------------ */

static bool eval_builtin(struct ma_eval *ev, struct wl_node *n, long long *out)
{
	const char *b = wl_node_builtin_var(&ev->mem->ctx->model, n);
	const char *dot = b ? strchr(b, '.') : NULL;
	char var[16];

	if (!dot || dot - b >= (long)sizeof(var))
		return false;
	memcpy(var, b, (size_t)(dot - b));
	var[dot - b] = 0;
	ev->assumed = true;	/* a thread's, or the model's launch shape */
	return ma_builtin_value(ev->mem, var, dot[1], ma_tid(ev), out);
}

/* An unknown value that is the same in every lane of a warp. */
static bool opaque(struct ma_eval *ev, CXCursor d, long long *out)
{
	ev->opaque = true;
	*out = ma_opaque_value(d);
	return true;
}

/* A per-thread loop counter: its value before the loop, plus its steps. */
static bool eval_counter(struct ma_eval *ev, struct wl_node *n,
			 const struct ma_bind *b, const struct ma_env *env,
			 long long *out)
{
	struct wl_var *v = wl_eval_var(&ev->mem->ctx->eval, n);
	struct ma_env before = *env;
	long long base;

	ma_unbind(&before, b->decl);
	if (!v || v->is_param || !eval_local(ev, v, b->entry, &before, &base))
		return false;
	*out = base + b->value;
	return true;
}

static bool eval_declref(struct ma_eval *ev, struct wl_node *n,
			 const struct ma_env *env, long long *out)
{
	CXCursor d = wl_node_referenced(n);
	enum CXCursorKind k = clang_getCursorKind(d);
	const struct ma_bind *b = ma_binding(env, d);

	if (b && b->entry)
		return eval_counter(ev, n, b, env, out);
	if (b) {
		*out = b->value;
		ev->opaque |= b->opaque;
		return true;
	}
	if (wl_node_int_value(n, out))
		return true;
	switch (k) {
	case CXCursor_NonTypeTemplateParameter:
		return opaque(ev, d, out);
	case CXCursor_EnumConstantDecl:
		return ma_eval_constant(ev, d, env, out) || opaque(ev, d, out);
	case CXCursor_ParmDecl:
		return eval_param(ev, n, d, env, out);
	case CXCursor_VarDecl: {
		struct wl_var *v = wl_eval_var(&ev->mem->ctx->eval, n);
		CXString s;
		bool ws;

		if (v && !v->is_param)
			return eval_local(ev, v, n, env, out);
		/* warpSize is a builtin constant, not a variable. */
		s = clang_getCursorSpelling(d);
		ws = !strcmp(clang_getCString(s), "warpSize");
		clang_disposeString(s);
		if (ws) {
			*out = 32;
			return true;
		}
		/* a static or namespace-scope constant clang cannot fold */
		if (clang_isConstQualifiedType(clang_getCursorType(d)) &&
		    ma_is_integer_type(clang_getCursorType(d)))
			return ma_eval_constant(ev, d, env, out) ||
			       opaque(ev, d, out);
		return false;
	}
	default:
		return false;
	}
}

static bool eval_member(struct ma_eval *ev, struct wl_node *n,
			const struct ma_env *env, long long *out)
{
	CXCursor d;

	if (eval_builtin(ev, n, out))
		return true;
	if (wl_node_int_value(n, out))
		return true;
	d = wl_node_referenced(n);
	if (clang_Cursor_isNull(d))
		return false;
	if (clang_getCursorKind(d) == CXCursor_FieldDecl &&
	    ma_is_integer_type(clang_getCursorType(d))) {
		if (eval_field(ev, n, d, env, out))
			return true;
		if (wl_eval_dep(&ev->mem->ctx->eval, n) <= WL_DEP_WARP)
			return opaque(ev, d, out);	/* dim.cols */
		return false;
	}
	if ((clang_getCursorKind(d) == CXCursor_VarDecl ||
	     clang_getCursorKind(d) == CXCursor_EnumConstantDecl) &&
	    ma_is_integer_type(clang_getCursorType(d)))	/* Traits::kSize */
		return ma_eval_constant(ev, d, env, out) || opaque(ev, d, out);
	return false;
}

/*
 * Each side with its own opaque mark: `blockIdx.x * n` is 0 in every
 * lane whatever the kernel's n is, and that 0 is exact.
 */
static bool eval_binop(struct ma_eval *ev, struct wl_node *n,
		       const struct ma_env *env, long long *out)
{
	enum CXBinaryOperatorKind op =
		wl_node_binop(n);
	struct ma_eval l = *ev, r = *ev;
	long long a, b;

	if (n->nr_kids != 2)
		return false;
	l.opaque = r.opaque = false;
	if (!ma_eval(&l, n->kids[0], env, &a))
		return false;
	ev->guessed |= l.guessed;
	ev->assumed |= l.assumed;
	if (!l.opaque && ((op == CXBinaryOperator_LAnd && !a) ||
			  (op == CXBinaryOperator_LOr && a))) {
		*out = op == CXBinaryOperator_LOr;
		return true;
	}
	if (!ma_eval(&r, n->kids[1], env, &b))
		return false;
	ev->guessed |= r.guessed;
	ev->assumed |= r.assumed;
	if (op == CXBinaryOperator_Mul &&
	    ((!a && !l.opaque) || (!b && !r.opaque))) {
		*out = 0;
		return true;
	}
	/*
	 * `1 << STEP` for a template's step: some power of two, taken as
	 * the first (the offsets a tree of steps starts with); still
	 * opaque, so that no condition is decided on it.
	 */
	if (op == CXBinaryOperator_Shl && r.opaque && !l.opaque) {
		ev->opaque = true;
		*out = a;
		return true;
	}
	ev->opaque |= l.opaque | r.opaque;
	return wl_binop_fold(op, a, b, out);
}

bool ma_eval(struct ma_eval *ev, struct wl_node *n, const struct ma_env *env,
	     long long *out)
{
	long long a, b;
	bool ok;

	if (!n || ev->depth > MA_MAX_EVAL_DEPTH)
		return false;
	ev->depth++;
	switch (n->kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		ok = wl_node_int_value(n, out);
		break;
	case CXCursor_MemberRefExpr:
		ok = eval_member(ev, n, env, out);
		break;
	case CXCursor_DeclRefExpr:
		ok = eval_declref(ev, n, env, out);
		break;
	case CXCursor_BinaryOperator:
		ok = eval_binop(ev, n, env, out);
		break;
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(n->cursor);

		ok = n->nr_kids == 1 && ma_eval(ev, n->kids[0], env, &a);
		if (!ok)
			break;
		if (op == CXUnaryOperator_Minus)
			*out = -a;
		else if (op == CXUnaryOperator_Not)
			*out = ~a;
		else if (op == CXUnaryOperator_LNot)
			*out = !a;
		else if (op == CXUnaryOperator_Plus)
			*out = a;
		/* the walk reads an access before its own side effects */
		else if (op == CXUnaryOperator_PostInc ||
			 op == CXUnaryOperator_PostDec)
			*out = a;
		else if (op == CXUnaryOperator_PreInc)
			*out = a + 1;
		else if (op == CXUnaryOperator_PreDec)
			*out = a - 1;
		else
			ok = false;
		break;
	}
	case CXCursor_ConditionalOperator: {
		struct ma_eval c = *ev;

		ok = false;
		if (n->nr_kids != 3)
			break;
		c.opaque = false;
		if (ma_eval(&c, n->kids[0], env, &a) && !c.opaque) {
			ev->guessed |= c.guessed;
			ev->assumed |= c.assumed;
			ok = ma_eval(ev, n->kids[a ? 1 : 2], env, out);
			break;
		}
		/*
		 * A condition on unknown uniform values (IS_ARCH_WARP ?
		 * LaneId() : LaneId() % N): both arms when they agree.
		 */
		if (ma_eval(ev, n->kids[1], env, &a) &&
		    ma_eval(ev, n->kids[2], env, &b) && a == b) {
			*out = a;
			ok = true;
		}
		break;
	}
	case CXCursor_CallExpr:
		ok = eval_call(ev, n, env, out);
		break;
	case CXCursor_UnaryExpr:	/* sizeof, alignof */
		ok = wl_node_int_value(n, out);
		break;
	case CXCursor_ParenExpr:
		ok = n->nr_kids &&
		     ma_eval(ev, n->kids[n->nr_kids - 1], env, out);
		break;
	case CXCursor_UnexposedExpr:	/* an implicit conversion, mostly */
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
		/* `bool odd = tid % 4` holds 1, not 2 */
		ok = n->nr_kids &&
		     ma_eval(ev, n->kids[n->nr_kids - 1], env, out);
		if (ok)
			*out = wl_node_fit_int(n, *out);
		break;
	default:
		ok = false;
		break;
	}
	ev->depth--;
	return ok;
}

/*
 * The memo of ma_eval_thread(): direct-mapped like eval_local()'s, for
 * values that read nothing of the thread.
 */
#define MA_THREAD_MEMO_SLOTS 4096u

struct ma_thread_memo {
	uint64_t env;
	const struct wl_node *n;
	long long value;
	bool used, ok, opaque, guessed, assumed;
};

bool ma_eval_thread(struct wl_mem *mem, struct wl_node *n,
		    const struct ma_env *env, unsigned tid, struct ma_eval *ev,
		    long long *out)
{
	uint64_t key = ma_env_key(env);
	struct ma_thread_memo *m;
	unsigned reads = 0;
	bool ok;

	if (!mem->thread_memo)
		mem->thread_memo = wl_xcalloc(MA_THREAD_MEMO_SLOTS,
					      sizeof(*m));
	m = &mem->thread_memo[ma_mix(key, (uintptr_t)n) % MA_THREAD_MEMO_SLOTS];
	memset(ev, 0, sizeof(*ev));
	ev->mem = mem;
	ev->tid = tid;
	if (m->used && m->env == key && m->n == n) {
		ev->opaque = m->opaque;
		ev->guessed = m->guessed;
		ev->assumed = m->assumed;
		*out = m->value;
		return m->ok;
	}
	ev->tid_reads = &reads;
	ok = ma_eval(ev, n, env, out);
	ev->tid_reads = NULL;
	if (reads)
		return ok;
	m->used = true;
	m->env = key;
	m->n = n;
	m->ok = ok;
	m->value = ok ? *out : 0;
	m->opaque = ev->opaque;
	m->guessed = ev->guessed;
	m->assumed = ev->assumed;
	return ok;
}

void ma_forget_thread_values(struct wl_mem *mem)
{
	if (mem->thread_memo)
		memset(mem->thread_memo, 0,
		       MA_THREAD_MEMO_SLOTS * sizeof(*mem->thread_memo));
}

bool ma_eval_exact(struct wl_mem *mem, struct wl_node *n,
		   const struct ma_env *env, unsigned tid, long long *out)
{
	struct ma_eval ev;

	return ma_eval_thread(mem, n, env, tid, &ev, out) && !ev.opaque;
}

bool ma_eval_known(struct wl_mem *mem, struct wl_node *n,
		   const struct ma_env *env, long long *out)
{
	struct ma_eval ev = { .mem = mem, .tid = 0 };

	return ma_eval(&ev, n, env, out) && !ev.opaque && !ev.assumed &&
	       !ev.guessed;
}

/* The same value in lanes of different warps: warp- and block-uniform. */
bool ma_eval_uniform(struct wl_mem *mem, struct wl_node *n,
		     const struct ma_env *env, long long *out)
{
	long long v2;

	return ma_eval_exact(mem, n, env, 0, out) &&
	       ma_eval_exact(mem, n, env, 37, &v2) && *out == v2;
}
