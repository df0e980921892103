package heuristic_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/heuristic"
)

func TestOutcomeOrderAndNames(t *testing.T) {
	t.Parallel()
	want := []string{"Impossible", "Deadly", "Harmful", "Irrelevant", "Cosmetic", "Beneficial", "Safe", "Urgent"}
	if heuristic.NumOutcomes != len(want) {
		t.Fatalf("NumOutcomes = %d, want %d", heuristic.NumOutcomes, len(want))
	}
	for i, name := range want {
		o := heuristic.Outcome(i)
		if o.String() != name || !o.Valid() {
			t.Errorf("Outcome(%d) = %q (valid %v), want %q", i, o, o.Valid(), name)
		}
		if i > 0 && !(heuristic.Outcome(i-1) < o) {
			t.Errorf("%v is not worse than %v", heuristic.Outcome(i-1), o)
		}
		for _, spelling := range []string{name, strings.ToLower(name), strings.ToUpper(name)} {
			var got heuristic.Outcome
			if err := got.UnmarshalText([]byte(spelling)); err != nil || got != o {
				t.Errorf("UnmarshalText(%q) = %v, %v", spelling, got, err)
			}
		}
	}
}

func TestOutcomeInvalid(t *testing.T) {
	t.Parallel()
	for _, o := range []heuristic.Outcome{-1, 8, 127} {
		if o.Valid() {
			t.Errorf("%d is valid", o)
		}
		if !strings.HasPrefix(o.String(), "Outcome(") {
			t.Errorf("String(%d) = %q", int8(o), o.String())
		}
		if _, err := o.MarshalText(); err == nil {
			t.Errorf("MarshalText(%d) did not fail", int8(o))
		}
	}
	for _, s := range []string{"", "Great", "Impossibl", "Beneficial "} {
		o := heuristic.Safe
		err := o.UnmarshalText([]byte(s))
		if err == nil || !strings.Contains(err.Error(), "want one of Impossible, Deadly") {
			t.Errorf("UnmarshalText(%q) error = %v", s, err)
		}
		if o != heuristic.Safe {
			t.Errorf("UnmarshalText(%q) changed the outcome to %v", s, o)
		}
	}
}

func TestOutcomeJSON(t *testing.T) {
	t.Parallel()
	in := map[string]heuristic.Outcome{"swing": heuristic.Beneficial, "wait": heuristic.Cosmetic}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), `{"swing":"Beneficial","wait":"Cosmetic"}`; got != want {
		t.Errorf("json = %s, want %s", got, want)
	}
	var out map[string]heuristic.Outcome
	if err := json.Unmarshal(data, &out); err != nil || out["swing"] != heuristic.Beneficial {
		t.Errorf("round trip = %v, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"x":"Meh"}`), &out); err == nil {
		t.Error("unknown outcome decoded without error")
	}
}

type world struct{ HP, Foe int }

func TestRulesFirstMatchWins(t *testing.T) {
	t.Parallel()
	rules, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.Match("hurt", func(b, a *world) (heuristic.Outcome, bool) {
			if a.HP <= 0 {
				return heuristic.Deadly, a.HP < b.HP
			}
			return heuristic.Harmful, a.HP < b.HP
		}),
		heuristic.When("foe hit", heuristic.Beneficial, func(b, a *world) bool { return a.Foe < b.Foe }),
		heuristic.When("broken", heuristic.Outcome(99), func(b, a *world) bool { return a.Foe > b.Foe }),
	)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name          string
		before, after world
		want          heuristic.Verdict
	}{
		{"nothing", world{10, 10}, world{10, 10}, heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "otherwise"}},
		{"a hit", world{10, 10}, world{10, 5}, heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: "foe hit"}},
		{"a trade: the first rule wins", world{10, 10}, world{5, 5}, heuristic.Verdict{Outcome: heuristic.Harmful, Reason: "hurt"}},
		{"death", world{10, 10}, world{0, 5}, heuristic.Verdict{Outcome: heuristic.Deadly, Reason: "hurt"}},
		{"an invalid outcome is Impossible", world{10, 10}, world{10, 11}, heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "broken"}},
	}
	for _, tt := range tests {
		got := rules.Explain(&tt.before, &tt.after)
		if got != tt.want {
			t.Errorf("%s: Explain = %v, want %v", tt.name, got, tt.want)
		}
		if o := rules.Judge(&tt.before, &tt.after); o != tt.want.Outcome {
			t.Errorf("%s: Judge = %v, want %v", tt.name, o, tt.want.Outcome)
		}
	}
}

func TestNewRulesRejectsBadRules(t *testing.T) {
	t.Parallel()
	always := func(*world, *world) bool { return true }
	_, err := heuristic.NewRules(heuristic.Outcome(-3),
		heuristic.When("", heuristic.Safe, always),
		heuristic.When("twice", heuristic.Safe, always),
		heuristic.When("twice", heuristic.Safe, always),
		heuristic.When[world]("no func", heuristic.Safe, nil),
		heuristic.Match[world]("no match", nil),
	)
	if err == nil {
		t.Fatal("NewRules accepted bad rules")
	}
	for _, want := range []string{
		"default outcome Outcome(-3) is not valid",
		"rule 1 has no name",
		`rule 3: duplicate name "twice"`,
		`rule 4 ("no func") has no match function`,
		`rule 5 ("no match") has no match function`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q\nlacks %q", err, want)
		}
	}
}

func TestFuncAndVerdict(t *testing.T) {
	t.Parallel()
	h := heuristic.Func[world](func(b, a *world) heuristic.Outcome { return heuristic.Safe })
	if h.Judge(&world{}, &world{}) != heuristic.Safe {
		t.Error("Func did not call its function")
	}
	if got := (heuristic.Verdict{Outcome: heuristic.Safe}).String(); got != "Safe" {
		t.Errorf("String = %q", got)
	}
	if got := (heuristic.Verdict{Outcome: heuristic.Harmful, Reason: "hurt"}).String(); got != "Harmful (hurt)" {
		t.Errorf("String = %q", got)
	}
}
