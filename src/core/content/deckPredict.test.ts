import { describe, expect, it } from 'vitest';
import { parseDeck } from './deck';
import { deckPredictOf, deckQuestion, roomSentence } from './deckPredict';

const SCENARIO =
  '```scenario two\n{"algorithm": "fixed-window", "params": {"limit": 3, "windowSeconds": 60}, "placement": "local", "servers": 2,\n "requests": [{"at": 0, "server": "A"}, {"at": 10, "server": "B"}, {"at": 20, "server": "A"}, {"at": 30, "server": "B"}, {"at": 40, "server": "A"}],\n "compare": {"placement": "shared"}}\n```\n';

describe('which deck steps ask, and what', () => {
  const d = parseDeck(
    'lessons/decks/d.md',
    `---\ntitle: T\n---\n\n${SCENARIO}\n## Caption only\ncaption: All 5 get through.\n\n## No outcome\nload: two\ncaption: Two servers take turns.\n\n## Outcome\ntime: 45\ncaption: All five got through: it admits 5.\n\n## Highlight right\nhighlight: request 4 right\ncaption: Request 4 gets a 429.\n\n## Said\npredict: first-refused right\ncaption: Request 4 is refused.\n\n## Said, plain words\npredict: admitted\ncaption: All five got in.\n`,
  );
  it('asks on a scene step whose caption states an outcome, about the highlighted lane', () => {
    expect(d.problems).toEqual([]);
    expect(d.steps.map(deckPredictOf)).toEqual([
      null,
      null,
      { ask: 'admitted', lane: 1 },
      { ask: 'admitted', lane: 2 },
      { ask: 'first-refused', lane: 2 },
      { ask: 'admitted', lane: 1 },
    ]);
  });
  it('words the question from the decided requests and the lane title', () => {
    const dec = { answer: 3, at: 40, total: 5 };
    expect(deckQuestion({ ask: 'admitted', lane: 1 }, dec, null)).toBe(
      'How many of these 5 requests get through?',
    );
    expect(deckQuestion({ ask: 'admitted', lane: 1 }, { ...dec, total: 1 }, null)).toBe(
      'Does this one request get through? (1 for yes, 0 for no)',
    );
    expect(deckQuestion({ ask: 'first-refused', lane: 2 }, dec, 'Shared counter')).toBe(
      'Which request is refused first in the Shared counter lane?',
    );
  });
});

describe('roomSentence', () => {
  const dec = { answer: 4, at: 30, total: 5 };
  it("counts the right answers among the room's, then says what happened", () => {
    expect(roomSentence({ ask: 'first-refused', lane: 2 }, [4, 4, 5, 'four'], dec)).toEqual({
      right: 2,
      text: '2 of 4 answers were right: request 4 was refused first.',
    });
    expect(roomSentence({ ask: 'admitted', lane: 1 }, [4], dec).text).toBe(
      'The one answer was right: 4 requests of 5 got through.',
    );
    expect(roomSentence({ ask: 'admitted', lane: 1 }, [], dec).text).toBe(
      'Nobody answered. 4 requests of 5 got through.',
    );
  });
});
