package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/loadlab/loadlab/internal/flags"

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

// loadScenarioFile reads path and returns the scenario it describes. Every
// problem is a usage error naming the file and the field. The engine's
// table is read field by field through the engine's flags, so a file and
// the command line take the same values and say the same of the rest.
func loadScenarioFile(path string) (scenarios.Scenario, error) {
	fail := func(format string, args ...any) (scenarios.Scenario, error) {
		return scenarios.Scenario{}, flags.Usagef("--scenario-file %q: %s", path, fmt.Sprintf(format, args...))
	}
	raw, err := readScenarioFile(path)
	if err != nil {
		return fail("%v", err)
	}
	doc, err := decodeDocument(raw, strings.EqualFold(filepath.Ext(path), ".toml"))
	if err != nil {
		return fail("%v", err)
	}
	var baseName, engineName string
	tables := map[string]map[string]any{}
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		v := doc[k]
		_, isEngine := scenarios.LookupEngine(k)
		switch {
		case k == "base" || k == "engine":
			name, ok := v.(string)
			if !ok {
				return fail("%s must be a name in quotes, got %s", k, flags.FileWords(v))
			}
			if k == "base" {
				baseName = name
			} else {
				engineName = name
			}
		case isEngine:
			t, ok := v.(map[string]any)
			if !ok {
				return fail("%s must be a table of the engine's fields ([%s]), got %s", k, k, flags.FileWords(v))
			}
			tables[k] = t
		default:
			return fail("unknown field %q: a scenario file holds base, engine and a table named for the engine", k)
		}
	}
	all := scenarios.Engines()
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
		for name := range tables {
			engineName = name
		}
	default:
		return fail("name the engine (engine = %q, or a table [%s]) or a base scenario", all[0].Name, all[0].Name)
	}
	e, ok := scenarios.LookupEngine(engineName)
	if !ok {
		return fail("engine must be one of %s, got %q", strings.Join(engineNames(), " "), engineName)
	}
	if sc.Spec == nil {
		sc.Spec = e.Default
	} else if sc.Engine() != engineName {
		return fail("engine %q does not match base %q, a %s scenario", engineName, baseName, sc.Engine())
	}
	for _, t := range slices.Sorted(maps.Keys(tables)) {
		if t != engineName {
			return fail("table [%s] does not belong to the %s engine", t, engineName)
		}
	}
	a, ok := adaptorFor(engineName)
	if !ok {
		return fail("the %s engine has no headless run yet", engineName)
	}
	if sc.Spec, err = a.fromFile(sc.Spec, tables[engineName]); err != nil {
		return fail("%v", err)
	}
	return sc, nil
}

// Bounds on a scenario file: a few hundred bytes is a scenario; the bounds
// keep a mistaken path (a device, a huge file, a deeply nested one) from
// exhausting memory or the stack.
const (
	maxFileBytes = 1_000_000
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
	return raw, scan(raw)
}

// scan reads a scenario file's text as the decoders will, without
// decoding it, and refuses what a decoder would take badly: nesting
// deeper than maxNesting, counting brackets, braces and a key's dotted
// parts (a.b.c is three deep) wherever keys stand, [table] headers and
// inline tables included, an upper bound on what a decoder recurses
// through; and a number written other than in plain decimal (hex, octal,
// binary, underscores, inf, nan), named by its key. TOML comments (# to
// the end of the line) and strings (basic, literal and their multi-line
// forms; JSON's are basic strings) are skipped, so that neither a bracket
// nor a quote inside them counts.
func scan(raw []byte) error {
	var (
		open    []byte   // the brackets and braces open, innermost last
		keys    []string // the key of each brace open (JSON objects, inline tables)
		dots    int      // dotted parts of the key being read
		inValue bool     // past the key's = or :
		keyAt   int      // where the key being read starts
		key     string   // the key whose value is being read
		table   string   // the latest [table] header
	)
	atKey := func(i int) { dots, inValue, keyAt = 0, false, i+1 }
	deepest, badNumber := 0, ""
	n := len(raw)
	for i := 0; i < n; i++ {
		c := raw[i]
		switch {
		case c == '#':
			for i+1 < n && raw[i+1] != '\n' {
				i++
			}
		case c == '\n':
			if len(open) == 0 {
				atKey(i)
			}
		case c == '"' || c == '\'':
			i = stringEnd(raw, i)
		case (c == '=' || c == ':') && !inValue:
			key = keyText(raw[keyAt:i])
			inValue = true
		case c == '.' && !inValue:
			dots++
			deepest = max(deepest, len(open)+dots+1)
		case c == '[' || c == '{':
			open = append(open, c)
			deepest = max(deepest, len(open))
			if c == '{' {
				keys = append(keys, key)
				atKey(i)
			}
		case c == ']' || c == '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
			if c == '}' && len(keys) > 0 {
				keys = keys[:len(keys)-1]
			}
			if c == ']' && !inValue && len(open) == 0 {
				table = keyText(raw[keyAt:i])
			}
			inValue = len(open) > 0
		case c == ',' && len(open) > 0 && open[len(open)-1] == '{':
			atKey(i)
		case inValue && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == 'i' || c == 'n'):
			j := i
			for j < n && strings.IndexByte("0123456789abcdefABCDEFxXoObBinftT_+-.:Z", raw[j]) >= 0 {
				j++
			}
			if tok := string(raw[i:j]); badNumber == "" {
				if why := numberProblem(tok); why != "" {
					name := strings.Join(append(append([]string{table}, keys...), key), ".")
					badNumber = fmt.Sprintf("%s: %s, got %s", strings.Trim(name, "."), why, tok)
				}
			}
			i = j - 1
		}
	}
	switch {
	case deepest > maxNesting:
		return fmt.Errorf("nested %d levels deep, more than the %d a scenario file may use", deepest, maxNesting)
	case badNumber != "":
		return errors.New(badNumber)
	}
	return nil
}

// keyText is a key or a table header as a message names it: without its
// brackets, quotes and space, quoted whole if it holds anything else
// unprintable, and cut short if long.
func keyText(raw []byte) string {
	k := strings.Trim(strings.TrimSpace(string(raw)), "[]\"' \t")
	if len(k) > 60 {
		k = k[:60] + "..."
	}
	if strings.IndexFunc(k, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		return strconv.Quote(k)
	}
	return k
}

// numberProblem says what is wrong with a value token that is a number
// written other than in plain decimal (hex, octal, binary, underscores,
// inf, nan, leading zeros) or a whole number past int64; "" for a plain
// number or a token that is no number.
func numberProblem(tok string) string {
	t := strings.ToLower(strings.TrimLeft(tok, "+-"))
	plain := "numbers are plain decimal here (such as 16, 0.5 or 1e6)"
	switch {
	case t == "inf" || t == "nan":
		return plain
	case t == "" || t[0] < '0' || t[0] > '9':
		return "" // true, false, names: the decoder judges them
	case strings.ContainsAny(t, ":t") || strings.Count(t, "-") >= 2:
		return "" // a date or a time
	case strings.Contains(t, "_"), len(t) > 1 && t[0] == '0' && strings.ContainsAny(t[1:2], "xob"):
		return plain
	case len(t) > 1 && t[0] == '0' && t[1] >= '0' && t[1] <= '9':
		return "a number in a file is written without leading zeros (TOML and JSON refuse them)"
	}
	if _, err := engine.ParseDecimal(tok); err != nil && strings.ContainsAny(t, ".e") {
		return "a number in a file is " + err.Error() // 1e-400
	}
	if whole := !strings.ContainsAny(t, ".e"); whole {
		if _, err := strconv.ParseInt(tok, 10, 64); err != nil {
			return fmt.Sprintf("a whole number in a file is at most %d", int64(math.MaxInt64))
		}
	}
	return ""
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

// decodeDocument reads a scenario file's text as a tree of tables, each
// key once; decoder messages lose their package's prefix and gain the line.
func decodeDocument(raw []byte, isTOML bool) (map[string]any, error) {
	if isTOML {
		var doc map[string]any
		if _, err := toml.Decode(string(raw), &doc); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message)
			}
			return nil, err
		}
		return doc, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		var se *json.SyntaxError
		switch {
		case err == io.EOF:
			return nil, errors.New("holds no JSON object")
		case errors.As(err, &se):
			return nil, fmt.Errorf("line %d: %s", 1+bytes.Count(raw[:min(int(se.Offset), len(raw))], []byte("\n")), se.Error())
		}
		return nil, errors.New(strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("holds more than one JSON value: data after offset %d", dec.InputOffset())
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("must hold one JSON object, got %s", flags.FileWords(doc))
	}
	return obj, duplicateKey(raw)
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
