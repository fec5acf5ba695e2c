import { SUBJECT_ACCESS_TEXTS } from '@clearing-desk/contracts';
import { Button, TextInput } from '@clearing-desk/ui';

/**
 * An Administrator finds a person by email address or UCAS Personal ID and downloads everything
 * held about them as one zip (GET /api/admin/subject-access.zip: a plain form, so the browser
 * downloads the answer itself).
 */
export function SubjectAccessForm({ action }: { action: string }) {
  return (
    <section aria-labelledby="subject-access-heading">
      <h2 className="cd-heading-m" id="subject-access-heading">
        {SUBJECT_ACCESS_TEXTS.TITLE}
      </h2>
      <form method="get" action={action}>
        <TextInput id="subject-access-email" name="email" type="email" label="Email address" autoComplete="off" />
        <TextInput id="subject-access-ucas" name="ucas_personal_id" label="UCAS Personal ID" inputMode="numeric" width="10" autoComplete="off" />
        <Button type="submit">Download everything held (zip)</Button>
      </form>
    </section>
  );
}
