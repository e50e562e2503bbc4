/* SPDX-License-Identifier: MIT */
/*
 * How an expression that did not parse varies, read from its tokens.
 *
 * Run bare, a file misses the macros its build defines on the command
 * line or in a generated header (`-DNUM_BLOCKS=...`, `config.h`), and
 * clang drops each expression that names one: `b < NUM_BLOCKS` is left
 * as an empty node.  Taken as lane-dependent, that empty node made every
 * barrier of a block-uniform loop "divergent", a false alarm that went
 * away with the build's flags.  The barrier evaluator (trust_unseen,
 * which reports and never builds a mask) reads the tokens instead:
 *
 *	- a name of a local or parameter varies as that variable does;
 *	- built-in variables vary as they do where they parsed
 *	  (wl_eval_builtin_dep(): threadIdx.x by lane, .y/.z by row);
 *	- a call of a function the file does not declare varies as its name
 *	  says (lane_id(), get_thread_rank(): by lane; others not);
 *	- any other name is a constant of the build, unless it is named for
 *	  a lane or a thread index (LANE_ID, THREAD_ID, TID), the usual
 *	  macros of a missing header that read threadIdx.
 *
 * The mask evaluator keeps such an expression lane-dependent: a mask may
 * rest only on what parsed.
 */
#include <stdio.h>
#include <string.h>

#include "analyzer/eval.h"
#include "analyzer/evalcall.h"
#include "analyzer/tokens.h"
#include "base/util.h"

static bool is_punct(const struct wl_tokens *t, unsigned i, const char *p)
{
	return i < t->nr && t->v[i].kind == CXToken_Punctuation &&
	       !strcmp(t->v[i].text, p);
}

/* threadIdx.x, blockDim.y: @i is the variable's token. */
static bool builtin_dep(const struct wl_eval *ev, const struct wl_tokens *t,
			unsigned i, enum wl_dep *dep)
{
	static const char *const vars[] = {
		"threadIdx", "blockIdx", "blockDim", "gridDim",
	};
	const char *name = t->v[i].text, *field = "x";
	unsigned k;
	char b[32];

	for (k = 0; k < WL_ARRAY_SIZE(vars) && strcmp(name, vars[k]); k++)
		;
	if (k == WL_ARRAY_SIZE(vars))
		return false;
	if (is_punct(t, i + 1, ".") && i + 2 < t->nr)
		field = t->v[i + 2].text;
	snprintf(b, sizeof(b), "%s.%.1s", name, field);
	*dep = wl_eval_builtin_dep(ev, b);
	return true;
}

/* A macro of a header the file misses that is one thread's index. */
static bool names_thread_index(const char *name)
{
	char folded[64];

	wl_fold_name(name, folded, sizeof(folded));
	return strstr(folded, "lane") || strstr(folded, "threadid") ||
	       !strcmp(folded, "tid") || !strcmp(folded, "ltid") ||
	       !strcmp(folded, "tx");
}

static enum wl_dep name_dep(struct wl_eval *ev, const struct wl_node *n,
			    const struct wl_tokens *t, unsigned i)
{
	const char *name = t->v[i].text;
	enum wl_dep d;

	if (builtin_dep(ev, t, i, &d))
		return d;
	if (wl_eval_named_var_dep(ev, n, name, &d))
		return d;
	if (is_punct(t, i + 1, "("))
		return wl_evalcall_names_thread(name) ? WL_DEP_LANE
						      : WL_DEP_BLOCK;
	return names_thread_index(name) ? WL_DEP_LANE : WL_DEP_CONST;
}

enum wl_dep wl_eval_unparsed_dep(struct wl_eval *ev, const struct wl_node *n,
				 unsigned begin, unsigned end)
{
	struct wl_tokens t;
	enum wl_dep d = WL_DEP_CONST;
	unsigned i;

	if (!n->in_main)
		return WL_DEP_LANE;
	wl_tokens_of_range(ev->model->tu, ev->model->main_file, begin, end, &t);
	if (!t.nr) {
		wl_tokens_release(&t);
		return WL_DEP_LANE;
	}
	for (i = 0; i < t.nr && d < WL_DEP_LANE; i++) {
		if (t.v[i].kind == CXToken_Keyword &&
		    !strcmp(t.v[i].text, "asm"))
			d = WL_DEP_LANE;
		if (t.v[i].kind != CXToken_Identifier)
			continue;
		/* a member's name: its object was read already */
		if (i && (is_punct(&t, i - 1, ".") || is_punct(&t, i - 1, "->")))
			continue;
		d = wl_dep_max(d, name_dep(ev, n, &t, i));
	}
	wl_tokens_release(&t);
	return d;
}
