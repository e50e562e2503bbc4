/* SPDX-License-Identifier: MIT */
/*
 * The preprocessor conditions of a file (analyzer/ppcond.c): its #if
 * structure, what the parse compiled, what CUDA 13 builds compile, where
 * fixes may not go, and the edits that delete a dead fallback.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/parse.h"
#include "analyzer/ppcond.h"
#include "base/source.h"
#include "fixits/edit.h"
#include "tests/unit/index_fixture.h"

#define PATH "/virtual/test_ppcond.cu"

struct parsed {
	struct wl_source src;
	CXTranslationUnit tu;
	struct wl_ppcond pp;
};

static void parse(void **state, const char *code, struct parsed *p)
{
	struct fixture *fx = *state;
	char *err = NULL;

	wl_source_init_mem(&p->src, PATH, code, strlen(code));
	p->tu = wl_parse(fx->index, &p->src, NULL, 0, NULL, &err);
	assert_non_null(p->tu);
	wl_ppcond_build(&p->pp, p->tu, clang_getFile(p->tu, PATH), &p->src);
}

static void release(struct parsed *p)
{
	wl_ppcond_release(&p->pp);
	clang_disposeTranslationUnit(p->tu);
	wl_source_release(&p->src);
}

/* The branch whose body holds the first occurrence of @marker. */
static const struct wl_pp_branch *branch_of(const struct parsed *p,
					    const char *marker)
{
	const char *at = strstr(p->src.text, marker);
	unsigned off, i;
	const struct wl_pp_branch *hit = NULL;

	assert_non_null(at);
	off = (unsigned)(at - p->src.text);
	for (i = 0; i < p->pp.nr_branches; i++)
		if (off >= p->pp.branches[i].body_begin &&
		    off < p->pp.branches[i].body_end)
			hit = &p->pp.branches[i];	/* the innermost */
	assert_non_null(hit);
	return hit;
}

static unsigned offset_of(const struct parsed *p, const char *marker)
{
	const char *at = strstr(p->src.text, marker);

	assert_non_null(at);
	return (unsigned)(at - p->src.text);
}

/* A toolkit guard: the modern branch is compiled, the fallback is dead. */
static void test_toolkit_fallback(void **state)
{
	struct parsed p;
	const struct wl_pp_branch *modern, *old;

	parse(state,
	      "#if CUDA_VERSION >= 9000\nint modern;\n#else\nint old;\n#endif\n",
	      &p);
	assert_int_equal(p.pp.nr_branches, 2);
	assert_int_equal(p.pp.nr_groups, 1);
	modern = branch_of(&p, "modern");
	old = branch_of(&p, "old");
	assert_true(modern->active);
	assert_false(old->active);
	assert_int_equal(modern->cuda13, WL_PP_ALWAYS);
	assert_int_equal(old->cuda13, WL_PP_NEVER);
	assert_true(old->why & WL_PP_WHY_TOOLKIT);
	release(&p);
}

/* A feature macro nobody defines: skipped, and it depends on the build. */
static void test_feature_macro(void **state)
{
	struct parsed p;
	const struct wl_pp_branch *b;

	parse(state, "#ifdef USE_SHUFFLE\nint fast;\n#endif\n", &p);
	b = branch_of(&p, "fast");
	assert_false(b->active);
	assert_int_equal(b->cuda13, WL_PP_MAYBE);
	assert_string_equal(b->unknown, "USE_SHUFFLE");
	release(&p);
}

/* Architecture tests, with a threshold from the file's own macro. */
static void test_architectures(void **state)
{
	struct parsed p;
	const struct wl_pp_branch *b;

	parse(state,
	      "#define MIN_VER 300\n"
	      "#if __CUDA_ARCH__ < MIN_VER\nint kepler_less;\n#endif\n"
	      "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700\nint pascal;\n"
	      "#endif\n"
	      "#if __CUDA_ARCH__ >= 800\nint ampere;\n#endif\n",
	      &p);
	b = branch_of(&p, "kepler_less");
	assert_int_equal(b->cuda13, WL_PP_NEVER);
	assert_true(b->why & WL_PP_WHY_ARCH);
	/* The host pass, with no __CUDA_ARCH__, would take it. */
	assert_true(b->why & WL_PP_WHY_HOST);
	b = branch_of(&p, "pascal");
	assert_int_equal(b->cuda13, WL_PP_NEVER);
	assert_false(b->why & WL_PP_WHY_HOST);
	b = branch_of(&p, "ampere");
	assert_false(b->active);	/* parsed for sm_70 */
	assert_int_equal(b->cuda13, WL_PP_MAYBE);
	release(&p);
}

/* `#ifndef X` then `#define X`: X defined later does not make it dead. */
static void test_guard_defined_later(void **state)
{
	struct parsed p;
	const struct wl_pp_branch *b;

	parse(state, "#ifndef LANES\n#define LANES 32\nint body;\n#endif\n", &p);
	b = branch_of(&p, "body");
	assert_true(b->active);
	assert_int_not_equal(b->cuda13, WL_PP_NEVER);
	release(&p);
}

/* A group nested between two branches of another ends where it ends. */
static void test_nesting(void **state)
{
	struct parsed p;
	const struct wl_pp_branch *b;

	parse(state,
	      "#if CUDA_VERSION >= 9000\n#ifdef IDE_ONLY\nint ide;\n#endif\n"
	      "int modern;\n#else\nint old;\n#endif\nint after;\n",
	      &p);
	b = branch_of(&p, "ide");
	assert_false(b->active);
	assert_true(offset_of(&p, "int modern") >= b->body_end);
	assert_true(branch_of(&p, "int modern")->active);
	assert_null(wl_pp_inactive_at(&p.pp, offset_of(&p, "int modern")));
	assert_non_null(wl_pp_inactive_at(&p.pp, offset_of(&p, "int old")));
	assert_null(wl_pp_inactive_at(&p.pp, offset_of(&p, "int after")));
	release(&p);
}

/* Directives in comments and strings are not directives. */
static void test_comments(void **state)
{
	struct parsed p;

	parse(state,
	      "/*\n#if 0\n*/\nconst char *s = \"#endif\";\n"
	      "#if 1 /* a\n comment */ && \\\n 1\nint on;\n#endif\n",
	      &p);
	assert_int_equal(p.pp.nr_branches, 1);
	assert_string_equal(p.pp.branches[0].cond, "1 && 1");
	assert_true(branch_of(&p, "int on")->active);
	release(&p);
}

/* Fixes stay out of code decided by a macro of a header not found. */
static void test_edit_blocker(void **state)
{
	struct parsed p;
	char *why;

	parse(state,
	      "#ifndef THIS_FILE_H\n#define THIS_FILE_H\n"
	      "#include \"generated/cfg.h\"\n"
	      "#ifdef CFG_SYNC\nint modern;\n#else\nint fallback;\n#endif\n"
	      "#ifdef __HIP_PLATFORM_AMD__\nint hip;\n#endif\n"
	      "int plain;\n#endif\n",
	      &p);
	why = wl_pp_edit_blocker(&p.pp, offset_of(&p, "fallback"));
	assert_non_null(why);
	assert_non_null(strstr(why, "'generated/cfg.h' was not found"));
	free(why);
	/* The include guard is resolved although a header is missing. */
	assert_null(wl_pp_edit_blocker(&p.pp, offset_of(&p, "plain")));
	release(&p);
}

static char *apply(const struct parsed *p, struct wl_fix *fix)
{
	struct wl_edit_set set = { NULL, 0, 0 };
	size_t len;
	char *out;

	assert_int_equal(wl_edit_set_add_fix(&set, fix), 0);
	out = wl_edit_set_apply(&set, p->src.text, p->src.len, &len);
	wl_edit_set_release(&set);
	return out;
}

/* Dead branches go with their lines; #elif of the first kept becomes #if. */
static void test_dead_branch_fix(void **state)
{
	struct parsed p;
	struct wl_fix *fix;
	char *out;

	parse(state,
	      "int a;\n#if CUDA_VERSION < 8000\nint old8;\n"
	      "#elif defined(FEATURE)\nint feature;\n"
	      "#elif CUDA_VERSION < 9000\nint old9;\n"
	      "#else\nint modern;\n#endif\nint b;\n",
	      &p);
	fix = wl_fix_new("delete");
	assert_true(wl_pp_dead_branch_fix(&p.pp, branch_of(&p, "old9"), fix));
	out = apply(&p, fix);
	assert_string_equal(out, "int a;\n#if defined(FEATURE)\nint feature;\n"
				 "#else\nint modern;\n#endif\nint b;\n");
	free(out);
	wl_fix_free(fix);
	release(&p);

	/* One live branch that every build takes: unwrap it. */
	parse(state,
	      "#if CUDA_VERSION >= 9000\nint modern;\n#else\nint old;\n#endif\n",
	      &p);
	fix = wl_fix_new("delete");
	assert_true(wl_pp_dead_branch_fix(&p.pp, branch_of(&p, "old"), fix));
	out = apply(&p, fix);
	assert_string_equal(out, "int modern;\n");
	free(out);
	wl_fix_free(fix);
	release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_toolkit_fallback),
		cmocka_unit_test(test_feature_macro),
		cmocka_unit_test(test_architectures),
		cmocka_unit_test(test_guard_defined_later),
		cmocka_unit_test(test_nesting),
		cmocka_unit_test(test_comments),
		cmocka_unit_test(test_edit_blocker),
		cmocka_unit_test(test_dead_branch_fix),
	};

	return cmocka_run_group_tests_name("ppcond", tests, setup, teardown);
}
