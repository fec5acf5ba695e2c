import { COUNTRY_OPTIONS, VISA_TYPE_OPTIONS } from '@clearing-desk/contracts';
import { FORM_TEXTS } from '../texts';
import { textOf } from '../utils/form-values';
import { FormField } from './form-field';
import { useApplicationForm } from './application-form-provider';

/**
 * Step 1: the applicant details of spec section 3 in form order. The duplicate check runs when
 * EMAIL or UCAS_PERSONAL_ID loses focus, and when APPLIED_TO_UCAS changes (spec section 4).
 */
export function PersonalDetailsFields() {
  const { values, checkDuplicate } = useApplicationForm();
  const check = () => void checkDuplicate();
  return (
    <>
      <FormField name="NAME1" />
      <FormField name="NAME2" />
      <FormField name="EMAIL" hint="We will send you updates about your application by email." onBlur={check} />
      <FormField name="DOB" />
      <FormField name="TEL1" />
      <FormField name="TEL2" />
      <FormField name="POSTCODE" />
      <FormField name="NATIONALITY" options={COUNTRY_OPTIONS} placeholder={FORM_TEXTS.SELECT_NATIONALITY} />
      <FormField name="VISA_TYPE" options={VISA_TYPE_OPTIONS} placeholder={FORM_TEXTS.SELECT_VISA_TYPE} />
      <FormField
        name="APPLIED_TO_UCAS"
        onChanged={(value) => void checkDuplicate({ ...values, APPLIED_TO_UCAS: value })}
        after={textOf(values, 'APPLIED_TO_UCAS') === '1' ? <FormField name="UCAS_PERSONAL_ID" onBlur={check} /> : null}
      />
      <FormField name="APPLIED_TO_UNIGO" />
      <FormField name="PREVIOUSLY_STUDIED_AT_CITY" />
      <FormField name="PREVIOUSLY_APPLIED_TO_CITY" />
      <FormField name="NOTES" />
    </>
  );
}
