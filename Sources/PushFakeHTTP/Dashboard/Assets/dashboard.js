// The PushFake dashboard (docs/dashboard.md). It reads only the admin API, whose calls are never journaled, and
// follows the fake through GET /__pushfake/events (Sources/PushFakeHTTP/Events/EventHub.swift), so nothing here
// polls. The compose forms are the exception on purpose: they send through the vendor routes, so the journal shows
// them exactly like a backend's calls. Every value from the fake reaches the page as text (textContent), never as
// markup: journal entries hold whatever any client sent. This script follows the stream and wires the page; the
// rest is in page.js (helpers, calls, model), journal.js, devices.js, world.js, faults.js and compose.js, all
// loaded before it.
"use strict";

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
