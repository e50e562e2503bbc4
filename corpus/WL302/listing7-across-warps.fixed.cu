/*
 * warplint-test: WL302 Listing 7 over the whole block: each step reads
 * the element k threads further on, in another warp for k >= 32, and the
 * __syncwarp() after the step orders only the thread's own warp.  The
 * fix is Listing 8 with __syncthreads() (the loop's flow is the same in
 * every thread of the block), and the __syncwarp() that follows is not
 * taken to end the write.
 */

__global__ void __launch_bounds__(256) block_steps(float *out)
{
	__shared__ float s[512];
	unsigned int t = threadIdx.x;

	s[t] = out[blockIdx.x * 256 + t];
	s[t + 256] = 0;
	__syncthreads();
	for (int k = 128; k > 0; k >>= 1) {
		float v;
		v = s[t] + s[t + k];	// expect: WL302 {{the __syncwarp() after it comes too late}}
		__syncthreads();
		s[t] = v;
		__syncthreads();
		__syncwarp();
	}
	out[blockIdx.x * 256 + t] = s[t];
}
