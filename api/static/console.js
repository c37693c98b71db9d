/* Judge console: plain JavaScript, no build step, no dependencies.
 *
 * Reads (with the judge token as a bearer header), following every page's `next` link:
 *   GET  /games/{id}/events?limit=              the event stream (citations, causes)
 *   GET  /games/{id}/state?at=N                 the full (judge) view just after event N
 *   GET  /games/{id}/timeline?limit=            human summaries, turn, phase  (optional)
 *   GET  /games/{id}/why/{seq}                  the causal chain of one event (optional)
 *   GET  /games/{id}/rejections                 refused commands              (optional)
 *   GET  /games/{id}/log                        the game as a replay log
 *   GET  /cards/{ruleset}/{card}                a card's text, cost, stats and the engine's reading
 *   POST /audits                                re-adjudicate a replay log
 * An optional endpoint the server does not have (404 route/not_found) is replaced by what
 * the console can derive from the events itself.
 *
 * The board renderer is generic: engine.view() differs per game system, so it draws
 * players -> zones -> cards with whatever fields they have, and draws recognisable fields
 * (rested, face_down, damage, counters, atk/def) specially.  Object ids (`p2-008`) are
 * shown with the card's name wherever the board names them.  All text goes through
 * textContent: nothing from the server is ever parsed as HTML.
 */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  const S = {
    game: null,
    token: "",
    ruleset: "",
    version: 0,
    at: 0,
    events: [],
    bySeq: new Map(),
    timeline: new Map(),
    timelineSource: "events",
    rejections: [],
    rejectionsAvailable: false,
    states: new Map(),
    selected: null,
    chain: [],
    mark: null,
    names: new Map(),
    cards: new Map(),
    loadToken: 0,
    audit: null,
  };

  // ------------------------------------------------------------------ DOM helpers

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = String(v);
      else if (k === "dataset") Object.assign(node.dataset, v);
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  /** Scroll ``list`` (not the page) so that ``node`` is visible in it. */
  function scrollWithin(list, node) {
    const top = node.offsetTop; // the lists are position: relative
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + node.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + node.offsetHeight - list.clientHeight;
  }

  /** Replace ``node``'s children, skipping null/undefined/false (replaceChildren would
   *  insert them as text). */
  function fill(node, ...children) {
    node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  }

  function status(message, kind) {
    const s = $("status");
    s.textContent = message;
    s.className = "status" + (kind ? " " + kind : "");
  }

  const human = (key) => String(key).replace(/_+$/, "").replace(/_/g, " ");
  const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
  const compact = (v) => (isScalar(v) ? String(v) : JSON.stringify(v));

  /** ``v`` as text for a judge: object ids become "Card name (oid)", lists are joined. */
  function named(v) {
    if (v === null || v === undefined) return "none";
    if (typeof v === "string") return S.names.has(v) ? S.names.get(v) + " (" + v + ")" : v;
    if (!isScalar(v) && Array.isArray(v)) return v.length ? v.map(named).join(", ") : "none";
    if (typeof v === "object") {
      if (typeof v.oid === "string" && (v.name || S.names.has(v.oid))) return named(v.oid);
      return Object.entries(v).filter(([, x]) => x !== null && x !== undefined && !(Array.isArray(x) && !x.length))
        .map(([k, x]) => human(k) + " " + named(x)).join("; ");
    }
    return String(v);
  }

  // ------------------------------------------------------------------ HTTP

  class ApiError extends Error {
    constructor(status, code, message, rule, details) {
      super(message);
      this.status = status;
      this.code = code;
      this.rule = rule;
      this.details = details;
    }
  }

  async function api(path, options) {
    const opts = Object.assign({ method: "GET" }, options || {});
    const headers = Object.assign({ Accept: "application/json" }, opts.headers || {});
    if (S.token) headers.Authorization = "Bearer " + S.token;
    opts.headers = headers;
    let response;
    try {
      response = await fetch(path, opts);
    } catch (err) {
      throw new ApiError(0, "network/unreachable", "the server cannot be reached: " + err.message);
    }
    const text = await response.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch (_) {
      body = text;
    }
    if (!response.ok) {
      const e = (body && body.error) || {};
      throw new ApiError(response.status, e.code || "http/" + response.status, e.message || response.statusText, e.rule, e.details);
    }
    return opts.raw ? text : body;
  }

  /** An optional endpoint: null when the server has no such route. */
  async function optional(path, options) {
    try {
      return await api(path, options);
    } catch (err) {
      if (err.status === 404 && err.code === "route/not_found") return null;
      if (err.status === 405) return null;
      throw err;
    }
  }

  /** The list inside a response: the response itself, or its first list-valued field
   *  among ``names``, or its first list-valued field at all. */
  function listOf(body, names) {
    if (Array.isArray(body)) return body;
    if (!body || typeof body !== "object") return [];
    for (const n of names) if (Array.isArray(body[n])) return body[n];
    for (const v of Object.values(body)) if (Array.isArray(v)) return v;
    return [];
  }

  /** Every item of a paginated list: the first page at ``path``, then each page's ``next``
   *  (a relative URL on this origin, api/paging.py) until it is null.  ``fetchPage`` is
   *  api or optional; a null first page (no such route) answers null. */
  async function allPages(path, names, fetchPage, progress) {
    const items = [];
    let url = path;
    const seen = new Set();
    while (url && !seen.has(url)) {
      seen.add(url);
      const body = await fetchPage(url);
      if (body === null) return items.length ? items : null;
      items.push(...listOf(body, names));
      if (progress) progress(items.length);
      url = body && typeof body === "object" && typeof body.next === "string" && body.next.startsWith("/") ? body.next : null;
    }
    return items;
  }

  const gamePath = (suffix) => "/games/" + encodeURIComponent(S.game) + suffix;

  // ------------------------------------------------------------------ opening a game

  async function openGame(game, token, at) {
    const load = ++S.loadToken;
    Object.assign(S, {
      game,
      token,
      events: [],
      bySeq: new Map(),
      timeline: new Map(),
      rejections: [],
      states: new Map(),
      selected: null,
      chain: [],
      mark: null,
    });
    status("Opening " + game + " …", "busy");
    $("board").replaceChildren();
    $("timeline").replaceChildren();
    $("diff-out").replaceChildren();
    $("why").replaceChildren(el("p", { class: "muted", text: "Click an event in the timeline." }));
    let events;
    try {
      events = await allPages(gamePath("/events?limit=1000"), ["events"], api, (n) => {
        if (load === S.loadToken) status("Opening " + game + ": " + n + " events …", "busy");
      });
    } catch (err) {
      if (load === S.loadToken) status(describe(err), "error");
      return;
    }
    if (load !== S.loadToken) return;
    S.events = events;
    for (const e of events) S.bySeq.set(e.seq, e);
    S.version = events.length ? events[events.length - 1].seq : 0;
    const [timeline, rejections] = await Promise.all([
      allPages(gamePath("/timeline?limit=5000"), ["entries", "timeline", "events", "items"], optional).catch(() => null),
      allPages(gamePath("/rejections"), ["attempts", "rejections", "items"], optional).catch(() => null),
    ]);
    if (load !== S.loadToken) return;
    S.timelineSource = timeline ? "timeline" : "events";
    for (const entry of timeline || []) {
      if (entry && typeof entry.seq === "number") S.timeline.set(entry.seq, entry);
    }
    S.rejectionsAvailable = rejections !== null;
    S.rejections = rejections || [];
    fillFilters();
    renderTimeline();
    const slider = $("slider");
    slider.min = events.length ? String(events[0].seq) : "1";
    slider.max = String(Math.max(S.version, 1));
    $("diff-a").max = $("diff-b").max = String(S.version);
    $("stepper").hidden = false;
    history.replaceState(null, "", "#game=" + encodeURIComponent(game));
    await goTo(at && at >= 1 && at <= S.version ? at : S.version);
    if (load === S.loadToken) {
      const extra = S.rejectionsAvailable ? ", " + S.rejections.length + " rejected attempt(s)" : "";
      status("Game " + game + ": " + S.version + " events" + extra + ".", "ok");
    }
  }

  function describe(err) {
    if (err instanceof ApiError) {
      return err.message + " (" + err.code + (err.rule ? ", " + err.rule : "") + ")";
    }
    return String(err && err.message ? err.message : err);
  }

  // ------------------------------------------------------------------ timeline

  function rejectionPosition(r) {
    for (const k of ["based_on_version", "version", "after", "after_seq", "seq", "expected_version", "at"]) {
      if (typeof r[k] === "number") return r[k];
    }
    return S.version;
  }

  const entryOf = (seq) => S.timeline.get(seq) || {};
  const sorted = (values) => [...values].sort((a, b) => (typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b))));

  function setOptions(select, values, label) {
    const keep = select.value;
    fill(select, el("option", { value: "", text: "any" }), values.map((v) => el("option", { value: String(v), text: label ? label(v) : String(v) })));
    if (values.map(String).includes(keep)) select.value = keep;
  }

  /** The filters' choices and the jump list, from the whole timeline. */
  function fillFilters() {
    const turns = new Set();
    const phases = new Set();
    const actors = new Set();
    const types = new Set();
    const jumps = [];
    let last = null;
    for (const e of S.events) {
      const t = entryOf(e.seq);
      if (t.turn !== undefined) turns.add(t.turn);
      if (t.phase) phases.add(t.phase);
      if (e.actor) actors.add(e.actor);
      types.add(e.type);
      const key = t.turn + "/" + t.phase;
      if (t.turn !== undefined && key !== last) {
        jumps.push({ seq: e.seq, label: "Turn " + t.turn + " · " + human(t.phase || "") + " (#" + e.seq + ")" });
        last = key;
      }
    }
    setOptions($("f-turn"), sorted(turns), (v) => "turn " + v);
    setOptions($("f-phase"), sorted(phases), human);
    setOptions($("f-player"), sorted(actors));
    setOptions($("f-type"), sorted(types));
    fill($("jump"), el("option", { value: "", text: "turn · phase…" }), jumps.map((j) => el("option", { value: String(j.seq), text: j.label })));
  }

  function renderTimeline() {
    const list = $("timeline");
    const items = [];
    for (const e of S.events) items.push({ pos: e.seq, order: 0, node: eventItem(e) });
    if ($("show-rejections").checked) {
      S.rejections.forEach((r, i) => items.push({ pos: rejectionPosition(r), order: 1 + i, node: rejectionItem(r) }));
    }
    items.sort((a, b) => a.pos - b.pos || a.order - b.order);
    list.replaceChildren(...items.map((i) => i.node));
    const rejected = S.rejections.length ? ", " + S.rejections.length + " rejected" : "";
    $("timeline-count").textContent = "(" + S.events.length + " events" + rejected + ")";
    applyFilters();
    highlight();
  }

  /** Hide the timeline rows no filter keeps (a rejected attempt goes with its event's turn). */
  function applyFilters() {
    const text = $("f-text").value.trim().toLowerCase();
    const turn = $("f-turn").value;
    const phase = $("f-phase").value;
    const player = $("f-player").value;
    const type = $("f-type").value;
    const rule = $("f-rule").value.trim().toLowerCase();
    const any = text || turn || phase || player || type || rule;
    let shown = 0;
    let total = 0;
    for (const li of $("timeline").children) {
      total++;
      if (!any) {
        li.hidden = false;
        shown++;
        continue;
      }
      const d = li.dataset;
      const keep = (!turn || d.turn === turn) && (!phase || d.phase === phase) && (!player || d.actor === player) &&
        (!type || d.type === type) && (!rule || (d.rule || "").toLowerCase().includes(rule)) &&
        (!text || li.textContent.toLowerCase().includes(text));
      li.hidden = !keep;
      if (keep) shown++;
    }
    $("filter-count").textContent = any ? shown + " of " + total + " rows match the filters" : "";
  }

  function eventItem(e) {
    const t = entryOf(e.seq);
    const where = [t.turn !== undefined ? "turn " + t.turn : null, t.phase, t.step].filter(Boolean).join(" · ");
    const ruling = e.type === "RulingNoted";
    return el(
      "li",
      // a judge's ruling note (RulingNoted, docs/judge-interventions.md) is marked as such
      {
        class: ruling ? "event ruling" : "event",
        dataset: { seq: String(e.seq), turn: t.turn !== undefined ? String(t.turn) : "", phase: t.phase || "", actor: e.actor || "", type: e.type, rule: e.rule || "" },
        tabindex: "-1",
        title: ruling ? "Judge's ruling note on event #" + ((e.data && e.data.on) || "?") : "Show the board and why",
        onclick: () => selectEvent(e.seq),
        onkeydown: (ev) => { if (ev.key === "Enter") selectEvent(e.seq); },
      },
      el("span", { class: "seq", text: "#" + e.seq }),
      el("span", { class: "etype", text: e.type }),
      t.summary ? el("span", { class: "summary", text: t.summary }) : null,
      el("span", { class: "meta" }, el("span", { class: "rule", text: e.rule }), " · ", e.actor, where ? " · " + where : ""),
    );
  }

  function rejectionItem(r) {
    const command = r.command && typeof r.command === "object" ? r.command : r;
    const who = command.player || r.player || r.actor || "?";
    const what = command.type || r.type || r.command_type || "command";
    const code = r.code || (r.error && r.error.code) || (r.rejection && r.rejection.code) || "";
    const rule = r.rule || (r.rejection && r.rejection.rule) || "";
    const message = r.message || (r.rejection && r.rejection.message) || "";
    const pos = rejectionPosition(r);
    const t = entryOf(pos);
    return el(
      "li",
      {
        class: "rejection",
        dataset: { at: String(pos), turn: t.turn !== undefined ? String(t.turn) : "", phase: t.phase || "", actor: who, type: "rejected", rule },
        title: "Refused against version " + pos + ": nothing was recorded",
      },
      el("span", { class: "seq", text: "✗" }),
      el("span", { class: "etype", text: "rejected " + what + " by " + who }),
      el("span", { class: "summary", text: [code, message].filter(Boolean).join(": ") }),
      rule ? el("span", { class: "meta" }, el("span", { class: "rule", text: rule })) : null,
    );
  }

  function highlight() {
    const chain = new Map(S.chain.map((seq, i) => [seq, i + 1]));
    for (const li of $("timeline").querySelectorAll("li.event")) {
      const seq = Number(li.dataset.seq);
      li.classList.toggle("current", seq === S.at);
      li.classList.toggle("future", seq > S.at);
      li.classList.toggle("selected", seq === S.selected);
      li.classList.toggle("in-chain", chain.has(seq));
      if (chain.has(seq)) li.dataset.link = String(chain.get(seq));
      else delete li.dataset.link;
      if (seq === S.at) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    }
  }

  // ------------------------------------------------------------------ stepping

  async function stateAt(at) {
    let view = S.states.get(at);
    if (!view) {
      view = await api(gamePath("/state?at=" + at));
      if (S.states.size > 400) S.states.delete(S.states.keys().next().value);
      S.states.set(at, view);
    }
    return view;
  }

  async function goTo(n) {
    if (!S.game || !S.version) return;
    const at = Math.min(Math.max(Math.round(n), Number($("slider").min) || 1), S.version);
    S.at = at;
    $("slider").value = String(at);
    $("at").textContent = "after event " + at + " of " + S.version;
    highlight();
    const current = $("timeline").querySelector('li.event[data-seq="' + at + '"]');
    if (current) scrollWithin($("timeline"), current);
    const load = S.loadToken;
    let view;
    try {
      view = await stateAt(at);
    } catch (err) {
      if (load === S.loadToken && S.at === at) status(describe(err), "error");
      return;
    }
    if (load === S.loadToken && S.at === at) renderBoard(view);
  }

  async function selectEvent(seq) {
    S.selected = seq;
    await Promise.all([goTo(seq), loadWhy(seq)]);
  }

  // ------------------------------------------------------------------ why

  async function loadWhy(seq) {
    const panel = $("why");
    panel.replaceChildren(el("p", { class: "muted", text: "Loading why #" + seq + " …" }));
    let chain = null;
    let source = "server";
    try {
      const body = await optional(gamePath("/why/" + seq));
      if (body !== null) chain = listOf(body, ["chain", "why", "steps", "events", "items"]);
    } catch (err) {
      panel.replaceChildren(el("p", { class: "error", text: describe(err) }));
      return;
    }
    if (chain === null) {
      chain = localChain(seq);
      source = "events";
    }
    if (S.selected !== seq) return;
    S.chain = chain.filter((x) => typeof x.seq === "number").map((x) => x.seq);
    highlight();
    renderWhy(seq, chain, source);
  }

  /** Without the server's why: follow ``cause`` links back through the events (newest first). */
  function localChain(seq) {
    const out = [];
    const seen = new Set();
    let e = S.bySeq.get(seq);
    while (e && !seen.has(e.seq)) {
      seen.add(e.seq);
      out.push(e);
      const m = /^ev:(\d+)$/.exec(e.cause || "");
      e = m ? S.bySeq.get(Number(m[1])) : null;
    }
    return out;
  }

  function ruleParts(item) {
    const r = item.rule;
    if (r && typeof r === "object") {
      return { citation: r.citation || r.id || r.rule || "", title: r.title || "", text: r.text || r.rule_text || "" };
    }
    return {
      citation: r || item.citation || "",
      title: item.rule_title || item.title || "",
      text: item.rule_text || item.text || "",
    };
  }

  /** Show event ``seq`` of the why-chain in the timeline (the board moves there, the chain stays). */
  async function followLink(seq) {
    const li = $("timeline").querySelector('li.event[data-seq="' + seq + '"]');
    if (li) {
      li.hidden = false;
      scrollWithin($("timeline"), li);
      li.focus({ preventScroll: true });
    }
    await goTo(seq);
  }

  function renderWhy(seq, chain, source) {
    const panel = $("why");
    const items = chain.map((item) => {
      const rule = ruleParts(item);
      const isTarget = item.seq === seq;
      const hasSeq = typeof item.seq === "number";
      const label = hasSeq ? "#" + item.seq : item.command ? "command" : "origin";
      return el(
        "li",
        { class: "why-step" + (isTarget ? " target" : "") + (hasSeq ? "" : " origin"), dataset: { seq: hasSeq ? String(item.seq) : "" } },
        el("div", { class: "why-head" },
          hasSeq
            ? el("button", { type: "button", class: "seq link", title: "Show event #" + item.seq + " in the timeline", onclick: () => followLink(item.seq), text: label })
            : el("span", { class: "seq", text: label }),
          el("span", { class: "etype", text: item.type || item.command_type || item.event || "" }),
          item.actor ? el("span", { class: "muted", text: " by " + item.actor }) : null),
        item.summary || item.description ? el("div", { class: "summary", text: item.summary || item.description }) : null,
        rule.citation ? el("div", { class: "citation" }, el("span", { class: "rule", text: rule.citation }), rule.title ? " — " + rule.title : "") : null,
        rule.text ? el("blockquote", { class: "rule-text", text: rule.text }) : null,
        item.cause ? el("div", { class: "cause muted", text: "cause: " + compact(item.cause) }) : null,
        item.command && !hasSeq ? el("div", { class: "cause muted", text: item.command }) : null,
      );
    });
    const note = source === "events"
      ? el("p", { class: "muted", text: "Derived from the event causes (the server has no /why endpoint): citations only, no rule text." })
      : null;
    const path = S.chain.length > 1
      ? el("p", { class: "why-path muted" }, "Path through the timeline: ", S.chain.slice().reverse().map((n, i) => [i ? " → " : "", el("button", { type: "button", class: "link", onclick: () => followLink(n), text: "#" + n })]))
      : null;
    fill(panel, el("h3", { text: "Why #" + seq + " happened" }), note, path, el("ol", { class: "why-chain" }, items));
  }

  // ------------------------------------------------------------------ board

  const KNOWN_TOP = new Set(["game_id", "ruleset", "variant", "version", "players", "viewer", "turn", "turn_player", "phase", "step", "pending", "finished", "winner", "result", "seed", "first_player", "resume"]);
  const CARD_SKIP = new Set(["oid", "card", "name", "rested", "face_down", "damage", "counters", "atk", "def_", "def", "attached_to", "side", "type", "skills", "zone"]);
  const SHARED_TITLES = { chase: "Chase area", battle: "Battle", standby: "Standby", effects: "Effects" };

  function playersOf(state) {
    const p = state.players;
    if (Array.isArray(p)) return p.map((x, i) => [x.id || x.player || String(i), x]);
    if (p && typeof p === "object") return Object.entries(p);
    return [];
  }

  /** Every object id in ``value`` with its card name (so ids can be shown as names). */
  function collectNames(value, out) {
    if (Array.isArray(value)) for (const v of value) collectNames(v, out);
    else if (value && typeof value === "object") {
      if (typeof value.oid === "string" && typeof value.name === "string") out.set(value.oid, value.name);
      for (const v of Object.values(value)) if (v && typeof v === "object") collectNames(v, out);
    }
    return out;
  }

  function renderBoard(view) {
    const state = view.state || {};
    S.ruleset = view.ruleset || S.ruleset;
    S.names = collectNames(state, new Map());
    const names = new Map((view.players || []).map((p) => [p.id, p.name]));
    const nameOf = (pid) => (pid && names.has(pid) ? names.get(pid) + " (" + pid + ")" : pid);
    const pending = state.pending && typeof state.pending === "object" ? state.pending : null;
    const priority = pending ? pending.player : state.priority || null;
    const facts = [
      ["Game", view.game_id],
      ["Rules", view.ruleset + " · " + view.variant],
      ["Version", view.version],
      ["Turn", state.turn !== undefined ? state.turn : null],
      ["Turn player", nameOf(state.turn_player)],
      ["Phase", [state.phase, state.step].filter(Boolean).map(human).join(" / ") || null],
      ["Priority", priority ? nameOf(priority) + (pending && pending.kind ? " — " + human(pending.kind) : "") : null],
    ];
    const integrity = view.integrity;
    if (integrity && integrity.status === "broken") {  // docs/integrity.md: the stored events fail verification
      const at = integrity.broken_at !== null && integrity.broken_at !== undefined ? " at event " + integrity.broken_at : "";
      facts.push(["Integrity", "BROKEN" + at + ": " + integrity.reason]);
    }
    if (view.finished || state.finished) {
      facts.push(["Result", [state.result, state.winner ? "winner " + nameOf(state.winner) : null].filter(Boolean).join(", ") || "finished"]);
    }
    const summary = el("dl", { class: "facts" }, facts.filter(([, v]) => v !== null && v !== undefined && v !== "").map(([k, v]) => [
      el("dt", { text: k }),
      el("dd", { class: "fact-" + k.toLowerCase().replace(/ /g, "-"), text: v }),
    ]));

    const extras = [];
    for (const [key, value] of Object.entries(state)) {
      if (KNOWN_TOP.has(key)) continue;
      if (Array.isArray(value)) extras.push(sharedArea(key, value, nameOf));
      else if (value && typeof value === "object") extras.push(battleBlock(key, value, nameOf));
      else if (key === "battle") extras.push(el("div", { class: "zone shared-zone battle none", dataset: { zone: key } }, el("h4", { text: "Battle" }), el("span", { class: "empty", text: "no battle" })));
      else if (value !== null) extras.push(el("div", { class: "fact-extra" }, el("span", { class: "k", text: human(key) + ": " }), compact(value)));
    }
    if (pending && pending.options && Object.keys(pending.options).length) {
      extras.push(optionsBlock(pending));
    }

    const decision = view.decision && Array.isArray(view.decision.options) ? view.decision : null;
    const players = playersOf(state).map(([pid, p]) =>
      playerPanel(pid, p, { turn: pid === state.turn_player, priority: pid === priority, display: names.get(pid) }),
    );
    fill($("board"),
      el("section", { class: "game-facts", "aria-label": "Game" }, summary),
      el("section", { class: "shared", "aria-label": "Shared areas" }, extras),
      el("section", { class: "players", "aria-label": "Players" }, players),
      decision && decision.options.length ? decisionBlock(decision, nameOf) : null,
    );
    loadCardInfo($("board"));
  }

  /** A shared area (the chase, GCG's standby and effects): each item as a card, its
   *  source, controller and targets named. */
  function sharedArea(key, items, nameOf) {
    const cards = items.map((item) => {
      if (item && typeof item === "object" && item.source !== undefined && !("name" in item && "oid" in item)) {
        const label = [item.kind ? human(item.kind) : null, item.controller ? "by " + nameOf(item.controller) : null].filter(Boolean).join(" ");
        const src = item.source;
        const node = src && typeof src === "object" ? card(src) : sourceCard(src);
        node.classList.add("chase-item");
        node.prepend(el("div", { class: "chase-label", text: label || human(key) }));
        if (item.targets !== undefined && (!Array.isArray(item.targets) || item.targets.flat(Infinity).length)) {
          node.append(el("div", { class: "field targets", dataset: { key: "targets" } }, el("span", { class: "k", text: "targets: " }), named(item.targets.flat ? item.targets.flat(Infinity) : item.targets)));
        }
        for (const [k, v] of Object.entries(item)) {
          if (["source", "targets", "kind", "controller", "id"].includes(k) || v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
          node.append(el("div", { class: "field", dataset: { key: k } }, el("span", { class: "k", text: human(k) + ": " }), named(v)));
        }
        return node;
      }
      if (item && typeof item === "object" && ("name" in item || "card" in item)) return card(item);
      return el("div", { class: "card generic" }, el("div", { class: "card-name", text: named(item) }));
    });
    return el("div", { class: "zone shared-zone", dataset: { zone: key } },
      el("h4", {}, SHARED_TITLES[key] || human(key), el("span", { class: "count", text: " " + items.length })),
      el("div", { class: "cards" }, cards.length ? cards : el("span", { class: "empty", text: "empty" })));
  }

  /** A card known only by its object id (a GCG effect's source). */
  function sourceCard(oid) {
    return el("div", { class: "card generic", dataset: { oid: String(oid) }, tabindex: "0" },
      el("div", { class: "card-name", text: S.names.get(oid) || String(oid) }),
      el("div", { class: "card-id", text: String(oid) }));
  }

  /** The current battle (or any other object of the state) unfolded, ids named. */
  function battleBlock(key, value, nameOf) {
    const rows = Object.entries(value).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && !v.length));
    return el("div", { class: "zone shared-zone " + (key === "battle" ? "battle" : "object"), dataset: { zone: key } },
      el("h4", { text: SHARED_TITLES[key] || human(key) }),
      el("dl", { class: "facts battle-facts" }, rows.map(([k, v]) => [
        el("dt", { text: human(k) }),
        el("dd", { dataset: { key: k }, text: (k === "player" || k === "attacker_player" || k === "defender") && typeof v === "string" && !S.names.has(v) ? nameOf(v) : named(v) }),
      ])));
  }

  function optionsBlock(pending) {
    const o = pending.options;
    const rows = Object.entries(o).filter(([k, v]) => k !== "fingerprint" && v !== null && !(Array.isArray(v) && !v.length));
    if (!rows.length) return null;
    return el("div", { class: "zone shared-zone pending-choice", dataset: { zone: "pending" } },
      el("h4", { text: "Pending choice" }),
      el("dl", { class: "facts" }, rows.map(([k, v]) => [el("dt", { text: human(k) }), el("dd", { text: named(v) })])));
  }

  // The legal actions of the player who must act (docs/legal-actions.md), by their labels.
  function decisionBlock(decision, nameOf) {
    return el("section", { class: "legal-actions", "aria-label": "Legal actions" },
      el("h4", { text: "Legal actions of " + nameOf(decision.player) + " (" + human(decision.kind) + ")" }),
      el("ul", { class: "legal-action-list" }, decision.options.map((a) =>
        el("li", { dataset: { type: a.type }, text: a.label || a.type }))));
  }

  function objectBlock(key, value) {
    return el("details", { class: "object-block", dataset: { key } },
      el("summary", { text: human(key) }),
      el("pre", { text: JSON.stringify(value, null, 2) }));
  }

  const STAT_FIRST = ["life", "will", "resources", "energy", "refresh_points", "t_rank", "gates_left"];

  function playerPanel(pid, p, flags) {
    const name = p.name || flags.display || pid;
    const badges = [];
    if (flags.turn) badges.push(el("span", { class: "badge turn", text: "turn" }));
    if (flags.priority) badges.push(el("span", { class: "badge priority", text: "priority" }));
    if (p.lost) badges.push(el("span", { class: "badge lost", text: "lost: " + compact(p.lost) }));
    const stats = [];
    const keys = Object.keys(p).sort((a, b) => (STAT_FIRST.indexOf(a) + 1 || 99) - (STAT_FIRST.indexOf(b) + 1 || 99));
    for (const k of keys) {
      const v = p[k];
      if (k === "zones" || k === "name" || k === "lost") continue;
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) {
        stats.push(el("span", { class: "stat", dataset: { key: k } }, el("span", { class: "k", text: human(k) }), " ", v.length ? v.map(named).join(", ") : "—"));
      } else if (typeof v === "object") {
        const parts = Object.entries(v).filter(([, x]) => x !== null && x !== 0 && x !== false);
        stats.push(el("span", { class: "stat", dataset: { key: k } }, el("span", { class: "k", text: human(k) }), " ", el("b", { text: parts.length ? parts.map(([a, x]) => human(a) + " " + named(x)).join(", ") : "—" })));
      } else {
        stats.push(el("span", { class: "stat" + (k === "life" ? " life" : ""), dataset: { key: k } }, el("span", { class: "k", text: human(k) }), " ", el("b", { text: String(v) })));
      }
    }
    const entries = Object.entries(p.zones || {});
    const full = entries.filter(([, z]) => zoneCount(z) > 0);
    const empty = entries.filter(([, z]) => zoneCount(z) === 0);
    const zones = full.map(([zn, z]) => zone(zn, z));
    const empties = empty.length
      ? el("div", { class: "empty-zones" }, el("span", { class: "k", text: "empty: " }), empty.map(([zn]) => el("span", { class: "zone empty-zone", dataset: { zone: zn } }, human(zn), el("span", { class: "count", text: " 0" }))))
      : null;
    return el("article", { class: "player" + (flags.turn ? " turn-player" : ""), dataset: { player: pid }, "aria-label": "Player " + name },
      el("header", {}, el("h3", { text: name + " " }, el("span", { class: "muted", text: pid })), badges),
      el("div", { class: "stats" }, stats),
      el("div", { class: "zones" }, zones, empties));
  }

  function zoneCount(z) {
    if (Array.isArray(z)) return z.length;
    if (z && typeof z === "object") return typeof z.count === "number" ? z.count : Array.isArray(z.cards) ? z.cards.length : 0;
    return 0;
  }

  function zone(name, z) {
    let cards = [];
    let count = 0;
    let hidden = 0;
    if (Array.isArray(z)) {
      cards = z;
      count = z.length;
    } else if (z && typeof z === "object") {
      cards = Array.isArray(z.cards) ? z.cards : [];
      count = typeof z.count === "number" ? z.count : cards.length;
      hidden = Math.max(0, count - cards.length);
    }
    const body = el("div", { class: "cards" },
      cards.map((c) => (c && typeof c === "object" ? card(c) : el("div", { class: "card generic" }, el("div", { class: "card-name", text: named(c) })))),
      hidden ? el("span", { class: "hidden-count", text: hidden + " hidden" }) : null,
      count === 0 ? el("span", { class: "empty", text: "empty" }) : null);
    const title = [human(name), el("span", { class: "count", text: " " + count })];
    const isDeck = /deck/.test(name) && count > 0;
    if (isDeck) {
      return el("details", { class: "zone deck", dataset: { zone: name } }, el("summary", {}, title), body);
    }
    return el("div", { class: "zone", dataset: { zone: name } }, el("h4", {}, title), body);
  }

  function card(c) {
    const classes = ["card"];
    const badges = [];
    if (c.rested === true) {
      classes.push("rested");
      badges.push(el("span", { class: "badge rested-badge", text: "rested" }));
    }
    if (c.face_down === true) {
      classes.push("face-down");
      badges.push(el("span", { class: "badge", text: "face down" }));
    }
    if (c.side && c.side !== "front") badges.push(el("span", { class: "badge", text: human(c.side) + " side" }));
    if (typeof c.damage === "number" && c.damage > 0) {
      classes.push("damaged");
      badges.push(el("span", { class: "badge damage", text: c.damage + " damage" }));
    }
    if (c.counters && typeof c.counters === "object") {
      for (const [k, n] of Object.entries(c.counters)) {
        if (n) badges.push(el("span", { class: "badge counter", text: human(k) + " ×" + n }));
      }
    } else if (typeof c.counters === "number" && c.counters) {
      badges.push(el("span", { class: "badge counter", text: "counters ×" + c.counters }));
    }
    if (Array.isArray(c.skills)) for (const k of c.skills) badges.push(el("span", { class: "badge", text: human(k) }));
    const atk = c.atk;
    const def = c.def_ !== undefined ? c.def_ : c.def;
    const lines = [];
    if ((atk !== null && atk !== undefined) || (def !== null && def !== undefined)) {
      lines.push(el("div", { class: "power", title: "ATK / DEF now", text: (atk ?? "–") + " / " + (def ?? "–") }));
    }
    if (c.attached_to) lines.push(el("div", { class: "field", text: "attached to " + named(c.attached_to) }));
    for (const [k, v] of Object.entries(c)) {
      if (CARD_SKIP.has(k) || v === null || v === undefined || v === false) continue;
      if (Array.isArray(v)) {
        const shown = v.map((x) => (x && typeof x === "object" && (x.name || x.card) ? x.name || x.card : named(x)));
        if (v.length) lines.push(el("div", { class: "field", dataset: { key: k } }, el("span", { class: "k", text: human(k) + ": " }), shown.join(", ")));
      } else if (v === true) {
        badges.push(el("span", { class: "badge", text: human(k) }));
      } else {
        lines.push(el("div", { class: "field", dataset: { key: k } }, el("span", { class: "k", text: human(k) + ": " }), typeof v === "object" ? named(v) : compact(v)));
      }
    }
    const label = (c.name || c.card || c.oid || "card") + (c.type ? ", " + human(c.type) : "") + (c.rested ? ", rested" : "");
    return el("div", {
      class: classes.join(" "),
      dataset: { oid: c.oid || "", card: c.card || "" },
      tabindex: "0",
      role: "button",
      "aria-label": label + ": show the card's details",
      title: (c.name || "") + (c.card ? " [" + c.card + "]" : "") + (c.oid ? " " + c.oid : ""),
    },
      el("div", { class: "card-name", text: c.name || c.card || c.oid || "?" }),
      el("div", { class: "card-id", text: [c.card, c.oid].filter(Boolean).join(" · ") }),
      el("div", { class: "card-stats", "aria-hidden": "true" }),
      badges.length ? el("div", { class: "badges" }, badges) : null,
      lines);
  }

  // ------------------------------------------------------------------ card details

  /** The card definition from ``GET /cards/{ruleset}/{card}`` (cached; null if unknown). */
  function cardInfo(id) {
    const key = S.ruleset + "/" + id;
    if (!S.cards.has(key)) {
      S.cards.set(key, api("/cards/" + encodeURIComponent(S.ruleset) + "/" + encodeURIComponent(id)).catch(() => null));
    }
    return S.cards.get(key);
  }

  /** Cost as printed: FoW's ``{attribute: {R: 1}, free: 2}`` as "R 2", other systems' numbers as they are. */
  function costText(cost) {
    if (cost === null || cost === undefined) return null;
    if (typeof cost !== "object") return String(cost);
    const parts = [];
    for (const [a, n] of Object.entries(cost.attribute || {})) parts.push(n > 1 ? a + "×" + n : a);
    if (cost.free) parts.push(String(cost.free));
    for (const [k, v] of Object.entries(cost)) if (k !== "attribute" && k !== "free" && v) parts.push(human(k) + " " + named(v));
    return parts.length ? parts.join(" + ") : "0";
  }

  const STAT_KEYS = ["atk", "def", "power", "hp", "ap", "bp", "rank", "level", "counter", "threat", "invasion", "life", "soul"];

  /** The card's printed numbers: cost, ATK/DEF, power, rank ... (whatever its system has). */
  function cardStats(def) {
    const out = [];
    const cost = costText(def.cost);
    if (cost !== null) out.push(["cost", cost]);
    for (const k of STAT_KEYS) if (typeof def[k] === "number") out.push([k === "def" ? "DEF" : k === "atk" ? "ATK" : k, String(def[k])]);
    for (const [k, v] of Object.entries(def)) {
      if (v && typeof v === "object" && !Array.isArray(v) && k !== "cost") {
        for (const s of STAT_KEYS) if (typeof v[s] === "number" && !out.some(([n]) => n === s)) out.push([s, String(v[s])]);
      }
    }
    return out;
  }

  /** Fill each card's stat line (cost, ATK/DEF ...) once its definition is known. */
  function loadCardInfo(root) {
    const nodes = [...root.querySelectorAll(".card[data-card]")].filter((n) => n.dataset.card && !n.closest(".deck"));
    const ids = [...new Set(nodes.map((n) => n.dataset.card))];
    for (const id of ids) {
      cardInfo(id).then((info) => {
        if (!info || !info.definition) return;
        const stats = cardStats(info.definition).map(([k, v]) => k + " " + v).join(" · ");
        for (const n of root.querySelectorAll('.card[data-card="' + CSS.escape(id) + '"] .card-stats')) n.textContent = stats;
        for (const n of root.querySelectorAll('.card[data-card="' + CSS.escape(id) + '"]')) if (info.text) n.title = info.name + " [" + id + "]\n" + info.text;
      });
    }
  }

  /** The details panel: the card as printed and as the engine reads it, and this object's state. */
  async function showCard(node) {
    const id = node.dataset.card;
    const oid = node.dataset.oid;
    const panel = $("card-detail");
    const close = el("button", { type: "button", class: "close", "aria-label": "Close the card details", onclick: hideCard, text: "×" });
    if (!id) {
      fill(panel, close, el("h2", { text: S.names.get(oid) || oid || "card" }), el("p", { class: "muted", text: "object " + oid }));
      panel.hidden = false;
      return;
    }
    panel.hidden = false;
    panel.dataset.card = id;
    fill(panel, close, el("h2", { text: node.querySelector(".card-name").textContent }), el("p", { class: "muted", text: "Loading " + id + " …" }));
    const info = await cardInfo(id);
    if (panel.dataset.card !== id) return;
    if (!info) {
      fill(panel, close, el("h2", { text: S.names.get(oid) || id }), el("p", { class: "muted", text: S.ruleset + " has no card " + id + " in the catalog." }));
      return;
    }
    const def = info.definition || {};
    const stats = cardStats(def);
    const extra = [];
    for (const k of ["attributes", "races", "traits", "colors", "color", "subtype", "skills"]) {
      const v = def[k];
      if (v !== undefined && v !== null && !(Array.isArray(v) && !v.length)) extra.push([k, Array.isArray(v) ? v.map(human).join(", ") : human(v)]);
    }
    const support = { full: "the engine adjudicates all of its text", partial: "the engine adjudicates part of its text", none: "the engine does not adjudicate its text" }[info.support] || info.support;
    fill(panel, close,
      el("h2", { text: info.name }),
      el("p", { class: "card-detail-id muted", text: [info.id, human(info.type), oid].filter(Boolean).join(" · ") }),
      stats.length || extra.length ? el("dl", { class: "facts" }, [...stats, ...extra].map(([k, v]) => [el("dt", { text: human(k) }), el("dd", { text: v })])) : null,
      el("blockquote", { class: "card-text", text: info.text || "(no text)" }),
      el("p", { class: "support support-" + info.support, text: "Support: " + support + "." }),
      info.unsupported && info.unsupported.length ? el("ul", { class: "unsupported" }, info.unsupported.map((u) => el("li", { text: "by hand: " + u }))) : null,
      info.engine_reading && Object.keys(info.engine_reading).length
        ? el("details", { class: "engine-reading", open: true }, el("summary", { text: "The engine's reading" }), el("pre", { text: JSON.stringify(info.engine_reading, null, 2) }))
        : null);
  }

  function hideCard() {
    const panel = $("card-detail");
    panel.hidden = true;
    delete panel.dataset.card;
  }

  // ------------------------------------------------------------------ diff between two moments

  /** A view as a Map "what" -> value: each card object by its id (its zone and fields), the
   *  rest by dotted path. */
  function flatState(state) {
    const out = new Map();
    const walk = (v, path, where) => {
      if (v && typeof v === "object" && !Array.isArray(v) && typeof v.oid === "string") {
        out.set("card " + v.oid + " where", where || path.replace(/\[\d+\].*$/, ""));
        for (const [k, x] of Object.entries(v)) if (k !== "oid") out.set("card " + v.oid + " " + k, x === undefined ? null : JSON.stringify(x));
        return;
      }
      if (Array.isArray(v)) {
        if (v.some((x) => x && typeof x === "object" && typeof x.oid === "string")) {
          v.forEach((x, i) => walk(x, path + "[" + i + "]", where));
          out.set(path + " count", v.length);
        } else out.set(path, JSON.stringify(v));
        return;
      }
      if (v && typeof v === "object") {
        if (Array.isArray(v.cards) && typeof v.count === "number") {
          out.set(path + " count", v.count);
          v.cards.forEach((x, i) => walk(x, path + "[" + i + "]", where));
          return;
        }
        for (const [k, x] of Object.entries(v)) walk(x, path ? path + "." + k : k, /^players\.[^.]+\.zones\.[^.]+$/.test(path ? path + "." + k : k) ? (path + "." + k).replace(/^players\./, "").replace(".zones.", " ") : where);
        return;
      }
      out.set(path, v === undefined ? null : JSON.stringify(v));
    };
    walk(state, "", "");
    out.delete("version");
    return out;
  }

  async function runDiff() {
    const box = $("diff-out");
    const a = Number($("diff-a").value);
    const b = Number($("diff-b").value);
    if (!S.game) return box.replaceChildren(el("p", { class: "error", text: "Open a game first." }));
    if (!Number.isInteger(a) || !Number.isInteger(b) || a < 1 || b < 1 || a > S.version || b > S.version) {
      return box.replaceChildren(el("p", { class: "error", text: "Give two events between 1 and " + S.version + "." }));
    }
    box.replaceChildren(el("p", { class: "muted", text: "Comparing #" + a + " and #" + b + " …" }));
    let va;
    let vb;
    try {
      [va, vb] = await Promise.all([stateAt(a), stateAt(b)]);
    } catch (err) {
      return box.replaceChildren(el("p", { class: "error", text: describe(err) }));
    }
    const fa = flatState(va.state || {});
    const fb = flatState(vb.state || {});
    const names = new Map([...collectNames(va.state || {}, new Map()), ...collectNames(vb.state || {}, new Map())]);
    const keys = [...new Set([...fa.keys(), ...fb.keys()])].filter((k) => fa.get(k) !== fb.get(k));
    const cardRows = new Map();
    const other = [];
    for (const k of keys) {
      const m = /^card (\S+) (.+)$/.exec(k);
      if (m) {
        if (!cardRows.has(m[1])) cardRows.set(m[1], []);
        cardRows.get(m[1]).push([m[2], fa.get(k), fb.get(k)]);
      } else if (!/\[\d+\]/.test(k)) other.push([k, fa.get(k), fb.get(k)]);
    }
    const show = (v) => (v === undefined ? "(absent)" : v === null ? "none" : String(v).replace(/^"(.*)"$/, "$1"));
    const rows = [];
    for (const [k, x, y] of other) rows.push(el("tr", { class: "diff-row", dataset: { path: k } }, el("th", { scope: "row", text: k.replace(/^players\./, "") }), el("td", { class: "diff-recorded", text: show(x) }), el("td", { class: "diff-recomputed", text: show(y) })));
    for (const [oid, changes] of [...cardRows.entries()].sort()) {
      const label = (names.get(oid) || oid) + " (" + oid + ")";
      for (const [f, x, y] of changes) {
        rows.push(el("tr", { class: "diff-row card-change", dataset: { oid, field: f } }, el("th", { scope: "row", text: label + (f === "where" ? " moved" : " " + human(f)) }), el("td", { class: "diff-recorded", text: show(x) }), el("td", { class: "diff-recomputed", text: show(y) })));
      }
    }
    fill(box,
      el("p", { class: "diff-title", text: rows.length ? rows.length + " change(s) from after #" + a + " to after #" + b + ":" : "Nothing changed between #" + a + " and #" + b + "." }),
      rows.length ? el("table", { class: "event-compare state-diff" },
        el("thead", {}, el("tr", {}, el("th", { text: "what" }), el("th", { text: "at #" + a }), el("th", { text: "at #" + b }))),
        el("tbody", {}, rows)) : null);
  }

  /** Diff from the marked event (or the one before) to the event shown. */
  function diffFromMark() {
    if (!S.at) return;
    $("diff-a").value = String(S.mark && S.mark !== S.at ? S.mark : Math.max(1, S.at - 1));
    $("diff-b").value = String(S.at);
    return runDiff();
  }

  // ------------------------------------------------------------------ audit

  function parseLog(text) {
    const lines = text.split(/\r?\n/);
    let header = null;
    const steps = [];
    lines.forEach((raw, i) => {
      if (!raw.trim()) return;
      let v = null;
      try {
        v = JSON.parse(raw);
      } catch (_) {
        v = null;
      }
      if (i === 0) header = v;
      else steps.push({ line: i + 1, raw, entry: v });
    });
    return { header, steps, lines };
  }

  async function runAudit() {
    const text = $("audit-log").value;
    const verdictBox = $("audit-verdict");
    $("audit-jump").hidden = true;
    $("audit-open-event").hidden = true;
    if (!text.trim()) {
      verdictBox.replaceChildren(el("p", { class: "error", text: "Paste a replay log or choose a file first." }));
      return;
    }
    verdictBox.replaceChildren(el("p", { class: "muted", text: "Auditing …" }));
    let body;
    try {
      body = await api("/audits", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ log: text }) });
    } catch (err) {
      if (err.code === "log/malformed" && err.details && typeof err.details.line === "number") {
        body = { verdict: "malformed", line: err.details.line, code: err.code, message: err.message };
      } else {
        verdictBox.replaceChildren(el("p", { class: "error", text: describe(err) }));
        return;
      }
    }
    const verdict = body && body.verdict && typeof body.verdict === "object" ? body.verdict : body;
    S.audit = { verdict, log: parseLog(text) };
    renderAudit();
  }

  function renderAudit() {
    const { verdict, log } = S.audit;
    const ok = verdict.verdict === "consistent";
    const rows = [
      ["verdict", verdict.verdict],
      ["step", verdict.step],
      ["line", verdict.line],
      ["code", verdict.code],
      ["rule", verdict.rule],
      ["recomputed rule", verdict.details && verdict.details.recomputed_rule],
      ["ruleset", verdict.ruleset],
      ["message", verdict.message],
      ["events", verdict.events],
      ["final state digest", verdict.final_state_digest],
    ].filter(([, v]) => v !== null && v !== undefined && v !== "");
    fill($("audit-verdict"),
      el("p", { class: "verdict-word " + (ok ? "verdict-ok" : "verdict-problem"), text: ok ? "✓ consistent" : "✗ " + human(verdict.verdict) }),
      el("dl", { class: "facts" }, rows.map(([k, v]) => [el("dt", { text: k }), el("dd", { class: "verdict-" + k.replace(/ /g, "-"), text: compact(v) })])),
      verdict.rule_text ? el("blockquote", { class: "rule-text verdict-rule-text", text: verdict.rule_text }) : null,
      verdict.verdict === "diverged" ? divergenceBlock(verdict) : null,
      verdict.details && Object.keys(verdict.details).length ? objectBlock("details", verdict.details) : null,
    );
    const problemLine = ok ? null : verdict.line || (verdict.step ? verdict.step + 1 : null);
    const items = [];
    if (log.header) {
      items.push(el("li", { class: "audit-step header" + (problemLine === 1 ? " problem" : ""), dataset: { line: "1" } },
        el("span", { class: "seq", text: "header" }),
        " " + [log.header.game_id, log.header.ruleset, log.header.variant].filter(Boolean).join(" · ")));
    }
    for (const s of log.steps) {
      const c = s.entry && s.entry.command ? s.entry.command : null;
      const label = c ? c.player + " " + c.type + (c.args && Object.keys(c.args).length ? " " + JSON.stringify(c.args) : "") : s.raw.slice(0, 120);
      const step = s.entry && typeof s.entry.step === "number" ? s.entry.step : null;
      items.push(el("li", { class: "audit-step" + (s.line === problemLine ? " problem" : ""), dataset: { line: String(s.line), step: step === null ? "" : String(step) } },
        el("span", { class: "seq", text: step === null ? "line " + s.line : "step " + step }), " " + label));
    }
    $("audit-steps").replaceChildren(...items);
    $("audit-jump").hidden = problemLine === null;
    $("audit-open-event").hidden = divergingSeq() === null;
  }

  /** The diverging event's seq when the audited log is the open game's, else null. */
  function divergingSeq() {
    if (!S.audit) return null;
    const { verdict, log } = S.audit;
    const seq = verdict.verdict === "diverged" && verdict.details ? verdict.details["seq"] : null;
    if (typeof seq !== "number" || !log.header || log.header.game_id !== S.game || seq < 1 || seq > S.version) return null;
    return seq;
  }

  /** Open the diverging event: the board and why at it, its row in the timeline marked, and
   *  the recorded and recomputed versions (drawn by divergenceBlock) scrolled into view. */
  async function openDivergingEvent() {
    const seq = divergingSeq();
    if (seq === null) return;
    for (const li of $("timeline").querySelectorAll("li.diverged")) li.classList.remove("diverged");
    const li = $("timeline").querySelector('li.event[data-seq="' + seq + '"]');
    if (li) {
      li.hidden = false;
      li.classList.add("diverged");
    }
    await selectEvent(seq);
    const block = $("audit-verdict").querySelector(".divergence");
    if (block) block.scrollIntoView({ block: "nearest" });
    status("Event #" + seq + " diverges: the recorded and recomputed versions are in the audit panel.", "ok");
  }

  const DIVERGENCE_KINDS = {
    changed: "differs from the recorded one",
    missing: "is produced by the command but missing from the log",
    extra: "is recorded in the log but not produced by the command",
  };
  const EVENT_FIELDS = ["seq", "type", "rule", "cause", "actor"];

  /** One value of a recorded or recomputed event: its JSON, "none" for null, "(absent)". */
  function shownValue(value, absent) {
    if (absent) return "(absent)";
    return value === null || value === undefined ? "none" : JSON.stringify(value);
  }

  /** ``value`` as a Map path -> value: objects by dotted key, lists and scalars whole. */
  function flatten(value, path, out) {
    const keys = value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : null;
    if (keys === null || (!keys.length && path)) out.set(path || "event", value);
    else for (const k of keys) flatten(value[k], path ? path + "." + k : k, out);
    return out;
  }

  /** The first differing event of a ``diverged`` verdict (``details`` from POST /audits,
   *  docs/replay-log.md): the field diff, then the event field by field, recorded beside
   *  recomputed, the differing rows marked.  A log with digests only has no event to show:
   *  the verdict's message says so. */
  function divergenceBlock(verdict) {
    const d = verdict.details || {};
    if (!Array.isArray(d.diff)) {
      return el("p", { class: "divergence-digests muted", text: "Only the step's digests could be compared: this log does not record the events." });
    }
    const isEvent = (v) => v && typeof v === "object" && !Array.isArray(v);
    const recorded = isEvent(d.recorded_event) ? d.recorded_event : null;
    const recomputed = isEvent(d.recomputed_event) ? d.recomputed_event : null;
    const shown = recomputed || recorded || {};
    const title = "Event " + (d.seq ?? "#" + d.position) + (shown.type ? " (" + shown.type + ")" : "") +
      ", event " + d.position + " of step " + verdict.step + ": " + (DIVERGENCE_KINDS[d.kind] || d.kind);
    const diffs = d.diff.map((x) => el("li", { class: "diff-entry", dataset: { path: String(x.path) } },
      el("code", { class: "diff-path", text: String(x.path) }), " ",
      el("span", { class: "diff-recorded", title: "recorded", text: shownValue(x.recorded, x.absent === "recorded") }),
      " → ",
      el("span", { class: "diff-recomputed", title: "recomputed", text: shownValue(x.recomputed, x.absent === "recomputed") })));
    const a = recorded ? flatten(recorded, "", new Map()) : new Map();
    const b = recomputed ? flatten(recomputed, "", new Map()) : new Map();
    const rest = [...new Set([...a.keys(), ...b.keys()])].filter((k) => !EVENT_FIELDS.includes(k)).sort();
    const paths = [...EVENT_FIELDS.filter((k) => a.has(k) || b.has(k)), ...rest];
    const differs = (p) => d.diff.some((x) => x.path === "event" || x.path === p || p.startsWith(x.path + ".") || String(x.path).startsWith(p + "["));
    const cell = (side, map, p) => el("td", { class: side, text: map.size ? shownValue(map.get(p), !map.has(p)) : "—" });
    const rows = paths.map((p) => el("tr", { class: differs(p) ? "differs" : null, dataset: { path: p } },
      el("th", { scope: "row", text: p }), cell("recorded", a, p), cell("recomputed", b, p)));
    return el("section", { class: "divergence", dataset: { seq: d.seq ?? "", kind: d.kind || "" } },
      el("p", { class: "divergence-title", text: title }),
      el("ul", { class: "diff" }, diffs),
      el("table", { class: "event-compare" },
        el("thead", {}, el("tr", {}, el("th", { text: "field" }), el("th", { text: "recorded" }), el("th", { text: "recomputed" }))),
        el("tbody", {}, rows)),
      d.recorded_events_match_digest === false ? el("p", { class: "muted", text: "The recorded events do not match the step's own events digest: they were edited." }) : null);
  }

  /** Put the open game's replay log (``GET /games/{id}/log``) into the audit box. */
  async function exportLog() {
    if (!S.game) {
      status("Open a game first.", "error");
      return;
    }
    try {
      $("audit-log").value = await api(gamePath("/log"), { raw: true, headers: { Accept: "application/jsonl" } });
      status("Loaded the replay log of " + S.game + ".", "ok");
    } catch (err) {
      status(describe(err), "error");
    }
  }

  /** Scroll the log to the first problem and, when the log's game is the open game, show
   *  the board just before the problem step. */
  async function jumpToProblem() {
    if (!S.audit) return;
    const node = $("audit-steps").querySelector("li.problem");
    if (node) {
      scrollWithin($("audit-steps"), node);
      node.scrollIntoView({ block: "nearest" });
      node.classList.add("flash");
    }
    const { verdict, log } = S.audit;
    const step = verdict.step;
    if (!log.header || !step || log.header.game_id !== S.game) return;
    let version = null;
    for (let i = step - 1; i >= 1 && version === null; i--) {
      const prior = log.steps.find((s) => s.entry && s.entry.step === i);
      if (prior && prior.entry.result && typeof prior.entry.result.version === "number") version = prior.entry.result.version;
    }
    if (version !== null && version >= 1 && version <= S.version) {
      S.selected = version;
      await goTo(version);
      status("Board just before step " + step + " (after event " + version + ").", "ok");
    }
  }

  // ------------------------------------------------------------------ wiring

  /** Step through the rows the filters keep (``dir`` +1 or -1), or through every event. */
  function step(dir) {
    if (!S.version) return;
    const rows = [...$("timeline").querySelectorAll("li.event:not([hidden])")].map((li) => Number(li.dataset.seq));
    const filtered = rows.length !== S.events.length;
    let target = S.at + dir;
    if (filtered && rows.length) {
      const later = rows.filter((n) => (dir > 0 ? n > S.at : n < S.at));
      if (!later.length) return;
      target = dir > 0 ? later[0] : later[later.length - 1];
    }
    S.selected = target;
    goTo(target);
  }

  function init() {
    $("open-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const game = $("game-id").value.trim();
      const token = $("token").value.trim();
      if (game && token) openGame(game, token, null);
    });
    $("slider").addEventListener("input", () => goTo(Number($("slider").value)));
    $("first").addEventListener("click", () => goTo(Number($("slider").min) || 1));
    $("prev").addEventListener("click", () => goTo(S.at - 1));
    $("next").addEventListener("click", () => goTo(S.at + 1));
    $("last").addEventListener("click", () => goTo(S.version));
    $("jump").addEventListener("change", () => {
      const seq = Number($("jump").value);
      if (seq) followLink(seq);
    });
    $("show-rejections").addEventListener("change", renderTimeline);
    for (const id of ["f-turn", "f-phase", "f-player", "f-type"]) $(id).addEventListener("change", applyFilters);
    for (const id of ["f-text", "f-rule"]) $(id).addEventListener("input", applyFilters);
    $("diff-run").addEventListener("click", runDiff);
    $("audit-run").addEventListener("click", runAudit);
    $("audit-export").addEventListener("click", exportLog);
    $("audit-jump").addEventListener("click", jumpToProblem);
    $("audit-open-event").addEventListener("click", openDivergingEvent);
    $("audit-file").addEventListener("change", async () => {
      const f = $("audit-file").files[0];
      if (f) $("audit-log").value = await f.text();
    });
    const board = $("board");
    const cardOf = (t) => (t && t.closest ? t.closest(".card[data-oid]") : null);
    board.addEventListener("mouseover", (ev) => {
      const c = cardOf(ev.target);
      if (c && c.dataset.card !== $("card-detail").dataset.card) showCard(c);
    });
    board.addEventListener("focusin", (ev) => {
      const c = cardOf(ev.target);
      if (c) showCard(c);
    });
    board.addEventListener("click", (ev) => {
      const c = cardOf(ev.target);
      if (c) showCard(c);
    });
    board.addEventListener("keydown", (ev) => {
      const c = cardOf(ev.target);
      if (c && (ev.key === "Enter" || ev.key === " ")) {
        ev.preventDefault();
        showCard(c);
      }
    });
    document.addEventListener("keydown", (ev) => {
      const t = ev.target;
      if (ev.key === "Escape") {
        hideCard();
        if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) t.blur();
        return;
      }
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
      const keys = {
        ArrowLeft: () => goTo(S.at - 1),
        ArrowRight: () => goTo(S.at + 1),
        j: () => step(1),
        k: () => step(-1),
        Home: () => goTo(Number($("slider").min) || 1),
        End: () => goTo(S.version),
        "/": () => $("f-text").focus(),
        m: () => { S.mark = S.at; status("Marked event #" + S.at + " (d: what changed since).", "ok"); },
        d: () => diffFromMark(),
        w: () => (S.at ? selectEvent(S.at) : null),
      };
      const act = keys[ev.key];
      if (act) {
        ev.preventDefault();
        act();
      }
    });
    const m = /game=([^&]+)/.exec(location.hash);
    if (m) $("game-id").value = decodeURIComponent(m[1]);
  }

  window.judgeConsole = { state: S, openGame, goTo, selectEvent, runAudit, exportLog, jumpToProblem, openDivergingEvent, runDiff, showCard };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
