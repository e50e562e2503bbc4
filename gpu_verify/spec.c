/* SPDX-License-Identifier: MIT */
/* Spec files: a libyaml document and lookups by kernel and key. */
#include "gpu_verify/spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Every key a spec may use, at the top level or under a kernel. */
static const char *const known_keys[] = {
    "kernels",	 "block",	  "grid",    "n",	"shapes",
    "smem",	 "template_args", "scalars", "buffers", "ranges",
    "tolerance", "seeds",	  "skip",    "repeats", "args",
    "globals",	 "ignore",
};

static bool known(const char *key)
{
	size_t i;

	for (i = 0; i < WL_ARRAY_SIZE(known_keys); i++)
		if (!strcmp(key, known_keys[i]))
			return true;
	return false;
}

/* Check the keys of a top-level or kernel mapping; NULL if all known. */
static char *check_keys(struct gv_spec *spec, gv_node map, bool top)
{
	const char *key;
	gv_node val;
	unsigned i;

	for (i = 0; gv_spec_pair(spec, map, i, &key, &val); i++) {
		if (!known(key) || (!top && !strcmp(key, "kernels")))
			return wl_xasprintf(
			    "line %lu: unknown key '%s'",
			    (unsigned long)val->start_mark.line + 1, key);
	}
	return NULL;
}

int gv_spec_parse(struct gv_spec *spec, const char *text, size_t len,
		  char **err)
{
	yaml_parser_t parser;
	gv_node root, kernels, k;
	const char *name;
	unsigned i;
	int ok;

	memset(spec, 0, sizeof(*spec));
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	ok = yaml_parser_load(&parser, &spec->doc);
	if (!ok) {
		*err = wl_xasprintf(
		    "line %lu: %s", (unsigned long)parser.problem_mark.line + 1,
		    parser.problem ? parser.problem : "bad YAML");
		yaml_parser_delete(&parser);
		return -1;
	}
	yaml_parser_delete(&parser);
	spec->loaded = true;
	root = yaml_document_get_root_node(&spec->doc);
	if (!root) /* an empty file is an empty spec */
		return 0;
	if (root->type != YAML_MAPPING_NODE) {
		*err = wl_xstrdup("the spec must be a mapping of keys");
		goto fail;
	}
	*err = check_keys(spec, root, true);
	if (*err)
		goto fail;
	kernels = gv_spec_field(spec, root, "kernels");
	for (i = 0; kernels && gv_spec_pair(spec, kernels, i, &name, &k); i++) {
		if (k->type != YAML_MAPPING_NODE) {
			*err = wl_xasprintf("kernel '%s': expected a mapping",
					    name);
			goto fail;
		}
		*err = check_keys(spec, k, false);
		if (*err)
			goto fail;
	}
	return 0;
fail:
	gv_spec_release(spec);
	return -1;
}

int gv_spec_load(struct gv_spec *spec, const char *path, char **err)
{
	struct wl_buf buf = WL_BUF_INIT;
	char chunk[4096];
	size_t n;
	FILE *f;
	int r;

	memset(spec, 0, sizeof(*spec));
	f = fopen(path, "rb");
	if (!f) {
		*err = wl_xasprintf("cannot open %s", path);
		return -1;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		wl_buf_add(&buf, chunk, n);
	fclose(f);
	r = gv_spec_parse(spec, buf.s ? buf.s : "", buf.len, err);
	wl_buf_release(&buf);
	return r;
}

void gv_spec_release(struct gv_spec *spec)
{
	if (spec->loaded)
		yaml_document_delete(&spec->doc);
	spec->loaded = false;
}

const char *gv_spec_scalar(struct gv_spec *spec, gv_node node)
{
	(void)spec;
	if (!node || node->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)node->data.scalar.value;
}

gv_node gv_spec_item(struct gv_spec *spec, gv_node node, unsigned i)
{
	yaml_node_item_t *it;

	if (!node)
		return NULL;
	if (node->type == YAML_SCALAR_NODE)
		return i == 0 ? node : NULL;
	if (node->type != YAML_SEQUENCE_NODE)
		return NULL;
	it = node->data.sequence.items.start + i;
	if (it >= node->data.sequence.items.top)
		return NULL;
	return yaml_document_get_node(&spec->doc, *it);
}

bool gv_spec_pair(struct gv_spec *spec, gv_node node, unsigned i,
		  const char **key, gv_node *value)
{
	yaml_node_pair_t *pair;
	gv_node k;

	if (!node || node->type != YAML_MAPPING_NODE)
		return false;
	pair = node->data.mapping.pairs.start + i;
	if (pair >= node->data.mapping.pairs.top)
		return false;
	k = yaml_document_get_node(&spec->doc, pair->key);
	*key = gv_spec_scalar(spec, k);
	if (!*key)
		*key = "";
	*value = yaml_document_get_node(&spec->doc, pair->value);
	return true;
}

gv_node gv_spec_field(struct gv_spec *spec, gv_node node, const char *key)
{
	const char *k;
	gv_node v;
	unsigned i;

	for (i = 0; gv_spec_pair(spec, node, i, &k, &v); i++)
		if (!strcmp(k, key))
			return v;
	return NULL;
}

gv_node gv_spec_get(struct gv_spec *spec, const char *kernel, const char *key)
{
	gv_node root, v;

	if (!spec->loaded)
		return NULL;
	root = yaml_document_get_root_node(&spec->doc);
	if (!root)
		return NULL;
	if (kernel) {
		gv_node ks = gv_spec_field(spec, root, "kernels");
		const char *lt = strchr(kernel, '<');

		/* "f<float,256>" first, then "f", then the top level. */
		v = gv_spec_field(spec, gv_spec_field(spec, ks, kernel), key);
		if (v)
			return v;
		if (lt) {
			char *base = wl_xstrndup(kernel, (size_t)(lt - kernel));

			v = gv_spec_field(spec, gv_spec_field(spec, ks, base),
					  key);
			free(base);
			if (v)
				return v;
		}
	}
	return gv_spec_field(spec, root, key);
}
