// A Delete button that asks first: it opens a confirmation dialog that performs the deletion.
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { IconButton } from './IconButton.tsx';

/** "Delete", then a ConfirmDialog with these props; `onDone` runs once the deletion succeeded. */
export function ConfirmDeleteButton({
  onDone,
  ...dialog
}: Omit<ComponentProps<typeof ConfirmDialog>, 'onCancel'>) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <IconButton icon="trash" iconSize={14} variant="ghost-danger" onClick={() => setAsking(true)}>
        Delete
      </IconButton>
      {asking && (
        <ConfirmDialog
          {...dialog}
          onDone={() => {
            setAsking(false);
            onDone();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
