/* SPDX-License-Identifier: MIT */
/*
 * Runs the fuzz target's checks on the files named on the command line,
 * without libFuzzer, so that every input the fuzzer ever flagged
 * (tests/fuzz/regressions/, tests/fuzz/known-to-fail/) is replayed by every
 * build, with any compiler.  Each file runs in a child process, as the
 * target aborts on a broken promise: every failing file is named, and the
 * exit status is 1 if any failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

static int replay_one(const char *path)
{
	size_t len = 0;
	char *buf = slurp(path, &len);
	int status = 0;
	pid_t pid;

	if (!buf) {
		perror(path);
		return 1;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
		fflush(NULL);
		_exit(0);
	}
	free(buf);
	if (pid < 0 || waitpid(pid, &status, 0) < 0) {
		perror("replay: fork");
		return 1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		fprintf(stderr, "replay: %s: ok\n", path);
		return 0;
	}
	if (WIFSIGNALED(status))
		fprintf(stderr, "replay: %s: FAILED (signal %d)\n", path,
			WTERMSIG(status));
	else
		fprintf(stderr, "replay: %s: FAILED (exit %d)\n", path,
			WEXITSTATUS(status));
	return 1;
}

int main(int argc, char **argv)
{
	int i, bad = 0;

	/* Single-threaded here, so forking after libclang's setup is safe. */
	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++)
		bad |= replay_one(argv[i]);
	return bad;
}
