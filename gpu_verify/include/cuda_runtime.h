/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <cuda_runtime.h>: legacy.h already supplies its part. */
