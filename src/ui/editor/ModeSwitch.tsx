// Run the Lua as one atomic script (EVALSHA) or as app-server code (a round trip per call).
import { editorStore } from '../../store/editorStore';
import { runEditor } from './runController';
import { useEditor } from './useEditor';

export function ModeSwitch() {
  const mode = useEditor((s) => s.mode);
  const set = (m: 'script' | 'app') => {
    editorStore.getState().setMode(m);
    void runEditor();
  };
  return (
    <div className="ed-mode" role="radiogroup" aria-label="Run the Lua as">
      <button
        type="button"
        role="radio"
        aria-checked={mode === 'script'}
        data-testid="mode-script"
        onClick={() => set('script')}
      >
        Atomic script <small>EVALSHA</small>
      </button>
      <button
        type="button"
        role="radio"
        aria-checked={mode === 'app'}
        data-testid="mode-app"
        onClick={() => set('app')}
      >
        App-server code <small>each call a round trip</small>
      </button>
    </div>
  );
}
