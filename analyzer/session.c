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
#include <errno.h>
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
#include "analyzer/util.h"
#include "fixits/edit.h"

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
 * Isolated analysis (--timeout).  The child serialises its findings into
 * one message: a 64-bit payload length, then the payload, native byte
 * order (both ends are this process).  Length-prefixed, so that a child
 * dying half-way through its message is told apart from a short report.
 *
 * Every field of struct wl_finding that an emitter reads must travel
 * here; tests/scripts/test_bad_input_timeout.sh compares the JSON and
 * SARIF reports of both modes over the corpus to catch a field left out.
 */
#define NO_STRING 0xffffffffu

static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;

static void put_u32(struct wl_buf *b, uint32_t v)
{
	wl_buf_add(b, (const char *)&v, sizeof(v));
}

static void put_str(struct wl_buf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	put_u32(b, s ? (uint32_t)n : NO_STRING);
	if (s)
		wl_buf_add(b, s, n);
}

static void put_findings(struct wl_buf *b, const struct wl_findings *list)
{
	unsigned i, k;

	put_u32(b, list->nr);
	for (i = 0; i < list->nr; i++) {
		const struct wl_finding *f = &list->v[i];

		put_u32(b, f->rule);
		put_u32(b, f->level);
		put_u32(b, f->offset);
		put_u32(b, f->length);
		put_u32(b, f->line);
		put_u32(b, f->col);
		put_u32(b, f->end_line);
		put_u32(b, f->end_col);
		put_u32(b, f->suppressed);
		put_u32(b, f->unparsed);
		put_str(b, f->message);
		put_str(b, f->note);
		put_str(b, f->fix_rejected);
		put_str(b, f->justification);
		put_str(b, f->configs);
		put_u32(b, f->fix != NULL);
		if (!f->fix)
			continue;
		put_str(b, f->fix->description);
		put_u32(b, f->fix->safety);
		put_str(b, f->fix->unsafe_why);
		put_u32(b, f->fix->nr_edits);
		for (k = 0; k < f->fix->nr_edits; k++) {
			put_u32(b, f->fix->edits[k].offset);
			put_u32(b, f->fix->edits[k].length);
			put_str(b, f->fix->edits[k].text);
		}
	}
}

static void serialize(struct wl_buf *b, int status, const char *err,
		      const struct wl_tu_result *r)
{
	unsigned i;

	put_u32(b, status < 0);
	put_str(b, err);
	if (status < 0)
		return;
	put_findings(b, &r->findings);
	put_u32(b, r->nr_headers);
	for (i = 0; i < r->nr_headers; i++) {
		put_str(b, r->headers[i].path);
		put_u32(b, (uint32_t)r->headers[i].src.len);
		wl_buf_add(b, r->headers[i].src.text, r->headers[i].src.len);
		put_findings(b, &r->headers[i].findings);
	}
	put_u32(b, r->nr_guessed);
	for (i = 0; i < r->nr_guessed; i++)
		put_str(b, r->guessed[i]);
	put_str(b, r->includer);
}

struct reader {
	const char *p;
	size_t left;
	bool bad;
};

static uint32_t get_u32(struct reader *r)
{
	uint32_t v = 0;

	if (r->left < sizeof(v)) {
		r->bad = true;
		return 0;
	}
	memcpy(&v, r->p, sizeof(v));
	r->p += sizeof(v);
	r->left -= sizeof(v);
	return v;
}

static char *get_str(struct reader *r)
{
	uint32_t n = get_u32(r);
	char *s;

	if (n == NO_STRING || r->bad)
		return NULL;
	if (r->left < n) {
		r->bad = true;
		return NULL;
	}
	s = wl_xstrndup(r->p, n);
	r->p += n;
	r->left -= n;
	return s;
}

static void get_findings(struct reader *r, struct wl_findings *out)
{
	uint32_t nr = get_u32(r), i, k, nr_edits;
	char *msg;

	for (i = 0; i < nr && !r->bad; i++) {
		struct wl_finding *f;

		WL_GROW(out->v, out->nr, out->alloc);
		f = &out->v[out->nr++];
		memset(f, 0, sizeof(*f));
		f->rule = (enum wl_rule_id)get_u32(r);
		f->level = (enum wl_level)get_u32(r);
		f->offset = get_u32(r);
		f->length = get_u32(r);
		f->line = get_u32(r);
		f->col = get_u32(r);
		f->end_line = get_u32(r);
		f->end_col = get_u32(r);
		f->suppressed = get_u32(r) != 0;
		f->unparsed = get_u32(r) != 0;
		f->message = get_str(r);
		f->note = get_str(r);
		f->fix_rejected = get_str(r);
		f->justification = get_str(r);
		f->configs = get_str(r);
		if (f->rule >= WL_NR_RULES || f->level > WL_LEVEL_ERROR ||
		    !f->message)
			r->bad = true;
		if (!get_u32(r))
			continue;
		msg = get_str(r);
		f->fix = wl_fix_new(msg ? msg : "");
		free(msg);
		if (get_u32(r) == WL_FIX_UNSAFE) {
			msg = get_str(r);
			wl_fix_mark_unsafe(f->fix, msg);
			free(msg);
		} else {
			free(get_str(r));
		}
		nr_edits = get_u32(r);
		for (k = 0; k < nr_edits && !r->bad; k++) {
			uint32_t off = get_u32(r), len = get_u32(r);
			char *text = get_str(r);

			wl_fix_replace(f->fix, off, len, text ? text : "");
			free(text);
		}
	}
}

/*
 * A header's result, kept only if the file still holds the text the
 * child parsed: its offsets and fixes refer to that text.
 */
static void get_header(struct reader *r, struct wl_tu_result *out)
{
	char *path = get_str(r), *err = NULL;
	uint32_t len = get_u32(r);
	const char *text = r->p;
	struct wl_header_result *h;

	if (r->bad || !path || r->left < len) {
		r->bad = true;
		free(path);
		return;
	}
	r->p += len;
	r->left -= len;
	WL_GROW(out->headers, out->nr_headers, out->alloc_headers);
	h = &out->headers[out->nr_headers];
	memset(h, 0, sizeof(*h));
	get_findings(r, &h->findings);
	if (wl_source_load(&h->src, path, &err) == 0 && h->src.len == len &&
	    !memcmp(h->src.text, text, len)) {
		h->path = path;
		out->nr_headers++;
		return;
	}
	free(err);
	free(path);
	wl_source_release(&h->src);
	wl_findings_release(&h->findings);
}

static int deserialize(struct reader *r, struct wl_tu_result *out, char **err)
{
	uint32_t failed = get_u32(r), nr, i;
	char *msg = get_str(r);

	if (failed) {
		*err = msg ? msg : wl_xstrdup("analysis failed");
		return -1;
	}
	free(msg);
	get_findings(r, &out->findings);
	nr = get_u32(r);
	for (i = 0; i < nr && !r->bad; i++)
		get_header(r, out);
	nr = get_u32(r);
	for (i = 0; i < nr && !r->bad; i++) {
		char *dir = get_str(r);

		if (!dir) {
			r->bad = true;
			break;
		}
		out->guessed = wl_xrealloc(out->guessed, (out->nr_guessed + 1) *
							 sizeof(*out->guessed));
		out->guessed[out->nr_guessed++] = dir;
	}
	out->includer = get_str(r);
	if (r->bad) {
		*err = wl_xstrdup("analysis failed: garbled result from the "
				  "analysis process");
		return -1;
	}
	return 0;
}

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
	serialize(&b, status, err, &result);
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
	struct reader r = { NULL, 0, false };
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
		r.p = payload;
		r.left = (size_t)len;
		ret = deserialize(&r, out, err);
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
