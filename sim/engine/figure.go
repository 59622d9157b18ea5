package engine

// Figure is one of a run's headline figures: a number its lesson quotes,
// as the TUI's headline, its lecture strip and the headless reports all
// print it. Key names it for a scenario's list of headline figures
// ("goodput", "wasted"); Group is the run it belongs to (a protection set
// in a class's words), written once before the group's figures; Name is
// its words and Value the figure as written ("12.3/s", "4:14 AM", "not
// yet"): many a headline figure is a time, a state or a fraction rather
// than a number with a unit.
type Figure struct {
	Key   string `json:"key"`
	Group string `json:"group,omitempty"`
	Name  string `json:"name"`
	Value string `json:"value"`
}

// HeadlineJSON and HeadlineText bound what a run's headline figures add
// to its report: up to eight figures of about a hundred bytes in JSON, a
// line of them in text; the cost models add them per run.
const HeadlineJSON, HeadlineText = 800.0, 300.0

// Headlined is a run's report that gives its headline figures.
type Headlined interface{ Headline() []Figure }

// HeadlineOf is a run's headline figures, or the run's error: a spec's
// Figures in one line, engine.HeadlineOf(s.Run(ctx, nil)).
func HeadlineOf[R Headlined](r R, err error) ([]Figure, error) {
	if err != nil {
		return nil, err
	}
	return r.Headline(), nil
}
