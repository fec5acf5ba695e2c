import { APPLICATION_FIELD_BY_NAME, type QualificationItem } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, ErrorMessage, VisuallyHidden } from '@clearing-desk/ui';
import { useState } from 'react';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { FORM_TEXTS, GROUP_ADD_LABEL, GROUP_HINT, GROUP_ITEM_NOUN, removeItemTitle } from '../texts';
import type { Group } from '../types';
import { addButtonId, errorTargetId, fieldId, groupId, itemId } from '../utils/field-ids';
import { itemsOf } from '../utils/form-values';
import { IB_CODE } from '../utils/ib';
import { optionOf, qualificationSummary } from '../utils/qualification-summary';
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
  const { values, qualOptions, state, dispatch, errorAt, errors, shownErrors, finishItem } = useApplicationForm();
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
   * field to fill (issue 20 item 3: fewer actions); an IB item is followed by a blank one.
   */
  const add = (from: QualificationItem | undefined = items.at(-1)) => {
    const fromOption = from ? optionOf(qualOptions, from) : undefined;
    if (from && fromOption && fromOption.qualification !== IB_CODE) {
      const keepsYear = fromOption.fields.some((f) => f.name === 'YEAR') && typeof from.YEAR === 'string' && from.YEAR !== '';
      dispatch({ type: 'add-item', group, item: { QUALIFICATION: fromOption.qualification, ...(keepsYear ? { YEAR: from.YEAR } : {}) } });
      const first = fromOption.fields.find((f) => f.name !== 'YEAR' || !keepsYear);
      focusAfterRender(fieldId(`${group}.${items.length}.${first?.name ?? 'QUALIFICATION'}`));
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
  // Done: on to the group's 'Add' control, the next thing an adviser does (issue 20 item 3: no Tabs back through the form).
  const done = (index: number) => {
    if (finish(index)) focusAfterRender(addButtonId(group));
  };
  // Done and add another: the next item of the caller's list opens at once, as this one (issue 20: one action, not two).
  const doneAndAddAnother = (index: number) => {
    if (finish(index)) add(items[index]);
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

      <Button variant="secondary" id={addButtonId(group)} onClick={() => add()}>
        {GROUP_ADD_LABEL[group]}
      </Button>

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
