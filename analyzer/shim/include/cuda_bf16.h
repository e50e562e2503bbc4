/* warplint stand-in for <cuda_bf16.h>: __half and __half2 are in the shim. */
#ifndef WARPLINT_CUDA_BF16_H
#define WARPLINT_CUDA_BF16_H
#endif
