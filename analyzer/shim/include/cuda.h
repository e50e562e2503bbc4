/* warplint stand-in for <cuda.h>: the shim already declares its contents. */
#ifndef WARPLINT_CUDA_H
#define WARPLINT_CUDA_H
#include <cuda_runtime_api.h>
#endif
