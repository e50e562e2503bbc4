/* warplint stand-in for <cuda_fp16.h>: __half and __half2 are in the shim. */
#ifndef WARPLINT_CUDA_FP16_H
#define WARPLINT_CUDA_FP16_H
#endif
