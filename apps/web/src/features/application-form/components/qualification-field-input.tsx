import type { QualField } from '@clearing-desk/contracts';
import { Radios, Select, TextInput } from '@clearing-desk/ui';
import { FORM_TEXTS } from '../texts';

type QualificationFieldInputProps = {
  id: string;
  field: QualField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * One field of a qualification item from its qualOption field: select, text, number or year. A
 * grade (GRADE) is a row of radios, one click per grade, or typed: 'A' gives A, then '*' A* (in a
 * drop-down typing 'A' picks 'A*'). A subject from a list (A level, BTEC, OCR)
 * is typed with the list as suggestions (a native input with a datalist): the option whose label
 * is typed (case aside) is stored as its value, anything else as typed, which the shared rule
 * refuses with its 'must be one of' message.
 */
export function QualificationFieldInput({ id, field, value, error, onChange }: QualificationFieldInputProps) {
  const label = field.required ? field.label : `${field.label} ${FORM_TEXTS.OPTIONAL}`;
  if (field.type === 'select' && field.name === 'GRADE') {
    return <Radios id={id} name={id} legend={label} options={field.options ?? []} value={value} error={error} onChange={onChange} compact selectByTyping />;
  }
  if (field.type === 'select' && field.name === 'SUBJECT') {
    const options = field.options ?? [];
    const shown = options.find((o) => o.value === value)?.label ?? value;
    const choose = (typed: string) => {
      const text = typed.trim().toLowerCase();
      onChange(options.find((o) => o.label.toLowerCase() === text)?.value ?? typed);
    };
    return (
      <>
        <TextInput
          id={id}
          label={label}
          value={shown}
          error={error}
          autoComplete="off"
          list={`${id}-options`}
          onChange={(event) => choose(event.target.value)}
        />
        <datalist id={`${id}-options`}>
          {options.map((o) => (
            <option key={o.value} value={o.label} />
          ))}
        </datalist>
      </>
    );
  }
  if (field.type === 'select') {
    return (
      <Select
        id={id}
        label={label}
        options={field.options ?? []}
        placeholder="Select"
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const numeric = field.type === 'number' || field.type === 'year';
  // Free text with suggestions (GCSE-group subjects, domain.md): a datalist, never a closed list.
  const listId = field.suggestions && field.suggestions.length > 0 ? `${id}-suggestions` : undefined;
  const input = (
    <TextInput
      id={id}
      label={label}
      value={value}
      error={error}
      inputMode={numeric ? 'numeric' : undefined}
      width={field.type === 'year' ? '4' : field.type === 'number' ? '3' : undefined}
      hint={field.type === 'number' && field.min !== undefined && field.max !== undefined ? `From ${field.min} to ${field.max}` : undefined}
      autoComplete="off"
      list={listId}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  if (!listId) return input;
  return (
    <>
      {input}
      <datalist id={listId}>
        {field.suggestions?.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
    </>
  );
}
