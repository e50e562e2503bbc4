/* SPDX-License-Identifier: MIT */
/* Running the compilers for prepare, and reading the PTX they write. */
#define _GNU_SOURCE
#include "gpu_verify/build.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyzer/util.h"

int gv_run(const char *dir, char *const argv[], const char *log)
{
	int fd, status;
	pid_t pid;
	FILE *f = fopen(log, "a");
	unsigned i;

	/* The command line goes into the log first, for whoever reads it. */
	if (f) {
		fprintf(f, "$");
		for (i = 0; argv[i]; i++)
			fprintf(f, " %s", argv[i]);
		fprintf(f, "\n");
		fclose(f);
	}
	fd = open(log, O_WRONLY | O_APPEND | O_CREAT, 0644);
	if (fd < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fd);
		return -1;
	}
	if (pid == 0) {
		if (dir && chdir(dir) < 0)
			_exit(126);
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd);
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

char **gv_ptx_entries(const char *path, unsigned *nr)
{
	char **v = NULL, *line = NULL;
	unsigned alloc = 0;
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	*nr = 0;
	if (!f)
		return NULL;
	while (getline(&line, &cap, f) > 0) {
		char *p = strstr(line, ".entry ");
		size_t n;

		if (!p)
			continue;
		p += strlen(".entry ");
		n = strcspn(p, "( \t\r\n");
		WL_GROW(v, *nr, alloc);
		v[(*nr)++] = wl_xstrndup(p, n);
	}
	free(line);
	fclose(f);
	return v;
}

bool gv_ptx_has_extern(const char *path)
{
	char *line = NULL;
	size_t cap = 0;
	bool found = false;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	/* __assertfail and vprintf are resolved by ptxas and the driver. */
	while (!found && getline(&line, &cap, f) > 0)
		found = strstr(line, ".extern .func") &&
			!strstr(line, "__assertfail") &&
			!strstr(line, "vprintf");
	free(line);
	fclose(f);
	return found;
}

const char *gv_match_entry(char **entries, unsigned nr, const char *name,
			   bool tmpl)
{
	char prefix[512];
	size_t len;
	unsigned i;

	for (i = 0; i < nr; i++)
		if (!strcmp(entries[i], name))
			return entries[i];
	/* Top level "_Z3fooPf", or in a namespace "_ZN2ns3fooE...". */
	snprintf(prefix, sizeof(prefix), "%zu%s", strlen(name), name);
	len = strlen(prefix);
	for (i = 0; i < nr; i++) {
		const char *p = strstr(entries[i], prefix);

		if (!wl_starts_with(entries[i], "_Z") || !p)
			continue;
		if (p != entries[i] + 2 && p[-1] != 'E' &&
		    (p[-1] < '0' || p[-1] > '9') && !wl_starts_with(entries[i], "_ZN"))
			continue;
		if ((p[len] == 'I') == tmpl)
			return entries[i];
	}
	return NULL;
}

void gv_free_strings(char **v, unsigned nr)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		free(v[i]);
	free(v);
}
