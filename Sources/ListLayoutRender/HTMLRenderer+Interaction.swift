// The page's keyboard focus, reading order, ARIA and drag to reorder (see the Interaction
// article of the ListLayoutRender documentation).

extension HTMLRenderer {
  /// The page's script with the interaction part in its place.
  static let pageScript = script.replacing(
    "/*interaction*/", with: interaction.replacing("/*placements*/", with: placements))

  /// Keyboard focus, reading order, ARIA and drag to reorder, inside the page script's scope.
  ///
  /// The rules are the library's: `LayoutSnapshot.nextFocus(from:direction:horizontalOffsets:)`,
  /// `nextInReadingOrder(after:backward:)`, `moveTarget(dragging:at:horizontalOffsets:allowsMovesBetweenSections:)`
  /// and `AutoScroll`, copied here over the embedded frames; `InteractionChromiumTests` checks
  /// every copy against `listlayout query` on seeded feeds. Grid rows and columns are not
  /// computed here: the page reads the library's (`accessibility(of:)`, embedded as `grid`).
  /// The drag preview lays grid, masonry, carousel, sequential and flow sections out again with
  /// a copy of their placements (``placements``, in its place here), from what the library
  /// resolved (embedded as `reflow`, and for flow sections the layout manager's answers,
  /// `flow`), checked there too against the library's frames and `previewingMove(from:to:)`.
  static let interaction = #"""
    // ---- Interaction: ARIA, reading order, focus, drag to reorder ----
    // G: per section, null or the library's grid placement {rows, cols, r, c, cs} (1-based).
    const G = S.grid || null;
    const between = params.get("moves") !== "section";
    // The focused element's key ("c" + cell, "h"/"f" + section, "lh", "lf"), and the drag.
    let focusKey = null;
    let drag = null;

    /** Carousel section s's cells are moved sideways by its offset. */
    function isCarousel(s) { return K !== null && K[s] !== null; }
    /** Cell i's frame [minX, minY, maxX, maxY] in layout space: on screen (a carousel's cells
        moved by its offset and cut to the list's width, null when wholly outside), or, with
        onScreen false, where its section lays it out; then its width and height (centres are
        x + w / 2, as the library's Rect.midX, which (x + maxX) / 2 may miss by a rounding). */
    function frameOf(i, s, onScreen) {
      let x = C.x[i], w = C.w[i];
      if (onScreen && isCarousel(s)) {
        x += sideways * hx[s];
        const a = Math.max(x, 0), b = Math.min(x + w, L.width);
        if (!(b > a)) return null;
        return [a, C.y[i], b, C.y[i] + C.h[i], b - a, C.h[i]];
      }
      return [x, C.y[i], x + w, C.y[i] + C.h[i], w, C.h[i]];
    }

    // -- Focus: LayoutSnapshot.nextFocus. Directions in layout space: axis 1 runs along the
    // scroll axis (y), axis 0 across it; a horizontal list's screen axes are swapped.
    const directions = H
      ? { down: [0, 1], up: [0, -1], right: [1, 1], left: [1, -1] }
      : { down: [1, 1], up: [1, -1], right: [0, 1], left: [0, -1] };
    /** The cell focus moves to from cell `from` in `direction`: {to, carouselOffset}, or null. */
    function nextFocus(from, direction) {
      if (!(from >= 0 && from < n)) return null;
      if (direction === "forward" || direction === "backward") {
        const to = from + (direction === "forward" ? 1 : -1);
        return to >= 0 && to < n ? target(to) : null;
      }
      const [axis, sign] = directions[direction];
      const s = sectionOf(from);
      // Left and right from a carousel's cell: within that carousel, in its content coordinates.
      const inside = (direction === "left" || direction === "right") && isCarousel(s);
      // On screen; a carousel's cell wholly outside the list's width: moved, not cut.
      let f = frameOf(from, s, !inside);
      if (f === null) {
        const x = C.x[from] + sideways * hx[s];
        f = [x, C.y[from], x + C.w[from], C.y[from] + C.h[from], C.w[from], C.h[from]];
      }
      const fc = axis === 1 ? f[0] + f[4] / 2 : f[1] + f[5] / 2;
      let best = null;
      function consider(i) {
        if (i === from) return;
        const c = frameOf(i, inside ? s : sectionOf(i), !inside);
        if (c === null) return;
        const gap = axis === 1 ? (sign > 0 ? c[1] - f[3] : f[1] - c[3]) : (sign > 0 ? c[0] - f[2] : f[0] - c[2]);
        if (!(gap >= 0)) return;
        const overlap = axis === 1 ? Math.min(c[2], f[2]) - Math.max(c[0], f[0])
          : Math.min(c[3], f[3]) - Math.max(c[1], f[1]);
        const minor = Math.abs((axis === 1 ? c[0] + c[4] / 2 : c[1] + c[5] / 2) - fc);
        const beam = overlap > 0;
        const k1 = beam ? gap : 13 * gap * gap + minor * minor, k2 = beam ? minor : 0;
        if (best === null || (beam && !best.beam) ||
          (beam === best.beam && (k1 < best.k1 || (k1 === best.k1 && (k2 < best.k2 || (k2 === best.k2 && i < best.i)))))) {
          best = { i: i, beam: beam, k1: k1, k2: k2 };
        }
      }
      /** Whether nothing at a gap of at least `gap` can beat the best so far. */
      function beyond(gap) {
        return best !== null && (best.beam ? gap > best.k1 : !(gap >= 0) ? false : 13 * gap * gap > best.k1);
      }
      if (inside) {
        // One row, its cells in order along it: scan outwards in the direction.
        const first = S.first[s], end = first + S.count[s];
        const step = (sign > 0) !== !!S.rtl ? 1 : -1;
        for (let i = from + step; i >= first && i < end; i += step) {
          const c = frameOf(i, s, false);
          if (beyond(sign > 0 ? c[0] - f[2] : f[0] - c[2])) break;
          consider(i);
        }
      } else if (axis === 1 && sign > 0) {
        // Cells before the first whose bottom reaches f's bottom end above it.
        for (let i = firstIndex(n, (k) => reach[k] >= f[3]); i < n; i++) {
          if (best !== null && best.beam && low[i] - f[3] > best.k1) break;
          consider(i);
        }
      } else if (axis === 1) {
        for (let i = firstIndex(n, (k) => low[k] > f[1]) - 1; i >= 0; i--) {
          if (best !== null && best.beam && f[1] - reach[i] > best.k1) break;
          consider(i);
        }
      } else {
        // Across: the beam lies in the band of cells overlapping f along the axis; outside it,
        // the distance between centres along the axis bounds the score from below.
        const lo = firstIndex(n, (k) => reach[k] > f[1]), hi = firstIndex(n, (k) => low[k] >= f[3]);
        for (let i = lo; i < hi; i++) consider(i);
        if (best === null || !best.beam) {
          for (let i = hi; i < n; i++) {
            const d = low[i] - fc;
            if (best !== null && d > 0 && d * d > best.k1) break;
            consider(i);
          }
          for (let i = lo - 1; i >= 0; i--) {
            const d = fc - reach[i];
            if (best !== null && d > 0 && d * d > best.k1) break;
            consider(i);
          }
        }
      }
      return best === null ? null : target(best.i);
    }
    /** A focus answer for cell i: with, in a carousel, the offset that shows it whole. */
    function target(i) {
      const s = sectionOf(i);
      return { to: i, carouselOffset: isCarousel(s) ? revealOffset(i, s) : null };
    }
    /** The carousel offset nearest the current one that shows cell i whole (a cell wider than
        the list: its leading edge at the list's leading edge). */
    function revealOffset(i, s) {
      const w = C.w[i], W = L.width, o = hx[s];
      // Along the row from its leading edge (the right, right to left), where offsets grow.
      const x = S.rtl ? W - C.x[i] - w : C.x[i];
      if (x >= o && x + w <= o + W) return o;
      return w > W || x < o ? x : x + w - W;
    }

    // -- Reading order: LayoutSnapshot.nextInReadingOrder. Positions (s, j): s = -1 the list
    // header, s = ns the list footer; j = -1 a header, 0 ..< count the cells, count a footer.
    function keyAt(s, j) {
      if (s < 0) return listHeader ? "lh" : null;
      if (s >= ns) return listFooter ? "lf" : null;
      if (j < 0) return S.header[s] ? "h" + s : null;
      if (j >= S.count[s]) return S.footer[s] ? "f" + s : null;
      return "c" + (S.first[s] + j);
    }
    /** Whether the element of `key` is read and takes focus: cells, headers, footers and the
        list's header and footer (not bands, backgrounds, separators or badges). */
    function readable(key) {
      return key === "lh" || key === "lf" || key[0] === "c" || key[0] === "h" || key[0] === "f";
    }
    function positionOf(key) {
      if (key === "lh") return [-1, 0];
      if (key === "lf") return [ns, 0];
      const k = Number(key.slice(1));
      if (key[0] === "h") return [k, -1];
      if (key[0] === "f") return [k, S.count[k]];
      const s = sectionOf(k);
      return [s, k - S.first[s]];
    }
    /** The element after `key` in the reading order (before it when `backward`), or null. */
    function nextInReadingOrder(key, backward) {
      let [s, j] = key === null ? (backward ? [ns + 1, 0] : [-2, 0]) : positionOf(key);
      for (;;) {
        if (!backward) {
          if (s < 0) { s += 1; j = -1; }
          else if (s < ns && j < S.count[s]) j += 1;
          else { s += 1; j = -1; }
          if (s > ns) return null;
        } else {
          if (s > ns) { s = ns; }
          else if (s === ns) { s = ns - 1; j = s >= 0 ? S.count[s] : 0; }
          else if (s >= 0 && j > -1) j -= 1;
          else { s -= 1; j = s >= 0 ? S.count[s] : 0; }
          if (s < -1) return null;
        }
        const found = keyAt(s, j);
        if (found !== null) return found;
      }
    }

    // -- ARIA: roles, positions in the whole list (not only the rendered part), headings.
    // Each section's nodes sit in wrappers (boxless, at the content's origin): a group, in it
    // the header, a list (or a grid of rows) of the cells, and the footer.
    const wrappers = new Map();
    function wrapper(key, parent, order, setUp) {
      let node = wrappers.get(key);
      if (!node) {
        node = document.createElement("div");
        node.className = "grp";
        setUp(node);
        insertOrdered(parent, node, order);
        wrappers.set(key, node);
      }
      return node;
    }
    function sectionGroup(s) {
      return wrapper("G" + s, content, s, (node) => {
        node.setAttribute("role", "group");
        node.setAttribute("aria-label", S.header[s] && S.header[s][5] ? S.header[s][5] : "section " + s);
      });
    }
    function sectionList(s) {
      return wrapper("L" + s, sectionGroup(s), 0, (node) => {
        const grid = G && G[s];
        node.setAttribute("role", grid ? "grid" : "list");
        if (grid) {
          node.setAttribute("aria-rowcount", grid.rows);
          node.setAttribute("aria-colcount", grid.cols);
        }
        if (isCarousel(s)) node.setAttribute("aria-roledescription", "carousel");
      });
    }
    function gridRow(s, row) {
      return wrapper("R" + s + "." + row, sectionList(s), row, (node) => {
        node.setAttribute("role", "row");
        node.setAttribute("aria-rowindex", row);
      });
    }
    /** Inserts `node` among `parent`'s children in ascending `order`. */
    function insertOrdered(parent, node, order) {
      node._o = order;
      let before = null;
      for (let c = parent.lastElementChild; c !== null && c._o > order; c = c.previousElementSibling) before = c;
      parent.insertBefore(node, before);
    }
    /** Puts a new node in its place in the accessibility structure. */
    function mount(node, e) {
      if (e.kind === "cell") {
        const grid = G && G[e.section];
        if (grid) insertOrdered(gridRow(e.section, grid.r[e.item]), node, grid.c[e.item]);
        else insertOrdered(sectionList(e.section), node, e.item);
      } else if (e.kind === "header" || e.kind === "footer" || e.kind === "background") {
        insertOrdered(sectionGroup(e.section), node, { background: -2, header: -1, footer: 1 }[e.kind]);
      } else {
        insertOrdered(content, node,
          { listHeader: -1, listFooter: ns + 1, band: -Infinity, separator: -Infinity, badge: -Infinity }[e.kind]);
      }
    }
    /** Removes wrappers left empty: rows, then lists, then groups. */
    function prune() {
      for (const kind of ["R", "L", "G"]) {
        for (const [key, node] of wrappers) {
          if (key[0] === kind && node.firstElementChild === null) { node.remove(); wrappers.delete(key); }
        }
      }
    }
    const aria = ["role", "aria-level", "aria-setsize", "aria-posinset", "aria-colindex", "aria-colspan",
      "aria-rowindex", "aria-hidden", "aria-grabbed"];
    /** A node's role and ARIA, and its place in the tab order (one element takes Tab). */
    function describe(node, e) {
      for (const name of aria) node.removeAttribute(name);
      if (e.kind === "cell") {
        const grid = G && G[e.section];
        if (grid) {
          node.setAttribute("role", "gridcell");
          node.setAttribute("aria-rowindex", grid.r[e.item]);
          node.setAttribute("aria-colindex", grid.c[e.item]);
          if (grid.cs[e.item] !== 1) node.setAttribute("aria-colspan", grid.cs[e.item]);
        } else {
          node.setAttribute("role", "listitem");
          node.setAttribute("aria-setsize", S.count[e.section]);
          node.setAttribute("aria-posinset", e.item + 1);
        }
      } else if (e.kind === "header") {
        node.setAttribute("role", "heading");
        node.setAttribute("aria-level", "2");
      } else if (e.kind === "footer" || e.kind === "listHeader" || e.kind === "listFooter") {
        node.setAttribute("role", "group");
      } else {
        node.setAttribute("aria-hidden", "true");
      }
      if (!readable(e.key)) node.removeAttribute("tabindex");
      else node.tabIndex = e.key === tabKey() ? 0 : -1;
    }
    /** The element that takes Tab: the focused one, else the first rendered in reading order. */
    function tabKey() {
      if (focusKey !== null) return focusKey;
      let first = null, rank = Infinity;
      for (const key of live.keys()) {
        if (!readable(key)) continue;
        const [s, j] = positionOf(key);
        const r = s * (n + 2) + j + 1;
        if (r < rank) { rank = r; first = key; }
      }
      return first;
    }
    function retab() {
      const key = tabKey();
      for (const [k, node] of live) if (readable(k)) node.tabIndex = k === key ? 0 : -1;
    }
    /** The focused element (and a dragged cell) stay in the DOM when they scroll away. */
    function keepAlive(want, offset, vh) {
      const keys = [];
      if (focusKey !== null) keys.push(focusKey);
      if (drag && drag.active) {
        keys.push("c" + drag.i);
        // Cells slide one place in a preview: the neighbours of the shown ones may slide in.
        const shown = want.filter((e) => e.kind === "cell");
        if (shown.length > 0) {
          const lo = shown[0].index - 1, hi = shown[shown.length - 1].index + 1;
          if (lo >= 0) keys.push("c" + lo);
          if (hi < n) keys.push("c" + hi);
        }
        // Along a carousel's row the cells between the two places (both near the pointer)
        // move by the dragged cell's width: any of them may come into view.
        if (drag.target !== null && carouselMove(sectionOf(drag.i), drag.target[0])) {
          for (let i = Math.min(drag.i, at0()); i <= Math.max(drag.i, at0()); i++) keys.push("c" + i);
        }
      }
      for (const key of keys) {
        if (want.some((e) => e.key === key)) continue;
        const [s, j] = positionOf(key);
        let e = null;
        if (key === "lh" || key === "lf") e = listElement(key === "lh" ? "listHeader" : "listFooter", offset, vh);
        else if (key[0] === "h") e = supplementary("header", s, offset, vh);
        else if (key[0] === "f") e = supplementary("footer", s, offset, vh);
        else e = cell(S.first[s] + j, s);
        if (e) want.push(e);
      }
      if (drag && drag.active && B) {
        // Badges follow their cells' preview frames: those found where the badges lie now
        // give way to the badges of the cells shown, each at its offset from its cell.
        let kept = 0;
        for (const e of want) if (e.kind !== "badge") want[kept++] = e;
        want.length = kept;
        for (let k = 0; k < kept; k++) if (want[k].kind === "cell") badgesOf(want[k], want);
      }
    }
    /** The point of its cell badge k is anchored to: 3·row + column, each 0, 1 or 2 halves. */
    function anchorOf(k) { return B.a === undefined ? 0 : typeof B.a === "number" ? B.a : B.a[k]; }
    /** Appends the badges of cell element `e` (during a drag) to `out`, placed on the cell as
        they are on its natural frame. Badges are in order of their cells (hidden ones last). */
    function badgesOf(e, out) {
      const i = e.index;
      for (let k = firstIndex(nb, (j) => B.c[j] >= i); k < nb && B.c[k] === i; k++) {
        // On a cell the preview resizes, the badge keeps its anchor point of the cell.
        const a = anchorOf(k), fx = (a % 3) / 2, fy = Math.floor(a / 3) / 2;
        out.push({ key: "d" + k, kind: "badge", section: e.section, item: e.item, badge: B.b[k], index: i,
          x: e.x + B.x[k] - C.x[i] + fx * (e.w - C.w[i]), y: e.y + B.y[k] - C.y[i] + fy * (e.h - C.h[i]),
          w: B.w[k], h: B.h[k], t: 0, label: B.label[k],
          pinned: false, z: i === drag.i ? 2049 : 2 });
      }
    }
    /** Whether section s is collapsed: a cell dropped into it is hidden. */
    function isCollapsed(s) { return !!(S.collapsed && S.collapsed[s]); }

    /** Scrolls the least that shows element `key` whole below pinned headers (and above
        pinned footers), and for a cell of a carousel first the carousel. */
    function reveal(key, carouselOffset) {
      const [s, j] = positionOf(key);
      if (key[0] === "c" && carouselOffset !== null && carouselOffset !== undefined) scrollCarousel(s, carouselOffset);
      let y, h;
      if (key[0] === "c") { y = C.y[S.first[s] + j]; h = C.h[S.first[s] + j]; }
      else {
        const f = key === "lh" ? listHeader : key === "lf" ? listFooter : (key[0] === "h" ? S.header : S.footer)[s];
        y = f[1]; h = f[3];
      }
      let top = 0, bottom = 0;
      // A section's own pinning overrides the list's; the list header as tall as it is now.
      const pins = (own, list) => own && own[s] !== null && own[s] !== undefined ? own[s] : list;
      if (key[0] === "c" || key[0] === "f") {
        top = headerPinAt(scrollOffset()) + (pins(S.pinHeader, L.pin.headers) && S.header[s] ? S.header[s][3] : 0);
      }
      if (key[0] === "c" || key[0] === "h") {
        bottom = footerPin + (pins(S.pinFooter, L.pin.footers) && S.footer[s] ? S.footer[s][3] : 0);
      }
      const vh = viewLength(), o = scrollOffset();
      let to = o;
      if (y + h + bottom > o + vh) to = y + h + bottom - vh;
      if (y - top < to) to = y - top;
      to = Math.min(Math.max(to, 0), Math.max(0, L.height - vh));
      if (to !== o) scrollTo(to);
    }
    /** Moves focus to element `key` (a cell of a carousel with the offset that shows it). */
    function focusElement(key, carouselOffset) {
      focusKey = key;
      reveal(key, carouselOffset);
      update();
      retab();
      const node = live.get(key);
      if (node) node.focus({ preventScroll: true });
    }
    const arrows = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
    content.addEventListener("keydown", (event) => {
      const key = event.target.dataset ? event.target.dataset.key : undefined;
      if (key === undefined) return;
      if (event.key === "Escape" && drag) { endDrag(false); event.preventDefault(); return; }
      if (event.key === "Tab" && !event.altKey && !event.ctrlKey && !event.metaKey) {
        const next = nextInReadingOrder(key, event.shiftKey);
        if (next === null) return;  // past the list's end: the browser moves on
        event.preventDefault();
        const [s, j] = positionOf(next);
        focusElement(next, next[0] === "c" && isCarousel(s) ? revealOffset(S.first[s] + j, s) : null);
        return;
      }
      const direction = arrows[event.key];
      if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      if (key[0] !== "c") return;  // arrows move among cells
      const answer = nextFocus(Number(key.slice(1)), direction);
      if (answer !== null) focusElement("c" + answer.to, answer.carouselOffset);
    });
    content.addEventListener("focusin", (event) => {
      const key = event.target.dataset ? event.target.dataset.key : undefined;
      if (key !== undefined && readable(key) && key !== focusKey) { focusKey = key; retab(); }
    });

    // -- Drag to reorder: LayoutSnapshot.moveTarget and AutoScroll; the preview lays grid and
    // masonry sections out again (planMove) and slides the other cells of the touched
    // sections one place (see the Interaction article).
    /** Where the cell `from` would go dropped at layout point (px, py): [section, item] or null. */
    function moveTarget(from, px, py, across) {
      if (!(from >= 0 && from < n) || ns === 0) return null;
      if (!(isFinite(px) && isFinite(py)) || px < 0 || py < 0 || px > L.width || py > L.height) return null;
      const home = sectionOf(from);
      // 1. The cell under the point (the lowest index path where cells overlap).
      const lo = firstIndex(n, (k) => reach[k] > py), hi = firstIndex(n, (k) => low[k] > py);
      for (let i = lo; i < hi; i++) {
        const s = sectionOf(i);
        if (!across && s !== home) continue;
        if (isCarousel(s)) {
          // A carousel's row: back from the cells that start beyond the point, while a cell
          // may still reach it; the lowest that holds it.
          let found = -1;
          for (let j = rowIndex(s, px) - 1; j >= S.first[s]; j--) {
            if (S.rtl ? trail(j, s) < lead(px) : trail(j, s) <= lead(px)) break;
            const x = C.x[j] + sideways * hx[s];
            if (px >= x && px < x + C.w[j] && py >= C.y[j] && py < C.y[j] + C.h[j]) found = j;
          }
          if (found >= 0) return [s, found - S.first[s]];
          i = S.first[s] + S.count[s] - 1;
          continue;
        }
        if (px >= C.x[i] && px < C.x[i] + C.w[i] && py >= C.y[i] && py < C.y[i] + C.h[i]) return [s, i - S.first[s]];
      }
      // 2. The section whose extent holds the point, or the nearer one; ties: the earlier.
      let s = home;
      if (across) {
        s = firstIndex(ns, (k) => sectionEnd[k] > py);
        if (s >= ns || S.y[s] > py) {
          const above = s - 1;
          if (s >= ns) s = above;
          else if (above >= 0 && py - sectionEnd[above] <= S.y[s] - py) s = above;
        }
      }
      const first = S.first[s], count = S.count[s];
      if (count === 0) return [s, 0];
      if (s !== home) {
        const last = first + count - 1;
        if (py > C.y[last] + C.h[last] / 2) return [s, count];
      }
      // The nearest cell of s: outwards from the point along the axis, while the distance
      // along it alone is below the best.
      let best = -1, bestD = Infinity;
      function consider(i) {
        const shift = isCarousel(s) ? sideways * hx[s] : 0;
        const dx = Math.max(C.x[i] + shift - px, 0, px - (C.x[i] + shift + C.w[i]));
        const dy = Math.max(C.y[i] - py, 0, py - (C.y[i] + C.h[i]));
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d < bestD || (d === bestD && i < best)) { best = i; bestD = d; }
      }
      if (isCarousel(s)) {
        // Its row outwards from the point, each way until the cells are farther across.
        const k = rowIndex(s, px);
        for (let j = k - 1; j >= first; j--) {
          if (lead(px) - trail(j, s) > bestD) break;
          consider(j);
        }
        for (let j = k; j < first + count; j++) {
          if (lead(j, s) - lead(px) > bestD) break;
          consider(j);
        }
        return [s, best - first];
      }
      const start = Math.min(Math.max(firstIndex(n, (k) => reach[k] > py), first), first + count - 1);
      for (let i = start; i < first + count; i++) {
        if (low[i] - py > bestD) break;
        consider(i);
      }
      for (let i = start - 1; i >= first; i--) {
        if (py - reach[i] > bestD) break;
        consider(i);
      }
      return [s, best - first];
    }
    /** Along a carousel's row from its leading edge (the right, right to left): the on-screen
        leading and trailing coordinates of cell j of carousel s, which grow with j, or, with
        one argument, a point's x. */
    function lead(j, s) {
      if (s === undefined) return S.rtl ? -j : j;
      const x = C.x[j] + sideways * hx[s];
      return S.rtl ? -(x + C.w[j]) : x;
    }
    function trail(j, s) { return lead(j, s) + C.w[j]; }
    /** The first cell of carousel s starting beyond x along its row. */
    function rowIndex(s, x) {
      return S.first[s] + firstIndex(S.count[s], (k) => lead(S.first[s] + k, s) > lead(x));
    }
    /** AutoScroll.speed with the default zone (60) and speed (1,200 points per second), for
        the band `offset ... offset + length` the pinned list header and footer leave. */
    function autoScroll(y, offset, length) {
      const zone = 60, top = 1200;
      if (!(isFinite(y) && isFinite(offset) && isFinite(length))) return 0;
      length = Math.max(length, 0);
      if (y < offset) return -top;
      if (y > offset + length) return top;
      const lead = y - offset, trail = offset + length - y;
      if (lead < zone) return -top * (zone - lead) / zone;
      if (trail < zone) return top * (zone - trail) / zone;
      return 0;
    }
    /** The preview's item for cell (s, k) when the drag's target is (ts, t): its index path
        after the move, and so the slot (the frame of the cell there now) it slides into. */
    function slotItem(s, k) {
      const hs = sectionOf(drag.i), a = drag.i - S.first[hs], [ts, t] = drag.target;
      if (s === hs && s === ts) {
        if (a < t && k > a && k <= t) return k - 1;
        if (a > t && k >= t && k < a) return k + 1;
        return k;
      }
      if (s === hs && k > a) return k - 1;
      if (s === ts && k >= t) return k + 1;
      return k;
    }
    /** The frame [x, y] of slot k of section s in layout space (unscrolled); one past the
        last continues the last two slots' step, wrapping to a new line at the list's width. */
    function slot(s, k) {
      const first = S.first[s], count = S.count[s];
      if (k < count) return [C.x[first + k], C.y[first + k]];
      if (count === 0) {
        const header = S.header[s];
        return [L.insets[1], header ? header[1] + header[3] : S.y[s]];
      }
      const a = first + count - 1;
      if (count === 1) return [C.x[a], C.y[a] + C.h[a]];
      const b = a - 1, x = 2 * C.x[a] - C.x[b], y = 2 * C.y[a] - C.y[b];
      if (!isCarousel(s) && x + C.w[a] > L.width) return [C.x[first], C.y[a] + C.h[a]];
      return [x, y];
    }
    /** A cell's element while a drag previews: the dragged one under the pointer, the others
        in the slots they slide into. */
    function dragged(e) {
      if (e.index === drag.i) {
        e.x = drag.point[0] - drag.grab[0];
        e.y = drag.point[1] - drag.grab[1];
        e.z = 2048;
        return;
      }
      if (drag.target === null) return;
      const f = planFrame(e.index, true);
      if (f !== null) { [e.x, e.y, e.w, e.h] = f; return; }
      const [x, y] = previewAt(e.index, e.section);
      e.x = x + (isCarousel(e.section) ? sideways * hx[e.section] : 0);
      e.y = y + dragShift(e.index === drag.i ? drag.target[0] : e.section);
    }
    // -- The preview of a move in grid, masonry, carousel, sequential and flow sections: the
    // page's copy of their placements (GridSectionLayout with SparseCursor or DensePacker and
    // GridRowWriter; MasonryPlacer; CarouselRow; SequentialSection; FlowTypesetter), from what the
    // library resolved (RF, per section: see writeReflow), each cell's own height along the
    // scroll axis and span (and own width and attributes, for flow sections). The sections a move touches are laid
    // out again with it applied, and every section after one moves by the change of its length.
    const RF = S.reflow || null, mirrored = !!S.mirror;
    if (RF) {
      C.nh = Array.from({ length: n }, (_, i) => C.h[i]);
      C.sp = new Array(n).fill(1);
      if (S.nh) S.nh[0].forEach((i, k) => { C.nh[i] = S.nh[1][k]; });
      if (S.span) S.span[0].forEach((i, k) => { C.sp[i] = S.span[1][k]; });
      C.nw = Array.from({ length: n }, (_, i) => C.w[i]);
      // Own widths across the scroll axis, per section (a number: every cell's), where one
      // is not its frame's; then those of the flow sections' cells (null: none known).
      if (S.ow) S.ow.forEach((o, s) => {
        if (o !== null) for (let k = 0; k < S.count[s]; k++) C.nw[S.first[s] + k] = typeof o === "number" ? o : o[k];
      });
      if (S.nw) S.nw[0].forEach((i, k) => { C.nw[i] = S.nw[1][k]; });
      C.fa = new Array(n).fill(null);
      if (S.fa) S.fa[0].forEach((i, k) => { C.fa[i] = S.fa[1][k]; });
      // Sequential options of their own: [calculator (an index into CALC, -1 a caller's), spacing, padding].
      if (S.sq) {
        C.sq = new Array(n).fill(null);
        S.sq[0].forEach((i, k) => { C.sq[i] = S.sq[1][k]; });
      }
    }
    const FT = S.flow || null, FD = S.fd || null, CALC = S.calc || [];
    /*placements*/
    /** The preview's plan for the drag's target: for each section it touches that the page
        lays out (not collapsed: a collapsed section keeps its length, the cell hidden in it),
        its cells in their new order and their frames; and for each touched section, how much
        longer it gets (sections the page cannot lay out: unknown, taken as 0). Null on a page
        of runs. */
    function planMove() {
      if (!RF || C.written) return null;
      const a = drag.i, hs = sectionOf(a), [ts, t] = drag.target;
      const plan = { laid: new Map(), grows: new Map(), at: new Map(), sep: new Map() };
      for (const s of hs === ts ? [hs] : [hs, ts]) {
        if (RF[s] === null || (s === ts && isCollapsed(ts))) continue;
        // A cell sized by a callback or flexbox content has no own width the page knows.
        if (s === ts && hs !== ts && RF[s][0] >= 2 && C.nw[a] === null) continue;
        // Nor a caller's calculator the page can run.
        if (s === ts && hs !== ts && (RF[s][0] === 2 || RF[s][0] === 5) && C.sq && C.sq[a] && C.sq[a][0] === -1) continue;
        const first = S.first[s], cells = [], old = [];
        for (let k = 0; k < S.count[s]; k++) old.push(first + k);
        for (const i of old) if (i !== a) cells.push(i);
        if (s === ts) cells.splice(t, 0, a);
        const before = layOut(s, old), after = layOut(s, cells), top = RF[s][[8, 6, 10, 6, 6, 16][RF[s][0]]];
        for (let j = 0; j < cells.length; j++) { after.Y[j] += top; plan.at.set(cells[j], [s, j]); }
        after.cells = cells;
        // Its separators, if any: one centred in each gap between two lines (grid rows).
        if (S.sep && S.sep[s]) {
          const h = S.sep[s][2], ys = [];
          for (let q = 2; q < after.lines.length; q += 2) ys.push((top + after.lines[q - 1] + (top + after.lines[q])) / 2 - h / 2);
          plan.sep.set(s, ys);
        }
        plan.laid.set(s, after);
        plan.grows.set(s, after.length - before.length);
      }
      return plan;
    }
    /** Whether the drag's preview lays section s out again (its cells' frames are the plan's). */
    function dragLaysOut(s) { return !!(drag && drag.active && drag.plan && drag.plan.laid.has(s)); }
    /** The tops of section s's separators in the preview (unshifted), when the plan lays it
        out; else null. */
    function dragSeparators(s) {
      return drag && drag.active && drag.plan ? drag.plan.sep.get(s) || null : null;
    }
    /** How far the preview moves section s along the scroll axis (ns: the list footer): the
        growth of the touched sections before it. */
    function dragShift(s) {
      if (!drag || !drag.active || !drag.plan) return 0;
      let d = 0;
      for (const [u, g] of drag.plan.grows) if (u < s) d += g;
      return d;
    }
    /** How much longer the preview makes section s. */
    function dragGrow(s) {
      if (!drag || !drag.active || !drag.plan) return 0;
      return drag.plan.grows.get(s) || 0;
    }
    /** Cell i's frame [x, y, w, h] in the preview (layout space), when the plan lays out its
        section (the target's, for the dragged cell); else null. */
    function planFrame(i, onScreen) {
      if (!drag || !drag.active || !drag.plan) return null;
      const at = drag.plan.at.get(i);
      if (at === undefined) return null;
      const f = drag.plan.laid.get(at[0]), j = at[1], d = dragShift(at[0]);
      // On screen, a carousel's cells are moved by its offset.
      const x = f.X[j] + (onScreen && isCarousel(at[0]) ? sideways * hx[at[0]] : 0);
      return [x, f.Y[j] + d, f.W[j], f.H[j]];
    }
    /** The cells of section s the plan lays out that meet `r` (the dragged one apart: kept alive). */
    function dragCells(s, r, out) {
      const f = drag.plan.laid.get(s), d = dragShift(s), o = isCarousel(s) ? sideways * hx[s] : 0;
      for (let j = 0; j < f.cells.length; j++) {
        const i = f.cells[j];
        if (i !== drag.i && intersects(f.X[j] + o, f.Y[j] + d, f.W[j], f.H[j], r)) out.push(cell(i, sectionOf(i)));
      }
    }
    /** Where cell i (not the dragged one, or the dragged one at its target) of section s
        goes in the preview, [x, y] in layout space, unscrolled: exact along a carousel's row
        for a move within it, else the slot of its new index path. */
    function previewAt(i, s) {
      const [ts, t] = drag.target;
      if (i === drag.i) return carouselMove(s, ts) ? carouselX(i, S.first[ts] + t) : slot(ts, t);
      if (carouselMove(s, ts)) return carouselX(i, i);
      return slot(s, slotItem(s, i - S.first[s]));
    }
    /** Whether a drag's move stays in carousel s (its row keeps its cells, so its band keeps
        its height and each cell its y). */
    function carouselMove(s, ts) { return s === ts && isCarousel(s) && sectionOf(drag.i) === s; }
    /** A carousel move's new frame origin for cell i (the dragged cell: `at` its target's
        index), along the row from its leading edge: the cells between the two places move by
        the dragged cell's width and the spacing, the dragged cell lands on its target's
        leading edge (or trailing edge, moving towards the end). The spacing is the row's, as
        laid out between its first two cells. */
    function carouselX(i, at) {
      const a = drag.i, s = sectionOf(a), first = S.first[s];
      const spacing = lead(first + 1, s) - trail(first, s), step = C.w[a] + spacing;
      let from;
      if (i === a) from = at < a ? lead(at, s) : trail(at, s) - C.w[a];
      else if (a < i && i <= at0()) from = lead(i, s) - step;
      else if (at0() <= i && i < a) from = lead(i, s) + step;
      else from = lead(i, s);
      // Back from on-screen leading coordinates to the unscrolled x.
      const x = S.rtl ? -from - C.w[i] : from;
      return [x - sideways * hx[s], C.y[i]];
    }
    /** The drag target's cell index (the dragged cell's place after the move). */
    function at0() { return S.first[drag.target[0]] + drag.target[1]; }
    /** The preview's frames: each rendered cell's index path after the move and its slot
        (null for the dragged cell going into a collapsed section: hidden), and each rendered
        badge's frame as drawn (but the dragged cell's, which follow the pointer), in the
        list's own axes. */
    function previewFrames() {
      if (!drag || !drag.active || drag.target === null) return null;
      const [ts, t] = drag.target, out = [];
      const axes = (x, y, w, h) => H ? [y, x, h, w] : [x, y, w, h];
      for (const [key, node] of live) {
        if (key[0] === "l" || key[0] === "h" || key[0] === "f" || key[0] === "g" || key[0] === "r") {
          // Headers and footers at their natural places (the library's layout pins none).
          const section = key[0] === "l" ? -1 : Number(key.slice(1).split(".")[0]);
          const kind = { lh: "listHeader", lf: "listFooter" }[key] ||
            { h: "header", f: "footer", g: "background", r: "separator" }[key[0]];
          const d = section < 0 ? (key === "lf" ? dragShift(ns) : 0) : dragShift(section);
          let f;
          if (kind === "listHeader" || kind === "listFooter") {
            const v = key === "lh" ? listHeader : listFooter;
            f = [v[0], v[1] + d, v[2], v[3]];
          } else if (kind === "separator") {
            f = node.dataset.frame.split(",").map(Number);
            f = H ? [f[1], f[0], f[3], f[2]] : f;
          } else {
            const v = (kind === "header" ? S.header : kind === "footer" ? S.footer : S.background)[section];
            const g = dragGrow(section);
            f = [v[0], v[1] + d + (kind === "footer" ? g : 0), v[2], kind === "background" ? Math.max(0, v[3] + g) : v[3]];
          }
          const entry = { kind: kind, section: section, frame: axes(...f) };
          if (kind === "separator") entry.item = Number(key.slice(1).split(".")[1]);
          out.push(entry);
          continue;
        }
        if (key[0] !== "c" && key[0] !== "d") continue;
        const k = Number(key.slice(1)), i = key[0] === "c" ? k : B.c[k], s = sectionOf(i);
        const [section, item] = i === drag.i ? [ts, t] : [s, slotItem(s, i - S.first[s])];
        if (key[0] === "d") {
          if (i !== drag.i) out.push({ section: section, item: item, badge: B.b[k],
            frame: node.dataset.frame.split(",").map(Number) });
          continue;
        }
        if (i === drag.i && isCollapsed(ts)) { out.push({ section: section, item: item, frame: null }); continue; }
        const f = planFrame(i, false);
        if (f !== null) {
          out.push({ section: section, item: item, frame: axes(f[0], f[1], f[2], f[3]) });
          continue;
        }
        const [x, y] = previewAt(i, s);
        out.push({ section: section, item: item, frame: axes(x, y + dragShift(i === drag.i ? ts : s), C.w[i], C.h[i]) });
      }
      return out;
    }
    /** A point of the viewport (client coordinates) in layout space. */
    function pointAt(clientX, clientY) {
      const r = content.getBoundingClientRect(), x = clientX - r.left - (H ? shift() : 0),
        y = clientY - r.top - (H ? 0 : shift());
      return H ? [y, x] : [x, y];
    }
    // A drag starts on a cell or on one of its badges (which drags the cell).
    const badgeStyle = document.createElement("style");
    badgeStyle.textContent = "#content.previewing>.badge{transition:left .15s ease-out,top .15s ease-out}" +
      "#content.previewing>.badge.dragging{transition:none}";
    document.head.appendChild(badgeStyle);
    content.addEventListener("mousedown", (event) => {
      if (event.button !== 0) return;
      let node = event.target.closest(".cell, .badge");
      if (!node || !node.dataset.key) return;
      const badge = node.dataset.key[0] === "d";
      const i = badge ? B.c[Number(node.dataset.key.slice(1))] : Number(node.dataset.key.slice(1));
      if (!(i >= 0 && i < n)) return;
      const s = sectionOf(i);
      const p = pointAt(event.clientX, event.clientY);
      drag = { i: i, grab: [p[0] - (C.x[i] + (isCarousel(s) ? sideways * hx[s] : 0)), p[1] - C.y[i]],
        start: [event.clientX, event.clientY], client: [event.clientX, event.clientY], active: false,
        point: p, target: null, plan: null, speed: 0, frame: 0, time: 0 };
      event.preventDefault();
      if (badge) {
        // The badge's cell may lie out of view (a badge overhangs it): kept alive once focused.
        focusKey = "c" + i;
        update();
        node = live.get(focusKey);
      }
      if (node) node.focus({ preventScroll: true });
    });
    addEventListener("mousemove", (event) => {
      if (!drag) return;
      drag.client = [event.clientX, event.clientY];
      if (!drag.active) {
        if (Math.hypot(event.clientX - drag.start[0], event.clientY - drag.start[1]) < 4) return;
        drag.active = true;
        content.classList.add("previewing");
      }
      dragMoved();
    });
    addEventListener("mouseup", () => { if (drag) endDrag(drag.active); });
    /** The pointer moved (or the list scrolled under it): a new target, preview and speed. */
    function dragMoved() {
      drag.point = pointAt(drag.client[0], drag.client[1]);
      const target = moveTarget(drag.i, drag.point[0], drag.point[1], between);
      if (target === null || drag.target === null || target[0] !== drag.target[0] || target[1] !== drag.target[1]) {
        drag.target = target;
        drag.plan = target === null ? null : planMove();
      }
      // The band the list header and footer leave uncovered is the viewport auto-scroll sees
      // (a shrinking header as tall as it is now): its zones start where the content shows.
      const o = scrollOffset(), top = listHeader && listHeader[6] ? headerPinAt(o) : 0;
      drag.speed = autoScroll(drag.point[1], o + top, viewLength() - top - footerPin);
      update();
      if (drag.speed !== 0 && drag.frame === 0) {
        drag.time = performance.now();
        drag.frame = requestAnimationFrame(autoScrollStep);
      }
    }
    function autoScrollStep(now) {
      if (!drag || !drag.active) return;
      drag.frame = 0;
      if (drag.speed === 0) return;
      const seconds = Math.min(now - drag.time, 100) / 1000;
      drag.time = now;
      scrollTo(scrollOffset() + drag.speed * seconds);
      dragMoved();
    }
    /** Ends the drag: dropped (the move applied to the page), or cancelled. */
    function endDrag(drop) {
      const moved = drag, to = drop && drag.active ? drag.target : null;
      if (drag.frame) cancelAnimationFrame(drag.frame);
      drag = null;
      content.classList.remove("previewing");
      if (to !== null) {
        drag = moved;  // the move is applied as the preview showed it
        const i = applyMove(moved.i, to);
        drag = null;
        // A cell hidden in a collapsed section gives focus to that section's header, if any.
        focusKey = i >= 0 ? "c" + i : S.header[to[0]] ? "h" + to[0] : null;
      }
      update();
      retab();
      const node = live.get(focusKey);
      if (node) node.focus({ preventScroll: true });
    }
    /** Applies the move the preview showed: the cell's identity and traits move to the target
        slot and the others' slide a place; a move between sections also moves the source's
        last slot to one past the target's last; a move into a collapsed section hides the
        cell (its section keeps it) and drops the source's last slot. Badges go with their
        cells, at the same offset from them. Returns the moved cell's new index (-1: hidden). */
    function applyMove(from, [ts, t]) {
      if (!materialize()) return from;  // a page of runs too long to write out: not moved
      const hs = sectionOf(from), hidden = isCollapsed(ts);
      const idKeys = [C.t, C.id, C.nh, C.sp, C.nw, C.fa, C.sq].filter((column) => column);
      // Each badge's offset from its cell, to put it back on the cell wherever the cell goes.
      const rel = [];
      for (let k = 0; k < nb; k++) {
        const c = B.c[k];
        rel.push(c < n ? [B.x[k] - C.x[c], B.y[k] - C.y[c], C.w[c], C.h[c]] : null);
      }
      const sourceLast = S.first[hs] + S.count[hs] - 1;
      let to = S.first[ts] + t;
      if (hidden) {
        for (const column of idKeys) column.splice(from, 1);
        for (const column of [C.x, C.y, C.w, C.h]) column.splice(sourceLast, 1);
        if (G && G[hs]) { G[hs].r.pop(); G[hs].c.pop(); G[hs].cs.pop(); }
        S.count[hs] -= 1;
        S.kept[ts] += 1;
        for (let s = hs + 1; s < ns; s++) S.first[s] -= 1;
        n -= 1;
        to = -1;
      } else if (hs === ts && isCarousel(hs)) {
        // Along a carousel's row every cell keeps its size and y: each between the two places
        // takes the x the preview gave it, and all its columns move with it.
        const lo = Math.min(from, to), hi = Math.max(from, to), xs = [];
        for (let i = lo; i <= hi; i++) xs.push(previewAt(i, hs)[0]);
        for (const column of [...idKeys, C.x, C.y, C.w, C.h]) column.splice(to, 0, column.splice(from, 1)[0]);
        for (let i = lo; i <= hi; i++) {
          const j = i === from ? to : from < to ? i - 1 : i + 1;
          C.x[j] = xs[i - lo];
        }
      } else if (hs === ts) {
        for (const column of idKeys) column.splice(to, 0, column.splice(from, 1)[0]);
      } else {
        const [x, y] = slot(ts, S.count[ts]);
        let end = S.first[ts] + S.count[ts];
        if (ts > hs) { to -= 1; end -= 1; }
        for (const column of idKeys) column.splice(to, 0, column.splice(from, 1)[0]);
        const size = [C.w[from], C.h[from]];
        for (const [column, value] of [[C.x, x], [C.y, y], [C.w, size[0]], [C.h, size[1]]]) {
          column.splice(sourceLast, 1);
          column.splice(end, 0, value);
        }
        if (G && G[hs]) { G[hs].r.pop(); G[hs].c.pop(); G[hs].cs.pop(); }
        if (G && G[ts]) {
          const g = G[ts], k = g.r.length - 1, next = k < 0 ? 1 : g.c[k] + g.cs[k];
          g.r.push(k < 0 ? 1 : next > g.cols ? g.r[k] + 1 : g.r[k]);
          g.c.push(k < 0 || next > g.cols ? 1 : next);
          g.cs.push(1);
        }
        S.count[hs] -= 1;
        S.count[ts] += 1;
        for (let s = Math.min(hs, ts) + 1; s <= Math.max(hs, ts); s++) S.first[s] += hs < ts ? -1 : 1;
      }
      if (drag.plan) applyPlan(drag.plan);
      let m = -Infinity;
      for (let i = 0; i < n; i++) { m = Math.max(m, C.y[i] + C.h[i]); reach[i] = m; }
      m = Infinity;
      for (let i = n - 1; i >= 0; i--) { m = Math.min(m, C.y[i]); low[i] = m; }
      if (nb > 0) moveBadges(rel, (j) => j === from ? to : to < 0 ? (j > from ? j - 1 : j)
        : from < to ? (j > from && j <= to ? j - 1 : j) : (j >= to && j < from ? j + 1 : j));
      // Every cell between the two places changed: render them again.
      for (const [key, node] of live) { node.remove(); pool.push(node); live.delete(key); }
      return to;
    }
    /** Applies a preview's plan once the cells' columns are in their new order (S.first and
        S.count too): the frames of the sections it laid out, their grid placements, and every
        section after a touched one moved by the change of its length (and the list footer). */
    function applyPlan(plan) {
      for (const [s, ys] of plan.sep) S.sep[s][4] = ys;
      for (const [s, f] of plan.laid) {
        const first = S.first[s], d = dragShift(s);
        for (let j = 0; j < f.cells.length; j++) {
          C.x[first + j] = f.X[j]; C.y[first + j] = f.Y[j] + d; C.w[first + j] = f.W[j]; C.h[first + j] = f.H[j];
        }
        if (RF[s][0] === 0 && G) {
          G[s] = { rows: f.rows, cols: RF[s][1], r: Array.from(f.row, (r) => r + 1), c: Array.from(f.column, (c) => c + 1),
            cs: f.cells.map((i, j) => spanIn(C.sp[first + j], RF[s][1])) };
        }
      }
      for (let s = 0; s < ns; s++) {
        const d = dragShift(s), g = dragGrow(s);
        if (d === 0 && g === 0) continue;
        if (!plan.laid.has(s)) for (let i = S.first[s]; i < S.first[s] + S.count[s]; i++) C.y[i] += d;
        for (const column of [S.header, S.footer, S.background]) if (column[s]) column[s][1] += d;
        if (S.footer[s]) S.footer[s][1] += g;
        if (S.background[s]) S.background[s][3] = Math.max(0, S.background[s][3] + g);
        if (S.sep && S.sep[s]) S.sep[s][4] = S.sep[s][4].map((y) => y + d);
        S.y[s] += d;
        S.h[s] += g;
        if (RF[s] !== null) RF[s][[8, 6, 10, 6, 6, 16][RF[s][0]]] += d;
        sectionEnd[s] = S.y[s] + S.h[s];
      }
      const total = dragShift(ns);
      if (listFooter) listFooter[1] += total;
      L.height += total;
      if (capped || total === 0) return;
      content.style[H ? "width" : "height"] = L.height + "px";
    }
    /** Puts each badge on its cell's new index (`moved`; -1 hides it) at offset `rel` from the
        cell's frame, keeps the badges in order of their cells (hidden ones last, out of every
        search) and their search keys up to date. */
    function moveBadges(rel, moved) {
      const hiddenCell = Number.MAX_SAFE_INTEGER;
      for (let k = 0; k < nb; k++) {
        const j = B.c[k] < hiddenCell ? moved(B.c[k]) : -1;
        if (j < 0) { B.c[k] = hiddenCell; B.y[k] = Infinity; continue; }
        B.c[k] = j;
        // On a cell the move resized, the badge keeps its anchor point of the cell.
        const a = anchorOf(k);
        B.x[k] = C.x[j] + rel[k][0] + (a % 3) / 2 * (C.w[j] - rel[k][2]);
        B.y[k] = C.y[j] + rel[k][1] + Math.floor(a / 3) / 2 * (C.h[j] - rel[k][3]);
      }
      const order = Array.from({ length: nb }, (_, k) => k).sort((a, b) => B.c[a] - B.c[b] || B.b[a] - B.b[b]);
      for (const name of ["x", "y", "w", "h", "c", "b", "label", "a"]) {
        const column = B[name];
        if (!Array.isArray(column)) continue;
        const copy = order.map((k) => column[k]);
        for (let k = 0; k < nb; k++) column[k] = copy[k];
      }
      let m = -Infinity;
      for (let i = 0; i < nb; i++) { m = Math.max(m, B.y[i] + B.h[i]); reachB[i] = m; }
      m = Infinity;
      for (let i = nb - 1; i >= 0; i--) { m = Math.min(m, B.y[i]); lowB[i] = m; }
    }

    // What a test reads and drives (Scripts/html-check/interact.py): the rules as the page
    // computes them, in the list's own coordinates, and the page's state.
    window.listlayoutPage = {
      focus: (s, item, direction) => {
        const answer = nextFocus(S.first[s] + item, direction);
        if (answer === null) return { to: null, carouselOffset: null };
        const ts = sectionOf(answer.to);
        return { to: [ts, answer.to - S.first[ts]], carouselOffset: answer.carouselOffset };
      },
      moveTarget: (s, item, x, y, across) => H ? moveTarget(S.first[s] + item, y, x, across !== false)
        : moveTarget(S.first[s] + item, x, y, across !== false),
      autoScroll: autoScroll,
      readingOrder: (key, backward) => nextInReadingOrder(key, !!backward),
      scrollCarousel: scrollCarousel,
      // A carousel's cell with the offset that shows it whole, as Tab gives it.
      focusCell: (s, item) => focusElement("c" + (S.first[s] + item),
        isCarousel(s) ? revealOffset(S.first[s] + item, s) : null),
      focusKey: (key) => focusElement(key, null),
      scrollTo: (offset) => { scrollTo(offset); update(); },
      label: (s, item) => cellLabel(S.first[s] + item),
      // Section s laid out again as it is by the page's copy of its placement (null when the
      // page does not lay it out): its cells' frames in the list's axes, and its body's length.
      layOut: (s) => {
        if (!RF || C.written || RF[s] === null) return null;
        const cells = [];
        for (let k = 0; k < S.count[s]; k++) cells.push(S.first[s] + k);
        const f = layOut(s, cells), top = RF[s][[8, 6, 10, 6, 6, 16][RF[s][0]]];
        return { length: f.length, frames: cells.map((i, j) => H ? [f.Y[j] + top, f.X[j], f.H[j], f.W[j]]
          : [f.X[j], f.Y[j] + top, f.W[j], f.H[j]]),
          current: cells.map((i) => H ? [C.y[i], C.x[i], C.h[i], C.w[i]] : [C.x[i], C.y[i], C.w[i], C.h[i]]) };
      },
      state: () => {
        const carousels = {};
        if (K) for (let s = 0; s < ns; s++) if (K[s] !== null) carousels[s] = hx[s];
        let focused = null;
        const active = document.activeElement;
        if (active && active.dataset && active.dataset.key) focused = active.dataset.key;
        return { cells: n, offset: scrollOffset(), viewportLength: viewLength(), focused: focused === null ? null
          : { key: focused, position: positionOf(focused) }, carousels: carousels,
          drag: drag && drag.active ? { target: drag.target, speed: drag.speed, point: H ? [drag.point[1], drag.point[0]]
            : drag.point } : null, preview: previewFrames() };
      },
    };
    """#
}
