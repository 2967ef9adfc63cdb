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
      const S = L.sections, ns = S.y.length;
      // C: the cells' columns. A page that holds runs (L.cells.runs) reads each cell's frame,
      // traits and identifier by division (runs(), below); C.x[i] and the others are then
      // computed on access, as are the search keys reach[i] and low[i].
      let C = L.cells;
      let n = C.runs ? C.n : C.x.length;  // less one for each cell a drop hides in a collapsed section
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
      // Browsers cap an element's length (Chromium: 33,554,428 px). Content longer than
      // PHYS is held in a scroll range of PHYS px (a spacer that long): the page keeps the
      // content offset itself (at), moves it by exactly the scrolled distance for small
      // scrolls (wheel, keys, touch), maps the scroll position proportionally for jumps (the
      // scrollbar dragged, Home, End), and keeps #content one viewport long where the
      // scroller shows, its nodes placed relative to the current offset (shift()): small
      // numbers, which the browser keeps exactly (it holds a style's length in 32 bits).
      const PHYS = 16777216, capped = L.height > PHYS;
      if (capped) {
        const spacer = document.createElement("div");
        spacer.style.cssText = H ? `width:${PHYS}px;height:1px` : `height:${PHYS}px;width:1px`;
        scroller.insertBefore(spacer, content);
        content.style.position = "absolute";
        content.style.left = "0px";
        content.style.top = "0px";
      }
      let at = 0, lastRaw = 0, thumb = false;
      function rawOffset() { return H ? scroller.scrollLeft : scroller.scrollTop; }
      // Whole pixels: the browser draws a fractional scroll position rounded, while nodes are
      // placed relative to the position it reports.
      function setRaw(t) {
        t = Math.round(t);
        if (H) scroller.scrollLeft = t; else scroller.scrollTop = t;
        lastRaw = rawOffset();
      }
      function viewLength() { return H ? scroller.clientWidth : scroller.clientHeight; }
      function maxOffset() { return Math.max(0, L.height - viewLength()); }
      function maxRaw() { return Math.max(0, PHYS - viewLength()); }
      /** Reads a scroll the browser made since the last look: exact for small ones. */
      function syncScroll() {
        if (!capped) return;
        const t = rawOffset();
        if (t === lastRaw) return;
        const d = t - lastRaw, top = maxRaw();
        if (!thumb && Math.abs(d) <= 2 * viewLength()) at = Math.min(Math.max(at + d, 0), maxOffset());
        else at = t >= top ? maxOffset() : t <= 0 ? 0 : t / top * maxOffset();
        lastRaw = t;
        if (t !== Math.round(t)) setRaw(t);
      }
      function scrollOffset() { if (!capped) return rawOffset(); syncScroll(); return at; }
      function scrollTo(o) {
        if (!capped) { if (H) scroller.scrollLeft = o; else scroller.scrollTop = o; return; }
        at = Math.min(Math.max(Number(o) || 0, 0), maxOffset());
        const m = maxOffset();
        setRaw(m > 0 ? at / m * maxRaw() : 0);
      }
      /** Where content offset 0 sits in #content's box (0 unless capped). */
      function shift() { return capped ? -at : 0; }
      const listHeader = L.list[0], listFooter = L.list[1];
      // Section headers pin below a pinned list header (its current bottom, when it shrinks
      // towards its minHeight, listHeader[7]), footers above a pinned list footer.
      function headerPinAt(offset) {
        if (!listHeader || !listHeader[6]) return 0;
        if (listHeader.length < 8) return listHeader[3];
        return Math.max(listHeader[7], listHeader[3] - Math.max(0, offset + L.pin.inset));
      }
      const footerPin = listFooter && listFooter[6] ? listFooter[3] : 0;
      const sectionEnd = new Float64Array(ns);
      let reach, low, m;
      /** The cells' columns and search keys of a page that holds runs, computed on access. */
      function runs() {
        const R = C.runs, nr = R.length, FX = C.x, FY = C.y, FW = C.w, FH = C.h;
        const RO = new Float64Array(nr + 1), PM = new Int32Array(FX.length), SM = new Int32Array(FX.length);
        for (let j = 0; j < nr; j++) {
          const o = RO[j], k = R[j][4];
          RO[j + 1] = o + k;
          // Per run: the frame of greatest bottom up to each, and of least top from each.
          for (let r = 0; r < k; r++) {
            PM[o + r] = r > 0 && FY[o + PM[o + r - 1]] + FH[o + PM[o + r - 1]] >= FY[o + r] + FH[o + r] ? PM[o + r - 1] : r;
          }
          for (let r = k - 1; r >= 0; r--) SM[o + r] = r < k - 1 && FY[o + SM[o + r + 1]] <= FY[o + r] ? SM[o + r + 1] : r;
        }
        let j = 0, o = 0, p = 0, r = 0;
        /** Sets j (the run), o (its frames), p (the period) and r (the frame) of cell i. */
        function find(i) {
          if (!(i >= R[j][0] && i < R[j][0] + R[j][1])) {
            let lo = 0, hi = nr - 1;
            while (lo < hi) { const mid = Math.ceil((lo + hi) / 2); if (R[mid][0] <= i) lo = mid; else hi = mid - 1; }
            j = lo;
          }
          const k = i - R[j][0], q = R[j][4];
          o = RO[j]; p = Math.floor(k / q); r = k - p * q;
        }
        const top = (q, f) => FY[o + f] + q * R[j][3], bottom = (q, f) => top(q, f) + FH[o + f];
        const before = new Float64Array(nr + 1), after = new Float64Array(nr + 1);
        before[0] = -Infinity;
        after[nr] = Infinity;
        function reachAt(i) {
          find(i);
          let v = Math.max(before[j], bottom(p, PM[o + r]));
          if (p > 0) v = Math.max(v, bottom(p - 1, PM[o + R[j][4] - 1]));
          return v;
        }
        function lowAt(i) {
          find(i);
          let v = Math.min(after[j + 1], top(p, SM[o + r]));
          if ((p + 1) * R[j][4] < R[j][1]) v = Math.min(v, top(p + 1, SM[o]));
          return v;
        }
        for (let k = 0; k < nr; k++) before[k + 1] = R[k][1] > 0 ? reachAt(R[k][0] + R[k][1] - 1) : before[k];
        for (let k = nr - 1; k >= 0; k--) after[k] = R[k][1] > 0 ? lowAt(R[k][0]) : after[k + 1];
        // Traits and identifiers: by the model's parts (written out, or a run's pattern).
        const P = C.parts, np = P.length, PO = new Float64Array(np + 1);
        for (let k = 0; k < np; k++) PO[k + 1] = PO[k] + (P[k].length === 2 ? P[k][1] : 0);
        let pj = 0;
        function part(i) {
          if (!(i >= P[pj][0] && i < P[pj][0] + P[pj][1])) {
            let lo = 0, hi = np - 1;
            while (lo < hi) { const mid = Math.ceil((lo + hi) / 2); if (P[mid][0] <= i) lo = mid; else hi = mid - 1; }
            pj = lo;
          }
          return P[pj];
        }
        function traitsAt(i) {
          const q = part(i);
          return q.length === 2 ? L.cells.t[PO[pj] + i - q[0]] : q[3][(q[2] + i - q[0]) % q[3].length];
        }
        function idAt(i) {
          const q = part(i);
          if (q.length === 2) return L.cells.id ? L.cells.id[PO[pj] + i - q[0]] : null;
          if (q[4] === null) return null;
          if (typeof q[4] === "string") return q[4] + (q[5] + i - q[0]);
          return q[4][(q[2] + i - q[0]) % q[4].length];
        }
        const column = (f) => new Proxy({}, { get: (_, key) => typeof key === "string" ? f(Number(key)) : undefined });
        const written = L.cells;
        C = {
          x: column((i) => { find(i); return FX[o + r] + p * R[j][2]; }),
          y: column((i) => { find(i); return FY[o + r] + p * R[j][3]; }),
          w: column((i) => { find(i); return FW[o + r]; }), h: column((i) => { find(i); return FH[o + r]; }),
          t: column(traitsAt), id: written.id !== null || P.some((q) => q.length > 2 && q[4] !== null) ? column(idAt) : null,
          written: written, parts: P,
        };
        reach = column(reachAt);
        low = column(lowAt);
      }
      if (C.runs) runs();
      else {
        reach = new Float64Array(n);
        low = new Float64Array(n);
        m = -Infinity;
        for (let i = 0; i < n; i++) { m = Math.max(m, C.y[i] + C.h[i]); reach[i] = m; }
        m = Infinity;
        for (let i = n - 1; i >= 0; i--) { m = Math.min(m, C.y[i]); low[i] = m; }
      }
      /** A page that holds runs, written out cell by cell (for a drop, which moves cells):
          false when it has too many cells for that. */
      function materialize() {
        if (!C.written) return true;
        if (n > 2000000) return false;
        const all = (column) => Array.from({ length: n }, (_, i) => column[i]);
        const X = all(C.x), Y = all(C.y), W = all(C.w), Hs = all(C.h), T = all(C.t), I = C.id ? all(C.id) : null;
        C = { x: X, y: Y, w: W, h: Hs, t: T, id: I };
        reach = new Float64Array(n);
        low = new Float64Array(n);
        let v = -Infinity;
        for (let i = 0; i < n; i++) { v = Math.max(v, C.y[i] + C.h[i]); reach[i] = v; }
        v = Infinity;
        for (let i = n - 1; i >= 0; i--) { v = Math.min(v, C.y[i]); low[i] = v; }
        return true;
      }
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
      if (!C.written) { for (let i = 0; i < n; i++) if (colour[C.t[i]] < 0) colour[C.t[i]] = colours++ % 8; }
      else {
        // By the parts in order: each written-out cell's, then a run's pattern from its phase.
        let w = 0;
        for (const q of C.parts) {
          const ts = q.length === 2 ? C.written.t.slice(w, w += q[1]) : q[3].slice(q[2]).concat(q[3].slice(0, q[2]));
          for (const t of ts) if (colour[t] < 0) colour[t] = colours++ % 8;
        }
      }

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
        // While a drag previews a move, the sections it touches grow or shrink (dragGrow) and
        // those after them move (dragShift).
        const d = dragShift(s), g = dragGrow(s);
        let y = f[1] + (kind === "footer" ? d + g : d), pinned = false;
        // A section's own pinning overrides the list's; a collapsed section pins as one with cells.
        const own = (kind === "header" ? S.pinHeader : S.pinFooter) || null;
        const pins = own && own[s] !== null ? own[s] : (kind === "header" ? L.pin.headers : L.pin.footers);
        if (S.count[s] > 0 || (S.kept && S.kept[s] > 0) || L.pin.empty) {
          let target = null;
          if (kind === "header" && pins) target = offset + L.pin.inset + headerPinAt(offset);
          if (kind === "footer" && pins) target = offset + vh - L.pin.bottomInset - footerPin - f[3];
          if (target !== null) {
            const pinnedY = Math.min(Math.max(target, S.y[s] + d), sectionEnd[s] + d + g - f[3]);
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
        let y = f[1] + (kind === "listFooter" ? dragShift(ns) : 0), h = f[3], pinned = false;
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
        return { key: "g" + s, kind: "background", section: s, x: f[0], y: f[1] + dragShift(s), w: f[2],
          h: Math.max(0, f[3] + dragGrow(s)), t: f[4],
          label: f[5], pinned: false, z: -1 };
      }
      /** A section's separators that meet `r`: binary search over their tops. */
      function separators(s, r, out) {
        const f = S.sep ? S.sep[s] : null;
        if (!f) return;
        const [x, w, h, id] = f, ys = dragSeparators(s) || f[4], d = dragShift(s);
        for (let k = firstIndex(ys.length, (j) => ys[j] + d + h > r.y); k < ys.length && ys[k] + d < r.y + r.h; k++) {
          if (intersects(x, ys[k] + d, w, h, r)) {
            out.push({ key: "r" + s + "." + k, kind: "separator", section: s, item: k, x: x, y: ys[k] + d, w: w, h: h,
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
        const head = listElement("listHeader", offset, vh);
        if (head && intersects(head.x, head.y, head.w, head.h, r)) out.push(head);
        // While a drag previews a move, sections are where the preview puts them.
        const fromY = (k) => S.y[k] + dragShift(k), toY = (k) => sectionEnd[k] + dragShift(k) + dragGrow(k);
        for (let s = firstIndex(ns, (k) => toY(k) > offset); s < ns && fromY(s) < offset + vh; s++) {
          const back = background(s);
          if (back && intersects(back.x, back.y, back.w, back.h, r)) out.push(back);
          const header = supplementary("header", s, offset, vh);
          if (header && intersects(header.x, header.y, header.w, header.h, r)) out.push(header);
          const first = S.first[s], count = S.count[s], d = dragShift(s);
          if (dragLaysOut(s)) { dragCells(s, r, out); }
          else {
            let start = Math.max(lo, first), stop = Math.min(hi, first + count);
            if (d !== 0) {
              start = first + firstIndex(count, (k) => reach[first + k] > offset - d);
              stop = first + firstIndex(count, (k) => low[first + k] >= offset + vh - d);
            }
            if (K && K[s] !== null) [start, stop] = carouselRange(s, start, stop);
            for (let i = start; i < stop; i++) {
              const x = C.x[i] + sideways * hx[s];
              if (intersects(x, C.y[i] + d, C.w[i], C.h[i], r)) out.push(cell(i, s));
            }
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
      const span = Math.max(0, stop - start), insetBands = [];
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
        insetBands.push([band, x, y, w, h]);
      }
      /** Long content: the bands placed again relative to the current offset, cut to near it. */
      function placeInsets(offset, vh) {
        for (const [band, x, y, w, h] of insetBands) {
          const [a, b] = cut(y, h, offset, vh), along = a - offset;
          band.style.cssText = H ? `left:${along}px;top:${x}px;width:${b - a}px;height:${w}px;z-index:1`
            : `left:${x}px;top:${along}px;width:${w}px;height:${b - a}px;z-index:1`;
        }
      }
      /** The part of y ..< y + h drawn for a viewport at offset: all of it, but for long
          content, cut to a viewport's length either side of it (the browser caps lengths). */
      function cut(y, h, offset, vh) {
        if (!capped) return [y, y + h];
        const a = Math.max(y, offset - vh), b = Math.min(y + h, offset + 2 * vh);
        return b > a ? [a, b] : [y, y];
      }

      // Step 4: recycle nodes.
      const live = new Map(), pool = [];
      function place(node, e) {
        // The frame in the list's own axes (a horizontal list's are the layout's, transposed).
        const x = H ? e.y : e.x, y = H ? e.x : e.y, w = H ? e.h : e.w, h = H ? e.w : e.h;
        // Long content: along the scroll axis, relative to the offset shown (and cut near it).
        let along = e.y, length = e.h;
        if (capped) {
          const [a, b] = cut(e.y, e.h, placedAt, placedLength);
          along = a - placedAt;
          length = b - a;
        }
        node.style.left = (H ? along : x) + "px";
        node.style.top = (H ? y : along) + "px";
        node.style.width = (H ? length : w) + "px";
        node.style.height = (H ? h : length) + "px";
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
      let placedAt = 0, placedLength = 0;
      function update() {
        const offset = scrollOffset(), vh = viewLength();
        placedAt = offset;
        placedLength = vh;
        // Long content: #content where the scroller shows, every node placed again.
        const moved = capped;
        if (capped) {
          content.style[H ? "left" : "top"] = lastRaw + "px";
          content.style[H ? "width" : "height"] = vh + "px";
          placeInsets(offset, vh);
        }
        const want = visible(offset, vh);
        keepAlive(want, offset, vh);
        const bandTop = (k) => S.y[k] + dragShift(k), bandEnd = (k) => sectionEnd[k] + dragShift(k) + dragGrow(k);
        for (let s = firstIndex(ns, (k) => bandEnd(k) > offset); s < ns && bandTop(s) < offset + vh; s++) {
          want.push({ key: "s" + s, kind: "band", section: s, x: 0, y: bandTop(s), w: L.width, h: bandEnd(s) - bandTop(s), z: -2,
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
          } else if (e.kind !== "cell" || e.moves || drag || moved) {
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
      if (capped) {
        // The wheel moves long content by exactly its delta (the browser would stop at the
        // end of the capped range while the content goes on).
        scroller.addEventListener("wheel", (event) => {
          if (event.defaultPrevented || event.ctrlKey) return;
          const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? viewLength() : 1;
          const d = (H ? event.deltaX || event.deltaY : event.deltaY) * unit;
          if (!d) return;
          event.preventDefault();
          scrollTo(scrollOffset() + d);
          update();
        }, { passive: false });
        // A press on the scrollbar (outside the client area) drags its thumb: proportional.
        scroller.addEventListener("mousedown", (event) => {
          const r = scroller.getBoundingClientRect();
          thumb = H ? event.clientY >= r.top + scroller.clientTop + scroller.clientHeight
            : event.clientX >= r.left + scroller.clientLeft + scroller.clientWidth;
        });
        addEventListener("mouseup", () => { if (thumb) { update(); thumb = false; } });
      }

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
        const y = event.clientY - content.getBoundingClientRect().top - shift();
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
          if (step % 10 === 0 && n <= 1000000) {
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
