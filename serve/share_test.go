package serve

import (
	"testing"
)

func TestClassShare(t *testing.T) {
	c := classShare(2, 23e9, 100)
	if c.Turns != 1 || c.Workers != 1 || c.Work.Seconds != sessionWork || c.Work.Bytes != 115e6 {
		t.Errorf("2 cores, 23 GB, 100 sessions: %+v", c)
	}
	if c := classShare(16, 4e9, 1000); c.Turns != 4 || c.Workers != 2 || c.Work.Bytes != 64e6 {
		t.Errorf("16 cores, 4 GB, 1000 sessions: %+v, want 4 turns of 2 cores (half the machine), 64 MB a session", c)
	}
	if got := screensShare(2, 60); got != 0.8*2/60 {
		t.Errorf("60 sessions on 2 cores: %v of a core each", got)
	}
	if got := screensShare(8, 1); got != 1 {
		t.Errorf("one session on 8 cores: %v, want a core at most", got)
	}
}

// A student's config that would take a minute and a half of a core is
// refused on a class server (on a desktop it would play).
func TestAStudentsConfigWithinTheShare(t *testing.T) {
	s, _ := start(t, nil)
	auth, _ := keyAuth(t)
	sc := onPicker(t, s, "grace", auth, 160, 48)
	sc.openScenario(t, "supermarket-90")
	sc.in.Write([]byte(":--time 500000\r"))
	sc.waitFor(t, "on this class server, the run would take about")
}
