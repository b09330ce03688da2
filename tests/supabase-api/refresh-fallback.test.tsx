// The client-side refresh on the real page component (src/templates/landing-page.tsx): the built
// lists first, then, once the browser is idle, the backend's revision, and what the backend holds
// when that moved on from the page's. The backend client is replaced at its module boundary
// (src/lib/backend); its HTTP calls are tests/supabase-api/backend-reads.test.ts.
import { act, render, screen, within } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import React, { Profiler, type ComponentProps } from 'react';
import LandingPageTemplate from '../../src/templates/landing-page';
import { TIMELINE_STEP_PX } from '../../src/content/constants';
import { COVERAGE, LIST_TEXT, SNAPSHOT, TIMELINE } from '../../src/content/copy';
import type { Language } from '../../src/content/languages';
import type { PageListKey } from '../../src/content/model';
import { SITE } from '../../src/content/site';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../../src/content/types';
import { backendSettings, loadContentReader, readContentRevision } from '../../src/lib/backend';
import type { ContentReader } from '../../src/lib/content-reader';
import { RECHECK_DELAYS_MS, REFRESH_FAILED_LOG, REFRESH_KEPT_LOG } from '../../src/lib/refresh';
import { whenIdle } from '../../src/lib/when-idle';
import { DICTIONARIES } from '../support/page-language';
import { ILLUSTRATIONS, featureCard, material, milestone, processedPicture, storageUrl } from '../page/fixtures';

jest.mock('../../src/lib/backend', () => ({ backendSettings: jest.fn(), loadContentReader: jest.fn(), readContentRevision: jest.fn() }));
jest.mock('../../src/lib/when-idle', () => ({ whenIdle: jest.fn() }));

const scrollTo = jest.fn();
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
  // Motion's clock stands still here: a row that animates in stays at its first frame, however
  // long a busy machine takes between the answer and the assertion (a frame that slipped in once
  // read opacity 0.01 for 0).
  MotionGlobalConfig.useManualTiming = true;
});
afterAll(() => {
  MotionGlobalConfig.useManualTiming = false;
});

// Idle callbacks wait here until the test says the browser is idle.
let idleCallbacks: (() => void)[] = [];
const becomeIdle = () =>
  act(async () => {
    for (const callback of idleCallbacks.splice(0)) callback();
  });

interface Pending {
  resolve: (items: unknown[]) => void;
  reject: (error: Error) => void;
}
let pending: Partial<Record<PageListKey, Pending>> = {};
const readList = jest.fn(
  (key: PageListKey) =>
    new Promise((resolve, reject) => {
      pending[key] = { resolve: (items) => resolve({ items, warnings: [] }), reject };
    }),
);

async function answer(key: PageListKey, items: unknown[] | Error) {
  const call = pending[key];
  if (!call) throw new Error(`no query for ${key} is running`);
  delete pending[key];
  await act(async () => (items instanceof Error ? call.reject(items) : call.resolve(items)));
}

/** Answers every running query with the built rows (nothing changed), or with `overrides`. */
async function answerAll(overrides: Partial<Record<PageListKey, unknown[] | Error>> = {}) {
  for (const key of ['coverage', 'timeline', 'adasorter', 'worker'] as const) {
    await answer(key, overrides[key] ?? (JSON.parse(JSON.stringify(BUILT[key])) as unknown[]));
  }
}

const elapse = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

let hidden = false;
Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
const setHidden = (value: boolean) =>
  act(async () => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  });

let warn: jest.SpyInstance;
let error: jest.SpyInstance;

/** The revision the page was built from. */
const BUILT_REVISION = '41';
/**
 * Unless a test says otherwise, the backend was edited before every round: each answer is a new
 * revision, so every round reads the lists.
 */
let edits = 0;
const editedEveryRound = () => Promise.resolve(`edit ${++edits}`);

beforeEach(() => {
  hidden = false;
  idleCallbacks = [];
  pending = {};
  readList.mockClear();
  scrollTo.mockClear();
  jest.mocked(whenIdle).mockImplementation((callback) => {
    idleCallbacks.push(callback);
    return () => {
      idleCallbacks = idleCallbacks.filter((queued) => queued !== callback);
    };
  });
  jest.mocked(backendSettings).mockReturnValue({ url: 'https://project.supabase.co', anonKey: 'anon' });
  jest
    .mocked(loadContentReader)
    .mockClear()
    .mockImplementation(() => Promise.resolve({ readList } as unknown as ContentReader));
  jest.mocked(readContentRevision).mockReset().mockImplementation(editedEveryRound);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  error.mockRestore();
});

interface Built {
  coverage: MaterialCoverageItem[];
  timeline: TimelineItem[];
  adasorter: FeatureCard[];
  worker: FeatureCard[];
}

const BUILT: Built = {
  coverage: [material('pet', 'live'), material('glass', 'development')],
  timeline: [milestone('1', 'completed'), milestone('2', 'current'), milestone('3', 'upcoming')],
  adasorter: [featureCard('a1', 'adasorter')],
  worker: [featureCard('w1', 'worker')],
};

// The page's query result, as Gatsby hands it to the page component.
const pageProps = (built: Built, revision: string | null, language: Language) =>
  ({
    data: {
      site: { siteMetadata: SITE },
      sorterImage: { childImageSharp: { gatsbyImageData: ILLUSTRATIONS.sorter } },
      workerImage: { childImageSharp: { gatsbyImageData: ILLUSTRATIONS.worker } },
      allMaterialCoverage: { nodes: built.coverage },
      allTimelineItem: { nodes: built.timeline },
      adasorter: { nodes: built.adasorter },
      worker: { nodes: built.worker },
      supabaseContentRevision: revision === null ? null : { revision },
    },
    pageContext: { language, dictionary: DICTIONARIES[language] },
  }) as unknown as ComponentProps<typeof LandingPageTemplate>;

let commits = 0;
function renderPage(built: Built = BUILT, revision: string | null = BUILT_REVISION, language: Language = 'en') {
  commits = 0;
  return render(
    <Profiler id="page" onRender={() => (commits += 1)}>
      <LandingPageTemplate {...pageProps(built, revision, language)} />
    </Profiler>,
  );
}

const coverage = (title: string = COVERAGE.title) => screen.getByRole('region', { name: title });
const materialNames = (title?: string) =>
  within(coverage(title))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const timelineStrip = () => screen.getByRole('region', { name: TIMELINE.scrollRegionLabel });
const workerColumn = () =>
  within(screen.getByRole('region', { name: SNAPSHOT.sectionLabel })).getByRole('article', { name: SNAPSHOT.workerTitle });

describe('without backend settings', () => {
  it('runs nothing and keeps the built lists', async () => {
    jest.mocked(backendSettings).mockReturnValue(null);
    renderPage();
    await becomeIdle();
    expect(readContentRevision).not.toHaveBeenCalled();
    expect(loadContentReader).not.toHaveBeenCalled();
    expect(readList).not.toHaveBeenCalled();
    expect(materialNames()).toEqual(['Material pet', 'Material glass']);
  });
});

describe('with backend settings', () => {
  it('waits for the browser to be idle, asks for the revision, then reads the four lists once each', async () => {
    renderPage();
    expect(readContentRevision).not.toHaveBeenCalled();
    expect(readList).not.toHaveBeenCalled();
    await becomeIdle();
    expect(readContentRevision).toHaveBeenCalledTimes(1);
    expect(readList.mock.calls.map(([key]) => key).sort()).toEqual(['adasorter', 'coverage', 'timeline', 'worker']);
  });

  it('changes nothing on screen, and does not even re-render, when the backend holds the built content', async () => {
    renderPage();
    await becomeIdle();
    const before = coverage().innerHTML;
    const commitsBefore = commits;
    // Equal rows in new objects, as they arrive from the network.
    for (const key of ['coverage', 'timeline', 'adasorter', 'worker'] as const) {
      await answer(key, JSON.parse(JSON.stringify(BUILT[key])) as unknown[]);
    }
    expect(commits).toBe(commitsBefore);
    expect(coverage().innerHTML).toBe(before);
    expect(screen.queryByRole('status')).toBeNull();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('on /id/, shows the twins the backend now holds, and English where a twin is empty, in the same order', async () => {
    const built = { ...BUILT, coverage: [material('pet', 'live', { name_ind: 'Botol PET' }), material('glass', 'development')] };
    renderPage(built, BUILT_REVISION, 'id');
    const title = DICTIONARIES.id.coverage.title;
    expect(materialNames(title)).toEqual(['Botol PET', 'Material glass']);
    await becomeIdle();
    await answerAll({
      coverage: [
        material('glass', 'development', { name_ind: 'Kaca', description_ind: '' }),
        material('pet', 'live', { name_ind: null }),
        material('can', 'live', { name_ind: 'Kaleng' }),
      ],
    });
    expect(materialNames(title)).toEqual(['Kaca', 'Material pet', 'Kaleng']);
    expect(within(coverage(title)).getAllByRole('listitem')[0]).toHaveTextContent('What material glass is');
  });

  describe('with pictures the build processed', () => {
    const photo = storageUrl('pet');
    const petRow = material('pet', 'live', { image: photo });
    // The page query's coverage nodes: the row and the file the build downloaded for its picture.
    const withFiles = {
      ...BUILT,
      coverage: [
        { ...petRow, image_file: { childImageSharp: { gatsbyImageData: processedPicture('pet') } } },
        { ...material('glass', 'development'), image_file: null },
      ],
    } as unknown as Built;
    const refreshed = [petRow, material('glass', 'development')];
    const petPicture = () => within(coverage()).getAllByRole('listitem')[0]?.querySelector('picture source[type="image/avif"]');

    it('changes nothing and does not re-render when the backend rows equal the built ones', async () => {
      renderPage(withFiles);
      await becomeIdle();
      const before = coverage().innerHTML;
      const commitsBefore = commits;
      await answerAll({ coverage: JSON.parse(JSON.stringify(refreshed)) as unknown[] });
      expect(commits).toBe(commitsBefore);
      expect(coverage().innerHTML).toBe(before);
      expect(petPicture()).not.toBeNull();
    });

    it('keeps the processed picture of a changed row whose picture is the same, and shows the icon for a new photo, never its original', async () => {
      renderPage(withFiles);
      await becomeIdle();
      await answer('coverage', [{ ...petRow, name: 'PET (renamed)' }, material('glass', 'development', { image: storageUrl('glass') })]);
      expect(materialNames()).toEqual(['PET (renamed)', 'Material glass']);
      expect(petPicture()).not.toBeNull();
      expect(coverage().innerHTML).not.toContain(photo);
      const glass = within(coverage()).getAllByRole('listitem')[1] as HTMLElement;
      expect(glass.querySelector('img')).toBeNull();
      expect(glass.querySelector('svg')).not.toBeNull();
      expect(document.documentElement.innerHTML).not.toContain(storageUrl('glass'));
    });
  });

  it('updates a changed list in place: no skeleton meanwhile, changed rows rewritten, only a new row animates in', async () => {
    renderPage();
    await becomeIdle();
    // The query is running: the built content stays, no skeleton.
    expect(screen.queryByRole('status')).toBeNull();
    expect(materialNames()).toEqual(['Material pet', 'Material glass']);

    const renamed = { ...material('pet', 'live'), name: 'PET bottles (edited)' };
    await answer('coverage', [material('hdpe', 'live'), renamed, material('glass', 'development')]);
    expect(materialNames()).toEqual(['Material hdpe', 'PET bottles (edited)', 'Material glass']);
    const items = within(coverage()).getAllByRole('listitem');
    // Rows that were there at the first render are plain; the arrival starts hidden and fades in
    // (ListState), whether its animation code is still loading or already running.
    expect(items[1]).not.toHaveStyle({ opacity: '0' });
    expect(items[2]).not.toHaveStyle({ opacity: '0' });
    expect(items[0]).toHaveStyle({ opacity: '0' });
  });

  it('updates each list on its own as its query answers', async () => {
    renderPage();
    await becomeIdle();
    await answer('worker', [featureCard('w2', 'worker', { title: 'Shade over the belt' })]);
    expect(within(workerColumn()).getByRole('heading', { level: 3, name: 'Shade over the belt' })).toBeInTheDocument();
    expect(materialNames()).toEqual(['Material pet', 'Material glass']);
  });

  it('scrolls the timeline to the new current milestone when the backend moved it', async () => {
    renderPage();
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: TIMELINE_STEP_PX }));
    await becomeIdle();
    await answer('timeline', [milestone('1', 'completed'), milestone('2', 'completed'), milestone('3', 'current')]);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ left: 2 * TIMELINE_STEP_PX }));
    expect(scrollTo.mock.contexts[1]).toBe(timelineStrip());
  });

  it('keeps the built content when a query fails, shows no error text, and logs it', async () => {
    renderPage();
    await becomeIdle();
    const failure = new Error('HTTP 500');
    await answer('coverage', failure);
    expect(materialNames()).toEqual(['Material pet', 'Material glass']);
    expect(screen.queryByText(LIST_TEXT.coverage.error)).toBeNull();
    expect(warn).toHaveBeenCalledWith(REFRESH_KEPT_LOG, 'coverage', failure);
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the loading skeleton for a list the build delivered empty, then the error text if the query fails', async () => {
    renderPage({ ...BUILT, coverage: [] });
    expect(within(coverage()).getByText(LIST_TEXT.coverage.empty)).toBeInTheDocument();
    await becomeIdle();
    expect(within(coverage()).getByRole('status')).toHaveAttribute('aria-busy', 'true');
    // Lists with built content show no skeleton meanwhile.
    expect(screen.getAllByRole('status')).toHaveLength(1);

    const failure = new Error('offline');
    await answer('coverage', failure);
    expect(within(coverage()).getByRole('alert')).toHaveTextContent(LIST_TEXT.coverage.error);
    expect(error).toHaveBeenCalledWith(REFRESH_FAILED_LOG, 'coverage', failure);
  });

  it('shows the loading skeleton for a list the build delivered empty, then the empty text if it still is', async () => {
    renderPage({ ...BUILT, worker: [] });
    await becomeIdle();
    expect(within(workerColumn()).getByRole('status')).toBeInTheDocument();
    await answer('worker', []);
    expect(within(workerColumn()).queryByRole('status')).toBeNull();
    expect(within(workerColumn()).getByText(LIST_TEXT.features.empty)).toBeInTheDocument();
  });

  it('fills a list the build delivered empty, every row animating in', async () => {
    renderPage({ ...BUILT, coverage: [] });
    await becomeIdle();
    await answer('coverage', [material('pet', 'live')]);
    expect(materialNames()).toEqual(['Material pet']);
    expect(within(coverage()).getByRole('listitem')).toHaveStyle({ opacity: '0' });
  });

  it('shows the empty text when the editor has switched every row off since the build', async () => {
    renderPage();
    await becomeIdle();
    await answer('coverage', []);
    expect(within(coverage()).getByText(LIST_TEXT.coverage.empty)).toBeInTheDocument();
  });

  it('never touches the page after it has gone', async () => {
    const { unmount } = renderPage();
    await becomeIdle();
    unmount();
    await answer('coverage', [material('new', 'live')]);
    expect(error).not.toHaveBeenCalled();
  });

  it('cancels the idle wait when the page goes before the browser is idle', () => {
    const { unmount } = renderPage();
    expect(idleCallbacks.length).toBeGreaterThan(0);
    unmount();
    expect(idleCallbacks).toEqual([]);
  });
});

describe('while the page stays open', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('checks again after 15 s, 30 s, 60 s, 120 s, then every 5 minutes, and shows an edit made meanwhile', async () => {
    renderPage();
    await becomeIdle();
    await answerAll();
    expect(RECHECK_DELAYS_MS).toEqual([15_000, 30_000, 60_000, 120_000, 300_000]);
    for (const delay of [15_000, 30_000, 60_000, 120_000, 300_000, 300_000]) {
      readList.mockClear();
      await elapse(delay - 1);
      expect(readList).not.toHaveBeenCalled();
      await elapse(1);
      expect(readList).toHaveBeenCalledTimes(4);
      await answerAll();
    }
    readList.mockClear();
    await elapse(300_000);
    await answerAll({ coverage: [material('pet', 'live', { name: 'Edited while open' }), material('glass', 'development')] });
    expect(materialNames()).toEqual(['Edited while open', 'Material glass']);
  });

  it('keeps what is shown when a later check fails, even an empty list, and shows no skeleton meanwhile', async () => {
    renderPage({ ...BUILT, worker: [] });
    await becomeIdle();
    await answerAll({ worker: [] });
    await elapse(RECHECK_DELAYS_MS[0] as number);
    expect(screen.queryByRole('status')).toBeNull();
    await answerAll({ coverage: new Error('down'), worker: new Error('down') });
    expect(materialNames()).toEqual(['Material pet', 'Material glass']);
    expect(within(workerColumn()).getByText(LIST_TEXT.features.empty)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('replaces the error text of a first failed read when a later check succeeds', async () => {
    renderPage({ ...BUILT, coverage: [] });
    await becomeIdle();
    await answerAll({ coverage: new Error('down') });
    expect(within(coverage()).getByRole('alert')).toHaveTextContent(LIST_TEXT.coverage.error);
    await elapse(RECHECK_DELAYS_MS[0] as number);
    await answerAll({ coverage: [material('pet', 'live')] });
    expect(materialNames()).toEqual(['Material pet']);
  });

  /** The page rendered and its first check answered; the calls counted from here on. */
  async function afterTheFirstCheck() {
    renderPage();
    await becomeIdle();
    await answerAll();
    readList.mockClear();
  }

  it('pauses while the tab is hidden and checks at once when it comes back', async () => {
    await afterTheFirstCheck();
    await setHidden(true);
    await elapse(10 * 60_000);
    expect(readList).not.toHaveBeenCalled();
    await setHidden(false);
    expect(readList).toHaveBeenCalledTimes(4);
  });

  it('does not check again on coming back right after a check', async () => {
    await afterTheFirstCheck();
    await setHidden(true);
    await setHidden(false);
    expect(readList).not.toHaveBeenCalled();
    await elapse(RECHECK_DELAYS_MS[0] as number);
    expect(readList).toHaveBeenCalledTimes(4);
  });

  it('never runs two checks at once', async () => {
    renderPage();
    await becomeIdle();
    await answer('coverage', JSON.parse(JSON.stringify(BUILT.coverage)) as unknown[]);
    readList.mockClear();
    await elapse(10 * 60_000);
    await setHidden(true);
    await setHidden(false);
    expect(readList).not.toHaveBeenCalled();
  });

  it('stops checking when the page goes', async () => {
    const { unmount } = renderPage();
    await becomeIdle();
    await answerAll();
    unmount();
    readList.mockClear();
    await elapse(10 * 60_000);
    expect(readList).not.toHaveBeenCalled();
  });
});

describe('asking for the revision first', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads no list, and loads no reader, while the backend holds the revision the page was built from', async () => {
    jest.mocked(readContentRevision).mockImplementation(() => Promise.resolve(BUILT_REVISION));
    renderPage();
    await becomeIdle();
    // Ten visible minutes: the rounds at about 0, 15, 45, 105, 225 and 525 s.
    for (const delay of RECHECK_DELAYS_MS) await elapse(delay);
    expect(readContentRevision).toHaveBeenCalledTimes(6);
    expect(loadContentReader).not.toHaveBeenCalled();
    expect(readList).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads the lists when the revision moved, shows the change, and reads nothing more until it moves again', async () => {
    const revisions = ['42', '42', '43'];
    jest.mocked(readContentRevision).mockImplementation(() => Promise.resolve(revisions.shift() ?? '43'));
    renderPage();
    await becomeIdle();
    expect(readList).toHaveBeenCalledTimes(4);
    await answerAll({
      timeline: [{ ...milestone('1', 'completed'), title: 'Edited title' }, milestone('2', 'current'), milestone('3', 'upcoming')],
    });
    expect(within(timelineStrip()).getByText('Edited title')).toBeInTheDocument();

    readList.mockClear();
    await elapse(RECHECK_DELAYS_MS[0] as number);
    expect(readContentRevision).toHaveBeenCalledTimes(2);
    expect(readList).not.toHaveBeenCalled();

    await elapse(RECHECK_DELAYS_MS[1] as number);
    expect(readContentRevision).toHaveBeenCalledTimes(3);
    expect(readList).toHaveBeenCalledTimes(4);
  });

  it('keeps the built content, reads no list and logs it when the revision cannot be read', async () => {
    const failure = new Error('read rpc/content_revision: HTTP 503');
    jest.mocked(readContentRevision).mockRejectedValue(failure);
    renderPage({ ...BUILT, worker: [] });
    await becomeIdle();
    expect(readList).not.toHaveBeenCalled();
    expect(materialNames()).toEqual(['Material pet', 'Material glass']);
    // A list the build delivered empty keeps its empty text: no skeleton, no error text.
    expect(within(workerColumn()).getByText(LIST_TEXT.features.empty)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(warn).toHaveBeenCalledWith(REFRESH_KEPT_LOG, 'revision', failure);
    expect(error).not.toHaveBeenCalled();

    // The next round asks again, and reads the lists once the backend answers a moved revision.
    jest.mocked(readContentRevision).mockImplementation(() => Promise.resolve('42'));
    await elapse(RECHECK_DELAYS_MS[0] as number);
    expect(readList).toHaveBeenCalledTimes(4);
  });

  it('reads every list again at the next round when one of them failed, though the revision stayed', async () => {
    jest.mocked(readContentRevision).mockImplementation(() => Promise.resolve('42'));
    renderPage();
    await becomeIdle();
    await answerAll({ coverage: new Error('down') });
    readList.mockClear();
    await elapse(RECHECK_DELAYS_MS[0] as number);
    expect(readList).toHaveBeenCalledTimes(4);
    await answerAll({ coverage: [material('pet', 'live', { name: 'Read at last' })] });
    expect(materialNames()).toEqual(['Read at last']);

    readList.mockClear();
    await elapse(RECHECK_DELAYS_MS[1] as number);
    expect(readList).not.toHaveBeenCalled();
  });

  it('reads the lists at the first round of a page built without a revision', async () => {
    jest.mocked(readContentRevision).mockImplementation(() => Promise.resolve(BUILT_REVISION));
    renderPage(BUILT, null);
    await becomeIdle();
    expect(readList).toHaveBeenCalledTimes(4);
  });
});
