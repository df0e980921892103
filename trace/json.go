package trace

import (
	"encoding/json"
	"io"
	"math"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// JSON returns a tracer that writes each event as one JSON object on a
// line. The schema is stable; fields that do not apply to an event's kind
// are left out:
//
//	{"tick":12,"t":0.2,"kind":"begin","path":"guard/chase"}
//	{"tick":12,"t":0.2,"kind":"end","path":"guard/chase","status":"Success"}
//	{"tick":12,"t":0.2,"kind":"constraint","path":"guard/attack","check":"Fail","reason":"out of reach"}
//	{"tick":12,"t":0.2,"kind":"constraint","path":"guard/rest","check":"Fail","reason":"not tired","atBegin":true}
//	{"tick":12,"t":0.2,"kind":"fault","path":"guard/attack","reason":"guard/attack: panic in Begin: boom"}
//	{"tick":12,"t":0.2,"kind":"decision","path":"guard",
//	 "decision":{"chosen":"chase","why":"best outcome","candidates":[
//	   {"name":"attack","outcome":"Impossible","reason":"out of reach"},
//	   {"name":"chase","outcome":"Beneficial","reason":"closer"}]}}
//	{"tick":40,"t":0.8,"kind":"plan","path":"troll/think",
//	 "plan":{"goal":"BeTrunkThumper","change":"replaced","reason":"outranks the running [2]",
//	   "steps":["NavigateToEnemy","DoTrunkSlam"],"record":[0,0],"expanded":3,
//	   "rejected":[{"name":"AttackEnemy/slam","reason":"unarmed"}]}}
//	{"tick":56,"t":5.6,"kind":"plan","path":"troll/think",
//	 "plan":{"goal":"slam","change":"replaced","reason":"highest score","steps":["slam"],"utility":0.88,"expanded":0,
//	   "scores":[{"name":"slam","utility":0.88,"terms":[
//	     {"input":"in sight","value":1,"x":1,"y":1,"curve":"step(at 0.5, below 0, above 1)"}, ...]}, ...]}}
//
// A utility node's choice is a plan (see package utility), with every
// option's score and each consideration's part in "scores".
//
// t is the agent's clock in seconds; atBegin marks a constraint that
// checked a node as it was to begin, which did not begin, rather than
// stopped it running (bt.Event's AtBegin); chosen is empty when the
// selector chose nothing; a cost that is not a finite number is written
// as a string, "NaN", "+Inf" or "-Inf". The first write error stops the
// writing and is kept, for Err.
func JSON(w io.Writer) *JSONWriter { return &JSONWriter{enc: json.NewEncoder(w)} }

// A JSONWriter is the tracer JSON returns.
type JSONWriter struct {
	enc *json.Encoder
	err error
}

type jsonEvent struct {
	Tick     uint64        `json:"tick"`
	T        float64       `json:"t"`
	Kind     string        `json:"kind"`
	Path     string        `json:"path"`
	Status   string        `json:"status,omitempty"`
	Check    string        `json:"check,omitempty"`
	Reason   string        `json:"reason,omitempty"`
	AtBegin  bool          `json:"atBegin,omitempty"`
	Decision *jsonDecision `json:"decision,omitempty"`
	Plan     *jsonPlan     `json:"plan,omitempty"`
}

type jsonPlan struct {
	Goal     string             `json:"goal"`
	Change   string             `json:"change"`
	Reason   string             `json:"reason,omitempty"`
	Steps    []string           `json:"steps"`
	Utility  float64            `json:"utility,omitempty"`
	Record   []int              `json:"record,omitempty"`
	Methods  []string           `json:"methods,omitempty"`
	Cost     number             `json:"cost,omitempty"`
	Expanded int                `json:"expanded"`
	Rejected []decide.Rejection `json:"rejected,omitempty"`
	Scores   []jsonScore        `json:"scores,omitempty"`
}

type jsonScore struct {
	Name    string     `json:"name"`
	Utility number     `json:"utility"`
	Note    string     `json:"note,omitempty"`
	Terms   []jsonTerm `json:"terms,omitempty"`
}

type jsonTerm struct {
	Input string `json:"input"`
	Value number `json:"value"`
	X     number `json:"x"`
	Y     number `json:"y"`
	Curve string `json:"curve"`
}

// scoresOf writes a report's scores as JSON holds them, numbers that are
// not finite as strings.
func scoresOf(scores []decide.Score) []jsonScore {
	if scores == nil {
		return nil
	}
	out := make([]jsonScore, len(scores))
	for i, s := range scores {
		out[i] = jsonScore{Name: s.Name, Utility: number(s.Utility), Note: s.Note}
		for _, t := range s.Terms {
			out[i].Terms = append(out[i].Terms, jsonTerm{Input: t.Input, Value: number(t.Value), X: number(t.X), Y: number(t.Y), Curve: t.Curve})
		}
	}
	return out
}

type jsonDecision struct {
	Chosen     string          `json:"chosen"`
	Why        string          `json:"why"`
	Candidates []jsonCandidate `json:"candidates"`
}

type jsonCandidate struct {
	Name    string `json:"name"`
	Outcome string `json:"outcome"`
	Reason  string `json:"reason"`
}

// Trace writes e.
func (j *JSONWriter) Trace(e *bt.Event) {
	if j.err != nil {
		return
	}
	out := jsonEvent{Tick: e.Tick, T: e.Time.Seconds(), Kind: e.Kind.String(), Path: e.Path, Reason: e.Reason}
	switch e.Kind {
	case bt.EventEnd:
		out.Status = e.Status.String()
	case bt.EventConstraint:
		out.Check, out.AtBegin = e.Check.String(), e.AtBegin
	case bt.EventDecision:
		d := &jsonDecision{Why: e.Decision.Why.String(), Candidates: make([]jsonCandidate, len(e.Decision.Candidates))}
		if c, ok := e.Decision.Choice(); ok {
			d.Chosen = c.Name
		}
		for i, c := range e.Decision.Candidates {
			d.Candidates[i] = jsonCandidate{Name: c.Name, Outcome: c.Verdict.Outcome.String(), Reason: c.Verdict.Reason}
		}
		out.Decision = d
	case bt.EventPlan:
		if p := e.Plan; p != nil {
			steps := p.Steps
			if steps == nil {
				steps = []string{}
			}
			out.Plan = &jsonPlan{Goal: p.Goal, Change: p.Change.String(), Reason: p.Reason, Steps: steps,
				Utility: p.Utility, Record: p.Record, Methods: p.Methods, Cost: number(p.Cost), Expanded: p.Expanded,
				Rejected: p.Rejected, Scores: scoresOf(p.Scores)}
		}
	}
	j.err = j.enc.Encode(out)
}

// Err returns the first write error, if any.
func (j *JSONWriter) Err() error { return j.err }

// A number is a float that JSON can hold whatever its value: JSON has no
// number for NaN or the infinities, which a planner may give as a cost,
// so they are written as the strings "NaN", "+Inf" and "-Inf" rather
// than fail the event and, the writer's error being sticky, every event
// after it.
type number float64

// MarshalJSON writes n as encoding/json writes a float64, or as a string
// when it is not finite.
func (n number) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case math.IsNaN(f):
		return []byte(`"NaN"`), nil
	case math.IsInf(f, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	}
	return json.Marshal(f)
}
