/*
 * warplint-test: WL101/WL102 legacy calls in the bodies of macros that a
 * project header defines for its users.  No use in this file tells which
 * lanes arrive: the fix assumes all 32 and its note says it guessed, so
 * it is unsafe: --fix leaves it alone, --unsafe-fixes applies it.
 * unsafe-fixes: yes
 */
#pragma once

#define WARP_SHFL_DOWN(v, d) __shfl_down((v), (d)) // expect: WL101 {{mask guessed}}
#define WARP_BROADCAST(v) __shfl((v), 0) // expect: WL101
#define WARP_ANY(p) __any(p) // expect: WL102 {{'__any_sync'}}
/* __shfl_xor(x, 1) in a comment is no call. */
#define SHFL_NAME_ONLY __shfl_up // ok: WL101
