/* SPDX-License-Identifier: MIT */
/*
 * gv-prepare: turn one CUDA file into a case of a gpu_verify bundle, on a
 * machine without a GPU.
 *
 *   gv-prepare SOURCE --out BUNDLE [--fixed FILE] [--spec FILE]
 *              [--case ID] [--fix-style shuffle] [--kernels A,B...]
 *              [--fix-also HEADER]... [--origin KEY=VALUE]...
 *              [-p BUILD_DIR] [-I DIR] [-D NAME[=V]] [-U NAME]
 *              [-isystem DIR] [-iquote DIR] [-include FILE] [-std=STD]
 *              [--no-nvcc] [-- COMPILER ARGS...]
 *
 * SOURCE is taken the way warplint takes it: flags from the compile
 * database of -p, the -I/-D/... given, and a compiler command line after
 * `--` (nvcc's options are translated as for warplint).  The case
 * directory BUNDLE/cases/ID holds:
 *
 * - tree/: the project files the source includes, under their absolute
 *   paths (tree.h), with SOURCE's host function bodies emptied (strip.h)
 *   as NAME.gv-before.cu and its fixed text as NAME.gv-after.cu;
 *   tree-after/ too when --fix-also fixes headers; stubs/ for headers
 *   that were not found anywhere (empty stand-ins, listed in meta.json);
 * - before.ptx (clang-19 -> sm_60 PTX through legacy.h, libdevice linked
 *   in), or before.emul.cu when clang cannot build it; after.cu for nvcc
 *   on the GPU machine, with nvcc.flags (@CASE@ for the case directory);
 * - plan.txt for the runner and meta.json for the report (kernels,
 *   arguments and where each came from, block sizes and why, findings
 *   left after the fix, the origin given with --origin);
 * - src.cu and src.fixed.cu, the whole texts, for whoever reads the case.
 *
 * The fixed text is warplint's own fixes unless --fixed names a file;
 * --fix-also fixes project headers the same way.  Exit status: 0 written,
 * 1 written but some kernel cannot run or something did not build here,
 * 2 the input could not be read, 3 usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/cursor.h"
#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/compdb.h"
#include "gpu_verify/build.h"
#include "gpu_verify/kernels.h"
#include "gpu_verify/lenient.h"
#include "gpu_verify/strip.h"
#include "gpu_verify/tree.h"

#ifndef GV_DIR
#define GV_DIR "gpu_verify"
#endif

#define MAX_STUB_ROUNDS 16

struct header_fix {
	char *path;	/* the header as named */
	char *real;	/* its real path */
	char *fixed;	/* warplint's fixed text */
	size_t len;
	unsigned fixes;
	json_t *after;	/* findings left in the fixed text */
};

struct prep {
	const char *source, *fixed, *spec_path, *out, *case_id;
	const char *gv_dir, *clang, *nvcc, *libdevice, *compdb_dir;
	const char *cuda;	/* the toolkit: CUDA_HOME, /usr/local/cuda */
	bool no_nvcc, shuffle;
	struct wl_strvec args;	    /* -I/-D... for analysis and compilers */
	struct wl_strvec fix_also;  /* headers to fix as well */
	struct wl_strvec only;	    /* kernels to plan */
	json_t *origin;		    /* --origin KEY=VALUE */
	struct wl_analyze_opts opts;
	char *dir;		    /* the case directory (absolute) */
	char *real_source;	    /* realpath of the source */
	char *spec_used;
	struct wl_strvec stubs;	    /* headers replaced by stand-ins */
	struct header_fix *hfix;
	unsigned nr_hfix;
	struct gv_tree tree;
	bool problems;		    /* exit status 1 */
};

/* ---- small helpers -------------------------------------------------- */

static int write_file(const char *dir, const char *name, const char *text,
		      size_t len)
{
	char *path = dir ? wl_xasprintf("%s/%s", dir, name)
			 : wl_xstrdup(name);
	char *d = wl_xstrdup(path), *slash = strrchr(d, '/');
	FILE *f;
	int r = -1;

	if (slash) {
		*slash = '\0';
		gv_mkdirs(d);
	}
	free(d);
	f = fopen(path, "wb");
	if (f) {
		r = fwrite(text, 1, len, f) == len ? 0 : -1;
		if (fclose(f))
			r = -1;
	}
	if (r < 0)
		fprintf(stderr, "gv-prepare: cannot write %s\n", path);
	free(path);
	return r;
}

static int copy_file(const char *from, const char *dir, const char *name)
{
	struct wl_source s;
	char *err = NULL;
	int r;

	if (wl_source_load(&s, from, &err) < 0) {
		fprintf(stderr, "gv-prepare: %s: %s\n", from, err);
		free(err);
		return -1;
	}
	r = write_file(dir, name, s.text, s.len);
	wl_source_release(&s);
	return r;
}

static bool exists(const char *path)
{
	return access(path, R_OK) == 0;
}

static char *dirname_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == path)
		return wl_xstrdup("/");
	return slash ? wl_xstrndup(path, (size_t)(slash - path))
		     : wl_xstrdup(".");
}

static char *absolute(const char *path)
{
	char *r = realpath(path, NULL);

	return r ? r : wl_xstrdup(path);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* ---- header and spec ----------------------------------------------- */

/*
 * The corpus header keys in the first 20 lines: "args:" (parser and
 * compiler flags), "enable:"/"disable:" rules, "fix-style:", and "gpu:"
 * (the spec file of the case).  Returns the gpu: value, allocated.
 */
static char *read_header(struct prep *p, const struct wl_source *src)
{
	static const char *const keys[] = {
	    "args:", "enable:", "disable:", "fix-style:", "gpu:"};
	char *gpu = NULL;
	unsigned line, k;

	for (line = 1; line <= wl_source_nr_lines(src) && line <= 20; line++) {
		size_t len;
		const char *s = wl_source_line(src, line, &len);
		char *text = wl_xstrndup(s, len), *q, *tok, *save = NULL;

		for (k = 0; k < WL_ARRAY_SIZE(keys); k++) {
			q = strstr(text, keys[k]);
			if (!q || (q > text && q[-1] != ' ' && q[-1] != '*' &&
				   q[-1] != '/'))
				continue;
			q += strlen(keys[k]);
			for (tok = strtok_r(q, " \t,", &save); tok;
			     tok = strtok_r(NULL, " \t,", &save)) {
				const struct wl_rule *r = wl_rule_find(tok);

				if (!strcmp(tok, "*/"))
					break;
				if (k == 0)
					wl_strvec_push(&p->args, tok);
				else if ((k == 1 || k == 2) && r)
					p->opts.enabled[r->id] = k == 1;
				else if (k == 3)
					p->shuffle = !strcmp(tok, "shuffle");
				else if (k == 4 && !gpu)
					gpu = wl_xstrdup(tok);
			}
		}
		free(text);
	}
	return gpu;
}

static char *default_case_id(const char *path, bool shuffle);

/*
 * Whether warplint's fixed text equals the corpus's NAME.fixed.cu (or
 * NAME.shuffle.fixed.cu): true, false, or null when there is none or the
 * fixed text came from --fixed.
 */
static json_t *matches_corpus_fixed(struct prep *p,
				    const struct wl_source *fixed)
{
	size_t n = strlen(p->source);
	struct wl_source want;
	char *path, *err = NULL;
	json_t *r;

	if (p->fixed || n < 3 || strcmp(p->source + n - 3, ".cu"))
		return json_null();
	path = wl_xasprintf("%.*s%s", (int)(n - 3), p->source,
			    p->shuffle ? ".shuffle.fixed.cu" : ".fixed.cu");
	if (wl_source_load(&want, path, &err) < 0) {
		free(err);
		free(path);
		return json_null();
	}
	r = json_boolean(want.len == fixed->len &&
			 !memcmp(want.text, fixed->text, want.len));
	wl_source_release(&want);
	free(path);
	return r;
}

/* --spec, else the header's gpu: name, else specs/<case>.yaml. */
static char *find_spec(struct prep *p, const char *gpu)
{
	char *srcdir = dirname_of(p->source);
	char *r = NULL, *tries[5], *plain = default_case_id(p->source, false);
	unsigned i, n = 0;

	if (p->spec_path) {
		free(srcdir);
		free(plain);
		return wl_xstrdup(p->spec_path);
	}
	if (gpu) {
		tries[n++] = wl_xasprintf("%s/specs/%s", p->gv_dir, gpu);
		tries[n++] = wl_xasprintf("%s/%s", srcdir, gpu);
	}
	tries[n++] = wl_xasprintf("%s/specs/%s.yaml", p->gv_dir, p->case_id);
	/* The shuffle-style case shares the spec of the file. */
	tries[n++] = wl_xasprintf("%s/specs/%s.yaml", p->gv_dir, plain);
	for (i = 0; i < n && !r; i++)
		if (exists(tries[i]))
			r = wl_xstrdup(tries[i]);
	for (i = 0; i < n; i++)
		free(tries[i]);
	if (!r && gpu) {
		fprintf(stderr, "gv-prepare: %s: spec '%s' not found\n",
			p->source, gpu);
		p->problems = true;
	}
	free(plain);
	free(srcdir);
	return r;
}

/* ---- include paths -------------------------------------------------- */

/* Whether @a is an include-path flag taking the next word. */
static bool path_flag(const char *a)
{
	return !strcmp(a, "-isystem") || !strcmp(a, "-iquote") ||
	       !strcmp(a, "-idirafter") || !strcmp(a, "-include");
}

/* The roots of the tree: the source's directory, every include path. */
static void tree_roots(struct prep *p)
{
	char *srcdir = dirname_of(p->real_source);
	unsigned i;

	p->tree.own_dir = p->gv_dir;
	gv_tree_root(&p->tree, srcdir);
	for (i = 0; i < p->args.nr; i++) {
		const char *a = p->args.v[i];

		if (wl_starts_with(a, "-I") && a[2])
			gv_tree_root(&p->tree, a + 2);
		else if (path_flag(a) && strcmp(a, "-include") &&
			 i + 1 < p->args.nr)
			gv_tree_root(&p->tree, p->args.v[++i]);
	}
	for (i = 0; i < p->nr_hfix; i++) {
		char *d = dirname_of(p->hfix[i].real);

		gv_tree_root(&p->tree, d);
		free(d);
	}
	free(srcdir);
}

/*
 * @path (a file or directory) as the compilers must see it: inside the
 * case's copy @tree ("@CASE@/tree/abs" or "/abs/case/tree/abs") when it
 * travels, else unchanged.
 */
static char *mapped(struct prep *p, const char *base, const char *tree,
		    const char *path)
{
	char *real = realpath(path, NULL), *r;

	if (real && gv_tree_is_local(&p->tree, real)) {
		char *t = wl_xasprintf("%s/%s", base, tree);

		r = gv_tree_path(t, real);
		free(t);
	} else {
		r = wl_xstrdup(path);
	}
	free(real);
	return r;
}

/*
 * The user's flags for a compiler that reads the case from @base, with
 * project paths pointing into @tree, then the source's own directory and
 * the stand-ins for missing headers.
 */
static void push_user_args(struct prep *p, const char *base, const char *tree,
			   bool nvcc, struct wl_strvec *v)
{
	char *srcdir = dirname_of(p->real_source), *m;
	unsigned i;

	for (i = 0; i < p->args.nr; i++) {
		const char *a = p->args.v[i];

		if (wl_starts_with(a, "-I") && a[2]) {
			m = mapped(p, base, tree, a + 2);
			wl_strvec_push(v, "-I");
			wl_strvec_push(v, m);
			free(m);
		} else if (path_flag(a) && i + 1 < p->args.nr) {
			m = mapped(p, base, tree, p->args.v[++i]);
			/* nvcc has no -idirafter; -isystem comes close. */
			wl_strvec_push(v, nvcc && !strcmp(a, "-idirafter")
					      ? "-isystem"
					      : a);
			wl_strvec_push(v, m);
			free(m);
		} else {
			wl_strvec_push(v, a);
		}
	}
	m = mapped(p, base, tree, srcdir);
	wl_strvec_push(v, "-I");
	wl_strvec_push(v, m);
	free(m);
	m = wl_xasprintf("%s/%s", base, nvcc ? "stubs-nvcc" : "stubs");
	wl_strvec_push(v, nvcc ? "-isystem" : "-idirafter");
	wl_strvec_push(v, m);
	free(m);
	if (nvcc && p->tree.foreign) {
		/* Library headers of this machine's /usr/include. */
		m = wl_xasprintf("%s/%s/usr/include", base, tree);
		wl_strvec_push(v, "-isystem");
		wl_strvec_push(v, m);
		free(m);
	}
	if (nvcc) {
		/* What the new toolkit removed (after_compat.h). */
		m = wl_xasprintf("%s/after_compat.h", base);
		wl_strvec_push(v, "-include");
		wl_strvec_push(v, m);
		free(m);
	}
	free(srcdir);
}

/* ---- the legacy parse --------------------------------------------------- */

/*
 * Parse @text (NULL: the file on disk) at @path as the before build sees
 * it: clang-19, sm_60, legacy.h, the stand-ins, the user's flags with
 * the original paths and the stubs made so far.
 */
static CXTranslationUnit legacy_parse(struct prep *p, CXIndex index,
				      const char *path, const char *text,
				      size_t len)
{
	struct wl_strvec v = {NULL, 0, 0};
	char *shim = wl_xasprintf("%s/legacy.h", p->gv_dir);
	char *inc = wl_xasprintf("%s/include", p->gv_dir);
	char *stubs = wl_xasprintf("%s/stubs", p->dir);
	char *srcdir = dirname_of(p->real_source);
	const char *fixed[] = {"-x",
			       "cuda",
			       "--cuda-device-only",
			       "--cuda-gpu-arch=sm_60",
			       "-nocudainc",
			       "-nocudalib",
			       "-Wno-unknown-cuda-version",
			       "-Wno-missing-template-arg-list-after-"
			       "template-kw",
			       "-ferror-limit=0",
			       "-Wno-everything"};
	struct CXUnsavedFile un;
	CXTranslationUnit tu = NULL;
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(fixed); i++)
		wl_strvec_push(&v, fixed[i]);
	wl_strvec_push(&v, "-include");
	wl_strvec_push(&v, shim);
	wl_strvec_push(&v, "-I");
	wl_strvec_push(&v, inc);
	for (i = 0; i < p->args.nr; i++)
		wl_strvec_push(&v, p->args.v[i]);
	wl_strvec_push(&v, "-I");
	wl_strvec_push(&v, srcdir);
	wl_strvec_push(&v, "-idirafter");
	wl_strvec_push(&v, stubs);
	un.Filename = path;
	un.Contents = text;
	un.Length = (unsigned long)len;
	clang_parseTranslationUnit2(index, path, (const char *const *)v.v,
				    (int)v.nr, &un, text ? 1 : 0,
				    CXTranslationUnit_KeepGoing |
					CXTranslationUnit_DetailedPreprocessingRecord,
				    &tu);
	wl_strvec_release(&v);
	free(shim);
	free(inc);
	free(stubs);
	free(srcdir);
	return tu;
}

/* Whether the toolkit's own include folders hold header @name. */
static bool in_toolkit(const struct prep *p, const char *name)
{
	static const char *const dirs[] = {"include", "include/cccl"};
	unsigned i;
	bool found = false;

	for (i = 0; i < WL_ARRAY_SIZE(dirs) && !found; i++) {
		char *path = wl_xasprintf("%s/%s/%s", p->cuda, dirs[i], name);

		found = exists(path);
		free(path);
	}
	return found;
}

/*
 * The legacy parse runs without the toolkit's headers (-nocudainc), so
 * it stubs `<cuda/std/type_traits>` too; nvcc finds the real one (CUDA 13
 * keeps libcu++ under include/cccl), and a stand-in ahead of it on
 * nvcc's path breaks cooperative_groups.h.  nvcc gets only the stand-ins
 * for headers the toolkit lacks: stubs-nvcc/.
 */
static void stub_for_nvcc(struct prep *p, const char *name, const char *rel)
{
	char *to = wl_xasprintf("stubs-nvcc/%s", name);
	char *from = wl_xasprintf("%s/%s", p->dir, rel);

	if (!in_toolkit(p, name))
		copy_file(from, p->dir, to);
	free(from);
	free(to);
}

/*
 * Make an empty stand-in for each header @tu could not find; returns how
 * many were new.  A header nobody has cannot matter to device code that
 * builds without it, and if it does, the build says so.
 */
static unsigned stub_missing(struct prep *p, CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu), made = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(d);
		const char *msg = clang_getCString(s), *q;
		char *name = NULL;

		if (msg && msg[0] == '\'' &&
		    (q = strstr(msg, "' file not found")))
			name = wl_xstrndup(msg + 1, (size_t)(q - msg - 1));
		if (name && !strstr(name, "..") && name[0] != '/') {
			char *rel = wl_xasprintf("stubs/%s", name);
			char *path = wl_xasprintf("%s/%s", p->dir, rel);
			char *own = wl_xasprintf("%s/stubs/%s", p->gv_dir, name);
			char *text = wl_xasprintf(
			    "/* gpu_verify: empty stand-in for <%s>, which "
			    "was not found */\n",
			    name);
			int r = -1;

			/* A host library gpu_verify knows: its types. */
			if (!exists(path) && exists(own))
				r = copy_file(own, p->dir, rel);
			else if (!exists(path))
				r = write_file(p->dir, rel, text, strlen(text));
			if (r == 0) {
				wl_strvec_push(&p->stubs, name);
				made++;
				stub_for_nvcc(p, name, rel);
			}
			free(own);
			free(text);
			free(path);
			free(rel);
		}
		free(name);
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
	return made;
}

/* The legacy parse, stubbing missing headers until none is missing. */
static CXTranslationUnit parse_with_stubs(struct prep *p, CXIndex index,
					  const char *path, const char *text,
					  size_t len)
{
	CXTranslationUnit tu = NULL;
	unsigned round;

	for (round = 0; round < MAX_STUB_ROUNDS; round++) {
		if (tu)
			clang_disposeTranslationUnit(tu);
		tu = legacy_parse(p, index, path, text, len);
		if (!tu || !stub_missing(p, tu))
			break;
	}
	return tu;
}

/* ---- compiling ------------------------------------------------------ */

static int run_vec(struct prep *p, struct wl_strvec *v, const char *log)
{
	char *path = wl_xasprintf("%s/%s", p->dir, log);
	int r;

	WL_GROW(v->v, v->nr, v->alloc);
	v->v[v->nr] = NULL;
	r = gv_run(p->dir, v->v, path);
	free(path);
	return r;
}

/* clang-19 for sm_60 through legacy.h: the genuine legacy before. */
static int clang_ptx(struct prep *p, const char *cu, const char *ptx)
{
	struct wl_strvec v = {NULL, 0, 0};
	char *shim = wl_xasprintf("%s/legacy.h", p->gv_dir);
	char *inc = wl_xasprintf("%s/include", p->gv_dir);
	char *ashim = absolute(shim), *ainc = absolute(inc);
	const char *fixed[] = {p->clang,
			       "-x",
			       "cuda",
			       "--cuda-device-only",
			       "--cuda-gpu-arch=sm_60",
			       "-nocudainc",
			       "-nocudalib",
			       "-Wno-unknown-cuda-version",
			       /* Old code the CUDA 8 toolchain took. */
			       "-Wno-missing-template-arg-list-after-"
			       "template-kw",
			       "-O2",
			       "-S",
			       "-include",
			       ashim,
			       "-I",
			       ainc};
	unsigned i;
	int r;

	for (i = 0; i < WL_ARRAY_SIZE(fixed); i++)
		wl_strvec_push(&v, fixed[i]);
	/* libdevice: the math library, as nvcc links it. */
	if (p->libdevice && exists(p->libdevice)) {
		wl_strvec_push(&v, "-Xclang");
		wl_strvec_push(&v, "-mlink-builtin-bitcode");
		wl_strvec_push(&v, "-Xclang");
		wl_strvec_push(&v, p->libdevice);
	}
	push_user_args(p, p->dir, "tree", false, &v);
	wl_strvec_push(&v, "-o");
	wl_strvec_push(&v, ptx);
	wl_strvec_push(&v, cu);
	r = run_vec(p, &v, "build.log");
	wl_strvec_release(&v);
	free(shim);
	free(inc);
	free(ashim);
	free(ainc);
	return r;
}

static const char *after_tree(const struct prep *p)
{
	return p->nr_hfix ? "tree-after" : "tree";
}

/* nvcc -ptx for sm_90 here: checks the source and names the entries. */
static int nvcc_ptx(struct prep *p, const char *cu, const char *ptx,
		    bool after)
{
	struct wl_strvec v = {NULL, 0, 0};
	int r;

	if (p->no_nvcc)
		return -1;
	wl_strvec_push(&v, p->nvcc);
	wl_strvec_push(&v, "-arch=sm_90");
	wl_strvec_push(&v, "-ptx");
	push_user_args(p, p->dir, after ? after_tree(p) : "tree", true, &v);
	wl_strvec_push(&v, "-o");
	wl_strvec_push(&v, ptx);
	wl_strvec_push(&v, cu);
	r = run_vec(p, &v, "build.log");
	wl_strvec_release(&v);
	return r;
}

/*
 * nvcc's own view of the project files the source needs (its branches
 * on __CUDA_ARCH__ and CUDA_VERSION differ from the legacy parse).
 */
static void nvcc_deps(struct prep *p)
{
	struct wl_strvec v = {NULL, 0, 0};
	char *dep = wl_xasprintf("%s/nvcc.d", p->dir);
	char *srcdir = dirname_of(p->real_source), *stubs, *compat;
	unsigned i;

	if (p->no_nvcc) {
		free(dep);
		free(srcdir);
		return;
	}
	stubs = wl_xasprintf("%s/stubs-nvcc", p->dir);
	compat = wl_xasprintf("%s/after_compat.h", p->gv_dir);
	wl_strvec_push(&v, p->nvcc);
	wl_strvec_push(&v, "-arch=sm_90");
	wl_strvec_push(&v, "-M");
	wl_strvec_push(&v, "-x");
	wl_strvec_push(&v, "cu");
	for (i = 0; i < p->args.nr; i++)
		wl_strvec_push(&v, p->args.v[i]);
	wl_strvec_push(&v, "-I");
	wl_strvec_push(&v, srcdir);
	wl_strvec_push(&v, "-isystem");
	wl_strvec_push(&v, stubs);
	wl_strvec_push(&v, "-include");
	wl_strvec_push(&v, compat);
	wl_strvec_push(&v, "-o");
	wl_strvec_push(&v, dep);
	wl_strvec_push(&v, p->real_source);
	if (run_vec(p, &v, "deps.log") == 0)
		gv_tree_add_deps(&p->tree, dep);
	unlink(dep);
	wl_strvec_release(&v);
	free(stubs);
	free(compat);
	free(dep);
	free(srcdir);
}

/* The flags the GPU script gives nvcc, with @CASE@ for the case. */
static int write_nvcc_flags(struct prep *p)
{
	struct wl_strvec v = {NULL, 0, 0};
	struct wl_buf b = WL_BUF_INIT;
	unsigned i;
	int r;

	push_user_args(p, "@CASE@", after_tree(p), true, &v);
	for (i = 0; i < v.nr; i++)
		wl_buf_addf(&b, "%s%s", i ? " " : "", v.v[i]);
	wl_buf_addc(&b, '\n');
	r = write_file(p->dir, "nvcc.flags", b.s, b.len);
	wl_buf_release(&b);
	wl_strvec_release(&v);
	return r;
}

/* Before and after of the case, for @ks[0..nr). */
struct group_result {
	const char *mode; /* "clang-legacy" or "emulated" */
	char *reason;	  /* why emulated, or NULL */
	bool after_ok;	  /* nvcc built the after here (or not tried) */
};

static void build_group(struct prep *p, const char *bsrc, const char *asrc,
			const char *inst, struct gv_kernel **ks, unsigned nr,
			struct group_result *g)
{
	char *text, *path;
	char **be = NULL, **ae = NULL, **bd = NULL, **ad = NULL;
	unsigned nbe = 0, nae = 0, i;
	const char *bimg = "before.ptx";

	memset(g, 0, sizeof(*g));
	g->mode = "clang-legacy";
	text = wl_xasprintf("#include \"%s\"\n%s\n", bsrc, inst ? inst : "");
	write_file(p->dir, "before.cu", text, strlen(text));
	free(text);
	text = wl_xasprintf("#include \"%s\"\n%s\n", asrc, inst ? inst : "");
	write_file(p->dir, "after.cu", text, strlen(text));
	free(text);

	path = wl_xasprintf("%s/before.ptx", p->dir);
	if (clang_ptx(p, "before.cu", "before.ptx") != 0 &&
	    (!gv_lenient_rewrite(p->dir) ||
	     clang_ptx(p, "before.cu", "before.ptx") != 0)) {
		g->reason = wl_xstrdup("clang-19 could not compile it for "
				       "sm_60 (see build.log)");
	} else if (gv_ptx_has_extern(path)) {
		g->reason = wl_xstrdup("the sm_60 PTX calls functions that "
				       "neither legacy.h nor libdevice "
				       "defines");
	} else {
		be = gv_ptx_entries(path, &nbe);
		bd = gv_demangle(be, nbe);
		for (i = 0; i < nr && !g->reason; i++)
			if (!gv_match_entry(be, bd, nbe, ks[i]->name,
					    ks[i]->key))
				g->reason = wl_xasprintf(
				    "no entry for '%s' in the sm_60 PTX",
				    ks[i]->label);
	}
	free(path);
	if (g->reason) {
		g->mode = "emulated";
		bimg = "before.emul.cubin";
		text = wl_xasprintf("#include \"legacy_emul.h\"\n"
				    "#include \"%s\"\n%s\n",
				    bsrc, inst ? inst : "");
		write_file(p->dir, "before.emul.cu", text, strlen(text));
		free(text);
		gv_free_strings(be, nbe);
		gv_free_strings(bd, bd ? nbe : 0);
		be = bd = NULL;
		nbe = 0;
		if (nvcc_ptx(p, "before.emul.cu", "before.emul.ptx", false) ==
		    0) {
			path = wl_xasprintf("%s/before.emul.ptx", p->dir);
			be = gv_ptx_entries(path, &nbe);
			bd = gv_demangle(be, nbe);
			free(path);
		}
	}
	g->after_ok = true;
	if (!p->no_nvcc) {
		g->after_ok = nvcc_ptx(p, "after.cu", "after.ptx", true) == 0;
		path = wl_xasprintf("%s/after.ptx", p->dir);
		if (g->after_ok) {
			ae = gv_ptx_entries(path, &nae);
			ad = gv_demangle(ae, nae);
		}
		free(path);
	}
	if (!g->after_ok)
		p->problems = true;
	for (i = 0; i < nr; i++) {
		struct gv_kernel *k = ks[i];
		const char *b = gv_match_entry(be, bd, nbe, k->name, k->key);
		const char *a = gv_match_entry(ae, ad, nae, k->name, k->key);

		/* Both sides use the Itanium mangling: one names the other. */
		k->entry[0] = wl_xstrdup(b ? b : a ? a : k->name);
		k->entry[1] = wl_xstrdup(a ? a : k->entry[0]);
		k->image[0] = wl_xasprintf("%s %s", g->mode, bimg);
		k->image[1] = wl_xstrdup("after.cubin");
	}
	gv_free_strings(be, nbe);
	gv_free_strings(ae, nae);
	gv_free_strings(bd, bd ? nbe : 0);
	gv_free_strings(ad, ad ? nae : 0);
}

/* ---- meta.json ------------------------------------------------------ */

static json_t *findings_json(const struct wl_findings *fs, bool details)
{
	json_t *a = json_array();
	unsigned i;

	for (i = 0; i < fs->nr; i++) {
		const struct wl_finding *f = &fs->v[i];

		if (f->suppressed)
			continue;
		if (!details) {
			json_array_append_new(
			    a, json_string(wl_rules[f->rule].code));
			continue;
		}
		json_array_append_new(a, json_pack("{s:s, s:i, s:s}", "rule",
						   wl_rules[f->rule].code,
						   "line", (int)f->line,
						   "message", f->message));
	}
	return a;
}

static unsigned count_fixes(const struct wl_findings *fs)
{
	unsigned i, n = 0;

	for (i = 0; i < fs->nr; i++)
		n += fs->v[i].fix && !fs->v[i].fix_rejected &&
		     !fs->v[i].suppressed;
	return n;
}

static json_t *kernel_json(const struct gv_kernel *k)
{
	json_t *o = json_pack("{s:s, s:s}", "name", k->name, "label",
			      k->label ? k->label : k->name);
	json_t *args = json_array();
	unsigned i;

	if (k->skip) {
		json_object_set_new(o, "skip", json_string(k->skip));
		json_decref(args);
		return o;
	}
	/* One entry per value the runner numbers: not the struct heads. */
	for (i = 0; i < k->nr_args; i++) {
		const struct gv_arg *a = &k->args[i];
		const char *kind = a->is_null  ? "null"
				   : a->is_ptr ? (a->is_out ? "buffer" : "input")
					       : "scalar";

		if (a->struct_size > 0)
			continue;
		json_array_append_new(
		    args, json_pack("{s:s, s:s, s:s, s:s, s:s}", "name",
				    a->name, "kind", kind, "type",
				    gv_type_name(a->type),
				    a->is_ptr ? "count" : "value", a->expr,
				    "from", a->origin));
	}
	json_object_set_new(o, "args", args);
	json_object_set_new(
	    o, "mode", json_stringn(k->image[0], strcspn(k->image[0], " ")));
	json_object_set_new(o, "entry_before", json_string(k->entry[0]));
	json_object_set_new(o, "entry_after", json_string(k->entry[1]));
	json_object_set_new(o, "shapes", json_integer(k->nr_shapes));
	json_object_set_new(o, "seeds", json_integer(k->nr_seeds));
	if (k->block_why)
		json_object_set_new(o, "block_from_code",
				    json_pack("{s:i, s:i, s:s}", "exact",
					      (int)k->block_exact, "max",
					      (int)k->block_max, "why",
					      k->block_why));
	if (k->inst)
		json_object_set_new(o, "instantiation", json_string(k->inst));
	return o;
}

/* ---- main ----------------------------------------------------------- */

static int usage(void)
{
	fprintf(stderr,
		"usage: gv-prepare SOURCE --out BUNDLE [--fixed FILE] "
		"[--spec FILE] [--case ID]\n"
		"                  [--fix-style shuffle] [--kernels A,B] "
		"[--fix-also HEADER] [--origin K=V]\n"
		"                  [-p BUILD_DIR] [-I DIR] [-D NAME[=V]] "
		"[-U NAME] [-isystem DIR] [-iquote DIR]\n"
		"                  [-include FILE] [-std=STD] [--no-nvcc] "
		"[-- COMPILER ARGS...]\n");
	return 3;
}

/* "a,b,c" into @v. */
static void split_list(struct wl_strvec *v, const char *s)
{
	while (*s) {
		size_t n = strcspn(s, ",");

		if (n) {
			char *w = wl_xstrndup(s, n);

			wl_strvec_push(v, w);
			free(w);
		}
		s += n + (s[n] == ',');
	}
}

static int parse_args(struct prep *p, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--")) {
			/* A compiler command line, translated as warplint
			 * translates a compile database's. */
			struct wl_strvec cmd = {NULL, 0, 0};
			char cwd[4096];

			wl_strvec_push(&cmd, "nvcc");
			for (i++; i < argc; i++)
				wl_strvec_push(&cmd, argv[i]);
			wl_compdb_translate((const char *const *)cmd.v, cmd.nr,
					    getcwd(cwd, sizeof(cwd)) ? cwd
								     : NULL,
					    &p->args, NULL);
			wl_strvec_release(&cmd);
			break;
		}
		if (!strcmp(a, "--no-nvcc")) {
			p->no_nvcc = true;
			continue;
		}
		if (a[0] != '-') {
			if (p->source)
				return -1;
			p->source = a;
			continue;
		}
		if ((wl_starts_with(a, "-I") || wl_starts_with(a, "-D") ||
		     wl_starts_with(a, "-U")) &&
		    a[2]) {
			if (wl_starts_with(a, "-I")) {
				char *abs = absolute(a + 2), *s;

				s = wl_xasprintf("-I%s", abs);
				wl_strvec_push(&p->args, s);
				free(s);
				free(abs);
			} else {
				wl_strvec_push(&p->args, a);
			}
			continue;
		}
		if (wl_starts_with(a, "-std=")) {
			wl_strvec_push(&p->args, a);
			continue;
		}
		if (!v)
			return -1;
		i++;
		if (!strcmp(a, "--out"))
			p->out = v;
		else if (!strcmp(a, "--fixed"))
			p->fixed = v;
		else if (!strcmp(a, "--spec"))
			p->spec_path = v;
		else if (!strcmp(a, "--case"))
			p->case_id = v;
		else if (!strcmp(a, "-p"))
			p->compdb_dir = v;
		else if (!strcmp(a, "--fix-style"))
			p->shuffle = !strcmp(v, "shuffle");
		else if (!strcmp(a, "--fix-also"))
			wl_strvec_push(&p->fix_also, v);
		else if (!strcmp(a, "--kernels"))
			split_list(&p->only, v);
		else if (!strcmp(a, "--origin") && strchr(v, '=')) {
			char *k = wl_xstrndup(v, (size_t)(strchr(v, '=') - v));

			json_object_set_new(p->origin, k,
					    json_string(strchr(v, '=') + 1));
			free(k);
		} else if (!strcmp(a, "-I") || !strcmp(a, "-D") ||
			   !strcmp(a, "-U")) {
			char *abs = a[1] == 'I' ? absolute(v) : wl_xstrdup(v);
			char *s = wl_xasprintf("%s%s", a, abs);

			wl_strvec_push(&p->args, s);
			free(s);
			free(abs);
		} else if (path_flag(a)) {
			char *abs = absolute(v);

			wl_strvec_push(&p->args, a);
			wl_strvec_push(&p->args, abs);
			free(abs);
		} else
			return -1;
	}
	return p->source && p->out ? 0 : -1;
}

/* The compile database's flags for the source, before the user's own. */
static int compdb_args(struct prep *p)
{
	struct wl_compdb *db;
	struct wl_strvec mine = p->args;
	char *err = NULL;
	unsigned i;
	bool exact = false;

	if (!p->compdb_dir)
		return 0;
	db = wl_compdb_load(p->compdb_dir, &err);
	if (!db) {
		fprintf(stderr, "gv-prepare: %s\n", err);
		free(err);
		return -1;
	}
	memset(&p->args, 0, sizeof(p->args));
	if (!wl_compdb_args_for(db, p->source, &p->args, &exact) || !exact)
		fprintf(stderr,
			"gv-prepare: %s: not in %s/compile_commands.json\n",
			p->source, p->compdb_dir);
	for (i = 0; i < mine.nr; i++)
		wl_strvec_push(&p->args, mine.v[i]);
	wl_strvec_release(&mine);
	wl_compdb_free(db);
	return 0;
}

/* "corpus/WL101/shfl-basic.cu" -> "WL101-shfl-basic". */
static char *default_case_id(const char *path, bool shuffle)
{
	char *dir = dirname_of(path), *base;
	const char *d = strrchr(dir, '/'), *b = strrchr(path, '/');
	char *id;
	size_t n;

	d = d ? d + 1 : dir;
	b = b ? b + 1 : path;
	base = wl_xstrdup(b);
	n = strlen(base);
	if (n > 3 && !strcmp(base + n - 3, ".cu"))
		base[n - 3] = '\0';
	id = wl_xasprintf("%s-%s%s", d, base, shuffle ? "-shuffle" : "");
	free(base);
	free(dir);
	return id;
}

/* Fix each --fix-also header the way the source is fixed. */
static int fix_headers(struct prep *p, CXIndex index)
{
	unsigned i;

	p->hfix = wl_xcalloc(p->fix_also.nr + 1, sizeof(*p->hfix));
	for (i = 0; i < p->fix_also.nr; i++) {
		struct header_fix *h = &p->hfix[p->nr_hfix];
		struct wl_findings before = {NULL, 0, 0}, after = {NULL, 0, 0};
		struct wl_source s, fx;
		char *err = NULL;

		if (wl_source_load(&s, p->fix_also.v[i], &err) < 0) {
			fprintf(stderr, "gv-prepare: %s: %s\n",
				p->fix_also.v[i], err);
			free(err);
			return -1;
		}
		if (wl_analyze(index, &s, &p->opts, &before, &err) < 0) {
			fprintf(stderr, "gv-prepare: %s: %s\n", s.path, err);
			free(err);
			wl_source_release(&s);
			return -1;
		}
		h->path = wl_xstrdup(p->fix_also.v[i]);
		h->real = absolute(p->fix_also.v[i]);
		h->fixed = wl_apply_fixes(&s, &before, &h->len);
		h->fixes = count_fixes(&before);
		wl_source_init_mem(&fx, s.path, h->fixed, h->len);
		if (wl_analyze(index, &fx, &p->opts, &after, &err) == 0)
			h->after = findings_json(&after, true);
		else
			free(err);
		wl_source_release(&fx);
		wl_findings_release(&before);
		wl_findings_release(&after);
		wl_source_release(&s);
		p->nr_hfix++;
	}
	return 0;
}

/*
 * The tree-after/ copy for --fix-also: the same files, the fixed headers
 * in place of theirs.
 */
static int write_after_tree(struct prep *p)
{
	char *dest = wl_xasprintf("%s/tree-after", p->dir);
	unsigned i;
	int r = gv_tree_copy(&p->tree, dest);

	for (i = 0; i < p->nr_hfix && r == 0; i++) {
		char *to = gv_tree_path(dest, p->hfix[i].real);

		r = write_file(NULL, to, p->hfix[i].fixed, p->hfix[i].len);
		free(to);
	}
	free(dest);
	return r;
}

struct name_find {
	const char *real;
	char *name;
};

static void visit_name(CXFile f, CXSourceLocation *stack, unsigned depth,
		       CXClientData data)
{
	struct name_find *n = data;
	CXString s = clang_getFileName(f);
	char *r;

	(void)stack;
	(void)depth;
	if (!n->name && clang_getCString(s)) {
		r = realpath(clang_getCString(s), NULL);
		if (r && !strcmp(r, n->real))
			n->name = wl_xstrdup(clang_getCString(s));
		free(r);
	}
	clang_disposeString(s);
}

/* The name @tu knows file @real by ("a/../b.h"), or NULL. */
static char *clang_name(CXTranslationUnit tu, const char *real)
{
	struct name_find n = {real, NULL};

	clang_getInclusions(tu, visit_name, &n);
	return n.name;
}

/*
 * Empty the host function bodies of the project headers too, in both
 * copies: a host class of a test utility header that uses an API the
 * new toolkit removed must not stop the device build either.  A header
 * fixed with --fix-also keeps its text (its fixes were made on it).
 * Returns how many bodies were emptied.
 */
static unsigned strip_tree(struct prep *p, CXTranslationUnit tu)
{
	unsigned i, k, total = 0;

	for (i = 0; i < p->tree.nr_files; i++) {
		const char *f = p->tree.files[i];
		struct wl_source s, view;
		char *err = NULL, *text, *name;
		size_t len;
		unsigned n = 0;
		bool fixed = !strcmp(f, p->real_source);

		for (k = 0; k < p->nr_hfix; k++)
			fixed |= !strcmp(f, p->hfix[k].real);
		if (fixed || wl_source_load(&s, f, &err) < 0) {
			free(err);
			continue;
		}
		name = clang_name(tu, f);
		wl_source_init_mem(&view, name ? name : f, s.text, s.len);
		text = gv_strip_host(tu, &view, &len, &n);
		free(name);
		for (k = 0; n && k < (p->nr_hfix ? 2u : 1u); k++) {
			char *dest = wl_xasprintf("%s/%s", p->dir,
						  k ? "tree-after" : "tree");
			char *to = gv_tree_path(dest, f);

			write_file(NULL, to, text, len);
			free(to);
			free(dest);
		}
		total += n;
		free(text);
		wl_source_release(&view);
		wl_source_release(&s);
	}
	return total;
}

struct texts {
	struct wl_source src, fixed;
	struct wl_findings before, after;
	char *fixed_text;
	char *stripped[2];
	size_t stripped_len[2];
	unsigned nr_stripped;
	unsigned nr_header_stripped;
	json_t *kernel_lines; /* each kernel's lines in the fixed text */
};

static enum CXChildVisitResult find_global_attr(CXCursor c, CXCursor parent,
						CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDAGlobalAttr) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* The main file's lines of a function definition, or false. */
static bool def_lines(CXCursor c, unsigned *l0, unsigned *l1)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f;
	unsigned col, off;

	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return false;
	clang_getExpansionLocation(clang_getRangeStart(r), &f, l0, &col, &off);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f, l1, &col, &off);
	return true;
}

/* The functions a kernel calls, by their lines in the main file. */
struct callees {
	json_t *ranges;		/* [[first, last], ...], each once */
	unsigned depth;
};

static enum CXChildVisitResult collect_callees(CXCursor c, CXCursor parent,
					       CXClientData data);

static void add_callee(struct callees *cs, CXCursor def)
{
	unsigned l0, l1;
	json_t *r;
	size_t i;

	if (clang_Cursor_isNull(def) || !clang_isCursorDefinition(def) ||
	    !def_lines(def, &l0, &l1))
		return;
	json_array_foreach(cs->ranges, i, r)
		if (json_integer_value(json_array_get(r, 0)) == (json_int_t)l0)
			return;
	json_array_append_new(cs->ranges, json_pack("[i, i]", (int)l0,
						    (int)l1));
	/* what it calls in turn, a few calls deep */
	if (cs->depth < 8) {
		cs->depth++;
		clang_visitChildren(def, collect_callees, cs);
		cs->depth--;
	}
}

static enum CXChildVisitResult collect_callees(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	add_callee(data, wl_cursor_definition(ref));
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult kernel_lines(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceRange r;
	CXFile f;
	unsigned l0, l1, col, off;
	bool global = false;
	CXString name;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	if ((k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) ||
	    !clang_isCursorDefinition(c) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	clang_visitChildren(c, find_global_attr, &global);
	if (!global)
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	clang_getExpansionLocation(clang_getRangeStart(r), &f, &l0, &col, &off);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f, &l1, &col, &off);
	name = clang_getCursorSpelling(c);
	/* and the lines of the helpers it calls, so that a finding left in
	 * a helper counts against the kernels that run it */
	{
		struct callees cs = { json_array(), 0 };

		clang_visitChildren(c, collect_callees, &cs);
		json_array_append_new(data,
				      json_pack("{s:s, s:[i, i], s:o}", "name",
						clang_getCString(name), "lines",
						(int)l0, (int)l1, "calls",
						cs.ranges));
	}
	clang_disposeString(name);
	return CXChildVisit_Continue;
}

/* Parse both texts as the before sees them; empty their host bodies. */
static CXTranslationUnit strip_both(struct prep *p, CXIndex index,
				    struct texts *t)
{
	CXTranslationUnit tu, tf;
	unsigned n;

	struct wl_source view;

	tu = parse_with_stubs(p, index, p->real_source, NULL, 0);
	if (!tu)
		return NULL;
	/* Under the name the translation unit knows it by. */
	wl_source_init_mem(&view, p->real_source, t->src.text, t->src.len);
	t->stripped[0] = gv_strip_host(tu, &view, &t->stripped_len[0],
				       &t->nr_stripped);
	wl_source_release(&view);
	tf = legacy_parse(p, index, p->real_source, t->fixed.text,
			  t->fixed.len);
	if (tf) {
		struct wl_source fx;

		wl_source_init_mem(&fx, p->real_source, t->fixed.text,
				   t->fixed.len);
		t->stripped[1] = gv_strip_host(tf, &fx, &t->stripped_len[1],
					       &n);
		/* Where each kernel is in the fixed text, for the report to
		 * tell a kernel's findings from another's. */
		t->kernel_lines = json_array();
		clang_visitChildren(clang_getTranslationUnitCursor(tf),
				    kernel_lines, t->kernel_lines);
		wl_source_release(&fx);
		clang_disposeTranslationUnit(tf);
	} else {
		t->stripped[1] = wl_xstrndup(t->fixed.text, t->fixed.len);
		t->stripped_len[1] = t->fixed.len;
	}
	return tu;
}

static json_t *origin_json(struct prep *p)
{
	json_t *o = json_deep_copy(p->origin);

	if (!json_object_get(o, "file"))
		json_object_set_new(o, "file", json_string(p->source));
	return o;
}

static int write_plan(struct prep *p, struct gv_kernel *ks, unsigned nk)
{
	char *path = wl_xasprintf("%s/plan.txt", p->dir);
	FILE *plan = fopen(path, "w");
	unsigned i;

	free(path);
	if (!plan)
		return -1;
	fprintf(plan, "# gpu_verify plan: %s (%s)\ncase %s\n", p->case_id,
		p->source, p->case_id);
	for (i = 0; i < nk; i++)
		if (!ks[i].skip)
			gv_plan_write(plan, &ks[i]);
	return fclose(plan) ? -1 : 0;
}

static int prepare(struct prep *p)
{
	struct texts t;
	struct gv_spec spec;
	struct gv_kernel *ks = NULL;
	struct gv_find find;
	unsigned nk = 0, i;
	char *err = NULL, *gpu, *case_id = NULL, *bsrc = NULL, *asrc = NULL;
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	json_t *meta = NULL, *kj;
	int rc = 2;

	memset(&t, 0, sizeof(t));
	memset(&spec, 0, sizeof(spec));
	if (wl_source_load(&t.src, p->source, &err) < 0) {
		fprintf(stderr, "gv-prepare: %s: %s\n", p->source, err);
		free(err);
		clang_disposeIndex(index);
		return 2;
	}
	p->real_source = absolute(p->source);
	gpu = read_header(p, &t.src);
	if (compdb_args(p) < 0)
		goto out;
	p->opts.fix_style =
	    p->shuffle ? WL_FIX_STYLE_SHUFFLE : WL_FIX_STYLE_SYNCWARP;
	if (p->shuffle)
		p->opts.enabled[WL401] = true;
	p->opts.args = (const char *const *)p->args.v;
	p->opts.nr_args = p->args.nr;
	case_id = p->case_id ? wl_xstrdup(p->case_id)
			     : default_case_id(p->source, p->shuffle);
	p->case_id = case_id;
	p->spec_used = find_spec(p, gpu);
	if (p->spec_used && gv_spec_load(&spec, p->spec_used, &err) < 0) {
		fprintf(stderr, "gv-prepare: %s: %s\n", p->spec_used, err);
		goto out;
	}
	if (wl_analyze(index, &t.src, &p->opts, &t.before, &err) < 0) {
		fprintf(stderr, "gv-prepare: %s: %s\n", p->source, err);
		goto out;
	}
	if (p->fixed) {
		if (wl_source_load(&t.fixed, p->fixed, &err) < 0) {
			fprintf(stderr, "gv-prepare: %s: %s\n", p->fixed, err);
			goto out;
		}
	} else {
		size_t len = 0;

		/*
		 * Every fix, unsafe ones included (`--fix --unsafe-fixes`):
		 * an unsafe fix is one warplint could not prove from the
		 * code, and this run is where it is proved or refuted.
		 */
		t.fixed_text = wl_apply_fixes(&t.src, &t.before, &len);
		/* The source's own name, so that its #includes resolve. */
		wl_source_init_mem(&t.fixed, p->source, t.fixed_text, len);
	}
	if (wl_analyze(index, &t.fixed, &p->opts, &t.after, &err) < 0) {
		fprintf(stderr, "gv-prepare: fixed %s: %s\n", p->source, err);
		goto out;
	}
	if (fix_headers(p, index) < 0)
		goto out;
	p->dir = wl_xasprintf("%s/cases/%s", p->out, p->case_id);
	{
		char *abs;

		if (gv_mkdirs(p->dir) < 0) {
			fprintf(stderr, "gv-prepare: cannot create %s\n",
				p->dir);
			goto out;
		}
		abs = absolute(p->dir);
		free(p->dir);
		p->dir = abs;
	}
	tu = strip_both(p, index, &t);
	if (!tu) {
		fprintf(stderr, "gv-prepare: %s: clang cannot parse it\n",
			p->source);
		goto out;
	}
	find.spec = &spec;
	find.only = p->only.nr ? (const char *const *)p->only.v : NULL;
	find.nr_only = p->only.nr;
	gv_find_kernels(tu, &t.src, &find, &ks, &nk);
	/* The files that travel: what clang and nvcc include. */
	tree_roots(p);
	gv_tree_add_tu(&p->tree, tu);
	nvcc_deps(p);
	gv_tree_foreign(&p->tree);
	{
		char *tdir = wl_xasprintf("%s/tree", p->dir);
		char *sdir = dirname_of(p->real_source), *stem;
		const char *b = base_name(p->real_source);
		const char *dot = strrchr(b, '.');

		stem = wl_xasprintf("%s/%.*s", sdir,
				    (int)(dot ? (size_t)(dot - b) : strlen(b)),
				    b);
		bsrc = wl_xasprintf("tree%s.gv-before.cu", stem);
		asrc = wl_xasprintf("%s%s.gv-after.cu", after_tree(p), stem);
		if (gv_tree_copy(&p->tree, tdir) < 0 ||
		    (p->nr_hfix && write_after_tree(p) < 0))
			p->problems = true;
		t.nr_header_stripped = strip_tree(p, tu);
		if (write_file(p->dir, bsrc, t.stripped[0],
			       t.stripped_len[0]) < 0 ||
		    write_file(p->dir, asrc, t.stripped[1],
			       t.stripped_len[1]) < 0)
			p->problems = true;
		free(stem);
		free(sdir);
		free(tdir);
	}
	if (write_file(p->dir, "src.cu", t.src.text, t.src.len) < 0 ||
	    write_file(p->dir, "src.fixed.cu", t.fixed.text, t.fixed.len) <
		0 ||
	    write_nvcc_flags(p) < 0)
		goto out;
	for (i = 0; i < 2; i++) {
		static const char *const own[] = {"legacy_emul.h",
						  "after_compat.h"};
		char *from = wl_xasprintf("%s/%s", p->gv_dir, own[i]);
		int r = copy_file(from, p->dir, own[i]);

		free(from);
		if (r < 0)
			goto out;
	}
	meta = json_pack("{s:s, s:s, s:s, s:s}", "case", p->case_id, "source",
			 p->source, "fixed_from",
			 p->fixed ? p->fixed : "warplint fixes", "fix_style",
			 p->shuffle ? "shuffle" : "syncwarp");
	json_object_set_new(meta, "origin", origin_json(p));
	json_object_set_new(meta, "spec",
			    p->spec_used ? json_string(p->spec_used)
					 : json_null());
	json_object_set_new(meta, "matches_corpus_fixed",
			    matches_corpus_fixed(p, &t.fixed));
	json_object_set_new(meta, "findings_before",
			    findings_json(&t.before, false));
	json_object_set_new(meta, "findings_after",
			    findings_json(&t.after, true));
	json_object_set_new(meta, "fixes",
			    json_integer(count_fixes(&t.before)));
	json_object_set_new(meta, "kernel_lines",
			    t.kernel_lines ? json_incref(t.kernel_lines)
					   : json_array());
	json_object_set_new(meta, "host_bodies_emptied",
			    json_integer(t.nr_stripped));
	json_object_set_new(meta, "host_bodies_emptied_in_headers",
			    json_integer(t.nr_header_stripped));
	{
		json_t *a = json_array();

		for (i = 0; i < p->stubs.nr; i++)
			json_array_append_new(a, json_string(p->stubs.v[i]));
		json_object_set_new(meta, "missing_headers", a);
		a = json_array();
		for (i = 0; i < p->nr_hfix; i++) {
			json_t *h = json_pack("{s:s, s:i}", "file",
					      p->hfix[i].path, "fixes",
					      (int)p->hfix[i].fixes);

			json_object_set_new(h, "findings_after",
					    p->hfix[i].after
						? json_incref(p->hfix[i].after)
						: json_array());
			json_array_append_new(a, h);
		}
		json_object_set_new(meta, "fixed_headers", a);
		json_object_set_new(meta, "files_copied",
				    json_integer(p->tree.nr_files));
	}
	/* One image for all: the instances are appended to it. */
	{
		struct gv_kernel **all = wl_xcalloc(nk + 1, sizeof(*all));
		struct wl_buf inst = WL_BUF_INIT;
		struct group_result g;
		unsigned na = 0;

		for (i = 0; i < nk; i++) {
			if (ks[i].skip)
				continue;
			all[na++] = &ks[i];
			if (ks[i].inst)
				wl_buf_addf(&inst, "%s\n", ks[i].inst);
		}
		if (na) {
			build_group(p, bsrc, asrc, inst.s, all, na, &g);
			json_object_set_new(
			    meta, "build",
			    json_pack("{s:s, s:s?, s:b}", "mode", g.mode,
				      "reason", g.reason, "after_built_here",
				      g.after_ok));
			free(g.reason);
		}
		wl_buf_release(&inst);
		free(all);
	}
	kj = json_array();
	for (i = 0; i < nk; i++) {
		json_array_append_new(kj, kernel_json(&ks[i]));
		if (ks[i].skip) {
			fprintf(stderr, "gv-prepare: %s: kernel %s skipped: %s\n",
				p->source, ks[i].label, ks[i].skip);
			p->problems = true;
		}
	}
	json_object_set_new(meta, "kernels", kj);
	{
		char *path = wl_xasprintf("%s/meta.json", p->dir);

		if (json_dump_file(meta, path,
				   JSON_INDENT(1) | JSON_SORT_KEYS) < 0)
			fprintf(stderr, "gv-prepare: cannot write %s\n", path);
		free(path);
	}
	if (write_plan(p, ks, nk) < 0)
		goto out;
	rc = p->problems ? 1 : 0;
out:
	free(err);
	json_decref(meta);
	for (i = 0; i < nk; i++)
		gv_kernel_release(&ks[i]);
	free(ks);
	if (tu)
		clang_disposeTranslationUnit(tu);
	wl_findings_release(&t.before);
	wl_findings_release(&t.after);
	gv_spec_release(&spec);
	wl_source_release(&t.src);
	if (t.fixed.text)
		wl_source_release(&t.fixed);
	free(t.fixed_text);
	free(t.stripped[0]);
	free(t.stripped[1]);
	json_decref(t.kernel_lines);
	free(bsrc);
	free(asrc);
	free(gpu);
	free(case_id);
	clang_disposeIndex(index);
	return rc;
}

int main(int argc, char **argv)
{
	struct prep p;
	const char *cuda;
	char *libdevice;
	unsigned i;
	int rc;

	memset(&p, 0, sizeof(p));
	wl_analyze_opts_default(&p.opts);
	p.gv_dir = getenv("GV_DIR") ? getenv("GV_DIR") : GV_DIR;
	p.clang = getenv("CLANG") ? getenv("CLANG") : "clang-19";
	p.nvcc = getenv("NVCC") ? getenv("NVCC") : "nvcc";
	cuda = getenv("CUDA_HOME") ? getenv("CUDA_HOME") : "/usr/local/cuda";
	p.cuda = cuda;
	libdevice = getenv("GV_LIBDEVICE")
			? wl_xstrdup(getenv("GV_LIBDEVICE"))
			: wl_xasprintf("%s/nvvm/libdevice/libdevice.10.bc",
				       cuda);
	p.libdevice = libdevice;
	p.origin = json_object();
	if (parse_args(&p, argc, argv) < 0) {
		rc = usage();
	} else {
		rc = prepare(&p);
	}
	for (i = 0; i < p.nr_hfix; i++) {
		free(p.hfix[i].path);
		free(p.hfix[i].real);
		free(p.hfix[i].fixed);
		json_decref(p.hfix[i].after);
	}
	free(p.hfix);
	gv_tree_release(&p.tree);
	free(p.dir);
	free(p.real_source);
	free(p.spec_used);
	free(libdevice);
	json_decref(p.origin);
	wl_strvec_release(&p.args);
	wl_strvec_release(&p.fix_also);
	wl_strvec_release(&p.only);
	wl_strvec_release(&p.stubs);
	return rc;
}
