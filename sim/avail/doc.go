// Package avail is the availability arithmetic of lecture 26
// (docs/sources.md, §26.3.6) and the program of 26.4.3: A = MTTF /
// (MTTF + MTTR), the nines and the downtime they allow, the two paths to a
// better A (a longer MTTF or a shorter MTTR, equal in the ratio), and the
// scale effect (n machines fail n times as often, so the repair must be n
// times faster). Beside the formulas: an up/down process simulated in time
// whose measured availability converges to the formula, and k-of-n
// replicated availability with independent and with correlated failures.
//
// A year is 8760 h; a month is a twelfth of it, 730 h (the lecture's
// program prints 720 h in a header but divides by 12).
package avail
