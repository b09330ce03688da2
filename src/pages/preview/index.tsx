import { graphql, type HeadFC, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import React, { useCallback, useMemo, useState } from 'react';
import { ArrangedListContext } from '../../components/ListState';
import { ContactModalProvider } from '../../components/ContactModalProvider';
import { LandingPage } from '../../components/LandingPage';
import { PreviewBanner } from '../../components/PreviewBanner';
import { PreviewHead } from '../../components/PreviewHead';
import { PreviewMessage } from '../../components/PreviewMessage';
import { PreviewArrangeContext, SortableList, type PreviewArrange } from '../../components/SortableList';
import { inOrder, ordersOf, type Move } from '../../content/arrangement';
import type { PageListKey } from '../../content/model';
import { PREVIEW_TEXT, editorPath, itemLabel } from '../../content/preview';
import type { SiteMetadata } from '../../content/site';
import { useArrangement } from '../../hooks/useArrangement';
import { useLiveState } from '../../hooks/useLiveState';
import { PageLanguageContext, type PageLanguage } from '../../hooks/usePageLanguage';
import { usePreviewContent } from '../../hooks/usePreviewContent';
import { backendSettings } from '../../lib/backend';
import { readLiveState, type PreviewContent } from '../../lib/preview-api';

interface ProcessedImage {
  childImageSharp: { gatsbyImageData: IGatsbyImageData };
}

interface PreviewData {
  site: { siteMetadata: Pick<SiteMetadata, 'productName'> };
  sorterImage: ProcessedImage;
  workerImage: ProcessedImage;
}

// The editors' preview: the landing page, its sections unchanged, with every row the database holds
// (drafts marked) in its current order, read in the browser with the token of the link. The built
// HTML holds the banner and nothing of the content.
export default function PreviewPage({ data, pageContext }: PageProps<PreviewData, PageLanguage>) {
  const { state, reload } = usePreviewContent();
  return state.status === 'ready' ? (
    <ArrangeablePreview token={state.token} content={state.content} data={data} pageLanguage={pageContext} />
  ) : (
    <>
      <PreviewBanner />
      <PreviewMessage
        problem={state.status === 'refused' ? state.refusal : state.status}
        onRetry={state.status === 'failed' ? reload : undefined}
      />
    </>
  );
}

interface ArrangeablePreviewProps {
  token: string;
  content: PreviewContent;
  data: PreviewData;
  pageLanguage: PageLanguage;
}

function ArrangeablePreview({ token, content, data, pageLanguage }: ArrangeablePreviewProps) {
  const [arranging, setArranging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const initial = useMemo(() => ordersOf(content.lists), [content]);

  const labelOf = useCallback(
    (list: PageListKey, id: string) =>
      itemLabel(
        list,
        content.lists[list].items.find((item) => item.id === id),
      ),
    [content],
  );
  const announceStep = useCallback(
    (kind: 'undo' | 'redo', move: Move) => {
      const { undone, redone } = PREVIEW_TEXT.announcements;
      setAnnouncement((kind === 'undo' ? undone : redone)(labelOf(move.list, move.id), move.to + 1));
    },
    [labelOf],
  );
  const arrangement = useArrangement(initial, arranging, announceStep);
  const lists = useMemo(() => inOrder(content.lists, arrangement.orders), [content, arrangement.orders]);
  const arrange = useMemo<PreviewArrange>(
    () => ({ arranging, drafts: content.drafts, move: arrangement.move, labelOf }),
    [arranging, content.drafts, arrangement.move, labelOf],
  );
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const readLive = useMemo(() => {
    const settings = backendSettings();
    return settings ? (revision: string) => readLiveState(settings, token, revision) : null;
  }, [token]);
  const live = useLiveState(readLive);

  const step = (kind: 'undo' | 'redo') => {
    const move = kind === 'undo' ? arrangement.undo() : arrangement.redo();
    if (move) announceStep(kind, move);
  };

  return (
    // The English page (gatsby-node.ts gives its dictionary): the order editors arrange is every language's.
    <PageLanguageContext.Provider value={pageLanguage}>
      <ContactModalProvider>
        <PreviewBanner
          expiresAt={content.expiresAt}
          warnings={content.warnings}
          announcement={announcement}
          live={live}
          editorHref={framed || !content.canArrange ? undefined : editorPath(token)}
          arrange={
            content.canArrange
              ? {
                  on: arranging,
                  toggle: () => setArranging((on) => !on),
                  undo: () => step('undo'),
                  redo: () => step('redo'),
                  canUndo: arrangement.canUndo,
                  canRedo: arrangement.canRedo,
                }
              : undefined
          }
        />
        <div className="relative">
          <ArrangedListContext.Provider value={SortableList}>
            <PreviewArrangeContext.Provider value={arrange}>
              <LandingPage
                productName={data.site.siteMetadata.productName}
                {...lists}
                illustrations={{
                  sorter: data.sorterImage.childImageSharp.gatsbyImageData,
                  worker: data.workerImage.childImageSharp.gatsbyImageData,
                }}
              />
            </PreviewArrangeContext.Provider>
          </ArrangedListContext.Provider>
        </div>
      </ContactModalProvider>
    </PageLanguageContext.Provider>
  );
}

export const Head: HeadFC = () => <PreviewHead title={PREVIEW_TEXT.title} />;

export const query = graphql`
  query PreviewPage {
    site {
      siteMetadata { productName }
    }
    # The same illustrations as the page's (src/templates/landing-page.tsx).
    sorterImage: file(relativePath: { eq: "adasorter.png" }) {
      childImageSharp { gatsbyImageData(width: 640, height: 480, placeholder: BLURRED, formats: [AUTO, WEBP, AVIF]) }
    }
    workerImage: file(relativePath: { eq: "worker.png" }) {
      childImageSharp { gatsbyImageData(width: 640, height: 480, placeholder: BLURRED, formats: [AUTO, WEBP, AVIF]) }
    }
  }
`;
