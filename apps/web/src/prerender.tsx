import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { CourseSearchRoute } from '@/app/routes/apply/course-search';
import { Layout } from '@/components/layout/layout';
import { COURSE_TEXTS } from '@/features/courses/texts';
import { SITE_NAME } from '@/config/site';

/** Pages whose first screen is pre-rendered into their own HTML file at build time (issue 12 item 4). */
export const PRERENDERED_PAGES = [{ path: '/apply', file: 'apply/index.html', title: `${COURSE_TEXTS.SEARCH_HEADING} - ${SITE_NAME}` }] as const;

/**
 * The first screen of `path` as HTML, rendered at build time by the Vite build (vite.config.ts)
 * into the page's HTML so a phone paints it before any script has run; the app then renders over
 * it with the same markup. /apply shows its heading, the search box and the loading status (no
 * courses: they come from the API). No user is signed in.
 */
export function renderShell(path: string): string {
  const page = PRERENDERED_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`No pre-rendered page for ${path}`);
  return renderToString(
    <AppProvider initialUser={null}>
      <MemoryRouter initialEntries={[path]}>
        <Layout user={null}>
          <CourseSearchRoute />
        </Layout>
      </MemoryRouter>
    </AppProvider>,
  );
}
