/* SPDX-License-Identifier: MIT */
/* Files embedded in the binary at build time: the CUDA shim, rule docs. */
#ifndef WL_BASE_EMBEDDED_H
#define WL_BASE_EMBEDDED_H

struct wl_embedded_file {
	const char *name;	/* relative to the embedded directory */
	const char *data;	/* NUL-terminated */
	unsigned long len;
};

/* analyzer/shim/ */
extern const struct wl_embedded_file wl_shim_files[];
extern const unsigned wl_shim_files_count;

/* rules/WL*.md */
extern const struct wl_embedded_file wl_rule_docs[];
extern const unsigned wl_rule_docs_count;

#endif
