/*
 * warplint-test: WL301 the positive twin of
 * ok-volatile-join-caller-unseen.cu: through a volatile pointer whose
 * caller is not in the file, one lane stores and the others read back
 * what it stored, the pre-Volta broadcast through a warp's shared slot.
 * A single writer owns its element, so the memory is taken to be the
 * warp's, and the read races with the store.
 */
__device__ int leader_value(volatile int *slot, int v)
{
	unsigned lane = threadIdx.x & 31;

	if (lane == 0)
		*slot = v; // expect: WL301 {{was not seen}}
	return *slot; // expect: WL301
}
