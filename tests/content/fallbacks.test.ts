import { FEATURE_ICON_FALLBACK_COLOR, featureIconColor, pictureSrc } from '../../src/content/fallbacks';

describe('pictureSrc: what a coverage card may load as it is', () => {
  it.each(['/images/materials/pet.svg', '/x.png'])('keeps the site path %p', (image) => {
    expect(pictureSrc(image)).toBe(image);
  });

  it.each([
    null,
    // A URL elsewhere is shown only as the build processed it (cardPicture), never loaded as it is.
    'https://abcd.supabase.co/storage/v1/object/public/site-pictures/pet.jpg',
    'http://old-cdn.example/glass.jpg',
    'images/pet.svg',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'not a url',
  ])('shows the fallback icon for %p', (image) => {
    expect(pictureSrc(image)).toBeNull();
  });
});

describe('featureIconColor', () => {
  it('keeps the row colour and falls back to the brand colour for none', () => {
    expect(featureIconColor('#15803d')).toBe('#15803d');
    expect(featureIconColor(null)).toBe(FEATURE_ICON_FALLBACK_COLOR);
  });
});
