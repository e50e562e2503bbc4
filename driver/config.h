/* SPDX-License-Identifier: MIT */
/*
 * The .warplint configuration file (YAML), found by walking up from each
 * source file's directory, or named with --config:
 *
 *   enable: [WL401]               rules to turn on (ids or names)
 *   disable: [WL303]              rules to turn off
 *   severity: {WL201: error}      note, warning or error per rule
 *   extra-args: [-DBLOCK=256]     parser arguments for every file
 *   exclude: [gen_*.cu]           fnmatch globs, relative to the file's dir
 *   configurations:               analyse each file once per entry, and
 *     - name: fast                merge the findings into one report,
 *       defines: [USE_SHUFFLE]    each saying under which it holds
 *     - name: legacy              (-D flags, "NAME" or "NAME=VALUE")
 *       defines: [LEGACY=1]
 *   launch: {block-x-multiple-of-32: true}
 *                                 the launch shape the kernels assume:
 *                                 true lets fixes treat threadIdx.y/z as
 *                                 warp-uniform (a full mask, not a
 *                                 ballot); false stops rules that report
 *                                 from assuming it (the default assumes
 *                                 it in reports, never in fixes)
 *
 * Command-line flags win over the file.  Unknown keys and bad values are
 * errors that name the file, line and column.
 */
#ifndef WL_DRIVER_CONFIG_H
#define WL_DRIVER_CONFIG_H

#include <stdbool.h>

#include "analyzer/rule_catalog.h"
#include "driver/compdb.h"

#define WL_CONFIG_NAME ".warplint"

enum wl_tristate { WL_UNSET = -1, WL_OFF = 0, WL_ON = 1 };

/* Configurations a file may list, at most (a bit each in a mask). */
#define WL_MAX_CONFIGURATIONS 32

/* One entry of `configurations`: a name and its parser arguments. */
struct wl_configuration {
	char *name;
	struct wl_strvec args;		/* -DNAME[=VALUE] */
};

struct wl_config {
	char *path;			/* the file */
	char *dir;			/* its directory, base of exclude */
	enum wl_tristate enable[WL_NR_RULES];
	int level[WL_NR_RULES];		/* enum wl_level, or -1: default */
	struct wl_strvec extra_args;
	struct wl_strvec exclude;
	struct wl_configuration *configs;
	unsigned nr_configs;
	enum wl_tristate block_x_multiple_of_32;	/* launch: */
};

/*
 * Parse @path into @cfg.  Returns 0, or -1 with *@err set to an allocated
 * "FILE:LINE:COL: what is wrong" message.
 */
int wl_config_load(struct wl_config *cfg, const char *path, char **err);
void wl_config_release(struct wl_config *cfg);

/*
 * The nearest .warplint in @source's directory or above it (allocated),
 * or NULL if there is none up to the root.
 */
char *wl_config_find(const char *source);

/* Whether an exclude glob of @cfg matches @source. */
bool wl_config_excludes(const struct wl_config *cfg, const char *source);

#endif
