/* SPDX-License-Identifier: MIT */
/*
 * The cmocka group fixture shared by unit tests that analyze in-memory
 * sources: one libclang index for the whole group.  Include once, from
 * the test's .c file, after <cmocka.h>.
 */
#ifndef WL_TESTS_INDEX_FIXTURE_H
#define WL_TESTS_INDEX_FIXTURE_H

#include "analyzer/libclang.h"
#include <stdlib.h>

struct fixture {
	CXIndex index;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	if (!fx)
		return -1;
	fx->index = clang_createIndex(0, 0);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	clang_disposeIndex(fx->index);
	free(fx);
	return 0;
}

#endif
