/*
 * warplint-test: WL101/WL102 uses of macros defined in a header.  Each
 * use is reported here; the body is fixed when warplint runs on the
 * header, which it can only do for uses that need the full mask.
 */
#include "legacy-macros-header.cuh"

__global__ void uses(int *p, int n)
{
	int v = p[threadIdx.x];

	v += WARP_SHFL_DOWN(v, 1); // expect: WL101 {{run warplint on it}}
	if (threadIdx.x < n)
		v = WARP_BROADCAST(v); // expect: WL101 {{give it a mask parameter}}
	p[threadIdx.x] = v + WARP_ANY(v > 0); // expect: WL102
}
