// The Lua templates' ids, apart from the scripts (templates.ts), so the lesson check can tell a
// template id from a typo without bringing every script into a page's bundle.
export const TEMPLATE_IDS = [
  'token-bucket',
  'fixed-window',
  'sliding-log',
  'sliding-window-counter',
  'gcra',
  'leaky-bucket',
  'concurrency',
  'multi-bucket',
  'get-then-set',
] as const;

export type TemplateId = (typeof TEMPLATE_IDS)[number];

export const isTemplateId = (id: unknown): id is TemplateId =>
  (TEMPLATE_IDS as readonly unknown[]).includes(id);
