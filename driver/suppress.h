/* SPDX-License-Identifier: MIT */
/*
 * Inline suppressions (STYLE.md B10): comments that silence named rules on
 * a line, the next line, or a block, and WL901 for the ones that silenced
 * nothing.
 *
 *   x = __shfl(x, 0);  // warplint-disable-line WL101 -- built for sm_60
 *   // warplint-disable-next-line WL101,legacy-vote -- vendored
 *   /+ warplint-disable WL201 -- reason +/ ... /+ warplint-enable WL201 +/
 *   x = __shfl(x, 0);  // NOLINT(WL101)        (clang-tidy's spelling)
 *   // NOLINTNEXTLINE(WL101, bugprone-foo)     (other tools' names ignored)
 */
#ifndef WL_DRIVER_SUPPRESS_H
#define WL_DRIVER_SUPPRESS_H

struct wl_ctx;

/*
 * Scan the context's source for suppression comments, mark the findings
 * they cover suppressed (with the text after "--" as justification), and
 * report WL901 for each suppression that covered nothing and for each
 * malformed one (unknown rule id, enable without disable), the latter at
 * error level whatever WL901's configuration.  Run after every rule.
 */
void wl_suppress_apply(struct wl_ctx *ctx);

#endif
