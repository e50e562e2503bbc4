/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <vector_types.h>: legacy.h already supplies its part. */
