import type { Task } from '@draw/shared';
import { useEffect, useState } from 'react';
import { fetchTask } from '../feed/feedApi';
import { modalOf } from '../feed/taskView';
import { CustomZoomModal } from './CustomZoomModal';
import { PromptModal } from './PromptModal';
import type { EditorClose } from './editorChoice';
import { RegionModal } from './RegionModal';

/** The parent's image for Vary (Region): from the feed when shown, otherwise read once. */
function useParentImage(
  parentId: string | null,
  known: Task | undefined,
): { url: string | null; failed: boolean } {
  const [fetched, setFetched] = useState<{ id: string; task: Task | null } | null>(null);
  const needsFetch = parentId !== null && !known?.imageUrl;
  useEffect(() => {
    if (!needsFetch || parentId === null) return;
    let live = true;
    fetchTask(parentId)
      .then((task) => live && setFetched({ id: parentId, task }))
      .catch(() => live && setFetched({ id: parentId, task: null }));
    return () => {
      live = false;
    };
  }, [needsFetch, parentId]);
  if (known?.imageUrl) return { url: known.imageUrl, failed: false };
  if (fetched && fetched.id === parentId)
    return { url: fetched.task?.imageUrl ?? null, failed: !fetched.task?.imageUrl };
  return { url: null, failed: parentId === null };
}

export interface TaskEditorProps {
  /** A MODAL task of the current user. */
  task: Task;
  parent: Task | undefined;
  onClose: EditorClose;
}

/** Opens the editor a MODAL task asks for: remix prompt, imagine prompt, custom zoom or region. */
export function TaskEditor({ task, parent, onClose }: TaskEditorProps) {
  const modal = modalOf(task);
  const image = useParentImage(modal?.kind === 'region' ? task.parentId : null, parent);
  if (!modal) return null;
  switch (modal.kind) {
    case 'region':
      return (
        <RegionModal
          task={task}
          imageUrl={image.url}
          imageFailed={image.failed}
          defaultPrompt={modal.defaultPrompt}
          onClose={onClose}
        />
      );
    case 'customZoom':
      return <CustomZoomModal task={task} defaultPrompt={modal.defaultPrompt} onClose={onClose} />;
    case 'remix':
    case 'prompt':
      return (
        <PromptModal task={task} kind={modal.kind} defaultPrompt={modal.defaultPrompt} onClose={onClose} />
      );
  }
}
