/*
 * warplint-test: WL101/WL102/WL103 a header of warp helpers that wrap
 * legacy primitives and PTX, analysed on its own: each legacy call is
 * reported in the helper.  No helper has a caller that shows which lanes
 * arrive: each gets a mask parameter and a deprecated forwarding overload
 * (an unsafe fix, not applied), except lane_xor, whose default argument
 * would let old calls bind to the new signature: no fix.  A helper that
 * is modern already, or whose legacy code sits in a fallback the build
 * skips (WL105), wraps nothing.
 */
#ifndef WARP_WRAPPERS_CUH
#define WARP_WRAPPERS_CUH

template <typename T>
__device__ inline T lane_xor(T v, int mask, int width = 32)
{
	return __shfl_xor(v, mask, width); // expect: WL101
}

__device__ inline unsigned lanes_with(bool p)
{
	return __ballot(p); // expect: WL102
}

__device__ inline int lane_above(int v)
{
	asm volatile("shfl.up.b32 %0, %0, 1, 0x0;" : "+r"(v)); // expect: WL103
	return v;
}

struct key_value {
	int key, value;
};

/* Wraps the legacy one through lane_xor. */
__device__ inline key_value lane_xor(key_value kv, int mask)
{
	key_value r;

	r.key = lane_xor(kv.key, mask);
	r.value = lane_xor(kv.value, mask);
	return r;
}

__device__ inline int lane_xor_modern(int v, int mask)
{
	return __shfl_xor_sync(0xffffffffu, v, mask);
}

__device__ inline int lane_first(int v)
{
#if CUDA_VERSION >= 9000
	return __shfl_sync(0xffffffffu, v, 0);
#else
	return __shfl(v, 0); // expect: WL105
#endif
}

#endif
