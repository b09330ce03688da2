// Every fixed text once per language, with the same keys: the type says so at compile time
// (src/content/dictionary.ts); this says so for the values, which a cast could still leave out.
import { ACTION_PAGE_TEXT } from '../../src/content/dictionaries/act';
import { EN } from '../../src/content/dictionaries/en';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import { COVERAGE, HERO, LIST_TEXT, STATUS_LABELS, TIMELINE } from '../../src/content/copy';
import { FORM_COPY, MODAL_COPY } from '../../src/content/modal';
import { SITE } from '../../src/content/site';

/** Every leaf of a dictionary as [path, value]. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

const en = new Map(leaves(EN));
const id = new Map(leaves(INDONESIAN));

it('gives both languages exactly the same keys', () => {
  expect([...id.keys()].sort()).toEqual([...en.keys()].sort());
  expect(en.size).toBeGreaterThan(60);
});

// The action page's texts are JSON (act.texts.json): the type catches a missing key, not a misspelt extra one.
it("gives the action page's texts the same keys in both languages, each filled", () => {
  const [enAct, idAct] = [leaves(ACTION_PAGE_TEXT.en), leaves(ACTION_PAGE_TEXT.id)];
  expect(idAct.map(([path]) => path).sort()).toEqual(enAct.map(([path]) => path).sort());
  expect([...enAct, ...idAct].filter(([, text]) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
});

it('fills every text of both languages', () => {
  for (const [path, text] of [...en, ...id]) {
    expect({ path, type: typeof text }).toEqual({ path, type: 'string' });
    expect({ path, blank: (text as string).trim() === '' }).toEqual({ path, blank: false });
  }
});

it("keeps the spec's English word for word", () => {
  expect(EN.coverage.title).toBe(COVERAGE.title);
  expect(EN.timeline.title).toBe(TIMELINE.title);
  expect(EN.hero).toEqual({ ...HERO, claims: [...HERO.claims] });
  expect(EN.modal).toBe(MODAL_COPY);
  expect(EN.form.labels).toBe(FORM_COPY.labels);
  expect(EN.lists).toBe(LIST_TEXT);
  expect(EN.materialStatus.live).toBe(STATUS_LABELS.material.live);
  expect(EN.site).toEqual({ title: SITE.title, description: SITE.description, tagline: SITE.tagline });
});

it('translates what a reader reads, and keeps the names and figures', () => {
  // Only these may read the same in both languages: the headline, a figure, a place, a product's name.
  const same = [...id].filter(([path, text]) => en.get(path) === text).map(([path]) => path);
  expect(same.sort()).toEqual(['footer.location', 'hero.claims.0.value', 'hero.headline']);
  expect(INDONESIAN.hero.headline).toBe('RECOVER MORE');
  expect(INDONESIAN.hero.claims.map((claim) => claim.value)).toEqual(['10x', 'Di atas 90%']);
  expect(INDONESIAN.site.title).toContain('AdaSorter');
  expect(INDONESIAN.site.description).toMatch(/10x.*90%/);
});

it('addresses the reader formally (Anda), never as kamu', () => {
  const texts = [...id.values()].join('\n');
  expect(texts).toContain('Anda');
  expect(texts).not.toMatch(/\bkamu\b|\bmu\b/i);
});
