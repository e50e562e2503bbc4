/*
 * warplint-test: WL202 a warp index taken from threadIdx.x plus an
 * arbitrary offset: `(threadIdx.x + first) / 32` changes within a warp
 * unless `first` is a multiple of 32, so a full mask under a test of it
 * names lanes that may not arrive.  The global warp index is one value
 * per warp under the usual launch, which reports assume (fixes do not:
 * WL101/global-warp-index.cu).
 */
__global__ void offset_sums(float *out, const float *in, int limit,
			    int first)
{
	int gtid = blockIdx.x * blockDim.x + threadIdx.x;
	float v = in[gtid];

	if ((gtid >> 5) < limit)
		v += __shfl_xor_sync(0xffffffff, v, 1);	// ok: WL202
	if (((threadIdx.x + first) >> 5) < limit)
		v += __shfl_xor_sync(0xffffffff, v, 2);	// expect: WL202
	out[gtid] = v;
}
