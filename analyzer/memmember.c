/* SPDX-License-Identifier: MIT */
/*
 * Which member of an element an access names (`p[i].weight`), so that two
 * lanes touching different members of one element do not race.
 *
 * By name, because a template's `cells[i].weight` is a dependent member
 * expression that names no declaration until it is instantiated, and
 * libclang shows only the template: `cells[i].weight` and `cells[j].id`
 * are two members there as they are in plain code.  A union's members
 * share their bytes, so a member of a union is the whole element.
 *
 * A method called on an element (`cells[j].empty()`) reads or writes the
 * element as its body does.  A one-member accessor (its body touches
 * `this` only to name one data member, and calls nothing) is an access
 * of that member; any other method is left to the walk, as before.  In a
 * template the method is looked up by name in the class template.
 */
#include "analyzer/memint.h"

#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "analyzer/cursor.h"
#include "analyzer/model.h"

static uint64_t name_key(const char *name)
{
	uint64_t k = XXH3_64bits(name, strlen(name));

	return k ? k : 1;	/* 0 is the whole element */
}

static bool is_union(CXCursor record)
{
	enum CXCursorKind k = clang_getCursorKind(record);

	if (k == CXCursor_ClassTemplate ||
	    k == CXCursor_ClassTemplatePartialSpecialization)
		k = clang_getTemplateCursorKind(record);
	return k == CXCursor_UnionDecl;
}

/* The method @name of the record (or class template) @record, if one. */
static CXCursor method_named(CXCursor record, const char *name)
{
	if (clang_Cursor_isNull(record))
		return record;
	record = clang_getCursorDefinition(record);
	if (clang_Cursor_isNull(record))
		return record;
	/* an overload set: which one is called is not known here */
	return wl_cursor_unique_child_named(record, CXCursor_CXXMethod, name);
}

struct accessor_scan {
	char name[128];		/* the one member named, "" none yet */
	bool several;		/* more than one, or `this` used otherwise */
};

static enum CXChildVisitResult scan_accessor(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct accessor_scan *as = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;

	if (k == CXCursor_CallExpr || k == CXCursor_CXXThisExpr ||
	    k == CXCursor_LambdaExpr) {
		/* a call, or `this` other than as a member's base */
		if (!(k == CXCursor_CXXThisExpr &&
		      clang_getCursorKind(parent) == CXCursor_MemberRefExpr)) {
			as->several = true;
			return CXChildVisit_Break;
		}
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_MemberRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(c)) ==
		    CXCursor_FieldDecl) {
		CXCursor base = wl_cursor_first_child(c);

		/* a member of another object: not this element's alone */
		if (!clang_Cursor_isNull(base) &&
		    clang_getCursorKind(base) != CXCursor_CXXThisExpr) {
			as->several = true;
			return CXChildVisit_Break;
		}
		s = clang_getCursorSpelling(c);
		if (!as->name[0])
			snprintf(as->name, sizeof(as->name), "%s",
				 clang_getCString(s));
		else if (strcmp(as->name, clang_getCString(s)))
			as->several = true;
		clang_disposeString(s);
	}
	return as->several ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Method @method as an access of one member: its name's key in *@field
 * and whether it may write; false when it is not a one-member accessor.
 */
static bool accessor(CXCursor method, uint64_t *field, unsigned *kind)
{
	struct accessor_scan as = { "", false };
	CXCursor def = clang_getCursorDefinition(method);

	if (clang_Cursor_isNull(def))
		return false;
	clang_visitChildren(def, scan_accessor, &as);
	if (as.several || !as.name[0])
		return false;
	*field = name_key(as.name);
	*kind = clang_CXXMethod_isConst(method) ? WL_MEM_READ
						: WL_MEM_READ | WL_MEM_WRITE;
	return true;
}

/* The name @member spells into @buf (a dependent one's: its last token). */
static const char *member_name(struct wl_model *m, struct wl_node *member,
			       CXCursor ref, char *buf, size_t size)
{
	CXString s;

	if (!clang_Cursor_isNull(ref))
		return wl_model_spelling(m, ref);
	s = wl_cursor_member_name(member->cursor);
	snprintf(buf, size, "%s", clang_getCString(s) ? clang_getCString(s)
						     : "");
	clang_disposeString(s);
	return buf;
}

void ma_member_of(struct wl_model *m, struct wl_node *elem,
		  struct wl_node *member, struct ma_member *out)
{
	CXCursor ref = wl_node_referenced(member), record;
	enum CXCursorKind k = clang_getCursorKind(ref);
	char buf[128];
	const char *name = member_name(m, member, ref, buf, sizeof(buf));
	struct wl_node *callee = member, *call = member->parent;

	while (call && call->kind == CXCursor_UnexposedExpr &&
	       call->nr_kids == 1) {
		callee = call;
		call = call->parent;
	}
	memset(out, 0, sizeof(*out));
	out->method = k == CXCursor_CXXMethod ||
		      (call && call->kind == CXCursor_CallExpr &&
		       call->nr_kids && call->kids[0] == callee);
	if (!out->method) {
		record = clang_getCursorSemanticParent(ref);
		if (clang_Cursor_isNull(ref))
			record = clang_getTypeDeclaration(
				clang_getCursorType(elem->cursor));
		if (name && *name && !is_union(record))
			out->field = name_key(name);
		return;
	}
	if (k != CXCursor_CXXMethod && name && *name)
		ref = method_named(clang_getTypeDeclaration(clang_getCursorType(
					   elem->cursor)),
				   name);
	out->resolved = !clang_Cursor_isNull(ref);
	out->accessor = out->resolved &&
			accessor(ref, &out->field, &out->kind);
	/* a union's members share their bytes: the whole element */
	if (out->accessor && is_union(clang_getCursorSemanticParent(ref)))
		out->field = 0;
}
