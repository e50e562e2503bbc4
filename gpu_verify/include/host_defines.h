/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <host_defines.h>: legacy.h already supplies its part. */
