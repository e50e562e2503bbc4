/*
 * warplint-test: WL102 on the toolkit's bare votes.  CUDA's own headers
 * declare `any(cond)` and `all(cond)`, wrappers of the legacy __any and
 * __all (deprecated since CUDA 9); code of the CUDA 8 era calls them
 * unprefixed, and for sm_70 and later they compile to the legacy vote
 * that ptxas rejects.  They were missed (the shim had no such functions,
 * a WL900), and are now legacy votes, fixed like __any and __all.
 */
__global__ void flags_any(const unsigned *in, unsigned *out)
{
	unsigned t = threadIdx.x;

	out[t] = __any_sync(0xffffffff, in[t] != 0);	// expect: WL102 {{CUDA's own wrapper of '__any'}}
}

__global__ void flags_all(const unsigned *in, unsigned *out, int n)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	bool done = __all_sync(0xffffffff, in[t] > 0);	// expect: WL102 {{every lane}}

	if (t < n)
		out[t] = done;
}
