package main

import (
	"os"
	"strings"
	"testing"
)

// The success charts of "loadlab run cascade --seed 425" are the lecture's
// (docs/sources.md, §26.4.1; testdata holds its printed S1-S6 charts, the
// block's repeat of S1-S3 left out): every row and the axis character for
// character, and the marks up to the last column, where both print the
// first digit of the run's 60 s. Only the set names and the legend after
// the marks, in the lecture's Chinese, differ.
func TestSuccessChartsAreTheLectures(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/lecture26_success_charts.txt")
	if err != nil {
		t.Fatal(err)
	}
	lecture := chartBlocks(string(raw))
	code, out, errs := runArgs(t, "run", "cascade", "--seed", "425")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, charts, _ := strings.Cut(out, "success rate over time")
	ours := chartBlocks(charts[strings.Index(charts, "\n\n")+2:])
	const marks = 8 + chartWidth // the marks line's indent and plot
	for _, set := range []string{"S1", "S2", "S3", "S4", "S5", "S6"} {
		want, got := lecture[set], ours[set]
		if len(want) != chartHeight+2 || len(got) != len(want) {
			t.Fatalf("%s: %d lines, the lecture's %d", set, len(got), len(want))
		}
		for i := range want {
			w, g := want[i], got[i]
			if i == len(want)-1 {
				w, g = w[:marks], g[:min(len(g), marks)]
			}
			if g != w {
				t.Errorf("%s line %d:\n got %q\nwant %q", set, i+1, g, w)
			}
		}
	}
}

// chartBlocks splits charts printed a name line and its lines each, blank
// lines between, by the name's first word.
func chartBlocks(s string) map[string][]string {
	out := map[string][]string{}
	for _, block := range strings.Split(strings.TrimRight(s, "\n"), "\n\n") {
		lines := strings.Split(block, "\n")
		out[strings.Fields(lines[0])[0]] = lines[1:]
	}
	return out
}
