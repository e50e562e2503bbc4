/*
 * warplint-test: WL301 near miss: fields of a vector type in shared
 * memory, each lane combining the fields of its own element only
 * (`acc[t].x += acc[t].y`), and a warp step that is already ordered
 * (the reads into a register, __syncwarp(), then the writes).
 */
__global__ void fold_fields(const float *in, float *out)
{
	__shared__ volatile float3 acc[64];
	int t = threadIdx.x;

	acc[t].x = in[t];
	acc[t].y = in[t + 64];
	acc[t].x += acc[t].y;
	acc[t].z = acc[t].x * 0.5f;
	__syncthreads();
	if (t < 32) {
		float v = acc[t].x + acc[t + 32].x;	// expect-none

		__syncwarp();
		acc[t].x = v;
		__syncwarp();
	}
	out[blockIdx.x * 64 + t] = acc[t].z;
}
