/* SPDX-License-Identifier: MIT */
/*
 * WL103 legacy-ptx: inline PTX shfl/vote without .sync is rejected by ptxas
 * for sm_70 and later.  Docs: rules/WL103.md  Corpus: corpus/WL103/
 *
 * Only the asm statement's own tokens are read: its text in the file, or
 * the body of the macro that spells it.  The fix adds ".sync" after the
 * opcode (`shfl.sync.up.b32`, `vote.sync.ballot.b32`) and, where the
 * instruction has no member-mask operand yet, `, %N` before its ';' with
 * a new "r" input operand %N that holds the inferred mask.  An asm spelled
 * in a macro of this file is reported once, at the macro body, and fixed
 * there when every use needs the same constant mask.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"
#include "analyzer/tokens.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/legacy.h"
#include "rules/legacy_ptx.h"

static struct wl_finding *report_insn(struct wl_ctx *ctx,
				      const struct wl_asm *a)
{
	const struct wl_ptx_insn *insn = NULL;
	struct wl_finding *f;
	unsigned i;

	for (i = 0; i < a->nr_insns && !insn; i++)
		if (a->insns[i].legacy)
			insn = &a->insns[i];
	f = wl_report_at(ctx, WL103, insn->op_begin, 4,
			 "inline PTX '%s' without '.sync' is rejected by ptxas "
			 "for sm_70 and later; use '%s.sync' with a member "
			 "mask",
			 insn->op, insn->op);
	if (a->nr_legacy > 1)
		wl_finding_note(f, "%u legacy instructions in this asm "
				   "statement", a->nr_legacy);
	return f;
}

/*
 * Why @a cannot be rewritten, or NULL.  *@need_operand says whether some
 * instruction still lacks its member-mask operand.
 */
static const char *unfixable(const struct wl_asm *a, bool *need_operand)
{
	unsigned i;

	*need_operand = false;
	if (!a->complete)
		return "the asm statement's ')' was not found";
	if (a->nr_colons == 0)
		return "basic asm has no operands to carry the mask; rewrite "
		       "it as extended asm";
	if (a->named)
		return "named asm operands are not handled";
	for (i = 0; i < a->nr_insns; i++) {
		const struct wl_ptx_insn *insn = &a->insns[i];
		unsigned base = wl_ptx_legacy_operands(insn);

		if (!insn->legacy)
			continue;
		if (insn->opaque)
			return "a macro argument is part of an instruction";
		if (!insn->semi)
			return "an instruction has no ';' in the template";
		if (insn->nr_operands == base)
			*need_operand = true;
		else if (insn->nr_operands != base + 1)
			return "an instruction has an operand count that is "
			       "neither the legacy nor the .sync form";
	}
	return NULL;
}

/* The edits that make @a modern with @mask_text as member mask. */
static void add_edits(struct wl_fix *fix, const struct wl_asm *a,
		      const char *mask_text, bool need_operand)
{
	unsigned i, n = a->outputs + a->inputs;
	char *arg = wl_xasprintf(", %%%u", n);
	char *operand = wl_xasprintf("\"r\"(%s)", mask_text);
	char *s;

	for (i = 0; i < a->nr_insns; i++) {
		const struct wl_ptx_insn *insn = &a->insns[i];

		if (!insn->legacy)
			continue;
		wl_fix_insert(fix, insn->op_end, ".sync");
		if (insn->nr_operands == wl_ptx_legacy_operands(insn))
			wl_fix_insert(fix, insn->semi, arg);
	}
	if (need_operand) {
		if (a->nr_colons == 1) {
			s = wl_xasprintf(" : %s", operand);
			wl_fix_insert(fix, a->close, s);
		} else if (a->inputs) {
			s = wl_xasprintf(", %s", operand);
			wl_fix_insert(fix, a->last_input_end, s);
		} else {
			s = wl_xasprintf(" %s ", operand);
			wl_fix_insert(fix, a->colons[1] + 1, s);
		}
		free(s);
	}
	free(operand);
	free(arg);
}

/* Fix the asm @a of finding @fi with @mask, or say why not. */
static void fix_asm(struct wl_ctx *ctx, unsigned fi, const struct wl_asm *a,
		    const struct wl_mask *mask)
{
	struct wl_finding *f = &ctx->findings.v[fi];
	bool need_operand;
	const char *why = unfixable(a, &need_operand);
	char *note;

	if (why) {
		wl_finding_note(f, "no fix: %s", why);
		return;
	}
	note = wl_mask_explain(ctx, mask);
	if (!mask->text) {
		wl_finding_note(f, "no fix: %s", note);
		free(note);
		return;
	}
	if (need_operand)
		wl_finding_note(f, "mask '%s': %s", mask->text, note);
	else
		wl_finding_note(f, "the member-mask operand is already there");
	free(note);
	f->fix = wl_fix_new("use the .sync form with a mask operand");
	if (need_operand)
		wl_mask_add_setup(mask, f->fix);
	add_edits(f->fix, a, mask->text, need_operand);
}

static void check_statement(struct wl_ctx *ctx, struct wl_node *node)
{
	struct wl_tokens toks;
	struct wl_asm a;

	if (wl_tokens_of(&ctx->model, node, &toks) < 0)
		return;
	if (toks.nr && wl_asm_keyword(&toks, 0)) {
		wl_asm_parse(&toks, 0, &a);
		if (a.nr_legacy) {
			struct wl_finding *f = report_insn(ctx, &a);

			fix_asm(ctx, (unsigned)(f - ctx->findings.v), &a,
				wl_mask_infer(ctx, node));
		}
	}
	wl_tokens_release(&toks);
}

/* The uses of one macro that spells asm statements. */
struct asm_macro {
	CXCursor def;
	CXFile file;
	unsigned offset;	/* of the definition, in its file */
	struct wl_node **uses;
	unsigned *asm_offsets;	/* each use's asm keyword in the body */
	unsigned nr_uses, alloc_uses;
};

/* The macro definition that spells @node's first token, if any. */
static bool macro_of(struct wl_ctx *ctx, struct wl_node *node, CXCursor *def,
		     CXFile *file, unsigned *asm_off)
{
	CXSourceLocation loc =
		clang_getRangeStart(clang_getCursorExtent(node->cursor));
	CXFile f = NULL;
	unsigned line = 0, col = 0, off = 0;
	CXCursor c;

	clang_getSpellingLocation(loc, &f, &line, &col, &off);
	if (!f)
		return false;
	c = clang_getCursor(ctx->tu, clang_getLocation(ctx->tu, f, line, col));
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return false;
	*def = c;
	*file = f;
	*asm_off = off;
	return true;
}

static struct asm_macro *macro_entry(struct asm_macro **v, unsigned *nr,
				     unsigned *alloc, CXCursor def, CXFile file)
{
	unsigned i, off = 0;

	clang_getSpellingLocation(clang_getCursorLocation(def), NULL, NULL,
				  NULL, &off);
	for (i = 0; i < *nr; i++)
		if ((*v)[i].offset == off && wl_same_file((*v)[i].file, file))
			return &(*v)[i];
	WL_GROW(*v, *nr, *alloc);
	memset(&(*v)[*nr], 0, sizeof(**v));
	(*v)[*nr].def = def;
	(*v)[*nr].file = file;
	(*v)[*nr].offset = off;
	return &(*v)[(*nr)++];
}

static char *file_base(CXFile file)
{
	CXString s = clang_getFileName(file);
	const char *name = clang_getCString(s) ? clang_getCString(s) : "";
	const char *base = strrchr(name, '/');
	char *out = wl_xstrdup(base ? base + 1 : name);

	clang_disposeString(s);
	return out;
}

/* "lines 12, 30 and 41" of the uses, for a note. */
static char *use_lines(struct wl_ctx *ctx, const struct asm_macro *mac)
{
	struct wl_buf b = WL_BUF_INIT;
	unsigned i, line, col;

	for (i = 0; i < mac->nr_uses; i++) {
		wl_source_line_col(ctx->src, mac->uses[i]->begin, &line, &col);
		if (i)
			wl_buf_adds(&b, i + 1 == mac->nr_uses ? " and " : ", ");
		wl_buf_addf(&b, "%u", line);
	}
	return wl_buf_detach(&b);
}

/*
 * The mask every use of @mac needs, when they agree on a constant one (a
 * ballot would have to exist at each use); NULL with *@why otherwise.
 */
static const struct wl_mask *common_mask(struct wl_ctx *ctx,
					 const struct asm_macro *mac,
					 char **why)
{
	const struct wl_mask *first = NULL;
	unsigned i, l1, l2, c;

	*why = NULL;
	for (i = 0; i < mac->nr_uses; i++) {
		const struct wl_mask *m = wl_mask_infer(ctx, mac->uses[i]);

		if (!m->text || (m->setup && m->setup->nr_edits)) {
			char *e = wl_mask_explain(ctx, m);

			wl_source_line_col(ctx->src, mac->uses[i]->begin, &l1, &c);
			*why = wl_xasprintf("the macro body would need a mask "
					    "computed at the use on line %u "
					    "(%s)",
					    l1, e);
			free(e);
			return NULL;
		}
		if (!first) {
			first = m;
			continue;
		}
		if (strcmp(first->text, m->text)) {
			wl_source_line_col(ctx->src, mac->uses[0]->begin, &l1, &c);
			wl_source_line_col(ctx->src, mac->uses[i]->begin, &l2, &c);
			*why = wl_xasprintf("the macro is used where different "
					    "masks apply (lines %u and %u); give "
					    "it a mask parameter",
					    l1, l2);
			return NULL;
		}
	}
	return first;
}

static void check_macro(struct wl_ctx *ctx, struct asm_macro *mac)
{
	CXSourceRange r = clang_getCursorExtent(mac->def);
	unsigned b = 0, e = 0, i, k;
	struct wl_tokens toks;
	const char *name = wl_model_spelling(&ctx->model, mac->def);
	bool in_main = wl_same_file(mac->file, ctx->model.main_file);

	clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &b);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	wl_tokens_of_range(ctx->tu, mac->file, b, e, &toks);
	for (i = 0; i < toks.nr; i++) {
		struct wl_asm a;
		bool used = false;

		if (!wl_asm_keyword(&toks, i))
			continue;
		for (k = 0; k < mac->nr_uses; k++)
			used |= mac->asm_offsets[k] == toks.v[i].begin;
		if (!used)
			continue;
		wl_asm_parse(&toks, i, &a);
		if (!a.nr_legacy)
			continue;
		if (in_main) {
			struct wl_finding *f = report_insn(ctx, &a);
			unsigned fi = (unsigned)(f - ctx->findings.v);
			char *lines = use_lines(ctx, mac), *why;
			const struct wl_mask *mask;

			wl_finding_note(f, "in the body of macro '%s', used on "
					   "line%s %s",
					name, mac->nr_uses > 1 ? "s" : "", lines);
			free(lines);
			mask = common_mask(ctx, mac, &why);
			if (mask) {
				fix_asm(ctx, fi, &a, mask);
			} else {
				wl_finding_note(&ctx->findings.v[fi],
						"no fix: %s", why);
				free(why);
			}
			continue;
		}
		/* A header's macro: each use is where the user looks. */
		for (k = 0; k < mac->nr_uses; k++) {
			char *base = file_base(mac->file);
			struct wl_finding *f;

			if (mac->asm_offsets[k] != toks.v[i].begin)
				continue;
			f = wl_report(ctx, WL103, mac->uses[k],
				      "inline PTX '%s' without '.sync' (in macro "
				      "'%s') is rejected by ptxas for sm_70 and "
				      "later",
				      a.insns[0].op, name);
			wl_finding_note(f, "no fix here: the macro is defined in "
					   "'%s'; add '.sync' and a member-mask "
					   "operand there",
					base);
			free(base);
		}
	}
	wl_tokens_release(&toks);
}

/*
 * A macro of this file that spells legacy asm but is never used here (a
 * header analysed on its own): reported at the body, and fixed there with
 * the full mask, marked unsafe, since no use tells which lanes arrive.
 */
static void check_unused_macro(struct wl_ctx *ctx, const struct wl_macro *mac)
{
	struct wl_tokens toks;
	unsigned i;

	wl_tokens_of_range(ctx->tu, ctx->model.main_file, mac->begin, mac->end,
			   &toks);
	for (i = 0; i < toks.nr; i++) {
		struct wl_asm a;
		struct wl_finding *f;
		const char *why;
		bool need_operand;
		char *full;

		if (!wl_asm_keyword(&toks, i))
			continue;
		wl_asm_parse(&toks, i, &a);
		if (!a.nr_legacy)
			continue;
		f = report_insn(ctx, &a);
		wl_finding_note(f, "in the body of macro '%s', which this file "
				   "does not use",
				mac->name);
		why = unfixable(&a, &need_operand);
		if (why) {
			wl_finding_note(f, "no fix: %s", why);
			continue;
		}
		full = wl_mask_const_text(ctx, 0xffffffffu);
		if (need_operand)
			wl_finding_note(f, "mask guessed: no use tells which "
					   "lanes arrive, so the fix assumes all "
					   "32");
		f->fix = wl_fix_new("use the .sync form with a mask operand");
		if (need_operand)
			wl_fix_mark_unsafe(f->fix, "no use of the macro tells "
						   "which lanes arrive");
		add_edits(f->fix, &a, full, need_operand);
		free(full);
	}
	wl_tokens_release(&toks);
}

void wl103_check(struct wl_ctx *ctx)
{
	struct wl_model *m = &ctx->model;
	struct asm_macro *macros = NULL;
	unsigned nr = 0, alloc = 0, i, k;

	for (i = 0; i < m->nr_asms; i++) {
		struct wl_node *node = m->asms[i];
		struct asm_macro *mac;
		CXCursor def;
		CXFile file;
		unsigned off;

		if (!node->in_macro) {
			check_statement(ctx, node);
			continue;
		}
		if (!macro_of(ctx, node, &def, &file, &off))
			continue;
		mac = macro_entry(&macros, &nr, &alloc, def, file);
		if (mac->nr_uses >= mac->alloc_uses) {
			mac->alloc_uses = mac->alloc_uses ? 2 * mac->alloc_uses : 4;
			mac->uses = wl_xrealloc(mac->uses, mac->alloc_uses *
							   sizeof(*mac->uses));
			mac->asm_offsets = wl_xrealloc(
				mac->asm_offsets,
				mac->alloc_uses * sizeof(*mac->asm_offsets));
		}
		mac->asm_offsets[mac->nr_uses] = off;
		mac->uses[mac->nr_uses++] = node;
	}
	for (i = 0; i < nr; i++)
		check_macro(ctx, &macros[i]);
	for (i = 0; i < m->nr_macros; i++) {
		bool used = false;

		for (k = 0; k < nr && !used; k++)
			used = wl_same_file(macros[k].file, m->main_file) &&
			       macros[k].offset >= m->macros[i].begin &&
			       macros[k].offset < m->macros[i].end;
		if (!used)
			check_unused_macro(ctx, &m->macros[i]);
	}
	wl_legacy_check_unparsed_asm(ctx);
	wl_legacy_check_wrappers(ctx, WL103);
	for (i = 0; i < nr; i++) {
		free(macros[i].uses);
		free(macros[i].asm_offsets);
	}
	free(macros);
}
