import {
  APPLICATION_FIELDS,
  countryName,
  DOCUMENT_TYPE_TITLES,
  formatLongDate,
  isFieldVisible,
  isIsoDate,
  SECOND_YEAR_ENTRY_OPTIONS,
  VISA_TYPE_OPTIONS,
  type DocumentSummary,
  type FieldDef,
  type FormSection,
  type QualificationItem,
  type QualOption,
} from '@clearing-desk/contracts';
import { SummaryList, VisuallyHidden } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import type { ApplicationStepId } from '@/config/paths';
import { stepOfSection } from '../steps';
import { FORM_TEXTS } from '../texts';
import { GROUPS } from '../types';
import { formatFileSize } from '../utils/file-size';
import { optionOf, qualificationSummary } from '../utils/qualification-summary';

/** '2006-05-14' -> '14 May 2006'. */
export const formatDate = (iso: string): string => (isIsoDate(iso) ? formatLongDate(iso) : iso);

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A plain field's value as people read it (Yes/No, country and visa names, dates, year of entry). */
export function displayValue(field: FieldDef, raw: unknown): string {
  const value = text(raw);
  if (value === '') return '';
  if (field.kind === 'yesno') return value === '1' ? FORM_TEXTS.YES : value === '0' ? FORM_TEXTS.NO : value;
  switch (field.name) {
    case 'NATIONALITY':
      return countryName(value);
    case 'VISA_TYPE':
      return VISA_TYPE_OPTIONS.find((o) => o.value === value)?.label ?? value;
    case 'DOB':
      return formatDate(value);
    case 'SECOND_YEAR_ENTRY':
      return SECOND_YEAR_ENTRY_OPTIONS.find((o) => o.value === value)?.label ?? value;
    default:
      return value;
  }
}

/** A document as the read-back lists it. */
export type ListedDocument = Pick<DocumentSummary, 'file_name' | 'file_size' | 'document_type'>;

type ApplicationDetailsProps = {
  values: Readonly<Record<string, unknown>>;
  qualOptions: readonly QualOption[];
  /** The uploaded documents, by name; the section is left out when not given. */
  documents?: readonly ListedDocument[];
  /** With it, each section has a Change link to its step. */
  getStepHref?: (step: ApplicationStepId) => string;
};

const SECTION_TITLES: Record<FormSection, string> = { 'personal-details': 'Personal details', qualifications: 'Qualifications' };

/**
 * An application read back (submit step, confirmation, review page): summary lists per section,
 * every qualification in words, numbered as on the form, and the uploaded documents by name.
 * Hidden fields are left out.
 */
export function ApplicationDetails({ values, qualOptions, documents, getStepHref }: ApplicationDetailsProps) {
  const sectionHeading = (section: FormSection) => (
    <div className="cd-details-heading">
      <h2 className="cd-heading-m">{SECTION_TITLES[section]}</h2>
      {getStepHref && (
        <Link className="cd-link" to={getStepHref(stepOfSection(section).id)}>
          {FORM_TEXTS.CHANGE}
          <VisuallyHidden> {SECTION_TITLES[section].toLowerCase()}</VisuallyHidden>
        </Link>
      )}
    </div>
  );
  const rows = (section: FormSection) =>
    APPLICATION_FIELDS.filter((f) => f.section === section && f.kind !== 'group' && isFieldVisible(f, values)).map((f) => ({
      key: f.label,
      value: displayValue(f, values[f.name]),
    }));

  return (
    <div className="cd-application-details">
      {sectionHeading('personal-details')}
      <SummaryList rows={rows('personal-details')} />
      {sectionHeading('qualifications')}
      <SummaryList rows={rows('qualifications')} />
      {GROUPS.map((group) => {
        const field = APPLICATION_FIELDS.find((f) => f.name === group);
        const items = Array.isArray(values[group]) ? (values[group] as QualificationItem[]) : [];
        if (!field || (items.length === 0 && !qualOptions.some((o) => o.group === group))) return null;
        return (
          <div key={group} className="cd-read-back">
            <h3 className="cd-heading-s">{field.label}</h3>
            {items.length === 0 ? (
              <p className="cd-body cd-secondary-text">{FORM_TEXTS.NO_ITEMS}</p>
            ) : (
              <ol className="cd-list cd-read-back__list">
                {items.map((item, index) => {
                  const option = optionOf(qualOptions, item);
                  return (
                    <li key={index}>
                      <strong>{option?.label ?? item.QUALIFICATION}</strong>
                      {': '}
                      {qualificationSummary(item, option)}
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
        );
      })}
      {documents && (
        <div className="cd-read-back">
          <h3 className="cd-heading-s">{FORM_TEXTS.DOCUMENTS_HEADING}</h3>
          {documents.length === 0 ? (
            <p className="cd-body cd-secondary-text">{FORM_TEXTS.NO_DOCUMENTS}</p>
          ) : (
            <ul className="cd-list cd-list--bullet">
              {documents.map((document, index) => (
                <li key={index}>
                  <strong>{DOCUMENT_TYPE_TITLES[document.document_type]}</strong>
                  {': '}
                  {document.file_name} ({formatFileSize(document.file_size)})
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
