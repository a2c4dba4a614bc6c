// Saving the scorecard: a file the browser downloads, named by the session's start.
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const stamp = (ms: number): string =>
  new Date(ms).toISOString().slice(0, 16).replace(/[:T]/g, '-');
