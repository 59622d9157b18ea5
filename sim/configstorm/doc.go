// Package configstorm is the configuration storm of lecture 26, section
// 26.2.8 (docs/sources.md, §26.2.8): Facebook, 2010-09-23, the site down
// for two and a half hours because the clients' own fix kept the
// database down after the cause was gone.
//
// The model, in the lecture's words where it has them and ours where it
// does not:
//
//   - A cache holds the configuration the clients read, in Entries
//     entries shared by Clients clients, which read it Reads times a
//     second in all, spread evenly over the entries. A read that finds
//     its entry valid is a hit; any other read queries the database.
//   - The database answers Capacity queries a second. Past that, a share
//     of the queries, drawn at random, is not answered: each such query
//     times out after a second and the client gets an error.
//   - At the run's minute LeadMin (the bad value's minute, 0:00 on the
//     timeline) a change writes an invalid value to the persistent copy
//     and every entry holds it: every client sees the invalid value and
//     queries the database to fix it, and while the persistent copy is
//     invalid every answer is invalid too. FixAtMin later the value is
//     fixed, and answers are valid again.
//   - The lecture's flaw: a client reads an error as an invalid value. It
//     deletes the entry and queries again at once, without backoff, up to
//     Attempts tries a read. An error deletes the entry whoever filled it,
//     so while the database errors at all, the entries it fills are
//     deleted again by the errors of the queries still in flight.
//
// The cache exists because the database cannot carry the reads (Reads >
// Capacity): once the entries are empty, the load that would refill them
// is more than the database can answer, its errors empty them again, and
// the storm keeps itself going after the value is fixed, a metastable
// state. Three switches end it, each a Protection: cutting the traffic
// (the lecture's: the site turned off at CutAtMin for OffMin minutes, then
// users let back over RampMin), exponential backoff (a client whose
// query fails waits twice as long as the last time before it queries
// again, from BackoffBaseS up to BackoffMaxS, with jitter), and keeping an
// entry on an error (an error no longer read as an invalid value).
//
// The lecture gives the story, the date, "hundreds of thousands of
// queries a second" and "2.5 hours"; every count, rate and time of the
// model is ours, chosen so that the storm peaks at hundreds of thousands
// of queries a second and the lecture's recovery (cut, let back slowly)
// ends 2.5 hours after the bad value. Time moves in steps of one second.
// Queries are counted as flows (their expected numbers); whether an entry
// got an answer or an error in a second is drawn from the seed, as
// CPython's random would, and so is each backing-off client's jitter.
// The entry expires at random (mean TTLS seconds) in quiet times: the
// small load a healthy cache puts on its database.
package configstorm
