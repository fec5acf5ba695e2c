import { renderUcasReminderEmail } from './render-ucas-reminder-email';

describe('the UCAS reminder email', () => {
  it('says when the offer lapses and what to do, with the status page link', async () => {
    const email = await renderUcasReminderEmail(
      {
        applicationId: '7',
        studentId: '2600007',
        ucasCode: 'G400',
        status: 'O',
        hash: 'a'.repeat(64),
        reference: '31100007',
        applicant: { NAME1: 'Ann', EMAIL: 'ann@example.com' },
        deadline: '2026-08-19T22:59:00.000Z',
        remindedAt: '2026-08-19T11:00:00.000Z',
      },
      { publicUrl: 'https://clearing.university.example/' },
    );
    expect(email.kind).toBe('UCAS_REMINDER');
    expect(email.subject).toBe('Reminder: add us as your Clearing choice in UCAS Hub');
    const text = email.text.replace(/\s+/g, ' ');
    expect(text).toContain('Dear Ann, YOUR OFFER LAPSES SOON Your offer lapses at 23:59 on Wednesday 19 August 2026.');
    expect(text).toContain('Your offer lapses at 23:59 on Wednesday 19 August 2026.');
    expect(text).toContain('Add us as your Clearing choice in UCAS Hub before the deadline, or your offer will lapse.');
    expect(email.html).toContain(`https://clearing.university.example/review/${'a'.repeat(64)}`);
  });
});
