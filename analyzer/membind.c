/* SPDX-License-Identifier: MIT */
/*
 * The bindings of a walk (see struct ma_bind in memint.h): loop counters
 * and template parameters bound to their values, per-thread counters,
 * and the stand-in value of an unknown uniform.  Apart from memeval.c,
 * so that memconst.c, which memeval.c asks, reads them without a cycle.
 */
#include "analyzer/cursor.h"
#include "analyzer/memint.h"

const struct ma_bind *ma_binding(const struct ma_env *env, CXCursor decl)
{
	unsigned i;

	for (i = env ? env->nr_binds : 0; i-- > 0;)
		if (wl_cursor_equal(env->binds[i].decl, decl))
			return &env->binds[i];
	return NULL;
}

bool ma_bound(const struct ma_env *env, CXCursor decl, long long *v,
	      bool *opaque)
{
	const struct ma_bind *b = ma_binding(env, decl);

	if (!b || b->entry)
		return false;
	*v = b->value;
	if (opaque)
		*opaque = b->opaque;
	return true;
}

static struct ma_bind *bind_slot(struct ma_env *env, CXCursor decl)
{
	unsigned i;

	for (i = 0; i < env->nr_binds; i++)
		if (wl_cursor_equal(env->binds[i].decl, decl))
			return &env->binds[i];
	if (i == MA_MAX_BINDS)
		return NULL;
	env->nr_binds++;
	return &env->binds[i];
}

void ma_bind(struct ma_env *env, CXCursor decl, long long v, bool opaque)
{
	struct ma_bind *b = bind_slot(env, decl);

	if (b)
		*b = (struct ma_bind){ .decl = decl, .value = v,
				       .opaque = opaque };
}

void ma_bind_plausible(struct ma_env *env, CXCursor decl, long long v)
{
	struct ma_bind *b = bind_slot(env, decl);

	if (b)
		*b = (struct ma_bind){ .decl = decl, .value = v, .opaque = true,
				       .plausible = true };
}

void ma_bind_counter(struct ma_env *env, CXCursor decl, struct wl_node *loop)
{
	struct ma_bind *b = bind_slot(env, decl);

	if (b)
		*b = (struct ma_bind){ .decl = decl, .entry = loop };
}

void ma_step_counter(struct ma_env *env, CXCursor decl, long long delta)
{
	unsigned i;

	for (i = 0; i < env->nr_binds; i++)
		if (env->binds[i].entry &&
		    wl_cursor_equal(env->binds[i].decl, decl))
			env->binds[i].value += delta;
}

void ma_unbind(struct ma_env *env, CXCursor decl)
{
	unsigned i;

	for (i = 0; i < env->nr_binds; i++)
		if (wl_cursor_equal(env->binds[i].decl, decl)) {
			env->binds[i] = env->binds[--env->nr_binds];
			return;
		}
}

long long ma_opaque_value(CXCursor decl)
{
	unsigned h = clang_hashCursor(decl) % 1021u;

	return (1ll << 24) + ((long long)h << 12);
}

uint64_t ma_mix(uint64_t h, uint64_t x)
{
	return (h ^ x) * 0x100000001b3ull + (h >> 29);
}

uint64_t ma_env_key(const struct ma_env *env)
{
	const struct ma_frame *f;
	uint64_t h = 0xcbf29ce484222325ull;
	unsigned i;

	if (!env)
		return h;
	for (i = 0; i < env->nr_binds; i++) {
		const struct ma_bind *b = &env->binds[i];

		h = ma_mix(h, (uintptr_t)b->decl.data[0]);
		h = ma_mix(h, (uint64_t)b->value);
		h = ma_mix(h, (uintptr_t)b->entry * 4 + b->plausible * 2u +
				      b->opaque);
	}
	for (f = env->frame; f; f = f->up) {
		h = ma_mix(h, (uintptr_t)f->call);
		h = ma_mix(h, (uintptr_t)f->fn);
		h = ma_mix(h, (uintptr_t)f->object * 2 + f->on_this);
	}
	for (i = 0; i < env->nr_held; i++)
		h = ma_mix(h, (uintptr_t)env->held[i]);
	return ma_mix(h, env->nr_binds * 64 + env->nr_held);
}
