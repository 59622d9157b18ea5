package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unsafe"
)

// flagSet is one command's flags, each declared once: the call that binds
// a flag also says what it accepts and gives its help line, and the help
// page and every message about the flag are written from that call. The
// standard flag package parses (no dependency needed for what loadlab
// asks); this layer adds the command-line contract on top: numbers in
// decimal only (no hex, octal, binary, underscores, NaN or infinities),
// integer ranges checked as they are read, a flag given twice refused, and
// messages that name --flag.
type flagSet struct {
	*flag.FlagSet
	// accepts says, per flag, what it takes ("a whole number in 1..64").
	accepts map[string]string
	given   map[string]bool
}

// newFlagSet returns a flag set that reports errors to us instead of
// printing its own usage.
func newFlagSet(name string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, accepts: map[string]string{}, given: map[string]bool{}}
}

// errTwice is a flag's second value.
var errTwice = errors.New("given twice")

// once refuses a flag's second value: with the flag package the last would
// win silently.
type once struct {
	flag.Value
	name  string
	given map[string]bool
}

func (o once) Set(s string) error {
	if o.given[o.name] {
		return errTwice
	}
	o.given[o.name] = true
	return o.Value.Set(s)
}

func (o once) IsBoolFlag() bool {
	b, ok := o.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// Value declares a flag of any kind over v.
func (f *flagSet) Value(v flag.Value, name, accepts, usage string) {
	f.accepts[name] = accepts
	f.Var(once{v, name, f.given}, name, usage)
}

// Int declares a decimal int flag over p, in lo..hi (hi math.MaxInt: no
// upper bound).
func (f *flagSet) Int(p *int, name string, lo, hi int, usage string) {
	f.Value(decimal[int]{p, int64(lo), int64(hi), false}, name, wholeRange(int64(lo), int64(hi), math.MaxInt), usage)
}

// IntSaying declares a decimal int flag over p whose range depends on
// other flags: accepts says how, for the help. The engine checks the
// value against the others, in its own words, which name the range it
// works out; outOfRange then holds it to lo..hi.
func (f *flagSet) IntSaying(p *int, name string, lo, hi int, accepts, usage string) {
	f.Value(decimal[int]{p, int64(lo), int64(hi), true}, name, accepts, usage)
}

// Int64 declares a decimal int64 flag over p, in lo..hi.
func (f *flagSet) Int64(p *int64, name string, lo, hi int64, usage string) {
	f.Value(decimal[int64]{p, lo, hi, false}, name, wholeRange(lo, hi, math.MaxInt64), usage)
}

// Float declares a decimal float flag over p; accepts says its range. The
// engine checks the values it uses, in its own words; outOfRange then
// checks every flag given against a range written as an interval ("a
// number in (0, 1e6]", "a number > 0"), whether the run uses it or not.
// A range that depends on other flags ("[0, 1 - one-city]") is the
// engine's alone.
func (f *flagSet) Float(p *float64, name, accepts, usage string) {
	f.Value(number{p, intervalOf(accepts)}, name, accepts, usage)
}

// Text declares a string flag over p.
func (f *flagSet) Text(p *string, name, accepts, usage string) {
	f.Value(text{p}, name, accepts, usage)
}

// Bool declares a switch over p: --name, or --name=true|false.
func (f *flagSet) Bool(p *bool, name, usage string) {
	f.Value(boolean{p}, name, "true or false", usage)
}

func wholeRange(lo, hi, unbounded int64) string {
	if hi == unbounded {
		return fmt.Sprintf("a whole number >= %d", lo)
	}
	return fmt.Sprintf("a whole number in %d..%d", lo, hi)
}

// parseFlags parses args, with flags before or after the positional
// arguments, and returns the positional ones. Every problem is a one-line
// usage error naming the flag and what it accepts; topic is the help that
// lists the flags.
func parseFlags(fs *flagSet, args []string, topic string) ([]string, error) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "="); hasValue && strings.HasPrefix(a, "-") && (name == "h" || name == "help") {
			return nil, usagef("--%s takes no value, got %q (see loadlab help %s)", name, a, topic)
		}
	}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, flagError(fs, err, topic)
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional, args = append(positional, args[0]), args[1:]
	}
}

// flagAliases are the names the screens and the sources use for a
// flag's quantity (the exact lab says n and m), each with the flag and the
// words that say so.
var flagAliases = map[string][2]string{
	"n": {"bins", "the number of bins n"},
	"m": {"balls", "the number of balls m"},
}

func flagError(fs *flagSet, err error, topic string) error {
	if err == flag.ErrHelp {
		return helpRequest{topic}
	}
	msg := err.Error()
	if arg, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return usagef("%q is not a flag: a flag is --name or --name=value (see loadlab help %s)", arg, topic)
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		if a, ok := flagAliases[name]; ok && fs.Lookup(a[0]) != nil {
			return usagef("--%s is not a flag of %s: %s is --%s (see loadlab help %s)", name, fs.Name(), a[1], a[0], topic)
		}
		return usagef("--%s is not a flag of %s (see loadlab help %s)", name, fs.Name(), topic)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		if a := fs.accepts[name]; a != "" {
			return usagef("--%s needs a value: %s", name, a)
		}
		return usagef("--%s needs a value", name)
	}
	var named string
	fs.VisitAll(func(f *flag.Flag) {
		if strings.Contains(msg, "flag -"+f.Name+":") || strings.Contains(msg, "boolean flag "+f.Name+":") || strings.Contains(msg, "for -"+f.Name+":") {
			named = f.Name
		}
	})
	if named == "" {
		return usageError{msg}
	}
	if strings.HasSuffix(msg, errTwice.Error()) {
		return usagef("--%s is given twice: give it once", named)
	}
	value := ""
	if _, v, found := strings.Cut(msg, " value "); found {
		value, _, _ = strings.Cut(v, " for ")
	}
	if a := fs.accepts[named]; a != "" {
		return usagef("--%s must be %s, got %s", named, a, value)
	}
	return usagef("--%s does not take %s", named, value)
}

// scanArgs finds, without knowing an engine's flags, the first positional
// argument and the value of --scenario-file; an empty file name is a
// usage error. Every flag takes a value except those named in boolFlags.
func scanArgs(args []string, boolFlags map[string]bool) (target, file string, err error) {
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
			if file = value; file == "" {
				return "", "", usagef("--scenario-file needs a file name, got an empty one")
			}
		}
	}
	return target, file, nil
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

// decimal is an integer flag read in base 10 only and in lo..hi: the flag
// package would read 010 as octal 8 and accept 0x10.
type decimal[T int | int64] struct {
	p      *T
	lo, hi int64
	// later leaves lo..hi to outOfRange, after the engine's own check.
	later bool
}

func (v decimal[T]) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*v.p), 10)
}

func (v decimal[T]) Set(s string) error {
	x, err := strconv.ParseInt(s, 10, int(unsafe.Sizeof(*v.p))*8)
	if err != nil || !v.later && (x < v.lo || x > v.hi) {
		return errors.New("out of range")
	}
	*v.p = T(x)
	return nil
}

// number is a float flag in plain decimal (digits, a point, an exponent)
// within its interval.
type number struct {
	p  *float64
	in interval
}

// interval is the range of a float flag; the zero interval holds every
// finite number.
type interval struct {
	lo, hi         float64
	loOpen, hiOpen bool
	bounded        bool
}

func (in interval) holds(x float64) bool {
	if !in.bounded {
		return true
	}
	return (x > in.lo || !in.loOpen && x == in.lo) && (x < in.hi || !in.hiOpen && x == in.hi)
}

// intervalOf reads the interval an accepts text writes: "a number in
// [lo, hi]" with either bracket open, or "a number > lo"; any other text
// (a range depending on other flags) gives the unbounded interval.
func intervalOf(accepts string) interval {
	if lo, ok := strings.CutPrefix(accepts, "a number > "); ok {
		x, err := parseDecimal(lo)
		return interval{lo: x, hi: math.Inf(1), loOpen: true, hiOpen: true, bounded: err == nil}
	}
	body, ok := strings.CutPrefix(accepts, "a number in ")
	if !ok || len(body) < 5 {
		return interval{}
	}
	loText, hiText, ok := strings.Cut(body[1:len(body)-1], ", ")
	lo, errLo := parseDecimal(loText)
	hi, errHi := parseDecimal(hiText)
	if !ok || errLo != nil || errHi != nil || !strings.Contains("[(", body[:1]) || !strings.Contains("])", body[len(body)-1:]) {
		return interval{}
	}
	return interval{lo: lo, hi: hi, loOpen: body[0] == '(', hiOpen: body[len(body)-1] == ')', bounded: true}
}

func (v number) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

func (v number) Set(s string) error {
	x, err := parseDecimal(s)
	if err != nil {
		return err
	}
	*v.p = x
	return nil
}

// outOfRange is the first flag given whose value is outside its range
// (the interval a float's accepts text writes, an IntSaying's lo..hi),
// named by name.
func (f *flagSet) outOfRange(name func(flag string) string) error {
	var err error
	f.VisitAll(func(fl *flag.Flag) {
		o, ok := fl.Value.(once)
		if !ok || !f.given[fl.Name] || err != nil {
			return
		}
		switch v := o.Value.(type) {
		case number:
			if !v.in.holds(*v.p) {
				err = usagef("%s must be %s, got %s", name(fl.Name), f.accepts[fl.Name], v.String())
			}
		case decimal[int]:
			if x := int64(*v.p); x < v.lo || x > v.hi {
				err = usagef("%s must be %s, got %d", name(fl.Name), wholeRange(v.lo, v.hi, math.MaxInt), x)
			}
		}
	})
	return err
}

// parseDecimal reads a finite number written in decimal: strconv would
// also take hex, underscores, NaN and infinities.
func parseDecimal(s string) (float64, error) {
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune("0123456789.eE+-", r) }) >= 0 {
		return 0, errors.New("not a decimal number")
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, errors.New("not a finite number")
	}
	return x, nil
}

type text struct{ p *string }

func (v text) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

func (v text) Set(s string) error { *v.p = s; return nil }

type boolean struct{ p *bool }

func (v boolean) String() string   { return strconv.FormatBool(v.p != nil && *v.p) }
func (v boolean) IsBoolFlag() bool { return true }
func (v boolean) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*v.p = b
	return nil
}

// printFlags writes the help's flag list as a user types the flags:
// --name, its value's kind, what it does, what it accepts and its default.
func printFlags(w io.Writer, fs *flagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		head := "  --" + f.Name
		v := f.Value
		if o, ok := v.(once); ok {
			v = o.Value
		}
		switch v.(type) {
		case decimal[int], decimal[int64]:
			head += " N"
		case number:
			head += " X"
		case boolean:
		default:
			head += " VALUE"
		}
		line := f.Usage
		if _, isBool := v.(boolean); !isBool && fs.accepts[f.Name] != "" {
			line += ": " + fs.accepts[f.Name]
		}
		if d := f.DefValue; d != "" && d != "false" {
			line += fmt.Sprintf(" (default %s)", d)
		}
		fmt.Fprintf(w, "%s\n      %s\n", head, line)
	})
}

// setFromFile sets flag name from a scenario file's decoded value, as the
// command line would set it from the value's text; a value of the wrong
// kind (text for a number, a table, null) is refused in the same words.
// Messages name the field as table.name.
func (f *flagSet) setFromFile(table, name string, v any) error {
	field := table + "." + name
	fl := f.Lookup(name)
	if fl == nil {
		return fmt.Errorf("unknown field %q: the fields of [%s] are its flags without the -- (see loadlab help %s)", field, table, table)
	}
	if v == nil {
		return fmt.Errorf("%s is null: leave the field out to keep its value, or give %s", field, f.accepts[name])
	}
	text, ok := fileText(fl.Value, v)
	if ok && fl.Value.Set(text) == nil {
		return nil
	}
	return fmt.Errorf("%s must be %s, got %s", field, f.accepts[name], fileWords(v))
}

// fileText is a decoded value as a flag's text, if the flag takes values
// of its kind: text for text flags, numbers for number flags (a whole
// number written 1e6 or 16.0 stays whole), true or false for switches.
func fileText(flagValue flag.Value, v any) (string, bool) {
	if o, ok := flagValue.(once); ok {
		flagValue = o.Value
	}
	switch flagValue.(type) {
	case text:
		s, ok := v.(string)
		return s, ok
	case boolean:
		b, ok := v.(bool)
		return strconv.FormatBool(b), ok
	}
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10), true
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return strconv.FormatInt(i, 10), true
		}
		f, err := x.Float64()
		return fileNumber(f), err == nil
	case float64:
		return fileNumber(x), true
	}
	return "", false
}

// fileNumber writes a decoded float as the flags read it: whole numbers
// in full, so that an integer flag takes 1e6.
func fileNumber(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e18 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
