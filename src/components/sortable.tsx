import type { CSSProperties } from 'react';
import { KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconButton } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';

/**
 * Pointer (mouse, finger, pen) after 5 px of movement, so that a tap on a tablet still clicks,
 * and the keyboard (space, arrows, space) for people who do not drag.
 */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** The ids in their new order after a drop, or null when nothing moved. */
export function movedIds<Id extends string | number>(ids: Id[], { active, over }: DragEndEvent): Id[] | null {
  if (!over || active.id === over.id) return null;
  const from = ids.indexOf(active.id as Id);
  const to = ids.indexOf(over.id as Id);
  if (from < 0 || to < 0) return null;
  return arrayMove(ids, from, to);
}

/**
 * One item of a sortable list: the node to move, its style while dragged, and the props of its
 * handle. Only the handle starts a drag, so the rest of the row keeps its clicks and switches.
 */
export function useSortableItem(id: string | number, disabled = false) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : 1,
    position: 'relative',
    zIndex: isDragging ? 2 : 'auto',
  };
  return { setNodeRef, style, handle: { ...attributes, ...listeners }, disabled };
}

/** The grip that drags an item; `label` names the item for screen readers ("Arrastar Massas"). */
export function DragHandle({
  label,
  handle,
  disabled,
}: {
  label: string;
  handle: ReturnType<typeof useSortableItem>['handle'];
  disabled?: boolean;
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      disabled={disabled}
      sx={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none' }}
      onClick={(event) => event.stopPropagation()}
      {...handle}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
}
