/*
 * warplint-test: near misses for WL301: a shared array handed whole to
 * header helpers whose names say load and store but whose bodies are
 * loops over each thread's own elements.  A helper is one load or store
 * of the pointer only when its body is that small (or not in sight).
 * expect-none
 */
#include "chunk-helpers.cuh"

__global__ void stage_rows(const float *in, float *out, int n)
{
	__shared__ float tile[1024];

	load_chunk_to_shared(tile, in, n);	// ok: WL301
	store_chunk_from_shared(out, tile, n);	// ok: WL301
}
