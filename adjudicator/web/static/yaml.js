// A small YAML writer for situation documents: block mappings, block lists of mappings,
// flow lists of scalars. Strings are written plain when YAML 1.2 reads them back as the
// same string, else double-quoted (JSON escapes are valid YAML escapes).

const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
const RESERVED = new Set(["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]);

export function scalar(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  const text = String(value);
  if (PLAIN.test(text) && !RESERVED.has(text.toLowerCase())) return text;
  return JSON.stringify(text);
}

function isScalar(value) {
  return value === null || typeof value !== "object";
}

export function flow(value) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) return "[" + value.map(flow).join(", ") + "]";
  return "{" + Object.entries(value).map(([k, v]) => `${scalar(k)}: ${flow(v)}`).join(", ") + "}";
}

function block(value, indent) {
  const pad = " ".repeat(indent);
  const lines = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const head = `${pad}${scalar(key)}:`;
    if (isScalar(item)) {
      lines.push(`${head} ${scalar(item)}`);
    } else if (Array.isArray(item)) {
      const simple = item.every((entry) => isScalar(entry) || (Array.isArray(entry) && entry.every(isScalar)));
      if (item.length === 0 || (simple && flow(item).length <= 72)) {
        lines.push(`${head} ${flow(item)}`);
      } else {
        lines.push(head);
        for (const entry of item) lines.push(listItem(entry, indent + 2));
      }
    } else if (Object.keys(item).length === 0) {
      lines.push(`${head} {}`);
    } else {
      lines.push(head);
      lines.push(block(item, indent + 2));
    }
  }
  return lines.join("\n");
}

function listItem(entry, indent) {
  const pad = " ".repeat(indent);
  if (isScalar(entry) || Array.isArray(entry)) return `${pad}- ${flow(entry)}`;
  const inner = block(entry, indent + 2);
  return `${pad}- ${inner.slice(indent + 2)}`;
}

export function toYaml(doc) {
  return block(doc, 0) + "\n";
}

// A small reader of one line of flow YAML, for the editor's inputs: {key: value, ...}, [a, b],
// quoted or plain scalars (true, false, null, numbers). JSON is flow YAML, so JSON reads too.
// A mistake throws an Error naming the column, which the editor shows beside the input.
export function parseFlow(text) {
  let at = 0;
  const src = String(text);
  const fail = (what) => { throw new Error(`${what} at column ${at + 1}`); };
  const space = () => { while (at < src.length && /\s/.test(src[at])) at += 1; };
  const plainScalar = (stops) => {
    const start = at;
    while (at < src.length && !stops.includes(src[at])) {
      if (src[at] === ":" && stops.includes(":") && /\s/.test(src[at + 1] || " ")) break;
      at += 1;
    }
    const word = src.slice(start, at).trim();
    if (word === "") fail("expected a value");
    if (/^(null|~)$/i.test(word)) return null;
    if (/^true$/i.test(word)) return true;
    if (/^false$/i.test(word)) return false;
    if (/^[-+]?\d+$/.test(word)) return Number(word);
    if (/^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$/.test(word)) return Number(word);
    return word;
  };
  const quoted = () => {
    const quote = src[at];
    const start = at;
    at += 1;
    while (at < src.length && src[at] !== quote) at += quote === '"' && src[at] === "\\" ? 2 : 1;
    if (at >= src.length) fail("unclosed quote");
    at += 1;
    const body = src.slice(start, at);
    if (quote === '"') return JSON.parse(body);
    return body.slice(1, -1).replace(/''/g, "'");
  };
  const value = (stops) => {
    space();
    if (src[at] === "{") return mapping();
    if (src[at] === "[") return list();
    if (src[at] === '"' || src[at] === "'") return quoted();
    return plainScalar(stops);
  };
  const mapping = () => {
    const out = {};
    at += 1;
    space();
    if (src[at] === "}") { at += 1; return out; }
    for (;;) {
      space();
      const key = src[at] === '"' || src[at] === "'" ? quoted() : plainScalar([":", ",", "}"]);
      space();
      if (src[at] !== ":") fail("expected ':' after a key");
      at += 1;
      out[String(key)] = value([",", "}"]);
      space();
      if (src[at] === ",") { at += 1; continue; }
      if (src[at] === "}") { at += 1; return out; }
      fail("expected ',' or '}'");
    }
  };
  const list = () => {
    const out = [];
    at += 1;
    space();
    if (src[at] === "]") { at += 1; return out; }
    for (;;) {
      out.push(value([",", "]"]));
      space();
      if (src[at] === ",") { at += 1; continue; }
      if (src[at] === "]") { at += 1; return out; }
      fail("expected ',' or ']'");
    }
  };
  const result = value([]);
  space();
  if (at < src.length) fail("unexpected text");
  return result;
}
