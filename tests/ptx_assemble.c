/* SPDX-License-Identifier: MIT */
/*
 * ptx_assemble: prove with ptxas that inline PTX is valid for sm_90.
 *
 *   ptx_assemble [--ptxas PATH] [--before ORIGINAL] FILE
 *
 * Assembles every asm statement of FILE whose template names shfl or vote
 * (with --before, only those whose text is not in ORIGINAL: the ones a
 * fix rewrote).  Prints "checked N, rejected N, skipped N".  Exit 0 when
 * ptxas accepted them all, 1 when it rejected one, 77 when no ptxas runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/source.h"
#include "tests/ptxcheck.h"

int main(int argc, char **argv)
{
	const char *ptxas = "/usr/local/cuda/bin/ptxas", *before = NULL;
	const char *file = NULL;
	struct wl_source src, old;
	struct wl_ptxcheck_result res;
	char *err = NULL;
	int i, rc;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--ptxas") && i + 1 < argc)
			ptxas = argv[++i];
		else if (!strcmp(argv[i], "--before") && i + 1 < argc)
			before = argv[++i];
		else
			file = argv[i];
	}
	if (!file) {
		fprintf(stderr, "usage: ptx_assemble [--ptxas PATH] "
				"[--before ORIGINAL] FILE\n");
		return 2;
	}
	if (access(ptxas, X_OK) != 0) {
		fprintf(stderr, "ptx_assemble: no ptxas at %s\n", ptxas);
		return 77;
	}
	if (wl_source_load(&src, file, &err) < 0) {
		fprintf(stderr, "ptx_assemble: %s: %s\n", file, err);
		free(err);
		return 2;
	}
	memset(&old, 0, sizeof(old));
	if (before && wl_source_load(&old, before, &err) < 0) {
		fprintf(stderr, "ptx_assemble: %s: %s\n", before, err);
		free(err);
		wl_source_release(&src);
		return 2;
	}
	rc = wl_ptxcheck(ptxas, file, src.text, src.len,
			 before ? old.text : NULL, &res);
	printf("%s: checked %u, rejected %u, skipped %u\n", file, res.checked,
	       res.rejected, res.skipped);
	wl_source_release(&src);
	if (before)
		wl_source_release(&old);
	if (rc < 0)
		return 77;
	return res.rejected ? 1 : 0;
}
