/* SPDX-License-Identifier: MIT */
/* --shard=I/N: a stable split of the input files between CI jobs. */
#include "driver/shard.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

int wl_shard_parse(struct wl_shard *shard, const char *text)
{
	char *end;
	unsigned long i, n;

	errno = 0;
	i = strtoul(text, &end, 10);
	if (end == text || *end != '/' || errno)
		return -1;
	text = end + 1;
	n = strtoul(text, &end, 10);
	if (end == text || *end || errno || n < 1 || n > 100000 || i < 1 ||
	    i > n)
		return -1;
	shard->index = (unsigned)i;
	shard->count = (unsigned)n;
	return 0;
}

bool wl_shard_keeps(const struct wl_shard *shard, const char *path)
{
	uint64_t h = 0xcbf29ce484222325ull;	/* FNV-1a */
	const unsigned char *p;

	if (!shard->count)
		return true;
	for (p = (const unsigned char *)path; *p; p++)
		h = (h ^ *p) * 0x100000001b3ull;
	return h % shard->count == shard->index - 1;
}
