/* SPDX-License-Identifier: MIT */
/* compile_commands.json support and nvcc -> clang argument translation. */
#include "driver/compdb.h"

#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/realpaths.h"
#include "base/util.h"

enum arg_action {
	KEEP,		/* pass through as is */
	KEEP_PATH,	/* pass through, resolving a relative path */
	DROP,		/* drop the flag */
	DROP_NEXT,	/* drop the flag and the argument after it */
};

/*
 * nvcc's options by spelling.  `joined` flags carry their value in the
 * same word (-Ifoo, -DX=1); `separate` ones may take it as the next word.
 * Anything not listed is dropped: clang must not see nvcc-only options.
 */
static const struct {
	const char *flag;
	const char *clang;	/* spelling to use, NULL: same */
	enum arg_action joined, separate;
} table[] = {
	{ "-I", NULL, KEEP_PATH, KEEP_PATH },
	{ "--include-path", "-I", KEEP_PATH, KEEP_PATH },
	{ "-isystem", NULL, KEEP_PATH, KEEP_PATH },
	{ "-iquote", NULL, KEEP_PATH, KEEP_PATH },
	{ "-idirafter", NULL, KEEP_PATH, KEEP_PATH },
	{ "-D", NULL, KEEP, KEEP },
	{ "--define-macro", "-D", KEEP, KEEP },
	{ "-U", NULL, KEEP, KEEP },
	{ "--undefine-macro", "-U", KEEP, KEEP },
	{ "-include", NULL, KEEP_PATH, KEEP_PATH },
	{ "--pre-include", "-include", KEEP_PATH, KEEP_PATH },
	{ "-std", NULL, KEEP, KEEP },
	{ "--std", "-std", KEEP, KEEP },
	/* Options whose value is the next word, all dropped. */
	{ "-Xcompiler", NULL, DROP, DROP_NEXT },
	{ "--compiler-options", NULL, DROP, DROP_NEXT },
	{ "-Xptxas", NULL, DROP, DROP_NEXT },
	{ "--ptxas-options", NULL, DROP, DROP_NEXT },
	{ "-Xlinker", NULL, DROP, DROP_NEXT },
	{ "--linker-options", NULL, DROP, DROP_NEXT },
	{ "-Xnvlink", NULL, DROP, DROP_NEXT },
	{ "-Xcudafe", NULL, DROP, DROP_NEXT },
	{ "-gencode", NULL, DROP, DROP_NEXT },
	{ "--generate-code", NULL, DROP, DROP_NEXT },
	{ "-arch", NULL, DROP, DROP_NEXT },
	{ "--gpu-architecture", NULL, DROP, DROP_NEXT },
	{ "-code", NULL, DROP, DROP_NEXT },
	{ "--gpu-code", NULL, DROP, DROP_NEXT },
	{ "-ccbin", NULL, DROP, DROP_NEXT },
	{ "--compiler-bindir", NULL, DROP, DROP_NEXT },
	{ "-o", NULL, DROP, DROP_NEXT },
	{ "--output-file", NULL, DROP, DROP_NEXT },
	{ "-x", NULL, DROP, DROP_NEXT },
	{ "-MF", NULL, DROP, DROP_NEXT },
	{ "-MT", NULL, DROP, DROP_NEXT },
	{ "-maxrregcount", NULL, DROP, DROP_NEXT },
	{ "-rdc", NULL, DROP, DROP },
	{ "--relocatable-device-code", NULL, DROP, DROP },
};

/* Whether @arg is @flag alone, or @flag immediately followed by a value. */
static const char *match(const char *arg, const char *flag, bool *separate)
{
	size_t n = strlen(flag);

	if (strncmp(arg, flag, n))
		return NULL;
	if (arg[n] == '\0') {
		*separate = true;
		return arg + n;
	}
	*separate = false;
	/*
	 * Long options take "=value"; short ones may be glued: -Ifoo, and
	 * as compilers take them, -isystemfoo and -includefoo.h.
	 */
	if (arg[n] == '=')
		return arg + n + 1;
	if (flag[1] != '-' && (strlen(flag) == 2 || !strcmp(flag, "-isystem") ||
			       !strcmp(flag, "-iquote") ||
			       !strcmp(flag, "-idirafter") ||
			       !strcmp(flag, "-include")))
		return arg + n;
	return NULL;
}

static void push_path(struct wl_strvec *out, const char *flag,
		      const char *value, const char *directory, bool resolve)
{
	char *joined;

	if (resolve && value[0] != '/' && directory && *directory)
		joined = wl_xasprintf("%s%s/%s", flag, directory, value);
	else
		joined = wl_xasprintf("%s%s", flag, value);
	wl_strvec_push(out, joined);
	free(joined);
}

void wl_compdb_translate(const char *const *argv, unsigned argc,
			 const char *directory, struct wl_strvec *out,
			 struct wl_strvec *loose)
{
	unsigned i, k;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		bool found = false;

		for (k = 0; k < WL_ARRAY_SIZE(table) && !found; k++) {
			bool separate = false;
			const char *value = match(arg, table[k].flag, &separate);
			const char *spell = table[k].clang ? table[k].clang
							   : table[k].flag;
			enum arg_action act;

			if (!value)
				continue;
			found = true;
			act = separate ? table[k].separate : table[k].joined;
			if (act == DROP)
				break;
			if (act == DROP_NEXT) {
				i++;
				break;
			}
			if (separate) {
				if (i + 1 >= argc)
					break;
				value = argv[++i];
			}
			/* A C standard (an entry for a .c file) breaks CUDA. */
			if (!strcmp(spell, "-std") && !strstr(value, "++"))
				break;
			if (!strcmp(spell, "-std")) {
				char *s = wl_xasprintf("-std=%s", value);

				wl_strvec_push(out, s);
				free(s);
			} else if (!strcmp(spell, "-include") ||
				   !strcmp(spell, "-isystem") ||
				   !strcmp(spell, "-iquote") ||
				   !strcmp(spell, "-idirafter")) {
				char *path;

				wl_strvec_push(out, spell);
				if (act == KEEP_PATH && value[0] != '/' &&
				    directory && *directory)
					path = wl_xasprintf("%s/%s", directory,
							    value);
				else
					path = wl_xstrdup(value);
				wl_strvec_push(out, path);
				free(path);
			} else {
				push_path(out, spell, value, directory,
					  act == KEEP_PATH);
			}
		}
		if (!found && loose)
			wl_strvec_push(loose, arg);
	}
}

/*
 * One entry of the database, resolved once at load time.  clang's own
 * lookup (JSONCompilationDatabase::getCompileCommands) matches paths
 * relative to the process's working directory, so an entry whose
 * "directory" is relative, or a FILE named differently from the entry
 * ("./k.cu", a symlink), would silently get no flags.  We resolve every
 * entry against the database's own directory and compare real paths.
 */
struct entry {
	char *file;		/* absolute, as the database names it */
	char *real;		/* realpath() of file, or NULL if missing */
	char *directory;	/* absolute working directory */
	struct wl_strvec argv;	/* the command, split, never executed */
	bool cuda_or_cxx;	/* its command suits a CUDA file */
};

struct wl_compdb {
	struct entry *v;
	unsigned nr, alloc;
	struct wl_realpaths asked;	/* the folders of the files asked about */
};

/* @path made absolute against @base (itself absolute), without resolving. */
static char *absolute(const char *base, const char *path)
{
	if (path[0] == '/' || !base || !*base)
		return wl_xstrdup(path);
	return wl_xasprintf("%s/%s", base, path);
}

static bool is_cuda_or_cxx(const char *file)
{
	static const char *const exts[] = { ".cu", ".cuh", ".cpp", ".cc",
					    ".cxx", ".C", ".c++" };
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(exts); i++)
		if (wl_ends_with(file, exts[i]))
			return true;
	return false;
}

/*
 * Split a "command" into words as clang's JSON compilation database does
 * (its CommandLineArgumentParser, for POSIX hosts): words end at a space;
 * a backslash takes the next character as it is, outside quotes and
 * within double quotes; nothing inside single quotes is special.  The
 * words are never handed to a shell.
 */
static void split_command(const char *s, struct wl_strvec *out)
{
	struct wl_buf word = WL_BUF_INIT;
	char quote;

	for (;;) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		while (*s && *s != ' ') {
			if (*s == '"' || *s == '\'') {
				for (quote = *s++; *s && *s != quote; s++) {
					if (quote == '"' && *s == '\\' && s[1])
						s++;
					wl_buf_addc(&word, *s);
				}
				if (*s)
					s++;
				continue;
			}
			if (*s == '\\' && s[1])
				s++;
			wl_buf_addc(&word, *s++);
		}
		wl_strvec_push(out, word.s ? word.s : "");
		wl_buf_release(&word);
	}
	wl_buf_release(&word);
}

/* One entry of the database's JSON: false when it is not one. */
static bool add_entry(struct wl_compdb *db, json_t *obj, const char *db_dir)
{
	json_t *dir = json_object_get(obj, "directory");
	json_t *file = json_object_get(obj, "file");
	json_t *args = json_object_get(obj, "arguments");
	json_t *command = json_object_get(obj, "command");
	json_t *a;
	struct entry *e;
	size_t i;

	if (!json_is_string(dir) || !json_is_string(file) ||
	    !(json_is_array(args) || json_is_string(command)))
		return false;
	WL_GROW(db->v, db->nr, db->alloc);
	e = &db->v[db->nr++];
	memset(e, 0, sizeof(*e));
	e->directory = absolute(db_dir, json_string_value(dir));
	e->file = absolute(e->directory, json_string_value(file));
	e->real = realpath(e->file, NULL);
	e->cuda_or_cxx = is_cuda_or_cxx(e->file);
	/* "arguments" first, as clang reads them */
	if (json_is_array(args)) {
		json_array_foreach(args, i, a)
			wl_strvec_push(&e->argv, json_is_string(a) ?
						 json_string_value(a) : "");
	} else {
		split_command(json_string_value(command), &e->argv);
	}
	return true;
}

/*
 * DIR/compile_commands.json, read with jansson: a run whose every file
 * the cache answers needs its flags for the key, and must not load
 * libclang for them.  Like clang, a database with one entry that is not
 * one is refused whole.
 */
struct wl_compdb *wl_compdb_load(const char *dir, char **err)
{
	char *path = wl_xasprintf("%s/compile_commands.json", dir), *db_dir;
	json_error_t jerr;
	json_t *root = json_load_file(path, 0, &jerr), *obj;
	struct wl_compdb *db;
	size_t i;
	bool ok = json_is_array(root);

	db_dir = ok ? realpath(dir, NULL) : NULL;
	db = wl_xcalloc(1, sizeof(*db));
	json_array_foreach(ok ? root : NULL, i, obj)
		if (!add_entry(db, obj, db_dir ? db_dir : dir)) {
			ok = false;
			break;
		}
	if (!ok) {
		*err = wl_xasprintf("%s: cannot load the compilation database%s%s",
				    path, root ? "" : ": ",
				    root ? "" : jerr.text);
		wl_compdb_free(db);
		db = NULL;
	}
	json_decref(root);
	free(db_dir);
	free(path);
	return db;
}

void wl_compdb_free(struct wl_compdb *db)
{
	unsigned i;

	if (!db)
		return;
	for (i = 0; i < db->nr; i++) {
		free(db->v[i].file);
		free(db->v[i].real);
		free(db->v[i].directory);
		wl_strvec_release(&db->v[i].argv);
	}
	free(db->v);
	wl_realpaths_release(&db->asked);
	free(db);
}

/* Length of the common folder prefix of absolute paths @a and @b. */
static size_t common_folders(const char *a, const char *b)
{
	size_t i = 0, last = 0;

	for (; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			last = i;
	return last;
}

bool wl_compdb_args_for(struct wl_compdb *db, const char *path,
			struct wl_strvec *out, bool *exact)
{
	char *real = wl_realpaths_get(&db->asked, path);
	const struct entry *found = NULL;
	size_t best = 0;
	unsigned i;

	/* The first entry wins, as with clang's own lookup. */
	for (i = 0; i < db->nr && !found; i++) {
		const struct entry *e = &db->v[i];

		if (real ? e->real && !strcmp(e->real, real)
			 : !strcmp(e->file, path))
			found = e;
	}
	*exact = found != NULL;
	/*
	 * Else the entry nearest in the folder tree, as clangd guesses;
	 * only CUDA and C++ files' commands suit a CUDA file.
	 */
	for (i = 0; i < db->nr && !*exact && real; i++) {
		size_t common = common_folders(db->v[i].real ? db->v[i].real
							     : db->v[i].file,
					       real);

		if (!db->v[i].cuda_or_cxx)
			continue;
		if (common > best) {
			best = common;
			found = &db->v[i];
		}
	}
	free(real);
	if (!found)
		return false;
	wl_compdb_translate((const char *const *)found->argv.v,
			    found->argv.nr, found->directory, out, NULL);
	return true;
}

static bool has_database(const char *dir)
{
	char *p = wl_xasprintf("%s/compile_commands.json", dir);
	bool yes = access(p, R_OK) == 0;

	free(p);
	return yes;
}

char *wl_compdb_find(const char *path)
{
	char *abs = realpath(path, NULL), *dir, *slash;

	if (!abs)
		return NULL;
	dir = abs;
	for (;;) {
		char *build;

		slash = strrchr(dir, '/');
		if (!slash)
			break;
		*slash = '\0';
		if (has_database(*dir ? dir : "/")) {
			char *found = wl_xstrdup(*dir ? dir : "/");

			free(abs);
			return found;
		}
		build = wl_xasprintf("%s/build", dir);
		if (has_database(build)) {
			free(abs);
			return build;
		}
		free(build);
		if (!*dir)
			break;
	}
	free(abs);
	return NULL;
}

void wl_compdb_files(struct wl_compdb *db, struct wl_strvec *out)
{
	unsigned i, k;

	for (i = 0; i < db->nr; i++) {
		const struct entry *e = &db->v[i];
		bool dup = false;

		if (!wl_ends_with(e->file, ".cu") && !wl_ends_with(e->file, ".cuh"))
			continue;
		/* One file compiled twice (two configurations) is one input. */
		for (k = 0; k < i && !dup; k++)
			dup = !strcmp(db->v[k].file, e->file);
		if (!dup)
			wl_strvec_push(out, e->file);
	}
}
