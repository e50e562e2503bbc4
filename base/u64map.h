/* SPDX-License-Identifier: MIT */
/*
 * A map from 64-bit keys to 32-bit values (open addressing, linear
 * probing).  The race search remembers what it found for each pair of
 * access shapes.
 */
#ifndef WL_U64MAP_H
#define WL_U64MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct wl_u64map_slot {
	uint64_t key;		/* 0 marks an empty slot */
	uint32_t value;
};

struct wl_u64map {
	struct wl_u64map_slot *slots;
	size_t nr, cap;		/* cap: 0 or a power of two */
	bool has_zero;		/* key 0 lives here, not in a slot */
	uint32_t zero_value;
};

/* Map @key to @value, replacing what it mapped to. */
void wl_u64map_put(struct wl_u64map *m, uint64_t key, uint32_t value);
/* Whether @key is mapped; its value in *@value. */
bool wl_u64map_get(const struct wl_u64map *m, uint64_t key, uint32_t *value);
void wl_u64map_release(struct wl_u64map *m);

#endif
