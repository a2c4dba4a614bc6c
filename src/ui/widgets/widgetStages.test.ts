import { describe, expect, it } from 'vitest';
import { createLabStore } from '../../store/labStore';
import { createStage } from '../lab/useLab';
import { registerWidgetStage, showStep, stepCaptionOf } from './widgetStages';

describe("a narrated step's caption", () => {
  it('goes with the widget that showed it, not to the next page’s widget of the same id', () => {
    const first = createStage(createLabStore());
    const off = registerWidgetStage('lab-1', first);
    expect(
      showStep('lab-1', { at: 2, request: 3, caption: 'Request 3', label: 'Step 3 of 6' }),
    ).toBe(true);
    expect(stepCaptionOf('lab-1')).toEqual({ label: 'Step 3 of 6', text: 'Request 3' });
    // The lesson changes: its widget unmounts, the next lesson's first widget takes `lab-1`.
    off();
    const next = createStage(createLabStore());
    registerWidgetStage('lab-1', next);
    expect(stepCaptionOf('lab-1')).toBeNull();
  });
});
