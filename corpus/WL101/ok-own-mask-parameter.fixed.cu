/*
 * warplint-test: near misses of own-mask-parameter.cu.  A 32-bit
 * parameter that is called a mask but never passed to a _sync
 * collective (a bit filter here), one passed only as a shuffle's
 * value, and one passed to a _sync call only in a comment, are not lane
 * masks: the fix infers the mask from the code as usual (no caller in
 * this file: a new mask parameter, unsafe).
 * unsafe-fixes: yes
 */

__device__ unsigned count_flags(unsigned mask2, unsigned flags, unsigned mask)
{
	unsigned mine = flags & mask;

	return __ballot_sync(mask2, mine != 0); // expect: WL102 {{new first parameter}}
}

[[deprecated("pass a lane mask")]] __device__ unsigned count_flags(unsigned flags, unsigned mask)
{
	return count_flags(__activemask(), flags, mask);
}

__device__ unsigned pass_on(unsigned mask, unsigned word, unsigned bits)
{
#ifdef WARP_SYNC_API
	return __shfl_sync(0xffffffffu, bits, 0);
#else
	return __shfl_sync(mask, bits, 0); // expect: WL101 {{new first parameter}}
#endif
}

[[deprecated("pass a lane mask")]] __device__ unsigned pass_on(unsigned word, unsigned bits)
{
	return pass_on(__activemask(), word, bits);
}

__device__ int first_lane_value(unsigned mask, int v, unsigned lanes)
{
	/* once CUDA 9 is required: return __shfl_sync(lanes, v, 0); */
	// return __shfl_sync(lanes, v, 0);
	return __shfl_sync(mask, v, 0) + (int)(lanes & 0); // expect: WL101 {{new first parameter}}
}

[[deprecated("pass a lane mask")]] __device__ int first_lane_value(int v, unsigned lanes)
{
	return first_lane_value(__activemask(), v, lanes);
}
