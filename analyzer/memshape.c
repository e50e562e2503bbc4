/* SPDX-License-Identifier: MIT */
/*
 * The launch shape the memory walk models: what the built-in variables
 * hold for one thread of the block (see struct wl_mem, row_width).
 * Both ways of reading them, the model's nodes (memeval.c) and a
 * header's text (memraw.c), ask here.
 */
#include <string.h>

#include "analyzer/memint.h"

bool ma_builtin_value(const struct wl_mem *mem, const char *var, char member,
		      unsigned tid, long long *out)
{
	unsigned row = mem->row_width;

	if (member < 'x' || member > 'z')
		return false;
	if (!strcmp(var, "threadIdx") && !row)
		*out = member == 'x' ? tid : 0;
	else if (!strcmp(var, "threadIdx"))
		*out = member == 'x' ? tid % row : member == 'y' ? tid / row : 0;
	else if (!strcmp(var, "blockDim") && !row)
		*out = member == 'x' ? MA_BLOCK_DIM : 1;
	else if (!strcmp(var, "blockDim"))
		*out = member == 'x' ? row : member == 'y' ? MA_TIDS / row : 1;
	else if (!strcmp(var, "blockIdx"))
		*out = 0;	/* the same in every lane of a warp */
	else if (!strcmp(var, "gridDim"))
		*out = 1;
	else
		return false;
	return true;
}
