/*
 * warplint-test: WL501 after a test of a PTX special register read with
 * inline asm.  Every thread of a block runs on one SM, so `%smid` (the
 * SM that per-SM state is indexed by, as a watchdog or a persistent
 * scheduler does) is the same in the whole block, as are the block's
 * and the grid's ids and sizes (`%ctaid`, `%nsmid`): a return on it is
 * taken by the whole block, and the barrier after it is reached by all.
 * `%laneid` and `%clock` differ by thread, and an asm that computes from
 * an input operand is as varied as that input: their barriers are
 * reported.
 */
__device__ unsigned sm_id(void)
{
	unsigned id;

	asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
	return id;
}

__device__ unsigned sm_count(void)
{
	unsigned n;

	asm("mov.u32 %0, %%nsmid;" : "=r"(n));
	return n;
}

__device__ long long *sm_start;

__global__ void watchdog(const long long *budget, int *stop)
{
	__shared__ int give_up;
	unsigned sm = sm_id();

	if (sm >= sm_count() || sm >= 128)
		return;
	if (threadIdx.x == 0)
		give_up = clock64() - sm_start[sm] > *budget;
	__syncthreads();	// ok: WL501
	if (give_up)
		stop[blockIdx.x] = 1;
}

__global__ void per_block(int *out)
{
	__shared__ int s[256];
	unsigned b;

	asm("mov.u32 %0, %%ctaid.x;" : "=r"(b));
	if (b % 2)
		return;
	s[threadIdx.x] = b;
	__syncthreads();	// ok: WL501
	out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void by_clock(int *out)
{
	__shared__ int s[256];
	unsigned t;

	asm volatile("mov.u32 %0, %%clock;" : "=r"(t));
	if (t & 1)
		return;
	s[threadIdx.x] = t;
	__syncthreads();	// expect: WL501 {{threads that return at line 64}}
	out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void sm_plus_thread(int *out)
{
	__shared__ int s[256];
	unsigned v;

	asm("{ .reg .u32 r; mov.u32 r, %%smid; add.u32 %0, r, %1; }"
	    : "=r"(v) : "r"(threadIdx.x));
	if (v > 40)
		return;
	s[threadIdx.x] = v;
	__syncthreads();	// expect: WL501 {{threads that return at line 78}}
	out[threadIdx.x] = s[255 - threadIdx.x];
}
