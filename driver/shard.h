/* SPDX-License-Identifier: MIT */
/*
 * --shard=I/N: which input files one job of a CI matrix analyses.  A file
 * belongs to a shard by a hash of its path, so that the split does not
 * depend on the order of the files or on which other files there are:
 * adding a file moves no other file to another shard.
 */
#ifndef WL_DRIVER_SHARD_H
#define WL_DRIVER_SHARD_H

#include <stdbool.h>

struct wl_shard {
	unsigned index;		/* 1..count; 0: not sharded */
	unsigned count;
};

/* Parse "I/N" with 1 <= I <= N; returns 0, or -1 if it is not that. */
int wl_shard_parse(struct wl_shard *shard, const char *text);

/* Whether shard @shard analyses the file named @path. */
bool wl_shard_keeps(const struct wl_shard *shard, const char *path);

#endif
