package scenarios

// SweepScenario is a question asked of an engine over a grid of configs
// (loadlab sweep NAME, loadlab tui sweep NAME): its base (a scenario or
// an engine), the flags set over it, the fields varied and the seeds a
// point runs on.
type SweepScenario struct {
	Name, Title, Lesson string
	Base                string
	Flags, Vary         []string
	Seeds               int
}

var sweeps = []SweepScenario{
	{
		Name:  "theorem-shape",
		Title: "The theorem's shape: the max load against n, one, two and three choices, m = n",
		Lesson: "n balls into n bins for n = 16 to 65,536, 50 seeds a point. One choice's mean max climbs like ln n / ln ln n, from 3.2 at 16 bins to 7.6 at 65,536; two choices' barely moves, like ln ln n / ln 2, from 2.2 to 3.36; three choices' flatter still, 2.04 to 3: the exponential improvement of the power of two choices, drawn. " +
			"Two theories stand beside each rule: the fluid limit, the prediction at each n (one choice 7.564 at 65,536 against 7.6 measured, two choices 3.327 against 3.36), and the asymptote, the theorem's leading term (ln n / ln ln n, ln ln n / ln d), whose shape is the measured one but which sits off it by about a constant at these n, two choices' even above one choice's at small n.",
		Base: "bins", Flags: []string{"--strategies", "one,two,dchoice:3"}, Vary: []string{"bins=16..65536x4", "balls=@bins"}, Seeds: 50,
	},
	{
		Name:  "stale-data",
		Title: "How stale is too stale? Two choices on a board refreshed every 0.01 to 100 units, 90 % load",
		Lesson: "1,000 servers at 90 % load, 900 jobs a unit of time, 5 seeds a point. Two choices read a load board refreshed every R units (stale-2 in the tables); beside them, on the same arrivals, two choices on fresh loads (jsq-2: 2.36 jobs a server on average), and random's mean field, 9, drawn as a line. Refreshed every 0.1 units (90 jobs) the board is as good as fresh, 2.39; every unit (900 jobs) 2.66; every 10 units 4.55; every 100 units the jobs herd onto the servers that looked lightest and the mean is 17.41, nearly twice random's 9: stale information is worse than none. " +
			"(The run is 600 units long, 500 measured: a board refreshed less often than that is never refreshed, every load reads 0 and the choice is random's, so the sweep stops at 100.)",
		Base: "supermarket", Flags: []string{"--policy", "stale-d", "--against", "jsq-d", "--time", "600", "--warmup", "100"}, Vary: []string{"refresh=0.01..100x10"}, Seeds: 5,
	},
}

// Sweeps lists the sweep scenarios.
func Sweeps() []SweepScenario { return append([]SweepScenario(nil), sweeps...) }

// LookupSweep finds a sweep scenario by name.
func LookupSweep(name string) (SweepScenario, bool) {
	for _, s := range sweeps {
		if s.Name == name {
			return s, true
		}
	}
	return SweepScenario{}, false
}
