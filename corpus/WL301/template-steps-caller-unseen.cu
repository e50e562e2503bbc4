/*
 * warplint-test: WL301 a library header's warp scan and warp reduction
 * written as class templates of recursive steps, over storage passed in
 * as a 2-D array of a template element type, with no caller in the file.
 * The lane index is a parameter that defaults to threadIdx.x: storage the
 * helper indexes by the thread's own index is storage the threads share,
 * so each step's store of the own partial and load of a neighbour's is a
 * race since Volta.  Reported with a note that the caller was not seen;
 * the steps are reached through dependent calls (`Step<1, N>::run`),
 * evaluated with the class arguments the call writes.  Every fix rests on
 * the unseen caller: none is applied by default.
 */

template <typename T> struct is_volatile_type { enum { value = 0 }; };
template <typename T> struct is_volatile_type<volatile T> { enum { value = 1 }; };

template <int LOG_WIDTH, bool EXCLUSIVE = true>
struct StepScan {
	enum { WIDTH = 1 << LOG_WIDTH };

	template <int DIST, int LIMIT>
	struct Step {
		template <typename T, typename S>
		static __device__ __forceinline__ T run(T partial, S buf[][WIDTH],
							 int idx)
		{
			buf[1][idx] = partial;	// expect: WL301 {{the caller of 'scan' was not seen}}
			if (!is_volatile_type<S>::value)
				__threadfence_block();
			T left = buf[1][idx - DIST];	// expect: WL301
			return Step<DIST * 2, LIMIT>::run(left + partial, buf, idx);
		}
	};

	template <int LIMIT>
	struct Step<LIMIT, LIMIT> {
		template <typename T, typename S>
		static __device__ __forceinline__ T run(T partial, S buf[][WIDTH],
							 int idx)
		{
			return partial;
		}
	};

	/* buf[0] holds zeros, so lanes below DIST read an identity */
	template <typename T, typename S>
	static __device__ __forceinline__ T scan(T value, S buf[][WIDTH],
						  int idx = threadIdx.x)
	{
		T inclusive = Step<1, WIDTH>::run(value, buf, idx);	// expect: WL301 {{'run' lets lanes of a warp race on 'buf'}}

		if (EXCLUSIVE) {
			buf[1][idx] = inclusive;	// expect: WL301
			return buf[1][idx - 1];	// expect: WL301
		}
		return inclusive;
	}
};

template <int LOG_WIDTH>
struct StepReduce {
	enum { WIDTH = 1 << LOG_WIDTH };

	template <typename T, typename S>
	static __device__ __forceinline__ T total(T value, S buf[][WIDTH],
						   int idx = threadIdx.x)
	{
		T sum = value;

		for (int d = 1; d < WIDTH; d *= 2) {
			buf[1][idx] = sum;	// expect: WL301
			sum += buf[1][idx - d];	// expect: WL301
		}
		buf[1][idx] = sum;	// expect: WL301
		return buf[1][WIDTH - 1];	// expect: WL301 {{written by lane 31}}
	}
};
