// The connection test (call 4 of docs/behaviour.md#the-calls-the-page-makes), kept
// (docs/architecture.md): when the contact modal opens, count contact_submissions (head only,
// limit 1). It loads the backend client and warms the connection before the visitor submits; its
// result is only logged, at debug level (visitors' consoles stay quiet).
import { CONNECTION_TEST_LOG } from '../content/modal';
import { loadInquiryService } from './backend';

export async function testConnection(): Promise<void> {
  const loading = loadInquiryService();
  if (!loading) return;
  try {
    const result = await (await loading).testConnection();
    console.debug(CONNECTION_TEST_LOG, result);
  } catch (error) {
    console.debug(CONNECTION_TEST_LOG, error);
  }
}
