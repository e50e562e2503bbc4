/*
 * warplint-test: near miss for WL301/WL302: the blog's Listing 8 after an
 * early return: every read is separated from every write by a
 * __syncwarp() naming the lanes that stayed.  Those masks are right, too
 * (no WL202): the helper's `t` is `threadIdx.x & 31` at its only call,
 * so lanes 0-15 are the ones left after `if (t >= 16) return;`.
 * expect-none
 */

__device__ int low_half_total(volatile int *s, int t)
{
	if (t >= 16)
		return 0;

	int v = s[t];

	v += s[t + 8]; __syncwarp(0x0000ffff);	// ok: WL301, WL302
	s[t] = v;      __syncwarp(0x0000ffff);	// ok: WL301, WL302
	v += s[t + 4]; __syncwarp(0x0000ffff);
	s[t] = v;      __syncwarp(0x0000ffff);
	v += s[t + 2]; __syncwarp(0x0000ffff);
	s[t] = v;      __syncwarp(0x0000ffff);
	return s[0];
}

__global__ void half_sums(const int *in, int *out)
{
	__shared__ int s[64];
	unsigned int t = threadIdx.x & 31;

	s[t] = in[threadIdx.x];
	s[t + 32] = 0;
	__syncwarp();
	out[threadIdx.x] = low_half_total(s, t);
}
