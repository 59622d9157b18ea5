// Package engine is the contract every loadlab engine keeps, in the few
// types they share: a validation error that names its field, a moment worth
// a sentence, and an append-only series that snapshots share without
// copying. It imports nothing outside the standard library.
package engine
