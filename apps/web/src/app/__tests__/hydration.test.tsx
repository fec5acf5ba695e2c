import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCourse } from '@clearing-desk/contracts/testing';
import { renderCoursePage, renderShell, renderStaffEntry } from '@/prerender';
import { apiUrl } from '@/testing/mocks/api-url';
import { addDirectoryAccount, seedCourses, setSessionUser } from '@/testing/mocks/db';
import { createStaffUser } from '@/testing/test-utils';
import { loadedApplicationFormShell } from '../routes/apply/load-application-form-shell';
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
    const [detail, status] = await Promise.all([fetch(apiUrl('/api/courses/G400')), fetch(apiUrl('/api/admin/status'))].map(async (r) => (await r).json()));
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
    // The information page started without the application form (its state, rules and schemas), which comes with step 1.
    expect(loadedApplicationFormShell()).toBeUndefined();
    await userEvent.setup().click(screen.getByRole('link', { name: /^Start application/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeInTheDocument();
    expect(loadedApplicationFormShell()).toBeDefined();
  });

  /** Starts the app over `container`, failing on any hydration error; answers the started app. */
  async function hydrateWithoutErrors(container: HTMLElement): Promise<StartedApp> {
    const recoverable: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error');
    try {
      const app = await act(() => startApp(container, { onRecoverableError: (error) => recoverable.push(error) }));
      expect(app.mode).toBe('hydrated');
      expect(recoverable).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      return app;
    } finally {
      consoleError.mockRestore();
    }
  }

  // /staff painted by the gateway, as the sign-in screen or (with the sign-in hint) the frame checking the sign-in.
  it('takes over the painted /staff sign-in screen with what was typed before it ran, and signs in', async () => {
    const adviser = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });
    addDirectoryAccount(adviser, 'secret');
    const container = showPrerendered('/staff', await renderStaffEntry(TEMPLATE, { signedIn: false, enterprise: false }));
    const username = screen.getByRole<HTMLInputElement>('textbox', { name: 'Username' });
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    username.value = 'backoffice1';
    password.value = 'secret';
    // Before the app runs, the form cannot be sent (the browser's own submission would go nowhere).
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    started = await hydrateWithoutErrors(container);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username' })).toBe(username);
    expect(username).toHaveValue('backoffice1');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
  });

  it('paints only the enterprise link when the enterprise sign-in is set, and the app takes it over', async () => {
    const container = showPrerendered('/staff', await renderStaffEntry(TEMPLATE, { signedIn: false, enterprise: true }));
    const link = screen.getByRole('link', { name: 'Sign in with your university account' });
    expect(screen.queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();
    started = await hydrateWithoutErrors(container);
    expect(screen.getByRole('link', { name: 'Sign in with your university account' })).toBe(link);
  });

  it('with the sign-in hint, paints the frame checking the sign-in, never the sign-in form; the app then shows the page', async () => {
    setSessionUser(createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] }));
    const container = showPrerendered('/staff', await renderStaffEntry(TEMPLATE, { signedIn: true, enterprise: false }));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    expect(screen.queryByRole('heading', { name: 'Staff sign in' })).not.toBeInTheDocument();
    started = await hydrateWithoutErrors(container);
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff sign in' })).not.toBeInTheDocument();
  });
});
