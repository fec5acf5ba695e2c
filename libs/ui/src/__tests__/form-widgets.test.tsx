import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Checkboxes } from '../checkboxes';
import { ConfirmDialog } from '../confirm-dialog';
import { composeIsoDate, DateInput, dayMonthYearOf, isoFromDayMonthYear, splitIsoDate } from '../date-input';
import { DialogScope } from '../dialog-scope';
import { FileUpload } from '../file-upload';
import { Panel } from '../panel';
import { ProgressBar } from '../progress-bar';
import { optionByTyping, Radios } from '../radios';
import { Select } from '../select';
import { TextInput } from '../text-input';
import { Textarea } from '../textarea';

describe('TextInput, Textarea, Select', () => {
  it('label the input and put hint and error (with a hidden Error: prefix) in aria-describedby', () => {
    render(
      <>
        <TextInput id="name" label="Given name" hint="As on your passport" error="'Given name' is required." value="" onChange={() => undefined} />
        <Textarea id="notes" label="Notes" value="" onChange={() => undefined} />
        <Select
          id="nat"
          label="Nationality"
          placeholder="Select"
          options={[{ value: 'GBR', label: 'United Kingdom' }]}
          error="Pick one"
          value=""
          onChange={() => undefined}
        />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Given name' });
    expect(input).toHaveAccessibleDescription("As on your passport Error: 'Given name' is required.");
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.closest('.cd-form-group')).toHaveClass('cd-form-group--error');
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toHaveAttribute('aria-describedby');
    const select = screen.getByRole('combobox', { name: 'Nationality' });
    expect(select).toHaveAccessibleDescription('Error: Pick one');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['', 'GBR']);
  });
});

describe('Radios', () => {
  it('is a fieldset whose legend names the group; the first radio carries the id', async () => {
    const onChange = jest.fn();
    render(
      <Radios
        id="ucas"
        name="ucas"
        legend="Applied to UCAS?"
        options={[
          { value: '1', label: 'Yes' },
          { value: '0', label: 'No' },
        ]}
        value="0"
        onChange={onChange}
        error="Oops"
        inline
      />,
    );
    const group = screen.getByRole('group', { name: 'Applied to UCAS?' });
    expect(group).toHaveAccessibleDescription('Error: Oops');
    expect(within(group).getByRole('radio', { name: 'Yes' })).toHaveAttribute('id', 'ucas');
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(onChange).toHaveBeenCalledWith('1');
  });
});

describe('Checkboxes', () => {
  it('is a fieldset whose legend names the group, described by hint and error; the values keep the options’ order', async () => {
    const changes: string[][] = [];
    function Harness() {
      const [values, setValues] = useState<string[]>(['b']);
      return (
        <Checkboxes
          id="types"
          name="types"
          legend="Events"
          hint="Any number"
          error="Select one"
          options={[
            { value: 'a', label: 'Alpha' },
            { value: 'b', label: 'Beta' },
          ]}
          values={values}
          onChange={(next) => {
            changes.push(next);
            setValues(next);
          }}
        />
      );
    }
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Events' });
    expect(group).toHaveAccessibleDescription('Any number Error: Select one');
    expect(within(group).getByRole('checkbox', { name: 'Alpha' })).toHaveAttribute('id', 'types');
    expect(within(group).getByRole('checkbox', { name: 'Beta' })).toBeChecked();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Alpha' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Beta' }));
    expect(changes).toEqual([['a', 'b'], ['a']]);
  });
});

describe('Radios selectByTyping', () => {
  const grades = ['A*', 'A', 'B', 'C'].map((g) => ({ value: g, label: g }));

  it('picks the label typed, exact before a longer one that starts with it', () => {
    expect(optionByTyping(grades, 'a')?.value).toBe('A');
    expect(optionByTyping(grades, 'A*')?.value).toBe('A*');
    expect(
      optionByTyping(
        [
          { value: 'D*', label: 'D*' },
          { value: 'D', label: 'D' },
        ],
        'D',
      )?.value,
    ).toBe('D');
    expect(
      optionByTyping(
        [
          { value: 'MMM', label: 'MMM' },
          { value: 'MMP', label: 'MMP' },
        ],
        'MM',
      )?.value,
    ).toBe('MMM');
    expect(optionByTyping(grades, 'x')).toBeNull();
  });

  it('checks and focuses the answer typed; Space and other keys keep their own use', async () => {
    function Harness() {
      const [value, setValue] = useState('');
      return <Radios id="grade" name="grade" legend="Grade" options={grades} value={value} onChange={setValue} compact selectByTyping />;
    }
    render(<Harness />);
    const radio = (name: string) => screen.getByRole('radio', { name });
    radio('A*').focus();
    await userEvent.keyboard('a');
    expect(radio('A')).toBeChecked();
    expect(radio('A')).toHaveFocus();
    await userEvent.keyboard('*');
    expect(radio('A*')).toBeChecked();
    await userEvent.keyboard('b');
    expect(radio('B')).toBeChecked();
    await userEvent.keyboard('z');
    expect(radio('B')).toBeChecked();
  });
});

describe('DateTextInput', () => {
  it('reads a date typed day first in one box as yyyy-mm-dd, and shows one back as dd/mm/yyyy', () => {
    for (const typed of ['4/5/2006', '04/05/2006', ' 4 5 2006 ', '4.5.2006', '4-5-2006', '04052006']) expect(isoFromDayMonthYear(typed)).toBe('2006-05-04');
    expect(isoFromDayMonthYear('')).toBe('');
    // Anything else as typed: the form's date rule names the format.
    expect(isoFromDayMonthYear('4/5/06')).toBe('4/5/06');
    expect(isoFromDayMonthYear('4 May 2006')).toBe('4 May 2006');
    expect(dayMonthYearOf('2006-05-04')).toBe('04/05/2006');
    expect(dayMonthYearOf('4/5')).toBe('4/5');
  });
});

describe('DateInput', () => {
  it('composes yyyy-mm-dd from the boxes and splits it back', () => {
    expect(composeIsoDate({ day: '4', month: '5', year: '2006' })).toBe('2006-05-04');
    expect(composeIsoDate({ day: '', month: '', year: '' })).toBe('');
    expect(composeIsoDate({ day: '', month: '5', year: '' })).toBe('-05-');
    expect(splitIsoDate('2006-05-04')).toEqual({ day: '04', month: '05', year: '2006' });
    expect(splitIsoDate('')).toEqual({ day: '', month: '', year: '' });
  });

  it('keeps what was typed in the boxes, reports the composed value and follows outside changes', async () => {
    function Harness() {
      const [value, setValue] = useState('2001-01-02');
      return (
        <>
          <DateInput id="dob" legend="Date of birth" hint="For example, 27 3 2007" value={value} onChange={setValue} autoCompletePrefix="bday" />
          <output>{value}</output>
          <button type="button" onClick={() => setValue('')}>
            Reset
          </button>
        </>
      );
    }
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group).toHaveAccessibleDescription('For example, 27 3 2007');
    const day = within(group).getByLabelText('Day');
    expect(day).toHaveAttribute('autocomplete', 'bday-day');
    expect(day).toHaveValue('02');
    await userEvent.clear(day);
    await userEvent.type(day, '9');
    expect(day).toHaveValue('9');
    expect(screen.getByRole('status')).toHaveTextContent('2001-01-09');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(day).toHaveValue('');
    expect(within(group).getByLabelText('Year')).toHaveValue('');
  });
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm = jest.fn() }: { onConfirm?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <ConfirmDialog
          open={open}
          title="Are you sure?"
          confirmLabel="Yes"
          cancelLabel="No"
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        >
          <p>It cannot be undone.</p>
        </ConfirmDialog>
      </>
    );
  }

  it('is a modal dialog that focuses its primary action, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    // Enter confirms: the primary action has focus.
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('confirms with its confirm button', async () => {
    const onConfirm = jest.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes and cancels when its DialogScope key changes (sign-out), and opens again in the new scope', async () => {
    const onCancel = jest.fn();
    function Scoped() {
      const [scope, setScope] = useState<string | null>('adviser1');
      const [open, setOpen] = useState(false);
      return (
        <DialogScope scopeKey={scope}>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <button type="button" onClick={() => setScope(null)}>
            Sign out
          </button>
          <ConfirmDialog
            open={open}
            title="Are you sure?"
            confirmLabel="Yes"
            onConfirm={() => setOpen(false)}
            onCancel={() => {
              onCancel();
              setOpen(false);
            }}
          />
        </DialogScope>
      );
    }
    const user = userEvent.setup();
    render(<Scoped />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out', hidden: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(document.body.style.overflow).toBe('');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
  });
});

describe('Panel', () => {
  it('shows the outcome as the page heading', () => {
    render(<Panel title="Good News!">Your reference number 31004217</Panel>);
    expect(screen.getByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(screen.getByText('Your reference number 31004217')).toBeInTheDocument();
  });
});

describe('FileUpload and ProgressBar', () => {
  it('labels the file input, describes it by hint and error, hands over the chosen file and empties itself', async () => {
    const onFileChosen = jest.fn();
    const user = userEvent.setup();
    render(<FileUpload id="doc" label="A levels document 1" hint="PDF up to 5 MB" error="Too big" onFileChosen={onFileChosen} />);
    const input = screen.getByLabelText('A levels document 1') as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('PDF up to 5 MB Error: Too big');
    const file = new File(['%PDF-1.4'], 'results.pdf', { type: 'application/pdf' });
    await user.upload(input, file);
    expect(onFileChosen).toHaveBeenCalledWith(file);
    expect(input.value).toBe('');
  });

  it('is a labelled progress bar in per cent', () => {
    render(<ProgressBar id="p" label="Uploading results.pdf" value={0.456} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading results.pdf' });
    expect(bar).toHaveAttribute('value', '46');
    expect(bar).toHaveAttribute('max', '100');
  });
});
