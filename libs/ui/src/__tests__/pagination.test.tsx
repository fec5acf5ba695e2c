import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from '../pagination';

const getHref = (page: number) => `?p=${page}`;

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination currentPage={1} totalPages={1} getHref={getHref} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is a labelled navigation landmark with page links, ellipses, Previous and Next', () => {
    render(<Pagination currentPage={5} totalPages={10} getHref={getHref} label="Search results pages" />);
    const nav = screen.getByRole('navigation', { name: 'Search results pages' });
    const pageLinks = within(nav)
      .getAllByRole('link')
      .filter((link) => /^Page \d+$/.test(link.getAttribute('aria-label') ?? ''));
    expect(pageLinks.map((link) => link.textContent)).toEqual(['1', '4', '5', '6', '10']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(within(nav).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '?p=4');
    expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '?p=6');
  });

  it('has no Previous on the first page and no Next on the last', () => {
    const { rerender } = render(<Pagination currentPage={1} totalPages={3} getHref={getHref} />);
    expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toBeInTheDocument();
    rerender(<Pagination currentPage={3} totalPages={3} getHref={getHref} />);
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('calls onPageChange instead of following the link', async () => {
    const onPageChange = jest.fn();
    render(<Pagination currentPage={2} totalPages={10} getHref={getHref} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('link', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[3], [3], [1]]);
  });
});
