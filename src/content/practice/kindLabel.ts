// How the practice pages name a problem's kind (front matter `kind`).
const KIND_LABEL: Record<string, string> = {
  predict: 'Predict',
  configure: 'Configure',
  fix: 'Fix',
  write: 'Write',
  choose: 'Choose',
};

export const kindLabel = (kind: unknown): string => KIND_LABEL[String(kind)] ?? 'Problem';
