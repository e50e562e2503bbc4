/* SPDX-License-Identifier: MIT */
/*
 * Spec files: what a kernel's signature cannot say (launch shapes, template
 * arguments, scalar values, buffer sizes, value ranges, tolerance), read
 * with libyaml.  A key is looked up under `kernels: NAME:` first, then at
 * the top level, so a spec can set defaults for every kernel of a file.
 * README.md documents the keys with an example.
 */
#ifndef WL_GPU_VERIFY_SPEC_H
#define WL_GPU_VERIFY_SPEC_H

#include <stdbool.h>
#include <yaml.h>

struct gv_spec {
	yaml_document_t doc;
	bool loaded; /* false: an empty spec, every lookup misses */
};

/* A node of the spec, or NULL. */
typedef yaml_node_t *gv_node;

/*
 * Parse @text (@len bytes) into @spec.  Returns 0, or -1 with *@err set to
 * an allocated message naming the line.  Keys the harness does not know
 * are an error too, so that a typo does not silently change a run.
 */
int gv_spec_parse(struct gv_spec *spec, const char *text, size_t len,
		  char **err);
/* The same for a file; a missing file is an error. */
int gv_spec_load(struct gv_spec *spec, const char *path, char **err);
void gv_spec_release(struct gv_spec *spec);

/*
 * The value of @key for @kernel, or NULL: under kernels: @kernel (a
 * template instance's label "f<float,256>", then its name "f"), else at
 * the top level.
 */
gv_node gv_spec_get(struct gv_spec *spec, const char *kernel, const char *key);

/* @node's text if it is a scalar, else NULL. */
const char *gv_spec_scalar(struct gv_spec *spec, gv_node node);
/* Element @i of a sequence (or the node itself, as element 0, if it is a
 * scalar); NULL past the end. */
gv_node gv_spec_item(struct gv_spec *spec, gv_node node, unsigned i);
/* The value under @key of a mapping node, or NULL. */
gv_node gv_spec_field(struct gv_spec *spec, gv_node node, const char *key);
/* Key and value of the @i-th pair of a mapping; false past the end. */
bool gv_spec_pair(struct gv_spec *spec, gv_node node, unsigned i,
		  const char **key, gv_node *value);

#endif
