import { describe, expect, it } from 'vitest';
import { focusReturnsTo } from './a11y';
import { sharedBrowser } from './harness';

/** The sweeps' own helpers, on a page of the test's making (no hub): what they report must be true. */
describe('the accessibility helpers', () => {
  it('focusReturnsTo follows the element it marked, even when the list puts another row first', async () => {
    const context = await (await sharedBrowser()).newContext();
    try {
      const page = await context.newPage();
      // A list that refreshes at the worst moment (as the Audit Log does when delivered events
      // invalidate it): as soon as a row is marked as the opener, a new row goes first. A row opens
      // a dialog, and Escape closes it and gives focus back to the row that opened it.
      await page.setContent(`<ul id="list"><li tabindex="0">older</li></ul><div id="host"></div>
        <script>
          const list = document.getElementById('list');
          let added = 0;
          new MutationObserver(() => {
            const row = document.createElement('li');
            row.tabIndex = 0;
            row.textContent = 'newer ' + ++added;
            list.prepend(row);
          }).observe(list, { attributes: true, subtree: true, attributeFilter: ['data-opener'] });
          list.addEventListener('click', (event) => {
            const opener = event.target.closest('li');
            const dialog = document.createElement('div');
            dialog.setAttribute('role', 'dialog');
            dialog.tabIndex = -1;
            dialog.textContent = opener.textContent;
            dialog.addEventListener('keydown', (key) => {
              if (key.key === 'Escape') {
                dialog.remove();
                opener.focus();
              }
            });
            document.getElementById('host').append(dialog);
            dialog.focus();
          });
        </script>`);
      let opened = '';
      const back = await focusReturnsTo(page, page.locator('li').first(), async () => {
        opened = await page.getByRole('dialog').innerText();
      });
      expect(opened).toBe('older');
      expect(back).toBe(true);
      expect(await page.locator('[data-opener]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
