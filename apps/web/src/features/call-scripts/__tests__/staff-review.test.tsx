import { buildQualOption } from '@clearing-desk/contracts';
import { render, screen, within } from '@testing-library/react';
import { StaffReview } from '..';

const qualOptions = [buildQualOption('ALEVEL'), buildQualOption('GCSE')];
const qualifications = [
  { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A*', YEAR: '2025' },
  { QUALIFICATION: 'GCSE', SUBJECT: '<i>English Language</i>', GRADE: '5', YEAR: '2023' },
];

describe('StaffReview', () => {
  it('lists the qualifications, numbered, to read back to the caller and shows the script once complete', () => {
    render(<StaffReview complete qualifications={qualifications} qualOptions={qualOptions} script={<p>the script</p>} />);
    const list = screen.getByRole('list', { name: 'Read the qualifications back to the caller' });
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A Level: Subject Mathematics, Grade A*, Year 2025', 'GCSE: Subject <i>English Language</i>, Grade 5, Year 2023']);
    expect(screen.getByText('the script')).toBeInTheDocument();
  });

  it('holds the script back while fields are incomplete', () => {
    render(<StaffReview complete={false} qualifications={[]} qualOptions={qualOptions} script={<p>the script</p>} />);
    expect(screen.getByText('No qualifications entered.')).toBeInTheDocument();
    expect(screen.getByText('The feedback script appears here once every field is complete.')).toBeInTheDocument();
    expect(screen.queryByText('the script')).not.toBeInTheDocument();
  });
});
