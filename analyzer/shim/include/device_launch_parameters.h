/*
 * warplint stand-in for <device_launch_parameters.h>: threadIdx, blockIdx,
 * blockDim, gridDim and warpSize, as clang declares them for CUDA.
 */
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include <vector_types.h>
#include <__clang_cuda_builtin_vars.h>

__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const
{
	return uint3{x, y, z};
}
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const
{
	return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const
{
	return uint3{x, y, z};
}
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const
{
	return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const
{
	return uint3{x, y, z};
}
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const
{
	return dim3(x, y, z);
}
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const
{
	return uint3{x, y, z};
}
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const
{
	return dim3(x, y, z);
}

#endif
