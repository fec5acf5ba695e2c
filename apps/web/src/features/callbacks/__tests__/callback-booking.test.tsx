import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApplyResponse } from '@/testing/mocks/db';
import { storeApplication } from '@/testing/mocks/handlers/applications';
import { callbackFake, resetCallbacks } from '@/testing/mocks/handlers/callbacks';
import { createSubmission } from '@/testing/submission';
import { renderApp } from '@/testing/test-utils';

async function openStatusPage() {
  setApplyResponse({ confirmed_status: 'S' });
  const course = createCourse();
  const response = storeApplication(course, createSubmission(course));
  renderApp(`/review/${response.hash}`);
  return screen.findByRole('region', { name: 'Ask us to call you' });
}

beforeEach(() => resetCallbacks());

describe("'Ask us to call you' on the status page", () => {
  it('lists free times as radios grouped by day, books one, and shows the booking in words with Cancel and Change', async () => {
    const user = userEvent.setup();
    const section = await openStatusPage();
    const question = await within(section).findByRole('group', { name: 'Choose a time for us to call you' });
    const monday = within(question).getByRole('group', { name: 'Monday 17 August' });
    expect(
      within(monday)
        .getAllByRole('radio')
        .map((r) => r.closest('div')?.textContent),
    ).toEqual(['10:00 to 10:15', '10:15 to 10:30', '10:30 to 10:45']);
    expect(within(question).getByRole('group', { name: 'Tuesday 18 August' })).toBeInTheDocument();

    await user.click(within(monday).getByRole('radio', { name: '10:15 to 10:30' }));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect(await within(section).findByText('We will call you on Monday 17 August between 10:15 and 10:30')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Ask us to call you' })).toHaveFocus();

    // Change: the list again; choosing another time moves the booking.
    await user.click(within(section).getByRole('button', { name: 'Change' }));
    await user.click(await within(section).findByRole('radio', { name: '09:00 to 09:15' }));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    expect(await within(section).findByText('We will call you on Tuesday 18 August between 09:00 and 09:15')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(await within(section).findByText('Your call on Tuesday 18 August between 09:00 and 09:15 is cancelled.')).toBeInTheDocument();
    expect(callbackFake.bookings.size).toBe(0);
    expect(within(section).getByRole('group', { name: 'Choose a time for us to call you' })).toBeInTheDocument();
  });

  it('a time taken meanwhile: the error summary gives the reason and nothing is booked', async () => {
    const user = userEvent.setup();
    callbackFake.takenSlots.add('2026-08-17T09:00:00.000Z');
    const section = await openStatusPage();
    await user.click(await within(section).findByRole('radio', { name: '10:00 to 10:15' }));
    await user.click(within(section).getByRole('button', { name: 'Book this time' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('That time has just been taken or is no longer available: please choose another time.')).toBeInTheDocument();
    expect(callbackFake.bookings.size).toBe(0);
  });
});
