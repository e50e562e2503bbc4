/* SPDX-License-Identifier: MIT */
/*
 * The .warplint configuration file, read with libyaml's document API so
 * that every node keeps its mark (line and column) for error messages.
 */
#include "driver/config.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

#include "base/util.h"

struct loader {
	struct wl_config *cfg;
	yaml_document_t *doc;
	char *err;
};

static int fail(struct loader *l, const yaml_node_t *node, const char *fmt,
		const char *arg)
{
	char *what = wl_xasprintf(fmt, arg);

	/* libyaml counts from 0; editors and compilers from 1. */
	l->err = wl_xasprintf("%s:%zu:%zu: %s", l->cfg->path,
			      node->start_mark.line + 1,
			      node->start_mark.column + 1, what);
	free(what);
	return -1;
}

static const char *scalar(const yaml_node_t *node)
{
	return node->type == YAML_SCALAR_NODE ? (const char *)node->data.scalar.value
					      : NULL;
}

/* A scalar or a sequence of scalars: call @each on every string. */
static int for_each_string(struct loader *l, yaml_node_t *node,
			   const char *key,
			   int (*each)(struct loader *, yaml_node_t *,
				       const char *, void *),
			   void *data)
{
	yaml_node_item_t *it;

	if (node->type == YAML_SCALAR_NODE)
		return each(l, node, scalar(node), data);
	if (node->type != YAML_SEQUENCE_NODE)
		return fail(l, node, "'%s' must be a list of strings", key);
	for (it = node->data.sequence.items.start;
	     it < node->data.sequence.items.top; it++) {
		yaml_node_t *item = yaml_document_get_node(l->doc, *it);

		if (!item || item->type != YAML_SCALAR_NODE)
			return fail(l, item ? item : node,
				    "'%s' must be a list of strings", key);
		if (each(l, item, scalar(item), data) < 0)
			return -1;
	}
	return 0;
}

static int set_rule(struct loader *l, yaml_node_t *node, const char *s,
		    void *data)
{
	const struct wl_rule *r = wl_rule_find(s);

	if (!r)
		return fail(l, node, "unknown rule '%s'", s);
	l->cfg->enable[r->id] = *(enum wl_tristate *)data;
	return 0;
}

static int push_string(struct loader *l, yaml_node_t *node, const char *s,
		       void *data)
{
	(void)l;
	(void)node;
	wl_strvec_push(data, s);
	return 0;
}

static int parse_level(const char *s)
{
	if (!s)
		return -1;
	if (!strcmp(s, "note"))
		return WL_LEVEL_NOTE;
	if (!strcmp(s, "warning"))
		return WL_LEVEL_WARNING;
	if (!strcmp(s, "error"))
		return WL_LEVEL_ERROR;
	return -1;
}

static int parse_severity(struct loader *l, yaml_node_t *node)
{
	yaml_node_pair_t *p;

	if (node->type != YAML_MAPPING_NODE)
		return fail(l, node, "%s must map rule ids to levels",
			    "'severity'");
	for (p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(l->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(l->doc, p->value);
		const struct wl_rule *r = scalar(k) ? wl_rule_find(scalar(k)) : NULL;
		int level = parse_level(scalar(v));

		if (!r)
			return fail(l, k, "unknown rule '%s'",
				    scalar(k) ? scalar(k) : "");
		if (level < 0)
			return fail(l, v, "bad level '%s' (note, warning or "
				    "error)", scalar(v) ? scalar(v) : "");
		l->cfg->level[r->id] = level;
	}
	return 0;
}

static int parse_bool(struct loader *l, yaml_node_t *node,
		      enum wl_tristate *out)
{
	const char *s = scalar(node);

	if (s && (!strcmp(s, "true") || !strcmp(s, "yes")))
		*out = WL_ON;
	else if (s && (!strcmp(s, "false") || !strcmp(s, "no")))
		*out = WL_OFF;
	else
		return fail(l, node, "bad value '%s' (true or false)",
			    s ? s : "");
	return 0;
}

/* launch: {block-x-multiple-of-32: true}: what the launches guarantee. */
static int parse_launch(struct loader *l, yaml_node_t *node)
{
	yaml_node_pair_t *p;

	if (node->type != YAML_MAPPING_NODE)
		return fail(l, node, "%s must map launch facts to true or "
			    "false", "'launch'");
	for (p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(l->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(l->doc, p->value);

		if (!scalar(k) || strcmp(scalar(k), "block-x-multiple-of-32"))
			return fail(l, k, "unknown launch fact '%s' "
				    "(block-x-multiple-of-32)",
				    scalar(k) ? scalar(k) : "");
		if (parse_bool(l, v, &l->cfg->block_x_multiple_of_32) < 0)
			return -1;
	}
	return 0;
}

/* A name's characters: it is printed in notes and in JSON/SARIF. */
static bool good_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-' ||
		      *s == '.' || *s == '+'))
			return false;
	return true;
}

static int push_define(struct loader *l, yaml_node_t *node, const char *s,
		       void *data)
{
	char *flag;

	if (!*s || *s == '=' || strchr(s, ' '))
		return fail(l, node, "bad define '%s' (NAME or NAME=VALUE)", s);
	flag = wl_xasprintf("-D%s", s);
	wl_strvec_push(data, flag);
	free(flag);
	return 0;
}

/* One entry of `configurations`: {name: NAME, defines: [X, Y=1]}. */
static int parse_configuration(struct loader *l, yaml_node_t *node)
{
	struct wl_config *cfg = l->cfg;
	struct wl_configuration *c;
	yaml_node_pair_t *p;
	unsigned i;

	if (node->type != YAML_MAPPING_NODE)
		return fail(l, node, "%s", "a configuration is a mapping with "
			    "'name' and 'defines'");
	if (cfg->nr_configs == WL_MAX_CONFIGURATIONS)
		return fail(l, node, "%s", "too many configurations");
	cfg->configs = wl_xrealloc(cfg->configs, (cfg->nr_configs + 1) *
						 sizeof(*cfg->configs));
	c = &cfg->configs[cfg->nr_configs++];
	memset(c, 0, sizeof(*c));
	for (p = node->data.mapping.pairs.start;
	     p < node->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(l->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(l->doc, p->value);
		const char *key = scalar(k);

		if (key && !strcmp(key, "name")) {
			if (!scalar(v) || !good_name(scalar(v)))
				return fail(l, v, "bad configuration name '%s' "
					    "(letters, digits, _ - . +)",
					    scalar(v) ? scalar(v) : "");
			free(c->name);
			c->name = wl_xstrdup(scalar(v));
		} else if (key && !strcmp(key, "defines")) {
			if (for_each_string(l, v, key, push_define, &c->args) < 0)
				return -1;
		} else {
			return fail(l, k, "unknown key '%s' in a configuration "
				    "(name, defines)", key ? key : "");
		}
	}
	if (!c->name)
		return fail(l, node, "%s", "a configuration needs a 'name'");
	for (i = 0; i + 1 < cfg->nr_configs; i++)
		if (!strcmp(cfg->configs[i].name, c->name))
			return fail(l, node, "configuration '%s' is listed twice",
				    c->name);
	return 0;
}

static int parse_configurations(struct loader *l, yaml_node_t *node)
{
	yaml_node_item_t *it;

	if (node->type != YAML_SEQUENCE_NODE)
		return fail(l, node, "%s", "'configurations' must be a list");
	for (it = node->data.sequence.items.start;
	     it < node->data.sequence.items.top; it++) {
		yaml_node_t *item = yaml_document_get_node(l->doc, *it);

		if (!item || parse_configuration(l, item) < 0)
			return item ? -1 : fail(l, node, "%s", "bad entry");
	}
	return 0;
}

static int parse_root(struct loader *l, yaml_node_t *root)
{
	static enum wl_tristate on = WL_ON, off = WL_OFF;
	yaml_node_pair_t *p;

	/* An empty file is a valid, empty configuration. */
	if (!root || (root->type == YAML_SCALAR_NODE && !*scalar(root)))
		return 0;
	if (root->type != YAML_MAPPING_NODE)
		return fail(l, root, "%s", "expected a mapping of settings");
	for (p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(l->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(l->doc, p->value);
		const char *key = scalar(k);
		int ret;

		if (!key)
			return fail(l, k, "%s", "keys must be strings");
		if (!strcmp(key, "enable"))
			ret = for_each_string(l, v, key, set_rule, &on);
		else if (!strcmp(key, "disable"))
			ret = for_each_string(l, v, key, set_rule, &off);
		else if (!strcmp(key, "severity"))
			ret = parse_severity(l, v);
		else if (!strcmp(key, "extra-args"))
			ret = for_each_string(l, v, key, push_string,
					      &l->cfg->extra_args);
		else if (!strcmp(key, "exclude"))
			ret = for_each_string(l, v, key, push_string,
					      &l->cfg->exclude);
		else if (!strcmp(key, "configurations"))
			ret = parse_configurations(l, v);
		else if (!strcmp(key, "launch"))
			ret = parse_launch(l, v);
		else
			ret = fail(l, k, "unknown key '%s' (enable, disable, "
				   "severity, extra-args, exclude, "
				   "configurations, launch)", key);
		if (ret < 0)
			return -1;
	}
	return 0;
}

static char *dir_of(const char *path)
{
	char *copy = wl_xstrdup(path), *dir = wl_xstrdup(dirname(copy));

	free(copy);
	return dir;
}

int wl_config_load(struct wl_config *cfg, const char *path, char **err)
{
	struct loader l = { cfg, NULL, NULL };
	yaml_parser_t parser;
	yaml_document_t doc;
	FILE *f;
	unsigned i;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	for (i = 0; i < WL_NR_RULES; i++) {
		cfg->enable[i] = WL_UNSET;
		cfg->level[i] = -1;
	}
	cfg->block_x_multiple_of_32 = WL_UNSET;
	cfg->path = wl_xstrdup(path);
	cfg->dir = dir_of(path);
	f = fopen(path, "rb");
	if (!f) {
		*err = wl_xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &doc)) {
		*err = wl_xasprintf("%s:%zu:%zu: %s", path,
				    parser.problem_mark.line + 1,
				    parser.problem_mark.column + 1,
				    parser.problem ? parser.problem
						   : "invalid YAML");
		yaml_parser_delete(&parser);
		fclose(f);
		return -1;
	}
	l.doc = &doc;
	ret = parse_root(&l, yaml_document_get_root_node(&doc));
	if (ret < 0)
		*err = l.err;
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	fclose(f);
	return ret;
}

void wl_config_release(struct wl_config *cfg)
{
	unsigned i;

	for (i = 0; i < cfg->nr_configs; i++) {
		free(cfg->configs[i].name);
		wl_strvec_release(&cfg->configs[i].args);
	}
	free(cfg->configs);
	free(cfg->path);
	free(cfg->dir);
	wl_strvec_release(&cfg->extra_args);
	wl_strvec_release(&cfg->exclude);
	memset(cfg, 0, sizeof(*cfg));
}

char *wl_config_find(const char *source)
{
	char *abs = realpath(source, NULL), *dir, *found = NULL;

	if (!abs)
		return NULL;
	dir = dir_of(abs);
	free(abs);
	for (;;) {
		char *candidate = wl_xasprintf("%s%s%s", dir,
					       strcmp(dir, "/") ? "/" : "",
					       WL_CONFIG_NAME);
		char *parent;

		if (access(candidate, F_OK) == 0) {
			found = candidate;
			break;
		}
		free(candidate);
		if (!strcmp(dir, "/"))
			break;
		parent = dir_of(dir);
		free(dir);
		dir = parent;
	}
	free(dir);
	return found;
}

bool wl_config_excludes(const struct wl_config *cfg, const char *source)
{
	char *abs = realpath(source, NULL), *base = realpath(cfg->dir, NULL);
	const char *rel = NULL;
	bool hit = false;
	unsigned i;
	size_t n;

	if (abs && base) {
		n = strlen(base);
		if (!strncmp(abs, base, n) && abs[n] == '/')
			rel = abs + n + 1;
	}
	/* Without FNM_PATHNAME, '*' also crosses '/': vendor/[*] is a tree. */
	for (i = 0; rel && i < cfg->exclude.nr && !hit; i++)
		hit = fnmatch(cfg->exclude.v[i], rel, 0) == 0;
	free(abs);
	free(base);
	return hit;
}
