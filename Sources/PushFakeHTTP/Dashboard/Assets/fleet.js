// The dashboard's fleet view (docs/dashboard.md; FakeBehaviour.md, "The dashboard's fleet view"): devices by state,
// deliveries and opens per second, and the latency from delivery to received and to opened, for any traffic — a
// few real phones or a virtual fleet of 100,000 (`pushfake fleet run`). It hands the events dashboard.js receives
// (the `pushfake:event` DOM event) to FleetModel (fleet-model.js) and draws its aggregates: a table per group, never
// one DOM node per device, redrawn at most four times a second whatever the event rate. The vendors' cards reach it
// with the `pushfake:vendors` DOM event world.js fires once GET …/vendors answered: the model counts from them, and
// the groups are labelled with their display names.
"use strict";

(function fleetView() {
  const { fleet, STATES, PLATFORMS, EDGES, CHART_SECONDS } = FleetModel;
  const REDRAW_MS = 250;

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
      // A group whose devices all moved on (their platform learned later) is not shown.
      if (!counts.some((count) => count > 0)) continue;
      const [vendor, platform] = name.split(" ");
      const label = `${FleetModel.displayName(vendor)} ${PLATFORMS[platform] || platform}`;
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
      + (fleet.failed ? `, ${fleet.failed} failed` : "") + `, ${opened} opened`
      + (fleet.unheld ? ` (${fleet.unheld} events before the vendors list loaded not counted)` : "");
  }

  let timer = null;
  function redrawSoon() {
    if (timer === null) timer = setTimeout(draw, REDRAW_MS);
  }

  // `reset` (a reset, a cleared journal, another epoch replayed from its start) and `state` (a loaded state
  // replaced the devices and deliveries) mean the aggregates describe a fake that is gone: start over.
  document.addEventListener("pushfake:event", (event) => {
    const { type, payload } = event.detail;
    if (type === "entry") FleetModel.addEntry(payload);
    else if (type === "delivery") FleetModel.addDelivery(payload);
    else if (type === "reset" || type === "state") FleetModel.forget();
    else return;
    redrawSoon();
  });
  document.addEventListener("pushfake:vendors", (event) => {
    FleetModel.learn(event.detail.vendors);
    redrawSoon();
  });
  document.addEventListener("DOMContentLoaded", draw);
})();
