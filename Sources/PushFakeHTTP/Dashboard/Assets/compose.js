// The vendor forms (docs/dashboard.md), drawn from the cards GET …/vendors serves: each vendor's send form (its
// fields, the route it posts to, where the answer names the notifications made) and its fault preset. Nothing
// here knows a vendor: a vendor of one's own with a card gets its forms too. It uses page.js's helpers (h, $,
// notice, splitList, admin, vendorPost); after it come the answer shown and the tabs.
"use strict";

const Compose = (() => {
  const inputID = (vendor, field) => `send-${vendor.name}-${field.name}`.replace(/[^A-Za-z0-9_-]+/g, "-");
  const appsListID = (vendor) => `send-${vendor.name}-apps`.replace(/[^A-Za-z0-9_-]+/g, "-");

  function fieldInput(vendor, field) {
    const id = inputID(vendor, field);
    const attributes = { name: field.name, id, required: field.required, autocomplete: "off",
      placeholder: field.placeholder, list: field.suggestsApps ? appsListID(vendor) : null };
    const option = (value, index) => h("option", { value: index, selected: value === field.value }, String(value));
    const box = (type, name, value, checked, text) =>
      h("label", { class: "check" }, h("input", { type, name, value, checked }), " ", text);
    switch (field.kind) {
      case "flag": return box("checkbox", field.name, "true", field.value === true, field.label);
      case "choice": return h("label", null, field.label, " ", h("select", attributes, field.options.map(option)));
      case "choices":
        return h("fieldset", { class: "inline", "data-field": field.name }, h("legend", null, field.label),
          field.options.map((value, index) => box("checkbox", field.name, index,
            (field.value || []).includes(value), String(value))));
      case "json": return h("label", null, field.label, " ", h("textarea", { ...attributes, rows: 2 }));
      case "list":
        return [
          field.targets.length ? h("fieldset", { class: "inline" }, h("legend", null, "Target"),
            field.targets.map((target, index) =>
              box("radio", field.name + "-target", index, index === 0, target.label))) : null,
          h("label", null, field.label, " ", h("input", attributes)),
        ];
      default:
        return h("label", null, field.label, " ", h("input", {
          ...attributes, type: field.kind === "number" ? "number" : "text",
          value: field.value === null ? null : field.value,
        }));
    }
  }

  // The body, path parameters and app of a send form, or an Error naming what is wrong.
  function readForm(vendor, form) {
    const send = vendor.card.send;
    const body = {};
    const path = {};
    let app = null;
    const empty = { omit: undefined, null: null, emptyArray: [] };
    const put = (field, value) => {
      if (value === undefined) return;
      if (field.suggestsApps) app = value;
      if (field.inPath) path[field.name] = value; else body[field.name] = value;
    };
    for (const field of send.fields) {
      const input = form.elements[field.name];
      const text = input && input.value !== undefined ? String(input.value).trim() : "";
      if (field.kind === "text") put(field, text || undefined);
      else if (field.kind === "number") {
        if (text && Number.isNaN(Number(text))) throw new Error(`${field.label} is not a number`);
        put(field, text ? Number(text) : undefined);
      } else if (field.kind === "flag") put(field, form.querySelector(`[name="${field.name}"]`).checked || undefined);
      else if (field.kind === "choice") put(field, field.options[Number(input.value)]);
      else if (field.kind === "choices") {
        const chosen = [...form.querySelectorAll(`input[name="${field.name}"]:checked`)]
          .map((box) => field.options[Number(box.value)]);
        put(field, chosen.length ? chosen : empty[field.whenEmpty]);
      } else if (field.kind === "json") {
        if (!text) continue;
        try { put(field, JSON.parse(text)); } catch (error) { throw new Error(`${field.label} is not JSON: ${error.message}`); }
      } else if (field.kind === "list") {
        const items = splitList(text);
        if (!field.targets.length) { put(field, items.length ? items : empty[field.whenEmpty]); continue; }
        const picked = form.querySelector(`input[name="${field.name}-target"]:checked`);
        const target = field.targets[picked ? Number(picked.value) : 0];
        if (target.value !== null) body[target.member] = target.value;
        else if (!items.length) throw new Error(`Name at least one for ${field.label}, or choose another target.`);
        else body[target.member] = items;
      }
    }
    return { body: send.bodyIsArray ? [body] : body, path, app };
  }

  // The declared apps' records (GET …/state `apps`, by vendor name).
  const declaredApps = (world, vendor) => ((world && world.apps && world.apps[vendor.name]) || []);
  const appName = (vendor, app) => (vendor.card.apps && vendor.card.apps.name ? app[vendor.card.apps.name] : app);

  // The values the answer holds at `steps` (`*`: every item of an array).
  function pick(value, steps) {
    if (!steps.length) return value === undefined || value === null ? [] : [value];
    if (value === null || typeof value !== "object") return [];
    const [step, ...rest] = steps;
    if (step === "*") return Array.isArray(value) ? value.flatMap((item) => pick(item, rest)) : [];
    return pick(value[step], rest);
  }

  async function send(vendor, form, world) {
    const card = vendor.card;
    const { body, path, app } = readForm(vendor, form);
    const [method, template] = card.send.route.split(" ");
    const target = template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(path[name] || ""));
    const declared = declaredApps(world, vendor).find((a) => appName(vendor, a) === app);
    // A header the declared app holds (a creator token); without declared apps the fake checks none.
    const headers = {};
    for (const { header, member } of card.send.appHeaders) if (declared && declared[member]) headers[header] = declared[member];
    const answer = await vendorPost(target, body, headers, method);
    const ids = pick(answer.json, card.send.notificationIDs).map(String);
    const deliveries = ids.length
      ? (await Promise.all(ids.map((id) => admin("listDeliveries", { query: { notification: id } })
        .then((r) => r.deliveries)))).flat()
      : null;
    showResult(`${vendor.displayName} answered ${answer.status}`, answer, deliveries);
  }

  // The tabs and forms of every vendor with a send form, the first one shown.
  function draw(vendors, getWorld) {
    const senders = vendors.filter((v) => v.card && v.card.send);
    const tabs = senders.map((vendor, index) => h("button", {
      type: "button", role: "tab", id: `tab-${vendor.name}`, "aria-controls": `send-${vendor.name}`,
      "aria-selected": index === 0 ? "true" : "false", tabindex: index === 0 ? null : -1,
    }, vendor.displayName));
    const forms = senders.map((vendor, index) => {
      const form = h("form", { id: `send-${vendor.name}`, class: "form", role: "tabpanel",
        "aria-labelledby": `tab-${vendor.name}`, hidden: index !== 0, "data-vendor": vendor.name },
      vendor.card.send.fields.map((field) => fieldInput(vendor, field)),
      h("datalist", { id: appsListID(vendor) }),
      h("button", { type: "submit", class: "primary" }, vendor.card.send.label));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        try { await send(vendor, form, getWorld()); notice(""); } catch (error) { notice(`Send: ${error.message}`); }
      });
      return form;
    });
    $("compose-tabs").replaceChildren(...tabs);
    $("compose-forms").replaceChildren(...forms);
    return tabs;
  }

  // The apps each form suggests: the declared ones and those the vendor's devices name; an empty app is filled.
  function suggestApps(vendors, world, section) {
    for (const vendor of vendors) {
      const form = $(`send-${vendor.name}`);
      const field = vendor.card && vendor.card.send && vendor.card.send.fields.find((f) => f.suggestsApps);
      if (!form || !field) continue;
      const names = new Set(declaredApps(world, vendor).map((a) => appName(vendor, a)));
      for (const device of section(vendor.name)[vendor.card.devices] || []) names.add(device[vendor.card.app]);
      names.delete(undefined);
      $(appsListID(vendor)).replaceChildren(...[...names].map((value) => h("option", { value })));
      const input = form.elements[field.name];
      if (!input.value && names.size) input.value = [...names][0];
    }
  }

  // ---- Fault presets: one kind per vendor fault key, with its codes, next to the fake's own kinds.
  function drawFaults(vendors) {
    const form = $("fault-form");
    const presets = vendors.filter((v) => v.card && v.card.fault);
    form.vendor.replaceChildren(h("option", { value: "" }, "any"),
      ...vendors.map((v) => h("option", { value: v.name }, v.displayName)));
    const kinds = form.kind;
    presets.forEach((vendor, index) => {
      const fault = vendor.card.fault;
      // After the HTTP status, in registration order.
      kinds.insertBefore(h("option", { value: fault.key }, fault.label), kinds.options[1 + index] || null);
      const listID = `fault-${fault.key}-codes`;
      const codes = fault.codes.map((code) => h("option", { value: String(code), selected: code === fault.value },
        fault.openEnded ? null : String(code)));
      const input = fault.openEnded
        ? [h("input", { name: fault.key, list: listID, size: 14, value: String(fault.value), autocomplete: "off" }),
          h("datalist", { id: listID }, codes)]
        : [h("select", { name: fault.key }, codes)];
      $("fault-presets").append(h("label", { "data-kind": fault.key, hidden: true }, "Code ", input));
    });
    // The `fault` member a preset's kind adds to the rule, or null for a kind no card declares.
    return (kind) => {
      const preset = presets.find((v) => v.card.fault.key === kind);
      if (!preset) return null;
      const text = form.elements[kind].value.trim();
      const numeric = preset.card.fault.codes.every((code) => typeof code === "number");
      return { [kind]: numeric ? Number(text) : text };
    };
  }

  return { draw, suggestApps, drawFaults, pick };
})();

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
