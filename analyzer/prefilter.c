/* SPDX-License-Identifier: MIT */
/*
 * The prefilter: skip parsing a file when no rule can fire on it.
 *
 * Parsing is most of warplint's time, and most CUDA files in a real code
 * base hold no warp-synchronous code at all.  A rule can only fire where
 * the translation unit spells one of a few names, so a file whose include
 * closure spells none of them is left alone.  The trade is one-sided on
 * purpose: the filter may parse a file it could have skipped, never the
 * reverse, so every uncertainty (a header it cannot find, an argument it
 * does not model, text that could paste a name together) means "parse".
 *
 * Headers are shared by many files, so what is learnt about them (their
 * own tokens, where an include resolves, whether a closure is clean) is
 * cached for the run behind one mutex; the main files themselves are
 * scanned outside it, in parallel.
 *
 * One finding is given up on purpose: WL900 for a syntax error in a file
 * that holds no trigger at all.  WL900 says that findings may be missing,
 * and there none can be.  What makes WL900 fire from outside the file's
 * text (a missing header, arguments or a shim that do not parse) keeps
 * the file parsed.  See bench/README.md.
 */

#include "analyzer/prefilter.h"

#include "analyzer/libclang.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer/cursor.h"
#include "analyzer/parse.h"
#include "analyzer/prefilter_text.h"
#include "base/embedded.h"
#include "base/source.h"
#include "base/util.h"

/* A small chained hash map from strings to what the filter learnt. */
enum state {
	ST_NONE,	/* not known (yet) */
	ST_BUSY,	/* being visited: an include cycle */
	ST_CLEAN,
	ST_DIRTY,
};

enum res_kind {
	RES_MISSING,	/* clang would not find it: parse, WL900 fires */
	RES_FILE,	/* a header on disk, to scan */
	RES_CLEAN,	/* the shim or a toolchain header */
	RES_DIRTY,	/* a shim header that declares collectives in classes */
};

struct entry {
	struct entry *next;
	unsigned long hash;
	char *key;
	enum state state;
	unsigned depth;		/* of a ST_BUSY visit */
	enum res_kind res;
	char *path;		/* RES_FILE */
	struct wl_prefilter_scan scan;	/* own contents of a header */
};

struct map {
	struct entry **buckets;
	unsigned nr_buckets, nr;
};

static unsigned long hash_str(const char *s)
{
	unsigned long h = 1469598103934665603ul;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ul;
	return h;
}

static void map_rehash(struct map *m)
{
	unsigned n = m->nr_buckets ? 2 * m->nr_buckets : 256, i;
	struct entry **b = wl_xcalloc(n, sizeof(*b));

	for (i = 0; i < m->nr_buckets; i++) {
		struct entry *e = m->buckets[i], *next;

		for (; e; e = next) {
			next = e->next;
			e->next = b[e->hash % n];
			b[e->hash % n] = e;
		}
	}
	free(m->buckets);
	m->buckets = b;
	m->nr_buckets = n;
}

/* The entry for @key, created empty (ST_NONE) when missing. */
static struct entry *map_get(struct map *m, const char *key)
{
	unsigned long h = hash_str(key);
	struct entry *e;

	if (m->nr_buckets)
		for (e = m->buckets[h % m->nr_buckets]; e; e = e->next)
			if (e->hash == h && !strcmp(e->key, key))
				return e;
	if (m->nr >= m->nr_buckets)
		map_rehash(m);
	e = wl_xcalloc(1, sizeof(*e));
	e->hash = h;
	e->key = wl_xstrdup(key);
	e->next = m->buckets[h % m->nr_buckets];
	m->buckets[h % m->nr_buckets] = e;
	m->nr++;
	return e;
}

static void map_release(struct map *m)
{
	unsigned i;

	for (i = 0; i < m->nr_buckets; i++) {
		struct entry *e = m->buckets[i], *next;

		for (; e; e = next) {
			next = e->next;
			free(e->key);
			free(e->path);
			wl_prefilter_scan_release(&e->scan);
			free(e);
		}
	}
	free(m->buckets);
	memset(m, 0, sizeof(*m));
}

struct wl_prefilter {
	pthread_mutex_t lock;		/* guards everything below */
	struct map scans;		/* header path -> its own scan */
	struct map verdicts;		/* search key + path -> closure state */
	struct map resolved;		/* search key + includer + name -> file */
	struct map baselines;		/* argument list -> empty file parses */
	CXIndex probe_index;		/* for __has_include, made on demand */
	unsigned skipped, parsed;
};

/* The include search path of one file, from its arguments. */
struct search {
	struct wl_strvec quote, angle, sys;	/* -iquote, -I, -isystem */
	struct wl_strvec forced;		/* -include */
	const char *const *args;		/* for __has_include probes */
	unsigned nr_args;
	char *key;				/* all of the above, for caches */
	bool ok;	/* every argument is understood and clean */
};

/*
 * "-Xvalue", "-X value" or "-X=value": the value, or NULL.  A value that
 * looks like an option (-isystem-after, -include-pch) is another flag
 * sharing the prefix: "" then, which no caller accepts as a value.
 */
static const char *flag_value(const char *const *args, unsigned nr,
			      unsigned *i, const char *flag)
{
	size_t n = strlen(flag);
	const char *a = args[*i], *v;

	if (strncmp(a, flag, n))
		return NULL;
	if (a[n] == '\0')
		v = *i + 1 < nr ? args[++*i] : "";
	else
		v = a + n + (a[n] == '=');
	return *v == '-' ? "" : v;
}

/*
 * Understand @args the way clang will: the directories it searches, the
 * files it includes first, and macros defined on the command line (which
 * are text the rules could fire on).  Anything else that could change
 * what is included (-idirafter, --sysroot, -nostdinc, -fms-*, response
 * files...) is not modelled, and the file is parsed.
 */
static void search_init(struct search *sp, const char *const *args,
			unsigned nr)
{
	struct wl_buf key = WL_BUF_INIT;
	unsigned i;

	memset(sp, 0, sizeof(*sp));
	sp->ok = true;
	sp->args = args;
	sp->nr_args = nr;
	for (i = 0; i < nr && sp->ok; i++) {
		const char *a = args[i], *v;

		if ((v = flag_value(args, nr, &i, "-isystem"))) {
			wl_strvec_push(&sp->sys, v);
			wl_buf_addf(&key, "s%s\n", v);
		} else if ((v = flag_value(args, nr, &i, "-iquote"))) {
			wl_strvec_push(&sp->quote, v);
			wl_buf_addf(&key, "q%s\n", v);
		} else if ((v = flag_value(args, nr, &i, "-include"))) {
			wl_strvec_push(&sp->forced, v);
		} else if (!strncmp(a, "-i", 2) || !strncmp(a, "-I-", 3)) {
			sp->ok = false;	/* -idirafter, -imacros, -isysroot... */
		} else if ((v = flag_value(args, nr, &i, "-I"))) {
			wl_strvec_push(&sp->angle, v);
			wl_buf_addf(&key, "a%s\n", v);
		} else if ((v = flag_value(args, nr, &i, "-D"))) {
			if (wl_prefilter_text_is_dirty(v, strlen(v)))
				sp->ok = false;
		} else if ((v = flag_value(args, nr, &i, "-U"))) {
			continue;
		} else if (!strncmp(a, "-Wp,", 4) ||
			   (strncmp(a, "-std=", 5) && strncmp(a, "-W", 2) &&
			   strcmp(a, "-w") && strncmp(a, "-O", 2) &&
			    strncmp(a, "-g", 2))) {
			sp->ok = false;
		}
		if (v && !*v)
			sp->ok = false;	/* a flag without its value */
	}
	if (!sp->ok) {
		wl_buf_release(&key);
		return;
	}
	sp->key = wl_buf_detach(&key);
}

static void search_release(struct search *sp)
{
	wl_strvec_release(&sp->quote);
	wl_strvec_release(&sp->angle);
	wl_strvec_release(&sp->sys);
	wl_strvec_release(&sp->forced);
	free(sp->key);
}

static bool is_regular(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

static char *join(const char *dir, const char *name)
{
	if (name[0] == '/' || !dir || !*dir)
		return wl_xstrdup(name);
	return wl_xasprintf("%s/%s", dir, name);
}

/* The directory part of @path ("." for a bare name). */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return wl_xstrdup(".");
	if (slash == path)
		return wl_xstrdup("/");
	return wl_xstrndup(path, (size_t)(slash - path));
}

/* Look for @name in @dirs; the joined path if it is there. */
static char *find_in(const struct wl_strvec *dirs, const char *name)
{
	unsigned i;

	for (i = 0; i < dirs->nr; i++) {
		char *p = join(dirs->v[i], name);

		if (is_regular(p))
			return p;
		free(p);
	}
	return NULL;
}

/*
 * Parse @text, a few lines standing for a file of no directory, with the
 * shim and @sp's arguments; whether clang reported no error.
 */
static bool probe_parses(struct wl_prefilter *pf, struct search *sp,
			 const char *text)
{
	struct wl_source src;
	CXTranslationUnit tu;
	char *err = NULL;
	bool ok = false;

	if (!pf->probe_index)
		pf->probe_index = clang_createIndex(0, 0);
	wl_source_init_mem(&src, "/__warplint_probe__/probe.cu", text,
			   strlen(text));
	tu = wl_parse(pf->probe_index, &src, sp->args, sp->nr_args, NULL, &err);
	if (tu) {
		ok = !wl_tu_has_errors(tu);
		clang_disposeTranslationUnit(tu);
	}
	free(err);
	wl_source_release(&src);
	return ok;
}

/*
 * Whether clang finds @name on its own system directories (libc,
 * libstdc++, its resource headers): ask it, with __has_include, under the
 * file's own search path, so that the answer is clang's and not a guess.
 * The shim and -include files are left out: they cost a real parse and
 * do not change where headers are found.
 */
static bool probe_exists(struct wl_prefilter *pf, struct search *sp,
			 const char *name, bool angle)
{
	unsigned nr_base, i, n = 0;
	const char *const *base = wl_parse_base_args(&nr_base);
	const char **args = wl_xcalloc(nr_base + sp->nr_args + 1, sizeof(*args));
	struct CXUnsavedFile file;
	CXTranslationUnit tu = NULL;
	char *text;
	bool found = false;

	if (strpbrk(name, angle ? ">\n" : "\"\n")) {
		free(args);
		return false;
	}
	for (i = 0; i < nr_base; i++) {
		if (!strcmp(base[i], "-include"))
			i++;
		else
			args[n++] = base[i];
	}
	for (i = 0; i < sp->nr_args; i++)
		if (!flag_value(sp->args, sp->nr_args, &i, "-include"))
			args[n++] = sp->args[i];
	text = wl_xasprintf("#if !__has_include(%c%s%c)\n#error missing\n#endif\n",
			    angle ? '<' : '"', name, angle ? '>' : '"');
	file.Filename = "/__warplint_probe__/probe.cu";
	file.Contents = text;
	file.Length = strlen(text);
	if (!pf->probe_index)
		pf->probe_index = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(pf->probe_index, file.Filename, args,
					(int)n, &file, 1,
					CXTranslationUnit_KeepGoing,
					&tu) == CXError_Success && tu) {
		found = !wl_tu_has_errors(tu);
		clang_disposeTranslationUnit(tu);
	}
	free(text);
	free(args);
	return found;
}

/*
 * Whether an empty file parses without error under @sp's arguments.  If
 * not (a -D that breaks the shim, a broken -include, a toolchain the shim
 * does not fit), every file would get WL900 and none may be skipped.
 * Cached per argument list.  Lock held.
 */
static bool baseline_parses(struct wl_prefilter *pf, struct search *sp)
{
	struct wl_buf key = WL_BUF_INIT;
	struct entry *e;
	unsigned i;

	for (i = 0; i < sp->nr_args; i++)
		wl_buf_addf(&key, "%s\n", sp->args[i]);
	e = map_get(&pf->baselines, key.s ? key.s : "");
	wl_buf_release(&key);
	if (e->state == ST_NONE)
		e->state = probe_parses(pf, sp, "") ? ST_CLEAN : ST_DIRTY;
	return e->state == ST_CLEAN;
}

/* Whether @name is one of the shim's headers, and if so whether it is clean. */
static bool in_shim(const char *name, enum res_kind *kind)
{
	unsigned i;

	for (i = 0; i < wl_shim_files_count; i++) {
		const char *f = wl_shim_files[i].name;

		if (strncmp(f, "include/", 8) || strcmp(f + 8, name))
			continue;
		/*
		 * The shim only declares the intrinsics, which user code
		 * must name to call; cooperative groups are classes whose
		 * methods (sync, ballot, any) need no such name.
		 */
		*kind = strstr(name, "cooperative_groups") ? RES_DIRTY
							   : RES_CLEAN;
		return true;
	}
	return false;
}

/*
 * Where clang finds `#include "name"` or `#include <name>` written in a
 * file of @dir: that directory (quotes only), -iquote (quotes only), the
 * shim (the first -I), -I, -isystem, then clang's system directories.
 * Called with the lock held; cached.
 */
static struct entry *resolve(struct wl_prefilter *pf, struct search *sp,
			     const char *dir,
			     const struct wl_prefilter_incl *inc)
{
	char *key = wl_xasprintf("%s\x01%c%s\x01%s", sp->key,
				 inc->angle ? '<' : '"',
				 inc->angle ? "" : dir, inc->name);
	struct entry *e = map_get(&pf->resolved, key);
	char *path = NULL;

	free(key);
	if (e->state != ST_NONE)
		return e;
	e->state = ST_CLEAN;
	if (inc->name[0] == '/') {
		path = is_regular(inc->name) ? wl_xstrdup(inc->name) : NULL;
		e->res = path ? RES_FILE : RES_MISSING;
		e->path = path;
		return e;
	}
	if (!inc->angle) {
		path = join(dir, inc->name);
		if (!is_regular(path)) {
			free(path);
			path = find_in(&sp->quote, inc->name);
		}
	}
	if (!path && in_shim(inc->name, &e->res))
		return e;
	if (!path)
		path = find_in(&sp->angle, inc->name);
	if (!path)
		path = find_in(&sp->sys, inc->name);
	if (!path) {
		/*
		 * /usr/local/include is on clang's default path but holds
		 * what users install, project headers included: scan it.
		 */
		path = join("/usr/local/include", inc->name);
		if (!is_regular(path)) {
			free(path);
			path = NULL;
		}
	}
	if (path) {
		e->res = RES_FILE;
		e->path = path;
		return e;
	}
	e->res = probe_exists(pf, sp, inc->name, inc->angle) ? RES_CLEAN
							      : RES_MISSING;
	return e;
}

/* A header's own scan, read once per run.  Lock held. */
static const struct wl_prefilter_scan *header_scan(struct wl_prefilter *pf,
				      const char *path)
{
	struct entry *e = map_get(&pf->scans, path);
	struct wl_source src;
	char *err = NULL;

	if (e->state != ST_NONE)
		return e->state == ST_CLEAN ? &e->scan : NULL;
	if (wl_source_load(&src, path, &err) < 0) {
		/* Unreadable: clang will complain, so the file is parsed. */
		free(err);
		e->state = ST_DIRTY;
		return NULL;
	}
	wl_prefilter_scan_text(&e->scan, src.text, src.len);
	wl_source_release(&src);
	e->state = ST_CLEAN;
	return &e->scan;
}

/* Bound on include depth, as clang has one (200); deeper means parse. */
#define MAX_DEPTH 200

static bool closure_dirty(struct wl_prefilter *pf, struct search *sp,
			  const char *dir, const struct wl_prefilter_scan *sc,
			  unsigned depth, unsigned *low);

/*
 * Whether the header at @path or anything it includes is dirty.  *@low
 * is lowered to the depth of the shallowest header still being visited
 * that the answer depended on (an include cycle): such an answer is only
 * final for that header, so a clean one is not cached below it.
 */
static bool header_dirty(struct wl_prefilter *pf, struct search *sp,
			 const char *path, unsigned depth, unsigned *low)
{
	char *key = wl_xasprintf("%s\x01%s", sp->key, path);
	struct entry *e = map_get(&pf->verdicts, key);
	const struct wl_prefilter_scan *sc;
	unsigned my_low = depth;
	char *dir;
	bool dirty;

	free(key);
	if (e->state == ST_BUSY) {
		if (e->depth < *low)
			*low = e->depth;
		return false;
	}
	if (e->state != ST_NONE)
		return e->state == ST_DIRTY;
	if (depth > MAX_DEPTH)
		return true;
	e->state = ST_BUSY;
	e->depth = depth;
	sc = header_scan(pf, path);
	dir = dir_of(path);
	dirty = !sc || sc->dirty ||
		closure_dirty(pf, sp, dir, sc, depth + 1, &my_low);
	free(dir);
	/* Entries are allocated one by one: @e survived the map growing. */
	if (dirty)
		e->state = ST_DIRTY;
	else if (my_low >= depth)
		e->state = ST_CLEAN;
	else
		e->state = ST_NONE;	/* ask again next time */
	if (my_low < *low)
		*low = my_low;
	return dirty;
}

/* Whether any include of @sc (a file in @dir) leads to a dirty header. */
static bool closure_dirty(struct wl_prefilter *pf, struct search *sp,
			  const char *dir, const struct wl_prefilter_scan *sc,
			  unsigned depth, unsigned *low)
{
	unsigned i;

	for (i = 0; i < sc->nr; i++) {
		struct entry *r = resolve(pf, sp, dir, &sc->v[i]);

		switch (r->res) {
		case RES_CLEAN:
			continue;
		case RES_MISSING:
		case RES_DIRTY:
			return true;
		case RES_FILE:
			break;
		}
		if (header_dirty(pf, sp, r->path, depth, low))
			return true;
	}
	return false;
}

/*
 * The -include files: clang looks for them in the working directory
 * first, then as for `#include "file"` written in the main file.
 */
static bool forced_dirty(struct wl_prefilter *pf, struct search *sp,
			 const char *main_dir)
{
	unsigned i, low = 0;

	for (i = 0; i < sp->forced.nr; i++) {
		struct wl_prefilter_incl inc = { sp->forced.v[i], false };
		struct wl_prefilter_scan one = { false, &inc, 1, 1, false };

		if (is_regular(inc.name)) {
			if (header_dirty(pf, sp, inc.name, 1, &low))
				return true;
		} else if (closure_dirty(pf, sp, main_dir, &one, 1, &low)) {
			return true;
		}
	}
	return false;
}

struct wl_prefilter *wl_prefilter_new(void)
{
	struct wl_prefilter *pf = wl_xcalloc(1, sizeof(*pf));

	pthread_mutex_init(&pf->lock, NULL);
	return pf;
}

void wl_prefilter_free(struct wl_prefilter *pf)
{
	if (!pf)
		return;
	map_release(&pf->scans);
	map_release(&pf->verdicts);
	map_release(&pf->resolved);
	map_release(&pf->baselines);
	if (pf->probe_index)
		clang_disposeIndex(pf->probe_index);
	pthread_mutex_destroy(&pf->lock);
	free(pf);
}

bool wl_prefilter_can_skip(struct wl_prefilter *pf, const struct wl_source *src,
			   const char *const *args, unsigned nr_args)
{
	struct search sp;
	struct wl_prefilter_scan sc;
	bool dirty;
	unsigned low = 0;
	char *dir;

	/* The main file, outside the lock: this is most of the bytes. */
	wl_prefilter_scan_text(&sc, src->text, src->len);
	if (sc.dirty) {
		wl_prefilter_scan_release(&sc);
		pthread_mutex_lock(&pf->lock);
		pf->parsed++;
		pthread_mutex_unlock(&pf->lock);
		return false;
	}
	search_init(&sp, args, nr_args);
	dir = dir_of(src->path);
	pthread_mutex_lock(&pf->lock);
	/*
	 * The text first: a trigger in a header settles it without the
	 * baseline's parse, which would load libclang into a run that the
	 * cache may answer whole.
	 */
	dirty = !sp.ok || forced_dirty(pf, &sp, dir) ||
		closure_dirty(pf, &sp, dir, &sc, 1, &low) ||
		!baseline_parses(pf, &sp);
	if (dirty)
		pf->parsed++;
	else
		pf->skipped++;
	pthread_mutex_unlock(&pf->lock);
	free(dir);
	search_release(&sp);
	wl_prefilter_scan_release(&sc);
	return !dirty;
}

void wl_prefilter_stats(struct wl_prefilter *pf, unsigned *skipped,
			unsigned *parsed)
{
	pthread_mutex_lock(&pf->lock);
	*skipped = pf->skipped;
	*parsed = pf->parsed;
	pthread_mutex_unlock(&pf->lock);
}
