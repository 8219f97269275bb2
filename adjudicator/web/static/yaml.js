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

function flow(value) {
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
