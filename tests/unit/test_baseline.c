/* SPDX-License-Identifier: MIT */
/*
 * Baselines in-process (driver/baseline.c): written, read back, and
 * used to drop the old findings of a file whose lines moved while keeping
 * a new one; files that are not baselines are refused with a reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/source.h"
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/baseline.h"
#include "driver/emit.h"

#define OLD                                                                  \
	"__global__ void k(int *p)\n{\n\tint v = p[threadIdx.x];\n"          \
	"\tv += __shfl_down(v, 1);\n\tp[threadIdx.x] = __ballot(v);\n}\n"
/* Two lines above, re-indented, and one new legacy call. */
#define NEW                                                                  \
	"// header\n\n__global__ void k(int *p)\n{\n"                       \
	"  int v = p[threadIdx.x];\n  v += __shfl_down(v, 1);\n"            \
	"  v += __shfl_xor(v, 2);\n  p[threadIdx.x] = __ballot(v);\n}\n"

struct fixture {
	CXIndex index;
	char path[64];
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	int fd;

	fx->index = clang_createIndex(0, 0);
	strcpy(fx->path, "/tmp/wl-baseline-XXXXXX");
	fd = mkstemp(fx->path);
	if (fd < 0)
		return -1;
	close(fd);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	unlink(fx->path);
	clang_disposeIndex(fx->index);
	free(fx);
	return 0;
}

static void analyze(CXIndex index, struct wl_source *src, const char *text,
		    struct wl_findings *out)
{
	struct wl_analyze_opts opts;
	char *err = NULL;

	wl_analyze_opts_default(&opts);
	wl_source_init_mem(src, "src/k.cu", text, strlen(text));
	assert_int_equal(wl_analyze(index, src, &opts, out, &err), 0);
}

static unsigned count_rule(const struct wl_findings *list, enum wl_rule_id id)
{
	unsigned i, n = 0;

	for (i = 0; i < list->nr; i++)
		n += list->v[i].rule == id;
	return n;
}

static void test_round_trip(void **state)
{
	struct fixture *fx = *state;
	struct wl_findings old = { NULL, 0, 0 }, now = { NULL, 0, 0 };
	struct wl_source src_old, src_new;
	struct wl_file_report report = { .path = "src/k.cu" };
	struct wl_baseline *b;
	char *err = NULL;
	unsigned dropped;

	analyze(fx->index, &src_old, OLD, &old);
	assert_int_equal(count_rule(&old, WL101), 1);
	report.src = &src_old;
	report.findings = &old;
	assert_int_equal(wl_baseline_write(fx->path, &report, 1, &err), 0);
	b = wl_baseline_load(fx->path, &err);
	assert_non_null(b);

	analyze(fx->index, &src_new, NEW, &now);
	assert_int_equal(count_rule(&now, WL101), 2);
	dropped = wl_baseline_filter(b, "src/k.cu", &src_new, &now);
	/* The moved WL101 and WL102 go; the new __shfl_xor stays. */
	assert_int_equal(dropped, old.nr);
	assert_int_equal(count_rule(&now, WL101), 1);
	assert_int_equal(count_rule(&now, WL102), 0);
	assert_non_null(strstr(now.v[0].message, "__shfl_xor"));

	/* Another file with the same text is not covered. */
	wl_findings_release(&now);
	wl_source_release(&src_new);
	analyze(fx->index, &src_new, OLD, &now);
	assert_int_equal(wl_baseline_filter(b, "src/other.cu", &src_new, &now),
			 0);

	wl_baseline_free(b);
	wl_findings_release(&old);
	wl_findings_release(&now);
	wl_source_release(&src_old);
	wl_source_release(&src_new);
}

static void test_refuses_other_files(void **state)
{
	static const char *const bad[] = {
		"not json",
		"{\"schema\": \"warplint-report\", \"version\": 1, \"findings\": []}",
		"{\"schema\": \"warplint-baseline\", \"version\": 2, \"findings\": []}",
		"{\"schema\": \"warplint-baseline\", \"version\": 1, "
		"\"findings\": [{\"rule\": \"WL101\"}]}",
	};
	struct fixture *fx = *state;
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(bad); i++) {
		FILE *f = fopen(fx->path, "w");
		char *err = NULL;

		assert_non_null(f);
		fputs(bad[i], f);
		fclose(f);
		assert_null(wl_baseline_load(fx->path, &err));
		assert_non_null(err);
		assert_non_null(strstr(err, fx->path));
		free(err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_refuses_other_files),
	};

	return cmocka_run_group_tests_name("baseline", tests, setup, teardown);
}
