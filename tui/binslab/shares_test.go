package binslab

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/bins"
)

// P(max) gives every max load a share as a percentage, whole: in the
// room a chart has, rare loads merge into runs that name their loads,
// never "…". The trials table once read "P(max) 117:0.01 118:0.01 …
// 121:0.08 …" at 120x40 and "P(max) 5:0.09 6:0.61 7:0.24 …" at 160x48.
func TestMaxSharesWhole(t *testing.T) {
	counts := func(from int, trials ...int) []bins.MaxCount {
		var out []bins.MaxCount
		for i, n := range trials {
			out = append(out, bins.MaxCount{Max: from + i, Trials: n})
		}
		return out
	}
	cases := []struct {
		name string
		dist []bins.MaxCount
		w    int
		rows int
		want string // a line of the answer, where it is known
	}{
		{"heavy-load-blog 200 trials, 120x40", counts(117, 2, 2, 10, 16, 30, 40, 38, 28, 18, 10, 4, 2), 28, 2, ""},
		{"p2c one, 160x48", counts(4, 1, 18, 122, 48, 9, 1, 1), 30, 2, ""},
		{"two choices", counts(3, 200), 24, 1, "P(max) 3: 100 %"},
		{"a few", counts(5, 9, 61, 24, 6), 60, 1, "P(max) 5: 9 %  6: 61 %  7: 24 %  8: 6 %"},
		{"narrow", counts(4, 1, 18, 122, 48, 9, 1, 1), 22, 2, ""},
	}
	word := regexp.MustCompile(`(\d+)(?:-(\d+))?: ?([<>]?[\d.]+) ?%`)
	for _, tc := range cases {
		lines := maxShares(tc.dist, tc.w, tc.rows)
		all := strings.Join(lines, "\n")
		if len(lines) > tc.rows {
			t.Errorf("%s: %d lines in %d rows:\n%s", tc.name, len(lines), tc.rows, all)
		}
		if strings.Contains(all, "…") {
			t.Errorf("%s: a share left out:\n%s", tc.name, all)
		}
		if tc.want != "" && lines[0] != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, lines[0], tc.want)
		}
		next, sum := tc.dist[0].Max, 0.0 // every load once, in order, the shares adding up
		for _, l := range lines {
			if len([]rune(l)) > tc.w {
				t.Errorf("%s: %q is wider than %d", tc.name, l, tc.w)
			}
		}
		for _, m := range word.FindAllStringSubmatch(all, -1) {
			from, _ := strconv.Atoi(m[1])
			to := from
			if m[2] != "" {
				to, _ = strconv.Atoi(m[2])
			}
			if from != next {
				t.Errorf("%s: %q starts at %d, not %d:\n%s", tc.name, m[0], from, next, all)
			}
			next = to + 1
			p, _ := strconv.ParseFloat(strings.Trim(m[3], "<>"), 64)
			sum += p
		}
		if last := tc.dist[len(tc.dist)-1].Max; next != last+1 || sum < 97 || sum > 103 {
			t.Errorf("%s: loads to %d (want %d), shares add to %g:\n%s", tc.name, next-1, last, sum, all)
		}
	}
}
