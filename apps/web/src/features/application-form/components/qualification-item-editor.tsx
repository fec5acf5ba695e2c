import type { QualificationItem, QualOption } from '@clearing-desk/contracts';
import { Button, ErrorMessage, Select, VisuallyHidden } from '@clearing-desk/ui';
import type { KeyboardEvent } from 'react';
import { FORM_TEXTS, GROUP_ITEM_NOUN } from '../texts';
import type { Group } from '../types';
import { fieldId, itemId } from '../utils/field-ids';
import { IB_CODE, ibSections, ibYearFields } from '../utils/ib';
import { useApplicationForm } from './application-form-provider';
import { QualificationFieldInput } from './qualification-field-input';

type QualificationItemEditorProps = {
  group: Group;
  index: number;
  item: QualificationItem;
  /** The types this group offers (the course's qualOptions of the group). */
  options: readonly QualOption[];
  onDone: () => void;
  /** Done, then a new item of the same type and year (the next of a caller's GCSEs or A levels). */
  onDoneAndAddAnother: () => void;
  onRemove: () => void;
};

/**
 * An item being edited: its type first, then the fields of that type (the IB composite in
 * sections: total, extended essay, theory of knowledge, each subject slot), Done, Done and add
 * another, and Remove.
 */
export function QualificationItemEditor({ group, index, item, options, onDone, onDoneAndAddAnother, onRemove }: QualificationItemEditorProps) {
  const { dispatch, errorAt } = useApplicationForm();
  const option = options.find((o) => o.qualification === item.QUALIFICATION);
  const number = index + 1;
  const noun = GROUP_ITEM_NOUN[group];
  const path = `${group}.${index}`;
  const itemError = errorAt(path);
  const yearFields = option?.qualification === IB_CODE ? ibYearFields(option.fields) : undefined;

  const setType = (qualification: string) => {
    const next = options.find((o) => o.qualification === qualification);
    // Keep the values the new type can hold (same field, and an offered option for a select).
    const keep = (next?.fields ?? [])
      .filter((f) => {
        const value = item[f.name];
        return value !== undefined && (f.type !== 'select' || (f.options ?? []).some((o) => o.value === value));
      })
      .map((f) => f.name);
    dispatch({ type: 'set-item-type', group, index, qualification, keep });
  };

  const input = (name: string) => {
    const field = option?.fields.find((f) => f.name === name);
    if (!field) return null;
    return (
      <QualificationFieldInput
        key={name}
        id={fieldId(`${path}.${name}`)}
        field={field}
        value={item[name] ?? ''}
        error={errorAt(`${path}.${name}`)}
        onChange={(value) => dispatch({ type: 'set-item-field', group, index, name, value, ibYearFields: yearFields })}
      />
    );
  };

  // Enter in one of the item's boxes means Done with the item, not Next for the whole step.
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    onDone();
  };

  return (
    <fieldset
      className="cd-fieldset cd-group-item"
      id={itemId(group, index)}
      tabIndex={-1}
      aria-describedby={itemError ? `${itemId(group, index)}-error` : undefined}
      onKeyDown={onKeyDown}
    >
      <legend className="cd-fieldset__legend cd-fieldset__legend--s">
        {noun} {number}
      </legend>
      {itemError && <ErrorMessage id={`${itemId(group, index)}-error`}>{itemError}</ErrorMessage>}
      <Select
        id={fieldId(`${path}.QUALIFICATION`)}
        label={FORM_TEXTS.QUALIFICATION_TYPE}
        options={options.map((o) => ({ value: o.qualification, label: o.label }))}
        placeholder={FORM_TEXTS.SELECT_QUALIFICATION_TYPE}
        value={item.QUALIFICATION}
        error={errorAt(`${path}.QUALIFICATION`)}
        onChange={(event) => setType(event.target.value)}
      />
      {option?.qualification === IB_CODE
        ? ibSections(option.fields).map((section) => (
            <fieldset key={section.key} className="cd-fieldset cd-group-item__section">
              <legend className="cd-fieldset__legend cd-fieldset__legend--s">{section.legend}</legend>
              {section.fields.map((f) => input(f.name))}
            </fieldset>
          ))
        : option?.fields.map((f) => input(f.name))}
      <div className="cd-button-group cd-group-item__actions">
        <Button variant="secondary" className="cd-button--small" id={`${itemId(group, index)}-done`} onClick={onDone}>
          {FORM_TEXTS.DONE}
          <VisuallyHidden>
            {' '}
            with {noun.toLowerCase()} {number}
          </VisuallyHidden>
        </Button>
        <Button variant="secondary" className="cd-button--small" id={`${itemId(group, index)}-done-add`} onClick={onDoneAndAddAnother}>
          {FORM_TEXTS.DONE_AND_ADD_ANOTHER}
          <VisuallyHidden> {noun.toLowerCase()}</VisuallyHidden>
        </Button>
        <Button variant="warning" className="cd-button--small" id={`${itemId(group, index)}-remove`} onClick={onRemove}>
          {FORM_TEXTS.REMOVE}
          <VisuallyHidden>
            {' '}
            {noun.toLowerCase()} {number}
          </VisuallyHidden>
        </Button>
      </div>
    </fieldset>
  );
}
