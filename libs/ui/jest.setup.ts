import '@testing-library/jest-dom';

// jsdom does not implement scrolling.
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = jest.fn();
