package btjson

import "github.com/foresight-bt/foresight/bt"

// fieldsOf returns the fields a node of kind k may hold, by the table of
// settings, in its order, with "$schema" first: the schema refuses the
// others on such a node, and an editor offers a node the fields of its
// kind.
func fieldsOf[M any](k bt.NodeKind) []string {
	out := []string{"$schema"}
	for _, s := range settings[M]() {
		if s.takenBy(k) {
			out = append(out, s.key)
		}
	}
	return out
}
