// A test id as a CSS selector, for the few checks that hand a selector to code running inside
// the page (page.evaluate) or to another library (axe). Specs pass a page object's id to it.
export function testIdCss(id: string): string {
  return `[data-testid="${id}"]`;
}
