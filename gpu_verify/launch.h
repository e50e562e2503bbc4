/* SPDX-License-Identifier: MIT */
/*
 * The block size host code launches a kernel with, when it is written
 * as a constant: `k<<<grid, 16>>>`, `k<<<grid, THREADS, 0, s>>>`,
 * `k<<<grid, dim3(128)>>>`.  A block of more than one dimension, or one
 * held in a variable, says nothing here.
 */
#ifndef WL_GPU_VERIFY_LAUNCH_H
#define WL_GPU_VERIFY_LAUNCH_H

#include "analyzer/libclang.h"

/* Threads per block of the launch @call (a kernel's CallExpr), or 0. */
unsigned gv_launch_block(CXCursor call);

#endif
