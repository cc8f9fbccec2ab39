"use strict";
// A law's comparison and table mode in the static site (kb/web/static_compare.py): the page
// of a view holds the interface's words (`<main data-view>`), the law's file (units/<law>.js)
// its rows, cells and units; the page is built here as the site's templates build it
// (compare.html, table.html, _macros.html `cell_units`), then site.js shows the books asked for.
let LAWKB_LOADED = false;  // site.js's own start (DOMContentLoaded) is past: call it here
document.addEventListener("DOMContentLoaded", () => { LAWKB_LOADED = true; });

function LAWKB_VIEW(law) {
  const main = document.querySelector("main[data-view]");
  if (!main) return;
  const w = JSON.parse(main.dataset.view);
  const v = law.views;
  const number = new URLSearchParams(location.search).get("law") || "";
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const anchor = (uid) => uid.replaceAll(".", "");
  const said = (text, value) => esc(text).replace("\0", value);  // a pattern's one value
  const ui = w.ui;
  if (!v) { main.replaceChildren(); return; }  // not a law: nothing to show
  const rows = v.rows[w.ref] || [];
  const names = v.rownames[w.style] || {};
  const heading = esc(v.heading[w.style] || number);
  const query = (langs) => `index.html?law=${number}&langs=${langs.map(encodeURIComponent).join("%2C")}`;
  const label = (code) => `<span class="cell-lang" lang="${ui}"><b>${code.toUpperCase()}</b><span class="visually-hidden"> ${esc(w.labels[code])}</span></span>`;
  const block = (code, uid) => (law.blocks[code] || {})[uid] || "";
  const cell = (row, code) => {
    const [reason, ids, mapped, under] = row[3][code];
    if (reason === "above") return `<p class="missing">↑ ${ids.map((i) => esc(v.names[code][i])).join(", ")}</p>`;
    if (!ids.length) return `<p class="missing" lang="${ui}">${reason ? esc(w.reasons[reason] || reason) : "–"}</p>`;
    let html = "";
    for (const i of ids) {
      const edition = mapped ? `<small class="mapped" lang="${ui}">${said(w.edition[code], v.labels[code][i])}</small>` : "";
      const kids = ((v.kids[code] || {})[i] || []).map((k) => `<div id="${code}-${anchor(k)}">${block(code, k)}</div>`);
      html += `<div class="cell" id="${code}-${anchor(i)}">${edition}\n${block(code, i)}\n${kids.join("")}</div>`;
    }
    if (under) {
      const [name, href] = v.unders[code][under];
      html += `<p class="printed-under" lang="${ui}"><a href="${href}">${said(w.under, esc(name))}</a></p>`;
    }
    return html;
  };
  const notes = (code) => {  // footnote_list of the units the view shows of a book
    const seen = new Set();
    let items = "";
    for (const row of rows) {
      const [reason, ids] = row[3][code] || ["", []];
      if (reason === "above") continue;
      for (const i of ids) {
        for (const u of [i, ...((v.kids[code] || {})[i] || [])]) {
          if (seen.has(u)) continue;
          seen.add(u);
          items += (v.notes[code] || {})[u] || "";
        }
      }
    }
    if (!items) return "";
    return `<aside class="footnotes" aria-label="${esc(w.footnotes)}: ${esc(w.labels[code])}"><h2 lang="${ui}">${esc(w.footnotes)}</h2><ol lang="${w.langOf[code]}">\n${items}</ol></aside>`;
  };
  const jump = () => `<div class="rowbar"><span class="unit-now"></span>
<p class="not-held" hidden>${esc(w.notHeld)} <span></span></p>
<details class="jump"><summary>${esc(w.go)}</summary><nav class="jump-list" aria-label="${esc(w.go)}">${rows.map((r, n) =>
    `${["law", "section"].includes(r[1]) && n ? '<span class="break"></span>' : ""}<a class="k-${r[1]}" href="#${anchor(r[0])}">${esc(names[r[0]])}</a>`).join("")}</nav></details></div>`;
  const held = w.held;
  let title;
  if (w.view === "compare") {
    title = said(w.compare, heading);
    const links = w.byName.map((code) => {
      const on = held.includes(code);
      const next = on ? held.filter((x) => x !== code) : [...held, code];
      return `<a data-doc="${code}" data-follow="" href="${query(next)}">${on ? "− " : "+ "}${esc(w.langs[code])}</a> `;
    }).join("");
    const heads = held.map((code) => {
      const card = w.kinds[code] === "card" ? `<br><small lang="${ui}">${esc(w.card)}</small>` : "";
      const t = v.titles[code];
      const name = t ? `<br><a href="../../${code}/law/${number}/index.html" data-follow="${code}" lang="${w.langOf[code]}"${t[1] ? ' class="caps"' : ""}>${esc(t[0])}</a>` : "";
      return `<th scope="col" data-doc="${code}">${esc(w.labels[code])}${card}${name}</th>`;
    }).join("");
    const body = rows.map((r) => `<tr class="${r[1]}" id="${anchor(r[0])}"><th scope="row"><a href="#${anchor(r[0])}">${esc(names[r[0]])}</a>${r[2] ? `<br><small>${esc(w.only)}</small>` : ""}</th>\n${
      held.map((code) => `<td lang="${w.langOf[code]}" data-doc="${code}">${label(code)}\n${cell(r, code)}</td>`).join("")}</tr>`).join("\n");
    main.innerHTML = `<h1>${title}</h1>
<p class="lang-links">${links}
<a data-follow="" href="../../table/law/${query(held.slice(0, 2))}">${esc(w.table)}</a></p>
${jump()}
<div class="compare-wrap" tabindex="0" role="region" aria-label="${title}"><table class="compare" data-langs="${held.join(",")}">
<thead><tr><th scope="col">${esc(w.unit)}</th>${heads}</tr></thead>
<tbody>
${body}
</tbody></table></div>
${held.map((code) => `<div lang="${w.langOf[code]}" data-doc="${code}">${notes(code)}</div>`).join("\n")}`;
  } else {
    const langs = held.slice(0, 2);
    const hide = (code) => (langs.includes(code) ? "" : " hidden");
    title = `${esc(w.table)} · ${heading}`;
    const choose = [0, 1].map((n) => `<label><span class="which">${esc(w.language)} ${n + 1}</span><select name="langs">${w.byName.map((code) =>
      `<option value="${code}"${langs[n] === code ? " selected" : ""}>${esc(w.labels[code])}</option>`).join("")}</select></label>`).join("");
    const heads = held.map((code) => `<span id="tm-${code}" data-doc="${code}" lang="${w.langOf[code]}"${hide(code)}><span lang="${ui}">${esc(w.labels[code])}</span> · ${esc(((law.cites[code] || {})[number] || {}).heading || "")}</span>`).join("");
    const body = rows.map((r) => `<div class="tm-row ${r[1]}" id="${anchor(r[0])}" data-id="${r[0]}">${
      held.map((code) => `<div class="tm-cell" lang="${w.langOf[code]}" data-doc="${code}"${hide(code)}>${label(code)}\n${cell(r, code)}</div>`).join("")}</div>`).join("\n");
    main.innerHTML = `<form class="tm-controls" action="index.html" method="get">
<input type="hidden" name="law" value="${esc(number)}">
<a class="button quiet" data-follow="${langs[0]}" href="../../${langs[0]}/law/${number}/index.html#${number}">← ${esc(w.back)}</a>
${choose}
<button type="submit">${esc(w.show)}</button>
</form>
<h1 class="visually-hidden">${title}</h1>
${jump()}
<div class="tm" data-langs="${held.join(",")}">
<div class="tm-head" aria-hidden="true">${heads}</div>
${body || `<p class="missing" lang="${ui}">–</p>`}
</div>
${held.map((code) => `<div lang="${w.langOf[code]}" data-doc="${code}"${hide(code)}>${notes(code)}</div>`).join("\n")}`;
  }
  document.title = w.title.replace("\0", main.querySelector("h1").textContent);
  for (const el of document.querySelectorAll(".print-url")) el.dataset.path = `/${w.view}/${number}`;
  for (const link of document.querySelectorAll(".ui-langs a")) { link.search = location.search; link.hash = location.hash; }
  if (LAWKB_LOADED && window.heldBooks) { heldBooks(); unitInView(); }  // (else site.js does it)
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) target.scrollIntoView();
}
