// Package cascade is the cascading-failure engine of lecture 26, section
// 26.4.1 (docs/sources.md, §26): an api -> svc -> db/aux chain of thread
// pools where a caller's slot stays held while it waits on the layer below,
// a database that slows down 20x at 15 s, a 6x traffic surge from 25 s to
// 40 s, and the protections that change the story: tuned timeouts,
// retries (immediate or with backoff, jitter and an error budget), a
// three-state circuit breaker, a svc bulkhead and priority load shedding.
//
// The engine follows the lecture's reference program step for step, so that
// a seed gives exactly its figures: the same random draws in the same order
// (sim/rng reproduces CPython's random), the same 10 ms ticks, the same
// queue scans and lazy deletions, the same float arithmetic. Where that
// program ties two protections together (in S6, backoff and the retry
// budget come with the breaker) the config keeps them apart; the presets set
// them as the lecture does.
package cascade
