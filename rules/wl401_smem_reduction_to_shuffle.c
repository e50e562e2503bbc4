/* SPDX-License-Identifier: MIT */
/*
 * WL401 smem-reduction-to-shuffle: a warp-synchronous shared-memory
 * reduction or scan that a shuffle loop can replace.
 * Docs: rules/WL401.md  Corpus: corpus/WL401/
 *
 * Recognised, as consecutive statements of one block (barriers between
 * them allowed, each step optionally under a warp-uniform `if`):
 *
 *   reduction  s[x] += s[x + 32]; s[x] += s[x + 16]; ... s[x] += s[x + 1];
 *              (or s[x] = t = t + s[x + c], the running-sum form), where
 *              x is lane-linear; the step by 32 is optional and stays a
 *              shared-memory read, and the steps 16..1 may be guarded by
 *              `if (N >= 2c)` as in the template-sized reduction;
 *   scan       if (lane >= c) s[x] += s[x - c]; for c = 1, 2, 4, 8, 16.
 *
 * The shuffle loop keeps the combination tree and each addition's operand
 * order (own value first): lane i adds lane i + c's value exactly as the
 * lock-step code added s[x + c] to s[x], so lane 0's reduction and every
 * lane's scan are bit-identical.  The reduction's other lanes end with
 * different partial sums, so the fix is offered only when nothing after
 * the tail reads more than the lane-0 element.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"
#include "analyzer/memaccess.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/memrules.h"
#include "rules/memtext.h"

enum step_kind { STEP_NONE, STEP_BARRIER, STEP_RED, STEP_SCAN };

struct step {
	enum step_kind kind;
	struct wl_node *node;	/* the block's child */
	struct wl_node *stmt;	/* the assignment itself */
	struct wl_node *guard;	/* if condition, or NULL */
	struct wl_node *chain;	/* running-sum variable, or NULL */
	int lhs, rhs;		/* accesses */
	long long c;		/* the distance */
};

struct tail {
	enum step_kind kind;
	struct wl_node *first, *last;	/* block children replaced */
	struct step steps[8];
	unsigned nr_steps;
	bool has_32;		/* reduction: a leading step by 32 */
	bool fixable;
	char *why;		/* not fixable: why */
	char *type;		/* fixable: the register's type */
	char *var;		/* loop form: the loop variable's name */
};

/* A loop variable bound to one of its values, for loop-form tails. */
struct lbind {
	CXCursor var;
	long long value;
	const char *name;
};

static bool index_at(struct wl_mem *mem, int a, unsigned t, long long *v,
		     const struct lbind *b)
{
	bool act;

	if (b)
		return wl_mem_index_bound(mem, (unsigned)a, t, b->var,
					  b->value, v);
	return wl_mem_index(mem, (unsigned)a, t, v, &act);
}

/* s[x] with x - x(lane 0) == lane across a warp. */
static bool lane_linear(struct wl_mem *mem, int a, const struct lbind *b)
{
	long long v0, v;
	unsigned t;

	if (!index_at(mem, a, 0, &v0, b))
		return false;
	for (t = 1; t < 32; t++)
		if (!index_at(mem, a, t, &v, b) || v - v0 != (long long)t)
			return false;
	return true;
}

/* rhs index minus lhs index, the same for every lane. */
static bool distance(struct wl_mem *mem, int l, int r, long long *c,
		     const struct lbind *bd)
{
	long long a, b;
	unsigned t;

	for (t = 0; t < 32; t++) {
		if (!index_at(mem, l, t, &a, bd) ||
		    !index_at(mem, r, t, &b, bd))
			return false;
		if (t && b - a != *c)
			return false;
		*c = b - a;
	}
	return true;
}

static bool text_eq(struct wl_ctx *ctx, struct wl_node *a, struct wl_node *b)
{
	char *x = wl_node_text(&ctx->model, a);
	char *y = wl_node_text(&ctx->model, b);
	bool eq = x && y && !strcmp(x, y);

	free(x);
	free(y);
	return eq;
}

/* `NAME >= K`: its name part and K. */
static bool ge_const(struct wl_node *cond, struct wl_node **name,
		     long long *k)
{
	cond = wl_node_strip(cond);
	if (!cond || cond->kind != CXCursor_BinaryOperator ||
	    cond->nr_kids != 2 ||
	    wl_node_binop(cond) !=
		    CXBinaryOperator_GE)
		return false;
	*name = cond->kids[0];
	return wl_node_int_value(wl_node_strip(cond->kids[1]), k);
}

static bool is_lane(struct wl_mem *mem, struct wl_node *n)
{
	long long v;
	unsigned t;

	for (t = 0; t < 64; t++)
		if (!wl_mem_eval(mem, n, t, &v) || v != (long long)(t & 31))
			return false;
	return true;
}

/* `lane >= o` with o the bound loop variable: its lane part. */
static bool guard_is_var(struct wl_ctx *ctx, struct wl_node *cond,
			 const struct lbind *b, struct wl_node **name)
{
	struct wl_node *r;
	char *t;
	bool ok;

	cond = wl_node_strip(cond);
	if (!cond || cond->kind != CXCursor_BinaryOperator ||
	    cond->nr_kids != 2 ||
	    wl_node_binop(cond) !=
		    CXBinaryOperator_GE)
		return false;
	r = wl_node_strip(cond->kids[1]);
	t = r ? wl_node_text(&ctx->model, r) : NULL;
	ok = t && !strcmp(t, b->name);
	free(t);
	*name = cond->kids[0];
	return ok;
}

static void parse_step(struct wl_ctx *ctx, struct wl_mem *mem,
		       struct wl_node *child, struct step *s,
		       const struct lbind *b)
{
	struct wl_node *st = child, *e, *lhs, *rhs;

	memset(s, 0, sizeof(*s));
	s->node = child;
	e = wl_node_strip(child);
	if (e && e->kind == CXCursor_CallExpr &&
	    wl_mem_is_barrier(&ctx->model, e)) {
		s->kind = STEP_BARRIER;
		return;
	}
	if (child->kind == CXCursor_IfStmt) {
		if (wl_node_kid(child, WL_ROLE_ELSE))
			return;
		s->guard = wl_node_kid(child, WL_ROLE_COND);
		st = wl_node_kid(child, WL_ROLE_THEN);
		if (st && st->kind == CXCursor_CompoundStmt && st->nr_kids == 1)
			st = st->kids[0];
		if (!st)
			return;
	}
	e = wl_node_strip(st);
	if (!e || e->nr_kids != 2)
		return;
	lhs = wl_node_strip(e->kids[0]);
	rhs = wl_node_strip(e->kids[1]);
	if (e->kind == CXCursor_CompoundAssignOperator &&
	    wl_node_binop(e) ==
		    CXBinaryOperator_AddAssign) {
		/* s[x] += s[x + c] */
	} else if (e->kind == CXCursor_BinaryOperator &&
		   wl_node_binop(e) ==
			   CXBinaryOperator_Assign && rhs &&
		   rhs->kind == CXCursor_BinaryOperator && rhs->nr_kids == 2 &&
		   wl_node_binop(rhs) ==
			   CXBinaryOperator_Assign) {
		/* s[x] = t = t + s[x + c] */
		struct wl_node *t = wl_node_strip(rhs->kids[0]);
		struct wl_node *sum = wl_node_strip(rhs->kids[1]);

		if (!t || t->kind != CXCursor_DeclRefExpr || !sum ||
		    sum->kind != CXCursor_BinaryOperator || sum->nr_kids != 2 ||
		    wl_node_binop(sum) !=
			    CXBinaryOperator_Add ||
		    !text_eq(ctx, t, wl_node_strip(sum->kids[0])))
			return;
		s->chain = t;
		rhs = wl_node_strip(sum->kids[1]);
	} else {
		return;
	}
	s->stmt = st;
	s->lhs = wl_mem_access_of(mem, lhs);
	s->rhs = rhs ? wl_mem_access_of(mem, rhs) : -1;
	if (s->lhs < 0 || s->rhs < 0 ||
	    mem->accesses[s->lhs].array != mem->accesses[s->rhs].array ||
	    !lane_linear(mem, s->lhs, b) ||
	    !distance(mem, s->lhs, s->rhs, &s->c, b))
		return;
	if (s->c > 0) {
		if (s->guard &&
		    wl_eval_dep(&ctx->eval, s->guard) > WL_DEP_WARP)
			return;
		s->kind = STEP_RED;
	} else if (s->c < 0 && s->guard && !s->chain) {
		struct wl_node *name;
		long long k;

		s->c = -s->c;
		if (b && !guard_is_var(ctx, s->guard, b, &name))
			return;
		if (!b && (!ge_const(s->guard, &name, &k) || k != s->c))
			return;
		if (!is_lane(mem, name))
			return;
		s->kind = STEP_SCAN;
	}
}

/* Check a run of steps; fill @t's kind when it is a tail. */
static bool accept(struct wl_ctx *ctx, struct wl_mem *mem, struct tail *t)
{
	struct step *s = t->steps;
	unsigned i, first = 0;
	long long want;

	if (!t->nr_steps)
		return false;
	for (i = 1; i < t->nr_steps; i++)
		if (s[i].kind != s[0].kind ||
		    !text_eq(ctx, mem->accesses[s[i].lhs].expr,
			     mem->accesses[s[0].lhs].expr) ||
		    (!s[i].chain) != (!s[0].chain) ||
		    (s[i].chain && !text_eq(ctx, s[i].chain, s[0].chain)))
			return false;
	t->kind = s[0].kind;
	if (t->kind == STEP_SCAN) {
		for (i = 0, want = 1; i < t->nr_steps; i++, want *= 2)
			if (s[i].c != want ||
			    !text_eq(ctx, wl_node_strip(s[i].guard)->kids[0],
				     wl_node_strip(s[0].guard)->kids[0]))
				return false;
		return want == 32;
	}
	if (s[0].c == 32) {
		t->has_32 = true;
		first = 1;
	}
	for (i = first, want = 16; i < t->nr_steps; i++, want /= 2) {
		struct wl_node *n0, *n;
		long long k;

		if (s[i].c != want)
			return false;
		/* guards: none, or all `N >= 2c` with the same N */
		if (!s[i].guard != !s[first].guard)
			return false;
		if (s[i].guard &&
		    (!ge_const(s[i].guard, &n, &k) || k != 2 * want ||
		     !ge_const(s[first].guard, &n0, &k) ||
		     !text_eq(ctx, n, n0)))
			return false;
	}
	return want == 0;
}


struct tails {
	struct tail *v;
	unsigned nr, alloc;
};

/*
 * The loop form: `for (int o = 16; o > 0; o /= 2) s[x] += s[x + o];` (a
 * barrier may follow the step in the body), or the scan's
 * `for (o = 1; o < 32; o *= 2) if (lane >= o) s[x] += s[x - o];`.  Each
 * trip is checked as the unrolled step it stands for.
 */
static bool parse_loop(struct wl_ctx *ctx, struct wl_mem *mem,
		       struct wl_node *child, struct tails *out)
{
	struct wl_node *body, *x = NULL;
	long long vals[8];
	struct lbind b;
	struct tail t;
	CXString sp;
	unsigned nr, i, k;

	if (child->kind != CXCursor_ForStmt ||
	    !wl_mem_loop_values(mem, child, &b.var, vals, 8, &nr) || !nr ||
	    !(body = wl_node_kid(child, WL_ROLE_BODY)))
		return false;
	if (body->kind == CXCursor_CompoundStmt) {
		for (k = 0; k < body->nr_kids; k++) {
			struct wl_node *e = wl_node_strip(body->kids[k]);

			if (e && e->kind == CXCursor_CallExpr &&
			    wl_mem_is_barrier(&ctx->model, e))
				continue;
			if (x)
				return false;
			x = body->kids[k];
		}
	} else {
		x = body;
	}
	if (!x)
		return false;
	memset(&t, 0, sizeof(t));
	sp = clang_getCursorSpelling(b.var);
	t.var = wl_xstrdup(clang_getCString(sp));
	clang_disposeString(sp);
	b.name = t.var;
	for (i = 0; i < nr; i++) {
		b.value = vals[i];
		parse_step(ctx, mem, x, &t.steps[i], &b);
		t.steps[i].node = child;
		if (t.steps[i].kind != STEP_RED && t.steps[i].kind != STEP_SCAN)
			break;
	}
	t.nr_steps = nr;
	t.first = t.last = child;
	if (i < nr || !accept(ctx, mem, &t) ||
	    (t.kind == STEP_RED && t.steps[0].guard)) {
		free(t.var);
		return false;
	}
	WL_GROW(out->v, out->nr, out->alloc);
	out->v[out->nr++] = t;
	return true;
}

static void scan_block(struct wl_ctx *ctx, struct wl_mem *mem,
		       struct wl_node *blk, struct tails *out)
{
	struct tail cur;
	unsigned i, j;

	for (i = 0; i < blk->nr_kids; i++) {
		struct step s;

		if (parse_loop(ctx, mem, blk->kids[i], out))
			continue;
		parse_step(ctx, mem, blk->kids[i], &s, NULL);
		if (s.kind != STEP_RED && s.kind != STEP_SCAN)
			continue;
		memset(&cur, 0, sizeof(cur));
		cur.first = blk->kids[i];
		for (j = i; j < blk->nr_kids && cur.nr_steps < 8; j++) {
			parse_step(ctx, mem, blk->kids[j], &s, NULL);
			if (s.kind == STEP_BARRIER)
				continue;
			if (s.kind != STEP_RED && s.kind != STEP_SCAN)
				break;
			cur.steps[cur.nr_steps++] = s;
			cur.last = blk->kids[j];
		}
		if (accept(ctx, mem, &cur)) {
			WL_GROW(out->v, out->nr, out->alloc);
			out->v[out->nr++] = cur;
			while (i + 1 < blk->nr_kids && blk->kids[i] != cur.last)
				i++;
		}
	}
}

struct visit {
	struct wl_ctx *ctx;
	struct wl_mem *mem;
	struct tails *out;
};

static bool visit_blocks(struct wl_node *n, void *data)
{
	struct visit *v = data;

	if (n->kind == CXCursor_CompoundStmt)
		scan_block(v->ctx, v->mem, n, v->out);
	return true;
}

/*
 * Reads of the storage after the tail (in its function, or in callers
 * after the call) must all be of the lane-0 element.
 */
static bool later_reads_lane0(struct wl_mem *mem, struct tail *t)
{
	struct wl_mem_access *l = &mem->accesses[t->steps[0].lhs];
	struct wl_func *fn = t->first->func;
	long long e0, e;
	unsigned i, k, u;
	bool act;

	if (!index_at(mem, t->steps[0].lhs, 0, &e0, NULL))
		return false;
	for (i = 0; i < mem->nr_accesses; i++) {
		struct wl_mem_access *a = &mem->accesses[i];
		bool after = false;

		if (a->array != l->array || !(a->flags & WL_MEM_READ))
			continue;
		if (wl_node_within(a->expr, t->last))
			continue;	/* the tail's own reads */
		if (a->expr->func == fn)
			after = a->expr->index > t->last->index;
		for (k = 0; k < fn->nr_callers; k++)
			if (a->expr->func == fn->callers[k]->func &&
			    a->expr->index > fn->callers[k]->index)
				after = true;
		if (!after)
			continue;
		for (u = 0; u < 64; u++) {
			if (!wl_mem_index(mem, i, u, &e, &act))
				return false;
			if (act && e != e0)
				return false;
		}
	}
	return true;
}

static void find_tails(struct wl_ctx *ctx, struct wl_mem *mem,
		       struct tails *out)
{
	struct visit v = { ctx, mem, out };
	unsigned i;

	for (i = 0; i < ctx->model.nr_funcs; i++)
		if (ctx->model.funcs[i]->body)
			wl_node_walk(ctx->model.funcs[i]->body, visit_blocks,
				     &v);
	for (i = 0; i < out->nr; i++) {
		struct tail *t = &out->v[i];
		const struct wl_mask *m = wl_mask_infer(ctx, t->first);

		if (t->first->in_macro || t->last->in_macro ||
		    !t->first->in_main)
			t->why = wl_xstrdup("the tail is written in a macro");
		else if (m->reach != WL_REACH_FULL || !m->text)
			t->why = wl_xstrdup("not every lane of the warp is "
					    "known to reach the tail");
		else if (t->kind == STEP_RED && !later_reads_lane0(mem, t))
			t->why = wl_xstrdup("partial sums of lanes other than "
					    "lane 0 are read later; a shuffle "
					    "leaves different values there");
		if (!t->why) {
			t->type = wl_memtext_register_type(
				mem, t->steps[0].lhs);
			if (!t->type)
				t->why = wl_xstrdup(
					"the register's type cannot be "
					"spelled here (a template's dependent "
					"type, or an unnamed one)");
		}
		t->fixable = !t->why;
	}
}

static void release_tails(struct tails *ts)
{
	unsigned i;

	for (i = 0; i < ts->nr; i++) {
		free(ts->v[i].why);
		free(ts->v[i].type);
		free(ts->v[i].var);
	}
	free(ts->v);
}

bool wl_memrules_shuffle_takes(struct wl_ctx *ctx, struct wl_mem *mem,
			       const struct wl_mem_region *region)
{
	struct tails ts = { NULL, 0, 0 };
	unsigned i, k;
	bool all = true;

	if (!ctx->enabled[WL401])
		return false;
	find_tails(ctx, mem, &ts);
	for (k = 0; k < region->nr_stmts && all; k++) {
		bool in = false;

		for (i = 0; i < ts.nr && !in; i++) {
			struct tail *t = &ts.v[i];
			struct wl_node *s = region->stmts[k];

			in = t->fixable && s->parent &&
			     s->begin >= t->first->begin &&
			     s->end <= t->last->end;
		}
		all = in;
	}
	release_tails(&ts);
	return all;
}

/* ---- the rewrite ------------------------------------------------------ */

static char *text(struct wl_ctx *ctx, struct wl_node *n)
{
	char *s = wl_node_text(&ctx->model, n);

	return s ? s : wl_xstrdup("");
}

/* @text with every whole-word @name replaced by @by. */
static char *replace_ident(const char *text, const char *name,
			   const char *by)
{
	struct wl_buf b = WL_BUF_INIT;
	size_t n = strlen(name);
	const char *p = text;

	while (*p) {
		bool word = !strncmp(p, name, n) &&
			    (p == text || !(isalnum((unsigned char)p[-1]) ||
					    p[-1] == '_')) &&
			    !(isalnum((unsigned char)p[n]) || p[n] == '_');

		if (word) {
			wl_buf_adds(&b, by);
			p += n;
		} else {
			wl_buf_addc(&b, *p++);
		}
	}
	return wl_buf_detach(&b);
}

static char *indent_more(const char *ind)
{
	if (!*ind || strchr(ind, '\t'))
		return wl_xasprintf("%s\t", ind);
	return wl_xasprintf("%s    ", ind);
}

static void build_fix(struct wl_ctx *ctx, struct wl_mem *mem, struct tail *t,
		      struct wl_finding *f)
{
	const char *nl = wl_source_newline(ctx->src);
	const struct wl_mask *m = wl_mask_infer(ctx, t->first);
	struct wl_mem_access *l = &mem->accesses[t->steps[0].lhs];
	struct step *s0 = &t->steps[t->has_32 ? 1 : 0];
	struct wl_buf b = WL_BUF_INIT;
	char *ind = wl_memtext_indent(ctx, t->first->begin);
	char *in2 = indent_more(ind);
	char *lhs = text(ctx, l->expr);
	char *reg, *off, *up = NULL;
	const char *type = t->type;
	struct wl_node *fn;
	unsigned end, first_end;
	char *cm;

	fn = t->first->func->root;
	reg = s0->chain ? text(ctx, s0->chain)
			: wl_memtext_fresh_name(ctx, fn, "v");
	/* a loop being replaced lends its variable's name */
	off = t->var ? wl_xstrdup(t->var)
		     : wl_memtext_fresh_name(ctx, fn, "offset");
	/* a comment after the first step stays on the first line */
	first_end = wl_memtext_stmt_end(ctx, t->steps[0].stmt);
	cm = wl_memtext_trailing_comment(ctx, &first_end);
	if (!s0->chain)
		wl_buf_addf(&b, "%s %s = %s;%s%s%s", type, reg, lhs, cm, nl,
			    ind);
	else if (*cm)
		wl_buf_addf(&b, "%s%s%s", cm + strspn(cm, " \t"), nl, ind);
	if (t->has_32) {
		struct step *s = &t->steps[0];
		char *r = text(ctx, mem->accesses[s->rhs].expr);

		if (t->var) {
			/* the loop's first trip: s[x + o] with o = 32 */
			char *r32 = replace_ident(r, t->var, "32");

			free(r);
			r = r32;
		}

		if (s->guard) {
			char *g = text(ctx, s->guard);

			wl_buf_addf(&b, "if (%s)%s%s", g, nl, in2);
			free(g);
		}
		if (s->chain)
			wl_buf_addf(&b, "%s = %s + %s;%s%s", reg, reg, r, nl,
				    ind);
		else
			wl_buf_addf(&b, "%s += %s;%s%s", reg, r, nl, ind);
		free(r);
	}
	if (t->kind == STEP_RED) {
		char *g = NULL, *in3 = indent_more(in2);

		wl_buf_addf(&b, "for (int %s = 16; %s > 0; %s /= 2)%s%s", off,
			    off, off, nl, in2);
		if (s0->guard) {
			struct wl_node *name = NULL;
			long long k;

			ge_const(s0->guard, &name, &k);
			g = text(ctx, name);
			wl_buf_addf(&b, "if (%s >= 2 * %s)%s%s", g, off, nl,
				    in3);
		}
		if (s0->chain)
			wl_buf_addf(&b,
				    "%s = %s + __shfl_down_sync(%s, %s, %s);",
				    reg, reg, m->text, reg, off);
		else
			wl_buf_addf(&b, "%s += __shfl_down_sync(%s, %s, %s);",
				    reg, m->text, reg, off);
		free(g);
		free(in3);
	} else {
		char *in3 = indent_more(in2);
		char *lane = text(ctx, wl_node_strip(s0->guard)->kids[0]);

		up = wl_memtext_fresh_name(ctx, t->first->func->root, "up");
		wl_buf_addf(&b, "for (int %s = 1; %s < 32; %s *= 2) {%s", off,
			    off, off, nl);
		wl_buf_addf(&b, "%s%s %s = __shfl_up_sync(%s, %s, %s);%s", in2,
			    type, up, m->text, reg, off, nl);
		wl_buf_addf(&b, "%sif (%s >= %s)%s%s%s += %s;%s%s}", in2, lane,
			    off, nl, in3, reg, up, nl, ind);
		free(lane);
		free(in3);
	}
	wl_buf_addf(&b, "%s%s%s = %s;", nl, ind, lhs, reg);
	end = wl_memtext_full_end(ctx, t->last);
	f->fix = wl_fix_new(t->kind == STEP_RED
				    ? "replace the shared-memory tail with a "
				      "__shfl_down_sync loop (same tree, same "
				      "operand order)"
				    : "replace the shared-memory scan with a "
				      "__shfl_up_sync loop (same order)");
	wl_mask_add_setup(m, f->fix);
	wl_fix_replace(f->fix, t->first->begin, end - t->first->begin, b.s);
	wl_buf_release(&b);
	free(cm);
	free(up);
	free(off);
	free(reg);
	free(lhs);
	free(in2);
	free(ind);
}

void wl401_check(struct wl_ctx *ctx)
{
	struct tails ts = { NULL, 0, 0 };
	struct wl_mem *mem = wl_mem_of(ctx);
	unsigned i;

	find_tails(ctx, mem, &ts);
	for (i = 0; i < ts.nr; i++) {
		struct tail *t = &ts.v[i];
		struct wl_finding *f;

		f = wl_report(ctx, WL401, t->steps[0].stmt,
			      t->kind == STEP_RED
				      ? "warp-synchronous shared-memory "
					"reduction; a __shfl_down_sync loop "
					"does it without shared memory"
				      : "warp-synchronous shared-memory scan; "
					"a __shfl_up_sync loop does it without "
					"shared memory");
		if (!t->fixable)
			wl_finding_note(f, "no shuffle fix: %s", t->why);
		else if (ctx->fix_style != WL_FIX_STYLE_SHUFFLE)
			wl_finding_note(f, "--fix-style=shuffle rewrites it");
		else
			build_fix(ctx, mem, t, f);
	}
	release_tails(&ts);
}
