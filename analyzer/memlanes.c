/* SPDX-License-Identifier: MIT */
/*
 * What each event of a kernel's trace touches, lane by lane, and which
 * events can meet at all: the race search (memrace.c) starts from these.
 * Evaluating 64 lanes of every access was most of a file's analysis, so
 * only the accesses of arrays that can race are evaluated whole.
 */

#include <stdlib.h>
#include <string.h>

#include "analyzer/memaccess.h"
#include "analyzer/memint.h"
#include "analyzer/memtrace.h"
#include "base/util.h"

/*
 * Event @e for every lane: whether the lane performs it and, for an
 * access, the element it touches (known: every active lane's is).
 */
static void compute_event(struct wl_mem *mem, struct ma_event *e)
{
	unsigned t;

	e->act = wl_xmalloc(MA_TIDS);
	for (t = 0; t < MA_TIDS; t++)
		e->act[t] = ma_active(mem, e->node, &e->env, t);
	if (e->access < 0)
		return;
	e->elem = wl_xmalloc(MA_TIDS * sizeof(*e->elem));
	e->known = true;
	e->first_past_row = MA_TIDS;
	for (t = 0; t < MA_TIDS && e->known; t++) {
		struct ma_eval ev = { .mem = mem, .tid = t };
		struct ma_loc loc;

		if (!e->act[t])
			continue;
		if (!ma_access_loc(&ev, &mem->accesses[e->access], &e->env,
				&loc) ||
		    (e->array >= 0 && loc.array != e->array)) {
			e->known = false;
			if (e->array < 0)
				e->array = loc.array;
			break;
		}
		e->array = loc.array;
		e->elem[t] = loc.elem;
		if ((loc.flags & MA_LOC_PAST_ROW) && e->first_past_row == MA_TIDS)
			e->first_past_row = t;
		e->opaque |= ev.opaque;
		e->guessed |= ev.guessed;
	}
	if (e->array < 0)
		e->array = (int)mem->accesses[e->access].array;
	if (!e->known)
		mem->nr_unknown++;
}

/*
 * The storage access event @e reaches, from its first active lane alone:
 * what compute_event() would find, at a sixty-fourth of the cost.  False
 * when that lane's location is unknown (or no lane performs it): the
 * event is then computed whole.
 */
static bool probe_event(struct wl_mem *mem, const struct ma_event *e,
			int *array)
{
	unsigned t;

	for (t = 0; t < MA_TIDS; t++) {
		struct ma_eval ev = { .mem = mem, .tid = t };
		struct ma_loc loc;

		if (!ma_active(mem, e->node, &e->env, t))
			continue;
		if (!ma_access_loc(&ev, &mem->accesses[e->access], &e->env,
				   &loc) || loc.array < 0)
			return false;
		*array = loc.array;
		return true;
	}
	return false;
}

enum {
	ARRAY_READ = 1 << 0,
	ARRAY_WRITTEN = 1 << 1,
	ARRAY_VOLATILE = 1 << 2,
};

/*
 * Whether accesses with @flags can race: a read and a write, or a write
 * and a volatile access (collide()).  Anything else, as a kernel's input
 * and output arrays are, pairs with nothing in find_races().
 */
static bool flags_may_race(unsigned flags)
{
	return (flags & ARRAY_WRITTEN) &&
	       (flags & (ARRAY_READ | ARRAY_VOLATILE));
}

/*
 * For an access that cannot race but whose array has a known size: the
 * first thread that performs it out of the array's bounds or past the
 * extent of one of its rows (MA_LOC_PAST_ROW), which is all
 * limit_block() asks of it.  The same answer compute_event() would give,
 * without asking each thread whether it performs the access, which is
 * the costly part: only threads out of bounds, or whose element is not
 * known, are asked.
 */
static void bound_event(struct wl_mem *mem, struct ma_event *e, int array)
{
	long long size = mem->arrays[array].size;
	unsigned t, out = MA_TIDS;
	bool opaque = false;

	e->first_out = MA_TIDS;
	for (t = 0; t < MA_TIDS; t++) {
		struct ma_eval ev = { .mem = mem, .tid = t };
		struct ma_loc loc = { .array = -1 };
		bool known = ma_access_loc(&ev, &mem->accesses[e->access],
					   &e->env, &loc) &&
			     loc.array == array;
		bool inside = loc.elem >= 0 && loc.elem < size &&
			      !(loc.flags & MA_LOC_PAST_ROW);

		if (known && !(ev.opaque && !opaque) &&
		    (out < MA_TIDS || inside))
			continue;
		if (!ma_active(mem, e->node, &e->env, t))
			continue;
		if (!known)
			return;		/* compute_event(): not known */
		opaque |= ev.opaque;
		if (out == MA_TIDS && !inside)
			out = t;
	}
	if (!opaque)
		e->first_out = out;
}

/*
 * Number the stretches of the trace between block barriers that every
 * thread passes: no two accesses of different stretches can race (the
 * race search finds such a barrier between them for every warp), so only
 * the stretches that both read and write an array need its lanes.  The
 * barriers' own lanes are computed here.  Returns how many stretches.
 */
static unsigned number_stretches(struct wl_mem *mem, struct ma_walk *w,
				 unsigned *stretch)
{
	unsigned i, t, n = 0;

	for (i = 0; i < w->nr_ev; i++) {
		struct ma_event *e = &w->ev[i];

		stretch[i] = n;
		if (e->access >= 0)
			continue;
		compute_event(mem, e);
		if (e->warp_only || e->collective)
			continue;
		for (t = 0; t < MA_TIDS && e->act[t]; t++)
			;
		n += t == MA_TIDS;
	}
	return n + 1;
}

/*
 * Each event's lanes, for the events that can take part in a race.  An
 * element-wise kernel reads its inputs and writes its outputs, and a
 * tiled one writes its tiles, passes a barrier, then reads them:
 * evaluating every lane of every access of such kernels was most of a
 * file's analysis (cuda-convnet2's img_acts.cu took minutes).  The
 * accesses of an array that no stretch between full barriers both reads
 * and writes are probed for their storage and left unevaluated
 * (lanes_skipped).  When some stretch can race, the accesses of arrays
 * of a known size still tell how far their bounds limit the block
 * (bound_event(), limit_block()).
 */
void ma_compute_events(struct wl_mem *mem, struct ma_walk *w)
{
	int *probed = wl_xmalloc((w->nr_ev + 1) * sizeof(*probed));
	unsigned *stretch = wl_xmalloc((w->nr_ev + 1) * sizeof(*stretch));
	unsigned char *flags, *all_race;
	unsigned i, nr_stretches, width;
	bool any_race = false;

	nr_stretches = number_stretches(mem, w, stretch);
	all_race = wl_xcalloc(nr_stretches, 1);
	for (i = 0; i < w->nr_ev; i++) {
		probed[i] = -1;
		/* an event whose storage the probe cannot tell: any array's */
		if (w->ev[i].access >= 0 &&
		    !probe_event(mem, &w->ev[i], &probed[i]))
			all_race[stretch[i]] = 1;
	}
	/* sized after the probes, which may have met new arrays */
	width = mem->nr_arrays + 1;
	flags = wl_xcalloc((size_t)nr_stretches * width, 1);
	for (i = 0; i < w->nr_ev; i++) {
		const struct ma_event *e = &w->ev[i];
		unsigned f;

		if (probed[i] < 0)
			continue;
		f = mem->accesses[e->access].flags;
		flags[(size_t)stretch[i] * width + (unsigned)probed[i]] |=
			(f & WL_MEM_READ ? ARRAY_READ : 0) |
			(f & WL_MEM_WRITE ? ARRAY_WRITTEN : 0) |
			(f & WL_MEM_VOLATILE ? ARRAY_VOLATILE : 0);
	}
	for (i = 0; i < nr_stretches * width && !any_race; i++)
		any_race = flags_may_race(flags[i]) || all_race[i / width];
	for (i = 0; i < w->nr_ev; i++) {
		struct ma_event *e = &w->ev[i];
		int a = probed[i];

		if (e->access < 0)
			continue;
		if (a < 0 || all_race[stretch[i]] ||
		    flags_may_race(flags[(size_t)stretch[i] * width +
					 (unsigned)a])) {
			compute_event(mem, e);
			continue;
		}
		e->act = wl_xcalloc(MA_TIDS, 1);
		e->array = a;
		e->lanes_skipped = true;
		e->first_out = MA_TIDS;
		if (any_race && mem->arrays[a].size > 0)
			bound_event(mem, e, a);
	}
	free(probed);
	free(stretch);
	free(flags);
	free(all_race);
}

static unsigned partner_bucket(const struct wl_mem *mem,
			       const struct ma_event *e)
{
	return e->array >= 0 ? (unsigned)e->array : mem->nr_arrays;
}

static bool event_writes(const struct wl_mem *mem, const struct ma_event *e)
{
	return mem->accesses[e->access].flags & WL_MEM_WRITE;
}

void ma_find_partners(const struct wl_mem *mem, const struct ma_walk *w,
			  struct ma_partners *pt)
{
	unsigned nb = mem->nr_arrays + 1, i, b;
	unsigned *all_next, *writes_next;

	pt->all = wl_xmalloc((w->nr_ev + 1) * sizeof(*pt->all));
	pt->writes = wl_xmalloc((w->nr_ev + 1) * sizeof(*pt->writes));
	pt->all_at = wl_xcalloc(nb + 1, sizeof(*pt->all_at));
	pt->writes_at = wl_xcalloc(nb + 1, sizeof(*pt->writes_at));
	for (i = 0; i < w->nr_ev; i++) {
		if (w->ev[i].access < 0)
			continue;
		b = partner_bucket(mem, &w->ev[i]);
		pt->all_at[b + 1]++;
		pt->writes_at[b + 1] += event_writes(mem, &w->ev[i]);
	}
	for (b = 0; b < nb; b++) {
		pt->all_at[b + 1] += pt->all_at[b];
		pt->writes_at[b + 1] += pt->writes_at[b];
	}
	all_next = wl_xmalloc(nb * sizeof(*all_next));
	writes_next = wl_xmalloc(nb * sizeof(*writes_next));
	memcpy(all_next, pt->all_at, nb * sizeof(*all_next));
	memcpy(writes_next, pt->writes_at, nb * sizeof(*writes_next));
	for (i = 0; i < w->nr_ev; i++) {
		if (w->ev[i].access < 0)
			continue;
		b = partner_bucket(mem, &w->ev[i]);
		pt->all[all_next[b]++] = i;
		if (event_writes(mem, &w->ev[i]))
			pt->writes[writes_next[b]++] = i;
	}
	free(all_next);
	free(writes_next);
}

void ma_partners_of(const struct wl_mem *mem, const struct ma_walk *w,
			const struct ma_partners *pt, unsigned i,
			const unsigned **list, const unsigned **end)
{
	unsigned b = partner_bucket(mem, &w->ev[i]);
	const unsigned *v = event_writes(mem, &w->ev[i]) ? pt->all : pt->writes;
	const unsigned *at = v == pt->all ? pt->all_at : pt->writes_at;
	unsigned lo = at[b], hi = at[b + 1];

	while (lo < hi) {	/* the first at or after @i */
		unsigned mid = lo + (hi - lo) / 2;

		if (v[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	*list = v + lo;
	*end = v + at[b + 1];
}

void ma_release_partners(struct ma_partners *pt)
{
	free(pt->all);
	free(pt->writes);
	free(pt->all_at);
	free(pt->writes_at);
}
