/* SPDX-License-Identifier: MIT */
/* Size expressions of a plan: a recursive-descent evaluator. */
#include "expr.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *p;
	const struct gv_vars *vars;
	int err;
};

static long long parse_sum(struct parser *ps);

static void skip(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int eat(struct parser *ps, char c)
{
	skip(ps);
	if (*ps->p != c)
		return 0;
	ps->p++;
	return 1;
}

static long long variable(struct parser *ps, const char *name, size_t len)
{
	static const char *const names[] = {"n", "grid", "block", "threads",
					    "warps"};
	const long long vals[] = {ps->vars->n, ps->vars->grid, ps->vars->block,
				  ps->vars->threads, ps->vars->warps};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == len && !strncmp(names[i], name, len))
			return vals[i];
	ps->err = 1;
	return 0;
}

static long long parse_atom(struct parser *ps)
{
	const char *start;
	size_t len;
	long long a, b;

	skip(ps);
	if (eat(ps, '(')) {
		a = parse_sum(ps);
		if (!eat(ps, ')'))
			ps->err = 1;
		return a;
	}
	if (eat(ps, '-'))
		return -parse_atom(ps);
	if (isdigit((unsigned char)*ps->p)) {
		char *end;

		a = strtoll(ps->p, &end, 0);
		ps->p = end;
		return a;
	}
	start = ps->p;
	while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
		ps->p++;
	len = (size_t)(ps->p - start);
	if (!len) {
		ps->err = 1;
		return 0;
	}
	if (!eat(ps, '('))
		return variable(ps, start, len);
	/* min(a, b) and max(a, b) are the only functions. */
	a = parse_sum(ps);
	if (!eat(ps, ','))
		ps->err = 1;
	b = parse_sum(ps);
	if (!eat(ps, ')'))
		ps->err = 1;
	if (len == 3 && !strncmp(start, "min", 3))
		return a < b ? a : b;
	if (len == 3 && !strncmp(start, "max", 3))
		return a > b ? a : b;
	ps->err = 1;
	return 0;
}

static long long parse_product(struct parser *ps)
{
	long long v = parse_atom(ps), r;

	for (;;) {
		if (eat(ps, '*')) {
			v *= parse_atom(ps);
		} else if (eat(ps, '/') || eat(ps, '%')) {
			char op = ps->p[-1];

			r = parse_atom(ps);
			if (!r) {
				ps->err = 1;
				return 0;
			}
			v = op == '/' ? v / r : v % r;
		} else {
			return v;
		}
	}
}

static long long parse_sum(struct parser *ps)
{
	long long v = parse_product(ps);

	for (;;) {
		if (eat(ps, '+'))
			v += parse_product(ps);
		else if (eat(ps, '-'))
			v -= parse_product(ps);
		else
			return v;
	}
}

int gv_expr_eval(const char *text, const struct gv_vars *vars, long long *out)
{
	struct parser ps = {text, vars, 0};
	long long v = parse_sum(&ps);

	skip(&ps);
	if (ps.err || *ps.p)
		return -1;
	*out = v;
	return 0;
}
