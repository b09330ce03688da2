// The sitemap the build writes: each language's page once, each naming both as alternates.
import { robotsTxt, sitemapXml } from '../../src/build-time/sitemap';

const xml = sitemapXml('https://adasorter.example/');

it('lists the English and the Indonesian page, and nothing else', () => {
  expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
    'https://adasorter.example/',
    'https://adasorter.example/id/',
  ]);
  expect(xml).not.toContain('preview');
});

it('names every language and the default as alternates of each page', () => {
  for (const entry of xml.split('<url>').slice(1)) {
    expect([...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`)).toEqual([
      'en https://adasorter.example/',
      'id https://adasorter.example/id/',
      'x-default https://adasorter.example/',
    ]);
  }
});

it('is where robots.txt says it is', () => {
  expect(robotsTxt('https://adasorter.example')).toContain('Sitemap: https://adasorter.example/sitemap.xml');
});
