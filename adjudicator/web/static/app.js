// The judge's page: pick a ruleset, build the board by clicks, ask, read the cited answer.
// The editor's state is the situation document itself; the board editors are in spaces.js.

import { SPACES } from "./spaces.js";
import { toYaml } from "./yaml.js";

const $ = (id) => document.getElementById(id);
const state = { rulesets: [], game: null, space: null, schema: null, doc: null, tool: null, option: null, paint: {} };

function clean(doc) {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith("_")));
}

function yamlText() {
  return toYaml(clean(state.doc));
}

async function api(path, options = {}) {
  const response = await fetch(path, options);
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch { data = { error: text }; }
  return { ok: response.ok, status: response.status, data, text };
}

// -- schema-driven fields ------------------------------------------------------------------

function variants(schema) {
  if (!schema) return [];
  if (schema.oneOf) return schema.oneOf;
  if (schema.anyOf) return schema.anyOf;
  return [schema];
}

// The values a field may take in any variant of an item's schema (a piece's types, an object's types).
export function schemaEnum(schema, field) {
  return variants(schema).flatMap((s) => {
    const f = s.properties?.[field];
    if (!f) return [];
    return f.enum ? f.enum : f.const !== undefined ? [f.const] : [];
  });
}

function typeOf(schema) {
  if (!schema) return "string";
  if (schema.enum) return "enum";
  if (schema.const !== undefined) return "const";
  if (schema.type) return schema.type;
  if (!schema.oneOf && !schema.anyOf) return "string";
  const kinds = variants(schema).map(typeOf);
  if (kinds.includes("integer")) return "integer-or-word";
  return kinds[0] || "string";
}

function parseValue(schema, text) {
  const kind = typeOf(schema);
  const trimmed = String(text).trim();
  if (trimmed === "") return undefined;
  if (kind === "integer" || kind === "integer-or-word") return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
  if (kind === "number") return Number(trimmed);
  if (kind === "array" && typeOf(schema.items) === "object") {
    // a list of objects (a group's moves) is written as JSON objects separated by commas
    try { return JSON.parse(`[${trimmed}]`); } catch { return trimmed; }
  }
  if (kind === "array") return trimmed.split(",").map((s) => parseValue(schema.items, s)).filter((v) => v !== undefined);
  if (kind === "object") {
    try { return JSON.parse(trimmed); } catch { return trimmed; }
  }
  return trimmed;
}

function showValue(value) {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(showValue).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function fieldInput(name, schema, value, onChange) {
  const kind = typeOf(schema);
  let input;
  if (kind === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = value === true;
    input.addEventListener("change", () => onChange(input.checked ? true : undefined));
  } else if (kind === "enum") {
    input = document.createElement("select");
    for (const option of ["", ...schema.enum]) {
      const item = document.createElement("option");
      item.value = option;
      item.textContent = option || "—";
      input.append(item);
    }
    input.value = value ?? "";
    input.addEventListener("change", () => onChange(input.value || undefined));
  } else {
    input = document.createElement("input");
    input.type = kind === "integer" ? "number" : "text";
    input.value = showValue(value);
    input.addEventListener("change", () => onChange(parseValue(schema, input.value)));
  }
  input.name = name;
  input.dataset.field = name;
  const label = document.createElement("label");
  label.textContent = name;
  return [label, input];
}

function fillFields(container, properties, target, skip, after) {
  container.replaceChildren();
  for (const [name, schema] of Object.entries(properties || {})) {
    if (skip.includes(name)) continue;
    const [label, input] = fieldInput(name, schema, target[name], (value) => {
      if (value === undefined) delete target[name];
      else target[name] = value;
      after();
    });
    container.append(label, input);
  }
}

// -- pieces and question ---------------------------------------------------------------------

function pieceSchema(type) {
  const items = state.schema?.properties?.pieces?.items;
  const found = variants(items).find((v) => {
    const t = v.properties?.type;
    return !t || (t.enum || [t.const]).includes(type);
  });
  return found?.properties || {};
}

function renderPieces() {
  const box = $("pieces");
  box.replaceChildren();
  for (const piece of state.doc.pieces || []) {
    const details = document.createElement("details");
    details.className = "piece";
    details.dataset.piece = piece.id;
    details.open = state.paint.selected === piece.id;
    const summary = document.createElement("summary");
    summary.textContent = `${piece.id} (${piece.type}) at ${showValue(piece.at)}`;
    const fields = document.createElement("div");
    fields.className = "fields";
    fillFields(fields, pieceSchema(piece.type), piece, ["type"], () => { summary.textContent = `${piece.id} (${piece.type}) at ${showValue(piece.at)}`; renderBoard(); });
    details.append(summary, fields);
    box.append(details);
  }
  if (!box.children.length) box.textContent = "Place pieces with the piece tool.";
}

function querySchemas() {
  return variants(state.schema?.properties?.query);
}

function renderQuery() {
  const select = $("query-kind");
  const schemas = querySchemas();
  const kinds = schemas.flatMap((s) => (s.properties?.kind?.const ? [s.properties.kind.const] : s.properties?.kind?.enum || []));
  select.replaceChildren(...kinds.map((kind) => {
    const option = document.createElement("option");
    option.value = kind;
    option.textContent = kind;
    return option;
  }));
  state.doc.query = state.doc.query || {};
  if (!kinds.includes(state.doc.query.kind)) state.doc.query = { kind: kinds[0] };
  select.value = state.doc.query.kind;
  const chosen = schemas.find((s) => s.properties?.kind?.const === state.doc.query.kind) || schemas[0];
  fillFields($("query-fields"), chosen?.properties, state.doc.query, ["kind"], () => {});
}

// -- board ---------------------------------------------------------------------------------

function renderTools() {
  const bar = $("tools");
  bar.replaceChildren();
  for (const tool of state.space.tools(state.game, state.schema)) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = tool.label;
    button.dataset.tool = tool.id;
    button.setAttribute("aria-pressed", String(state.tool?.id === tool.id));
    button.addEventListener("click", () => { state.tool = tool; state.paint.first = null; renderTools(); });
    bar.append(button);
  }
  const options = $("tool-options");
  options.replaceChildren();
  const tool = state.tool;
  $("hint").textContent = tool?.hint || "Pick a tool, then click the board.";
  if (!tool?.option) return;
  const spec = tool.option;
  let input;
  if (spec.type === "select") {
    input = document.createElement("select");
    for (const value of spec.values) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      input.append(option);
    }
  } else {
    input = document.createElement("input");
    input.type = spec.type;
    if (spec.min !== undefined) { input.min = spec.min; input.max = spec.max; }
  }
  input.id = "tool-option";
  input.value = state.option?.[tool.id] ?? spec.value ?? input.value;
  state.option = { ...(state.option || {}), [tool.id]: input.value };
  input.addEventListener("change", () => {
    state.option[tool.id] = input.value;
    if (tool.floorSelect) { state.paint.floor = input.value; renderBoard(); }
  });
  const label = document.createElement("label");
  label.textContent = `${spec.label || tool.label}: `;
  label.append(input);
  options.append(label);
}

function renderBoard() {
  const svg = state.space.draw(state.doc, state.paint, (name, side) => {
    if (!state.tool) return;
    state.space.paint(state.doc, state.tool.id, name, state.option?.[state.tool.id], state.paint, state.game, side);
    renderAll();
  });
  $("board").replaceChildren(svg);
}

function renderAll() {
  renderBoard();
  renderPieces();
  renderQuery();
}

// -- rulesets ---------------------------------------------------------------------------------

let pending = 0;

async function chooseRuleset(ruleset, doc = null) {
  pending += 1;
  document.body.dataset.pending = String(pending);
  try {
    await loadRuleset(ruleset, doc);
  } finally {
    pending -= 1;
    document.body.dataset.pending = String(pending);
  }
}

async function loadRuleset(ruleset, doc) {
  const row = state.rulesets.find((r) => r.ruleset === ruleset) || state.rulesets[0];
  $("ruleset").value = row.ruleset;
  state.space = SPACES[row.space];
  const schema = await api(`/api/schema/${encodeURIComponent(row.game)}`);
  state.schema = schema.ok ? schema.data : null;
  const types = schemaEnum(state.schema?.properties?.pieces?.items, "type");
  state.game = { ...row, piece_types: types.length ? types : [row.figure, row.token].filter(Boolean) };
  $("game-note").textContent = row.ready ? `${row.title}: ${row.space} board` : `${row.title}: ${row.space} board (the engine is coming: the board can be built and exported)`;
  state.tool = null;
  state.paint = {};
  state.doc = doc || state.space.blank(row.ruleset, Number($("width").value), Number($("height").value));
  state.doc.ruleset = row.ruleset;
  renderTools();
  renderAll();
}

// -- answer --------------------------------------------------------------------------------

function fraction(value) {
  if (typeof value === "string" && /^\d+\/\d+$/.test(value)) {
    const [a, b] = value.split("/").map(Number);
    return `${value} (${((100 * a) / b).toFixed(1)}%)`;
  }
  if (Array.isArray(value)) return "[" + value.map(fraction).join(", ") + "]";
  if (value && typeof value === "object") return "{" + Object.entries(value).map(([k, v]) => `${k}: ${fraction(v)}`).join(", ") + "}";
  return JSON.stringify(value);
}

function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message || "";
}

function showAnswer(answer) {
  const verdict = $("verdict");
  verdict.textContent = answer.verdict.toUpperCase();
  verdict.className = answer.verdict;
  verdict.dataset.verdict = answer.verdict;
  const table = $("outcome");
  table.replaceChildren();
  for (const [key, value] of Object.entries(answer.outcome || {})) {
    const tr = document.createElement("tr");
    const th = document.createElement("td");
    th.textContent = key;
    const td = document.createElement("td");
    td.textContent = fraction(value);
    tr.append(th, td);
    table.append(tr);
  }
  const trace = $("trace");
  trace.replaceChildren();
  for (const step of answer.trace || []) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/go/rule?ruleset=${encodeURIComponent(answer.ruleset)}&rule=${encodeURIComponent(step.rule)}`;
    link.textContent = step.rule;
    link.className = "rule-link";
    const note = document.createElement("div");
    note.textContent = step.note || "";
    const cite = document.createElement("div");
    cite.className = "cite";
    cite.textContent = step.lines ? `${step.source} L${step.lines[0]}-${step.lines[1]}${step.section ? ` (${step.section})` : ""}` : "";
    if (step.deciding) {
      li.className = "deciding";
      const mark = document.createElement("strong");
      mark.textContent = "decides: ";
      li.append(mark);
    }
    li.append(link, note, cite);
    trace.append(li);
  }
  if (answer.svg) {
    const img = document.createElement("img");
    img.alt = "the board with the answer drawn";
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(answer.svg);
    $("picture").replaceChildren(img);
  } else $("picture").replaceChildren();
  const raw = { ...answer };
  delete raw.svg;
  let pre = document.getElementById("answer-json");
  if (!pre) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "The answer as JSON (adjudicator ask --json)";
    pre = document.createElement("pre");
    pre.id = "answer-json";
    details.append(summary, pre);
    $("answer-panel").append(details);
  }
  pre.textContent = JSON.stringify(raw, null, 2);
}

async function ask() {
  showError("");
  const reply = await api("/api/ask?svg=1", { method: "POST", headers: { "content-type": "application/yaml" }, body: yamlText() });
  if (!reply.ok) {
    showError(reply.data.error || reply.text);
    $("verdict").textContent = "";
    $("verdict").dataset.verdict = "";
    return;
  }
  showAnswer(reply.data);
}

function exportYaml() {
  const text = yamlText();
  $("yaml").value = text;
  const link = $("download");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  link.hidden = false;
}

async function importYaml() {
  showError("");
  const reply = await api("/api/validate", { method: "POST", headers: { "content-type": "application/yaml" }, body: $("yaml").value });
  if (!reply.ok) { showError(reply.data.error || reply.text); return; }
  await chooseRuleset(reply.data.ruleset, reply.data.document);
}

function encodeDoc(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(clean(doc)));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeDoc(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

function share() {
  history.replaceState(null, "", `#s=${encodeDoc(state.doc)}`);
  $("yaml").value = location.href;
}

async function start() {
  const reply = await api("/api/rulesets");
  state.rulesets = reply.data;
  const select = $("ruleset");
  for (const row of state.rulesets) {
    const option = document.createElement("option");
    option.value = row.ruleset;
    option.textContent = `${row.ruleset}${row.ready ? "" : " (coming)"}`;
    select.append(option);
  }
  select.addEventListener("change", () => chooseRuleset(select.value));
  $("resize").addEventListener("click", () => chooseRuleset(select.value));
  $("query-kind").addEventListener("change", () => { state.doc.query = { kind: $("query-kind").value }; renderQuery(); });
  $("ask").addEventListener("click", ask);
  $("export").addEventListener("click", exportYaml);
  $("import").addEventListener("click", importYaml);
  $("share").addEventListener("click", share);
  let doc = null;
  const shared = /^#s=(.+)$/.exec(location.hash);
  if (shared) {
    try { doc = decodeDoc(shared[1]); } catch { showError("the link's situation could not be read"); }
  }
  await chooseRuleset(doc?.ruleset || state.rulesets[0].ruleset, doc);
  document.body.dataset.ready = "true";
  if (doc) await ask(); // a shared link shows its answer
}

start();
