package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/log"
	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/serve"
)

// serveCommand is "loadlab serve": a class server over SSH, until SIGINT
// or SIGTERM.
func serveCommand(args []string, stdout, stderr io.Writer) error {
	cfg := serve.DefaultConfig()
	fs := flags.NewSet("serve")
	fs.Text(&cfg.Addr, "addr", "host:port", "where to listen (a non-loopback host such as 0.0.0.0 must be named)")
	fs.Text(&cfg.HostKey, "host-key", "a file", "the host key: made on the first start (mode 0600), read on the next")
	fs.Text(&cfg.LecturerKeys, "lecturer-keys", "an authorized_keys file", "the lecturers' public keys")
	fs.Text(&cfg.ClassCode, "class-code", "a word", "the students' password (none: anyone may come in)")
	fs.Int(&cfg.MaxSessions, "max-sessions", 1, 10000, "sessions at once")
	fs.Int(&cfg.PerAddress, "per-address", 1, 10000, "sessions at once from one address (a classroom behind one NAT is one address)")
	fs.Value((*durationValue)(&cfg.Idle), "idle", "a duration from 1s to 24h, such as 30m", "a session with no input for this long ends")
	fs.Text(&cfg.Theme, "theme", "a theme name", "the screens' theme")
	positional, err := flags.Parse(fs, args, "serve")
	if err != nil {
		return err
	}
	if len(positional) > 0 {
		return flags.Usagef("serve takes flags only, got %q (see loadlab help serve)", positional[0])
	}
	logger := log.NewWithOptions(stderr, log.Options{ReportTimestamp: true, Prefix: "loadlab serve"})
	s, err := serve.Start(cfg, logger)
	var refused serve.ConfigError
	if errors.As(err, &refused) {
		return flags.UsageError{Msg: refused.Error()}
	} else if err != nil {
		return err
	}
	host, port, _ := net.SplitHostPort(s.Addr())
	fmt.Fprintf(stdout, "loadlab class server on %s\nhost key %s: %s\n", s.Addr(), cfg.HostKey, s.Fingerprint)
	if host == "0.0.0.0" || host == "::" {
		host = "HOST"
	}
	fmt.Fprintf(stdout, "students: ssh -p %s %s", port, host)
	if cfg.ClassCode != "" {
		fmt.Fprint(stdout, " (the class code is their password)")
	}
	fmt.Fprintln(stdout)
	fmt.Fprintf(stdout, "to follow the lecturer: ssh -t -p %s %s follow (or ctrl+f in loadlab)\n", port, host)
	if cfg.LecturerKeys != "" {
		fmt.Fprintln(stdout, "lecturers: ssh with a key in "+cfg.LecturerKeys+"; the class follows what your session shows")
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	began := time.Now()
	logger.Info("stopping: every session is told")
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	err = s.Shutdown(ctx)
	logger.Info("stopped", "in", time.Since(began).Round(time.Millisecond))
	return err
}

// durationValue is a flag holding a time.Duration.
type durationValue time.Duration

func (d *durationValue) String() string { return time.Duration(*d).String() }

func (d *durationValue) Set(s string) error {
	v, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("not a duration such as 30m or 90s")
	}
	*d = durationValue(v)
	return nil
}

var _ flag.Value = (*durationValue)(nil)
