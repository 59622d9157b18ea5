//go:build unix

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// A run started with standard output closed says so and exits 2, rather
// than writing its report to the /dev/null Go's runtime stands in; one
// sent to >/dev/null by choice runs.
func TestStdoutClosed(t *testing.T) {
	if os.Getenv("LOADLAB_AS_MAIN") == "1" {
		os.Args = []string{"loadlab", "run", "bins", "--bins", "4", "--balls", "4"}
		main()
	}
	t.Parallel()
	for _, c := range []struct {
		redirect string
		code     int
	}{{">&-", exitUsage}, {">/dev/null", exitOK}} {
		cmd := exec.Command("sh", "-c", `exec "$0" -test.run=^TestStdoutClosed$ `+c.redirect, os.Args[0])
		cmd.Env = append(os.Environ(), "LOADLAB_AS_MAIN=1")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != c.code || c.code != 0 && !strings.Contains(stderr.String(), "standard output is closed") {
			t.Errorf("%s: exit %d, stderr %q; want exit %d", c.redirect, code, stderr.String(), c.code)
		}
	}
}
