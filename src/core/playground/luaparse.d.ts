// Minimal types for luaparse 0.3 (the package ships none): only what lint.ts uses.
declare module 'luaparse' {
  export interface Position {
    line: number;
    column: number;
  }
  export interface Node {
    type: string;
    loc?: { start: Position; end: Position };
    range?: [number, number];
    [key: string]: unknown;
  }
  export interface ParseOptions {
    luaVersion?: '5.1' | '5.2' | '5.3' | 'LuaJIT';
    locations?: boolean;
    ranges?: boolean;
    scope?: boolean;
    comments?: boolean;
    wait?: boolean;
    onCreateNode?: (node: Node) => void;
    /** With `scope`: a block, function or loop opens a scope; its end closes it. */
    onCreateScope?: () => void;
    onDestroyScope?: () => void;
    /** With `scope`: a local is declared (after its `local` statement's values). */
    onLocalDeclaration?: (name: string) => void;
  }
  export interface LuaParseError extends SyntaxError {
    index: number;
    line: number;
    column: number;
  }
  export function parse(code: string, options?: ParseOptions): Node;
  const luaparse: { parse: typeof parse };
  export default luaparse;
}
