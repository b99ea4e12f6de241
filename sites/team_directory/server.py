"""The team directory web app: `python3 server.py STATE.json PORT` (standard library only).

Runs inside the episode's sandbox on 127.0.0.1. GET / lists the members; GET /member/<i> shows
an edit form; POST /member/<i> validates it, writes the state file atomically (a temporary file,
then rename) and redirects home. A bad form gets a 400 page naming the field; the file is untouched.
"""

import html
import json
import os
import re
import sys
import tempfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, quote

STATE = sys.argv[1] if len(sys.argv) > 1 else "team.json"
PORT = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
TEXT_FIELDS = ("email", "role", "phone")
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title><style>
body {{ font-family: sans-serif; margin: 24px 40px; font-size: 16px; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #bbb; padding: 6px 12px; text-align: left; }}
label {{ display: block; margin: 14px 0 4px; }} input[type=text] {{ width: 28em; font-size: 16px; padding: 4px; }}
button {{ margin-top: 20px; font-size: 16px; padding: 6px 20px; }} .note {{ color: #060; }}
</style></head><body><h1>{heading}</h1>{body}</body></html>"""


def load():
    with open(STATE, encoding="utf-8") as f:
        return json.load(f)


def save(state):
    folder = os.path.dirname(os.path.abspath(STATE))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".team-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(state, out, indent=2, ensure_ascii=False)
        out.write("\n")
    os.replace(tmp, STATE)


def home(state, saved):
    rows = "".join(
        f'<tr><td><a id="edit-{i}" href="/member/{i}">{html.escape(m["name"])}</a></td><td>{html.escape(m["email"])}'
        f'</td><td>{html.escape(m["role"])}</td><td>{"active" if m["active"] else "inactive"}</td></tr>'
        for i, m in enumerate(state["members"]))
    note = f'<p class="note" id="saved">Saved {html.escape(saved)}.</p>' if saved else ""
    body = f"{note}<table><tr><th>Name</th><th>Email</th><th>Role</th><th>Status</th></tr>{rows}</table>"
    return PAGE.format(title="Team directory", heading=html.escape(state.get("team", "Team")), body=body)


def form(i, member, problem=""):
    fields = "".join(
        f'<label for="{f}">{f.capitalize()}</label><input type="text" id="{f}" name="{f}" '
        f'value="{html.escape(member[f], quote=True)}">' for f in TEXT_FIELDS)
    checked = " checked" if member["active"] else ""
    error = f'<p id="problem" style="color:#a00">{html.escape(problem)}</p>' if problem else ""
    body = (f'{error}<form method="post" action="/member/{i}">{fields}<label><input type="checkbox" id="active" '
            f'name="active"{checked}> Active member</label><button id="save" type="submit">Save</button></form>'
            f'<p><a id="back" href="/">Back to the directory</a></p>')
    name = html.escape(member["name"])
    return PAGE.format(title=f"Edit {name} - Team directory", heading=f"Edit {name}", body=body)


class Handler(BaseHTTPRequestHandler):
    def _send(self, status, text, location=None):
        data = text.encode("utf-8")
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def _member(self, state):
        match = re.fullmatch(r"/member/(\d+)", self.path.split("?")[0])
        if match and int(match.group(1)) < len(state["members"]):
            return int(match.group(1))
        return None

    def do_GET(self):
        state = load()
        if self.path == "/" or self.path.startswith("/?"):
            saved = parse_qs(self.path.partition("?")[2]).get("saved", [""])[0]
            return self._send(200, home(state, saved))
        i = self._member(state)
        if i is None:
            return self._send(404, PAGE.format(title="Not found", heading="Not found", body=""))
        return self._send(200, form(i, state["members"][i]))

    def do_POST(self):
        state = load()
        i = self._member(state)
        if i is None:
            return self._send(404, PAGE.format(title="Not found", heading="Not found", body=""))
        length = min(int(self.headers.get("Content-Length") or 0), 65536)
        values = parse_qs(self.rfile.read(length).decode("utf-8"), keep_blank_values=True)
        member = dict(state["members"][i])
        for field in TEXT_FIELDS:
            value = values.get(field, [""])[0].strip()
            if not value:
                return self._send(400, form(i, member, f"{field} must not be empty"))
            member[field] = value
        member["active"] = "active" in values
        state["members"][i] = member
        save(state)
        return self._send(303, "", location=f"/?saved={quote(member['name'])}")

    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
