import { API_ROUTES, SESSION_IDLE_WARNING_MS, type SessionState } from '@clearing-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import axe from 'axe-core';
import { apiUrl } from '@/testing/mocks/api-url';
import { db } from '@/testing/mocks/db';
import { freshSessionState } from '@/testing/mocks/handlers/auth';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const adviser = createStaffUser();

// jsdom cannot compute colours: colour contrast is left to the Playwright axe checks.
const violations = async (element: HTMLElement) => {
  const results = await axe.run(element, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => v.id);
};

/** The server's answer: the idle end 90 seconds away, so the two-minute warning is due now (no timer to wait for). */
const idleEndingSoon = (): SessionState => ({ ...freshSessionState(), idleEndsAt: new Date(Date.now() + 90_000).toISOString() });

/** GET /api/admin/auth/session answers the idle end close; PUT (Stay signed in) answers a fresh session and is counted. */
function sessionEndingSoon() {
  const puts: string[] = [];
  server.use(
    http.get(apiUrl(API_ROUTES.authSession.path), () => HttpResponse.json(idleEndingSoon())),
    http.put(apiUrl(API_ROUTES.authSessionExtend.path), async ({ request }) => {
      puts.push(await request.text());
      server.use(http.get(apiUrl(API_ROUTES.authSession.path), () => HttpResponse.json(freshSessionState())));
      return HttpResponse.json(freshSessionState());
    }),
  );
  return puts;
}

describe('the idle warning', () => {
  it('warns two minutes before the idle end in an alert dialog with focus on Stay signed in, which extends the session', async () => {
    const puts = sessionEndingSoon();
    const { user } = renderApp('/staff', { user: adviser });

    const dialog = await screen.findByRole('alertdialog', { name: 'You will be signed out soon' });
    expect(SESSION_IDLE_WARNING_MS).toBe(120_000);
    expect(dialog).toHaveAccessibleDescription('You have not done anything for a while. You will be signed out in 2 minutes unless you stay signed in.');
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    expect(stay).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(await violations(dialog)).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(puts).toHaveLength(1);
    expect(db.sessionUser).toEqual(adviser);
    expect(screen.getByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
  });

  it('stays signed in on Escape too (closing the warning is the adviser being there)', async () => {
    const puts = sessionEndingSoon();
    const { user } = renderApp('/staff', { user: adviser });
    await screen.findByRole('alertdialog', { name: 'You will be signed out soon' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(puts).toHaveLength(1);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs out from the warning: the login screen, no session', async () => {
    const puts = sessionEndingSoon();
    const { user } = renderApp('/staff', { user: adviser });
    const dialog = await screen.findByRole('alertdialog', { name: 'You will be signed out soon' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(db.sessionUser).toBeNull();
    expect(puts).toHaveLength(0);
  });

  it('shows no warning while the idle end is further off than two minutes', async () => {
    renderApp('/staff', { user: adviser });
    await screen.findByRole('heading', { level: 1, name: 'Find a course' });
    await waitFor(() => expect(db.sessionUser).toEqual(adviser));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    ['warns when nothing the adviser did moved the idle end', false],
    ['warns not when what the adviser did meanwhile moved it', true],
  ])('asks the server again when the warning comes due, and %s (fake timers)', async (_, moved) => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const idleEnd = new Date(Date.now() + 125_000).toISOString();
      let asked = 0;
      server.use(
        http.get(apiUrl(API_ROUTES.authSession.path), () => {
          asked += 1;
          return HttpResponse.json(moved && asked > 1 ? freshSessionState() : { ...freshSessionState(), idleEndsAt: idleEnd });
        }),
      );
      renderApp('/staff', { user: adviser });
      await screen.findByRole('heading', { level: 1, name: 'Find a course' });
      await waitFor(() => expect(asked).toBe(1));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

      await act(async () => {
        await jest.advanceTimersByTimeAsync(5_000);
      });
      await waitFor(() => expect(asked).toBe(2));
      if (moved) {
        await act(async () => {
          await jest.advanceTimersByTimeAsync(0);
        });
        await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument());
        expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      } else {
        expect(await screen.findByRole('alertdialog', { name: 'You will be signed out soon' })).toBeInTheDocument();
      }
    } finally {
      jest.useRealTimers();
    }
  });
});
