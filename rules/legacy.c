/* SPDX-License-Identifier: MIT */
/*
 * Shared by WL101-WL103 and WL105: finding and fixing calls of legacy
 * primitives, in the AST and, where statements did not parse, in tokens.
 */
#include "rules/legacy.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/converged.h"
#include "analyzer/mask.h"
#include "analyzer/prefilter.h"
#include "analyzer/tokens.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/legacy_ptx.h"

/* Keywords after which a name followed by '(' is still a call. */
static bool expression_keyword(const char *s)
{
	static const char *const kws[] = {
		"return", "case", "else", "do", "throw", "co_return",
		"co_yield", "co_await", "sizeof", "decltype",
	};
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(kws); i++)
		if (!strcmp(s, kws[i]))
			return true;
	return false;
}

const struct wl_legacy_name *wl_legacy_call_token(const struct wl_tokens *toks,
						  unsigned i,
						  enum wl_rule_id *rule)
{
	const struct wl_token *t = &toks->v[i], *prev;
	const struct wl_legacy_name *hit = NULL;
	unsigned k;

	if (t->kind != CXToken_Identifier || !wl_token_is(toks, i + 1, "("))
		return NULL;
	for (k = 0; k < WL_ARRAY_SIZE(wl_legacy_shuffles) && !hit; k++)
		if (!strcmp(t->text, wl_legacy_shuffles[k].legacy)) {
			hit = &wl_legacy_shuffles[k];
			*rule = WL101;
		}
	for (k = 0; k < WL_ARRAY_SIZE(wl_legacy_votes) && !hit; k++)
		if (!strcmp(t->text, wl_legacy_votes[k].legacy)) {
			hit = &wl_legacy_votes[k];
			*rule = WL102;
		}
	if (!hit || i == 0)
		return hit;
	prev = &toks->v[i - 1];
	if (!strcmp(prev->text, ".") || !strcmp(prev->text, "->"))
		return NULL;
	/* ::__shfl() is CUDA's; ns::__shfl() is somebody else's. */
	if (!strcmp(prev->text, "::"))
		return i >= 2 && (toks->v[i - 2].kind == CXToken_Identifier ||
				  !strcmp(toks->v[i - 2].text, ">"))
			       ? NULL
			       : hit;
	/* `int __shfl(`, `#define __shfl(`: a declaration, not a call. */
	if (prev->kind == CXToken_Identifier)
		return NULL;
	if (prev->kind == CXToken_Keyword && !expression_keyword(prev->text))
		return NULL;
	return hit;
}

/*
 * Whether token offset @off is code this parse compiled that the AST may
 * have lost: not in a directive line (macro bodies have their own
 * checks), not in a skipped branch (WL105), not a macro's expansion.
 */
static bool compiled_token(const struct wl_ctx *ctx, unsigned off)
{
	return !wl_pp_in_directive(&ctx->pp, off) &&
	       !wl_pp_inactive_at(&ctx->pp, off) &&
	       !wl_pp_is_expansion(&ctx->pp, off);
}

static void tokenize_main(struct wl_ctx *ctx, struct wl_tokens *toks)
{
	wl_tokens_of_range(ctx->tu, ctx->model.main_file, 0,
			   (unsigned)ctx->src->len, toks);
}

/*
 * Whether the main file's text may hold a token that one of @names
 * (@nr) starts, as the prefilter reads text: line splices undone.
 * Tokenizing the whole file, a token list with a copy of each token's
 * text, was a 30,000-line file's peak of memory (20 MB), and the
 * backups below did it for every file.
 */
static bool text_may_spell(const struct wl_ctx *ctx,
			   const struct wl_legacy_name *names, unsigned nr)
{
	const char *words[4];
	unsigned i;

	for (i = 0; i < nr && i < WL_ARRAY_SIZE(words); i++)
		words[i] = names[i].legacy;
	return wl_prefilter_text_spells(ctx->src->text, ctx->src->len, words,
					i);
}

static const char unparsed_note[] =
	"found in the tokens of code that did not parse completely: the "
	"mask could not be inferred, so no fix is offered";

/*
 * Where the callee's name is spelled, if in the main file; otherwise
 * *@other names the file that spells it (a header's macro), or NULL.
 */
static bool name_location(struct wl_ctx *ctx, struct wl_node *call,
			  const char *name, unsigned *offset, bool *in_macro,
			  char **other)
{
	CXSourceLocation loc;
	CXFile file = NULL;
	unsigned off = 0, exp = 0;
	size_t n = strlen(name);

	*other = NULL;
	if (!call->nr_kids)
		return false;
	loc = clang_getCursorLocation(call->kids[0]->cursor);
	clang_getSpellingLocation(loc, &file, NULL, NULL, &off);
	clang_getExpansionLocation(loc, NULL, NULL, NULL, &exp);
	if (file && !wl_same_file(file, ctx->model.main_file)) {
		CXString fname = clang_getFileName(file);
		const char *base = strrchr(clang_getCString(fname), '/');

		*other = wl_xstrdup(base ? base + 1 : clang_getCString(fname));
		clang_disposeString(fname);
		return false;
	}
	if (!file || off + n > ctx->src->len ||
	    memcmp(ctx->src->text + off, name, n))
		return false;
	*offset = off;
	*in_macro = off != exp;
	return true;
}

/* Offset of the first argument after the '(' that follows the name. */
static bool first_arg_offset(struct wl_ctx *ctx, unsigned name_end,
			     unsigned *offset)
{
	const char *t = ctx->src->text;
	size_t i = name_end, n = ctx->src->len;

	while (i < n && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i >= n || t[i] != '(')
		return false;
	i++;
	while (i < n && (t[i] == ' ' || t[i] == '\t'))
		i++;
	*offset = (unsigned)i;
	return true;
}

struct legacy_site {
	struct wl_node *call;
	unsigned finding;	/* index in ctx->findings */
	unsigned name_off;
	bool has_name, in_macro;
	char *other_file;	/* the name is spelled there, or NULL */
	const struct wl_legacy_name *name;
};

static void build_fix(struct wl_ctx *ctx, struct legacy_site *s,
		      const struct wl_mask *mask)
{
	struct wl_finding *f = &ctx->findings.v[s->finding];
	unsigned arg, n = (unsigned)strlen(s->name->legacy);
	char *desc, *ins;

	if (!first_arg_offset(ctx, s->name_off + n, &arg)) {
		wl_finding_note(f, "no fix: the call's parentheses are not "
				   "written next to its name");
		return;
	}
	desc = wl_xasprintf("use '%s' with mask '%s'", s->name->sync,
			    mask->text);
	f->fix = wl_fix_new(desc);
	free(desc);
	wl_mask_add_setup(mask, f->fix);
	wl_fix_replace(f->fix, s->name_off, n, s->name->sync);
	ins = wl_xasprintf("%s, ", mask->text);
	wl_fix_insert(f->fix, arg, ins);
	free(ins);
}

/*
 * Whether @mask rests on nothing but the code in sight: a full, constant
 * or ballot-computed mask, not a guess and not one its callers pass in.
 */
static bool mask_proved(const struct wl_mask *mask)
{
	return mask->text && mask->reach != WL_REACH_UNKNOWN &&
	       !mask->guessed && !mask->via_param && !mask->own_param;
}

/*
 * `__ballot(1)` asks which lanes are active here, which is what
 * __activemask() answers, with no synchronization to hang on.  Where the
 * lanes that arrive are not proved (trove's `warp_converged()`, called
 * from any branch), that is the fix that keeps the result: a mask for
 * __ballot_sync would have to be guessed.  Only when written plainly,
 * with a constant true predicate.
 */
static bool fix_active_ballot(struct wl_ctx *ctx, struct legacy_site *s,
			      const struct wl_mask *mask)
{
	struct wl_finding *f = &ctx->findings.v[s->finding];

	if (mask_proved(mask) || !s->has_name || s->in_macro ||
	    !s->call->in_main || !wl_ballot_of_true(&ctx->model, s->call) ||
	    s->call->end > ctx->src->len ||
	    ctx->src->text[s->call->end - 1] != ')')
		return false;
	wl_finding_note(f, "the ballot of a true predicate is the set of "
			   "lanes active here, which '__activemask()' gives "
			   "without a mask to prove");
	f->fix = wl_fix_new("use '__activemask()'");
	wl_fix_replace(f->fix, s->name_off, s->call->end - s->name_off,
		       "__activemask()");
	return true;
}

/*
 * A call spelled in a macro body: fix the body once, and only if every
 * expansion needs the same constant mask (a ballot variable would have to
 * exist at every use).
 */
static void fix_macro_call(struct wl_ctx *ctx, struct legacy_site *sites,
			   unsigned nr, unsigned i)
{
	struct legacy_site *s = &sites[i];
	const struct wl_mask *mask = wl_mask_infer(ctx, s->call);
	struct wl_finding *f = &ctx->findings.v[s->finding];
	unsigned j;

	if (!mask->text || (mask->setup && mask->setup->nr_edits)) {
		wl_finding_note(f, "no fix: the macro body would need a mask "
				   "computed at each use (%s)",
				mask->text ? "a lane-dependent branch"
					   : (mask->why ? mask->why : "unknown"));
		return;
	}
	for (j = 0; j < nr; j++) {
		const struct wl_mask *other;

		if (j == i || !sites[j].has_name || sites[j].name_off != s->name_off)
			continue;
		other = wl_mask_infer(ctx, sites[j].call);
		if (!other->text || strcmp(other->text, mask->text) ||
		    (other->setup && other->setup->nr_edits)) {
			unsigned l1, l2, c;

			wl_source_line_col(ctx->src, s->call->begin, &l1, &c);
			wl_source_line_col(ctx->src, sites[j].call->begin, &l2, &c);
			wl_finding_note(f, "no fix: the macro is used where "
					   "different masks apply (lines %u and "
					   "%u); give it a mask parameter",
					l1, l2);
			return;
		}
	}
	build_fix(ctx, s, mask);
}

/* Whether a call of @sites is spelled inside the macro definition @mac. */
static bool macro_used(const struct wl_macro *mac,
		       const struct legacy_site *sites, unsigned nr)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		if (sites[i].has_name && sites[i].name_off >= mac->begin &&
		    sites[i].name_off < mac->end)
			return true;
	return false;
}

/*
 * A legacy call in the body of a macro that this file never expands, as
 * in a project header: report it at the definition.  No use tells the
 * lanes, so the fix takes the full mask and says it guessed (RULES.md,
 * "none are visible"); a use elsewhere under divergence is reported there.
 */
static void check_unused_macro(struct wl_ctx *ctx, enum wl_rule_id rule,
			       const struct wl_macro *mac,
			       const struct wl_legacy_name *names,
			       unsigned nr_names)
{
	CXToken *toks = NULL;
	unsigned nr = 0, i, k;

	clang_tokenize(ctx->tu, clang_getCursorExtent(mac->cursor), &toks, &nr);
	for (i = 1; i + 1 < nr; i++) {
		CXString name = clang_getTokenSpelling(ctx->tu, toks[i]);
		CXString next = clang_getTokenSpelling(ctx->tu, toks[i + 1]);
		const struct wl_legacy_name *hit = NULL;
		unsigned off = 0, arg;

		for (k = 0; k < nr_names && !hit; k++)
			if (!strcmp(clang_getCString(name), names[k].legacy) &&
			    !strcmp(clang_getCString(next), "("))
				hit = &names[k];
		clang_getFileLocation(clang_getTokenLocation(ctx->tu, toks[i]),
				      NULL, NULL, NULL, &off);
		clang_disposeString(name);
		clang_disposeString(next);
		if (!hit)
			continue;
		{
			unsigned n = (unsigned)strlen(hit->legacy);
			struct wl_finding *f = wl_report_at(
				ctx, rule, off, n,
				"'%s' is a legacy warp primitive without a lane "
				"mask; use '%s'", hit->legacy, hit->sync);
			char *mask = wl_mask_const_text(ctx, 0xffffffffu);
			char *ins;

			wl_finding_note(f, "in the body of macro '%s', which this "
					   "file does not use; mask guessed: no use "
					   "tells which lanes arrive, so the fix "
					   "assumes all 32", mac->name);
			if (first_arg_offset(ctx, off + n, &arg)) {
				char *desc = wl_xasprintf("use '%s' with mask '%s'",
							  hit->sync, mask);

				f->fix = wl_fix_new(desc);
				free(desc);
				wl_fix_mark_unsafe(f->fix, "no use of the macro "
						   "tells which lanes arrive");
				wl_fix_replace(f->fix, off, n, hit->sync);
				ins = wl_xasprintf("%s, ", mask);
				wl_fix_insert(f->fix, arg, ins);
				free(ins);
			}
			free(mask);
		}
	}
	clang_disposeTokens(ctx->tu, toks, nr);
}

/* Whether a function of this file is named @name (it shadows CUDA's). */
static bool own_function(struct wl_model *m, const char *name)
{
	unsigned i;

	for (i = 0; i < m->nr_funcs; i++)
		if (!strcmp(m->funcs[i]->name, name))
			return true;
	return false;
}

/*
 * The token-level backup: a legacy call in compiled code that no AST call
 * covers (its statement did not parse: an undeclared macro among its own
 * arguments, an unknown type nearby, a missing header).
 */
static void check_unparsed_calls(struct wl_ctx *ctx, enum wl_rule_id rule,
				 const struct legacy_site *sites, unsigned nr)
{
	struct wl_tokens toks;
	unsigned i, k;

	if (rule == WL101 ? !text_may_spell(ctx, wl_legacy_shuffles,
					    WL_ARRAY_SIZE(wl_legacy_shuffles))
			  : !text_may_spell(ctx, wl_legacy_votes,
					    WL_ARRAY_SIZE(wl_legacy_votes)))
		return;
	tokenize_main(ctx, &toks);
	for (i = 0; i < toks.nr; i++) {
		const struct wl_token *t = &toks.v[i];
		const struct wl_legacy_name *hit;
		enum wl_rule_id r;
		bool covered = false;
		struct wl_finding *f;

		hit = wl_legacy_call_token(&toks, i, &r);
		if (!hit || r != rule || !compiled_token(ctx, t->begin) ||
		    own_function(&ctx->model, hit->legacy))
			continue;
		for (k = 0; k < nr && !covered; k++)
			covered = (sites[k].has_name &&
				   sites[k].name_off == t->begin) ||
				  (sites[k].call->in_main &&
				   t->begin >= sites[k].call->begin &&
				   t->begin < sites[k].call->end);
		/* a call that parsed and runs the project's own function */
		for (k = 0; k < ctx->model.nr_calls && !covered; k++)
			covered = ctx->model.calls[k]->in_main &&
				  ctx->model.calls[k]->begin == t->begin;
		if (covered)
			continue;
		f = wl_report_at(ctx, rule, t->begin,
				 (unsigned)strlen(hit->legacy),
				 "'%s' is a legacy warp primitive without a "
				 "lane mask; use '%s'",
				 hit->legacy, hit->sync);
		wl_finding_note(f, "%s", unparsed_note);
	}
	wl_tokens_release(&toks);
}

void wl_legacy_check_unparsed_asm(struct wl_ctx *ctx)
{
	static const char *const asm_word[] = { "asm" };	/* __asm__ too */
	struct wl_model *m = &ctx->model;
	struct wl_tokens toks;
	unsigned i, k;

	if (!wl_prefilter_text_spells(ctx->src->text, ctx->src->len, asm_word,
				      1))
		return;
	tokenize_main(ctx, &toks);
	for (i = 0; i < toks.nr; i++) {
		const struct wl_token *t = &toks.v[i];
		bool covered = false;
		struct wl_asm a;
		struct wl_finding *f;

		if (!wl_asm_keyword(&toks, i) || !compiled_token(ctx, t->begin))
			continue;
		for (k = 0; k < m->nr_asms && !covered; k++)
			covered = m->asms[k]->in_main &&
				  t->begin >= m->asms[k]->begin &&
				  t->begin < m->asms[k]->end;
		if (covered)
			continue;
		wl_asm_parse(&toks, i, &a);
		for (k = 0; k < a.nr_insns; k++) {
			if (!a.insns[k].legacy)
				continue;
			f = wl_report_at(ctx, WL103, a.insns[k].op_begin, 4,
					 "inline PTX '%s' without '.sync' is "
					 "rejected by ptxas for sm_70 and later; "
					 "use '%s.sync' with a member mask",
					 a.insns[k].op, a.insns[k].op);
			wl_finding_note(f, "%s", unparsed_note);
			break;
		}
	}
	wl_tokens_release(&toks);
}

/* Whether @arg's type is one no CUDA shuffle took: a pointer, a struct. */
static bool not_a_shuffle_operand(struct wl_node *arg)
{
	switch (clang_getCanonicalType(clang_getCursorType(arg->cursor)).kind) {
	case CXType_Pointer:
	case CXType_Record:
	case CXType_ConstantArray:
		return true;
	default:
		return false;
	}
}

/*
 * Whether @call runs a function of the project's named like a legacy
 * primitive, in this file or in a header: clang resolved it so.  A
 * dependent call that only the name ties to the project's function
 * (trove's generic `__shfl<T>`, a double `__shfl_down` of two int
 * shuffles) runs CUDA's own overload for an int or a float, which wins
 * over a template or a conversion: it is still a legacy call, unless
 * its operand is a pointer or a struct, which CUDA's never took.
 */
static bool own_call(struct wl_model *m, struct wl_node *call)
{
	struct wl_func *fn = wl_call_target(m, call);
	struct wl_node *args[1];

	if (!fn)
		fn = wl_call_context_target(m, call);
	if (!fn)
		return false;
	if (!clang_Cursor_isNull(wl_node_referenced(call)))
		return true;
	return wl_call_args(call, args, 1) >= 1 &&
	       not_a_shuffle_operand(wl_node_strip(args[0]));
}

/*
 * The bare vote @call makes when it resolves to CUDA's declaration of
 * `any` or `all` (the shim's, in the global namespace), or NULL: never by
 * name alone, as a project's or a library's `any` is not CUDA's.
 */
static const struct wl_legacy_name *cuda_bare_vote(struct wl_model *m,
						   struct wl_node *call,
						   const char *name)
{
	CXCursor ref;
	CXFile file = NULL;
	unsigned k;

	for (k = 0; k < WL_ARRAY_SIZE(wl_legacy_bare_votes); k++)
		if (!strcmp(name, wl_legacy_bare_votes[k].legacy))
			break;
	if (k == WL_ARRAY_SIZE(wl_legacy_bare_votes))
		return NULL;
	ref = wl_node_referenced(call);
	if (clang_Cursor_isNull(ref) ||
	    clang_getCursorKind(clang_getCursorSemanticParent(ref)) !=
		    CXCursor_TranslationUnit)
		return NULL;
	clang_getExpansionLocation(clang_getCursorLocation(ref), &file, NULL,
				   NULL, NULL);
	return wl_model_foreign_file(m->tu, file) ? &wl_legacy_bare_votes[k]
						  : NULL;
}

void wl_legacy_check(struct wl_ctx *ctx, enum wl_rule_id rule,
		     const struct wl_legacy_name *names, unsigned nr_names)
{
	struct wl_model *m = &ctx->model;
	struct legacy_site *sites = NULL;
	unsigned nr = 0, alloc = 0, i, k;

	for (i = 0; i < m->nr_calls; i++) {
		struct wl_node *call = m->calls[i];
		const char *name = wl_call_name(m, call);
		const struct wl_legacy_name *hit = NULL;
		struct legacy_site *s;
		struct wl_finding *f;

		for (k = 0; k < nr_names && !hit; k++)
			if (!strcmp(name, names[k].legacy))
				hit = &names[k];
		/* A function of the file's own with that name is not CUDA's. */
		if (hit && own_call(m, call))
			continue;
		if (!hit && names == wl_legacy_votes)
			hit = cuda_bare_vote(m, call, name);
		if (!hit)
			continue;
		WL_GROW(sites, nr, alloc);
		s = &sites[nr++];
		memset(s, 0, sizeof(*s));
		s->call = call;
		s->name = hit;
		s->has_name = name_location(ctx, call, hit->legacy, &s->name_off,
					    &s->in_macro, &s->other_file);
		f = wl_report(ctx, rule, call,
			      "'%s' is a legacy warp primitive without a lane "
			      "mask; use '%s'",
			      hit->legacy, hit->sync);
		s->finding = (unsigned)(f - ctx->findings.v);
		if (hit >= wl_legacy_bare_votes &&
		    hit < wl_legacy_bare_votes +
				  WL_ARRAY_SIZE(wl_legacy_bare_votes))
			wl_finding_note(f, "'%s' is CUDA's own wrapper of '__%s' "
					   "(deprecated, device_atomic_functions.h): "
					   "the same legacy vote",
					hit->legacy, hit->legacy);
		if (call->in_macro && s->in_macro) {
			char *macro = wl_node_text(m, call);

			if (macro) {
				char *paren = strchr(macro, '(');

				if (paren)
					*paren = '\0';
				wl_finding_note(f, "expanded from macro '%s'", macro);
			}
			free(macro);
		}
	}
	for (i = 0; i < nr; i++) {
		struct legacy_site *s = &sites[i];
		const struct wl_mask *mask = wl_mask_infer(ctx, s->call);
		struct wl_finding *f = &ctx->findings.v[s->finding];
		char *note;

		if (fix_active_ballot(ctx, s, mask))
			continue;
		note = wl_mask_explain(ctx, mask);
		if (mask->text)
			wl_finding_note(f, "mask '%s': %s", mask->text, note);
		else
			wl_finding_note(f, "no fix: %s", note);
		free(note);
		if (!mask->text)
			continue;
		if (!s->has_name) {
			char *full = wl_mask_const_text(ctx, 0xffffffffu);

			if (!s->other_file)
				wl_finding_note(f, "no fix: the name is not "
						   "written in this file");
			else if (!strcmp(mask->text, full))
				wl_finding_note(f, "no fix here: the macro is "
						   "defined in '%s'; run warplint "
						   "on it to fix the body",
						s->other_file);
			else
				wl_finding_note(f, "no fix: this use needs mask "
						   "'%s', but the macro is defined "
						   "in '%s' for every use; give it "
						   "a mask parameter",
						mask->text, s->other_file);
			free(full);
			continue;
		}
		if (s->in_macro)
			fix_macro_call(ctx, sites, nr, i);
		else
			build_fix(ctx, s, mask);
	}
	for (i = 0; i < m->nr_macros; i++)
		if (!macro_used(&m->macros[i], sites, nr))
			check_unused_macro(ctx, rule, &m->macros[i], names,
					   nr_names);
	check_unparsed_calls(ctx, rule, sites, nr);
	wl_legacy_check_wrappers(ctx, rule);
	for (i = 0; i < nr; i++)
		free(sites[i].other_file);
	free(sites);
}
