/* SPDX-License-Identifier: MIT */
/*
 * WL103 legacy-ptx: inline PTX shfl/vote without .sync is rejected by ptxas
 * for sm_70 and later.  Docs: rules/WL103.md  Corpus: corpus/WL103/
 *
 * The fix turns each `shfl.MODE...;` into `shfl.sync.MODE...,%N;` and each
 * `vote.MODE...;` into `vote.sync.MODE...,%N;`, where %N is a new "r" input
 * operand holding the inferred mask.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"
#include "analyzer/tokens.h"
#include "analyzer/util.h"
#include "fixits/edit.h"
#include "rules/legacy.h"

/* A legacy instruction found in the template. */
struct legacy_insn {
	unsigned name_end;	/* offset just past "shfl" or "vote" */
	unsigned semi;		/* offset of its ';', or 0 if not found */
	const char *op;
};

static bool ident_char(char c)
{
	return c == '_' || c == '.' || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Find legacy shfl/vote instructions in one string literal token. */
static unsigned scan_literal(const struct wl_token *t, struct legacy_insn *out,
			     unsigned max)
{
	static const char *const ops[] = { "shfl.", "vote." };
	const char *s = t->text;
	size_t len = strlen(s), i;
	unsigned n = 0, k;

	for (i = 0; i < len && n < max; i++) {
		for (k = 0; k < WL_ARRAY_SIZE(ops); k++) {
			size_t ol = strlen(ops[k]);
			const char *semi;

			if (strncmp(s + i, ops[k], ol) || (i > 0 && ident_char(s[i - 1])))
				continue;
			if (!strncmp(s + i + ol, "sync", 4))
				continue;	/* already the .sync form */
			out[n].name_end = t->begin + (unsigned)(i + ol - 1);
			out[n].op = ops[k];
			semi = strchr(s + i, ';');
			out[n].semi = semi ? t->begin + (unsigned)(semi - s) : 0;
			n++;
		}
	}
	return n;
}

/* The operand sections of an extended asm: where each ':' is. */
struct asm_layout {
	unsigned colons[4];
	unsigned nr_colons;
	unsigned close;		/* offset of the final ')' */
	unsigned outputs, inputs;	/* operand counts */
	bool named;		/* [name] operands: not handled */
	unsigned last_input_end;	/* end of the last input operand */
};

static void layout(const struct wl_tokens *toks, struct asm_layout *l)
{
	int depth = 0;
	unsigned i, section = 0, items = 0;
	bool seen_item = false;

	memset(l, 0, sizeof(*l));
	for (i = 0; i < toks->nr; i++) {
		const struct wl_token *t = &toks->v[i];

		if (!strcmp(t->text, "(")) {
			depth++;
			if (depth == 1)
				continue;
		} else if (!strcmp(t->text, ")")) {
			if (--depth == 0) {
				l->close = t->begin;
				break;
			}
		}
		if (depth != 1)
			goto item;
		if (!strcmp(t->text, ":") || !strcmp(t->text, "::")) {
			unsigned count = seen_item ? items + 1 : 0;

			if (section == 1)
				l->outputs = count;
			else if (section == 2)
				l->inputs = count;
			/* "::" closes an empty section at once. */
			for (int k = 0; k < (t->text[1] ? 2 : 1); k++) {
				if (l->nr_colons < 4)
					l->colons[l->nr_colons++] =
						t->begin + (unsigned)k;
				section++;
			}
			if (t->text[1] && section == 2)
				l->outputs = count;
			items = 0;
			seen_item = false;
			continue;
		}
		if (!strcmp(t->text, ",")) {
			items++;
			continue;
		}
		if (!strcmp(t->text, "["))
			l->named = true;
item:
		if (section >= 1) {
			seen_item = true;
			if (section == 2 && depth >= 1)
				l->last_input_end = t->end;
		}
	}
	if (section == 1)
		l->outputs = seen_item ? items + 1 : 0;
	else if (section == 2)
		l->inputs = seen_item ? items + 1 : 0;
}

/* Whether @s (of @len bytes) holds a shfl/vote without .sync. */
static bool has_legacy_insn(const char *s, size_t len)
{
	struct wl_token t = { CXToken_Literal, 0, 0, NULL };
	struct legacy_insn insn;
	bool found;

	t.text = wl_xstrndup(s, len);
	found = scan_literal(&t, &insn, 1) > 0;
	free(t.text);
	return found;
}

/*
 * An asm statement spelled in a macro body: libclang will not tokenize
 * it, so read its spelling in the file that defines the macro.  Reported
 * at the use, without a fix (the body is shared by every use).
 */
static void check_asm_in_macro(struct wl_ctx *ctx, struct wl_node *node)
{
	CXSourceRange r = clang_getCursorExtent(node->cursor);
	CXFile f1 = NULL, f2 = NULL;
	unsigned b = 0, e = 0;
	size_t size = 0;
	const char *text;
	struct wl_finding *f;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (!f1 || !f2 || !wl_same_file(f1, f2) || e <= b)
		return;
	text = clang_getFileContents(ctx->tu, f1, &size);
	if (!text || e > size || !has_legacy_insn(text + b, e - b))
		return;
	f = wl_report(ctx, WL103, node,
		      "inline PTX 'shfl'/'vote' without '.sync' (in a macro) is "
		      "rejected by ptxas for sm_70 and later");
	wl_finding_note(f, "no fix: the asm is spelled in a macro body; add "
			   "'.sync' and a member-mask operand there");
}

static void check_asm(struct wl_ctx *ctx, struct wl_node *node)
{
	struct legacy_insn insns[16];
	struct wl_tokens toks;
	struct asm_layout l;
	struct wl_finding *f = NULL;
	const struct wl_mask *mask;
	unsigned n = 0, i, nr_ops;
	char *operand;
	bool fixable = true;

	if (wl_tokens_of(&ctx->model, node, &toks) < 0) {
		check_asm_in_macro(ctx, node);
		return;
	}
	for (i = 0; i < toks.nr && n < WL_ARRAY_SIZE(insns); i++)
		if (toks.v[i].kind == CXToken_Literal && toks.v[i].text[0] == '"')
			n += scan_literal(&toks.v[i], insns + n,
					  (unsigned)WL_ARRAY_SIZE(insns) - n);
	if (!n)
		goto out;
	f = wl_report_at(ctx, WL103, insns[0].name_end - 4, 4,
			 "inline PTX '%.4s' without '.sync' is rejected by ptxas "
			 "for sm_70 and later; use '%.4s.sync' with a member "
			 "mask",
			 insns[0].op, insns[0].op);
	if (n > 1)
		wl_finding_note(f, "%u legacy instructions in this asm "
				   "statement", n);
	layout(&toks, &l);
	for (i = 0; i < n; i++)
		if (!insns[i].semi)
			fixable = false;
	if (!fixable) {
		wl_finding_note(f, "no fix: an instruction's ';' is not in the "
				   "same string literal");
		goto out;
	}
	if (l.nr_colons == 0) {
		wl_finding_note(f, "no fix: basic asm has no operands to carry "
				   "the mask; rewrite it as extended asm");
		goto out;
	}
	if (l.named) {
		wl_finding_note(f, "no fix: named asm operands are not handled");
		goto out;
	}
	mask = wl_mask_infer(ctx, node);
	if (!mask->text) {
		char *why = wl_mask_explain(ctx, mask);

		wl_finding_note(f, "no fix: %s", why);
		free(why);
		goto out;
	}
	nr_ops = l.outputs + l.inputs;
	f->fix = wl_fix_new("use the .sync form with a mask operand");
	wl_mask_add_setup(mask, f->fix);
	for (i = 0; i < n; i++) {
		char *arg = wl_xasprintf(", %%%u", nr_ops);

		wl_fix_insert(f->fix, insns[i].name_end + 1, "sync.");
		wl_fix_insert(f->fix, insns[i].semi, arg);
		free(arg);
	}
	operand = wl_xasprintf("\"r\"(%s)", mask->text);
	if (l.nr_colons == 1) {
		char *s = wl_xasprintf(" : %s", operand);

		wl_fix_insert(f->fix, l.close, s);
		free(s);
	} else if (l.inputs) {
		char *s = wl_xasprintf(", %s", operand);

		wl_fix_insert(f->fix, l.last_input_end, s);
		free(s);
	} else {
		char *s = wl_xasprintf(" %s ", operand);

		wl_fix_insert(f->fix, l.colons[1] + 1, s);
		free(s);
	}
	free(operand);
	{
		char *note = wl_mask_explain(ctx, mask);

		wl_finding_note(f, "mask '%s': %s", mask->text, note);
		free(note);
	}
out:
	wl_tokens_release(&toks);
}

void wl103_check(struct wl_ctx *ctx)
{
	unsigned i;

	for (i = 0; i < ctx->model.nr_asms; i++)
		check_asm(ctx, ctx->model.asms[i]);
}
