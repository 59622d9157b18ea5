package supermarketlab

// glossary is the policies and the figures in plain words.
func (l *Lab) glossary() [][2]string {
	return [][2]string{
		{"random", "each job joins a server picked at random, without looking"},
		{"jsq-d", "join the shortest of d queues (jsq-2, jsq-3): a job looks at d servers picked at random (one may come up twice) and joins the one with the fewest jobs, ties to the first looked at"},
		{"jsq", "join the shortest queue: a job looks at every server and joins one with the fewest jobs"},
		{"round-robin", "jobs go to the servers in turn, 0, 1, 2, ..., without looking at their queues"},
		{"stale-d", "jsq-d on a load board: the queues are copied onto the board once a period, so until the next copy every job reads the same old numbers and many join the few servers it shows short (the herd)"},
		{"load", "the jobs that arrive a time unit for each server; a server finishes one a time unit on average, so at 0.9 each is busy 90 % of the time"},
		{"now", "at this moment of the run: a queue length, a share of servers or a mean that moves with every job in or out"},
		{"time-averaged", "averaged over the time since the warm-up, each moment counted for as long as it lasted: the headline's figures and the report's"},
		{"warm-up", "the start of a run, left out of the time averages so that the servers' empty start does not count"},
		{"mean field", "what the shares of servers at each queue length tend to as the servers grow many: at least i jobs on a share load^((d^i - 1)/(d - 1)) of the servers with d choices, load^i with one (random)"},
		{"7+", "servers holding 7 jobs or more"},
		{"fair share", "the jobs each server would be sent if they spread evenly: the load times the time"},
	}
}
