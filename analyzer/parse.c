/* SPDX-License-Identifier: MIT */
/* Parsing one CUDA file with libclang, the embedded shim in front. */
#include "analyzer/parse.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/pch.h"
#include "analyzer/spelling.h"
#include "base/embedded.h"
#include "base/source.h"
#include "base/util.h"

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

/* The base arguments before the shim's -include. */
static unsigned nr_base_shim(void)
{
	return WL_ARRAY_SIZE(base_args) - 2;
}

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

CXIndex wl_parse_index(void)
{
	return clang_createIndex(/* excludeDeclarationsFromPCH */ 1, 0);
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

/*
 * The arguments of a parse: the base's, the user's, the toolkit's; with
 * the shim's -include left off when @no_shim (room is left for the two
 * of an -include-pch).
 */
static const char **parse_args(const char *const *user_args,
			       unsigned nr_user_args, bool no_shim,
			       unsigned *nr)
{
	unsigned nr_base = WL_ARRAY_SIZE(base_args), nr_kit, i, n = 0;
	const char *const *kit = wl_parse_toolkit_args(&nr_kit);
	const char **args = wl_xcalloc(nr_base + nr_kit + nr_user_args + 3,
				       sizeof(*args));

	for (i = 0; i < (no_shim ? nr_base_shim() : nr_base); i++)
		args[n++] = base_args[i];
	for (i = 0; i < nr_user_args; i++)
		args[n++] = user_args[i];
	/* -idirafter: after the user's folders whatever the order here. */
	for (i = 0; i < nr_kit; i++)
		args[n++] = kit[i];
	*nr = n;
	return args;
}

static CXTranslationUnit parse_with(CXIndex index, const char *name,
				    const char *const *args, unsigned nr_args,
				    struct CXUnsavedFile *files,
				    unsigned nr_files, enum CXErrorCode *code)
{
	CXTranslationUnit tu = NULL;

	*code = clang_parseTranslationUnit2(
		index, name, args, (int)nr_args, files, nr_files,
		CXTranslationUnit_KeepGoing |
			CXTranslationUnit_DetailedPreprocessingRecord,
		&tu);
	if (*code != CXError_Success && tu) {
		clang_disposeTranslationUnit(tu);
		tu = NULL;
	}
	return tu;
}

/* The main file's @text with every nvcc spelling respelled, or NULL. */
static char *respell_main(const char *text, size_t len)
{
	char *launches = wl_spelling_fix_launches(text, len);
	char *escapes = wl_spelling_fix_asm_escapes(launches ? launches : text,
						    len);

	if (!escapes)
		return launches;
	free(launches);
	return escapes;
}

/* @args with base_args's architecture replaced by @arch_arg, if any. */
static void set_arch(const char **args, unsigned n, const char *arch_arg)
{
	unsigned i;

	for (i = 0; arch_arg && i < n; i++)
		if (wl_starts_with(args[i], "--cuda-gpu-arch="))
			args[i] = arch_arg;
}

/*
 * The shim's PCH for a parse with @user_args, the last @nr_unkeyed of
 * them left out of its key (struct wl_parse_variant).
 */
static const char *pch_for(struct wl_pch *pch, CXIndex index,
			   const char *shim, const char *const *user_args,
			   unsigned nr_user_args, unsigned nr_unkeyed,
			   struct CXUnsavedFile *files)
{
	const char *path;
	const char **args;
	unsigned n;

	if (nr_unkeyed > nr_user_args)
		nr_unkeyed = nr_user_args;
	args = parse_args(user_args, nr_user_args - nr_unkeyed, true, &n);
	path = wl_pch_get(pch, index, shim, args, n, files,
			  wl_shim_files_count);
	free(args);
	return path;
}

CXTranslationUnit wl_parse_variant(CXIndex index, const struct wl_source *src,
				   const char *const *user_args,
				   unsigned nr_user_args, struct wl_pch *pch,
				   const struct wl_parse_variant *v, char **err)
{
	unsigned nr_extra = v ? v->nr_files : 0, nr_files, n, i;
	const char **args;
	struct CXUnsavedFile *files;
	char **names;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode code;
	const char *text = v && v->main_text ? v->main_text : src->text;
	char *respelled = respell_main(text, src->len), *arch = NULL;
	const char *shim = WL_SHIM_ROOT "/warplint_cuda.h", *pch_path = NULL;

	if (v && v->arch)
		arch = wl_xasprintf("--cuda-gpu-arch=%s", v->arch);
	nr_files = wl_shim_files_count + nr_extra + 1;
	files = wl_xcalloc(nr_files, sizeof(*files));
	names = wl_xcalloc(wl_shim_files_count + 1, sizeof(*names));
	for (i = 0; i < wl_shim_files_count; i++) {
		names[i] = wl_xasprintf(WL_SHIM_ROOT "/%s", wl_shim_files[i].name);
		files[i].Filename = names[i];
		files[i].Contents = wl_shim_files[i].data;
		files[i].Length = wl_shim_files[i].len;
	}
	/* headers respelled as the main file is (they keep every offset) */
	for (i = 0; i < nr_extra; i++)
		files[wl_shim_files_count + i] = v->files[i];
	args = parse_args(user_args, nr_user_args, true, &n);
	set_arch(args, n, arch);
	/* the shim was precompiled for the default architecture only */
	if (!arch)
		pch_path = pch_for(pch, index, shim, user_args, nr_user_args,
				   v ? v->nr_unkeyed : 0, files);
	/*
	 * libclang puts the file name on the command line it builds, where
	 * "-rf.cu" would be read as an option: name it "./-rf.cu" instead.
	 */
	i = wl_shim_files_count;
	names[i] = src->path[0] == '-' ? wl_xasprintf("./%s", src->path)
				       : wl_xstrdup(src->path);
	/*
	 * Parse the text we read, so offsets match what fixes will edit;
	 * what is respelled keeps every offset.
	 */
	files[nr_files - 1].Filename = names[i];
	files[nr_files - 1].Contents = respelled ? respelled : text;
	files[nr_files - 1].Length = src->len;
	if (pch_path) {
		/* where the shim's -include was: the same order of headers */
		memmove(args + nr_base_shim() + 2, args + nr_base_shim(),
			(n - nr_base_shim()) * sizeof(*args));
		args[nr_base_shim()] = "-include-pch";
		args[nr_base_shim() + 1] = pch_path;
		tu = parse_with(index, names[i], args, n + 2, files, nr_files,
				&code);
		if (wl_pch_failed(pch, pch_path, tu)) {
			if (tu)
				clang_disposeTranslationUnit(tu);
			tu = NULL;
		}
	}
	if (!tu) {
		free(args);
		args = parse_args(user_args, nr_user_args, false, &n);
		set_arch(args, n, arch);
		tu = parse_with(index, names[i], args, n, files, nr_files,
				&code);
	}
	if (!tu)
		*err = wl_xstrdup(wl_describe_cxerror(code));
	for (i = 0; i <= wl_shim_files_count; i++)
		free(names[i]);
	free(names);
	free(files);
	free(args);
	free(arch);
	free(respelled);
	return tu;
}

CXTranslationUnit wl_parse(CXIndex index, const struct wl_source *src,
			   const char *const *user_args, unsigned nr_user_args,
			   struct wl_pch *pch, char **err)
{
	return wl_parse_variant(index, src, user_args, nr_user_args, pch, NULL,
				err);
}
