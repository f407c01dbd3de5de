// The dashboard's view of the fake's state (docs/dashboard.md): one GET …/state (plus GET …/devices), redrawn as
// events arrive; the vendors' forms drawn once from their cards; the clock, what is scheduled, the instances, the
// state document and reset.
"use strict";

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

// The vendors' forms and filters, from their cards (compose.js): drawn once, when GET …/vendors first answers. The
// fleet view (fleet.js) takes the cards from the `pushfake:vendors` DOM event.
let vendorFault = () => null;
function drawVendors(vendors) {
  model.vendors = vendors;
  document.dispatchEvent(new CustomEvent("pushfake:vendors", { detail: { vendors } }));
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
