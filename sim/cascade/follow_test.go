package cascade

import (
	"fmt"
	"strings"
	"testing"
)

// A followed request's journey reads on one clock: each service it gets
// names the tick it is due to end in, and the journey's next step, served
// or a success, happens in that tick (unless the request is given up or
// fails first); a success states the time from its arrival to that tick.
// A 32 ms service begun on arrival ends 30 ms later: the clock moves in
// whole ticks and reads each tick's start.
func TestFollowedServicesEndWhenTheySay(t *testing.T) {
	ends, successes := 0, 0
	for _, set := range []string{"S1", "S3", "S5", "S6"} {
		for _, at := range []float64{0, 5, 15.3, 16} {
			for k := range 3 {
				cfg := DefaultConfig()
				cfg.Protections = preset(t, set)
				cfg.Duration = 20
				e, err := NewFollowing(cfg, Follow{T: at, K: k})
				if err != nil {
					t.Fatal(err)
				}
				for e.Step() {
				}
				j := e.Journey()
				due := ""
				for i, st := range j {
					now := fmt.Sprintf("%.2f", st.At)
					served := strings.HasPrefix(st.What, "is served at") || strings.HasPrefix(st.What, "succeeds")
					if served && now != due {
						t.Errorf("%s --follow %g:%d: %q at %s s, due at %s s\n%v", set, at, k, st.What, now, due, j)
					}
					if served {
						ends++
					}
					due = ""
					if _, after, ok := strings.Cut(st.What, "due to end in the tick at "); ok {
						due = strings.TrimSuffix(after, " s)")
					}
					if ms, ok := strings.CutPrefix(st.What, "succeeds, "); ok {
						successes++
						want := fmt.Sprintf("%.0f ms after it arrived", (st.At-j[0].At)*1000)
						if st.At == j[0].At {
							want = "in the tick it arrived in (the clock reads each 10 ms tick's start)"
						}
						if ms != want || i == 0 {
							t.Errorf("%s --follow %g:%d: %q, want %q", set, at, k, st.What, want)
						}
					}
				}
			}
		}
	}
	if ends < 50 || successes < 10 {
		t.Errorf("only %d services ended and %d requests succeeded in the journeys: too few to judge", ends, successes)
	}
}
