// The three board kinds of the space interface, as editors: the square grid (HorrorClix,
// HeroClix), the hex grid (Gloomhaven: odd rows flush left, even rows shifted right) and the
// room graph (Betrayal: room tiles on three floors). Each editor keeps the situation document
// itself (the same YAML the CLI reads): painting a cell edits the document, drawing reads it.

const SVG = "http://www.w3.org/2000/svg";

export function colName(index) {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export function cellName(col, row) {
  return `${colName(col)}${row + 1}`;
}

export function parseCell(name) {
  const found = /^([A-Z]+)(\d+)$/.exec(String(name));
  if (!found) return null;
  let col = 0;
  for (const ch of found[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col: col - 1, row: Number(found[2]) - 1 };
}

// Piece labels: the same rule as adjudicator/situation/labels.py (a test holds them equal). An id of at
// most `width` characters is its own label; a longer one keeps its letters and the digits it ends with
// (crow1 -> cro1); long ids that would share a label take their first character and what follows the
// part they share (vampire_slayer / vampire_hunter -> vsla / vhun), else the letters and a number.
export const LABEL_WIDTH = 4;

function alnum(text) {
  return Array.from(text).filter((ch) => /^[A-Za-z0-9]$/.test(ch)).join("");
}

function shortLabel(id, width) {
  const letters = alnum(id) || "p";
  if (letters.length <= width) return letters;
  const found = /^(.*?)(\d+)$/.exec(letters);
  if (found && found[1] && found[2].length < width) return found[1].slice(0, width - found[2].length) + found[2];
  return letters.slice(0, width);
}

function sharedPrefix(ids) {
  const first = ids.reduce((a, b) => (b < a ? b : a));
  const last = ids.reduce((a, b) => (b > a ? b : a));
  let n = 0;
  while (n < Math.min(first.length, last.length) && first[n] === last[n]) n += 1;
  return n;
}

export function pieceLabels(ids, width = LABEL_WIDTH) {
  const order = [...new Set(ids.map(String))];
  const labels = new Map(order.filter((id) => id.length <= width).map((id) => [id, id]));
  const short = new Map(order.filter((id) => !labels.has(id)).map((id) => [id, shortLabel(id, width)]));
  const groups = new Map();
  for (const [id, label] of short) groups.set(label, [...(groups.get(label) || []), id]);
  let taken = new Set(labels.values());
  const clashing = [];
  for (const [id, label] of short) {
    if (groups.get(label).length === 1 && !taken.has(label)) labels.set(id, label);
    else clashing.push(id);
  }
  taken = new Set(labels.values());
  for (const id of clashing) {
    const label = short.get(id);
    const rivals = [...groups.get(label), ...(order.includes(label) ? [label] : [])];
    const rest = alnum(id.slice(sharedPrefix(rivals)));
    let chosen = rest ? ((alnum(id) || "p")[0] + rest).slice(0, width) : "";
    for (let number = 1; !chosen || taken.has(chosen); number += 1) {
      chosen = (alnum(id) || "p").slice(0, width - String(number).length) + String(number);
    }
    labels.set(id, chosen);
    taken.add(chosen);
  }
  return Object.fromEntries(order.map((id) => [id, labels.get(id)]));
}

function el(tag, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

function pieceAt(doc, name) {
  return (doc.pieces || []).find((p) => (Array.isArray(p.at) ? p.at.includes(name) : p.at === name));
}

function nextId(doc, stem) {
  const used = new Set((doc.pieces || []).map((p) => p.id));
  for (let n = 1; ; n += 1) if (!used.has(`${stem}${n}`)) return `${stem}${n}`;
}

function toggleWall(walls, a, b) {
  const at = walls.findIndex(([x, y]) => (x === a && y === b) || (x === b && y === a));
  if (at >= 0) walls.splice(at, 1);
  else walls.push([a, b]);
}

// -- shared tools ------------------------------------------------------------------------

function placePiece(doc, name, type, defaults) {
  const found = pieceAt(doc, name);
  if (found) return found.id;
  const piece = { id: nextId(doc, type.slice(0, 3)), type, at: name, ...defaults(type) };
  doc.pieces = [...(doc.pieces || []), piece];
  return piece.id;
}

function setQueryField(doc, field, name, listFields) {
  const piece = pieceAt(doc, name);
  const value = piece && field !== "to" && field !== "end" && field !== "at" ? piece.id : name;
  doc.query = doc.query || {};
  if (listFields.includes(field)) {
    const list = Array.isArray(doc.query[field]) ? doc.query[field] : [];
    doc.query[field] = [...list, value];
  } else {
    doc.query[field] = field === "to" && piece && doc.query.kind === "line_of_fire" ? piece.id : value;
  }
}

// -- square grid ---------------------------------------------------------------------------

const SQUARE_TERRAIN = [
  [".", "clear", "#ffffff"],
  ["h", "hindering", "#b7dfa0"],
  ["~", "water", "#9cc7ef"],
  ["#", "blocking", "#555555"],
  ["x", "off the map", "#e6e6e6"],
];

// The map objects the game's schema offers (none for a game without objects): a portal once per doorway side.
function squareObjects(schema) {
  const items = schema?.properties?.objects?.items;
  const kinds = items ? (items.oneOf || items.anyOf || [items]) : [];
  return kinds.flatMap((s) => {
    const type = s.properties?.type;
    const names = type?.enum || (type?.const !== undefined ? [type.const] : []);
    const doors = s.properties?.door?.enum;
    return doors ? names.flatMap((n) => doors.map((d) => `${n}:${d}`)) : names;
  });
}

export const square = {
  kind: "square",
  cell: 34,
  blank(ruleset, width, height) {
    return {
      ruleset,
      map: { kind: "outdoor", terrain: Array.from({ length: height }, () => ".".repeat(width)) },
      pieces: [],
      query: { kind: "move" },
    };
  },
  size(doc) {
    const rows = doc.map?.terrain || [];
    return { width: rows[0]?.length || 0, height: rows.length };
  },
  tools(game, schema) {
    const objects = squareObjects(schema);
    return [
      ...SQUARE_TERRAIN.map(([ch, label]) => ({ id: `terrain:${ch}`, label })),
      { id: "elevation", label: "elevation", option: { type: "number", min: 0, max: 9, value: 2, label: "level" } },
      { id: "indoor", label: "indoor" },
      { id: "wall", label: "wall", hint: "click two squares side by side" },
      { id: "stairs", label: "stairs" },
      ...(objects.length ? [{ id: "object", label: "object", option: { type: "select", values: objects } }] : []),
      { id: "piece", label: "piece", option: { type: "select", values: game.piece_types } },
      { id: "erase", label: "erase" },
      { id: "query", label: "question field", option: { type: "select", values: ["piece", "to", "from", "targets", "acted"] } },
    ];
  },
  defaults(game) {
    return (type) =>
      type === game.token && game.token === "victim"
        ? { speed: 4 }
        : { player: 1, speed: 6, attack: 9, defense: 16, damage: 2, range: 0 };
  },
  paint(doc, tool, name, option, state, game) {
    const { col, row } = parseCell(name);
    const setChar = (key, ch, fill) => {
      const rows = doc.map[key] || doc.map.terrain.map((r) => fill.repeat(r.length));
      rows[row] = rows[row].slice(0, col) + ch + rows[row].slice(col + 1);
      doc.map[key] = rows;
    };
    if (tool.startsWith("terrain:")) setChar("terrain", tool.slice(8), ".");
    else if (tool === "elevation") setChar("elevation", String(option ?? 1).slice(0, 1), "1");
    else if (tool === "indoor") {
      if (doc.map.kind === "outdoor") doc.map.kind = "indoor/outdoor";
      const rows = doc.map.indoor || doc.map.terrain.map((r) => ".".repeat(r.length));
      setChar("indoor", rows[row][col] === "i" ? "." : "i", ".");
    } else if (tool === "stairs") {
      const stairs = doc.map.stairs || [];
      doc.map.stairs = stairs.includes(name) ? stairs.filter((s) => s !== name) : [...stairs, name];
      if (!doc.map.stairs.length) delete doc.map.stairs;
    } else if (tool === "wall") {
      if (!state.first) { state.first = name; return; }
      const first = parseCell(state.first);
      if (Math.abs(first.col - col) + Math.abs(first.row - row) === 1) {
        doc.map.walls = doc.map.walls || [];
        toggleWall(doc.map.walls, state.first, name);
        if (!doc.map.walls.length) delete doc.map.walls;
      }
      state.first = null;
    } else if (tool === "object") {
      const objects = (doc.objects || []).filter((o) => o.at !== name);
      const [type, door] = String(option).split(":");
      if (objects.length === (doc.objects || []).length) objects.push(door ? { type, at: name, door } : { type, at: name });
      doc.objects = objects;
      if (!objects.length) delete doc.objects;
    } else if (tool === "piece") state.selected = placePiece(doc, name, option || game.piece_types[0], this.defaults(game));
    else if (tool === "erase") {
      doc.pieces = (doc.pieces || []).filter((p) => !(Array.isArray(p.at) ? p.at.includes(name) : p.at === name));
      doc.objects = (doc.objects || []).filter((o) => o.at !== name);
      if (!doc.objects.length) delete doc.objects;
    } else if (tool === "query") setQueryField(doc, option || "to", name, ["targets", "acted"]);
  },
  draw(doc, state, onCell) {
    const { width, height } = this.size(doc);
    const c = this.cell;
    const svg = el("svg", { viewBox: `0 0 ${width * c + 2} ${height * c + 2}`, width: width * c + 2, "data-space": "square" });
    const colours = Object.fromEntries(SQUARE_TERRAIN.map(([ch, , fill]) => [ch, fill]));
    for (let row = 0; row < height; row += 1) {
      for (let col = 0; col < width; col += 1) {
        const name = cellName(col, row);
        const ch = doc.map.terrain[row][col];
        const indoor = doc.map.kind === "indoor" || doc.map.indoor?.[row]?.[col] === "i";
        const rect = el("rect", {
          x: col * c + 1, y: row * c + 1, width: c, height: c, fill: colours[ch] || "#fff",
          class: "cell" + (state.first === name ? " selected" : ""), "data-cell": name,
        });
        if (indoor && ch !== "x") rect.setAttribute("fill-opacity", "0.55");
        rect.addEventListener("click", () => onCell(name));
        svg.append(rect);
        const level = doc.map.elevation?.[row]?.[col];
        const marks = [level && level !== "1" && level !== "." ? `↑${level}` : "", indoor ? "in" : "", (doc.map.stairs || []).includes(name) ? "≡" : ""];
        const text = marks.filter(Boolean).join(" ");
        if (text) svg.append(el("text", { x: col * c + 3, y: row * c + 11, class: "label" }, text));
      }
    }
    for (const obj of doc.objects || []) {
      const p = parseCell(obj.at);
      if (p) svg.append(el("text", { x: p.col * c + 3, y: p.row * c + c - 4, class: "label" }, obj.type === "portal" ? `portal ${obj.door[0].toUpperCase()}` : obj.type));
    }
    for (const [a, b] of doc.map.walls || []) {
      const p = parseCell(a);
      const q = parseCell(b);
      if (!p || !q) continue;
      if (p.row === q.row) {
        const x = Math.max(p.col, q.col) * c + 1;
        svg.append(el("line", { x1: x, y1: p.row * c + 1, x2: x, y2: p.row * c + c + 1, class: "wall" }));
      } else {
        const y = Math.max(p.row, q.row) * c + 1;
        svg.append(el("line", { x1: p.col * c + 1, y1: y, x2: p.col * c + c + 1, y2: y, class: "wall" }));
      }
    }
    drawPieces(svg, doc, (name) => {
      const p = parseCell(name);
      return p ? [p.col * c + 1 + c / 2, p.row * c + 1 + c / 2] : null;
    }, c * 0.38, onCell);
    return svg;
  },
};

function drawPieces(svg, doc, centre, radius, onCell) {
  const labels = pieceLabels((doc.pieces || []).map((p) => String(p.id)));
  (doc.pieces || []).forEach((piece, index) => {
    const spots = Array.isArray(piece.at) ? piece.at : [piece.at];
    for (const spot of spots) {
      const xy = centre(spot, index);
      if (!xy) continue;
      const player = piece.player || (piece.type === "monster" ? 2 : 1);
      const fill = ["#3857b8", "#b3261e", "#1e7b34", "#8a4fb8"][(player - 1) % 4] || "#555";
      const dot = el("circle", { cx: xy[0], cy: xy[1], r: radius, fill, "data-piece": piece.id, class: "piece-dot" });
      dot.addEventListener("click", () => onCell(String(spot)));
      svg.append(dot);
      const label = labels[String(piece.id)];
      const squeeze = label.length >= LABEL_WIDTH ? { textLength: (radius * 1.8).toFixed(1), lengthAdjust: "spacingAndGlyphs" } : {};
      svg.append(el("text", { x: xy[0], y: xy[1] + 4, "text-anchor": "middle", class: "piece-label", "data-label": label, ...squeeze }, label));
    }
  });
}

// -- hex grid ---------------------------------------------------------------------------

const HEX_TERRAIN = [
  [".", "empty", "#ffffff"],
  ["x", "wall", "#555555"],
  ["o", "obstacle", "#a58b6f"],
  ["t", "trap", "#e8a0a0"],
  ["h", "hazardous", "#f0c36b"],
  ["d", "difficult", "#b7dfa0"],
  ["D", "closed door", "#8fa8d8"],
  ["L", "locked door", "#56637f"],
  ["/", "open door", "#d5e2f7"],
];

function hexRows(doc) {
  return (doc.map?.terrain || []).map((r) => r.replace(/ /g, ""));
}

function setHexRows(doc, rows) {
  doc.map.terrain = rows.map((r, i) => (i % 2 === 1 ? " " : "") + r.split("").join(" "));
}

export const hex = {
  kind: "hex",
  cell: 22,
  blank(ruleset, width, height) {
    const doc = { ruleset, map: {}, pieces: [], query: { kind: "monster_turn" } };
    setHexRows(doc, Array.from({ length: height }, () => ".".repeat(width)));
    return doc;
  },
  size(doc) {
    const rows = hexRows(doc);
    return { width: rows[0]?.length || 0, height: rows.length };
  },
  tools(game, schema) {
    const objects = squareObjects(schema);
    return [
      ...HEX_TERRAIN.map(([ch, label]) => ({ id: `terrain:${ch}`, label })),
      { id: "wall", label: "thin wall", hint: "click two neighbouring hexes" },
      ...(objects.length ? [{ id: "object", label: "object", option: { type: "select", values: objects } }] : []),
      { id: "piece", label: "figure", option: { type: "select", values: ["monster", "character", "summon"] } },
      { id: "erase", label: "erase" },
      {
        id: "query",
        label: "question field",
        option: {
          type: "select",
          values: ["monster", "piece", "path", "from", "to", "end", "targets", "attacker", "target", "figure", "summoner", "at"],
        },
      },
    ];
  },
  defaults() {
    return (type) => (type === "character" ? { initiative: 50 } : type === "summon" ? {} : {});
  },
  neighbours(col, row) {
    const odd = row % 2 === 0; // 0-based even index = 1-based odd row, flush left
    const d = odd ? [[-1, 0], [1, 0], [-1, -1], [0, -1], [-1, 1], [0, 1]] : [[-1, 0], [1, 0], [0, -1], [1, -1], [0, 1], [1, 1]];
    return d.map(([dc, dr]) => [col + dc, row + dr]);
  },
  paint(doc, tool, name, option, state, game) {
    const { col, row } = parseCell(name);
    if (tool.startsWith("terrain:")) {
      const rows = hexRows(doc);
      rows[row] = rows[row].slice(0, col) + tool.slice(8) + rows[row].slice(col + 1);
      setHexRows(doc, rows);
    } else if (tool === "wall") {
      if (!state.first) { state.first = name; return; }
      const first = parseCell(state.first);
      if (this.neighbours(first.col, first.row).some(([c, r]) => c === col && r === row)) {
        doc.map.walls = doc.map.walls || [];
        toggleWall(doc.map.walls, state.first, name);
        if (!doc.map.walls.length) delete doc.map.walls;
      }
      state.first = null;
    } else if (tool === "piece") {
      const id = placePiece(doc, name, option || "monster", this.defaults(game));
      const piece = doc.pieces.find((p) => p.id === id);
      if (piece.type === "summon" && !piece.owner) {
        const owner = doc.pieces.find((p) => p.type === "character");
        if (owner) piece.owner = owner.id;
      }
      state.selected = id;
    } else if (tool === "object") {
      const objects = (doc.objects || []).filter((o) => o.at !== name);
      if (objects.length === (doc.objects || []).length) objects.push({ type: option || "money", at: name });
      doc.objects = objects;
      if (!objects.length) delete doc.objects;
    } else if (tool === "erase") {
      doc.pieces = (doc.pieces || []).filter((p) => p.at !== name);
      doc.objects = (doc.objects || []).filter((o) => o.at !== name);
      if (!doc.objects.length) delete doc.objects;
    } else if (tool === "query") {
      const field = option || "monster";
      if ((field === "end" || field === "targets") && doc.query.kind === "monster_turn") {
        doc.query.play = doc.query.play || { end: null, targets: [] };
        if (field === "end") doc.query.play.end = name;
        else doc.query.play.targets = [...(doc.query.play.targets || []), pieceAt(doc, name)?.id || name];
      } else setQueryField(doc, field, name, ["path", "targets"]);
    }
  },
  centre(col, row) {
    const s = this.cell;
    const x = (2 * col + (row % 2)) * s * 0.866 + s * 1.2;
    const y = 3 * row * s * 0.5 + s * 1.2;
    return [x, y];
  },
  draw(doc, state, onCell) {
    const { width, height } = this.size(doc);
    const s = this.cell;
    const rows = hexRows(doc);
    const svg = el("svg", {
      viewBox: `0 0 ${(2 * width + 1) * s * 0.866 + s * 1.5} ${(1.5 * height + 0.7) * s + s}`,
      width: (2 * width + 1) * s * 0.866 + s * 1.5, "data-space": "hex",
    });
    const colours = Object.fromEntries(HEX_TERRAIN.map(([ch, , fill]) => [ch, fill]));
    const corner = (x, y, k) => {
      const angle = (Math.PI / 180) * (60 * k - 90);
      return [x + s * Math.cos(angle), y + s * Math.sin(angle)];
    };
    for (let row = 0; row < height; row += 1) {
      for (let col = 0; col < width; col += 1) {
        const name = cellName(col, row);
        const [x, y] = this.centre(col, row);
        const points = [0, 1, 2, 3, 4, 5].map((k) => corner(x, y, k).map((v) => v.toFixed(1)).join(",")).join(" ");
        const poly = el("polygon", { points, fill: colours[rows[row][col]] || "#fff", class: "cell" + (state.first === name ? " selected" : ""), "data-cell": name });
        poly.addEventListener("click", () => onCell(name));
        svg.append(poly);
        svg.append(el("text", { x: x - 7, y: y - s * 0.45, class: "label" }, name));
      }
    }
    for (const [a, b] of doc.map.walls || []) {
      const p = parseCell(a);
      const q = parseCell(b);
      if (!p || !q) continue;
      const [x1, y1] = this.centre(p.col, p.row);
      const [x2, y2] = this.centre(q.col, q.row);
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      const [dx, dy] = [(y2 - y1) * 0.29, -(x2 - x1) * 0.29];
      svg.append(el("line", { x1: mx + dx, y1: my + dy, x2: mx - dx, y2: my - dy, class: "wall" }));
    }
    for (const obj of doc.objects || []) {
      const p = parseCell(obj.at);
      if (!p) continue;
      const [x, y] = this.centre(p.col, p.row);
      svg.append(el("text", { x: x - 9, y: y + s * 0.75, class: "label" }, obj.type === "pressure_plate" ? "plate" : obj.type));
    }
    drawPieces(svg, doc, (name) => {
      const p = parseCell(name);
      return p ? this.centre(p.col, p.row) : null;
    }, s * 0.5, onCell);
    return svg;
  },
};

// -- room graph -------------------------------------------------------------------------

const FLOORS = ["upper", "ground", "basement"];

export const rooms = {
  kind: "room",
  cell: 64,
  blank(ruleset, width, height) {
    const middle = cellName(Math.floor(width / 2), height - 1);
    return {
      ruleset,
      house: { rooms: [{ id: "entrance_hall", floor: "ground", at: middle, doors: "NEW" }] },
      pieces: [],
      query: { kind: "move", path: [] },
      _size: { width, height },
    };
  },
  size(doc) {
    if (doc._size) return doc._size;
    let width = 4;
    let height = 4;
    for (const room of doc.house?.rooms || []) {
      const p = parseCell(room.at);
      if (p) { width = Math.max(width, p.col + 1); height = Math.max(height, p.row + 1); }
    }
    return { width, height };
  },
  tools() {
    return [
      { id: "room", label: "room", option: { type: "text", value: "", label: "room id (blank: a new name)" } },
      { id: "floor", label: "floor", option: { type: "select", values: FLOORS }, hint: "the floor the clicks paint on", floorSelect: true },
      { id: "door", label: "door", hint: "click near a side of a room" },
      { id: "piece", label: "piece", option: { type: "select", values: ["explorer", "monster"] } },
      { id: "erase", label: "erase" },
      { id: "query", label: "question field", option: { type: "select", values: ["piece", "path", "attacker", "defender", "from", "to"] } },
    ];
  },
  defaults() {
    return (type) => (type === "explorer" ? { might: 3, speed: 4, knowledge: 3, sanity: 3 } : { might: 4, speed: 2 });
  },
  roomAt(doc, floor, name) {
    return (doc.house.rooms || []).find((r) => (r.floor || "ground") === floor && r.at === name);
  },
  paint(doc, tool, name, option, state, game, side) {
    const floor = state.floor || "ground";
    const room = this.roomAt(doc, floor, name);
    if (tool === "room") {
      if (room) { state.selected = room.id; return; }
      const used = new Set(doc.house.rooms.map((r) => r.id));
      let id = String(option || "").trim().toLowerCase().replace(/[^a-z0-9_]+/g, "_");
      for (let n = 1; !id || used.has(id); n += 1) id = `room_${n}`;
      doc.house.rooms.push({ id, floor, at: name, doors: "" });
    } else if (tool === "door" && room) {
      const doors = new Set((room.doors || "").split(""));
      if (doors.has(side)) doors.delete(side);
      else doors.add(side);
      room.doors = ["N", "E", "S", "W"].filter((d) => doors.has(d)).join("");
    } else if (tool === "piece" && room) {
      const type = option || "explorer";
      const piece = { id: nextId(doc, type.slice(0, 3)), type, at: room.id, ...this.defaults()(type) };
      doc.pieces = [...(doc.pieces || []), piece];
      state.selected = piece.id;
    } else if (tool === "erase" && room) {
      const pieces = (doc.pieces || []).filter((p) => p.at === room.id);
      if (pieces.length) doc.pieces = doc.pieces.filter((p) => p !== pieces[pieces.length - 1]);
      else doc.house.rooms = doc.house.rooms.filter((r) => r !== room);
    } else if (tool === "query" && room) {
      const field = option || "path";
      const piece = (doc.pieces || []).find((p) => p.at === room.id);
      doc.query = doc.query || {};
      if (field === "path") doc.query.path = [...(doc.query.path || []), room.id];
      else doc.query[field] = ["piece", "attacker", "defender"].includes(field) && piece ? piece.id : room.id;
    }
  },
  draw(doc, state, onCell) {
    const { width, height } = this.size(doc);
    const c = this.cell;
    const floors = el("svg", { viewBox: `0 0 ${width * c + 2} ${(height * c + 24) * FLOORS.length}`, width: width * c + 2, "data-space": "room" });
    FLOORS.forEach((floor, f) => {
      const top = f * (height * c + 24);
      floors.append(el("text", { x: 2, y: top + 16, class: "label" }, `${floor} floor${floor === (state.floor || "ground") ? " (painting)" : ""}`));
      for (let row = 0; row < height; row += 1) {
        for (let col = 0; col < width; col += 1) {
          const name = cellName(col, row);
          const room = this.roomAt(doc, floor, name);
          const x = col * c + 1;
          const y = top + 22 + row * c;
          const rect = el("rect", { x, y, width: c, height: c, fill: room ? "#f5ecd9" : "#fff", class: "cell", "data-cell": name, "data-floor": floor });
          rect.addEventListener("click", (event) => {
            const box = rect.getBoundingClientRect();
            const fx = (event.clientX - box.left) / box.width - 0.5;
            const fy = (event.clientY - box.top) / box.height - 0.5;
            const side = Math.abs(fx) > Math.abs(fy) ? (fx > 0 ? "E" : "W") : (fy > 0 ? "S" : "N");
            state.floor = floor;
            onCell(name, side);
          });
          floors.append(rect);
          if (!room) continue;
          floors.append(el("text", { x: x + 3, y: y + 12, class: "label" }, room.id.slice(0, 12)));
          for (const d of room.doors || "") {
            const [x1, y1, x2, y2] = { N: [x + c / 2 - 8, y, x + c / 2 + 8, y], S: [x + c / 2 - 8, y + c, x + c / 2 + 8, y + c], W: [x, y + c / 2 - 8, x, y + c / 2 + 8], E: [x + c, y + c / 2 - 8, x + c, y + c / 2 + 8] }[d];
            floors.append(el("line", { x1, y1, x2, y2, stroke: "#3857b8", "stroke-width": 6, "pointer-events": "none" }));
          }
          const labels = pieceLabels((doc.pieces || []).map((p) => String(p.id)));
          (doc.pieces || []).filter((p) => String(p.at).split(":")[0] === room.id).forEach((piece, k) => {
            floors.append(el("circle", { cx: x + 8, cy: y + 22 + k * 12, r: 5, fill: piece.type === "monster" ? "#b3261e" : "#3857b8", "data-piece": piece.id, "pointer-events": "none" }));
            floors.append(el("text", { x: x + 16, y: y + 26 + k * 12, class: "piece-label", style: "fill: #222", "pointer-events": "none" }, labels[String(piece.id)]));
          });
        }
      }
    });
    return floors;
  },
};

export const SPACES = { square, hex, room: rooms };
