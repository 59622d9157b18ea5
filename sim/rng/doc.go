// Package rng is a random stream that reproduces CPython 3.11's random
// module bit for bit, so that a seed means in loadlab what it means in the
// sources' Python programs (docs/sources.md: seed 42 in §BLOG, 425 in §26,
// 20260927 in §P2C).
//
// The generator is MT19937 seeded by CPython's init_by_array over the 32-bit
// words of abs(seed), least significant first. On top of it sit the methods
// the engines need, each a transcription of the CPython algorithm of the same
// name: Random, GetRandBits, RandBelow (randrange), Uniform, ExpoVariate,
// Gauss (with its cached second value), Choice, Shuffle and Sample.
//
// A Source is a plain value: copying it forks the stream, which the bins
// engine uses to give each strategy its own position in a sequential stream.
package rng
