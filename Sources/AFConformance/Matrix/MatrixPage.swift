import AFSerialization
import AFVectorFormat

/// docs/matrix/index.html: one self-contained page (no network, no files beside it) with the
/// vector × implementation grid, filters (component, text, only disagreements), and a panel that
/// shows a cell's diff and class when the cell is clicked. The data is embedded as JSON.
public enum MatrixPage {
    /// Only vectors that some implementation was sent are in the page.
    public static func data(_ m: Matrix) -> JSONValue {
        let ran = m.ran
        let cells = ran.map(\.cells)
        let failures = ran.map(\.firstFailures)
        let assignments = ran.map { m.assignment($0) }
        var vectors: [JSONValue] = []
        var status: [[UInt8]] = Array(repeating: [], count: ran.count)
        var diffs: [[JSONValue.Member]] = Array(repeating: [], count: ran.count)
        var classes: [[JSONValue.Member]] = Array(repeating: [], count: ran.count)
        for v in m.vectors {
            let row = cells.map { $0[v.id] ?? .notApplicable }
            guard row.contains(where: { $0 != .notApplicable }) else { continue }
            let index = String(vectors.count)
            vectors.append(
                .array([.string(v.id), .string(v.component), .string(v.comment ?? ""), .string(v.levelSummary)]))
            for (i, c) in row.enumerated() {
                status[i].append(c == .agree ? UInt8(ascii: "a") : c == .differ ? UInt8(ascii: "d") : UInt8(ascii: "n"))
                guard c == .differ, let f = failures[i][v.id] else { continue }
                var text = Reporters.describe(f).joined(separator: "\n")
                if text.count > 3000 { text = String(text.prefix(3000)) + "\n…" }
                diffs[i].append(.init(index, .string(text)))
                if let cls = assignments[i][v.id] ?? nil { classes[i].append(.init(index, .string(cls))) }
            }
        }
        return .obj([
            "implementations": .array(
                ran.map { a in
                    .obj([
                        "name": .string(a.manifest.name), "title": .string(a.manifest.title),
                        "version": .string(a.version),
                    ])
                }),
            "vectors": .array(vectors),
            "status": .array(status.map { .string(String(decoding: $0, as: UTF8.self)) }),
            "diffs": .array(diffs.map { .object($0) }),
            "classes": .array(classes.map { .object($0) }),
            "classInfo": .object(
                ran.flatMap { a in
                    (m.classes[a.manifest.name] ?? []).map { c in
                        JSONValue.Member(
                            c.id,
                            .obj([
                                "title": .string(c.title), "verdict": .string(c.verdict), "rule": .string(c.rule),
                                "cite": .string(c.cite),
                            ]))
                    }
                }),
        ])
    }

    public static func html(_ m: Matrix) -> String {
        // `</` cannot appear inside the script element; JSON allows `<\/`.
        let json = data(m).jsonText.replacingSlashAfterLessThan()
        return template.replacingPlaceholder(json)
    }

    static let template = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>AFSerialization compatibility matrix</title>
        <style>
          body { font: 13px/1.4 system-ui, sans-serif; margin: 0; color: #1d2330; }
          header { padding: 10px 16px; background: #f3f5f9; border-bottom: 1px solid #d8dde8; }
          h1 { font-size: 17px; margin: 0 0 6px; }
          #controls label { margin-right: 14px; }
          #layout { display: flex; height: calc(100vh - 92px); }
          #gridwrap { flex: 3; overflow: auto; }
          #detail { flex: 2; overflow: auto; border-left: 1px solid #d8dde8; padding: 10px 14px; background: #fbfcfe; }
          table { border-collapse: collapse; }
          th, td { border: 1px solid #e2e6ee; padding: 2px 6px; white-space: nowrap; }
          thead th { position: sticky; top: 0; background: #eef1f7; z-index: 1; }
          td.v { font-family: ui-monospace, monospace; max-width: 420px; overflow: hidden; text-overflow: ellipsis; }
          td.c { text-align: center; cursor: pointer; min-width: 54px; }
          td.agree { background: #e3f4e6; color: #23682f; }
          td.differ { background: #fbe1e1; color: #9b1c1c; font-weight: 600; }
          td.na { background: #f4f4f4; color: #aaa; }
          td.selected { outline: 2px solid #2458d6; }
          pre { white-space: pre-wrap; background: #fff; border: 1px solid #e2e6ee; padding: 8px; }
          .verdict { display: inline-block; padding: 0 6px; border-radius: 8px; background: #eef1f7; }
        </style>
        </head>
        <body>
        <header>
          <h1>AFSerialization — golden vectors × implementations</h1>
          <div id="controls">
            <label>component <select id="component"><option value="">all</option></select></label>
            <label>level <select id="level"><option value="">all</option><option>must</option><option>should</option>\#
        <option>af</option><option>decision</option><option>implementation-defined</option></select></label>
            <label>show <select id="show"><option value="differ">vectors where an implementation differs</option>\#
        <option value="all">every vector some implementation was sent</option></select></label>
            <label>filter <input id="q" size="28" placeholder="vector id or comment"></label>
            <span id="count"></span>
          </div>
        </header>
        <div id="layout">
          <div id="gridwrap"><table id="grid"><thead></thead><tbody></tbody></table></div>
          <aside id="detail"><p>Click a cell to see the implementation's answer against \#
        the vector: the diff, and the class of the disagreement with its verdict.</p></aside>
        </div>
        <script type="application/json" id="data">__DATA__</script>
        <script>
        "use strict";
        const D = JSON.parse(document.getElementById("data").textContent);
        const names = D.implementations.map(i => i.name);
        const comp = document.getElementById("component"), show = \#
        document.getElementById("show"), q = document.getElementById("q");
        const level = document.getElementById("level");
        [...new Set(D.vectors.map(v => v[1]))].sort().forEach(c => comp.add(new Option(c, c)));
        document.querySelector("#grid thead").innerHTML = "<tr><th>vector</th>" +
          D.implementations.map(i => `<th title="${esc(i.title + \#
        " " + i.version)}">${esc(i.name)}</th>`).join("") + "</tr>";
        function esc(s) { return String(s).replace(/[&<>"]/g, c => \#
        ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"})[c]); }
        const label = {a: ["agree", "✓"], d: ["differ", "✗"], n: ["na", "–"]};
        function render() {
          const c = comp.value, s = show.value, text = q.value.toLowerCase();
          const rows = [];
          D.vectors.forEach((v, i) => {
            if (c && v[1] !== c) return;
            if (level.value && !v[3].split(/[;:, ]+/).includes(level.value)) return;
            if (text && !(v[0].toLowerCase().includes(text) || v[2].toLowerCase().includes(text))) return;
            const st = D.status.map(x => x[i]);
            if (s === "differ" && !st.includes("d")) return;
            rows.push(`<tr><td class="v" title="${esc(v[2])}">${esc(v[0])}</td>` +
              st.map((x, k) => `<td class="c ${label[x][0]}" data-v="${i}" \#
        data-k="${k}">${label[x][1]}</td>`).join("") + "</tr>");
          });
          document.querySelector("#grid tbody").innerHTML = rows.join("");
          document.getElementById("count").textContent = `${rows.length} vectors`;
        }
        document.getElementById("grid").addEventListener("click", e => {
          const td = e.target.closest("td.c");
          if (!td) return;
          document.querySelectorAll("td.selected").forEach(x => x.classList.remove("selected"));
          td.classList.add("selected");
          const i = td.dataset.v, k = +td.dataset.k, v = D.vectors[i], st = D.status[k][i];
          let html = `<h2>${esc(v[0])}</h2><p>${esc(v[2])}</p><p>level: ${esc(v[3])}</p><p><b>${esc(names[k])}</b> \#
        (${esc(D.implementations[k].version)}): ${label[st][0]}</p>`;
          const cls = D.classes[k][i];
          if (cls) {
            const info = D.classInfo[cls] || {};
            html += `<p>class <b>${esc(cls)}</b> <span class="verdict">${esc(info.verdict \#
        || "")}</span><br>${esc(info.title || "")}<br>` +
              (info.cite ? `<a href="${esc(info.cite)}">${esc(info.rule)}</a>` : esc(info.rule || "")) + "</p>";
          } else if (st === "d") {
            html += "<p><b>unclassified</b></p>";
          }
          if (st === "d") html += `<pre id="diff">${esc(D.diffs[k][i] || "(no diff recorded)")}</pre>`;
          if (st === "n") html += "<p>Not applicable: outside what this implementation declares or models.</p>";
          document.getElementById("detail").innerHTML = html;
        });
        [comp, show, level].forEach(x => x.addEventListener("change", render));
        q.addEventListener("input", render);
        render();
        </script>
        </body>
        </html>
        """#
}

extension String {
    func replacingSlashAfterLessThan() -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var previous: Character = " "
        for ch in self {
            if previous == "<" && ch == "/" { out += "\\/" } else { out.append(ch) }
            previous = ch
        }
        return out
    }

    func replacingPlaceholder(_ data: String) -> String {
        guard let r = Substring(self).range(of: "__DATA__") else { return self }
        return String(self[..<r.lowerBound]) + data + String(self[r.upperBound...])
    }
}

extension Substring {
    func range(of needle: String) -> Range<String.Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}
