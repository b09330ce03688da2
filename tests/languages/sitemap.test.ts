// The sitemap the build writes: each language's landing page and privacy notice once, each naming
// the same page in both languages as alternates.
import { robotsTxt, sitemapXml } from '../../src/build-time/sitemap';

const xml = sitemapXml('https://adasorter.example/');

it('lists the English and the Indonesian landing page and privacy notice, and nothing else', () => {
  expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
    'https://adasorter.example/',
    'https://adasorter.example/id/',
    'https://adasorter.example/privacy/',
    'https://adasorter.example/id/privasi/',
  ]);
  for (const unlisted of ['preview', 'edit', 'act']) expect(xml).not.toContain(`/${unlisted}/`);
});

it('names the same page in every language, and the default, as alternates of each entry', () => {
  const alternates = (entry: string) => [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);
  const [home, homeId, privacy, privacyId] = xml.split('<url>').slice(1);
  for (const entry of [home, homeId])
    expect(alternates(entry!)).toEqual([
      'en https://adasorter.example/',
      'id https://adasorter.example/id/',
      'x-default https://adasorter.example/',
    ]);
  for (const entry of [privacy, privacyId])
    expect(alternates(entry!)).toEqual([
      'en https://adasorter.example/privacy/',
      'id https://adasorter.example/id/privasi/',
      'x-default https://adasorter.example/privacy/',
    ]);
});

it('is where robots.txt says it is', () => {
  expect(robotsTxt('https://adasorter.example')).toContain('Sitemap: https://adasorter.example/sitemap.xml');
});
