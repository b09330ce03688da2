import { screen, within } from '@testing-library/react';
import { render } from '../support/page-language';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { Hero } from '../../src/components/Hero';
import { SiteHeader } from '../../src/components/SiteHeader';
import { SiteFooter } from '../../src/components/SiteFooter';
import { SECTION_IDS } from '../../src/content/constants';
import { FOOTER, HERO } from '../../src/content/copy';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import { SITE } from '../../src/content/site';

describe('Header', () => {
  it.each([
    ['en', ['Product', 'Coverage', 'Roadmap']],
    ['id', [INDONESIAN.header.nav.snapshot, INDONESIAN.header.nav.coverage, INDONESIAN.header.nav.timeline]],
  ] as const)("links the three sections in page order, in the page's language (%s)", (language, names) => {
    render(<SiteHeader productName={SITE.productName} />, { language });
    const links = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [names[0], `#${SECTION_IDS.snapshot}`],
      [names[1], `#${SECTION_IDS.coverage}`],
      [names[2], `#${SECTION_IDS.timeline}`],
    ]);
  });
});

describe('Hero', () => {
  it.each([
    ['en', SITE.tagline],
    ['id', INDONESIAN.site.tagline],
  ] as const)("shows the tagline in the page's language (%s)", (language, tagline) => {
    render(<Hero scrollTargetId="product-snapshot" onChat={jest.fn()} />, { language });
    expect(screen.getByText(tagline)).toBeInTheDocument();
  });

  it('says RECOVER MORE as the page heading, with the pitch and both claims', () => {
    render(<Hero scrollTargetId="product-snapshot" onChat={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^RECOVER MORE$/);
    expect(screen.getByText(HERO.pitch)).toBeInTheDocument();
    const claims = screen.getByText('10x').closest('dl') as HTMLElement;
    expect(claims).not.toBeNull();
    expect(within(claims).getByText('productivity for waste workers')).toBeInTheDocument();
    expect(within(claims).getByText('Over 90%')).toBeInTheDocument();
    expect(within(claims).getByText('recovery purity')).toBeInTheDocument();
  });

  it('asks to open the contact modal from Chat with us', async () => {
    const onChat = jest.fn();
    render(<Hero scrollTargetId="product-snapshot" onChat={onChat} />);
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    expect(onChat).toHaveBeenCalledTimes(1);
  });

  it('scrolls down to the product snapshot and moves focus there', async () => {
    render(
      <>
        <Hero scrollTargetId="product-snapshot" onChat={jest.fn()} />
        <section id="product-snapshot" tabIndex={-1} aria-label="Product snapshot" />
      </>,
    );
    const target = screen.getByRole('region', { name: 'Product snapshot' });
    const scrollIntoView = jest.fn();
    target.scrollIntoView = scrollIntoView;
    await userEvent.click(screen.getByRole('button', { name: HERO.scrollDown }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(target).toHaveFocus();
  });
});

describe('Footer', () => {
  it('shows the logo, the location and Chat with Us, which asks for the contact modal', async () => {
    const onChat = jest.fn();
    render(<SiteFooter productName={SITE.productName} onChat={onChat} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Jakarta, Indonesia')).toBeInTheDocument();
    expect(within(footer).getByText(SITE.productName)).toBeInTheDocument();
    await userEvent.click(within(footer).getByRole('button', { name: 'Chat with Us' }));
    expect(onChat).toHaveBeenCalledTimes(1);
  });

  it('links discreetly to the investor deck through the #investor-deck hash', () => {
    render(<SiteFooter productName={SITE.productName} onChat={jest.fn()} />);
    expect(screen.getByRole('link', { name: FOOTER.investor })).toHaveAttribute('href', '#investor-deck');
  });
});
