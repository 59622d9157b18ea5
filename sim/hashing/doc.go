// Package hashing is key-to-node mapping after docs/sources.md, §HRW:
// rendezvous hashing (HRW: a key goes to the node with the highest score
// hash(key, node)), its weighted form (score -w / ln u), its skeleton form
// (a hierarchy looked up in O(log n)), and the consistent-hash ring with V
// virtual nodes a node it is set against; and after §MECH.5 jump
// consistent hash, Maglev's lookup table and the ring with bounded loads.
// It measures the spread of keys over nodes, the keys that move when
// nodes leave or join, and the cost of a lookup.
package hashing
