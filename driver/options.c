/* SPDX-License-Identifier: MIT */
/* Command-line options of warplint, parsed into one struct. */
#include "driver/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

const char wl_usage[] =
	"usage: warplint [options] FILE... [-- COMPILER-ARGS...]\n"
	"\n"
	"Find and fix legacy warp-synchronous CUDA (pre-Volta assumptions).\n"
	"\n"
	"Parsing (as clang-tidy takes them):\n"
	"  -I DIR, -isystem DIR   add an include folder (also -IDIR)\n"
	"  -D NAME[=VALUE]        define a macro (also -DNAME); -U NAME undefines\n"
	"  -include FILE          include FILE before the source\n"
	"  -std=STD               the language standard, e.g. -std=c++14\n"
	"  -- ARGS...             compiler arguments for every file (nvcc's or\n"
	"                         clang's; what the parser needs is kept)\n"
	"  -p DIR                 read DIR/compile_commands.json for flags;\n"
	"                         with no FILE, analyze every CUDA file in it;\n"
	"                         without -p, one is looked for above each\n"
	"                         file and in those folders' build/, as clangd\n"
	"                         does\n"
	"  --extra-arg=ARG        pass ARG to the parser (repeatable), e.g.\n"
	"                         --extra-arg=-DBLOCK=256\n"
	"  --no-guess-includes    do not look in the repository for the folder\n"
	"                         of a header that is not found, nor for a\n"
	"                         .cu file to analyse a header given alone in\n"
	"  --header-filter=REGEX  report findings in the headers whose path\n"
	"                         matches REGEX (default: every header that\n"
	"                         is not a system header; '' for none)\n"
	"  --enable=IDS           enable rules (comma-separated ids or names)\n"
	"  --disable=IDS          disable rules\n"
	"  -j N, --jobs=N         analyze N files in parallel (default: cores)\n"
	"  --config=FILE          read settings from FILE, not from the\n"
	"                         .warplint found above each source\n"
	"  --no-config            read no configuration file\n"
	"  --baseline=FILE        report only findings not in FILE\n"
	"  --write-baseline=FILE  write every finding to FILE as a baseline\n"
	"  --no-prefilter         parse every file, even one that no rule can\n"
	"                         fire on (see bench/README.md)\n"
	"  --no-cache             analyse every file again; by default a\n"
	"                         file whose text, headers, flags and\n"
	"                         configuration are unchanged since the last\n"
	"                         run is not parsed (cache folder:\n"
	"                         $WARPLINT_CACHE_DIR, else\n"
	"                         $XDG_CACHE_HOME/warplint, else\n"
	"                         ~/.cache/warplint)\n"
	"  --no-pch               parse the CUDA shim as text for every file;\n"
	"                         by default it is precompiled once per set\n"
	"                         of flags, in the cache folder's pch/\n"
	"  --shard=I/N            analyze only shard I of N (1-based) of the\n"
	"                         files, for CI matrices; the split is a hash\n"
	"                         of each path; 'warplint merge' joins the\n"
	"                         shards' JSON or SARIF reports\n"
	"  --timeout=SECONDS      analyze each file in a child process and give\n"
	"                         up on it after SECONDS (default: 0, no limit)\n"
	"\n"
	"Fixes:\n"
	"  --fix                  apply fixes to the files, atomically\n"
	"  --fix-dry-run          print the fixes as a unified diff\n"
	"  --unsafe-fixes         also apply fixes that rest on a guess (a\n"
	"                         mask for callers warplint did not see):\n"
	"                         review them first\n"
	"  --fix-style=STYLE      syncwarp (default) or shuffle (WL401)\n"
	"  --export-fixes=FILE    write fixes as clang-apply-replacements YAML\n"
	"\n"
	"Output:\n"
	"  --format=FMT           text (default), json or sarif\n"
	"  -o FILE, --output=FILE write the report to FILE\n"
	"  --fail-level=LEVEL     exit 1 only for findings at or above LEVEL:\n"
	"                         note (default), warning or error\n"
	"  --color=WHEN           always, never or auto (default)\n"
	"  -q, --quiet            print findings only, no summary\n"
	"  --verbose              say which compile database and include\n"
	"                         folders were used, which files came from\n"
	"                         the cache and which precompiled shim was\n"
	"                         made or dropped, and print every parse\n"
	"                         error\n"
	"\n"
	"Information:\n"
	"  --list-rules           list every rule\n"
	"  --explain=ID           show a rule's documentation\n"
	"  -h, --help             show this help\n"
	"  --version              show the version\n"
	"  --dump-model           print the model of each file (debugging)\n"
	"\n"
	"Subcommand:\n"
	"  warplint merge [-o FILE] REPORT...\n"
	"                         join the JSON or SARIF reports of the\n"
	"                         --shard runs of one run into its report\n"
	"\n"
	"Exit status: 0 no findings, 1 findings, 2 a file could not be read or\n"
	"none of its device code parsed, 3 usage error.\n";

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "warplint: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'warplint --help'.\n");
	return -1;
}

static int set_rules(struct wl_options *opts, const char *list, bool on)
{
	char *copy = wl_xstrdup(list), *p = copy, *comma;
	int ret = 0;

	while (p && *p) {
		const struct wl_rule *r;

		comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		if (!strcmp(p, "all")) {
			for (unsigned i = 0; i < WL_NR_RULES; i++) {
				opts->analyze.enabled[i] = on;
				opts->rule_from_cli[i] = true;
			}
		} else {
			r = wl_rule_find(p);
			if (!r) {
				ret = usage_error("unknown rule '%s'", p);
				break;
			}
			opts->analyze.enabled[r->id] = on;
			opts->rule_from_cli[r->id] = true;
		}
		p = comma ? comma + 1 : NULL;
	}
	free(copy);
	return ret;
}

/*
 * Match --name=value or --name value (and -x value); returns the value and
 * advances *@i past a separate one.
 */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	const char *arg = argv[*i];

	if (strncmp(arg, name, n))
		return NULL;
	if (arg[n] == '=')
		return arg + n + 1;
	if (arg[n] == '\0' && *i + 1 < argc)
		return argv[++*i];
	return NULL;
}

/*
 * The parser options taken directly, as clang-tidy and compilers take
 * them, joined (-Iinc) or separate (-I inc).  Returns the number of words
 * used (1 or 2), 0 if @argv[*i] is none of them, -1 if its value is
 * missing.  The compile-database translation turns them into clang's
 * spelling, so that both paths agree.
 */
static const char *const parser_flags[] = {
	"-isystem", "-iquote", "-idirafter", "-include", "-I", "-D", "-U",
	"-std",
};

static int parser_option(struct wl_options *opts, int argc, char **argv,
			 int *i)
{
	const char *arg = argv[*i], *words[3] = { "warplint", arg, NULL };
	unsigned k;

	for (k = 0; k < WL_ARRAY_SIZE(parser_flags); k++) {
		size_t n = strlen(parser_flags[k]);

		if (strncmp(arg, parser_flags[k], n))
			continue;
		if (arg[n] == '\0') {
			if (*i + 1 >= argc)
				return -1;
			words[2] = argv[++*i];
			wl_compdb_translate(words, 3, NULL, &opts->extra_args,
					    NULL);
			return 2;
		}
		/* -std takes "=value"; the others are glued: -Iinc. */
		if (!strcmp(parser_flags[k], "-std") && arg[n] != '=')
			return 0;
		wl_compdb_translate(words, 2, NULL, &opts->extra_args, NULL);
		return 1;
	}
	return 0;
}

/*
 * Compiler arguments after "--", as clang-tidy takes them: the flags the
 * parser needs are kept, the rest (nvcc's -arch, -O2, -c) dropped.  A word
 * that is no flag's value and names an existing file is an input file, so
 * that "warplint -- -rf.cu" still analyses a file named "-rf.cu".
 */
static void compiler_args(struct wl_options *opts, int argc, char **argv,
			  int first)
{
	struct wl_strvec words = { NULL, 0, 0 }, loose = { NULL, 0, 0 };
	struct stat st;
	unsigned k;
	int i;

	wl_strvec_push(&words, "cc");
	for (i = first; i < argc; i++)
		wl_strvec_push(&words, argv[i]);
	wl_compdb_translate((const char *const *)words.v, words.nr, NULL,
			    &opts->extra_args, &loose);
	for (k = 0; k < loose.nr; k++)
		if (stat(loose.v[k], &st) == 0 && S_ISREG(st.st_mode))
			wl_strvec_push(&opts->files, loose.v[k]);
	wl_strvec_release(&words);
	wl_strvec_release(&loose);
}

static int parse_level(const char *s, enum wl_level *out)
{
	if (!strcmp(s, "note"))
		*out = WL_LEVEL_NOTE;
	else if (!strcmp(s, "warning"))
		*out = WL_LEVEL_WARNING;
	else if (!strcmp(s, "error"))
		*out = WL_LEVEL_ERROR;
	else
		return -1;
	return 0;
}

int wl_options_parse(struct wl_options *opts, int argc, char **argv)
{
	int i, used;

	memset(opts, 0, sizeof(*opts));
	wl_analyze_opts_default(&opts->analyze);
	opts->fail_level = WL_LEVEL_NOTE;
	opts->color = isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL;
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], *v;

		if (arg[0] != '-' || !strcmp(arg, "-")) {
			wl_strvec_push(&opts->files, arg);
		} else if (!strcmp(arg, "--")) {
			compiler_args(opts, argc, argv, i + 1);
			break;
		} else if ((used = parser_option(opts, argc, argv, &i)) != 0) {
			if (used < 0)
				return usage_error("option '%s' needs a value",
						   arg);
		} else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			opts->action = WL_ACTION_HELP;
		} else if (!strcmp(arg, "--version")) {
			opts->action = WL_ACTION_VERSION;
		} else if (!strcmp(arg, "--list-rules")) {
			opts->action = WL_ACTION_LIST_RULES;
		} else if ((v = opt_value(argc, argv, &i, "--explain"))) {
			opts->action = WL_ACTION_EXPLAIN;
			opts->explain = v;
		} else if (!strcmp(arg, "--fix")) {
			opts->fix = true;
		} else if (!strcmp(arg, "--fix-dry-run")) {
			opts->fix_dry_run = true;
		} else if (!strcmp(arg, "--unsafe-fixes")) {
			opts->unsafe_fixes = true;
		} else if ((v = opt_value(argc, argv, &i, "--fix-style"))) {
			if (!strcmp(v, "syncwarp"))
				opts->analyze.fix_style = WL_FIX_STYLE_SYNCWARP;
			else if (!strcmp(v, "shuffle"))
				opts->analyze.fix_style = WL_FIX_STYLE_SHUFFLE;
			else
				return usage_error("unknown fix style '%s'", v);
		} else if ((v = opt_value(argc, argv, &i, "--export-fixes"))) {
			opts->export_fixes = v;
		} else if ((v = opt_value(argc, argv, &i, "--format"))) {
			if (!strcmp(v, "text"))
				opts->format = WL_FORMAT_TEXT;
			else if (!strcmp(v, "json"))
				opts->format = WL_FORMAT_JSON;
			else if (!strcmp(v, "sarif"))
				opts->format = WL_FORMAT_SARIF;
			else
				return usage_error("unknown format '%s'", v);
		} else if ((v = opt_value(argc, argv, &i, "--output")) ||
			   (v = opt_value(argc, argv, &i, "-o"))) {
			opts->output = v;
		} else if ((v = opt_value(argc, argv, &i, "--enable"))) {
			if (set_rules(opts, v, true) < 0)
				return -1;
		} else if ((v = opt_value(argc, argv, &i, "--disable"))) {
			if (set_rules(opts, v, false) < 0)
				return -1;
		} else if ((v = opt_value(argc, argv, &i, "--config"))) {
			opts->config = v;
		} else if (!strcmp(arg, "--no-config")) {
			opts->no_config = true;
		} else if ((v = opt_value(argc, argv, &i, "--baseline"))) {
			opts->baseline = v;
		} else if ((v = opt_value(argc, argv, &i, "--write-baseline"))) {
			opts->write_baseline = v;
		} else if ((v = opt_value(argc, argv, &i, "--extra-arg"))) {
			wl_strvec_push(&opts->extra_args, v);
		} else if ((v = opt_value(argc, argv, &i, "-p"))) {
			opts->compdb_dir = v;
		} else if ((v = opt_value(argc, argv, &i, "--header-filter"))) {
			opts->header_filter = v;
		} else if (!strcmp(arg, "--verbose")) {
			opts->verbose = true;
		} else if (!strcmp(arg, "--no-guess-includes")) {
			opts->no_guess_includes = true;
		} else if ((v = opt_value(argc, argv, &i, "--jobs")) ||
			   (v = opt_value(argc, argv, &i, "-j"))) {
			char *end;
			long n = strtol(v, &end, 10);

			if (*end || n < 1 || n > 1024)
				return usage_error("bad job count '%s'", v);
			opts->jobs = (unsigned)n;
		} else if (!strncmp(arg, "-j", 2) && arg[2]) {
			char *end;
			long n = strtol(arg + 2, &end, 10);

			if (*end || n < 1 || n > 1024)
				return usage_error("bad job count '%s'", arg + 2);
			opts->jobs = (unsigned)n;
		} else if ((v = opt_value(argc, argv, &i, "--shard"))) {
			if (wl_shard_parse(&opts->shard, v) < 0)
				return usage_error("bad shard '%s' (I/N, with "
						   "1 <= I <= N)", v);
		} else if ((v = opt_value(argc, argv, &i, "--timeout"))) {
			char *end;
			long n = strtol(v, &end, 10);

			if (!*v || *end || n < 0 || n > 86400)
				return usage_error("bad timeout '%s' (seconds, "
						   "0 to 86400)", v);
			opts->timeout = (unsigned)n;
		} else if ((v = opt_value(argc, argv, &i, "--fail-level"))) {
			if (parse_level(v, &opts->fail_level) < 0)
				return usage_error("unknown level '%s'", v);
		} else if ((v = opt_value(argc, argv, &i, "--color"))) {
			if (!strcmp(v, "always"))
				opts->color = true;
			else if (!strcmp(v, "never"))
				opts->color = false;
			else if (strcmp(v, "auto"))
				return usage_error("bad --color value '%s'", v);
		} else if (!strcmp(arg, "--no-prefilter")) {
			opts->no_prefilter = true;
		} else if (!strcmp(arg, "--no-cache")) {
			opts->no_cache = true;
		} else if (!strcmp(arg, "--no-pch")) {
			opts->no_pch = true;
		} else if (!strcmp(arg, "--print-parse-args")) {
			/* Hidden: the clang arguments, for bench/run. */
			opts->action = WL_ACTION_PRINT_PARSE_ARGS;
		} else if ((v = opt_value(argc, argv, &i, "--dump-shim"))) {
			/* Hidden: write the embedded shim under DIR. */
			opts->action = WL_ACTION_DUMP_SHIM;
			opts->dump_shim = v;
		} else if (!strcmp(arg, "--dump-model")) {
			opts->analyze.dump_model = true;
		} else if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet")) {
			opts->quiet = true;
		} else {
			return usage_error("unknown option '%s'", arg);
		}
	}
	if (opts->fix && opts->fix_dry_run)
		return usage_error("%s", "--fix and --fix-dry-run exclude each other");
	return 0;
}

void wl_options_release(struct wl_options *opts)
{
	wl_strvec_release(&opts->files);
	wl_strvec_release(&opts->extra_args);
}
