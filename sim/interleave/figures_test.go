package interleave

import (
	"context"
	"strings"
	"testing"
)

// The headline of the lecture's setup carries its counts: without a fix
// 29 of 70 schedules end empty; with the separate re-check 255 of 924,
// and 234 of 924 keep an older plan once the safe cleanup is added.
func TestHeadlineQuotesTheLecturesCounts(t *testing.T) {
	s := DefaultSpec()
	s.Fixes = "none,recheck,recheck+safe-cleanup"
	rep, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Headline() {
		if f.Key != "share" {
			got = append(got, f.Group+" "+f.Name+" "+f.Value)
		}
	}
	want := "no fix schedules 70, no fix empty 41.4% (29/70), no fix older 0.0% (0/70), " +
		"recheck schedules 924, recheck empty 27.6% (255/924), recheck older 0.0% (0/924), " +
		"recheck+safe-cleanup schedules 924, recheck+safe-cleanup empty 2.3% (21/924), recheck+safe-cleanup older 25.3% (234/924)"
	if strings.Join(got, ", ") != want {
		t.Errorf("headline\n%s\nwant\n%s", strings.Join(got, ", "), want)
	}
}
