package flags

import (
	"flag"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// declaration is an engine's flags over a spec of its kind: over
// declares them over a copy of base, and the function it returns gives
// the copy as the flags have set it.
type declaration struct {
	bind any // func(*Set, *S)
	over func(fs *Set, base scenarios.Spec) func() scenarios.Spec
}

// declarations are every engine's, by engine name.
var declarations = map[string]declaration{}

// declare records an engine's flags, one per field of its spec S.
func declare[S scenarios.Spec](bind func(fs *Set, s *S)) {
	var zero S
	declarations[zero.Engine()] = declaration{bind: bind, over: func(fs *Set, base scenarios.Spec) func() scenarios.Spec {
		s := base.(S)
		bind(fs, &s)
		return func() scenarios.Spec { return s }
	}}
}

// Declare declares the flags of spec's engine over *spec.
func Declare[S scenarios.Spec](fs *Set, spec *S) {
	declarations[(*spec).Engine()].bind.(func(*Set, *S))(fs, spec)
}

// Declared reports whether an engine has its flags declared.
func Declared(engine string) bool {
	_, ok := declarations[engine]
	return ok
}

// For is a set of the engine's flags over a copy of base, and the copy as
// the flags set it; topic names the help page in messages ("run bins").
func For(base scenarios.Spec, name string) (*Set, func() scenarios.Spec) {
	fs := NewSet(name)
	return fs, declarations[base.Engine()].over(fs, base)
}

// Apply reads args, engine flags only, over a copy of base and validates
// the result as the command line does: the same parser, the same checks
// and the same one-line messages (UsageError), naming --flag. base is
// left as it was.
func Apply(base scenarios.Spec, args []string) (scenarios.Spec, error) {
	engine := base.Engine()
	if !Declared(engine) {
		return nil, Usagef("the %s engine has no flags", engine)
	}
	fs, spec := For(base, "run "+engine)
	positional, err := Parse(fs, args, engine)
	if err != nil {
		return nil, err
	}
	if len(positional) > 0 {
		return nil, Usagef("%q is not a flag: give flags only, such as --%s", positional[0], firstFlag(fs))
	}
	s := spec()
	if err := s.Validate(); err != nil {
		return nil, UsageError{Msg: Named(err)}
	}
	if err := fs.OutOfRange(flagName); err != nil {
		return nil, err
	}
	if err := Idle(fs, s, flagName); err != nil {
		return nil, err
	}
	return s, nil
}

// firstFlag is the name of a set's first flag, for examples.
func firstFlag(fs *Set) string {
	name := ""
	fs.VisitAll(func(f *flag.Flag) {
		if name == "" {
			name = f.Name
		}
	})
	return name
}

// flagName is how the command line names a spec field.
func flagName(field string) string { return "--" + field }

// Named is an engine's error with its field named as the flag: "--bins
// must be in 1..10000000, got 0".
func Named(err error) string { return engine.Named(err, flagName) }

// Names are the flags of an engine, in the order its help lists them.
func Names(engine string, base scenarios.Spec) []string {
	fs, _ := For(base, engine)
	var out []string
	fs.VisitAll(func(f *flag.Flag) { out = append(out, f.Name) })
	return out
}

// Help is a flag's help line and what it accepts: "number of bins n: a
// whole number in 1..10000000".
func (f *Set) Help(name string) (string, bool) {
	fl := f.Lookup(name)
	if fl == nil {
		return "", false
	}
	line := fl.Usage
	if a := f.accepts[name]; a != "" && a != "true or false" {
		line += ": " + a
	}
	return line, true
}

// Current is a flag's value as the set holds it, written as its help
// writes the default.
func (f *Set) Current(name string) string {
	if fl := f.Lookup(name); fl != nil {
		return fl.Value.String()
	}
	return ""
}

// Idler is a spec some of whose fields its config leaves unread, each
// with why (bins' --d without a rule that reads it).
type Idler interface{ IdleFlags() map[string]string }

// Idle is the first flag given that spec leaves unread, named by name:
// a setting the run would ignore is refused, not dropped in silence.
func Idle(fs *Set, spec any, name func(flag string) string) error {
	idler, ok := spec.(Idler)
	if !ok {
		return nil
	}
	idle := idler.IdleFlags()
	var err error
	fs.VisitAll(func(fl *flag.Flag) {
		if why, ok := idle[fl.Name]; ok && fs.given[fl.Name] && err == nil {
			err = Usagef("%s has no effect here: %s", name(fl.Name), why)
		}
	})
	return err
}
