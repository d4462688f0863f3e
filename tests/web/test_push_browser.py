"""Browser notifications in a real headless Chromium: the opt-in button asks for the permission
only when clicked (a page load asks nothing), and the click registers the service worker served
at /sw.js for the whole site, under the strict Content-Security-Policy. Headless Chromium has
no vendor push service to subscribe with, so the subscription itself is tested against a local
push service in tests/players/test_push.py; here, either it subscribed (the API then holds it)
or the button says why not."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from players.models import PushSubscription

from .browser import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REGISTRATION = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistration("/").then(function (reg) {
  const worker = reg && (reg.active || reg.waiting || reg.installing);
  done(reg ? {scope: reg.scope, script: worker ? worker.scriptURL : null} : null);
});
"""


def test_the_opt_in_asks_only_on_the_click_and_registers_the_worker(browsers: Any) -> None:
    person = browsers()
    person.watch_csp()
    person.sign_up("ann", "ann@example.org")
    person.open("/")
    button = wait_for(
        lambda: person.find("#push-toggle").is_displayed() and person.find("#push-toggle")
    )
    assert button.text == "Notify me when it is my turn"
    assert person.driver.execute_script("return Notification.permission") == "default"
    assert person.driver.execute_async_script(REGISTRATION) is None  # nothing before the click
    # The person allows notifications when the browser asks (headless Chromium has no prompt).
    person.driver.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": person.base, "permissions": ["notifications"]},
    )
    button.click()
    registered = wait_for(
        lambda: (
            (found := person.driver.execute_async_script(REGISTRATION))
            and found["script"]
            and found
        ),
        what="the service worker",
    )
    assert registered["scope"] == person.base + "/"
    assert registered["script"] == person.base + "/sw.js"
    assert person.driver.execute_script("return Notification.permission") == "granted"
    label = wait_for(
        lambda: (
            (text := person.find("#push-toggle").text) != "Notify me when it is my turn" and text
        ),
        timeout=30,
        what="the outcome of subscribing",
    )
    user = User.objects.get(username="ann")
    if label == "Stop turn notifications":  # a push service answered
        assert PushSubscription.objects.filter(user=user).exists()
    else:
        assert label.startswith("Notifications failed:"), label
    assert not person.csp_violations()
