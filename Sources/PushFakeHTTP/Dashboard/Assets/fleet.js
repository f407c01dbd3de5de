// The dashboard's fleet view (README, Dashboard; FakeBehaviour.md, "The dashboard's fleet view"): devices by state,
// deliveries and opens per second, and the latency from delivery to received and to opened, for any traffic — a
// few real phones or a virtual fleet of 100,000 (`pushfake fleet run`). It reads the events dashboard.js receives
// from GET /__pushfake/events (the `pushfake:event` DOM event) and keeps aggregates only: one small record per
// device and per delivery, counters per group and per second, never one DOM node per device. It redraws at most
// four times a second, whatever the event rate.
"use strict";

(function fleetView() {
  const STATES = ["registered", "foreground", "background", "unregistered"];
  const VENDORS = { twinPush: "TwinPush", tpns: "TPNS" };
  const PLATFORMS = { ios: "iOS", android: "Android", huawei: "Huawei" };
  // TPNS registers an applicationType (TPNSWireProtocol.md): IOS and IOS_SAND from iOS, AOS from Android.
  const TPNS_TYPES = { IOS: "ios", IOS_SAND: "ios", AOS: "android" };
  // Latency histogram edges in seconds; the last bucket is everything from 300 s on.
  const EDGES = [0, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];
  const CHART_SECONDS = 120;
  // Deliveries remembered for their latency; past this the oldest are forgotten (a Map iterates in insertion order).
  const MAX_DELIVERIES = 1000000;
  const REDRAW_MS = 250;

  let fleet;
  function forget() {
    fleet = {
      devices: new Map(), // vendor|device -> { group, state }
      groups: new Map(), // "vendor platform" -> [registered, foreground, background, unregistered]
      deliveries: new Map(), // vendor|device|notification -> { at (ms) or null, received, opened }
      seconds: new Map(), // whole second (ms / 1000) -> [delivered, received, opened]
      firstSecond: Infinity, lastSecond: -Infinity, totals: [0, 0, 0],
      latency: { received: new Latencies(), opened: new Latencies() },
      failed: 0,
    };
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

  function addEntry(entry) {
    if (!succeeded(entry) || !entry.device) return;
    const vendor = entry.vendor;
    if (vendor === "twinPush") {
      switch (entry.operation) {
        case "register": {
          const record = device(vendor, entry.device, PLATFORMS[json(entry).platform] ? json(entry).platform : null);
          // TwinPush has no unregister; a register brings back a device this view had counted as gone.
          if (record.state === 3) move(record, 0);
          break;
        }
        case "openApp": move(device(vendor, entry.device), 1); break;
        case "closeApp": move(device(vendor, entry.device), 2); break;
        case "receivedNotification": reacted(vendor, entry, "received", 1); break;
        case "openNotification": reacted(vendor, entry, "opened", 2); break;
        default: break;
      }
    } else if (vendor === "tpns") {
      if (entry.operation === "register") {
        const record = device(vendor, entry.device, TPNS_TYPES[json(entry).applicationType] || null);
        if (record.state === 3) move(record, 0);
      } else if (entry.operation === "unregister") move(device(vendor, entry.device), 3);
    }
  }

  // The first `received_notification` or `open_notification` of a delivery counts; its latency is measured from
  // the delivery's creation on the fake clock.
  function reacted(vendor, entry, what, column) {
    const notification = entry.params && entry.params.notification;
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
    const key = `${payload.vendor}|${payload.deviceId}|${payload.notificationId}`;
    const known = fleet.deliveries.get(key);
    if (known && known.at !== null) return;
    device(payload.vendor, payload.deviceId, PLATFORMS[payload.platform] ? payload.platform : null);
    const time = at(payload.createdAt);
    if (payload.status !== "delivered" || !Number.isFinite(time)) {
      fleet.failed += 1;
      return;
    }
    if (known) known.at = time;
    else remember(key, { at: time, received: false, opened: false });
    count(time, 0);
  }

  // ---- Drawing: text through textContent, SVG elements in the namespace of the page's own <svg> elements.
  const $ = (id) => document.getElementById(id);

  function made(element, attributes, text) {
    for (const [name, value] of Object.entries(attributes || {})) element.setAttribute(name, String(value));
    if (text !== undefined) element.textContent = String(text);
    return element;
  }
  const el = (tag, attributes, text) => made(document.createElement(tag), attributes, text);
  const svg = (tag, attributes, text) =>
    made(document.createElementNS($("fleet-chart").namespaceURI, tag), attributes, text);

  function duration(ms) {
    if (ms === null) return "–";
    if (ms < 1000) return `${Math.round(ms)} ms`;
    if (ms < 60000) return `${(ms / 1000).toFixed(1)} s`;
    return `${(ms / 60000).toFixed(1)} min`;
  }

  function drawStates() {
    const rows = [];
    const sum = [0, 0, 0, 0];
    const names = [...fleet.groups.keys()].sort();
    for (const name of names) {
      const counts = fleet.groups.get(name);
      const [vendor, platform] = name.split(" ");
      const label = `${VENDORS[vendor] || vendor} ${PLATFORMS[platform] || platform}`;
      const row = el("tr", { "data-group": name });
      row.append(el("th", { scope: "row" }, label));
      counts.forEach((count, index) => {
        row.append(el("td", { class: "num", "data-state": STATES[index] }, count));
        sum[index] += count;
      });
      row.append(el("td", { class: "num", "data-state": "total" }, counts.reduce((a, b) => a + b, 0)));
      rows.push(row);
    }
    $("fleet-state-rows").replaceChildren(...rows);
    const total = el("tr", { "data-group": "all" });
    total.append(el("th", { scope: "row" }, "All"));
    sum.forEach((count, index) => total.append(el("td", { class: "num", "data-state": STATES[index] }, count)));
    total.append(el("td", { class: "num", "data-state": "total" }, fleet.devices.size));
    $("fleet-state-total").replaceChildren(total);
  }

  const clock = (second) => new Date(second * 1000).toISOString().slice(11, 19);

  // Three bars a second (delivered, received, opened) over the last CHART_SECONDS seconds that saw any.
  function drawChart() {
    const chart = $("fleet-chart");
    const parts = [];
    const width = 400, height = 180, left = 36, bottom = 20, top = 8;
    if (fleet.seconds.size) {
      const last = fleet.lastSecond;
      const first = Math.max(fleet.firstSecond, last - CHART_SECONDS + 1);
      const span = last - first + 1;
      let peak = 1;
      for (let s = first; s <= last; s++) {
        const counts = fleet.seconds.get(s);
        if (counts) peak = Math.max(peak, ...counts);
      }
      const slot = (width - left - 4) / span;
      const bar = Math.max(slot / 3 - 0.5, 0.5);
      for (let s = first; s <= last; s++) {
        const counts = fleet.seconds.get(s);
        if (!counts) continue;
        ["delivered", "received", "opened"].forEach((series, index) => {
          if (!counts[index]) return;
          const h = ((height - bottom - top) * counts[index]) / peak;
          const rect = svg("rect", {
            class: series, x: (left + (s - first) * slot + index * (slot / 3)).toFixed(2),
            y: (height - bottom - h).toFixed(2), width: bar.toFixed(2), height: h.toFixed(2),
            "data-second": new Date(s * 1000).toISOString(), "data-count": counts[index],
          });
          rect.append(svg("title", {}, `${clock(s)}: ${counts[index]} ${series}`));
          parts.push(rect);
        });
      }
      parts.push(svg("text", { class: "label", x: left - 4, y: top + 10, "text-anchor": "end" }, peak));
      parts.push(svg("text", { class: "label", x: left - 4, y: height - bottom, "text-anchor": "end" }, 0));
      parts.push(svg("text", { class: "label", x: left, y: height - 5 }, clock(first)));
      parts.push(svg("text", { class: "label", x: width - 4, y: height - 5, "text-anchor": "end" }, clock(last)));
      chart.setAttribute("data-peak", peak);
    }
    parts.push(svg("line", { class: "axis", x1: left, y1: height - bottom, x2: width - 4, y2: height - bottom }));
    chart.replaceChildren(...parts);
    const [delivered, received, opened] = fleet.totals;
    legend($("fleet-chart-legend"), [["delivered", delivered], ["received", received], ["opened", opened]]);
  }

  function legend(box, series) {
    box.replaceChildren(...series.map(([name, count]) => {
      const item = el("span", { "data-series": name });
      item.append(el("span", { class: `swatch ${name}` }), `${name} ${count}`);
      return item;
    }));
  }

  function drawLatency() {
    const rows = [];
    for (const what of ["received", "opened"]) {
      const figures = fleet.latency[what];
      const row = el("tr", { "data-latency": what });
      row.append(el("th", { scope: "row" }, what));
      row.append(el("td", { class: "num", "data-figure": "count" }, figures.count));
      for (const [name, q] of [["p50", 0.5], ["p90", 0.9], ["p99", 0.99], ["max", 1]]) {
        const ms = figures.percentile(q);
        row.append(el("td", { class: "num", "data-figure": name, "data-ms": ms === null ? "" : ms }, duration(ms)));
      }
      rows.push(row);
    }
    $("fleet-latency-rows").replaceChildren(...rows);
    drawHistogram();
  }

  function bucketCounts(figures) {
    const counts = new Array(EDGES.length).fill(0);
    const sorted = figures.sortedValues();
    let bucket = 0;
    for (const ms of sorted) {
      while (bucket + 1 < EDGES.length && ms >= EDGES[bucket + 1] * 1000) bucket++;
      counts[bucket]++;
    }
    return counts;
  }

  function drawHistogram() {
    const width = 400, height = 160, left = 4, bottom = 20, top = 8;
    const series = ["received", "opened"].map((what) => [what, bucketCounts(fleet.latency[what])]);
    const peak = Math.max(1, ...series.flatMap(([, counts]) => counts));
    const slot = (width - left - 4) / EDGES.length;
    const parts = [];
    EDGES.forEach((edge, bucket) => {
      const label = bucket + 1 < EDGES.length ? `<${EDGES[bucket + 1]}s` : `${edge}s+`;
      parts.push(svg("text", { class: "label", x: (left + bucket * slot + slot / 2).toFixed(2), y: height - 5,
                              "text-anchor": "middle" }, label));
      series.forEach(([what, counts], index) => {
        if (!counts[bucket]) return;
        const h = ((height - bottom - top) * counts[bucket]) / peak;
        const rect = svg("rect", {
          class: what, x: (left + bucket * slot + 2 + index * (slot / 2 - 2)).toFixed(2),
          y: (height - bottom - h).toFixed(2), width: (slot / 2 - 2).toFixed(2), height: h.toFixed(2),
          "data-bucket": label, "data-count": counts[bucket],
        });
        rect.append(svg("title", {}, `${what} ${label}: ${counts[bucket]}`));
        parts.push(rect);
      });
    });
    parts.push(svg("line", { class: "axis", x1: left, y1: height - bottom, x2: width - 4, y2: height - bottom }));
    $("fleet-histogram").replaceChildren(...parts);
    legend($("fleet-histogram-legend"), series.map(([what]) => [what, fleet.latency[what].count]));
  }

  function draw() {
    timer = null;
    drawStates();
    drawChart();
    drawLatency();
    const [delivered, , opened] = fleet.totals;
    $("fleet-summary").textContent = `${fleet.devices.size} devices, ${delivered} delivered`
      + (fleet.failed ? `, ${fleet.failed} failed` : "") + `, ${opened} opened`;
  }

  let timer = null;
  function redrawSoon() {
    if (timer === null) timer = setTimeout(draw, REDRAW_MS);
  }

  // `reset` (a reset, a cleared journal, another epoch replayed from its start) and `state` (a loaded state
  // replaced the devices and deliveries) mean the aggregates describe a fake that is gone: start over.
  document.addEventListener("pushfake:event", (event) => {
    const { type, payload } = event.detail;
    if (type === "entry") addEntry(payload);
    else if (type === "delivery") addDelivery(payload);
    else if (type === "reset" || type === "state") forget();
    else return;
    redrawSoon();
  });
  forget();
  document.addEventListener("DOMContentLoaded", draw);
})();
