/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <device_functions.h>: legacy.h already supplies its part. */
