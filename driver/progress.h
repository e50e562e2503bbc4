/* SPDX-License-Identifier: MIT */
/*
 * A progress line on stderr ("[12/40] src/scan.cu"), shown only when
 * stderr is a terminal and the run is long: more than 20 files, or more
 * than a second so far.  Workers call wl_progress_step() concurrently.
 */
#ifndef WL_DRIVER_PROGRESS_H
#define WL_DRIVER_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

struct wl_progress {
	bool enabled;		/* stderr is a terminal and not --quiet */
	bool shown;		/* a line is on the screen */
	unsigned total, done;
	struct timespec start;
	pthread_mutex_t lock;
};

void wl_progress_start(struct wl_progress *p, unsigned total, bool enabled);
void wl_progress_step(struct wl_progress *p, const char *path);
/* Erase the line, so that the summary starts on a clean line. */
void wl_progress_finish(struct wl_progress *p);

#endif
