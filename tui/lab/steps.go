package lab

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// StepTo is the next of steps (rising) past v: down when dir < 0, else
// up; v itself at either end. A step within 1e-12 of v is v (a share
// typed as 0.015 is the step 0.015).
func StepTo(steps []float64, v float64, dir int) float64 {
	if dir > 0 {
		if i := slices.IndexFunc(steps, func(s float64) bool { return s > v+1e-12 }); i >= 0 {
			return steps[i]
		}
		return v
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i] < v-1e-12 {
			return steps[i]
		}
	}
	return v
}

// Dir is -1 when msg is the down key of a pair, else +1.
func Dir(msg tea.KeyMsg, down key.Binding) int {
	if key.Matches(msg, down) {
		return -1
	}
	return 1
}
