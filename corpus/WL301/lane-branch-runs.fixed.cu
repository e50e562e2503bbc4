/*
 * warplint-test: WL301 in warp reductions that carry several values at
 * once: two arrays (a sum and a sum of squares), or the three fields of
 * a float3 (a momentum), each step a run of statements under one
 * lane-dependent branch (`if (t < 16) { ...; ...; }`).  The barriers of
 * the fix must stand outside the branch, so the branch is written twice:
 * every read into a register of its own under the condition, a
 * __syncwarp() for the lanes that reach the branch, every write under the
 * condition again, and a __syncwarp() after.  A branch whose second
 * statement reads what its first one writes cannot put all its reads
 * first: no fix there.
 */
__global__ void mean_and_spread(const float *in, float2 *out)
{
	__shared__ volatile float sum[64], sq[64];
	int t = threadIdx.x;
	float x = in[blockIdx.x * 64 + t];

	sum[t] = x;
	sq[t] = x * x;
	__syncthreads();
	float sum_v;
	float sq_v;
	if (t < 32) {
		sum_v = sum[t] + sum[t + 32];	// expect: WL301
		sq_v = sq[t] + sq[t + 32];	// expect: WL301
		__syncwarp(0xffffffff);
		sum[t] = sum_v;
		sq[t] = sq_v;
		__syncwarp(0xffffffff);
		if (t < 16) {
			sum_v = sum[t] + sum[t + 16];	// expect: WL301
			sq_v = sq[t] + sq[t + 16];	// expect: WL301
		}
		__syncwarp(0xffffffff);
		if (t < 16) {
			sum[t] = sum_v;
			sq[t] = sq_v;
		}
		__syncwarp(0xffffffff);
		if (t < 8) {
			sum_v = sum[t] + sum[t + 8];	// expect: WL301
			sq_v = sq[t] + sq[t + 8];	// expect: WL301
		}
		__syncwarp(0xffffffff);
		if (t < 8) {
			sum[t] = sum_v;
			sq[t] = sq_v;
		}
		__syncwarp(0xffffffff);
		if (t < 4) {
			sum_v = sum[t] + sum[t + 4];	// expect: WL301
			sq_v = sq[t] + sq[t + 4];	// expect: WL301
		}
		__syncwarp(0xffffffff);
		if (t < 4) {
			sum[t] = sum_v;
			sq[t] = sq_v;
		}
		__syncwarp(0xffffffff);
	}
	if (t == 0)
		out[blockIdx.x] = make_float2(sum[0] + sum[1] + sum[2] + sum[3],	// expect: WL301
					      sq[0] + sq[1] + sq[2] + sq[3]);
}

__global__ void momentum(const float3 *vel, float3 *out)
{
	__shared__ volatile float3 p[64];
	int t = threadIdx.x;

	p[t].x = vel[blockIdx.x * 64 + t].x;
	p[t].y = vel[blockIdx.x * 64 + t].y;
	p[t].z = vel[blockIdx.x * 64 + t].z;
	__syncthreads();
	if (t >= 32)
		return;
	float p_x;
	float p_y;
	float p_z;
	if (t < 16) {
		p_x = p[t].x + p[t + 16].x;	// expect: WL301
		p_y = p[t].y + p[t + 16].y;	// expect: WL301
		p_z = p[t].z + p[t + 16].z;	// expect: WL301
	}
	__syncwarp(0xffffffff);
	if (t < 16) {
		p[t].x = p_x;
		p[t].y = p_y;
		p[t].z = p_z;
	}
	__syncwarp(0xffffffff);
	if (t < 8) {
		p_x = p[t].x + p[t + 8].x;	// expect: WL301
		p_y = p[t].y + p[t + 8].y;	// expect: WL301
		p_z = p[t].z + p[t + 8].z;	// expect: WL301
	}
	__syncwarp(0xffffffff);
	if (t < 8) {
		p[t].x = p_x;
		p[t].y = p_y;
		p[t].z = p_z;
	}
	__syncwarp(0xffffffff);
	if (t == 0)
		out[blockIdx.x] = make_float3(p[0].x, p[0].y, p[0].z);
}

__global__ void chained(const float *in, float *out)
{
	__shared__ volatile float a[64], b[64];
	int t = threadIdx.x;

	a[t] = in[t];
	b[t] = in[t + 64];
	__syncthreads();
	if (t < 16) {
		a[t] += a[t + 16];	// expect: WL301 {{no fix}}
		b[t] += a[t + 8] + b[t + 16];	// expect: WL301
	}
	if (t == 0)
		out[blockIdx.x] = a[0] + b[1];	// expect: WL301
}
