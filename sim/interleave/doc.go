// Package interleave is an exact interleaving explorer, and the race of
// lecture 26, section 26.2.10 (AWS us-east-1, 19-20 October 2025) built on
// it: two DNS Enactors applying plans, one of which leaves the DNS record
// of DynamoDB's endpoint empty.
//
// A Model is processes of atomic steps over one shared state. A schedule
// is an interleaving of every process's steps, each process's in its own
// order: processes of n1, ..., nk steps have (n1+...+nk)! / (n1! ... nk!)
// schedules (Multinomial). Each schedule ends in a final state, which the
// model sorts into an outcome; the explorer counts the schedules of each
// outcome exactly.
//
// Two counts agree. Enumerate runs every schedule one by one: plain
// enumeration, bounded by MaxEnumerate. Explore merges equal
// configurations: once the program counters and the shared state are the
// same, every way of going on is the same, so the schedules that continue
// from a configuration are counted once and added in for every path that
// reaches it. The counts stay exact (a partial-order reduction, keeping one
// schedule of each class of equivalent ones, would not count the others),
// and the work is the number of configurations, a few thousand where the
// schedules run to trillions. Tests hold the two equal on every small case.
//
// Race is the lecture's model (race.go); Player plays one schedule step by
// step with its captions (player.go); Timing gives each step a duration
// and counts outcomes by chance instead of by schedule (timing.go); Spec is
// the whole study as the command line and the labs configure it (spec.go).
package interleave
