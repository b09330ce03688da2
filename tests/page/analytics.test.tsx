// The page loads the analytics script the build chose (src/build-time/deploy-settings.ts), after
// it is interactive, and nothing where the build chose none.
import { screen } from '@testing-library/react';
import { render } from '../support/page-language';
import React from 'react';
import { Analytics } from '../../src/components/Analytics';
import { VERCEL_ANALYTICS_SRC } from '../../src/build-time/deploy-settings';

it('loads the chosen script when the browser is idle', () => {
  render(<Analytics src={VERCEL_ANALYTICS_SRC} />);
  const script = screen.getByTestId('gatsby-script');
  expect(script.getAttribute('src')).toBe(VERCEL_ANALYTICS_SRC);
  expect(script.getAttribute('data-strategy')).toBe('idle');
});

it('loads nothing when the build chose no script', () => {
  const { container } = render(<Analytics src={null} />);
  expect(container.innerHTML).toBe('');
});
