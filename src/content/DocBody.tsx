import { Suspense, use } from 'react';
import type { Block } from '../core/content/parseDoc';
import { Markdown } from '../ui/widgets/Markdown';
import { widgetOf } from './widgets';
import type { DirectiveWidgetModule, DirectiveWidgetProps } from './widgets/types';
import type { LazyModule } from '../ui/shell/lazyModule';

/**
 * Renders a lesson's blocks: Markdown runs and the widgets its directives ask for (the map from
 * directive to widget is ./widgets). Lab widgets get ids `lab-1`, `lab-2`, ... so links
 * (interview mode) can point at one, and questions `q-1`, `q-2`, ...; in a lesson (`lesson`
 * given) a missed question joins the review queue. The body waits (Suspense) until every widget
 * it shows has loaded, so it appears whole and a link to `?lab=2` finds its widget.
 */
export function DocBody({
  blocks,
  only,
  lesson,
  lessonTitle,
}: {
  blocks: Block[];
  only?: readonly string[];
  lesson?: string;
  lessonTitle?: string;
}) {
  const shown = (b: Block) => b.kind === 'directive' && (!only || only.includes(b.name));
  const needed = [
    ...new Set(blocks.flatMap((b) => (b.kind === 'directive' && shown(b) ? [b.name] : []))),
  ].flatMap((name) => widgetOf(name) ?? []);
  for (const w of needed) void w.load().catch(() => undefined); // all at once
  for (const w of needed) if (!w.loaded()) use(w.load());
  const total: Record<string, number> = {};
  for (const b of blocks) if (b.kind === 'directive') total[b.name] = (total[b.name] ?? 0) + 1;
  const seen: Record<string, number> = {};
  return (
    <>
      {blocks.map((b, i) => {
        if (b.kind === 'markdown') return <Markdown key={i} text={b.text} />;
        if (!shown(b)) return null;
        const entry = widgetOf(b.name);
        if (!entry) return null;
        seen[b.name] = (seen[b.name] ?? 0) + 1;
        const props: DirectiveWidgetProps = {
          block: b,
          blocks,
          index: i,
          n: seen[b.name]!,
          total: total[b.name]!,
          lesson: lesson ? { slug: lesson, title: lessonTitle ?? lesson } : undefined,
        };
        const Widget = entry.loaded()?.default;
        if (Widget) return <Widget key={i} {...props} />;
        // Not loaded by now (the wait above should have seen to it): a block is never dropped,
        // it waits for its own widget instead.
        return (
          <Suspense key={i} fallback={null}>
            <LateWidget entry={entry} props={props} />
          </Suspense>
        );
      })}
    </>
  );
}

function LateWidget({
  entry,
  props,
}: {
  entry: LazyModule<DirectiveWidgetModule>;
  props: DirectiveWidgetProps;
}) {
  const Widget = use(entry.load()).default;
  return <Widget {...props} />;
}
