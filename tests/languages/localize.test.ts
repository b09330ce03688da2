// The Indonesian page shows each row's `_ind` twin where an editor filled it and the English column
// where not, field by field; the English page shows the columns as they are.
import { localizeLists, readyList, type PageLists } from '../../src/content/lists';
import { localizeRow } from '../../src/content/localize';
import { FEATURE_CARDS_TABLE, MATERIAL_COVERAGE_TABLE, TIMELINE_TABLE } from '../../src/content/model';
import { featureCard, material, milestone } from '../page/fixtures';

it('describes a twin for each visible text column, once, in the content model', () => {
  const twins = (columns: readonly { name: string }[]) => columns.map((column) => column.name).filter((name) => name.endsWith('_ind'));
  expect(twins(MATERIAL_COVERAGE_TABLE.columns)).toEqual(['name_ind', 'description_ind']);
  expect(twins(TIMELINE_TABLE.columns)).toEqual(['period_ind', 'title_ind', 'description_ind']);
  expect(twins(FEATURE_CARDS_TABLE.columns)).toEqual(['title_ind', 'subtitle_ind']);
});

describe('localizeRow', () => {
  const row = milestone('1', 'current');

  it('takes each filled twin on the Indonesian page', () => {
    const shown = localizeRow(
      TIMELINE_TABLE,
      { ...row, period_ind: 'Kuartal I 2026', title_ind: 'Tonggak 1', description_ind: 'Apa yang terjadi' },
      'id',
    );
    expect(shown).toMatchObject({ period: 'Kuartal I 2026', title: 'Tonggak 1', description: 'Apa yang terjadi' });
  });

  it('falls back to the English column per field: null, empty or blank twins', () => {
    const shown = localizeRow(TIMELINE_TABLE, { ...row, period_ind: null, title_ind: 'Tonggak 1', description_ind: '  ' }, 'id');
    expect(shown).toMatchObject({ period: row.period, title: 'Tonggak 1', description: row.description });
    expect(localizeRow(TIMELINE_TABLE, { ...row, title_ind: '' }, 'id').title).toBe(row.title);
  });

  it('leaves the English page as it is, twins and all', () => {
    const translated = { ...row, title_ind: 'Tonggak 1' };
    expect(localizeRow(TIMELINE_TABLE, translated, 'en')).toBe(translated);
  });

  it('never translates a column without a twin (a status, an icon, a picture)', () => {
    const shown = localizeRow(MATERIAL_COVERAGE_TABLE, material('pet', 'live', { name_ind: 'Botol PET' }), 'id');
    expect(shown).toMatchObject({
      name: 'Botol PET',
      status: 'live',
      image: '/images/materials/pet.svg',
      description: 'What material pet is',
    });
  });
});

describe('localizeLists', () => {
  const lists: PageLists = {
    coverage: readyList([material('pet', 'live', { name_ind: 'Botol PET' })]),
    timeline: readyList([milestone('1', 'completed')]),
    adasorter: readyList([featureCard('a1', 'adasorter', { subtitle_ind: 'Kenapa penting' })]),
    worker: readyList([]),
  };

  it('keeps the order and the state of every list', () => {
    const shown = localizeLists(lists, 'id');
    expect(shown.coverage.items.map((item) => item.name)).toEqual(['Botol PET']);
    expect(shown.adasorter.items[0]).toMatchObject({ title: 'Feature a1', subtitle: 'Kenapa penting' });
    expect(shown.worker).toEqual({ status: 'ready', items: [] });
  });

  it('keeps a list unchanged by the refresh the same object, so its section does not render again', () => {
    const first = localizeLists(lists, 'id');
    const next = localizeLists({ ...lists, worker: readyList([featureCard('w1', 'worker')]) }, 'id');
    expect(next.coverage).toBe(first.coverage);
    expect(next.worker).not.toBe(first.worker);
  });

  it('hands the English page its lists untouched', () => {
    expect(localizeLists(lists, 'en')).toBe(lists);
  });
});
