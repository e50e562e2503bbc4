/*
 * warplint-test: a block-collective library kept in a header, written
 * the way CUB writes BlockReduce: Sum() hands the work to an alias that
 * picks one of several specializations (`Impl(storage).template
 * Sum<true>(x)`), and a specialization reaches its barrier through an
 * overloaded member step.  ok-library-collective-barrier.cu and
 * library-collective-no-barrier.cu call it.
 */
// expect-none
#pragma once

template <bool B, typename T, typename F>
struct pick {
	typedef T type;
};
template <typename T, typename F>
struct pick<false, T, F> {
	typedef F type;
};

template <int NT>
struct WarpParts {
	float *scratch;
	__device__ WarpParts(float *s) : scratch(s) {}
	__device__ float Combine(float x, int) { return x; }
	__device__ float Combine(float x)
	{
		if (threadIdx.x % 32 == 0)
			scratch[threadIdx.x / 32] = x;
		__syncthreads();
		return threadIdx.x == 0 ? scratch[0] + scratch[NT / 64] : x;
	}
	template <bool FULL>
	__device__ float Sum(float x) { return Combine(x); }
};

template <int NT>
struct Raking {
	float *scratch;
	__device__ Raking(float *s) : scratch(s) {}
	template <bool FULL>
	__device__ float Sum(float x)
	{
		scratch[threadIdx.x] = x;
		__syncthreads();
		return threadIdx.x == 0 ? scratch[0] + scratch[1] : x;
	}
};

/* A one-warp shortcut: no barrier, the warp's lanes only. */
template <int NT>
struct WarpOnly {
	float *scratch;
	__device__ WarpOnly(float *s) : scratch(s) {}
	template <bool FULL>
	__device__ float Sum(float x) { return x; }
};

template <int NT, bool WARPS = true>
struct BlockSum {
	typedef typename pick<WARPS, WarpParts<NT>, Raking<NT> >::type Impl;
	float *storage;
	__device__ BlockSum(float *s) : storage(s) {}
	__device__ float Sum(float x) { return Impl(storage).template Sum<true>(x); }
};

template <int NT>
struct BlockSumLite {
	typedef typename pick<(NT > 32), Raking<NT>, WarpOnly<NT> >::type Impl;
	float *storage;
	__device__ BlockSumLite(float *s) : storage(s) {}
	__device__ float Sum(float x) { return Impl(storage).template Sum<true>(x); }
};
