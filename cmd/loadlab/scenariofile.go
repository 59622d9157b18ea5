package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// A scenario file (TOML or JSON) holds an optional built-in scenario to
// start from (base), the engine's name (engine), and one table keyed by the
// engine's name with the fields to change:
//
//	base = "heavy-load-blog"
//	[bins]
//	balls = 20000
//
// Fields the table does not name keep the base scenario's values, or the
// engine's defaults. The file's shape is built from the engine table, so a
// new engine needs no change here.

// fileShape is the struct a scenario file decodes into: base, engine, and
// a pointer to each engine's spec type under the engine's name.
func fileShape() reflect.Type {
	str := reflect.TypeOf("")
	fields := []reflect.StructField{
		{Name: "Base", Type: str, Tag: `json:"base" toml:"base"`},
		{Name: "Engine", Type: str, Tag: `json:"engine" toml:"engine"`},
	}
	for i, e := range scenarios.Engines() {
		fields = append(fields, reflect.StructField{
			Name: fmt.Sprintf("Spec%d", i),
			Type: reflect.PointerTo(reflect.TypeOf(e.Default)),
			Tag:  reflect.StructTag(fmt.Sprintf(`json:%q toml:%q`, e.Name, e.Name)),
		})
	}
	return reflect.StructOf(fields)
}

// loadScenarioFile reads path and returns the scenario it describes. Every
// problem is a usage error naming the file and the field.
func loadScenarioFile(path string) (scenarios.Scenario, error) {
	fail := func(format string, args ...any) (scenarios.Scenario, error) {
		return scenarios.Scenario{}, usagef("--scenario-file %q: %s", path, fmt.Sprintf(format, args...))
	}
	raw, err := readScenarioFile(path)
	if err != nil {
		return scenarios.Scenario{}, usagef("--scenario-file %q: %v", path, err)
	}
	isTOML := strings.EqualFold(filepath.Ext(path), ".toml")
	head := reflect.New(fileShape())
	if err := decodeScenario(raw, isTOML, head.Interface()); err != nil {
		return fail("%v", err)
	}
	baseName := head.Elem().Field(0).String()
	engineName := head.Elem().Field(1).String()
	all := scenarios.Engines()
	var tables []string
	for i, e := range all {
		if !head.Elem().Field(2 + i).IsNil() {
			tables = append(tables, e.Name)
		}
	}
	sc := scenarios.Scenario{Name: filepath.Base(path), Title: "scenario file " + filepath.Base(path)}
	if baseName != "" {
		base, ok := scenarios.Lookup(baseName)
		if !ok {
			return fail("base %q is not a scenario (see loadlab list)", baseName)
		}
		sc.Spec, sc.Lesson, sc.StepsPerSecond = base.Spec, base.Lesson, base.StepsPerSecond
	}
	switch {
	case engineName != "":
	case sc.Spec != nil:
		engineName = sc.Engine()
	case len(tables) == 1:
		engineName = tables[0]
	default:
		return fail("name the engine (engine = %q, or a table [%s]) or a base scenario", all[0].Name, all[0].Name)
	}
	idx := -1
	for i, e := range all {
		if e.Name == engineName {
			idx = i
		}
	}
	if idx < 0 {
		return fail("engine must be one of %s, got %q", strings.Join(engineNames(), " "), engineName)
	}
	if sc.Spec == nil {
		sc.Spec = all[idx].Default
	} else if sc.Engine() != engineName {
		return fail("engine %q does not match base %q, a %s scenario", engineName, baseName, sc.Engine())
	}
	for _, t := range tables {
		if t != engineName {
			return fail("table [%s] does not belong to the %s engine", t, engineName)
		}
	}
	// Decode again over the base values so that absent fields keep them.
	spec := reflect.New(reflect.TypeOf(sc.Spec))
	spec.Elem().Set(reflect.ValueOf(sc.Spec))
	overlay := reflect.New(fileShape())
	overlay.Elem().Field(2 + idx).Set(spec)
	if err := decodeScenario(raw, isTOML, overlay.Interface()); err != nil {
		return fail("%v", err)
	}
	sc.Spec = spec.Elem().Interface().(scenarios.Spec)
	if err := sc.Spec.Validate(); err != nil {
		return fail("%s", engine.Named(err, func(field string) string { return engineName + "." + field }))
	}
	return sc, nil
}

// Bounds on a scenario file: a few hundred bytes is a scenario; the bounds
// keep a mistaken path (a device, a huge file, a deeply nested one) from
// exhausting memory or the stack.
const (
	maxFileBytes = 1 << 20
	maxNesting   = 32
)

// readScenarioFile reads a regular file of at most maxFileBytes. It looks
// at the file before opening it: opening a FIFO would wait for a writer.
func readScenarioFile(path string) ([]byte, error) {
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "open "+path+": "))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > maxFileBytes {
		return nil, fmt.Errorf("larger than %s, the most a scenario file may hold", engine.Size(maxFileBytes))
	}
	depth, bad := scan(raw)
	if depth > maxNesting {
		return nil, fmt.Errorf("nested %d levels deep, more than the %d a scenario file may use", depth, maxNesting)
	}
	if bad != "" {
		return nil, fmt.Errorf("numbers are plain decimal here (such as 16, 0.5 or 1e6), got %s", bad)
	}
	return raw, nil
}

// scan reads a scenario file's text as the decoders will, without
// decoding it: TOML comments (# to the end of the line) and strings (basic,
// literal and their multi-line forms; JSON's are basic strings) are
// skipped, so that neither a bracket nor a quote inside them counts. It
// returns the deepest nesting of brackets and braces, or of a TOML key's
// dotted parts (a.b.c is three deep), an upper bound on what a decoder
// would recurse through; and the first number written other than in plain
// decimal (hex, octal, binary, underscores, inf, nan), if any.
func scan(raw []byte) (deepest int, badNumber string) {
	depth, dots, inValue := 0, 0, false
	n := len(raw)
	for i := 0; i < n; i++ {
		c := raw[i]
		switch {
		case c == '#':
			for i < n && raw[i] != '\n' {
				i++
			}
			dots, inValue = 0, false
		case c == '\n':
			dots, inValue = 0, false
		case c == '"' || c == '\'':
			i = stringEnd(raw, i)
		case c == '=' || c == ':':
			inValue = true
		case c == '.' && !inValue:
			dots++
			deepest = max(deepest, dots+1)
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth = max(0, depth-1)
		case inValue && badNumber == "" && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == 'i' || c == 'n'):
			j := i
			for j < n && strings.IndexByte("0123456789abcdefABCDEFxXoObBinftT_+-.:Z", raw[j]) >= 0 {
				j++
			}
			if tok := string(raw[i:j]); !plainNumber(tok) {
				badNumber = tok
			}
			i = j - 1
		}
	}
	return deepest, badNumber
}

// plainNumber reports whether a value token is a plain decimal number, or
// not a number at all (a date, a boolean, a name).
func plainNumber(tok string) bool {
	t := strings.ToLower(strings.TrimLeft(tok, "+-"))
	switch {
	case t == "inf" || t == "nan":
		return false
	case t == "" || t[0] < '0' || t[0] > '9':
		return true // true, false, names: the decoder judges them
	case strings.ContainsAny(t, ":t") || strings.Count(t, "-") >= 2:
		return true // a date or a time
	case strings.Contains(t, "_"), len(t) > 1 && t[0] == '0' && strings.ContainsAny(t[1:2], "xob"):
		return false
	}
	return true
}

// stringEnd is the index of the last byte of the string opening at i:
// literal strings (single quotes, one or three) take no escapes, basic
// strings (double quotes, one or three) take backslash escapes; an
// unclosed string runs to the end.
func stringEnd(raw []byte, i int) int {
	q := raw[i]
	n := len(raw)
	if i+2 < n && raw[i+1] == q && raw[i+2] == q { // multi-line
		for j := i + 3; j+2 < n; j++ {
			if q == '"' && raw[j] == '\\' {
				j++
				continue
			}
			if raw[j] == q && raw[j+1] == q && raw[j+2] == q {
				return j + 2
			}
		}
		return n - 1
	}
	for j := i + 1; j < n; j++ {
		switch {
		case q == '"' && raw[j] == '\\':
			j++
		case raw[j] == q, raw[j] == '\n':
			return j
		}
	}
	return n - 1
}

func decodeScenario(raw []byte, isTOML bool, into any) error {
	if isTOML {
		md, err := toml.Decode(string(raw), into)
		if err != nil {
			return err
		}
		if extra := md.Undecoded(); len(extra) > 0 {
			return fmt.Errorf("unknown field %q", extra[0].String())
		}
		return nil
	}
	if err := exactKeys(raw, reflect.TypeOf(into)); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("%v", strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("holds more than one JSON value: data after offset %d", dec.InputOffset())
	}
	return duplicateKey(raw)
}

// duplicateKey refuses a JSON object that names a key twice, which the
// decoder would take silently (the last one winning), as TOML refuses it.
func duplicateKey(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	type object struct {
		keys    map[string]bool
		wantKey bool
	}
	var stack []*object
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the file decoded once already: this is its end
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				if top != nil {
					top.wantKey = true
				}
				stack = append(stack, &object{keys: map[string]bool{}, wantKey: true})
			case '[':
				if top != nil {
					top.wantKey = true
				}
				stack = append(stack, nil)
			default:
				stack = stack[:len(stack)-1]
			}
		case string:
			if top != nil && top.wantKey {
				if top.keys[t] {
					return fmt.Errorf("names %q twice", t)
				}
				top.keys[t], top.wantKey = true, false
				continue
			}
			if top != nil {
				top.wantKey = true
			}
		default:
			if top != nil {
				top.wantKey = true
			}
		}
	}
}

// exactKeys refuses an object key that names no field exactly: Go's JSON
// decoder matches keys without regard to case, so "BINS" would set bins
// (and slip past the duplicate-key check beside "bins").
func exactKeys(raw []byte, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return nil // not an object: the decoder says what is wrong
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		v := obj[k]
		f, ok := fieldByJSONName(t, k)
		if !ok {
			return fmt.Errorf("unknown field %q (names are exact, as loadlab help writes them)", k)
		}
		if err := exactKeys(v, f.Type); err != nil {
			return err
		}
	}
	return nil
}

func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name || tag == "" && f.Name == name {
			return f, true
		}
		if f.Anonymous && tag == "" {
			if g, ok := fieldByJSONName(f.Type, name); ok {
				return g, true
			}
		}
	}
	return reflect.StructField{}, false
}
