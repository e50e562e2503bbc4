/* SPDX-License-Identifier: MIT */
/* Assembling inline PTX with ptxas, to prove that a rewrite is valid PTX. */
#define _GNU_SOURCE
#include "tests/ptxcheck.h"

#include <ctype.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"

extern char **environ;

/* One asm statement as this checker reads it. */
struct stmt {
	size_t begin, end;	/* "asm" .. the closing ')' */
	struct wl_buf tmpl;	/* the template, C escapes undone */
	char types[32][8];	/* per operand: ".b32", ..., or "imm" */
	unsigned nr_ops;
	bool opaque;		/* built by a macro: not checkable */
};

static bool ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Skip blanks, comments and backslash-newlines from @i. */
static size_t skip_space(const char *t, size_t n, size_t i)
{
	for (;;) {
		while (i < n && (isspace((unsigned char)t[i]) ||
				 (t[i] == '\\' && i + 1 < n && t[i + 1] == '\n')))
			i++;
		if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
			const char *e = strstr(t + i + 2, "*/");

			i = e ? (size_t)(e - t) + 2 : n;
			continue;
		}
		if (i + 1 < n && t[i] == '/' && t[i + 1] == '/') {
			while (i < n && t[i] != '\n')
				i++;
			continue;
		}
		return i;
	}
}

/* Read a string literal at @i into @out (escapes undone); returns its end. */
static size_t read_string(const char *t, size_t n, size_t i, struct wl_buf *out)
{
	i++;
	while (i < n && t[i] != '"') {
		if (t[i] == '\\' && i + 1 < n) {
			char c = t[++i];

			wl_buf_addc(out, c == 'n' ? '\n' : c == 't' ? '\t' : c);
		} else {
			wl_buf_addc(out, t[i]);
		}
		i++;
	}
	return i < n ? i + 1 : n;
}

static const char *reg_type(const char *constraint)
{
	while (*constraint == '=' || *constraint == '+' || *constraint == '&')
		constraint++;
	switch (*constraint) {
	case 'r': return ".b32";
	case 'l': return ".b64";
	case 'h': return ".b16";
	case 'f': return ".f32";
	case 'd': return ".f64";
	case 'n':
	case 'i': return "imm";
	}
	return NULL;
}

/* Parse the statement whose "asm" keyword is at @i; false if not asm(...). */
static bool parse_stmt(const char *t, size_t n, size_t i, struct stmt *s)
{
	int depth = 0, section = 0;

	memset(s, 0, sizeof(*s));
	s->begin = i;
	i += t[i + 1] == 's' ? 3 : (strncmp(t + i, "__asm__", 7) ? 5 : 7);
	for (;;) {
		i = skip_space(t, n, i);
		if (i >= n)
			return false;
		if (t[i] == '(')
			break;
		if (!ident(t[i]))
			return false;
		while (i < n && ident(t[i]))
			i++;	/* volatile, __volatile__, goto */
	}
	depth = 1;
	i++;
	while (i < n && depth > 0) {
		i = skip_space(t, n, i);
		if (i >= n)
			break;
		if (t[i] == '"') {
			if (section == 0) {
				i = read_string(t, n, i, &s->tmpl);
				continue;
			}
			/* A constraint opens an operand: "r"(x). */
			{
				struct wl_buf c = WL_BUF_INIT;
				const char *ty;

				i = read_string(t, n, i, &c);
				ty = c.s ? reg_type(c.s) : NULL;
				if (section <= 2 && ty && s->nr_ops < 32)
					snprintf(s->types[s->nr_ops++],
						 sizeof(s->types[0]), "%s", ty);
				else if (section <= 2)
					s->opaque = true;
				wl_buf_release(&c);
			}
			continue;
		}
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')')
			depth--;
		else if (t[i] == ':' && depth == 1)
			section++;
		else if (depth == 1 && section == 0)
			s->opaque = true;	/* #x, a macro name */
		else if (depth == 1 && section <= 2 && t[i] == '#')
			s->opaque = true;	/* "=" #r(x) */
		i++;
	}
	s->end = i;
	return depth == 0;
}

/* The template with each %N replaced by its register, as PTX. */
static char *substitute(const struct stmt *s, struct wl_buf *decls)
{
	struct wl_buf out = WL_BUF_INIT;
	const char *p = s->tmpl.s ? s->tmpl.s : "";
	unsigned k;

	for (k = 0; k < s->nr_ops; k++)
		if (strcmp(s->types[k], "imm"))
			wl_buf_addf(decls, "\t.reg %s %%wl%u;\n", s->types[k], k);
	while (*p) {
		if (p[0] == '%' && p[1] == '%') {
			wl_buf_addc(&out, '%');
			p += 2;
		} else if (p[0] == '%' && isdigit((unsigned char)p[1])) {
			char *end;
			unsigned long n = strtoul(p + 1, &end, 10);

			if (n < s->nr_ops && !strcmp(s->types[n], "imm"))
				wl_buf_adds(&out, "1");
			else
				wl_buf_addf(&out, "%%wl%lu", n);
			p = end;
		} else {
			wl_buf_addc(&out, *p++);
		}
	}
	return wl_buf_detach(&out);
}

static int run_ptxas(const char *ptxas, const char *ptx_path,
		     const char *err_path)
{
	posix_spawn_file_actions_t fa;
	char *argv[] = { (char *)ptxas, "-arch=sm_90", "-o", "/dev/null",
			 (char *)ptx_path, NULL };
	pid_t pid;
	int status = 0;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, err_path,
					 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (posix_spawn(&pid, ptxas, &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	posix_spawn_file_actions_destroy(&fa);
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Assemble one statement; 1 if ptxas rejects it, 0 if not, -1 on error. */
static int assemble(const char *ptxas, const char *name, const char *text,
		    const struct stmt *s)
{
	struct wl_buf decls = WL_BUF_INIT, ptx = WL_BUF_INIT;
	char ptx_path[] = "/tmp/wl-ptxcheck-XXXXXX";
	char err_path[] = "/tmp/wl-ptxcheck-err-XXXXXX";
	char *body = substitute(s, &decls);
	int fd = mkstemp(ptx_path), efd = mkstemp(err_path), rc;
	unsigned line = 1;
	size_t i;

	wl_buf_addf(&ptx, ".version 7.8\n.target sm_90\n.address_size 64\n\n"
			  ".visible .entry wl_check()\n{\n%s\t{\n%s\n\t}\n}\n",
		    decls.s ? decls.s : "", body);
	rc = fd < 0 || efd < 0 || wl_write_all(fd, ptx.s, ptx.len) < 0 ? -1 : 0;
	if (fd >= 0)
		close(fd);
	if (efd >= 0)
		close(efd);
	if (!rc)
		rc = run_ptxas(ptxas, ptx_path, err_path);
	if (rc > 0) {
		FILE *ef = fopen(err_path, "r");
		char buf[512];

		for (i = 0; i < s->begin; i++)
			line += text[i] == '\n';
		fprintf(stderr, "%s:%u: ptxas rejects this asm statement:\n%s",
			name, line, ptx.s);
		while (ef && fgets(buf, sizeof(buf), ef))
			fprintf(stderr, "  %s", buf);
		if (ef)
			fclose(ef);
		rc = 1;
	}
	unlink(ptx_path);
	unlink(err_path);
	free(body);
	wl_buf_release(&decls);
	wl_buf_release(&ptx);
	return rc;
}

static bool names_warp_insn(const char *tmpl)
{
	const char *p = tmpl;

	while ((p = strpbrk(p, "sv")) != NULL) {
		if ((!strncmp(p, "shfl.", 5) || !strncmp(p, "vote.", 5)) &&
		    (p == tmpl || !(ident(p[-1]) || p[-1] == '.')))
			return true;
		p++;
	}
	return false;
}

int wl_ptxcheck(const char *ptxas, const char *name, const char *text,
		size_t len, const char *before, struct wl_ptxcheck_result *res)
{
	size_t i = 0;

	memset(res, 0, sizeof(*res));
	while (i < len) {
		struct stmt s;
		char *raw;
		int rc;

		if (text[i] == '"' || text[i] == '\'') {
			char q = text[i++];

			while (i < len && text[i] != q && text[i] != '\n')
				i += text[i] == '\\' ? 2 : 1;
			i++;
			continue;
		}
		if (text[i] == '/' && i + 1 < len &&
		    (text[i + 1] == '/' || text[i + 1] == '*')) {
			i = skip_space(text, len, i);
			continue;
		}
		if ((i > 0 && ident(text[i - 1])) ||
		    !(!strncmp(text + i, "asm", 3) || !strncmp(text + i, "__asm", 5)) ||
		    !parse_stmt(text, len, i, &s)) {
			i++;
			continue;
		}
		i = s.end;
		raw = wl_xstrndup(text + s.begin, s.end - s.begin);
		if (s.tmpl.s && names_warp_insn(s.tmpl.s) &&
		    (!before || !strstr(before, raw))) {
			if (s.opaque) {
				res->skipped++;
			} else {
				rc = assemble(ptxas, name, text, &s);
				if (rc < 0) {
					free(raw);
					wl_buf_release(&s.tmpl);
					return -1;
				}
				res->checked++;
				res->rejected += (unsigned)rc;
			}
		}
		free(raw);
		wl_buf_release(&s.tmpl);
	}
	return 0;
}
