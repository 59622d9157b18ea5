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
)

// editorKey runs the input editor: enter opens the typed sequence in the
// stepper, or shows why it cannot; esc closes the editor.
func (l *Lab) editorKey(msg tea.KeyMsg) lab.Outcome {
	switch msg.Type {
	case tea.KeyEsc:
		l.edit = false
		l.editor.Blur()
		return lab.Taken()
	case tea.KeyEnter:
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
