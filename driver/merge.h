/* SPDX-License-Identifier: MIT */
/*
 * `warplint merge`: the reports of the shards of one run (--shard=I/N),
 * JSON or SARIF, joined into the report that one run over all the files
 * would have written.
 */
#ifndef WL_DRIVER_MERGE_H
#define WL_DRIVER_MERGE_H

#include <stdio.h>

/*
 * Merge the reports in the files @paths (all JSON or all SARIF, from the
 * same warplint version) and write the result to @out.  Files are put in
 * path order, a file reported by several shards (a header) once, with the
 * union of its findings.  Returns 0, or -1 with *@err set (caller frees)
 * when a report cannot be read or the reports do not belong together.
 */
int wl_merge_reports(FILE *out, const char *const *paths, unsigned nr,
		     char **err);

#endif
