package remirror

// Event is one event of the incident's timeline as the lecture tells it
// (§26.2.7): the minute of the run it stands at, its time as the lecture
// writes it, what happened (in our words), and the phase it opens: T the
// trigger, S what kept the outage going, R the recovery.
type Event struct {
	Minute int    `json:"minute"`
	Clock  string `json:"clock"`
	What   string `json:"what"`
	Phase  string `json:"phase"`
}

// Timeline is the lecture's timeline of 2011-04-21 to 24.
func Timeline() []Event {
	return []Event{
		{TriggerAt, "12:47 AM", "an upgrade moves traffic onto the low-capacity secondary network by mistake; rolled back, but volumes that lost their mirror re-mirror aggressively, all at once: the storm uses up the free capacity", "T"},
		{ShedAt, "2:40 AM", "new create-volume requests disabled", "R"},
		{ShedAt + 10, "2:50 AM", "EBS API errors and latency recover", "R"},
		{5*60 + 30, "5:30 AM", "errors rise again: a race at high negotiation rates fails nodes, more negotiations, more failures (brown-out)", "S"},
		{LectureCutAt, "8:20 AM", "the zone's EBS cluster cut off from the control plane, which slowly recovers", "R"},
		{LectureFixAt, "11:30 AM", "the futile re-mirroring stopped; the zone recovers slowly", "R"},
		{Noon, "12:00 PM", "no new volume stuck, but 13 % still are", "R"},
		{LectureHours * 60, "Apr 24 noon", "all but 1.04 % of the volumes back; 0.07 % lost for good", "R"},
	}
}
