/* SPDX-License-Identifier: MIT */
/* The files a run reports, each once, with their findings merged. */
#include "driver/report.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

struct mark {
	unsigned seen;			/* analyses that reported it */
	struct wl_strvec configs;	/* under which it held */
	bool drop;			/* reported better by another finding */
	bool fixes_differ;		/* its passes proposed different fixes */
	bool reached;			/* a pass saw a kernel reach it */
};

/* @real relative to the working folder when below it, else @real. */
static char *display_path(const char *path, const char *real)
{
	char cwd[PATH_MAX];
	size_t n;

	if (!real || !getcwd(cwd, sizeof(cwd)))
		return wl_xstrdup(path);
	n = strlen(cwd);
	if (!strncmp(real, cwd, n) && real[n] == '/')
		return wl_xstrdup(real + n + 1);
	return wl_xstrdup(real);
}

static uint64_t real_key(const char *real)
{
	return XXH3_64bits(real, strlen(real));
}

/* The entry for real path @real, or NULL. */
static struct wl_report_file *find_real(const struct wl_report *report,
					const char *real)
{
	uint32_t i;

	if (!wl_u64map_get(&report->by_real, real_key(real), &i))
		return NULL;
	if (!strcmp(report->v[i]->real, real))
		return report->v[i];
	/* Two paths with one 64-bit hash: the map holds the later one. */
	for (i = 0; i < report->nr; i++)
		if (report->v[i]->real && !strcmp(report->v[i]->real, real))
			return report->v[i];
	return NULL;
}

struct wl_report_file *wl_report_add(struct wl_report *report,
				     const char *path, bool header,
				     const struct wl_source *src)
{
	char *real = wl_realpaths_get(&report->realpaths, path);
	struct wl_report_file *rf = real ? find_real(report, real) : NULL;

	if (rf) {
		free(real);
		/*
		 * An input stays an input; it is fixable as one.  Its text
		 * may have gone already (nothing to report of its own: see
		 * drop_quiet_texts()), while an includer's pass reported
		 * findings in it: keep the copy that still has the text.
		 */
		if (!header && rf->header) {
			rf->header = false;
			if (!src || src->text || !rf->src || !rf->src->text)
				rf->src = src;
		}
		return rf;
	}
	rf = wl_xcalloc(1, sizeof(*rf));
	rf->path = header ? display_path(path, real) : wl_xstrdup(path);
	rf->real = real;
	rf->header = header;
	rf->src = src;
	if (real)
		wl_u64map_put(&report->by_real, real_key(real), report->nr);
	WL_GROW(report->v, report->nr, report->alloc);
	report->v[report->nr++] = rf;
	return rf;
}

bool wl_report_same_text(const struct wl_report_file *rf,
			 const struct wl_source *src)
{
	return rf->src && src && wl_source_same_text(rf->src, src);
}

static bool has_string(const struct wl_strvec *v, const char *s)
{
	unsigned i;

	for (i = 0; i < v->nr; i++)
		if (!strcmp(v->v[i], s))
			return true;
	return false;
}

static struct mark *mark_of(struct wl_report_file *rf, unsigned i)
{
	if (i >= rf->alloc_marks) {
		unsigned n = rf->alloc_marks ? 2 * rf->alloc_marks : 16;

		while (n <= i)
			n *= 2;
		rf->marks = wl_xrealloc(rf->marks, n * sizeof(*rf->marks));
		memset(rf->marks + rf->alloc_marks, 0,
		       (n - rf->alloc_marks) * sizeof(*rf->marks));
		rf->alloc_marks = n;
	}
	return &rf->marks[i];
}

/* The same finding as @f in @rf, or NULL. */
static int find_same(const struct wl_report_file *rf,
		     const struct wl_finding *f)
{
	unsigned i;

	for (i = 0; i < rf->findings.nr; i++) {
		const struct wl_finding *g = &rf->findings.v[i];

		if (g->rule == f->rule && g->offset == f->offset &&
		    g->length == f->length)
			return (int)i;
	}
	return -1;
}

void wl_report_merge(struct wl_report_file *rf, struct wl_findings *list,
		     const char *config)
{
	unsigned i;

	rf->passes++;
	if (config && !has_string(&rf->configs, config))
		wl_strvec_push(&rf->configs, config);
	for (i = 0; i < list->nr; i++) {
		struct wl_finding *f = &list->v[i];
		int k = find_same(rf, f);
		struct mark *m;

		if (k < 0) {
			WL_GROW(rf->findings.v, rf->findings.nr,
				rf->findings.alloc);
			k = (int)rf->findings.nr;
			rf->findings.v[rf->findings.nr++] = *f;
			m = mark_of(rf, (unsigned)k);
			memset(m, 0, sizeof(*m));
			m->reached = !f->unreached;
		} else {
			struct wl_finding *g = &rf->findings.v[k];

			m = mark_of(rf, (unsigned)k);
			if (f->unreached && m->reached) {
				/* this pass saw no caller: others did */
			} else if (!f->unreached && !m->reached) {
				/* the first pass that saw a caller decides */
				wl_finding_release(g);
				*g = *f;
				memset(f, 0, sizeof(*f));
				m->reached = true;
				m->fixes_differ = false;
			} else if (!wl_fix_equal(g->fix, f->fix)) {
				wl_fix_free(g->fix);
				g->fix = NULL;
				/* said once, however many passes disagree */
				if (!m->fixes_differ)
					wl_finding_note(g, "no fix: it would "
							   "differ between the "
							   "files that include "
							   "this one, or between "
							   "configurations");
				m->fixes_differ = true;
			} else if (g->fix && g->fix->safety == WL_FIX_SAFE &&
				   f->fix->safety == WL_FIX_UNSAFE) {
				/* Unsafe in one pass is unsafe in all. */
				wl_fix_mark_unsafe(g->fix, f->fix->unsafe_why);
			}
			wl_finding_release(f);
		}
		m->seen++;
		if (config && !has_string(&m->configs, config))
			wl_strvec_push(&m->configs, config);
	}
	free(list->v);
	memset(list, 0, sizeof(*list));
}

static char *join(const struct wl_strvec *v)
{
	struct wl_buf b = WL_BUF_INIT;
	unsigned i;

	for (i = 0; i < v->nr; i++)
		wl_buf_addf(&b, "%s%s", i ? ", " : "", v->v[i]);
	return wl_buf_detach(&b);
}

/*
 * Whether another analysis of the file compiled the code that @f (a
 * WL105: legacy code in an inactive branch) is about: a finding of
 * another rule starts where it does.  That analysis reports the code
 * itself; "analyse the other configuration" would be noise.
 */
static bool analysed_elsewhere(const struct wl_report_file *rf,
			       const struct wl_finding *f)
{
	unsigned i;

	if (f->rule != WL105)
		return false;
	for (i = 0; i < rf->findings.nr; i++)
		if (rf->findings.v[i].rule != WL105 &&
		    rf->findings.v[i].offset == f->offset)
			return true;
	return false;
}

static void finish_file(struct wl_report_file *rf)
{
	unsigned i, out = 0;

	/* Before any is dropped: each looks at all the others. */
	for (i = 0; i < rf->findings.nr; i++)
		mark_of(rf, i)->drop = analysed_elsewhere(rf,
							  &rf->findings.v[i]);
	for (i = 0; i < rf->findings.nr; i++) {
		struct wl_finding *f = &rf->findings.v[i];
		struct mark *m = mark_of(rf, i);

		/*
		 * Unused only if unused in every analysis of the file;
		 * inactive only if no analysis compiled it.
		 */
		if ((f->rule == WL901 && m->seen < rf->passes) || m->drop) {
			wl_finding_release(f);
			wl_strvec_release(&m->configs);
			continue;
		}
		if (rf->configs.nr > 1 && m->configs.nr < rf->configs.nr) {
			free(f->configs);
			f->configs = join(&m->configs);
			wl_finding_note(f, "holds under configuration%s %s "
					   "only", m->configs.nr == 1 ? "" : "s",
					f->configs);
		}
		wl_strvec_release(&m->configs);
		rf->findings.v[out++] = *f;
	}
	rf->findings.nr = out;
	free(rf->marks);
	rf->marks = NULL;
	rf->alloc_marks = 0;
	wl_findings_sort(&rf->findings);
	wl_findings_uncover(&rf->findings);
}

static void free_file(struct wl_report_file *rf)
{
	unsigned k;

	for (k = 0; k < rf->findings.nr && k < rf->alloc_marks; k++)
		wl_strvec_release(&rf->marks[k].configs);
	free(rf->marks);
	wl_findings_release(&rf->findings);
	wl_strvec_release(&rf->configs);
	free(rf->path);
	free(rf->real);
	free(rf->fixed);
	free(rf);
}

void wl_report_finish(struct wl_report *report)
{
	unsigned i, out = 0;

	for (i = 0; i < report->nr; i++) {
		struct wl_report_file *rf = report->v[i];

		finish_file(rf);
		/* A header is reported for its findings only. */
		if (rf->header && !rf->findings.nr)
			free_file(rf);
		else
			report->v[out++] = rf;
	}
	report->nr = out;
}

void wl_report_release(struct wl_report *report)
{
	unsigned i;

	for (i = 0; i < report->nr; i++)
		free_file(report->v[i]);
	free(report->v);
	wl_u64map_release(&report->by_real);
	wl_realpaths_release(&report->realpaths);
	memset(report, 0, sizeof(*report));
}
