import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

// Raw HTML is off: lesson text is Markdown only, so rendering it cannot inject markup.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => md.render(text), [text]);
  return <div className={className ?? 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function renderInline(text: string): string {
  return md.renderInline(text);
}
