/*
 * warplint-test: index helpers a project keeps in a header, as templates
 * on the index type.  Called from a template with that type still
 * dependent (`linear_block<I>()`), libclang resolves the call to no
 * function: dependent-helper-calls.cu checks that the bodies here are
 * judged all the same.
 */
// expect-none
#pragma once

template <typename I>
__device__ __forceinline__ I linear_block()
{
	return blockIdx.z * gridDim.y * gridDim.x + blockIdx.y * gridDim.x +
	       blockIdx.x;
}

template <typename I>
__device__ __forceinline__ I lane_of()
{
	return threadIdx.x & 31;
}
