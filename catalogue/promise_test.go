package catalogue_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
)

// Build refuses an entry that a tree would refuse as its node, whatever
// the tree, with the entry's path, by the tree's own check: an action
// declared to take other than it says it takes (Takes 0 included), and a
// behaviour whose subtree does not build (an empty composite). HTN, GOAP
// and fsm take a built catalogue, so none of them plans with such an
// entry. (Only a tree refused them; htn.Domain.Plan planned with them.)
func TestBuildRefusesWhatATreeRefuses(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	for _, tt := range []struct {
		name string
		add  func(b *catalogue.Builder[mem])
		want string
	}{
		{"a wait declared longer", func(b *catalogue.Builder[mem]) { b.Action("w", bt.Wait[mem](time.Second)).Takes(2 * time.Second) },
			"w: Takes 2s: the action says it takes 1s"},
		{"a wait declared to take nothing", func(b *catalogue.Builder[mem]) { b.Action("w", bt.Wait[mem](time.Second)).Takes(0) },
			"w: Takes 0s: the action says it takes 1s"},
		{"an empty sequence", func(b *catalogue.Builder[mem]) { b.Behaviour("b", n.Sequence("s")) },
			"b: empty sequence: give it children or remove it"},
		{"an empty selector deeper", func(b *catalogue.Builder[mem]) {
			b.Behaviour("b", n.Sequence("s", n.Do("x", nop{}), n.RandomSelector("r")))
		}, "b/r: empty random: give it children or remove it"},
	} {
		var b catalogue.Builder[mem]
		b.Action("fine", nop{}).Takes(time.Second)
		tt.add(&b)
		_, err := b.Build()
		var de *decide.Error
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &de) {
			t.Errorf("%s: Build = %v; want %q", tt.name, err, tt.want)
		}
	}
	// What a tree takes, the catalogue takes.
	var b catalogue.Builder[mem]
	b.Action("wait", bt.Wait[mem](time.Second))
	b.Action("wait declared", bt.Wait[mem](time.Second)).Takes(time.Second)
	b.Action("no time", bt.Wait[mem](0)).Takes(0)
	b.Action("nop", nop{}).Takes(0)
	b.Behaviour("both", n.Sequence("s", n.Do("x", nop{}), n.Wait("rest", time.Second)))
	if _, err := b.Build(); err != nil {
		t.Errorf("entries a tree takes: %v", err)
	}
}
