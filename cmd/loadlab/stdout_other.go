//go:build !unix

package main

// stdoutClosed is false where the runtime does not stand /dev/null in for
// a closed standard output.
func stdoutClosed() bool { return false }
