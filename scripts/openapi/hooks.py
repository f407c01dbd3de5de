"""Schemathesis hooks for scripts/check-openapi.

POST /__pushfake/wait holds its answer for up to `timeout` seconds (the schema allows 3600, default 10): generated
waits with a valid timeout, or none, are cut to a fraction of a second so the run stays short; an invalid timeout is
left as generated (the server must refuse it). Everything else is sent as generated.
"""
import schemathesis


@schemathesis.hook
def map_case(context, case):
    if case.operation.definition.raw.get("operationId") == "wait" and isinstance(case.body, dict):
        timeout = case.body.get("timeout")
        number = isinstance(timeout, (int, float)) and not isinstance(timeout, bool)
        if timeout is None or (number and 0.2 < timeout <= 3600):
            case.body["timeout"] = 0.2
    return case
