/*
 * warplint-test: WL202 a full mask written in a macro body and expanded
 * under `if (i < n)`: reported at the use, and not fixed, because the
 * body is shared by every expansion.
 */
#define WARP_SUM(v)                                                    \
	for (int o_ = 16; o_ > 0; o_ /= 2)                             \
		(v) += __shfl_down_sync(0xffffffff, (v), o_)

__global__ void block_sums(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = 0;

	if (i < n) {
		v = in[i];
		WARP_SUM(v);	// expect: WL202 {{no fix: the call is written in a macro}}
	}
	if ((threadIdx.x & 31) == 0)
		out[i / 32] = v;
}
