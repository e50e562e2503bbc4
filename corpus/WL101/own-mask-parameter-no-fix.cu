/*
 * warplint-test: helpers that take their own lane mask (see
 * own-mask-parameter.cu), where mask inference still gives up inside the
 * helper: a goto, and a loop whose trip count depends on the lane and that a
 * lane may leave on its own.  No
 * fix; the note says why.  (Each once leaked the mask's name: the ASan
 * soak over MXNet found it.)
 */

__device__ int rotate_sum(int v, unsigned member_mask, int n)
{
#ifdef WARP_SYNC_API
	return __reduce_add_sync(member_mask, v);
#else
	int i = 0;
again:
	v += __shfl_down(v, 1); // expect: WL101 {{goto}}
	if (++i < n)
		goto again;
	return v;
#endif
}

__device__ int ragged_sum(int v, unsigned member_mask)
{
#ifdef WARP_SYNC_API
	return __reduce_add_sync(member_mask, v);
#else
	for (int k = 0; k < (int)(threadIdx.x % 32); k++) {
		if (v < 0)
			break;
		v += __shfl_xor(v, 1); // expect: WL101 {{loop}}
	}
	return v;
#endif
}
