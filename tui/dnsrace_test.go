package tui

import (
	tea "github.com/charmbracelet/bubbletea"
	"regexp"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/dnsracelab"
)

// The stepper plays the lecture's schedule, and its captions name the
// lecture's steps 1 to 6 in order; the record ends empty, which stops
// play at a moment tied to the night's timeline.
func TestDNSRaceStepperTellsTheSixSteps(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		m := openAt(t, "dns-race", size[0], size[1])
		if !strings.Contains(plain(m), "the lecture's order: s1 s2 f1 f2 f3 f4 s3 s4") {
			t.Fatalf("the stepper does not open on the lecture's order:\n%s", plain(m))
		}
		drive(m, "M")
		step := regexp.MustCompile(`· lecture step (\d):`)
		var named []string
		moment := ""
		for range 8 {
			drive(m, "n")
			checkFits(t, m, size[0], size[1])
			if s := step.FindStringSubmatch(plain(m)); s != nil && (len(named) == 0 || named[len(named)-1] != s[1]) {
				named = append(named, s[1])
			}
			if m.caption != "" {
				moment = m.caption
			}
		}
		if got := strings.Join(named, " "); got != "1 2 3 4 5 6" {
			t.Errorf("%dx%d: the captions name steps %q, want 1 to 6 in order", size[0], size[1], got)
		}
		if !strings.Contains(moment, "11:48 PM PDT") {
			t.Errorf("%dx%d: the empty record's moment is %q", size[0], size[1], moment)
		}
		if v := plain(m); !strings.Contains(v, "ends empty: record 2 of 2 points at the deleted plan_new") {
			t.Errorf("%dx%d: no verdict at the end:\n%s", size[0], size[1], v)
		}
	}
}

// The fixes switch: the compare-and-swap leaves no bad schedule, the
// re-check leaves one that survives, and b walks them.
func TestDNSRaceFixesAndBadSchedules(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race", 80, 24)
	drive(m, "2")
	if !strings.Contains(m.note, "cas, 2 Enactors, 2 records a plan: 70 schedules, 0 end empty") {
		t.Errorf("2 says %q", m.note)
	}
	drive(m, "x")
	if !strings.Contains(m.note, "no bad schedule under cas") {
		t.Errorf("x under cas says %q", m.note)
	}
	drive(m, "2")
	drive(m, "1")
	if !strings.Contains(m.note, "recheck, 2 Enactors, 2 records a plan: 924 schedules, 255 end empty (27.6%)") {
		t.Errorf("1 says %q", m.note)
	}
	drive(m, "x")
	if !strings.Contains(plain(m), "bad schedule 1 of 255: s1 s2 s3 s4 f1 f2 f3 f4 f5 s5 s6 f6") {
		t.Errorf("x under recheck:\n%s", plain(m))
	}
	drive(m, "X")
	if !strings.Contains(plain(m), "bad schedule 255 of 255") {
		t.Errorf("X goes round to the last:\n%s", plain(m))
	}
	drive(m, "end")
	if !strings.Contains(plain(m), "ends empty") {
		t.Errorf("a bad schedule under recheck does not end empty:\n%s", plain(m))
	}
	drive(m, "l")
	if !strings.Contains(plain(m), "the lecture's order") {
		t.Errorf("l does not return to the lecture's order:\n%s", plain(m))
	}
	drive(m, "end")
	if !strings.Contains(plain(m), "ends at the newest plan") {
		t.Errorf("the re-check does not catch the lecture's order:\n%s", plain(m))
	}
}

// e takes a schedule typed as the issue writes it, completes it and plays
// it; a schedule out of order is refused with the reason.
func TestDNSRaceTypedSchedule(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race", 80, 24)
	drive(m, "e")
	if !m.textFocused() {
		t.Fatal("e opens no editor")
	}
	clearField(m)
	typeText(m, "s1 f3")
	drive(m, "enter")
	if !strings.Contains(plain(m), "fast Enactor's next step is f1") {
		t.Errorf("an out-of-order step is not refused:\n%s", plain(m))
	}
	drive(m, "esc")
	drive(m, "e")
	clearField(m)
	typeText(m, "s1 f1 f2 f3 s2")
	drive(m, "enter")
	if !strings.Contains(m.note, "your schedule: s1 f1 f2 f3 s2 s3 s4 f4 (s3 s4 f4 added") || !strings.Contains(plain(m), "your schedule:") {
		t.Errorf("note %q:\n%s", m.note, plain(m))
	}
	drive(m, "end")
	if !strings.Contains(plain(m), "ends empty") {
		t.Errorf("the typed schedule (the AWS order: the cleanup deletes what the slow write put in) does not end empty:\n%s", plain(m))
	}
}

// clearField empties a text field as a person does: ctrl+u.
func clearField(m *Model) { m.Update(tea.KeyMsg{Type: tea.KeyCtrlU}) }

// e opens the editor on the schedule on screen, not the lecture's: a bad
// schedule, or one typed, to change a step of it.
func TestDNSRaceEditorStartsFromTheScheduleOnScreen(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race", 80, 24)
	drive(m, "x")
	drive(m, "x")
	drive(m, "e")
	if v := plain(m); !strings.Contains(v, "schedule: s1 s2 f1 f2 f3 s3 f4 s4") {
		t.Errorf("e after bad schedule 2 does not start from it:\n%s", v)
	}
	typeText(m, " x")
	drive(m, "enter")
	if !strings.Contains(plain(m), `"x": a step starts with an Enactor's letter`) {
		t.Errorf("the text typed after the schedule is not read with it:\n%s", plain(m))
	}
	drive(m, "esc")
	drive(m, "e")
	clearField(m)
	typeText(m, "f1 f2")
	drive(m, "enter")
	drive(m, "e")
	if v := plain(m); !strings.Contains(v, "schedule: f1 f2 s1 s2 s3 s4 f3 f4") {
		t.Errorf("e after a typed schedule does not start from it:\n%s", v)
	}
}

func typeText(m *Model, s string) {
	for _, r := range s {
		m.Update(keyMsg(string(r)))
	}
}

// E and [ ] change the setup: three Enactors and one record still race.
func TestDNSRaceSetupKeys(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race", 80, 24)
	drive(m, "E")
	drive(m, "[")
	if !strings.Contains(m.note, "3 Enactors, 1 record a plan: 1,680 schedules, 750 end empty") {
		t.Errorf("E and [ say %q", m.note)
	}
	if !strings.Contains(plain(m), "m middle") {
		t.Errorf("no middle Enactor:\n%s", plain(m))
	}
	drive(m, "a")
	if !strings.Contains(strings.Join(m.lab.Status(), " "), "atomic: none") {
		t.Errorf("a: %v", m.lab.Status())
	}
	drive(m, "R")
	if _, ok := m.lab.(*dnsracelab.Lab); !ok || !strings.Contains(plain(m), "s1 s2 f1 f2 f3 f4 s3 s4") {
		t.Errorf("R does not return to the lecture's setup:\n%s", plain(m))
	}
}

// A step skipped because its Enactor stopped stays marked as not run (–)
// after its turn passes, and the step that stopped it is marked !, never
// ✓: under the compare-and-swap the stale write does not happen, and the
// row must not say it did. The caption does not repeat the step's token.
func TestDNSRaceStoppedStepsStayUnrun(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		keys []string // from dns-race-fixes (recheck)
		row  string
	}{
		{[]string{"1", "2"}, "s slow   v2  ✓check ✓w1 !w2 –cleanup  stopped at w2"},
		{[]string{"2"}, "s slow   v2  ✓check ✓re1 ✓w1 !re2 –w2 –cleanup  stopped at re2"},
	} {
		m := openAt(t, "dns-race-fixes", 160, 48)
		for _, k := range append(c.keys, "l") {
			drive(m, k)
		}
		for range m.lab.Info().Steps {
			drive(m, "n")
			v := plain(m)
			if regexp.MustCompile(`s slow .*✓w2`).MatchString(v) {
				t.Errorf("%v: the refused write reads as done:\n%s", c.keys, v)
			}
			if regexp.MustCompile(`· (s|f)\d+: `).MatchString(v) {
				t.Errorf("%v: a caption repeats its token:\n%s", c.keys, v)
			}
		}
		if v := plain(m); !strings.Contains(v, c.row) || !strings.Contains(v, "has stopped, so its step (cleanup) does not run") {
			t.Errorf("%v: at the end no %q:\n%s", c.keys, c.row, v)
		}
	}
}

// Every fraction is over the row's schedules, never reduced, so it reads
// beside the counts quoted with it (255 of 924, not 85/308; 0/70, not
// 0/1); counts carry thousands separators wherever the lab writes them.
func TestDNSRaceFractionsOverEverySchedule(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race-fixes", 160, 48)
	v := plain(m)
	for _, want := range []string{
		"▸ recheck                    924  669/924 72.4%  0/924 0.0%     255/924 27.6%",
		"  cas                         70  70/70 100.0%   0/70 0.0%      0/70 0.0%",
		"  safe-cleanup                70  41/70 58.6%    24/70 34.3%    5/70 7.1%",
		"  recheck+safe-cleanup       924  669/924 72.4%  234/924 25.3%  21/924 2.3%",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("no row %q:\n%s", want, v)
		}
	}
	if regexp.MustCompile(`\b[01]/1\b`).MatchString(v) {
		t.Errorf("a fraction reduced to 0/1 or 1/1:\n%s", v)
	}
	drive(m, "E")
	v = plain(m)
	for _, want := range []string{"6,988,473 bad schedules under recheck", "18!/(6! 6! 6!) = 17,153,136 schedules", "empty 6,988,473/17,153,136", "  no fix                   34,650"} {
		if !strings.Contains(v, want) {
			t.Errorf("3 Enactors: no %q:\n%s", want, v)
		}
	}
	drive(m, "1")
	if h := strings.Join(strings.Fields(plain(m)), " "); !strings.Contains(h, "20,259 bad schedules under no fix") {
		t.Errorf("3 Enactors, no fix: no separators in the bad count:\n%s", plain(m))
	}
}

// The timing lab names its value columns: with an older plan among the
// outcomes (the safe cleanup) two percentages stand on each row, and the
// header over them says which is which, each ending where its column does.
func TestDNSRaceTimingNamesItsColumns(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race-timing", 80, 24)
	drive(m, "3")
	drive(m, "end")
	lines := strings.Split(plain(m), "\n")
	head, row := -1, -1
	for i, l := range lines {
		if regexp.MustCompile(`^stall +empty +older$`).MatchString(l) {
			head = i
		}
		if strings.HasPrefix(l, "0 ms ") && head >= 0 && row < 0 {
			row = i
		}
	}
	if head < 0 || row != head+1 {
		t.Fatalf("no header over the value columns:\n%s", plain(m))
	}
	// each value ends where its name does
	vals := regexp.MustCompile(`(\d+\.\d\d%) +(\d+\.\d\d%)$`).FindStringSubmatch(lines[row])
	endOf := func(line, s string) int { return len([]rune(line[:strings.LastIndex(line, s)+len(s)])) }
	if vals == nil || endOf(lines[row], vals[1]) != endOf(lines[head], "empty") || endOf(lines[row], vals[2]) != endOf(lines[head], "older") {
		t.Errorf("the header does not stand over its columns:\n%s\n%s", lines[head], lines[row])
	}
}

// s and S, the seed keys, say why they do nothing here: the explorer
// counts every schedule, with no seed.
func TestDNSRaceSeedKeysSayWhy(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"s", "S"} {
		m := openAt(t, "dns-race", 80, 24)
		drive(m, k)
		if !strings.Contains(m.note, "no seed here: the explorer counts every schedule exactly") || m.textFocused() {
			t.Errorf("%s says %q", k, m.note)
		}
	}
}

// The stepper's words about steps agree and are true: the caption names
// the lecture's step as such ("lecture step 6"), never a bare "step 6"
// beside the status's "step 7/8"; going back says "step 6 of 8" for a
// schedule whose length is exact; only the lecture's own order, unfixed,
// promises the lecture's six steps in order; and on a race the lecture
// never had (three Enactors, one record) l's schedule is not called the
// lecture's order.
func TestDNSRaceStepWordsAgree(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race", 160, 48)
	if !strings.Contains(plain(m), "n plays the first of the 8 steps, ← goes back: the captions tell the lecture's six steps, in order") {
		t.Errorf("the lecture's order does not promise its six steps:\n%s", plain(m))
	}
	for range 7 {
		drive(m, "n")
	}
	v := plain(m)
	if !strings.Contains(v, "step 7/8") || !strings.Contains(v, "s3 · lecture step 6: the slow Enactor writes") || regexp.MustCompile(`· step \d`).MatchString(v) {
		t.Errorf("step 7 of 8:\n%s", v)
	}
	drive(m, "left")
	if bar := m.statusBar(); !strings.Contains(bar, "step 6 of 8") || strings.Contains(bar, "about") || m.note != "" {
		t.Errorf("back a step says %q in the status bar, %q in a note", bar, m.note)
	}

	for _, c := range []struct {
		scenario string
		keys     []string
	}{
		{"dns-race-fixes", []string{"l"}},          // the lecture's order, 12 steps with the re-check
		{"dns-race-fixes", nil},                    // a bad schedule, not the lecture's
		{"dns-race", []string{"b"}},                // the first bad schedule, not the lecture's
		{"dns-race", []string{"E", "l"}},           // three Enactors
		{"dns-race", []string{"[", "l"}},           // one record
		{"dns-race", []string{"a", "a", "a", "l"}}, // an atomic apply
		{"dns-race", []string{"a", "a", "l"}},      // apply and cleanup atomic
	} {
		m := openAt(t, c.scenario, 80, 24)
		for _, k := range c.keys {
			drive(m, k)
		}
		v := plain(m)
		if strings.Contains(v, "six steps, in order") || strings.Contains(v, "follow the lecture's six steps") {
			t.Errorf("%s %v: promises the lecture's six steps:\n%s", c.scenario, c.keys, v)
		}
		if !regexp.MustCompile(`n plays the first of (the )?\d+ steps`).MatchString(v) {
			t.Errorf("%s %v: the caption does not say how many steps:\n%s", c.scenario, c.keys, v)
		}
		r := m.lab.(*dnsracelab.Lab).Race()
		if !r.LectureSetup() && (strings.Contains(v, "lecture's order:") || !strings.Contains(v, "slow one held back:")) {
			t.Errorf("%s %v: a race the lecture never had, called the lecture's:\n%s", c.scenario, c.keys, v)
		}
		if c.scenario == "dns-race" && len(c.keys) > 0 && c.keys[len(c.keys)-1] == "l" {
			drive(m, "end") // with no fix, the held-back order goes wrong as the lecture's does
			if v := plain(m); !strings.Contains(v, "ends empty") {
				t.Errorf("%s %v: the slow one held back ends safe, while bad schedules are listed:\n%s", c.scenario, c.keys, v)
			}
		}
	}
}

// As the steps grow, every panel keeps its last row: the table's count
// line, and on a wide screen the night's verdict line, at every step.
func TestDNSRaceRowsStayAsStepsGrow(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 48}} {
		m := openAt(t, "dns-race", size[0], size[1])
		for step := 0; step <= 8; step++ {
			v := plain(m)
			if !strings.Contains(v, "8!/(4! 4!) = 70 schedules") {
				t.Errorf("%dx%d step %d: the table's count line dropped off:\n%s", size[0], size[1], step, v)
			}
			if strings.Contains(v, "the night it led to") && !strings.Contains(v, "the stepper's record is") {
				t.Errorf("%dx%d step %d: the night's last row dropped off:\n%s", size[0], size[1], step, v)
			}
			checkFits(t, m, size[0], size[1])
			drive(m, "n")
		}
	}
}

// A wide screen uses its room: under the table, every step played so far
// with its caption, and the night the race led to (lecture 26.2.10's
// timeline), its first event reached when the stepper's record goes
// empty. A small screen keeps its table and list.
func TestDNSRaceWideScreenTellsTheStory(t *testing.T) {
	t.Parallel()
	m := openAt(t, "dns-race", 160, 48)
	v := plain(m)
	for _, want := range []string{"the steps so far", "none yet: n plays the first", "the night it led to", "   11:48 PM  DynamoDB's DNS record in us-east-1 is empty", "   2:25 AM   all DNS information is restored", "the night has not begun"} {
		if !strings.Contains(v, want) {
			t.Errorf("160x48: no %q:\n%s", want, v)
		}
	}
	empty := 0
	for _, l := range strings.Split(v, "\n") {
		if strings.TrimSpace(l) == "" {
			empty++
		}
	}
	if empty > 6 {
		t.Errorf("160x48: %d empty lines:\n%s", empty, v)
	}
	for range 7 {
		drive(m, "n")
		checkFits(t, m, 160, 48)
	}
	v = plain(m)
	for _, want := range []string{"  s1 lecture step 1: the slow Enactor checks", "▶ s3 lecture step 6: the slow Enactor writes plan_new", "▶T 11:48 PM  DynamoDB's DNS record", "the stepper's record is empty, as at 11:48 PM"} {
		if !strings.Contains(v, want) {
			t.Errorf("160x48 at step 7: no %q:\n%s", want, v)
		}
	}
	small := openAt(t, "dns-race", 80, 24)
	if v := plain(small); strings.Contains(v, "the night it led to") || !strings.Contains(v, "29 bad schedules") {
		t.Errorf("80x24:\n%s", v)
	}
}
