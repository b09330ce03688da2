import { normalizeRows } from 'gatsby-source-supabase-content/browser';
import { MATERIAL_COVERAGE_TABLE } from '../../src/content/model';
import { cardPicture, splitCoverageNodes, type CoverageNode } from '../../src/content/pictures';
import { sameItems } from '../../src/lib/refresh';
import { processedPicture, storageUrl } from '../page/fixtures';

const photo = storageUrl('pet');
const processed = processedPicture('pet');

describe('splitCoverageNodes: the built rows apart from their processed pictures', () => {
  const nodes: CoverageNode[] = [
    {
      id: '1',
      name: 'PET',
      description: null,
      image: photo,
      status: 'live',
      name_ind: 'PET (botol)',
      description_ind: null,
      image_file: { childImageSharp: { gatsbyImageData: processed } },
    },
    {
      id: '2',
      name: 'Glass',
      description: 'Clear',
      image: storageUrl('deleted'),
      status: null,
      name_ind: null,
      description_ind: null,
      image_file: null,
    },
    {
      id: '3',
      name: 'HDPE',
      description: null,
      image: '/images/materials/hdpe.svg',
      status: 'live',
      name_ind: null,
      description_ind: null,
      image_file: null,
    },
  ];

  it('gives rows that compare equal to the same rows read by the refresh', () => {
    // As PostgREST answers the refresh's query: the row with its active and order columns.
    const body = nodes.map(({ image_file: _file, ...row }, index) => ({ ...row, is_active: true, order_index: index }));
    const { rows } = normalizeRows(MATERIAL_COVERAGE_TABLE, body);
    expect(sameItems(splitCoverageNodes(nodes).items, rows as never)).toBe(true);
  });

  it('keeps the processed picture of each downloaded URL, null for one the build could not use, nothing for site paths', () => {
    expect([...splitCoverageNodes(nodes).pictures]).toEqual([
      [photo, processed],
      [storageUrl('deleted'), null],
    ]);
  });
});

describe('cardPicture: what a coverage card shows', () => {
  const built = new Map([
    [photo, processed],
    [storageUrl('deleted'), null],
  ]);

  it.each([
    ['the processed picture of a URL the build downloaded', photo, { kind: 'processed', image: processed }],
    ['the icon for a URL the build could not use', storageUrl('deleted'), { kind: 'icon' }],
    // Its original is a phone photo of several MB: the icon until the next build processes it.
    ['the icon for a URL the build never saw', storageUrl('new'), { kind: 'icon' }],
    ['a site path, as it is', '/images/materials/pet.svg', { kind: 'site', src: '/images/materials/pet.svg' }],
    ['the icon for an http URL the build never saw', 'http://old-cdn.example/pet.jpg', { kind: 'icon' }],
    ['the icon for no picture', null, { kind: 'icon' }],
  ])('%s', (_name, image, expected) => {
    expect(cardPicture(image, built)).toEqual(expected);
  });
});
