import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

// Raw HTML is off: lesson text is Markdown only, so rendering it cannot inject markup.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

/**
 * Lessons link to each other as files (`fixed-window.md`, `practice/foo.md`) so they read well
 * on GitHub too; in the app those become hash routes. External links open in a new tab.
 */
export function rewriteHref(href: string): string {
  const m = /^(?:\.\/)?(?:\.\.\/)?(practice\/)?([a-z0-9][\w-]*)\.md(#.*)?$/.exec(href);
  if (!m) return href;
  return `#/${m[1] ? 'practice' : 'lessons'}/${m[2]}`;
}

const defaultLink =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const t = tokens[idx]!;
  const href = t.attrGet('href');
  if (typeof href === 'string' && href) {
    const to = rewriteHref(href);
    t.attrSet('href', to);
    if (/^https?:/i.test(to)) {
      t.attrSet('target', '_blank');
      t.attrSet('rel', 'noopener noreferrer');
    }
  }
  return defaultLink(tokens, idx, options, env, self);
};

// Wide tables scroll inside a wrapper instead of widening the page. Whatever can scroll is
// focusable, so it can be scrolled from the keyboard too (axe: scrollable-region-focusable).
md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';
const defaultFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, idx, options, env, self) =>
  defaultFence(tokens, idx, options, env, self).replace(/^<pre>/, '<pre tabindex="0">');

export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => md.render(text), [text]);
  return <div className={className ?? 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function renderInline(text: string): string {
  return md.renderInline(text);
}

/** Inline Markdown (a choice, a label) as a span. */
export function InlineMarkdown({ text }: { text: string }) {
  const html = useMemo(() => md.renderInline(text), [text]);
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}
