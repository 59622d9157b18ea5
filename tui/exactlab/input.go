package exactlab

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// editorKey runs the input editor: enter opens the typed sequence in the
// stepper, or shows why it cannot; esc closes the editor.
func (l *Lab) editorKey(msg tea.KeyMsg) lab.Outcome {
	switch {
	case msg.Type == tea.KeyEsc:
		l.edit = false
		l.editor.Blur()
		return lab.Taken()
	case msg.Type == tea.KeyEnter && l.sizing:
		n, m, err := parseSize(l.editor.Value())
		if err == nil {
			out := l.resize(n, m)
			if out.Err == nil {
				l.edit = false
				l.editor.Blur()
				return out
			}
			err = out.Err
		}
		l.editErr = err.Error()
		return lab.Taken()
	case msg.Type == tea.KeyEnter:
		cands, err := parseCandidates(l.editor.Value(), l.spec.Bins)
		if err != nil {
			l.editErr = err.Error()
			return lab.Taken()
		}
		l.edit = false
		l.editor.Blur()
		l.traj = bins.NewTrajectory(l.spec.Bins, cands)
		l.label = "your input · " + textfmt.Candidates(cands)
		l.pos, l.stepper, l.typed = 0, true, true
		return lab.Taken()
	}
	var cmd tea.Cmd
	l.editor, cmd = l.editor.Update(msg)
	l.editErr = ""
	return lab.Outcome{Handled: true, Cmd: cmd}
}

// openEditor gives the keyboard to the editor, for a size (z) or an
// input to step through (e).
func (l *Lab) openEditor(sizing bool) lab.Outcome {
	l.edit, l.editErr, l.sizing = true, "", sizing
	l.editor.SetValue("")
	l.editor.Prompt, l.editor.Placeholder = "input: ", inputHint(l.spec.Bins)
	if sizing {
		l.editor.Prompt, l.editor.Placeholder = "size n m: ", fmt.Sprintf("%d %d", l.spec.Bins, l.spec.Balls)
	}
	return lab.Outcome{Handled: true, Cmd: l.editor.Focus()}
}

// editHint is the line under the editor: what enter does and the formats
// it reads.
func (l *Lab) editHint(w int) string {
	if l.sizing {
		return widget.FirstFit(w, "enter computes that size, esc cancels · bins then balls: 32 32, or n=32 m=32", "enter computes it, esc cancels")
	}
	return widget.FirstFit(w, "enter steps through it, esc cancels · "+inputHint(l.spec.Bins), "enter steps through it, esc cancels")
}

// sizeField is one number of a typed size: "32", "n=32" or "m=32".
var sizeField = regexp.MustCompile(`^(?:([nm])\s*=\s*)?(\d+)$`)

// spacedEquals is an equals sign with spaces around it, as in "n = 32".
var spacedEquals = regexp.MustCompile(`\s*=\s*`)

// parseSize reads a typed size: the bins then the balls, "32 32", "32,32"
// or "32x32", or named, "n=32 m=32" in either order.
func parseSize(s string) (n, m int, err error) {
	s = spacedEquals.ReplaceAllString(strings.ToLower(strings.TrimSpace(s)), "=")
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == 'x' })
	if len(fields) != 2 {
		return 0, 0, fmt.Errorf("size: type the bins then the balls, two whole numbers: 32 32 or n=32 m=32")
	}
	got := map[string]int{}
	for i, f := range fields {
		parts := sizeField.FindStringSubmatch(f)
		if parts == nil {
			return 0, 0, fmt.Errorf("size: %q is not a whole number (type 32 32 or n=32 m=32)", f)
		}
		name := parts[1]
		if name == "" {
			name = []string{"n", "m"}[i]
		}
		if _, twice := got[name]; twice {
			return 0, 0, fmt.Errorf("size: %s given twice", name)
		}
		v, err := strconv.Atoi(parts[2])
		if err != nil {
			return 0, 0, fmt.Errorf("size: %s = %s is too large", name, parts[2])
		}
		got[name] = v
	}
	return got["n"], got["m"], nil
}

// inputHint is the editor's placeholder: the formats a sequence of n bins
// can be typed in. Two digits per ball read only up to 10 bins; beyond,
// pairs take a comma.
func inputHint(n int) string {
	if n <= 10 {
		return "00 01 10 11  or  (0,0) (0,1)  or  0,0 0,1"
	}
	return fmt.Sprintf("a comma in each pair, bins 0..%d: 0,%d %d,3  or  (0,%d) (%d,3)", n-1, n-1, n-1, n-1, n-1)
}

// maxTypedBalls bounds a typed sequence so that its bars fit the stepper.
const maxTypedBalls = 64

// spacedComma is a comma with spaces around it, as in "(0, 1)".
var spacedComma = regexp.MustCompile(`\s*,\s*`)

// parseCandidates reads a sequence of (first, second) pairs written as
// "00 01 10 11" (two digits per ball, when there are at most 10 bins) or
// "(0,0) (0,1)", "(0, 0) (0, 1)", "0,0 0,1".
func parseCandidates(s string, n int) ([][2]int, error) {
	s = spacedComma.ReplaceAllString(s, ",")
	fields := strings.Fields(strings.NewReplacer(")(", " ", "(", " ", ")", " ").Replace(s))
	if len(fields) == 0 {
		return nil, fmt.Errorf("type one pair per ball: %s", inputHint(n))
	}
	if len(fields) > maxTypedBalls {
		return nil, fmt.Errorf("at most %d balls, got %d", maxTypedBalls, len(fields))
	}
	var out [][2]int
	for i, f := range fields {
		var parts []string
		switch {
		case strings.Contains(f, ","):
			parts = strings.Split(f, ",")
		case len(f) == 2 && n <= 10:
			parts = []string{f[:1], f[1:]}
		}
		if len(parts) != 2 {
			if n > 10 {
				return nil, fmt.Errorf("ball %d: %q is not a pair of bins (at %d bins write 0,%d: a comma between the two)", i+1, f, n, n-1)
			}
			return nil, fmt.Errorf("ball %d: %q is not a pair of bins (write 01 or 0,1)", i+1, f)
		}
		var pair [2]int
		for j, p := range parts {
			v, err := strconv.Atoi(p)
			if err != nil || v < 0 || v >= n {
				return nil, fmt.Errorf("ball %d: %q is not a bin in 0..%d", i+1, p, n-1)
			}
			pair[j] = v
		}
		out = append(out, pair)
	}
	return out, nil
}
