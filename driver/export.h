/* SPDX-License-Identifier: MIT */
/* --export-fixes: fixes as the YAML that clang-apply-replacements reads. */
#ifndef WL_DRIVER_EXPORT_H
#define WL_DRIVER_EXPORT_H

struct wl_file_report;

/*
 * Write every unsuppressed finding with a fix to @path as a
 * clang-apply-replacements document (MainSourceFile, Diagnostics with
 * DiagnosticMessage.Replacements).  Returns 0, or -1 after printing why.
 */
int wl_export_fixes_yaml(const char *path, const struct wl_file_report *files,
			 unsigned nr);

#endif
