/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <sm_32_intrinsics.h>: legacy.h already supplies its part. */
