// Package siteoutage is the building that went dark, after lecture 26,
// section 26.2.9 (docs/sources.md, §26.2.9): The Planet's H1 data centre
// in Houston, 2008-05-31 to 06-04, and what it did to its customers' year
// according to where they had placed their servers.
//
// The lecture's facts: at 5:55 PM on May 31 a transformer shorted, the
// fire set off the UPS batteries and an explosion blew out three walls of
// floor one; no server was damaged, but 9,000 servers of 7,500 customers
// went dark. The fire department evacuated the building and forbade the
// backup generators; staff were let in at 10 PM. Some critical servers
// were carried by pickup truck to The Planet's other data centres (H2 in
// Houston, four in Dallas), as far as those had power and cooling to
// spare. Power came back to floor two at 5 PM on June 2, and floor one's
// servers came back rack by rack on June 4. Three days down is 99.18 % for
// the year.
//
// The model, ours where the lecture gives no numbers:
//
//   - The world is a placement.Topology with the site level: twelve
//     sites of two floors (AZs) of racks, six The Planet's (H1 and H2 in
//     one city on one power feed, D1 to D4 in Dallas) and six of another
//     provider. H1 is site 0; its servers are numbered as placement
//     numbers nodes, rack by rack, floor one first.
//   - H1's customers are dealt its servers (one or two each) at random,
//     and each keeps a standby as its placement says: none outside H1
//     (one-site), in H2, the site sharing H1's city and feed (one-city),
//     or at a site of the other provider (cross-provider).
//   - The fault is placement's SiteFailure at H1, or CityFailure at its
//     city (the shared feed: H2 dark too, until floor two's power).
//   - A standby runs only on power its site has to spare: Spare of a
//     site's power as it was, Reserved of it with capacity reserved for
//     failover. Standbys that find none wait; so only part of the moved
//     load runs. Without drills a Broken share of failovers does not work
//     when tried (the lecture's general lesson that testing matters: American
//     Eagle, in a disaster of its own, found it could not fail over).
//   - From 10 PM trucks carry down customers' servers to Dallas,
//     TruckRate servers an hour, DriveMin on the road, as long as Dallas
//     has power to spare.
//   - Floor two's racks come back at once, floor one's one by one in a
//     random order, RacksPerHour. A customer runs again at home once every
//     rack of its servers has power; one on its standby fails back then.
//
// A customer's downtime over the days is its year's (1 - down / 8760,
// nothing else down that year), set beside the availability it bought.
// Every random draw (servers, placements, standby sites, which failovers
// are broken, the order of the trucks and of floor one's racks) is made
// before the first step and does not depend on the protections, so runs
// on one seed differ by their rules alone. Time moves in steps of five
// minutes; events fall on their exact minute.
package siteoutage
