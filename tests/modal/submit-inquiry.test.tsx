// The submit path's contract: resolve = sent, throw = not sent. Without backend settings it logs
// that the backend is not configured and simulates a 1500 ms send
// (docs/behaviour.md#the-calls-the-page-makes). With them, it really sends:
// tests/supabase-api/submissions.test.ts.
import { BACKEND_NOT_CONFIGURED_LOG, SIMULATED_SUBMIT_DELAY_MS } from '../../src/content/modal';
import { isBackendConfigured, submitInquiry, type InquiryFields } from '../../src/lib/submit-inquiry';
import { withoutBackendSettings } from './without-backend';

const fields: InquiryFields = {
  id: crypto.randomUUID(),
  type: 'contact',
  language: 'en',
  name: 'Ayu',
  email: 'ayu@example.com',
  company: '',
  message: 'Hi',
};
const warn = withoutBackendSettings();

it('without backend settings, logs that the backend is not configured and resolves after exactly 1500 ms', async () => {
  expect(isBackendConfigured()).toBe(false);
  let settled = false;
  const sending = submitInquiry(fields).then(() => (settled = true));
  expect(warn()).toHaveBeenCalledWith(BACKEND_NOT_CONFIGURED_LOG);

  await jest.advanceTimersByTimeAsync(SIMULATED_SUBMIT_DELAY_MS - 1);
  expect(settled).toBe(false);

  await jest.advanceTimersByTimeAsync(1);
  expect(settled).toBe(true);
  await sending;
});

it('needs both the URL and the anon key to count as configured', () => {
  process.env.GATSBY_SUPABASE_URL = 'https://project.supabase.co';
  expect(isBackendConfigured()).toBe(false);
  process.env.GATSBY_SUPABASE_ANON_KEY = 'anon-key';
  expect(isBackendConfigured()).toBe(true);
});
