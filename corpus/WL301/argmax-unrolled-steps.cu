/*
 * warplint-test: WL301 in an unrolled arg-max tail: each step compares
 * the running maximum, kept in a register, with a neighbour's cell and,
 * when it is larger, takes it and its index (`s[t] = best = s[t + 16];`).
 * Each step is a branch on the cells it updates, rewritten as Listing 8
 * with its test read once into a bool; five such rewrites in one block
 * each name their bool apart (`take`, `take2`, ...): one name declared
 * twice in a block does not compile.
 */
__global__ void block_argmax(const float *in, float *out, int *where)
{
	__shared__ float val[64];
	__shared__ int pos[64];
	unsigned t = threadIdx.x;
	float best = in[blockIdx.x * 64 + t];

	val[t] = best;
	pos[t] = blockIdx.x * 64 + t;
	__syncthreads();
	if (t < 32) {
		volatile float *v = val;
		volatile int *p = pos;

		if (best < v[t + 32]) {
			v[t] = best = v[t + 32];	// expect: WL301
			p[t] = p[t + 32];	// expect: WL301
		}
		if (best < v[t + 16]) {	// expect: WL301
			v[t] = best = v[t + 16];	// expect: WL301
			p[t] = p[t + 16];	// expect: WL301
		}
		if (best < v[t + 8]) {	// expect: WL301
			v[t] = best = v[t + 8];	// expect: WL301
			p[t] = p[t + 8];	// expect: WL301
		}
		if (best < v[t + 4]) {	// expect: WL301
			v[t] = best = v[t + 4];	// expect: WL301
			p[t] = p[t + 4];	// expect: WL301
		}
		if (best < v[t + 2]) {	// expect: WL301
			v[t] = best = v[t + 2];	// expect: WL301
			p[t] = p[t + 2];	// expect: WL301
		}
		if (best < v[t + 1]) {	// expect: WL301
			v[t] = best = v[t + 1];	// expect: WL301
			p[t] = p[t + 1];	// expect: WL301
		}
	}
	if (t == 0) {
		out[blockIdx.x] = val[0];
		where[blockIdx.x] = pos[0];
	}
}
