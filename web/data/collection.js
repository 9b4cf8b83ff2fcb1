// A generated search collection: queries, each with candidate results described by LETOR-style features
// (text match in title/body/anchor, proximity, authority, freshness, clicks, spam, ...) and graded relevance 0–4.
// A hidden scoring rule makes the grades; keyword-stuffed spam pages match the body text well, so ranking by
// body match alone (the "before" list) is fooled while a trained ranker learns to push them down.
import { seededRandom } from '../lib/draw.js';

export const FEATURES = ['title match', 'body match', 'anchor match', 'term proximity', 'authority', 'freshness',
  'click rate', 'URL depth', 'spam score', 'log length', 'exact phrase', 'noise'];

const TOPICS = [
  ['flights to lisbon', 'FlyFast', 'Lisbon'], ['vegan lasagne recipe', 'GreenKitchen', 'lasagne'], ['rust borrow checker', 'DevNotes', 'borrowing'],
  ['tide times porto', 'SeaWatch', 'tides'], ['repair bike puncture', 'CycleFix', 'punctures'], ['learn portuguese verbs', 'LinguaPT', 'verbs'],
  ['best hiking boots', 'TrailGear', 'boots'], ['sourdough starter', 'BreadLab', 'starters'], ['solar panel cost', 'SunCalc', 'solar'],
  ['jazz festival tickets', 'TicketBox', 'festival'], ['python csv module', 'PyDocs', 'csv'], ['train to madrid', 'RailPlan', 'Madrid'],
  ['orchid care', 'PlantHelp', 'orchids'], ['marathon training plan', 'RunCoach', 'marathon'], ['museum opening hours', 'CityInfo', 'museums'],
  ['chess openings', 'ChessBase', 'openings'], ['kayak rental', 'PaddleHire', 'kayaks'], ['tax return deadline', 'TaxGuide', 'deadlines'],
  ['coffee grinder review', 'BrewTest', 'grinders'], ['night sky map', 'StarAtlas', 'constellations'], ['first aid burns', 'HealthNow', 'burns'],
  ['knitting patterns', 'YarnCraft', 'patterns'], ['electric car range', 'EVFacts', 'range'], ['piano chords', 'KeysAcademy', 'chords'],
  ['camping near sintra', 'OutdoorPT', 'Sintra'], ['fix leaking tap', 'HomeDIY', 'taps'], ['bird identification', 'BirdWatch', 'birds'],
  ['mortgage calculator', 'FinCalc', 'mortgages'], ['yoga for beginners', 'YogaDaily', 'yoga'], ['wine regions portugal', 'VinhoGuide', 'wine'],
  ['linear regression', 'StatsWiki', 'regression'], ['volcano facts', 'GeoKids', 'volcanoes'], ['bread machine', 'BakeRight', 'machines'],
  ['ferry timetable', 'PortLines', 'ferries'], ['guitar strings', 'StringShop', 'strings'], ['recycling rules', 'CityWaste', 'recycling'],
  ['surf lessons', 'WaveSchool', 'surfing'], ['photo editing', 'PixelPro', 'editing'], ['sleep better', 'RestWell', 'sleep'], ['budget travel', 'Backpack', 'travel'],
];

const normal = (rand) => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());

// { queries: [{ text, docs: [{ title, features: number[], relevance }] }], features: names }
export function generateCollection({ queries = TOPICS.length, docsPerQuery = 24, seed = 5 } = {}) {
  const rand = seededRandom(seed);
  const out = [];
  for (let q = 0; q < queries; ++q) {
    const [text, site, word] = TOPICS[q % TOPICS.length];
    // Text-match features depend on the query (its length, how common its words are): a per-query shift and
    // scale that a listwise or pairwise loss ignores but that blurs a pointwise regression across queries.
    const shift = Array.from({ length: FEATURES.length }, (_, j) => (j <= 3 || j === 6 ? 0.5 * (rand() - 0.5) : 0));
    const scale = 0.6 + 0.8 * rand();
    const docs = [];
    for (let d = 0; d < docsPerQuery; ++d) {
      const spam = rand() < 0.18;
      const onTopic = !spam && rand() < 0.55;
      const quality = onTopic ? 0.4 + 0.6 * rand() : 0.3 * rand();
      const title = spam ? 0.5 + 0.4 * rand() : onTopic ? 0.3 + 0.7 * rand() : 0.3 * rand();
      const body = spam ? 0.75 + 0.25 * rand() : Math.min(1, title * 0.5 + 0.5 * rand());
      const anchor = spam ? 0.1 * rand() : quality * 0.8 + 0.2 * rand();
      const proximity = spam ? 0.2 * rand() : Math.min(1, quality * 0.7 + 0.3 * rand());
      const authority = spam ? 0.1 * rand() : Math.min(1, 0.5 * quality + 0.5 * rand());
      const freshness = rand();
      const clicks = spam ? 0.3 * rand() : Math.min(1, 0.6 * quality + 0.3 * rand());
      const depth = spam ? 0.7 + 0.3 * rand() : rand();
      const spamScore = spam ? 0.6 + 0.4 * rand() : 0.3 * rand();
      const length = spam ? 0.2 * rand() : 0.3 + 0.7 * rand();
      const phrase = onTopic && rand() < 0.6 ? 1 : 0;
      // the hidden rule behind the grades (noisy, with an interaction the linear model cannot express)
      const score = 1.3 * title + 0.5 * body + 0.9 * anchor + 0.8 * proximity + 0.6 * authority + 0.6 * clicks
        + 0.7 * phrase - 1.6 * spamScore - 0.3 * depth + 0.15 * freshness + 0.8 * freshness * clicks + 0.45 * normal(rand);
      const raw = [title, body, anchor, proximity, authority, freshness, clicks, depth, spamScore, length, phrase, rand()];
      const features = raw.map((v, j) => (shift[j] ? scale * v + shift[j] : v));
      docs.push({ features, score, spam, onTopic });
    }
    // grades 0–4 from the rank of the hidden score: few very relevant results per query
    const order = docs.map((_, i) => i).sort((a, b) => docs[b].score - docs[a].score);
    const grades = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];
    order.forEach((i, r) => { docs[i].relevance = r < grades.length ? grades[r] : 0; });
    docs.forEach((doc, i) => { doc.title = titleFor(text, site, word, doc, i, rand); });
    out.push({ text, docs: docs.map(({ title, features, relevance }) => ({ title, features, relevance })) });
  }
  return { queries: out, features: FEATURES };
}

function titleFor(text, site, word, doc, i, rand) {
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  if (doc.spam) return `${text} ${word} cheap ${text} best free`;
  if (doc.onTopic) {
    const forms = [`${cap(text)} — ${site}`, `${cap(text)}: a complete guide`, `${cap(word)} explained | ${site}`, `How to choose: ${text}`, `${cap(text)} (updated)`];
    return forms[Math.floor(rand() * forms.length)];
  }
  const forms = [`${cap(word)} forum thread #${100 + i}`, `Unrelated news mentioning ${word}`, `${site} home page`, `Archive: ${word} 2009`, `Ads about ${word}`];
  return forms[Math.floor(rand() * forms.length)];
}
