import { DEFAULT_RETENTION_SCHEDULE, ERASURE_TEXTS, retentionLine } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '@/testing/mocks/db';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createStaffUser({ roles: [{ role: 'Administrator', scope: 'all' }] });

describe('erasure on /staff/settings', () => {
  it('checks the fields in an error summary that takes the focus, then asks in a dialog before erasing', async () => {
    const { user } = renderApp('/staff/settings', { user: admin });
    const section = await screen.findByRole('region', { name: 'Erase a person' });
    await user.click(within(section).getByRole('button', { name: 'Erase this person' }));
    const summary = await within(section).findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Enter the ticket reference', 'Enter the reason', 'Enter an email address or a UCAS Personal ID']);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(section).getByLabelText('Ticket reference')).toHaveAccessibleDescription(expect.stringContaining('Enter the ticket reference'));

    await user.type(within(section).getByLabelText('Email address'), 'erase.me@example.com');
    await user.type(within(section).getByLabelText('Ticket reference'), 'DP-2025-0142');
    await user.type(within(section).getByLabelText('Reason'), 'Asked by email');
    await user.click(within(section).getByRole('button', { name: 'Erase this person' }));
    let dialog = await screen.findByRole('dialog', { name: 'Erase this person permanently?' });
    expect(dialog).toHaveAccessibleDescription(
      'Every personal detail held about erase.me@example.com will be removed from every service. This cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Erase permanently' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(db.dataProtection.erasures).toEqual([]);
    expect(within(section).getByRole('button', { name: 'Erase this person' })).toHaveFocus();

    await user.click(within(section).getByRole('button', { name: 'Erase this person' }));
    dialog = await screen.findByRole('dialog', { name: 'Erase this person permanently?' });
    await user.click(within(dialog).getByRole('button', { name: 'Erase permanently' }));
    const status = await within(section).findByText('Erased: 1 application anonymised, 2 emails and 1 upload removed.');
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(db.dataProtection.erasures).toEqual([{ EMAIL: 'erase.me@example.com', TICKET: 'DP-2025-0142', REASON: 'Asked by email' }]);
    expect(within(section).getByLabelText('Email address')).toHaveValue('');
  });

  it("shows the refusal of a live offer in the error summary, in the server's words", async () => {
    db.dataProtection.erasureAnswer = { status: 409, message: ERASURE_TEXTS.blockedByOffer(['G400']) };
    const { user } = renderApp('/staff/settings', { user: admin });
    const section = await screen.findByRole('region', { name: 'Erase a person' });
    await user.type(within(section).getByLabelText('UCAS Personal ID'), '1234567890');
    await user.type(within(section).getByLabelText('Ticket reference'), 'DP-7');
    await user.type(within(section).getByLabelText('Reason'), 'Asked by phone');
    await user.click(within(section).getByRole('button', { name: 'Erase this person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this person permanently?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('about UCAS Personal ID 1234567890 will be removed'));
    await user.click(within(dialog).getByRole('button', { name: 'Erase permanently' }));
    const summary = await within(section).findByRole('alert');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(
      /^This person holds a live offer \(G400\): an offered place is kept while it stands\. Withdraw the offer first, then erase\.$/,
    );
    expect(within(section).queryByText(/^Erased:/)).not.toBeInTheDocument();
  });
});

describe('the retention schedule on /staff/settings', () => {
  it('lists the schedule in force and the runs, and runs the job now', async () => {
    const { user } = renderApp('/staff/settings', { user: admin });
    const section = await screen.findByRole('region', { name: 'Retention schedule' });
    expect(await within(section).findByText(retentionLine(DEFAULT_RETENTION_SCHEDULE, 'unsuccessful'))).toBeInTheDocument();
    expect(
      within(section).getByText(
        'Unsuccessful applications (rejected, referred, pooled or duplicate): kept for 12 months from the last change to the application, then your personal details are removed.',
      ),
    ).toBeInTheDocument();
    // A caller who booked a call without applying is told how long they are kept, too.
    expect(
      within(section).getByText(
        'Applications never decided (waiting or invited to interview) and calls booked without an application: kept for 6 months from the last change to the application or the end of the booked call, then your personal details are removed.',
      ),
    ).toBeInTheDocument();
    expect(await within(section).findByText('The retention job has not run yet.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Run retention now' }));
    expect(await within(section).findByText('Retention run finished.')).toBeInTheDocument();
    const table = await within(section).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Started', 'Run by', 'Removed or anonymised', 'Problems']);
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(1)).toEqual(['An Administrator', 'Nothing past its date', 'None']);
  });

  it('is not offered to an Administrator of one school', async () => {
    renderApp('/staff/settings', { user: createStaffUser({ roles: [{ role: 'Administrator', scope: 'school:SCI' }] }) });
    await screen.findByRole('heading', { level: 1, name: 'Clearing settings' });
    expect(screen.queryByRole('region', { name: 'Retention schedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Erase a person' })).not.toBeInTheDocument();
  });
});

describe('the privacy notice', () => {
  it('prints how long each kind of data is kept, from the schedule in force', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 2, name: 'How long we keep your data' })).toBeInTheDocument();
    expect(await screen.findByText('Documents you upload: kept for 6 months from the upload, then the documents are deleted.')).toBeInTheDocument();
    expect(screen.getByText(retentionLine(DEFAULT_RETENTION_SCHEDULE, 'offered'))).toBeInTheDocument();
    expect(
      screen.getByText(
        'When you ask us to delete your data, we remove your personal details from every part of this service. While you hold an offer of a place, we keep your application until the offer is withdrawn or declined.',
      ),
    ).toBeInTheDocument();
  });
});
