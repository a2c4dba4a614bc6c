// The app takes over from the build-time copy of the first view (src/app/vitePluginFirstView.ts).
// Called in the task of the app's first commit (in a microtask after it, once that commit's
// effects have run: main.tsx), before anything is drawn: what the learner typed into the copy's fields goes into the app's matching fields (as
// input events, so the app's state has it), the focused field keeps the focus, its selection
// and scroll, and the copy is removed. Nothing typed is lost: no key can arrive in between.
import { FIRST_VIEW_ID } from './firstViewId';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field's identity in both copies (React's generated ids differ between them). */
function keyOf(el: Field): string {
  return [
    el.tagName,
    el.getAttribute('data-testid') ?? '',
    el.getAttribute('aria-label') ?? '',
    el.getAttribute('name') ?? '',
    el.className,
  ].join('|');
}

/** The fields of `root` by key, in document order. */
function fields(root: Element): Map<string, Field[]> {
  const out = new Map<string, Field[]>();
  for (const el of root.querySelectorAll<Field>('input, textarea, select')) {
    const k = keyOf(el);
    out.set(k, [...(out.get(k) ?? []), el]);
  }
  return out;
}

// By tag, not by class (instanceof): the unit test runs it on stand-ins without a DOM.
const isSelect = (el: Field): el is HTMLSelectElement => el.tagName === 'SELECT';
const isCheck = (el: Field): el is HTMLInputElement =>
  el.tagName === 'INPUT' && ['checkbox', 'radio'].includes((el as HTMLInputElement).type);

/**
 * The learner changed the copy's field. Not an inert one (the copy's controls wait for the app):
 * a range's value is its default snapped to its step, which is no change of the learner's (and
 * typed into the app's range, it would move the app's state).
 */
function changed(el: Field): boolean {
  if (el.inert) return false;
  if (isSelect(el)) return [...el.options].some((o) => o.selected !== o.defaultSelected);
  if (isCheck(el)) return el.checked !== el.defaultChecked;
  return el.value !== el.defaultValue;
}

/** Sets a field the app controls as typing would: the native setter, then an input event. */
function typeInto(to: Field, from: Field): void {
  if (isCheck(to)) {
    if (to.checked !== (from as HTMLInputElement).checked) to.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(to), 'value')?.set;
  setter?.call(to, from.value);
  to.dispatchEvent(new Event(isSelect(to) ? 'change' : 'input', { bubbles: true }));
}

/** The app's field shows what the copy's field holds. */
function same(to: Field, from: Field): boolean {
  if (isCheck(to)) return to.checked === (from as HTMLInputElement).checked;
  return to.value === from.value;
}

/** How many microtasks the app may take to show the typed text (React renders in one). */
const SETTLE_TRIES = 20;
/** Then how many later tasks, the copy still on the page and taking keys, before giving up. */
const SETTLE_TASKS = 100;

/** The copy's fields matched to the app's: those typed into, and the focused one. */
function pairUp(copy: Element, app: Element, active: Element | null) {
  const from = fields(copy);
  const to = fields(app);
  let focus: { from: Field; to: Field } | null = null;
  const typed: { from: Field; to: Field }[] = [];
  for (const [k, list] of from) {
    const targets = to.get(k) ?? [];
    list.forEach((f, i) => {
      const t = targets[i];
      if (!t) return;
      if (changed(f)) typed.push({ from: f, to: t });
      if (f === active) focus = { from: f, to: t };
    });
  }
  return { typed, focus: focus as { from: Field; to: Field } | null };
}

/**
 * Moves the copy's typed text, focus and selection into `app`, then removes the copy. Call it
 * once the app is live (main.tsx: after its first commit's effects, its stores' subscriptions
 * among them): a field whose state the app does not yet follow is put back by React, and its
 * later render would move the caret to the end. The copy is removed only once every app field
 * shows what its copy holds: until then the copy stays, with the focus, and takes the keys.
 */
export function handOver(
  app: Element,
  doc: Document = document,
  later: (f: () => void) => void = (f) => setTimeout(f, 0),
): void {
  const copy = doc.getElementById(FIRST_VIEW_ID);
  if (!copy) return;
  const finish = () => {
    const { focus: f } = pairUp(copy, app, doc.activeElement);
    if (f) {
      f.to.focus({ preventScroll: true });
      if (!isSelect(f.from) && !isSelect(f.to)) {
        const [from, to] = [f.from as HTMLTextAreaElement, f.to as HTMLTextAreaElement];
        try {
          to.setSelectionRange(
            from.selectionStart,
            from.selectionEnd,
            from.selectionDirection ?? undefined,
          );
        } catch {
          // A field without a text selection (a number input): the focus is enough.
        }
        to.scrollTop = from.scrollTop;
      }
    }
    copy.remove();
  };
  const shown = () => pairUp(copy, app, null).typed.every((p) => same(p.to, p.from));
  // The app's state takes the typed text (as input events: React first puts its old value back,
  // then, the app being live, renders the new one in this task) ...
  const sync = () => {
    for (const p of pairUp(copy, app, null).typed) if (!same(p.to, p.from)) typeInto(p.to, p.from);
  };
  // ... and once its fields show it, the caret goes where it was, in the same task. Should the
  // app take longer, each later task types what the copy then holds (keys may have come) again.
  const settle = (tries: number, tasks: number) => {
    if (shown() || tasks <= 0) finish();
    else if (tries > 0) queueMicrotask(() => settle(tries - 1, tasks));
    else
      later(() => {
        sync();
        settle(SETTLE_TRIES, tasks - 1);
      });
  };
  sync();
  settle(SETTLE_TRIES, SETTLE_TASKS);
}

/** The build-time copy of the first view is on the page (main.tsx waits for the screen then). */
export function hasFirstView(doc: Document = document): boolean {
  return doc.getElementById(FIRST_VIEW_ID) !== null;
}
