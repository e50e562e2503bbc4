/* SPDX-License-Identifier: MIT */
/*
 * The corpus runner: checks one corpus kernel against the expectations
 * written inside it (see corpus/README.md), then its fixed twin.
 *
 *   corpus_runner FILE.cu [--include DIR] [--nvcc PATH] [--ptxas PATH]
 *                 [--pch DIR]
 *
 * 1. Every finding must be expected and every expectation found, both
 *    ways, with message substrings where given.
 * 2. If fixes were produced, FILE.fixed.cu must exist and equal the fixed
 *    text byte for byte; re-analyzing it must find nothing the fixes were
 *    meant to remove, and fixing it again must change nothing.  As with
 *    --fix, unsafe fixes are held back unless the header says
 *    "unsafe-fixes: yes".
 * 3. With --nvcc, FILE.fixed.cu must compile for sm_90 (unless the header
 *    says "nvcc: no": a header is missing on purpose), to a cubin: nvcc's
 *    front end checks host and device code alike, and ptxas assembles;
 *    only the host compiler's pass over code no fix touches is left out
 *    (it was 60% of the suite's nvcc time).  With --ptxas,
 *    every asm statement a fix rewrote (shfl/vote) must assemble on its
 *    own for sm_90: nvcc leaves out device functions nothing calls, and a
 *    macro body is only assembled where it is used.
 * FILE.shuffle.fixed.cu does the same with --fix-style=shuffle and WL401.
 * --pch DIR: the shim precompiled in DIR, as warplint keeps it.
 * Exit 0 on success, 1 on any failure (each one explained on stderr).
 */
#define _GNU_SOURCE
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyzer/parse.h"
#include "analyzer/pch.h"
#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/compdb.h"
#include "fixits/diff.h"
#include "fixits/edit.h"
#include "tests/ptxcheck.h"

extern char **environ;

enum exp_kind { EXP_EXPECT, EXP_OK, EXP_TODO_EXPECT, EXP_TODO_OK };

struct expectation {
	enum exp_kind kind;
	unsigned line;
	enum wl_rule_id rule;
	char *substring;	/* {{...}}, or NULL */
	bool matched;
};

struct corpus_file {
	struct wl_source src;
	struct expectation *exp;
	unsigned nr_exp, alloc_exp;
	bool expect_none;
	struct wl_strvec args;		/* header "args:" */
	struct wl_analyze_opts opts;
	bool unsafe_fixes;		/* header "unsafe-fixes: yes" */
	const char *ptxas;		/* --ptxas, or NULL */
	bool no_nvcc;			/* header "nvcc: no" */
	int failures;
};

static void fail(struct corpus_file *cf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct corpus_file *cf, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "FAIL %s: ", cf->src.path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	cf->failures++;
}

static void add_exp(struct corpus_file *cf, enum exp_kind kind, unsigned line,
		    const struct wl_rule *rule, const char *sub, size_t sublen)
{
	struct expectation *e;

	WL_GROW(cf->exp, cf->nr_exp, cf->alloc_exp);
	e = &cf->exp[cf->nr_exp++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->line = line;
	e->rule = rule->id;
	if (sub)
		e->substring = wl_xstrndup(sub, sublen);
}

/* Parse "WL101 {{text}} WL102, WL103" after an annotation keyword. */
static void parse_codes(struct corpus_file *cf, enum exp_kind kind,
			unsigned line, const char *p, const char *end)
{
	while (p < end) {
		char code[32];
		size_t n = 0;
		const struct wl_rule *rule;

		while (p < end && (*p == ' ' || *p == ',' || *p == '\t'))
			p++;
		if (p + 2 > end || strncmp(p, "WL", 2))
			break;
		while (p < end && n + 1 < sizeof(code) &&
		       (*p == 'W' || *p == 'L' || (*p >= '0' && *p <= '9')))
			code[n++] = *p++;
		code[n] = '\0';
		rule = wl_rule_find(code);
		if (!rule) {
			fail(cf, "line %u: unknown rule '%s' in annotation", line,
			     code);
			return;
		}
		while (p < end && *p == ' ')
			p++;
		if (p + 2 <= end && !strncmp(p, "{{", 2)) {
			const char *close = strstr(p + 2, "}}");

			if (!close || close > end) {
				fail(cf, "line %u: unterminated {{", line);
				return;
			}
			add_exp(cf, kind, line, rule, p + 2,
				(size_t)(close - p - 2));
			p = close + 2;
		} else {
			add_exp(cf, kind, line, rule, NULL, 0);
		}
	}
}

static const struct {
	const char *word;
	enum exp_kind kind;
} keywords[] = {
	{ "todo-expect", EXP_TODO_EXPECT },
	{ "todo-ok", EXP_TODO_OK },
	{ "expect", EXP_EXPECT },
	{ "ok", EXP_OK },
};

/* Annotations on one line: "// expect: ..." or "// expect@+2: ...". */
static void parse_line(struct corpus_file *cf, unsigned line, const char *s,
		       size_t len)
{
	const char *end = s + len, *c = NULL, *p;
	unsigned k;

	for (p = s; p + 1 < end; p++)
		if (p[0] == '/' && (p[1] == '/' || p[1] == '*')) {
			c = p + 2;
			break;
		}
	if (!c)
		return;
	if (memmem(c, (size_t)(end - c), "expect-none", 11))
		cf->expect_none = true;
	for (p = c; p < end; p++) {
		for (k = 0; k < WL_ARRAY_SIZE(keywords); k++) {
			size_t n = strlen(keywords[k].word);
			long offset = 0;
			const char *q = p + n;

			if ((size_t)(end - p) < n + 1 || strncmp(p, keywords[k].word, n))
				continue;
			if (p > c && (p[-1] == '-' || (p[-1] >= 'a' && p[-1] <= 'z')))
				continue;
			if (*q == '@') {
				char *after;

				offset = strtol(q + 1, &after, 10);
				q = after;
			}
			if (q >= end || *q != ':')
				continue;
			parse_codes(cf, keywords[k].kind, (unsigned)((long)line + offset),
				    q + 1, end);
			p = end;
			break;
		}
	}
}

/*
 * Header lines "args: ...", "enable: ...", "disable: ...", "fix-style:",
 * "unsafe-fixes: yes", "launch: x32|any" in comments.
 */
static void parse_header_line(struct corpus_file *cf, const char *s, size_t len)
{
	static const char *const keys[] = { "args:", "enable:", "disable:",
					     "fix-style:", "unsafe-fixes:",
					     "nvcc:", "launch:" };
	char *line = wl_xstrndup(s, len), *p, *tok, *save = NULL;
	unsigned k;

	for (k = 0; k < WL_ARRAY_SIZE(keys); k++) {
		p = strstr(line, keys[k]);
		if (!p || (p > line && p[-1] != ' ' && p[-1] != '*' && p[-1] != '/'))
			continue;
		p += strlen(keys[k]);
		for (tok = strtok_r(p, " \t,", &save); tok;
		     tok = strtok_r(NULL, " \t,", &save)) {
			const struct wl_rule *r;

			if (!strcmp(tok, "*/"))
				break;
			if (k == 0) {
				wl_strvec_push(&cf->args, tok);
			} else if (k == 3) {
				cf->opts.fix_style = !strcmp(tok, "shuffle")
							     ? WL_FIX_STYLE_SHUFFLE
							     : WL_FIX_STYLE_SYNCWARP;
			} else if (k == 4) {
				cf->unsafe_fixes = !strcmp(tok, "yes");
			} else if (k == 5) {
				/* "nvcc: no": the file needs a header on purpose
				 * missing (a generated config), so no build can
				 * compile it, before or after the fix. */
				cf->no_nvcc = !strcmp(tok, "no");
				break;
			} else if (k == 6) {
				/* launch: x32 (stated), any (no assumption) */
				cf->opts.launch = !strcmp(tok, "x32")
							  ? WL_LAUNCH_X32
						  : !strcmp(tok, "any")
							  ? WL_LAUNCH_ANY
							  : WL_LAUNCH_USUAL;
			} else {
				r = wl_rule_find(tok);
				if (!r)
					fail(cf, "header: unknown rule '%s'", tok);
				else
					cf->opts.enabled[r->id] = k == 1;
			}
		}
	}
	free(line);
}

static void parse_annotations(struct corpus_file *cf)
{
	unsigned line;

	for (line = 1; line <= wl_source_nr_lines(&cf->src); line++) {
		size_t len;
		const char *s = wl_source_line(&cf->src, line, &len);

		if (line <= 20)
			parse_header_line(cf, s, len);
		parse_line(cf, line, s, len);
	}
}

static bool matches(const struct expectation *e, const struct wl_finding *f)
{
	return e->rule == f->rule && e->line == f->line &&
	       (!e->substring || strstr(f->message, e->substring) ||
		(f->note && strstr(f->note, e->substring)));
}

static void compare(struct corpus_file *cf, struct wl_findings *findings)
{
	unsigned i, k;

	if (cf->expect_none && findings->nr)
		fail(cf, "expect-none, but there are %u findings", findings->nr);
	for (i = 0; i < findings->nr; i++) {
		struct wl_finding *f = &findings->v[i];
		bool ok = false;

		for (k = 0; k < cf->nr_exp && !ok; k++) {
			struct expectation *e = &cf->exp[k];

			if (e->matched || (e->kind != EXP_EXPECT &&
					   e->kind != EXP_TODO_EXPECT &&
					   e->kind != EXP_TODO_OK))
				continue;
			if (matches(e, f)) {
				e->matched = true;
				ok = true;
				if (e->kind == EXP_TODO_EXPECT)
					fprintf(stderr, "XPASS %s:%u: %s now found\n",
						cf->src.path, f->line,
						wl_rules[f->rule].code);
			}
		}
		for (k = 0; k < cf->nr_exp; k++)
			if (cf->exp[k].kind == EXP_OK && cf->exp[k].line == f->line &&
			    cf->exp[k].rule == f->rule)
				fail(cf, "line %u: %s fired on a line marked ok: %s",
				     f->line, wl_rules[f->rule].code, f->message);
		if (!ok)
			fail(cf, "line %u: unexpected %s: %s%s%s", f->line,
			     wl_rules[f->rule].code, f->message,
			     f->note ? " | " : "", f->note ? f->note : "");
	}
	for (k = 0; k < cf->nr_exp; k++) {
		struct expectation *e = &cf->exp[k];

		if (e->matched)
			continue;
		if (e->kind == EXP_EXPECT)
			fail(cf, "line %u: expected %s%s%s%s not found", e->line,
			     wl_rules[e->rule].code, e->substring ? " {{" : "",
			     e->substring ? e->substring : "",
			     e->substring ? "}}" : "");
		else if (e->kind == EXP_TODO_EXPECT)
			fprintf(stderr, "XFAIL %s:%u: %s (known false negative)\n",
				cf->src.path, e->line, wl_rules[e->rule].code);
	}
}

static int run_nvcc(const char *nvcc, const char *path, struct wl_strvec *args)
{
	struct wl_strvec argv = { NULL, 0, 0 };
	pid_t pid;
	int status = 0;
	unsigned i;

	wl_strvec_push(&argv, nvcc);
	wl_strvec_push(&argv, "-arch=sm_90");
	wl_strvec_push(&argv, "-x");
	wl_strvec_push(&argv, "cu");	/* also for headers (.cuh) */
	wl_strvec_push(&argv, "-cubin");
	wl_strvec_push(&argv, "-o");
	wl_strvec_push(&argv, "/dev/null");
	for (i = 0; i < args->nr; i++)
		if (wl_starts_with(args->v[i], "-D") || wl_starts_with(args->v[i], "-I") ||
		    wl_starts_with(args->v[i], "-std"))
			wl_strvec_push(&argv, args->v[i]);
	wl_strvec_push(&argv, path);
	WL_GROW(argv.v, argv.nr, argv.alloc);
	argv.v[argv.nr] = NULL;
	if (posix_spawn(&pid, nvcc, NULL, NULL, argv.v, environ) != 0) {
		wl_strvec_release(&argv);
		return -1;
	}
	waitpid(pid, &status, 0);
	wl_strvec_release(&argv);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* "dir/name.cu" with @kind ".fixed" -> "dir/name.fixed.cu" (also .cuh). */
static char *fixed_path(const char *src, const char *kind)
{
	const char *dot = strrchr(src, '.');
	const char *slash = strrchr(src, '/');

	if (!dot || (slash && dot < slash))
		return wl_xasprintf("%s%s", src, kind);
	return wl_xasprintf("%.*s%s%s", (int)(dot - src), src, kind, dot);
}

static void check_fixed(struct corpus_file *cf, CXIndex index,
			struct wl_findings *findings, const char *kind,
			const char *nvcc)
{
	struct wl_source expected, fixed_src;
	struct wl_findings again = { NULL, 0, 0 };
	char *path = fixed_path(cf->src.path, kind), *err = NULL;
	char *fixed, *twice;
	size_t fixed_len, twice_len;
	unsigned i, nr_fixes = 0, nr_held = 0;
	bool have;

	/* What --fix does: unsafe fixes only with --unsafe-fixes. */
	if (!cf->unsafe_fixes)
		wl_findings_hold_unsafe(findings);
	for (i = 0; i < findings->nr; i++) {
		nr_fixes += findings->v[i].fix && !findings->v[i].fix_rejected;
		nr_held += findings->v[i].rule <= WL103 &&
			   findings->v[i].fix_rejected;
	}
	have = access(path, F_OK) == 0;
	if (!have) {
		if (nr_fixes)
			fail(cf, "%u findings have fixes but %s does not exist",
			     nr_fixes, path);
		goto out;
	}
	if (wl_source_load(&expected, path, &err) < 0) {
		fail(cf, "%s: %s", path, err);
		free(err);
		wl_source_release(&expected);
		goto out;
	}
	/* A fixed twin that fixes nothing hides a fix that went away. */
	if (expected.len == cf->src.len &&
	    !memcmp(expected.text, cf->src.text, expected.len))
		fail(cf, "%s is the source unchanged: delete it, or the fix it "
			 "should show is missing", path);
	fixed = wl_apply_fixes(&cf->src, findings, &fixed_len);
	for (i = 0; i < findings->nr; i++)
		if (findings->v[i].fix_rejected &&
		    findings->v[i].fix->safety != WL_FIX_UNSAFE)
			fprintf(stderr, "note: fix of line %u rejected: %s\n",
				findings->v[i].line, findings->v[i].fix_rejected);
	if (fixed_len != expected.len || memcmp(fixed, expected.text, fixed_len)) {
		struct wl_buf diff = WL_BUF_INIT;

		wl_diff_unified(&diff, path, expected.text, expected.len, fixed,
				fixed_len);
		fail(cf, "fixed text differs from %s (- expected, + actual):\n%s",
		     path, diff.s ? diff.s : "");
		wl_buf_release(&diff);
	}
	/* Every PTX rewrite must assemble on its own. */
	if (cf->ptxas) {
		struct wl_ptxcheck_result pr;

		if (wl_ptxcheck(cf->ptxas, path, fixed, fixed_len, cf->src.text,
				&pr) < 0)
			fail(cf, "%s could not be run", cf->ptxas);
		else if (pr.rejected)
			fail(cf, "ptxas rejects %u of %u rewritten asm statements "
				 "in %s",
			     pr.rejected, pr.checked, path);
	}
	/* Re-analyze the fixed text: what was fixed must be gone. */
	wl_source_init_mem(&fixed_src, cf->src.path, fixed, fixed_len);
	if (wl_analyze(index, &fixed_src, &cf->opts, &again, &err) < 0) {
		fail(cf, "re-analysis failed: %s", err);
		free(err);
	} else {
		for (i = 0; i < again.nr; i++) {
			struct wl_finding *f = &again.v[i];
			bool was_fixed = false;
			unsigned k;

			for (k = 0; k < findings->nr; k++)
				if (findings->v[k].rule == f->rule && findings->v[k].fix)
					was_fixed = true;
			/*
			 * No legacy primitive may survive (nvcc 13 rejects
			 * them), and nothing a fix was applied for may still
			 * offer one.  A WL104 note without a fix may stay.
			 */
			if ((f->rule <= WL103 && !nr_held) ||
			    (was_fixed && f->fix &&
			     f->fix->safety == WL_FIX_SAFE))
				fail(cf, "fixed text still has %s at line %u: %s",
				     wl_rules[f->rule].code, f->line, f->message);
		}
		if (!cf->unsafe_fixes)
			wl_findings_hold_unsafe(&again);
		twice = wl_apply_fixes(&fixed_src, &again, &twice_len);
		if (twice_len != fixed_len || memcmp(twice, fixed, fixed_len))
			fail(cf, "fixing the fixed text changed it again "
				 "(fixes are not idempotent)");
		free(twice);
	}
	/* Legacy code left by a held unsafe fix cannot build for sm_90. */
	if (nr_held)
		fprintf(stderr, "note: %u legacy findings keep an unsafe fix "
				"(unsafe-fixes: yes applies them); nvcc not run\n",
			nr_held);
	else if (nvcc && !cf->no_nvcc && run_nvcc(nvcc, path, &cf->args) < 0)
		fail(cf, "nvcc -arch=sm_90 rejects %s", path);
	wl_findings_release(&again);
	wl_source_release(&fixed_src);
	wl_source_release(&expected);
	free(fixed);
out:
	free(path);
}

/*
 * Where WL401 applies, the file's NAME.shuffle.fixed.cu holds the text
 * after --fix-style=shuffle with WL401 enabled: run that second pass too.
 * Its findings are not compared with the annotations (which describe the
 * default pass); the fixed text, its re-analysis and nvcc are checked.
 */
static void check_shuffle_style(struct corpus_file *cf, CXIndex index,
				const char *nvcc)
{
	struct wl_analyze_opts saved = cf->opts;
	struct wl_findings findings = { NULL, 0, 0 };
	char *path = fixed_path(cf->src.path, ".shuffle.fixed"), *err = NULL;

	if (access(path, F_OK) != 0)
		goto out;
	cf->opts.enabled[WL401] = true;
	cf->opts.fix_style = WL_FIX_STYLE_SHUFFLE;
	if (wl_analyze(index, &cf->src, &cf->opts, &findings, &err) < 0) {
		fail(cf, "shuffle-style analysis failed: %s", err);
		free(err);
	} else {
		check_fixed(cf, index, &findings, ".shuffle.fixed", nvcc);
	}
	wl_findings_release(&findings);
	cf->opts = saved;
out:
	free(path);
}

int main(int argc, char **argv)
{
	struct corpus_file cf;
	struct wl_findings findings = { NULL, 0, 0 };
	const char *nvcc = NULL, *file = NULL, *pch_dir = NULL;
	char *err = NULL;
	CXIndex index;
	int i;

	memset(&cf, 0, sizeof(cf));
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--nvcc") && i + 1 < argc) {
			nvcc = argv[++i];
		} else if (!strcmp(argv[i], "--ptxas") && i + 1 < argc) {
			cf.ptxas = argv[++i];
		} else if (!strcmp(argv[i], "--pch") && i + 1 < argc) {
			pch_dir = argv[++i];
		} else if (!strcmp(argv[i], "--include") && i + 1 < argc) {
			char *inc = wl_xasprintf("-I%s", argv[++i]);

			wl_strvec_push(&cf.args, inc);
			free(inc);
		} else {
			file = argv[i];
		}
	}
	if (!file) {
		fprintf(stderr, "usage: corpus_runner FILE.cu [--include DIR] "
				"[--nvcc PATH] [--ptxas PATH] [--pch DIR]\n");
		return 2;
	}
	if (wl_source_load(&cf.src, file, &err) < 0) {
		fprintf(stderr, "FAIL %s: %s\n", file, err);
		free(err);
		return 1;
	}
	wl_analyze_opts_default(&cf.opts);
	parse_annotations(&cf);
	cf.opts.args = (const char *const *)cf.args.v;
	cf.opts.nr_args = cf.args.nr;
	cf.opts.pch = wl_pch_new(pch_dir, NULL);
	index = wl_parse_index();
	if (wl_analyze(index, &cf.src, &cf.opts, &findings, &err) < 0) {
		fail(&cf, "analysis failed: %s", err);
		free(err);
	} else {
		compare(&cf, &findings);
		check_fixed(&cf, index, &findings,
			    cf.opts.fix_style == WL_FIX_STYLE_SHUFFLE
				    ? ".shuffle.fixed"
				    : ".fixed",
			    nvcc);
		if (cf.opts.fix_style != WL_FIX_STYLE_SHUFFLE)
			check_shuffle_style(&cf, index, nvcc);
	}
	wl_findings_release(&findings);
	clang_disposeIndex(index);
	wl_pch_free(cf.opts.pch);
	for (i = 0; i < (int)cf.nr_exp; i++)
		free(cf.exp[i].substring);
	free(cf.exp);
	wl_strvec_release(&cf.args);
	wl_source_release(&cf.src);
	if (cf.failures)
		return 1;
	printf("PASS %s\n", file);
	return 0;
}
