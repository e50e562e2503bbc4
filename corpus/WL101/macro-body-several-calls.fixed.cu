/*
 * warplint-test: WL101 in a macro whose body makes several shuffles,
 * expanded into several kernels (BIDMat's distance kernels rotate 32
 * registers through `vb = __shfl(vb, nbr)`).  Every call of the body is
 * reported where the macro is used, as one finding per use; its fix now
 * rewrites all of the body's calls.  Before, one call was fixed per
 * --fix, and a second --fix changed the file again.
 */
#define ROTATE_SUM(NAME, OP)                                             \
	__global__ void NAME(const float *in, float *out)                \
	{                                                                \
		int lane = threadIdx.x & 31;                             \
		int nbr = (lane + 1) & 31;                               \
		float va = in[threadIdx.x], vb = va, vc = 0.0f;          \
		vc OP vb; vb = __shfl_sync(0xffffffff, vb, nbr);                          \
		vc OP vb; vb = __shfl_sync(0xffffffff, vb, nbr);                          \
		vc OP vb; vb = __shfl_sync(0xffffffff, vb, nbr);                          \
		out[threadIdx.x] = vc;                                   \
	}

ROTATE_SUM(rotate_add, +=)	// expect: WL101 {{expanded from macro 'ROTATE_SUM'}}
ROTATE_SUM(rotate_sub, -=)	// expect: WL101 {{every lane}}
