import { DEFAULT_ANALYTICS_SRC, SITE, absoluteUrl, analyticsSrc } from '../../src/content/site';

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

describe('analytics script source (spec §1)', () => {
  it('defaults to the Vercel Web Analytics path in a production build', () => {
    expect(DEFAULT_ANALYTICS_SRC).toBe('/_vercel/insights/script.js');
    expect(analyticsSrc(undefined, 'production')).toBe(DEFAULT_ANALYTICS_SRC);
  });

  it('follows GATSBY_ANALYTICS_SRC when it is set', () => {
    expect(analyticsSrc(' https://stats.example.org/script.js ', 'production')).toBe('https://stats.example.org/script.js');
  });

  it('is off when GATSBY_ANALYTICS_SRC is set empty', () => {
    expect(analyticsSrc('', 'production')).toBeNull();
  });

  it('never loads in gatsby develop', () => {
    expect(analyticsSrc(undefined, 'development')).toBeNull();
    expect(analyticsSrc('https://stats.example.org/script.js', 'development')).toBeNull();
  });
});
