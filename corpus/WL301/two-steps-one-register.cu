/*
 * warplint-test: WL301 in two steps of one function, each under its own
 * condition on threadIdx.y (a ballot: the launch shape is not stated),
 * both reading the same shared array into a register.  Each fix hoists
 * its ballot before its step and declares the one register before the
 * first step, the same text in both fixes.  Written flush left, as
 * extracted or generated kernels often are, the first fix's ballot and
 * the declaration land at one offset; the second fix's copy of the
 * declaration adds nothing there, so both fixes apply in one run (the
 * second was held back as overlapping, and only a second --fix applied
 * it: not idempotent).
 */
__global__ void plane_sums(const double *in, double *out)
{
__shared__ volatile double acc[64];
const int t = threadIdx.y * 8 + threadIdx.x;

acc[t] = in[blockIdx.x * 64 + t];
__syncthreads();
if (threadIdx.y <= 1) {
acc[t] += acc[t + 4];	// expect: WL301
}
__syncthreads();
if (threadIdx.y == 0) {
acc[t] += acc[t + 2];	// expect: WL301
out[blockIdx.x * 8 + threadIdx.x] = acc[t];
}
}
