import 'grapesjs/dist/css/grapes.min.css';
import grapesjs, { type Editor, type Plugin, type ProjectData } from 'grapesjs';
import newsletterModule from 'grapesjs-preset-newsletter';
import jsBeautify from 'js-beautify';
import { useEffect, useImperativeHandle, useRef } from 'react';
import { builderConfig, PLACEHOLDER_IMAGE } from './builder-options';
import { installEmailSafeButton } from './button-block';

// The preset is a UMD bundle whose CommonJS export is `{ default: plugin }`; the bundler's interop hands
// over that object rather than the plugin.
const newsletter = ((newsletterModule as unknown as { default?: Plugin }).default ??
  newsletterModule) as Plugin;

export interface BuilderDesign {
  /** The editor's HTML followed by a <style> block of its CSS; the server inlines it (decision 009). */
  html: string;
  projectData: Record<string, unknown>;
}

export interface EmailBuilderHandle {
  /**
   * Throws when the editor cannot export (the caller shows 'Failed to export from editor...'). `readable`
   * indents the HTML, one element a line, for someone who goes on editing it by hand.
   */
  exportDesign(options?: { readable?: boolean }): BuilderDesign;
}

/** Indented HTML; inline elements and text stay on their line, so what the email shows does not change. */
const readableHtml = (html: string) =>
  jsBeautify.html(html, {
    indent_size: 2,
    wrap_line_length: 0,
    preserve_newlines: false,
    end_with_newline: true,
  });

export interface EmailBuilderProps {
  /** The saved project data (builderJson); null starts from `html` or a starter layout. */
  projectData: Record<string, unknown> | null;
  html: string;
  ref?: React.Ref<EmailBuilderHandle>;
}

/** Replaces the preset's remote placeholder images in its blocks with an inline one. */
function localiseBlocks(editor: Editor) {
  for (const block of editor.Blocks.getAll()) {
    const content = block.get('content');
    if (typeof content === 'string' && content.includes('via.placeholder.com')) {
      block.set('content', content.replace(/https:\/\/via\.placeholder\.com\/[^"']*/g, PLACEHOLDER_IMAGE));
    }
  }
}

/**
 * The drag-and-drop email builder: GrapesJS with its newsletter preset, bundled with the app and loaded only
 * when a builder template is opened (React.lazy), so no other screen carries it.
 */
export default function EmailBuilder({ projectData, html, ref }: EmailBuilderProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the builder is created once per mount; the dialog remounts it for another template
  useEffect(() => {
    const instance = grapesjs.init({
      ...builderConfig(host.current as HTMLElement, {
        projectData: projectData as ProjectData | null,
        html,
      }),
      plugins: [(instance) => newsletter(instance, { showStylesOnChange: true })],
    });
    localiseBlocks(instance);
    installEmailSafeButton(instance);
    editor.current = instance;
    return () => {
      instance.destroy();
      editor.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    exportDesign(options) {
      const instance = editor.current;
      if (!instance) throw new Error('The builder is not ready');
      const body = instance.getHtml();
      const css = instance.getCss() ?? '';
      const html = css ? `${body}<style>${css}</style>` : body;
      return { html: options?.readable ? readableHtml(html) : html, projectData: instance.getProjectData() };
    },
  }));

  return (
    <div className="h-[600px] overflow-hidden rounded-md border" data-testid="email-builder">
      <div ref={host} className="h-full" />
    </div>
  );
}
