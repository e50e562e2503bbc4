/* SPDX-License-Identifier: MIT */
/*
 * Runs the fuzz target's checks on the files named on the command line,
 * without libFuzzer, so that every crash the fuzzer ever found
 * (tests/fuzz/regressions/) is replayed by every build, with any compiler.
 * A broken promise aborts inside the target, failing the test.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read @path raw: the fuzzer saw raw bytes, NULs included. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0) {
		rewind(f);
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	return buf;
}

int main(int argc, char **argv)
{
	int i, bad = 0;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		size_t len = 0;
		char *buf = slurp(argv[i], &len);

		if (!buf) {
			perror(argv[i]);
			bad = 1;
			continue;
		}
		fprintf(stderr, "replay: %s\n", argv[i]);
		LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
		free(buf);
	}
	return bad;
}
