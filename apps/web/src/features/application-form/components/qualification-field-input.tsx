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
 * grade (GRADE) is a row of radios, one click per grade: in a drop-down, typing 'A' picks 'A*'
 * (issue 20 item 3).
 */
export function QualificationFieldInput({ id, field, value, error, onChange }: QualificationFieldInputProps) {
  const label = field.required ? field.label : `${field.label} ${FORM_TEXTS.OPTIONAL}`;
  if (field.type === 'select' && field.name === 'GRADE') {
    return <Radios id={id} name={id} legend={label} options={field.options ?? []} value={value} error={error} onChange={onChange} compact />;
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
