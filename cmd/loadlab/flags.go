package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unsafe"
)

// newFlagSet returns a flag set that reports errors to us instead of
// printing its own usage.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args, with flags before or after the positional
// arguments, and returns the positional ones. Every problem is a one-line
// usage error naming the flag and, from ranges, what it accepts; topic is
// the help that lists the flags.
func parseFlags(fs *flag.FlagSet, args []string, ranges map[string]string, topic string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, flagError(fs, err, ranges, topic)
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional, args = append(positional, args[0]), args[1:]
	}
}

func flagError(fs *flag.FlagSet, err error, ranges map[string]string, topic string) error {
	if err == flag.ErrHelp {
		return helpRequest{topic}
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return usagef("--%s is not a flag of %s (see loadlab help %s)", name, fs.Name(), topic)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return usagef("--%s needs a value: %s", name, ranges[name])
	}
	var named string
	fs.VisitAll(func(f *flag.Flag) {
		if strings.Contains(msg, "flag -"+f.Name+":") {
			named = f.Name
		}
	})
	if hint, ok := ranges[named]; ok {
		value := ""
		if _, v, found := strings.Cut(msg, "invalid value "); found {
			value, _, _ = strings.Cut(v, " for flag")
		}
		return usagef("--%s must be %s, got %s", named, hint, value)
	}
	return usageError{msg}
}

// scanArgs finds, without knowing an engine's flags, the first positional
// argument and the value of --scenario-file. Every flag takes a value
// except those named in boolFlags.
func scanArgs(args []string, boolFlags map[string]bool) (target, file string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if target == "" {
				target = a
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !hasValue && !boolFlags[name] && i+1 < len(args) {
			i++
			value = args[i]
		}
		if name == "scenario-file" {
			file = value
		}
	}
	return target, file
}

// quoteList writes names as "a, b or c".
func quoteList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return fmt.Sprintf("%s or %s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

func isHelpFlag(a string) bool { return a == "-h" || a == "--help" || a == "-help" }

// decimal is an integer flag read in base 10 only: the flag package would
// read 010 as octal 8 and accept 0x10.
type decimal[T int | int64] struct{ p *T }

func (v decimal[T]) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*v.p), 10)
}

func (v decimal[T]) Set(s string) error {
	x, err := strconv.ParseInt(s, 10, int(unsafe.Sizeof(*v.p))*8)
	if err != nil {
		return errors.New("parse error")
	}
	*v.p = T(x)
	return nil
}

// intFlag declares a decimal int flag over p, starting at value.
func intFlag(fs *flag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(decimal[int]{p}, name, usage)
}

// int64Flag declares a decimal int64 flag over p, starting at value.
func int64Flag(fs *flag.FlagSet, p *int64, name string, value int64, usage string) {
	*p = value
	fs.Var(decimal[int64]{p}, name, usage)
}

// printFlags writes the help's flag list as a user types the flags:
// --name, its value's kind, what it does, what it accepts and its default.
func printFlags(w io.Writer, fs *flag.FlagSet, ranges map[string]string) {
	fs.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		if kind == "value" {
			kind = "N"
		}
		head := "  --" + f.Name
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			head += " " + kind
		}
		line := usage
		if r := ranges[f.Name]; r != "" && !strings.Contains(usage, r) {
			line += "; " + r
		}
		if d := f.DefValue; d != "" && d != "0" && d != "false" || f.Name == "seed" {
			line += fmt.Sprintf(" (default %s)", d)
		}
		fmt.Fprintf(w, "%s\n      %s\n", head, line)
	})
}
