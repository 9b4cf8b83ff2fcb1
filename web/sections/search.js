// Search: the library's own documentation, one document per heading (served at /docs/sections.json, made by
// web/data/doc-sections.js), in a SearchIndex. A typed query is ranked by BM25F, then by a SearchRanker learned
// from this page's clicks: a click records the query, the list shown and the section clicked, the ranker
// retrains in the section's worker (from the index's bytes and the click log, position bias corrected by IPS)
// and the list is ranked again, each result marked with how far it moved.
import { searchModule } from '../lib/runtime.js';
import { TrainingPanel } from '../lib/panel.js';
import { escapeHtml } from '../lib/draw.js';

const SHOWN = 8;        // results shown (and logged as shown)
const SNIPPET = 160;    // characters of a section's text under its title

export async function mount(section) {
  const { am, worker } = await searchModule();
  const response = await fetch(new URL('../../docs/sections.json', import.meta.url));
  if (!response.ok) throw new Error(`the documentation sections could not be loaded (${response.status})`);
  const sections = await response.json();
  const byId = new Map(sections.map((s) => [s.id, s]));
  const index = new am.SearchIndex({ fields: ['title', 'text'] });
  index.add(sections.map((s) => ({ id: s.id, title: s.path, text: s.text })));
  const indexBytes = index.save();

  const panel = new TrainingPanel(section.querySelector('.training'), worker);
  const input = section.querySelector('input.query');
  const list = section.querySelector('ol.results');
  const result = section.querySelector('.result');
  const phraseNote = section.querySelector('.phrase-note');  // shown when a quoted phrase was found nowhere
  const clicks = [];      // { query, shown, clicked }: the log the ranker learns from
  let ranker = null;      // the SearchRanker trained on the clicks so far
  let shown = [];         // ids of the list on screen, best first
  result.textContent = `${sections.length} sections of the documentation indexed; no clicks yet, so BM25F ranks them`;

  function show(query, previous) {
    const hits = query.trim() === '' ? []
      : ranker ? ranker.search(index, query, { k: SHOWN }) : index.search(query, { k: SHOWN });
    shown = hits.map((h) => h.id);
    phraseNote.hidden = !hits.phrasesAsTerms;
    list.replaceChildren(...hits.map((h, rank) => {
      const s = byId.get(h.id), li = document.createElement('li'), before = previous.indexOf(h.id);
      const moved = before < 0 ? (previous.length ? 'new' : '') : before > rank ? `↑${before - rank}` : before < rank ? `↓${rank - before}` : '';
      li.dataset.id = h.id;
      li.innerHTML = `<a href="#" class="hit">${escapeHtml(s.path)}</a> <span class="moved">${moved}</span>`
        + `<div class="snippet">${escapeHtml(s.text.slice(0, SNIPPET))}${s.text.length > SNIPPET ? '…' : ''}</div>`;
      return li;
    }));
  }

  async function retrain() {
    // (it re-ranks the list as shown: what a few clicks teach about its order says little about results never shown)
    const job = await panel.run({ model: 'SearchRanker', options: { depth: SHOWN }, args: [indexBytes, { clicks }] },
      { label: `learning from ${clicks.length} click${clicks.length === 1 ? '' : 's'}` });
    if (!job) return;
    ranker?.dispose();
    ranker = am.load(job.bytes);
    panel.say(`trained on ${clicks.length} click${clicks.length === 1 ? '' : 's'} in ${job.milliseconds} ms`, 'ok');
    const queries = new Set(clicks.map((c) => c.query)).size;
    result.textContent = `${clicks.length} click${clicks.length === 1 ? '' : 's'} logged over ${queries} quer${queries === 1 ? 'y' : 'ies'}; the list is ranked by the ranker learned from them`;
    show(input.value, shown);
  }

  input.addEventListener('input', () => show(input.value, []));
  list.addEventListener('click', (event) => {
    const hit = event.target.closest('a.hit');
    if (!hit) return;
    event.preventDefault();
    const li = hit.closest('li');
    li.classList.add('clicked');
    clicks.push({ query: input.value, shown: [...shown], clicked: [li.dataset.id] });
    retrain();
  });
  input.value = 'train a ranker';
  show(input.value, []);
  return { index, clicks: () => clicks.length };
}
