// Package bins is the balls-into-bins engine: m balls placed one by one into
// n bins that never drain, under several placement strategies that read the
// same random candidates, so that their differences come from the rule alone.
//
// It follows docs/sources.md, §P2C (one choice against fresh two choices,
// correlated, stale and anti-two; paired seeds; exact enumeration at
// n = m = 4) and §BLOG (10,000 balls into 100 bins from seed 42, one stream
// shared by the strategies in turn). Vöcking's always-go-left and plain
// d choices are added as the theorem's own refinements.
//
// Candidates are drawn with sim/rng as randrange(n), so a seed means here
// what it means in the documents' Python programs. Ties go to the first
// candidate for every strategy.
package bins
