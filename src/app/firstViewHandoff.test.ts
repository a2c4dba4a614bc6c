// handOver on stand-ins for the page (the unit tests run without a DOM): a text area that moves
// its caret to the end when its value is set, as a browser's does, in a copy and in an app.
import { describe, expect, it } from 'vitest';
import { handOver } from './firstViewHandoff';
import { FIRST_VIEW_ID } from './firstViewId';

const doc = { activeElement: null as unknown, getElementById: (_id: string): unknown => null };

class Area extends EventTarget {
  readonly tagName: string = 'TEXTAREA';
  className = 'code-fallback';
  inert = false;
  type = 'textarea';
  selectionStart = 0;
  selectionEnd = 0;
  selectionDirection = 'none';
  scrollTop = 0;
  /** Every value set on it (by the hand-over or by the app's render). */
  readonly writes: string[] = [];
  #value: string;
  constructor(
    readonly defaultValue: string,
    readonly attrs: Record<string, string> = { 'aria-label': 'Lua script' },
  ) {
    super();
    this.#value = defaultValue;
  }
  get value(): string {
    return this.#value;
  }
  set value(v: string) {
    this.writes.push(v);
    this.#value = v;
    this.selectionStart = this.selectionEnd = v.length;
  }
  getAttribute(k: string): string | null {
    return this.attrs[k] ?? null;
  }
  focus(): void {
    doc.activeElement = this;
  }
  setSelectionRange(a: number, b: number, d?: string): void {
    this.selectionStart = a;
    this.selectionEnd = b;
    this.selectionDirection = d ?? 'none';
  }
  /** The learner types `text` at the caret. */
  typeText(text: string): void {
    const v = this.#value;
    this.#value = v.slice(0, this.selectionStart) + text + v.slice(this.selectionEnd);
    this.selectionStart = this.selectionEnd = this.selectionStart + text.length;
  }
}

/** A page whose copy holds `copyFields` and whose app holds `appFields`. */
function page(copyFields: Area[], appFields: Area[]) {
  const copy = { removed: false, querySelectorAll: () => copyFields, remove: () => {} };
  copy.remove = () => {
    copy.removed = true;
  };
  doc.getElementById = (id) => (id === FIRST_VIEW_ID && !copy.removed ? copy : null);
  const app = { querySelectorAll: () => appFields };
  const tasks: (() => void)[] = [];
  const run = () =>
    handOver(app as unknown as Element, doc as unknown as Document, (f) => tasks.push(f));
  return { copy, app, tasks, run };
}

/**
 * The app's controlled text area: an input event sets its state; React puts the field's old
 * value back, and its render shows the state (setting the value) at once when `live`, else only
 * when `render()` is called (a store the app does not follow yet).
 */
function controlled(area: Area, live: boolean) {
  let state = area.value;
  const render = () => {
    if (area.value !== state) area.value = state;
  };
  area.addEventListener('input', () => {
    const typed = area.value;
    state = typed;
    if (live) return;
    area.value = area.defaultValue;
  });
  return { render, state: () => state };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const SCRIPT = 'local a = 1\nreturn a\n';

describe('first view: the app takes over from the copy', () => {
  it('a live app gets the typed text, the focus and the caret, and the copy goes', async () => {
    const from = new Area(SCRIPT);
    from.setSelectionRange(5, 5);
    from.focus();
    from.typeText('XY');
    const to = new Area(SCRIPT);
    controlled(to, true);
    const p = page([from], [to]);
    p.run();
    await flush();
    expect(p.copy.removed).toBe(true);
    expect(to.value).toBe('localXY a = 1\nreturn a\n');
    expect(doc.activeElement).toBe(to);
    expect([to.selectionStart, to.selectionEnd]).toEqual([7, 7]);
    expect(p.tasks).toEqual([]);
  });

  it('keeps the copy (focus and keys) until the app shows the text, then puts the caret', async () => {
    const from = new Area(SCRIPT);
    from.setSelectionRange(5, 5);
    from.focus();
    from.typeText('XY');
    const to = new Area(SCRIPT);
    const app = controlled(to, false);
    const p = page([from], [to]);
    p.run();
    await flush();
    // React put the old text back: the copy stays, with the focus and the caret.
    expect(to.value).toBe(SCRIPT);
    expect(app.state()).toBe('localXY a = 1\nreturn a\n');
    expect(p.copy.removed).toBe(false);
    expect(doc.activeElement).toBe(from);
    // A key comes meanwhile (into the copy); the app follows its store a task later.
    from.typeText('Z');
    app.render();
    p.tasks.shift()!();
    await flush();
    // The task typed the copy's newer text again; the app shows it once it renders.
    expect(p.copy.removed).toBe(false);
    app.render();
    p.tasks.shift()!();
    await flush();
    expect(p.copy.removed).toBe(true);
    expect(to.value).toBe('localXYZ a = 1\nreturn a\n');
    expect(doc.activeElement).toBe(to);
    expect([to.selectionStart, to.selectionEnd]).toEqual([8, 8]);
    // Nothing sets the text after the caret is placed: a render now changes nothing.
    const writes = to.writes.length;
    app.render();
    expect(to.writes.length).toBe(writes);
    expect(to.selectionStart).toBe(8);
  });

  it('gives up waiting after a while (the copy never stays for good)', async () => {
    const from = new Area(SCRIPT);
    from.focus();
    from.typeText('X');
    const to = new Area(SCRIPT);
    controlled(to, false);
    const p = page([from], [to]);
    p.run();
    for (let i = 0; i < 1000 && !p.copy.removed; i++) {
      await flush();
      p.tasks.shift()?.();
    }
    expect(p.copy.removed).toBe(true);
    expect(doc.activeElement).toBe(to);
  });

  it('leaves the app’s inert controls alone (a range snapped to its step is no change)', async () => {
    const range = new Area('-0.30103', { 'aria-label': 'Speed' });
    Object.assign(range, { inert: true, tagName: 'INPUT', type: 'range' });
    // The copy's range shows its default snapped to the step.
    Object.defineProperty(range, 'value', { value: '-0.3' });
    const appRange = new Area('-0.30103', { 'aria-label': 'Speed' });
    Object.assign(appRange, { tagName: 'INPUT', type: 'range' });
    let inputs = 0;
    appRange.addEventListener('input', () => inputs++);
    const p = page([range], [appRange]);
    p.run();
    await flush();
    expect(inputs).toBe(0);
    expect(appRange.writes).toEqual([]);
    expect(p.copy.removed).toBe(true);
  });

  it('does nothing without a copy', () => {
    doc.getElementById = () => null;
    const to = new Area(SCRIPT);
    handOver({ querySelectorAll: () => [to] } as unknown as Element, doc as unknown as Document);
    expect(to.writes).toEqual([]);
  });
});
