// Calls 0-4 of docs/behaviour.md#the-calls-the-page-makes as the browser makes them: the refresh's
// question for the content revision (a plain fetch), its reads on postgrest-js and the modal's
// connection test on supabase-js (the real packages, run by the site's src/lib code) against the
// local backend, every request checked as it arrived.
import { CONNECTION_TEST_LOG } from '../../src/content/modal';
import { PAGE_LIST_KEYS } from '../../src/content/model';
import { backendSettings, loadInquiryService, loadContentReader, readContentRevision } from '../../src/lib/backend';
import { testConnection } from '../../src/lib/connection-test';
import { callShape, siteCalls, siteBackendForTheBlock } from './support/site-backend';

const backend = siteBackendForTheBlock();

beforeEach(() => {
  backend().failReads(false);
  backend().requests.length = 0;
});

const reader = async () => {
  const loading = loadContentReader();
  if (!loading) throw new Error('the test set the backend settings, yet the site sees none');
  return loading;
};

// The anon key as apikey (the gateway) and as bearer (PostgREST's role), the public schema.
const anonRead = () => ({ apikey: backend().anonKey, authorization: `Bearer ${backend().anonKey}`, 'accept-profile': 'public' });

describe('the backend clients', () => {
  it('exist only with both settings, and each is one shared client', () => {
    expect(backendSettings()).toEqual({ url: backend().url, anonKey: backend().anonKey });
    expect(loadInquiryService()).toBe(loadInquiryService());
    expect(loadContentReader()).toBe(loadContentReader());
    const url = process.env.GATSBY_SUPABASE_URL;
    delete process.env.GATSBY_SUPABASE_URL;
    try {
      expect(backendSettings()).toBeNull();
      expect(loadInquiryService()).toBeNull();
      expect(loadContentReader()).toBeNull();
    } finally {
      process.env.GATSBY_SUPABASE_URL = url;
    }
  });
});

describe('calls 1-3: the page lists, read as the build reads them', () => {
  const expected = {
    coverage: {
      path: '/rest/v1/material_coverage',
      query: { select: 'id,name,description,image,status,name_ind,description_ind,is_active,order_index' },
    },
    timeline: {
      path: '/rest/v1/timeline',
      query: { select: 'id,period,title,description,status,icon,period_ind,title_ind,description_ind,is_active,order_index' },
    },
    adasorter: {
      path: '/rest/v1/feature_cards',
      query: {
        select: 'id,classification,title,subtitle,icon,icon_color,title_ind,subtitle_ind,is_active,order_index',
        classification: 'eq.adasorter',
      },
    },
    worker: {
      path: '/rest/v1/feature_cards',
      query: {
        select: 'id,classification,title,subtitle,icon,icon_color,title_ind,subtitle_ind,is_active,order_index',
        classification: 'eq.worker',
      },
    },
  } as const;

  it.each(PAGE_LIST_KEYS)('%s: one GET with the spec’s filter and order, as anon, and nothing else', async (key) => {
    const { items, warnings } = await (await reader()).readList(key);
    expect(siteCalls(backend()).map(callShape)).toEqual([
      {
        method: 'GET',
        path: expected[key].path,
        query: { ...expected[key].query, is_active: 'eq.true', order: 'order_index.asc' },
        headers: anonRead(),
        body: null,
      },
    ]);
    expect(backend().requests.map((r) => r.status)).toEqual([200]);
    expect(warnings).toEqual([]);
    expect(items.length).toBeGreaterThan(0);
  });

  it('returns the active rows in order, with exactly the page item’s fields', async () => {
    await backend().sql(
      `update material_coverage set is_active = false where order_index = (select min(order_index) from material_coverage)`,
    );
    try {
      const { items } = await (await reader()).readList('coverage');
      const truth = await backend().sql(
        `select id, name, description, image, status, name_ind, description_ind from material_coverage where is_active order by order_index, id`,
      );
      expect(items).toEqual(truth);
    } finally {
      await backend().sql(`update material_coverage set is_active = true`);
    }
  });

  it('fails with the status when the backend fails the read', async () => {
    backend().failReads(true);
    const reading = (await reader()).readList('timeline');
    await expect(reading).rejects.toMatchObject({
      name: 'BackendCallFailed',
      status: 500,
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      message: expect.stringContaining('read timeline: HTTP 500'),
    });
  });
});

describe("call 0: the refresh's question for the content revision", () => {
  const stored = async () =>
    (await backend().db.query<{ r: string }>('select revision::text as r from private.content_revision')).rows[0]?.r;

  it('is one GET with the anon key as its one URL parameter and no header of its own, answered as anon', async () => {
    await expect(readContentRevision()).resolves.toBe(await stored());
    const calls = siteCalls(backend());
    expect(calls.map(callShape)).toEqual([
      { method: 'GET', path: '/rest/v1/rpc/content_revision', query: { apikey: backend().anonKey }, headers: {}, body: null },
    ]);
    // Nothing a script set that would make a browser ask first (a CORS preflight).
    expect(
      Object.keys(calls[0]?.headers ?? {}).filter((name) =>
        /^(x-client-info|apikey|authorization|content-type|prefer|accept-profile)$/.test(name),
      ),
    ).toEqual([]);
    expect(calls[0]).toMatchObject({ role: 'anon', status: 200 });
    // Nothing else went to the backend().
    expect(backend().requests).toHaveLength(1);
  });

  it('answers the new revision after an edit', async () => {
    const before = await readContentRevision();
    await backend().sql(`update timeline set title = title || ' (edited)' where order_index = (select min(order_index) from timeline)`);
    const after = await readContentRevision();
    expect(Number(after)).toBe(Number(before) + 1);
  });

  it('fails with the status when the backend fails it, and when the answer holds no revision', async () => {
    backend().failReads(true);
    await expect(readContentRevision()).rejects.toMatchObject({
      name: 'BackendCallFailed',
      status: 500,
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      message: expect.stringContaining('read rpc/content_revision: HTTP 500'),
    });
    backend().failReads(false);
    backend().intercept(() => ({ status: 200, body: '<html>maintenance</html>' }));
    try {
      await expect(readContentRevision()).rejects.toMatchObject({
        name: 'BackendCallFailed',
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
        message: expect.stringContaining('no revision in <html>maintenance</html>'),
      });
    } finally {
      backend().intercept(null);
    }
  });

  it('fails as no answer when the backend cannot be reached', async () => {
    const url = process.env.GATSBY_SUPABASE_URL;
    process.env.GATSBY_SUPABASE_URL = 'http://127.0.0.1:1';
    try {
      await expect(readContentRevision()).rejects.toMatchObject({ name: 'BackendCallFailed', status: 0 });
    } finally {
      process.env.GATSBY_SUPABASE_URL = url;
    }
  });
});

describe('call 4: the connection test', () => {
  it('is one HEAD count with limit 1 that anon may make: 200 and a count of 0, even with submissions stored', async () => {
    await backend().sql(
      `insert into contact_submissions (name, email, message, type) values ('Rina', 'rina@example.com', 'Hi', 'contact')`,
    );
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    try {
      await testConnection();
      expect(siteCalls(backend()).map(callShape)).toEqual([
        {
          method: 'HEAD',
          path: '/rest/v1/contact_submissions',
          query: { select: 'id', limit: '1' },
          headers: { ...anonRead(), prefer: 'count=exact' },
          body: null,
        },
      ]);
      expect(debug).toHaveBeenCalledWith(CONNECTION_TEST_LOG, { status: 200, count: 0, error: null });
    } finally {
      debug.mockRestore();
      await backend().sql(`delete from contact_submissions`);
    }
  });

  it('only logs at debug level when the backend fails it', async () => {
    backend().failReads(true);
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(testConnection()).resolves.toBeUndefined();
      expect(debug).toHaveBeenCalledWith(CONNECTION_TEST_LOG, expect.objectContaining({ status: 500, count: null }));
      expect(error).not.toHaveBeenCalled();
    } finally {
      debug.mockRestore();
      error.mockRestore();
    }
  });
});
