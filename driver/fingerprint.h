/* SPDX-License-Identifier: MIT */
/*
 * Stable identities of findings, shared by SARIF's partialFingerprints and
 * the baseline, and the relative URIs they are computed from.  A
 * fingerprint hashes the rule id, the file's URI, the finding's source line
 * with its whitespace squeezed out, and the occurrence index of that
 * (rule, line text) pair in the file: edits elsewhere in the file, moved
 * lines and re-indentation leave it unchanged.
 */
#ifndef WL_DRIVER_FINGERPRINT_H
#define WL_DRIVER_FINGERPRINT_H

#include <stdbool.h>

#include "analyzer/diag.h"

struct wl_source;

/*
 * The URI of @path relative to directory @root (the working directory when
 * NULL), percent-encoded, with *@relative true; or an absolute file:// URI
 * with *@relative false when @path is outside @root.  Caller frees.
 */
char *wl_uri_for(const char *path, const char *root, bool *relative);

/*
 * One fingerprint per finding of @findings in @src ("%016llx:%u": hash,
 * occurrence), in the same order.  Free with wl_fingerprints_free().
 */
char **wl_fingerprints(const struct wl_source *src, const char *uri,
		       const struct wl_findings *findings);
void wl_fingerprints_free(char **fps, unsigned nr);

#endif
