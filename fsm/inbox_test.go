package fsm_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/fsm"
	"pgregory.net/rapid"
)

// A memory that holds an Inbox goes through encoding/json and
// encoding/gob, as a game saves its memory beside its agent: the triggers
// waiting, in order, come back as they were posted.
func TestInboxInAMemorySaves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		want := mem{Seen: rapid.Bool().Draw(t, "seen"), Hits: rapid.IntRange(0, 9).Draw(t, "hits")}
		names := rapid.SampledFrom([]string{"hit", "noise", "hit", "café", `"quoted"`, "a\\b"})
		for range rapid.IntRange(0, fsm.InboxSize+2).Draw(t, "posts") {
			want.Inbox.Post(fsm.Trigger(names.Draw(t, "trigger")))
		}

		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		var got mem
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		if got != want {
			t.Fatalf("json: got the inbox %v, want %v\n%s", got.Inbox.String(), want.Inbox.String(), data)
		}

		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(want); err != nil {
			t.Fatal(err)
		}
		got = mem{}
		if err := gob.NewDecoder(&buf).Decode(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("gob: got the inbox %v, want %v", got.Inbox.String(), want.Inbox.String())
		}
	})
}

// An Inbox's JSON form is the list of the trigger names waiting, oldest
// first, which people can read and write.
func TestInboxJSONIsAList(t *testing.T) {
	var m struct{ Inbox fsm.Inbox }
	data, err := json.Marshal(m)
	if err != nil || string(data) != `{"Inbox":[]}` {
		t.Errorf("an empty inbox: %s, %v; want {\"Inbox\":[]}", data, err)
	}
	m.Inbox.Post("hit")
	m.Inbox.Post("noise")
	data, err = json.Marshal(m)
	if err != nil || string(data) != `{"Inbox":["hit","noise"]}` {
		t.Errorf("two triggers: %s, %v; want {\"Inbox\":[\"hit\",\"noise\"]}", data, err)
	}
	var bad struct{ Inbox fsm.Inbox }
	bad.Inbox.Post("\xff")
	if data, err := json.Marshal(bad); err == nil {
		t.Errorf("a trigger that is not UTF-8 saved as %s, which reads back as another", data)
	}
	var back struct{ Inbox fsm.Inbox }
	back.Inbox.Post("stale")
	if err := json.Unmarshal([]byte(`{"Inbox":null}`), &back); err != nil || back.Inbox.String() != "[stale]" {
		t.Errorf("null: %v, %v; want it left alone, as json leaves a field", back.Inbox.String(), err)
	}
}

// An Inbox read from JSON or gob holds only what Post would have taken:
// anything else is an error, and leaves the inbox as it was.
func TestInboxRefusesWhatPostRefuses(t *testing.T) {
	nine := `["a","b","c","d","e","f","g","h","i"]`
	for _, tc := range []struct {
		name, json string
		want       string // in the error
	}{
		{"more than InboxSize", nine, "9 triggers"},
		{"an empty trigger", `["hit",""]`, "trigger 2: an empty trigger"},
		{"a completion trigger", `["succeeded"]`, `trigger 1: "succeeded" is the end of a state's node`},
		{"the other completion trigger", `["hit","failed"]`, `trigger 2: "failed" is the end of a state's node`},
		{"not a list", `"hit"`, "cannot unmarshal"},
		{"a list of numbers", `[1]`, "cannot unmarshal"},
		{"a payload's empty trigger", `[{"trigger":"","payload":1}]`, "trigger 1: an empty trigger"},
		{"a trigger that is not a string", `["hit",{"trigger":5}]`, "trigger 2: json: cannot unmarshal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b fsm.Inbox
			b.Post("kept")
			err := b.UnmarshalJSON([]byte(tc.json))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("json %s: %v, want an error with %q", tc.json, err, tc.want)
			}
			if b.String() != "[kept]" {
				t.Errorf("json %s: a refused inbox holds %v, want [kept]", tc.json, b.String())
			}
		})
	}

	valid := func() []byte {
		var b fsm.Inbox
		b.Post("hit")
		b.Post("noise")
		data, err := b.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}()
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "ends too soon"},
		{"another version", append([]byte{9}, valid[1:]...), "version 9, not 1 or 2"},
		{"truncated", valid[:len(valid)-1], "ends too soon"},
		{"a byte after", append(valid[:len(valid):len(valid)], 0), "1 bytes after its last trigger"},
		{"more than InboxSize", []byte{1, 9}, "9 triggers"},
		{"a length past the end", []byte{1, 1, 100, 'a'}, "ends too soon"},
		{"an empty trigger", []byte{1, 1, 0}, "trigger 1: an empty trigger"},
		{"a completion trigger", append([]byte{1, 1, 6}, "failed"...), `trigger 1: "failed" is the end`},
		{"a payload that is not JSON", []byte{2, 1, 3, 'h', 'i', 't', 1, '{'}, "trigger 1: a payload that is not JSON"},
		{"a payload missing", []byte{2, 1, 3, 'h', 'i', 't'}, "ends too soon"},
		{"a payload past the end", []byte{2, 1, 3, 'h', 'i', 't', 9, '1'}, "ends too soon"},
	} {
		t.Run("binary "+tc.name, func(t *testing.T) {
			var b fsm.Inbox
			b.Post("kept")
			err := b.UnmarshalBinary(tc.data)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("binary %v: %v, want an error with %q", tc.data, err, tc.want)
			}
			if b.String() != "[kept]" {
				t.Errorf("binary %v: a refused inbox holds %v, want [kept]", tc.data, b.String())
			}
		})
	}
}
