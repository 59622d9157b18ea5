package lab

// Edit is the one way a lab changes its spec on a key: copy the spec,
// change the copy, validate it, assign it and restart. change returns why
// the key does nothing here ("random reads no d"), or ""; a change that
// leaves the spec as it was (a key at its limit) says so too. A refused or
// empty change leaves the lab as it was. note writes the accepted change's
// note from the new spec.
func Edit[S comparable](spec *S, change func(*S) string, validate func(S) error, restart func() error, note func(S) string) Outcome {
	next := *spec
	if why := change(&next); why != "" {
		return Outcome{Handled: true, Note: why}
	}
	if next == *spec {
		return Outcome{Handled: true, Note: "no change: this key is at the end of its range"}
	}
	if err := validate(next); err != nil {
		return Outcome{Handled: true, Err: err}
	}
	old := *spec
	*spec = next
	if err := restart(); err != nil {
		*spec = old
		restart()
		return Outcome{Handled: true, Err: err}
	}
	return Outcome{Handled: true, Restarted: true, Note: note(next)}
}

// EditReplaying is Edit for a lab whose change reruns the run from the
// start and replays it to the time it had reached.
func EditReplaying[S comparable](spec *S, change func(*S) string, validate func(S) error, restart func() error, note func(S) string) Outcome {
	out := Edit(spec, change, validate, restart, note)
	out.Replay = out.Restarted
	return out
}

// Reseed is the one way a lab takes a new seed: set it in the spec and
// restart.
func Reseed(seed *int64, to int64, restart func() error) error {
	old := *seed
	*seed = to
	if err := restart(); err != nil {
		*seed = old
		restart()
		return err
	}
	return nil
}
