#!/usr/bin/env python3
"""A backend test in another language, the way a Kotlin, Python or Go test would use PushFake: it knows only the
server's URL, GET /__pushfake/openapi.json and HTTP (Python's standard library, no PushFake code).

It finds every admin call by its operationId in the document, then: creates an isolated instance, registers a TPNS
device through the instance's vendor URL, waits for the register, verifies it (and that a wrong expectation fails
with the closest miss), reads it back from the event stream, checks the answers against the documented required
fields and statuses, and deletes the instance.

Usage: scripts/openapi-client-test.py http://127.0.0.1:PORT   (scripts/check-openapi runs it)
"""
import json
import sys
import urllib.error
import urllib.request

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8089"
failures = []


def check(what, condition, detail=""):
    print(("ok - " if condition else "not ok - ") + what + ("" if condition else f": {detail}"))
    if not condition:
        failures.append(what)


def http(method, url, body=None, headers=None):
    """(status, parsed JSON or text) for one request; error statuses are answers too."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode("utf-8", "replace")


status, document = http("GET", BASE + "/__pushfake/openapi.json")
check("GET openapi.json answers 200", status == 200, status)
check("it is OpenAPI 3.1", document.get("openapi", "").startswith("3.1"), document.get("openapi"))
schemas = document["components"]["schemas"]

# operationId -> (method, path, operation object)
operations = {}
for path, item in document["paths"].items():
    for method, operation in item.items():
        operations[operation["operationId"]] = (method.upper(), path, operation)
for needed in ["createInstance", "deleteInstance", "wait", "verify", "getJournal", "events", "listInstances"]:
    check(f"the document describes {needed}", needed in operations)
if failures:
    sys.exit(1)


def resolve(schema):
    while "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def call(operation_id, root=BASE, body=None, path_parameters=None, query=""):
    """Calls an operation as the document describes it; checks the status is one it documents, and that a JSON
    answer has the members its schema requires."""
    method, path, operation = operations[operation_id]
    for name, value in (path_parameters or {}).items():
        path = path.replace("{" + name + "}", urllib.request.quote(value, safe=""))
    status, answer = http(method, root + path + query, body)
    documented = operation["responses"]
    check(f"{operation_id} answers a documented status ({status})", str(status) in documented, list(documented))
    content = documented.get(str(status), {}).get("content", {}).get("application/json")
    if content and "schema" in content and isinstance(answer, dict):
        required = resolve(content["schema"]).get("required", [])
        missing = [name for name in required if name not in answer]
        check(f"{operation_id} {status} has the required members {required}", not missing, answer)
    return status, answer


# An isolated instance: its own ids, clock, journal and faults under /i/{id}/.
status, instance = call("createInstance", body={"seed": 7, "apps": {"tpns": ["APPKEY"]}})
check("createInstance: 201", status == 201, instance)
instance_id = instance["id"]
admin_root = instance["urls"]["base"]
tpns = instance["urls"]["tpns"]
check("the instance has a TPNS URL under /i/{id}/", tpns.endswith(f"/i/{instance_id}/TPNS"), tpns)

# The app under test registers a device through the vendor route (what a real TPNS SDK sends).
register = {"deviceId": "D1", "deviceRegistrationId": "0a1b", "applicationKey": "APPKEY", "applicationType": "IOS"}
status, answer = http("POST", tpns + "/api/device/register", register)
check("the vendor route registers the device", status == 200 and answer.get("success") is True, answer)

matcher = {"vendor": "tpns", "operation": "register", "device": "D1"}
status, answer = call("wait", root=admin_root, body={"match": matcher, "timeout": 5})
check("wait: 200 as soon as the register is journaled", status == 200 and answer["ok"], answer)
status, answer = call("verify", root=admin_root, body={"match": matcher, "count": {"exactly": 1}})
check("verify exactly one register: 200", status == 200 and answer["ok"] and len(answer["matched"]) == 1, answer)
status, answer = call("verify", root=admin_root, body={"match": dict(matcher, device="D2")})
check("verify a register of D2: 409 with the closest miss", status == 409 and "closest miss" in answer["message"],
      answer)
status, answer = call("verify", root=admin_root, body={"match": {"operation": "regster"}})
check("a typo in the operation: 400 naming it", status == 400 and "regster" in answer["error"], answer)
status, answer = call("wait", root=admin_root, body={"match": {"operation": "unregister"}, "timeout": 0.2})
check("wait for what never comes: 408", status == 408 and not answer["ok"], answer)

# The server's own journal saw none of it.
status, journal = call("getJournal", query="?vendor=tpns")
check("the default instance's journal is empty", status == 200 and journal["count"] == 0, journal)
status, journal = call("getJournal", root=admin_root, query="?vendor=TPNS&operation=register")
check("the instance's journal has the register (vendor in any case)", journal.get("count") == 1, journal)

# The event stream replays it (since=0) as `event: entry` with the journal entry as data.
method, path, _ = operations["events"]
with urllib.request.urlopen(admin_root + path + "?since=0", timeout=10) as stream:
    check("events: text/event-stream", stream.headers.get("Content-Type", "").startswith("text/event-stream"))
    event, data = None, None
    while data is None:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[len("event: "):]
        elif line.startswith("data: ") and event == "entry":
            data = json.loads(line[len("data: "):])
check("the first event is the register", data["seq"] == 1 and data["operation"] == "register", data)

status, answer = call("deleteInstance", path_parameters={"id": instance_id})
check("deleteInstance: 200", status == 200, answer)
status, answer = call("deleteInstance", path_parameters={"id": instance_id})
check("deleting it again: 404", status == 404, answer)
status, answer = http("GET", admin_root + "/__pushfake/health")
check("its URLs are gone", status == 404, status)

print(f"{'FAIL' if failures else 'PASS'}: openapi-client-test ({len(failures)} failed)")
sys.exit(1 if failures else 0)
