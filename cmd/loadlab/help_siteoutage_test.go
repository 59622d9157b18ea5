package main

import (
	"strings"
	"testing"
)

// The-planet-2008's help, and its engine's, give the incident's
// timeline: the lecture's times, in order.
func TestThePlanetHelpGivesTheTimeline(t *testing.T) {
	t.Parallel()
	for _, topic := range []string{"the-planet-2008", "site-outage"} {
		code, out, errs := runArgs(t, "help", topic)
		if code != 0 {
			t.Fatalf("help %s: exit %d: %s", topic, code, errs)
		}
		at := 0
		for _, when := range []string{"5:55 PM", "10 PM", "June 2", "5 PM", "June 4", "99.18 %"} {
			i := strings.Index(out[at:], when)
			if i < 0 {
				t.Errorf("help %s: no %q after the timeline's earlier events:\n%s", topic, when, out)
				break
			}
			at += i
		}
		if !strings.Contains(out, "--fault") || !strings.Contains(out, "9,000 servers") {
			t.Errorf("help %s lacks the flags or the lecture's counts:\n%s", topic, out)
		}
	}
}
