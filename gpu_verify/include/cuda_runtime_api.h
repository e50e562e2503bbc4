/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <cuda_runtime_api.h>: legacy.h already supplies its part. */
