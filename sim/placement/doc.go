// Package placement is replica placement across fault domains, after
// lecture 26 (docs/sources.md, §26): the placement algorithm and its proofs
// of section 26.3.5 and the experiment of section 26.4.2. A topology of
// AZs x racks x nodes (node numbers run rack by rack, as cabling does), R
// replicas under a majority quorum, four strategies (random, greedy
// lowest-numbered, rack-aware, az-aware) and four failure events (a node,
// a rack, an AZ, or every node at once as a shared bug does).
//
// The table draws what the lecture's program draws, in its order, so that
// a seed gives exactly its counts; beside every Monte-Carlo figure stands
// the exact probability as a fraction. Beyond the lecture: software
// versions and a correlated failure of one version (diversity), the repair
// procedure of 26.3.5, and durability over simulated years.
package placement
