/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <sm_20_intrinsics.h>: legacy.h already supplies its part. */
