"""Drives the PushFake dashboard in headless Chromium, as scripts/ui-test sets it up (docs/dashboard.md).

Usage: ui-test.py BASE_URL OUTPUT_DIR TOKEN_URL TOKEN. The server at BASE_URL is fresh; the one at TOKEN_URL runs
with --admin-token TOKEN. The vendor calls a phone or a backend would make are sent from here with urllib, and every
check reads the text the page shows. Screenshots go to OUTPUT_DIR.
"""

import json
import os
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE, OUT, TOKEN_BASE, TOKEN = sys.argv[1:5]
STATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "states",
                     "twinpush-scheduled-notification.json")
passed = 0


def http(method, path, body=None, headers=None, base=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request((base or BASE) + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def ok(description):
    global passed
    passed += 1
    print(f"ok - {description}", flush=True)


def wait_for(description, condition, timeout=10):
    """Waits until condition() is truthy and raises no AssertionError (the page redraws as events arrive, so an
    element found a moment ago may be gone: that is retried too); fails naming what was expected, the last
    assertion, and what the page showed."""
    last = []

    def attempt(_):
        try:
            return condition()
        except (AssertionError, StaleElementReferenceException, NoSuchElementException) as error:
            last[:] = [error]
            return False
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(attempt)
    except TimeoutException:
        if last:
            description += f" ({type(last[0]).__name__}: {last[0]})"
        driver.save_screenshot(os.path.join(OUT, "failure.png"))
        main = driver.find_element(By.TAG_NAME, "body").text[:3000]
        console = "\n".join(f"{e['level']} {e['message']}" for e in driver.get_log("browser"))
        raise SystemExit(f"FAIL: {description}\n--- the page showed:\n{main}\n--- console:\n{console}\n"
                         f"--- screenshot: {OUT}/failure.png")


def text(css):
    return " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, css))


def card(alias):
    """The device card of an alias; raises NoSuchElementException (retried by wait_for) while there is none."""
    return driver.find_element(By.CSS_SELECTOR, f"article.card[data-alias='{alias}']")


def has_card(alias):
    return bool(driver.find_elements(By.CSS_SELECTOR, f"article.card[data-alias='{alias}']"))


def viewport(width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def fill(form, values):
    for name, value in values.items():
        field = driver.find_element(By.CSS_SELECTOR, f"#{form} [name='{name}']")
        field.clear()
        field.send_keys(value)


def open_dashboard(path="/__pushfake/"):
    driver.get(BASE + path)
    wait_for("the event stream is live", lambda: driver.find_element(By.ID, "live").text == "live")


def check_fleet_view():
    """The fleet view in an instance of its own (its clock fixed, so latencies are exact): TwinPush and TPNS devices
    in every state, a broadcast, receipts and opens after the clock moved, a TPNS device registered again after its
    unregister, all counted from the vendors' cards (their fleet parts and display names, which reach the view after
    these events: it holds them until then); then a reset empties the view."""
    status, instance = http("POST", "/__pushfake/instances")
    assert status == 201, instance
    root = f"/i/{instance['id']}"
    app = root + "/api/v2/apps/fleetapp"
    hex_token, fcm_token = "ab" * 32, "fcm-" + "A1b2_C3d4:" * 14
    ids = {}
    for alias, platform, token in [("f1", "ios", hex_token), ("f2", "ios", hex_token), ("f3", "android", fcm_token),
                                   ("f4", "android", fcm_token), ("f5", "android", fcm_token),
                                   ("f6", "ios", "not-hex")]:
        status, answer = http("POST", app + "/devices/register", {"udid": "UDID-" + alias, "platform": platform,
                                                                 "push_token": token, "alias_device": alias})
        assert status == 200, answer
        ids[alias] = answer["objects"][0]["id"]
    for alias, action in [("f1", "open_app"), ("f3", "open_app"), ("f4", "open_app"), ("f4", "close_app")]:
        assert http("POST", f"{app}/devices/{ids[alias]}/{action}", {})[0] == 200, (alias, action)
    for device, kind in [("T-1", "IOS"), ("T-2", "AOS")]:
        assert http("POST", root + "/TPNS/api/device/register", {"deviceId": device, "deviceRegistrationId": "0f1e",
                                                                "applicationKey": "FLEETKEY",
                                                                "applicationType": kind})[0] == 200
    assert http("PUT", root + "/TPNS/api/application/FLEETKEY/device/T-2/unregister")[0] == 200
    status, created = http("POST", app + "/notifications", {"alert": "Fleet", "broadcast": True})
    assert status == 200, created
    notification = created["objects"][0]["id"]
    assert http("POST", root + "/TPNS/api/pushnotifications", [{"message": "Fleet", "handlingLevel": 1,
                                                                "applicationKey": "FLEETKEY",
                                                                "applicationTypes": ["IOS", "AOS"]}])[0] == 200

    def react(seconds, what, aliases):
        assert http("POST", root + "/__pushfake/clock", {"advance": seconds})[0] == 200
        for alias in aliases:
            path = f"{app}/devices/{ids[alias]}/notifications/{notification}/{what}"
            assert http("POST", path, {})[0] == 200, path
    react(2, "received_notification", ["f3", "f4"])  # 00:00:02, Android's push ack
    react(3, "open_notification", ["f1", "f3"])  # 00:00:05
    react(10, "open_notification", ["f4"])  # 00:00:15
    react(0, "open_notification", ["f4"])  # a second open of the same delivery counts once
    # The cards' fleet parts say what moves a device: a TPNS register brings back one its unregister took away.
    for method, path, body in [("POST", "/TPNS/api/device/register", "AOS"),
                               ("PUT", "/TPNS/api/application/FLEETKEY/device/T-3/unregister", None),
                               ("POST", "/TPNS/api/device/register", "IOS")]:
        payload = body and {"deviceId": "T-3", "deviceRegistrationId": "0f1e", "applicationKey": "FLEETKEY",
                            "applicationType": body}
        assert http(method, root + path, payload)[0] == 200, (method, path)

    driver.get(BASE + root + "/__pushfake/")
    wait_for("the instance's event stream is live", lambda: driver.find_element(By.ID, "live").text == "live")
    driver.execute_script("document.getElementById('fleet').scrollIntoView()")

    def cells(css, attribute):
        return {c.get_attribute(attribute): c.text for c in driver.find_elements(By.CSS_SELECTOR, css)}

    def states():
        rows = {r.get_attribute("data-group"): [c.text for c in r.find_elements(By.CSS_SELECTOR, "td")]
                for r in driver.find_elements(By.CSS_SELECTOR, "#fleet-states tr[data-group]")}
        # registered, app open, background, unregistered, total
        assert rows == {"tpns android": ["1", "0", "0", "1", "2"], "tpns ios": ["1", "0", "0", "0", "1"],
                        "twinPush android": ["1", "1", "1", "0", "3"], "twinPush ios": ["2", "1", "0", "0", "3"],
                        "all": ["5", "2", "1", "1", "9"]}, rows
        labels = text("#fleet-state-rows th")
        assert "TwinPush iOS" in labels and "TPNS Android" in labels, labels
        return True
    wait_for("the fleet view counts the devices by vendor, platform and state", states)
    ok("the fleet view counts devices as registered, app open, background and unregistered per vendor and platform")

    def chart():
        legend = cells("#fleet-chart-legend [data-series]", "data-series")
        assert legend == {"delivered": "delivered 6", "received": "received 2", "opened": "opened 3"}, legend
        bars = sorted((r.get_attribute("class"), r.get_attribute("data-second"), r.get_attribute("data-count"))
                      for r in driver.find_elements(By.CSS_SELECTOR, "#fleet-chart rect"))
        assert bars == [("delivered", "2026-01-01T00:00:00.000Z", "6"), ("opened", "2026-01-01T00:00:05.000Z", "2"),
                        ("opened", "2026-01-01T00:00:15.000Z", "1"),
                        ("received", "2026-01-01T00:00:02.000Z", "2")], bars
        heights = {r.get_attribute("data-count"): float(r.get_attribute("height"))
                   for r in driver.find_elements(By.CSS_SELECTOR, "#fleet-chart rect")}
        assert heights["6"] > heights["2"] > heights["1"] > 0, heights
        assert text("#fleet-summary") == "9 devices, 6 delivered, 1 failed, 3 opened", text("#fleet-summary")
        return True
    wait_for("the chart shows deliveries, receipts and opens in their seconds", chart)
    ok("the fleet chart draws deliveries, receipts and opens per second on the fake clock; a refused one is apart")

    def latency():
        rows = {r.get_attribute("data-latency"): [c.text for c in r.find_elements(By.CSS_SELECTOR, "td")]
                for r in driver.find_elements(By.CSS_SELECTOR, "#fleet-latency-rows tr")}
        # count, p50, p90, p99, max
        assert rows == {"received": ["2", "2.0 s", "2.0 s", "2.0 s", "2.0 s"],
                        "opened": ["3", "5.0 s", "15.0 s", "15.0 s", "15.0 s"]}, rows
        buckets = sorted((r.get_attribute("class"), r.get_attribute("data-bucket"), r.get_attribute("data-count"))
                         for r in driver.find_elements(By.CSS_SELECTOR, "#fleet-histogram rect"))
        assert buckets == [("opened", "<10s", "2"), ("opened", "<20s", "1"), ("received", "<5s", "2")], buckets
        return True
    wait_for("the latency table and histogram show delivery to received and to opened", latency)
    driver.save_screenshot(os.path.join(OUT, "fleet-view.png"))
    ok("the fleet view gives p50/p90/p99/max and a histogram of delivery-to-received and delivery-to-opened")

    assert http("POST", root + "/__pushfake/reset")[0] == 200
    wait_for("a reset empties the fleet view", lambda: text("#fleet-summary") == "0 devices, 0 delivered, 0 opened"
             and not driver.find_elements(By.CSS_SELECTOR, "#fleet-chart rect, #fleet-state-rows tr"))
    ok("the stream's reset starts the fleet view over")


options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-extensions", "--no-first-run", "--disable-background-networking"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
started = time.time()
try:
    viewport(1280, 800)
    open_dashboard()
    assert driver.execute_script("return [innerWidth, innerHeight]") == [1280, 800]
    driver.execute_script("window.notReloaded = true")
    ok("the dashboard opens at 1280x800 and its event stream is live")

    # Admin calls go through admin-api.js by operationId: a name the OpenAPI document lacks, a query name the
    # operation does not declare or a missing path parameter is an error naming it, never a request to a wrong URL.
    refusals = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const tries = [["noSuchOperation", {}], ["getState", { query: { bogus: "1" } }], ["removeFault", {}]];
        Promise.all(tries.map(([id, input]) => AdminAPI.call(id, input).then(() => "called", (e) => e.message)))
          .then(done);""")
    assert refusals == ["the admin API has no operation noSuchOperation", "getState has no query parameter bogus",
                        "removeFault needs the path parameter id"], refusals
    ok("admin-api.js refuses an unknown operationId, an undeclared query name and a missing path parameter")

    # An iOS and an Android phone register with TwinPush, a TPNS iPhone with TPNS, all through the vendor API.
    tp = "/api/v2/apps/app1"
    assert http("POST", tp + "/devices/register", {"udid": "IOS-UDID-1", "platform": "ios", "push_token": "a1b2c3",
                                                    "alias_device": "alice"})[0] == 200
    assert http("POST", tp + "/devices/register", {"udid": "ANDROID-1", "platform": "android",
                                                    "push_token": "fcm-token-1", "alias_device": "bob"})[0] == 200
    assert http("POST", "/TPNS/api/device/register", {"deviceId": "TPNS-IPHONE", "deviceRegistrationId": "0f1e2d",
                                                      "applicationKey": "APPKEY", "applicationType": "IOS"})[0] == 200
    wait_for("both TwinPush devices appear, alice's an iPhone and bob's an Android phone",
             lambda: "iOS" in card("alice").text and "Android" in card("bob").text)
    wait_for("the TPNS device appears", lambda: "TPNS-IPHONE" in text("#device-list"))
    wait_for("the journal shows the registers", lambda: [".register" in row.text for row in
                                                         driver.find_elements(By.CSS_SELECTOR, "#journal-rows tr")]
             == [True] * 3)
    assert driver.execute_script("return window.notReloaded === true"), "the page was reloaded"
    ok("an iOS and an Android device registered through the vendor API appear without a reload")

    # Compose a TwinPush notification to alice in the form the vendor's card describes (the forms are drawn for
    # every vendor with a send form, in registration order): it goes through the vendor route like a backend's.
    wait_for("a send form per vendor card", lambda: text("#compose-tabs [role=tab]") == "TPNS TwinPush")
    driver.find_element(By.ID, "tab-twinPush").click()
    fill("send-twinPush", {"app": "app1", "targets": "alice", "title": "Order shipped",
                           "alert": "Your parcel is on its way", "badge": "3"})
    driver.find_element(By.CSS_SELECTOR, "#send-twinPush button[type=submit]").click()
    wait_for("the answer and its delivery show", lambda: "TwinPush answered 200" in text("#compose-result")
             and "Deliveries: 1" in text("#compose-result"))

    def banner_on_alice():
        banner = card("alice").find_element(By.CSS_SELECTOR, ".push.ios")
        assert banner.find_element(By.CSS_SELECTOR, ".push-title").text == "Order shipped", banner.text
        assert banner.find_element(By.CSS_SELECTOR, ".push-body").text == "Your parcel is on its way", banner.text
        assert banner.find_element(By.CSS_SELECTOR, ".icon-badge").text == "3", banner.text
        assert "badge 3" in banner.text and "APP1" in banner.text, banner.text
        assert "Order shipped" not in card("bob").text, "the banner is on bob's phone too"
        return True
    wait_for("the banner renders on alice's iPhone with title, body and badge", banner_on_alice)
    ok("a notification composed to an alias shows as an iOS banner with title, body and badge on the right card")

    # A backend sends to bob with a rich URL: his Android phone shows the FCM data message's title and message.
    status, created = http("POST", tp + "/notifications", {"alert": "Tap to see your receipt",
                                                           "title": "Payment received", "devices_aliases": ["bob"],
                                                           "url": "https://example.com/receipt", "inbox": True})
    assert status == 200, created
    receipt = created["objects"][0]["id"]

    def notification_on_bob():
        push = card("bob").find_element(By.CSS_SELECTOR, ".push.android")
        assert push.find_element(By.CSS_SELECTOR, ".push-title").text == "Payment received", push.text
        assert push.find_element(By.CSS_SELECTOR, ".push-body").text == "Tap to see your receipt", push.text
        assert "rich URL" in push.text, push.text
        assert "Inbox: 1, 1 unopened" in card("bob").text, card("bob").text
        return True
    wait_for("the Android notification renders on bob's phone, with his inbox", notification_on_bob)
    ok("a backend's send to an Android alias shows as an Android notification, and the inbox counts it")

    # Deleting notifications (DELETE …/notifications/{id}): the delivered one stays on bob's phone, marked, and
    # leaves his inbox; the scheduled one is cancelled, and the schedule says so.
    status, later = http("POST", tp + "/notifications", {"alert": "Your weekly digest", "title": "Digest",
                                                         "devices_aliases": ["alice"],
                                                         "send_since": "2099-01-01 00:00:00 +0000"})
    assert status == 200, later
    wait_for("the scheduled digest is listed", lambda: "Digest Your weekly digest" in text("#scheduled"))
    assert http("DELETE", tp + "/notifications/" + later["objects"][0]["id"])[0] == 200
    assert http("DELETE", tp + "/notifications/" + receipt)[0] == 200
    wait_for("the cancelled send is reported", lambda: "Deleted, send cancelled: Digest (was due 2099-01-01 "
             "00:00:00 UTC)" in text("#released") and "None" in text("#scheduled"))

    def deleted_on_bob():
        push = card("bob").find_element(By.CSS_SELECTOR, ".push.android")
        assert "deleted" in push.get_attribute("class") and "notification deleted" in push.text, push.text
        assert "Inbox: 0, 0 unopened" in card("bob").text, card("bob").text
        return True
    wait_for("bob's push is marked deleted and his inbox is empty", deleted_on_bob)
    ok("deleting notifications marks the delivered push, empties the inbox and reports the cancelled send")

    # The same through TPNS: the iPhone gets an APNs payload with the message as its alert.
    driver.find_element(By.ID, "tab-tpns").click()
    fill("send-tpns", {"applicationKey": "APPKEY", "message": "Hello from TPNS"})
    driver.find_element(By.CSS_SELECTOR, "#send-tpns button[type=submit]").click()
    wait_for("the TPNS answer shows", lambda: "TPNS answered 200" in text("#compose-result"))
    wait_for("the TPNS banner renders", lambda: "Hello from TPNS" in text("article.card[data-device='TPNS-IPHONE']"))
    driver.execute_script("document.getElementById('compose').scrollIntoView()")
    driver.save_screenshot(os.path.join(OUT, "compose.png"))
    driver.find_element(By.ID, "tab-twinPush").click()
    ok("a TPNS push from the form renders on the TPNS device")

    # Open a journal row with the mouse: the request body is shown.
    create = driver.find_element(By.CSS_SELECTOR, "#journal-rows tr[data-seq='4']")
    assert "twinPush.createNotification" in create.text, create.text
    create.click()
    wait_for("the detail shows the request body", lambda: '"alert": "Your parcel is on its way"' in text("#entry-detail"))
    detail = text("#entry-detail")
    assert "POST /api/v2/apps/app1/notifications" in detail and "Response 200" in detail, detail
    assert "Deliveries caused (1)" in detail, detail
    ok("a journal row opens with its request body, response and the deliveries it caused")

    # The keyboard: Tab reaches the rows; Enter opens one.
    driver.find_element(By.CSS_SELECTOR, "#journal-rows tr[data-seq='2']").send_keys(Keys.ENTER)
    wait_for("Enter opens the row", lambda: "#2 POST /api/v2/apps/app1/devices/register" in text("#entry-detail"))
    assert '"udid": "ANDROID-1"' in text("#entry-detail")
    ok("a journal row opens with Enter")

    # The fault form offers each vendor's error codes from its card: TPNS's numeric codes, TwinPush's types.
    kind = Select(driver.find_element(By.CSS_SELECTOR, "#fault-form [name=kind]"))
    kind.select_by_value("tpnsError")
    assert json.loads(driver.find_element(By.ID, "fault-json").text)["fault"] == {"tpnsError": -1001}
    kind.select_by_value("twinPushError")
    assert json.loads(driver.find_element(By.ID, "fault-json").text)["fault"] == {"twinPushError": "InvalidToken"}
    kind.select_by_value("status")
    ok("the fault form offers the vendors' error codes their cards declare")

    # A fault rule from the form: the next register answers it.
    Select(driver.find_element(By.CSS_SELECTOR, "#fault-form [name=vendor]")).select_by_value("twinPush")
    fill("fault-form", {"operation": "register", "status": "503"})
    preview = driver.find_element(By.ID, "fault-json").text
    assert json.loads(preview) == {"match": {"vendor": "twinPush", "operation": "register"},
                                   "fault": {"status": 503}, "scope": "once"}, preview
    driver.find_element(By.CSS_SELECTOR, "#fault-form button[type=submit]").click()
    wait_for("the rule is listed", lambda: "fault-1" in text("#fault-rows"))
    status, _ = http("POST", tp + "/devices/register", {"udid": "IOS-UDID-2", "platform": "ios", "push_token": "ff"})
    assert status == 503, f"the register answered {status}, not the fault's 503"
    wait_for("the rule counts the hit", lambda: [c.text for c in driver.find_elements(
        By.CSS_SELECTOR, "#fault-rows td.num")] == ["1", "1"])
    wait_for("the journal shows the faulted answer", lambda: "503" in text("#journal-rows tr:first-child")
             and "fault" in text("#journal-rows tr:first-child"))
    ok("a fault rule added in the form makes the next register answer 503")

    driver.find_element(By.CSS_SELECTOR, "#journal-rows tr[data-seq='4']").click()
    wait_for("detail open for the screenshot", lambda: "#4 " in text("#entry-detail"))
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(os.path.join(OUT, "dashboard-1280x800.png"))

    # A scheduled notification in an instance: switch to it, advance the clock, see it delivered.
    status, instance = http("POST", "/__pushfake/instances")
    assert status == 201, instance
    with open(STATE, encoding="utf-8") as f:
        assert http("PUT", f"/i/{instance['id']}/__pushfake/state", json.load(f))[0] == 200
    driver.execute_script("document.getElementById('instance-select').focus()")
    wait_for("the instance is listed", lambda: f"instance {instance['id']}" in text("#instance-select"))
    Select(driver.find_element(By.ID, "instance-select")).select_by_value(instance["id"])
    wait_for("the page is the instance's", lambda: driver.current_url.endswith(f"/i/{instance['id']}/__pushfake/"))
    wait_for("the event stream is live", lambda: driver.find_element(By.ID, "live").text == "live")
    wait_for("the instance's device shows", lambda: has_card("bob") and not has_card("alice"))
    wait_for("the scheduled notification is listed", lambda: "Reminder Good morning" in text("#scheduled")
             and "due 2026-01-01 09:00:00 UTC" in text("#scheduled"))
    wait_for("bob's phone is empty at 08:00", lambda: "No notifications yet." in card("bob").text
             and "2026-01-01 08:00:00 UTC" in driver.find_element(By.ID, "clock-now").text)
    ok("the instance menu switches to an isolated instance with its own devices and schedule")

    fill("clock-advance", {"seconds": "3600"})
    driver.find_element(By.CSS_SELECTOR, "#clock-advance button[type=submit]").click()
    wait_for("the clock moved", lambda: "2026-01-01 09:00:00 UTC" in driver.find_element(By.ID, "clock-now").text)
    wait_for("the scheduled notification delivers on bob's phone", lambda: "Good morning" in card("bob").text
             and card("bob").find_element(By.CSS_SELECTOR, ".push-title").text == "Reminder")
    wait_for("nothing is scheduled any more", lambda: "None" in text("#scheduled"))
    wait_for("the release is reported", lambda: "Released by the clock: Reminder (1 delivered, due 2026-01-01 "
             "09:00:00 UTC)" in text("#released"))
    driver.execute_script("document.getElementById('devices').scrollIntoView()")
    driver.save_screenshot(os.path.join(OUT, "instance-after-clock.png"))
    ok("advancing the clock in the form delivers the scheduled notification visibly")

    Select(driver.find_element(By.ID, "instance-select")).select_by_value("")
    wait_for("back on the main fake", lambda: driver.current_url.endswith(":%s/__pushfake/" % BASE.rsplit(":", 1)[1])
             and has_card("alice"))
    ok("the instance menu switches back to the main fake")

    check_fleet_view()

    # A narrow window: one column, nothing wider than the window, the journal and cards still readable.
    viewport(400, 800)
    open_dashboard()
    wait_for("the cards render", lambda: has_card("alice"))
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 400, f"the page is {width} px wide in a 400 px window"
    wait_for("the newest journal row is readable", lambda: driver.find_element(
        By.CSS_SELECTOR, "#journal-rows tr").is_displayed() and "twinPush.register" in text("#journal-rows tr"))
    driver.find_element(By.CSS_SELECTOR, "#journal-rows tr").send_keys(Keys.ENTER)
    wait_for("the detail opens on a narrow window", lambda: "Request" in text("#entry-detail"))
    driver.save_screenshot(os.path.join(OUT, "dashboard-400.png"))
    ok("at 400 px the page fits the window and rows still open with Enter")

    # A server started with --admin-token: the page takes the token from the #token= fragment, drops it from the
    # address bar, and sends it with every admin call, the event stream included.
    viewport(1280, 800)
    driver.get(TOKEN_BASE + "/__pushfake/#token=" + TOKEN)
    wait_for("the event stream is live with the token", lambda: driver.find_element(By.ID, "live").text == "live")
    assert "#token" not in driver.current_url, driver.current_url
    assert http("POST", "/api/v2/apps/app1/devices/register", {"udid": "T-1", "platform": "ios", "push_token": "7a1b",
                                                               "alias_device": "tina"}, base=TOKEN_BASE)[0] == 200
    wait_for("the device shows on the token server's dashboard", lambda: "iOS" in card("tina").text)
    assert http("GET", "/__pushfake/devices", base=TOKEN_BASE)[0] == 403, "the admin API needs the token"
    ok("a server with --admin-token is opened with #token=…, which the page keeps out of the address bar")

    # That server pushes iOS deliveries into a simulator; its stand-in xcrun fails, and the card says so.
    assert http("POST", "/api/v2/apps/app1/notifications", {"alert": "Hello Tina", "devices_aliases": ["tina"]},
                base=TOKEN_BASE)[0] == 200

    def failure_note_on_tina():
        notes = card("tina").find_elements(By.CSS_SELECTOR, ".push .notes li")
        return any("simctl push booted com.example.app: failed (exit 148): Invalid device: booted" in n.text
                   for n in notes)
    wait_for("the failed simulator push shows as a note on tina's card", failure_note_on_tina, timeout=30)
    ok("a simulator push that failed shows as a note under the banner, live")

    # What APNs would refuse, and what the Simulator would not show as sent, mark the banner (DeliveryChecks.md).
    assert http("POST", "/api/v2/apps/app1/devices/register", {"udid": "T-2", "platform": "ios",
                                                               "push_token": "not-hex", "alias_device": "tom"},
                base=TOKEN_BASE)[0] == 200
    assert http("POST", "/api/v2/apps/app1/notifications", {"alert": "Rich", "mutable_content": True,
                                                            "devices_aliases": ["tina", "tom"]},
                base=TOKEN_BASE)[0] == 200

    def marks_on_the_banners():
        warned = card("tina").find_element(By.CSS_SELECTOR, ".push.warned .push-mark.warning")
        assert warned.text == "!", warned.text
        assert "SimulatorNoServiceExtension" in warned.get_attribute("title"), warned.get_attribute("title")
        refused = card("tom").find_element(By.CSS_SELECTOR, ".push.failed .push-mark.rejected")
        assert refused.text == "\u2715", refused.text
        assert "rejected BadDeviceToken" in refused.get_attribute("title"), refused.get_attribute("title")
        problems = card("tom").find_element(By.CSS_SELECTOR, ".push .problems li.rejected").text
        assert problems.startswith("BadDeviceToken: the device token is not hexadecimal"), problems
        assert len(card("tina").find_elements(By.CSS_SELECTOR, ".push-mark")) == 1, "only the rich push is marked"
        return True
    wait_for("the refused banner has a red mark, the warned one an amber mark", marks_on_the_banners)
    driver.execute_script("arguments[0].scrollIntoView()", card("tom"))
    driver.save_screenshot(os.path.join(OUT, "delivery-marks.png"))
    ok("a delivery APNs would refuse and one with a warning carry a mark on their banners")

    # Another client resets the fake (a test between two scenarios): the stream's `reset` event clears the journal
    # shown, and the new journal's entries follow, numbered from 1 again.
    wait_for("the journal shows tina's requests", lambda: driver.find_elements(By.CSS_SELECTOR, "#journal-rows tr"))
    assert http("POST", "/__pushfake/reset", headers={"Authorization": "Bearer " + TOKEN}, base=TOKEN_BASE)[0] == 200
    wait_for("another client's reset clears the journal shown",
             lambda: not driver.find_elements(By.CSS_SELECTOR, "#journal-rows tr"))
    assert http("POST", "/api/v2/apps/app1/devices/register", {"udid": "T-2", "platform": "ios", "push_token": "t2"},
                base=TOKEN_BASE)[0] == 200
    wait_for("the new journal's first request shows as #1", lambda: [
        r.get_attribute("data-seq") for r in driver.find_elements(By.CSS_SELECTOR, "#journal-rows tr")] == ["1"])
    ok("a reset by another client clears the journal shown, and the new journal follows live")

    # Only this server was ever asked for anything, and the page logged no error (a CSP violation would).
    origins = driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => new URL(e.name).origin)")
    assert all(origin == TOKEN_BASE for origin in origins), origins
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    ok("the page reached only its own server and logged no error")
finally:
    driver.quit()

print(f"ui-test: {passed} checks in {time.time() - started:.1f} s; screenshots in {OUT}")
print(f"{passed} passed, 0 failed")
