// The PushFake dashboard (docs/dashboard.md). It reads only the admin API, whose calls are never journaled, and
// follows the fake through GET /__pushfake/events (Sources/PushFakeHTTP/Events/EventHub.swift), so nothing here
// polls. The compose forms are the exception on purpose: they send through the vendor routes, so the journal shows
// them exactly like a backend's calls. Every value from the fake reaches the page as text (textContent), never as
// markup: journal entries hold whatever any client sent.
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

// ---- The event stream, read with fetch so the Authorization header can go along (EventSource cannot send one).
// After an error or a `dropped` event it reconnects with ?since= the last event id (EPOCH:SEQ), and the server
// replays what was missed; when the journal restarted meanwhile (a reset, a cleared journal, a restarted server)
// the server says so with a `reset` event first (FakeBehaviour.md, "The events stream").
let stream = null;
let ended = false;
function setLive(state, text) {
  const live = $("live");
  live.className = "live " + state;
  live.textContent = text;
}

async function listen() {
  if (stream) stream.abort();
  const controller = new AbortController();
  stream = controller;
  try {
    const { response } = await AdminAPI.fetch("events", { query: { since: model.lastId } },
      { headers: { Accept: "text/event-stream" }, signal: controller.signal });
    if (!response.ok) {
      let message = `HTTP ${response.status}`;
      try { message = (await response.json()).error || message; } catch (error) { /* keep the status */ }
      throw new Error(message);
    }
    setLive("on", "live");
    notice("");
    scheduleRefresh();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        handleEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
    setLive("off", ended ? "ended" : "reconnecting…");
  } catch (error) {
    if (controller.signal.aborted) return;
    setLive("off", "offline");
    notice(`Event stream: ${error.message}. Retrying…`);
  }
  if (ended) return;
  if (stream === controller) setTimeout(() => { if (stream === controller) listen(); }, 2000);
}

function handleEvent(block) {
  let type = "message";
  const data = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) type = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    else if (line.startsWith("id:")) model.lastId = line.slice(3).trim();
  }
  if (!data.length) return;
  const payload = JSON.parse(data.join("\n"));
  // The fleet view (fleet.js) follows the same stream: it gets every event as it arrives, in order.
  document.dispatchEvent(new CustomEvent("pushfake:event", { detail: { type, payload } }));
  if (type === "entry") addEntry(payload);
  else if (type === "delivery") addDelivery(payload);
  else if (type === "note") addNote(payload);
  else if (type === "reset") {
    // A cleared journal leaves the rest of the fake as it was; any other restart forgets the schedule too.
    if (payload.cause !== "journalCleared") scheduledBefore = new Map();
    forgetJournal(payload.cause === "journalCleared" ? "" : "The fake was reset.");
  }
  else if (type === "state") {
    // Anyone's loaded state replaced the deliveries and notifications (what was scheduled was not deleted).
    model.deliveries.clear();
    scheduledBefore = new Map();
    lastWorld = "";
    scheduleRefresh();
  }
  else if (type === "dropped") notice(`The event stream fell behind (${payload.reason}); catching up.`);
  else if (type === "end") {
    // The server stops (it may come back: keep trying) or this instance is gone (nothing to come back to).
    ended = payload.reason === "instanceDeleted";
    notice(`The server ended the event stream: ${payload.message}.`);
  }
}

// The journal restarted (anyone's reset or clear, this page's or a test's): what the page shows of it is gone,
// and the entries that follow are the new journal's.
function forgetJournal(message) {
  model.entries = [];
  model.bySeq.clear();
  model.selected = null;
  $("entry-detail").hidden = true;
  $("compose-result").replaceChildren();
  renderJournal();
  lastWorld = "";
  scheduleRefresh();
  if (message) notice(message);
}

function addEntry(entry) {
  if (model.bySeq.has(entry.seq)) return;
  model.entries.push(entry);
  model.bySeq.set(entry.seq, entry);
  if (entry.operation) addOption($("operation-list"), entry.operation);
  queueRow(entry);
  scheduleRefresh();
}

function addDelivery(delivery) {
  model.deliveries.set(delivery.id, delivery);
  if (model.loaded) model.fresh.add(delivery.id);
  scheduleRefresh();
}

// A note added to a delivery after it was made (a simulator push that failed): on the delivery and on the journal
// entry that caused it.
function addNote({ delivery, note }) {
  model.deliveries.set(delivery.id, delivery);
  const entry = model.entries.find((e) => (e.deliveries || []).includes(delivery.id));
  if (entry) {
    entry.notes = (entry.notes || []).concat([note]);
    if (model.selected === entry.seq) renderDetail();
  }
  scheduleRefresh();
}

function addOption(list, value) {
  if (![...list.options].some((option) => option.value === value)) list.append(h("option", { value }));
}

// ---- Journal: newest first, filtered in the page; rows are buttons for the keyboard too (Enter or Space).
function journalFilters() {
  const form = $("journal-filters");
  return {
    vendor: form.vendor.value, operation: form.operation.value.trim(), app: form.app.value.trim(),
    device: form.device.value.trim(), status: form.status.value.trim().replace(/x+$/i, ""),
    faulted: form.faulted.checked,
  };
}

function matches(entry, f) {
  const has = (value, wanted) => !wanted || String(value || "").toLowerCase().includes(wanted.toLowerCase());
  return (!f.vendor || entry.vendor === f.vendor) && has(entry.operation, f.operation) && has(entry.app, f.app)
    && has(entry.device, f.device) && (!f.status || String(statusOf(entry)).startsWith(f.status))
    && (!f.faulted || Boolean(entry.fault));
}

const statusOf = (entry) => (entry.response && entry.response.status) || entry.outcome;

function journalRow(entry) {
  const label = `${entry.request.method} ${entry.request.path}`;
  const status = statusOf(entry);
  const kind = typeof status === "number" && status < 400 ? "ok" : "bad";
  return h("tr", { tabindex: 0, "data-seq": entry.seq, class: model.selected === entry.seq ? "selected" : null,
    "aria-selected": model.selected === entry.seq ? "true" : "false" },
    h("td", { class: "num" }, entry.seq),
    h("td", null, h("time", { datetime: entry.time }, shortTime(entry.time))),
    h("td", { class: "request" },
      h("span", { class: "op" }, entry.vendor ? `${entry.vendor}.${entry.operation}` : "unmatched"),
      h("span", { class: "path", title: label }, label)),
    h("td", null, entry.app || ""),
    h("td", { class: "mono" }, entry.device || ""),
    h("td", null, h("span", { class: `status ${kind}` }, status),
      entry.fault ? h("span", { class: "chip fault", title: entry.fault.description }, "fault") : null,
      entry.deliveries && entry.deliveries.length
        ? h("span", { class: "chip", title: "deliveries caused" }, `→ ${entry.deliveries.length}`) : null));
}

let pendingRows = [];
function queueRow(entry) {
  pendingRows.push(entry);
  if (pendingRows.length === 1) setTimeout(flushRows, 30);
}

// A replay brings thousands of entries at once; a few live ones are inserted without redrawing the table,
// so a row that has keyboard focus keeps it.
function flushRows() {
  const batch = pendingRows;
  pendingRows = [];
  if (batch.length > 50) return renderJournal();
  const body = $("journal-rows");
  const filters = journalFilters();
  for (const entry of batch) if (matches(entry, filters)) body.prepend(journalRow(entry));
  while (body.rows.length > MAX_ROWS) body.lastChild.remove();
  updateJournalCount();
}

function renderJournal() {
  const filters = journalFilters();
  const shown = [];
  for (let i = model.entries.length - 1; i >= 0 && shown.length < MAX_ROWS; i--) {
    if (matches(model.entries[i], filters)) shown.push(journalRow(model.entries[i]));
  }
  $("journal-rows").replaceChildren(...shown);
  updateJournalCount();
}

function updateJournalCount() {
  const rows = $("journal-rows").rows.length;
  $("journal-empty").hidden = rows > 0;
  const total = model.entries.length;
  $("journal-count").textContent = rows === total ? `${total} requests` : `${rows} of ${total} shown`;
}

function openEntry(seq) {
  model.selected = seq;
  for (const row of $("journal-rows").rows) {
    const on = Number(row.dataset.seq) === seq;
    row.classList.toggle("selected", on);
    row.setAttribute("aria-selected", on ? "true" : "false");
  }
  renderDetail();
}

function headerList(headers) {
  return h("ul", { class: "headers" },
    (headers || []).map(([name, value]) => h("li", null, h("b", null, name + ":"), " ", value)));
}

function bodyBlock(message) {
  if (!message) return h("p", { class: "muted" }, "none");
  if (message.json !== undefined && message.json !== null) return h("pre", { class: "json" }, pretty(message.json));
  return message.body ? h("pre", { class: "json" }, message.body) : h("p", { class: "muted" }, "empty body");
}

function renderDetail() {
  const box = $("entry-detail");
  const entry = model.bySeq.get(model.selected);
  if (!entry) { box.hidden = true; return; }
  const request = entry.request;
  const caused = (entry.deliveries || []).map((id) => model.deliveries.get(id)).filter(Boolean);
  const query = request.query ? "?" + request.query : "";
  box.replaceChildren(h("div", null,
    h("div", { class: "panel-head" },
      h("h3", { id: "entry-heading", tabindex: -1 }, `#${entry.seq} ${request.method} ${request.path}${query}`),
      h("button", { type: "button", class: "actions", onclick: closeEntry }, "Close")),
    h("p", { class: "meta" },
      `${entry.time} · ${entry.vendor ? entry.vendor + "." + entry.operation : "unmatched"} · ${entry.transport}`,
      entry.route ? ` · route ${entry.route}` : "", ` · ${entry.outcome}`,
      entry.delay ? ` · delayed ${entry.delay} s` : ""),
    entry.notes && entry.notes.length ? h("ul", { class: "notes" }, entry.notes.map((n) => h("li", null, n))) : null,
    entry.fault ? h("p", { class: "fault-line" }, h("strong", null, "Fault applied: "),
      `${entry.fault.id}: ${entry.fault.description}`) : null,
    h("div", { class: "exchange" },
      h("div", null, h("h4", null, "Request"), headerList(request.headers),
        h("h5", null, "Body"), bodyBlock(request)),
      h("div", null, h("h4", null, `Response ${entry.response ? entry.response.status : ""}`),
        headerList(entry.response && entry.response.headers), h("h5", null, "Body"), bodyBlock(entry.response))),
    entry.deliveries && entry.deliveries.length
      ? h("div", null, h("h4", null, `Deliveries caused (${entry.deliveries.length})`),
        h("ol", { class: "pushes grid" }, caused.map((d) => renderPush(d, true))))
      : null));
  box.hidden = false;
}

function closeEntry() {
  const seq = model.selected;
  model.selected = null;
  $("entry-detail").hidden = true;
  const row = [...$("journal-rows").rows].find((r) => Number(r.dataset.seq) === seq);
  if (row) { row.classList.remove("selected"); row.setAttribute("aria-selected", "false"); row.focus(); }
}

// Downloads go through fetch (a plain link could not carry the token); the server applies the filters it knows.
async function download(format) {
  const f = journalFilters();
  const query = { format };
  for (const name of ["vendor", "operation", "app", "device"]) if (f[name]) query[name] = f[name];
  if (/^\d{3}$/.test(f.status)) query.status = f.status;
  if (f.faulted) query.faulted = "true";
  try {
    const { response } = await AdminAPI.fetch("getJournal", { query });
    if (!response.ok) throw new Error((await response.json()).error || `HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = h("a", { href: url, download: `pushfake-journal.${format === "har" ? "har" : "jsonl"}` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (error) { notice(`Download: ${error.message}`); }
}

// ---- The world: one GET …/state (devices, inbox, notifications, deliveries, faults, clock, apps) plus
// GET …/devices for the `active` some cards read there, refreshed at most every 150 ms while events arrive.
let refreshTimer = null;
let refreshing = false;
let refreshAgain = false;
function scheduleRefresh() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(async () => {
    refreshTimer = null;
    if (refreshing) { refreshAgain = true; return; }
    refreshing = true;
    try { await refresh(); } catch (error) { notice(`Refresh: ${error.message}`); }
    refreshing = false;
    if (refreshAgain) { refreshAgain = false; scheduleRefresh(); }
  }, 150);
}

let lastWorld = "";
async function refresh() {
  // GET …/vendors says how each vendor's devices and deliveries are drawn (its card); it never changes.
  if (!model.vendors) drawVendors((await admin("listVendors")).vendors || []);
  const [world, devices] = await Promise.all([admin("getState"), admin("listDevices")]);
  // Most events change nothing shown here (a badge read, a 404): then nothing is redrawn, and focus stays put.
  const text = JSON.stringify([world, devices]);
  if (text === lastWorld && !model.fresh.size) return;
  lastWorld = text;
  model.world = world;
  model.views = devices || {};
  model.deliveries = new Map((world.deliveries || []).map((d) => [d.id, d]));
  model.loaded = true;
  renderClock(world.clock);
  renderDevices();
  renderFaults(world.faults || []);
  renderScheduled();
  Compose.suggestApps(model.vendors, world, vendorSection);
  if (model.selected !== null && !$("entry-detail").hidden) renderDetail();
}

const vendorSection = (name) => (model.world && model.world.vendors && model.world.vendors[name]) || {};
const vendorOf = (name) => (model.vendors || []).find((v) => v.name === name);

// The vendors' forms and filters, from their cards (compose.js): drawn once, when GET …/vendors first answers.
let vendorFault = () => null;
function drawVendors(vendors) {
  model.vendors = vendors;
  const filter = $("journal-filters").vendor;
  filter.replaceChildren(h("option", { value: "" }, "any"),
    ...vendors.map((v) => h("option", { value: v.name }, v.displayName)));
  wireTabs(Compose.draw(vendors, () => model.world));
  vendorFault = Compose.drawFaults(vendors);
  updateFaultForm();
}

function renderClock(clock) {
  if (!clock) return;
  const text = utc(clock.now);
  $("clock-now").textContent = text;
  $("clock-now").setAttribute("datetime", clock.now);
  $("clock-detail").textContent = `${text} (${clock.mode})`;
}

// ---- The phone: what a device shows for a delivery, from the payload it would receive.

// APNs (TwinPushWireProtocol.md §7.1): aps.alert is a string or {title, subtitle, body}; the OS applies
// aps.badge; a rich URL or an `attachment` key is media a service extension would fetch (mutable-content).
function iosBannerModel(payload, appName) {
  const aps = payload.aps || {};
  const alert = typeof aps.alert === "string" ? { body: aps.alert } : aps.alert || {};
  return {
    kind: "ios", app: appName, title: alert.title || "", subtitle: alert.subtitle || "", body: alert.body || "",
    badge: typeof aps.badge === "number" ? aps.badge : null, sound: aps.sound || null,
    mutable: aps["mutable-content"] === 1, attachment: payload.attachment || payload.tp_rich_url || null,
    silent: !aps.alert,
  };
}

// FCM/HMS data message (TwinPushWireProtocol.md §7.2): every value is a string; a blank title shows the app's
// name, `custom` and `tags` are JSON inside strings, and a `tp_silent` tag means nothing is shown.
function androidNotificationModel(data, appName) {
  const parse = (text, fallback) => { try { return JSON.parse(text); } catch (error) { return fallback; } };
  const custom = parse(data.custom || "{}", {});
  const tags = parse(data.tags || "[]", []);
  return {
    kind: "android", app: appName, title: data.title || appName, body: data.message || "",
    rich: data.tp_rich_url || null, channel: (custom && custom.tp_channel_id) || null,
    silent: Array.isArray(tags) && tags.includes("tp_silent"),
  };
}

function pushModel(delivery) {
  const payload = delivery.payload && typeof delivery.payload === "object" ? delivery.payload : {};
  const apple = delivery.platform === "ios" || delivery.platform === "ios_sandbox";
  return apple ? iosBannerModel(payload, delivery.app) : androidNotificationModel(payload, delivery.app);
}

// What the push networks' checks found (DeliveryChecks.md): a mark on the banner, red when APNs or FCM would refuse
// the push, amber when it is only a warning, with each problem listed under the banner.
function problemMark(delivery) {
  const problems = delivery.problems || [];
  if (!problems.length && delivery.status !== "failed") return null;
  const rejected = delivery.status === "failed";
  const lines = problems.map((p) => `${p.severity} ${p.code}: ${p.message}`);
  if (!lines.length) lines.push(`failed ${delivery.reason || "unknown"}`);
  const label = rejected ? "refused by the push network" : `${problems.length} warning(s)`;
  return h("span", { class: `push-mark ${rejected ? "rejected" : "warning"}`, title: lines.join("\n"),
    "aria-label": `${label}: ${lines.join("; ")}` }, rejected ? "✕" : "!");
}

function problemList(delivery) {
  const problems = delivery.problems || [];
  if (!problems.length) return null;
  return h("ul", { class: "problems" }, problems.map((p) => h("li", { class: p.severity },
    h("strong", null, p.code), `: ${p.message} (limit ${p.limit}; measured ${p.measured})`)));
}

function renderPush(delivery, withDevice) {
  const view = pushModel(delivery);
  const flags = [];
  if (view.kind === "ios") {
    if (view.sound) flags.push(`sound ${view.sound}`);
    if (view.mutable) flags.push("mutable-content");
    if (view.attachment) flags.push("attachment");
    if (delivery.platform === "ios_sandbox") flags.push("sandbox");
  } else {
    if (view.rich) flags.push("rich URL");
    if (view.channel) flags.push(`channel ${view.channel}`);
  }
  if (view.silent) flags.push("silent: not shown");
  if (delivery.status === "failed") flags.push(`failed: ${delivery.reason || "unknown"}`);
  if (delivery.openedAt) flags.push("opened"); else if (delivery.receivedAt) flags.push("received");
  // A notification deleted since (its card names the vendor's notification list) is gone from the state; its
  // deliveries stay as history, marked so.
  const card = (vendorOf(delivery.vendor) || {}).card;
  const listed = card && card.notifications ? vendorSection(delivery.vendor)[card.notifications] : null;
  const deleted = Array.isArray(listed) && !listed.some((n) => n.id === delivery.notificationId);
  if (deleted) flags.push("notification deleted");
  const warned = delivery.status !== "failed" && (delivery.problems || []).length > 0;
  const classes = ["push", view.kind, view.silent ? "silent" : "", delivery.status === "failed" ? "failed" : "",
    warned ? "warned" : "", deleted ? "deleted" : "", model.fresh.has(delivery.id) ? "fresh" : ""].join(" ");
  return h("li", { class: classes, "data-delivery": delivery.id, "data-notification": delivery.notificationId },
    h("div", { class: "push-head" },
      h("span", { class: "app-icon", "aria-hidden": "true" }, (view.app || "?").slice(0, 1).toUpperCase(),
        view.badge !== null && view.badge > 0 ? h("span", { class: "icon-badge" }, view.badge) : null),
      h("span", { class: "app-name" }, view.app), problemMark(delivery),
      h("time", { datetime: delivery.createdAt }, shortTime(delivery.createdAt).slice(0, 5))),
    h("div", { class: "push-text" },
      view.title ? h("strong", { class: "push-title" }, view.title) : null,
      view.subtitle ? h("span", { class: "push-subtitle" }, view.subtitle) : null,
      h("span", { class: "push-body" }, view.body)),
    view.kind === "ios" && view.badge !== null ? h("span", { class: "push-badge" }, `badge ${view.badge}`) : null,
    flags.length ? h("span", { class: "push-flags" }, flags.join(" · ")) : null,
    problemList(delivery),
    (delivery.notes || []).length ? h("ul", { class: "notes" }, delivery.notes.map((n) => h("li", null, n))) : null,
    withDevice ? h("span", { class: "push-device" }, `to ${delivery.deviceId} (${delivery.platform})`) : null);
}

// ---- Device cards, every vendor with a card (GET …/vendors), each with its notifications as the phone would show
// them and its inbox.
function devicesOfAllVendors() {
  const list = [];
  for (const vendor of model.vendors || []) {
    const card = vendor.card;
    if (!card) continue;
    const views = new Map((model.views[vendor.name] || []).filter((d) => d && typeof d === "object")
      .map((d) => [d[card.id], d]));
    for (const d of vendorSection(vendor.name)[card.devices] || []) {
      const platform = d[card.platform];
      const source = card.activeInDevicesView ? views.get(d[card.id]) || {} : d;
      const properties = card.properties && Array.isArray(d[card.properties.list]) ? d[card.properties.list] : [];
      list.push({
        vendor: vendor.name, title: vendor.displayName, key: `${vendor.name}|${d[card.app]}|${d[card.id]}`,
        id: d[card.id], app: d[card.app], platform: card.platforms[platform] || platform,
        token: card.token ? d[card.token] : null, heading: card.heading ? d[card.heading] : null,
        active: card.active && source[card.active] !== undefined ? source[card.active] : true,
        facts: card.facts.map((f) => [f.label, d[f.member]]), record: d,
        properties: properties.map((p) => [p[card.properties.key], p[card.properties.value]]),
      });
    }
  }
  return list;
}

// The device's inbox, when its vendor's card describes one: the items of its app and heading (in any case), each
// with its notification's title and body.
function inboxOf(device) {
  const card = (vendorOf(device.vendor) || {}).card;
  if (!card || !card.inbox || !device.heading) return null;
  const inbox = card.inbox;
  const fields = card.notificationFields || { id: "id", title: null, body: "body" };
  const section = vendorSection(device.vendor);
  const notifications = new Map((section[card.notifications] || []).map((n) => [n[fields.id], n]));
  const heading = String(device.heading).toLowerCase();
  return (section[inbox.list] || [])
    .filter((item) => item[inbox.app] === device.app && String(item[inbox.heading]).toLowerCase() === heading)
    .map((item) => {
      const n = notifications.get(item[inbox.notification]);
      return { id: item[inbox.notification], title: n && fields.title ? n[fields.title] : null,
        body: n ? n[fields.body] : null, opened: item[inbox.opened], received: item[inbox.received] };
    });
}

const PLATFORM_NAMES = { ios: "iOS", android: "Android", huawei: "Huawei" };

function deviceCard(device, pushes) {
  const cardID = "device-" + device.key.replace(/[^A-Za-z0-9]+/g, "-");
  const inbox = inboxOf(device);
  const value = (v) => (v === null || v === undefined || v === "" ? "—" : String(v));
  const facts = [
    ["id", device.id], ["app", device.app], ["token", device.token], ...device.facts,
    device.properties.length ? ["properties", device.properties.map(([k, v]) => `${k}=${v}`).join(", ")] : null,
  ].filter(Boolean);
  const shown = pushes.slice(0, 3);
  const older = pushes.slice(3);
  return h("article", {
    class: `card ${device.platform} ${device.active ? "" : "inactive"}`, id: cardID, "aria-labelledby": cardID + "-h",
    "data-vendor": device.vendor, "data-device": device.id, "data-alias": device.heading,
  },
  h("header", null,
    h("span", { class: `chip platform ${device.platform}` }, PLATFORM_NAMES[device.platform] || device.platform),
    h("h3", { id: cardID + "-h" }, device.heading || device.id),
    h("span", { class: "chip" }, device.title),
    h("span", { class: `chip ${device.active ? "ok" : "bad"}` }, device.active ? "active" : "inactive")),
  h("dl", { class: "facts" }, facts.map(([k, v]) => [h("dt", null, k), h("dd", { title: value(v) }, value(v))])),
  h("div", { class: `phone ${device.platform === "ios" ? "ios" : "android"}`, "aria-label": "Notifications" },
    pushes.length ? h("ol", { class: "pushes" }, shown.map((d) => renderPush(d, false)))
      : h("p", { class: "empty" }, "No notifications yet."),
    older.length ? h("details", { id: cardID + "-older" }, h("summary", null, `${older.length} earlier`),
      h("ol", { class: "pushes" }, older.map((d) => renderPush(d, false)))) : null),
  inbox ? h("details", { class: "inbox", id: cardID + "-inbox" },
    h("summary", null, `Inbox: ${inbox.length}, ${inbox.filter((i) => !i.opened).length} unopened`),
    h("ul", { class: "plain" }, inbox.map((item) => h("li", { class: item.opened ? "opened" : "unopened" },
      h("strong", null, item.title || item.body || item.id), item.title ? ` ${item.body}` : "",
      h("span", { class: "muted" }, item.opened ? ` · opened ${shortTime(item.opened)}`
        : item.received ? " · received, unopened" : " · unopened"))))) : null);
}

function renderDevices() {
  const wanted = $("device-filter").value.trim().toLowerCase();
  const byDevice = new Map();
  for (const delivery of model.deliveries.values()) {
    const key = `${delivery.vendor}|${delivery.app}|${delivery.deviceId}`;
    if (!byDevice.has(key)) byDevice.set(key, []);
    byDevice.get(key).unshift(delivery);
  }
  const all = devicesOfAllVendors();
  const devices = all.filter((d) => !wanted || [d.id, d.heading, d.token, d.app, ...Object.values(d.record)]
    .some((v) => v && typeof v !== "object" && String(v).toLowerCase().includes(wanted)));
  // Redrawing keeps what the user had open and focused.
  const active = document.activeElement;
  const focused = active && active.closest("#device-list") ? active : null;
  const focusID = focused && (focused.id || (focused.parentElement && focused.parentElement.id));
  const open = new Set([...document.querySelectorAll("#device-list details[open]")].map((d) => d.id));
  const cards = devices.slice(0, 200).map((d) => deviceCard(d, byDevice.get(d.key) || []));
  $("device-list").replaceChildren(...cards);
  for (const id of open) { const details = $(id); if (details) details.open = true; }
  if (focusID && $(focusID)) ($(focusID).querySelector("summary") || $(focusID)).focus();
  $("devices-empty").hidden = all.length > 0;
  $("device-count").textContent =
    devices.length === all.length ? `${all.length}` : `${devices.length} of ${all.length}`;
  model.fresh.clear();
}

// ---- Compose: a backend's calls, sent to the vendor routes; the answer and its deliveries show at once.
function showResult(title, answer, deliveries) {
  $("compose-result").replaceChildren(h("div", null,
    h("h3", null, title),
    h("pre", { class: "json" }, typeof answer.json === "string" ? answer.json : pretty(answer.json)),
    deliveries ? h("h4", null, `Deliveries: ${deliveries.length}`) : null,
    deliveries && deliveries.length
      ? h("ol", { class: "pushes grid" }, deliveries.map((d) => renderPush(d, true))) : null));
}

// Tabs: arrow keys move between them, as the ARIA tabs pattern expects.
function wireTabs(tabs) {
  for (const tab of tabs) {
    tab.addEventListener("click", () => selectTab(tab));
    tab.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      selectTab(next);
      next.focus();
    });
  }
}

function selectTab(tab) {
  for (const other of document.querySelectorAll("[role=tab]")) {
    const on = other === tab;
    other.setAttribute("aria-selected", on ? "true" : "false");
    other.tabIndex = on ? 0 : -1;
    $(other.getAttribute("aria-controls")).hidden = !on;
  }
}

// ---- Fault rules: the form writes the JSON rule (docs/fault-rules.md), which the preview shows as sent.
function faultRuleFromForm() {
  const form = $("fault-form");
  const match = {};
  for (const name of ["vendor", "operation", "app", "device"]) {
    if (form[name].value.trim()) match[name] = form[name].value.trim();
  }
  const kinds = {
    status: () => ({ status: Number(form.status.value) }),
    dropConnection: () => ({ drop: "connection" }),
    dropResponse: () => ({ drop: "response" }),
    malformedBody: () => ({ malformedBody: true }),
    delay: () => ({}),
  };
  // A vendor's error code (its card's fault preset, compose.js), or one of the fake's own kinds.
  const fault = kinds[form.kind.value] ? kinds[form.kind.value]() : vendorFault(form.kind.value) || {};
  if (form.delay.value !== "") fault.delay = Number(form.delay.value);
  let scope = form.scope.value;
  if (scope === "custom") {
    scope = {};
    for (const name of ["times", "after", "probability"]) {
      if (form[name].value !== "") scope[name] = Number(form[name].value);
    }
  }
  return { match, fault, scope };
}

function updateFaultForm() {
  const form = $("fault-form");
  for (const label of form.querySelectorAll("[data-kind]")) label.hidden = label.dataset.kind !== form.kind.value;
  for (const label of form.querySelectorAll("[data-scope]")) label.hidden = form.scope.value !== "custom";
  $("fault-json").textContent = JSON.stringify(faultRuleFromForm());
}

function renderFaults(faults) {
  $("fault-rows").replaceChildren(...faults.map((rule) => h("tr", { class: rule.exhausted ? "exhausted" : null },
    h("td", null, h("code", null, rule.id), " ", rule.description.replace(/^[^:]*: /, ""),
      rule.exhausted ? h("span", { class: "chip" }, "exhausted") : null),
    h("td", { class: "num" }, rule.matchCount),
    h("td", { class: "num" }, rule.appliedCount),
    h("td", null,
      h("button", { type: "button", "data-remove": rule.id, "aria-label": `Remove ${rule.id}` }, "Remove")))));
  $("faults-empty").hidden = faults.length > 0;
  document.querySelector(".rules").hidden = !faults.length;
}

// Runs an admin change, then redraws from the fake's state; false (and a notice) when the fake refused it.
async function act(what, promise) {
  try {
    await promise;
    notice("");
    scheduleRefresh();
    return true;
  } catch (error) {
    notice(`${what}: ${error.message}`);
    return false;
  }
}

// ---- Clock, scheduled notifications, instances, state.
// Notifications that were scheduled at the last look and are sent now were released by the clock: say so, next
// to the list, so a clock move shows what it delivered. Those that are gone altogether were deleted (their send
// cancelled): say that too.
let scheduledBefore = new Map();
function renderScheduled() {
  // Every vendor whose card names its notifications' fields: what waits for the clock, as {id, title, body, …}.
  const notifications = (model.vendors || []).filter((v) => v.card && v.card.notificationFields).flatMap((v) => {
    const f = v.card.notificationFields;
    return (vendorSection(v.name)[v.card.notifications] || []).map((n) => ({
      id: `${v.name}|${n[f.id]}`, title: f.title ? n[f.title] : null, body: n[f.body], app: n[f.app],
      due: n[f.due], scheduled: n[f.status] === f.scheduled, delivered: f.delivered ? n[f.delivered] : null,
    }));
  });
  const scheduled = notifications.filter((n) => n.scheduled);
  $("scheduled").replaceChildren(...(scheduled.length ? scheduled.map((n) => h("li", null,
    h("strong", null, n.title || n.body), n.title ? ` ${n.body}` : "",
    h("span", { class: "muted" }, ` · due ${utc(n.due)} · ${n.app}`)))
    : [h("li", { class: "muted" }, "None: nothing waits for the clock.")]));
  const released = notifications.filter((n) => scheduledBefore.has(n.id) && !n.scheduled);
  const present = new Set(notifications.map((n) => n.id));
  const deleted = [...scheduledBefore.values()].filter((n) => !present.has(n.id));
  const said = [];
  if (released.length) {
    said.push("Released by the clock: " + released.map((n) =>
      `${n.title || n.body} (${n.delivered} delivered, due ${utc(n.due)})`).join("; "));
  }
  if (deleted.length) {
    said.push("Deleted, send cancelled: " + deleted.map((n) =>
      `${n.title || n.body} (was due ${utc(n.due)})`).join("; "));
  }
  if (said.length) $("released").textContent = said.join(" · ");
  scheduledBefore = new Map(scheduled.map((n) => [n.id, n]));
}

async function loadInstances() {
  const select = $("instance-select");
  try {
    const list = (await admin("listInstances", {}, { top: true })).instances || [];
    const options = [h("option", { value: "" }, "main")]
      .concat(list.map((i) => h("option", { value: i.id }, `instance ${i.id}`)));
    if (INSTANCE && !list.some((i) => i.id === INSTANCE)) {
      options.push(h("option", { value: INSTANCE }, `instance ${INSTANCE} (gone)`));
    }
    select.replaceChildren(...options);
    select.value = INSTANCE || "";
  } catch (error) { notice(`Instances: ${error.message}`); }
}

// The dashboard of an instance (the document's second server, /i/{instance}) or of the main fake.
async function pageOf(id) {
  return (await AdminAPI.request("getDashboard", {}, { instance: id })).url;
}

async function saveState() {
  try {
    const blob = new Blob([pretty(await admin("getState"))], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = h("a", { href: url, download: `pushfake-state${INSTANCE ? "-" + INSTANCE : ""}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (error) { notice(`State: ${error.message}`); }
}

// The stream's `reset` event clears the journal shown, whoever reset the fake.
async function reset() {
  if (!confirm("Reset the fake? Devices, notifications, deliveries, journal and faults are forgotten.")) return;
  await act("Reset", admin("reset"));
}

// ---- Wiring.
function wire() {
  $("journal-filters").addEventListener("input", renderJournal);
  $("journal-filters").addEventListener("submit", (e) => e.preventDefault());
  const rows = $("journal-rows");
  rows.addEventListener("click", (e) => {
    const row = e.target.closest("tr");
    if (row) openEntry(Number(row.dataset.seq));
  });
  rows.addEventListener("keydown", (e) => {
    const row = e.target.closest("tr");
    if (!row) return;
    const next = { ArrowDown: row.nextElementSibling, ArrowUp: row.previousElementSibling }[e.key];
    if (e.key === "Enter" || e.key === " ") openEntry(Number(row.dataset.seq));
    else if (next) next.focus();
    else return;
    e.preventDefault();
  });
  $("entry-detail").addEventListener("keydown", (e) => { if (e.key === "Escape") closeEntry(); });
  $("download-jsonl").addEventListener("click", () => download("jsonl"));
  $("download-har").addEventListener("click", () => download("har"));
  // The stream's `reset` event (cause journalCleared) clears the rows, for every page watching.
  $("clear-journal").addEventListener("click", () => act("Clear journal", admin("clearJournal")));
  $("device-filter").addEventListener("input", renderDevices);

  const faultForm = $("fault-form");
  faultForm.addEventListener("input", updateFaultForm);
  faultForm.addEventListener("change", updateFaultForm);
  faultForm.addEventListener("submit", (e) => {
    e.preventDefault();
    act("Fault rule", admin("addFault", { body: faultRuleFromForm() }));
  });
  $("fault-rows").addEventListener("click", (e) => {
    const id = e.target.dataset && e.target.dataset.remove;
    if (id) act("Remove fault rule", admin("removeFault", { path: { id } }));
  });
  $("clear-faults").addEventListener("click",
    () => act("Remove fault rules", admin("clearFaults")));
  updateFaultForm();

  const advance = (seconds) => act("Clock", admin("setClock", { body: { advance: seconds } }));
  $("clock-advance").addEventListener("submit", (e) => {
    e.preventDefault();
    advance(Number(e.target.seconds.value));
  });
  for (const button of document.querySelectorAll("[data-advance]")) {
    button.addEventListener("click", () => advance(Number(button.dataset.advance)));
  }
  $("clock-set").addEventListener("submit", (e) => {
    e.preventDefault();
    act("Clock", admin("setClock", { body: { set: e.target.time.value.trim() } }));
  });
  $("instance-select").addEventListener("focus", loadInstances);
  $("instance-select").addEventListener("change", async (e) => {
    try { location.assign(await pageOf(e.target.value)); } catch (error) { notice(`Instance: ${error.message}`); }
  });
  $("new-instance").addEventListener("click", async () => {
    try { location.assign(await pageOf((await admin("createInstance", {}, { top: true })).id)); }
    catch (error) { notice(`New instance: ${error.message}`); }
  });
  $("save-state").addEventListener("click", saveState);
  $("load-state").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    // A loaded state replaces the notifications: what was scheduled before was not deleted.
    if (file) {
      scheduledBefore = new Map();
      await act("Load state", admin("putState", { body: await file.text() }));
    }
    e.target.value = "";
  });
  $("reset").addEventListener("click", reset);
}

async function start() {
  wire();
  document.title = INSTANCE ? `PushFake · instance ${INSTANCE}` : "PushFake dashboard";
  loadInstances();
  updateJournalCount();
  listen();
}

start();
