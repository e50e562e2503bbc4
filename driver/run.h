/* SPDX-License-Identifier: MIT */
/* The driver: every input file through analysis, fixes and the report. */
#ifndef WL_DRIVER_RUN_H
#define WL_DRIVER_RUN_H

struct wl_options;

/* Exit statuses, fixed like ShellCheck's. */
enum wl_exit {
	WL_EXIT_CLEAN = 0,	/* no finding at or above the fail level */
	WL_EXIT_FINDINGS = 1,
	WL_EXIT_BAD_INPUT = 2,	/* a file could not be read or parsed */
	WL_EXIT_USAGE = 3,
};

/* Run the analysis the options ask for; returns the exit status. */
int wl_run(const struct wl_options *opts);

#endif
