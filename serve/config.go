// Package serve puts loadlab in front of a class over SSH (charmbracelet/
// wish with its Bubble Tea middleware): one program per session, at that
// session's terminal size, starting on the picker. Only that program is
// served: commands, subsystems, forwarding of ports, agents and X11, and
// environment variables are refused. The door holds as sshd's does: a
// role comes only from the key a session proved, terminal sizes are
// clamped, connections without a session close after a grace, sessions
// are capped per connection, per address and in all, wrong class codes
// cost their address more each time, idle sessions end, and a panic ends
// its session only.
package serve

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/loadlab/loadlab/tui"
)

// Config is a class server's settings.
type Config struct {
	// Addr is where it listens; a non-loopback host must be named.
	Addr string
	// HostKey is the host key's file: made on the first start (ed25519,
	// mode 0600) and read on every later one.
	HostKey string
	// LecturerKeys is an authorized_keys file of the lecturers' keys; ""
	// for none.
	LecturerKeys string
	// ClassCode is the students' password; "" lets anyone in.
	ClassCode string
	// MaxSessions caps the sessions at once, PerAddress those from one
	// address. Connections still at the door (no session yet) are counted
	// apart and never keep a session out.
	MaxSessions, PerAddress int
	// Idle ends a session with no input for so long.
	Idle time.Duration
	// Theme is the screens' theme ("" picks the default).
	Theme string
}

// DefaultConfig is a server on the loopback port 2222 for 100 sessions,
// 20 from one address, ending sessions idle for 30 minutes.
func DefaultConfig() Config {
	return Config{Addr: "127.0.0.1:2222", HostKey: "loadlab_host_ed25519", MaxSessions: 100, PerAddress: 20, Idle: 30 * time.Minute}
}

// Validate reports the first setting out of its range, naming it.
func (c Config) Validate() error {
	host, port, err := net.SplitHostPort(c.Addr)
	switch {
	case err != nil:
		return fmt.Errorf("--addr must be host:port, such as 127.0.0.1:2222 or 0.0.0.0:2222, got %q", c.Addr)
	case port == "":
		return fmt.Errorf("--addr needs a port, got %q", c.Addr)
	case !validPort(port):
		return fmt.Errorf("--addr needs a port from 0 to 65535, got %q", c.Addr)
	case host == "":
		return fmt.Errorf("--addr must name its host: 127.0.0.1:%s for this machine, 0.0.0.0:%s for every network, got %q", port, port, c.Addr)
	case c.HostKey == "":
		return fmt.Errorf("--host-key must name a file")
	case c.MaxSessions < 1 || c.MaxSessions > 10000:
		return fmt.Errorf("--max-sessions must be in 1..10000, got %d", c.MaxSessions)
	case c.PerAddress < 1 || c.PerAddress > 10000:
		return fmt.Errorf("--per-address must be in 1..10000, got %d", c.PerAddress)
	case c.Idle < time.Second || c.Idle > 24*time.Hour:
		return fmt.Errorf("--idle must be from 1s to 24h, got %v", c.Idle)
	}
	return tui.Check(tui.Options{Theme: c.Theme})
}

// validPort reports whether a port is a number a listener takes.
func validPort(port string) bool {
	n, err := strconv.ParseUint(port, 10, 16)
	return err == nil && n <= 65535
}

// ConfigError is a server refused before it listens for what its
// settings name: a bad --addr, a host key or lecturers' file it cannot
// use. The command line answers it as bad input.
type ConfigError struct{ Err error }

func (e ConfigError) Error() string { return e.Err.Error() }

func (e ConfigError) Unwrap() error { return e.Err }
