package tui

import (
	"fmt"

	"github.com/loadlab/loadlab/internal/textfmt"
)

// trialsTableRows is how many rows the trials panel needs for n strategies:
// a caption, a header, the strategies, a blank line, the comparison header
// and one comparison per other strategy.
func trialsTableRows(n int) int { return 2 + n + 2 + max(0, n-1) }

// trialsPanel draws source 000's table, live: per strategy the mean, median
// and p95 of the max load over the finished trials and the distribution of
// the max, then every strategy against the baseline trial by trial.
func trialsPanel(lab *binsLab, r rect, st Styles) string {
	frame := st.Panel
	iw := r.w - frame.GetHorizontalFrameSize()
	ih := r.h - frame.GetVerticalFrameSize()
	res := lab.result
	done := len(res.Trials)
	nameW := textfmt.Widest(res.Strategies, len("strategy"))
	lines := []string{st.Title.Render(fmt.Sprintf("max load over %d of %d trials", done, lab.spec.Trials))}
	lines = append(lines, st.Muted.Render(fmt.Sprintf("%-*s %8s %6s %4s %6s  distribution of the max", nameW, "strategy", "mean", "median", "p95", "theory")))
	for i, name := range res.Strategies {
		s := res.Summary[name]
		theory := theoryShort(s.Theory)
		row := fmt.Sprintf("%-*s %8.3f %6g %4d %6s  ", nameW, name, s.MaxMean, s.MaxMedian, s.MaxP95, theory)
		if done == 0 {
			row = fmt.Sprintf("%-*s %8s %6s %4s %6s  ", nameW, name, "-", "-", "-", theory)
		}
		lines = append(lines, st.series(i).Render(fmt.Sprintf("%-*s", nameW, name))+
			st.Text.Render(row[nameW:])+maxDistribution(s.MaxDistribution, iw-len(row), st))
	}
	if len(res.Paired) > 0 && done > 0 {
		lines = append(lines, "", st.Muted.Render(fmt.Sprintf("%-*s %6s %6s %6s  median diff  (max load against %s)", nameW, "strategy", "lower", "equal", "higher", res.Paired[0].B)))
		for _, p := range res.Paired {
			lines = append(lines, st.Text.Render(fmt.Sprintf("%-*s %6d %6d %6d  %+g", nameW, p.A, p.Lower, p.Equal, p.Higher, p.MedianDiff)))
		}
	}
	return frame.Width(iw + frame.GetHorizontalPadding()).Render(fitLines(lines, iw, max(0, ih)))
}

// maxDistribution draws every max load seen in the trials.
func maxDistribution(dist []int, w int, st Styles) string {
	counts := make([]float64, len(dist))
	for k, c := range dist {
		counts[k] = float64(c)
	}
	return st.Bar.Render(truncate(sparkBars(counts, 1), max(0, w)))
}
