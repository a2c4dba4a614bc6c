// Runs the content check (src/core/content/check.ts) when a build starts, so a malformed
// lesson directive fails `vite build` with file:line instead of failing a learner. In the dev
// server the same issues are printed (and re-checked when a lesson changes) without stopping it.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { checkContent, formatIssue } from '../core/content/check';
import { loadContentFiles } from '../core/content/loadFiles';
import { getLimiterFactory } from '../core/limiters/registry';
import { installLuaLimiter } from '../core/lua/luaLimiter';

export function lessonsCheck(options: { root?: string } = {}): Plugin {
  let root = options.root ?? process.cwd();
  let serving = false;
  const run = (): string[] => checkContent(loadContentFiles(root)).map(formatIssue);
  return {
    name: 'rate-lab:lessons-check',
    configResolved(config) {
      root = options.root ?? config.root;
      serving = config.command === 'serve';
    },
    async buildStart() {
      // Lessons may run `algorithm: "lua"`: load the engine so its params are validated too.
      if (!getLimiterFactory('lua')) await installLuaLimiter().catch(() => undefined);
      for (const dir of ['lessons', 'lessons/practice', 'lessons/interview', 'lessons/decks'])
        this.addWatchFile(resolve(root, dir));
      const issues = run();
      if (issues.length === 0) return;
      const text = `The lessons have ${issues.length} problem(s):\n${issues.map((i) => `  ${i}`).join('\n')}`;
      if (serving) this.warn(text);
      else this.error(text);
    },
    handleHotUpdate(ctx) {
      if (!/[\\/]lessons[\\/]/.test(ctx.file)) return;
      const issues = run();
      if (issues.length)
        ctx.server.config.logger.warn(issues.map((i) => `lessons: ${i}`).join('\n'));
    },
  };
}
