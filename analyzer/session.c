/* SPDX-License-Identifier: MIT */
/* Parsing one CUDA file with libclang, the embedded shim in front. */
#include "analyzer/session.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/embedded.h"
#include "analyzer/source.h"
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
	unsigned nr_base = WL_ARRAY_SIZE(base_args), i, n = 0;
	const char **args = wl_xcalloc(nr_base + nr_user_args + 1, sizeof(*args));
	struct CXUnsavedFile *files =
		wl_xcalloc(wl_shim_files_count + 1, sizeof(*files));
	char **names = wl_xcalloc(wl_shim_files_count + 1, sizeof(*names));
	CXTranslationUnit tu = NULL;
	enum CXErrorCode code;

	for (i = 0; i < nr_base; i++)
		args[n++] = base_args[i];
	for (i = 0; i < nr_user_args; i++)
		args[n++] = user_args[i];
	for (i = 0; i < wl_shim_files_count; i++) {
		names[i] = wl_xasprintf(WL_SHIM_ROOT "/%s", wl_shim_files[i].name);
		files[i].Filename = names[i];
		files[i].Contents = wl_shim_files[i].data;
		files[i].Length = wl_shim_files[i].len;
	}
	/* Parse the text we read, so offsets match what fixes will edit. */
	files[i].Filename = src->path;
	files[i].Contents = src->text;
	files[i].Length = src->len;
	code = clang_parseTranslationUnit2(
		index, src->path, args, (int)n, files, wl_shim_files_count + 1,
		CXTranslationUnit_KeepGoing |
			CXTranslationUnit_DetailedPreprocessingRecord,
		&tu);
	if (code != CXError_Success || !tu) {
		*err = wl_xstrdup(wl_describe_cxerror(code));
		tu = NULL;
	}
	for (i = 0; i < wl_shim_files_count; i++)
		free(names[i]);
	free(names);
	free(files);
	free(args);
	return tu;
}
