import { APPLICATION_FIELD_BY_NAME, type QualificationItem, type QualOption } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, ErrorMessage, VisuallyHidden } from '@clearing-desk/ui';
import { useState } from 'react';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { FORM_TEXTS, GROUP_ADD_LABEL, GROUP_HINT, GROUP_ITEM_NOUN, removeItemTitle } from '../texts';
import { GROUPS, type Group } from '../types';
import { addButtonId, errorTargetId, fieldId, groupId, itemId } from '../utils/field-ids';
import { itemsOf } from '../utils/form-values';
import { IB_CODE } from '../utils/ib';
import { optionOf, qualificationSummary, quickAddOptions } from '../utils/qualification-summary';
import { useApplicationForm } from './application-form-provider';
import { QualificationItemEditor } from './qualification-item-editor';

/**
 * A qualification group (GCSE_QUALIFICATIONS or QUALIFICATIONS) driven by the course's
 * qualOptions: add an item (type, then its fields), Done shows it as a summary row (focus moves to
 * the group's Add button) and Edit opens
 * it again (spec section 2: selecting an entry toggles edit/done), Remove asks first. Items are
 * numbered from 1; an item whose errors show stays open, so every error links to its field.
 */
export function QualificationGroupEditor({ group }: { group: Group }) {
  const { values, qualOptions, state, dispatch, errorAt, errors, shownErrors, finishItem, audience } = useApplicationForm();
  const [removing, setRemoving] = useState<number | null>(null);
  const focusAfterRender = useFocusAfterRender();

  const field = APPLICATION_FIELD_BY_NAME.get(group);
  const options = qualOptions.filter((o) => o.group === group);
  const items = itemsOf(values, group);
  const ids = state.itemIds[group];
  const noun = GROUP_ITEM_NOUN[group];
  const groupError = errorAt(group);
  const headingId = `${groupId(group)}-heading`;

  /**
   * A new item. After `from` (the item just done, else the group's last) it starts as that one:
   * its type and year (a caller's GCSEs or A levels are mostly one sitting), focus on its first
   * field to fill (fewer actions); an IB item is followed by a blank one. With
   * `type` (an adviser's type button) it is of that type, as the group's last item when that one
   * is of the type too; `from` null: a blank item, focus on its type.
   */
  const add = (from: QualificationItem | null = items.at(-1) ?? null, type?: string) => {
    const fromOption = from ? optionOf(qualOptions, from) : undefined;
    if (from && fromOption && fromOption.qualification !== IB_CODE && (type === undefined || type === fromOption.qualification)) {
      const keepsYear = fromOption.fields.some((f) => f.name === 'YEAR') && typeof from.YEAR === 'string' && from.YEAR !== '';
      dispatch({ type: 'add-item', group, item: { QUALIFICATION: fromOption.qualification, ...(keepsYear ? { YEAR: from.YEAR } : {}) } });
      const first = fromOption.fields.find((f) => f.name !== 'YEAR' || !keepsYear);
      focusAfterRender(fieldId(`${group}.${items.length}.${first?.name ?? 'QUALIFICATION'}`));
      return;
    }
    const typeOption = type === undefined ? undefined : options.find((o) => o.qualification === type);
    if (typeOption) {
      dispatch({ type: 'add-item', group, item: { QUALIFICATION: typeOption.qualification } });
      focusAfterRender(fieldId(`${group}.${items.length}.${typeOption.fields[0]?.name ?? 'QUALIFICATION'}`));
      return;
    }
    dispatch({ type: 'add-item', group });
    focusAfterRender(fieldId(`${group}.${items.length}.QUALIFICATION`));
  };
  /** Done: true when the item closed; else focus goes to its first error. */
  const finish = (index: number) => {
    if (finishItem(group, index)) return true;
    const first = errors.find((e) => e.field === group && e.item === index + 1);
    if (first) focusAfterRender(errorTargetId(first));
    return false;
  };
  // Done (or Enter in one of the item's boxes): on to the next 'Add' control, the next thing an
  // adviser does (no Tabs through the form): after a GCSE, the qualifications
  // group's; after a qualification, its own group's (the last group).
  const nextGroup = GROUPS[GROUPS.indexOf(group) + 1];
  const done = (index: number) => {
    if (finish(index)) focusAfterRender(addButtonId(nextGroup ?? group));
  };
  // Done and add another: the next item of the caller's list opens at once, as this one (one action, not two).
  const doneAndAddAnother = (index: number) => {
    if (finish(index)) add(items[index] ?? null);
  };
  const edit = (index: number, id: string) => {
    dispatch({ type: 'open-item', id });
    focusAfterRender(fieldId(`${group}.${index}.QUALIFICATION`));
  };
  const confirmRemove = () => {
    if (removing !== null) dispatch({ type: 'remove-item', group, index: removing });
    setRemoving(null);
  };

  const removingItem = removing !== null ? items[removing] : undefined;
  const removingOption = removingItem ? optionOf(qualOptions, removingItem) : undefined;

  return (
    <section className="cd-group" id={groupId(group)} tabIndex={-1} aria-labelledby={headingId}>
      <h2 className="cd-heading-m" id={headingId}>
        {field?.label ?? group}
        {field && !field.required && <span className="cd-secondary-text"> {FORM_TEXTS.OPTIONAL}</span>}
      </h2>
      <p className="cd-hint">{GROUP_HINT[group]}</p>
      {groupError && <ErrorMessage id={`${groupId(group)}-error`}>{groupError}</ErrorMessage>}

      {items.length === 0 ? (
        <p className="cd-body cd-secondary-text">{FORM_TEXTS.NO_ITEMS}</p>
      ) : (
        <ol className="cd-group__items">
          {items.map((item, index) => {
            const id = ids[index] ?? `${group}-${index}`;
            const number = index + 1;
            const hasShownErrors = shownErrors.some((e) => e.field === group && e.item === number);
            const option = optionOf(qualOptions, item);
            return (
              <li key={id} className="cd-group__item">
                {state.openItems.has(id) || hasShownErrors ? (
                  <QualificationItemEditor
                    group={group}
                    index={index}
                    item={item}
                    options={options}
                    onDone={() => done(index)}
                    onDoneAndAddAnother={() => doneAndAddAnother(index)}
                    onRemove={() => setRemoving(index)}
                  />
                ) : (
                  <div className="cd-group-item cd-group-item--summary" id={itemId(group, index)} tabIndex={-1}>
                    <h3 className="cd-heading-s cd-group-item__title">
                      {noun} {number}: {option?.label ?? item.QUALIFICATION}
                    </h3>
                    <p className="cd-body cd-group-item__summary">{qualificationSummary(item, option)}</p>
                    <div className="cd-button-group cd-group-item__actions">
                      <Button variant="secondary" className="cd-button--small" id={`${itemId(group, index)}-edit`} onClick={() => edit(index, id)}>
                        {FORM_TEXTS.EDIT}
                        <VisuallyHidden>
                          {' '}
                          {noun.toLowerCase()} {number}
                        </VisuallyHidden>
                      </Button>
                      <Button variant="warning" className="cd-button--small" id={`${itemId(group, index)}-remove`} onClick={() => setRemoving(index)}>
                        {FORM_TEXTS.REMOVE}
                        <VisuallyHidden>
                          {' '}
                          {noun.toLowerCase()} {number}
                        </VisuallyHidden>
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}

      {audience === 'staff' ? (
        <TypeButtons group={group} options={options} onAdd={(type) => add(items.at(-1) ?? null, type)} onAddOther={() => add(null)} />
      ) : (
        <Button variant="secondary" id={addButtonId(group)} onClick={() => add()}>
          {GROUP_ADD_LABEL[group]}
        </Button>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={removeItemTitle(noun, (removing ?? 0) + 1)}
        confirmLabel={FORM_TEXTS.REMOVE_CONFIRM}
        cancelLabel={FORM_TEXTS.CANCEL}
        confirmVariant="warning"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        fallbackFocus={() => document.getElementById(addButtonId(group))}
      >
        {removingItem && removingOption && (
          <p className="cd-body">{[removingOption.label, qualificationSummary(removingItem, removingOption)].filter(Boolean).join(': ')}</p>
        )}
      </ConfirmDialog>
    </section>
  );
}

type TypeButtonsProps = {
  group: Group;
  /** The types the group offers (the course's qualOptions of the group). */
  options: readonly QualOption[];
  /** Adds an item of this type. */
  onAdd: (type: string) => void;
  /** Adds an item whose type is still to choose. */
  onAddOther: () => void;
};

/**
 * An adviser's 'Add' control (one action for the type a caller names, not three):
 * a button per common type the group offers ('GCSE', 'A Level'...) and 'Another type' for the
 * rest, which opens an item with the type drop-down. The first button has the group's add id
 * (where Done moves focus).
 */
function TypeButtons({ group, options, onAdd, onAddOther }: TypeButtonsProps) {
  const quick = quickAddOptions(options);
  const labelId = `${addButtonId(group)}-label`;
  return (
    <div className="cd-group__add" role="group" aria-labelledby={labelId}>
      <p className="cd-body cd-group__add-label" id={labelId}>
        {GROUP_ADD_LABEL[group]}
      </p>
      <div className="cd-button-group cd-group__add-buttons">
        {quick.map((option, i) => (
          <Button
            key={option.qualification}
            variant="secondary"
            className="cd-button--small"
            id={i === 0 ? addButtonId(group) : undefined}
            onClick={() => onAdd(option.qualification)}
          >
            <VisuallyHidden>{FORM_TEXTS.ADD} </VisuallyHidden>
            {option.label}
          </Button>
        ))}
        {quick.length < options.length && (
          <Button variant="secondary" className="cd-button--small" id={quick.length === 0 ? addButtonId(group) : undefined} onClick={onAddOther}>
            {FORM_TEXTS.ANOTHER_TYPE}
            <VisuallyHidden> {FORM_TEXTS.OF_QUALIFICATION}</VisuallyHidden>
          </Button>
        )}
      </div>
    </div>
  );
}
