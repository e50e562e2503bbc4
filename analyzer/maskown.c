/* SPDX-License-Identifier: MIT */
/*
 * A helper's own mask parameter.  Code written during the move to CUDA 9
 * often already takes the lane mask (`unsigned member_mask`) and passes
 * it to the _sync form in one preprocessor branch, while the branch the
 * build compiles still calls the legacy primitive:
 *
 *	int warp_any(int p, unsigned member_mask)
 *	{
 *	#ifdef USE_SYNC
 *		return __any_sync(member_mask, p);
 *	#else
 *		return __any(p);
 *	#endif
 *	}
 *
 * The project has named the lanes itself: the fix passes that parameter,
 * as the other branch does, instead of inferring a mask from callers the
 * file may not show.  The evidence is read from the function's text, so
 * branches the parse never saw count too.
 */
#define _GNU_SOURCE	/* memmem */
#include "analyzer/maskparam.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "base/source.h"
#include "base/util.h"

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && isspace((unsigned char)*p))
		p++;
	return p;
}

/* Whether @p (before @end) spells the identifier @name, whole. */
static bool ident_at(const char *p, const char *end, const char *name)
{
	size_t n = strlen(name);

	return (size_t)(end - p) >= n && !strncmp(p, name, n) &&
	       (p + n == end || !wl_ident_char(p[n]));
}

/*
 * `..._sync( NAME ,` or `..._sync( NAME )`: the first argument of a
 * collective (`__shfl_sync`, `__ballot_sync`, `__syncwarp`, ...).
 */
static bool passed_to_sync_call(const char *text, const char *end,
				const char *name)
{
	const char *p = text;

	while ((p = memmem(p, (size_t)(end - p), "_sync", 5)) != NULL) {
		const char *q = p + 5;

		p = q;
		if (q < end && (*q == 'w' && end - q >= 4 &&
				!strncmp(q, "warp", 4)))
			q += 4;	/* __syncwarp( */
		else if (q < end && wl_ident_char(*q))
			continue;
		q = skip_space(q, end);
		if (q >= end || *q != '(')
			continue;
		q = skip_space(q + 1, end);
		if (!ident_at(q, end, name))
			continue;
		q = skip_space(q + strlen(name), end);
		if (q < end && (*q == ',' || *q == ')'))
			return true;
	}
	return false;
}

/*
 * The end of the parenthesized operand list opening at @open: the
 * matching ')', string literals skipped; NULL if it does not close.
 */
static const char *matching_paren(const char *open, const char *end)
{
	const char *p;
	int depth = 0;

	for (p = open; p < end; p++) {
		if (*p == '"') {
			for (p++; p < end && *p != '"'; p++)
				if (*p == '\\')
					p++;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')' && --depth == 0) {
			return p;
		}
	}
	return NULL;
}

/*
 * The PTX of an asm statement whose operand list is (@open, @close):
 * its string literals before the first ':' joined, into @ptx (size @n).
 * Returns where the operands start (just past that ':'), or NULL.
 */
static const char *asm_template(const char *open, const char *close,
				char *ptx, size_t n)
{
	const char *p;
	size_t len = 0;

	for (p = open + 1; p < close; p++) {
		if (*p == ':')
			break;
		if (*p != '"')
			continue;
		for (p++; p < close && *p != '"'; p++) {
			if (*p == '\\' && p + 1 < close)
				p++;
			if (len + 1 < n)
				ptx[len++] = *p;
		}
	}
	ptx[len] = '\0';
	return p < close ? p + 1 : NULL;
}

/*
 * The operand numbers @ptx passes as the member mask: the last operand of
 * each `.sync` instruction (`shfl.sync.down.b32 d, a, b, c, %5;`,
 * `vote.sync.ballot.b32 d, p, %2;`), as a bit set.
 */
static unsigned long mask_operands(const char *ptx)
{
	unsigned long set = 0;
	const char *p = ptx;

	while ((p = strstr(p, ".sync")) != NULL) {
		const char *end = p + strcspn(p, ";}");
		const char *last = end;

		p += 5;
		while (last > p && (isspace((unsigned char)last[-1])))
			last--;
		while (last > p && isdigit((unsigned char)last[-1]))
			last--;
		if (last > p && last[-1] == '%' && isdigit((unsigned char)*last))
			set |= 1ul << (strtoul(last, NULL, 10) & 63);
		p = end;
	}
	return set;
}

/*
 * Whether operand @k of the list starting at @ops (before @close) is
 * the expression @name: `"r"(name)`, outputs and inputs counted alike.
 */
static bool operand_is(const char *ops, const char *close, unsigned k,
		       const char *name)
{
	const char *p = ops;
	unsigned i = 0, colons = 0;

	while (p < close && colons < 2) {
		const char *q, *e;

		p = skip_space(p, close);
		if (p >= close)
			break;
		if (*p == ':' || *p == ',') {
			colons += *p == ':';
			p++;
			continue;
		}
		/* "constraint" ( expr ) */
		if (*p == '"')
			p = memchr(p + 1, '"', (size_t)(close - p - 1));
		if (!p || !(q = memchr(p, '(', (size_t)(close - p))))
			return false;
		e = matching_paren(q, close);
		if (!e)
			return false;
		if (i++ == k) {
			q = skip_space(q + 1, e);
			return ident_at(q, e, name) &&
			       skip_space(q + strlen(name), e) == e;
		}
		p = e + 1;
	}
	return false;
}

/*
 * An asm statement with a `.sync` instruction whose mask operand is
 * @name (`shfl.sync`, `vote.sync`, `bar.warp.sync`, `match.sync`).
 */
static bool passed_to_sync_asm(const char *text, const char *end,
			       const char *name)
{
	const char *p = text;
	char ptx[2048];

	while ((p = memmem(p, (size_t)(end - p), "asm", 3)) != NULL) {
		const char *open = p + 3, *close, *ops;
		unsigned long set;
		unsigned k;

		if (p > text && wl_ident_char(p[-1])) {
			p = open;
			continue;
		}
		/* asm volatile (, __asm__ __volatile__ ( */
		while (open < end && (wl_ident_char(*open) ||
				      isspace((unsigned char)*open)))
			open++;
		p = open;
		if (open >= end || *open != '(')
			continue;
		close = matching_paren(open, end);
		if (!close)
			return false;
		p = close;
		ops = asm_template(open, close, ptx, sizeof(ptx));
		set = ops ? mask_operands(ptx) : 0;
		for (k = 0; k < 64 && set >> k; k++)
			if ((set >> k & 1) && operand_is(ops, close, k, name))
				return true;
	}
	return false;
}

/* A 32-bit integer: what a lane mask is, `int member_mask` included. */
static bool is_mask_type(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return t.kind == CXType_UInt || t.kind == CXType_Int;
}

/* Whether @fn's text passes the variable @c as a lane mask. */
static bool used_as_mask(CXCursor c, const char *text, const char *end)
{
	CXString s;
	bool yes;

	if (!is_mask_type(c))
		return false;
	s = clang_getCursorSpelling(c);
	yes = *clang_getCString(s) &&
	      (passed_to_sync_call(text, end, clang_getCString(s)) ||
	       passed_to_sync_asm(text, end, clang_getCString(s)));
	clang_disposeString(s);
	return yes;
}

struct field_search {
	const char *text, *end;
	CXCursor found;
	bool any;
};

static enum CXChildVisitResult visit_field(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct field_search *fs = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FieldDecl ||
	    !used_as_mask(c, fs->text, fs->end))
		return CXChildVisit_Continue;
	fs->found = c;
	fs->any = true;
	return CXChildVisit_Break;
}

static char *spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *name = wl_xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return name;
}

/* @fn's own parameter, or a data member of its class, passed as a mask. */
static char *own_mask(struct wl_func *fn, const char *text, const char *end)
{
	struct field_search fs = { .text = text, .end = end, .any = false };
	CXCursor cls;
	unsigned i;

	for (i = 0; i < fn->nr_params; i++)
		if (used_as_mask(fn->params[i]->cursor, text, end))
			return spelling(fn->params[i]->cursor);
	/* A method: a data member of its class (set by the constructor). */
	cls = clang_getCursorSemanticParent(fn->cursor);
	switch (clang_getCursorKind(cls)) {
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
	case CXCursor_ClassTemplate:
	case CXCursor_ClassTemplatePartialSpecialization:
		clang_visitChildren(cls, visit_field, &fs);
		break;
	default:
		break;
	}
	return fs.any ? spelling(fs.found) : NULL;
}

char *wl_maskparam_existing(struct wl_ctx *ctx, struct wl_func *fn)
{
	const struct wl_node *decl = fn->root;
	char *code, *name;

	if (!decl->in_main || !fn->body || decl->end > ctx->src->len)
		return NULL;
	/* a commented-out `__shfl_sync(member_mask, ...)` is no evidence */
	code = wl_source_code_only(ctx->src->text + decl->begin,
				   decl->end - decl->begin);
	name = own_mask(fn, code, code + (decl->end - decl->begin));
	free(code);
	return name;
}
