/*
 * warplint-test: a persistent kernel: `while (true)` takes a work ticket,
 * returns when none is left, and reduces the bounds of its group with an
 * unrolled warp-synchronous tail (an n-body code's group boundaries).
 * Its breaks and returns decide how often the loop runs, as for
 * `for (;;)`: two trips show every race between trips, and the tail's
 * races get their fix.  Walked 64 times, the loop ran past the bound of
 * the race search, and the fix was withheld.
 */
__device__ void min_max(int i, int j, float3 *lo, float3 *hi,
			volatile float3 *s_lo, volatile float3 *s_hi)
{
	s_lo[i].x = (*lo).x = fminf((*lo).x, s_lo[j].x);	// expect: WL301 {{lane 0 reads s_lo[j].x, written by lane 16}}
	s_lo[i].y = (*lo).y = fminf((*lo).y, s_lo[j].y);	// expect: WL301
	s_lo[i].z = (*lo).z = fminf((*lo).z, s_lo[j].z);	// expect: WL301
	s_hi[i].x = (*hi).x = fmaxf((*hi).x, s_hi[j].x);	// expect: WL301
	s_hi[i].y = (*hi).y = fmaxf((*hi).y, s_hi[j].y);	// expect: WL301
	s_hi[i].z = (*hi).z = fmaxf((*hi).z, s_hi[j].z);	// expect: WL301
}

__global__ void group_bounds(unsigned *ticket, const unsigned *first,
			     const float4 *pos, unsigned n_groups,
			     float4 *out_lo, float4 *out_hi)
{
	volatile __shared__ float3 shmem[512];
	__shared__ unsigned group;
	const unsigned tid = threadIdx.x;
	volatile float3 *s_lo = &shmem[0];
	volatile float3 *s_hi = &shmem[256];

	while (true) {
		if (tid == 0)
			group = atomicAdd(ticket, 1);
		__syncthreads();
		unsigned g = group;

		if (g >= n_groups)
			return;
		float3 lo = make_float3(1e10f, 1e10f, 1e10f);
		float3 hi = make_float3(-1e10f, -1e10f, -1e10f);

		for (unsigned i = first[g] + tid; i < first[g + 1];
		     i += blockDim.x) {
			float4 p = pos[i];

			lo = make_float3(fminf(lo.x, p.x), fminf(lo.y, p.y),
					 fminf(lo.z, p.z));
			hi = make_float3(fmaxf(hi.x, p.x), fmaxf(hi.y, p.y),
					 fmaxf(hi.z, p.z));
		}
		s_lo[tid].x = lo.x; s_lo[tid].y = lo.y; s_lo[tid].z = lo.z;
		s_hi[tid].x = hi.x; s_hi[tid].y = hi.y; s_hi[tid].z = hi.z;
		__syncthreads();
		if (tid < 128)
			min_max(tid, tid + 128, &lo, &hi, s_lo, s_hi);
		__syncthreads();
		if (tid < 64)
			min_max(tid, tid + 64, &lo, &hi, s_lo, s_hi);
		__syncthreads();
		if (tid < 32) {
			min_max(tid, tid + 32, &lo, &hi, s_lo, s_hi);	// expect: WL301
			min_max(tid, tid + 16, &lo, &hi, s_lo, s_hi);	// expect: WL301
			min_max(tid, tid + 8, &lo, &hi, s_lo, s_hi);	// expect: WL301
			min_max(tid, tid + 4, &lo, &hi, s_lo, s_hi);
			min_max(tid, tid + 2, &lo, &hi, s_lo, s_hi);
			min_max(tid, tid + 1, &lo, &hi, s_lo, s_hi);
		}
		if (tid == 0) {
			out_lo[g] = make_float4(s_lo[0].x, s_lo[0].y, s_lo[0].z, 0);
			out_hi[g] = make_float4(s_hi[0].x, s_hi[0].y, s_hi[0].z, 0);
		}
		__syncthreads();
	}
}
