/*
 * warplint-test: WL202 full masks in helpers whose callers this file does
 * not show.  A parameter's value is then unknown: a test of it (`width >
 * 16`, `i < n`) is not known to split a warp, and WL202 does not say it
 * does (its fix would rest on the same guess).  A parameter whose name
 * says it holds a thread's index (`lane`, `tid`) is taken as one, and a
 * test of it that splits a warp is reported.
 */
template <typename T>
__device__ T tail_sum(T v, int width)
{
	if (width > 16)
		v += __shfl_down_sync(0xffffffff, v, 16);	// ok: WL202
	return v;
}

__device__ int guarded_tail(int v, int i, int n)
{
	if (i < n)
		v += __shfl_down_sync(0xffffffff, v, 8);	// ok: WL202
	return v;
}

__device__ int low_half(int v, int lane)
{
	if (lane < 16)
		v += __shfl_down_sync(0xffffffff, v, 16);	// expect: WL202 {{'lane < 16'}}
	return v;
}

__device__ int first_lanes_sum(int *s, int tid)
{
	if (tid < 8)
		s[tid] += __shfl_xor_sync(0xffffffff, s[tid], 1);	// expect: WL202 {{'tid < 8'}}
	return s[0];
}
