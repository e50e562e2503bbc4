/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <cuda_profiler_api.h>: legacy.h already supplies its part. */
