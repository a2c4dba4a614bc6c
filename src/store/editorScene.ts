// The editor's scene has a lab store of its own: running a script never touches the lab
// screen's scenario (nor window.rateLab's), and leaving the editor gives nothing back.
import { createLabStore } from './labStore';

export const editorLab = createLabStore({ lanes: false, playing: false });
