// The dashboard's fleet view, its model (docs/dashboard.md; FakeBehaviour.md, "The dashboard's fleet view"): the
// events of GET /__pushfake/events turned into aggregates — one small record per device and per delivery, counters
// per vendor and platform and per second, latencies in typed arrays — so 100,000 devices stay cheap. fleet.js
// draws it and feeds it the events. It knows no vendor: each one's display name and fleet part (which journal
// operations move a device, where a register names its platform) come from its card in GET …/vendors, handed to
// learn(); the events that arrive before it wait for it.
"use strict";

const FleetModel = (function fleetModel() {
  const STATES = ["registered", "foreground", "background", "unregistered"];
  const PLATFORMS = { ios: "iOS", android: "Android", huawei: "Huawei" };
  // A card's fleet move → the state it puts a device in, or the column of a reaction (VendorCard+Fleet.swift).
  const STATE_OF = { registered: 0, foreground: 1, background: 2, unregistered: 3 };
  const REACTIONS = { received: 1, opened: 2 };
  const own = (object, key) => object !== null && typeof object === "object" && Object.hasOwn(object, key);
  // Latency histogram edges in seconds; the last bucket is everything from 300 s on.
  const EDGES = [0, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];
  const CHART_SECONDS = 120;
  // Deliveries remembered for their latency; past this the oldest are forgotten (a Map iterates in insertion order).
  const MAX_DELIVERIES = 1000000;

  // Vendor name → { displayName, platforms, fleet } from the cards (learn); null until GET …/vendors answered, and
  // meanwhile the events wait in `waiting`, in order.
  let vendors = null;
  let waiting = [];
  // At most this many events wait for the cards: past it an event is not held but counted in `fleet.unheld`, which
  // the summary shows, so a vendors list that never answers neither grows the page without bound nor hides a loss.
  const limits = { waiting: 100000 };
  function wait(addEvent, payload) {
    if (waiting.length < limits.waiting) waiting.push([addEvent, payload]);
    else fleet.unheld += 1;
  }

  function learn(list) {
    vendors = new Map();
    for (const vendor of list || []) {
      const card = vendor.card || {};
      vendors.set(vendor.name, { displayName: vendor.displayName || vendor.name, platforms: card.platforms || {},
                                 fleet: card.fleet || null });
    }
    const events = waiting;
    waiting = [];
    for (const [addEvent, payload] of events) addEvent(payload);
  }

  const displayName = (vendor) => (vendors && vendors.has(vendor) ? vendors.get(vendor).displayName : vendor);

  // Replaced in place, so that fleet.js keeps one reference to it.
  const fleet = {};
  function forget() {
    waiting = [];
    Object.assign(fleet, {
      devices: new Map(), // vendor|device -> { group, state }
      groups: new Map(), // "vendor platform" -> [registered, foreground, background, unregistered]
      deliveries: new Map(), // vendor|device|notification -> { at (ms) or null, received, opened }
      seconds: new Map(), // whole second (ms / 1000) -> [delivered, received, opened]
      firstSecond: Infinity, lastSecond: -Infinity, totals: [0, 0, 0],
      latency: { received: new Latencies(), opened: new Latencies() },
      failed: 0,
      unheld: 0,
    });
  }

  // A growing Float64Array of milliseconds: 8 bytes a figure, sorted only when a redraw needs the percentiles.
  function Latencies() {
    this.values = new Float64Array(1024);
    this.count = 0;
    this.sorted = null;
  }
  Latencies.prototype.add = function (ms) {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
    this.sorted = null;
  };
  Latencies.prototype.sortedValues = function () {
    if (!this.sorted) this.sorted = this.values.slice(0, this.count).sort();
    return this.sorted;
  };
  // Nearest rank: the smallest figure with at least q of all figures at or below it.
  Latencies.prototype.percentile = function (q) {
    const sorted = this.sortedValues();
    return sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] : null;
  };

  // ---- From events to aggregates.
  const succeeded = (entry) => entry.response && entry.response.status >= 200 && entry.response.status < 300;
  const json = (entry) => (entry.request && entry.request.json) || {};
  const at = (iso) => Date.parse(iso);

  function groupOf(vendor, platform) {
    const key = `${vendor} ${platform || "unknown"}`;
    if (!fleet.groups.has(key)) fleet.groups.set(key, [0, 0, 0, 0]);
    return key;
  }

  // A device's record, made on first sight (a delivery or a request before its register, say after a journal limit
  // dropped the register); a platform learned later moves it to its group.
  function device(vendor, id, platform) {
    const key = `${vendor}|${id}`;
    let record = fleet.devices.get(key);
    if (!record) {
      record = { group: groupOf(vendor, platform), state: 0 };
      fleet.devices.set(key, record);
      fleet.groups.get(record.group)[0] += 1;
    } else if (platform && record.group.endsWith(" unknown")) {
      fleet.groups.get(record.group)[record.state] -= 1;
      record.group = groupOf(vendor, platform);
      fleet.groups.get(record.group)[record.state] += 1;
    }
    return record;
  }

  function move(record, state) {
    const counts = fleet.groups.get(record.group);
    counts[record.state] -= 1;
    record.state = state;
    counts[state] += 1;
  }

  function count(ms, column) {
    if (!Number.isFinite(ms)) return;
    const key = Math.floor(ms / 1000);
    let counts = fleet.seconds.get(key);
    if (!counts) {
      counts = [0, 0, 0];
      fleet.seconds.set(key, counts);
      fleet.firstSecond = Math.min(fleet.firstSecond, key);
      fleet.lastSecond = Math.max(fleet.lastSecond, key);
    }
    counts[column] += 1;
    fleet.totals[column] += 1;
  }

  function remember(key, delivery) {
    fleet.deliveries.set(key, delivery);
    if (fleet.deliveries.size > MAX_DELIVERIES) fleet.deliveries.delete(fleet.deliveries.keys().next().value);
  }

  // A succeeded journal entry moves its device as its vendor's card says (its fleet part's `moves`).
  function addEntry(entry) {
    if (!vendors) { wait(addEntry, entry); return; }
    if (!succeeded(entry) || !entry.device) return;
    const vendor = entry.vendor;
    const known = vendors.get(vendor);
    const part = known && known.fleet;
    if (!part || !own(part.moves, entry.operation)) return;
    const what = part.moves[entry.operation];
    if (what === "registered") {
      const record = device(vendor, entry.device, platformOf(known, json(entry)));
      // A register brings back a device this view had counted as gone.
      if (record.state === 3) move(record, 0);
    } else if (own(STATE_OF, what)) move(device(vendor, entry.device), STATE_OF[what]);
    else if (own(REACTIONS, what)) reacted(vendor, entry, part.notification, what, REACTIONS[what]);
  }

  // The platform a register names in its card's `platform` member, through the card's `platforms` (a value not
  // listed is taken as it is); null when it is none of the dashboard's.
  function platformOf(known, body) {
    const value = known.fleet.platform ? body[known.fleet.platform] : undefined;
    if (typeof value !== "string") return null;
    const platform = own(known.platforms, value) ? known.platforms[value] : value;
    return own(PLATFORMS, platform) ? platform : null;
  }

  // The first receipt or open of a delivery counts (the entry's path parameter the card names gives its
  // notification); its latency is measured from the delivery's creation on the fake clock.
  function reacted(vendor, entry, parameter, what, column) {
    const notification = own(entry.params, parameter) ? entry.params[parameter] : null;
    if (!notification) return;
    device(vendor, entry.device);
    const key = `${vendor}|${entry.device}|${notification}`;
    let delivery = fleet.deliveries.get(key);
    if (!delivery) {
      delivery = { at: null, received: false, opened: false };
      remember(key, delivery);
    }
    if (delivery[what]) return;
    delivery[what] = true;
    const time = at(entry.time);
    count(time, column);
    if (delivery.at !== null && Number.isFinite(time)) fleet.latency[what].add(Math.max(0, time - delivery.at));
  }

  // One delivery per device and notification: the same one sent again (a stream replayed after a reconnect) is
  // counted once. A failed delivery (DeliveryChecks.md) never reaches the phone: it is counted apart.
  function addDelivery(payload) {
    if (!vendors) { wait(addDelivery, payload); return; }
    const key = `${payload.vendor}|${payload.deviceId}|${payload.notificationId}`;
    const known = fleet.deliveries.get(key);
    if (known && known.at !== null) return;
    device(payload.vendor, payload.deviceId, own(PLATFORMS, payload.platform) ? payload.platform : null);
    const time = at(payload.createdAt);
    if (payload.status !== "delivered" || !Number.isFinite(time)) {
      fleet.failed += 1;
      return;
    }
    if (known) known.at = time;
    else remember(key, { at: time, received: false, opened: false });
    count(time, 0);
  }

  forget();
  return { fleet, forget, learn, addEntry, addDelivery, displayName, limits, STATES, PLATFORMS, EDGES, CHART_SECONDS };
})();
