/* SPDX-License-Identifier: MIT */
/*
 * The 64-bit key map (base/u64map.c): lookups through growth, values
 * replaced, the key 0 that marks empty slots, and keys that hash alike.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/u64map.h"

static void test_put_and_get_through_growth(void **state)
{
	struct wl_u64map m = { 0 };
	uint32_t v = 0;
	uint64_t k;

	(void)state;
	assert_false(wl_u64map_get(&m, 7, &v));
	for (k = 1; k <= 5000; k++)
		wl_u64map_put(&m, k * 3, (uint32_t)k);
	for (k = 1; k <= 5000; k++) {
		assert_true(wl_u64map_get(&m, k * 3, &v));
		assert_int_equal(v, k);
		assert_false(wl_u64map_get(&m, k * 3 + 1, &v));
	}
	assert_int_equal(m.nr, 5000);
	wl_u64map_put(&m, 9, 42);
	assert_true(wl_u64map_get(&m, 9, &v));
	assert_int_equal(v, 42);
	assert_int_equal(m.nr, 5000);
	wl_u64map_release(&m);
}

static void test_zero_and_extremes(void **state)
{
	struct wl_u64map m = { 0 };
	uint32_t v = 0;

	(void)state;
	assert_false(wl_u64map_get(&m, 0, &v));
	wl_u64map_put(&m, 0, 5);
	assert_true(wl_u64map_get(&m, 0, &v));
	assert_int_equal(v, 5);
	assert_false(wl_u64map_get(&m, UINT64_MAX, &v));
	wl_u64map_put(&m, UINT64_MAX, 6);
	assert_true(wl_u64map_get(&m, UINT64_MAX, &v));
	assert_int_equal(v, 6);
	assert_false(wl_u64map_get(&m, 1, &v));
	wl_u64map_release(&m);
	assert_false(wl_u64map_get(&m, 0, &v));
}

/* Keys that differ only in bits the slot index drops all stay apart. */
static void test_colliding_keys(void **state)
{
	struct wl_u64map m = { 0 };
	uint32_t v = 0;
	unsigned i;

	(void)state;
	for (i = 0; i < 60; i++)
		wl_u64map_put(&m, (uint64_t)i << 58 | 1, i);
	for (i = 0; i < 60; i++) {
		assert_true(wl_u64map_get(&m, (uint64_t)i << 58 | 1, &v));
		assert_int_equal(v, i);
	}
	assert_false(wl_u64map_get(&m, (uint64_t)60 << 58 | 1, &v));
	wl_u64map_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_and_get_through_growth),
		cmocka_unit_test(test_zero_and_extremes),
		cmocka_unit_test(test_colliding_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
