import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../button';
import { ErrorSummary } from '../error-summary';
import { Notice } from '../notice';
import { PageSizeSelect } from '../page-size-select';
import { ScrollToTop } from '../scroll-to-top';
import { SkipLink } from '../skip-link';
import { Spinner } from '../spinner';
import { Table } from '../table';
import { TrafficLight } from '../traffic-light';
import { WarningText } from '../warning-text';

describe('PageSizeSelect', () => {
  it('offers 10, 25, 50, 100 and 200 per page and reports the choice', async () => {
    const onChange = jest.fn();
    render(<PageSizeSelect value={25} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Results per page' });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['10', '25', '50', '100', '200']);
    expect(select).toHaveValue('25');
    await userEvent.selectOptions(select, '100');
    expect(onChange).toHaveBeenCalledWith(100);
  });

  it('lists a size in force that is not an option (the server default of 20)', () => {
    render(<PageSizeSelect value={20} onChange={() => undefined} />);
    const select = screen.getByRole('combobox', { name: 'Results per page' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['10', '20', '25', '50', '100', '200']);
    expect(select).toHaveValue('20');
  });
});

describe('ErrorSummary', () => {
  it('is an alert that takes focus and links each error to its field', async () => {
    render(
      <>
        <ErrorSummary errors={[{ fieldId: 'email', message: "'Email' is required." }, { message: 'Some fields are incomplete' }]} />
        <label htmlFor="email">Email</label>
        <input id="email" />
      </>,
    );
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(screen.getByText('Some fields are incomplete')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: "'Email' is required." });
    expect(link).toHaveAttribute('href', '#email');
    await userEvent.click(link);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('renders nothing without errors', () => {
    const { container } = render(<ErrorSummary errors={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('ScrollToTop', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    });

  afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }));

  it('appears after 500 px of scrolling and takes the page back to the top', async () => {
    render(
      <>
        <main id="main">content</main>
        <ScrollToTop focusTargetId="main" />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(499);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(500);
    await userEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole('main')).toHaveFocus();
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  });
});

describe('SkipLink', () => {
  it('moves focus to the main content', async () => {
    render(
      <>
        <SkipLink />
        <main id="main-content">content</main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link).toHaveAttribute('href', '#main-content');
    await userEvent.click(link);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('TrafficLight', () => {
  it.each([
    ['G', 'Green'],
    ['A', 'Amber'],
    ['R', 'Red'],
  ] as const)('shows %s as the word %s, not colour alone', (value, word) => {
    render(<TrafficLight value={value} />);
    expect(screen.getByText(word)).toHaveAttribute('data-value', value);
  });
});

describe('small widgets', () => {
  it('Spinner announces what is loading', () => {
    render(<Spinner label="Loading courses" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading courses');
  });

  it('Button defaults to type="button"', () => {
    render(<Button>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('type', 'button');
  });

  it('WarningText shows the text with a hidden "Warning" prefix', () => {
    render(<WarningText>Unfortunately this course is now closed.</WarningText>);
    expect(screen.getByText('Unfortunately this course is now closed.')).toBeInTheDocument();
    expect(screen.getByText('Warning:', { exact: false })).toHaveClass('cd-visually-hidden');
  });

  it('Notice is a region named by its title', () => {
    render(<Notice title="Important">Body</Notice>);
    expect(screen.getByRole('region', { name: 'Important' })).toHaveTextContent('Body');
  });

  it('Table labels cells with their column for narrow screens', () => {
    render(
      <Table
        caption="People"
        columns={[
          { id: 'name', header: 'Name', cell: (row: { name: string }) => row.name },
          { id: 'action', header: 'Action', headerHidden: true, cell: () => <button type="button">Edit</button> },
        ]}
        rows={[{ name: 'Ada' }]}
        rowKey={(row) => row.name}
      />,
    );
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ada' })).toHaveAttribute('data-label', 'Name');
    expect(screen.getByRole('columnheader', { name: 'Action' })).toBeInTheDocument();
  });
});
