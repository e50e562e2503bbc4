/*
 * warplint-test: WL103 near misses: PTX that is already .sync, reads of
 * %laneid, and the words in comments and strings.
 * expect-none
 */
__device__ unsigned lane_id()
{
	unsigned id;

	asm("mov.u32 %0, %%laneid;" : "=r"(id)); // ok: WL103
	return id;
}

__global__ void modern(int *data)
{
	int v = data[threadIdx.x];
	const char *doc = "shfl.up.b32 was the old way"; /* shfl.down too */

	asm volatile("shfl.sync.bfly.b32 %0, %0, 1, 0x1f, %1;" // ok: WL103
		     : "+r"(v)
		     : "r"(0xffffffffu));
	asm volatile("vote.sync.all.pred p, 1, %0;" ::"r"(0xffffffffu)); // ok: WL103
	data[threadIdx.x] = v + (int)lane_id() + doc[0];
}
