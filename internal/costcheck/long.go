package costcheck

import (
	"os"
	"testing"
)

// Long skips t unless LOADLAB_LONG=1: a check of a cost model or of a
// stop at scale, seconds of runs at the sizes the limits are about. CI
// runs them (.ci/run, after the budgeted go test ./...); the inner loop,
// go test ./..., leaves them out.
func Long(t testing.TB) {
	t.Helper()
	if os.Getenv("LOADLAB_LONG") != "1" {
		t.Skip("a check at scale: LOADLAB_LONG=1 runs it (CI does)")
	}
}
