/* SPDX-License-Identifier: MIT */
/* One file's analysis in a child process that can be killed (--timeout). */
#ifndef WL_DRIVER_ISOLATE_H
#define WL_DRIVER_ISOLATE_H

struct wl_source;
struct wl_analyze_opts;
struct wl_tu_result;

/*
 * wl_analyze_tu() in a child process with its own libclang index, giving up
 * after @timeout_s seconds (0: never).  libclang cannot be interrupted, so
 * the only way to bound one pathological file is to run it where it can
 * be killed; a crash inside libclang then costs that file only.  The
 * result travels back over a pipe into @out; a header's text is read
 * again here and its findings kept only if it is still what the child
 * parsed.  Returns 0, or -1 with *@err set (timed out, crashed, or
 * wl_analyze_tu's own error).
 *
 * The caller must not be inside libclang in another thread while this
 * forks (run.c's workers never touch libclang in this mode).
 */
int wl_analyze_isolated(const struct wl_source *src,
			const struct wl_analyze_opts *opts, unsigned timeout_s,
			struct wl_tu_result *out, char **err);

#endif
