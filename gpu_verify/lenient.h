/* SPDX-License-Identifier: MIT */
/*
 * What nvcc's front end takes and clang's does not, rewritten in a case's
 * copies of the project, so that the legacy before builds with clang:
 * a dependent member template called without `template`
 * (`x.Reduce<true, 1>(v)`, CUB 1.7), which clang 19 rejects, and PTX
 * registers in asm templates with operands (`%laneid`, respelled
 * `%%laneid` as analyzer/spelling.h does for warplint's own parse).  The same
 * edit goes into tree-after/ where that file has the same text, so both
 * sides still compile the same source; files outside the case's tree/
 * are never touched.
 */
#ifndef WL_GPU_VERIFY_LENIENT_H
#define WL_GPU_VERIFY_LENIENT_H

#include <stdbool.h>

/*
 * Read case directory @dir's build.log and rewrite what it can.
 * Returns whether anything changed (then the build is worth retrying).
 */
bool gv_lenient_rewrite(const char *dir);

#endif
