//go:build unix

package main

import (
	"os"
	"syscall"
)

// stdoutClosed reports whether loadlab was started with its standard
// output closed (loadlab run ... >&-). Go's runtime then opens /dev/null
// in its place, read-write, so that writes succeed and the report is
// lost without a word; a shell's >/dev/null opens it write-only, which is
// a choice to discard the report and is left alone.
func stdoutClosed() bool {
	var out, null syscall.Stat_t
	if syscall.Fstat(1, &out) != nil || syscall.Stat(os.DevNull, &null) != nil || out.Rdev != null.Rdev || out.Mode&syscall.S_IFMT != syscall.S_IFCHR {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}
