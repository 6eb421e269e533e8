/* The instance explorer of lexsub_baselines (lexsub_baselines/analysis/explorer.py).
   Reads the data embedded once in #data and renders on demand: the list one page at a time,
   the chosen instance only. The view lives in the address's #fragment (ds, pos, lexelt, q,
   sys, cond, a, rel, b, kind, show, item, page), so the report links to a chosen view and the
   browser's back button works. Credits, matches, modes and which lists hold the gold's first
   answer (`top`, per system: bit 0 best, bit 1 oot) come from the scorer (the data); this
   script only filters and shows them. No library, no network. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("data").textContent);
  var F = {}, S = {};  // the fields of a SemEval item and of a SWORDS item
  DATA.fields.forEach(function (name, i) { F[name] = i; });
  DATA.swords_fields.forEach(function (name, i) { S[name] = i; });
  var SYSTEMS = DATA.systems.map(function (s, index) {
    return { name: s[0], family: s[1], colour: s[2], index: index };
  });
  var BY_NAME = new Map(SYSTEMS.map(function (s) { return [s.name, s]; }));
  var PAGE = 50;
  var DIGIT = new Map(Array.from(DATA.digits).map(function (c, i) { return [c, i]; }));
  var BASE = DATA.digits.length;
  var ALL = [];  // every item once: [dataset index, item index]
  DATA.datasets.forEach(function (ds, d) {
    ds.column = new Map(ds.systems.map(function (g, j) { return [g, j]; }));
    ds.items.forEach(function (_, i) { ALL.push([d, i]); });
  });

  function $(id) { return document.getElementById(id); }
  var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  function esc(text) { return String(text).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; }); }
  function kindIndex(kind) { return kind === "oot" ? 1 : 0; }
  function keyOf(d, i) { return DATA.datasets[d].name + "/" + DATA.datasets[d].items[i][F.id]; }
  function fmt(x) { return x === null || x === undefined ? "—" : (Math.round(x * 1000) / 1000).toFixed(3); }

  function defaults() {
    var firsts = [], seen = new Set();
    SYSTEMS.forEach(function (s) {
      if (!seen.has(s.family)) { seen.add(s.family); firsts.push(s.name); }
    });
    return { ds: "", pos: "", lexelt: "", q: "", sys: "", cond: "", a: "", b: "", rel: "",
             kind: "best", show: firsts, item: "", page: 0 };
  }

  function readHash() {
    var state = defaults();
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      if (!part) return;
      var at = part.indexOf("=");
      var key = decodeURIComponent(at < 0 ? part : part.slice(0, at));
      var value = at < 0 ? "" : decodeURIComponent(part.slice(at + 1));
      if (!(key in state)) return;
      if (key === "show") state.show = value.split(",").filter(function (n) { return BY_NAME.has(n); });
      else if (key === "page") state.page = Math.max(0, parseInt(value, 10) || 0);
      else state[key] = value;
    });
    return state;
  }

  function hashOf(state) {
    var base = defaults(), parts = [];
    Object.keys(base).forEach(function (key) {
      var value = key === "show" ? state.show.join(",") : String(state[key]);
      var fallback = key === "show" ? base.show.join(",") : String(base[key]);
      if (value !== fallback) parts.push(key + "=" + encodeURIComponent(value).replace(/%2C/g, ","));
    });
    return parts.join("&");
  }

  function go(state) {
    var hash = hashOf(state);
    if (hash === location.hash.replace(/^#/, "")) render(state);
    else location.hash = hash;  // the hashchange event renders
  }

  // --- what an item holds, by system -------------------------------------------------------
  function column(ds, system) { var j = ds.column.get(system.index); return j === undefined ? -1 : j; }
  // SWORDS: an answer's TRUE ratio (0 when nobody was asked about it); the "credit" of a
  // system on a target is the sum of its answers' ratios, over the first (best) or the top 10
  function ratio(item, v) {
    var gold = item[S.gold];
    return v < gold.length ? gold[v][1] / gold[v][2] : 0;
  }
  function credit(ds, item, system, k) {
    var j = column(ds, system);
    if (j < 0) return null;
    if (ds.kind === "swords") {
      return item[S.answers][j].slice(0, k ? 10 : 1).reduce(function (sum, v) {
        return sum + ratio(item, v); }, 0);
    }
    return !item[F.in_t] ? null : item[F.credit][2 * j + k];
  }
  // a system's answers on an item: [best, oot] vocabulary indices (explorer.decode_answers)
  function answers(ds, item, j) {
    var width = ds.lexelts[item[F.lexelt]][3];
    return item[F.answers][j].split(" ").map(function (part) {
      var found = [];
      for (var at = 0; at < part.length; at += width) {
        var value = 0;
        for (var d = at; d < at + width; d++) value = value * BASE + DIGIT.get(part[d]);
        found.push(value);
      }
      return found;
    });
  }
  // whether a system's best (k = 0) or oot (k = 1) answers hold the gold's first answer (the
  // most credited gold substitute, ties included); null without answers on the dataset
  function hasTop(ds, item, system, k) {
    var j = column(ds, system);
    if (j < 0) return null;
    return ((item[ds.kind === "swords" ? S.top : F.top][j] >> k) & 1) === 1;
  }
  function passes(ds, item, system, k, cond) {
    var j = column(ds, system);
    if (j < 0) return false;
    if (ds.kind === "swords") {
      if (cond === "blank") return item[S.answers][j].length === 0;
      var c = credit(ds, item, system, k);
      return cond === "credit" ? c > 0 : cond === "zero" ? c === 0 : true;
    }
    if (cond === "blank") return answers(ds, item, j)[k].length === 0;
    if (!item[F.in_t]) return false;
    if (cond === "credit") return item[F.credit][2 * j + k] > 0;
    if (cond === "zero") return item[F.credit][2 * j + k] === 0;
    return true;
  }

  function matches(state) {
    var q = state.q.trim().toLowerCase(), k = kindIndex(state.kind);
    var sys = BY_NAME.get(state.sys), a = BY_NAME.get(state.a), b = BY_NAME.get(state.b);
    return ALL.filter(function (pair) {
      var ds = DATA.datasets[pair[0]], item = ds.items[pair[1]], lex = ds.lexelts[item[F.lexelt]];
      if (state.ds && ds.name !== state.ds) return false;
      if (state.pos && lex[1] !== state.pos) return false;
      if (state.lexelt && lex[0] !== state.lexelt) return false;
      if (q && item[F.id] !== q && (item[F.left] + " " + item[F.target] + " " + item[F.right])
          .toLowerCase().indexOf(q) < 0) return false;
      if (sys && state.cond && !passes(ds, item, sys, k, state.cond)) return false;
      if (a && b && state.rel === "top") {  // a lists the gold's first answer, b does not
        if (hasTop(ds, item, a, k) !== true || hasTop(ds, item, b, k) !== false) return false;
      } else if (a && b) {
        var ca = credit(ds, item, a, k), cb = credit(ds, item, b, k);
        if (ca === null || cb === null || !(ca > cb)) return false;
      }
      return true;
    });
  }

  // --- the filters ---------------------------------------------------------------------------
  function options(select, pairs) {
    select.innerHTML = pairs.map(function (p) {
      return '<option value="' + esc(p[0]) + '">' + esc(p[1]) + "</option>";
    }).join("");
  }

  function setUp() {
    options($("f-ds"), [["", "all datasets"]].concat(DATA.datasets.map(function (ds) {
      return [ds.name, ds.name + " (" + ds.items.length + ")"];
    })));
    options($("f-pos"), [["", "all"]].concat(Object.keys(DATA.pos).map(function (p) {
      return [p, DATA.pos[p]];
    })));
    var systems = [["", "—"]].concat(SYSTEMS.map(function (s) { return [s.name, s.name]; }));
    ["f-sys", "f-a", "f-b"].forEach(function (id) { options($(id), systems); });
    $("f-show-list").innerHTML = DATA.families.map(function (family) {
      var members = SYSTEMS.filter(function (s) { return s.family === family[0]; });
      if (!members.length) return "";
      return "<h4>" + esc(family[1]) + "</h4>" + members.map(function (s) {
        return '<label><input type="checkbox" value="' + esc(s.name) + '"><span class="swatch" '
          + 'style="background:' + esc(s.colour) + '"></span>' + esc(s.name) + "</label>";
      }).join("");
    }).join("");
    $("filters").addEventListener("change", function () { go(fromForm()); });
    $("filters").addEventListener("submit", function (e) { e.preventDefault(); go(fromForm()); });
    $("list").addEventListener("click", function (e) {
      var row = e.target.closest("li[data-key]");
      if (!row) return;
      var state = readHash();
      state.item = row.getAttribute("data-key");
      go(state);
    });
    $("pager").addEventListener("click", function (e) {
      var button = e.target.closest("button[data-page]");
      if (!button) return;
      var state = readHash();
      state.page = parseInt(button.getAttribute("data-page"), 10);
      go(state);
    });
    window.addEventListener("hashchange", function () { render(readHash()); });
  }

  function fromForm() {
    var state = readHash();
    var before = [state.ds, state.pos, state.lexelt, state.q, state.sys, state.cond, state.a,
                  state.b, state.rel, state.kind].join("|");
    ["ds", "pos", "lexelt", "q", "sys", "cond", "a", "b", "rel", "kind"].forEach(function (key) {
      state[key] = $("f-" + key).value;
    });
    state.show = Array.prototype.slice.call($("f-show-list").querySelectorAll("input:checked"))
      .map(function (box) { return box.value; });
    if (before !== [state.ds, state.pos, state.lexelt, state.q, state.sys, state.cond, state.a,
                    state.b, state.rel, state.kind].join("|")) state.page = 0;
    return state;
  }

  function syncForm(state) {
    var lexelts = new Map();
    DATA.datasets.forEach(function (ds) {
      if (state.ds && ds.name !== state.ds) return;
      ds.lexelts.forEach(function (l) {
        if (!state.pos || l[1] === state.pos) lexelts.set(l[0], l[0]);
      });
    });
    options($("f-lexelt"), [["", "all"]].concat(Array.from(lexelts.keys()).sort().map(function (l) {
      return [l, l];
    })));
    ["ds", "pos", "lexelt", "q", "sys", "cond", "a", "b", "rel", "kind"].forEach(function (key) {
      $("f-" + key).value = state[key];
    });
    var shown = new Set(state.show);
    $("f-show-list").querySelectorAll("input").forEach(function (box) {
      box.checked = shown.has(box.value);
    });
  }

  // --- rendering -----------------------------------------------------------------------------
  // the target in its context; SemEval's contexts are tokens (joined by spaces), SWORDS's
  // the paragraph's own text around the target
  function snippet(ds, item) {
    var left = item[F.left], right = item[F.right], gap = ds.kind === "swords" ? "" : " ";
    if (left.length > 26) left = "…" + left.slice(left.length - 26);
    if (right.length > 60) right = right.slice(0, 60) + "…";
    return esc(left) + gap + "<mark>" + esc(item[F.target]) + "</mark>" + gap + esc(right);
  }

  // a row's short label: SemEval "test 301"; SWORDS "sw-dev 12", the target's number in the
  // dataset (its id, a 40-digit hash, is in the row's title and the detail pane)
  function label(ds, item, i) {
    if (ds.kind === "swords") return ds.name.replace(/^swords-/, "sw-") + " " + (i + 1);
    return ds.name.replace(/^semeval2007-/, "") + " " + item[F.id];
  }

  function renderList(state, found, current) {
    var pages = Math.max(1, Math.ceil(found.length / PAGE));
    var page = Math.min(state.page, pages - 1);
    var a = BY_NAME.get(state.a), b = BY_NAME.get(state.b), k = kindIndex(state.kind);
    $("list").innerHTML = found.slice(page * PAGE, (page + 1) * PAGE).map(function (pair) {
      var ds = DATA.datasets[pair[0]], item = ds.items[pair[1]], key = keyOf(pair[0], pair[1]);
      var vs = a && b && state.rel !== "top" ? '<span class="vs">' + fmt(credit(ds, item, a, k))
        + " &gt; " + fmt(credit(ds, item, b, k)) + "</span>" : "";
      var lexelt = ds.lexelts[item[F.lexelt]][0];
      return '<li data-key="' + esc(key) + '" title="' + esc(ds.name + " " + item[F.id]) + '"'
        + (key === current ? ' class="current"' : "") + '><span class="key">'
        + esc(label(ds, item, pair[1])) + '</span><span class="lex" title="' + esc(lexelt)
        + '">' + esc(lexelt) + '</span><span class="snip">' + snippet(ds, item) + "</span>" + vs
        + "</li>";
    }).join("");
    // the counts are of the dataset chosen (of all of them when none is)
    var chosen = DATA.datasets.filter(function (ds) { return !state.ds || ds.name === state.ds; });
    var total = chosen.reduce(function (sum, ds) { return sum + ds.items.length; }, 0);
    var unit = chosen.length && chosen.every(function (ds) { return ds.kind === "swords"; })
      ? "targets" : "instances";
    var summary = $("summary");
    summary.setAttribute("data-matches", String(found.length));
    summary.setAttribute("data-total", String(total));
    summary.textContent = found.length + " of " + total + " " + unit
      + (found.length > PAGE ? "; page " + (page + 1) + " of " + pages : "");
    $("pager").innerHTML = (page > 0 ? '<button type="button" data-page="' + (page - 1)
      + '">previous</button>' : "") + (page + 1 < pages ? '<button type="button" data-page="'
      + (page + 1) + '">next</button>' : "");
  }

  function chips(words, indices, mark) {
    if (!indices.length) return '<span class="muted">(no answer)</span>';
    return indices.map(function (v) {
      var m = mark(v);
      return '<span class="ans ' + m + '" data-a="' + esc(words[v]) + '" data-mark="' + m
        + '" title="' + m + '">' + esc(words[v]) + "</span>";
    }).join("");
  }

  // a system's name cell, with the settings id its row was made under (runs.json)
  // and its mark (as in tables.md) when it was made under other settings than unmarked rows
  function systemCell(ds, system, j) {
    var mark = j < 0 || !ds.marks ? "" : ds.marks[j];
    return '<td class="sys"' + (j < 0 ? "" : ' title="made under settings '
      + esc(ds.settings[j]) + ' (results/runs.json)"') + '><span class="swatch" style="background:'
      + esc(system.colour) + '"></span>' + esc(system.name)
      + (mark ? ' <span class="mark">' + esc(mark) + "</span>" : "") + "</td>";
  }

  // a SWORDS target: its paragraph, the labelled substitutes, each system's top 10 marked
  function swordsMark(ds, item, v) {
    var r = ratio(item, v), t = ds.thresholds;
    return v >= item[S.gold].length ? "unlabelled" : r >= t.acceptable ? "acceptable"
      : r >= t.conceivable ? "conceivable" : "neither";
  }
  function renderSwords(pane, state, key, ds, item) {
    var lex = ds.lexelts[item[S.lexelt]], gold = item[S.gold], extra = item[S.extra];
    function word(v) { return v < gold.length ? gold[v][0] : extra[v - gold.length]; }
    var rows = gold.map(function (entry, v) {
      var m = swordsMark(ds, item, v);
      return '<tr class="gold-entry" data-sub="' + esc(entry[0]) + '" data-ratio="'
        + (entry[1] / entry[2]).toFixed(3) + '"><td>' + esc(entry[0]) + '</td><td class="num">'
        + entry[1] + "/" + entry[2] + '</td><td class="num">' + (entry[1] / entry[2]).toFixed(2)
        + '</td><td><span class="ans ' + m + '">' + m + "</span></td></tr>";
    }).join("");
    var shown = [];
    state.show.concat([state.sys, state.a, state.b]).forEach(function (name) {
      if (name && BY_NAME.has(name) && shown.indexOf(name) < 0) shown.push(name);
    });
    var answers = shown.map(function (name) {
      var system = BY_NAME.get(name), j = column(ds, system);
      var head = systemCell(ds, system, j);
      if (j < 0) return '<tr data-system="' + esc(name) + '">' + head
        + '<td colspan="2" class="muted">no answers on this dataset</td></tr>';
      var given = item[S.answers][j];
      var chipsHtml = given.length ? given.map(function (v) {
        var m = swordsMark(ds, item, v);
        return '<span class="ans ' + m + '" data-a="' + esc(word(v)) + '" data-mark="' + m
          + '" title="' + m + '">' + esc(word(v)) + "</span>";
      }).join("") : '<span class="muted">(no answer)</span>';
      return '<tr data-system="' + esc(name) + '">' + head + '<td class="oot">' + chipsHtml
        + '</td><td class="num">' + fmt(credit(ds, item, system, 1)) + "</td></tr>";
    }).join("");
    pane.setAttribute("data-key", key);
    pane.innerHTML = "<h2>" + esc(lex[0]) + ' <span class="muted">(' + esc(DATA.pos[lex[1]]
      || lex[1]) + ", " + esc(ds.name) + ", " + esc(item[S.id]) + ")</span></h2>"
      + '<p class="sentence paragraph">' + esc(item[S.left]) + "<mark>" + esc(item[S.target])
      + "</mark>" + esc(item[S.right]) + "</p>"
      + "<h3>Labelled substitutes</h3>" + (rows ? '<table class="gold"><thead><tr><th>'
      + "substitute</th><th>TRUE</th><th>ratio</th><th></th></tr></thead><tbody>" + rows
      + "</tbody></table>" : '<p class="muted">No labelled substitute is left for this target: '
      + "the evaluation leaves it out.</p>")
      + '<p class="note">As the evaluation reads them: lemmatised, UNSURE labels left out; '
      + "acceptable when the TRUE ratio is above 0.5, conceivable from 0.1.</p>"
      + "<h3>Top 10 of each system</h3>" + (answers ? '<table class="answers"><thead><tr>'
      + "<th>system</th><th>substitutes (as the evaluation reads them)</th><th>Σ ratio</th>"
      + "</tr></thead><tbody>" + answers + "</tbody></table>"
      : '<p class="muted">Choose systems to show.</p>');
  }

  function renderDetail(state, key) {
    var pane = $("detail");
    var slash = key.indexOf("/"), d = -1, i = -1;
    DATA.datasets.forEach(function (ds, n) {
      if (ds.name !== key.slice(0, slash)) return;
      d = n;
      i = ds.items.findIndex(function (item) { return item[F.id] === key.slice(slash + 1); });
    });
    if (d < 0 || i < 0) { pane.innerHTML = '<p class="muted">No instance matches.</p>'; return; }
    if (DATA.datasets[d].kind === "swords") {
      renderSwords(pane, state, key, DATA.datasets[d], DATA.datasets[d].items[i]);
      return;
    }
    var ds = DATA.datasets[d], item = ds.items[i], lex = ds.lexelts[item[F.lexelt]];
    var words = lex[2], inT = item[F.in_t] === 1, mode = item[F.mode];
    var matched = new Set(item[F.matched]), modes = new Set(item[F.modes]);
    function mark(v) { return modes.has(v) ? "mode" : matched.has(v) ? "matched" : "none"; }
    // the entries as the scorer reads them; the mode is one of them, by index (from the scorer)
    var gold = item[F.gold].map(function (entry, n) {
      return '<tr class="gold-entry" data-sub="' + esc(entry[0]) + '" data-count="' + entry[1]
        + '"><td>' + esc(entry[0]) + '</td><td class="num">' + entry[1] + "</td><td>"
        + (inT && n === mode ? '<span class="ans mode">mode</span>' : "") + "</td></tr>";
    }).join("");
    var scored = item[F.file_gold] ? '<p class="note">The gold file\'s line reads: '
      + item[F.file_gold].map(function (e) { return esc(e[0]) + " " + e[1]; }).join("; ")
      + " (above, as the scorer reads it).</p>" : "";
    var status = item[F.unscored] === 1 ? "Not scored: the gold file has no line for this id."
      : item[F.unscored] === 2 ? "Not scored: fewer than 2 responses once the scorer has read "
        + "the line (entries naming a proper name, or of one character, are dropped)."
      : mode === null ? "No mode (the most frequent substitutes tie)."
      : "Mode: <b>" + esc(item[F.gold][mode][0]) + "</b>.";
    var bound = item[F.bound];
    var shown = [];
    state.show.concat([state.sys, state.a, state.b]).forEach(function (name) {
      if (name && BY_NAME.has(name) && shown.indexOf(name) < 0) shown.push(name);
    });
    var rows = shown.map(function (name) {
      var system = BY_NAME.get(name), j = column(ds, system);
      var head = systemCell(ds, system, j);
      if (j < 0) return '<tr data-system="' + esc(name) + '">' + head
        + '<td colspan="4" class="muted">no answers on this dataset</td></tr>';
      var given = answers(ds, item, j);
      var credits = inT ? item[F.credit].slice(2 * j, 2 * j + 2) : [null, null];
      return '<tr data-system="' + esc(name) + '">' + head + '<td class="best">'
        + chips(words, given[0], mark) + '</td><td class="num" data-credit="' + credits[0] + '">'
        + fmt(credits[0]) + '</td><td class="oot">' + chips(words, given[1], mark)
        + '</td><td class="num" data-credit="' + credits[1] + '">' + fmt(credits[1]) + "</td></tr>";
    }).join("");
    pane.setAttribute("data-key", key);
    pane.innerHTML = "<h2>" + esc(item[F.id]) + " · " + esc(lex[0]) + " <span class=\"muted\">("
      + esc(DATA.pos[lex[1]] || lex[1]) + ", " + esc(ds.name) + ")</span></h2>"
      + '<p class="sentence">' + esc(item[F.left]) + " <mark>" + esc(item[F.target])
      + "</mark> " + esc(item[F.right]) + "</p>"
      + "<h3>Gold substitutes</h3>" + (gold ? '<table class="gold"><thead><tr><th>substitute'
      + "</th><th>count</th><th></th></tr></thead><tbody>" + gold + "</tbody></table>"
      : '<p class="muted">No gold line for this instance.</p>') + scored
      + '<p class="note">' + status + "</p>"
      + "<h3>Answers</h3>" + (rows ? '<table class="answers"><thead><tr><th>system</th>'
      + "<th>best</th><th>credit" + (bound ? " (of " + fmt(bound[0]) + ")" : "")
      + "</th><th>oot</th><th>credit" + (bound ? " (of " + fmt(bound[1]) + ")" : "")
      + "</th></tr></thead><tbody>" + rows + "</tbody></table>"
      : '<p class="muted">Choose systems to show.</p>')
      + '<p class="note">Credit: the official item credit (best: Σ count/|H| over the '
      + "answers, divided by their number; oot: Σ count/|H|), of the most any answer can earn "
      + "on the item.</p>";
  }

  function render(state) {
    syncForm(state);
    var found = matches(state);
    var pages = Math.max(1, Math.ceil(found.length / PAGE));
    var page = Math.min(state.page, pages - 1);
    var first = found.length ? keyOf(found[page * PAGE][0], found[page * PAGE][1]) : "";
    var current = state.item || first;
    renderList(state, found, current);
    renderDetail(state, current);
  }

  setUp();
  render(readHash());
  document.body.setAttribute("data-items", String(ALL.length));
  document.body.setAttribute("data-first-render-ms", String(Math.round(performance.now())));
})();
