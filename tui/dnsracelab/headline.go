package dnsracelab

import (
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each row's figures, grouped by fix set, as the report gives
// them (interleave.ExactFigures).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.rows {
		figs = append(figs, interleave.ExactFigures(r.fixes, r.ex.Counts)...)
	}
	return figs
}

// glossary is the lab's words, and the night's timeline.
func (l *Lab) glossary() [][2]string { return glossary }

var glossary = [][2]string{
	{"timeline", "19 Oct 2025, 11:48 PM PDT: the DNS record of dynamodb.us-east-1.amazonaws.com is empty, and every system reaching DynamoDB in us-east-1 fails (other regions are fine). 20 Oct, 12:38 AM: engineers find the cause; 1:15 AM: a fix goes in; 2:25 AM: all DNS information is restored, and copied to the three AZs by 2:32 AM. EC2 launches fail from 11:48 PM until 1:50 PM: DWFM's leases on EC2's hosts time out from 11:48 PM, and once DynamoDB is back at 2:25 AM the lease storm starts (lecture 26.2.10)"},
	{"Enactor", "the automation that applies DNS plans, one per AZ; every Enactor runs the same program: check the plan is fresh, write it, delete older plans"},
	{"plan", "a version of the DNS records; v1 plan_old is in the record at the start, the slow Enactor applies v2 plan_new, the fast one v3 plan_newest"},
	{"schedule", "one interleaving of every Enactor's steps, each Enactor's in order: s1 s2 f1 ... (s the slow Enactor, f the fast one, m a middle one); there are (n1+n2)!/(n1! n2!) of them"},
	{"empty", "a record points at a deleted plan and resolves to nothing: the night's outage"},
	{"older", "no record is empty, but one keeps an older plan than the newest: a lost update"},
	{"re-check", "the fix that reads the record again just before each write, as a step of its own: a fast Enactor can still run between the read and the write"},
	{"compare-and-swap", "the fix that writes a record only if it holds no newer plan, check and write in one step: no schedule ends empty or stale"},
	{"safe cleanup", "the fix that never deletes a plan a record points to: a stale write that lands after the cleanup still points at a deleted plan, and a stale plan can stay"},
	{"memo", "how the counts are exact without running every schedule: once two schedules reach the same program counters and the same shared state, everything after is the same, so it is counted once (a test checks it against running every schedule)"},
}
