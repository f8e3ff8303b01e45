import type { EditorConfig, ProjectData } from 'grapesjs';

/** A neutral placeholder image, inline, instead of the preset's via.placeholder.com (nothing loads from a CDN). */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="250" height="150"><rect width="100%" height="100%" fill="#78c5d6"/><text x="50%" y="50%" fill="#fff" font-family="Arial" font-size="18" text-anchor="middle" dominant-baseline="middle">Image</text></svg>',
)}`;

/** What a new builder template starts with when there is no HTML body to start from. */
export const STARTER_HTML = `<table style="width:100%;max-width:600px;margin:0 auto;padding:20px;font-family:Arial,Helvetica,sans-serif">
  <tr><td style="padding:10px">
    <p>Hi {{first_name|there}},</p>
    <p>Write your message here, or drag blocks from the panel on the right.</p>
    <p>Best regards,</p>
  </td></tr>
</table>`;

/**
 * GrapesJS with everything that would reach the network switched off: no telemetry (app.grapesjs.com),
 * no icon font from cdnjs, no storage (the template's builderJson is the storage), no asset uploads.
 */
export function builderConfig(
  container: HTMLElement,
  start: { projectData: ProjectData | null; html: string },
): EditorConfig {
  return {
    container,
    height: '100%',
    width: 'auto',
    telemetry: false,
    cssIcons: '',
    storageManager: false,
    assetManager: { upload: false },
    canvas: { styles: [], scripts: [] },
    ...(start.projectData
      ? { projectData: start.projectData }
      : { components: start.html.trim() ? start.html : STARTER_HTML }),
  };
}
