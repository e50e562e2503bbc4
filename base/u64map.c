/* SPDX-License-Identifier: MIT */
#include "base/u64map.h"

#include <stdlib.h>

#include "base/util.h"

static size_t slot_of(uint64_t key, size_t cap)
{
	/* Fibonacci hashing: nearby keys land far apart */
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 17) & (cap - 1);
}

/* Whether @key (nonzero) is in @m; @at: its slot, or where it would go. */
static bool find(const struct wl_u64map *m, uint64_t key, size_t *at)
{
	size_t i = slot_of(key, m->cap);

	while (m->slots[i].key && m->slots[i].key != key)
		i = (i + 1) & (m->cap - 1);
	*at = i;
	return m->slots[i].key == key;
}

static void grow(struct wl_u64map *m)
{
	struct wl_u64map bigger = *m;
	size_t i, at;

	bigger.cap = m->cap ? m->cap * 2 : 64;
	bigger.nr = 0;
	bigger.slots = wl_xcalloc(bigger.cap, sizeof(*bigger.slots));
	for (i = 0; i < m->cap; i++)
		if (m->slots[i].key) {
			find(&bigger, m->slots[i].key, &at);
			bigger.slots[at] = m->slots[i];
			bigger.nr++;
		}
	free(m->slots);
	*m = bigger;
}

void wl_u64map_put(struct wl_u64map *m, uint64_t key, uint32_t value)
{
	size_t at;

	if (!key) {
		m->has_zero = true;
		m->zero_value = value;
		return;
	}
	if ((m->nr + 1) * 4 > m->cap * 3)
		grow(m);
	if (!find(m, key, &at)) {
		m->slots[at].key = key;
		m->nr++;
	}
	m->slots[at].value = value;
}

bool wl_u64map_get(const struct wl_u64map *m, uint64_t key, uint32_t *value)
{
	size_t at;

	if (!key) {
		*value = m->zero_value;
		return m->has_zero;
	}
	if (!m->cap || !find(m, key, &at))
		return false;
	*value = m->slots[at].value;
	return true;
}

void wl_u64map_release(struct wl_u64map *m)
{
	free(m->slots);
	m->slots = NULL;
	m->nr = m->cap = 0;
	m->has_zero = false;
}
