import { SITE, absoluteUrl } from '../../src/content/site';

describe('site metadata', () => {
  it('names the product once, as the spec does', () => {
    expect(SITE.productName).toBe('AdaSorter');
    expect(SITE.description).toMatch(/10x productivity/);
    expect(SITE.description).toMatch(/over 90% recovery purity/);
  });

  it.each([
    ['https://adasorter.id', '/', 'https://adasorter.id/'],
    ['https://adasorter.id/', '/social-card.png', 'https://adasorter.id/social-card.png'],
    ['https://adasorter.id//', 'social-card.png', 'https://adasorter.id/social-card.png'],
  ])('absoluteUrl(%s, %s) is %s', (siteUrl, path, expected) => {
    expect(absoluteUrl(siteUrl, path)).toBe(expected);
  });
});
