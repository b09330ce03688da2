// The privacy notice where data is collected: in each language the modal's form ends with the line
// and its link to that language's privacy page, next after the submit button for the keyboard.
import { screen, within } from '@testing-library/react';
import { LANGUAGES, LANGUAGE_PAGES } from '../../src/content/languages';
import { OPENER_NAMES, renderPage } from '../modal/harness';
import { DICTIONARIES } from '../support/page-language';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe.each(LANGUAGES)('%s', (language) => {
  const words = DICTIONARIES[language];

  it('ends the form with the notice line, whose link to the privacy page comes next after Send for the keyboard', async () => {
    const { user } = renderPage(language);
    await user.click(screen.getByRole('button', { name: OPENER_NAMES.contact }));
    const dialog = await screen.findByRole('dialog', { name: words.modal.contact.heading });
    expect(within(dialog).getByText(words.form.notice.text, { exact: false })).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: words.form.notice.link });
    expect(link).toHaveAttribute('href', LANGUAGE_PAGES[language].privacyPath);
    within(dialog).getByRole('button', { name: words.modal.contact.button }).focus();
    await user.tab();
    expect(link).toHaveFocus();
  });
});
