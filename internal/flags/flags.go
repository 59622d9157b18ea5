// Package flags is loadlab's command-line contract, written once for the
// command line, scenario files and the TUI's prompt: each engine's flags
// over its spec (Declare), parsed with numbers in decimal only, ranges
// checked, a flag given twice refused, and one-line messages that name
// --flag and what it accepts.
package flags

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

	"github.com/loadlab/loadlab/sim/engine"
)

// Set is one command's flags, each declared once: the call that binds
// a flag also says what it accepts and gives its help line, and the help
// page and every message about the flag are written from that call. The
// standard flag package parses (no dependency needed for what loadlab
// asks); this layer adds the command-line contract on top: numbers in
// decimal only (no hex, octal, binary, underscores, NaN or infinities),
// integer ranges checked as they are read, a flag given twice refused, and
// messages that name --flag.
type Set struct {
	*flag.FlagSet
	// accepts says, per flag, what it takes ("a whole number in 1..64").
	accepts map[string]string
	given   map[string]bool
}

// NewSet returns a flag set that reports errors to us instead of
// printing its own usage.
func NewSet(name string) *Set {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &Set{FlagSet: fs, accepts: map[string]string{}, given: map[string]bool{}}
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
func (f *Set) Value(v flag.Value, name, accepts, usage string) {
	f.accepts[name] = accepts
	f.Var(once{v, name, f.given}, name, usage)
}

// Int declares a decimal int flag over p, in lo..hi (hi math.MaxInt: no
// upper bound).
func (f *Set) Int(p *int, name string, lo, hi int, usage string) {
	f.Value(decimal[int]{p, int64(lo), int64(hi), false}, name, wholeRange(int64(lo), int64(hi), math.MaxInt), usage)
}

// IntSaying declares a decimal int flag over p whose range depends on
// other flags: accepts says how, for the help. The engine checks the
// value against the others, in its own words, which name the range it
// works out; OutOfRange then holds it to lo..hi.
func (f *Set) IntSaying(p *int, name string, lo, hi int, accepts, usage string) {
	f.Value(decimal[int]{p, int64(lo), int64(hi), true}, name, accepts, usage)
}

// Int64 declares a decimal int64 flag over p, in lo..hi.
func (f *Set) Int64(p *int64, name string, lo, hi int64, usage string) {
	f.Value(decimal[int64]{p, lo, hi, false}, name, wholeRange(lo, hi, math.MaxInt64), usage)
}

// Float declares a decimal float flag over p; accepts says its range. The
// engine checks the values it uses, in its own words; OutOfRange then
// checks every flag given against a range written as an interval ("a
// number in (0, 1e6]", "a number > 0"), whether the run uses it or not.
// A range that depends on other flags ("[0, 1 - one-city]") is the
// engine's alone.
func (f *Set) Float(p *float64, name, accepts, usage string) {
	f.Value(number{p, intervalOf(accepts)}, name, accepts, usage)
}

// Text declares a string flag over p.
func (f *Set) Text(p *string, name, accepts, usage string) {
	f.Value(text{p}, name, accepts, usage)
}

// Bool declares a switch over p: --name, or --name=true|false.
func (f *Set) Bool(p *bool, name, usage string) {
	f.Value(boolean{p}, name, "true or false", usage)
}

func wholeRange(lo, hi, unbounded int64) string {
	if hi == unbounded {
		return fmt.Sprintf("a whole number >= %d", lo)
	}
	return fmt.Sprintf("a whole number in %d..%d", lo, hi)
}

// Parse parses args, with flags before or after the positional
// arguments, and returns the positional ones. Every problem is a one-line
// usage error naming the flag and what it accepts; topic is the help that
// lists the flags.
func Parse(fs *Set, args []string, topic string) ([]string, error) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "="); hasValue && strings.HasPrefix(a, "-") && (name == "h" || name == "help") {
			return nil, Usagef("--%s takes no value, got %q (see loadlab help %s)", name, a, topic)
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

func flagError(fs *Set, err error, topic string) error {
	if err == flag.ErrHelp {
		return HelpRequest{Topic: topic}
	}
	msg := err.Error()
	if arg, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return Usagef("%q is not a flag: a flag is --name or --name=value (see loadlab help %s)", arg, topic)
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		if name == "seeds" && fs.Lookup("seed") == nil {
			return Usagef("--seeds is not a flag of %s: it draws nothing at random (it has no --seed), so every seed would give the same run", fs.Name())
		}
		if a, ok := flagAliases[name]; ok && fs.Lookup(a[0]) != nil {
			return Usagef("--%s is not a flag of %s: %s is --%s (see loadlab help %s)", name, fs.Name(), a[1], a[0], topic)
		}
		return Usagef("--%s is not a flag of %s (see loadlab help %s)", name, fs.Name(), topic)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		if a := fs.accepts[name]; a != "" {
			return Usagef("--%s needs a value: %s", name, a)
		}
		return Usagef("--%s needs a value", name)
	}
	var named string
	fs.VisitAll(func(f *flag.Flag) {
		if strings.Contains(msg, "flag -"+f.Name+":") || strings.Contains(msg, "boolean flag "+f.Name+":") || strings.Contains(msg, "for -"+f.Name+":") {
			named = f.Name
		}
	})
	if named == "" {
		return UsageError{Msg: msg}
	}
	if strings.HasSuffix(msg, errTwice.Error()) {
		return Usagef("--%s is given twice: give it once", named)
	}
	value := ""
	if _, v, found := strings.Cut(msg, " value "); found {
		value, _, _ = strings.Cut(v, " for ")
	}
	if a := fs.accepts[named]; a != "" {
		return Usagef("--%s must be %s, got %s", named, a, value)
	}
	return Usagef("--%s does not take %s", named, value)
}

// ScanArgs finds, without knowing an engine's flags, the first positional
// argument and the value of --scenario-file; an empty file name is a
// usage error. Every flag takes a value except those named in boolFlags.
func ScanArgs(args []string, boolFlags map[string]bool) (target, file string, err error) {
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
				return "", "", Usagef("--scenario-file needs a file name, got an empty one")
			}
		}
	}
	return target, file, nil
}

// QuoteList writes names as "a, b or c".
func QuoteList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return fmt.Sprintf("%s or %s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

func IsHelpFlag(a string) bool { return a == "-h" || a == "--help" || a == "-help" }

// decimal is an integer flag read in base 10 only and in lo..hi: the flag
// package would read 010 as octal 8 and accept 0x10.
type decimal[T int | int64] struct {
	p      *T
	lo, hi int64
	// later leaves lo..hi to OutOfRange, after the engine's own check.
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
	in Interval
}

// Holds reports whether x is in the interval.
func (in Interval) Holds(x float64) bool {
	if !in.Bounded {
		return true
	}
	return (x > in.Lo || !in.LoOpen && x == in.Lo) && (x < in.Hi || !in.HiOpen && x == in.Hi)
}

// intervalOf reads the interval an accepts text writes: "a number in
// [lo, hi]" with either bracket open, or "a number > lo"; any other text
// (a range depending on other flags) gives the unbounded interval.
func intervalOf(accepts string) Interval {
	if lo, ok := strings.CutPrefix(accepts, "a number > "); ok {
		x, err := parseDecimal(lo)
		return Interval{Lo: x, Hi: math.Inf(1), LoOpen: true, HiOpen: true, Bounded: err == nil}
	}
	body, ok := strings.CutPrefix(accepts, "a number in ")
	if !ok || len(body) < 5 {
		return Interval{}
	}
	loText, hiText, ok := strings.Cut(body[1:len(body)-1], ", ")
	lo, errLo := parseDecimal(loText)
	hi, errHi := parseDecimal(hiText)
	if !ok || errLo != nil || errHi != nil || !strings.Contains("[(", body[:1]) || !strings.Contains("])", body[len(body)-1:]) {
		return Interval{}
	}
	return Interval{Lo: lo, Hi: hi, LoOpen: body[0] == '(', HiOpen: body[len(body)-1] == ')', Bounded: true}
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

// OutOfRange is the first flag given whose value is outside its range
// (the Interval a float's accepts text writes, an IntSaying's lo..hi),
// named by name.
func (f *Set) OutOfRange(name func(flag string) string) error {
	var err error
	f.VisitAll(func(fl *flag.Flag) {
		o, ok := fl.Value.(once)
		if !ok || !f.given[fl.Name] || err != nil {
			return
		}
		switch v := o.Value.(type) {
		case number:
			if !v.in.Holds(*v.p) {
				err = Usagef("%s must be %s, got %s", name(fl.Name), f.accepts[fl.Name], v.String())
			}
		case decimal[int]:
			if x := int64(*v.p); x < v.lo || x > v.hi {
				err = Usagef("%s must be %s, got %d", name(fl.Name), wholeRange(v.lo, v.hi, math.MaxInt), x)
			}
		}
	})
	return err
}

// parseDecimal reads a number as every flag, file and switch does
// (engine.ParseDecimal).
func parseDecimal(s string) (float64, error) { return engine.ParseDecimal(s) }

type text struct{ p *string }

func (v text) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

// Set takes any text but none: a flag left out keeps its default, and an
// empty value (an unset shell variable) would be taken for a default that
// is none of the values the flag lists.
func (v text) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("parse error")
	}
	*v.p = s
	return nil
}

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

// Print writes the help's flag list as a user types the flags:
// --name, its value's kind, what it does, what it accepts and its default.
func Print(w io.Writer, fs *Set) {
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

// SetFromFile sets flag name from a scenario file's decoded value, as the
// command line would set it from the value's text; a value of the wrong
// kind (text for a number, a table, null) is refused in the same words.
// Messages name the field as table.name.
func (f *Set) SetFromFile(table, name string, v any) error {
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
	return fmt.Errorf("%s must be %s, got %s", field, f.accepts[name], FileWords(v))
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

// UsageError is bad input: a flag, an argument or a configuration field
// out of range, in one line. The command line ends with exit code 2; the
// TUI's prompt shows it under the line.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// Usagef is a UsageError of a formatted message.
func Usagef(format string, args ...any) error {
	return UsageError{Msg: fmt.Sprintf(format, args...)}
}

// HelpRequest is -h or --help on a command: print that topic's help.
type HelpRequest struct{ Topic string }

func (h HelpRequest) Error() string { return "help for " + h.Topic }

// FileWords names a decoded value in a message: a number or a name as
// written, a string quoted, anything else by its kind.
func FileWords(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(v)
	case bool:
		return strconv.FormatBool(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case json.Number:
		return v.String()
	case map[string]any:
		return "a table"
	case []any, []map[string]any:
		return "a list"
	}
	return "a date or a time"
}

// Kind is the kind of value a flag takes.
type Kind int

// The kinds.
const (
	Text Kind = iota
	Whole
	Number
	Switch
)

// Interval is the range of a Number flag; Bounded false holds every
// finite number (the engine checks the value against other fields).
type Interval struct {
	Lo, Hi         float64
	LoOpen, HiOpen bool
	Bounded        bool
}

// Info is one flag as help, prompts and tests read it: its name, help
// line, what it accepts, its kind and range (Lo..Hi for Whole, In for
// Number) and its value now.
type Info struct {
	Name, Usage, Accepts, Value string
	Kind                        Kind
	Lo, Hi                      int64
	In                          Interval
}

// Infos are the set's flags in the order help lists them.
func (f *Set) Infos() []Info {
	var out []Info
	f.VisitAll(func(fl *flag.Flag) {
		in := Info{Name: fl.Name, Usage: fl.Usage, Accepts: f.accepts[fl.Name], Value: fl.Value.String()}
		v := fl.Value
		if o, ok := v.(once); ok {
			v = o.Value
		}
		switch v := v.(type) {
		case decimal[int]:
			in.Kind, in.Lo, in.Hi = Whole, v.lo, v.hi
		case decimal[int64]:
			in.Kind, in.Lo, in.Hi = Whole, v.lo, v.hi
		case number:
			in.Kind, in.In = Number, v.in
		case boolean:
			in.Kind = Switch
		}
		out = append(out, in)
	})
	return out
}

// Given are the flags the parse set, in the order help lists them, each
// as --name value ("--bins 1000"; a switch as --name or --name=false).
func (f *Set) Given() []string {
	var out []string
	f.VisitAll(func(fl *flag.Flag) {
		if !f.given[fl.Name] {
			return
		}
		v := fl.Value.String()
		switch {
		case v == "true" && f.accepts[fl.Name] == "true or false":
			out = append(out, "--"+fl.Name)
		case v == "false" && f.accepts[fl.Name] == "true or false":
			out = append(out, "--"+fl.Name+"=false")
		default:
			out = append(out, "--"+fl.Name+" "+v)
		}
	})
	return out
}
