/* SPDX-License-Identifier: MIT */
/* A progress line on stderr for long runs on a terminal. */
#include "driver/progress.h"

#include <stdio.h>

#define PROGRESS_MIN_FILES 20
#define PROGRESS_MIN_NS 1000000000LL

static long long elapsed_ns(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) * 1000000000LL +
	       (now.tv_nsec - start->tv_nsec);
}

void wl_progress_start(struct wl_progress *p, unsigned total, bool enabled)
{
	p->enabled = enabled;
	p->shown = false;
	p->total = total;
	p->done = 0;
	clock_gettime(CLOCK_MONOTONIC, &p->start);
	pthread_mutex_init(&p->lock, NULL);
}

void wl_progress_step(struct wl_progress *p, const char *path)
{
	if (!p->enabled)
		return;
	pthread_mutex_lock(&p->lock);
	p->done++;
	if (p->total > PROGRESS_MIN_FILES ||
	    elapsed_ns(&p->start) > PROGRESS_MIN_NS) {
		/* \033[K clears what a longer path left behind. */
		fprintf(stderr, "\r[%u/%u] %s\033[K", p->done, p->total, path);
		fflush(stderr);
		p->shown = true;
	}
	pthread_mutex_unlock(&p->lock);
}

void wl_progress_finish(struct wl_progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	pthread_mutex_destroy(&p->lock);
}
