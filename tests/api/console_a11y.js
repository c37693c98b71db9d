// A small in-page accessibility check for the judge console (test-only; run by
// tests/test_console_workbench.py through Playwright's page.evaluate, which CSP does not
// block).  It is not axe-core: it checks a handful of WCAG 2.1 rules that matter for this
// page and answers a list of {rule, what} violations (empty when the page passes):
//   lang        <html lang> is set                                      (3.1.1)
//   landmarks   one <main>, one <h1>                                    (1.3.1, 2.4.6)
//   ids         element ids are unique                                  (4.1.1)
//   name        every visible form control and button has an accessible name (4.1.2, 3.3.2)
//   role        role="button" elements are focusable                   (2.1.1)
//   tabindex    no positive tabindex (tab order follows the document)   (2.4.3)
//   contrast    text colour (with its ancestors' opacity) against its background >= 4.5:1 (3:1 large) (1.4.3)
//   focus       every tabbable element shows an outline when focused    (2.4.7)
(() => {
  const out = [];
  const bad = (rule, node, why) => out.push({ rule, what: describe(node) + (why ? ": " + why : "") });
  function describe(n) {
    if (!n || !n.tagName) return String(n);
    const cls = typeof n.className === "string" && n.className ? "." + n.className.trim().split(/\s+/).join(".") : "";
    return n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") + cls + " \"" + (n.textContent || "").trim().slice(0, 40) + "\"";
  }
  const visible = (n) => {
    if (!n.isConnected) return false;
    const r = n.getBoundingClientRect();
    const s = getComputedStyle(n);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
  };

  if (!document.documentElement.lang) bad("lang", document.documentElement, "no lang");
  if (document.querySelectorAll("main").length !== 1) bad("landmarks", document.body, "needs exactly one <main>");
  if (document.querySelectorAll("h1").length !== 1) bad("landmarks", document.body, "needs exactly one <h1>");

  const ids = new Map();
  for (const n of document.querySelectorAll("[id]")) ids.set(n.id, (ids.get(n.id) || 0) + 1);
  for (const [id, count] of ids) if (count > 1) bad("ids", document.getElementById(id), count + " elements share the id");

  function accessibleName(n) {
    if (n.getAttribute("aria-label")) return n.getAttribute("aria-label");
    const by = n.getAttribute("aria-labelledby");
    if (by) return by.split(/\s+/).map((id) => (document.getElementById(id) || {}).textContent || "").join(" ").trim();
    if (n.labels && n.labels.length) return [...n.labels].map((l) => l.textContent).join(" ").trim();
    if (n.tagName === "BUTTON" || n.getAttribute("role") === "button") return (n.textContent || "").trim();
    return n.getAttribute("title") || "";
  }
  for (const n of document.querySelectorAll("input, select, textarea, button, [role=button]")) {
    if (n.type === "hidden" || !visible(n)) continue;
    if (!accessibleName(n)) bad("name", n, "no accessible name");
  }
  for (const n of document.querySelectorAll("[role=button]")) {
    if (n.tabIndex < 0) bad("role", n, "role=button but not focusable");
  }
  for (const n of document.querySelectorAll("[tabindex]")) {
    if (Number(n.getAttribute("tabindex")) > 0) bad("tabindex", n, "positive tabindex");
  }

  // contrast (WCAG relative luminance); backgrounds are searched up the ancestors
  const rgba = (s) => {
    const m = /rgba?\(([^)]+)\)/.exec(s);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = (c) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const blend = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  function background(n) {
    const layers = [];
    for (let e = n; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage && s.backgroundImage !== "none") return null; // a pattern: not checked
      const c = rgba(s.backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const c of layers.reverse()) bg = blend(c, bg);
    return bg;
  }
  let checked = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const t = walker.currentNode;
    const n = t.parentElement;
    if (!t.textContent.trim() || !n || seen.has(n) || !visible(n)) continue;
    seen.add(n);
    if (n.closest("option, [hidden]")) continue;
    const s = getComputedStyle(n);
    let fg = rgba(s.color);
    const bg = background(n);
    if (!fg || !bg) continue;
    let opacity = 1; // a faded ancestor fades the text into its background
    for (let e = n; e && e.nodeType === 1; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    fg = { ...fg, a: fg.a * opacity };
    const a = lum(blend(fg, bg));
    const b = lum(bg);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    checked++;
    if (ratio < (large ? 3 : 4.5)) bad("contrast", n, "contrast " + ratio.toFixed(2) + ":1");
  }

  // focus: every tabbable element draws a visible outline when focused from the keyboard
  const tabbable = [...document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")]
    .filter((n) => n.tabIndex >= 0 && !n.disabled && visible(n));
  const before = document.activeElement;
  for (const n of tabbable.slice(0, 60)) {
    n.focus({ preventScroll: true });
    const s = getComputedStyle(n);
    const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
    if (!outline && s.boxShadow === "none") bad("focus", n, "no visible focus indicator");
  }
  if (before && before.focus) before.focus({ preventScroll: true });
  return { violations: out, textChecked: checked, tabbable: tabbable.length };
})();
