import { screen } from '@testing-library/react';
import { createStaffUser, renderApp } from '@/testing/test-utils';

describe('/applications', () => {
  it('shows the login screen to the public', async () => {
    renderApp('/applications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find an application' })).not.toBeInTheDocument();
  });

  it('shows a signed-in user the search prompts, with a link to the course search', async () => {
    renderApp('/applications', { user: createStaffUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find an application' })).toBeInTheDocument();
    expect(screen.getByText('Look up an existing application by its reference number.')).toBeInTheDocument();
    expect(screen.getByText('For other enquiries follow the specialist-enquiry procedure.')).toBeInTheDocument();
    expect(screen.getByText(/^To apply on a caller's behalf, use the/)).toHaveTextContent("To apply on a caller's behalf, use the course search.");
    expect(screen.getByRole('link', { name: 'course search' })).toHaveAttribute('href', '/staff');
    expect(document.title).toBe('Find an application - Clearing Desk');
  });
});
