/* SPDX-License-Identifier: MIT */
/*
 * The race search over each kernel's trace (memtrace.h), the stretches of
 * racing statements it makes, and the analysis that runs the walks and
 * the searches over a file (wl_mem_build()).
 */

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/memaccess.h"
#include "analyzer/memint.h"
#include "analyzer/memtrace.h"
#include "base/u64map.h"
#include "base/util.h"

/* ---- races ------------------------------------------------------------ */

/*
 * Barriers each thread executed before each event: lbar[e * MA_TIDS + t].
 * A barrier orders two lanes only if both execute it; `if (lane == 0)
 * __syncwarp(1);` orders nothing between lane 0 and lane 1.
 */
struct ma_bars {
	unsigned short *lbar;
	/*
	 * The same counting collectives too (shuffles, votes): between two
	 * accesses to global memory, a collective the lanes pass together
	 * is taken to order them, as it did for the lock-step code.
	 */
	unsigned short *lsync;
	/* The same counting only the barriers of the whole block. */
	unsigned short *lblock;
	unsigned from, to;	/* events p + 1 and q */
};

/* Whether thread @t passed one of the events counted in @c between. */
static bool passed(const struct ma_bars *b, const unsigned short *c,
		   unsigned t)
{
	return c[(size_t)b->to * MA_TIDS + t] != c[(size_t)b->from * MA_TIDS + t];
}

static bool separated(const struct ma_bars *b, unsigned t, bool global)
{
	return passed(b, global ? b->lsync : b->lbar, t);
}

/* Whether the active lanes of warp @w touch pairwise distinct elements. */
static bool own_elements(const struct ma_event *e, unsigned w)
{
	unsigned i, j;

	for (i = w * 32; i < w * 32 + 32; i++)
		for (j = i + 1; e->act[i] && j < w * 32 + 32; j++)
			if (e->act[j] && e->elem[i] == e->elem[j])
				return false;
	return true;
}

/*
 * Lanes @ti of @p and @tj of @q (one warp, ti != tj) touch one element,
 * one reading and the other writing, with no barrier that both pass
 * between them.  Two lanes that only store to one element exchange
 * nothing.  Global memory: the writing lanes must each own their
 * element (an in-place scan, a neighbour's element read); lanes that
 * all set one flag or one output are not warp-synchronous code.
 */
static bool conflict(struct ma_event *p, struct ma_event *q,
		     struct wl_mem *mem, unsigned w, const struct ma_bars *bars,
		     unsigned *ti, unsigned *tj, bool *p_reads)
{
	unsigned fp = mem->accesses[p->access].flags;
	unsigned fq = mem->accesses[q->access].flags;
	enum wl_mem_kind kind = mem->arrays[p->array].kind;
	bool global = kind == WL_MEM_GLOBAL;
	/*
	 * Behind an unseen caller's plain pointer, only lanes that each
	 * write their own element by their own index show that the
	 * memory is shared: a loop over a thread's own array has every
	 * lane at one element, and a guessed index shows nothing.  Behind
	 * a volatile one too, the writers must own their elements: lanes
	 * that all store through `*lhs` (a join of a reduction functor,
	 * an atomic's lock-guarded fallback) may each have been handed
	 * their own address.  Behind a pointer member whose storage the
	 * constructor was handed, the same: a warp-scan object stores at
	 * its lane's element, and lanes that all update one counter
	 * (`*m_count = 0` of a work list) share nothing by lockstep.
	 */
	bool thread_ptr = kind == WL_MEM_THREAD_PTR;
	bool owned = thread_ptr || kind == WL_MEM_VOLATILE_PTR ||
		     kind == WL_MEM_MEMBER;
	unsigned i, j, pass;

	if (thread_ptr && (p->guessed || q->guessed))
		return false;
	if (!wl_mem_fields_may_meet(&mem->accesses[p->access],
				    &mem->accesses[q->access]))
		return false;

	for (pass = 0; pass < 2; pass++) {
		/* pass 0: p reads, q writes; 1: p writes, q reads */
		struct ma_event *wr = pass == 0 ? q : p;
		bool ok = pass == 0 ? (fp & WL_MEM_READ) && (fq & WL_MEM_WRITE)
				    : (fp & WL_MEM_WRITE) && (fq & WL_MEM_READ);

		if (!ok || ((global || owned) && !own_elements(wr, w)))
			continue;
		/* the reading lane in the outer loop: the lowest reader */
		for (i = w * 32; i < w * 32 + 32; i++)
			for (j = w * 32; j < w * 32 + 32; j++) {
				unsigned a = pass == 1 ? j : i;
				unsigned b = pass == 1 ? i : j;

				if (a != b && p->act[a] && q->act[b] &&
				    p->elem[a] == q->elem[b] &&
				    !(separated(bars, a, global) &&
				      separated(bars, b, global))) {
					*ti = a;
					*tj = b;
					*p_reads = pass == 0;
					return true;
				}
			}
	}
	return false;
}

static bool same_text(struct wl_mem *mem, struct wl_node *a,
		      struct wl_node *b)
{
	char *x = wl_node_text(&mem->ctx->model, a);
	char *y = wl_node_text(&mem->ctx->model, b);
	bool eq = x && y && !strcmp(x, y);

	free(x);
	free(y);
	return eq;
}

/* A read in the condition of a while or do-while loop. */
static bool read_back(const struct wl_mem_access *a)
{
	struct wl_node *n;

	if (!(a->flags & WL_MEM_READ))
		return false;
	for (n = a->expr; n->parent; n = n->parent)
		if (n->role == WL_ROLE_COND &&
		    (n->parent->kind == CXCursor_DoStmt ||
		     n->parent->kind == CXCursor_WhileStmt))
			return true;
	return false;
}

/*
 * Indices the evaluator cannot compute are given up on, except for one
 * idiom: two volatile accesses with the same lane-varying, data-dependent
 * index, one of them writing (the tag-based per-warp histogram).  Lanes
 * whose data is equal touch the same element with nothing between.
 */
static bool collide(struct wl_mem *mem, struct ma_event *p,
		    struct ma_event *q, bool *p_reads)
{
	struct wl_mem_access *a = &mem->accesses[p->access];
	struct wl_mem_access *b = &mem->accesses[q->access];
	unsigned i;

	if (!wl_mem_fields_may_meet(a, b) || !(a->flags & WL_MEM_VOLATILE) ||
	    !(b->flags & WL_MEM_VOLATILE) ||
	    !((a->flags | b->flags) & WL_MEM_WRITE) || a->nr_idx != b->nr_idx ||
	    !a->nr_idx || a->expr == b->expr ||
	    !same_text(mem, a->base, b->base))
		return false;
	for (i = 0; i < a->nr_idx; i++)
		if (!same_text(mem, a->idx[i], b->idx[i]))
			return false;
	if (wl_eval_dep(&mem->ctx->eval, a->idx[a->nr_idx - 1]) < WL_DEP_LANE)
		return false;
	/* the read-back: a loop that retries until the lane's write stuck */
	if (!read_back(a) && !read_back(b))
		return false;
	*p_reads = (a->flags & WL_MEM_READ) && (b->flags & WL_MEM_WRITE);
	return true;
}

/*
 * The first event in [@from, @to) where lane @ti touches event @i's
 * element again (a read or a write, as @need says; `.y` of an element
 * whose `.x` @i touched is another place), in a statement other
 * than @i's and @skip's; @to if none.
 */
static unsigned retouch(struct wl_mem *mem, const struct ma_walk *w,
			unsigned i, unsigned from, unsigned to, unsigned ti,
			unsigned need, const struct wl_node *skip)
{
	const struct ma_event *p = &w->ev[i];
	struct wl_node *sp = mem->accesses[p->access].stmt;
	unsigned k;

	for (k = from; k < to; k++) {
		const struct ma_event *r = &w->ev[k];

		/* within one statement the reads come before the write */
		if (r->access < 0 || mem->accesses[r->access].stmt == sp ||
		    mem->accesses[r->access].stmt == skip)
			continue;
		if (r->array == p->array && r->known &&
		    (mem->accesses[r->access].flags & need) && r->act[ti] &&
		    r->elem[ti] == p->elem[ti] &&
		    wl_mem_fields_may_meet(&mem->accesses[r->access],
					   &mem->accesses[p->access]))
			return k;
	}
	return to;
}

/*
 * For one event @i: the first retouch() of each lane, read and write,
 * found once and kept while the search pairs @i with every later event.
 */
struct ma_retouch {
	unsigned i;
	unsigned next[2][MA_TIDS];	/* 0: not yet known */
};

/*
 * A race between events @i and @j (lane @ti of @i) that a nearer pair
 * explains: lane @ti writes its element again before the read (the read
 * races with that last write), or reads it again before the write.  The
 * report stays at the statements that really meet.
 */
static bool subsumed(struct wl_mem *mem, const struct ma_walk *w,
		     struct ma_retouch *rt, unsigned i, unsigned j,
		     unsigned ti, bool p_reads)
{
	struct wl_node *sq = mem->accesses[w->ev[j].access].stmt;
	unsigned need = p_reads ? WL_MEM_READ : WL_MEM_WRITE;
	unsigned *first = &rt->next[p_reads][ti], r;

	if (rt->i != i) {
		memset(rt->next, 0, sizeof(rt->next));
		rt->i = i;
	}
	if (!*first)
		*first = retouch(mem, w, i, i + 1, w->nr_ev, ti, need, NULL);
	r = *first;
	if (r >= j)
		return false;
	if (mem->accesses[w->ev[r].access].stmt != sq)
		return true;
	return retouch(mem, w, i, r + 1, j, ti, need, sq) < j;
}

/*
 * The block cannot hold a thread that would index a shared array of
 * known size out of bounds: `buffer[threadIdx.x]` in a buffer of
 * SOFTMAX_THREADS + 1 elements bounds the block, and `tile[ty][tx]` in
 * rows of 17 bounds its rows.  Threads past the first such one take part
 * in nothing (the evaluation otherwise assumes MA_TIDS threads).
 * Elements resting on unknown values do not count.
 */
static void limit_block(struct wl_mem *mem, struct ma_walk *w)
{
	unsigned i, t, n = MA_TIDS;

	for (i = 0; i < w->nr_ev; i++) {
		const struct ma_event *e = &w->ev[i];
		long long size;

		if (e->access >= 0 && e->lanes_skipped && e->first_out < n)
			n = e->first_out;
		if (e->access < 0 || !e->known || e->opaque || e->array < 0)
			continue;
		if (e->first_past_row < n)
			n = e->first_past_row;
		size = mem->arrays[e->array].size;
		if (size <= 0)
			continue;
		for (t = 0; t < n; t++)
			if (e->act[t] && (e->elem[t] < 0 || e->elem[t] >= size))
				n = t;
	}
	/*
	 * A bound below a warp stands for the width of the block's rows,
	 * and widths are powers of two: a tile padded against bank
	 * conflicts (`sA[16][17]` read at `sA[n + ty][n + tx]`, n up to 8)
	 * bounds tx by 9, a lane more than the 8 x 8 launch has, and that
	 * lane's elements are the next row's.
	 */
	w->threads_rounded = false;
	while (n > 1 && n < 32 && (n & (n - 1))) {
		n &= n - 1;
		w->threads_rounded = true;
	}
	w->threads = n ? n : MA_TIDS;
	if (n == MA_TIDS || !n)
		return;
	for (i = 0; i < w->nr_ev; i++)
		for (t = n; t < MA_TIDS; t++)
			w->ev[i].act[t] = 0;
}

/*
 * Loops and calls repeat an access with the same lanes at the same
 * elements.  What one warp does in an event (its shape: the access, the
 * storage, and each lane's element) is numbered, so that a pair of
 * shapes found not to meet, with no barrier between, is not searched
 * again: conflict() is a function of the two shapes then.  Without this
 * a long barrier-free kernel ran out of MA_MAX_CHECKS before its last
 * loop was searched, and a second --fix found what the first missed.
 */
struct ma_shape_slot {
	uint64_t hash;
	unsigned ev, warp, id;
	bool used;
};

struct ma_shapes {
	unsigned *id;			/* [event * MA_WARPS + warp] */
	struct ma_shape_slot *slots;
	size_t cap;
	unsigned nr;
	/*
	 * What conflict() found for a pair of shapes (id << 32 | id):
	 * MA_APART, or where they met, packed by meeting().
	 */
	struct wl_u64map met;
};

static uint64_t shape_hash(const struct ma_event *e, unsigned warp)
{
	uint64_t h = 0xcbf29ce484222325ull;
	unsigned l;

#define MIX(v) (h = (h ^ (uint64_t)(v)) * 0x100000001b3ull)
	MIX(e->access);
	MIX(e->array);
	MIX(e->guessed);
	for (l = warp * 32; l < warp * 32 + 32; l++) {
		MIX(e->act[l]);
		if (e->act[l])
			MIX(e->elem[l]);
	}
#undef MIX
	return h;
}

static bool same_shape(const struct ma_event *a, unsigned wa,
		       const struct ma_event *b, unsigned wb)
{
	unsigned l;

	if (a->access != b->access || a->array != b->array ||
	    a->guessed != b->guessed)
		return false;
	for (l = 0; l < 32; l++) {
		unsigned la = wa * 32 + l, lb = wb * 32 + l;

		if (a->act[la] != b->act[lb] ||
		    (a->act[la] && a->elem[la] != b->elem[lb]))
			return false;
	}
	return true;
}

static void number_shapes(struct ma_shapes *sh, const struct ma_walk *w)
{
	unsigned i, k;

	memset(sh, 0, sizeof(*sh));
	sh->id = wl_xcalloc((size_t)w->nr_ev * MA_WARPS + 1, sizeof(*sh->id));
	for (sh->cap = 64; sh->cap < (size_t)w->nr_ev * MA_WARPS * 2;)
		sh->cap *= 2;
	sh->slots = wl_xcalloc(sh->cap, sizeof(*sh->slots));
	for (i = 0; i < w->nr_ev; i++) {
		const struct ma_event *e = &w->ev[i];

		if (e->access < 0 || !e->known)
			continue;
		for (k = 0; k < MA_WARPS; k++) {
			uint64_t h = shape_hash(e, k);
			size_t at = (size_t)h & (sh->cap - 1);
			struct ma_shape_slot *s;

			for (;; at = (at + 1) & (sh->cap - 1)) {
				s = &sh->slots[at];
				if (!s->used || (s->hash == h &&
						 same_shape(&w->ev[s->ev],
							    s->warp, e, k)))
					break;
			}
			if (!s->used)
				*s = (struct ma_shape_slot){ h, i, k, sh->nr++,
							     true };
			sh->id[(size_t)i * MA_WARPS + k] = s->id;
		}
	}
}

static uint64_t shape_pair(const struct ma_shapes *sh, unsigned i,
			   unsigned j, unsigned warp)
{
	return (uint64_t)sh->id[(size_t)i * MA_WARPS + warp] << 32 |
	       sh->id[(size_t)j * MA_WARPS + warp];
}

static void release_shapes(struct ma_shapes *sh)
{
	free(sh->id);
	free(sh->slots);
	wl_u64map_release(&sh->met);
}

/*
 * Whether no lane of @warp passed what orders accesses to the storage
 * between: a barrier, or for @global memory a collective too.
 */
static bool none_separated(const struct ma_bars *b, unsigned warp,
			   bool global)
{
	unsigned t;

	for (t = warp * 32; t < warp * 32 + 32; t++)
		if (separated(b, t, global))
			return false;
	return true;
}

/* The bit of thread @t's warp, for maps of element -> warps. */
static uint32_t warp_bit(unsigned t)
{
	return 1u << (t / 32);
}

/*
 * Note in @warps that thread @t touches element @elem; the warps noted
 * for it before.
 */
static uint32_t note_warp(struct wl_u64map *warps, long long elem, unsigned t)
{
	uint32_t m;

	if (!wl_u64map_get(warps, (uint64_t)elem, &m))
		m = 0;
	wl_u64map_put(warps, (uint64_t)elem, m | warp_bit(t));
	return m;
}

/* Whether every thread active in @e touches one and the same element. */
static bool one_element(const struct ma_event *e, unsigned threads)
{
	long long first = 0;
	bool any = false;
	unsigned a;

	for (a = 0; a < threads; a++) {
		if (!e->act[a])
			continue;
		if (any && e->elem[a] != first)
			return false;
		first = e->elem[a];
		any = true;
	}
	return true;
}

/*
 * Whether lanes of two warps write one element in event @e: storage the
 * code gives each warp alike (`s[lane]` in `__shared__ int s[32]`), so
 * it is written for a block of one warp.  One pass, each element
 * mapped to the warps that touch it.
 */
static bool warps_share_elements(struct wl_mem *mem, const struct ma_event *e,
				 unsigned threads)
{
	const struct wl_mem_access *x = &mem->accesses[e->access];
	struct wl_u64map warps = { 0 };
	bool shared = false;
	unsigned a;

	/*
	 * A scalar (`__shared__ int flag`), or one element every thread
	 * writes (`s_dirty[0] = 1`), is the block's flag, not a warp's.
	 */
	if (!(x->flags & WL_MEM_WRITE) || (!x->nr_idx && x->base == x->expr) ||
	    one_element(e, threads))
		return false;
	for (a = 0; a < threads && !shared; a++)
		shared = e->act[a] &&
			 (note_warp(&warps, e->elem[a], a) & ~warp_bit(a));
	wl_u64map_release(&warps);
	return shared;
}

/*
 * Whether lanes of two different warps meet in events @p and @q (one
 * reads what the other writes) with no barrier of the whole block
 * between them.  A __syncwarp() fix cannot order those: the lanes of a
 * warp race with each other there, and with other warps too.  Only the
 * whole warps of the block count (a bound like `cell[33]` says at most
 * 33 threads, not that a 33rd runs), and not storage written for a
 * block of one warp.  Linear in the threads: it is asked again for
 * every pair of events of accesses known to race within a warp.
 */
static bool across_warps(struct wl_mem *mem, const struct ma_walk *w,
			 const struct ma_event *p, const struct ma_event *q,
			 const struct ma_bars *b)
{
	unsigned fp = mem->accesses[p->access].flags;
	unsigned fq = mem->accesses[q->access].flags;
	bool p_reads = (fp & WL_MEM_READ) && (fq & WL_MEM_WRITE);
	bool p_writes = (fp & WL_MEM_WRITE) && (fq & WL_MEM_READ);
	unsigned threads = w->threads / 32 * 32;
	struct wl_u64map warps = { 0 };
	bool meet = false;
	uint32_t m;
	unsigned t;

	if (mem->arrays[p->array].kind != WL_MEM_SHARED ||
	    (!p_reads && !p_writes) || threads <= 32 ||
	    warps_share_elements(mem, p, threads) ||
	    warps_share_elements(mem, q, threads))
		return false;
	for (t = 0; t < threads; t++)
		if (q->act[t] && !passed(b, b->lblock, t))
			note_warp(&warps, q->elem[t], t);
	for (t = 0; t < threads && !meet; t++)
		meet = p->act[t] && !passed(b, b->lblock, t) &&
		       wl_u64map_get(&warps, (uint64_t)p->elem[t], &m) &&
		       (m & ~warp_bit(t));
	wl_u64map_release(&warps);
	return meet;
}

#define MA_APART 0xffffffffu

/* Lanes @ti and @tj of a warp met, @p_reads or not: one map value. */
static uint32_t meeting(unsigned ti, unsigned tj, bool p_reads)
{
	return (ti & 31) | (tj & 31) << 5 | (uint32_t)p_reads << 10;
}

/*
 * Whether events @i and @j meet in warp @k (conflict()), asking the shape
 * map first when no lane passed a barrier between them (@pure).  Only a
 * search that runs counts against MA_MAX_CHECKS; false when that is used
 * up, with the walk's truncated set.
 */
static bool meet(struct wl_mem *mem, struct ma_walk *w, struct ma_shapes *sh,
		 unsigned i, unsigned j, unsigned k, const struct ma_bars *bars,
		 bool pure, unsigned *checks, unsigned *ti, unsigned *tj,
		 bool *p_reads)
{
	uint64_t pair = shape_pair(sh, i, j, k);
	uint32_t v;
	bool met;

	if (pure && wl_u64map_get(&sh->met, pair, &v)) {
		if (v == MA_APART)
			return false;
		*ti = k * 32 + (v & 31);
		*tj = k * 32 + (v >> 5 & 31);
		*p_reads = v >> 10 & 1;
		return true;
	}
	if (++*checks > MA_MAX_CHECKS) {
		w->truncated = true;
		return false;
	}
	met = conflict(&w->ev[i], &w->ev[j], mem, k, bars, ti, tj, p_reads);
	if (pure)
		wl_u64map_put(&sh->met, pair,
			      met ? meeting(*ti, *tj, *p_reads) : MA_APART);
	return met;
}

/*
 * Whether one of events @p and @q can read what the other writes: two
 * reads never race, and two writes are not reported; so an access meets
 * itself only as a read-modify-write.  Most pairs of a read-heavy kernel
 * end here, before any lane is looked at.
 */
static bool may_race(const struct wl_mem *mem, const struct ma_event *p,
		     const struct ma_event *q)
{
	unsigned fp = mem->accesses[p->access].flags;
	unsigned fq = mem->accesses[q->access].flags;

	return ((fp & WL_MEM_READ) && (fq & WL_MEM_WRITE)) ||
	       ((fp & WL_MEM_WRITE) && (fq & WL_MEM_READ));
}

/*
 * Read @r and write @wr are one `if (flag && !ok) flag = 0;`: the write
 * stores a constant under a test of the same storage, and nothing else
 * in the branch reads it.  Lanes that test before or after another
 * lane's store leave the same value (a block's "all converged" flag
 * cleared by any thread that is not): no order of the lanes matters, so
 * it is no race.
 */
static bool flag_clear(struct wl_mem *mem, const struct wl_mem_access *r,
		       const struct wl_mem_access *wr)
{
	struct wl_node *st = ma_strip(wr->stmt), *n, *p;
	long long k;
	unsigned i;

	if ((r->flags & WL_MEM_WRITE) || (wr->flags & WL_MEM_READ) || !st ||
	    st->kind != CXCursor_BinaryOperator || st->nr_kids != 2 ||
	    wl_node_binop(st) != CXBinaryOperator_Assign ||
	    !wl_node_int_value(ma_strip(st->kids[1]), &k))
		return false;
	n = wr->stmt;
	p = n->parent;
	if (p && p->kind == CXCursor_CompoundStmt) {
		n = p;
		p = p->parent;
	}
	if (!p || p->kind != CXCursor_IfStmt || n->role != WL_ROLE_THEN ||
	    wl_node_kid(p, WL_ROLE_ELSE) ||
	    !wl_node_within(r->expr, wl_node_kid(p, WL_ROLE_COND)) ||
	    !same_text(mem, r->expr, wr->expr))
		return false;
	for (i = 0; i < mem->nr_accesses; i++) {
		const struct wl_mem_access *o = &mem->accesses[i];

		if (o != wr && (o->flags & WL_MEM_READ) &&
		    wl_node_within(o->expr, n) &&
		    same_text(mem, o->expr, wr->expr))
			return false;
	}
	return true;
}

static bool flag_clears(struct wl_mem *mem, const struct ma_event *p,
			const struct ma_event *q)
{
	const struct wl_mem_access *a = &mem->accesses[p->access];
	const struct wl_mem_access *b = &mem->accesses[q->access];

	return flag_clear(mem, a, b) || flag_clear(mem, b, a);
}

/*
 * Whether @e computes the same value in every thread from nothing that
 * memory holds: literals, parameters, the built-in sizes and indices of
 * the block, arithmetic and pure calls.  No local is followed, since
 * one may have been read from memory at a different moment in each
 * thread.
 */
static bool uniform_from_nothing_stored(struct wl_mem *mem,
					struct wl_node *e)
{
	struct wl_eval *ev = &mem->ctx->eval;
	CXCursor d;
	unsigned i;

	e = ma_strip(e);
	if (!e)
		return false;
	switch (e->kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		return true;
	case CXCursor_MemberRefExpr:
		return wl_node_builtin_var(&mem->ctx->model, e) &&
		       wl_eval_dep(ev, e) <= WL_DEP_BLOCK;
	case CXCursor_DeclRefExpr:
		d = wl_node_referenced(e);
		switch (clang_getCursorKind(d)) {
		case CXCursor_ParmDecl:
			return wl_eval_dep(ev, e) <= WL_DEP_BLOCK;
		case CXCursor_EnumConstantDecl:
		case CXCursor_NonTypeTemplateParameter:
			return true;
		default:
			return false;
		}
	case CXCursor_CallExpr:
		if (!wl_eval_pure_call(wl_call_name(&mem->ctx->model, e)))
			return false;
		for (i = 1; i < e->nr_kids; i++)
			if (!uniform_from_nothing_stored(mem, e->kids[i]))
				return false;
		return true;
	case CXCursor_BinaryOperator:
	case CXCursor_UnaryOperator:
	case CXCursor_ConditionalOperator:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
		if (e->kind == CXCursor_UnaryOperator) {
			enum CXUnaryOperatorKind op =
				clang_getCursorUnaryOperatorKind(e->cursor);

			if (op == CXUnaryOperator_Deref || wl_unop_steps(op))
				return false;
		}
		if (e->kind == CXCursor_BinaryOperator &&
		    wl_node_binop(e) == CXBinaryOperator_Assign)
			return false;
		for (i = 0; i < e->nr_kids; i++)
			if (!uniform_from_nothing_stored(mem, e->kids[i]))
				return false;
		return e->nr_kids > 0;
	default:
		return false;
	}
}

/*
 * Whether write @wr and read @rd (events of one walk) meet only where a
 * thread reads what it stored itself: @wr is `x = e` with e the same in
 * every thread (uniform_from_nothing_stored()), a statement that every
 * path to the read passes (no condition decides which threads store),
 * it comes first, every thread of @rd performed it at the element it
 * reads, and no other store to that storage comes between.  All threads
 * setting a __shared__ scalar to the block's size and then reading it
 * (Theano's convolution kernels: `nb_thread_id = blockDim.z *
 * blockDim.y * blockDim.x;`) read that one value whichever store they
 * see: no race.
 */
static bool own_uniform_store(struct wl_mem *mem, const struct ma_event *wr,
			      const struct ma_event *rd)
{
	const struct wl_mem_access *a = &mem->accesses[wr->access];
	struct wl_node *st = ma_strip(a->stmt);
	const struct ma_event *e;
	unsigned t;

	if (wr >= rd || (a->flags & WL_MEM_READ) ||
	    (mem->accesses[rd->access].flags & WL_MEM_WRITE) ||
	    !wr->elem || !rd->elem || !st ||
	    st->kind != CXCursor_BinaryOperator || st->nr_kids != 2 ||
	    wl_node_binop(st) != CXBinaryOperator_Assign ||
	    ma_strip(st->kids[0]) != ma_strip(a->expr) ||
	    !wl_node_dominates(a->stmt,
			       mem->accesses[rd->access].expr) ||
	    !uniform_from_nothing_stored(mem, st->kids[1]))
		return false;
	for (t = 0; t < MA_TIDS; t++)
		if (rd->act[t] && (!wr->act[t] || wr->elem[t] != rd->elem[t]))
			return false;
	for (e = wr + 1; e < rd; e++)
		if (e->access >= 0 && e->array == wr->array &&
		    (mem->accesses[e->access].flags & WL_MEM_WRITE))
			return false;
	return true;
}

/* What find_races() knows of a pair of accesses. */
enum { MA_RACED = 1, MA_RACED_ACROSS = 2 };

/*
 * The calls that brought events @p and @q about, as one number: a pair
 * of accesses known to race within a warp is looked at again only from
 * other calls (a loop repeats the same ones).
 */
static uint32_t calls_of(const struct ma_event *p, const struct ma_event *q)
{
	const struct ma_frame *f;
	uint64_t h = 1;

	for (f = p->env.frame; f; f = f->up)
		h = ma_mix(h, (uintptr_t)f->call);
	h = ma_mix(h, 0);
	for (f = q->env.frame; f; f = f->up)
		h = ma_mix(h, (uintptr_t)f->call);
	return (uint32_t)(h ^ h >> 32);
}

static void find_races(struct wl_mem *mem, struct ma_walk *w)
{
	unsigned short *lbar = wl_xcalloc((size_t)(w->nr_ev + 1) * MA_TIDS,
					  sizeof(*lbar));
	unsigned short *lsync = wl_xcalloc((size_t)(w->nr_ev + 1) * MA_TIDS,
					   sizeof(*lsync));
	unsigned short *lblock = wl_xcalloc((size_t)(w->nr_ev + 1) * MA_TIDS,
					    sizeof(*lblock));
	struct ma_bars bars = { lbar, lsync, lblock, 0, 0 };
	/*
	 * Access pairs already known to race need no second look.  The
	 * table covers only the accesses this walk meets, numbered locally:
	 * sized by the whole file it cost n^2 per kernel.
	 */
	int *local = wl_xmalloc((mem->nr_accesses + 1) * sizeof(*local));
	size_t n = 0;
	unsigned char *found;
	struct ma_shapes shapes;
	struct ma_retouch rt = { .i = UINT_MAX };
	struct ma_partners partners;
	/* pairs known to race within a warp: the calls last looked at */
	struct wl_u64map checked = { 0 };
	uint32_t calls, now;
	unsigned i, j, k, t, checks = 0;

	for (i = 0; i < mem->nr_accesses; i++)
		local[i] = -1;
	for (i = 0; i < w->nr_ev; i++)
		if (w->ev[i].access >= 0 && local[w->ev[i].access] < 0)
			local[w->ev[i].access] = (int)n++;
	found = n <= 2048 ? wl_xcalloc(n * n + 1, 1) : NULL;

	number_shapes(&shapes, w);
	for (i = 0; i < w->nr_ev; i++)
		for (t = 0; t < MA_TIDS; t++) {
			size_t at = (size_t)i * MA_TIDS + t;
			bool passes = w->ev[i].access < 0 && w->ev[i].act[t];

			lbar[at + MA_TIDS] = lbar[at] +
					     (passes && !w->ev[i].collective);
			lsync[at + MA_TIDS] = lsync[at] + passes;
			lblock[at + MA_TIDS] = lblock[at] +
					       (passes && !w->ev[i].collective &&
						!w->ev[i].warp_only);
		}
	ma_find_partners(mem, w, &partners);
	for (i = 0; i < w->nr_ev; i++) {
		struct ma_event *p = &w->ev[i];
		const unsigned *next, *end;

		if (p->access < 0 || p->lanes_skipped)
			continue;
		ma_partners_of(mem, w, &partners, i, &next, &end);
		for (; next < end; next++) {
			struct ma_event *q = &w->ev[j = *next];
			unsigned char *at;
			unsigned ti, tj;
			bool p_reads, global, across;

			if (ma_events_exclusive(p, q))
				continue;
			global = mem->arrays[p->array].kind == WL_MEM_GLOBAL;
			bars.from = i + 1;
			bars.to = j;
			if (!p->known || !q->known) {
				if (i != j && !(separated(&bars, 0, false) &&
						separated(&bars, 1, false)) &&
				    collide(mem, p, q, &p_reads)) {
					struct wl_mem_race *x;

					x = ma_record(mem, p, q, 0, 1, p_reads,
						   false);

					if (x)
						x->collision = true;
				}
				continue;
			}
			if (!may_race(mem, p, q) || flag_clears(mem, p, q) ||
			    own_uniform_store(mem, p, q) ||
			    own_uniform_store(mem, q, p))
				continue;
			at = found ? found + (size_t)local[p->access] * n +
					     (size_t)local[q->access]
				   : NULL;
			/*
			 * Known to race, but within a warp only so far: this
			 * pair of events (another call of the helper, say)
			 * may be where other warps meet too, which a
			 * __syncwarp() cannot order.
			 */
			if (at && *at == MA_RACED) {
				now = calls_of(p, q);
				if (wl_u64map_get(&checked, (uint64_t)(at - found),
						  &calls) && calls == now)
					continue;
				wl_u64map_put(&checked, (uint64_t)(at - found),
					      now);
				if (across_warps(mem, w, p, q, &bars)) {
					ma_record(mem, p, q, 0, 0, true, true);
					*at = MA_RACED_ACROSS;
				}
			}
			if (at && *at)
				continue;
			for (k = 0; k < MA_WARPS; k++) {
				/* the whole warp passed a barrier between */
				for (t = k * 32; t < k * 32 + 32; t++)
					if (!separated(&bars, t, false))
						break;
				if (t == k * 32 + 32)
					continue;
				if (!meet(mem, w, &shapes, i, j, k, &bars,
					  none_separated(&bars, k, global),
					  &checks, &ti, &tj, &p_reads)) {
					if (checks > MA_MAX_CHECKS)
						goto out;
					continue;
				}
				if (subsumed(mem, w, &rt, i, j, ti, p_reads))
					break;
				across = across_warps(mem, w, p, q, &bars);
				ma_record(mem, p, q, ti, tj, p_reads, across);
				if (at)
					*at = across ? MA_RACED_ACROSS
						     : MA_RACED;
				if (at && !across)
					wl_u64map_put(&checked,
						      (uint64_t)(at - found),
						      calls_of(p, q));
				break;
			}
		}
	}
out:
	wl_u64map_release(&checked);
	ma_release_partners(&partners);
	release_shapes(&shapes);
	free(found);
	free(local);
	free(lbar);
	free(lsync);
	free(lblock);
}

/* ---- the analysis ----------------------------------------------------- */

struct row_search {
	struct wl_model *model;
	unsigned char *seen;	/* by function index */
};

static bool reads_no_row(struct wl_node *n, void *data)
{
	struct row_search *s = data;
	struct wl_func *f;
	const char *b;

	if (n->kind == CXCursor_CallExpr) {
		f = wl_call_target(s->model, n);
		if (!f || !f->body || s->seen[f->index])
			return true;
		s->seen[f->index] = 1;
		return wl_node_walk(f->body, reads_no_row, s);
	}
	if (n->kind != CXCursor_MemberRefExpr)
		return true;
	b = wl_node_builtin_var(s->model, n);
	return !b || (strcmp(b, "threadIdx.y") && strcmp(b, "threadIdx.z"));
}

/*
 * Whether kernel @fn reads threadIdx.y or threadIdx.z, itself or in a
 * function it calls: MAGMA's kernels hand their whole body to a
 * template helper that does.
 */
static bool kernel_reads_rows(struct wl_model *m, struct wl_func *fn)
{
	struct row_search s = { m, wl_xcalloc(m->nr_funcs + 1, 1) };
	bool rows;

	s.seen[fn->index] = 1;
	rows = !wl_node_walk(fn->body, reads_no_row, &s);
	free(s.seen);
	return rows;
}

/* Walk kernel @fn (instantiated as @in, or NULL) and search its trace. */
static void search_kernel(struct wl_mem *mem, struct wl_func *fn,
			  const struct ma_instance *in)
{
	struct ma_walk w;
	unsigned width;

	ma_walk_kernel(mem, fn, in, &w);
	ma_compute_events(mem, &w);
	limit_block(mem, &w);
	/*
	 * The code bounds blockDim.x below a warp, so the usual launch
	 * (whole warps in each row) cannot be the kernel's, and it has rows
	 * (it reads threadIdx.y): a warp holds several rows, whose lanes
	 * the walk must tell apart (CudaSift's 16 x 8 descriptor blocks).
	 * Walked again with that shape; it stands for the launch only as
	 * long as this walk lasts.
	 */
	width = w.threads;
	if (width < 32 && kernel_reads_rows(&mem->ctx->model, fn)) {
		ma_release_walk(&w);
		ma_model_rows(mem, width, w.threads_rounded);
		ma_forget_active(mem);
		ma_walk_kernel(mem, fn, in, &w);
		ma_compute_events(mem, &w);
		limit_block(mem, &w);
	}
	find_races(mem, &w);
	if (mem->row_width) {
		ma_model_rows(mem, 0, false);
		ma_forget_active(mem);
	}
	if (w.truncated)
		ma_mark_cut(mem);
	mem->truncated |= w.truncated;
	ma_release_walk(&w);
}

void wl_mem_build(struct wl_mem *mem, struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	unsigned i, k;

	memset(mem, 0, sizeof(*mem));
	mem->ctx = ctx;
	mem->nr_access_of = m->nr_nodes;
	mem->access_of = wl_xmalloc((m->nr_nodes + 1) * sizeof(int));
	for (i = 0; i < m->nr_nodes; i++)
		mem->access_of[i] = -1;
	for (i = 0; i < m->nr_funcs; i++)
		if (m->funcs[i]->body)
			wl_node_walk(m->funcs[i]->body, ma_collect_access, mem);
	/*
	 * Other files' functions the walk may enter or start from (see
	 * struct wl_model), the kernels of a header's callers too: a helper
	 * here that stores each lane's word and the kernel that reads its
	 * neighbour's right after the call race across the two files.
	 * Only statements of this file are reported.
	 */
	for (i = 0; i < m->nr_ctx_funcs; i++)
		if (m->ctx_funcs[i]->body)
			wl_node_walk(m->ctx_funcs[i]->body, ma_collect_access,
				     mem);
	if (!mem->nr_accesses)
		return;
	/*
	 * Roots: kernels, and device functions nobody here calls; in a
	 * header's pass also the kernels of other files that call its
	 * helpers (mshadow's softmax in one header reducing through
	 * Reduce1D in another).
	 */
	for (i = 0; i < m->nr_funcs + m->nr_ctx_funcs; i++) {
		struct wl_func *fn = i < m->nr_funcs
					     ? m->funcs[i]
					     : m->ctx_funcs[i - m->nr_funcs];
		struct ma_instances is;

		if (!fn->body || (!(fn->flags & WL_FUNC_KERNEL) &&
				  (fn->nr_callers || i >= m->nr_funcs)))
			continue;
		/* `<<<n, 1>>>` code: lanes alike exchange nothing */
		if ((fn->flags & WL_FUNC_KERNEL) && ma_threads_alike(m, fn))
			continue;
		ma_collect_instances(mem, fn, &is);
		for (k = 0; k < is.nr; k++)
			search_kernel(mem, fn, &is.v[k]);
		if (!is.nr)
			search_kernel(mem, fn, NULL);
	}
	ma_finish_regions(mem);
}

struct wl_mem *wl_mem_of(struct wl_ctx *ctx)
{
	if (!ctx->mem) {
		ctx->mem = wl_xmalloc(sizeof(*ctx->mem));
		wl_mem_build(ctx->mem, ctx);
	}
	return ctx->mem;
}

void wl_mem_drop(struct wl_ctx *ctx)
{
	if (!ctx->mem)
		return;
	wl_mem_release(ctx->mem);
	free(ctx->mem);
	ctx->mem = NULL;
}

void wl_mem_release(struct wl_mem *mem)
{
	unsigned i;

	for (i = 0; i < mem->nr_arrays; i++)
		free(mem->arrays[i].elem_type);
	for (i = 0; i < mem->nr_regions; i++) {
		free(mem->regions[i].races);
		free(mem->regions[i].stmts);
		free(mem->regions[i].calls);
	}
	free(mem->arrays);
	free(mem->array_slots);
	free(mem->accesses);
	free(mem->regions);
	free(mem->escape);
	free(mem->specs);
	ma_raw_release(mem);
	free(mem->local_memo);
	free(mem->thread_memo);
	free(mem->active_memo);
	free(mem->split_memo);
	for (i = 0; mem->guards_of && i < mem->nr_access_of; i++)
		free(mem->guards_of[i]);
	free(mem->guards_of);
	free(mem->group_of);
	wl_u64map_release(&mem->sync_helpers);
	wl_u64map_release(&mem->ref_writes);
	free(mem->access_of);
	memset(mem, 0, sizeof(*mem));
}

bool wl_mem_eval(struct wl_mem *mem, struct wl_node *expr, unsigned tid,
		 long long *value)
{
	struct ma_eval ev = { .mem = mem, .tid = tid };

	return ma_eval(&ev, expr, NULL, value);
}

bool wl_mem_loop_values(struct wl_mem *mem, struct wl_node *loop,
			CXCursor *var, long long *values, unsigned max,
			unsigned *nr)
{
	struct wl_node *first, *cond, *inc;
	struct ma_env e;
	long long v, c;

	*nr = 0;
	if (loop->kind != CXCursor_ForStmt ||
	    !ma_loop_var(loop, var, &first))
		return false;
	cond = wl_node_kid(loop, WL_ROLE_COND);
	inc = wl_node_kid(loop, WL_ROLE_INC);
	memset(&e, 0, sizeof(e));
	if (!cond || !ma_eval_uniform(mem, first, &e, &v))
		return false;
	for (;;) {
		ma_bind(&e, *var, v, false);
		if (!ma_eval_uniform(mem, cond, &e, &c))
			return false;
		if (!c)
			return true;
		if (*nr == max)
			return false;
		values[(*nr)++] = v;
		if (!ma_step(mem, inc, *var, &e, &v))
			return false;
	}
}

bool wl_mem_index_bound(struct wl_mem *mem, unsigned ai, unsigned tid,
			CXCursor var, long long value, long long *element)
{
	struct ma_eval ev = { .mem = mem, .tid = tid };
	struct ma_env env;
	struct ma_loc loc;

	memset(&env, 0, sizeof(env));
	ma_bind(&env, var, value, false);
	if (!ma_access_loc(&ev, &mem->accesses[ai], &env, &loc))
		return false;
	*element = loc.elem;
	return true;
}
