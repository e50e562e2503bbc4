/*
 * warplint-test: WL301 near miss: a two-value warp reduction whose steps
 * already stand as Listing 8 writes them: each lane-dependent branch
 * reads into registers, a __syncwarp() outside the branch, the writes
 * under the branch again, and a __syncwarp() after.
 */
__global__ void mean_and_spread_synced(const float *in, float2 *out)
{
	__shared__ float sum[32], sq[32];
	int t = threadIdx.x;
	float x = in[blockIdx.x * 32 + t];
	float sv, qv;

	sum[t] = x;
	sq[t] = x * x;
	__syncwarp();
	for (int o = 16; o > 0; o >>= 1) {
		if (t < o) {
			sv = sum[t] + sum[t + o];
			qv = sq[t] + sq[t + o];
		}
		__syncwarp();
		if (t < o) {
			sum[t] = sv;
			sq[t] = qv;
		}
		__syncwarp();
	}
	if (t == 0)
		out[blockIdx.x] = make_float2(sum[0], sq[0]);
}
