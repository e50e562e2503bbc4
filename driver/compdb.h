/* SPDX-License-Identifier: MIT */
/*
 * compile_commands.json support: find a file's command line and translate
 * nvcc's options into the few clang needs to parse the file the same way
 * (-I, -isystem, -D, -U, -std, -include).  The translation table lives in
 * this one module, and nothing from a compile database is ever executed.
 */
#ifndef WL_DRIVER_COMPDB_H
#define WL_DRIVER_COMPDB_H

#include <stdbool.h>

#include "base/util.h"

/*
 * Append to @out the clang arguments that @argv (a whole compiler command,
 * argv[0] the compiler) implies; relative include paths are resolved
 * against @directory (kept relative when it is NULL).  Words that are no
 * option and no option's value (the source file, a stray name) are
 * appended to @loose when it is not NULL.
 */
void wl_compdb_translate(const char *const *argv, unsigned argc,
			 const char *directory, struct wl_strvec *out,
			 struct wl_strvec *loose);

struct wl_compdb;

/* Load DIR/compile_commands.json; NULL with *@err set on failure. */
struct wl_compdb *wl_compdb_load(const char *dir, char **err);
void wl_compdb_free(struct wl_compdb *db);

/*
 * The translated arguments for @path, appended to @out.  A file the
 * database does not name (a header, a new file) takes the command of the
 * entry nearest to it in the folder tree, as clangd does; *@exact says
 * whether it had an entry of its own.  Returns false when the database is
 * empty.  One thread at a time.
 */
bool wl_compdb_args_for(struct wl_compdb *db, const char *path,
			struct wl_strvec *out, bool *exact);

/*
 * The folder of the compile_commands.json clangd would use for @path: in
 * @path's folder or one above it, or in the build/ folder of one of them,
 * nearest first.  Allocated, or NULL when there is none.
 */
char *wl_compdb_find(const char *path);

/* Every CUDA source (.cu, .cuh) the database names, appended to @out. */
void wl_compdb_files(struct wl_compdb *db, struct wl_strvec *out);

#endif
