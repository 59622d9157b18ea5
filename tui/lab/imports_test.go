package lab

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Labs are views of snapshots plus keys: no lab package draws random
// numbers of its own (an engine's stream is the engine's).
func TestNoLabDrawsRandomNumbers(t *testing.T) {
	dirs, err := filepath.Glob("../*lab")
	if err != nil || len(dirs) < 10 {
		t.Fatalf("lab packages: %v, %v", dirs, err)
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range file.Imports {
				if path, _ := strconv.Unquote(imp.Path.Value); strings.HasSuffix(path, "/sim/rng") {
					t.Errorf("%s imports %s: the draws belong in its engine", f, path)
				}
			}
		}
	}
}

// The house's arrows run down: no package under internal/ or sim/ imports
// tui/, directly or through another package of the module (the TUI
// draws what they work out, never the other way round).
func TestNothingBelowImportsTheTUI(t *testing.T) {
	const module = "github.com/loadlab/loadlab/"
	imports := map[string][]string{} // a package of the module, by its path in the module: the module's packages it imports
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg, _ := filepath.Rel("../..", filepath.Dir(path))
		pkg = filepath.ToSlash(pkg)
		for _, imp := range file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(p, module) {
				imports[pkg] = append(imports[pkg], strings.TrimPrefix(p, module))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 20 {
		t.Fatalf("found %d packages of the module: the walk is broken", len(imports))
	}
	for pkg := range imports {
		if !strings.HasPrefix(pkg, "internal/") && !strings.HasPrefix(pkg, "sim/") {
			continue
		}
		// the path to tui from pkg, if there is one
		seen := map[string]bool{}
		var walk func(p string, path []string) []string
		walk = func(p string, path []string) []string {
			if p == "tui" || strings.HasPrefix(p, "tui/") {
				return append(path, p)
			}
			if seen[p] {
				return nil
			}
			seen[p] = true
			for _, q := range imports[p] {
				if found := walk(q, append(path, p)); found != nil {
					return found
				}
			}
			return nil
		}
		if path := walk(pkg, nil); path != nil {
			t.Errorf("%s imports the TUI: %s", pkg, strings.Join(path, " -> "))
		}
	}
}
