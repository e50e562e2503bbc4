/*
 * warplint-test: rounding helpers a project keeps in a header, as
 * templates on the index type.  ok-rounded-trip-count-helpers.cu checks
 * that a loop bounded by them is read through their bodies, also where
 * the call is dependent and the multiplication an overloaded operator
 * candidate; trip-count-not-rounded.cu that a helper which does not
 * round to the stride is not taken for one.
 */
// expect-none
#pragma once

template <typename I>
__host__ __device__ __forceinline__ I div_ceil(I a, I b)
{
	return (a + b - 1) / b;
}

template <typename I>
__host__ __device__ __forceinline__ I up_to_multiple(I a, I b)
{
	return div_ceil(a, b) * b;
}

template <typename I>
__host__ __device__ __forceinline__ I halve_up(I a, I b)
{
	return div_ceil(a, b) / 2;
}
