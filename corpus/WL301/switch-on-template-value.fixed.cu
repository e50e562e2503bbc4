/*
 * warplint-test: WL301 in helpers that a switch on a template value
 * picks.  `switch (ROUNDS)` compares a compile-time value with each case
 * label; it does not test it for truth, so the helper under `case 0:` is
 * reached by every lane (it was taken to be reached by none, and the
 * races in it went unreported).  The switch is the same in all lanes, so
 * the mask stays full.
 */
extern __shared__ unsigned char pool[];

__device__ void rotate_words(unsigned int &word)
{
	unsigned int (*rows)[33] = (unsigned int (*)[33])pool;
	unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	unsigned int *mine = &rows[warp][lane];
	unsigned int *next = &rows[warp][(lane + 1) % 32];

	*mine = word;	// expect: WL301 {{lane 1 writes *mine while lane 0 of its warp reads it}}
	__syncwarp(0xffffffff);
	word = *next;	// expect: WL301
	__syncwarp(0xffffffff);
}

template <int ROUNDS> __device__ void mix(unsigned int &word)
{
	switch (ROUNDS) {
	case 0:
		rotate_words(word);	// expect: WL301 {{'rotate_words' lets lanes of a warp race}}
		break;
	default:
		word += ROUNDS;
		break;
	}
}

template <int ROUNDS> __global__ void mix_words(unsigned int *data, int n)
{
	unsigned int word = data[blockIdx.x * blockDim.x + threadIdx.x];

	for (int i = 0; i < n; i++)
		mix<ROUNDS>(word);	// expect: WL301 {{'mix' lets lanes of a warp race}}
	data[blockIdx.x * blockDim.x + threadIdx.x] = word;
}

template __global__ void mix_words<0>(unsigned int *, int);
