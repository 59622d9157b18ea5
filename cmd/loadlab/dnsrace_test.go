package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/interleave"
)

// dnsRaceJSON runs loadlab with args and the JSON format and decodes the
// report.
func dnsRaceJSON(t *testing.T, args ...string) interleave.Report {
	t.Helper()
	code, out, errs := runArgs(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("loadlab %s: exit %d: %s", strings.Join(args, " "), code, errs)
	}
	var r interleave.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// run dns-race counts every schedule of the lecture's setup: 29 of the 70
// end with the record empty. The compare-and-swap leaves none; the
// separate re-check leaves a share above none and below the unfixed one.
func TestRunDNSRace(t *testing.T) {
	t.Parallel()
	r := dnsRaceJSON(t, "run", "dns-race")
	if len(r.Runs) != 1 {
		t.Fatalf("%d runs", len(r.Runs))
	}
	none := r.Runs[0]
	o := none.Outcomes
	if none.Schedules != 70 || none.Formula != "8!/(4! 4!)" || o.Newest.Count+o.Older.Count+o.Empty.Count != 70 ||
		o.Empty.Count != 29 || o.Empty.Fraction != "29/70" || !(o.Empty.Share > 0) {
		t.Errorf("no fix: %+v", none)
	}
	if p := r.Played; p.Schedule != "s1 s2 f1 f2 f3 f4 s3 s4" || p.Outcome != "empty" || len(p.Steps) != 8 || len(p.Moments) != 1 {
		t.Errorf("played %+v", p)
	}
	var lecture []int
	for _, st := range r.Played.Steps {
		if st.Lecture > 0 && (len(lecture) == 0 || lecture[len(lecture)-1] != st.Lecture) {
			lecture = append(lecture, st.Lecture)
		}
	}
	if !reflect.DeepEqual(lecture, []int{1, 2, 3, 4, 5, 6}) {
		t.Errorf("the played steps name the lecture's steps %v", lecture)
	}
	if cas := dnsRaceJSON(t, "run", "dns-race", "--fixes", "cas").Runs[0].Outcomes.Empty; cas.Count != 0 || cas.Fraction != "0/70" {
		t.Errorf("compare-and-swap: %+v", cas)
	}
	both := dnsRaceJSON(t, "run", "dns-race", "--fixes", "none,recheck").Runs
	if u, re := both[0].Outcomes.Empty.Share, both[1].Outcomes.Empty.Share; !(re > 0 && re < u) {
		t.Errorf("re-check's share %v against the unfixed %v", re, u)
	}
}

// The counts of every fix set, by merging configurations, are the counts
// of plain enumeration, at the lecture's setup and at three Enactors.
func TestDNSRaceCountsAgainstPlainEnumeration(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"run", "dns-race", "--fixes", "all", "--list", "40"},
		{"run", "interleave", "--enactors", "3", "--records", "1", "--atomic", "none", "--fixes", "all", "--list", "40"},
	} {
		memo := dnsRaceJSON(t, args...)
		brute := dnsRaceJSON(t, append(args, "--method", "brute")...)
		for i := range memo.Runs {
			if memo.Runs[i].Configurations == 0 || brute.Runs[i].Configurations != 0 {
				t.Errorf("%v: configurations %d and %d", args, memo.Runs[i].Configurations, brute.Runs[i].Configurations)
			}
			memo.Runs[i].Configurations = 0
		}
		if !reflect.DeepEqual(memo.Runs, brute.Runs) {
			t.Errorf("%v: merged and plain enumeration differ:\n%+v\n%+v", args, memo.Runs, brute.Runs)
		}
	}
}

// The text tells the steps, the CSV is the outcome rows (and in timing
// mode the runs' rows), one table.
func TestDNSRaceTextAndCSV(t *testing.T) {
	t.Parallel()
	code, out, _ := runArgs(t, "run", "dns-race")
	for _, want := range []string{"29 41.43% 29/70", "step 6: the slow Enactor writes plan_new (v2) over plan_newest (v3)", "(the lecture's)"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("text has no %q:\n%s", want, out)
		}
	}
	var buf, errb bytes.Buffer
	if code := run([]string{"run", "dns-race-timing", "--trials", "200", "--format", "csv"}, &buf, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(rows) != 1+3+11*3 || strings.Join(rows[0], ",") != "fixes,source,stall_ms,outcome,count,of,share,fraction" {
		t.Fatalf("%d rows, %v: %v", len(rows), err, rows[:1])
	}
	if strings.Join(rows[3], ",") != "none,schedules,,empty,29,70,0.4142857142857143,29/70" {
		t.Errorf("row %v", rows[3])
	}
	// the fractions are over every schedule, never reduced: the text, the
	// JSON and the CSV say 0/70 and 70/70, not 0/1 and 1/1
	buf.Reset()
	if code := run([]string{"run", "dns-race", "--fixes", "cas,recheck", "--format", "csv"}, &buf, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	for _, want := range []string{"cas,schedules,,newest,70,70,1,70/70", "cas,schedules,,empty,0,70,0,0/70", "recheck,schedules,,empty,255,924,", ",255/924"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("CSV has no %q:\n%s", want, buf.String())
		}
	}
	if _, out, _ := runArgs(t, "run", "dns-race", "--fixes", "recheck"); !strings.Contains(out, "255 27.60% 255/924") || strings.Contains(out, "/1 ") {
		t.Errorf("text:\n%s", out)
	}
}

// The text writes the setup in words: "2 records a plan", "1 record a
// plan", never "record(s)".
func TestDNSRaceTextSaysRecords(t *testing.T) {
	t.Parallel()
	for records, want := range map[string]string{"2": "2 Enactors, 2 records a plan,", "1": "2 Enactors, 1 record a plan,"} {
		_, out, _ := runArgs(t, "run", "dns-race", "--records", records)
		if !strings.Contains(out, want) || strings.Contains(out, "(s)") {
			t.Errorf("--records %s: no %q:\n%s", records, want, out)
		}
	}
}

// Every problem with the input is one line naming the flag, exit 2;
// plain enumeration past its bound names the fields that shorten it.
func TestDNSRaceRefusals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ line, says string }{
		{"run dns-race --enactors 4", `--enactors must be a whole number in 2..3, got "4"`},
		{"run dns-race --records 0", `--records must be a whole number in 1..4, got "0"`},
		{"run dns-race --fixes cas+lock", `--fixes must list fix sets: none, or recheck, cas and safe-cleanup joined by +; got "cas+lock"`},
		{"run dns-race --atomic writes", `--atomic must be none, or apply and cleanup comma-separated; got "writes"`},
		{"run dns-race --schedule s2", `--schedule "s2": the slow Enactor's next step is s1`},
		{"run dns-race --method brute --enactors 3 --records 3 --fixes recheck",
			"plain enumeration of recheck would run 24!/(8! 8! 8!) = 9465511770 schedules, over its bound of 100000000: lower --records or --enactors, leave recheck out of --fixes, make more steps atomic (--atomic), or count with --method memo (exact too)"},
		{"run dns-race-timing --stall-ms 10,5", "--stall-ms must list lengths in [0, 1e9] ms in rising order"},
		{"run dns-race-timing --enactors 3 --records 4 --trials 10000000 --stall-ms 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --fixes all",
			"over the limit of 10 min: lower --trials, --stall-ms or --fixes"},
	} {
		code, out, errs := runArgs(t, strings.Fields(c.line)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("loadlab %s: exit %d, stderr %q; want exit 2 and one line saying %q", c.line, code, errs, c.says)
		}
	}
	// at three Enactors and four records, with the re-check, memo counts
	// 5.5 trillion schedules exactly
	r := dnsRaceJSON(t, "run", "interleave", "--enactors", "3", "--records", "4", "--fixes", "recheck", "--list", "3")
	if r.Runs[0].Schedules != 5550996791340 || r.Runs[0].Outcomes.Empty.Count != 2077261144815 {
		t.Errorf("3 Enactors, 4 records, re-check: %+v", r.Runs[0])
	}
}
