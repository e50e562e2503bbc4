/*
 * warplint-test: WL201 a mask taken with __activemask() at the top of the
 * kernel and used under `if (i < n)`: the fix computes the mask with
 * __ballot_sync() before the branch, passes it to every use, and deletes
 * the declaration, which nothing else reads.
 */
__global__ void pair_sums(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = 0;

	unsigned mask2 = __ballot_sync(0xffffffff, i < n);
	if (i < n) {
		v = in[i];
		v += __shfl_down_sync(mask2, v, 1);	// expect: WL201 {{mask 'active' of '__shfl_down_sync' comes from '__activemask()' (line 10)}}
		v += __shfl_down_sync(mask2, v, 2);	// expect: WL201
		out[i] = v;
	}
}

/*
 * Lanes that returned from the kernel have exited and need not be in the
 * mask, so the full mask is right after the return; `active` stays, since
 * __popc() still reads it.
 */
__global__ void flags_any(const int *flags, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned active = __activemask();

	if (i >= n)
		return;
	int any = __any_sync(0xffffffff, flags[i] != 0);	// expect: WL201
	if (__popc(active) > 16)
		out[i] = any;
}
