/*
 * warplint-test: WL301 near miss: a work-list object keeps a pointer to
 * its counter, handed to a constructor this file does not call.  Every
 * lane that runs `reset()` or `bump()` stores to the one counter and
 * none owns an element of it by its lane, so this is per-thread code,
 * not a warp-scan object: the pre-Volta convention that member storage
 * is the warp's own (warp-scan-object-members.cu, indexed by lane) does
 * not apply.
 */
template <typename T>
class work_list {
public:
	T *items;
	unsigned *count;
	unsigned *end;
	unsigned *alloc_end;

	__host__ __device__ work_list(T *i, unsigned *c, unsigned *e,
				      unsigned *a)
		: items(i), count(c), end(e), alloc_end(a)
	{
	}

	__device__ void reset() const { *count = 0; }	// ok: WL301

	__device__ unsigned size() const { return *count; }	// ok: WL301

	__device__ unsigned publish() const
	{
		unsigned old_end = *end;	// ok: WL301

		*end = *alloc_end;	// ok: WL301
		return *alloc_end - old_end;
	}
};
