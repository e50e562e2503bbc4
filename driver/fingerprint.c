/* SPDX-License-Identifier: MIT */
/* Stable identities of findings (SARIF partialFingerprints, baselines). */
#include "driver/fingerprint.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/source.h"
#include "base/util.h"

/* RFC 3986 unreserved characters, plus '/' which separates segments. */
static bool uri_safe(unsigned char c)
{
	return isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
	       c == '/';
}

static void add_encoded(struct wl_buf *buf, const char *s)
{
	for (; *s; s++) {
		if (uri_safe((unsigned char)*s))
			wl_buf_addc(buf, *s);
		else
			wl_buf_addf(buf, "%%%02X", (unsigned char)*s);
	}
}

/* "a/./b//c" -> "a/b/c": the spelling of a path must not change its id. */
static char *squeeze_path(const char *path)
{
	struct wl_buf buf = WL_BUF_INIT;
	const char *p = path;

	if (*p == '/')
		wl_buf_addc(&buf, '/');
	while (*p) {
		const char *seg = p;
		size_t n;

		while (*p && *p != '/')
			p++;
		n = (size_t)(p - seg);
		if (n && !(n == 1 && seg[0] == '.')) {
			if (buf.len && buf.s[buf.len - 1] != '/')
				wl_buf_addc(&buf, '/');
			wl_buf_add(&buf, seg, n);
		}
		while (*p == '/')
			p++;
	}
	return wl_buf_detach(&buf);
}

char *wl_uri_for(const char *path, const char *root, bool *relative)
{
	struct wl_buf buf = WL_BUF_INIT;
	char cwd[PATH_MAX], *abs_root, *rel, *clean;
	size_t n;

	if (!root)
		root = getcwd(cwd, sizeof(cwd)) ? cwd : "/";
	clean = squeeze_path(path);
	*relative = clean[0] != '/';
	if (*relative) {
		add_encoded(&buf, clean);
		free(clean);
		return wl_buf_detach(&buf);
	}
	abs_root = squeeze_path(root);
	n = strlen(abs_root);
	rel = NULL;
	if (!strcmp(abs_root, "/"))
		rel = clean + 1;
	else if (!strncmp(clean, abs_root, n) && clean[n] == '/')
		rel = clean + n + 1;
	if (rel && *rel) {
		*relative = true;
		add_encoded(&buf, rel);
	} else {
		wl_buf_adds(&buf, "file://");
		add_encoded(&buf, clean);
	}
	free(abs_root);
	free(clean);
	return wl_buf_detach(&buf);
}

/* FNV-1a, 64 bits: stable across machines and releases, unlike a seed. */
static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	/* A separator, so that ("ab", "c") and ("a", "bc") differ. */
	h ^= 0xff;
	return h * 0x100000001b3ULL;
}

/* The finding's line without any whitespace. */
static char *line_key(const struct wl_source *src, unsigned line)
{
	size_t len, i;
	const char *s = wl_source_line(src, line, &len);
	char *out = wl_xmalloc(len + 1), *o = out;

	for (i = 0; s && i < len; i++)
		if (!isspace((unsigned char)s[i]))
			*o++ = s[i];
	*o = '\0';
	return out;
}

char **wl_fingerprints(const struct wl_source *src, const char *uri,
		       const struct wl_findings *findings)
{
	char **fps = wl_xcalloc(findings->nr + 1, sizeof(*fps));
	char **keys = wl_xcalloc(findings->nr + 1, sizeof(*keys));
	unsigned i, k;

	for (i = 0; i < findings->nr; i++) {
		const struct wl_finding *f = &findings->v[i];
		const char *code = wl_rules[f->rule].code;
		unsigned occurrence = 0;
		uint64_t h = 0xcbf29ce484222325ULL;

		keys[i] = line_key(src, f->line);
		for (k = 0; k < i; k++)
			occurrence += findings->v[k].rule == f->rule &&
				      !strcmp(keys[k], keys[i]);
		h = fnv(h, code, strlen(code));
		h = fnv(h, uri, strlen(uri));
		h = fnv(h, keys[i], strlen(keys[i]));
		fps[i] = wl_xasprintf("%016llx:%u", (unsigned long long)h,
				      occurrence + 1);
	}
	for (i = 0; i < findings->nr; i++)
		free(keys[i]);
	free(keys);
	return fps;
}

void wl_fingerprints_free(char **fps, unsigned nr)
{
	unsigned i;

	for (i = 0; fps && i < nr; i++)
		free(fps[i]);
	free(fps);
}
