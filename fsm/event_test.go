package fsm_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/google/go-cmp/cmp"
)

// A Blow is what a hit carries.
type Blow struct {
	From   string
	Damage int
}

const hit fsm.Event[Blow] = "hit"

// felt is the tests' memory of a guard that feels blows.
type felt struct {
	Inbox fsm.Inbox
	Last  Blow
	Stagg int
}

// Each trigger posted with a payload carries its own: two hits in one
// frame each say theirs, a guard on the payload reads the payload of the
// trigger the transition would take, and a hook told the change reads
// it back. The triggers no transition took are reported at the end of
// the tick, with their payloads, and taken out.
func TestEventPayloads(t *testing.T) {
	var lost []string
	b := fsm.New(feltActions).Inbox(func(m *felt) *fsm.Inbox { return &m.Inbox }).
		Unhandled(func(m *felt, c fsm.Change) error {
			blow, _ := hit.Of(c)
			lost = append(lost, c.From+" "+string(c.Trigger)+" "+blow.From)
			return nil
		})
	hard := fsm.Payload(hit, "hard", func(_ *felt, b Blow) bool { return b.Damage > 2 })
	b.State("guard").Do("patrol").On(hit.Trigger(), "stagger", hard).On(hit.Trigger(), "flinch")
	b.State("stagger").Do("flinch").On(fsm.Succeeded, "guard").
		Entry(func(m *felt, c fsm.Change) error {
			m.Last, _ = hit.Of(c)
			m.Stagg++
			return nil
		})
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "guard")
	machine, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := bt.Build(bt.Config[felt]{}, bt.New[felt]().Plan("guard", machine))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	var m felt
	a.Tick(&m, time.Second)
	if !hit.Post(&m.Inbox, Blow{"troll", 1}) || !hit.Post(&m.Inbox, Blow{"ogre", 5}) || !m.Inbox.Post("bark") {
		t.Fatal("refused a post")
	}
	var reasons []string
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventPlan {
			reasons = append(reasons, e.Plan.Reason)
		}
	}))
	a.Tick(&m, time.Second)
	// The troll's blow, soft, makes it flinch; back on guard, the ogre's,
	// hard, makes it stagger, where it rests till the next tick (guard
	// was entered in this one); the bark is left
	want := []string{"guard → flinch: on hit", "flinch → guard: succeeded", "guard → stagger: on hit and hard"}
	if diff := cmp.Diff(want, reasons); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if m.Last != (Blow{"ogre", 5}) || m.Stagg != 1 {
		t.Errorf("staggered %d times, the last by %+v", m.Stagg, m.Last)
	}
	if !cmp.Equal(lost, []string{"stagger bark "}) || m.Inbox.String() != "[]" {
		t.Errorf("unhandled %q; the inbox %v", lost, m.Inbox.String())
	}
}

// feltActions are the actions of the guard that feels blows: patrol
// goes on until halted, flinch succeeds at once.
var feltActions = func() *catalogue.Catalogue[felt] {
	var b catalogue.Builder[felt]
	b.Action("patrol", bt.Lasting(func(*felt, time.Duration) bt.Status { return bt.Running }, nil))
	b.Action("flinch", bt.Instant(func(*felt) bool { return true }, nil))
	c, err := b.Build()
	if err != nil {
		panic(err)
	}
	return c
}()

// A payload goes through encoding/json and gob with the inbox, as its
// JSON, and reads back as its type: a guard and a hook read it as they
// read the payload posted. A payload of a type that holds references,
// which copies of the memory would share, is refused, as is a guard on a
// payload where no transition's trigger carries it.
func TestEventPayloadsSaved(t *testing.T) {
	var in fsm.Inbox
	hit.Post(&in, Blow{"troll", 3})
	in.Post("bark")
	data, err := json.Marshal(in)
	if err != nil || string(data) != `[{"trigger":"hit","payload":{"From":"troll","Damage":3}},"bark"]` {
		t.Fatalf("json: %s, %v", data, err)
	}
	var back fsm.Inbox
	if err := json.Unmarshal(data, &back); err != nil || back.String() != "[hit bark]" {
		t.Fatalf("back from json: %v, %v", back.String(), err)
	}
	again, err := json.Marshal(back)
	if err != nil || !bytes.Equal(again, data) {
		t.Errorf("json again: %s, %v", again, err)
	}
	var buf bytes.Buffer
	var fromGob fsm.Inbox
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	if err := gob.NewDecoder(&buf).Decode(&fromGob); err != nil || fromGob != back {
		t.Fatalf("back from gob: %v, %v", fromGob.String(), err)
	}
	plain := func() fsm.Inbox { var b fsm.Inbox; b.Post("hit"); return b }()
	if data, err := plain.MarshalBinary(); err != nil || data[0] != 1 {
		t.Errorf("an inbox without payloads is of the first form: %v, %v", data, err)
	}

	// the payload read back by a guard and a hook
	var got []Blow
	b := fsm.New(feltActions).Inbox(func(m *felt) *fsm.Inbox { return &m.Inbox })
	b.State("guard").Do("patrol").On(hit.Trigger(), "stagger", fsm.Payload(hit, "hard", func(_ *felt, b Blow) bool { return b.Damage > 2 }))
	b.State("stagger").Do("flinch").On(fsm.Succeeded, "guard").Entry(func(m *felt, c fsm.Change) error {
		blow, ok := hit.Of(c)
		if ok {
			got = append(got, blow)
		}
		return nil
	})
	machine, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := bt.Build(bt.Config[felt]{}, bt.New[felt]().Plan("guard", machine))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	m := felt{}
	a.Tick(&m, time.Second)
	m.Inbox = fromGob
	a.Tick(&m, time.Second)
	if !cmp.Equal(got, []Blow{{"troll", 3}}) || m.Inbox.String() != "[bark]" {
		t.Errorf("read back %v; the inbox %v", got, m.Inbox.String())
	}

	type link struct{ Next *link }
	if fsm.Event[link]("touch").Post(&in, link{}) || fsm.Event[[]int]("many").Post(&in, nil) {
		t.Error("posted a payload that holds references")
	}

	bad := fsm.New(feltActions).Inbox(func(m *felt) *fsm.Inbox { return &m.Inbox })
	bad.State("guard").Do("patrol").On("bark", "flinch", fsm.Payload(hit, "hard", func(*felt, Blow) bool { return true })).
		To("flinch", fsm.Payload(hit, "soft", func(*felt, Blow) bool { return true })).
		LeaveIf(fsm.Payload(hit, "hard", func(*felt, Blow) bool { return true }))
	bad.State("flinch").Do("flinch").On(fsm.Succeeded, "guard")
	_, err = bad.Build()
	for _, want := range []string{`guard → flinch: guard 1 reads the payload of "hit", but the transition waits for "bark"`,
		`guard → flinch: guard 1 reads the payload of "hit", but the transition waits for none`,
		`guard: LeaveIf: guard 1 reads the payload of "hit", which no trigger carries here`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v\nwant %q", err, want)
		}
	}
}
