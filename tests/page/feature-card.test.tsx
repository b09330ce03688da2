import { render } from '../support/page-language';
import React from 'react';
import { FeatureCard } from '../../src/components/FeatureCard';
import { featureCard } from './fixtures';

// One small snapshot of the card's markup: the glyph is decorative and coloured from the row, the
// title is a heading and the subtitle follows it.
it('renders a feature card as glyph, title and subtitle', () => {
  const { container } = render(<FeatureCard card={featureCard('a1', 'adasorter', { icon: 'Rp', icon_color: '#15803d' })} />);
  expect(container.firstChild).toMatchSnapshot();
});
