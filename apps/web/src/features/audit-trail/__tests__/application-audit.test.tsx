import { screen, within } from '@testing-library/react';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db } from '@/testing/mocks/db';
import { auditRows } from '@/testing/mocks/handlers/audit';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createStaffUser({ username: 'admin1', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }] });
const frontOffice = createStaffUser({ username: 'frontoffice1', name: 'Fran Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] });

afterEach(() => {
  auditRows.length = 0;
});

describe("an application's audit", () => {
  it("shows an Administrator another adviser's read (who, when, which screen) and the changes, with the CSV download", async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'O' })];
    auditRows.push(
      { AT: '2025-08-14T10:05:00.000Z', USER: 'frontoffice1', ACTION: 'READ', SCREEN: 'application', APPLICATION: 'S0001/G400', DETAIL: '' },
      { AT: '2025-08-14T10:00:00.000Z', USER: 'backoffice1', ACTION: 'WRITE', SCREEN: null, APPLICATION: 'S0001/G400', DETAIL: 'Created with status O.' },
    );
    renderApp('/applications/S0001/G400/personal-details', { user: admin });
    const audit = await screen.findByRole('region', { name: 'Audit' });
    const rows = await within(audit).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('14/08/2025, 11:05:00frontoffice1Read: Application');
    expect(rows[2]).toHaveTextContent('backoffice1ChangeCreated with status O.');
    expect(within(audit).getByRole('link', { name: 'Download the audit (CSV)' })).toHaveAttribute('href', '/api/admin/audit.csv?student=S0001&course=G400');
  });

  it('is not shown to other staff', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'O' })];
    renderApp('/applications/S0001/G400/personal-details', { user: frontOffice });
    await screen.findByRole('region', { name: 'Emails' });
    expect(screen.queryByRole('region', { name: 'Audit' })).not.toBeInTheDocument();
  });
});
