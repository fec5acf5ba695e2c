/**
 * Subject group options of spec section 3 (ALEVEL, BTEC, OCR): `{ value, label }` items.
 * ALEVEL and BTEC hold the subjects people know (domain.md "Subject lists"); OCR is the 9 items
 * the spec lists. Subjects of other qualification types are free text.
 */
export type SubjectOption = { value: string; label: string };

const toOptions = (labels: readonly string[]): SubjectOption[] =>
  labels.map((label) => ({ value: label, label }));

export const ALEVEL_SUBJECTS = toOptions([
  'Accounting', 'Ancient History', 'Arabic', 'Archaeology', 'Art and Design', 'Biology',
  'Business', 'Chemistry', 'Chinese', 'Classical Civilisation', 'Computer Science', 'Dance',
  'Design and Technology', 'Drama and Theatre', 'Economics', 'Electronics',
  'English Language', 'English Language and Literature', 'English Literature',
  'Environmental Science', 'Film Studies', 'French', 'Further Mathematics', 'Geography',
  'Geology', 'German', 'Government and Politics', 'Greek', 'Gujarati', 'History',
  'History of Art', 'Italian', 'Japanese', 'Latin', 'Law', 'Mathematics', 'Media Studies',
  'Modern Hebrew', 'Music', 'Music Technology', 'Panjabi', 'Persian', 'Philosophy',
  'Physical Education', 'Physics', 'Polish', 'Politics', 'Portuguese', 'Psychology',
  'Religious Studies', 'Russian', 'Sociology', 'Spanish', 'Statistics', 'Turkish', 'Urdu',
]);

export const BTEC_SUBJECTS = toOptions([
  'Applied Human Biology', 'Applied Law', 'Applied Psychology', 'Applied Science',
  'Art and Design', 'Business', 'Computing', 'Construction and the Built Environment',
  'Creative Digital Media Production', 'Engineering', 'Enterprise and Entrepreneurship',
  'Health and Social Care', 'Information Technology', 'Music Technology',
  'Performing Arts', 'Public Services', 'Sport',
  'Sport (Development, Coaching and Fitness)', 'Sport and Exercise Science',
  'Travel and Tourism', 'Uniformed Protective Services',
  'Art and Design (Art and Design Practice)', 'Engineering (Mechanical Engineering)',
  'Engineering (Electrical and Electronic Engineering)', 'Information Technology (Computing)',
  'Applied Science (Laboratory Science)', 'Business (Marketing)',
]);

export const OCR_SUBJECTS = toOptions([
  'Art and Design', 'Business', 'Digital Media', 'Engineering', 'Health and Social Care',
  'Information Technology', 'Laboratory Skills', 'Performing Arts', 'Sport and Physical Activity',
]);

/** Subject group options by the spec's group name. */
export const SUBJECT_GROUPS = { ALEVEL: ALEVEL_SUBJECTS, BTEC: BTEC_SUBJECTS, OCR: OCR_SUBJECTS } as const;
export type SubjectGroup = keyof typeof SUBJECT_GROUPS;
