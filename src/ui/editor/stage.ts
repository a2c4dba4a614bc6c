// The editor's stage: its own lab store (src/store/editorScene.ts), drawn by the lab's scene.
import { editorLab } from '../../store/editorScene';
import { createStage } from '../lab/useLab';

export const editorStage = createStage(editorLab);
