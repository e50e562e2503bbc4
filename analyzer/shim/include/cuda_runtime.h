/* warplint stand-in for <cuda_runtime.h>. */
#ifndef WARPLINT_CUDA_RUNTIME_H
#define WARPLINT_CUDA_RUNTIME_H
#include <cuda_runtime_api.h>
#endif
