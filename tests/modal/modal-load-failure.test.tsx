// The modal's code is fetched when a visitor first asks for it. If that fetch fails (offline for a
// moment, a deploy replaced the chunk), the page stays as it is, the failure is logged, and the next
// open fetches it again.
import { screen } from '@testing-library/react';
import { MODAL_COPY, MODAL_LOAD_FAILED_LOG } from '../../src/content/modal';
import { OPENER_NAMES, renderPage } from './harness';

let mockFailNextLoad = true;
jest.mock('../../src/components/ContactModals', () => {
  if (mockFailNextLoad) {
    mockFailNextLoad = false;
    throw new Error('Loading chunk contact-modal failed');
  }
  return jest.requireActual<typeof import('../../src/components/ContactModals')>('../../src/components/ContactModals');
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('logs a failed fetch, keeps the page, and opens on the next try', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const { user } = renderPage();
    const opener = screen.getByRole('button', { name: OPENER_NAMES.contact });
    await user.click(opener);
    await jest.runAllTimersAsync();
    expect(error).toHaveBeenCalledWith(MODAL_LOAD_FAILED_LOG, expect.objectContaining({ message: 'Loading chunk contact-modal failed' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toBeInTheDocument();

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: MODAL_COPY.contact.heading })).toBeInTheDocument();
  } finally {
    error.mockRestore();
  }
});
