// Monaco, bundled by Vite: the API, the editor features, Lua highlighting and the editor worker
// all come from this build. Nothing is fetched from a CDN, so the editor works offline.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/lua/register';

self.MonacoEnvironment = {
  getWorker() {
    return new EditorWorker();
  },
};

loader.config({ monaco });

export { monaco };
