/* SPDX-License-Identifier: MIT */
/*
 * The JSON report (driver/emit_json.c, docs/json-format.md) in-process:
 * schema name and version, files in order with their errors, every
 * documented finding field, suppressed findings kept, and a summary that
 * counts what the findings say.  The JSON Schema check is in
 * tests/scripts/test_cli_json.sh.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "driver/analyze.h"
#include "driver/emit.h"

#define KERNEL                                                               \
	"__global__ void k(int *p)\n{\n\tint v = p[threadIdx.x];\n"          \
	"\tv += __shfl_down(v, 1);\n"                                        \
	"\tv += __shfl_xor(v, 2); // warplint-disable-line WL101 -- why\n"   \
	"\tp[threadIdx.x] = v;\n}\n"

static void test_report(void **state)
{
	static const char *const fields[] = {
		"rule", "name", "level", "message", "line", "column", "endLine",
		"endColumn", "offset", "length", "fingerprint", "note",
		"suppressed", "justification", "fix",
	};
	CXIndex index = clang_createIndex(0, 0);
	struct wl_analyze_opts opts;
	struct wl_findings out = { NULL, 0, 0 };
	struct wl_file_report reports[2];
	struct wl_emit_opts eopts = { false, NULL };
	struct wl_source src;
	json_t *doc, *files, *findings, *f, *summary;
	char *buf = NULL, *err = NULL;
	size_t len = 0, i, k, suppressed = 0, errors = 0;
	FILE *mem;

	(void)state;
	wl_analyze_opts_default(&opts);
	wl_source_init_mem(&src, "k.cu", KERNEL, strlen(KERNEL));
	assert_int_equal(wl_analyze(index, &src, &opts, &out, &err), 0);
	reports[0] = (struct wl_file_report){ .path = "k.cu", .src = &src,
					      .findings = &out };
	reports[1] = (struct wl_file_report){ .path = "gone.cu",
					      .error = "cannot open" };
	mem = open_memstream(&buf, &len);
	assert_int_equal(wl_emit_json(mem, reports, 2, &eopts), 0);
	fclose(mem);
	doc = json_loads(buf, 0, NULL);
	assert_non_null(doc);

	assert_string_equal(json_string_value(json_object_get(doc, "schema")),
			    "warplint-report");
	assert_int_equal(json_integer_value(json_object_get(doc, "version")), 1);
	files = json_object_get(doc, "files");
	assert_int_equal(json_array_size(files), 2);
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(files, 1), "error")), "cannot open");
	findings = json_object_get(json_array_get(files, 0), "findings");
	assert_int_equal(json_array_size(findings), out.nr);
	json_array_foreach(findings, i, f) {
		for (k = 0; k < sizeof(fields) / sizeof(fields[0]); k++)
			if (!json_object_get(f, fields[k]))
				fail_msg("finding %zu has no '%s'", i, fields[k]);
		if (json_is_true(json_object_get(f, "suppressed"))) {
			suppressed++;
			assert_string_equal(json_string_value(json_object_get(f,
						"justification")), "why");
		} else if (!strcmp(json_string_value(json_object_get(f,
						"level")), "error")) {
			errors++;
		}
	}
	assert_int_equal(suppressed, 1);
	summary = json_object_get(doc, "summary");
	assert_int_equal(json_integer_value(json_object_get(summary,
				"suppressed")), 1);
	assert_int_equal(json_integer_value(json_object_get(summary, "errors")),
			 errors);
	assert_int_equal(json_integer_value(json_object_get(summary,
				"unreadable")), 1);

	json_decref(doc);
	free(buf);
	wl_findings_release(&out);
	wl_source_release(&src);
	clang_disposeIndex(index);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report),
	};

	return cmocka_run_group_tests_name("json", tests, NULL, NULL);
}
