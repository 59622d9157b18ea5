package stormlab

import (
	"fmt"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each jitter mode's busiest millisecond so far (key "peak",
// with its time) and its retries sent so far ("retries").
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, s := range l.storms {
		peak, at, sent := 0, 0, 0
		for ms, n := range s.Histogram[:min(l.nowMs, len(s.Histogram))] {
			if n > peak {
				peak, at = n, ms
			}
			sent += n
		}
		group := jitterName(s.Jitter)
		figs = append(figs,
			widget.Figure{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%s at %d ms", textfmt.Digits(int64(peak)), at)},
			widget.Figure{Key: "retries", Group: group, Name: "retries", Value: textfmt.Digits(int64(sent))},
		)
	}
	return figs
}

// jitterName is a jitter mode in words: "no jitter", "full jitter".
func jitterName(mode string) string {
	if mode == "none" {
		return "no jitter"
	}
	return mode + " jitter"
}
