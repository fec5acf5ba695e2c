import { sanitizeCourseNotes } from './sanitize-course-notes';

describe('sanitizeCourseNotes', () => {
  it.each([
    ['a script element, with its content', '<p>A</p><script>alert(1)</script>', '<p>A</p>'],
    ['event handlers', '<p onclick="x()" onmouseover="y()">A</p>', '<p>A</p>'],
    ['javascript: links', '<a href="javascript:alert(1)">A</a>', '<a target="_blank" rel="noopener noreferrer">A</a>'],
    ['javascript: links hidden by case and entities', '<a href="JaVaScRiPt&#58;alert(1)">A</a>', '<a target="_blank" rel="noopener noreferrer">A</a>'],
    ['data: links', '<a href="data:text/html,<script>alert(1)</script>">A</a>', '<a target="_blank" rel="noopener noreferrer">A</a>'],
    ['iframes, styles and images', '<iframe src="https://x"></iframe><style>p{}</style><img src="x" onerror="a()"><p style="color:red">A</p>', '<p>A</p>'],
  ])('removes %s', (_what, html, expected) => {
    expect(sanitizeCourseNotes(html)).toBe(expected);
  });

  it('keeps the allowed formatting and safe links', () => {
    const html = '<h3>Entry</h3><p><strong>128</strong> points, <em>or</em></p><ul><li>a</li></ul><a href="mailto:admissions@example.ac.uk">Email</a>';
    expect(sanitizeCourseNotes(html)).toBe(
      '<h3>Entry</h3><p><strong>128</strong> points, <em>or</em></p><ul><li>a</li></ul><a href="mailto:admissions@example.ac.uk" target="_blank" rel="noopener noreferrer">Email</a>',
    );
  });

  it('answers null for null and for HTML with nothing left', () => {
    expect(sanitizeCourseNotes(null)).toBeNull();
    expect(sanitizeCourseNotes('<script>alert(1)</script>  ')).toBeNull();
  });
});
