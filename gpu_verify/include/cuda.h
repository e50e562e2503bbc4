/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <cuda.h>: legacy.h already supplies its part. */
