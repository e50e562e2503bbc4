/*
 * warplint-test: a project's warp utilities of the CUDA 9 transition:
 * one-line wrappers of the collectives whose mask is a parameter,
 * defaulting to a wrapper of __activemask().  Nothing here chooses a
 * mask; the calls in activemask-through-wrappers.cu do.
 */
// expect-none
#pragma once

namespace warp_utils {

static __device__ __forceinline__ unsigned int active_lanes()
{
	return __activemask();
}

static __device__ __forceinline__ void sync_lanes(unsigned int mask)
{
	__syncwarp(mask);
}

static __device__ __forceinline__ int any_lane(int p,
					       unsigned int mask = active_lanes())
{
	return __any_sync(mask, p);
}

static __device__ __forceinline__ unsigned int vote(int p, unsigned int mask)
{
	return __ballot_sync(mask, p);
}

} // namespace warp_utils
