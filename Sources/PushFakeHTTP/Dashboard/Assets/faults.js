// The dashboard's fault rules (docs/dashboard.md): the list with its counters and the form that writes a rule,
// with each vendor's error codes from its card (compose.js).
"use strict";

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
