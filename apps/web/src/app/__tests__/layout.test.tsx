import { screen, within } from '@testing-library/react';
import { standardCycle } from '@clearing-desk/contracts';
import { db } from '@/testing/mocks/db';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

describe('page layout', () => {
  it('has a skip link, a header with the site name and intake year, and the Apply navigation', async () => {
    renderApp('/apply');
    await screen.findByRole('heading', { level: 1, name: 'Find a degree' });

    const skip = screen.getAllByRole('link')[0]!;
    expect(skip).toHaveTextContent('Skip to main content');
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Clearing Desk' })).toHaveAttribute('href', '/apply');
    expect(within(banner).getByText('Clearing 2025/26')).toBeInTheDocument();
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/apply');
    expect(within(nav).queryByRole('link', { name: 'Applications' })).not.toBeInTheDocument();
  });

  it('labels the header and the footer with the stored current cycle, not a constant', async () => {
    // An Administrator has rolled to 2026/27 (the status answer's cycle).
    db.cycles.push(standardCycle('2026/27'));
    renderApp('/apply');
    await screen.findByRole('heading', { level: 1, name: 'Find a degree' });
    expect(await within(screen.getByRole('banner')).findByText('Clearing 2026/27')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText('Clearing Desk: Clearing 2026/27')).toBeInTheDocument();
    expect(screen.queryByText(/2025\/26/)).not.toBeInTheDocument();
  });

  it("shows 'Applications' to a logged-in staff user", async () => {
    renderApp('/apply', { user: createStaffUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/applications');
  });

  // Staff links depend on the role (Figures with VIEW_REPORT, Settings for an Administrator over
  // all courses, and more may come), so each role is checked for the links it must and must not have.
  it.each([
    { role: 'Front Office', user: createStaffUser({ name: 'Alex Adviser' }), has: ['Apply', 'Courses', 'Applications'], hasNot: ['Settings', 'Figures'] },
    {
      role: 'Back Office',
      user: createStaffUser({ name: 'Alex Adviser', roles: [{ role: 'Back Office', scope: 'all' }] }),
      has: ['Apply', 'Courses', 'Applications', 'Figures'],
      hasNot: ['Settings'],
    },
    { role: 'Administrator', user: createAdminUser({ name: 'Alex Adviser' }), has: ['Apply', 'Courses', 'Applications', 'Figures', 'Settings'], hasNot: [] },
  ])("shows a signed-in $role their links, their name and 'Sign out'", async ({ user, has, hasNot }) => {
    renderApp('/apply', { user });
    const banner = await screen.findByRole('banner');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    // The fixed links come first, in this order.
    expect(links.slice(0, 3)).toEqual(['Apply', 'Courses', 'Applications']);
    for (const name of has) expect(links).toContain(name);
    for (const name of hasNot) expect(links).not.toContain(name);
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/staff');
    if (has.includes('Settings')) expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/staff/settings');
    if (has.includes('Figures')) expect(within(nav).getByRole('link', { name: 'Figures' })).toHaveAttribute('href', '/staff/figures');
    expect(within(banner).getByText('Alex Adviser')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows no staff navigation, name or Sign out to the public', async () => {
    renderApp('/apply');
    const banner = await screen.findByRole('banner');
    expect(
      within(banner)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Clearing Desk', 'Apply']);
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
  });

  it('has Accessibility and Privacy links in the footer that open real pages', async () => {
    const { user } = renderApp('/apply');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');

    await user.click(within(footer).getByRole('link', { name: 'Accessibility' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    expect(document.title).toBe('Accessibility statement - Clearing Desk');

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByText('We do not use your data for any other purposes.')).toBeInTheDocument();
  });

  it('completes the accessibility statement as the regulations ask: contact, known issues, enforcement, dates', async () => {
    renderApp('/accessibility');
    await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' });
    for (const name of [
      'How accessible this service is',
      'Feedback and contact information',
      'Reporting accessibility problems with this service',
      'Enforcement procedure',
      "Technical information about this service's accessibility",
      'Preparation of this accessibility statement',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'clearing@university.example' })[0]).toHaveAttribute('href', 'mailto:clearing@university.example');
    expect(screen.getByRole('link', { name: 'contact the Equality Advisory and Support Service (EASS)' })).toHaveAttribute(
      'href',
      'https://www.equalityadvisoryservice.com/',
    );
    expect(screen.getByText('This statement was prepared on 25 November 2026. It was last reviewed on 25 November 2026.')).toBeInTheDocument();
    expect(screen.getByText(/documents you upload \(for example a PDF of your results\) are not checked for accessibility/)).toBeInTheDocument();
  });

  it('moves focus to the main content after navigating', async () => {
    const { user } = renderApp('/apply');
    await screen.findByRole('heading', { level: 1, name: 'Find a degree' });
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy' }));
    await screen.findByRole('heading', { level: 1, name: 'Privacy notice' });
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
