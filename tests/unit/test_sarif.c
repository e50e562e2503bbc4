/* SPDX-License-Identifier: MIT */
/*
 * The SARIF emitter in-process (the schema and golden checks are in
 * tests/scripts/test_cli_sarif.sh): rule table and indexes, regions
 * clamped to >= 1 and counted in code points, fixes as replacements,
 * suppressions kept; and the URIs and fingerprints SARIF relies on.
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
#include "base/util.h"
#include "driver/analyze.h"
#include "driver/emit.h"
#include "driver/fingerprint.h"
#include "tests/unit/index_fixture.h"

#define KERNEL                                                               \
	"__global__ void k(int *p)\n{\n\tint v = p[threadIdx.x];\n"          \
	"\t/* caf\xc3\xa9 */ v += __shfl_down(v, 1);\n"                     \
	"\tv += __shfl_xor(v, 2); // warplint-disable-line WL101 -- old\n"   \
	"\tp[threadIdx.x] = v;\n}\n"

/* Analyze @text as @path and render it; returns the parsed document. */
static json_t *sarif_of(CXIndex index, const char *path, const char *text)
{
	struct wl_analyze_opts opts;
	struct wl_findings out = { NULL, 0, 0 };
	struct wl_file_report report;
	struct wl_emit_opts eopts = { false, "/work" };
	struct wl_source src;
	json_error_t jerr;
	char *buf = NULL, *err = NULL;
	size_t len = 0;
	FILE *mem;
	json_t *doc;

	wl_analyze_opts_default(&opts);
	wl_source_init_mem(&src, path, text, strlen(text));
	assert_int_equal(wl_analyze(index, &src, &opts, &out, &err), 0);
	report = (struct wl_file_report){ .path = path, .src = &src,
					  .findings = &out };
	mem = open_memstream(&buf, &len);
	assert_int_equal(wl_emit_sarif(mem, &report, 1, &eopts), 0);
	fclose(mem);
	doc = json_loads(buf, 0, &jerr);
	assert_non_null(doc);
	free(buf);
	wl_findings_release(&out);
	wl_source_release(&src);
	return doc;
}

static json_t *find_result(json_t *results, const char *rule, int line)
{
	size_t i;
	json_t *r;

	json_array_foreach(results, i, r) {
		json_t *region = json_object_get(json_object_get(json_array_get(
			json_object_get(r, "locations"), 0),
			"physicalLocation"), "region");

		if (!strcmp(json_string_value(json_object_get(r, "ruleId")),
			    rule) &&
		    json_integer_value(json_object_get(region, "startLine")) ==
			    line)
			return r;
	}
	return NULL;
}

static void test_document(void **state)
{
	struct fixture *fx = *state;
	json_t *doc = sarif_of(fx->index, "/work/src/k.cu", KERNEL);
	json_t *run = json_array_get(json_object_get(doc, "runs"), 0);
	json_t *rules = json_object_get(json_object_get(json_object_get(run,
				"tool"), "driver"), "rules");
	json_t *results = json_object_get(run, "results"), *r, *loc, *region;
	json_t *fix, *repl, *supp;

	assert_string_equal(json_string_value(json_object_get(doc, "version")),
			    "2.1.0");
	assert_int_equal(json_array_size(rules), WL_NR_RULES);
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(rules, WL301), "id")), "WL301");

	/* Line 4: after a 2-byte character, column 19 in bytes, 18 here. */
	r = find_result(results, "WL101", 4);
	assert_non_null(r);
	assert_int_equal(json_integer_value(json_object_get(r, "ruleIndex")),
			 WL101);
	loc = json_object_get(json_array_get(json_object_get(r, "locations"),
					     0), "physicalLocation");
	assert_string_equal(json_string_value(json_object_get(json_object_get(
		loc, "artifactLocation"), "uri")), "src/k.cu");
	region = json_object_get(loc, "region");
	assert_int_equal(json_integer_value(json_object_get(region,
				"startColumn")), 18);
	assert_null(json_object_get(r, "suppressions"));
	fix = json_array_get(json_object_get(r, "fixes"), 0);
	repl = json_array_get(json_object_get(json_array_get(
		json_object_get(fix, "artifactChanges"), 0), "replacements"), 0);
	assert_non_null(repl);
	assert_true(json_integer_value(json_object_get(json_object_get(repl,
			"deletedRegion"), "byteOffset")) > 0);

	/* The suppressed one is kept, with its justification. */
	r = find_result(results, "WL101", 5);
	assert_non_null(r);
	supp = json_array_get(json_object_get(r, "suppressions"), 0);
	assert_string_equal(json_string_value(json_object_get(supp, "kind")),
			    "inSource");
	assert_string_equal(json_string_value(json_object_get(supp,
				"justification")), "old");
	json_decref(doc);
}

/* A finding at offset 0 (a parse error elsewhere) still has line 1. */
static void test_regions_clamped(void **state)
{
	struct fixture *fx = *state;
	json_t *doc = sarif_of(fx->index, "/work/e.cu",
			       "#include \"no-such-header.h\"\n");
	json_t *run = json_array_get(json_object_get(doc, "runs"), 0);
	json_t *r = json_array_get(json_object_get(run, "results"), 0);
	json_t *region;

	assert_non_null(r);
	assert_string_equal(json_string_value(json_object_get(r, "ruleId")),
			    "WL900");
	region = json_object_get(json_object_get(json_array_get(
		json_object_get(r, "locations"), 0), "physicalLocation"),
		"region");
	assert_true(json_integer_value(json_object_get(region, "startLine")) >= 1);
	assert_true(json_integer_value(json_object_get(region, "startColumn")) >= 1);
	assert_true(json_integer_value(json_object_get(region, "endColumn")) >= 1);
	json_decref(doc);
}

static void test_uris(void **state)
{
	bool rel;
	char *u;

	(void)state;
	u = wl_uri_for("./src//a b.cu", "/r", &rel);
	assert_true(rel);
	assert_string_equal(u, "src/a%20b.cu");
	free(u);
	u = wl_uri_for("/r/x/y.cu", "/r", &rel);
	assert_true(rel);
	assert_string_equal(u, "x/y.cu");
	free(u);
	/* Outside the root: absolute, and /rx is not under /r. */
	u = wl_uri_for("/rx/y.cu", "/r", &rel);
	assert_false(rel);
	assert_string_equal(u, "file:///rx/y.cu");
	free(u);
}

/* The fingerprint of the WL101 result on @line, or NULL. */
static const char *fingerprint_at(json_t *doc, int line)
{
	json_t *results = json_object_get(json_array_get(json_object_get(doc,
							"runs"), 0), "results");
	json_t *r = find_result(results, "WL101", line);

	return r ? json_string_value(json_object_get(json_object_get(r,
			"partialFingerprints"), "warplint/v1")) : NULL;
}

/* Same rule on the same text twice: distinct, by occurrence. */
static void test_fingerprints(void **state)
{
	struct fixture *fx = *state;
	const char *a = "__global__ void k(int *p)\n{\n\tint v = p[0];\n"
			"\tv += __shfl_down(v, 1);\n\tv += __shfl_down(v, 1);\n"
			"\tp[0] = v;\n}\n";
	const char *b = "// moved\n__global__ void k(int *p)\n{\n"
			"    int v = p[0];\n    v += __shfl_down(v, 1);\n"
			"    v += __shfl_down(v, 1);\n    p[0] = v;\n}\n";
	json_t *da = sarif_of(fx->index, "k.cu", a);
	json_t *db = sarif_of(fx->index, "k.cu", b);
	const char *fa0 = fingerprint_at(da, 4), *fa1 = fingerprint_at(da, 5);
	const char *fb0 = fingerprint_at(db, 5), *fb1 = fingerprint_at(db, 6);

	assert_non_null(fa0);
	assert_non_null(fa1);
	assert_non_null(fb0);
	assert_non_null(fb1);
	assert_string_not_equal(fa0, fa1);
	/* Moved down a line and re-indented: the same identities. */
	assert_string_equal(fa0, fb0);
	assert_string_equal(fa1, fb1);
	assert_non_null(strstr(fa1, ":2"));
	json_decref(da);
	json_decref(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_regions_clamped),
		cmocka_unit_test(test_uris),
		cmocka_unit_test(test_fingerprints),
	};

	return cmocka_run_group_tests_name("sarif", tests, setup, teardown);
}
