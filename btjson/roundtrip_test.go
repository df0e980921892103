package btjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/utility"
)

// A random tree written from Go and read back is the same tree: the same
// Tree.String(), and the same events and actions over random steps, as
// the tree built from Go; and written again, the same bytes.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		shape := treetest.DrawShape(t, 3)
		seed := rapid.Uint64().Draw(t, "seed")
		steps := treetest.DrawSteps(t)

		rec := &treetest.Recorder{}
		want, err := bt.Build(treetest.Config(), shape.Def(rec, "root", "root"))
		if err != nil {
			t.Fatalf("Build: %v", err)
		}
		wantNodes, wantTrace, wantLog := treetest.RunTree(t, want, rec, seed, steps)

		// The same shape afresh (its actions keep their scripts' place),
		// through a file.
		rec = &treetest.Recorder{}
		def := shape.Def(rec, "root", "root")
		reg := registryOf(def)
		file, err := reg.Marshal(def)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		loaded, err := reg.Load(file)
		if err != nil {
			t.Fatalf("Load: %v\n%s", err, file)
		}
		got, err := bt.Build(treetest.Config(), loaded)
		if err != nil {
			t.Fatalf("Build of the loaded tree: %v\n%s", err, file)
		}
		if got.String() != want.String() {
			t.Fatalf("loaded:\n%s\nfrom Go:\n%s", got, want)
		}
		nodes, trace, log := treetest.RunTree(t, got, rec, seed, steps)
		if diff := cmp.Diff(wantNodes, nodes); diff != "" {
			t.Fatalf("nodes (-Go +loaded):\n%s", diff)
		}
		if diff := cmp.Diff(wantTrace, trace); diff != "" {
			t.Fatalf("events (-Go +loaded):\n%s", diff)
		}
		if diff := cmp.Diff(wantLog, log); diff != "" {
			t.Fatalf("actions (-Go +loaded):\n%s", diff)
		}
		again, err := reg.Marshal(loaded)
		if err != nil || !bytes.Equal(again, file) {
			t.Fatalf("written again (%v):\n%s\nfirst:\n%s", err, again, file)
		}
	})
}

// registryOf names every value a description holds after its node's
// path, as a game's registry would name its vocabulary.
func registryOf(d bt.Def[mem]) *btjson.Registry[mem] {
	r := &btjson.Registry[mem]{
		Actions:     map[string]bt.Action[mem]{},
		Conditions:  map[string]func(*mem) bool{},
		Constraints: map[string]bt.Constraint[mem]{},
		Decorators:  map[string]bt.Decorator[mem]{},
		Composites:  map[string]bt.CompositeFunc[mem]{},
		Leaves:      map[string]bt.Node[mem]{},
		Simulations: map[string]func(*bt.Sim[mem], *mem) heuristic.Verdict{},
		Inputs:      map[string]func(*mem) float64{},
	}
	var walk func(d *bt.Def[mem], path string)
	walk = func(d *bt.Def[mem], path string) {
		switch d.Kind {
		case bt.KindAction:
			r.Actions[path] = d.Value.(bt.Action[mem])
		case bt.KindCondition, bt.KindIfElse:
			r.Conditions[path] = d.Value.(func(*mem) bool)
		case bt.KindDecorator:
			r.Decorators[path] = d.Value.(bt.Decorator[mem])
		case bt.KindComposite:
			r.Composites[path] = d.Value.(bt.CompositeFunc[mem])
		case bt.KindLeaf:
			r.Leaves[path] = d.Value.(bt.Node[mem])
		case bt.KindUtility:
			s := d.Value.(*utility.Selector[mem])
			ms := s.Options
			if s.Foresee != nil {
				ms = append(ms[:len(ms):len(ms)], *s.Foresee)
			}
			for _, m := range ms {
				for _, c := range m.Considerations {
					r.Inputs[c.Input.Name] = c.Input.Read
				}
			}
		}
		for _, o := range d.Options {
			switch v := o.Value().(type) {
			case func(*mem) bool:
				r.Conditions[path+" replan"] = v
			case func(*bt.Sim[mem], *mem) heuristic.Verdict:
				r.Simulations[path] = v
			}
		}
		for i, c := range d.Constraints {
			r.Constraints[fmt.Sprintf("%s %d", path, i)] = c
		}
		for i := range d.Children {
			walk(&d.Children[i], path+"/"+d.Children[i].Name)
		}
	}
	walk(&d, d.Name)
	return r
}

// What the registry does not name is reported, node by node, never left
// out of the file.
func TestMarshalRefusesWhatIsNotRegistered(t *testing.T) {
	t.Parallel()
	rec := &treetest.Recorder{}
	n := bt.New[mem]()
	reg := testRegistry()
	inSight := reg.Constraints["in sight"]
	def := n.Selector("root", bt.ReplanOn(func(*mem) bool { return true }),
		n.Do("chase", reg.Actions["chase"]).Constrain(inSight),
		n.Do("strike", treetest.Act(rec, "strike", nil)).Constrain(inSight, treetest.Check(nil)),
		n.Condition("hp even", reg.Conditions["hp even"]),
		n.Condition("hp odd", func(m *mem) bool { return m.HP%2 == 1 }),
	)
	_, err := reg.Marshal(def)
	if err == nil {
		t.Fatal("Marshal wrote a tree holding closures it cannot name")
	}
	for _, w := range []string{
		"root: its ReplanOn test is not serialisable",
		"root/strike: its action (a *treetest.Scripted) is not serialisable: no action of the registry is this value",
		"root/strike: constraint 2 (a treetest.Check) is not serialisable",
		"root/hp odd: its test is not serialisable",
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
	if strings.Contains(err.Error(), "root/chase") || strings.Contains(err.Error(), "root/hp even") {
		t.Errorf("registered values reported:\n%v", err)
	}
}

// A Def's one Value is written under the field of its node's kind, and
// a Value on a kind that runs none, which Build refuses, is refused
// rather than left out of the file.
func TestMarshalWritesValueByKind(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	n := bt.New[mem]()
	file, err := reg.Marshal(n.Sequence("root", n.Condition("even", reg.Conditions["hp even"]), n.Do("chase", reg.Actions["chase"])))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`{"kind": "condition", "name": "even", "test": "hp even"}`, `{"kind": "action", "name": "chase", "action": "chase"}`} {
		if !bytes.Contains(file, []byte(w)) {
			t.Errorf("the file lacks %s:\n%s", w, file)
		}
	}
	bad := n.Sequence("root", n.Do("chase", reg.Actions["chase"]))
	bad.Value = reg.Conditions["hp even"]
	if _, err := reg.Marshal(bad); err == nil || !strings.Contains(err.Error(), "root: a sequence runs no value of its own: its Value is a func(*treetest.Mem) bool") {
		t.Errorf("Marshal of a sequence with a Value: %v", err)
	}
}

// A value registered under two names is written under the first, in
// sorted order, whatever the order of the map.
func TestMarshalNamesFirst(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	chase := reg.Actions["chase"]
	reg.Actions["a chase"], reg.Actions["z chase"] = chase, chase
	file, err := reg.Marshal(bt.New[mem]().Do("x", chase))
	if err != nil || !bytes.Contains(file, []byte(`"action": "a chase"`)) {
		t.Fatalf("Marshal = %s, %v", file, err)
	}
}

// Every kind, setting and role that random trees do not draw comes back
// from a file as it went in.
func TestRoundTripEveryField(t *testing.T) {
	t.Parallel()
	rec := &treetest.Recorder{}
	n := bt.New[mem]()
	act := treetest.Act(rec, "act", treetest.Shine)
	test := func(m *mem) bool { return m.Foe > 2 }
	predict := func(*bt.Sim[mem], *mem) heuristic.Verdict {
		return heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: "predicted"}
	}
	custom := func(kids []*bt.Child[mem]) (bt.Node[mem], error) { return &first{kids}, nil }
	leaf := &first{}
	foe := func(m *mem) uint64 { return uint64(m.Foe) }
	reg := &btjson.Registry[mem]{
		Actions:     map[string]bt.Action[mem]{"act": act},
		Conditions:  map[string]func(*mem) bool{"foe > 2": test},
		Composites:  map[string]bt.CompositeFunc[mem]{"first": custom},
		Leaves:      map[string]bt.Node[mem]{"leaf": leaf},
		Simulations: map[string]func(*bt.Sim[mem], *mem) heuristic.Verdict{"predict": predict},
		Keys:        map[string]func(*mem) uint64{"the foe": foe},
		Constraints: testRegistry().Constraints,
		Decorators:  testRegistry().Decorators,
	}
	def := n.Selector("root", bt.Replan(0), bt.ReplanOn(test), bt.AllowNegative(), bt.PreferFirst(), bt.Debounce(),
		n.ReactiveSequence("rs", bt.AllowFailure(), bt.Loop(), bt.MinOutcome(heuristic.Deadly),
			n.Condition("c", test, bt.SimulateWith(predict), bt.Cosmetic()),
			n.Do("a", act, bt.CosmeticWhileRunning()),
		),
		n.RandomSelector("rnd", bt.Replan(1500*time.Millisecond), bt.ReplanOnChange(foe),
			n.Do("never", act).With(bt.Weight(0)),
			n.Do("often", act).With(bt.Weight(2.5e-3)).Constrain(reg.Constraints["in sight"]),
		),
		n.Parallel("par", bt.SucceedOnOne(), n.Do("a", act), n.Do("b", act)),
		n.ReactivePriority("rp", n.Priority("p", n.Do("a", act))),
		n.IfElse("if", test, n.Do("then", act), n.Decorate("else", reg.Decorators["invert"], n.Do("a", act))),
		n.Composite("custom", custom, n.Do("a", act), n.Leaf("leaf", leaf)),
	)
	file, err := reg.Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := reg.Load(file)
	if err != nil {
		t.Fatalf("Load: %v\n%s", err, file)
	}
	again, err := reg.Marshal(loaded)
	if err != nil || !bytes.Equal(again, file) {
		t.Fatalf("written again (%v):\n%s\nfirst:\n%s", err, again, file)
	}
	cfg := bt.Config[mem]{Heuristic: goal}
	want, err := bt.Build(cfg, def)
	if err != nil {
		t.Fatal(err)
	}
	got, err := bt.Build(cfg, loaded)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("loaded:\n%s\nfrom Go:\n%s", got, want)
	}
	sameData(t, "root", def, loaded)
}

// sameData checks that two descriptions hold the same data, node by node.
func sameData(t *testing.T, path string, want, got bt.Def[mem]) {
	t.Helper()
	if want.Kind != got.Kind || want.Name != got.Name || !maps.Equal(options(want), options(got)) ||
		len(want.Children) != len(got.Children) || len(want.Constraints) != len(got.Constraints) {
		t.Fatalf("%s: loaded %+v, from Go %+v", path, got, want)
	}
	for i := range want.Children {
		sameData(t, path+"/"+want.Children[i].Name, want.Children[i], got.Children[i])
	}
}

// options returns d's options by key: the value of each, or its type
// for a function, which cannot be compared.
func options(d bt.Def[mem]) map[string]any {
	m := map[string]any{}
	for _, o := range d.Options {
		v := o.Value()
		if v != nil && reflect.TypeOf(v).Kind() == reflect.Func {
			v = fmt.Sprintf("%T", v)
		}
		m[o.Key()] = v
	}
	return m
}

// first is a custom node that runs its first child, or succeeds.
type first struct{ kids []*bt.Child[mem] }

func (f *first) Begin(m *mem) bt.Status                    { return f.tick(m, 0) }
func (f *first) Update(m *mem, dt time.Duration) bt.Status { return f.tick(m, dt) }
func (f *first) End(*mem, bt.Status)                       {}
func (f *first) Simulate(ctx *bt.Sim[mem], m *mem) heuristic.Verdict {
	if len(f.kids) == 0 {
		return heuristic.Verdict{Outcome: heuristic.Irrelevant}
	}
	return f.kids[0].Simulate(ctx, m)
}
func (f *first) tick(m *mem, dt time.Duration) bt.Status {
	if len(f.kids) == 0 {
		return bt.Success
	}
	return f.kids[0].Tick(m, dt)
}

// A name that is not UTF-8 cannot be written in a file, which holds only
// UTF-8 text: Marshal refuses it with its path rather than write another
// name (U+FFFD for each bad byte), a registry holding one is refused, and
// a file holding bytes that are not UTF-8 is refused where they are.
func TestNamesNotUTF8(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	n := bt.New[mem]()
	_, err := reg.Marshal(n.Sequence("root", n.Do("bad\xffname", reg.Actions["chase"])))
	if err == nil || !strings.Contains(err.Error(), `name "bad\xffname" is not UTF-8`) {
		t.Errorf("Marshal of a node named \"bad\\xff\": %v", err)
	}
	reg.Actions["chase\xc3"] = reg.Actions["chase"]
	delete(reg.Actions, "chase")
	for name, call := range map[string]func() error{
		"Load":    func() error { _, err := reg.Load([]byte(`{}`)); return err },
		"Marshal": func() error { _, err := reg.Marshal(n.Do("x", reg.Actions["chase\xc3"])); return err },
		"Schema":  func() error { _, err := reg.Schema(); return err },
	} {
		if err := call(); err == nil || !strings.Contains(err.Error(), `action "chase\xc3" is not UTF-8`) {
			t.Errorf("%s with a registered name that is not UTF-8: %v", name, err)
		}
	}
	_, err = testRegistry().Load([]byte("{\"kind\": \"action\",\n \"name\": \"a\xff\", \"action\": \"chase\"}"))
	if err == nil || !strings.Contains(err.Error(), "2:12: $.name: not UTF-8") {
		t.Errorf("Load of a name that is not UTF-8: %v", err)
	}
}

// Marshal writes only what Load reads back: a tree beyond the registry's
// Limits is refused with an error that wraps ErrLimit. Lines are indented
// like the tree down to a depth, and no further, so that a file grows in
// proportion to the tree.
func TestMarshalLimits(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	reg := testRegistry()
	chain := func(depth int) bt.Def[mem] {
		d := n.Do("leaf", reg.Actions["chase"])
		for i := depth - 1; i > 0; i-- {
			d = n.Sequence(fmt.Sprint("s", i), d)
		}
		return d
	}
	for _, tt := range []struct {
		name   string
		limits btjson.Limits
		def    bt.Def[mem]
		want   string
	}{
		{"too deep", btjson.Limits{}, chain(257), "s1/s2/s3/s4/s5/s6/s7/s8/s9/s10/s11/"},
		{"too deep for its limit", btjson.Limits{Depth: 4}, chain(5), "s1/s2/s3/s4/leaf: btjson: limit exceeded: nodes nested more than 4 deep"},
		{"too many nodes", btjson.Limits{Nodes: 4}, chain(5), "s1/s2/s3/s4/leaf: btjson: limit exceeded: more than 4 nodes"},
		{"too large", btjson.Limits{Bytes: 100}, chain(5), "btjson: limit exceeded: the file would be larger than 100 bytes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reg.Limits = tt.limits
			_, err := reg.Marshal(tt.def)
			if !errors.Is(err, btjson.ErrLimit) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Marshal: %v, want an ErrLimit with %q", err, tt.want)
			}
		})
	}

	reg.Limits = btjson.Limits{Depth: 2000}
	file, err := reg.Marshal(chain(2000))
	if err != nil {
		t.Fatal(err)
	}
	if perNode := len(file) / 2000; perNode > 200 { // 4,000 before indentation stopped at a depth
		t.Errorf("a chain 2000 deep is a file of %d bytes, %d a node", len(file), perNode)
	}
	def, err := reg.Load(file)
	if err != nil {
		t.Fatalf("Load of what Marshal wrote: %v", err)
	}
	sameData(t, "s1", chain(2000), def)
}
