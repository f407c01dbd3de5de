// The dashboard's journal (docs/dashboard.md): rows as the event stream brings them, newest first, filtered in the
// page, opened with the mouse or the keyboard, downloaded as JSONL or HAR with the filters applied.
"use strict";

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
