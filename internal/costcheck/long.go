package costcheck

import (
	"os"
	"testing"
)

// Long skips t unless LOADLAB_LONG=1: a check at scale, seconds of runs
// each: a cost model or a stop at the sizes the limits are about, a soak
// of random configs, a lesson's figures over forty seeds or ten years.
// CI runs them (.ci/run, after the budgeted go test ./...); the inner
// loop, go test ./..., leaves them out. A published figure is never
// one: those run in every go test ./....
func Long(t testing.TB) {
	t.Helper()
	if os.Getenv("LOADLAB_LONG") != "1" {
		t.Skip("a check at scale: LOADLAB_LONG=1 runs it (CI does)")
	}
}
