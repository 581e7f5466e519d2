#!/usr/bin/env python3
"""Checks docs/matrix/index.html in headless Chromium (Debian's `chromium`), driven from outside the
page through the DevTools protocol on a pipe (--remote-debugging-pipe: no port, no websocket):

    python3 scripts/matrix/check_page.py docs/matrix [--screenshot docs/matrix/screenshot.png]

1. the page loads without a script error;
2. the grid has the expected cells: with "every vector", one row per vector some implementation was
   sent and one cell per implementation, and as many ✗ cells as matrix.json lists differing vectors;
   by default only rows with a ✗;
3. a mouse click (Input.dispatchMouseEvent at the cell's position) on a ✗ cell shows its diff and
   class in the side panel;
4. with --screenshot, writes a PNG of the page (for the README).
Exit status 1 with a line per failed check; 2 when Chromium cannot be started.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


class Chrome:
    def __init__(self):
        exe = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not exe:
            print("check_page: no chromium on PATH (apt-get install chromium)")
            sys.exit(2)
        self.profile = tempfile.mkdtemp(prefix="afs-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def fds():  # the browser reads commands on fd 3 and writes replies on fd 4
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
             "--window-size=1400,900", "--user-data-dir=" + self.profile, "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_chrome, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def read(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("no message from chromium")
            chunk = os.read(self.from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        msg, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(msg)

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit("usage: check_page.py DIR [--screenshot PNG]")
    folder = os.path.abspath(args[0])
    shot = args[args.index("--screenshot") + 1] if "--screenshot" in args else None
    state = json.load(open(os.path.join(folder, "matrix.json"), encoding="utf-8"))
    impls = state["implementations"]
    differ_total = sum(len(i["differ"]) for i in impls)

    chrome = Chrome()
    problems = []
    try:
        target = next(t for t in chrome.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        session = chrome.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime"):
            chrome.send(domain + ".enable", session=session)

        def js(expr):
            r = chrome.send("Runtime.evaluate", {"expression": expr, "returnByValue": True}, session=session)
            if "exceptionDetails" in r:
                raise RuntimeError("page script failed: %s" % r["exceptionDetails"].get("text"))
            return r["result"].get("value")

        chrome.send("Page.navigate", {"url": "file://" + os.path.join(folder, "index.html")}, session=session)
        deadline = time.time() + 30
        while js("document.readyState") != "complete" or not js("document.getElementById('count').textContent"):
            if time.time() > deadline:
                raise TimeoutError("the page did not finish loading")
            time.sleep(0.1)
        errors = [e for e in chrome.events if e.get("method") == "Runtime.exceptionThrown"]
        if errors:
            problems.append("the page threw: %s" % errors[0]["params"]["exceptionDetails"].get("text"))

        columns = js("document.querySelectorAll('#grid thead th').length")
        if columns != len(impls) + 1:
            problems.append("%d columns, expected %d implementations + the vector column" % (columns, len(impls)))
        data = js("JSON.parse(document.getElementById('data').textContent).vectors.length")
        js("document.getElementById('show').value = 'all'; document.getElementById('show').dispatchEvent(new Event('change'))")
        rows = js("document.querySelectorAll('#grid tbody tr').length")
        cells = js("document.querySelectorAll('#grid tbody td.c').length")
        differ_cells = js("document.querySelectorAll('#grid tbody td.differ').length")
        if rows != data or cells != data * len(impls):
            problems.append("every vector: %d rows and %d cells, expected %d and %d" % (rows, cells, data, data * len(impls)))
        if differ_cells != differ_total:
            problems.append("%d ✗ cells, matrix.json lists %d differing vectors" % (differ_cells, differ_total))
        js("document.getElementById('show').value = 'differ'; document.getElementById('show').dispatchEvent(new Event('change'))")
        shown = js("document.querySelectorAll('#grid tbody tr').length")
        with_differ = js("[...document.querySelectorAll('#grid tbody tr')].filter(r => r.querySelector('td.differ')).length")
        if shown != with_differ or shown == 0:
            problems.append("the default view shows %d rows, %d of them with a ✗" % (shown, with_differ))

        # A real click on the first ✗ cell.
        box = js("(() => { const r = document.querySelector('#grid tbody td.differ').getBoundingClientRect();"
                 " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            chrome.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
                        session=session)
        diff = js("(document.getElementById('diff') || {}).textContent || ''")
        heading = js("(document.querySelector('#detail h2') || {}).textContent || ''")
        if not heading or "✗ " not in diff:
            problems.append("a click on a ✗ cell did not show its diff (panel: %r)" % js("document.getElementById('detail').textContent")[:200])
        if shot:
            png = chrome.send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
            with open(shot, "wb") as f:
                f.write(base64.b64decode(png))
    finally:
        chrome.close()
    for p in problems:
        print("check_page: " + p)
    if problems:
        sys.exit(1)
    print("check_page: %s loads; %d vectors × %d implementations, %d ✗ cells as in matrix.json; a click on %s shows its diff"
          % (os.path.relpath(os.path.join(folder, "index.html")), data, len(impls), differ_total, heading))


if __name__ == "__main__":
    main()
