// The lesson library: every Markdown file under lessons/, parsed once with the shared parser.
import { parseDoc, type ParsedDoc } from '../core/content/parseDoc';

const lessonSources = import.meta.glob('../../lessons/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const practiceSources = import.meta.glob('../../lessons/practice/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const indexFiles = import.meta.glob('../../lessons/index.json', {
  import: 'default',
  eager: true,
}) as Record<string, { lessons?: string[]; practice?: string[] }>;

export interface Doc extends ParsedDoc {
  slug: string;
  title: string;
  order: number;
  objectives: string[];
}

function toDocs(sources: Record<string, string>, dir: string): Doc[] {
  return Object.entries(sources).map(([path, text]) => {
    const file = `${dir}/${path.split('/').pop()}`;
    const parsed = parseDoc(file, text);
    const slug = String(parsed.front.slug ?? file.replace(/^.*\//, '').replace(/\.md$/, ''));
    const objectives = Array.isArray(parsed.front.objectives) ? parsed.front.objectives.map(String) : [];
    return {
      ...parsed,
      slug,
      title: String(parsed.front.title ?? slug),
      order: Number(parsed.front.order ?? 999),
      objectives,
    };
  });
}

function ordered(docs: Doc[], order: string[] | undefined): Doc[] {
  const pos = new Map((order ?? []).map((s, i) => [s, i]));
  return [...docs].sort(
    (a, b) => (pos.get(a.slug) ?? 1e6 + a.order) - (pos.get(b.slug) ?? 1e6 + b.order) || a.slug.localeCompare(b.slug),
  );
}

const index = Object.values(indexFiles)[0] ?? {};
export const LESSONS: Doc[] = ordered(toDocs(lessonSources, 'lessons').filter((d) => d.slug !== 'interview' && !d.file.endsWith('SEED-MAP.md')), index.lessons);
export const PROBLEMS: Doc[] = ordered(toDocs(practiceSources, 'lessons/practice'), index.practice);
export const INTERVIEW_SOURCE: string | undefined = Object.entries(lessonSources).find(([p]) =>
  p.endsWith('/interview.md'),
)?.[1];
