/*
 * warplint-test: WL301 near misses through volatile pointers whose
 * callers are not in the file: a reduction functor's join, `*lhs +=
 * *rhs`, and an atomic's fallback that takes a lock, reads `*dest` and
 * writes it.  Every lane stores through the pointer it was handed, and
 * nothing says the lanes were handed the same address: only lanes that
 * each write their own element (`p[lane] += p[lane + 16]`) show a
 * warp's shared memory (volatile-pointer-caller-unseen.cu).
 */
template <typename T>
struct SumJoin {
	static __device__ void join(volatile void *const lhs,
				    const volatile void *const rhs)
	{
		*((volatile T *)lhs) += *((const volatile T *)rhs); // ok: WL301
	}
};

__device__ bool try_lock(volatile int *lock)
{
	return atomicCAS((int *)lock, 0, 1) == 0;
}

__device__ void unlock(volatile int *lock)
{
	__threadfence();
	atomicExch((int *)lock, 0);
}

template <typename T>
__device__ T exchange_if(volatile T *const dest, volatile int *lock,
			 const T compare, const T val)
{
	T old = val;
	bool done = false;

	while (!done) {
		if (try_lock(lock)) {
			old = *dest; // ok: WL301
			if (old == compare)
				*dest = val; // ok: WL301
			unlock(lock);
			done = true;
		}
	}
	return old;
}

template struct SumJoin<float>;
template __device__ int exchange_if<int>(volatile int *, volatile int *, int,
					 int);
