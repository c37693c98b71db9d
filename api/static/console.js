/* Judge console: plain JavaScript, no build step, no dependencies.
 *
 * Reads (with the judge token as a bearer header):
 *   GET  /games/{id}/events?after=&limit=   the event stream (citations, causes)
 *   GET  /games/{id}/state?at=N             the full (judge) view just after event N
 *   GET  /games/{id}/timeline               human summaries per event      (optional)
 *   GET  /games/{id}/why/{seq}              the causal chain of one event  (optional)
 *   GET  /games/{id}/rejections             refused commands               (optional)
 *   GET  /games/{id}/log                    the game as a replay log
 *   POST /audits                            re-adjudicate a replay log
 * An optional endpoint the server does not have (404 route/not_found) is replaced by what
 * the console can derive from the events itself.
 *
 * The board renderer is generic: engine.view() differs per game system, so it draws
 * players -> zones -> cards with whatever fields they have, and draws recognisable fields
 * (rested, face_down, damage, counters, atk/def) specially.  All text goes through
 * textContent: nothing from the server is ever parsed as HTML.
 */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  const S = {
    game: null,
    token: "",
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

  const gamePath = (suffix) => "/games/" + encodeURIComponent(S.game) + suffix;

  // ------------------------------------------------------------------ opening a game

  async function loadEvents() {
    const events = [];
    let after = 0;
    for (;;) {
      const page = await api(gamePath("/events?limit=1000&after=" + after));
      const batch = listOf(page, ["events"]);
      events.push(...batch);
      if (batch.length < 1000) break;
      after = batch[batch.length - 1].seq;
    }
    return events;
  }

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
    });
    status("Opening " + game + " …", "busy");
    $("board").replaceChildren();
    $("timeline").replaceChildren();
    $("why").replaceChildren(el("p", { class: "muted", text: "Click an event in the timeline." }));
    let events;
    try {
      events = await loadEvents();
    } catch (err) {
      if (load === S.loadToken) status(describe(err), "error");
      return;
    }
    if (load !== S.loadToken) return;
    S.events = events;
    for (const e of events) S.bySeq.set(e.seq, e);
    S.version = events.length ? events[events.length - 1].seq : 0;
    const [timeline, rejections] = await Promise.all([
      optional(gamePath("/timeline")).catch(() => null),
      optional(gamePath("/rejections")).catch(() => null),
    ]);
    if (load !== S.loadToken) return;
    S.timelineSource = timeline ? "timeline" : "events";
    for (const entry of listOf(timeline, ["entries", "timeline", "events", "items"])) {
      if (entry && typeof entry.seq === "number") S.timeline.set(entry.seq, entry);
    }
    S.rejectionsAvailable = rejections !== null;
    S.rejections = listOf(rejections, ["rejections", "items", "attempts"]);
    renderTimeline();
    const slider = $("slider");
    slider.min = events.length ? String(events[0].seq) : "1";
    slider.max = String(Math.max(S.version, 1));
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
    highlight();
  }

  function eventItem(e) {
    const t = S.timeline.get(e.seq) || {};
    const where = [t.turn !== undefined ? "turn " + t.turn : null, t.phase, t.step].filter(Boolean).join(" · ");
    return el(
      "li",
      // a judge's ruling note (RulingNoted, docs/judge-interventions.md) is marked as such
      { class: e.type === "RulingNoted" ? "event ruling" : "event", dataset: { seq: String(e.seq) }, tabindex: "0", title: e.type === "RulingNoted" ? "Judge's ruling note on event #" + ((e.data && e.data.on) || "?") : "Show the board and why", onclick: () => selectEvent(e.seq), onkeydown: (ev) => { if (ev.key === "Enter") selectEvent(e.seq); } },
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
    return el(
      "li",
      { class: "rejection", dataset: { at: String(rejectionPosition(r)) }, title: "Refused: nothing was recorded" },
      el("span", { class: "seq", text: "✗" }),
      el("span", { class: "etype", text: "rejected " + what + " by " + who }),
      el("span", { class: "summary", text: [code, message].filter(Boolean).join(": ") }),
      rule ? el("span", { class: "meta" }, el("span", { class: "rule", text: rule })) : null,
    );
  }

  function highlight() {
    for (const li of $("timeline").querySelectorAll("li.event")) {
      const seq = Number(li.dataset.seq);
      li.classList.toggle("current", seq === S.at);
      li.classList.toggle("future", seq > S.at);
      li.classList.toggle("selected", seq === S.selected);
    }
  }

  // ------------------------------------------------------------------ stepping

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
    let view = S.states.get(at);
    if (!view) {
      try {
        view = await api(gamePath("/state?at=" + at));
      } catch (err) {
        if (load === S.loadToken && S.at === at) status(describe(err), "error");
        return;
      }
      S.states.set(at, view);
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

  function renderWhy(seq, chain, source) {
    const panel = $("why");
    const items = chain.map((item, i) => {
      const rule = ruleParts(item);
      const isTarget = item.seq === seq;
      const hasSeq = typeof item.seq === "number";
      const label = hasSeq ? "#" + item.seq : item.command ? "command" : "origin";
      return el(
        "li",
        { class: "why-step" + (isTarget ? " target" : "") + (hasSeq ? "" : " origin"), dataset: { seq: hasSeq ? String(item.seq) : "" } },
        el("div", { class: "why-head" },
          el("span", { class: "seq", text: label }),
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
    fill(panel, el("h3", { text: "Why #" + seq + " happened" }), note, el("ol", { class: "why-chain" }, items));
  }

  // ------------------------------------------------------------------ board

  const KNOWN_TOP = new Set(["game_id", "ruleset", "variant", "version", "players", "viewer", "turn", "turn_player", "phase", "step", "pending", "finished", "winner", "result"]);
  const CARD_SKIP = new Set(["oid", "card", "name", "rested", "face_down", "damage", "counters", "atk", "def_", "def", "attached_to", "side"]);

  function playersOf(state) {
    const p = state.players;
    if (Array.isArray(p)) return p.map((x, i) => [x.id || x.player || String(i), x]);
    if (p && typeof p === "object") return Object.entries(p);
    return [];
  }

  function renderBoard(view) {
    const state = view.state || {};
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
      else if (value && typeof value === "object") extras.push(objectBlock(key, value));
      else if (value !== null) extras.push(el("div", { class: "fact-extra" }, el("span", { class: "k", text: human(key) + ": " }), compact(value)));
    }
    if (pending && pending.options && Object.keys(pending.options).length) {
      extras.push(objectBlock("pending choice", pending.options));
    }

    const players = playersOf(state).map(([pid, p]) =>
      playerPanel(pid, p, { turn: pid === state.turn_player, priority: pid === priority, display: names.get(pid) }),
    );
    fill($("board"),
      el("section", { class: "game-facts" }, summary),
      el("section", { class: "shared" }, extras),
      el("section", { class: "players" }, players),
    );
  }

  function sharedArea(key, items, nameOf) {
    const cards = items.map((item) => {
      if (item && typeof item === "object" && item.source && typeof item.source === "object") {
        const label = [item.kind, item.controller ? "by " + nameOf(item.controller) : null].filter(Boolean).join(" ");
        const node = card(item.source);
        node.classList.add("chase-item");
        node.prepend(el("div", { class: "chase-label", text: label }));
        if (item.targets && (!Array.isArray(item.targets) || item.targets.length)) {
          node.append(el("div", { class: "field", text: "targets: " + compact(item.targets) }));
        }
        return node;
      }
      if (item && typeof item === "object" && ("name" in item || "card" in item)) return card(item);
      return el("div", { class: "card generic" }, el("div", { class: "card-name", text: compact(item) }));
    });
    const title = key === "chase" ? "Chase area" : human(key);
    return el("div", { class: "zone shared-zone", dataset: { zone: key } },
      el("h4", {}, title, el("span", { class: "count", text: " " + items.length })),
      el("div", { class: "cards" }, cards.length ? cards : el("span", { class: "empty", text: "empty" })));
  }

  function objectBlock(key, value) {
    return el("details", { class: "object-block", dataset: { key } },
      el("summary", { text: human(key) }),
      el("pre", { text: JSON.stringify(value, null, 2) }));
  }

  function playerPanel(pid, p, flags) {
    const name = p.name || flags.display || pid;
    const badges = [];
    if (flags.turn) badges.push(el("span", { class: "badge turn", text: "turn" }));
    if (flags.priority) badges.push(el("span", { class: "badge priority", text: "priority" }));
    if (p.lost) badges.push(el("span", { class: "badge lost", text: "lost: " + compact(p.lost) }));
    const stats = [];
    for (const [k, v] of Object.entries(p)) {
      if (k === "zones" || k === "name" || k === "lost") continue;
      if (v === null || v === undefined) continue;
      if (Array.isArray(v)) {
        stats.push(el("span", { class: "stat", dataset: { key: k } }, el("span", { class: "k", text: human(k) }), " ", v.length ? v.map(compact).join(", ") : "—"));
      } else if (typeof v === "object") {
        stats.push(el("span", { class: "stat", dataset: { key: k } }, el("span", { class: "k", text: human(k) }), " ", JSON.stringify(v)));
      } else {
        stats.push(el("span", { class: "stat" + (k === "life" ? " life" : ""), dataset: { key: k } }, el("span", { class: "k", text: human(k) }), " ", el("b", { text: String(v) })));
      }
    }
    const zones = Object.entries(p.zones || {}).map(([zn, z]) => zone(zn, z));
    return el("article", { class: "player" + (flags.turn ? " turn-player" : ""), dataset: { player: pid } },
      el("header", {}, el("h3", { text: name + " " }, el("span", { class: "muted", text: pid })), badges),
      el("div", { class: "stats" }, stats),
      el("div", { class: "zones" }, zones));
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
      cards.map((c) => (c && typeof c === "object" ? card(c) : el("div", { class: "card generic" }, el("div", { class: "card-name", text: compact(c) })))),
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
    const atk = c.atk;
    const def = c.def_ !== undefined ? c.def_ : c.def;
    const lines = [];
    if ((atk !== null && atk !== undefined) || (def !== null && def !== undefined)) {
      lines.push(el("div", { class: "power", text: (atk ?? "–") + " / " + (def ?? "–") }));
    }
    if (c.attached_to) lines.push(el("div", { class: "field", text: "attached to " + c.attached_to }));
    for (const [k, v] of Object.entries(c)) {
      if (CARD_SKIP.has(k) || v === null || v === undefined || v === false) continue;
      if (Array.isArray(v)) {
        const shown = v.map((x) => (x && typeof x === "object" && (x.name || x.card) ? x.name || x.card : compact(x)));
        if (v.length) lines.push(el("div", { class: "field", dataset: { key: k } }, el("span", { class: "k", text: human(k) + ": " }), shown.join(", ")));
      } else if (v === true) {
        badges.push(el("span", { class: "badge", text: human(k) }));
      } else {
        lines.push(el("div", { class: "field", dataset: { key: k } }, el("span", { class: "k", text: human(k) + ": " }), compact(v)));
      }
    }
    return el("div", { class: classes.join(" "), dataset: { oid: c.oid || "", card: c.card || "" }, title: (c.name || "") + (c.card ? " [" + c.card + "]" : "") + (c.oid ? " " + c.oid : "") },
      el("div", { class: "card-name", text: c.name || c.card || c.oid || "?" }),
      el("div", { class: "card-id", text: [c.card, c.oid].filter(Boolean).join(" · ") }),
      badges.length ? el("div", { class: "badges" }, badges) : null,
      lines);
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
    $("show-rejections").addEventListener("change", renderTimeline);
    $("audit-run").addEventListener("click", runAudit);
    $("audit-export").addEventListener("click", exportLog);
    $("audit-jump").addEventListener("click", jumpToProblem);
    $("audit-file").addEventListener("change", async () => {
      const f = $("audit-file").files[0];
      if (f) $("audit-log").value = await f.text();
    });
    document.addEventListener("keydown", (ev) => {
      const t = ev.target;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) return;
      if (ev.key === "ArrowLeft") goTo(S.at - 1);
      if (ev.key === "ArrowRight") goTo(S.at + 1);
    });
    const m = /game=([^&]+)/.exec(location.hash);
    if (m) $("game-id").value = decodeURIComponent(m[1]);
  }

  window.judgeConsole = { state: S, openGame, goTo, selectEvent, runAudit, exportLog, jumpToProblem };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
