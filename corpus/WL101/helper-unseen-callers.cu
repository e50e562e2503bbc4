/*
 * warplint-test: WL101/WL102 in device helpers that other translation
 * units may call (no call in this file).  Which lanes arrive is decided
 * by callers warplint never sees: the mask comes in through a new first
 * parameter, and the old signature stays as a deprecated overload that
 * forwards __activemask() (what the legacy primitive used), so unseen
 * callers still compile and warn.  The fix is not proven from this file:
 * unsafe, applied only with --unsafe-fixes.  A template helper forwards
 * its template parameters by name.
 * unsafe-fixes: yes
 */

__device__ float row_total(float v)
{
	for (int d = 16; d > 0; d /= 2)
		v += __shfl_down(v, d); // expect: WL101 {{callers this file does not show}}
	return v;
}

template <typename T>
__device__ bool any_positive(T v)
{
	return __any(v > T(0)); // expect: WL102 {{deprecated overload}}
}

__device__ void broadcast_first(int *slot)
{
	*slot = __shfl(*slot, 0); // expect: WL101
}
