/* SPDX-License-Identifier: MIT */
/*
 * Inline PTX as WL103, WL104 and WL105 read it.  The template is the
 * concatenation of the string literals between "asm(" and the first
 * section colon; each character keeps its offset in the file so that a
 * fix can edit the literal it came from.  Anything else in the template
 * (a macro parameter stringified with #x) becomes a hole: an instruction
 * that touches a hole is opaque, reported but never rewritten.
 */
#include "rules/legacy_ptx.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/model.h"
#include "base/util.h"

#define HOLE ((unsigned)-1)

/* The template as text, with each byte's file offset (HOLE for holes). */
struct tmpl {
	char *text;
	unsigned *offsets;
	size_t len, alloc;
};

static void tmpl_add(struct tmpl *t, char c, unsigned offset)
{
	if (t->len + 1 >= t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 256;
		t->text = wl_xrealloc(t->text, t->alloc);
		t->offsets = wl_xrealloc(t->offsets,
					 t->alloc * sizeof(*t->offsets));
	}
	t->text[t->len] = c;
	t->offsets[t->len++] = offset;
	t->text[t->len] = '\0';
}

/* Append the contents of a string literal token, between its quotes. */
static void tmpl_add_literal(struct tmpl *t, const struct wl_token *tok)
{
	const char *s = tok->text, *q = strchr(s, '"');
	size_t n = strlen(s), i;

	if (!q || n < 2 || s[n - 1] != '"')
		return;
	for (i = (size_t)(q - s) + 1; i + 1 < n; i++)
		tmpl_add(t, s[i], tok->begin + (unsigned)i);
}

bool wl_asm_keyword(const struct wl_tokens *toks, unsigned i)
{
	const char *s = i < toks->nr ? toks->v[i].text : "";

	return !strcmp(s, "asm") || !strcmp(s, "__asm__") || !strcmp(s, "__asm");
}

static bool is_string(const struct wl_token *t)
{
	size_t n = strlen(t->text);

	return t->kind == CXToken_Literal && n >= 2 && t->text[n - 1] == '"';
}

static bool word_char(char c)
{
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Skip a "//" comment in the template: to its escaped newline or the end. */
static size_t skip_comment(const struct tmpl *t, size_t i)
{
	while (i < t->len && !(t->text[i] == '\\' && i + 1 < t->len &&
			       t->text[i + 1] == 'n'))
		i++;
	return i;
}

/* Read one instruction whose opcode starts at @i; returns where it ends. */
static size_t read_insn(const struct tmpl *t, size_t i, const char *op,
			struct wl_ptx_insn *insn)
{
	size_t j = i + 4, k;
	bool sync = false, any = false;
	unsigned commas = 0;

	memset(insn, 0, sizeof(*insn));
	insn->op = op;
	insn->op_begin = t->offsets[i];
	insn->op_end = t->offsets[i + 3] == HOLE ? HOLE : t->offsets[i + 3] + 1;
	insn->opaque = insn->op_end == HOLE;
	/* The modifiers: .word ... up to the first blank. */
	while (j < t->len && (t->text[j] == '.' || word_char(t->text[j]) ||
			      t->offsets[j] == HOLE)) {
		if (t->offsets[j] == HOLE) {
			insn->opaque = true;
			j++;
			continue;
		}
		if (t->text[j] == '.') {
			k = j + 1;
			while (k < t->len && word_char(t->text[k]) &&
			       t->offsets[k] != HOLE)
				k++;
			if (k - j - 1 == 4 && !memcmp(t->text + j + 1, "sync", 4))
				sync = true;
			j = k;
			continue;
		}
		j++;
	}
	insn->legacy = !sync;
	/* The operands, up to the ';'. */
	for (k = j; k < t->len && t->text[k] != ';'; k++) {
		if (t->offsets[k] == HOLE)
			insn->opaque = true;
		else if (t->text[k] == ',')
			commas++;
		else if (!(t->text[k] == ' ' || t->text[k] == '\t' ||
			   (t->text[k] == '\\' && k + 1 < t->len &&
			    (t->text[k + 1] == 't' || t->text[k + 1] == 'n'))))
			any = true;
		if (t->text[k] == '\\')
			k++;
	}
	insn->nr_operands = any ? commas + 1 : 0;
	insn->semi = k < t->len ? t->offsets[k] : 0;
	return k;
}

/*
 * Whether an opcode may start at @i: not inside a word, a modifier
 * (`.shfl`) or a register (`%vote`).  An escape sequence ends a word:
 * the 't' of "...;\n\t" is not part of the opcode that follows it.
 */
static bool opcode_start(const struct tmpl *t, size_t i)
{
	char c = i > 0 ? t->text[i - 1] : ' ';

	if (c == '.' || c == '%')
		return false;
	return !word_char(c) || (i >= 2 && t->text[i - 2] == '\\');
}

static void scan_template(const struct tmpl *t, struct wl_asm *a)
{
	static const char *const ops[] = { "shfl", "vote" };
	size_t i = 0;

	while (i < t->len && a->nr_insns < WL_ARRAY_SIZE(a->insns)) {
		unsigned k;
		bool hit = false;

		if (t->text[i] == '/' && i + 1 < t->len && t->text[i + 1] == '/') {
			i = skip_comment(t, i);
			continue;
		}
		for (k = 0; k < WL_ARRAY_SIZE(ops) && !hit; k++) {
			struct wl_ptx_insn *insn = &a->insns[a->nr_insns];

			if (i + 4 >= t->len || memcmp(t->text + i, ops[k], 4) ||
			    !opcode_start(t, i) ||
			    (t->text[i + 4] != '.' && t->offsets[i + 4] != HOLE))
				continue;
			hit = true;
			i = read_insn(t, i, ops[k], insn);
			a->nr_legacy += insn->legacy;
			a->nr_insns++;
		}
		if (!hit)
			i++;
	}
}

void wl_asm_parse(const struct wl_tokens *toks, unsigned first,
		  struct wl_asm *a)
{
	struct tmpl t = { NULL, NULL, 0, 0 };
	unsigned i, section = 0, items = 0;
	int depth = 0;
	bool seen_item = false;

	memset(a, 0, sizeof(*a));
	a->first = first;
	a->keyword = first < toks->nr ? toks->v[first].begin : 0;
	for (i = first + 1; i < toks->nr; i++) {
		const struct wl_token *tk = &toks->v[i];

		if (!strcmp(tk->text, "(")) {
			if (++depth == 1)
				continue;
		} else if (!strcmp(tk->text, ")")) {
			if (--depth == 0) {
				a->close = tk->begin;
				a->complete = true;
				break;
			}
		} else if (!depth) {
			/* volatile, __volatile__, goto, inline */
			if (tk->kind == CXToken_Keyword ||
			    tk->kind == CXToken_Identifier)
				continue;
			break;
		}
		if (depth == 1 && (!strcmp(tk->text, ":") ||
				   !strcmp(tk->text, "::"))) {
			unsigned count = seen_item ? items + 1 : 0, k;

			if (section == 1)
				a->outputs = count;
			else if (section == 2)
				a->inputs = count;
			/* "::" closes an empty section at once. */
			for (k = 0; k < (tk->text[1] ? 2u : 1u); k++) {
				if (a->nr_colons < 4)
					a->colons[a->nr_colons++] = tk->begin + k;
				section++;
			}
			if (tk->text[1] && section == 2)
				a->outputs = count;
			items = 0;
			seen_item = false;
			continue;
		}
		if (section == 0) {
			if (is_string(tk))
				tmpl_add_literal(&t, tk);
			else
				tmpl_add(&t, '\x01', HOLE);
			continue;
		}
		if (depth == 1 && !strcmp(tk->text, ",")) {
			items++;
			continue;
		}
		/* [name] "r"(x): a named operand opens the item. */
		if (depth == 1 && !seen_item && !strcmp(tk->text, "["))
			a->named = true;
		seen_item = true;
		if (section == 2)
			a->last_input_end = tk->end;
	}
	a->last = i < toks->nr ? i : toks->nr - 1;
	if (section == 1)
		a->outputs = seen_item ? items + 1 : 0;
	else if (section == 2)
		a->inputs = seen_item ? items + 1 : 0;
	if (t.len)
		scan_template(&t, a);
	free(t.text);
	free(t.offsets);
}

unsigned wl_ptx_legacy_operands(const struct wl_ptx_insn *insn)
{
	return !strcmp(insn->op, "shfl") ? 4 : 2;
}

bool wl_asm_cursor_legacy(CXTranslationUnit tu, CXCursor c, const char **op,
			  CXSourceLocation *loc)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1 = NULL, f2 = NULL;
	unsigned line = 0, col = 0, b = 0, e = 0, at = 0, i;
	CXCursor def;
	struct wl_tokens toks;
	struct wl_asm a;
	bool found = false;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, &line, &col, &b);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (!f1)
		return false;
	def = clang_getCursor(tu, clang_getLocation(tu, f1, line, col));
	if (clang_getCursorKind(def) == CXCursor_MacroDefinition) {
		/* Spelled in a macro: read the body, never beyond it. */
		CXSourceRange dr = clang_getCursorExtent(def);

		at = b;
		clang_getSpellingLocation(clang_getRangeStart(dr), NULL, NULL,
					  NULL, &b);
		clang_getSpellingLocation(clang_getRangeEnd(dr), NULL, NULL,
					  NULL, &e);
		wl_tokens_of_range(tu, f1, b, e, &toks);
		i = wl_tokens_find(&toks, at);
	} else {
		if (!f2 || !wl_same_file(f1, f2) || e < b)
			return false;
		wl_tokens_of_range(tu, f1, b, e + 1, &toks);
		i = 0;
	}
	if (wl_asm_keyword(&toks, i)) {
		wl_asm_parse(&toks, i, &a);
		for (i = 0; i < a.nr_insns && !found; i++) {
			if (!a.insns[i].legacy)
				continue;
			*op = a.insns[i].op;
			*loc = clang_getLocationForOffset(tu, f1,
							  a.insns[i].op_begin);
			found = true;
		}
	}
	wl_tokens_release(&toks);
	return found;
}
