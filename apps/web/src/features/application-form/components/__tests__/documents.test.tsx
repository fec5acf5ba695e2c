import { documentNotAttachedText, fileVirusText, UPLOAD_ERRORS, uploadUnexpectedErrorText } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillPersonalDetails, fillValidQualifications, recordRequests, submitAndConfirm } from '@/testing/application-form';
import { db, seedCourses, setUploadOutcomes } from '@/testing/mocks/db';
import { releaseUploads } from '@/testing/mocks/handlers/files';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

jest.mock('browser-image-compression', () => ({
  __esModule: true,
  // Stands in for the canvas work jsdom cannot do: a smaller file of the requested type.
  default: jest.fn(async (file: File, options: { fileType: string }) => new File(['x'.repeat(10)], file.name, { type: options.fileType })),
}));

const ALEVELS_1 = 'A levels / BTEC / IB document 1';
const pdf = (name = 'results.pdf', bytes = 1200) => new File(['%PDF-1.4\n' + 'x'.repeat(bytes - 9)], name, { type: 'application/pdf' });

async function openQualifications(course: Parameters<typeof createCourse>[0] = {}) {
  seedCourses([createCourse(course)]);
  const rendered = renderApp('/apply/G400/qualifications');
  await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
  return rendered;
}

/** The uploads of one category ('A levels / BTEC / IB documents'). */
const category = (name: string) => screen.getByRole('group', { name });
const uploaded = (fileName: string) =>
  screen.findByText((_, element) => element?.classList.contains('cd-document__name') === true && element.textContent?.includes(fileName) === true);

describe('qualifications: document uploads', () => {
  it("offers one upload field per category of the course's DOCUMENT_TYPES", async () => {
    await openQualifications({ DOCUMENT_TYPES: 'ALEVELS,GCSE5' });
    expect(screen.getByRole('heading', { name: 'Documents (optional)', level: 2 })).toBeInTheDocument();
    expect(within(category('A levels / BTEC / IB documents')).getByLabelText(ALEVELS_1)).toHaveAttribute('type', 'file');
    expect(within(category('GCSE documents')).getByLabelText('GCSE document 1')).toHaveAttribute('accept', '.pdf,.png,.bmp,.jpeg,.jpg,.doc,.docx');
    expect(screen.getByLabelText(ALEVELS_1)).toHaveAccessibleDescription('You can add up to 5 documents.');
    expect(screen.queryByRole('group', { name: 'English test documents' })).not.toBeInTheDocument();
  });

  it('shows nothing to upload for a course that takes no documents', async () => {
    await openQualifications({ DOCUMENT_TYPES: '' });
    expect(screen.queryByRole('heading', { name: /^Documents/ })).not.toBeInTheDocument();
  });

  it('uploads a file as multipart with the XSRF header, with a labelled progress bar, then shows it uploaded', async () => {
    document.cookie = 'XSRF-TOKEN=t0k3n; path=/';
    setUploadOutcomes('hold');
    const { user } = await openQualifications();
    await user.upload(screen.getByLabelText(ALEVELS_1), pdf());

    const progress = await screen.findByRole('progressbar', { name: 'Uploading results.pdf' });
    expect(progress).toHaveAttribute('max', '100');
    // The next upload goes to the next slot while this one is on its way.
    expect(screen.getByLabelText('A levels / BTEC / IB document 2')).toBeInTheDocument();
    releaseUploads();

    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    const slot = document.getElementById('ALEVELS_DOCUMENT_1') as HTMLElement;
    expect(within(slot).getByText('Uploaded')).toBeInTheDocument();
    expect(slot).toHaveTextContent(`${ALEVELS_1}: results.pdf (1 KB)`);
    expect(db.uploads).toEqual([
      expect.objectContaining({ fileName: 'results.pdf', fileType: 'application/pdf', fileSize: 1200, documentType: 'ALEVELS', xsrfHeader: 't0k3n' }),
    ]);
  });

  it("shows spec section 8's virus text for file_virus, and frees the slot on Remove", async () => {
    setUploadOutcomes({ status: 422, message: 'file_virus' });
    const { user } = await openQualifications();
    await user.upload(screen.getByLabelText(ALEVELS_1), pdf('eicar.pdf'));

    const text =
      "'A levels / BTEC / IB document 1' - The document you provided could not be uploaded because it contained a virus. Please check the document and try again.";
    expect(fileVirusText(ALEVELS_1)).toBe(text);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Uploaded')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Remove ${ALEVELS_1}` }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    expect(screen.getByLabelText(ALEVELS_1)).toHaveFocus();
  });

  it("shows spec section 8's unexpected-error text for any other failure", async () => {
    setUploadOutcomes({ status: 503, message: UPLOAD_ERRORS.SCAN_UNAVAILABLE });
    const { user } = await openQualifications();
    await user.upload(screen.getByLabelText(ALEVELS_1), pdf());
    expect(await screen.findByText("'A levels / BTEC / IB document 1' - An unexpected error occurred. Please try again.")).toBeInTheDocument();
    expect(uploadUnexpectedErrorText(ALEVELS_1)).toBe("'A levels / BTEC / IB document 1' - An unexpected error occurred. Please try again.");
  });

  it('checks the format and the 5 MB limit in the browser and sends nothing then', async () => {
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/file/upload') sent.push(request.url);
    });
    await openQualifications();
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(screen.getByLabelText(ALEVELS_1), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText("'A levels / BTEC / IB document 1' allowed file formats: PDF, PNG, BMP, JPEG, JPG, DOC, DOCX.")).toBeInTheDocument();

    await user.upload(screen.getByLabelText('A levels / BTEC / IB document 2'), pdf('big.pdf', 5_242_881));
    expect(await screen.findByText("'A levels / BTEC / IB document 2' max size is 5 MB.")).toBeInTheDocument();
    await user.upload(screen.getByLabelText('A levels / BTEC / IB document 3'), pdf('just-fits.pdf', 5_242_880));
    await uploaded('just-fits.pdf');
    await waitFor(() => expect(db.uploads.map((u) => u.fileName)).toEqual(['just-fits.pdf']));
    expect(sent).toHaveLength(1);
  });

  it('recompresses images before upload (a large PNG becomes a JPEG)', async () => {
    const imageCompression = jest.requireMock<{ default: jest.Mock }>('browser-image-compression').default;
    const { user } = await openQualifications();
    const photo = new File([new Uint8Array(5_000_001)], 'scan.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(ALEVELS_1), photo);
    await uploaded('scan.jpg');
    expect(imageCompression).toHaveBeenCalledWith(photo, expect.objectContaining({ initialQuality: 0.6, fileType: 'image/jpeg', useWebWorker: false }));
    expect(db.uploads).toEqual([expect.objectContaining({ fileName: 'scan.jpg', fileType: 'image/jpeg', fileSize: 10 })]);
  });

  it('takes at most 5 documents per category; removing one frees its slot', async () => {
    const { user } = await openQualifications();
    for (let n = 1; n <= 5; n++) {
      await user.upload(screen.getByLabelText(`A levels / BTEC / IB document ${n}`), pdf(`results-${n}.pdf`));
      await uploaded(`results-${n}.pdf`);
    }
    const aLevels = category('A levels / BTEC / IB documents');
    await waitFor(() => expect(within(aLevels).getAllByText('Uploaded')).toHaveLength(5));
    expect(within(aLevels).queryByLabelText(/document \d$/)).not.toBeInTheDocument();
    expect(within(aLevels).getByText('You have added the maximum of 5 documents. Remove one to add another.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove A levels / BTEC / IB document 3' }));
    expect(within(aLevels).getByLabelText('A levels / BTEC / IB document 3')).toHaveFocus();
    expect(within(aLevels).getAllByText('Uploaded')).toHaveLength(4);
  });

  it('takes at most 2 documents for GCSE2', async () => {
    const { user } = await openQualifications({ DOCUMENT_TYPES: 'GCSE2' });
    const gcse = category('GCSE English and Mathematics documents');
    expect(within(gcse).getByLabelText('GCSE English and Mathematics document 1')).toHaveAccessibleDescription('You can add up to 2 documents.');
    await user.upload(within(gcse).getByLabelText('GCSE English and Mathematics document 1'), pdf('english.pdf'));
    await uploaded('english.pdf');
    await user.upload(within(gcse).getByLabelText('GCSE English and Mathematics document 2'), pdf('maths.pdf'));
    await uploaded('maths.pdf');
    await waitFor(() => expect(within(gcse).getByText('You have added the maximum of 2 documents. Remove one to add another.')).toBeInTheDocument());
    expect(within(gcse).queryByLabelText(/document \d$/)).not.toBeInTheDocument();
  });
});

describe('submitting with documents', () => {
  /** Steps 1 and 2 with one uploaded A level document, arriving at the submit step. */
  async function completeWithDocument() {
    const rendered = renderApp('/apply/G400/personal-details');
    const { user } = rendered;
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    await fillPersonalDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    await fillValidQualifications(user);
    await user.upload(screen.getByLabelText(ALEVELS_1), pdf());
    await waitFor(() => expect(screen.getByText('Uploaded')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
    return rendered;
  }

  it('reads the documents back and sends them with their file tokens; the review page lists them by name', async () => {
    const posts = recordRequests(server, 'POST', '/api/apply/G400');
    const { user } = await completeWithDocument();
    const readBack = screen.getByRole('heading', { name: 'Documents', level: 3 }).nextElementSibling as HTMLElement;
    expect(
      within(readBack)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A levels / BTEC / IB: results.pdf (1 KB)']);

    await submitAndConfirm(user);
    await screen.findByRole('heading', { level: 1, name: 'Good News!' });
    await waitFor(() => expect(posts).toHaveLength(1));
    const { data } = posts[0]?.body as { data: Record<string, unknown> };
    expect(data.ALEVELS_DOCUMENT_1).toEqual({
      file_id: expect.any(String),
      file_type: 'application/pdf',
      file_name: 'results.pdf',
      file_size: 1200,
      document_type: 'ALEVELS',
      file_token: db.uploads[0]?.token,
    });
    expect(db.uploads[0]?.owner).toBe(data.SUBMISSION_ID);

    await user.click(screen.getByRole('link', { name: 'View your application' }));
    await screen.findByRole('heading', { level: 2, name: 'Your application details' });
    const reviewDocuments = screen.getByRole('heading', { name: 'Documents', level: 3 }).nextElementSibling as HTMLElement;
    expect(
      within(reviewDocuments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A levels / BTEC / IB: results.pdf (1 KB)']);
  });

  it("shows the server's custom error on a document it refused, and blocks Submit until the file is removed", async () => {
    const { user } = await completeWithDocument();
    const upload = db.uploads[0];
    if (upload) upload.owner = 'another-application';
    await submitAndConfirm(user);

    const message = documentNotAttachedText(ALEVELS_1);
    const link = await screen.findByRole('link', { name: message });
    expect(link).toHaveAttribute('href', '/apply/G400/qualifications#ALEVELS_DOCUMENT_1');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    const slot = document.getElementById('ALEVELS_DOCUMENT_1') as HTMLElement;
    expect(slot).toHaveFocus();
    expect(within(slot).getByText(message)).toBeInTheDocument();
    await user.click(within(slot).getByRole('button', { name: `Remove ${ALEVELS_1}` }));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});
