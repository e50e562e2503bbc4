/* SPDX-License-Identifier: MIT */
/* Parsing one CUDA file with libclang, the embedded shim in front. */
#define _GNU_SOURCE	/* pipe2 */
#include "analyzer/session.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/analyze.h"
#include "analyzer/embedded.h"
#include "analyzer/source.h"
#include "analyzer/spelling.h"
#include "analyzer/tu_blob.h"
#include "analyzer/util.h"

/*
 * Device-only CUDA for sm_70: the first architecture with independent
 * thread scheduling, and the one whose __CUDA_ARCH__ guards pick the code
 * that today's toolkit compiles.
 */
static const char *const base_args[] = {
	"-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_70",
	"-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version",
	"-ferror-limit=0", "-fno-spell-checking", "-Wno-everything",
	"-I" WL_SHIM_ROOT "/include",
	"-include", WL_SHIM_ROOT "/warplint_cuda.h",
};

/*
 * The CUDA toolkit's include folders, when one is installed, searched
 * after every other folder as nvcc searches its own: real library headers
 * (cublas_v2.h, curand_kernel.h) and Thrust/CUB, which CUDA 13 keeps in
 * include/cccl, then parse on top of the shim's stand-ins.
 */
static struct {
	pthread_once_t once;
	char *args[4];
	unsigned nr;
} toolkit = { PTHREAD_ONCE_INIT, { NULL }, 0 };

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void find_toolkit(void)
{
	static const char *const vars[] = { "CUDA_PATH", "CUDA_HOME",
					    "CUDA_ROOT" };
	const char *root = NULL;
	char *inc, *cccl;
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(vars) && !root; i++) {
		const char *v = getenv(vars[i]);

		if (v && *v)
			root = v;
	}
	inc = wl_xasprintf("%s/include", root ? root : "/usr/local/cuda");
	cccl = wl_xasprintf("%s/cccl", inc);
	if (is_dir(inc)) {
		toolkit.args[toolkit.nr++] = wl_xstrdup("-idirafter");
		toolkit.args[toolkit.nr++] = wl_xstrdup(inc);
	}
	if (is_dir(cccl)) {
		toolkit.args[toolkit.nr++] = wl_xstrdup("-idirafter");
		toolkit.args[toolkit.nr++] = wl_xstrdup(cccl);
	}
	free(inc);
	free(cccl);
}

const char *const *wl_parse_toolkit_args(unsigned *nr)
{
	pthread_once(&toolkit.once, find_toolkit);
	*nr = toolkit.nr;
	return (const char *const *)toolkit.args;
}

const char *const *wl_parse_base_args(unsigned *nr)
{
	*nr = WL_ARRAY_SIZE(base_args);
	return base_args;
}

/* mkdir -p for the directories of @path (which is modified and restored). */
static int make_parents(char *path)
{
	char *p;

	for (p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(path, 0777) < 0 && errno != EEXIST) {
			perror(path);
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	return 0;
}

int wl_dump_shim(const char *dir)
{
	unsigned i;

	for (i = 0; i < wl_shim_files_count; i++) {
		char *path = wl_xasprintf("%s/%s", dir, wl_shim_files[i].name);
		FILE *f = make_parents(path) < 0 ? NULL : fopen(path, "w");
		int ok = f && fwrite(wl_shim_files[i].data, 1,
				     wl_shim_files[i].len, f) ==
					   wl_shim_files[i].len;

		if (f && fclose(f) != 0)
			ok = 0;
		if (!ok)
			perror(path);
		free(path);
		if (!ok)
			return -1;
	}
	return 0;
}

const char *wl_describe_cxerror(enum CXErrorCode code)
{
	switch (code) {
	case CXError_Success:
		return "success";
	case CXError_Failure:
		return "libclang failed to parse it";
	case CXError_Crashed:
		return "libclang crashed while parsing it";
	case CXError_InvalidArguments:
		return "invalid arguments for libclang";
	case CXError_ASTReadError:
		return "libclang could not read its AST";
	}
	return "unknown libclang error";
}

CXTranslationUnit wl_parse(CXIndex index, const struct wl_source *src,
			   const char *const *user_args, unsigned nr_user_args,
			   char **err)
{
	unsigned nr_base = WL_ARRAY_SIZE(base_args), nr_kit, i, n = 0;
	const char *const *kit = wl_parse_toolkit_args(&nr_kit);
	const char **args = wl_xcalloc(nr_base + nr_kit + nr_user_args + 1,
				       sizeof(*args));
	struct CXUnsavedFile *files =
		wl_xcalloc(wl_shim_files_count + 1, sizeof(*files));
	char **names = wl_xcalloc(wl_shim_files_count + 1, sizeof(*names));
	CXTranslationUnit tu = NULL;
	enum CXErrorCode code;
	char *respelled = wl_spelling_fix_launches(src->text, src->len);

	for (i = 0; i < nr_base; i++)
		args[n++] = base_args[i];
	for (i = 0; i < nr_user_args; i++)
		args[n++] = user_args[i];
	/* -idirafter: after the user's folders whatever the order here. */
	for (i = 0; i < nr_kit; i++)
		args[n++] = kit[i];
	for (i = 0; i < wl_shim_files_count; i++) {
		names[i] = wl_xasprintf(WL_SHIM_ROOT "/%s", wl_shim_files[i].name);
		files[i].Filename = names[i];
		files[i].Contents = wl_shim_files[i].data;
		files[i].Length = wl_shim_files[i].len;
	}
	/*
	 * libclang puts the file name on the command line it builds, where
	 * "-rf.cu" would be read as an option: name it "./-rf.cu" instead.
	 */
	names[i] = src->path[0] == '-' ? wl_xasprintf("./%s", src->path)
				       : wl_xstrdup(src->path);
	/*
	 * Parse the text we read, so offsets match what fixes will edit;
	 * respelled launches keep every offset.
	 */
	files[i].Filename = names[i];
	files[i].Contents = respelled ? respelled : src->text;
	files[i].Length = src->len;
	code = clang_parseTranslationUnit2(
		index, names[i], args, (int)n, files, wl_shim_files_count + 1,
		CXTranslationUnit_KeepGoing |
			CXTranslationUnit_DetailedPreprocessingRecord,
		&tu);
	if (code != CXError_Success || !tu) {
		*err = wl_xstrdup(wl_describe_cxerror(code));
		tu = NULL;
	}
	for (i = 0; i <= wl_shim_files_count; i++)
		free(names[i]);
	free(names);
	free(files);
	free(args);
	free(respelled);
	return tu;
}

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
	CXIndex index = clang_createIndex(0, 0);
	struct wl_tu_result result;
	struct wl_buf b = WL_BUF_INIT;
	char *err = NULL;
	uint64_t len;
	int status;

	memset(&result, 0, sizeof(result));
	status = wl_analyze_tu(index, src, opts, &result, &err);
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
