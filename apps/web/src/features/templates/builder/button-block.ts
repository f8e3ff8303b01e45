import type { Editor } from 'grapesjs';

/** The width, centring and side padding of the starter layout's content column (builder-options STARTER_HTML). */
const COLUMN_STYLE = 'width:100%;max-width:600px;margin:0 auto;padding:0 20px';

/**
 * An email-safe button: a table cell carries the colour (Outlook ignores padding and background on links),
 * every style is inline, and it sits in a table as wide as the content column, so a button dropped
 * between blocks still lines up with the text.
 */
export const BUTTON_BLOCK_HTML = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${COLUMN_STYLE}">
  <tr>
    <td style="padding:12px 10px">
      <table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate">
        <tr>
          <td align="center" bgcolor="#2563eb" style="border-radius:6px;background-color:#2563eb">
            <a href="https://example.com" target="_blank" style="display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px">Button</a>
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>`;

/**
 * Replaces the preset's Button block (a bare `<a class="button">` with no link and no inline style) with
 * the email-safe one, and names the link's settings so the URL field is easy to find.
 */
export function installEmailSafeButton(editor: Editor) {
  const block = editor.Blocks.get('button');
  if (block) block.set('content', BUTTON_BLOCK_HTML);
  editor.Components.addType('link', {
    model: {
      defaults: {
        traits: [
          { type: 'text', name: 'href', label: 'Link (URL)', placeholder: 'https://example.com' },
          { type: 'text', name: 'title', label: 'Title' },
          {
            type: 'select',
            name: 'target',
            label: 'Open in',
            options: [
              { id: '_blank', label: 'New window' },
              { id: '', label: 'Same window' },
            ],
          },
        ],
      },
    },
  });
}
