/*
 * warplint-test: WL101/WL102/WL103 calls of a header's helpers that wrap
 * legacy code are reported at the call, where the user looks, naming the
 * helper and where its legacy code is; the fix belongs in the header, so
 * none is offered here.  Calls of modern helpers, and of a helper whose
 * legacy code is in a branch the build skips, are not.
 */
#include "warp-wrappers.cuh"

template <typename T>
__device__ T butterfly_sum(T v)
{
	for (int m = 16; m > 0; m >>= 1)
		v += lane_xor(v, m); // expect: WL101 {{call of 'lane_xor', which wraps legacy '__shfl_xor'}}
	return v;
}

__global__ void run(int *p, key_value *kv)
{
	int t = threadIdx.x;
	int v = p[t];

	v = butterfly_sum(v); // ok: WL101
	v += (int)lanes_with(v > 0); // expect: WL102 {{warp-wrappers.cuh}}
	v += lane_above(v); // expect: WL103 {{inline PTX 'shfl'}}
	v += lane_xor_modern(v, 1) + lane_first(v); // ok: WL101
	kv[t] = lane_xor(kv[t], 1); // expect: WL101 {{'lane_xor'}}
	p[t] = v;
}
