/* SPDX-License-Identifier: MIT */
/* One file's analysis in a child process that can be killed (--timeout). */
#define _GNU_SOURCE	/* pipe2 */

#include "driver/isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyzer/parse.h"
#include "analyzer/pch.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/tu_blob.h"

/*
 * Isolated analysis (--timeout).  The child sends its result as one
 * message: a 64-bit payload length, then wl_tu_result_pack()'s payload.
 * Length-prefixed, so that a child dying half-way through its message is
 * told apart from a short report.
 */
static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;

static _Noreturn void child_main(int fd, const struct wl_source *src,
				 const struct wl_analyze_opts *opts)
{
	CXIndex index = wl_parse_index();
	struct wl_analyze_opts own = *opts;
	struct wl_tu_result result;
	struct wl_buf b = WL_BUF_INIT;
	char *err = NULL;
	uint64_t len;
	int status;

	own.pch = wl_pch_for_child(opts->pch);
	memset(&result, 0, sizeof(result));
	status = wl_analyze_tu(index, src, &own, &result, &err);
	wl_tu_result_pack(&b, status, err, &result);
	len = b.len;
	/* --dump-model printed to our copy of stdout. */
	fflush(stdout);
	if (wl_write_all(fd, (const char *)&len, sizeof(len)) < 0 ||
	    wl_write_all(fd, b.s, b.len) < 0)
		_exit(1);
	/* No atexit handlers or libclang teardown: the parent owns those. */
	_exit(0);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Read exactly @len bytes before @deadline (ms, 0: none).  Returns 0, -1 at
 * EOF or on error, -2 on timeout.
 */
static int read_full(int fd, char *p, size_t len, long long deadline)
{
	while (len) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		long long left = deadline ? deadline - now_ms() : -1;
		ssize_t n;
		int r;

		if (deadline && left <= 0)
			return -2;
		r = poll(&pfd, 1, left > INT_MAX ? INT_MAX : (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			return -2;
		n = read(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int wl_analyze_isolated(const struct wl_source *src,
			const struct wl_analyze_opts *opts, unsigned timeout_s,
			struct wl_tu_result *out, char **err)
{
	long long deadline = timeout_s ? now_ms() + 1000LL * timeout_s : 0;
	char *payload = NULL;
	uint64_t len = 0;
	int fds[2], rd = -1, status = 0, ret = -1;
	pid_t pid;

	/*
	 * One pipe-and-fork at a time, and our write end closed before the
	 * next: otherwise a sibling forked by another worker inherits it,
	 * and a crash of our child would show as EOF only when the sibling
	 * exits.
	 */
	pthread_mutex_lock(&fork_lock);
	if (pipe2(fds, O_CLOEXEC) < 0) {
		*err = wl_xasprintf("cannot start the analysis: pipe: %s",
				    strerror(errno));
		pthread_mutex_unlock(&fork_lock);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		*err = wl_xasprintf("cannot start the analysis: fork: %s",
				    strerror(errno));
		close(fds[0]);
		close(fds[1]);
		pthread_mutex_unlock(&fork_lock);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		child_main(fds[1], src, opts);
	}
	close(fds[1]);
	pthread_mutex_unlock(&fork_lock);
	rd = read_full(fds[0], (char *)&len, sizeof(len), deadline);
	if (!rd && len > (uint64_t)1 << 32)
		rd = -1;
	if (!rd) {
		payload = wl_xmalloc(len ? (size_t)len : 1);
		rd = read_full(fds[0], payload, (size_t)len, deadline);
	}
	close(fds[0]);
	if (rd == -2)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!rd) {
		ret = wl_tu_result_unpack(payload, (size_t)len, out, err);
	} else if (rd == -2) {
		*err = wl_xasprintf("analysis timed out after %u s "
				    "(--timeout); file skipped", timeout_s);
	} else if (WIFSIGNALED(status)) {
		*err = wl_xasprintf("analysis crashed (signal %d, %s); file "
				    "skipped", WTERMSIG(status),
				    strsignal(WTERMSIG(status)));
	} else {
		*err = wl_xasprintf("analysis failed (exit status %d); file "
				    "skipped", WIFEXITED(status) ?
				    WEXITSTATUS(status) : -1);
	}
	free(payload);
	return ret;
}
