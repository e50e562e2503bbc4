/*
 * warplint-test: WL101 in a multisplit's rolls: each iteration reads a
 * bucket's histogram from another lane, then a `switch` on the lane's
 * own bucket picks a byte, each case ending in `break`.  That `break`
 * leaves the switch, not the loop: every lane comes back for the next
 * roll, and the shuffles get the full mask (before, the `break` was
 * taken for lanes leaving the loop on their own, and no fix was
 * offered).  A `break` of an inner loop is the same.
 */
#define ROLLS 4

__global__ void place(const unsigned *keys, unsigned *offsets,
		      unsigned histo_lo, unsigned histo_hi)
{
	unsigned bucket = keys[blockIdx.x * blockDim.x + threadIdx.x] & 63;
	unsigned index = 0;

	for (int roll = 0; roll < ROLLS; roll++) {
		unsigned lo = __shfl_sync(0xffffffff, histo_lo, bucket & 31);	// expect: WL101 {{every lane}}
		unsigned hi = __shfl_sync(0xffffffff, histo_hi, bucket & 31);	// expect: WL101 {{every lane}}

		switch (bucket >> 5) {
		case 0:
			index += (lo >> (roll * 8)) & 0xff;
			break;
		default:
			index += (hi >> (roll * 8)) & 0xff;
			break;
		}
		for (int k = 0; k < 8; k++)
			if ((index >> k) & 1)
				break;
		bucket = (bucket + 1) & 63;
	}
	offsets[blockIdx.x * blockDim.x + threadIdx.x] = index;
}
