/*
 * warplint-test: WL301 a library header's warp reduction on a volatile
 * pointer, with no caller in the file: by the convention of the
 * pre-Volta era the pointer reaches memory the lanes of a warp share.
 * Reported, with a note that the caller was not seen; the fix rests on
 * that guess, so it is unsafe.  Its mask comes from callers in other
 * files: a new mask parameter, and a deprecated forwarding overload.
 * unsafe-fixes: yes
 */

template <typename T>
__device__ T warp_total(volatile T *partials, unsigned int lane)
{
	partials[lane] += partials[lane + 16];	// expect: WL301 {{the caller of 'warp_total' was not seen}}
	partials[lane] += partials[lane + 8];	// expect: WL301
	partials[lane] += partials[lane + 4];	// expect: WL301
	partials[lane] += partials[lane + 2];	// expect: WL301
	partials[lane] += partials[lane + 1];	// expect: WL301
	return partials[0];	// expect: WL301
}
