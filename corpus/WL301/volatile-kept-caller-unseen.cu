/*
 * warplint-test: WL301 a helper on a volatile pointer with no caller in
 * the file: its fix adds __syncwarp() and a mask parameter, and keeps
 * `volatile`.  The callers in other files pass volatile pointers (the
 * pre-Volta convention), and the deprecated forwarding overload hands
 * its own volatile pointer on: dropping the qualifier from the new
 * signature would break both builds.
 * unsafe-fixes: yes
 */

__device__ int rotate_left(int v, volatile int *ring)
{
	ring[threadIdx.x & 31] = v;	// expect: WL301 {{the caller of 'rotate_left' was not seen}}
	return ring[(threadIdx.x + 1) & 31];	// expect: WL301
}
