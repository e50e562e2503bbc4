/* SPDX-License-Identifier: MIT */
/*
 * WL105 inactive-legacy: legacy warp primitives or PTX in a preprocessor
 * branch this configuration does not compile.  Docs: rules/WL105.md
 * Corpus: corpus/WL105/
 *
 * The parse never sees such code, so WL101-WL103 cannot; its tokens can.
 * The finding names the condition and tells the kinds apart: a dead
 * fallback that no CUDA 13 build compiles (a toolkit before CUDA 9, an
 * architecture before sm_75), whose opt-in fix deletes the dead branch; a
 * branch a feature macro or another architecture selects, which the user
 * should analyse in that configuration; a HIP branch.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/ppcond.h"
#include "analyzer/tokens.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/legacy.h"
#include "rules/legacy_ptx.h"

/*
 * The branch that hides @offset: the outermost one no CUDA 13 build takes
 * if there is one (that is what makes the code dead), else the outermost
 * skipped one.
 */
static const struct wl_pp_branch *hiding_branch(const struct wl_ppcond *pp,
						unsigned offset)
{
	const struct wl_pp_branch *outer = wl_pp_inactive_at(pp, offset);
	unsigned i;

	if (!outer)
		return NULL;
	for (i = (unsigned)(outer - pp->branches); i < pp->nr_branches; i++) {
		const struct wl_pp_branch *b = &pp->branches[i];

		if (!b->active && b->cuda13 == WL_PP_NEVER &&
		    offset >= b->body_begin && offset < b->body_end)
			return b;
	}
	return outer;
}

static bool dead_fallback(const struct wl_pp_branch *b)
{
	return b->cuda13 == WL_PP_NEVER && !(b->why & WL_PP_WHY_HIP) &&
	       (b->why & (WL_PP_WHY_TOOLKIT | WL_PP_WHY_ARCH));
}

/* Every branch the fix would delete is a dead fallback (no HIP code). */
static bool group_deletable(const struct wl_ppcond *pp,
			    const struct wl_pp_branch *b)
{
	const struct wl_pp_group *g = &pp->groups[b->group];
	unsigned i;

	for (i = 0; i < g->nr; i++)
		if (pp->branches[g->members[i]].cuda13 == WL_PP_NEVER &&
		    !dead_fallback(&pp->branches[g->members[i]]))
			return false;
	return true;
}

static void explain(struct wl_ctx *ctx, unsigned fi,
		    const struct wl_pp_branch *b)
{
	struct wl_finding *f = &ctx->findings.v[fi];
	const struct wl_ppcond *pp = &ctx->pp;

	if (dead_fallback(b)) {
		wl_finding_note(f, "a dead fallback: no CUDA 13 build compiles "
				   "this branch (%s)",
				b->why & WL_PP_WHY_TOOLKIT
					? "toolkits before CUDA 9 had no _sync "
					  "primitives"
					: "CUDA 13 targets sm_75 and later");
		if (b->why & WL_PP_WHY_HOST)
			wl_finding_note(f, "the host pass (no __CUDA_ARCH__) "
					   "takes it: delete it only if the code "
					   "around it is device code");
		if (!group_deletable(pp, b)) {
			wl_finding_note(f, "no fix: the #if holds another "
					   "branch that is not a dead fallback");
			return;
		}
		f->fix = wl_fix_new("delete the dead fallback branch");
		if (!wl_pp_dead_branch_fix(pp, b, f->fix)) {
			wl_fix_free(f->fix);
			f->fix = NULL;
			wl_finding_note(f, "no fix: the #if has no #endif");
			return;
		}
		wl_fix_mark_unsafe(f->fix, "it deletes code that older "
					   "toolkits or GPUs compiled");
		wl_finding_note(f, "--unsafe-fixes deletes the dead branch and "
				   "keeps the live one");
		return;
	}
	if (b->cuda13 == WL_PP_NEVER && (b->why & WL_PP_WHY_HIP)) {
		wl_finding_note(f, "a HIP branch: CUDA builds do not compile "
				   "it, and HIP's own shuffles and votes need "
				   "no migration to _sync");
		return;
	}
	if (b->cuda13 == WL_PP_NEVER) {
		wl_finding_note(f, "no CUDA 13 build compiles this branch");
		return;
	}
	if (b->cuda13 == WL_PP_ALWAYS) {
		wl_finding_note(f, "every CUDA 13 build compiles this branch, "
				   "though warplint's sm_70 parse did not: "
				   "migrate it");
		return;
	}
	if ((b->why & WL_PP_WHY_ARCH) && !b->unknown) {
		wl_finding_note(f, "builds for other GPU architectures than "
				   "warplint's sm_70 compile it, CUDA 13 ones "
				   "included: migrate it");
		return;
	}
	if (b->unknown && !wl_pp_macro_defined(pp, b->unknown)) {
		wl_finding_note(f, "the build may define '%s': analyse with "
				   "-D%s (or -p with the build's "
				   "compile_commands.json) to check this code",
				b->unknown, b->unknown);
		return;
	}
	wl_finding_note(f, "analyse the configuration that compiles it (-D, "
			   "-U, or -p with the build's compile_commands.json)");
}

static void report(struct wl_ctx *ctx, unsigned offset, unsigned length,
		   const char *what)
{
	const struct wl_pp_branch *b = hiding_branch(&ctx->pp, offset);
	struct wl_finding *f;
	char *where;

	if (!b)
		return;
	where = wl_pp_describe(&ctx->pp, b);
	f = wl_report_at(ctx, WL105, offset, length,
			 "%s in a branch this configuration does not compile "
			 "(%s)",
			 what, where);
	free(where);
	explain(ctx, (unsigned)(f - ctx->findings.v), b);
}

void wl105_check(struct wl_ctx *ctx)
{
	struct wl_tokens toks;
	unsigned i, k;

	if (!ctx->pp.nr_branches)
		return;
	wl_tokens_of_range(ctx->tu, ctx->model.main_file, 0,
			   (unsigned)ctx->src->len, &toks);
	for (i = 0; i < toks.nr; i++) {
		const struct wl_token *t = &toks.v[i];
		const struct wl_legacy_name *hit;
		enum wl_rule_id rule;
		struct wl_asm a;
		char *what;

		if (!wl_pp_inactive_at(&ctx->pp, t->begin))
			continue;
		hit = wl_legacy_call_token(&toks, i, &rule);
		if (hit) {
			what = wl_xasprintf("legacy '%s' (use '%s')", hit->legacy,
					    hit->sync);
			report(ctx, t->begin, (unsigned)strlen(hit->legacy), what);
			free(what);
			continue;
		}
		if (!wl_asm_keyword(&toks, i))
			continue;
		wl_asm_parse(&toks, i, &a);
		for (k = 0; k < a.nr_insns; k++) {
			if (!a.insns[k].legacy)
				continue;
			what = wl_xasprintf("legacy inline PTX '%s' without "
					    "'.sync'",
					    a.insns[k].op);
			report(ctx, a.insns[k].op_begin, 4, what);
			free(what);
			break;
		}
	}
	wl_tokens_release(&toks);
}
