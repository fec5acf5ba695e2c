import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/test-utils';

describe('unknown paths', () => {
  it('shows the 404 page with a link to the course search', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 - Not Found' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Search for courses in clearing and apply online' });
    expect(link).toHaveAttribute('href', '/apply');
    expect(document.title).toBe('404 - Not Found - Clearing Desk');
  });

  it('shows the 404 page for an unknown application step', async () => {
    renderApp('/apply/G400/payment');
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Not Found' })).toBeInTheDocument();
  });
});
