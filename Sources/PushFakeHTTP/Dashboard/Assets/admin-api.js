// The admin API as the page calls it (docs/dashboard.md): every admin call names an operation of the server's own
// OpenAPI document (GET …/__pushfake/openapi.json, loaded once), which gives its method and path; the page never
// spells an admin path itself. An operationId the document does not have, a path parameter left out or a query
// name the operation does not declare is an AdminAPIError naming it, never a request to a wrong URL.
"use strict";

const AdminAPI = (() => {
  // Where this page lives: /__pushfake/ or an instance's /i/{id}/__pushfake/. The document's paths start with
  // /__pushfake; an instance's calls go under its prefix, except `top` ones (the instances list lives at the top).
  const ADMIN = location.pathname.replace(/(\/__pushfake)(\/.*)?$/, "$1");
  const ROOT = ADMIN.slice(0, -"/__pushfake".length);
  const TOKEN_KEY = "pushfake-admin-token";

  class AdminAPIError extends Error {
    constructor(message) {
      super(message);
      this.name = "AdminAPIError";
    }
  }

  // A server started with --admin-token is opened as …/__pushfake/#token=SECRET: the fragment never reaches the
  // server or a log, and it is moved to sessionStorage and out of the address bar at once.
  (function takeToken() {
    const match = location.hash.match(/(?:^#|&)token=([^&]*)/);
    if (!match) return;
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search);
  })();

  function headers(extra) {
    const token = sessionStorage.getItem(TOKEN_KEY);
    return token ? { ...extra, Authorization: "Bearer " + token } : { ...extra };
  }

  // operationId → { method, path, pathNames, queryNames }, read from the document's paths.
  let table = null;
  function load() {
    if (!table) {
      table = fetch(ADMIN + "/openapi.json", { headers: headers({}), cache: "no-store" }).then(async (response) => {
        if (!response.ok) throw new AdminAPIError(`the admin API's description: HTTP ${response.status}`);
        return operations(await response.json());
      });
      table.catch(() => { table = null; });
    }
    return table;
  }

  function operations(document) {
    const found = new Map();
    for (const [path, item] of Object.entries(document.paths || {})) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation || !operation.operationId) continue;
        const queryNames = new Set();
        for (const parameter of operation.parameters || []) {
          if (parameter.in !== "query") continue;
          // A query described as one exploded object (`?vendor=…&operation=…`) declares its properties' names.
          const schema = parameter.schema || {};
          if (parameter.explode && schema.type === "object") {
            for (const name of Object.keys(schema.properties || {})) queryNames.add(name);
          } else queryNames.add(parameter.name);
        }
        const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        found.set(operation.operationId, { method: method.toUpperCase(), path, pathNames, queryNames });
      }
    }
    return found;
  }

  // The method and URL of an operation: path parameters filled in (each required), the query checked by name.
  // `top`: the main fake's (an operation of the server, not of an instance); `instance`: that instance's (the
  // document's second server, /i/{instance}; "" is the main fake); else this page's fake.
  async function request(operationId, { path = {}, query = {} } = {}, { top = false, instance } = {}) {
    const operation = (await load()).get(operationId);
    if (!operation) throw new AdminAPIError(`the admin API has no operation ${operationId}`);
    const filled = operation.path.replace(/\{(\w+)\}/g, (_, name) => {
      const value = path[name];
      if (value === undefined || value === null || value === "") {
        throw new AdminAPIError(`${operationId} needs the path parameter ${name}`);
      }
      return encodeURIComponent(String(value));
    });
    for (const name of Object.keys(path)) {
      if (!operation.pathNames.includes(name)) {
        throw new AdminAPIError(`${operationId} has no path parameter ${name}`);
      }
    }
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (!operation.queryNames.has(name)) throw new AdminAPIError(`${operationId} has no query parameter ${name}`);
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const text = search.toString();
    let base = top ? "" : ROOT;
    if (instance !== undefined) base = instance ? `/i/${encodeURIComponent(instance)}` : "";
    return { method: operation.method, url: base + filled + (text ? "?" + text : "") };
  }

  // Fetches the operation with the token; `body` is sent as JSON (a string as it is).
  async function fetchOperation(operationId, input = {}, options = {}) {
    const { method, url } = await request(operationId, input, options);
    const body = input.body;
    const init = { method, cache: "no-store", signal: options.signal };
    init.headers = headers({ ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers });
    if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
    return { method, url, response: await fetch(url, init) };
  }

  // Calls the operation and answers its JSON; a refusal is an Error with the server's `error`.
  async function call(operationId, input = {}, options = {}) {
    const { method, url, response } = await fetchOperation(operationId, input, options);
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (error) { json = null; }
    if (!response.ok) throw new Error((json && json.error) || `${method} ${url}: HTTP ${response.status}`);
    return json;
  }

  return { ADMIN, ROOT, AdminAPIError, headers, load, request, fetch: fetchOperation, call };
})();
