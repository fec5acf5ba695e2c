import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}) {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: target not found');
  for (let i = 0; i < max; i++) {
    if (await handle.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`tabTo: no focus after ${max} presses`);
}

/** Types into the focused field after clearing it. */
export async function typeIntoFocused(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

/** Chooses an option of the focused (closed) select with the keyboard: Home, then ArrowDown. */
export async function chooseInFocusedSelect(page: Page, select: Locator, value: string) {
  const index = await select.evaluate((el, v) => Array.from((el as HTMLSelectElement).options).findIndex((o) => o.value === v), value);
  if (index < 0) throw new Error(`no option ${value}`);
  await page.keyboard.press('Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue(value);
}
