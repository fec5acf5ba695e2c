import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { webcrypto } from 'node:crypto';
import { resetDb } from './mocks/db';
import { server } from './mocks/server';

// The first render of a lazy route compiles its module: on a loaded 2-core CI machine that takes
// longer than Testing Library's default 1 s wait for `findBy*` (the tests still wait for a state).
configure({ asyncUtilTimeout: 5000 });

// jsdom's crypto has no SubtleCrypto; browsers do, and the public form's proof of work (altcha-lib) uses it.
if (!globalThis.crypto.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  resetDb();
  // Form drafts are kept in the tab: each test starts with none.
  window.sessionStorage.clear();
  // The sign-out time and open calls shared by the tabs.
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
afterAll(() => server.close());

// jest-fixed-jsdom swaps in Node's FormData (for msw), which cannot read a <form>. React 19 builds
// `new FormData(form, submitter)` when a submit handler starts a transition (as router navigation
// does), so accept a form here the way browsers do.
const NodeFormData = globalThis.FormData;
class FormDataFromForm extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      const isButton = ['submit', 'button', 'reset', 'image'].includes(element.type);
      if (!element.name || element.disabled || (isButton && element !== submitter)) continue;
      if (['checkbox', 'radio'].includes(element.type) && !element.checked) continue;
      this.append(element.name, element.value);
    }
  }
}
globalThis.FormData = FormDataFromForm as typeof FormData;

// jest-fixed-jsdom keeps Node's Blob and FormData but leaves jsdom's File, which Node's FormData
// refuses ("not of type 'Blob'"): files chosen in tests must be Node's, as a browser's are its own.
globalThis.File = NodeFile as unknown as typeof File;

// jsdom does not implement scrolling.
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = jest.fn();
