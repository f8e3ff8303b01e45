export { escapeHtml } from './escape-html';
export { inlineCss } from './inline-css';
export { htmlToPlainText } from './plain-text';
export {
  fillVariables,
  type RenderContact,
  type RenderedEmail,
  type RenderOptions,
  renderTemplate,
} from './render-template';
export { SAMPLE_CONTACT } from './sample-contact';
