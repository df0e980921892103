// parse.mjs runs Mermaid's own parser over diagrams for the draw
// package's tests. It reads a JSON array of diagrams on standard input,
// each a text (a flowchart) or {"text": ..., "type": ...} (a diagram of
// that type, as Mermaid names it, such as "stateDiagram"), and writes a
// JSON array of the same length: "" for a diagram Mermaid parsed as the
// type expected, else what went wrong.
//
// Mermaid's sanitiser needs a DOM, which jsdom provides; nothing is
// rendered (jsdom cannot lay out text).
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false });

let input = '';
for await (const chunk of process.stdin) {
  input += chunk;
}
const results = [];
for (const diagram of JSON.parse(input)) {
  const text = typeof diagram === 'string' ? diagram : diagram.text;
  const type = typeof diagram === 'string' ? 'flowchart-v2' : diagram.type;
  try {
    const parsed = await mermaid.parse(text);
    results.push(parsed.diagramType === type ? '' : `parsed as ${parsed.diagramType}`);
  } catch (err) {
    results.push(String(err?.message ?? err));
  }
}
process.stdout.write(JSON.stringify(results));
