import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { screen } from './screen';

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

const page = (C: ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<i>placeholder</i>}>
      <C name="lab" />
    </Suspense>,
  );

describe('screen', () => {
  it('suspends before its code is in, and draws the screen itself once it is', async () => {
    let calls = 0;
    const s = screen(() => {
      calls++;
      return Promise.resolve({ default: Hello });
    });
    expect(page(s.Component)).toContain('placeholder');
    await s.load();
    const html = page(s.Component);
    expect(html).toContain('hello <!-- -->lab');
    expect(html).not.toContain('placeholder');
    await s.load();
    expect(calls).toBe(1);
  });

  it('asks again after a failed download', async () => {
    let fail = true;
    const s = screen<{ name: string }>(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Hello }),
    );
    await expect(s.load()).rejects.toThrow('offline');
    fail = false;
    await s.load();
    expect(page(s.Component)).toContain('hello');
  });
});
