import { APPLY_MESSAGES, APPLY_UNAVAILABLE_TEXTS } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CourseAction } from '../course-action';
import { CourseInformation } from '../course-information';

describe('why Apply is unavailable (domain.md "Public submissions": no internal vacancies is COURSE_CLOSED)', () => {
  it('says beside the disabled Apply in the search that no places are left', () => {
    render(
      <MemoryRouter>
        <CourseAction course={createCourse({ VACANCIES_EXTERNAL: 10, VACANCIES_INTERNAL: 0 })} />
      </MemoryRouter>,
    );
    const apply = screen.getByRole('button', { name: /^Apply/ });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription(APPLY_UNAVAILABLE_TEXTS.NO_PLACES);
    expect(screen.getByText(APPLY_UNAVAILABLE_TEXTS.NO_PLACES)).toBeVisible();
  });

  it('shows the closed-course text of spec section 8 on the course page, with no Start application', () => {
    render(
      <MemoryRouter>
        <CourseInformation course={createCourse({ VACANCIES_EXTERNAL: 10, VACANCIES_INTERNAL: 0 })} canApply startHref="/apply/G400/personal-details" />
      </MemoryRouter>,
    );
    expect(screen.getByText(APPLY_MESSAGES.COURSE_CLOSED, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start application/ })).not.toBeInTheDocument();
    // The text asks people to check the list of open courses: the link takes them there.
    expect(screen.getByRole('link', { name: 'See the list of open courses' })).toHaveAttribute('href', '/apply');
  });

  it('keeps Apply enabled with places on both routes', () => {
    render(
      <MemoryRouter>
        <CourseAction course={createCourse({ VACANCIES_EXTERNAL: 10, VACANCIES_INTERNAL: 2 })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /^Apply/ })).toBeInTheDocument();
    expect(screen.queryByText(APPLY_UNAVAILABLE_TEXTS.NO_PLACES)).not.toBeInTheDocument();
  });
});
