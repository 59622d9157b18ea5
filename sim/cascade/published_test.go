package cascade

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// run plays cfg to the end.
func run(t testing.TB, cfg Config) Result {
	t.Helper()
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
	}
	return e.Result()
}

func preset(t testing.TB, name string) Protections {
	for _, p := range Presets {
		if p.Name == name {
			return p.Protections
		}
	}
	t.Fatalf("no preset %s", name)
	return Protections{}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// Lecture 26, 26.4.1, seed 425: the published per-run lines of S1-S6
// (success ok/arrived, good %, failed, mean and p95 latency, entry and
// downstream amplification, fast-fails, high/low priority, db/aux).
func TestPublished26_4_1(t *testing.T) {
	published := []struct {
		name                string
		ok, arrived, failed int
		good                string
		meanMs, p95Ms       string
		amp, downAmp        string
		fast                int
		hi, lo, db, aux     string
	}{
		{"S1", 9094, 54355, 44154, "12.4", "443", "2250", "1.00", "0.17", 0, "17.0", "16.7", "16.7", "16.8"},
		{"S2", 9057, 54346, 43552, "12.4", "478", "1770", "1.42", "0.17", 0, "17.2", "16.5", "16.8", "16.5"},
		{"S3", 11613, 54086, 42355, "16.5", "146", "620", "1.00", "0.32", 0, "21.8", "21.4", "16.8", "32.2"},
		{"S4", 14532, 54275, 39731, "16.1", "404", "4820", "1.00", "0.31", 13971, "26.8", "26.8", "13.8", "56.8"},
		{"S5", 14926, 54227, 39218, "22.4", "280", "860", "1.00", "0.35", 0, "27.9", "27.4", "16.9", "52.2"},
		{"S6", 12170, 53826, 41360, "17.3", "270", "1870", "1.50", "0.28", 0, "47.8", "16.4", "17.0", "35.8"},
	}
	for _, p := range published {
		cfg := DefaultConfig()
		cfg.Protections = preset(t, p.name)
		r := run(t, cfg)
		got := []string{
			fmt.Sprint(r.OK, r.Arrived, r.Failed), fmt.Sprintf("%.1f", pct(r.Good, r.Arrived)),
			fmt.Sprintf("%.0f %.0f", r.MeanLatencyMs, r.P95LatencyMs),
			fmt.Sprintf("%.2f %.2f", float64(r.Attempts)/float64(r.Arrived), float64(r.DepCalls)/float64(r.Arrived)),
			fmt.Sprint(r.FastFail),
			fmt.Sprintf("%.1f %.1f %.1f %.1f", pct(r.HiOK, r.HiTotal), pct(r.LoOK, r.LoTotal), pct(r.DBOK, r.DBTotal), pct(r.AuxOK, r.AuxTotal)),
		}
		want := []string{
			fmt.Sprint(p.ok, p.arrived, p.failed), p.good, p.meanMs + " " + p.p95Ms, p.amp + " " + p.downAmp,
			fmt.Sprint(p.fast), p.hi + " " + p.lo + " " + p.db + " " + p.aux,
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: %q, the lecture publishes %q", p.name, got[i], want[i])
			}
		}
	}
}

// referenceRun is one run of the lecture's program, unchanged but for the
// module constants set in Params, as testdata/reference_runs.json holds
// it (generated with python3 by setting the constants on the imported
// program and running Sim(CONFIGS[preset]) after random.seed(seed)).
type referenceRun struct {
	Seed          int64              `json:"seed"`
	Preset        string             `json:"preset"`
	Params        map[string]float64 `json:"params"`
	Arrived       int                `json:"arrived"`
	Attempts      int                `json:"attempts"`
	OK            int                `json:"ok"`
	Failed        int                `json:"failed"`
	Good          int                `json:"good"`
	DepCalls      int                `json:"dep_calls"`
	FastFail      int                `json:"fast_fail"`
	Hi, Lo, DB    [2]int
	Aux           [2]int   `json:"aux"`
	MeanLatencyMs float64  `json:"mean_latency_ms"`
	P95LatencyMs  float64  `json:"p95_latency_ms"`
	Stuck         int      `json:"stuck"`
	Samples       [][5]int `json:"samples"` // api_q svc_q db_q ok arrived
}

// Other seeds and other parameter values give exactly the reference
// program's figures, sample by sample.
func TestEqualsTheReferenceProgram(t *testing.T) {
	raw, err := os.ReadFile("testdata/reference_runs.json")
	if err != nil {
		t.Fatal(err)
	}
	var runs []referenceRun
	if err := json.Unmarshal(raw, &runs); err != nil {
		t.Fatal(err)
	}
	set := map[string]func(*Config, float64){
		"RATE": func(c *Config, v float64) { c.Rate = v }, "T_END": func(c *Config, v float64) { c.Duration = v },
		"DEGRADE_AT": func(c *Config, v float64) { c.DegradeAt = v }, "DB_SLOWDOWN": func(c *Config, v float64) { c.DBSlowdown = v },
		"BREAKER_MIN": func(c *Config, v float64) { c.BreakerMinCalls = int(v) }, "BREAKER_COOL": func(c *Config, v float64) { c.BreakerCoolDown = v },
		"SURGE_X": func(c *Config, v float64) { c.SurgeX = v }, "TUNED_WAIT": func(c *Config, v float64) { c.TunedWait = v },
		"MAX_RETRIES": func(c *Config, v float64) { c.MaxRetries = int(v) },
		"SHED_HIGH":   func(c *Config, v float64) { c.ShedHigh = int(v) }, "SHED_LOW": func(c *Config, v float64) { c.ShedLow = int(v) },
	}
	for _, ref := range runs {
		cfg := DefaultConfig()
		cfg.Seed = ref.Seed
		cfg.Protections = preset(t, ref.Preset)
		for k, v := range ref.Params {
			set[k](&cfg, v)
		}
		r := run(t, cfg)
		name := fmt.Sprintf("seed %d %s %v", ref.Seed, ref.Preset, ref.Params)
		got := [...]int{r.Arrived, r.Attempts, r.OK, r.Failed, r.Good, r.DepCalls, r.FastFail, r.HiOK, r.HiTotal, r.LoOK, r.LoTotal, r.DBOK, r.DBTotal, r.AuxOK, r.AuxTotal, r.StuckAtEnd}
		want := [...]int{ref.Arrived, ref.Attempts, ref.OK, ref.Failed, ref.Good, ref.DepCalls, ref.FastFail, ref.Hi[0], ref.Hi[1], ref.Lo[0], ref.Lo[1], ref.DB[0], ref.DB[1], ref.Aux[0], ref.Aux[1], ref.Stuck}
		if got != want {
			t.Errorf("%s: counts %v, the reference %v", name, got, want)
		}
		if r.MeanLatencyMs != ref.MeanLatencyMs || r.P95LatencyMs != ref.P95LatencyMs {
			t.Errorf("%s: latency %v / %v ms, the reference %v / %v", name, r.MeanLatencyMs, r.P95LatencyMs, ref.MeanLatencyMs, ref.P95LatencyMs)
		}
		if len(r.Samples) != len(ref.Samples) {
			t.Fatalf("%s: %d samples, the reference %d", name, len(r.Samples), len(ref.Samples))
		}
		for i, s := range r.Samples {
			if g := [5]int{s.APIQueue, s.SvcQueue, s.DBQueue, s.OK, s.Arrived}; g != ref.Samples[i] {
				t.Errorf("%s: sample %d %v, the reference %v", name, i, g, ref.Samples[i])
				break
			}
		}
	}
}

// 26.4.1's comparison tables: backlog peak, the time the backlog first
// passed 1000 and 5000 (nil: never), and svc's mean use, per set.
func TestPublished26_4_1Comparison(t *testing.T) {
	never := -1.0
	published := []struct {
		name      string
		peak      int
		t1k, t5k  float64
		svcUsePct string
	}{
		{"S1", 11793, 20, 28, "76"}, {"S2", 15562, 20, 28, "76"}, {"S3", 9881, 26, 30, "73"},
		{"S4", 8285, 26, 32, "56"}, {"S5", 9488, 26, 30, "54"}, {"S6", 951, never, never, "54"},
	}
	at := func(p *float64) float64 {
		if p == nil {
			return never
		}
		return *p
	}
	for _, p := range published {
		cfg := DefaultConfig()
		cfg.Protections = preset(t, p.name)
		r := run(t, cfg)
		if r.BacklogPeak != p.peak || at(r.TBacklog1k) != p.t1k || at(r.TBacklog5k) != p.t5k || fmt.Sprintf("%.0f", r.SvcUseMean) != p.svcUsePct {
			t.Errorf("%s: peak %d, 1k at %v, 5k at %v, svc %.0f%%; the lecture publishes %d, %v, %v, %s%%",
				p.name, r.BacklogPeak, at(r.TBacklog1k), at(r.TBacklog5k), r.SvcUseMean, p.peak, p.t1k, p.t5k, p.svcUsePct)
		}
	}
}

// 26.4.1's S1 timeline, every 4 s from 16 s: api, svc and db queues, the
// slots in use and the success rate of the 2 s before; and what is still
// stuck at the end.
func TestPublished26_4_1Timeline(t *testing.T) {
	published := []string{
		"16 214 60 50 100 100 100 62.9", "20 1009 60 47 99 98 100 18.1", "24 984 60 50 100 100 100 16.9",
		"28 7033 60 48 98 97 100 3.3", "32 11609 60 45 98 97 100 3.5", "36 11753 60 50 100 100 100 2.7",
		"40 11762 60 49 100 100 100 3.0", "44 3670 60 49 99 98 100 16.7", "48 967 60 49 100 100 100 15.8",
		"52 991 60 49 100 100 100 18.8", "56 948 60 49 99 98 100 18.6", "60 987 60 50 100 100 100 18.8",
	}
	r := run(t, DefaultConfig())
	var got []string
	for i, s := range r.Samples {
		if i%2 == 1 || s.T < 13 {
			continue
		}
		got = append(got, fmt.Sprintf("%.0f %d %d %d %.0f %.0f %.0f %.1f", s.T, s.APIQueue, s.SvcQueue, s.DBQueue,
			100*s.APIUse, 100*s.SvcUse, 100*s.DBUse, 100*s.Success))
	}
	if fmt.Sprint(got) != fmt.Sprint(published) {
		t.Errorf("S1 timeline\n got %v\nwant %v", got, published)
	}
	if r.StuckAtEnd != 1107 {
		t.Errorf("still in the system at the end: %d, the lecture publishes 1107", r.StuckAtEnd)
	}
}
