// The script's file actions under the editor: reset to the template, undo a replace,
// download and upload a .lua file, a share link, whether it is saved, and the last notice.
import { useRef, useState } from 'react';
import { editorStore } from '../../store/editorStore';
import { DownloadLink } from '../shell/DownloadLink';
import { downloadLua, readLuaFile, shareUrl } from './files';
import { useEditor } from './useEditor';

export function FileActions() {
  const templateId = useEditor((s) => s.templateId);
  const undo = useEditor((s) => s.undo);
  const notice = useEditor((s) => s.notice);
  const saveError = useEditor((s) => s.saveError);
  // Only while a save fails: the download carries the script as it is now.
  const unsaved = useEditor((s) => (s.saveError ? s.draft.source : ''));
  const savedAt = useEditor((s) => s.savedAt);
  const upload = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState<string | null>(null);
  const es = editorStore.getState();
  return (
    <div className="ed-files">
      <div className="row">
        <button
          type="button"
          className="button"
          data-testid="reset"
          onClick={() => es.resetToTemplate()}
        >
          Reset to template
        </button>
        {undo && (
          <button
            type="button"
            className="button"
            data-testid="undo"
            onClick={() => es.undoReplace()}
            title={`Undo: ${undo.reason}`}
          >
            Undo {undo.reason}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="download"
          onClick={() => downloadLua(templateId, editorStore.getState().draft.source)}
        >
          Download .lua
        </button>
        <button
          type="button"
          className="button"
          data-testid="upload"
          onClick={() => upload.current?.click()}
        >
          Upload .lua
        </button>
        <input
          ref={upload}
          type="file"
          accept=".lua,.txt,text/plain,text/x-lua"
          hidden
          data-testid="upload-input"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            const r = await readLuaFile(f);
            const st = editorStore.getState();
            if (!r.ok) st.setNotice({ kind: 'error', text: r.message });
            else {
              // An upload is the learner's own choice: it replaces even when Undo cannot be
              // stored, and says how long Undo lasts then.
              const err = st.replaceDraft(
                { ...st.draft, source: r.source },
                `upload of ${f.name}`,
                true,
              );
              st.setNotice({
                kind: 'info',
                text: err
                  ? `Loaded ${f.name}. Undo brings back what you had until this page closes (${err}).`
                  : `Loaded ${f.name}. Undo brings back what you had.`,
              });
            }
          }}
        />
        <button
          type="button"
          className="button"
          data-testid="share"
          onClick={() => {
            const s = editorStore.getState();
            const url = shareUrl({
              template: s.templateId,
              source: s.draft.source,
              keys: s.draft.keys,
              args: s.draft.args,
              traffic: s.traffic,
              mode: s.mode,
              latencyMs: s.latencyMs,
            });
            setLink(url);
            void navigator.clipboard?.writeText(url).then(
              () =>
                s.setNotice({
                  kind: 'info',
                  text: 'Share link copied: it carries the script, KEYS, ARGV and traffic.',
                }),
              () => s.setNotice({ kind: 'info', text: 'Share link ready below: copy it by hand.' }),
            );
          }}
        >
          Share link
        </button>
        {saveError ? (
          <span className="notice error small ed-saved" role="alert" data-testid="saved">
            Not saved: {saveError}. Your script is still here; download it to keep it.{' '}
            <DownloadLink text={unsaved} name={`${templateId}.lua`} label="Download your script" />
          </span>
        ) : (
          <span className="muted small ed-saved" data-testid="saved">
            {savedAt ? 'Saved in this browser' : 'Autosaves as you type'}
          </span>
        )}
      </div>
      {link && (
        <input
          className="mono ed-link"
          readOnly
          value={link}
          aria-label="Share link"
          data-testid="editor-share-link"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      {notice && (
        <p
          className={`notice ${notice.kind === 'error' ? 'error' : ''}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="notice"
        >
          {notice.text}{' '}
          {notice.download && (
            <DownloadLink
              text={notice.download.text}
              name={notice.download.name}
              label={notice.download.label}
            />
          )}{' '}
          {notice.action && (
            <button type="button" className="button small-button" onClick={notice.action.run}>
              {notice.action.label}
            </button>
          )}{' '}
          <button type="button" className="link-button" onClick={() => es.setNotice(null)}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
