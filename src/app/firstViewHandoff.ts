// The app takes over from the build-time copy of the first view (src/app/vitePluginFirstView.ts).
// Called in the task of the app's first commit (in a microtask after it), before anything is
// drawn: what the learner typed into the copy's fields goes into the app's matching fields (as
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

function changed(el: Field): boolean {
  if (el instanceof HTMLSelectElement)
    return [...el.options].some((o) => o.selected !== o.defaultSelected);
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
    return el.checked !== el.defaultChecked;
  return el.value !== el.defaultValue;
}

/** Sets a field the app controls as typing would: the native setter, then an input event. */
function typeInto(to: Field, from: Field): void {
  if (to instanceof HTMLInputElement && (to.type === 'checkbox' || to.type === 'radio')) {
    if (to.checked !== (from as HTMLInputElement).checked) to.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(to), 'value')?.set;
  setter?.call(to, from.value);
  to.dispatchEvent(
    new Event(to instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

/** The app's field shows what the copy's field holds. */
function same(to: Field, from: Field): boolean {
  if (to instanceof HTMLInputElement && (to.type === 'checkbox' || to.type === 'radio'))
    return to.checked === (from as HTMLInputElement).checked;
  return to.value === from.value;
}

/** How many microtasks the app may take to show the typed text (React renders in one). */
const SETTLE_TRIES = 20;

/** Moves the copy's typed text, focus and selection into `app`, then removes the copy. */
export function handOver(app: Element, doc: Document = document): void {
  const copy = doc.getElementById(FIRST_VIEW_ID);
  if (!copy) return;
  const from = fields(copy);
  const to = fields(app);
  const active = doc.activeElement;
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
  // The app's state takes the typed text (React first puts its old value back, then renders
  // the new one in a microtask of this task) ...
  for (const p of typed) typeInto(p.to, p.from);
  // ... and once its fields show it, the caret goes where it was. No key can arrive before.
  const settle = (tries: number) => {
    if (tries > 0 && typed.some((p) => !same(p.to, p.from))) {
      queueMicrotask(() => settle(tries - 1));
      return;
    }
    const f = focus as { from: Field; to: Field } | null;
    if (f) {
      f.to.focus({ preventScroll: true });
      if (!(f.from instanceof HTMLSelectElement) && !(f.to instanceof HTMLSelectElement)) {
        try {
          f.to.setSelectionRange(
            f.from.selectionStart,
            f.from.selectionEnd,
            f.from.selectionDirection ?? undefined,
          );
        } catch {
          // A field without a text selection (a number input): the focus is enough.
        }
        f.to.scrollTop = f.from.scrollTop;
      }
    }
    copy.remove();
  };
  settle(SETTLE_TRIES);
}

/** The build-time copy of the first view is on the page (main.tsx waits for the screen then). */
export function hasFirstView(doc: Document = document): boolean {
  return doc.getElementById(FIRST_VIEW_ID) !== null;
}
