// The dashboard's device cards (docs/dashboard.md): every vendor with a card (GET …/vendors), each delivery drawn
// the way the phone would show it, and the inbox when the vendor's card describes one.
"use strict";

// ---- The phone: what a device shows for a delivery, from the payload it would receive. Keys beyond what APNs and
// FCM define (a rich media URL, the Android channel, a silent tag) are the vendor's, named by its card's `phone`
// part (VendorCard+Phone.swift); a vendor without one gets none of them drawn.
const payloadMember = (object, key) =>
  key && object !== null && typeof object === "object" && Object.hasOwn(object, key) ? object[key] : undefined;

// APNs (TwinPushWireProtocol.md §7.1): aps.alert is a string or {title, subtitle, body}; the OS applies
// aps.badge; an `attachment` key or the card's rich URL is media a service extension would fetch (mutable-content).
function iosBannerModel(payload, appName, phone) {
  const aps = payload.aps || {};
  const alert = typeof aps.alert === "string" ? { body: aps.alert } : aps.alert || {};
  return {
    kind: "ios", app: appName, title: alert.title || "", subtitle: alert.subtitle || "", body: alert.body || "",
    badge: typeof aps.badge === "number" ? aps.badge : null, sound: aps.sound || null,
    mutable: aps["mutable-content"] === 1,
    attachment: payload.attachment || payloadMember(payload, phone.richURL) || null,
    silent: !aps.alert,
  };
}

// FCM/HMS data message (TwinPushWireProtocol.md §7.2): every value is a string; a blank title shows the app's
// name. The card's channel is read inside its `channelIn` member (a JSON object as text) or the data itself; its
// silent tag among the JSON array as text in `tagsIn` means nothing is shown.
function androidNotificationModel(data, appName, phone) {
  const parse = (text, fallback) => { try { return JSON.parse(text); } catch (error) { return fallback; } };
  const channels = phone.channelIn ? parse(payloadMember(data, phone.channelIn) || "{}", {}) : data;
  const tags = phone.tagsIn ? parse(payloadMember(data, phone.tagsIn) || "[]", []) : [];
  return {
    kind: "android", app: appName, title: data.title || appName, body: data.message || "",
    rich: payloadMember(data, phone.richURL) || null, channel: payloadMember(channels, phone.channel) || null,
    silent: typeof phone.silentTag === "string" && Array.isArray(tags) && tags.includes(phone.silentTag),
  };
}

// The phone part is the delivery's vendor's (its card's `phone`), null when it has none.
function pushModel(delivery, phone) {
  const payload = delivery.payload && typeof delivery.payload === "object" ? delivery.payload : {};
  const apple = delivery.platform === "ios" || delivery.platform === "ios_sandbox";
  const keys = phone && typeof phone === "object" ? phone : {};
  return apple ? iosBannerModel(payload, delivery.app, keys) : androidNotificationModel(payload, delivery.app, keys);
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
  const card = (vendorOf(delivery.vendor) || {}).card;
  const view = pushModel(delivery, card && card.phone);
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
