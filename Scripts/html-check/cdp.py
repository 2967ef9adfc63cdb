"""A minimal Chrome DevTools protocol client over `--remote-debugging-pipe` (Python 3 standard
library only: the browser reads commands on file descriptor 3 and writes answers on 4, each
message JSON ended by a NUL byte)."""

import fcntl
import json
import os
import subprocess


class Browser:
    """Headless Chromium driven over a pipe; `page(url)` opens a tab and attaches to it."""

    def __init__(self, chromium, width, height, extra=(), scrollbars=False):
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # The child's ends, first above 3 and 4 so that putting them there clobbers neither.
        high_read = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
        high_write = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
        os.close(to_browser_read)
        os.close(from_browser_write)

        def wire():
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             *([] if scrollbars else ["--hide-scrollbars"]),
             "--remote-debugging-pipe", "--window-size=%d,%d" % (width, height), *extra, "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(high_read)
        os.close(high_write)
        self._buffer = b""
        self._next = 0
        self.events = []
        self.session = None

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self._to_browser)
        os.close(self._from_browser)

    def _read_message(self):
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True):
        """Sends a command (to the attached tab unless session is False) and returns its result."""
        self._next += 1
        message = {"id": self._next, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._to_browser, data):]
        while True:
            answer = self._read_message()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError("%s: %s" % (method, answer["error"]))
                return answer.get("result", {})
            if "method" in answer:
                self.events.append(answer)

    def page(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.events.clear()
        self.send("Page.navigate", {"url": url})
        while not any(e["method"] == "Page.loadEventFired" for e in self.events):
            answer = self._read_message()
            if "method" in answer:
                self.events.append(answer)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (promises awaited), as JSON."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError("page script failed: %s" % json.dumps(result["exceptionDetails"])[:2000])
        return result["result"].get("value")

    def console_errors(self):
        errors = []
        for event in self.events:
            if event["method"] == "Runtime.exceptionThrown":
                errors.append(json.dumps(event["params"]["exceptionDetails"])[:500])
            elif event["method"] == "Runtime.consoleAPICalled" and event["params"]["type"] == "error":
                errors.append(json.dumps(event["params"]["args"])[:500])
        return errors
