// The architecture rules are checked by the linter; this proves the linter really checks them.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('architecture lint rules', () => {
  it('keeps React, the store and real time out of src/core', async () => {
    const msgs = await ruleIds(
      'src/core/limiters/probe.ts',
      [
        "import { prefsStore } from '../../store/prefs';",
        "import React from 'react';",
        'export const x = [prefsStore, React, Date.now(), Math.random(), setTimeout, setInterval, requestAnimationFrame];',
      ].join('\n'),
    );
    expect(msgs.filter((m) => m.startsWith('no-restricted-imports'))).toHaveLength(2);
    expect(msgs.some((m) => m.includes("'Date.now' is restricted"))).toBe(true);
    expect(msgs.some((m) => m.includes("'Math.random' is restricted"))).toBe(true);
    for (const g of ['setTimeout', 'setInterval', 'requestAnimationFrame'])
      expect(msgs.some((m) => m.includes(`'${g}'`))).toBe(true);
  });

  it('allows imports inside core, including a core folder named like a layer', async () => {
    const msgs = await ruleIds(
      'src/core/grading/probe.ts',
      "import { parseDoc } from '../content/parseDoc';\nexport const x = parseDoc;\n",
    );
    expect(msgs.filter((m) => m.startsWith('no-restricted-imports'))).toEqual([]);
  });

  it('stops every layer from importing app, and ui from importing content', async () => {
    const fromUi = await ruleIds(
      'src/ui/lab/probe.ts',
      "import { App } from '../../app/App';\nexport const x = App;\n",
    );
    expect(fromUi.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
    const uiToContent = await ruleIds(
      'src/ui/probe.ts',
      "import { LESSONS } from '../content/library';\nexport const x = LESSONS;\n",
    );
    expect(uiToContent.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
    const storeToUi = await ruleIds(
      'src/store/probe.ts',
      "import { x as y } from '../ui/thing';\nexport const x = y;\n",
    );
    expect(storeToUi.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  });
});
