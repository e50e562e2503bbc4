/* SPDX-License-Identifier: MIT */
/*
 * The preprocessor conditions of the main file.  libclang reports which
 * ranges the parse skipped but not the conditional structure, so the
 * directives are read here from the text; the skipped ranges then say
 * which branches were compiled, and the preprocessing record says which
 * macros a condition named were defined.
 *
 * "CUDA 13" below is a model of the builds a current toolkit makes: the
 * toolkit macros at 13.0, __CUDA_ARCH__ one of the architectures nvcc 13
 * targets (sm_75 and later; the device pass, as warplint parses), no HIP
 * macro, and every other macro as this file's translation unit defines
 * it; a macro the unit leaves undefined is unknown (the build may define
 * it).  Conditions are evaluated in three values under each architecture.
 */

#include "analyzer/ppcond.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/diag.h"
#include "analyzer/ppint.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

/* ---- what the parse knew of each name ---- */

static bool is_reserved(const char *name)
{
	return name[0] == '_' && (name[1] == '_' || isupper((unsigned char)name[1]));
}

/* Whether the body of @b starts by defining @name (include guards). */
static bool body_defines(const struct wl_ppcond *pp,
			 const struct wl_pp_branch *b, const char *name)
{
	const char *t = pp->src->text + b->body_begin;
	const char *end = pp->src->text + b->body_end;
	size_t n = strlen(name);

	while (t < end && isspace((unsigned char)*t))
		t++;
	if (t >= end || *t != '#')
		return false;
	t++;
	while (t < end && (*t == ' ' || *t == '\t'))
		t++;
	if (end - t < 6 || memcmp(t, "define", 6))
		return false;
	t += 6;
	while (t < end && (*t == ' ' || *t == '\t'))
		t++;
	return (size_t)(end - t) >= n && !memcmp(t, name, n) &&
	       (t + n == end || !(isalnum((unsigned char)t[n]) || t[n] == '_'));
}

static void record_names(struct wl_ppcond *pp, struct wl_pp_branch *b)
{
	struct ctoks toks = { NULL, 0, 0 };
	const char *t = pp->src->text;
	unsigned k, start = b->keyword + b->keyword_len;
	bool header_missing_before =
		pp->missing_header && pp->missing_offset <= b->line_begin;

	pp_lex_condition(t + start, b->line_nl - start, true, start, &toks);
	for (k = 0; k < toks.nr; k++) {
		struct wl_pp_name *nm;
		bool model_known;

		if (toks.v[k].kind != CT_ID || !strcmp(toks.v[k].text, "defined"))
			continue;
		b->names = wl_xrealloc(b->names,
				       (b->nr_names + 1) * sizeof(*b->names));
		nm = &b->names[b->nr_names++];
		nm->name = wl_xstrdup(toks.v[k].text);
		nm->offset = toks.v[k].offset;
		nm->defined = wl_pp_is_expansion(pp, nm->offset);
		model_known = pp_model_knows(nm->name);
		/*
		 * A name the parse left undefined is unresolved when a
		 * header it may come from was not found, unless it is the
		 * compiler's (reserved), the model's, or the guard this
		 * very branch defines.
		 */
		nm->resolved = nm->defined || model_known ||
			       is_reserved(nm->name) || !header_missing_before ||
			       body_defines(pp, b, nm->name);
	}
	free(toks.v);
}

void wl_ppcond_build(struct wl_ppcond *pp, CXTranslationUnit tu,
		     CXFile main_file, const struct wl_source *src)
{
	unsigned i;

	memset(pp, 0, sizeof(*pp));
	pp->src = src;
	pp->tu = tu;
	pp->main_file = main_file;
	pp_scan_directives(pp);
	if (!tu)
		return;
	pp_mark_active(pp, main_file);
	pp_collect_macros(pp, main_file);
	pp_find_missing_header(pp, main_file);
	for (i = 0; i < pp->nr_branches; i++) {
		struct wl_pp_branch *b = &pp->branches[i];
		const struct wl_pp_group *g = &pp->groups[b->group];
		bool parent_active = b->parent < 0 ||
				     pp->branches[b->parent].active;
		unsigned k;

		/* Evaluated: reached, and no earlier branch was taken. */
		b->evaluated = parent_active;
		for (k = 0; k < g->nr && g->members[k] != i; k++)
			if (pp->branches[g->members[k]].active)
				b->evaluated = false;
		record_names(pp, b);
		pp_classify(pp, i);
	}
}

void wl_ppcond_release(struct wl_ppcond *pp)
{
	unsigned i, k;

	for (i = 0; i < pp->nr_branches; i++) {
		struct wl_pp_branch *b = &pp->branches[i];

		for (k = 0; k < b->nr_names; k++)
			free(b->names[k].name);
		free(b->names);
		free(b->cond);
		free(b->unknown);
	}
	for (i = 0; i < pp->nr_def_slots; i++)
		free(pp->defs[i].name);
	free(pp->defs);
	for (i = 0; i < pp->nr_groups; i++)
		free(pp->groups[i].members);
	free(pp->branches);
	free(pp->groups);
	free(pp->directives);
	free(pp->expansions);
	free(pp->missing_header);
	memset(pp, 0, sizeof(*pp));
}

/* ---- queries ---- */

static bool holds(const struct wl_pp_branch *b, unsigned offset)
{
	return offset >= b->body_begin && offset < b->body_end;
}

const struct wl_pp_branch *wl_pp_inactive_at(const struct wl_ppcond *pp,
					     unsigned offset)
{
	unsigned i;

	/* Branches come in file order, so an outer one is met first. */
	for (i = 0; i < pp->nr_branches; i++)
		if (!pp->branches[i].active && holds(&pp->branches[i], offset))
			return &pp->branches[i];
	return NULL;
}

bool wl_pp_in_directive(const struct wl_ppcond *pp, unsigned offset)
{
	unsigned lo = 0, hi = pp->nr_directives / 2;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (pp->directives[2 * mid + 1] <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < pp->nr_directives / 2 && pp->directives[2 * lo] <= offset;
}

static char *short_cond(const char *cond)
{
	size_t n = strlen(cond);

	if (n <= 70)
		return wl_xstrdup(cond);
	return wl_xasprintf("%.67s...", cond);
}

static const char *kind_name(enum wl_pp_kind kind)
{
	static const char *const names[] = {
		"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else",
	};

	return names[kind];
}

char *wl_pp_describe(const struct wl_ppcond *pp, const struct wl_pp_branch *b)
{
	const struct wl_pp_branch *first =
		&pp->branches[pp->groups[b->group].members[0]];
	char *c, *s;

	if (b->kind != WL_PP_ELSE) {
		c = short_cond(b->cond);
		s = wl_xasprintf("`#%s %s`", kind_name(b->kind), c);
	} else {
		c = short_cond(first->cond);
		s = wl_xasprintf("`#else` of `#%s %s`", kind_name(first->kind), c);
	}
	free(c);
	return s;
}

/* Whether the conditions that decide @b name a macro left unresolved. */
static const struct wl_pp_name *unresolved_name(const struct wl_ppcond *pp,
						const struct wl_pp_branch *b)
{
	const struct wl_pp_group *g = &pp->groups[b->group];
	unsigned i, k;

	for (i = 0; i < g->nr; i++) {
		const struct wl_pp_branch *d = &pp->branches[g->members[i]];

		for (k = 0; k < d->nr_names; k++)
			if (!d->names[k].resolved)
				return &d->names[k];
		if (d == b)
			break;
	}
	return NULL;
}

char *wl_pp_edit_blocker(const struct wl_ppcond *pp, unsigned offset)
{
	int i;

	for (i = (int)pp->nr_branches - 1; i >= 0; i--) {
		const struct wl_pp_branch *b = &pp->branches[i];
		const struct wl_pp_name *nm;
		char *where, *why = NULL;

		if (!b->active || !holds(b, offset))
			continue;
		where = wl_pp_describe(pp, b);
		if (b->cuda13 == WL_PP_NEVER && (b->why & WL_PP_WHY_HIP))
			why = wl_xasprintf("it is in a HIP branch (%s); HIP's "
					   "_sync shuffles take 64-bit masks, "
					   "and hipify migrates that code",
					   where);
		else if (b->cuda13 == WL_PP_NEVER && (b->why & WL_PP_WHY_TOOLKIT))
			why = wl_xasprintf("it is in a branch for toolkits "
					   "before CUDA 9 (%s), which have no "
					   "_sync intrinsics; CUDA 13 never "
					   "compiles it",
					   where);
		else if (b->cuda13 == WL_PP_NEVER && (b->why & WL_PP_WHY_ARCH))
			why = wl_xasprintf("it is in a branch for GPU "
					   "architectures CUDA 13 cannot target "
					   "(%s)",
					   where);
		else if (b->cuda13 == WL_PP_NEVER)
			why = wl_xasprintf("it is in a branch CUDA 13 builds "
					   "never compile (%s)",
					   where);
		else if ((nm = unresolved_name(pp, b)) != NULL)
			why = wl_xasprintf("it is inside %s, and '%s' was not "
					   "defined in this parse because "
					   "'%s' was not found: the build may "
					   "compile the other branch",
					   where, nm->name, pp->missing_header);
		free(where);
		if (why)
			return why;
	}
	return NULL;
}

static void delete_range(struct wl_fix *fix, unsigned b, unsigned e)
{
	if (e > b)
		wl_fix_replace(fix, b, e - b, "");
}

bool wl_pp_dead_branch_fix(const struct wl_ppcond *pp,
			   const struct wl_pp_branch *b, struct wl_fix *fix)
{
	const struct wl_pp_group *g = &pp->groups[b->group];
	const struct wl_pp_branch *br[64];
	unsigned i, nr_dead = 0, first_kept = g->nr;

	if (!g->complete || g->nr > WL_ARRAY_SIZE(br))
		return false;
	for (i = 0; i < g->nr; i++)
		br[i] = &pp->branches[g->members[i]];
	for (i = 0; i < g->nr; i++) {
		if (br[i]->cuda13 == WL_PP_NEVER)
			nr_dead++;
		else if (first_kept == g->nr)
			first_kept = i;
	}
	if (!nr_dead)
		return false;
	if (first_kept == g->nr) {
		/* No build takes any branch: the whole group goes. */
		delete_range(fix, br[0]->line_begin, g->endif_end);
		return true;
	}
	if (br[first_kept]->cuda13 == WL_PP_ALWAYS) {
		/* Every build takes it: keep its body, drop the rest. */
		delete_range(fix, br[0]->line_begin, br[first_kept]->body_begin);
		delete_range(fix, br[first_kept]->body_end, g->endif_end);
		return true;
	}
	for (i = 0; i < g->nr; i++)
		if (br[i]->cuda13 == WL_PP_NEVER)
			delete_range(fix, br[i]->line_begin, br[i]->body_end);
	/* The first branch kept now opens the group: #elif becomes #if. */
	if (first_kept > 0)
		wl_fix_replace(fix, br[first_kept]->keyword, 2, "");
	return true;
}

void wl_pp_guard_fixes(const struct wl_ppcond *pp, struct wl_findings *findings)
{
	unsigned i, k;

	for (i = 0; i < findings->nr; i++) {
		struct wl_finding *f = &findings->v[i];
		char *why = NULL;

		if (!f->fix || f->rule == WL105)
			continue;
		for (k = 0; k < f->fix->nr_edits && !why; k++) {
			const struct wl_edit *e = &f->fix->edits[k];

			why = wl_pp_edit_blocker(pp, e->offset);
			if (!why && e->length)
				why = wl_pp_edit_blocker(pp, e->offset +
								 e->length - 1);
		}
		if (!why)
			continue;
		wl_fix_free(f->fix);
		f->fix = NULL;
		wl_finding_note(f, "no fix: %s", why);
		free(why);
	}
}
