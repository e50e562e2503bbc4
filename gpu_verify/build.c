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

#include "base/util.h"

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

char **gv_demangle(char **entries, unsigned nr)
{
	char tmpl[] = "/tmp/gv-demangle-XXXXXX", *cmd, *line = NULL;
	char **v;
	size_t cap = 0;
	unsigned i = 0;
	FILE *f;
	int fd = mkstemp(tmpl);

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	for (i = 0; f && i < nr; i++)
		fprintf(f, "%s\n", entries[i]);
	if (f)
		fclose(f);
	cmd = wl_xasprintf("c++filt < %s 2>/dev/null", tmpl);
	f = popen(cmd, "r");
	free(cmd);
	v = wl_xcalloc(nr + 1, sizeof(*v));
	for (i = 0; f && i < nr && getline(&line, &cap, f) > 0; i++) {
		struct wl_buf b = WL_BUF_INIT;
		const char *p = line;

		if (wl_starts_with(p, "void "))
			p += 5;
		for (; *p && *p != '\n'; p++) {
			if (*p == ' ')
				continue;
			/* 256u, 7l, 3ul: the literal's suffix. */
			if ((*p == 'u' || *p == 'l') && b.len &&
			    b.s[b.len - 1] >= '0' && b.s[b.len - 1] <= '9' &&
			    (p[1] == ',' || p[1] == '>' || p[1] == 'l' ||
			     p[1] == ' '))
				continue;
			wl_buf_addc(&b, *p);
		}
		v[i] = wl_buf_detach(&b);
	}
	if (f)
		pclose(f);
	unlink(tmpl);
	free(line);
	if (i < nr) {
		gv_free_strings(v, i);
		return NULL;
	}
	return v;
}

const char *gv_match_entry(char **entries, char **demangled, unsigned nr,
			   const char *name, const char *key)
{
	char prefix[512];
	size_t len;
	unsigned i;

	if (key) {
		len = strlen(key);
		/* "k<float>(...)", also qualified: "ns::k<float>(...)". */
		for (i = 0; demangled && i < nr; i++) {
			const char *d = demangled[i], *p = d;

			while ((p = strstr(p, key))) {
				if ((p == d || (p - d >= 2 && p[-1] == ':' &&
						p[-2] == ':')) &&
				    p[len] == '(')
					return entries[i];
				p++;
			}
		}
		return NULL;
	}
	for (i = 0; i < nr; i++)
		if (!strcmp(entries[i], name))
			return entries[i];
	/* "_Z3fooPf" at the top level, "_ZN2ns3fooE..." in a namespace. */
	snprintf(prefix, sizeof(prefix), "%zu%s", strlen(name), name);
	len = strlen(prefix);
	for (i = 0; i < nr; i++) {
		const char *p = strstr(entries[i], prefix);

		if (!wl_starts_with(entries[i], "_Z") || !p)
			continue;
		if (p != entries[i] + 2 && !wl_starts_with(entries[i], "_ZN"))
			continue;
		if (p[len] != 'I')
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
