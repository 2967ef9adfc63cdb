// The style sheet and scripts of the page HTMLRenderer writes.

extension HTMLRenderer {
  /// Records script errors and `console.error` calls before anything else runs, for the
  /// self-test's report.
  static let errorTrap = #"""
    window.__errors = [];
    addEventListener("error", function (e) { window.__errors.push(String(e.message || e)); });
    (function () {
      var original = console.error;
      console.error = function () {
        window.__errors.push(Array.prototype.join.call(arguments, " "));
        original.apply(console, arguments);
      };
    })();
    """#

  static let css = #"""
    *{box-sizing:border-box}
    html,body{margin:0;height:100%;background:#e2e8f0;color:#0f172a;
      font:13px -apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif}
    #bar{height:40px;display:flex;align-items:center;gap:14px;padding:0 16px;background:#0f172a;color:#f8fafc;
      white-space:nowrap;overflow:hidden}
    #bar h1{font-size:14px;margin:0;flex:none;max-width:45%;overflow:hidden;text-overflow:ellipsis}
    #stats,#status{color:#94a3b8;font-size:12px;font-variant-numeric:tabular-nums}
    #scroller{margin:10px auto 0;height:calc(100vh - 60px);overflow-y:scroll;overflow-x:hidden;background:#fff;
      box-shadow:0 4px 24px rgba(15,23,42,.25);position:relative}
    #content{position:relative;overflow:hidden}
    #content .n{position:absolute;overflow:hidden;border:1px solid;border-radius:3px;padding:1px 4px;
      white-space:nowrap}
    #content .grp{position:absolute;left:0;top:0;width:0;height:0;overflow:visible}
    #content .n:focus{outline:3px solid #2563eb;outline-offset:-3px}
    #content.previewing .cell{transition:left .15s ease-out,top .15s ease-out}
    #content.previewing .cell.dragging{transition:none;opacity:.85;box-shadow:0 6px 18px rgba(15,23,42,.35)}
    #content b,#content i{display:block;overflow:hidden;text-overflow:ellipsis;line-height:13px}
    #content b{font-size:11px;font-weight:600}
    #content i{font-size:9px;font-style:normal;color:#475569}
    #content .band,#content .inset{border:0;border-radius:0;padding:0}
    .b0{background:#f8fafc}.b1{background:#eef2f7}
    .inset{background:repeating-linear-gradient(45deg,#fffbeb 0 3px,#fcd9a0 3px 5px)}
    #content .header,#content .footer{display:flex;flex-direction:column;justify-content:center;padding:0 8px;
      color:#fff}
    .header{background:#1e293b;border-color:#0f172a!important}
    .footer{background:#94a3b8;border-color:#64748b!important}
    #content .header i,#content .footer i{color:#cbd5e1}
    .background{background:rgba(254,249,195,.7);border-style:dashed!important;border-color:#ca8a04!important}
    #content .background b{color:#a16207}
    #content .listHeader,#content .listFooter{display:flex;flex-direction:column;justify-content:center;
      padding:0 8px;color:#fff}
    .listHeader{background:#312e81;border-color:#1e1b4b!important}
    #content>.badge{background:#e11d48;border-color:#9f1239!important;color:#fff;border-radius:999px;padding:0 2px}
    .listFooter{background:#6366f1;border-color:#4338ca!important}
    .separator{background:#475569;border:0!important;overflow:hidden}.separator b,.separator i{display:none}
    #content .pinned{outline:2.5px dashed #e11d48;outline-offset:-2.5px;box-shadow:0 3px 8px rgba(15,23,42,.3)}
    #content .pinned::after{content:"pinned";position:absolute;right:8px;top:50%;transform:translateY(-50%);
      background:#e11d48;color:#fff;font-size:9px;font-weight:700;padding:1px 9px;border-radius:7px}
    .p0{background:#dbeafe;border-color:#2563eb!important}.p1{background:#dcfce7;border-color:#16a34a!important}
    .p2{background:#fef3c7;border-color:#d97706!important}.p3{background:#fce7f3;border-color:#db2777!important}
    .p4{background:#ede9fe;border-color:#7c3aed!important}.p5{background:#ccfbf1;border-color:#0d9488!important}
    .p6{background:#ffedd5;border-color:#ea580c!important}.p7{background:#e0e7ff;border-color:#4f46e5!important}
    #report{white-space:pre-wrap}
    """#

  /// The virtual scroller (see ``HTMLRenderer`` for the steps it follows).
  static let script = #"""
    "use strict";
    (function () {
      const L = JSON.parse(document.getElementById("layout").textContent);
      const C = L.cells, S = L.sections, ns = S.y.length;
      let n = C.x.length;  // less one for each cell a drop hides in a collapsed section
      // Carousels: each one's horizontal offset (0 ..< its maximum), moved by scrollCarousel;
      // SN: each one's snap offsets (null, a list, or {w, n, end} for pages).
      const K = S.carousel || null, hx = new Float64Array(ns), sideways = S.rtl ? 1 : -1;
      const SN = S.snap || null;
      const scroller = document.getElementById("scroller");
      const content = document.getElementById("content");
      const status = document.getElementById("status");
      const params = new URLSearchParams(location.hash.slice(1));

      // Set-up: the content's size, the viewport's, and two monotone search keys over cells.
      // Frames are in layout space (y along the scroll axis); a horizontal list scrolls along x
      // and its nodes are placed with the axes swapped back.
      const H = L.horizontal;
      const vhParam = Number(params.get("vh"));
      if (H) {
        scroller.style.overflowX = "scroll";
        scroller.style.overflowY = "hidden";
        content.style.width = L.height + "px";
        content.style.height = L.width + "px";
        scroller.style.width = (vhParam > 0 ? vhParam + "px" : "calc(100vw - 40px)");
        scroller.style.height = L.width + (scroller.offsetHeight - scroller.clientHeight) + "px";
      } else {
        content.style.width = L.width + "px";
        content.style.height = L.height + "px";
        if (vhParam > 0) scroller.style.height = vhParam + "px";
        scroller.style.width = L.width + (scroller.offsetWidth - scroller.clientWidth) + "px";
      }
      function scrollOffset() { return H ? scroller.scrollLeft : scroller.scrollTop; }
      function viewLength() { return H ? scroller.clientWidth : scroller.clientHeight; }
      function scrollTo(o) { if (H) scroller.scrollLeft = o; else scroller.scrollTop = o; }
      const listHeader = L.list[0], listFooter = L.list[1];
      // Section headers pin below a pinned list header (its current bottom, when it shrinks
      // towards its minHeight, listHeader[7]), footers above a pinned list footer.
      function headerPinAt(offset) {
        if (!listHeader || !listHeader[6]) return 0;
        if (listHeader.length < 8) return listHeader[3];
        return Math.max(listHeader[7], listHeader[3] - Math.max(0, offset + L.pin.inset));
      }
      const footerPin = listFooter && listFooter[6] ? listFooter[3] : 0;
      const reach = new Float64Array(n), low = new Float64Array(n), sectionEnd = new Float64Array(ns);
      let m = -Infinity;
      for (let i = 0; i < n; i++) { m = Math.max(m, C.y[i] + C.h[i]); reach[i] = m; }
      m = Infinity;
      for (let i = n - 1; i >= 0; i--) { m = Math.min(m, C.y[i]); low[i] = m; }
      // Badges (in listing order, each with its cell's index) get search keys of their own:
      // they may overhang their cells.
      const B = L.badges || null, nb = B ? B.x.length : 0;
      const reachB = new Float64Array(nb), lowB = new Float64Array(nb);
      m = -Infinity;
      for (let i = 0; i < nb; i++) { m = Math.max(m, B.y[i] + B.h[i]); reachB[i] = m; }
      m = Infinity;
      for (let i = nb - 1; i >= 0; i--) { m = Math.min(m, B.y[i]); lowB[i] = m; }
      for (let s = 0; s < ns; s++) sectionEnd[s] = S.y[s] + S.h[s];
      // A cell's colour: its trait set's order of first appearance among cells (none: 0).
      const colour = new Array(L.traits.length).fill(-1);
      colour[0] = 0;
      let colours = 1;
      for (let i = 0; i < n; i++) if (colour[C.t[i]] < 0) colour[C.t[i]] = colours++ % 8;

      /** The first index in 0..<count for which `pred` holds (pred is false, then true).
          Counts reach 10^15 (a carousel's pages): the midpoint is exact up to 2^53, where a
          32-bit shift would wrap. */
      function firstIndex(count, pred) {
        let lo = 0, hi = count;
        while (lo < hi) { const mid = Math.floor((lo + hi) / 2); if (pred(mid)) hi = mid; else lo = mid + 1; }
        return lo;
      }
      /** Rect.intersects: a shared region of positive area. */
      function intersects(x, y, w, h, r) {
        return w > 0 && h > 0 && r.w > 0 && r.h > 0 &&
          x < r.x + r.w && r.x < x + w && y < r.y + r.h && r.y < y + h;
      }
      function sectionOf(i) { return firstIndex(ns, (s) => S.first[s] + S.count[s] > i); }
      function cellLabel(i) {
        const id = C.id ? C.id[i] : null;
        if (id !== null) return id;
        const s = sectionOf(i);
        return s + "." + (i - S.first[s]);
      }
      /** A header or footer at its pinned position: LayoutSnapshot.supplementaryAttributes. */
      function supplementary(kind, s, offset, vh) {
        const f = (kind === "header" ? S.header : S.footer)[s];
        if (!f) return null;
        let y = f[1], pinned = false;
        // A section's own pinning overrides the list's; a collapsed section pins as one with cells.
        const own = (kind === "header" ? S.pinHeader : S.pinFooter) || null;
        const pins = own && own[s] !== null ? own[s] : (kind === "header" ? L.pin.headers : L.pin.footers);
        if (S.count[s] > 0 || (S.kept && S.kept[s] > 0) || L.pin.empty) {
          let target = null;
          if (kind === "header" && pins) target = offset + L.pin.inset + headerPinAt(offset);
          if (kind === "footer" && pins) target = offset + vh - L.pin.bottomInset - footerPin - f[3];
          if (target !== null) {
            const pinnedY = Math.min(Math.max(target, S.y[s]), sectionEnd[s] - f[3]);
            if (pinnedY !== y) { y = pinnedY; pinned = true; }
          }
        }
        return { key: kind[0] + s, kind: kind, section: s, x: f[0], y: y, w: f[2], h: f[3], t: f[4],
          label: f[5], pinned: pinned, z: pinned ? 1024 : 1 };
      }
      /** The list header or footer: pinned to the viewport's edge past its natural place. */
      function listElement(kind, offset, vh) {
        const f = kind === "listHeader" ? listHeader : listFooter;
        if (!f) return null;
        let y = f[1], h = f[3], pinned = false;
        if (f[6] && kind === "listHeader" && offset + L.pin.inset > y) { y = offset + L.pin.inset; pinned = true; }
        // A shrinking header: max(minHeight, height − s) at s past the top.
        if (pinned && f.length > 7) h = Math.max(f[7], f[3] - y);
        const bottom = offset + vh - L.pin.bottomInset - f[3];
        if (f[6] && kind === "listFooter" && bottom < y) { y = bottom; pinned = true; }
        // Pinned list chrome stacks above pinned section headers and footers (z 1025).
        return { key: kind === "listHeader" ? "lh" : "lf", kind: kind, section: -1, x: f[0], y: y, w: f[2], h: h,
          t: f[4], label: f[5], pinned: pinned, z: pinned ? 1025 : 1 };
      }
      function background(s) {
        const f = S.background[s];
        if (!f) return null;
        return { key: "g" + s, kind: "background", section: s, x: f[0], y: f[1], w: f[2], h: f[3], t: f[4],
          label: f[5], pinned: false, z: -1 };
      }
      /** A section's separators that meet `r`: binary search over their tops. */
      function separators(s, r, out) {
        const f = S.sep ? S.sep[s] : null;
        if (!f) return;
        const [x, w, h, id, ys] = f;
        for (let k = firstIndex(ys.length, (j) => ys[j] + h > r.y); k < ys.length && ys[k] < r.y + r.h; k++) {
          if (intersects(x, ys[k], w, h, r)) {
            out.push({ key: "r" + s + "." + k, kind: "separator", section: s, item: k, x: x, y: ys[k], w: w, h: h,
              t: 0, label: id !== null ? id : "separator " + s + "." + k, pinned: false, z: 0 });
          }
        }
      }
      function cell(i, s) {
        const e = { key: "c" + i, kind: "cell", section: s, item: i - S.first[s], x: C.x[i] + sideways * hx[s],
          y: C.y[i], w: C.w[i], h: C.h[i], t: C.t[i], index: i, pinned: false, z: 0, moves: K && K[s] !== null };
        if (drag && drag.active) dragged(e);
        return e;
      }
      /** A carousel's cells that meet the list's width at its offset: binary search along its row. */
      function carouselRange(s, from, to) {
        const a = S.rtl ? -hx[s] : hx[s], b = a + L.width;  // the row's visible x extent, unscrolled
        const first = S.first[s], count = S.count[s];
        // Left to right, cells' right edges grow; right to left, their left edges shrink.
        let lo = S.rtl ? firstIndex(count, (k) => C.x[first + k] < b) : firstIndex(count, (k) => C.x[first + k] + C.w[first + k] > a);
        let hi = S.rtl ? firstIndex(count, (k) => C.x[first + k] + C.w[first + k] <= a) : firstIndex(count, (k) => C.x[first + k] >= b);
        return [Math.max(from, first + lo), Math.min(to, first + hi)];
      }
      /** Steps 1–3: the elements a viewport at `offset` shows, in listing order. */
      function visible(offset, vh) {
        const r = { x: 0, y: offset, w: L.width, h: vh }, out = [];
        if (!(vh > 0)) return out;
        const lo = firstIndex(n, (i) => reach[i] > offset);
        const hi = firstIndex(n, (i) => low[i] >= offset + vh);
        const top = listElement("listHeader", offset, vh);
        if (top && intersects(top.x, top.y, top.w, top.h, r)) out.push(top);
        for (let s = firstIndex(ns, (k) => sectionEnd[k] > offset); s < ns && S.y[s] < offset + vh; s++) {
          const back = background(s);
          if (back && intersects(back.x, back.y, back.w, back.h, r)) out.push(back);
          const header = supplementary("header", s, offset, vh);
          if (header && intersects(header.x, header.y, header.w, header.h, r)) out.push(header);
          let start = Math.max(lo, S.first[s]), end = Math.min(hi, S.first[s] + S.count[s]);
          if (K && K[s] !== null) [start, end] = carouselRange(s, start, end);
          for (let i = start; i < end; i++) {
            const x = C.x[i] + sideways * hx[s];
            if (intersects(x, C.y[i], C.w[i], C.h[i], r)) out.push(cell(i, s));
          }
          separators(s, r, out);
          const footer = supplementary("footer", s, offset, vh);
          if (footer && intersects(footer.x, footer.y, footer.w, footer.h, r)) out.push(footer);
        }
        // Badges, above cells (z 2), found by their own keys; a carousel's move with its row.
        for (let i = firstIndex(nb, (k) => reachB[k] > offset), last = firstIndex(nb, (k) => lowB[k] >= offset + vh);
          i < last; i++) {
          const s = sectionOf(B.c[i]), x = B.x[i] + (K && K[s] !== null ? sideways * hx[s] : 0);
          if (intersects(x, B.y[i], B.w[i], B.h[i], r)) {
            out.push({ key: "d" + i, kind: "badge", section: s, item: B.c[i] - S.first[s], badge: B.b[i], x: x,
              y: B.y[i], w: B.w[i], h: B.h[i], t: 0, label: B.label[i], pinned: false, z: 2 });
          }
        }
        const end = listElement("listFooter", offset, vh);
        if (end && intersects(end.x, end.y, end.w, end.h, r)) out.push(end);
        return out;
      }

      // Content insets (between the list header and footer) and section bands.
      const ins = L.insets;
      const start = listHeader ? listHeader[3] : 0, stop = L.height - (listFooter ? listFooter[3] : 0);
      const span = Math.max(0, stop - start);
      for (const [x, y, w, h] of [[0, start, L.width, ins[0]], [0, stop - ins[2], L.width, ins[2]],
        [0, start, ins[1], span], [L.width - ins[3], start, ins[3], span]]) {
        if (!(w > 0 && h > 0 && span > 0)) continue;
        const band = document.createElement("div");
        band.className = "n inset";
        band.title = "content inset";
        band.setAttribute("aria-hidden", "true");
        band._o = -Infinity;
        band.style.cssText = H ? `left:${y}px;top:${x}px;width:${h}px;height:${w}px;z-index:1`
          : `left:${x}px;top:${y}px;width:${w}px;height:${h}px;z-index:1`;
        content.appendChild(band);
      }

      // Step 4: recycle nodes.
      const live = new Map(), pool = [];
      function place(node, e) {
        // The frame in the list's own axes (a horizontal list's are the layout's, transposed).
        const x = H ? e.y : e.x, y = H ? e.x : e.y, w = H ? e.h : e.w, h = H ? e.w : e.h;
        node.style.left = x + "px";
        node.style.top = y + "px";
        node.style.width = w + "px";
        node.style.height = h + "px";
        node.style.zIndex = String(e.z + 2);
        node.dataset.frame = x + "," + y + "," + w + "," + h;  // exact: style values round
        node.className = "n " + e.kind + (e.kind === "band" ? " b" + (e.section % 2) : "") +
          (e.kind === "cell" ? " p" + colour[e.t] : "") + (e.pinned ? " pinned" : "") +
          (drag && drag.active && e.index === drag.i ? " dragging" : "");
      }
      function fill(node, e) {
        const label = e.kind === "cell" ? cellLabel(e.index) : e.label;
        const traits = e.kind === "band" ? "" : L.traits[e.t].join(" · ");
        node.firstChild.textContent = label;
        node.lastChild.textContent = traits;
        node.title = e.kind === "band" ? label : label + (traits ? " [" + traits + "]" : "") +
          (H ? " (" + e.y + ", " + e.x + ", " + e.h + " × " + e.w + ")"
            : " (" + e.x + ", " + e.y + ", " + e.w + " × " + e.h + ")");
        node.dataset.key = e.key;
        describe(node, e);
      }
      function update() {
        const offset = scrollOffset(), vh = viewLength();
        const want = visible(offset, vh);
        keepAlive(want, offset, vh);
        for (let s = firstIndex(ns, (k) => sectionEnd[k] > offset); s < ns && S.y[s] < offset + vh; s++) {
          want.push({ key: "s" + s, kind: "band", section: s, x: 0, y: S.y[s], w: L.width, h: S.h[s], z: -2,
            label: "section " + s, pinned: false });
        }
        const keep = new Set(want.map((e) => e.key));
        for (const [key, node] of live) {
          if (!keep.has(key)) { node.remove(); pool.push(node); live.delete(key); }
        }
        let cells = 0;
        for (const e of want) {
          if (e.kind === "cell") cells++;
          let node = live.get(e.key);
          if (!node) {
            node = pool.pop();
            if (!node) {
              node = document.createElement("div");
              node.appendChild(document.createElement("b"));
              node.appendChild(document.createElement("i"));
            }
            fill(node, e);
            place(node, e);
            mount(node, e);
            live.set(e.key, node);
          } else if (e.kind !== "cell" || e.moves || drag) {
            place(node, e);
          }
        }
        prune();
        retab();
        status.textContent = `offset ${Math.round(offset)} · ${live.size} nodes in the DOM` +
          ` (${cells} cells)`;
      }
      scroller.addEventListener("scroll", update, { passive: true });
      addEventListener("resize", update);

      /** Scrolls carousel section `s` sideways to `x` (clamped to its row), as a swipe does. */
      function scrollCarousel(s, x) {
        if (!K || !(s >= 0 && s < ns) || K[s] === null || !isFinite(x)) return;
        hx[s] = Math.min(Math.max(x, 0), K[s]);
        update();
      }
      window.scrollCarousel = scrollCarousel;
      /** Carousel `s`'s snap offsets: how many, and the k-th (ascending). */
      function snapCount(s) {
        const snap = SN ? SN[s] : null;
        return snap === null || snap === undefined ? 0 : Array.isArray(snap) ? snap.length : snap.n;
      }
      function snapAt(s, k) {
        const snap = SN[s];
        return Array.isArray(snap) ? snap[k] : k === snap.n - 1 ? snap.end : k * snap.w;
      }
      /** The snap offset nearest `x` (ties: the smaller), or null without paging. */
      function nearestSnap(s, x) {
        const count = snapCount(s);
        if (count === 0) return null;
        const k = firstIndex(count, (j) => snapAt(s, j) >= x);
        if (k === 0) return snapAt(s, 0);
        if (k === count) return snapAt(s, count - 1);
        const below = snapAt(s, k - 1), above = snapAt(s, k);
        return x - below <= above - x ? below : above;
      }
      /** When a gesture over a carousel ends (no wheel event for 150 ms), it snaps. */
      const settling = new Map();
      function settle(s) {
        settling.delete(s);
        const x = nearestSnap(s, hx[s]);
        if (x !== null && x !== hx[s]) { hx[s] = x; update(); }
      }
      function swipeCarousel(s, dx) {
        scrollCarousel(s, hx[s] + dx);
        clearTimeout(settling.get(s));
        settling.set(s, setTimeout(() => settle(s), 150));
      }
      // A sideways wheel (or shift + wheel) over a carousel scrolls it; it snaps when it stops.
      content.addEventListener("wheel", (event) => {
        const dx = event.shiftKey ? event.deltaY : event.deltaX;
        if (!K || dx === 0 || (!event.shiftKey && Math.abs(event.deltaX) <= Math.abs(event.deltaY))) return;
        const y = event.clientY - content.getBoundingClientRect().top;
        const s = firstIndex(ns, (k) => sectionEnd[k] > y);
        if (s >= ns || S.y[s] > y || K[s] === null) return;
        event.preventDefault();
        swipeCarousel(s, S.rtl ? -dx : dx);
      }, { passive: false });

      /*interaction*/
      /** Scrolls through many offsets, checking the DOM against a brute-force scan. */
      function selftest() {
        const vh = viewLength(), maxOffset = Math.max(0, L.height - vh);
        const offsets = [];
        for (let k = 0; k <= 400; k++) offsets.push(maxOffset * k / 400);
        let state = 12345;
        for (let k = 0; k < 200; k++) {
          state = (state * 1103515245 + 12345) % 2147483648;
          offsets.push(maxOffset * state / 2147483648);
        }
        for (let k = 0; k < 200; k++) offsets.push(Math.min(maxOffset, k * vh / 7));
        let maxCells = 0, maxNodes = 0, checked = 0;
        const mismatches = [];
        offsets.forEach((o, step) => {
          scrollTo(o);
          update();
          const cells = content.getElementsByClassName("cell");
          maxCells = Math.max(maxCells, cells.length);
          maxNodes = Math.max(maxNodes, live.size);
          if (step % 10 === 0) {
            const offset = scrollOffset(), r = { x: 0, y: offset, w: L.width, h: vh };
            const expected = [];
            for (let i = 0; i < n; i++) {
              const x = K ? C.x[i] + sideways * hx[sectionOf(i)] : C.x[i];
              if (intersects(x, C.y[i], C.w[i], C.h[i], r)) expected.push("c" + i);
            }
            const actual = Array.from(cells, (node) => node.dataset.key);
            const a = new Set(actual);
            if (expected.length !== actual.length || expected.some((k) => !a.has(k))) {
              mismatches.push({ offset: offset, expected: expected.length, actual: actual.length });
            }
            checked++;
          }
        });
        return { steps: offsets.length, bruteForceChecks: checked, mismatches: mismatches,
          maxCellNodes: maxCells, maxNodes: maxNodes, pooledNodes: pool.length };
      }
      /** What the DOM shows now: each element's kind, index path and frame. */
      function frameReport() {
        const offset = scrollOffset(), elements = [];
        for (const node of content.querySelectorAll("[data-key]")) {
          const key = node.dataset.key;
          if (!key || key[0] === "s") continue;
          const kind = { c: "cell", h: "header", f: "footer", g: "background", lh: "listHeader",
            lf: "listFooter", r: "separator", d: "badge" }[key[0] === "l" ? key : key[0]];
          const index = key[0] === "l" ? -1 : key[0] === "r" ? 0 : Number(key.slice(1));
          const [x, y, w, h] = node.dataset.frame.split(",").map(Number);
          const e = { kind: kind, x: x, y: y, width: w, height: h, pinned: node.classList.contains("pinned") };
          if (kind === "cell") { e.section = sectionOf(index); e.item = index - S.first[e.section]; }
          else if (kind === "separator") { [e.section, e.item] = key.slice(1).split(".").map(Number); }
          else if (kind === "badge") {
            e.section = sectionOf(B.c[index]); e.item = B.c[index] - S.first[e.section]; e.badge = B.b[index];
          } else e.section = index;
          elements.push(e);
        }
        // Listing order: a badge right after its cell, separators after the cells.
        const order = { listHeader: -1, background: 0, header: 1, cell: 2, badge: 2, separator: 2.5, footer: 3,
          listFooter: 4 };
        const rank = (e) => e.kind === "listHeader" ? -Infinity : e.kind === "listFooter" ? Infinity : e.section;
        const sub = (e) => e.kind === "badge" ? 1 + e.badge : 0;
        elements.sort((a, b) => rank(a) - rank(b) || order[a.kind] - order[b.kind] || (a.item || 0) - (b.item || 0) ||
          sub(a) - sub(b));
        let pinned = null;
        const node = content.querySelector(".header.pinned");
        if (node) {
          pinned = { section: Number(node.dataset.key.slice(1)), label: node.firstChild.textContent,
            topInViewport: node.getBoundingClientRect().top - scroller.getBoundingClientRect().top };
        }
        return { offset: offset, viewportHeight: viewLength(), elements: elements, pinnedHeader: pinned };
      }

      // The offsets the page opens at (render --scroll), then #scroll=S:X,S:X, scroll carousels
      // sideways (exactly where asked, not snapped) before anything else.
      for (const [s, x] of L.scroll || []) scrollCarousel(s, x);
      for (const part of (params.get("scroll") || "").split(",")) {
        const [s, x] = part.split(":").map(Number);
        if (part) scrollCarousel(s, x);
      }
      const report = { errors: window.__errors, cells: n, sections: ns, contentHeight: L.height };
      if (params.has("selftest")) report.selftest = selftest();
      scrollTo(params.has("offset") ? Number(params.get("offset")) : L.offset);
      update();
      function writeReport() {
        const pre = document.createElement("pre");
        pre.id = "report";
        pre.textContent = JSON.stringify(report);
        document.body.appendChild(pre);
      }
      if (params.has("selftest")) report.frame = frameReport();
      // #swipe=S:DX,S:DX: after the frame above, a sideways wheel event of DX over each
      // carousel; the report (written once they have come to rest) says where each stood
      // before it snapped and where it rests.
      const swipes = (params.get("swipe") || "").split(",").filter((part) => part).map((part) => part.split(":").map(Number));
      if (swipes.length > 0) {
        report.swipes = swipes.map(([s, dx]) => {
          const start = hx[s] || 0, top = content.getBoundingClientRect().top;
          content.dispatchEvent(new WheelEvent("wheel", { deltaX: dx, deltaY: 0, bubbles: true, cancelable: true,
            clientX: content.getBoundingClientRect().left + 1, clientY: top + S.y[s] + S.h[s] / 2 }));
          return { section: s, start: start, moved: hx[s], rest: null };
        });
        setTimeout(() => {
          for (const swipe of report.swipes) swipe.rest = hx[swipe.section];
          if (params.has("selftest")) writeReport();
        }, 400);
      } else if (params.has("selftest")) {
        writeReport();
      }
    })();
    """#
}
