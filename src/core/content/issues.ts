// What the content check reports: an issue names the file and the line.
export interface ContentIssue {
  file: string;
  line: number;
  message: string;
}

export const formatIssue = (i: ContentIssue): string => `${i.file}:${i.line}: ${i.message}`;

/** The issues found so far, in the order found. */
export class Issues {
  list: ContentIssue[] = [];
  add(file: string, line: number, message: string): void {
    this.list.push({ file, line, message });
  }
}
