import { describe, expect, it } from 'vitest';
import { lessonDeck } from './lessonDeck';
import { parseDoc } from './parseDoc';

const LAB =
  '```lab\n{"title":"Two lanes","algorithm":"fixed-window","params":{"limit":1,"windowSeconds":10},"requests":[{"at":0},{"at":1}],"compare":{"placement":"shared"}}\n```';

describe('lessonDeck', () => {
  it('turns each narrated step into a scene step on the lab it narrates', () => {
    const doc = parseDoc(
      'lessons/x.md',
      `---\ntitle: X\n---\n\nText.\n\n${LAB}\n\n\`\`\`steps\n{"title":"Walk","steps":[{"at":0,"caption":"First."},{"at":1,"caption":"Second.","request":2,"lane":2}]}\n\`\`\`\n`,
    );
    const deck = lessonDeck({ file: doc.file, slug: 'x', title: 'X', blocks: doc.blocks });
    expect(deck.slug).toBe('lesson-x');
    expect(deck.problems).toEqual([]);
    expect(deck.scenarios.map((s) => s.id)).toEqual(['lab-1']);
    expect(deck.steps.map((s) => s.caption)).toEqual(['First.', 'Second.']);
    expect(deck.steps[0]!.title).toBe('Walk (1 of 2)');
    expect(deck.steps[1]!.view).toEqual({
      kind: 'scene',
      scenario: 'lab-1',
      time: 1,
      highlight: { kind: 'request', request: 2, lane: 2 },
    });
  });

  it("carries a step's own predict to the projector", () => {
    const doc = parseDoc(
      'lessons/x.md',
      `---\ntitle: X\n---\n\n${LAB}\n\n\`\`\`steps\n{"steps":[{"at":0,"caption":"Takes a token.","predict":"admitted"},{"at":1,"caption":"Second.","request":2,"lane":2,"predict":"admitted"}]}\n\`\`\`\n`,
    );
    const deck = lessonDeck({ file: doc.file, slug: 'x', title: 'X', blocks: doc.blocks });
    expect(deck.steps.map((s) => s.predict)).toEqual([
      { ask: 'admitted', lane: 1 },
      { ask: 'admitted', lane: 2 },
    ]);
  });

  it('presents each lab once when the lesson has no narrated steps', () => {
    const doc = parseDoc('lessons/y.md', `---\ntitle: Y\n---\n\n${LAB}\n\n${LAB}\n`);
    const deck = lessonDeck({ file: doc.file, slug: 'y', title: 'Y', blocks: doc.blocks });
    expect(deck.steps).toHaveLength(2);
    expect(deck.steps.map((s) => s.view.kind === 'scene' && s.view.scenario)).toEqual([
      'lab-1',
      'lab-2',
    ]);
    expect(deck.steps[0]!.title).toBe('Two lanes');
  });

  it('has no steps for a lesson with no lab', () => {
    const doc = parseDoc('lessons/z.md', `---\ntitle: Z\n---\n\nJust text.\n`);
    expect(lessonDeck({ file: doc.file, slug: 'z', title: 'Z', blocks: doc.blocks }).steps).toEqual(
      [],
    );
  });
});
