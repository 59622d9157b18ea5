package main

import (
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// Below 5 balls a bin a hot count would only say "holds two", and the lab
// hides it: the report leaves it null, names why in hot_note, and the text
// and CSV leave it out too; at 100 balls a bin (§BLOG) it is counted.
func TestHotLeftOutWhereTheLabHidesIt(t *testing.T) {
	_, out, _ := runArgs(t, "run", "bins", "--trials", "2", "--format", "json")
	var r struct {
		HotNote string `json:"hot_note"`
		Trials  []struct {
			Results map[string]map[string]any `json:"results"`
		} `json:"trials"`
		Summary map[string]map[string]any `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	one := r.Trials[0].Results["one"]
	if hot, ok := one["hot"]; !ok || hot != nil || r.Summary["one"]["hot_mean"] != nil || !strings.Contains(r.HotNote, "below 5 balls a bin") {
		t.Errorf("at one ball a bin: hot %v (present %v), hot_mean %v, hot_note %q", hot, ok, r.Summary["one"]["hot_mean"], r.HotNote)
	}
	if _, text, _ := runArgs(t, "run", "bins", "--trials", "2"); !strings.Contains(text, "hot is not counted below 5 balls a bin") {
		t.Errorf("the text should say hot is not counted:\n%s", text)
	}
	if blog := runJSON(t, "run", "heavy-load-blog"); blog.HotNote != "" || blog.Summary["one"].HotMean == nil || *blog.Summary["one"].HotMean != 2 {
		t.Errorf("at 100 balls a bin hot is counted: note %q, summary %+v", blog.HotNote, blog.Summary["one"])
	}
}

// The CSV numbers trials from 1, as the lab's status does ("trial 2 of
// 200"); a trial's seed is still the run's plus its number less one.
func TestCSVNumbersTrialsFromOne(t *testing.T) {
	_, out, _ := runArgs(t, "run", "bins", "--trials", "3", "--seed", "7", "--strategies", "one", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows[1:] {
		if row[0] != strconv.Itoa(i+1) || row[1] != strconv.Itoa(7+i) || row[8] != "" {
			t.Errorf("row %d: trial %s seed %s hot %q; want trial %d, seed %d, no hot", i+1, row[0], row[1], row[8], i+1, 7+i)
		}
	}
}
