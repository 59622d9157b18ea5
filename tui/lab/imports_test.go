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
