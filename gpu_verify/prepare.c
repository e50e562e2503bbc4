/* SPDX-License-Identifier: MIT */
/*
 * gv-prepare: turn one CUDA file into a case of a gpu_verify bundle, on a
 * machine without a GPU.
 *
 *   gv-prepare SOURCE --out BUNDLE [--fixed FILE] [--spec FILE]
 *              [--case ID] [--fix-style shuffle] [-I DIR] [-D NAME[=V]]
 *              [--no-nvcc]
 *
 * The case directory BUNDLE/cases/ID holds the untouched source and its
 * fixed version (warplint's own fixes unless --fixed names a file), the
 * before image (clang-19 -> sm_60 PTX through legacy.h, or an "emulated"
 * nvcc source when clang cannot build it), the after source for nvcc on
 * the GPU machine, plan.txt for the runner and meta.json for the report
 * (kernels, arguments and where each came from, findings left after the
 * fix).  Exit status: 0 written, 1 written but some kernel cannot run or
 * something did not build here, 2 the input could not be read, 3 usage.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/analyze.h"
#include "analyzer/compdb.h"
#include "analyzer/source.h"
#include "analyzer/util.h"
#include "gpu_verify/build.h"
#include "gpu_verify/kernels.h"

#ifndef GV_DIR
#define GV_DIR "gpu_verify"
#endif

struct prep {
	const char *source, *fixed, *spec_path, *out, *case_id;
	const char *gv_dir, *clang, *nvcc;
	bool no_nvcc, shuffle;
	struct wl_strvec args; /* -I/-D for analysis and compilers */
	struct wl_analyze_opts opts;
	char *dir; /* the case directory */
	char *spec_used;
	bool problems; /* exit status 1 */
};

/* ---- small helpers -------------------------------------------------- */

static int mkdirs(const char *path)
{
	char *p = wl_xstrdup(path), *s;
	int r = 0;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST)
			r = -1;
		*s = '/';
	}
	if (mkdir(p, 0755) < 0 && errno != EEXIST)
		r = -1;
	free(p);
	return r;
}

static int write_file(const char *dir, const char *name, const char *text,
		      size_t len)
{
	char *path = wl_xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	int r = -1;

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

/* @path as the GPU script sees it: under the working directory (the
 * repository root, which travels) it becomes "@ROOT@/rel". */
static char *portable(const char *path)
{
	char cwd[4096], *abs;
	char *r;

	if (!getcwd(cwd, sizeof(cwd)))
		return wl_xstrdup(path);
	abs = path[0] == '/' ? wl_xstrdup(path)
			     : wl_xasprintf("%s/%s", cwd, path);
	if (wl_starts_with(abs, cwd) && abs[strlen(cwd)] == '/')
		r = wl_xasprintf("@ROOT@%s", abs + strlen(cwd));
	else
		r = wl_xstrdup(abs);
	free(abs);
	return r;
}

static char *dirname_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? wl_xstrndup(path, (size_t)(slash - path))
		     : wl_xstrdup(".");
}

static char *absolute(const char *path)
{
	char *r = realpath(path, NULL);

	return r ? r : wl_xstrdup(path);
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

	for (line = 1; line <= src->nr_lines && line <= 20; line++) {
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
	char *srcdir = dirname_of(p->source), *c;
	const char *cands[5];
	unsigned i, n = 0;
	char *r = NULL, *tries[5], *plain = default_case_id(p->source, false);

	if (p->spec_path)
		return wl_xstrdup(p->spec_path);
	if (gpu) {
		tries[n++] = wl_xasprintf("%s/specs/%s", p->gv_dir, gpu);
		tries[n++] = wl_xasprintf("%s/%s", srcdir, gpu);
	}
	tries[n++] = wl_xasprintf("%s/specs/%s.yaml", p->gv_dir, p->case_id);
	/* The shuffle-style case shares the spec of the file. */
	tries[n++] = wl_xasprintf("%s/specs/%s.yaml", p->gv_dir, plain);
	free(plain);
	for (i = 0; i < n; i++)
		cands[i] = tries[i];
	for (i = 0; i < n && !r; i++)
		if (exists(cands[i]))
			r = wl_xstrdup(cands[i]);
	for (i = 0; i < n; i++)
		free(tries[i]);
	if (!r && gpu) {
		fprintf(stderr, "gv-prepare: %s: spec '%s' not found\n",
			p->source, gpu);
		p->problems = true;
	}
	c = srcdir;
	free(c);
	return r;
}

/* ---- compiling ------------------------------------------------------ */

/* argv for the compilers: the fixed part, then -I/-D of the case. */
static void push_user_args(struct prep *p, struct wl_strvec *v)
{
	char *srcdir = dirname_of(p->source), *abs = absolute(srcdir);
	unsigned i;

	wl_strvec_push(v, "-I");
	wl_strvec_push(v, abs);
	for (i = 0; i < p->args.nr; i++)
		wl_strvec_push(v, p->args.v[i]);
	free(abs);
	free(srcdir);
}

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
	push_user_args(p, &v);
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

/* nvcc -ptx for sm_90 here: checks the source and names the entries. */
static int nvcc_ptx(struct prep *p, const char *cu, const char *ptx)
{
	struct wl_strvec v = {NULL, 0, 0};
	int r;

	if (p->no_nvcc)
		return -1;
	wl_strvec_push(&v, p->nvcc);
	wl_strvec_push(&v, "-arch=sm_90");
	wl_strvec_push(&v, "-ptx");
	push_user_args(p, &v);
	wl_strvec_push(&v, "-o");
	wl_strvec_push(&v, ptx);
	wl_strvec_push(&v, cu);
	r = run_vec(p, &v, "build.log");
	wl_strvec_release(&v);
	return r;
}

/* The flags the GPU script gives nvcc, with @ROOT@ for the checkout. */
static int write_nvcc_flags(struct prep *p)
{
	struct wl_buf b = WL_BUF_INIT;
	char *srcdir = dirname_of(p->source), *port = portable(srcdir);
	unsigned i;
	int r;

	wl_buf_addf(&b, "-I%s", port);
	for (i = 0; i < p->args.nr; i++) {
		const char *a = p->args.v[i];

		if (wl_starts_with(a, "-I") && a[2]) {
			char *q = portable(a + 2);

			wl_buf_addf(&b, " -I%s", q);
			free(q);
		} else {
			wl_buf_addf(&b, " %s", a);
		}
	}
	wl_buf_addc(&b, '\n');
	r = write_file(p->dir, "nvcc.flags", b.s, b.len);
	wl_buf_release(&b);
	free(port);
	free(srcdir);
	return r;
}

/* Before and after of one group (@tag "" or ".t3"), for @ks[0..nr). */
struct group_result {
	const char *mode; /* "clang-legacy" or "emulated" */
	char *reason;	  /* why emulated, or NULL */
	bool after_ok;	  /* nvcc built the after here (or not tried) */
	bool after_tried;
};

static void build_group(struct prep *p, const char *tag, const char *inst,
			struct gv_kernel **ks, unsigned nr,
			struct group_result *g)
{
	char *bcu = wl_xasprintf("before%s.cu", tag);
	char *bptx = wl_xasprintf("before%s.ptx", tag);
	char *ecu = wl_xasprintf("before%s.emul.cu", tag);
	char *eptx = wl_xasprintf("before%s.emul.ptx", tag);
	char *ecubin = wl_xasprintf("before%s.emul.cubin", tag);
	char *acu = wl_xasprintf("after%s.cu", tag);
	char *aptx = wl_xasprintf("after%s.ptx", tag);
	char *acubin = wl_xasprintf("after%s.cubin", tag);
	char *text, *path;
	char **be = NULL, **ae = NULL, **bd = NULL, **ad = NULL;
	unsigned nbe = 0, nae = 0, i;
	const char *bimg = bptx;

	memset(g, 0, sizeof(*g));
	g->mode = "clang-legacy";
	text = wl_xasprintf("#include \"src.cu\"\n%s\n", inst ? inst : "");
	write_file(p->dir, bcu, text, strlen(text));
	free(text);
	text =
	    wl_xasprintf("#include \"src.fixed.cu\"\n%s\n", inst ? inst : "");
	write_file(p->dir, acu, text, strlen(text));
	free(text);

	path = wl_xasprintf("%s/%s", p->dir, bptx);
	if (clang_ptx(p, bcu, bptx) != 0) {
		g->reason = wl_xstrdup("clang-19 could not compile it for "
				       "sm_60 (see build.log)");
	} else if (gv_ptx_has_extern(path)) {
		g->reason = wl_xstrdup("the sm_60 PTX calls functions that "
				       "legacy.h does not define (libdevice)");
	} else {
		be = gv_ptx_entries(path, &nbe);
		bd = gv_demangle(be, nbe);
		for (i = 0; i < nr && !g->reason; i++)
			if (!gv_match_entry(be, bd, nbe, ks[i]->name,
					    ks[i]->key))
				g->reason = wl_xasprintf(
				    "no entry for '%s' in the sm_60 PTX",
				    ks[i]->name);
	}
	free(path);
	if (g->reason) {
		g->mode = "emulated";
		bimg = ecubin;
		text = wl_xasprintf("#include \"legacy_emul.h\"\n"
				    "#include \"src.cu\"\n%s\n",
				    inst ? inst : "");
		write_file(p->dir, ecu, text, strlen(text));
		free(text);
		gv_free_strings(be, nbe);
		gv_free_strings(bd, bd ? nbe : 0);
		be = bd = NULL;
		nbe = 0;
		if (nvcc_ptx(p, ecu, eptx) == 0) {
			path = wl_xasprintf("%s/%s", p->dir, eptx);
			be = gv_ptx_entries(path, &nbe);
			bd = gv_demangle(be, nbe);
			free(path);
		}
	}
	g->after_tried = !p->no_nvcc;
	g->after_ok = true;
	if (!p->no_nvcc) {
		g->after_ok = nvcc_ptx(p, acu, aptx) == 0;
		path = wl_xasprintf("%s/%s", p->dir, aptx);
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
		k->image[1] = wl_xstrdup(acubin);
	}
	gv_free_strings(be, nbe);
	gv_free_strings(ae, nae);
	gv_free_strings(bd, bd ? nbe : 0);
	gv_free_strings(ad, ad ? nae : 0);
	free(bcu);
	free(bptx);
	free(ecu);
	free(eptx);
	free(ecubin);
	free(acu);
	free(aptx);
	free(acubin);
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
	for (i = 0; i < k->nr_args; i++) {
		const struct gv_arg *a = &k->args[i];

		json_array_append_new(
		    args, json_pack("{s:s, s:s, s:s, s:s, s:s}", "name",
				    a->name, "kind",
				    a->is_ptr ? (a->is_out ? "buffer" : "input")
					      : "scalar",
				    "type", gv_type_name(a->type),
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
	if (k->inst)
		json_object_set_new(o, "instantiation", json_string(k->inst));
	return o;
}

/* ---- main ----------------------------------------------------------- */

static int usage(void)
{
	fprintf(stderr, "usage: gv-prepare SOURCE --out BUNDLE [--fixed FILE] "
			"[--spec FILE] [--case ID]\n"
			"                  [--fix-style shuffle] [-I DIR] "
			"[-D NAME[=V]] [--no-nvcc]\n");
	return 3;
}

static int parse_args(struct prep *p, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

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
		if ((wl_starts_with(a, "-I") || wl_starts_with(a, "-D")) &&
		    a[2]) {
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
		else if (!strcmp(a, "--fix-style"))
			p->shuffle = !strcmp(v, "shuffle");
		else if (!strcmp(a, "-I") || !strcmp(a, "-D")) {
			char *s = wl_xasprintf("%s%s", a, v);

			wl_strvec_push(&p->args, s);
			free(s);
		} else
			return -1;
	}
	return p->source && p->out ? 0 : -1;
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

static int prepare(struct prep *p)
{
	struct wl_source src, fixed;
	struct wl_findings before = {NULL, 0, 0}, after = {NULL, 0, 0};
	struct gv_spec spec;
	struct gv_kernel *ks = NULL;
	unsigned nk = 0, i;
	char *err = NULL, *gpu, *text = NULL, *case_id = NULL;
	size_t len = 0;
	CXIndex index = clang_createIndex(0, 0);
	json_t *meta = NULL, *kj;
	FILE *plan;
	int rc = 2;

	memset(&spec, 0, sizeof(spec));
	memset(&fixed, 0, sizeof(fixed));
	if (wl_source_load(&src, p->source, &err) < 0) {
		fprintf(stderr, "gv-prepare: %s: %s\n", p->source, err);
		free(err);
		clang_disposeIndex(index);
		return 2;
	}
	gpu = read_header(p, &src);
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
	if (wl_analyze(index, &src, &p->opts, &before, &err) < 0) {
		fprintf(stderr, "gv-prepare: %s: %s\n", p->source, err);
		goto out;
	}
	if (p->fixed) {
		if (wl_source_load(&fixed, p->fixed, &err) < 0) {
			fprintf(stderr, "gv-prepare: %s: %s\n", p->fixed, err);
			goto out;
		}
	} else {
		text = wl_apply_fixes(&src, &before, &len);
		/* The source's own name, so that its #includes resolve. */
		wl_source_init_mem(&fixed, p->source, text, len);
	}
	if (wl_analyze(index, &fixed, &p->opts, &after, &err) < 0) {
		fprintf(stderr, "gv-prepare: fixed %s: %s\n", p->source, err);
		goto out;
	}
	if (gv_find_kernels(index, &src, p->opts.args, p->opts.nr_args, &spec,
			    &ks, &nk, &err) < 0) {
		fprintf(stderr, "gv-prepare: %s: %s\n", p->source, err);
		goto out;
	}
	p->dir = wl_xasprintf("%s/cases/%s", p->out, p->case_id);
	if (mkdirs(p->dir) < 0) {
		fprintf(stderr, "gv-prepare: cannot create %s\n", p->dir);
		goto out;
	}
	text = text ? text : NULL;
	if (write_file(p->dir, "src.cu", src.text, src.len) < 0 ||
	    write_file(p->dir, "src.fixed.cu", fixed.text, fixed.len) < 0 ||
	    write_nvcc_flags(p) < 0)
		goto out;
	{
		char *from = wl_xasprintf("%s/legacy_emul.h", p->gv_dir);
		int r = copy_file(from, p->dir, "legacy_emul.h");

		free(from);
		if (r < 0)
			goto out;
	}
	meta = json_pack("{s:s, s:s, s:s, s:s}", "case", p->case_id, "source",
			 p->source, "fixed_from",
			 p->fixed ? p->fixed : "warplint fixes", "fix_style",
			 p->shuffle ? "shuffle" : "syncwarp");
	json_object_set_new(meta, "spec",
			    p->spec_used ? json_string(p->spec_used)
					 : json_null());
	json_object_set_new(meta, "matches_corpus_fixed",
			    matches_corpus_fixed(p, &fixed));
	json_object_set_new(meta, "findings_before",
			    findings_json(&before, false));
	json_object_set_new(meta, "findings_after",
			    findings_json(&after, true));
	{
		unsigned fixes = 0;

		for (i = 0; i < before.nr; i++)
			fixes += before.v[i].fix && !before.v[i].fix_rejected;
		json_object_set_new(meta, "fixes", json_integer(fixes));
	}
	/* One image for all: the instances the spec asks for are appended. */
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
			build_group(p, "", inst.s, all, na, &g);
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
			fprintf(stderr,
				"gv-prepare: %s: kernel %s skipped: "
				"%s\n",
				p->source, ks[i].name, ks[i].skip);
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
	{
		char *path = wl_xasprintf("%s/plan.txt", p->dir);

		plan = fopen(path, "w");
		free(path);
	}
	if (!plan)
		goto out;
	fprintf(plan, "# gpu_verify plan: %s (%s)\ncase %s\n", p->case_id,
		p->source, p->case_id);
	for (i = 0; i < nk; i++)
		if (!ks[i].skip)
			gv_plan_write(plan, &ks[i]);
	fclose(plan);
	rc = p->problems ? 1 : 0;
out:
	free(err);
	json_decref(meta);
	for (i = 0; i < nk; i++)
		gv_kernel_release(&ks[i]);
	free(ks);
	wl_findings_release(&before);
	wl_findings_release(&after);
	gv_spec_release(&spec);
	wl_source_release(&src);
	if (fixed.text)
		wl_source_release(&fixed);
	free(text);
	free(gpu);
	free(case_id);
	clang_disposeIndex(index);
	return rc;
}

int main(int argc, char **argv)
{
	struct prep p;
	int rc;

	memset(&p, 0, sizeof(p));
	wl_analyze_opts_default(&p.opts);
	p.gv_dir = getenv("GV_DIR") ? getenv("GV_DIR") : GV_DIR;
	p.clang = getenv("CLANG") ? getenv("CLANG") : "clang-19";
	p.nvcc = getenv("NVCC") ? getenv("NVCC") : "nvcc";
	if (parse_args(&p, argc, argv) < 0) {
		wl_strvec_release(&p.args);
		return usage();
	}
	rc = prepare(&p);
	free(p.dir);
	free(p.spec_used);
	wl_strvec_release(&p.args);
	return rc;
}
