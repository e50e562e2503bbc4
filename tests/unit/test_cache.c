/* SPDX-License-Identifier: MIT */
/*
 * The incremental cache (driver/cache.c): a stored result comes back
 * while the file, its salt and every dependency are unchanged, and not
 * otherwise; content decides, not time stamps; a damaged entry is a miss;
 * closing trims the least recently used entries to the bound; a folder
 * that cannot be written is refused with a reason.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/source.h"
#include "base/util.h"
#include "driver/cache.h"

struct fixture {
	char dir[64];		/* the cache */
	char *dep;		/* a header the "parse" read */
	struct wl_source src;
};

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	strcpy(fx->dir, "/tmp/wl-cache-XXXXXX");
	if (!mkdtemp(fx->dir))
		return -1;
	fx->dep = wl_xasprintf("%s/dep.cuh", fx->dir);
	write_file(fx->dep, "#define N 32\n");
	wl_source_init_mem(&fx->src, "k.cu", "__global__ void k() {}\n", 23);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char *cmd = wl_xasprintf("rm -rf '%s'", fx->dir);

	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", fx->dir);
	free(cmd);
	free(fx->dep);
	wl_source_release(&fx->src);
	free(fx);
	return 0;
}

static struct wl_cache *open_cache(struct fixture *fx, size_t max)
{
	char *err = NULL, *dir = wl_xasprintf("%s/c", fx->dir);
	struct wl_cache *c = wl_cache_open(dir, max, &err);

	assert_null(err);
	assert_non_null(c);
	free(dir);
	return c;
}

static bool hit(struct wl_cache *c, const char *salt,
		const struct wl_source *src, const char *want)
{
	size_t len = 0;
	char *blob = wl_cache_get(c, salt, src, &len);
	bool ok = blob && len == strlen(want) && !memcmp(blob, want, len);

	free(blob);
	return ok;
}

/* Stored, then found; a different salt or text is another entry. */
static void test_round_trip(void **state)
{
	struct fixture *fx = *state;
	struct wl_cache *c = open_cache(fx, 0);
	const char *deps[] = { fx->dep };
	struct wl_source other;
	unsigned h, m, s;

	assert_false(hit(c, "salt", &fx->src, "blob"));
	wl_cache_put(c, "salt", &fx->src, deps, 1, "blob", 4);
	assert_true(hit(c, "salt", &fx->src, "blob"));
	assert_false(hit(c, "other flags", &fx->src, "blob"));
	wl_source_init_mem(&other, "k.cu", "__global__ void k() { }\n", 24);
	assert_false(hit(c, "salt", &other, "blob"));
	wl_source_release(&other);
	/* An empty result (a clean file) is a result too. */
	wl_cache_put(c, "clean", &fx->src, NULL, 0, "", 0);
	assert_true(hit(c, "clean", &fx->src, ""));
	wl_cache_stats(c, &h, &m, &s);
	assert_int_equal(h, 2);
	assert_int_equal(m, 3);
	assert_int_equal(s, 2);
	wl_cache_close(c);
}

/* A dependency's content decides; a touch that keeps it does not. */
static void test_dependency_changes(void **state)
{
	struct fixture *fx = *state;
	const char *deps[] = { fx->dep };
	struct wl_cache *c = open_cache(fx, 0);

	wl_cache_put(c, "salt", &fx->src, deps, 1, "blob", 4);
	wl_cache_close(c);

	write_file(fx->dep, "#define N 64\n");
	c = open_cache(fx, 0);
	assert_false(hit(c, "salt", &fx->src, "blob"));
	wl_cache_close(c);

	write_file(fx->dep, "#define N 32\n");	/* back as it was */
	c = open_cache(fx, 0);
	assert_true(hit(c, "salt", &fx->src, "blob"));
	wl_cache_close(c);

	unlink(fx->dep);			/* gone */
	c = open_cache(fx, 0);
	assert_false(hit(c, "salt", &fx->src, "blob"));
	wl_cache_close(c);
	write_file(fx->dep, "#define N 32\n");
}

/* The only entry file under the cache folder. */
static char *only_entry(struct fixture *fx)
{
	char *cmd = wl_xasprintf("find '%s/c/results' -type f", fx->dir);
	FILE *p = popen(cmd, "r");
	char line[512] = "";

	assert_non_null(p);
	assert_non_null(fgets(line, sizeof(line), p));
	pclose(p);
	free(cmd);
	line[strcspn(line, "\n")] = '\0';
	return wl_xstrdup(line);
}

/* A torn or altered entry is a miss, never a wrong result. */
static void test_damaged_entry(void **state)
{
	struct fixture *fx = *state;
	struct wl_cache *c = open_cache(fx, 0);
	char *path;
	FILE *f;
	struct stat st;

	wl_cache_put(c, "salt", &fx->src, NULL, 0, "some findings", 13);
	path = only_entry(fx);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(truncate(path, st.st_size - 3), 0);
	assert_false(hit(c, "salt", &fx->src, "some findings"));

	wl_cache_put(c, "salt", &fx->src, NULL, 0, "some findings", 13);
	assert_true(hit(c, "salt", &fx->src, "some findings"));
	f = fopen(path, "r+");
	assert_non_null(f);
	fseek(f, 40, SEEK_SET);
	fputc('X', f);
	fclose(f);
	assert_false(hit(c, "salt", &fx->src, "some findings"));
	free(path);
	wl_cache_close(c);
}

static unsigned count_entries(struct fixture *fx)
{
	char *cmd = wl_xasprintf("find '%s/c/results' -type f | wc -l",
				 fx->dir);
	FILE *p = popen(cmd, "r");
	unsigned n = 0;

	assert_non_null(p);
	assert_int_equal(fscanf(p, "%u", &n), 1);
	pclose(p);
	free(cmd);
	return n;
}

/* Closing trims to the bound, the least recently used first. */
static void test_trim(void **state)
{
	struct fixture *fx = *state;
	char blob[1000], name[32];
	struct wl_cache *c = open_cache(fx, 8000);
	struct wl_source srcs[20];
	unsigned i;

	memset(blob, 'x', sizeof(blob));
	for (i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "f%u.cu", i);
		wl_source_init_mem(&srcs[i], name, "x", 1);
		wl_cache_put(c, "salt", &srcs[i], NULL, 0, blob, sizeof(blob));
		usleep(2000);	/* distinct times */
	}
	/* Use the first one: it is now the most recently used. */
	{
		size_t len;
		char *b = wl_cache_get(c, "salt", &srcs[0], &len);

		assert_non_null(b);
		free(b);
	}
	wl_cache_close(c);
	assert_true(count_entries(fx) * 1100 <= 8000);
	c = open_cache(fx, 8000);
	{
		size_t len;
		char *b = wl_cache_get(c, "salt", &srcs[0], &len);

		assert_non_null(b);	/* kept: recently used */
		free(b);
		b = wl_cache_get(c, "salt", &srcs[1], &len);
		assert_null(b);		/* trimmed: oldest */
	}
	wl_cache_close(c);
	for (i = 0; i < 20; i++)
		wl_source_release(&srcs[i]);
}

struct racer {
	struct wl_cache *cache;
	const struct wl_source *src;
	unsigned bad;
};

static void *race(void *arg)
{
	struct racer *r = arg;
	unsigned i;

	for (i = 0; i < 200; i++) {
		size_t len = 0;
		char *b;

		wl_cache_put(r->cache, "salt", r->src, NULL, 0, "abcdef", 6);
		b = wl_cache_get(r->cache, "salt", r->src, &len);
		/* Whole or absent, never half an entry. */
		if (b && (len != 6 || memcmp(b, "abcdef", 6)))
			r->bad++;
		free(b);
	}
	return NULL;
}

/* Writers and readers of one entry at once: whole entries or misses. */
static void test_concurrent(void **state)
{
	struct fixture *fx = *state;
	struct wl_cache *a = open_cache(fx, 0), *b = open_cache(fx, 0);
	struct racer ra = { a, &fx->src, 0 }, rb = { b, &fx->src, 0 };
	pthread_t t1, t2;

	pthread_create(&t1, NULL, race, &ra);
	pthread_create(&t2, NULL, race, &rb);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	assert_int_equal(ra.bad + rb.bad, 0);
	wl_cache_close(a);
	wl_cache_close(b);
}

/* A folder that cannot be created is refused, with a reason. */
static void test_unusable_folder(void **state)
{
	struct fixture *fx = *state;
	char *err = NULL, *dir = wl_xasprintf("%s/file/c", fx->dir);
	char *file = wl_xasprintf("%s/file", fx->dir);

	write_file(file, "not a folder\n");
	assert_null(wl_cache_open(dir, 0, &err));
	assert_non_null(err);
	assert_non_null(strstr(err, "cache folder"));
	free(err);
	free(dir);
	free(file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_round_trip, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_dependency_changes, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_damaged_entry, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_trim, setup, teardown),
		cmocka_unit_test_setup_teardown(test_concurrent, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_unusable_folder, setup,
						teardown),
	};

	return cmocka_run_group_tests_name("cache", tests, NULL, NULL);
}
