// The Monaco features the lab's Lua editor uses, and no others: Monaco's whole feature set
// (`monaco-editor/features/register.all`: diff editor, colour picker, code lens, inline
// completions, the command palette and some forty more) is about three times the editor's code.
// Each line adds one editor contribution; the core (typing, selection, undo, scrolling,
// markers' squiggles) comes with the editor API itself.
import 'monaco-editor/features/codicon/register'; // the icons of the widgets below
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'; // completion
import 'monaco-editor/features/snippet/register'; // completions inserted as snippets
import 'monaco-editor/features/hover/register'; // hover help, and the problems' messages
import 'monaco-editor/features/parameterHints/register'; // redis.call's arguments as you type
import 'monaco-editor/features/gotoError/register'; // F8: next problem
import 'monaco-editor/features/find/register'; // Ctrl+F, Ctrl+H
import 'monaco-editor/features/comment/register'; // Ctrl+/
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/linesOperations/register'; // move, copy, delete lines; indent
import 'monaco-editor/features/wordOperations/register'; // Ctrl+Left/Right, Ctrl+Backspace
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/readOnlyMessage/register'; // "cannot edit" on a read-only editor
import 'monaco-editor/features/toggleTabFocusMode/register'; // Ctrl+M: Tab leaves the editor
