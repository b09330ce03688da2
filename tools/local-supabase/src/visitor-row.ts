// A visitor's inquiry as the contact form makes it, a new one each call (numbered, with a fresh
// id). Plain TypeScript without imports, so that the Deno tests of the edge function use it too.

export interface VisitorRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  type: 'contact' | 'investor';
}

let counter = 0;

/** By default every second row names a company and every third is an investor's. */
export function visitorRow(overrides: Partial<VisitorRow> = {}): VisitorRow {
  counter += 1;
  return {
    id: crypto.randomUUID(),
    name: `Visitor ${counter}`,
    email: `visitor${counter}@example.test`,
    company: counter % 2 ? `Company ${counter}` : null,
    message: `Inquiry number ${counter}: we sort mixed plastics.`,
    type: counter % 3 ? 'contact' : 'investor',
    ...overrides,
  };
}
