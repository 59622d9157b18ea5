package tui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/scenarios"
)

// walksAllowed are the functions of the tests, beside TestCatalogue's
// pass, that may go over the catalogue, and why: none of them opens every
// scenario in a default run.
var walksAllowed = map[string]string{
	"catalogue":                     "the pass's list itself",
	"TestCatalogue":                 "the pass",
	"oneEach":                       "one scenario per engine",
	"TestFuzz":                      "walks only when LOADLAB_FUZZ_SECONDS asks it to",
	"benchFrames":                   "the frame benchmarks', not run by go test",
	"TestPickerGroupsByLab":         "reads names, opens nothing",
	"TestPickerCursorSkipsHeadings": "reads names, opens nothing",
	"TestRankScenarios":             "reads names, opens nothing",
	"TestPromptInEveryLab":          "one scenario per engine",
}

// parsed is each Go file the patterns match (tests among them or not),
// parsed, with the file set that places its nodes.
func parsed(t *testing.T, tests bool, patterns ...string) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, pattern := range patterns {
		names, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") != tests {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	return fset, files
}

// Every check over the scenario catalogue joins TestCatalogue's one pass:
// a test function that calls scenarios.All() or catalogue(t) on its own
// fails here (the test run has a budget, and each walk costs a whole
// catalogue of opened labs).
func TestOnePassOverTheCatalogue(t *testing.T) {
	t.Parallel()
	fset, files := parsed(t, true, "*.go")
	called := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if x, ok := n.(ast.Expr); !ok || !walksCatalogue(x) {
					return true
				}
				called[fn.Name.Name] = true
				if _, ok := walksAllowed[fn.Name.Name]; !ok {
					t.Errorf("%s: %s walks the scenario catalogue on its own: make it a check of TestCatalogue's pass", fset.Position(n.Pos()), fn.Name.Name)
				}
				return true
			})
		}
	}
	for name := range walksAllowed {
		if !called[name] {
			t.Errorf("walksAllowed lets %s walk the catalogue, and it does not: take it off the list", name)
		}
	}
}

// walksCatalogue reports whether x calls scenarios.All() or catalogue(…).
func walksCatalogue(x ast.Expr) bool {
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		return fun.Name == "catalogue"
	case *ast.SelectorExpr:
		pkg, ok := fun.X.(*ast.Ident)
		return ok && pkg.Name == "scenarios" && fun.Sel.Name == "All"
	}
	return false
}

// oneEach is the first scenario of each engine: for a check of what a
// lab draws whatever its scenario (its colours), one walk over the labs.
func oneEach() []scenarios.Scenario {
	seen := map[string]bool{}
	var out []scenarios.Scenario
	for _, sc := range scenarios.All() {
		if !seen[sc.Engine()] {
			seen[sc.Engine()] = true
			out = append(out, sc)
		}
	}
	return out
}

// Keys are matched against bindings, never their names: no file of the
// shell or a lab compares a key message's String() with == or !=.
func TestKeysMatchedByBinding(t *testing.T) {
	t.Parallel()
	fset, files := parsed(t, false, "*.go", "*/*.go")
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if ok && (b.Op == token.EQL || b.Op == token.NEQ) && (keyName(b.X) || keyName(b.Y)) {
				t.Errorf("%s: a key compared by its name: match it against a binding (key.Matches)", fset.Position(b.Pos()))
			}
			return true
		})
	}
}

// keyName reports whether x is msg.String().
func keyName(x ast.Expr) bool {
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) > 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "msg"
}

// The lab contract stays at its size: the shell asks a lab for at most
// six optional interfaces in at most ten type assertions; what else a lab
// may say of itself goes in Info (its card, its chronicle, its place).
func TestContractAtItsSize(t *testing.T) {
	t.Parallel()
	_, files := parsed(t, false, "*.go")
	asserted := map[string]int{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if ta, ok := n.(*ast.TypeAssertExpr); ok {
				if sel, ok := ta.Type.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "lab" {
						asserted[sel.Sel.Name]++
					}
				}
			}
			return true
		})
	}
	total := 0
	for _, n := range asserted {
		total += n
	}
	if len(asserted) > 6 || total > 10 {
		t.Errorf("the shell asks labs for %d optional interfaces in %d type assertions (at most 6 and 10): %v", len(asserted), total, asserted)
	}
}
