package lab

import (
	"errors"
	"strings"
	"testing"
)

type toy struct{ D int }

func TestEdit(t *testing.T) {
	restarts := 0
	restart := func() error { restarts++; return nil }
	valid := func(s toy) error {
		if s.D > 3 {
			return errors.New("d must be in 1..3")
		}
		return nil
	}
	note := func(s toy) string { return "d is " + string(rune('0'+s.D)) }
	s := toy{D: 2}
	cases := []struct {
		name     string
		change   func(*toy) string
		want     toy
		restarts int
		note     string
		err      bool
	}{
		{"accepted", func(s *toy) string { s.D++; return "" }, toy{3}, 1, "d is 3", false},
		{"refused", func(s *toy) string { s.D++; return "" }, toy{3}, 1, "", true},
		{"why not", func(s *toy) string { return "random reads no d" }, toy{3}, 1, "random reads no d", false},
		{"at its limit", func(s *toy) string { s.D = min(3, s.D+1); return "" }, toy{3}, 1, "no change", false},
	}
	for _, c := range cases {
		out := Edit(&s, c.change, valid, restart, note)
		if s != c.want || restarts != c.restarts || !out.Handled || (out.Err != nil) != c.err || !strings.Contains(out.Note, c.note) {
			t.Errorf("%s: spec %+v, restarts %d, outcome %+v", c.name, s, restarts, out)
		}
	}
}
