import { API_ROUTES } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { callbackFake, resetCallbacks } from '@/testing/mocks/handlers/callbacks';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

beforeEach(() => resetCallbacks());

/** Opens 'Ask us to call you' on G400's course page: its form is fetched as the section opens. */
async function openAskUsToCall() {
  const rendered = renderApp('/apply/G400');
  const toggle = await screen.findByRole('button', { name: 'Ask us to call you' });
  await rendered.user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await screen.findByRole('group', { name: 'Choose a time for us to call you' });
  return rendered;
}

describe("'Ask us to call you' on the course page (no application)", () => {
  it('is closed at first: its form is not on the page until the applicant opens it', async () => {
    renderApp('/apply/G400');
    const toggle = await screen.findByRole('button', { name: 'Ask us to call you' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
  });

  it('checks the details with the shared rules: the error summary is focused, links each field, and each field says why', async () => {
    const { user } = await openAskUsToCall();
    await user.type(screen.getByLabelText('Telephone number', { exact: false }), '12ab');
    await user.type(screen.getByLabelText('Email address', { exact: false }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Enter your name', '#callback-name'],
      ['Enter a telephone number, like 01632 960 001, 07700 900 982 or +33 1 23 45 67 89', '#callback-tel'],
      ['Enter an email address in the correct format, like name@example.com', '#callback-email'],
      ['Choose a time for us to call you', '#callback-request-slot'],
    ]);
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription(expect.stringContaining('Enter your name'));
    await user.click(within(summary).getByRole('link', { name: 'Enter your name' }));
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(callbackFake.requests.size).toBe(0);
  });

  it('books a free time with the caller and the page’s course, then confirms it in the status page’s words', async () => {
    const { user } = await openAskUsToCall();
    await user.type(screen.getByLabelText('Your name'), 'Cara Caller');
    await user.type(screen.getByLabelText('Telephone number', { exact: false }), '+33 1 23 45 67 89');
    await user.type(screen.getByLabelText('Email address', { exact: false }), 'cara@example.com');
    await user.click(screen.getByRole('radio', { name: '10:15 to 10:30' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    const confirmation = await screen.findByText('We will call you on Monday 17 August between 10:15 and 10:30');
    expect(screen.getByText('We have emailed the booking to cara@example.com, with a link to change or cancel the call.')).toBeInTheDocument();
    await waitFor(() => expect(confirmation.closest('[tabindex="-1"]')).toHaveFocus());
    expect([...callbackFake.requests.values()]).toEqual([
      {
        NAME: 'Cara Caller',
        TEL: '+33 1 23 45 67 89',
        EMAIL: 'cara@example.com',
        UCAS_CODE: 'G400',
        slot: { START: '2026-08-17T09:15:00.000Z', END: '2026-08-17T09:30:00.000Z' },
      },
    ]);
  });

  it('a time taken meanwhile (409) is the time’s error and nothing is booked', async () => {
    callbackFake.takenSlots.add('2026-08-17T09:00:00.000Z');
    const { user } = await openAskUsToCall();
    await user.type(screen.getByLabelText('Your name'), 'Cara Caller');
    await user.type(screen.getByLabelText('Telephone number', { exact: false }), '07700 900982');
    await user.type(screen.getByLabelText('Email address', { exact: false }), 'cara@example.com');
    await user.click(screen.getByRole('radio', { name: '10:00 to 10:15' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'That time has just been taken or is no longer available: please choose another time.' })).toHaveAttribute(
      'href',
      '#callback-request-slot',
    );
    expect(callbackFake.requests.size).toBe(0);
  });
});

describe('the private link of a call booked without an application', () => {
  it('shows the booking with Change and Cancel (the status page’s panel), and moves and cancels it', async () => {
    callbackFake.requests.set('token-1', {
      NAME: 'Cara Caller',
      TEL: '07700 900982',
      EMAIL: 'cara@example.com',
      UCAS_CODE: 'G400',
      slot: { START: '2026-08-17T09:00:00.000Z', END: '2026-08-17T09:15:00.000Z' },
    });
    const { user } = renderApp('/call/token-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your call from the Clearing team' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Ask us to call you' });
    expect(await within(section).findByText('We will call you on Monday 17 August between 10:00 and 10:15')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Change' }));
    await user.click(await within(section).findByRole('radio', { name: '09:00 to 09:15' }));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect(await within(section).findByText('We will call you on Tuesday 18 August between 09:00 and 09:15')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(await within(section).findByText('Your call on Tuesday 18 August between 09:00 and 09:15 is cancelled.')).toBeInTheDocument();
    expect(callbackFake.requests.get('token-1')?.slot).toBeNull();
  });

  it('an unknown link says so', async () => {
    server.use(http.get(apiUrl(API_ROUTES.callbackRequest.path), () => HttpResponse.json({ message: 'x' }, { status: 404 })));
    renderApp('/call/nope');
    expect(await screen.findByText('We cannot find this booked call. The link may be wrong, or the call was for an earlier day.')).toBeInTheDocument();
  });
});
