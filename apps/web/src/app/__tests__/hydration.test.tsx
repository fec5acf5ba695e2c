import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCourse } from '@clearing-desk/contracts/testing';
import { renderCoursePage, renderShell } from '@/prerender';
import { apiUrl } from '@/testing/mocks/api-url';
import { seedCourses } from '@/testing/mocks/db';
import { startApp, type StartedApp } from '../start';

/**
 * The pre-rendered /apply (prerender.tsx) taken over by the app (start.tsx, ADR 0003): React
 * hydrates the HTML without a mismatch, keeping the elements on screen and what was typed into
 * the search box before the app ran.
 */
/** Puts a pre-rendered page's #root (and its query state, if any) into the document, at `url`. */
function showPrerendered(url: string, documentHtml: string): HTMLElement {
  window.history.pushState({}, '', url);
  document.body.innerHTML = new DOMParser().parseFromString(documentHtml, 'text/html').body.innerHTML;
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root in the pre-rendered page');
  return container;
}

const TEMPLATE = '<!doctype html><html><head><title></title></head><body><div id="root"></div></body></html>';

describe('pre-rendered pages hydrated by the app', () => {
  let started: StartedApp | undefined;
  afterEach(() => {
    act(() => started?.root.unmount());
    started = undefined;
    document.body.innerHTML = '';
  });

  it('takes over the search box: same element, no hydration error, the typed text searched', async () => {
    const container = showPrerendered('/apply', TEMPLATE.replace('<div id="root"></div>', `<div id="root">${renderShell('/apply')}</div>`));
    const box = container.querySelector<HTMLInputElement>('input#q');
    if (!box) throw new Error('no search box in the pre-rendered /apply');
    // Typed before any script ran: the browser's own input, no React handler.
    box.value = 'physics';
    const recoverable: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error');
    try {
      started = await act(() => startApp(container, { onRecoverableError: (error) => recoverable.push(error) }));
      expect(started.mode).toBe('hydrated');
      expect(screen.getByRole('searchbox', { name: 'Search for a course' })).toBe(box);
      expect(box).toHaveValue('physics');
      expect(box).not.toHaveAttribute('readonly');
      expect(recoverable).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();

      await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('physics'));
    } finally {
      consoleError.mockRestore();
    }
  });

  it('takes over the course page the gateway rendered: same elements, no hydration error', async () => {
    seedCourses([createCourse({ UCAS_CODE: 'G400', COURSE_TITLE: 'Computer Science' })]);
    const [detail, status] = await Promise.all([fetch(apiUrl('/courses/G400')), fetch(apiUrl('/admin/status'))].map(async (r) => (await r).json()));
    const html = await renderCoursePage(TEMPLATE, 'G400', detail, status);
    if (!html) throw new Error('the course page was not rendered');
    const container = showPrerendered('/apply/G400', html);
    const heading = screen.getByRole('heading', { level: 1 });
    const recoverable: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error');
    try {
      started = await act(() => startApp(container, { onRecoverableError: (error) => recoverable.push(error) }));
      expect(started.mode).toBe('hydrated');
      expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
      expect(recoverable).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});
