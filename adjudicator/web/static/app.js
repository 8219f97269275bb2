// The judge's page: pick a ruleset, build the board by clicks, ask, read the cited answer.
// The editor's state is the situation document itself; the board editors are in spaces.js.

import { SPACES } from "./spaces.js";
import { flow, parseFlow, toYaml } from "./yaml.js";

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

// The words a field may be: its enum, its const, or those of every alternative (null aside).
function choices(schema) {
  if (!schema) return null;
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  if (schema.oneOf || schema.anyOf) {
    const each = variants(schema).filter((s) => s.type !== "null").map(choices);
    if (each.length && each.every(Boolean)) return each.flat();
  }
  return null;
}

// The JSON types a field's schema allows, through its alternatives ({} allows anything: none listed).
function typesOf(schema) {
  if (!schema) return [];
  if (schema.oneOf || schema.anyOf) return [...new Set(variants(schema).flatMap(typesOf))];
  if (schema.const !== undefined) return [typeof schema.const === "number" ? "integer" : typeof schema.const];
  if (schema.enum) return ["string"];
  return schema.type ? [schema.type] : [];
}

function allows(schema, type) {
  return typesOf(schema).includes(type);
}

function typeOf(schema) {
  if (!schema) return "string";
  if (choices(schema) && !allows(schema, "integer")) return "enum";
  const types = typesOf(schema).filter((t) => t !== "null");
  return types.length === 1 ? types[0] : types.length === 0 ? "any" : "mixed";
}

// The schema of a list field's items (in whichever alternative is a list).
function itemsOf(schema) {
  return schema?.items || variants(schema).find((v) => v.type === "array")?.items || {};
}

// Split "a, {b: 1, c: 2}, [d, e]" at its top-level commas.
function splitTop(text) {
  const parts = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quote) { if (ch === quote) quote = ""; continue; }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "{" || ch === "[") depth += 1;
    else if (ch === "}" || ch === "]") depth -= 1;
    else if (ch === "," && depth === 0) { parts.push(text.slice(start, i)); start = i + 1; }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

// A field's text as the value the situation file holds; a mapping or list is written as flow YAML
// ({started: true, traitor: ox}, [a, b]) or JSON. Throws an Error saying what is wrong.
export function parseValue(schema, text) {
  const trimmed = String(text).trim();
  if (trimmed === "") return undefined;
  const kind = typeOf(schema);
  if (kind === "array" || (kind === "mixed" && allows(schema, "array") && /,/.test(trimmed) && !/^[{[]/.test(trimmed))) {
    if (trimmed.startsWith("[")) return parseFlow(trimmed);
    return splitTop(trimmed).map((part) => parseValue(itemsOf(schema), part)).filter((v) => v !== undefined);
  }
  if (/^[{[]/.test(trimmed)) return parseFlow(trimmed);
  if (kind === "object") throw new Error("expected a mapping such as {name: value}");
  if ((allows(schema, "integer") || allows(schema, "number") || kind === "any") && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if ((allows(schema, "boolean") || kind === "any") && /^(true|false)$/.test(trimmed)) return trimmed === "true";
  if (allows(schema, "null") && trimmed === "null") return null;
  if (kind === "integer" || kind === "number") throw new Error("expected a number");
  return trimmed;
}

export function showValue(value) {
  if (value === undefined) return "";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === "object" ? flow(v) : String(v))).join(", ");
  if (typeof value === "object") return flow(value);
  return String(value);
}

// What to type in a field that holds a mapping: its keys, as a placeholder.
function placeholder(schema) {
  const kind = typeOf(schema);
  const props = variants(schema).find((v) => v.properties)?.properties;
  if (kind === "object" && props) return `{${Object.keys(props).map((k) => `${k}: …`).join(", ")}}`;
  if (kind === "object") return "{name: value, …}";
  if (kind === "array") return "a, b, …";
  return "";
}

function fieldError(input, name, message) {
  input.classList.toggle("invalid", Boolean(message));
  input.setCustomValidity(message || "");
  input.title = message ? `${name}: ${message}` : input.dataset.help || "";
  if (message) showError(`${name}: ${message}`);
}

// One input for a field of the situation file; `small` turns a short range of whole numbers into a list.
function fieldInput(name, schema, value, onChange, { small = false, required = [] } = {}) {
  const kind = typeOf(schema);
  const words = choices(schema);
  const range = kind === "integer" && schema.minimum !== undefined && schema.maximum !== undefined && schema.maximum - schema.minimum <= 12;
  let input;
  if (kind === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = value === true;
    input.addEventListener("change", () => onChange(input.checked ? true : undefined));
  } else if (kind === "enum" || (small && range)) {
    const options = kind === "enum" ? words : Array.from({ length: schema.maximum - schema.minimum + 1 }, (_, i) => schema.minimum + i);
    input = document.createElement("select");
    const blank = required.includes(name.split(".").pop()) && value !== undefined && value !== null ? [] : [""];
    for (const option of [...blank, ...options]) {
      const item = document.createElement("option");
      item.value = String(option);
      item.textContent = option === "" ? "—" : String(option);
      input.append(item);
    }
    input.value = value === undefined || value === null ? "" : String(value);
    input.addEventListener("change", () => onChange(input.value === "" ? undefined : options.find((o) => String(o) === input.value)));
  } else {
    input = document.createElement("input");
    input.type = kind === "integer" ? "number" : "text";
    if (kind === "integer" && schema.minimum !== undefined) { input.min = schema.minimum; input.max = schema.maximum; }
    input.value = showValue(value);
    input.placeholder = placeholder(schema);
    input.addEventListener("change", () => {
      let parsed;
      try {
        parsed = parseValue(schema, input.value);
      } catch (problem) {
        fieldError(input, name, problem.message);
        return;
      }
      fieldError(input, name, "");
      onChange(parsed);
    });
  }
  input.name = name;
  input.dataset.field = name;
  if (schema?.description) { input.dataset.help = schema.description; input.title = schema.description; }
  const label = document.createElement("label");
  label.textContent = name;
  return [label, input];
}

function fillFields(container, properties, target, skip, after, options = {}) {
  container.replaceChildren();
  if (properties?.properties) {
    // an object's schema: its required fields offer no blank choice
    options = { ...options, required: properties.required || [] };
    properties = properties.properties;
  }
  const prefix = options.prefix || "";
  for (const [name, schema] of Object.entries(properties || {})) {
    if (skip.includes(name)) continue;
    const [label, input] = fieldInput(prefix + name, schema, target[name], (value) => {
      if (value === undefined) delete target[name];
      else target[name] = value;
      after(name);
    }, options);
    container.append(label, input);
  }
}

// -- pieces and question ---------------------------------------------------------------------

function pieceSchema(type) {
  return itemSchema(state.schema?.properties?.pieces?.items, type);
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
  fillFields($("query-fields"), chosen || {}, state.doc.query, ["kind"], () => {});
}

// -- the situation's own fields, the board's, rooms and map objects -------------------------

// Fields edited elsewhere on the page: the board is painted, pieces and the question have panels.
const PANELS = ["ruleset", "expect", "query", "pieces", "objects"];
const PAINTED = ["terrain", "elevation", "indoor", "walls", "stairs", "rooms"];

// The document's board field (map, house): the required object besides ruleset and query.
function boardField() {
  const props = state.schema?.properties || {};
  return (state.schema?.required || []).find((name) => !PANELS.includes(name) && typeOf(props[name]) === "object") || "map";
}

// The variant of a list's item schema whose type admits `type` (a piece's, an object's).
function itemSchema(items, type) {
  const found = variants(items).find((v) => {
    const t = v.properties?.type;
    return !t || (t.enum || [t.const]).includes(type);
  });
  return found || {};
}

// Every top-level field the game's schema declares, one input each, named as in the file.
function renderSituation() {
  const box = $("situation-fields-list");
  const props = state.schema?.properties || {};
  const board = boardField();
  const skip = [...PANELS, board];
  const grouped = Object.keys(props).filter((name) => !skip.includes(name) && typeOf(props[name]) === "object" && props[name].properties);
  fillFields(box, state.schema || {}, state.doc, skip, (name) => { if (name === "readings" || grouped.includes(name)) renderSituation(); }, { small: true });
  for (const name of grouped) box.querySelector(`[data-field="${name}"]`)?.after(subFields(name, props[name]));
  if ("readings" in props) box.append(readingsChooser());
  $("situation-fields").hidden = !box.children.length;
  const boardBox = $("board-fields-list");
  state.doc[board] = state.doc[board] || {};
  fillFields(boardBox, props[board] || {}, state.doc[board], PAINTED, () => renderBoard(), { small: true });
  $("board-fields").hidden = !boardBox.children.length;
  $("board-fields-legend").textContent = `${board} (what the painting tools do not set)`;
}

// A mapping field's own fields, one input each (haunt.started, haunt.traitor, ...), kept in step with its text.
function subFields(name, schema) {
  const details = document.createElement("details");
  details.className = "subfields";
  details.dataset.group = name;
  details.open = Boolean(state.paint[`open:${name}`]);
  details.addEventListener("toggle", () => { state.paint[`open:${name}`] = details.open; });
  const summary = document.createElement("summary");
  summary.textContent = `${name}: one field at a time`;
  const list = document.createElement("div");
  list.className = "fields";
  const value = state.doc[name] && typeof state.doc[name] === "object" ? { ...state.doc[name] } : {};
  fillFields(list, schema, value, [], () => {
    if (Object.keys(value).length) state.doc[name] = { ...value };
    else delete state.doc[name];
    const text = $("situation-fields-list").querySelector(`[data-field="${name}"]`);
    if (text) text.value = showValue(state.doc[name]);
  }, { small: true, prefix: `${name}.` });
  details.append(summary, list);
  return details;
}

// A list per ambiguous rule of the ruleset, to pick a reading other than its default.
function readingsChooser() {
  const details = document.createElement("details");
  details.id = "readings-chooser";
  details.open = Boolean(state.paint.readingsOpen);
  details.addEventListener("toggle", () => { state.paint.readingsOpen = details.open; });
  const summary = document.createElement("summary");
  const readings = state.game?.readings || {};
  summary.textContent = `Readings of this ruleset's ambiguous rules (${Object.keys(readings).length})`;
  const list = document.createElement("div");
  list.className = "fields";
  for (const [rule, { default: chosen, options }] of Object.entries(readings)) {
    const label = document.createElement("label");
    label.textContent = rule;
    const select = document.createElement("select");
    select.dataset.reading = rule;
    for (const option of ["", ...options]) {
      const item = document.createElement("option");
      item.value = option;
      item.textContent = option === "" ? `default (${chosen})` : option;
      select.append(item);
    }
    select.value = state.doc.readings?.[rule] || "";
    select.addEventListener("change", () => {
      const next = { ...(state.doc.readings || {}) };
      if (select.value) next[rule] = select.value;
      else delete next[rule];
      if (Object.keys(next).length) state.doc.readings = next;
      else delete state.doc.readings;
      renderSituation();
    });
    list.append(label, select);
  }
  details.append(summary, list);
  return details;
}

function itemDetails(kind, id, summaryText, schema, item, after) {
  const details = document.createElement("details");
  details.className = "piece";
  details.dataset[kind] = id;
  details.open = state.paint.selected === id;
  const summary = document.createElement("summary");
  summary.textContent = summaryText();
  const fields = document.createElement("div");
  fields.className = "fields";
  fillFields(fields, schema, item, ["type"], () => { summary.textContent = summaryText(); after(); });
  details.append(summary, fields);
  return details;
}

// The board's other items: a house's rooms (symbol, new, doors, ...), the map objects (a trap's damage, ...).
function renderItems() {
  const box = $("items");
  box.replaceChildren();
  const props = state.schema?.properties || {};
  const roomSchema = props.house?.properties?.rooms?.items;
  if (roomSchema && state.doc.house?.rooms?.length) {
    const title = document.createElement("h3");
    title.textContent = "Rooms";
    box.append(title);
    for (const room of state.doc.house.rooms) {
      const text = () => `${room.id} (${room.floor || "ground"} ${room.at})${room.symbol ? ` ${room.symbol}` : ""}${room.new ? " new" : ""}`;
      box.append(itemDetails("room", room.id, text, roomSchema, room, renderBoard));
    }
  }
  const objectSchema = props.objects?.items;
  if (objectSchema && state.doc.objects?.length) {
    const title = document.createElement("h3");
    title.textContent = "Map objects";
    box.append(title);
    for (const obj of state.doc.objects) {
      const text = () => `${obj.type} at ${obj.at}`;
      box.append(itemDetails("object", `${obj.type}@${obj.at}`, text, itemSchema(objectSchema, obj.type), obj, renderBoard));
    }
  }
}

// -- board ---------------------------------------------------------------------------------

// The question fields the question tool may fill: only those the chosen kind of question has.
function offeredTool(tool) {
  if (tool.id !== "query" || !tool.option?.values) return tool;
  const chosen = querySchemas().find((s) => s.properties?.kind?.const === state.doc?.query?.kind);
  const props = chosen?.properties || {};
  const values = tool.option.values.filter((v) => v !== "kind" && (v in props || v in (props.play?.properties || {})));
  return values.length ? { ...tool, option: { ...tool.option, values } } : null;
}

function renderTools() {
  const bar = $("tools");
  bar.replaceChildren();
  const tools = state.space.tools(state.game, state.schema).map(offeredTool).filter(Boolean);
  if (state.tool && !tools.some((t) => t.id === state.tool.id)) state.tool = null;
  if (state.tool) state.tool = tools.find((t) => t.id === state.tool.id);
  for (const tool of tools) {
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
  const kept = state.option?.[tool.id];
  input.value = kept !== undefined && (!spec.values || spec.values.includes(kept)) ? kept : spec.value ?? input.value;
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
  renderSituation();
  renderPieces();
  renderItems();
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

function showError(message, source = "") {
  $("error").hidden = !message;
  $("error").textContent = message || "";
  $("error").dataset.source = message ? source : "";
}

// A server error names the text it read as situation.yaml: say which text that was on the page.
export function located(error, what) {
  const found = /^situation\.yaml:(\d+):\s*/.exec(error);
  return found ? `${what}, line ${found[1]}: ${error.slice(found[0].length)}` : `${what}: ${error}`;
}

// The document Ask sends is the board shown; the YAML box shows it, so an error's line is a line there.
function sentYaml() {
  const text = yamlText();
  $("yaml").value = text;
  $("yaml").dataset.shows = "sent";
  return text;
}

// The verdict in words that say the result (BLOCKED, DEPENDS: 7/12 (58%) to hit), coloured by its tone.
function showHeadline(answer) {
  const verdict = $("verdict");
  const view = answer.view || {};
  verdict.textContent = view.headline || answer.verdict.toUpperCase();
  verdict.className = `tone-${view.tone || "neutral"}`;
  verdict.dataset.verdict = answer.verdict;
  verdict.dataset.tone = view.tone || "neutral";
}

// One step of the answer as the CLI says it: title, plain words, the citation linking to the rule's page,
// "decides" where it settles the question; the formal condition and the rule id behind a toggle.
function stepItem(step) {
  const li = document.createElement("li");
  li.className = step.deciding ? "step deciding" : "step";
  const head = document.createElement("div");
  head.className = "step-title";
  if (step.deciding) {
    const mark = document.createElement("strong");
    mark.className = "decides";
    mark.textContent = "decides: ";
    head.append(mark);
  }
  const title = document.createElement("strong");
  title.textContent = step.title;
  head.append(title);
  const plain = document.createElement("div");
  plain.className = "plain";
  plain.textContent = step.plain;
  const cite = document.createElement("a");
  cite.className = "cite rule-link";
  cite.href = step.url;
  cite.target = "_blank";
  cite.rel = "noopener";
  cite.textContent = step.citation || step.title;
  const formal = document.createElement("details");
  formal.className = "formal";
  const summary = document.createElement("summary");
  summary.textContent = "formal";
  const body = document.createElement("div");
  body.className = "formal-note";
  const rule = document.createElement("code");
  rule.className = "rule-id";
  rule.textContent = step.rule;
  const note = document.createElement("div");
  note.textContent = step.formal;
  body.append(rule, note);
  formal.append(summary, body);
  li.append(head, plain, cite, formal);
  return li;
}

function showAnswer(answer) {
  showHeadline(answer);
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
  trace.replaceChildren(...(answer.view?.steps || []).map(stepItem));
  if (answer.svg) {
    const img = document.createElement("img");
    img.alt = "the board with the answer drawn";
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(answer.svg);
    $("picture").replaceChildren(img);
  } else $("picture").replaceChildren();
  const raw = { ...answer };
  delete raw.svg;
  delete raw.view;
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

// An answer to another board must not stay on screen under an error.
function clearAnswer() {
  $("verdict").textContent = "";
  $("verdict").dataset.verdict = "";
  for (const id of ["outcome", "trace", "picture"]) $(id)?.replaceChildren();
  const raw = document.getElementById("answer-json");
  if (raw) raw.textContent = "";
}

async function ask() {
  showError("");
  const reply = await api("/api/ask?svg=1&view=1", { method: "POST", headers: { "content-type": "application/yaml" }, body: sentYaml() });
  if (!reply.ok) {
    showError(located(reply.data.error || reply.text, "The board shown (sent as the YAML in the box)"), "ask");
    clearAnswer();
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
  if (!reply.ok) {
    // the board shown stays as it was: Ask still sends it, and says so
    showError(`Import YAML failed, the board shown is unchanged. ${located(reply.data.error || reply.text, "The pasted YAML")}`, "import");
    $("yaml").dataset.shows = "pasted";
    return;
  }
  await chooseRuleset(reply.data.ruleset, reply.data.document);
  $("yaml").dataset.shows = "imported";
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
  $("query-kind").addEventListener("change", () => { state.doc.query = { kind: $("query-kind").value }; renderQuery(); renderTools(); });
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
