package btjson

import "strconv"

// didYouMean returns `: did you mean "x"?` for the name in have nearest
// to name, for the error about an unknown name, or "" when none is close:
// a typo is answered with what was meant, even where the list the error
// shows is cut short.
func didYouMean(name string, have []string) string {
	if near, ok := nearest(name, have); ok {
		return ": did you mean " + strconv.Quote(near) + "?"
	}
	return ""
}

// nearest returns the name in have fewest edits away from name, the first
// of them in have's order: an edit inserts, deletes or replaces a
// character or swaps two adjacent ones. A name is close within a third
// of name's length in edits, at most 3, so that a short name is not
// matched to any other short one.
func nearest(name string, have []string) (string, bool) {
	r := []rune(name)
	most := min((len(r)+1)/3, 3)
	best, found := most+1, ""
	for _, h := range have {
		hr := []rune(h)
		if abs(len(hr)-len(r)) >= best { // at least that many edits apart
			continue
		}
		if d := edits(r, hr); d < best {
			best, found = d, h
		}
	}
	return found, found != ""
}

// edits returns the optimal string alignment distance between a and b:
// the edits nearest counts, no substring edited twice.
func edits(a, b []rune) int {
	// Three rows of the table: two back for a swap, the previous, this.
	back, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], back[j-2]+1)
			}
		}
		back, prev, cur = prev, cur, back
	}
	return prev[len(b)]
}

func abs(n int) int { return max(n, -n) }
