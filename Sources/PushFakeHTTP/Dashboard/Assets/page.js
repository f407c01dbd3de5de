// The dashboard's shared ground (docs/dashboard.md): where the page lives, drawing elements from data (text always
// as text), the calls it makes and the model the other scripts fill and draw. Loaded before journal.js,
// devices.js, world.js, faults.js, compose.js and dashboard.js, whose functions use these.
"use strict";

// ---- Where this page lives: /__pushfake/ or an instance's /i/{id}/__pushfake/ (admin-api.js); vendor paths hang
// off the root.
const ROOT = AdminAPI.ROOT;
const INSTANCE = (ROOT.match(/^\/i\/([^/]+)$/) || [])[1] || null;
const MAX_ROWS = 500;

const $ = (id) => document.getElementById(id);

// h("p", {class: "x"}, "text", child…): elements from data, with text always set as text.
function h(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.className = value;
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

function notice(message) {
  const box = $("notice");
  box.textContent = message || "";
  box.hidden = !message;
}

const pretty = (value) => JSON.stringify(value, null, 2);
const shortTime = (iso) => (iso ? String(iso).replace(/^.*T(\d\d:\d\d:\d\d).*$/, "$1") : "");
const utc = (iso) => String(iso).replace("T", " ").replace(/\.\d+Z$/, " UTC");
const splitList = (text) => text.split(/[\s,]+/).filter(Boolean);

// ---- Calls. Admin calls name an operation of the server's OpenAPI document and carry the token (admin-api.js);
// vendor calls do not need it and go to the instance's vendor paths.
const admin = AdminAPI.call;

async function vendorPost(path, body, headers, method = "POST") {
  const response = await fetch(ROOT + path, {
    method, cache: "no-store", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
  });
  const text = await response.text();
  let json = text;
  try { json = JSON.parse(text); } catch (error) { /* shown as text */ }
  return { status: response.status, json };
}

// ---- Model: the journal as the stream delivered it, and the world as GET …/state last described it.
const model = {
  entries: [], bySeq: new Map(), lastId: "0", selected: null,
  world: null, views: {}, vendors: null, deliveries: new Map(), fresh: new Set(), loaded: false,
};
